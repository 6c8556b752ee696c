//! What made the product feel unfinished (#32), on the server's side: the first cards play,
//! the admin's missing-file answers, the district's settings and backups, the words a student
//! or an employer reads at the hard moments, the AI-video queue's holds, closed threads and
//! the demo's history.

use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;

async fn body(res: reqwest::Response) -> Value {
    res.json().await.unwrap_or(Value::Null)
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
async fn the_visitors_and_guests_feed_opens_on_cards_that_play() {
    let app = spawn_demo().await;
    let visitor = app.client();
    let mut seen = Vec::new();
    let mut path = "/api/internships?limit=5".to_string();
    loop {
        let res = app.get(&visitor, &path).await;
        let next = res
            .headers()
            .get("link")
            .and_then(|l| l.to_str().ok())
            .and_then(|l| l.split(';').next())
            .map(|u| u.trim_matches(['<', '>', ' ']).to_string());
        let page: Vec<Value> = res.json().await.unwrap();
        seen.extend(page);
        match next {
            Some(n) => {
                path = n
                    .split_once("/api/")
                    .map(|(_, rest)| format!("/api/{rest}"))
                    .unwrap()
            }
            None => break,
        }
    }
    let playing = |i: &Value| i["videoStatus"] == "ready";
    let first_placeholder = seen
        .iter()
        .position(|i| !playing(i))
        .expect("the demo has AI-video postings");
    assert!(first_placeholder >= 10, "{first_placeholder}");
    assert!(
        seen[first_placeholder..].iter().all(|i| !playing(i)),
        "placeholders come after every playing card"
    );
    let ids: std::collections::HashSet<u64> =
        seen.iter().map(|i| i["id"].as_u64().unwrap()).collect();
    assert_eq!(ids.len(), seen.len(), "no card twice across pages");

    // A guest's ranked feed opens on playing cards too.
    let guest = app.client();
    let res = app
        .post(
            &guest,
            "/api/guest",
            json!({"interests": ["healthcare", "research"]}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let page: Vec<Value> = app
        .get(&guest, "/api/internships?limit=10")
        .await
        .json()
        .await
        .unwrap();
    assert!(
        page.iter().all(playing),
        "{:?}",
        page.iter().map(|i| &i["title"]).collect::<Vec<_>>()
    );

    // The demo's AI-video requests were made recently: none is overdue on day one.
    let admin = app.admin().await;
    let queue: Vec<Value> = app
        .get(&admin, "/api/admin/ai-video-requests")
        .await
        .json()
        .await
        .unwrap();
    assert!(!queue.is_empty());
    assert!(queue.iter().all(|r| r["overdue"] == false), "{queue:?}");
    assert!(
        queue.iter().any(|r| r["ageHours"] == 0),
        "one fresh request"
    );
}

#[tokio::test]
async fn the_demos_history_reads_like_a_day_at_work_and_sends_no_digest() {
    let app = spawn_demo().await;
    use internreel::store::Reader;
    let r = app.state.store().read().unwrap();
    let messages = r
        .scan_rev(|_: &internreel::store::messages::Message| true)
        .unwrap();
    assert!(!messages.is_empty());
    for m in &messages {
        // US Central, the demo district's clock.
        let local_hour = ((m.created_at - 6 * 3_600_000).rem_euclid(86_400_000)) / 3_600_000;
        assert!(
            (8..18).contains(&local_hour),
            "{local_hour}:00 for {:?}",
            m.content
        );
        assert!(!m.content.contains('@'), "{:?}", m.content);
        assert!(!m.content.contains("attached"), "{:?}", m.content);
    }
    drop(r);
    let later =
        internreel::clock::now_ms() + internreel::services::notify::DIGEST_AFTER_MS + 60_000;
    let made = internreel::services::notify::digest_unread(&app.state.services, later).unwrap();
    assert!(
        made.is_empty(),
        "seeded unread messages trigger no digest: {made:?}"
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

#[tokio::test]
async fn a_hidden_posting_tells_its_employer_why_and_the_audit_keeps_the_note_and_the_text() {
    let app = spawn_reviewed(false).await;
    let admin = app.admin().await;
    let (employer, _, id) = live_posting(&app, &admin, "hidden").await;
    let (student, _) = app.signup_student("kid@hidden.example").await;
    let res = app
        .post(
            &student,
            "/api/reports",
            json!({"targetType": "internship", "targetId": id, "reason": "scam", "details": "Asks for a fee"}),
        )
        .await;
    let rid = body(res).await["id"]
        .as_u64()
        .unwrap_or_else(|| panic!("report filed"));
    let res = app
        .post(
            &admin,
            &format!("/api/admin/reports/{rid}/resolve"),
            json!({"action": "hide", "note": "Interns may not be charged a fee"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let own: Vec<Value> = app
        .get(&employer, "/api/employers/internships")
        .await
        .json()
        .await
        .unwrap();
    let p = own.iter().find(|p| p["id"] == id).unwrap();
    assert_eq!(p["visibility"], "hidden");
    assert_eq!(p["hiddenReason"], "Interns may not be charged a fee");
    let notes = app
        .get(&employer, "/api/notifications")
        .await
        .text()
        .await
        .unwrap();
    assert!(
        notes.contains("Interns may not be charged a fee"),
        "{notes}"
    );

    // The employer edits the posting; the audit entry still says what was hidden, and why.
    let mut edit = internship_body("Edited title");
    edit["description"] = json!("Something else entirely.");
    let res = app
        .put(&employer, &format!("/api/employers/internships/{id}"), edit)
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let audit = app
        .get(&admin, "/api/admin/audit")
        .await
        .text()
        .await
        .unwrap();
    assert!(
        audit.contains("Interns may not be charged a fee"),
        "{audit}"
    );
    assert!(audit.contains("Robot helper"), "the hidden title: {audit}");
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

#[tokio::test]
async fn external_job_previews_start_with_the_role_not_the_boards_boilerplate() {
    let app = spawn_demo().await;
    let c = app.client();
    let mut jobs: Vec<Value> = Vec::new();
    for _ in 0..50 {
        let res = app
            .get(&c, "/api/external-jobs?beginner=false&limit=100")
            .await;
        jobs = res
            .json::<Value>()
            .await
            .unwrap_or(Value::Null)
            .as_array()
            .cloned()
            .unwrap_or_default();
        if !jobs.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    assert!(!jobs.is_empty(), "the demo's recorded boards were read");
    let mut by_company: std::collections::HashMap<String, Vec<String>> = Default::default();
    for j in &jobs {
        by_company
            .entry(j["companyName"].as_str().unwrap_or("").to_string())
            .or_default()
            .push(
                j["descriptionPlain"]
                    .as_str()
                    .unwrap_or("")
                    .chars()
                    .take(120)
                    .collect(),
            );
    }
    for (company, openings) in by_company.iter().filter(|(_, o)| o.len() >= 3) {
        let first = &openings[0];
        assert!(
            openings.iter().any(|o| o != first),
            "{company}: every preview starts alike: {first}"
        );
    }
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
