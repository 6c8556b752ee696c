//! Abuse that is not an authorization hole (issue #19): account enumeration, throttles on what
//! is free to call, minors' names and data at rest, cross-site requests by Referer, and
//! answers that say plainly what is wrong.

use std::os::unix::fs::PermissionsExt;

use std::time::Duration;

use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;

async fn body(res: reqwest::Response) -> Value {
    res.json().await.unwrap_or(Value::Null)
}

#[tokio::test]
async fn an_unknown_email_costs_the_same_password_check_as_a_known_one() {
    let app = spawn_app().await;
    app.signup_student("known@school.example").await;
    let c = app.client();
    let checks = || app.state.hashing.verifications();
    let before = checks();
    let res = app
        .post(
            &c,
            "/api/student-login",
            json!({"email": "known@school.example", "password": "wrong1"}),
        )
        .await;
    let (known_status, known) = message_of(res).await;
    let after_known = checks();
    let res = app
        .post(
            &c,
            "/api/student-login",
            json!({"email": "nobody@school.example", "password": "wrong1"}),
        )
        .await;
    let (unknown_status, unknown) = message_of(res).await;
    // Same answer, and one argon2 verification each: the timing does not tell them apart.
    assert_eq!((known_status, &known), (unknown_status, &unknown));
    assert_eq!(after_known - before, 1);
    assert_eq!(checks() - after_known, 1);
}

#[tokio::test]
async fn personal_answers_are_never_cached_and_photos_are_revalidated() {
    let app = spawn_app().await;
    let (c, user) = app.signup_student("cache@school.example").await;
    for path in [
        "/api/auth/user",
        "/api/internships",
        "/api/users/0/applications",
    ] {
        let path = path.replace('0', &user["id"].to_string());
        let res = app.get(&c, &path).await;
        assert_eq!(res.headers()["cache-control"], "no-store", "{path}");
    }
    let id = user["id"].as_u64().unwrap();
    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(crate::authz::PNG.to_vec()).file_name("me.png"),
    );
    let res = c
        .post(app.url(&format!("/api/users/{id}/photo")))
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{}", res.text().await.unwrap());
    let res = app.get(&c, &format!("/api/users/{id}/photo")).await;
    assert_eq!(res.headers()["cache-control"], "private, no-cache");
}

#[tokio::test]
async fn the_data_directory_and_its_files_are_owner_only() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("perm@acme.example").await;
    let res = app
        .post_internship_with_video(&employer, "Perm", fixture_video())
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    let root = app.data_path();
    for dir in ["", "videos", "images", "tmp"] {
        assert_eq!(mode(&root.join(dir)), 0o700, "{dir}/");
    }
    assert_eq!(mode(&root.join("internreel.redb")), 0o600);
    for f in files_in(&root.join("videos"))
        .iter()
        .filter(|f| !f.starts_with("landing-"))
    {
        assert_eq!(mode(&root.join("videos").join(f)), 0o600, "{f}");
    }
}

