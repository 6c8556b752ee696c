//! Holds and reports: the hazardous-duties screen reads every field a student sees (captions
//! too) through look-alike spellings; contact details in comments are held and in messages
//! flagged; releasing a hold or dismissing a report closes only its own report; a hidden
//! posting tells its employer why.

use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;

async fn body(res: reqwest::Response) -> Value {
    res.json().await.unwrap_or(Value::Null)
}

async fn post_posting(app: &TestApp, employer: &Client, fields: Value) -> Value {
    let mut b = internship_body("Store helper");
    for (k, v) in fields.as_object().unwrap() {
        b[k] = v.clone();
    }
    let res = app.post(employer, "/api/internships", b).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    body(res).await
}

async fn open_reports(app: &TestApp, admin: &Client) -> Vec<Value> {
    let v = body(app.get(admin, "/api/admin/reports").await).await;
    v["reports"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["status"] == "open")
        .cloned()
        .collect()
}

#[tokio::test]
async fn the_hazard_screen_reads_through_look_alikes_and_every_student_visible_field() {
    let app = spawn_reviewed(false).await;
    let admin = app.admin().await;
    let (employer, _, _) = live_posting(&app, &admin, "hazards").await;
    for fields in [
        json!({"title": "F\u{043E}rklift helper"}),
        json!({"title": "Fork\u{00AD}lift helper"}),
        json!({"title": "Fork\u{034F}lift helper"}),
        json!({"description": "You will run the forkl\u{200B}ift every day."}),
        json!({"description": "Learn to drive the f o r k l i f t."}),
        json!({"description": "Forklifting in our warehouse."}),
        json!({"description": "Move pallets with the reach truck."}),
        json!({"description": "No experience needed, you will operate the forklift"}),
        json!({"benefits": ["Forklift certification"]}),
        json!({"tags": ["roofing"]}),
        json!({"location": "On the roof of 5 Main St"}),
        json!({"duration": "8 weeks of shingles"}),
        json!({"salary": "$16/hour plus company van"}),
        json!({"workStyle": "Hobart station"}),
    ] {
        let p = post_posting(&app, &employer, fields.clone()).await;
        assert_eq!(p["visibility"], "held_for_review", "{fields}: {p}");
    }
    // A negation that governs the duty still denies it.
    let p = post_posting(
        &app,
        &employer,
        json!({"description": "Interns never drive company vehicles and do not use forklifts."}),
    )
    .await;
    assert_eq!(p["visibility"], "public", "{p}");

    // The admin sees every screened field and the terms found in each.
    let reports = open_reports(&app, &admin).await;
    let benefit = reports
        .iter()
        .find(|r| {
            r["content"]["fields"]
                .as_array()
                .unwrap()
                .iter()
                .any(|f| f["label"] == "Benefits" && f["terms"] == json!(["forklift"]))
        })
        .expect("a report shows the benefits field with its term");
    assert!(
        benefit["content"]["fields"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["label"] == "Title" && f["terms"] == json!([])),
        "{benefit}"
    );
}

#[tokio::test]
async fn captions_are_screened_too() {
    let app = spawn_reviewed(false).await;
    let admin = app.admin().await;
    let (employer, _, _) = live_posting(&app, &admin, "captions").await;
    let vtt = "WEBVTT\n\n00:00:00.000 --> 00:00:03.000\nYou'll drive the forklift on day one.\n";
    let form = posting_form("Warehouse helper")
        .part(
            "videoFile",
            reqwest::multipart::Part::bytes(fixture_video()).file_name("clip.mp4"),
        )
        .part(
            "captionsFile",
            reqwest::multipart::Part::bytes(vtt.as_bytes().to_vec()).file_name("c.vtt"),
        );
    let res = employer
        .post(app.url("/api/internships"))
        .multipart(form)
        .send()
        .await
        .unwrap();
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    assert_eq!(v["visibility"], "held_for_review", "{v}");
    assert_eq!(v["heldTerms"], json!(["forklift"]));
}

