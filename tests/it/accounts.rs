//! Accounts, sessions, profiles and their rules, against the real server.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

/// Sends a body with one field changed and expects that field's message.
async fn expect_field_error(
    app: &TestApp,
    path: &str,
    base: &Value,
    field: &str,
    value: Value,
    msg: &str,
) {
    let mut body = base.clone();
    body[field] = value;
    let res = app.post(&app.client(), path, body).await;
    let (status, json) = message_of(res).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{field}: {json}");
    assert_eq!(json["errors"][field], msg, "{field}: {json}");
}

#[tokio::test]
async fn student_signup_enforces_every_rule_with_specs_messages() {
    let app = spawn_app().await;
    let base = student_body("rules@school.example");
    let rows: Vec<(&str, Value, &str)> = vec![
        ("firstName", json!(""), "First name is required"),
        ("firstName", json!("   "), "First name is required"),
        ("lastName", json!(""), "Last name is required"),
        ("email", json!("not-an-email"), "Valid email required"),
        ("email", json!(""), "Valid email required"),
        (
            "password",
            json!("12345"),
            "Password must be at least 6 characters",
        ),
        ("grade", json!(""), "Grade level is required"),
        ("grade", json!("kindergarten"), "Grade level is required"),
        ("school", json!(""), "School name is required"),
        (
            "interests",
            json!([]),
            "Please select at least one interest",
        ),
        (
            "firstName",
            json!("x".repeat(100_000)),
            "Must be at most 100 characters",
        ),
    ];
    for (field, value, msg) in rows {
        expect_field_error(&app, "/api/users", &base, field, value, msg).await;
    }
    // A 1 MB first name is refused before it is even parsed, and nothing is stored.
    let mut huge = base.clone();
    huge["firstName"] = json!("x".repeat(1_000_000));
    let (status, body) = message_of(app.post(&app.client(), "/api/users", huge).await).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(body["message"].is_string());
    let res = app
        .student_login(&app.client(), "rules@school.example", "secret1")
        .await;
    assert_eq!(
        res.status(),
        StatusCode::UNAUTHORIZED,
        "no account was created"
    );
}

#[tokio::test]
async fn employer_signup_enforces_every_rule_with_specs_messages() {
    let app = spawn_app().await;
    let base = employer_body("rules@acme.example");
    let rows: Vec<(&str, Value, &str)> = vec![
        ("firstName", json!(""), "First name is required"),
        ("lastName", json!(""), "Last name is required"),
        ("email", json!("nope"), "Valid email required"),
        (
            "password",
            json!("short12"),
            "Password must be at least 8 characters",
        ),
        ("company", json!(""), "Company name is required"),
        ("position", json!(""), "Your position is required"),
        ("companySize", json!(""), "Company size is required"),
        (
            "companySize",
            json!("a million"),
            "Company size is required",
        ),
        ("industry", json!(""), "Industry is required"),
        ("website", json!("not a url"), "Valid website URL required"),
        ("address", json!(""), "Company address is required"),
        (
            "companyDescription",
            json!("too short"),
            "Company description must be at least 50 characters",
        ),
    ];
    for (field, value, msg) in rows {
        expect_field_error(&app, "/api/employers", &base, field, value, msg).await;
    }
    // An empty website is allowed.
    let mut ok = base.clone();
    ok["website"] = json!("");
    assert_eq!(
        app.post(&app.client(), "/api/employers", ok).await.status(),
        StatusCode::CREATED
    );
}

#[tokio::test]
async fn signup_answers_the_user_without_any_password() {
    let app = spawn_app().await;
    let (c, user) = app.signup_student("sam@school.example").await;
    assert_eq!(user["userType"], "student");
    assert_eq!(user["firstName"], "Sam");
    assert_eq!(user["company"], Value::Null);
    assert_eq!(user["interests"], json!(["technology"]));
    let text = user.to_string();
    assert!(
        !text.contains("password") && !text.contains("argon2"),
        "{text}"
    );
    let me: Value = app.get(&c, "/api/auth/user").await.json().await.unwrap();
    assert_eq!(me["id"], user["id"]);
}

