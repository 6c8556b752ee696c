//! The guest session (#22): browse matched to chosen interests without an account; every
//! action that needs one answers 401 inviting sign-up; sign-up replaces the guest session.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

const GUEST: &str =
    "Guests can only browse. Create a free student account to like, save, comment and apply.";

/// The `internreel_session` cookie a guest client holds, as a `Cookie` header value.
async fn start_guest(app: &TestApp, body: Value) -> (reqwest::Client, String) {
    let c = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let res = app.post(&c, "/api/guest", body).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let cookie = res
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .expect("a session cookie")
        .to_string();
    let view: Value = res.json().await.unwrap();
    assert_eq!(view["userType"], "guest");
    (c, cookie)
}

async fn as_guest(
    c: &reqwest::Client,
    app: &TestApp,
    cookie: &str,
    method: reqwest::Method,
    path: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let mut req = c.request(method, app.url(path)).header("cookie", cookie);
    if let Some(b) = body {
        req = req.json(&b);
    }
    message_of(req.send().await.unwrap()).await
}

#[tokio::test]
async fn a_guest_browses_a_feed_matched_to_its_interests_and_nothing_more() {
    let app = spawn_demo().await;
    let (c, cookie) = start_guest(
        &app,
        json!({"interests": ["Healthcare", "healthcare", "research"], "grade": "Junior"}),
    )
    .await;
    use reqwest::Method;
    let (status, me) = as_guest(&c, &app, &cookie, Method::GET, "/api/auth/user", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        me,
        json!({"userType": "guest", "firstName": "Guest", "lastName": "",
               "interests": ["healthcare", "research"], "grade": "junior"})
    );

    let (status, session) = as_guest(&c, &app, &cookie, Method::GET, "/api/session", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(session["user"], me);

    // The feed is ranked by the guest's interests, with scores and reasons and no marks.
    let (status, feed) = as_guest(&c, &app, &cookie, Method::GET, "/api/internships", None).await;
    assert_eq!(status, StatusCode::OK);
    let feed = feed.as_array().unwrap().clone();
    // Best match first among the cards whose video plays, then among those awaiting one.
    let playing = feed
        .iter()
        .take_while(|i| i["videoStatus"] == "ready")
        .count();
    assert!(
        feed[playing..].iter().all(|i| i["videoStatus"] != "ready"),
        "playing cards first"
    );
    for part in [&feed[..playing], &feed[playing..]] {
        let scores: Vec<u64> = part
            .iter()
            .map(|i| i["matchScore"].as_u64().expect("a match score"))
            .collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    }
    assert_eq!(feed[0]["industry"], "healthcare", "{}", feed[0]);
    assert!(
        feed[0]["matchReasons"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r == "Matches your interest in Healthcare"),
        "{}",
        feed[0]
    );
    assert!(
        feed.iter().all(|i| i["isLiked"] == false
            && i["isBookmarked"] == false
            && i["hasApplied"] == false)
    );
    let id = feed[0]["id"].as_u64().unwrap();

    // Everything that needs an account invites sign-up.
    for (method, path, body) in [
        (Method::POST, format!("/api/internships/{id}/like"), None),
        (
            Method::POST,
            format!("/api/internships/{id}/bookmark"),
            None,
        ),
        (
            Method::POST,
            format!("/api/internships/{id}/comments"),
            Some(json!({"content": "hello"})),
        ),
        (
            Method::POST,
            "/api/applications".to_string(),
            Some(json!({"internshipId": id})),
        ),
        (Method::GET, "/api/notifications".to_string(), None),
        (Method::GET, "/api/matches".to_string(), None),
        (Method::GET, "/api/blocks".to_string(), None),
    ] {
        let (status, said) = as_guest(&c, &app, &cookie, method, &path, body).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{path}");
        assert_eq!(said["message"], GUEST, "{path}");
    }
    match crate::messages::ws_connect(&app, Some(cookie.clone())).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(res)) => assert_eq!(res.status(), 401),
        other => panic!("expected a 401 refusal, got {:?}", other.map(|_| ())),
    }
    // Admin routes see no admin.
    let (status, _) = as_guest(&c, &app, &cookie, Method::GET, "/api/admin/employers", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // The guest edits its profile; the feed follows.
    let (status, said) = as_guest(
        &c,
        &app,
        &cookie,
        Method::PUT,
        "/api/guest",
        Some(json!({"interests": ["arts"], "grade": "pirate"})),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(said["message"], "Choose a grade from the list");
    let (status, _) = as_guest(
        &c,
        &app,
        &cookie,
        Method::PUT,
        "/api/guest",
        Some(json!({"interests": ["technology"]})),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (_, me) = as_guest(&c, &app, &cookie, Method::GET, "/api/auth/user", None).await;
    assert_eq!(me["interests"], json!(["technology"]));
    assert_eq!(me["grade"], Value::Null);
    let (_, feed) = as_guest(&c, &app, &cookie, Method::GET, "/api/internships", None).await;
    assert!(
        feed[0]["matchReasons"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r == "Matches your interest in Technology"),
        "{}",
        feed[0]
    );

    // Exit ends the guest session and its profile.
    let (status, _) = as_guest(&c, &app, &cookie, Method::POST, "/api/logout", None).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = as_guest(&c, &app, &cookie, Method::GET, "/api/auth/user", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, session) = as_guest(&c, &app, &cookie, Method::GET, "/api/session", None).await;
    assert_eq!(
        (status, session),
        (
            StatusCode::OK,
            json!({"user": null, "admin": false, "staff": null, "language": null})
        )
    );
    let admin = app.admin().await;
    let session: Value = app.get(&admin, "/api/session").await.json().await.unwrap();
    assert_eq!(
        session,
        json!({"user": null, "admin": true, "staff": null, "language": null})
    );
    let (status, _) = as_guest(
        &c,
        &app,
        &cookie,
        Method::PUT,
        "/api/guest",
        Some(json!({"interests": ["technology"]})),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn guest_input_is_checked_and_sign_up_replaces_the_guest_session() {
    let app = spawn_app().await;
    let c = app.client();
    for (body, message) in [
        (
            json!({"interests": []}),
            "Please select at least one interest",
        ),
        (json!({}), "Please select at least one interest"),
        (
            json!({"interests": ["technology", "space piracy"]}),
            "Unknown interest: space piracy",
        ),
    ] {
        let (status, said) = message_of(app.post(&c, "/api/guest", body).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(said["message"], message);
    }
    let (status, _) = message_of(app.post(&c, "/api/guest", json!({"interests": 7})).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    let (guest, cookie) = start_guest(&app, json!({"interests": ["design"]})).await;
    let res = guest
        .post(app.url("/api/users"))
        .header("cookie", &cookie)
        .json(&student_body("from-guest@school.example"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::CREATED);
    // The guest's token is dead; the new cookie is the student's.
    let (status, _) = as_guest(
        &guest,
        &app,
        &cookie,
        reqwest::Method::GET,
        "/api/auth/user",
        None,
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // Signed in already: no guest session on top.
    let (student, _) = app.signup_student("already@school.example").await;
    let (status, said) = message_of(
        app.post(&student, "/api/guest", json!({"interests": ["design"]}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(said["message"], "You are already signed in");
}