#[tokio::test]
async fn contact_details_in_comments_are_held_and_in_messages_flagged() {
    let app = spawn_reviewed(false).await;
    let admin = app.admin().await;
    let (employer, eid, id) = live_posting(&app, &admin, "contact").await;
    let (student, s) = app.signup_student("kid@contact.example").await;
    let visitor = app.client();
    let hostile = [
        "add me on snap chat",
        "s.n.a.p.c.h.a.t",
        "sn@pchat",
        "snapch4t",
        "555 867 5309",
        "write to kid@example.com",
        "my discord name#1234",
        "ig: @cool_handle",
        "wa.me/15558675309",
        "t.me/ourgroup",
        "let's meet at the mall after school",
        "f*ck this",
        "sh1t job",
    ];
    for text in hostile {
        let res = app
            .post(
                &student,
                &format!("/api/internships/{id}/comments"),
                json!({"content": text}),
            )
            .await;
        let (status, v) = message_of(res).await;
        assert_eq!(status, StatusCode::CREATED, "{text}: {v}");
        assert_eq!(v["awaitingReview"], true, "{text}");
    }
    let fine = app
        .post(
            &student,
            &format!("/api/internships/{id}/comments"),
            json!({"content": "Is the $1,500 stipend paid monthly? Deadline 2026-12-01?"}),
        )
        .await;
    assert_eq!(body(fine).await["awaitingReview"], false);
    assert_eq!(comment_texts(&app, &visitor, id).await.len(), 1);

    // Messages: delivered, flagged to the district, and the employer told once.
    let application = body(app.apply(&student, id).await).await["id"]
        .as_u64()
        .unwrap();
    let sid = s["id"].as_u64().unwrap();
    let before = open_reports(&app, &admin).await.len();
    for text in ["Text me at 555-867-5309", "or mail me: boss@acme.example"] {
        let res = app
            .post(
                &employer,
                &format!("/api/applications/{application}/messages"),
                json!({"content": text, "receiverId": sid}),
            )
            .await;
        assert_eq!(res.status(), StatusCode::CREATED, "{text}");
    }
    let thread = body(
        app.get(
            &student,
            &format!("/api/applications/{application}/messages"),
        )
        .await,
    )
    .await;
    assert!(thread.to_string().contains("555-867-5309"), "delivered");
    let reports = open_reports(&app, &admin).await;
    assert_eq!(reports.len(), before + 2);
    assert!(
        reports
            .iter()
            .any(|r| r["targetType"] == "message" && r["system"] == true)
    );
    let notes = body(app.get(&employer, "/api/notifications").await).await;
    let told = notes
        .to_string()
        .matches("Contact details are not shared through InternReel")
        .count();
    assert_eq!(told, 1, "told once: {notes}");
    let _ = eid;
}

#[tokio::test]
async fn releasing_a_hold_never_answers_peoples_reports_and_a_dismissal_only_its_own() {
    let app = spawn_reviewed(false).await;
    let admin = app.admin().await;
    let (employer, _, _) = live_posting(&app, &admin, "mixed").await;
    // A posting students reported as a scam, which the employer then edits into a hold.
    let p = post_posting(&app, &employer, json!({})).await;
    let id = p["id"].as_u64().unwrap();
    for n in 0..3 {
        let (kid, _) = app.signup_student(&format!("kid{n}@mixed.example")).await;
        let res = app
            .post(
                &kid,
                "/api/reports",
                json!({"targetType": "internship", "targetId": id, "reason": "scam", "details": "Asks for money"}),
            )
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
    }
    let mut edit = internship_body("Store helper");
    edit["description"] = json!("Operate the forklift.");
    let res = app
        .put(&employer, &format!("/api/employers/internships/{id}"), edit)
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let reports = open_reports(&app, &admin).await;
    let hold = reports.iter().find(|r| r["system"] == true).unwrap();
    let res = app
        .post(
            &admin,
            &format!("/api/admin/reports/{}/resolve", hold["id"]),
            json!({"action": "release", "note": "ok"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let left = open_reports(&app, &admin).await;
    assert_eq!(
        left.iter().filter(|r| r["system"] == false).count(),
        3,
        "the students' scam reports stay open: {left:?}"
    );

    // Held again; dismissing one student's report closes that one only, the hold stays.
    let mut edit = internship_body("Store helper");
    edit["description"] = json!("Operate the meat slicer.");
    let res = app
        .put(&employer, &format!("/api/employers/internships/{id}"), edit)
        .await;
    assert_eq!(body(res).await["visibility"], "held_for_review");
    let left = open_reports(&app, &admin).await;
    let person = left.iter().find(|r| r["system"] == false).unwrap();
    let res = app
        .post(
            &admin,
            &format!("/api/admin/reports/{}/resolve", person["id"]),
            json!({"action": "dismiss", "note": "not a scam"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let left = open_reports(&app, &admin).await;
    assert_eq!(left.iter().filter(|r| r["system"] == false).count(), 2);
    assert_eq!(
        left.iter().filter(|r| r["system"] == true).count(),
        1,
        "a held posting keeps its open report"
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
