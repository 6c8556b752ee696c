//! Admin sign-in and AI-video requests.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

#[tokio::test]
async fn admin_sign_in_needs_a_pin_that_is_set() {
    let app = spawn_app().await;
    let (status, body) = message_of(
        app.post(&app.client(), "/api/admin/login", json!({"pin": "123456"}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("internreel admin set-pin")
    );
    let admin = app.admin().await;
    assert_eq!(
        app.get(&admin, "/api/admin/session").await.status(),
        StatusCode::OK
    );
    let (status, body) = message_of(
        app.post(&app.client(), "/api/admin/login", json!({"pin": "000000"}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["message"], "Invalid pin. Please try again.");
}

#[tokio::test]
async fn five_wrong_pins_lock_admin_sign_in() {
    let app = spawn_app().await;
    app.admin().await;
    let c = app.client();
    for _ in 0..5 {
        assert_eq!(
            app.post(&c, "/api/admin/login", json!({"pin": "999999"}))
                .await
                .status(),
            StatusCode::UNAUTHORIZED
        );
    }
    assert_eq!(
        app.post(&c, "/api/admin/login", json!({"pin": "135790"}))
            .await
            .status(),
        StatusCode::TOO_MANY_REQUESTS
    );
}

#[tokio::test]
async fn admin_routes_refuse_everyone_else() {
    let app = spawn_app().await;
    let (student, _) = app.signup_student("s@school.example").await;
    let (employer, _) = app.signup_employer("e@acme.example").await;
    for path in ["/api/admin/ai-video-requests", "/api/admin/session"] {
        assert_eq!(
            app.get(&app.client(), path).await.status(),
            StatusCode::UNAUTHORIZED
        );
        assert_eq!(
            app.get(&student, path).await.status(),
            StatusCode::FORBIDDEN
        );
        assert_eq!(
            app.get(&employer, path).await.status(),
            StatusCode::FORBIDDEN
        );
    }
    let form = || {
        reqwest::multipart::Form::new().part(
            "video",
            reqwest::multipart::Part::bytes(fixture_video()).file_name("v.mp4"),
        )
    };
    let url = app.url("/api/admin/ai-video-requests/1/upload");
    assert_eq!(
        app.client()
            .post(&url)
            .multipart(form())
            .send()
            .await
            .unwrap()
            .status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        employer
            .post(&url)
            .multipart(form())
            .send()
            .await
            .unwrap()
            .status(),
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn the_admin_fulfils_an_ai_request_with_a_checked_video() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("ai@acme.example").await;
    let first = app.post_internship(&employer, "First AI").await;
    let second = app.post_internship(&employer, "Second AI").await;
    let admin = app.admin().await;
    let list: Vec<Value> = app
        .get(&admin, "/api/admin/ai-video-requests")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["id"], first["id"], "oldest first");
    assert!(
        list.iter()
            .all(|r| r["status"] == "pending" && r["overdue"] == false)
    );
    assert_eq!(list[0]["company"], "Acme Robotics");
    assert!(list[0]["postedDate"].is_string());

    let url = app.url(&format!(
        "/api/admin/ai-video-requests/{}/upload",
        first["id"]
    ));
    let res = admin
        .post(&url)
        .multipart(reqwest::multipart::Form::new().text("note", "none"))
        .send()
        .await
        .unwrap();
    let (status, body) = message_of(res).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["message"], "Please select a video file to upload.");
    let bad = reqwest::multipart::Form::new().part(
        "video",
        reqwest::multipart::Part::bytes(b"not a video at all".repeat(50)).file_name("v.mp4"),
    );
    assert_eq!(
        admin
            .post(&url)
            .multipart(bad)
            .send()
            .await
            .unwrap()
            .status(),
        StatusCode::BAD_REQUEST
    );
    let still: Value = app
        .get(&employer, &format!("/api/internships/{}", first["id"]))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(still["videoStatus"], "processing");

    let good = reqwest::multipart::Form::new().part(
        "video",
        reqwest::multipart::Part::bytes(fixture_video()).file_name("v.mp4"),
    );
    let res = admin.post(&url).multipart(good).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let done: Value = app
        .get(&employer, &format!("/api/internships/{}", first["id"]))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(done["videoStatus"], "ready");
    assert!(
        done["videoUrl"]
            .as_str()
            .unwrap()
            .starts_with("/api/videos/")
    );

    let again = reqwest::multipart::Form::new().part(
        "video",
        reqwest::multipart::Part::bytes(fixture_video()).file_name("v.mp4"),
    );
    assert_eq!(
        admin
            .post(&url)
            .multipart(again)
            .send()
            .await
            .unwrap()
            .status(),
        StatusCode::CONFLICT
    );

    let list: Vec<Value> = app
        .get(&admin, "/api/admin/ai-video-requests")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(list[0]["id"], second["id"], "pending first");
    assert_eq!(list[1]["status"], "completed");
    assert!(list[1]["completedAt"].is_string());
}

#[tokio::test]
async fn requests_older_than_a_day_are_overdue() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("late@acme.example").await;
    let i = app.post_internship(&employer, "Slow AI").await;
    let id = i["id"].as_u64().unwrap();
    // Move the request's timestamp back 25 hours.
    app.state
        .store()
        .write(|w| {
            use internreel::store::Reader;
            let mut r = w
                .get::<internreel::store::ai_requests::AiVideoRequest>(id)?
                .unwrap();
            r.requested_at -= 25 * 3_600_000;
            w.put(&r)
        })
        .unwrap();
    let admin = app.admin().await;
    let list: Vec<Value> = app
        .get(&admin, "/api/admin/ai-video-requests")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(list[0]["overdue"], true);
}

#[tokio::test]
async fn an_admin_upload_with_no_multipart_body_gets_the_no_file_message() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("nobody@acme.example").await;
    let id = app.post_internship(&employer, "Needs a video").await["id"]
        .as_u64()
        .unwrap();
    let admin = app.admin().await;
    for req in [
        admin.post(app.url(&format!("/api/admin/ai-video-requests/{id}/upload"))),
        admin
            .post(app.url(&format!("/api/admin/ai-video-requests/{id}/upload")))
            .header("content-type", "application/json")
            .body("{}"),
    ] {
        let (status, v) = message_of(req.send().await.unwrap()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
        assert_eq!(v["message"], "Please select a video file to upload.");
    }
}

#[tokio::test]
async fn an_admin_upload_without_a_file_part_gets_the_no_file_message() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("nofile@acme.example").await;
    let id = app.post_internship(&employer, "Needs a video").await["id"]
        .as_u64()
        .unwrap();
    let admin = app.admin().await;
    for form in [
        reqwest::multipart::Form::new().text("note", "no file here"),
        reqwest::multipart::Form::new(),
    ] {
        let (status, v) = app.admin_upload(&admin, id, form).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
        assert_eq!(v["message"], "Please select a video file to upload.");
    }
}

#[tokio::test]
async fn a_deleted_posting_leaves_the_ai_queue_and_cannot_be_fulfilled() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("gone@acme.example").await;
    let id = app.post_internship(&employer, "Soon gone").await["id"]
        .as_u64()
        .unwrap();
    let admin = app.admin().await;
    let list: Value = app
        .get(&admin, "/api/admin/ai-video-requests")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(ids(&list), vec![id]);
    assert_eq!(
        app.delete(&employer, &format!("/api/internships/{id}"))
            .await
            .status(),
        StatusCode::OK
    );
    let list: Value = app
        .get(&admin, "/api/admin/ai-video-requests")
        .await
        .json()
        .await
        .unwrap();
    assert!(ids(&list).is_empty(), "{list}");
    let form = reqwest::multipart::Form::new().part(
        "video",
        reqwest::multipart::Part::bytes(fixture_video()).file_name("ai.mp4"),
    );
    let (status, v) = app.admin_upload(&admin, id, form).await;
    assert_eq!(status, StatusCode::CONFLICT, "{v}");
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .contains("deleted by its employer"),
        "{v}"
    );
}

#[tokio::test]
async fn the_ai_queue_holds_requests_for_postings_that_cannot_go_live() {
    let app = spawn_reviewed(false).await;
    let admin = app.admin().await;
    let (pending, _) = app.signup_employer("new@queue.example").await;
    let id = app.post_internship(&pending, "Waiting company").await["id"]
        .as_u64()
        .unwrap();
    let queue: Vec<Value> = app
        .get(&admin, "/api/admin/ai-video-requests")
        .await
        .json()
        .await
        .unwrap();
    let r = queue.iter().find(|r| r["id"] == id).unwrap();
    assert_eq!(r["status"], "on_hold");
    assert_eq!(r["onHoldBecause"], "awaiting_review");
    assert_eq!(r["overdue"], false);
    let form = reqwest::multipart::Form::new().part(
        "video",
        reqwest::multipart::Part::bytes(fixture_video()).file_name("v.mp4"),
    );
    let (status, v) = app.admin_upload(&admin, id, form).await;
    assert_eq!(status, StatusCode::CONFLICT, "{v}");
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .contains("cannot go live yet"),
        "{v}"
    );
}
