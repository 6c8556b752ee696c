//! Named staff (#34): invites, TOTP and recovery codes, sign-in, roles and the coordinator's
//! scope, the district pin turned off, the audit log naming people, the CLI.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

fn run(app: &TestApp, cmd: internreel::commands::Command) -> Result<String, String> {
    internreel::commands::run(
        &app.state.services,
        &internreel::jobs::Boards::Recorded,
        cmd,
    )
    .map_err(|e| e.0)
}

fn token_of(invite_url: &str) -> String {
    invite_url.rsplit('/').next().unwrap().to_string()
}

async fn staff_login(
    app: &TestApp,
    email: &str,
    password: &str,
    code: &str,
) -> (reqwest::Client, reqwest::Response) {
    let c = app.client();
    let res = app
        .post(
            &c,
            "/api/staff/login",
            json!({"email": email, "password": password, "code": code}),
        )
        .await;
    (c, res)
}

#[tokio::test]
async fn an_invite_sets_a_password_and_an_authenticator_and_shows_ten_codes_once() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let res = app
        .post(
            &admin,
            "/api/admin/staff",
            json!({"email": "Dana@District.example", "name": "Dana Ruiz", "role": "admin"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let added: Value = res.json().await.unwrap();
    assert_eq!(added["staff"]["status"], "invited");
    let token = token_of(added["inviteUrl"].as_str().unwrap());
    // The invite e-mail is queued with the link.
    let outbox = run(&app, internreel::commands::Command::MailList { json: true }).unwrap();
    assert!(
        outbox.contains(&token),
        "the invite e-mail carries the link"
    );

    // A second account with the same address is refused.
    let (status, body) = message_of(
        app.post(
            &admin,
            "/api/admin/staff",
            json!({"email": "dana@district.example", "name": "D", "role": "admin"}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"]["email"],
        "A staff account with this email already exists"
    );

    let visitor = app.client();
    let invite: Value = app
        .get(&visitor, &format!("/api/staff/invite/{token}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(invite["email"], "Dana@District.example");
    let secret = internreel::totp::from_base32(invite["secret"].as_str().unwrap()).unwrap();
    let uri = invite["otpauthUri"].as_str().unwrap();
    assert!(
        uri.starts_with("otpauth://totp/InternReel:") && uri.contains("issuer=InternReel"),
        "{uri}"
    );

    // A short password and a wrong code are both said, on their fields.
    let (status, body) = message_of(
        app.post(
            &visitor,
            &format!("/api/staff/invite/{token}"),
            json!({"password": "short", "code": "000000"}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"]["password"],
        "Password must be at least 12 characters"
    );
    assert!(
        body["errors"]["code"]
            .as_str()
            .unwrap()
            .starts_with("That code is not right")
    );

    let res = app
        .post(
            &visitor,
            &format!("/api/staff/invite/{token}"),
            json!({"password": "a-long-password-1", "code": totp_now(&secret)}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let codes: Vec<String> =
        serde_json::from_value(res.json::<Value>().await.unwrap()["recoveryCodes"].clone())
            .unwrap();
    assert_eq!(codes.len(), 10);
    // Used: the link is gone.
    let (status, body) = message_of(
        app.get(&visitor, &format!("/api/staff/invite/{token}"))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        body["message"],
        "This invite link is invalid or has expired. Ask your district admin for a new one."
    );

    // The enrolment's code was used once; the next step's code signs in (case of the
    // address aside), and the session says who.
    let (c, res) = staff_login(
        &app,
        "dana@district.example",
        "a-long-password-1",
        &totp_in(&secret, 1),
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    let cookie = res.headers()[reqwest::header::SET_COOKIE]
        .to_str()
        .unwrap()
        .to_string();
    assert!(
        cookie.contains("Max-Age=43200"),
        "a staff session lasts 12 hours: {cookie}"
    );
    let session: Value = app.get(&c, "/api/session").await.json().await.unwrap();
    assert_eq!(session["admin"], true);
    assert_eq!(session["staff"]["name"], "Dana Ruiz");
    assert_eq!(session["staff"]["role"], "admin");
    // The same code again is refused (RFC 6238 §5.2), as is a wrong password.
    let (_, res) = staff_login(
        &app,
        "dana@district.example",
        "a-long-password-1",
        &totp_in(&secret, 1),
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    let (_, res) = staff_login(
        &app,
        "dana@district.example",
        "wrong-password-9",
        &totp_now(&secret),
    )
    .await;
    let (status, body) = message_of(res).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        body["message"],
        "Invalid email, password or code. Please try again."
    );
    // A recovery code works once.
    let (_, res) = staff_login(
        &app,
        "dana@district.example",
        "a-long-password-1",
        &codes[3].to_uppercase(),
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    let (_, res) = staff_login(
        &app,
        "dana@district.example",
        "a-long-password-1",
        &codes[3],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    // Missing fields get the form's sentence.
    let (_, res) = staff_login(&app, "dana@district.example", "a-long-password-1", "").await;
    let (status, body) = message_of(res).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["message"].as_str().unwrap().contains("6-digit code"));

    // What Dana does, the audit log says Dana did; the pin's entries say so.
    let res = app.post(&c, "/api/admin/staff", json!({"email": "sam@district.example", "name": "Sam Okafor", "role": "coordinator", "school": "Lincoln High"})).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let audit: Value = app.get(&c, "/api/admin/audit").await.json().await.unwrap();
    let entries = audit["entries"].as_array().unwrap();
    let by_dana = entries
        .iter()
        .find(|e| e["summary"].as_str().unwrap().contains("Sam Okafor"))
        .unwrap();
    assert_eq!(by_dana["actor"]["kind"], "staff");
    assert_eq!(by_dana["actor"]["name"], "Dana Ruiz");
    let by_pin = entries
        .iter()
        .find(|e| e["summary"].as_str().unwrap().contains("added Dana Ruiz"))
        .unwrap();
    assert_eq!(by_pin["actor"]["name"], "District admin (pin)");
}

#[tokio::test]
async fn a_coordinator_sees_their_school_only_and_no_district_settings() {
    let app = spawn_app().await;
    let (sa, sa_user) = app.signup_student("a@student.example").await; // Lincoln High
    let mut other = student_body("o@student.example");
    other["school"] = json!("Ridgeview High");
    let so = app.client();
    let res = app.post(&so, "/api/users", other).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let (employer, _) = app.signup_employer("e@employer.example").await;
    let posting = app.post_internship(&employer, "Library helper").await;
    let id = posting["id"].as_u64().unwrap();
    // Each student reports the posting.
    for s in [&sa, &so] {
        let res = app.post(s, "/api/reports", json!({"targetType": "internship", "targetId": id, "reason": "scam", "details": "Asks for money"})).await;
        assert_eq!(res.status(), StatusCode::CREATED);
    }

    let secret = add_staff(
        &app,
        "sam@district.example",
        "coordinator",
        Some("lincoln high"),
    );
    let (c, res) = staff_login(
        &app,
        "sam@district.example",
        STAFF_PASSWORD,
        &totp_now(&secret),
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);

    // Students: their school's, whatever the query asks.
    let page: Value = app
        .get(&c, "/api/admin/students?school=Ridgeview%20High")
        .await
        .json()
        .await
        .unwrap();
    let emails: Vec<&str> = page["students"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["email"].as_str().unwrap())
        .collect();
    assert_eq!(emails, ["a@student.example"]);
    assert_eq!(page["schools"], json!(["lincoln high"]));
    assert_eq!(page["students"][0]["source"], "self_signup");
    assert_eq!(page["students"][0]["id"], sa_user["id"]);

    // Reports: only the one filed by their student; they dismiss it, not suspend over it.
    let reports: Value = app
        .get(&c, "/api/admin/reports")
        .await
        .json()
        .await
        .unwrap();
    let reports = reports["reports"].as_array().unwrap();
    assert_eq!(reports.len(), 1);
    let rid = reports[0]["id"].as_u64().unwrap();
    let (status, body) = message_of(
        app.post(
            &c,
            &format!("/api/admin/reports/{rid}/resolve"),
            json!({"action": "suspend"}),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (StatusCode::FORBIDDEN, "Only a district admin can do this")
    );
    let res = app
        .post(
            &c,
            &format!("/api/admin/reports/{rid}/resolve"),
            json!({"action": "dismiss", "note": "Talked to the student"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);

    // The district's settings, staff and employers' review are the admins'.
    for path in [
        "/api/admin/employers",
        "/api/admin/staff",
        "/api/admin/audit",
        "/api/admin/ai-video-requests",
    ] {
        let (status, body) = message_of(app.get(&c, path).await).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{path}");
        assert_eq!(
            body["message"], "Only a district admin can do this",
            "{path}"
        );
    }
    // The admin sees both schools and every report.
    let admin = app.admin().await;
    let page: Value = app
        .get(&admin, "/api/admin/students")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(page["total"], 2);
    let reports: Value = app
        .get(&admin, "/api/admin/reports")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(reports["reports"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn turning_off_resetting_and_changing_roles_end_sessions_at_once() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let secret = add_staff(
        &app,
        "sam@district.example",
        "coordinator",
        Some("Lincoln High"),
    );
    let (c, res) = staff_login(
        &app,
        "sam@district.example",
        STAFF_PASSWORD,
        &totp_now(&secret),
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    let list: Value = app
        .get(&admin, "/api/admin/staff")
        .await
        .json()
        .await
        .unwrap();
    let id = list["staff"][0]["id"].as_u64().unwrap();
    assert!(list["staff"][0]["lastSignInAt"].is_i64());

    // A coordinator made admin: the old session ends (it was granted as a coordinator).
    let res = app
        .post(
            &admin,
            &format!("/api/admin/staff/{id}/role"),
            json!({"role": "admin"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        app.get(&c, "/api/admin/session").await.status(),
        StatusCode::UNAUTHORIZED
    );
    let (c, res) = staff_login(
        &app,
        "sam@district.example",
        STAFF_PASSWORD,
        &totp_in(&secret, 1),
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        app.get(&c, "/api/admin/employers").await.status(),
        StatusCode::OK
    );

    // Turned off: the session ends; a sign-in without both factors learns nothing more
    // (a_turned_off_staff_account_says_so_only_after_both_factors).
    let res = app
        .post(&admin, &format!("/api/admin/staff/{id}/disable"), json!({}))
        .await;
    assert_eq!(
        res.json::<Value>().await.unwrap()["staff"]["status"],
        "disabled"
    );
    assert_eq!(
        app.get(&c, "/api/admin/session").await.status(),
        StatusCode::UNAUTHORIZED
    );
    let (_, res) = staff_login(&app, "sam@district.example", STAFF_PASSWORD, "000000").await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    app.post(&admin, &format!("/api/admin/staff/{id}/enable"), json!({}))
        .await;

    // Reset: the old password and authenticator are gone; a new invite sets them again.
    let res: Value = app
        .post(
            &admin,
            &format!("/api/admin/staff/{id}/reset-2fa"),
            json!({}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(res["staff"]["status"], "invited");
    let token = token_of(res["inviteUrl"].as_str().unwrap());
    let (_, res) = staff_login(
        &app,
        "sam@district.example",
        STAFF_PASSWORD,
        &totp_in(&secret, -1),
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    let invite: Value = app
        .get(&app.client(), &format!("/api/staff/invite/{token}"))
        .await
        .json()
        .await
        .unwrap();
    let fresh = internreel::totp::from_base32(invite["secret"].as_str().unwrap()).unwrap();
    assert_ne!(fresh, secret);
}

#[tokio::test]
async fn the_pin_turns_off_only_once_a_named_admin_exists_and_doctor_says_so_before() {
    let app = spawn_app().await;
    let pin_admin = app.admin().await;
    let set = |v: &str| internreel::commands::Command::SettingsSet {
        key: "admin-pin".into(),
        value: v.into(),
    };
    let err = run(&app, set("off")).unwrap_err();
    assert!(err.contains("named admin"), "{err}");

    let doctor = |app: &TestApp| {
        let out = run(app, internreel::commands::Command::DoctorChecks).unwrap();
        let checks: Vec<Value> = serde_json::from_str(&out).unwrap();
        checks
            .into_iter()
            .find(|c| c["check"] == "admin pin")
            .unwrap()
    };
    assert_eq!(doctor(&app)["status"], "OK");
    add_staff(&app, "dana@district.example", "admin", None);
    let check = doctor(&app);
    assert_eq!(check["status"], "WARN", "{check}");
    assert!(check.to_string().contains("admin-pin off"), "{check}");

    run(&app, set("off")).unwrap();
    assert_eq!(doctor(&app)["status"], "OK");
    // The pin's session ended with it, and the pin signs in no more.
    assert_eq!(
        app.get(&pin_admin, "/api/admin/session").await.status(),
        StatusCode::UNAUTHORIZED
    );
    let (status, body) = message_of(
        app.post(&app.client(), "/api/admin/login", json!({"pin": "135790"}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        body["message"],
        "The district pin is turned off. Sign in with your staff account."
    );
    let config: Value = app
        .get(&app.client(), "/api/staff/config")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(config["pinEnabled"], false);
    // The last named admin cannot be turned off while the pin is off.
    let err = run(
        &app,
        internreel::commands::Command::StaffChange {
            email: "dana@district.example".into(),
            change: "disable".into(),
            school: None,
        },
    )
    .unwrap_err();
    assert!(err.contains("last named admin"), "{err}");
}

#[tokio::test]
async fn students_sign_up_only_with_a_school_account_when_the_district_says_so() {
    let app = spawn_app().await;
    run(
        &app,
        internreel::commands::Command::SettingsSet {
            key: "student-signup".into(),
            value: "school-accounts-only".into(),
        },
    )
    .unwrap();
    let (status, body) = message_of(
        app.post(
            &app.client(),
            "/api/users",
            student_body("x@student.example"),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        body["message"],
        "Student accounts come from your school. Sign in with your school account."
    );
    let sso: Value = app
        .get(&app.client(), "/api/auth/sso")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(sso["studentSignup"], "school-accounts-only");
    // Employers still sign up.
    let res = app
        .post(
            &app.client(),
            "/api/employers",
            employer_body("e@employer.example"),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    assert!(
        run(
            &app,
            internreel::commands::Command::SettingsSet {
                key: "student-signup".into(),
                value: "maybe".into()
            }
        )
        .is_err()
    );
}

#[test]
fn the_cli_adds_lists_and_changes_staff() {
    let data = tempfile::tempdir().unwrap();
    let cli = |args: &[&str]| crate::binary_server::cli(data.path(), args);
    let (ok, out) = cli(&[
        "staff",
        "add",
        "sam@district.example",
        "--name",
        "Sam Okafor",
        "--role",
        "coordinator",
        "--school",
        "Lincoln High",
    ]);
    assert!(ok, "{out}");
    assert!(out.contains("/staff/invite/"), "{out}");
    let (ok, out) = cli(&[
        "staff",
        "add",
        "x@district.example",
        "--name",
        "X",
        "--role",
        "coordinator",
    ]);
    assert!(!ok && out.contains("A coordinator needs a school"), "{out}");
    let (ok, out) = cli(&["staff", "list", "--json"]);
    assert!(ok, "{out}");
    // The JSON is on standard output; `cli` appends standard error after it, where a log line
    // may stand (the cause of a rare "trailing characters" here).
    let list: Value = serde_json::Deserializer::from_str(&out)
        .into_iter::<Value>()
        .next()
        .unwrap_or_else(|| panic!("{out}"))
        .unwrap_or_else(|e| panic!("{e}: {out}"));
    assert_eq!(list[0]["status"], "invited");
    assert_eq!(list[0]["school"], "Lincoln High");
    let (ok, out) = cli(&["staff", "role", "sam@district.example", "admin"]);
    assert!(ok && out.contains("admin"), "{out}");
    let (ok, out) = cli(&["staff", "reset-2fa", "sam@district.example"]);
    assert!(ok && out.contains("/staff/invite/"), "{out}");
    let (ok, out) = cli(&["staff", "disable", "sam@district.example"]);
    assert!(ok && out.contains("disabled"), "{out}");
    let (ok, out) = cli(&["staff", "disable", "nobody@district.example"]);
    assert!(!ok && out.contains("No staff member"), "{out}");
}

#[tokio::test]
async fn a_turned_off_staff_account_says_so_only_after_both_factors() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let secret = add_staff(&app, "off@district.example", "admin", None);
    let id = internreel::store::staff::by_email(
        &app.state.store().read().unwrap(),
        "off@district.example",
    )
    .unwrap()
    .unwrap()
    .id;
    let res = app
        .post(&admin, &format!("/api/admin/staff/{id}/disable"), json!({}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    const WRONG: &str = "Invalid email, password or code. Please try again.";
    // The password alone, or the code alone, is answered as any wrong sign-in is.
    for (password, code) in [
        (STAFF_PASSWORD, "000000".to_string()),
        ("not-the-password", totp_now(&secret)),
    ] {
        let (_, res) = staff_login(&app, "off@district.example", password, &code).await;
        let (status, body) = message_of(res).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(body["message"], WRONG);
    }
    // Both factors: the owner is told why, and gets no session.
    let (c, res) = staff_login(
        &app,
        "off@district.example",
        STAFF_PASSWORD,
        &totp_in(&secret, 1),
    )
    .await;
    let (status, body) = message_of(res).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        body["message"],
        "This staff account is turned off. Ask your district admin."
    );
    assert_eq!(
        app.get(&c, "/api/admin/session").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

/// An invite added through the admin's API; its token.
async fn invite_token(app: &TestApp, admin: &reqwest::Client, email: &str) -> String {
    let res = app
        .post(
            admin,
            "/api/admin/staff",
            json!({"email": email, "name": "Dana Ruiz", "role": "admin"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let added: Value = res.json().await.unwrap();
    token_of(added["inviteUrl"].as_str().unwrap())
}

#[tokio::test]
async fn an_invite_link_opened_in_a_second_browser_is_refused() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let token = invite_token(&app, &admin, "dana@district.example").await;
    let path = format!("/api/staff/invite/{token}");

    // The invitee's browser opens it first: the secret, and a cookie for this invite only.
    let invitee = app.client();
    let res = app.get(&invitee, &path).await;
    assert_eq!(res.status(), StatusCode::OK);
    let cookie = res.headers()[reqwest::header::SET_COOKIE]
        .to_str()
        .unwrap()
        .to_string();
    assert!(
        cookie.contains("HttpOnly")
            && cookie.contains("SameSite=Strict")
            && cookie.contains("Path=/api/staff/invite/"),
        "{cookie}"
    );
    let invite: Value = res.json().await.unwrap();
    let secret = internreel::totp::from_base32(invite["secret"].as_str().unwrap()).unwrap();

    // Someone else with the same link (read from a log, a forwarded mail): no secret, no
    // finish, even with a right code; told plainly what to do.
    let other = app.client();
    const ELSEWHERE: &str = "This invite link was opened in another browser first. Finish setting up there, or ask your district admin for a new invite link.";
    let res = app.get(&other, &path).await;
    assert!(res.headers().get(reqwest::header::SET_COOKIE).is_none());
    let (status, body) = message_of(res).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(body["message"], ELSEWHERE);
    assert!(body.get("secret").is_none() && body.get("otpauthUri").is_none());
    let (status, body) = message_of(
        app.post(
            &other,
            &path,
            json!({"password": "attacker-password-1", "code": totp_now(&secret)}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(body["message"], ELSEWHERE);
    // Nor does a client without any cookie.
    let (status, _) = message_of(
        app.post(
            &app.client(),
            &path,
            json!({"password": "attacker-password-1", "code": totp_now(&secret)}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // The invitee reloads the page (same secret) and finishes.
    let again: Value = app.get(&invitee, &path).await.json().await.unwrap();
    assert_eq!(again["secret"], invite["secret"]);
    let res = app
        .post(
            &invitee,
            &path,
            json!({"password": "a-long-password-1", "code": totp_now(&secret)}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let (c, res) = staff_login(
        &app,
        "dana@district.example",
        "a-long-password-1",
        &totp_in(&secret, 1),
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    drop(c);

    // Whoever was refused is not locked out for good: the admin's reset makes a new invite,
    // which the browser that opens it first keeps.
    let id = internreel::store::staff::by_email(
        &app.state.store().read().unwrap(),
        "dana@district.example",
    )
    .unwrap()
    .unwrap()
    .id;
    let res: Value = app
        .post(
            &admin,
            &format!("/api/admin/staff/{id}/reset-2fa"),
            json!({}),
        )
        .await
        .json()
        .await
        .unwrap();
    let fresh = token_of(res["inviteUrl"].as_str().unwrap());
    let res = app.get(&other, &format!("/api/staff/invite/{fresh}")).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        app.get(&invitee, &format!("/api/staff/invite/{fresh}"))
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn bearer_tokens_in_paths_never_reach_the_request_log() {
    let data = tempfile::tempdir().unwrap();
    let server = crate::binary_server::BinaryServer::start(data.path(), &[]);
    let (ok, out) = server.cli(&[
        "staff",
        "add",
        "dana@district.example",
        "--name",
        "Dana Ruiz",
        "--role",
        "admin",
    ]);
    assert!(ok, "{out}");
    let link = out
        .split_whitespace()
        .find(|w| w.contains("/staff/invite/"))
        .unwrap_or_else(|| panic!("an invite link in: {out}"));
    let invite = token_of(link);
    // Guardian links' tokens: the log must not keep them whether or not they are live.
    let guardian = "5f".repeat(32);
    let copy = "a1".repeat(32);
    let reset = "c3".repeat(32);
    tls();
    let c = reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let base = server.addr.clone();
    let get = |p: String| c.get(format!("{base}{p}")).send();
    assert_eq!(
        get(format!("/api/staff/invite/{invite}"))
            .await
            .unwrap()
            .status(),
        StatusCode::OK
    );
    for p in [
        format!("/staff/invite/{invite}"),
        format!("/guardian/{guardian}"),
        format!("/api/guardian/{guardian}"),
        format!("/api/guardian/{copy}/agreement.pdf"),
        format!("/reset-password?token={reset}"),
        format!("/confirm-email?token={reset}"),
    ] {
        get(p).await.unwrap();
    }
    for p in ["sign", "decline"] {
        c.post(format!("{base}/api/guardian/{guardian}/{p}"))
            .json(&json!({"name": "Pat Parent"}))
            .send()
            .await
            .unwrap();
    }
    c.put(format!("{base}/api/guardian/{guardian}/language"))
        .json(&json!({"language": "es"}))
        .send()
        .await
        .unwrap();
    c.post(format!("{base}/api/staff/invite/{invite}"))
        .json(&json!({"password": "short", "code": "000000"}))
        .send()
        .await
        .unwrap();

    let log = server.stop();
    for (what, token) in [
        ("the invite", invite.as_str()),
        ("a guardian link", guardian.as_str()),
        ("a guardian's copy", copy.as_str()),
        ("a reset link", reset.as_str()),
    ] {
        assert!(!log.contains(token), "{what}'s token is in the log:\n{log}");
    }
    // The requests are still there, each with its route.
    for line in [
        "GET /api/staff/invite/[redacted] 200",
        "POST /api/staff/invite/[redacted] 400",
        "GET /staff/invite/[redacted] ",
        "GET /guardian/[redacted] ",
        "GET /api/guardian/[redacted] 404",
        "POST /api/guardian/[redacted]/sign ",
        "POST /api/guardian/[redacted]/decline ",
        "PUT /api/guardian/[redacted]/language ",
        "GET /api/guardian/[redacted]/agreement.pdf ",
        "GET /reset-password?token=[redacted] ",
    ] {
        assert!(log.contains(line), "{line} in:\n{log}");
    }
}