#[tokio::test]
async fn interests_are_checked_against_the_option_sets_case_insensitively() {
    let app = spawn_app().await;
    let mut body = student_body("caps@school.example");
    body["interests"] = json!(["Technology", "MEDIA & COMMUNICATIONS", "Arts"]);
    let res = app.post(&app.client(), "/api/users", body.clone()).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let user: Value = res.json().await.unwrap();
    assert_eq!(user["interests"], json!(["technology", "media", "arts"]));
    body["email"] = json!("odd@school.example");
    body["interests"] = json!(["Underwater basket weaving"]);
    let (status, json) = message_of(app.post(&app.client(), "/api/users", body).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        json["errors"]["interests"]
            .as_str()
            .unwrap()
            .starts_with("Unknown interest")
    );
}

#[tokio::test]
async fn a_duplicate_email_is_refused_case_insensitively() {
    let app = spawn_app().await;
    app.signup_student("dup@school.example").await;
    let res = app
        .post(
            &app.client(),
            "/api/users",
            student_body("DUP@School.example"),
        )
        .await;
    let (status, body) = message_of(res).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(body["message"].as_str().unwrap().contains("already exists"));
    let res = app
        .post(
            &app.client(),
            "/api/employers",
            employer_body("dup@school.example"),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
}

#[tokio::test]
async fn sign_in_and_sign_out_end_the_session_on_the_server() {
    let app = spawn_app().await;
    app.signup_student("in@school.example").await;
    let c = app.client();
    let creds = json!({"email": "in@school.example", "password": "secret1"});
    let res = app.post(&c, "/api/student-login", creds).await;
    assert_eq!(res.status(), StatusCode::OK);
    let cookie = res.headers()["set-cookie"].to_str().unwrap().to_string();
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"),
        "{cookie}"
    );
    let token = cookie.split(';').next().unwrap().to_string();
    // Signed-in requests are answered from the session cache (src/auth.rs) once warm.
    for _ in 0..2 {
        assert_eq!(app.get(&c, "/api/auth/user").await.status(), StatusCode::OK);
    }

    let res = app.post(&c, "/api/logout", json!({})).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        app.get(&c, "/api/auth/user").await.status(),
        StatusCode::UNAUTHORIZED
    );

    // The old cookie, replayed, no longer works.
    let replay = app.client();
    let res = replay
        .get(app.url("/api/auth/user"))
        .header("cookie", token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
}

