//! E-mail and password recovery (#22): the outbox, a real SMTP exchange with a listener in this
//! process, password reset end to end and password change.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

use crate::helpers::*;

/// A small SMTP server: accepts every mail and keeps its DATA.
#[derive(Clone, Default)]
struct Inbox(Arc<Mutex<Vec<String>>>);

impl Inbox {
    fn mails(&self) -> Vec<String> {
        self.0.lock().unwrap().clone()
    }

    async fn wait_for(&self, n: usize) -> Vec<String> {
        for _ in 0..200 {
            let m = self.mails();
            if m.len() >= n {
                return m;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("only {} of {n} mails arrived", self.mails().len());
    }
}

async fn smtp_server(listener: TcpListener, inbox: Inbox) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            return;
        };
        let inbox = inbox.clone();
        tokio::spawn(async move {
            let (read, mut write) = stream.into_split();
            let mut lines = BufReader::new(read).lines();
            let _ = write.write_all(b"220 test.example ESMTP\r\n").await;
            let mut data: Option<String> = None;
            while let Ok(Some(line)) = lines.next_line().await {
                if let Some(body) = data.as_mut() {
                    if line == "." {
                        inbox.0.lock().unwrap().push(std::mem::take(body));
                        data = None;
                        let _ = write.write_all(b"250 2.0.0 queued\r\n").await;
                    } else {
                        body.push_str(&line);
                        body.push('\n');
                    }
                    continue;
                }
                let verb = line
                    .split_whitespace()
                    .next()
                    .unwrap_or("")
                    .to_ascii_uppercase();
                let reply: &[u8] = match verb.as_str() {
                    "EHLO" | "HELO" => b"250 test.example\r\n",
                    "DATA" => {
                        data = Some(String::new());
                        b"354 go ahead\r\n"
                    }
                    "QUIT" => {
                        let _ = write.write_all(b"221 bye\r\n").await;
                        return;
                    }
                    _ => b"250 OK\r\n",
                };
                let _ = write.write_all(reply).await;
            }
        });
    }
}

/// A free port nothing listens on (yet).
async fn free_port() -> u16 {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    l.local_addr().unwrap().port()
}

async fn start_mailing(data: tempfile::TempDir, smtp_port: Option<u16>) -> TestApp {
    let config = internreel::Config {
        smtp_url: smtp_port.map(|p| format!("smtp://127.0.0.1:{p}")),
        mail_from: "district@lakeside.example".into(),
        limits: internreel::limiter::Limits::off(),
        employer_approval: internreel::domain::review::Approval::Off,
        ..internreel::Config::new(data.path().to_path_buf(), "127.0.0.1:0")
    };
    start_with_config(data, config).await
}

fn link_in(mail: &str) -> String {
    // Quoted-printable may wrap long lines with "=" at the end; undo that first.
    let joined = mail.replace("=\n", "").replace("=3D", "=");
    let start = joined
        .find("http://localhost:8080/reset-password?token=")
        .expect("a reset link");
    joined[start..]
        .chars()
        .take_while(|c| !c.is_whitespace() && *c != '<' && *c != '"')
        .collect()
}

fn token_of(link: &str) -> String {
    let after = link.split("token=").nth(1).expect("a token");
    after.split('&').next().unwrap().to_string()
}

