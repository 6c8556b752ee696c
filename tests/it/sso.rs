//! School-account sign-in (#34) against a real OpenID provider (tests/oidc): a student's
//! first and later sign-ins, a wrong domain, an unverified e-mail, a replayed state, a
//! tampered ID token, linking an existing account, a roster account, staff with and
//! without the provider's second factor.

use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;
use crate::oidc_provider::{self, Provider, browser, to_callback};

fn account(id: &str, email: &str, verified: bool, amr: &[&str]) -> Value {
    json!({"id": id, "email": email, "email_verified": verified, "given_name": id.to_uppercase(),
           "family_name": "Tester", "name": format!("{} Tester", id.to_uppercase()),
           "hd": "lakeside.k12.ca.us", "amr": amr, "password": "pw"})
}

/// An app with the provider set up as "Lakeside" (domain lakeside.k12.ca.us, students and
/// staff) and as "Broken", whose ID tokens come back with a corrupted signature.
async fn setup() -> (TestApp, Provider) {
    setup_on(spawn_app().await).await
}

/// `setup` on a server already started (with other limits).
async fn setup_on(app: TestApp) -> (TestApp, Provider) {
    let base = app.addr.clone();
    let provider = oidc_provider::start(
        json!([
            {"client_id": "internreel", "client_secret": "s3cret",
             "redirect_uris": [format!("{base}/api/auth/sso/Lakeside/callback")]},
            {"client_id": "broken", "client_secret": "s3cret", "tamper_id_token": true,
             "redirect_uris": [format!("{base}/api/auth/sso/Broken/callback")]}
        ]),
        json!([
            account("ana", "ana@lakeside.k12.ca.us", true, &["pwd"]),
            {"id": "eve", "email": "eve@gmail.com", "email_verified": true, "given_name": "Eve", "family_name": "Out", "amr": ["pwd"], "password": "pw"},
            account("uma", "uma@lakeside.k12.ca.us", false, &["pwd"]),
            account("lee", "lee@lakeside.k12.ca.us", true, &["pwd"]),
            account("rita", "rita@lakeside.k12.ca.us", true, &["pwd"]),
            account("dana", "dana@lakeside.k12.ca.us", true, &["pwd", "mfa"]),
            account("sam", "sam@lakeside.k12.ca.us", true, &["pwd"]),
            // Not a school account: this provider's `hd` is whatever its tenant says.
            {"id": "mal", "email": "dana@district.example", "email_verified": true,
             "given_name": "Mal", "family_name": "Lory", "hd": "lakeside.k12.ca.us",
             "amr": ["pwd", "mfa"], "password": "pw"},
        ]),
    );
    for (name, client) in [("Lakeside", "internreel"), ("Broken", "broken")] {
        internreel::commands::run(
            &app.state.services,
            &internreel::jobs::Boards::Recorded,
            internreel::commands::Command::SsoAdd {
                name: name.into(),
                issuer: provider.issuer.clone(),
                client_id: client.into(),
                client_secret: "s3cret".into(),
                domains: vec!["lakeside.k12.ca.us".into()],
                serves: "both".into(),
                skip_check: false,
            },
        )
        .unwrap();
    }
    (app, provider)
}

/// Signs in through the provider; the app's answer to the callback (a redirect).
async fn sign_in(
    app: &TestApp,
    p: &Provider,
    b: &Client,
    name: &str,
    role: &str,
    email: &str,
) -> String {
    let base = app.addr.clone();
    let start = format!("/api/auth/sso/{name}/start?role={role}");
    let callback = to_callback(b, &base, &start, &p.issuer, email, "pw").await;
    let res = b.get(&callback).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "callback");
    res.headers()[reqwest::header::LOCATION]
        .to_str()
        .unwrap()
        .to_string()
}

/// The refusal a sign-in page is sent to say: `?ssoError=CODE` and, when it names one, `&ssoName=`.
fn error_of(location: &str) -> (String, String) {
    let query = location.split_once('?').map_or("", |(_, q)| q);
    let param = |name: &str| {
        query
            .split('&')
            .find_map(|kv| kv.strip_prefix(name)?.strip_prefix('='))
            .map(url_decode)
            .unwrap_or_default()
    };
    (param("ssoError"), param("ssoName"))
}

