//! Hardening, second round (#31): each test does what an adversarial probe of the server did
//! and checks that it no longer gets through.

use std::time::Duration;

use futures_util::StreamExt;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::{self, Message};

use crate::helpers::*;
use crate::messages::{login_cookie, ws_connect};

async fn body(res: reqwest::Response) -> Value {
    res.json().await.unwrap_or(Value::Null)
}

async fn verify(app: &TestApp, admin: &Client, employer: u64) {
    let res = app
        .post(
            admin,
            &format!("/api/admin/employers/{employer}/verify"),
            json!({}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
}

/// A verified employer's public posting, as students see it.
async fn live_posting(app: &TestApp, admin: &Client, tag: &str) -> (Client, u64, u64) {
    let (employer, me) = app.signup_employer(&format!("boss@{tag}.example")).await;
    let eid = me["id"].as_u64().unwrap();
    verify(app, admin, eid).await;
    let id = app.post_internship(&employer, "Robot helper").await["id"]
        .as_u64()
        .unwrap();
    (employer, eid, id)
}

async fn comment_texts(app: &TestApp, c: &Client, id: u64) -> Vec<(String, String)> {
    let v = body(app.get(c, &format!("/api/internships/{id}/comments")).await).await;
    v.as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["content"].as_str().unwrap().to_string(),
                format!("{} {}", c["user"]["firstName"], c["user"]["lastName"]),
            )
        })
        .collect()
}

#[tokio::test]
async fn an_unreviewed_employer_cannot_comment_and_a_suspended_ones_comments_go_quiet() {
    let app = spawn_reviewed(false).await;
    let admin = app.admin().await;
    let (employer, eid, id) = live_posting(&app, &admin, "comments").await;

    // The probe: a brand-new pending employer comments on a live posting.
    let (pending, _) = app.signup_employer("new@pending-comments.example").await;
    let res = app
        .post(
            &pending,
            &format!("/api/internships/{id}/comments"),
            json!({"content": "DM us for a better job"}),
        )
        .await;
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{v}");
    assert_eq!(
        v["message"],
        "Your company is awaiting district review. You can message students once the district has verified it."
    );

    // A verified employer comments as its company, not as a person.
    let res = app
        .post(
            &employer,
            &format!("/api/internships/{id}/comments"),
            json!({"content": "Happy to answer questions here!"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let visitor = app.client();
    let shown = comment_texts(&app, &visitor, id).await;
    assert_eq!(shown.len(), 1);
    assert!(
        shown[0].1.contains("Acme Robotics") && !shown[0].1.contains("Riley"),
        "{shown:?}"
    );

    // Suspended: its comments are hidden from everyone, and come back when verified again.
    let res = app
        .post(
            &admin,
            &format!("/api/admin/employers/{eid}/suspend"),
            json!({"reason": "Reported"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    // The posting is hidden with its employer; the comment is kept but not shown anywhere.
    let (student, _) = app.signup_student("kid@comments.example").await;
    for c in [&visitor, &student] {
        let res = app.get(c, &format!("/api/internships/{id}/comments")).await;
        let text = res.text().await.unwrap();
        assert!(!text.contains("Happy to answer"), "{text}");
    }
    verify(&app, &admin, eid).await;
    assert_eq!(comment_texts(&app, &visitor, id).await.len(), 1);
}

#[tokio::test]
async fn a_suspended_employers_comment_on_another_posting_is_hidden() {
    let app = spawn_reviewed(false).await;
    let admin = app.admin().await;
    let (_, _, id) = live_posting(&app, &admin, "host").await;
    let (other, other_id, _) = live_posting(&app, &admin, "other").await;
    let res = app
        .post(
            &other,
            &format!("/api/internships/{id}/comments"),
            json!({"content": "We have better jobs"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let visitor = app.client();
    assert_eq!(comment_texts(&app, &visitor, id).await.len(), 1);
    let res = app
        .post(
            &admin,
            &format!("/api/admin/employers/{other_id}/suspend"),
            json!({"reason": "Poaching students"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(comment_texts(&app, &visitor, id).await.is_empty());
    verify(&app, &admin, other_id).await;
    assert_eq!(comment_texts(&app, &visitor, id).await.len(), 1);
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
