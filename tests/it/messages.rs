//! Messaging and the /ws push.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::{self, Message};

use crate::helpers::*;

async fn body(res: reqwest::Response) -> Value {
    res.json().await.unwrap_or(Value::Null)
}

struct Thread {
    student: reqwest::Client,
    student_id: u64,
    employer: reqwest::Client,
    employer_id: u64,
    application: u64,
}

async fn thread(app: &TestApp) -> Thread {
    let (employer, e) = app.signup_employer("talk@acme.example").await;
    let id = app.post_internship(&employer, "Chatty").await["id"]
        .as_u64()
        .unwrap();
    let (student, s) = app.signup_student("talk@school.example").await;
    let a: Value = app.apply(&student, id).await.json().await.unwrap();
    Thread {
        student,
        student_id: s["id"].as_u64().unwrap(),
        employer,
        employer_id: e["id"].as_u64().unwrap(),
        application: a["id"].as_u64().unwrap(),
    }
}

#[tokio::test]
async fn only_the_two_parties_read_and_write_a_thread() {
    let app = spawn_app().await;
    let t = thread(&app).await;
    let path = format!("/api/applications/{}/messages", t.application);
    let res = app
        .post(
            &t.student,
            &path,
            json!({"content": " Hello! ", "receiverId": t.employer_id}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let m: Value = res.json().await.unwrap();
    assert_eq!(m["content"], "Hello!");
    assert_eq!(m["senderName"], "Sam Lee");
    assert_eq!(m["readAt"], Value::Null);

    let (stranger, _) = app.signup_student("stranger@school.example").await;
    let (other_employer, _) = app.signup_employer("other@acme.example").await;
    for c in [&stranger, &other_employer] {
        assert_eq!(app.get(c, &path).await.status(), StatusCode::FORBIDDEN);
        assert_eq!(
            app.post(
                c,
                &path,
                json!({"content": "hi", "receiverId": t.student_id})
            )
            .await
            .status(),
            StatusCode::FORBIDDEN
        );
    }
    assert_eq!(
        app.get(&app.client(), &path).await.status(),
        StatusCode::UNAUTHORIZED
    );

    // receiverId must be the other party; length 1..500 after trimming.
    assert_eq!(
        app.post(
            &t.student,
            &path,
            json!({"content": "hi", "receiverId": t.student_id})
        )
        .await
        .status(),
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        app.post(
            &t.student,
            &path,
            json!({"content": "   ", "receiverId": t.employer_id})
        )
        .await
        .status(),
        StatusCode::BAD_REQUEST
    );
    let (status, body) = message_of(
        app.post(
            &t.student,
            &path,
            json!({"content": "x".repeat(501), "receiverId": t.employer_id}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["message"].as_str().unwrap().contains("500"));
    assert_eq!(
        app.post(
            &t.student,
            &path,
            json!({"content": "x".repeat(500), "receiverId": t.employer_id})
        )
        .await
        .status(),
        StatusCode::CREATED
    );

    // The employer's inbox shows both unread; reading the thread marks them read.
    let inbox: Vec<Value> = app
        .get(
            &t.employer,
            &format!("/api/users/{}/messages", t.employer_id),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(inbox.len(), 2);
    assert!(inbox.iter().all(|m| m["readAt"].is_null()));
    assert_eq!(
        app.get(
            &t.student,
            &format!("/api/users/{}/messages", t.employer_id)
        )
        .await
        .status(),
        StatusCode::FORBIDDEN
    );
    // Reading the thread changes nothing (a GET can come from another site)...
    let read: Vec<Value> = app.get(&t.employer, &path).await.json().await.unwrap();
    assert_eq!(read.len(), 2);
    assert!(read.iter().all(|m| m["readAt"].is_null()));
    // ...the POST the app sends when it shows the thread marks them read, for the receiver only.
    let marked: Value = app
        .post(&t.student, &format!("{path}/read"), json!({}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(marked["marked"], 0, "the sender marks nothing of their own");
    let marked: Value = app
        .post(&t.employer, &format!("{path}/read"), json!({}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(marked["marked"], 2);
    let read: Vec<Value> = app.get(&t.employer, &path).await.json().await.unwrap();
    assert!(read.iter().all(|m| m["readAt"].is_string()));
    // The sender's own view shows them read too (two checks).
    let seen: Vec<Value> = app.get(&t.student, &path).await.json().await.unwrap();
    assert!(seen.iter().all(|m| m["readAt"].is_string()));
}

#[tokio::test]
async fn messages_stay_possible_after_a_final_status() {
    let app = spawn_app().await;
    let t = thread(&app).await;
    let status_path = format!("/api/employers/applications/{}", t.application);
    assert_eq!(
        app.put(&t.employer, &status_path, json!({"status": "rejected"}))
            .await
            .status(),
        StatusCode::OK
    );
    let path = format!("/api/applications/{}/messages", t.application);
    let res = app
        .post(
            &t.employer,
            &path,
            json!({"content": "Thanks for applying!", "receiverId": t.student_id}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
}

pub(crate) async fn ws_connect(
    app: &TestApp,
    client_cookie: Option<String>,
) -> Result<
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
    tungstenite::Error,
> {
    use tungstenite::client::IntoClientRequest;
    let url = app.addr.replace("http://", "ws://") + "/ws";
    let mut req = url.into_client_request().unwrap();
    if let Some(c) = client_cookie {
        req.headers_mut().insert("cookie", c.parse().unwrap());
    }
    tokio_tungstenite::connect_async(req).await.map(|(s, _)| s)
}

pub(crate) async fn login_cookie(app: &TestApp, path: &str, email: &str, password: &str) -> String {
    let res = app
        .post(
            &app.client(),
            path,
            json!({"email": email, "password": password}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    res.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string()
}

pub(crate) async fn next_json<S>(ws: &mut S) -> Option<Value>
where
    S: futures_util::Stream<Item = Result<Message, tungstenite::Error>> + Unpin,
{
    loop {
        match tokio::time::timeout(Duration::from_millis(1500), ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => return serde_json::from_str(t.as_str()).ok(),
            Ok(Some(Ok(Message::Ping(_) | Message::Pong(_)))) => continue,
            _ => return None,
        }
    }
}

#[tokio::test]
async fn ws_needs_a_session_and_a_join_as_yourself() {
    let app = spawn_app().await;
    let t = thread(&app).await;
    match ws_connect(&app, None).await {
        Err(tungstenite::Error::Http(res)) => assert_eq!(res.status(), 401),
        other => panic!("expected a 401 refusal, got {:?}", other.map(|_| ())),
    }
    let cookie = login_cookie(&app, "/api/student-login", "talk@school.example", "secret1").await;
    let mut ws = ws_connect(&app, Some(cookie)).await.expect("upgrade");
    ws.send(Message::Text(
        json!({"type": "join", "userId": t.employer_id})
            .to_string()
            .into(),
    ))
    .await
    .unwrap();
    let reply = next_json(&mut ws).await.expect("an error frame");
    assert_eq!(reply["type"], "error");
    // Then the server closes the socket.
    let closed = tokio::time::timeout(Duration::from_secs(3), async {
        loop {
            match ws.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return true,
                _ => continue,
            }
        }
    })
    .await
    .unwrap_or(false);
    assert!(closed);
}

#[tokio::test]
async fn a_stored_message_is_pushed_to_the_receiver_and_no_one_else() {
    let app = spawn_app().await;
    let t = thread(&app).await;
    app.signup_student("bystander@school.example").await;
    let student_cookie =
        login_cookie(&app, "/api/student-login", "talk@school.example", "secret1").await;
    let stranger_cookie = login_cookie(
        &app,
        "/api/student-login",
        "bystander@school.example",
        "secret1",
    )
    .await;

    let mut student_ws = ws_connect(&app, Some(student_cookie)).await.unwrap();
    student_ws
        .send(Message::Text(
            json!({"type": "join", "userId": t.student_id})
                .to_string()
                .into(),
        ))
        .await
        .unwrap();
    assert_eq!(next_json(&mut student_ws).await.unwrap()["type"], "joined");
    let mut stranger_ws = ws_connect(&app, Some(stranger_cookie)).await.unwrap();

    // A client-sent new_message is never relayed.
    stranger_ws
        .send(Message::Text(
            json!({"type": "new_message", "applicationId": t.application})
                .to_string()
                .into(),
        ))
        .await
        .unwrap();

    let path = format!("/api/applications/{}/messages", t.application);
    let res = app
        .post(
            &t.employer,
            &path,
            json!({"content": "Can you interview Tuesday?", "receiverId": t.student_id}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let pushed = next_json(&mut student_ws)
        .await
        .expect("a push to the student");
    assert_eq!(
        pushed,
        json!({"type": "new_message", "applicationId": t.application})
    );
    assert_eq!(
        next_json(&mut stranger_ws).await,
        None,
        "nothing reaches the stranger"
    );
    let _ = t.student;
}

/// Whether the socket is closed by the server within `within`.
async fn closes_within<S>(ws: &mut S, within: Duration) -> bool
where
    S: futures_util::Stream<Item = Result<Message, tungstenite::Error>> + Unpin,
{
    tokio::time::timeout(within, async {
        loop {
            match ws.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return true,
                Some(Ok(_)) => continue,
            }
        }
    })
    .await
    .unwrap_or(false)
}

#[tokio::test]
async fn open_sockets_close_when_their_sessions_end() {
    let app = spawn_reviewed(false).await;
    let admin = app.admin().await;

    // A password change closes the student's sockets opened before it.
    let (student, _) = app.signup_student("ws@change.example").await;
    let cookie = login_cookie(&app, "/api/student-login", "ws@change.example", "secret1").await;
    let mut ws = ws_connect(&app, Some(cookie)).await.expect("upgrade");
    let res = app
        .put(
            &student,
            "/api/users/me/password",
            json!({"currentPassword": "secret1", "newPassword": "secret22"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(
        closes_within(&mut ws, Duration::from_secs(3)).await,
        "a password change closes open sockets"
    );

    // A suspension closes the employer's sockets.
    let (_, me) = app.signup_employer("ws@suspend.example").await;
    let eid = me["id"].as_u64().unwrap();
    verify(&app, &admin, eid).await;
    let cookie = login_cookie(
        &app,
        "/api/employers/login",
        "ws@suspend.example",
        "longsecret",
    )
    .await;
    let mut ws = ws_connect(&app, Some(cookie)).await.expect("upgrade");
    let res = app
        .post(
            &admin,
            &format!("/api/admin/employers/{eid}/suspend"),
            json!({"reason": "Unsafe"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(closes_within(&mut ws, Duration::from_secs(3)).await);

    // Deleting the account closes its sockets.
    let (student, me) = app.signup_student("ws@delete.example").await;
    let cookie = login_cookie(&app, "/api/student-login", "ws@delete.example", "secret1").await;
    let mut ws = ws_connect(&app, Some(cookie)).await.expect("upgrade");
    let res = student
        .delete(app.url(&format!("/api/users/{}", me["id"])))
        .json(&json!({"password": "secret1"}))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{}", res.status());
    assert!(closes_within(&mut ws, Duration::from_secs(3)).await);

    // A socket whose session ended some other way (signed out) closes by itself within a
    // minute: the periodic check.
    let (_, _) = app.signup_student("ws@logout.example").await;
    let cookie = login_cookie(&app, "/api/student-login", "ws@logout.example", "secret1").await;
    let mut ws = ws_connect(&app, Some(cookie.clone()))
        .await
        .expect("upgrade");
    let res = app
        .client()
        .post(app.url("/api/logout"))
        .header("cookie", cookie)
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success());
    assert!(closes_within(&mut ws, Duration::from_secs(60)).await);
}

#[tokio::test]
async fn a_closed_thread_says_so_before_anyone_writes() {
    let app = spawn_reviewed(false).await;
    let admin = app.admin().await;
    let (_, eid, id) = live_posting(&app, &admin, "closed-thread").await;
    let (student, _) = app.signup_student("kid@closed-thread.example").await;
    let application = body(app.apply(&student, id).await).await["id"]
        .as_u64()
        .unwrap();
    let thread = format!("/api/applications/{application}/messages");
    let open = app.get(&student, &thread).await;
    assert!(open.headers().get("x-thread-closed").is_none());
    app.post(
        &admin,
        &format!("/api/admin/employers/{eid}/suspend"),
        json!({"reason": "Unsafe"}),
    )
    .await;
    let closed = app.get(&student, &thread).await;
    assert_eq!(
        closed.headers()["x-thread-closed"],
        "This conversation is closed: the employer's account is suspended."
    );
    let _: Client = student;
}
