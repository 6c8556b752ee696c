//! Likes, bookmarks and comments.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

#[tokio::test]
async fn likes_and_bookmarks_toggle_and_show_in_the_users_lists() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("e@acme.example").await;
    let i = app.post_internship(&employer, "Likeable").await;
    let id = i["id"].as_u64().unwrap();
    let (s, user) = app.signup_student("s@school.example").await;
    let uid = user["id"].as_u64().unwrap();

    assert_eq!(
        app.post(
            &app.client(),
            &format!("/api/internships/{id}/like"),
            json!({})
        )
        .await
        .status(),
        StatusCode::UNAUTHORIZED
    );
    let liked: Value = app
        .post(&s, &format!("/api/internships/{id}/like"), json!({}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(liked, json!({"liked": true, "likeCount": 1}));
    let saved: Value = app
        .post(&s, &format!("/api/internships/{id}/bookmark"), json!({}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(saved, json!({"bookmarked": true, "bookmarkCount": 1}));

    let one: Value = app
        .get(&s, &format!("/api/internships/{id}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        (
            one["isLiked"].clone(),
            one["isBookmarked"].clone(),
            one["likes"].clone()
        ),
        (json!(true), json!(true), json!(1))
    );
    let marks: Vec<Value> = app
        .get(&s, &format!("/api/users/{uid}/bookmarks"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(marks.len(), 1);
    assert_eq!(marks[0]["internshipId"], id);
    assert_eq!(marks[0]["title"], "Likeable");
    assert!(marks[0]["createdAt"].is_string() && marks[0]["videoUrl"].is_string());
    let likes: Vec<Value> = app
        .get(&s, &format!("/api/users/{uid}/likes"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(likes.len(), 1);
    // Only the user themself reads these lists.
    let (other, _) = app.signup_student("o@school.example").await;
    assert_eq!(
        app.get(&other, &format!("/api/users/{uid}/likes"))
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.get(&employer, &format!("/api/users/{uid}/bookmarks"))
            .await
            .status(),
        StatusCode::FORBIDDEN
    );

    let unliked: Value = app
        .post(&s, &format!("/api/internships/{id}/like"), json!({}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(unliked, json!({"liked": false, "likeCount": 0}));
    assert_eq!(
        app.post(&s, "/api/internships/999/like", json!({}))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn counts_stay_exact_under_fifty_concurrent_toggles() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("busy@acme.example").await;
    let id = app.post_internship(&employer, "Popular").await["id"]
        .as_u64()
        .unwrap();
    let mut students = Vec::new();
    for n in 0..50 {
        students.push(
            app.signup_student(&format!("fan{n}@school.example"))
                .await
                .0,
        );
    }
    let like =
        |c: reqwest::Client, url: String| async move { c.post(url).send().await.unwrap().status() };
    let url = app.url(&format!("/api/internships/{id}/like"));
    let handles: Vec<_> = students
        .iter()
        .map(|c| tokio::spawn(like(c.clone(), url.clone())))
        .collect();
    for h in handles {
        assert_eq!(h.await.unwrap(), StatusCode::OK);
    }
    let one: Value = app
        .get(&app.client(), &format!("/api/internships/{id}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(one["likes"], 50);
    // Half of them unlike while the other half like again (a no-op pair for the count).
    let handles: Vec<_> = students[..25]
        .iter()
        .map(|c| tokio::spawn(like(c.clone(), url.clone())))
        .collect();
    for h in handles {
        assert_eq!(h.await.unwrap(), StatusCode::OK);
    }
    let one: Value = app
        .get(&app.client(), &format!("/api/internships/{id}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(one["likes"], 25);
}

#[tokio::test]
async fn comments_follow_their_rules() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("c@acme.example").await;
    let id = app.post_internship(&employer, "Talkative").await["id"]
        .as_u64()
        .unwrap();
    let path = format!("/api/internships/{id}/comments");
    let (s, _) = app.signup_student("talker@school.example").await;

    let empty: Vec<Value> = app.get(&app.client(), &path).await.json().await.unwrap();
    assert!(empty.is_empty());
    assert_eq!(
        app.post(&app.client(), &path, json!({"content": "hi"}))
            .await
            .status(),
        StatusCode::UNAUTHORIZED
    );
    for blank in ["", "   ", "\n\t "] {
        assert_eq!(
            app.post(&s, &path, json!({"content": blank}))
                .await
                .status(),
            StatusCode::BAD_REQUEST
        );
    }
    let (status, body) = message_of(
        app.post(&s, &path, json!({"content": "x".repeat(1001)}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["message"].as_str().unwrap().contains("1000"));

    let res = app
        .post(&s, &path, json!({"content": "  Is this remote?  "}))
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let c1: Value = res.json().await.unwrap();
    assert_eq!(c1["content"], "Is this remote?");
    assert_eq!(c1["user"]["firstName"], "Sam");
    let c2: Value = app
        .post(
            &s,
            &path,
            json!({"content": "<img src=x onerror=alert(1)>"}),
        )
        .await
        .json()
        .await
        .unwrap();
    let list: Vec<Value> = app.get(&app.client(), &path).await.json().await.unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["id"], c1["id"], "oldest first");
    assert_eq!(
        list[1]["content"], "<img src=x onerror=alert(1)>",
        "stored as given"
    );
    let one: Value = app
        .get(&app.client(), &format!("/api/internships/{id}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(one["comments"], 2);

    // Another student cannot delete; the posting's employer and the author can; so can the admin.
    let (other, _) = app.signup_student("other@school.example").await;
    let del1 = format!("{path}/{}", c1["id"]);
    assert_eq!(
        app.delete(&other, &del1).await.status(),
        StatusCode::FORBIDDEN
    );
    let (other_employer, _) = app.signup_employer("oe@acme.example").await;
    assert_eq!(
        app.delete(&other_employer, &del1).await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(app.delete(&employer, &del1).await.status(), StatusCode::OK);
    let c3: Value = app
        .post(&s, &path, json!({"content": "Third"}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        app.delete(&s, &format!("{path}/{}", c3["id"]))
            .await
            .status(),
        StatusCode::OK
    );
    let admin = app.admin().await;
    assert_eq!(
        app.delete(&admin, &format!("{path}/{}", c2["id"]))
            .await
            .status(),
        StatusCode::OK
    );
    let list: Vec<Value> = app.get(&app.client(), &path).await.json().await.unwrap();
    assert!(list.is_empty());
}