/// Sessions slide: used a day after they were last extended, they are extended to 30 days
/// again; past their end they are refused. Checked with the session cache warm.
#[tokio::test]
async fn sessions_slide_and_end() {
    use internreel::auth::SESSION_TTL_MS;
    use internreel::clock::{DAY_MS, now_ms};
    use internreel::store::sessions;
    use sha2::{Digest, Sha256};

    let app = spawn_app().await;
    app.signup_student("slide@school.example").await;
    let res = app
        .student_login(&app.client(), "slide@school.example", "secret1")
        .await;
    let cookie = res.headers()["set-cookie"].to_str().unwrap().to_string();
    let pair = cookie.split(';').next().unwrap().to_string();
    let hash: [u8; 32] = Sha256::digest(pair.split('=').nth(1).unwrap().as_bytes()).into();
    let expires = || {
        let r = app.state.store().read().unwrap();
        sessions::get(&r, &hash).unwrap().unwrap().expires_at
    };
    let set_expiry = |at: i64| {
        app.state
            .store()
            .write(|w| {
                let mut s = sessions::get(w, &hash)?.unwrap();
                s.expires_at = at;
                sessions::put(w, &hash, &s)
            })
            .unwrap();
    };
    let me = async || {
        app.client()
            .get(app.url("/api/auth/user"))
            .header("cookie", pair.clone())
            .send()
            .await
            .unwrap()
            .status()
    };

    // Last extended two days ago: this request extends it.
    set_expiry(now_ms() + SESSION_TTL_MS - 2 * DAY_MS);
    assert_eq!(me().await, StatusCode::OK);
    assert!(expires() > now_ms() + SESSION_TTL_MS - DAY_MS / 2);
    // Extended an hour ago: left alone (reads do not all become writes).
    let recent = now_ms() + SESSION_TTL_MS - DAY_MS / 24;
    set_expiry(recent);
    for _ in 0..2 {
        assert_eq!(me().await, StatusCode::OK);
    }
    assert_eq!(expires(), recent);
    // Ended: refused.
    set_expiry(now_ms() - 1);
    assert_eq!(me().await, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn every_sign_in_issues_a_new_token() {
    let app = spawn_app().await;
    app.signup_student("tok@school.example").await;
    let creds = json!({"email": "tok@school.example", "password": "secret1"});
    let a = app
        .post(&app.client(), "/api/student-login", creds.clone())
        .await;
    let b = app.post(&app.client(), "/api/student-login", creds).await;
    assert_ne!(a.headers()["set-cookie"], b.headers()["set-cookie"]);
}

#[tokio::test]
async fn wrong_credentials_and_wrong_roles_are_refused() {
    let app = spawn_app().await;
    app.signup_student("stu@school.example").await;
    app.signup_employer("emp@acme.example").await;
    let c = app.client();
    let (status, body) = message_of(
        app.student_login(&c, "stu@school.example", "wrong-pw")
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["message"], "Invalid email or password");
    let res = app
        .post(
            &c,
            "/api/employers/login",
            json!({"email": "stu@school.example", "password": "secret1"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    let res = app
        .student_login(&c, "emp@acme.example", "longsecret")
        .await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    let (status, body) = message_of(app.student_login(&c, "x", "").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"]["email"],
        "Please enter a valid email address"
    );
    assert_eq!(body["errors"]["password"], "Password is required");
}

#[tokio::test]
async fn failed_sign_ins_make_the_accounts_next_attempts_wait() {
    let app = spawn_app().await;
    app.signup_student("brute@school.example").await;
    let c = app.client();
    let wrong = json!({"email": "brute@school.example", "password": "guess123"});
    for _ in 0..7 {
        let (status, body) =
            message_of(app.post(&c, "/api/student-login", wrong.clone()).await).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(body["message"], "Invalid email or password");
    }
    // Past five failures each attempt waits longer (0.25 s, 0.5 s, then 1 s...): slowed,
    // never refused, the right password included.
    let right = json!({"email": "brute@school.example", "password": "secret1"});
    let started = std::time::Instant::now();
    assert_eq!(
        app.post(&c, "/api/student-login", right).await.status(),
        StatusCode::OK
    );
    assert!(started.elapsed() >= std::time::Duration::from_millis(900));
}

#[tokio::test]
async fn role_checks_guard_every_account_endpoint() {
    let app = spawn_app().await;
    let (student, s) = app.signup_student("role-s@school.example").await;
    let (employer, _) = app.signup_employer("role-e@acme.example").await;
    let visitor = app.client();
    let sid = s["id"].as_u64().unwrap();

    assert_eq!(
        app.get(&visitor, "/api/auth/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.get(&visitor, "/api/employers/profile").await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.get(&student, "/api/employers/profile").await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.get(&employer, "/api/employers/profile").await.status(),
        StatusCode::OK
    );
    let path = format!("/api/users/{sid}");
    let profile = json!({"firstName": "X", "lastName": "Y", "email": "role-s@school.example", "grade": "senior", "school": "S", "interests": ["arts"]});
    assert_eq!(
        app.put(&visitor, &path, profile.clone()).await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.put(&employer, &path, profile.clone()).await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.put(&student, &path, profile).await.status(),
        StatusCode::OK
    );
    // Students are minors: an employer they did not apply to cannot read them.
    assert_eq!(
        app.get(&employer, &path).await.status(),
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn a_student_cannot_edit_another_students_profile() {
    let app = spawn_app().await;
    let (a, _) = app.signup_student("a@school.example").await;
    let (_, b) = app.signup_student("b@school.example").await;
    let res = app
        .put(&a, &format!("/api/users/{}", b["id"]), json!({"firstName": "Hacked", "lastName": "Y", "email": "b@school.example", "grade": "senior", "school": "S", "interests": ["arts"]}))
        .await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn profile_edits_validate_and_persist() {
    let app = spawn_app().await;
    let (c, user) = app.signup_student("edit@school.example").await;
    let path = format!("/api/users/{}", user["id"]);
    let (status, body) = message_of(app.put(&c, &path, json!({"firstName": "", "lastName": "Lee", "email": "edit@school.example", "grade": "senior", "school": "S", "interests": ["arts"]})).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["firstName"], "First name is required");
    let updated: Value = app
        .put(&c, &path, json!({"firstName": "Samira", "lastName": "Lee", "email": "samira@school.example", "grade": "senior", "school": "West High", "interests": ["Arts", "law"], "gpa": "3.9"}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(updated["firstName"], "Samira");
    assert_eq!(updated["interests"], json!(["arts", "law"]));
    // The new address waits for the link sent to it; until then the old one signs in.
    assert_eq!(updated["email"], "edit@school.example");
    assert_eq!(updated["pendingEmail"], "samira@school.example");
    let me: Value = app.get(&c, "/api/auth/user").await.json().await.unwrap();
    assert_eq!(me["pendingEmail"], "samira@school.example");
    let text = {
        use internreel::store::Reader;
        let r = app.state.store().read().unwrap();
        r.scan_rev(|m: &internreel::store::outbox::Mail| m.to == "samira@school.example")
            .unwrap()
            .pop()
            .expect("a link to the new address")
            .text
    };
    let token: String = text
        .split("confirm-email?token=")
        .nth(1)
        .unwrap()
        .chars()
        .take_while(|c| c.is_ascii_hexdigit())
        .collect();
    let res = app.confirm_email(&token).await;
    assert_eq!(res.status(), StatusCode::OK);
    // The new email signs in; the old one no longer does.
    let res = app
        .student_login(&app.client(), "samira@school.example", "secret1")
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let res = app
        .student_login(&app.client(), "edit@school.example", "secret1")
        .await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_employer_profile_follows_its_rules_and_renames_postings() {
    let app = spawn_app().await;
    let (c, _) = app.signup_employer("prof@acme.example").await;
    let posted = app.post_internship(&c, "Robot Helper").await;
    let mut body = employer_body("prof@acme.example");
    body["phone"] = json!("123");
    let (status, json_body) =
        message_of(app.put(&c, "/api/employers/profile", body.clone()).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(json_body["errors"]["phone"], "Valid phone number required");
    body["phone"] = json!("(512) 555-0100");
    body["company"] = json!("Acme Robotics Co");
    let res = app.put(&c, "/api/employers/profile", body).await;
    assert_eq!(res.status(), StatusCode::OK);
    let i: Value = app
        .get(&c, &format!("/api/internships/{}", posted["id"]))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(i["company"], "Acme Robotics Co");
}

#[tokio::test]
async fn login_redirects_to_role_selection() {
    let app = spawn_app().await;
    let res = app.get(&app.client(), "/api/login").await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(res.headers()["location"], "/role-selection");
}

#[tokio::test]
async fn state_changes_from_a_foreign_origin_are_refused() {
    let app = spawn_app().await;
    let res = app
        .client()
        .post(app.url("/api/users"))
        .header("origin", "https://evil.example")
        .header("sec-fetch-site", "cross-site")
        .json(&student_body("csrf@school.example"))
        .send()
        .await
        .unwrap();
    let (status, body) = message_of(res).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(body["message"].is_string());
    // Same origin passes.
    let res = app
        .client()
        .post(app.url("/api/users"))
        .header("origin", app.addr.clone())
        .json(&student_body("csrf@school.example"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::CREATED);
}

fn png() -> Vec<u8> {
    // A 1x1 PNG.
    vec![
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0,
        0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89, 0, 0, 0, 0x0A, 0x49, 0x44,
        0x41, 0x54, 0x78, 0x9C, 0x63, 0, 1, 0, 0, 5, 0, 1, 0x0D, 0x0A, 0x2D, 0xB4, 0, 0, 0, 0,
        0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
}

async fn upload(
    app: &TestApp,
    c: &reqwest::Client,
    path: &str,
    name: &str,
    bytes: Vec<u8>,
) -> reqwest::Response {
    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(bytes).file_name(name.to_string()),
    );
    c.post(app.url(path)).multipart(form).send().await.unwrap()
}

#[tokio::test]
async fn photos_and_transcripts_are_checked_by_content_and_kept_private() {
    let app = spawn_app().await;
    let (c, user) = app.signup_student("photo@school.example").await;
    let id = user["id"].as_u64().unwrap();
    let photo_path = format!("/api/users/{id}/photo");

    let (status, body) = message_of(
        upload(
            &app,
            &c,
            &photo_path,
            "me.png",
            b"GIF? no, plain text".to_vec(),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["message"], "Please upload an image file");
    let (status, body) = message_of(
        upload(
            &app,
            &c,
            &photo_path,
            "big.png",
            [png(), vec![0; 6 * 1024 * 1024]].concat(),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(body["message"], "Profile photo must be under 5MB");
    assert!(
        files_in(&app.data_path().join("tmp")).is_empty(),
        "no half files left"
    );

    let res = upload(&app, &c, &photo_path, "me.txt", png()).await;
    assert_eq!(res.status(), StatusCode::OK);
    let user: Value = res.json().await.unwrap();
    let url = user["profileImageUrl"].as_str().unwrap().to_string();
    let res = app.get(&c, &url).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "image/png");

    let (stranger, _) = app.signup_employer("nosy@acme.example").await;
    assert_eq!(
        app.get(&stranger, &url).await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.get(&app.client(), &url).await.status(),
        StatusCode::UNAUTHORIZED
    );
    let (other_student, _) = app.signup_student("other@school.example").await;
    assert_eq!(
        upload(&app, &other_student, &photo_path, "x.png", png())
            .await
            .status(),
        StatusCode::FORBIDDEN
    );

    let transcript_path = format!("/api/users/{id}/transcript");
    let (status, body) =
        message_of(upload(&app, &c, &transcript_path, "t.pdf", b"hello".to_vec()).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["message"], "Please upload a PDF or image file");
    let pdf = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n".to_vec();
    let user: Value = upload(&app, &c, &transcript_path, "t.pdf", pdf)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(user["hasTranscript"], true);

    // An employer the student applied to may read both.
    let (employer, _) = app.signup_employer("hire@acme.example").await;
    let posted = app.post_internship(&employer, "Helper").await;
    assert_eq!(
        app.apply(&c, posted["id"].as_u64().unwrap()).await.status(),
        StatusCode::CREATED
    );
    assert_eq!(app.get(&employer, &url).await.status(), StatusCode::OK);
    let res = app.get(&employer, &transcript_path).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "application/pdf");
}

/// A classmate could sign up with a student's school address and a password before the
/// student ever signed in; the student's school sign-in would then be asked for that
/// password. An address of a school sign-in provider's domain signs up only through it.
#[tokio::test]
async fn a_password_sign_up_with_a_school_sign_in_domain_is_refused() {
    let app = spawn_app().await;
    let base = app.addr.clone();
    let provider = crate::oidc_provider::start(
        json!([{"client_id": "internreel", "client_secret": "s3cret",
                "redirect_uris": [format!("{base}/api/auth/sso/Lakeside/callback")]}]),
        json!([{"id": "bob", "email": "bob@lakeside.k12.ca.us", "email_verified": true,
                "given_name": "Bob", "family_name": "Real", "amr": ["pwd"], "password": "pw"}]),
    );
    app.command(internreel::commands::Command::SsoAdd {
        name: "Lakeside".into(),
        issuer: provider.issuer.clone(),
        client_id: "internreel".into(),
        client_secret: "s3cret".into(),
        domains: vec!["lakeside.k12.ca.us".into()],
        serves: "both".into(),
        skip_check: false,
    })
    .unwrap();
    // The address as typed, in capitals, or with a Kelvin sign that folds to "k".
    for email in [
        "bob@lakeside.k12.ca.us",
        "BOB@Lakeside.K12.CA.US",
        "bob@la\u{212A}eside.k12.ca.us",
    ] {
        let (status, body) = message_of(
            app.post(&app.client(), "/api/users", student_body(email))
                .await,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{email}");
        let said = "This is a school e-mail address: sign in with your school account instead of a password.";
        assert_eq!(body["message"], said);
        assert_eq!(
            body["errors"]["email"], said,
            "the form shows it by the field"
        );
        let (status, body) = message_of(
            app.post(&app.client(), "/api/employers", employer_body(email))
                .await,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{email}");
        assert_eq!(
            body["errors"]["email"],
            "This is a school e-mail address. Employers sign up with their work e-mail address."
        );
    }
    let res = app
        .client()
        .post(app.url("/api/users"))
        .header("Accept-Language", "es")
        .json(&student_body("bob@lakeside.k12.ca.us"))
        .send()
        .await
        .unwrap();
    let (_, body) = message_of(res).await;
    assert_eq!(
        body["message"],
        "Esta es una dirección de correo de la escuela: inicia sesión con tu cuenta de la escuela en lugar de una contraseña."
    );
    // Nor does an employer's profile take the address (it would hold it before confirming).
    let (employer, _) = app.signup_employer("hire@acme.example").await;
    let mut edit = employer_body("bob@lakeside.k12.ca.us");
    edit["phone"] = json!("555-010-0199");
    let (status, body) = message_of(app.put(&employer, "/api/employers/profile", edit).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"]["email"],
        "This is a school e-mail address. Employers sign up with their work e-mail address."
    );
    // Other domains sign up as before.
    app.signup_student("ava@student.example").await;
    app.signup_student("bob@lakeside-fans.example").await;

    // So the real Bob's first school sign-in makes his account, with no password to link.
    let b = crate::oidc_provider::browser();
    let start = "/api/auth/sso/Lakeside/start?role=student";
    let callback = crate::oidc_provider::to_callback(
        &b,
        &base,
        start,
        &provider.issuer,
        "bob@lakeside.k12.ca.us",
        "pw",
    )
    .await;
    let res = b.get(&callback).send().await.unwrap();
    assert_eq!(res.headers()["location"], "/school-signup");
}

/// A small JPEG (drawn by the `image` crate) with an EXIF block holding a GPS latitude and a
/// comment naming a place, as a phone's photo carries them.
fn jpeg_with_gps() -> Vec<u8> {
    let img = image::RgbImage::from_fn(32, 24, |x, y| image::Rgb([x as u8 * 8, y as u8 * 10, 90]));
    let mut plain = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(img)
        .write_to(&mut plain, image::ImageFormat::Jpeg)
        .unwrap();
    let plain = plain.into_inner();
    // TIFF (big-endian): IFD0 with a GPSInfo pointer; a GPS IFD with GPSLatitudeRef "N".
    let mut tiff: Vec<u8> = b"MM\0\x2a\0\0\0\x08".to_vec();
    tiff.extend([0, 1, 0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 26, 0, 0, 0, 0]);
    tiff.extend([0, 1, 0, 1, 0, 2, 0, 0, 0, 2, b'N', 0, 0, 0, 0, 0, 0, 0]);
    let mut exif = b"Exif\0\0".to_vec();
    exif.extend(tiff);
    let comment = b"GPS 48.8584N 2.2945E";
    let mut out = plain[..2].to_vec();
    out.extend([0xFF, 0xE1]);
    out.extend(((exif.len() + 2) as u16).to_be_bytes());
    out.extend(&exif);
    out.extend([0xFF, 0xFE]);
    out.extend(((comment.len() + 2) as u16).to_be_bytes());
    out.extend(comment);
    out.extend(&plain[2..]);
    out
}

#[tokio::test]
async fn a_students_photo_is_stored_without_its_exif_or_gps() {
    let app = spawn_app().await;
    let (c, user) = app.signup_student("gps@school.example").await;
    let id = user["id"].as_u64().unwrap();
    let sent = jpeg_with_gps();
    assert!(sent.windows(4).any(|w| w == b"Exif"));
    for path in ["photo", "transcript"] {
        let form = reqwest::multipart::Form::new().part(
            "file",
            reqwest::multipart::Part::bytes(sent.clone()).file_name("me.jpg"),
        );
        let res = c
            .post(app.url(&format!("/api/users/{id}/{path}")))
            .multipart(form)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        let got = app
            .get(&c, &format!("/api/users/{id}/{path}"))
            .await
            .bytes()
            .await
            .unwrap();
        assert!(got.starts_with(&[0xFF, 0xD8, 0xFF]), "{path}: still a JPEG");
        assert!(!got.windows(4).any(|w| w == b"Exif"), "{path}: no EXIF");
        assert!(!got.windows(7).any(|w| w == b"48.8584"), "{path}: no place");
        let decoded = image::load_from_memory(&got).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (32, 24));
    }
    // A file that only looks like a picture is refused with a message.
    let mut fake = vec![0xFF, 0xD8, 0xFF, 0xE0];
    fake.extend(vec![0u8; 200]);
    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(fake).file_name("x.jpg"),
    );
    let res = c
        .post(app.url(&format!("/api/users/{id}/photo")))
        .multipart(form)
        .send()
        .await
        .unwrap();
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        v["message"],
        "This image could not be read. Please upload a JPEG, PNG, GIF or WebP picture."
    );
}

#[tokio::test]
async fn changing_ones_e_mail_tests_no_addresses_and_claims_none_unconfirmed() {
    let app = start_with_limits(internreel::limiter::Limits::default()).await;
    app.signup_student("taken@change.example").await;
    let (c, me) = app.signup_student("mine@change.example").await;
    let path = format!("/api/users/{}", me["id"]);
    let profile = |email: &str| {
        json!({"firstName": "Sam", "lastName": "Lee", "email": email, "grade": "junior",
               "school": "Lincoln High", "interests": ["technology"]})
    };
    // A taken address and a free one answer alike; neither takes effect yet.
    let taken = app.put(&c, &path, profile("taken@change.example")).await;
    assert_eq!(taken.status(), StatusCode::OK);
    let taken: Value = taken.json().await.unwrap();
    assert_eq!(taken["email"], "mine@change.example");
    let free: Value = app
        .put(&c, &path, profile("free@change.example"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(free["email"], "mine@change.example");
    assert_eq!(free["pendingEmail"], "free@change.example");
    // Unconfirmed, the new address signs nobody in.
    let res = app
        .post(
            &app.client(),
            "/api/student-login",
            json!({"email": "free@change.example", "password": "secret1"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    // Throttled: five changes an hour.
    for n in 0..3 {
        let res = app
            .put(&c, &path, profile(&format!("probe{n}@change.example")))
            .await;
        assert_eq!(res.status(), StatusCode::OK);
    }
    let res = app.put(&c, &path, profile("probe9@change.example")).await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
}
