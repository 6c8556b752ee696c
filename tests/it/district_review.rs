//! What a company awaiting the district's review may do (no comments, at most three uploaded
//! videos), what the district reads before verifying it, and what a suspension hides and says.
//! The server runs as `serve` does by default: employer approval required.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

async fn body(res: reqwest::Response) -> Value {
    res.json().await.unwrap_or(Value::Null)
}

#[tokio::test]
async fn an_unreviewed_employer_cannot_comment_and_a_suspended_ones_comments_go_quiet() {
    let app = spawn_reviewed(false).await;
    let admin = app.admin().await;
    let (employer, eid, id) = live_posting(&app, &admin, "comments").await;

    // A brand-new pending employer comments on a live posting.
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

#[tokio::test]
async fn a_company_awaiting_review_keeps_at_most_three_uploaded_videos() {
    let app = spawn_reviewed(false).await;
    let (pending, _) = app.signup_employer("new@video-cap.example").await;
    for _ in 0..3 {
        let res = app
            .post_internship_with_video(&pending, "Prepared posting", fixture_video())
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
    }
    let res = app
        .post_internship_with_video(&pending, "One too many", fixture_video())
        .await;
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        v["message"],
        "Your company is awaiting district review: until it is verified you can upload up to 3 videos. You can still post with an AI-generated video request."
    );
    // An AI-video request still works.
    app.post_internship(&pending, "With an AI video").await;
}

#[tokio::test]
async fn the_district_reads_a_pending_companys_postings_before_verifying_it() {
    let app = spawn_reviewed(false).await;
    let admin = app.admin().await;
    let (pending, me) = app.signup_employer("new@preview.example").await;
    let id = app.post_internship(&pending, "Robot helper").await["id"]
        .as_u64()
        .unwrap();
    let list: Vec<Value> = app
        .get(
            &admin,
            &format!("/api/admin/employers/{}/postings", me["id"]),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["id"], id);
    assert_eq!(list[0]["visibility"], "awaiting_review");
    assert_eq!(list[0]["description"], "Help our team build robots.");
    let (student, _) = app.signup_student("kid@preview.example").await;
    assert_eq!(
        app.get(
            &student,
            &format!("/api/admin/employers/{}/postings", me["id"])
        )
        .await
        .status(),
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn a_rejection_is_said_kindly_and_a_suspension_briefly() {
    let app = spawn_reviewed(false).await;
    let admin = app.admin().await;
    let (employer, eid, id) = live_posting(&app, &admin, "kind").await;
    let (student, _) = app.signup_student("kid@kind.example").await;
    let application = body(app.apply(&student, id).await).await["id"]
        .as_u64()
        .unwrap();
    let res = app
        .put(
            &employer,
            &format!("/api/employers/applications/{application}"),
            json!({"status": "rejected"}),
        )
        .await;
    assert!(res.status().is_success(), "{}", res.status());
    let notes = app
        .get(&student, "/api/notifications")
        .await
        .text()
        .await
        .unwrap();
    assert!(
        notes.contains("decided not to move forward with your application"),
        "{notes}"
    );
    assert!(!notes.contains("moved to Rejected"), "{notes}");

    // A suspension: one full stop after a reason written as a sentence, a short subject.
    app.state
        .store()
        .write(|w| {
            internreel::services::settings::set(w, "district-contact", "safety@lakeside.example")
        })
        .unwrap();
    let res = app
        .post(
            &admin,
            &format!("/api/admin/employers/{eid}/suspend"),
            json!({"reason": "Reported by the district safety office."}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let (status, v) = message_of(
        app.post(
            &app.client(),
            "/api/employers/login",
            json!({"email": "boss@kind.example", "password": "longsecret"}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let text = v["message"].as_str().unwrap();
    assert!(!text.contains(".."), "{text}");
    assert!(
        text.starts_with("This employer account was suspended by Your school district")
            || text.starts_with("This employer account was suspended by your school district"),
        "{text}"
    );
    use internreel::store::Reader;
    let r = app.state.store().read().unwrap();
    let mail = r
        .scan_rev(|m: &internreel::store::outbox::Mail| {
            m.to == "boss@kind.example" && m.text.contains("suspended")
        })
        .unwrap()
        .pop()
        .expect("the suspension e-mail");
    assert_eq!(
        mail.subject,
        "Your InternReel employer account was suspended"
    );
    assert!(
        mail.text.contains("safety@lakeside.example"),
        "{}",
        mail.text
    );
    assert!(mail.text.contains("/employer-login"), "{}", mail.text);
    assert!(
        mail.text.contains("\n\nYour school district\n"),
        "the signature starts with a capital: {}",
        mail.text
    );
}
