//! What a new user tripped over (issue #25), on the server's side: closed postings leave the
//! feed, a Remote posting is remote, deleted postings leave the AI-video queue, and uploads
//! without a file get the posting form's message.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

/// Moves a posting's deadline into the past, as the calendar would.
fn close(app: &TestApp, id: u64) {
    use internreel::store::Reader;
    use internreel::store::internships::Internship;
    app.state
        .store()
        .write(|w| {
            let mut i: Internship = w.get(id)?.unwrap();
            i.deadline = "2020-01-01".into();
            w.put(&i)
        })
        .unwrap();
}

fn ids(list: &Value) -> Vec<u64> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|i| i["id"].as_u64().unwrap())
        .collect()
}

#[tokio::test]
async fn postings_past_their_deadline_leave_the_feed_and_matches_but_not_search() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("closed@acme.example").await;
    let open = app.post_internship(&employer, "Robotics open").await["id"]
        .as_u64()
        .unwrap();
    let closed = app.post_internship(&employer, "Robotics closed").await["id"]
        .as_u64()
        .unwrap();
    close(&app, closed);
    let (student, _) = app.signup_student("closed@school.example").await;

    let visitor: Value = app
        .get(&app.client(), "/api/internships")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(ids(&visitor), vec![open]);
    let feed: Value = app
        .get(&student, "/api/internships")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(ids(&feed), vec![open]);
    let matches: Value = app
        .get(&student, "/api/matches")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(ids(&matches), vec![open]);
    // Searching still finds it, and its page still opens (shown as closed by the clients).
    let found: Value = app
        .get(&student, "/api/internships?q=robotics")
        .await
        .json()
        .await
        .unwrap();
    let mut found = ids(&found);
    found.sort();
    assert_eq!(found, vec![open, closed]);
    let page = app
        .get(&student, &format!("/api/internships/{closed}"))
        .await;
    assert_eq!(page.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_remote_posting_with_no_work_style_is_remote() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("remote@acme.example").await;
    let mut body = internship_body("Remote helper");
    body["location"] = json!("Remote");
    body.as_object_mut().unwrap().remove("workStyle");
    let res = app.post(&employer, "/api/internships", body).await;
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    assert_eq!(v["workStyle"], "Remote");
    let mut body = internship_body("Office helper");
    body.as_object_mut().unwrap().remove("workStyle");
    let v: Value = app
        .post(&employer, "/api/internships", body)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(v["workStyle"], "On-site");
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