#[tokio::test]
async fn comments_and_messages_of_invisible_characters_only_are_refused() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("blank@acme.example").await;
    let id = app.post_internship(&employer, "Blank").await["id"]
        .as_u64()
        .unwrap();
    let (student, me) = app.signup_student("blank@school.example").await;
    let path = format!("/api/internships/{id}/comments");
    for blank in [
        "\u{2800}\u{2800}\u{2800}",
        "\u{200B}\u{200B}",
        " \u{3164} ",
        "\u{FEFF}",
    ] {
        let (status, v) =
            message_of(app.post(&student, &path, json!({"content": blank})).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{blank:?}: {v}");
        assert_eq!(v["message"], "Comment cannot be empty");
    }
    let application: Value = app.apply(&student, id).await.json().await.unwrap();
    let thread = format!("/api/applications/{}/messages", application["id"]);
    let employer_id = app
        .get(&employer, "/api/employers/profile")
        .await
        .json::<Value>()
        .await
        .unwrap()["id"]
        .clone();
    let (status, v) = message_of(
        app.post(
            &student,
            &thread,
            json!({"content": "\u{2800}", "receiverId": employer_id}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(v["message"], "Message cannot be empty");
    let _ = me;
}

#[tokio::test]
async fn a_new_posting_cannot_have_a_deadline_in_the_past() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("past@acme.example").await;
    let mut body = internship_body("Already over");
    body["applicationDeadline"] = json!("2020-01-01");
    let (status, v) = message_of(app.post(&employer, "/api/internships", body).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(
        v["errors"]["applicationDeadline"],
        "Application deadline cannot be in the past"
    );
    assert_eq!(v["message"], "Application deadline cannot be in the past");
}

#[tokio::test]
async fn commenting_students_show_as_first_name_and_initial_without_their_id() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("names@acme.example").await;
    let id = app.post_internship(&employer, "Names").await["id"]
        .as_u64()
        .unwrap();
    let (author, me) = app.signup_student("noah@school.example").await;
    let path = format!("/api/internships/{id}/comments");
    assert_eq!(
        app.post(&author, &path, json!({"content": "Sounds fun!"}))
            .await
            .status(),
        StatusCode::CREATED
    );
    let (other, _) = app.signup_student("other@school.example").await;
    for (who, c) in [
        ("visitor", app.client()),
        ("student", other),
        ("employer", employer),
    ] {
        let list: Value = app.get(&c, &path).await.json().await.unwrap();
        let user = &list[0]["user"];
        assert_eq!(user["firstName"], "Sam", "{who}");
        assert_eq!(user["lastName"], "L.", "{who}");
        assert!(user["id"].is_null(), "{who} sees no id: {user}");
    }
    let list: Value = app.get(&author, &path).await.json().await.unwrap();
    assert_eq!(list[0]["user"]["lastName"], "Lee");
    assert_eq!(list[0]["user"]["id"], me["id"]);
}

#[tokio::test]
async fn a_state_change_referred_from_another_site_is_refused() {
    let app = spawn_app().await;
    let (c, _) = app.signup_student("referer@school.example").await;
    let res = c
        .post(app.url("/api/logout"))
        .header("referer", "https://evil.example/page")
        .send()
        .await
        .unwrap();
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(v["message"], "Cross-site requests are not allowed");
    assert_eq!(
        app.get(&c, "/api/auth/user").await.status(),
        StatusCode::OK,
        "still signed in"
    );
    let own = format!("{}/job-feed", app.addr);
    let res = c
        .post(app.url("/api/logout"))
        .header("referer", own)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
}

#[tokio::test]
async fn wrong_json_types_are_answered_plainly_naming_the_field() {
    let app = spawn_app().await;
    let (c, _) = app.signup_student("types@school.example").await;
    let (status, v) = message_of(
        app.post(
            &c,
            "/api/applications",
            json!({"internshipId": "seven", "status": "pending"}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        v["message"],
        "The field 'internshipId' must be a whole number"
    );
    let res = c
        .post(app.url("/api/applications"))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    let (_, v) = message_of(res).await;
    assert_eq!(v["message"], "The request body is not valid JSON");
}

/// A server with the shipped limits (the other suites run without them).
async fn spawn_limited() -> TestApp {
    crate::helpers::start_with_limits(internreel::limiter::Limits::default()).await
}

#[tokio::test]
async fn sign_ups_are_limited_per_address_duplicates_included() {
    let app = spawn_limited().await;
    let c = app.client();
    for n in 0..4 {
        let res = app
            .post(
                &c,
                "/api/users",
                student_body(&format!("s{n}@school.example")),
            )
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
    }
    // A duplicate counts too: the limit cannot be dodged by probing known addresses.
    let res = app
        .post(&c, "/api/users", student_body("s0@school.example"))
        .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let res = app
        .post(&c, "/api/employers", employer_body("e@acme.example"))
        .await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry: u64 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(retry > 3000 && retry <= 3600, "{retry}");
    let (_, v) = message_of(res).await;
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .starts_with("Too many sign-ups"),
        "{v}"
    );
}

#[tokio::test]
async fn comments_are_limited_per_account() {
    let app = spawn_limited().await;
    let (employer, _) = app.signup_employer("busy@acme.example").await;
    let id = app.post_internship(&employer, "Busy").await["id"]
        .as_u64()
        .unwrap();
    let (s, _) = app.signup_student("chatty@school.example").await;
    let path = format!("/api/internships/{id}/comments");
    for n in 0..10 {
        let res = app
            .post(&s, &path, json!({"content": format!("comment {n}")}))
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
    }
    let res = app
        .post(&s, &path, json!({"content": "one too many"}))
        .await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(res.headers().contains_key("retry-after"));
    // Someone else may still comment.
    let (other, _) = app.signup_student("calm@school.example").await;
    assert_eq!(
        app.post(&other, &path, json!({"content": "hello"}))
            .await
            .status(),
        StatusCode::CREATED
    );
}

/// A browser on another machine: its connections come from 127.0.0.2.
fn from_elsewhere() -> reqwest::Client {
    tls();
    reqwest::Client::builder()
        .cookie_store(true)
        .local_address(std::net::IpAddr::from([127, 0, 0, 2]))
        .build()
        .unwrap()
}

#[tokio::test]
async fn a_stranger_guessing_a_password_is_slowed_and_never_locks_the_owner_out() {
    let app = spawn_app().await;
    app.signup_student("victim@school.example").await;
    let right = json!({"email": "victim@school.example", "password": "secret1"});
    // The owner has signed in from her usual address before.
    let owner = from_elsewhere();
    assert_eq!(
        app.post(&owner, "/api/student-login", right.clone())
            .await
            .status(),
        StatusCode::OK
    );
    let stranger = app.client();
    let wrong = json!({"email": "victim@school.example", "password": "guess123"});
    for _ in 0..8 {
        assert_eq!(
            app.post(&stranger, "/api/student-login", wrong.clone())
                .await
                .status(),
            StatusCode::UNAUTHORIZED,
            "refused as wrong, never locked"
        );
    }
    // The stranger's next guess waits; the owner at her usual address does not.
    let started = std::time::Instant::now();
    app.post(&stranger, "/api/student-login", wrong).await;
    assert!(started.elapsed() >= std::time::Duration::from_millis(900));
    let started = std::time::Instant::now();
    assert_eq!(
        app.post(&owner, "/api/student-login", right).await.status(),
        StatusCode::OK
    );
    assert!(started.elapsed() < std::time::Duration::from_millis(900));
}

#[tokio::test]
async fn wrong_pins_lock_out_their_address_not_every_admin() {
    let app = spawn_app().await;
    app.admin().await;
    let stranger = app.client();
    for _ in 0..5 {
        app.post(&stranger, "/api/admin/login", json!({"pin": "999999"}))
            .await;
    }
    assert_eq!(
        app.post(&stranger, "/api/admin/login", json!({"pin": "135790"}))
            .await
            .status(),
        StatusCode::TOO_MANY_REQUESTS
    );
    let admin = from_elsewhere();
    assert_eq!(
        app.post(&admin, "/api/admin/login", json!({"pin": "135790"}))
            .await
            .status(),
        StatusCode::OK
    );
}

fn cli(data: &std::path::Path, args: &[&str], stdin: Option<&str>) -> String {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_internreel"))
        .arg("--data")
        .arg(data)
        .args(args)
        .env_remove("INTERNREEL_DATA")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
    }
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_pin_or_a_revoke_ends_admin_sessions_which_last_12_hours_at_most() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let res = app
        .post(&app.client(), "/api/admin/login", json!({"pin": "135790"}))
        .await;
    let cookie = res.headers()["set-cookie"].to_str().unwrap().to_string();
    assert!(cookie.contains("Max-Age=43200"), "{cookie}");
    assert_eq!(
        app.get(&admin, "/api/admin/session").await.status(),
        StatusCode::OK
    );
    let data = app.data_path();
    let said = tokio::task::spawn_blocking(move || {
        cli(&data, &["admin", "set-pin"], Some("a-new-pin-2026\n"))
    })
    .await
    .unwrap();
    assert!(
        said.contains("Set the admin pin; ended 2 admin session(s)"),
        "{said}"
    );
    assert_eq!(
        app.get(&admin, "/api/admin/session").await.status(),
        StatusCode::UNAUTHORIZED
    );

    let again = app.client();
    let res = app
        .post(&again, "/api/admin/login", json!({"pin": "a-new-pin-2026"}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let data = app.data_path();
    let said =
        tokio::task::spawn_blocking(move || cli(&data, &["admin", "sessions", "revoke"], None))
            .await
            .unwrap();
    assert!(said.contains("Ended 1 admin session(s)"), "{said}");
    assert_eq!(
        app.get(&again, "/api/admin/session").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_clients_are_capped_and_timed_out_while_others_are_served() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = spawn_app().await;
    let addr: std::net::SocketAddr = app.addr.trim_start_matches("http://").parse().unwrap();
    // More half-sent requests from one address than it may hold open.
    let mut slow = Vec::new();
    for _ in 0..(internreel::serve::PER_ADDRESS + 88) {
        let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
        let _ = s
            .write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            .await;
        slow.push(s);
    }
    // The excess was closed at once: those read end-of-stream, or a reset when the server
    // closed them with their half-sent request unread (Linux answers that close with RST).
    let mut closed = 0;
    for s in slow.iter_mut().rev().take(88) {
        let mut buf = [0u8; 64];
        match tokio::time::timeout(std::time::Duration::from_secs(2), s.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => closed += 1,
            _ => {}
        }
    }
    // (Connections race the accept loop, so not exactly the last 88 are the refused ones.)
    assert!(
        closed >= 50,
        "connections past the per-address cap are closed ({closed})"
    );
    // Someone else is served as usual meanwhile.
    tls();
    let other = reqwest::Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, 3]))
        .timeout(std::time::Duration::from_secs(5))
        .build()
        .unwrap();
    let res = other.get(app.url("/api/health")).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    // A connection that never finishes its headers is closed after the header-read timeout.
    let mut first = slow.remove(0);
    let mut buf = [0u8; 512];
    let waited = tokio::time::timeout(
        internreel::serve::HEADER_TIMEOUT + std::time::Duration::from_secs(10),
        first.read(&mut buf),
    )
    .await;
    assert!(
        matches!(waited, Ok(Ok(_)) | Ok(Err(_))),
        "the slow connection was closed"
    );
    drop(slow);
}

/// A browser at loopback address `127.0.0.{n}`: an attacker sending from many source addresses.
fn client_from(n: u8) -> Client {
    Client::builder()
        .cookie_store(true)
        .local_address(std::net::IpAddr::from([127, 0, 0, n]))
        .build()
        .unwrap()
}

/// Sends `n` requests at once (`make(i)` builds the i-th) and counts how many are answered
/// within `wait`; the rest are dropped. Parallel guesses that queue behind each other leave
/// most unanswered.
async fn answered_within(
    n: usize,
    wait: Duration,
    make: impl Fn(usize) -> reqwest::RequestBuilder,
) -> usize {
    let answered = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut sent = tokio::task::JoinSet::new();
    for i in 0..n {
        let (req, answered) = (make(i), answered.clone());
        sent.spawn(async move {
            let _ = req.send().await;
            answered.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        });
    }
    tokio::time::sleep(wait).await;
    sent.abort_all();
    answered.load(std::sync::atomic::Ordering::SeqCst)
}

async fn sign_in(app: &TestApp, c: &Client, email: &str, password: &str) -> StatusCode {
    c.post(app.url("/api/student-login"))
        .json(&json!({"email": email, "password": password}))
        .send()
        .await
        .unwrap()
        .status()
}

#[tokio::test]
async fn failed_sign_ins_slow_attackers_without_locking_a_school_out() {
    let app = spawn_app().await;
    app.signup_student("ava@school-nat.example").await;
    app.signup_student("ben@school-nat.example").await;

    // 100 failures with made-up e-mails from the school's one address lock nobody out.
    let school = client_from(2);
    let mut attempts = tokio::task::JoinSet::new();
    for n in 0..100 {
        let (app_url, c) = (app.url("/api/student-login"), school.clone());
        attempts.spawn(async move {
            c.post(app_url)
                .json(&json!({"email": format!("made.up.{n}@nowhere.example"), "password": "guess123"}))
                .send()
                .await
                .unwrap()
                .status()
        });
        if attempts.len() >= 4 {
            attempts.join_next().await;
        }
    }
    while attempts.join_next().await.is_some() {}
    assert_eq!(
        sign_in(&app, &school, "ava@school-nat.example", "secret1").await,
        StatusCode::OK,
        "a real student at the same address still signs in"
    );

    // Ten wrong guesses by a classmate at school do not lock Ben out there.
    let classmate = client_from(3);
    let ben = client_from(3);
    assert_eq!(
        sign_in(&app, &ben, "ben@school-nat.example", "secret1").await,
        StatusCode::OK
    );
    for _ in 0..10 {
        assert_eq!(
            sign_in(&app, &classmate, "ben@school-nat.example", "wrong-guess").await,
            StatusCode::UNAUTHORIZED
        );
    }
    assert_eq!(
        sign_in(&app, &ben, "ben@school-nat.example", "secret1").await,
        StatusCode::OK
    );
}

#[tokio::test]
async fn parallel_guesses_queue_behind_each_other_while_the_owner_signs_in() {
    let app = spawn_app().await;
    app.signup_student("cara@guessed.example").await;
    let home = client_from(5);
    assert_eq!(
        sign_in(&app, &home, "cara@guessed.example", "secret1").await,
        StatusCode::OK
    );

    // 16 guesses at once from another address: one password check at a time, each waiting
    // longer than the one before once the first five have failed.
    let attacker = client_from(4);
    let url = app.url("/api/student-login");
    let guessing = answered_within(16, Duration::from_secs(4), |n| {
        attacker
            .post(&url)
            .json(&json!({"email": "cara@guessed.example", "password": format!("guess-{n}")}))
    });
    // Meanwhile (the guesses are still queued) the owner, at home where she signed in before,
    // is not held up.
    let owner = async {
        tokio::time::sleep(Duration::from_secs(1)).await;
        let started = std::time::Instant::now();
        let status = sign_in(&app, &home, "cara@guessed.example", "secret1").await;
        (status, started.elapsed())
    };
    let (by_now, (status, took)) = tokio::join!(guessing, owner);
    assert!(
        by_now < 12,
        "{by_now} of 16 parallel guesses answered within 4 s"
    );
    assert_eq!(status, StatusCode::OK);
    assert!(took < Duration::from_secs(2), "{took:?}");
}

#[tokio::test]
async fn wrong_admin_pins_from_many_addresses_queue_behind_each_other() {
    let app = spawn_app().await;
    let _admin = app.admin().await;
    let url = app.url("/api/admin/login");
    let by_now = answered_within(30, Duration::from_secs(5), |n| {
        client_from(10 + n as u8)
            .post(&url)
            .json(&json!({"pin": format!("{n:06}")}))
    })
    .await;
    assert!(
        by_now < 20,
        "{by_now} of 30 wrong pins from 30 addresses answered within 5 s"
    );
}

#[tokio::test]
async fn a_live_session_is_no_way_around_the_sign_in_throttle() {
    let app = spawn_app().await;
    let (c, _) = app.signup_student("dana@session.example").await;
    let url = app.url("/api/users/me/password");
    let by_now = answered_within(14, Duration::from_secs(4), |n| {
        c.put(&url)
            .json(&json!({"currentPassword": format!("guess-{n}"), "newPassword": "whatever-long"}))
    })
    .await;
    assert!(
        by_now < 11,
        "{by_now} of 14 password guesses answered within 4 s"
    );
}

#[tokio::test]
async fn strangers_reset_requests_never_block_the_owners_own() {
    let app = start_with_limits(internreel::limiter::Limits::default()).await;
    app.signup_student("eve@reset-flood.example").await;
    for n in 0..5u8 {
        let res = client_from(40 + n)
            .post(app.url("/api/password-reset"))
            .json(&json!({"email": "eve@reset-flood.example"}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::ACCEPTED);
    }
    // The owner, from her own address, gets the same answer (no 429).
    let res = client_from(50)
        .post(app.url("/api/password-reset"))
        .json(&json!({"email": "eve@reset-flood.example"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    // And at most one mail went out in these five minutes.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let queued = {
        use internreel::store::Reader;
        let r = app.state.store().read().unwrap();
        r.scan_rev(|m: &internreel::store::outbox::Mail| {
            m.to == "eve@reset-flood.example" && m.subject.contains("password")
        })
        .unwrap()
        .len()
    };
    assert_eq!(queued, 1);
}

#[tokio::test]
async fn a_request_body_that_stalls_does_not_hold_its_connection() {
    use tokio::io::AsyncWriteExt;
    let app = spawn_app().await;
    let addr = app.addr.trim_start_matches("http://").to_string();
    let mut s = tokio::net::TcpStream::connect(&addr).await.unwrap();
    s.write_all(
        format!("POST /api/contact HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{{\"name\":")
            .as_bytes(),
    )
    .await
    .unwrap();
    let started = std::time::Instant::now();
    let closed = crate::helpers::closed_within(&mut s, Duration::from_secs(60)).await;
    assert!(
        closed,
        "a stalled body still holds the connection after 60 s"
    );
    assert!(
        started.elapsed() >= Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
}

#[tokio::test]
async fn blocking_reveals_no_company_a_student_could_not_know_and_media_caches_are_short() {
    let app = spawn_reviewed(false).await;
    let (_, pending) = app.signup_employer("quiet@pending-block.example").await;
    let (student, _) = app.signup_student("kid@block.example").await;
    let res = app
        .post(
            &student,
            "/api/blocks",
            json!({"employerId": pending["id"]}),
        )
        .await;
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{v}");
    assert!(!v.to_string().contains("Acme"), "{v}");

    // A posting's video is cached for minutes, not a year: a posting the district hides
    // leaves caches soon.
    let admin = app.admin().await;
    let (employer, me) = app.signup_employer("boss@media-cache.example").await;
    verify(&app, &admin, me["id"].as_u64().unwrap()).await;
    let res = app
        .post_internship_with_video(&employer, "Cached", fixture_video())
        .await;
    let p = body(res).await;
    let url = p["videoUrl"].as_str().unwrap().to_string();
    let res = app.get(&app.client(), &url).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["cache-control"], "public, max-age=600");
}