async fn json_of(res: reqwest::Response) -> (StatusCode, Value) {
    message_of(res).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forgotten_password_is_reset_by_an_emailed_single_use_link() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let inbox = Inbox::default();
    tokio::spawn(smtp_server(listener, inbox.clone()));
    let app = start_mailing(tempfile::tempdir().unwrap(), Some(port)).await;
    let (old_session, _) = app.signup_student("ava@reset.example").await;

    // Known and unknown addresses get the same answer.
    let c = app.client();
    let known = json_of(
        app.post(
            &c,
            "/api/password-reset",
            json!({"email": "Ava@Reset.example"}),
        )
        .await,
    )
    .await;
    let unknown = json_of(
        app.post(
            &c,
            "/api/password-reset",
            json!({"email": "nobody@reset.example"}),
        )
        .await,
    )
    .await;
    assert_eq!(known, unknown);
    assert_eq!(known.0, StatusCode::ACCEPTED);
    let bad = json_of(
        app.post(&c, "/api/password-reset", json!({"email": "not-an-email"}))
            .await,
    )
    .await;
    assert_eq!(bad.0, StatusCode::BAD_REQUEST);

    // One mail, to the known address, with the link; the outbox marks it sent.
    let mails = inbox.wait_for(1).await;
    assert!(mails[0].contains("To: ava@reset.example"), "{}", mails[0]);
    assert!(mails[0].contains("Reset your InternReel password"));
    assert!(
        mails[0].contains("Your school district via InternReel"),
        "{}",
        mails[0]
    );
    let token = token_of(&link_in(&mails[0]));
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(inbox.mails().len(), 1, "nothing for the unknown address");

    // The role's rule, then the change: every session ends, the old password fails.
    let short = json_of(
        app.post(
            &c,
            "/api/password-reset/confirm",
            json!({"token": token, "password": "abc"}),
        )
        .await,
    )
    .await;
    assert_eq!(
        short,
        (
            StatusCode::BAD_REQUEST,
            json!({"message": "Password must be at least 6 characters"})
        )
    );
    let ok = json_of(
        app.post(
            &c,
            "/api/password-reset/confirm",
            json!({"token": token, "password": "new-secret"}),
        )
        .await,
    )
    .await;
    assert_eq!(
        ok,
        (
            StatusCode::OK,
            json!({"message": "Password changed. Please sign in.", "userType": "student"})
        )
    );
    assert_eq!(
        app.get(&old_session, "/api/auth/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
    let again = json_of(
        app.post(
            &c,
            "/api/password-reset/confirm",
            json!({"token": token, "password": "other-secret"}),
        )
        .await,
    )
    .await;
    assert_eq!(
        again,
        (
            StatusCode::BAD_REQUEST,
            json!({"message": "This reset link is invalid or has expired. Please ask for a new one."})
        )
    );
    let login = |pw: &'static str| {
        let c = app.client();
        let url = app.url("/api/student-login");
        async move {
            c.post(url)
                .json(&json!({"email": "ava@reset.example", "password": pw}))
                .send()
                .await
                .unwrap()
                .status()
        }
    };
    assert_eq!(login("secret1").await, StatusCode::UNAUTHORIZED);
    assert_eq!(login("new-secret").await, StatusCode::OK);

    // An expired token is refused like a used one.
    app.post(
        &c,
        "/api/password-reset",
        json!({"email": "ava@reset.example"}),
    )
    .await;
    let token = token_of(&link_in(&inbox.wait_for(2).await[1]));
    app.state
        .store()
        .write(|w| {
            use internreel::store::Reader;
            let mut t: Vec<internreel::store::outbox::ResetToken> = w.scan_rev(|_| true)?;
            t[0].expires_at = 0;
            w.put(&t[0])
        })
        .unwrap();
    let expired = json_of(
        app.post(
            &c,
            "/api/password-reset/confirm",
            json!({"token": token, "password": "third-secret"}),
        )
        .await,
    )
    .await;
    assert_eq!(expired.0, StatusCode::BAD_REQUEST);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mail_queued_while_smtp_is_down_is_delivered_after_a_restart() {
    let port = free_port().await;
    let app = start_mailing(tempfile::tempdir().unwrap(), Some(port)).await;
    app.signup_student("ben@outage.example").await;
    app.post(
        &app.client(),
        "/api/password-reset",
        json!({"email": "ben@outage.example"}),
    )
    .await;
    // The attempt fails (nothing listens) and the mail stays queued.
    let data = app.data_path();
    let mut queued = false;
    for _ in 0..100 {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_internreel"))
            .arg("--data")
            .arg(&data)
            .args(["mail", "list", "--json"])
            .output()
            .unwrap();
        let list: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
        if list[0]["status"] == "queued" && list[0]["attempts"].as_u64() >= Some(1) {
            queued = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(queued, "the failed mail stays queued");
    let data = app.stop().await;

    // The SMTP server comes up; the restarted server delivers the mail at once.
    let listener = TcpListener::bind(("127.0.0.1", port)).await.unwrap();
    let inbox = Inbox::default();
    tokio::spawn(smtp_server(listener, inbox.clone()));
    let app = start_mailing(data, Some(port)).await;
    let mails = inbox.wait_for(1).await;
    assert!(mails[0].contains("ben@outage.example"));
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(inbox.mails().len(), 1, "delivered once");
    drop(app);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_smtp_the_outbox_is_the_delivery_and_an_admin_can_print_a_link() {
    let app = start_mailing(tempfile::tempdir().unwrap(), None).await;
    app.signup_employer("cara@outbox.example").await;
    app.post(
        &app.client(),
        "/api/password-reset",
        json!({"email": "cara@outbox.example"}),
    )
    .await;
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_internreel"))
            .arg("--data")
            .arg(app.data_path())
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).to_string()
    };
    let mut listed = String::new();
    for _ in 0..50 {
        listed = run(&["mail", "list"]);
        // The welcome e-mail of the sign-up is there first; the reset e-mail follows.
        if listed.contains("/reset-password?token=") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(
        listed.contains("to cara@outbox.example") && listed.contains("(outbox-only)"),
        "{listed}"
    );
    let token = token_of(&link_in(&listed));
    // The admin's fallback replaces the e-mailed link with a fresh one.
    let printed = run(&["users", "reset-link", "cara@outbox.example"]);
    let fresh = token_of(&link_in(&printed));
    let c = app.client();
    let old = json_of(
        app.post(
            &c,
            "/api/password-reset/confirm",
            json!({"token": token, "password": "longer-secret"}),
        )
        .await,
    )
    .await;
    assert_eq!(
        old.0,
        StatusCode::BAD_REQUEST,
        "a newer link replaces the older one"
    );
    let short = json_of(
        app.post(
            &c,
            "/api/password-reset/confirm",
            json!({"token": fresh, "password": "seven77"}),
        )
        .await,
    )
    .await;
    assert_eq!(short.1["message"], "Password must be at least 8 characters");
    let ok = json_of(
        app.post(
            &c,
            "/api/password-reset/confirm",
            json!({"token": fresh, "password": "longer-secret"}),
        )
        .await,
    )
    .await;
    assert_eq!(ok.1["userType"], "employer");
}

#[tokio::test]
async fn a_signed_in_user_changes_their_password_and_other_sessions_end() {
    let app = spawn_app().await;
    let (here, user) = app.signup_student("dan@change.example").await;
    let elsewhere = app.client();
    let res = app
        .post(
            &elsewhere,
            "/api/student-login",
            json!({"email": "dan@change.example", "password": "secret1"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let change = |current: &'static str, new: &'static str| {
        here.put(app.url("/api/users/me/password"))
            .json(&json!({"currentPassword": current, "newPassword": new}))
            .send()
    };
    let wrong = json_of(change("nope-nope", "brand-new").await.unwrap()).await;
    assert_eq!(
        wrong,
        (
            StatusCode::FORBIDDEN,
            json!({"message": "Your current password is not correct"})
        )
    );
    let short = json_of(change("secret1", "abc").await.unwrap()).await;
    assert_eq!(short.0, StatusCode::BAD_REQUEST);
    let ok = json_of(change("secret1", "brand-new").await.unwrap()).await;
    assert_eq!(
        ok.1["message"],
        "Password changed. You were signed out everywhere else."
    );
    assert_eq!(
        app.get(&here, "/api/auth/user").await.status(),
        StatusCode::OK,
        "this session stays"
    );
    assert_eq!(
        app.get(&elsewhere, "/api/auth/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(user["email"], "dan@change.example");
    let visitor = app.client();
    let res = visitor
        .put(app.url("/api/users/me/password"))
        .json(&json!({"currentPassword": "x", "newPassword": "y"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
}

async fn notes(app: &TestApp, c: &reqwest::Client) -> Value {
    let res = app.get(c, "/api/notifications").await;
    assert_eq!(res.status(), StatusCode::OK);
    res.json().await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notifications_are_listed_pushed_over_ws_and_emailed_unless_turned_off() {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::Message;
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let inbox = Inbox::default();
    tokio::spawn(smtp_server(listener, inbox.clone()));
    let app = start_mailing(tempfile::tempdir().unwrap(), Some(port)).await;
    let (employer, e) = app.signup_employer("boss@notes.example").await;
    let (student, s) = app.signup_student("kid@notes.example").await;
    let posting = app.post_internship(&employer, "Robot helper").await;

    // The employer listens on /ws; the student applies.
    let cookie = crate::messages::login_cookie(
        &app,
        "/api/employers/login",
        "boss@notes.example",
        "longsecret",
    )
    .await;
    let mut ws = crate::messages::ws_connect(&app, Some(cookie))
        .await
        .unwrap();
    ws.send(Message::Text(
        json!({"type": "join", "userId": e["id"]})
            .to_string()
            .into(),
    ))
    .await
    .unwrap();
    assert_eq!(
        crate::messages::next_json(&mut ws).await.unwrap()["type"],
        "joined"
    );
    let res = app.apply(&student, posting["id"].as_u64().unwrap()).await;
    let application = res.json::<Value>().await.unwrap()["id"].as_u64().unwrap();
    let pushed = crate::messages::next_json(&mut ws)
        .await
        .expect("a pushed notification");
    assert_eq!(pushed["type"], "notification");
    assert_eq!(pushed["notification"]["kind"], "new_application");
    assert_eq!(
        pushed["notification"]["text"],
        "Sam applied to \"Robot helper\"."
    );
    let list = notes(&app, &employer).await;
    assert_eq!(
        (
            list["unreadCount"].as_u64(),
            list["notifications"][0]["link"].as_str()
        ),
        (Some(1), Some("/employer-dashboard"))
    );

    // E-mails: the employer's welcome, its notification and the student's confirmation.
    let mails = inbox.wait_for(3).await;
    assert!(mails.iter().any(|m| m.contains("To: boss@notes.example")));
    let confirmation = mails
        .iter()
        .find(|m| m.contains("To: kid@notes.example"))
        .expect("the confirmation e-mail");
    assert!(
        confirmation.contains("Application sent: Robot helper"),
        "{confirmation}"
    );

    // The student turns e-mails off: the status change is listed, not e-mailed.
    let res = student
        .put(app.url("/api/users/me/notification-settings"))
        .json(&json!({"emailNotifications": false}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let settings: Value = app
        .get(&student, "/api/users/me/notification-settings")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(settings["emailNotifications"], false);
    let res = app
        .put(
            &employer,
            &format!("/api/employers/applications/{application}"),
            json!({"status": "interview_requested"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let list = notes(&app, &student).await;
    let n = &list["notifications"][0];
    assert_eq!(n["kind"], "application_status");
    assert_eq!(
        n["text"],
        "Your application to \"Robot helper\" at Acme Robotics moved to Interview Requested."
    );
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(inbox.mails().len(), 3, "no e-mail once turned off");

    // Marking read: one's own only, by ids or all.
    let other = notes(&app, &employer).await["notifications"][0]["id"]
        .as_u64()
        .unwrap();
    let res = app
        .post(&student, "/api/notifications/read", json!({"ids": [other]}))
        .await;
    assert_eq!(res.json::<Value>().await.unwrap()["marked"], 0);
    let res = app
        .post(&employer, "/api/notifications/read", json!({"all": true}))
        .await;
    assert_eq!(res.json::<Value>().await.unwrap()["marked"], 1);
    assert_eq!(notes(&app, &employer).await["unreadCount"], 0);

    // The one-click link in the employer's e-mail turns its e-mails off.
    let mail = mails
        .iter()
        .find(|m| m.contains("To: boss@notes.example") && m.contains("email-off"))
        .unwrap();
    let joined = mail.replace("=\n", "").replace("=3D", "=");
    let at = joined.find("/api/email-off?token=").unwrap();
    let path: String = joined[at..]
        .chars()
        .take_while(|c| !c.is_whitespace() && !matches!(*c, '<' | '>' | '"'))
        .collect();
    // RFC 8058's headers, so mail clients offer a one-click unsubscribe that POSTs.
    assert!(
        mail.contains("List-Unsubscribe: <http://localhost:8080/api/email-off?token="),
        "{mail}"
    );
    assert!(
        mail.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"),
        "{mail}"
    );
    // Opening the link (what a mail scanner does) asks first and changes nothing.
    let res = app.get(&app.client(), &path).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.text().await.unwrap().contains("Turn e-mails off"));
    let settings: Value = app
        .get(&employer, "/api/users/me/notification-settings")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        settings["emailNotifications"], true,
        "a GET turns nothing off"
    );
    // The one-click POST (a mail client's, with RFC 8058's body) turns them off.
    let res = app
        .client()
        .post(app.url(&path))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert!(
        res.text()
            .await
            .unwrap()
            .contains("Notification e-mails are off")
    );
    let settings: Value = app
        .get(&employer, "/api/users/me/notification-settings")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(settings["emailNotifications"], false);
    assert_eq!(
        app.get(&app.client(), "/api/email-off?token=nonsense")
            .await
            .status(),
        StatusCode::NOT_FOUND
    );

    // A message left unread for 15 minutes: one digest, not repeated.
    let res = app
        .post(
            &student,
            &format!("/api/applications/{application}/messages"),
            json!({"content": "Hello!", "receiverId": e["id"]}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let later = internreel::clock::now_ms() + internreel::services::notify::DIGEST_AFTER_MS + 1000;
    let made = internreel::services::notify::digest_unread(&app.state.services, later).unwrap();
    assert_eq!(made.len(), 1);
    assert_eq!(
        internreel::i18n::Lang::En.tr(&made[0].text),
        "You have an unread message."
    );
    assert!(
        internreel::services::notify::digest_unread(&app.state.services, later)
            .unwrap()
            .is_empty()
    );
    let _ = s;
    let visitor = app.client();
    assert_eq!(
        app.get(&visitor, "/api/notifications").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn the_owner_hears_about_many_failed_sign_ins_to_their_account() {
    let app = spawn_app().await;
    let (owner, _) = app.signup_student("eve@guessed.example").await;
    // Nineteen failures from elsewhere (the per-address lock keeps one address below that).
    for _ in 0..19 {
        app.state
            .account_failures
            .record_failure("account:eve@guessed.example");
    }
    let res = app
        .post(
            &app.client(),
            "/api/student-login",
            json!({"email": "eve@guessed.example", "password": "wrong-guess"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    let list = notes(&app, &owner).await;
    assert_eq!(list["notifications"][0]["kind"], "sign_in_failures");
    assert!(
        list["notifications"][0]["text"]
            .as_str()
            .unwrap()
            .contains("change your password")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn employers_confirm_their_address_by_the_welcome_e_mails_link() {
    let app = start_mailing(tempfile::tempdir().unwrap(), None).await;
    let (employer, _) = app.signup_employer("dana@confirm.example").await;
    let confirmed = |c: reqwest::Client| {
        let app = &app;
        async move {
            let me: Value = app.get(&c, "/api/auth/user").await.json().await.unwrap();
            me["emailConfirmed"].clone()
        }
    };
    assert_eq!(confirmed(employer.clone()).await, json!(false));
    let admin = app.admin().await;
    let in_review = |admin: reqwest::Client| {
        let app = &app;
        async move {
            let list: Value = app
                .get(&admin, "/api/admin/employers")
                .await
                .json()
                .await
                .unwrap();
            list["employers"]
                .as_array()
                .unwrap()
                .iter()
                .find(|e| e["email"] == "dana@confirm.example")
                .unwrap()["emailConfirmed"]
                .clone()
        }
    };
    assert_eq!(in_review(admin.clone()).await, json!(false));

    // The welcome e-mail waits in the outbox (no SMTP here) with the link.
    let listed = {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_internreel"))
            .arg("--data")
            .arg(app.data_path())
            .args(["mail", "list"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).to_string()
    };
    assert!(
        listed.contains("Welcome to InternReel: confirm your e-mail address"),
        "{listed}"
    );
    let start = listed
        .find("http://localhost:8080/confirm-email?token=")
        .expect("a confirmation link");
    let link: String = listed[start..]
        .chars()
        .take_while(|c| !c.is_whitespace())
        .collect();
    let token = token_of(&link);

    // Anyone holding the link confirms, once; a bad token is refused alike.
    let c = app.client();
    let bad = json_of(
        app.post(
            &c,
            "/api/email-confirmation",
            json!({"token": "f".repeat(64)}),
        )
        .await,
    )
    .await;
    assert_eq!(bad.0, StatusCode::BAD_REQUEST);
    assert_eq!(
        bad.1["message"],
        "This confirmation link is invalid or has expired. Sign in and send a new one from your dashboard."
    );
    let ok = json_of(
        app.post(&c, "/api/email-confirmation", json!({"token": token}))
            .await,
    )
    .await;
    assert_eq!(ok.0, StatusCode::OK);
    assert_eq!(ok.1["message"], "Your e-mail address is confirmed.");
    let again = json_of(
        app.post(&c, "/api/email-confirmation", json!({"token": token}))
            .await,
    )
    .await;
    assert_eq!(again.0, StatusCode::BAD_REQUEST);
    assert_eq!(confirmed(employer.clone()).await, json!(true));
    assert_eq!(in_review(admin.clone()).await, json!(true));
    let already = json_of(
        app.post(&employer, "/api/users/me/email-confirmation", json!({}))
            .await,
    )
    .await;
    assert_eq!(
        already,
        (
            StatusCode::OK,
            json!({"message": "Your e-mail address is already confirmed."})
        )
    );

    // A new address is unconfirmed until its own link is opened; a new link can be asked for.
    let mut profile = employer_body("dana.new@confirm.example");
    profile["phone"] = json!("(555) 010-0199");
    let res = app.put(&employer, "/api/employers/profile", profile).await;
    assert_eq!(res.status(), StatusCode::OK);
    let updated: Value = res.json().await.unwrap();
    assert_eq!(updated["emailConfirmed"], json!(false));
    assert_eq!(confirmed(employer.clone()).await, json!(false));
    let sent = json_of(
        app.post(&employer, "/api/users/me/email-confirmation", json!({}))
            .await,
    )
    .await;
    assert_eq!(
        sent,
        (
            StatusCode::ACCEPTED,
            json!({"message": "We sent a new confirmation link to dana.new@confirm.example."})
        )
    );
}