fn refusal(code: &str, name: &str) -> (String, String) {
    (code.to_string(), name.to_string())
}

fn url_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() + 1 {
            out.push(u8::from_str_radix(&s[i + 1..i + 3], 16).unwrap());
            i += 3;
        } else {
            out.push(if b[i] == b'+' { b' ' } else { b[i] });
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

#[tokio::test]
async fn a_student_s_first_school_sign_in_asks_only_grade_school_and_interests() {
    let (app, p) = setup().await;
    let listed: Value = app
        .get(&app.client(), "/api/auth/sso")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(listed["providers"][0]["name"], "Lakeside");
    assert_eq!(listed["providers"][0]["forStudents"], true);

    let b = browser();
    let landed = sign_in(
        &app,
        &p,
        &b,
        "Lakeside",
        "student",
        "ana@lakeside.k12.ca.us",
    )
    .await;
    assert_eq!(landed, "/school-signup");
    let pending: Value = app
        .get(&b, "/api/auth/sso/pending")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        pending,
        json!({"name": "ANA Tester", "email": "ana@lakeside.k12.ca.us", "provider": "Lakeside", "link": false})
    );
    let (status, body) = message_of(
        app.post(
            &b,
            "/api/auth/sso/finish",
            json!({"grade": "", "school": "Lincoln High", "interests": []}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["errors"]["grade"].is_string() && body["errors"]["interests"].is_string(),
        "{body}"
    );
    let res = app
        .post(
            &b,
            "/api/auth/sso/finish",
            json!({"grade": "junior", "school": "Lincoln High", "interests": ["technology"]}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let user: Value = res.json::<Value>().await.unwrap()["user"].clone();
    assert_eq!(user["email"], "ana@lakeside.k12.ca.us");
    let me: Value = app.get(&b, "/api/session").await.json().await.unwrap();
    assert_eq!(me["user"]["id"], user["id"]);
    // Nothing is pending any more.
    assert_eq!(
        app.get(&b, "/api/auth/sso/pending").await.status(),
        StatusCode::NOT_FOUND
    );

    // Another day, another browser: straight into the feed, the same account.
    let b2 = browser();
    let landed = sign_in(
        &app,
        &p,
        &b2,
        "Lakeside",
        "student",
        "ana@lakeside.k12.ca.us",
    )
    .await;
    assert_eq!(landed, "/job-feed");
    let me: Value = app.get(&b2, "/api/session").await.json().await.unwrap();
    assert_eq!(me["user"]["id"], user["id"]);
    let admin = app.admin().await;
    let page: Value = app
        .get(&admin, "/api/admin/students")
        .await
        .json()
        .await
        .unwrap();
    let row = &page["students"][0];
    assert_eq!(row["source"], "school_account");
    assert!(row["lastSignInAt"].is_i64());
}

#[tokio::test]
async fn wrong_domains_unverified_e_mails_replays_and_tampered_tokens_are_refused_with_a_code() {
    let (app, p) = setup().await;
    let landed = sign_in(&app, &p, &browser(), "Lakeside", "student", "eve@gmail.com").await;
    assert!(landed.starts_with("/login?ssoError="), "{landed}");
    assert_eq!(
        error_of(&landed),
        refusal("domain-not-accepted", "eve@gmail.com")
    );

    let landed = sign_in(
        &app,
        &p,
        &browser(),
        "Lakeside",
        "student",
        "uma@lakeside.k12.ca.us",
    )
    .await;
    assert_eq!(
        error_of(&landed),
        refusal("email-unverified", "Lakeside"),
        "{landed}"
    );

    // The provider's answer, opened twice: the second finds its state used.
    let b = browser();
    let base = app.addr.clone();
    let callback = to_callback(
        &b,
        &base,
        "/api/auth/sso/Lakeside/start?role=student",
        &p.issuer,
        "ana@lakeside.k12.ca.us",
        "pw",
    )
    .await;
    let first = b.get(&callback).send().await.unwrap();
    assert_eq!(first.headers()["location"], "/school-signup");
    let again = b.get(&callback).send().await.unwrap();
    let landed = again.headers()["location"].to_str().unwrap();
    assert_eq!(error_of(landed), refusal("expired", ""));
    // From another browser (no cookie of the flow), the answer is refused too.
    let b3 = browser();
    let callback = to_callback(
        &b3,
        &base,
        "/api/auth/sso/Lakeside/start?role=student",
        &p.issuer,
        "ana@lakeside.k12.ca.us",
        "pw",
    )
    .await;
    let stranger = browser();
    let res = stranger.get(&callback).send().await.unwrap();
    assert_eq!(
        error_of(res.headers()["location"].to_str().unwrap()),
        refusal("expired", "")
    );

    // A token whose signature does not verify signs nobody in.
    let landed = sign_in(
        &app,
        &p,
        &browser(),
        "Broken",
        "student",
        "ana@lakeside.k12.ca.us",
    )
    .await;
    assert_eq!(error_of(&landed), refusal("not-confirmed", "Broken"));

    // An unknown provider.
    let res = browser()
        .get(format!("{base}/api/auth/sso/Nope/start?role=student"))
        .send()
        .await
        .unwrap();
    assert_eq!(
        error_of(res.headers()["location"].to_str().unwrap()),
        refusal("unknown-provider", "")
    );
}

#[tokio::test]
async fn an_existing_account_is_linked_only_after_its_password_and_a_roster_account_at_once() {
    let (app, p) = setup().await;
    // Lee signed up with a password before the district set up its school sign-in (a
    // password sign-up with the provider's domain is refused since).
    let run = |command| {
        internreel::commands::run(
            &app.state.services,
            &internreel::jobs::Boards::Recorded,
            command,
        )
        .unwrap()
    };
    for name in ["Lakeside", "Broken"] {
        run(internreel::commands::Command::SsoRemove { name: name.into() });
    }
    let (_, lee) = app.signup_student("lee@lakeside.k12.ca.us").await;
    run(internreel::commands::Command::SsoAdd {
        name: "Lakeside".into(),
        issuer: p.issuer.clone(),
        client_id: "internreel".into(),
        client_secret: "s3cret".into(),
        domains: vec!["lakeside.k12.ca.us".into()],
        serves: "both".into(),
        skip_check: false,
    });
    let b = browser();
    let landed = sign_in(
        &app,
        &p,
        &b,
        "Lakeside",
        "student",
        "lee@lakeside.k12.ca.us",
    )
    .await;
    assert_eq!(landed, "/login?sso=link");
    // Not signed in by the e-mail match alone.
    let me: Value = app.get(&b, "/api/session").await.json().await.unwrap();
    assert!(me["user"].is_null());
    let pending: Value = app
        .get(&b, "/api/auth/sso/pending")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(pending["link"], true);
    let res = app
        .post(
            &b,
            "/api/student-login",
            json!({"email": "lee@lakeside.k12.ca.us", "password": "secret1"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    // Linked: the next school sign-in goes straight in.
    let landed = sign_in(
        &app,
        &p,
        &browser(),
        "Lakeside",
        "student",
        "lee@lakeside.k12.ca.us",
    )
    .await;
    assert_eq!(landed, "/job-feed");

    // A roster account (no password of its own) is linked at once.
    let roster = tempfile::tempdir().unwrap();
    std::fs::write(
        roster.path().join("orgs.csv"),
        "sourcedId,status,name,type\ns1,active,Lakeside High,school\n",
    )
    .unwrap();
    std::fs::write(roster.path().join("users.csv"), "sourcedId,status,enabledUser,orgSourcedIds,role,givenName,familyName,email,grades\nr1,active,true,s1,student,Rita,Roe,rita@lakeside.k12.ca.us,10\n").unwrap();
    internreel::commands::run(
        &app.state.services,
        &internreel::jobs::Boards::Recorded,
        internreel::commands::Command::RosterImport {
            path: roster.path().to_path_buf(),
            dry_run: false,
        },
    )
    .unwrap();
    let b = browser();
    let landed = sign_in(
        &app,
        &p,
        &b,
        "Lakeside",
        "student",
        "rita@lakeside.k12.ca.us",
    )
    .await;
    // The roster gave no interests: they are asked before the feed.
    assert_eq!(landed, "/welcome");
    let me: Value = app.get(&b, "/api/session").await.json().await.unwrap();
    assert_eq!(me["user"]["email"], "rita@lakeside.k12.ca.us");
    assert_ne!(me["user"]["id"], lee["id"]);
}

#[tokio::test]
async fn staff_sign_in_with_the_school_account_asks_a_code_unless_the_provider_did_mfa() {
    let (app, p) = setup().await;
    let dana = add_staff(&app, "dana@lakeside.k12.ca.us", "admin", None);
    let sam = add_staff(
        &app,
        "sam@lakeside.k12.ca.us",
        "coordinator",
        Some("Lincoln High"),
    );
    let _ = dana;
    let config: Value = app
        .get(&app.client(), "/api/staff/config")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(config["providers"][0]["name"], "Lakeside");

    // The provider says it did more than one factor: signed in.
    let b = browser();
    let landed = sign_in(&app, &p, &b, "Lakeside", "staff", "dana@lakeside.k12.ca.us").await;
    assert_eq!(landed, "/admin");
    let me: Value = app.get(&b, "/api/session").await.json().await.unwrap();
    assert_eq!(me["staff"]["email"], "dana@lakeside.k12.ca.us");

    // One factor: the TOTP code is still asked.
    let b = browser();
    let landed = sign_in(&app, &p, &b, "Lakeside", "staff", "sam@lakeside.k12.ca.us").await;
    assert_eq!(landed, "/admin-login?sso=code");
    let me: Value = app.get(&b, "/api/session").await.json().await.unwrap();
    assert_eq!(me["admin"], false);
    let who: Value = app
        .get(&b, "/api/staff/login/sso")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(who["email"], "sam@lakeside.k12.ca.us");
    let res = app
        .post(&b, "/api/staff/login/sso", json!({"code": "000000"}))
        .await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    let res = app
        .post(&b, "/api/staff/login/sso", json!({"code": totp_now(&sam)}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let me: Value = app.get(&b, "/api/session").await.json().await.unwrap();
    assert_eq!(me["staff"]["role"], "coordinator");

    // No staff account with that e-mail: refused on the staff page.
    let landed = sign_in(
        &app,
        &p,
        &browser(),
        "Lakeside",
        "staff",
        "ana@lakeside.k12.ca.us",
    )
    .await;
    assert!(landed.starts_with("/admin-login?ssoError="), "{landed}");
    assert_eq!(
        error_of(&landed),
        refusal("no-staff-account", "ana@lakeside.k12.ca.us")
    );
}

#[tokio::test]
async fn hd_from_a_provider_other_than_google_never_stands_in_for_the_e_mail_s_domain() {
    let (app, p) = setup().await;
    // A named admin whose address is outside the provider's domain.
    add_staff(&app, "dana@district.example", "admin", None);
    let b = browser();
    let landed = sign_in(&app, &p, &b, "Lakeside", "staff", "dana@district.example").await;
    assert!(landed.starts_with("/admin-login?ssoError="), "{landed}");
    assert_eq!(
        error_of(&landed),
        refusal("domain-not-accepted", "dana@district.example")
    );
    assert_eq!(
        app.get(&b, "/api/admin/session").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn school_sign_in_starts_are_throttled_per_address_and_reuse_the_provider_s_discovery() {
    let limits = internreel::limiter::Limits {
        sso_starts_per_minute: 3,
        ..internreel::limiter::Limits::off()
    };
    let (app, p) = setup_on(start_with_limits(limits).await).await;
    let start = "/api/auth/sso/Lakeside/start?role=student";
    let b = browser();
    let res = app.get(&b, start).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    // The provider goes away: starts within the next minutes still lead to it, from the
    // discovery document fetched by the first.
    let issuer = p.issuer.clone();
    drop(p);
    for _ in 0..2 {
        let res = app.get(&b, start).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        let to = res.headers()[reqwest::header::LOCATION].to_str().unwrap();
        assert!(to.starts_with(&issuer), "{to}");
    }
    // The fourth start in a minute from this address: 429, said in JSON, with when.
    let res = app.get(&browser(), start).await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = res.headers()[reqwest::header::RETRY_AFTER]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    let (_, body) = message_of(res).await;
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("Too many school sign-ins from this network. Please try again in"),
        "{body}"
    );
}

#[tokio::test]
async fn expired_school_sign_ins_are_purged_without_reading_the_live_ones() {
    use internreel::store::sso::{self, Flow, FlowRole};
    use internreel::store::{Reader, StoreError};
    let now = internreel::clock::now_ms();
    let flow = |n: u64, expires_at: i64| Flow {
        id: 0,
        provider: "Lakeside".into(),
        role: FlowRole::Student,
        browser: browser_of(n),
        state: format!("state-{n}"),
        nonce: "n".into(),
        pkce_verifier: "v".into(),
        answer: None,
        expires_at,
    };
    // 12,000 sign-ins in flight, 50 about to expire and 20 expired, as a busy server (or an
    // attacker's starts from many addresses) leaves them; stored directly, as a server that
    // kept no expiry index stored them.
    let data = tempfile::tempdir().unwrap();
    {
        let s = internreel::infra::Services::open(data.path()).unwrap();
        s.store
            .write(|w| {
                for (from, to, expires_at) in [
                    (0, 12_000, now + 600_000),
                    (12_000, 12_050, now + 2_000),
                    (12_050, 12_070, now - 1_000),
                ] {
                    for n in from..to {
                        let mut f = flow(n, expires_at);
                        f.id = w.next_id::<Flow>()?;
                        w.put(&f)?;
                        w.key_put("sso-state", &f.state, f.id)?;
                    }
                }
                Ok::<_, StoreError>(())
            })
            .unwrap();
    }
    let app = start_on(data, false).await;
    tokio::time::sleep(std::time::Duration::from_millis(2_500)).await;
    // Each start removes what is due; what it costs does not grow with the live ones.
    let mut took = Vec::new();
    for n in 0..3 {
        app.state
            .store()
            .write(|w| {
                let started = std::time::Instant::now();
                sso::start(
                    w,
                    flow(100_000 + n, internreel::clock::now_ms() + 600_000),
                    internreel::clock::now_ms(),
                )?;
                took.push(started.elapsed());
                Ok::<_, StoreError>(())
            })
            .unwrap();
    }
    println!("a start with 12,000 sign-ins in flight (in its write): {took:?}");
    let fastest = took.iter().min().unwrap();
    assert!(
        *fastest < std::time::Duration::from_millis(20),
        "a start read the live sign-ins: {took:?}"
    );
    let r = app.state.store().read().unwrap();
    assert_eq!(r.count::<Flow>().unwrap(), 12_003);
    assert!(sso::by_state(&r, "state-12010").unwrap().is_none());
    assert!(sso::by_state(&r, "state-12060").unwrap().is_none());
    assert!(sso::by_state(&r, "state-11999").unwrap().is_some());
}

/// A distinct browser hash per number.
fn browser_of(n: u64) -> [u8; 32] {
    let mut h = [0u8; 32];
    h[..8].copy_from_slice(&n.to_le_bytes());
    h
}

#[tokio::test]
async fn school_sign_in_works_first_thing_after_a_start_without_job_fetching() {
    use crate::binary_server::BinaryServer;
    // The real binary: this test process installed a TLS provider for itself long ago.
    let data = tempfile::tempdir().unwrap();
    let server = BinaryServer::start(data.path(), &["--jobs-interval-hours", "0"]);
    let base = server.addr.clone();
    let p = oidc_provider::start(
        json!([{"client_id": "internreel", "client_secret": "s3cret",
                "redirect_uris": [format!("{base}/api/auth/sso/Lakeside/callback")]}]),
        json!([account("ana", "ana@lakeside.k12.ca.us", true, &["pwd"])]),
    );
    let secret = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(secret.path(), "s3cret\n").unwrap();
    let (ok, out) = server.cli(&[
        "sso",
        "add",
        "Lakeside",
        "--issuer",
        &p.issuer,
        "--client-id",
        "internreel",
        "--client-secret-file",
        secret.path().to_str().unwrap(),
        "--domain",
        "lakeside.k12.ca.us",
        "--for",
        "both",
    ]);
    assert!(ok, "{out}");
    // The first request that needs TLS client set-up is this sign-in.
    let b = browser();
    let start = "/api/auth/sso/Lakeside/start?role=student";
    let callback = to_callback(&b, &base, start, &p.issuer, "ana@lakeside.k12.ca.us", "pw").await;
    let res = b.get(&callback).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(res.headers()[reqwest::header::LOCATION], "/school-signup");
    let log = server.stop();
    assert!(!log.contains("crypto provider"), "{log}");
}

#[tokio::test]
async fn a_first_school_sign_in_from_a_spanish_device_makes_a_spanish_account() {
    let (app, p) = setup().await;
    let b = browser();
    let landed = sign_in(
        &app,
        &p,
        &b,
        "Lakeside",
        "student",
        "lee@lakeside.k12.ca.us",
    )
    .await;
    assert_eq!(landed, "/school-signup");
    // A Spanish browser (the device's cookie counts too, as for any sign-up).
    let res = b
        .post(app.url("/api/auth/sso/finish"))
        .header("Accept-Language", "es-MX,es;q=0.9")
        .json(&json!({"grade": "junior", "school": "Lincoln High", "interests": ["technology"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::CREATED);
    let answer: Value = res.json().await.unwrap();
    assert_eq!(answer["user"]["language"], "es");
    let me: Value = app.get(&b, "/api/session").await.json().await.unwrap();
    assert_eq!(me["language"], "es");

    // A language chosen in the form wins over the browser's.
    let b = browser();
    let landed = sign_in(
        &app,
        &p,
        &b,
        "Lakeside",
        "student",
        "sam@lakeside.k12.ca.us",
    )
    .await;
    assert_eq!(landed, "/school-signup");
    let res = b
        .post(app.url("/api/auth/sso/finish"))
        .header("Accept-Language", "es")
        .json(&json!({"grade": "junior", "school": "Lincoln High", "interests": ["technology"], "language": "en"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::CREATED);
    let me: Value = app.get(&b, "/api/session").await.json().await.unwrap();
    assert_eq!(me["language"], "en");
}

#[tokio::test]
async fn a_language_chosen_before_a_school_sign_in_becomes_the_account_s() {
    let (app, p) = setup().await;
    let b = browser();
    assert_eq!(
        sign_in(
            &app,
            &p,
            &b,
            "Lakeside",
            "student",
            "rita@lakeside.k12.ca.us"
        )
        .await,
        "/school-signup"
    );
    let res = app
        .post(
            &b,
            "/api/auth/sso/finish",
            json!({"grade": "junior", "school": "Lincoln High", "interests": ["technology"]}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let me: Value = app.get(&b, "/api/session").await.json().await.unwrap();
    assert_eq!(me["language"], "en");

    // Another day, Spanish chosen on the sign-in page before "Continue with Lakeside".
    let b = browser();
    let start = "/api/auth/sso/Lakeside/start?role=student&lang=es";
    let callback = to_callback(
        &b,
        &app.addr,
        start,
        &p.issuer,
        "rita@lakeside.k12.ca.us",
        "pw",
    )
    .await;
    let res = b.get(&callback).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(res.headers()[reqwest::header::LOCATION], "/job-feed");
    let me: Value = app.get(&b, "/api/session").await.json().await.unwrap();
    assert_eq!(me["language"], "es");

    // A later start without a choice leaves the account's language alone.
    let b = browser();
    let start = "/api/auth/sso/Lakeside/start?role=student";
    let callback = to_callback(
        &b,
        &app.addr,
        start,
        &p.issuer,
        "rita@lakeside.k12.ca.us",
        "pw",
    )
    .await;
    b.get(&callback).send().await.unwrap();
    let me: Value = app.get(&b, "/api/session").await.json().await.unwrap();
    assert_eq!(me["language"], "es");
}
