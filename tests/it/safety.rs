//! Safe for minors (#20): the district's review of employers, the hazardous-duties screen,
//! reports and moderation, the comment word list, blocks, the audit log, and students' data
//! rights (export, deletion). The server runs as `serve` does by default: employer approval
//! required.

use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;

async fn body(res: reqwest::Response) -> Value {
    res.json().await.unwrap_or(Value::Null)
}

async fn ids_in_list(app: &TestApp, c: &Client, path: &str) -> Vec<u64> {
    let res = app.get(c, path).await;
    assert_eq!(res.status(), StatusCode::OK, "{path}");
    let v = body(res).await;
    let list = v.as_array().cloned().unwrap_or_default();
    list.iter().filter_map(|i| i["id"].as_u64()).collect()
}

/// Whether students and visitors can find the posting anywhere: the feed, search, matches
/// and its own page.
async fn seen_by_students(app: &TestApp, student: &Client, id: u64) -> [bool; 4] {
    let visitor = app.client();
    [
        ids_in_list(app, &visitor, "/api/internships")
            .await
            .contains(&id),
        ids_in_list(app, &visitor, "/api/internships?search=robots")
            .await
            .contains(&id),
        ids_in_list(app, student, "/api/matches")
            .await
            .contains(&id),
        app.get(student, &format!("/api/internships/{id}"))
            .await
            .status()
            == StatusCode::OK,
    ]
}

fn posting(title: &str, description: &str) -> Value {
    let mut b = internship_body(title);
    b["description"] = json!(description);
    b["hazardousDutiesConfirmed"] = json!(true);
    b
}

async fn verify(app: &TestApp, admin: &Client, employer: u64) -> Value {
    let res = app
        .post(
            admin,
            &format!("/api/admin/employers/{employer}/verify"),
            json!({}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    body(res).await
}

async fn audit_actions(app: &TestApp, admin: &Client, query: &str) -> Vec<String> {
    let v = body(app.get(admin, &format!("/api/admin/audit{query}")).await).await;
    v["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn a_new_employer_waits_for_the_district_and_a_suspended_one_disappears() {
    let app = spawn_reviewed(false).await;
    let admin = app.admin().await;
    let (employer, me) = app.signup_employer("owner@pending.example").await;
    assert_eq!(me["employerStatus"], "pending");
    let eid = me["id"].as_u64().unwrap();
    let (student, _) = app.signup_student("kid@pending.example").await;

    // Pending: the employer prepares a posting nobody else sees.
    let p = app.post_internship(&employer, "Robot helper").await;
    let id = p["id"].as_u64().unwrap();
    assert_eq!(p["visibility"], "awaiting_review");
    assert_eq!(p["employerVerified"], false);
    assert_eq!(seen_by_students(&app, &student, id).await, [false; 4]);
    let own = body(app.get(&employer, "/api/employers/internships").await).await;
    assert!(own.to_string().contains("awaiting_review"), "{own}");
    assert_eq!(
        app.apply(&student, id).await.status(),
        StatusCode::NOT_FOUND,
        "nobody applies to an unreviewed posting"
    );
    let like = app
        .post(&student, &format!("/api/internships/{id}/like"), json!({}))
        .await;
    assert_eq!(like.status(), StatusCode::NOT_FOUND);

    // The admin sees it first in the review list, and verifies it: live at once.
    let list = body(app.get(&admin, "/api/admin/employers").await).await;
    let first = &list["employers"][0];
    assert_eq!(
        (first["id"].as_u64(), &first["status"]),
        (Some(eid), &json!("pending"))
    );
    assert_eq!(first["company"], "Acme Robotics");
    assert_eq!(first["website"], "https://acme.example");
    let v = verify(&app, &admin, eid).await;
    assert_eq!(v["status"], "verified");
    assert_eq!(seen_by_students(&app, &student, id).await, [true; 4]);
    let one = body(app.get(&student, &format!("/api/internships/{id}")).await).await;
    assert_eq!(
        (
            one["employerVerified"].as_bool(),
            one["visibility"].as_str()
        ),
        (Some(true), Some("public"))
    );

    // A student applies and they talk.
    let app_id = body(app.apply(&student, id).await).await["id"]
        .as_u64()
        .unwrap();
    let thread = format!("/api/applications/{app_id}/messages");
    let sid = body(app.get(&student, "/api/auth/user").await).await["id"]
        .as_u64()
        .unwrap();
    let res = app
        .post(
            &employer,
            &thread,
            json!({"content": "Welcome!", "receiverId": sid}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);

    // Suspended: postings gone, sessions ended, sign-in says why and whom to call,
    // messages refused both ways, the student's application and thread still readable.
    internreel::commands::run(
        &app.state.services,
        &internreel::jobs::Boards::Recorded,
        internreel::commands::Command::SettingsSet {
            key: "district-name".into(),
            value: "Lakeside Unified".into(),
        },
    )
    .unwrap();
    let res = app
        .post(
            &admin,
            &format!("/api/admin/employers/{eid}/suspend"),
            json!({"reason": ""}),
        )
        .await;
    assert_eq!(
        message_of(res).await,
        (
            StatusCode::BAD_REQUEST,
            json!({"message": "Please give a reason for the suspension"})
        )
    );
    let res = app
        .post(
            &admin,
            &format!("/api/admin/employers/{eid}/suspend"),
            json!({"reason": "Asked students for fees"}),
        )
        .await;
    assert_eq!(body(res).await["status"], "suspended");
    assert_eq!(seen_by_students(&app, &student, id).await, [false; 4]);
    assert_eq!(
        app.get(&employer, "/api/auth/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
    let res = app
        .post(
            &app.client(),
            "/api/employers/login",
            json!({"email": "owner@pending.example", "password": "longsecret"}),
        )
        .await;
    let (status, msg) = message_of(res).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let text = msg["message"].as_str().unwrap();
    assert!(
        text.contains("suspended by Lakeside Unified")
            && text.contains("Asked students for fees")
            && text.contains("Contact Lakeside Unified"),
        "{text}"
    );
    let res = app
        .post(
            &student,
            &thread,
            json!({"content": "Hello?", "receiverId": eid}),
        )
        .await;
    let (status, msg) = message_of(res).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(
        msg["message"].as_str().unwrap().contains("suspended"),
        "{msg}"
    );
    assert_eq!(
        body(app.get(&student, &thread).await)
            .await
            .as_array()
            .unwrap()
            .len(),
        1
    );
    let mine = body(
        app.get(&student, &format!("/api/users/{sid}/applications"))
            .await,
    )
    .await;
    assert_eq!(mine.as_array().unwrap().len(), 1, "{mine}");

    // Every decision is in the audit log.
    let actions = audit_actions(&app, &admin, &format!("?user={eid}")).await;
    assert_eq!(actions, ["employer.suspend", "employer.verify"]);
}

#[tokio::test]
async fn the_demo_has_one_employer_for_the_district_to_review_and_the_rest_verified() {
    let app = spawn_reviewed(true).await;
    let admin = app.admin().await;
    let list = body(app.get(&admin, "/api/admin/employers?pending=true").await).await;
    let pending = list["employers"].as_array().unwrap();
    assert_eq!(pending.len(), 1, "{list}");
    assert_eq!(pending[0]["company"], "Maple Street Bakery");
    let feed = body(app.get(&app.client(), "/api/internships").await).await;
    let feed = feed.as_array().unwrap();
    assert!(feed.len() >= 30);
    assert!(
        feed.iter()
            .all(|i| i["employerVerified"] == true && i["visibility"] == "public")
    );
    // Nothing in the demo trips the hazardous-duties screen.
    let reports = body(app.get(&admin, "/api/admin/reports").await).await;
    assert_eq!(reports["reports"], json!([]));
    let district = body(app.get(&app.client(), "/api/district").await).await;
    assert_eq!(
        district,
        json!({"name": "your school district", "contact": null})
    );
}

#[tokio::test]
async fn hazardous_duties_hold_a_posting_until_the_district_releases_it_or_the_text_changes() {
    let app = spawn_reviewed(false).await;
    let admin = app.admin().await;
    let (employer, me) = app.signup_employer("deli@hazard.example").await;
    verify(&app, &admin, me["id"].as_u64().unwrap()).await;
    let (student, _) = app.signup_student("kid@hazard.example").await;

    // The UI's case: the box ticked, the text hazardous.
    let res = app
        .post(
            &employer,
            "/api/internships",
            posting(
                "Deli robots helper",
                "Drive the delivery van, operate the meat slicer and forklift.",
            ),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let held = body(res).await;
    let id = held["id"].as_u64().unwrap();
    assert_eq!(held["visibility"], "held_for_review");
    assert_eq!(
        held["heldTerms"],
        json!(["driving", "forklift", "meat slicer"])
    );
    assert_eq!(held["hazardousDutiesConfirmed"], true);
    assert_eq!(seen_by_students(&app, &student, id).await, [false; 4]);

    // The API's case: no confirmation at all; held as well, and marked unconfirmed.
    let mut roof = internship_body("Roof robots crew");
    roof["description"] = json!("Help our crew on the roof, use the power saw.");
    let roof = body(app.post(&employer, "/api/internships", roof).await).await;
    let roof_id = roof["id"].as_u64().unwrap();
    assert_eq!(roof["heldTerms"], json!(["power saw", "roofing"]));
    assert_eq!(roof["hazardousDutiesConfirmed"], false);
    let employers = body(app.get(&admin, "/api/admin/employers").await).await;
    assert_eq!(employers["employers"][0]["unconfirmedPostings"], 1);

    // Both are system reports in the admin's queue, with what matched.
    let reports = body(app.get(&admin, "/api/admin/reports").await).await;
    let reports = reports["reports"].as_array().unwrap().clone();
    assert_eq!(reports.len(), 2);
    assert!(
        reports
            .iter()
            .all(|r| r["system"] == true && r["status"] == "open" && r["reporter"].is_null())
    );
    let deli = reports
        .iter()
        .find(|r| r["targetId"].as_u64() == Some(id))
        .unwrap();
    assert_eq!(
        deli["heldTerms"],
        json!(["driving", "forklift", "meat slicer"])
    );
    assert!(
        deli["content"]["text"]
            .as_str()
            .unwrap()
            .contains("meat slicer")
    );

    // Editing the text away releases the roof posting at once and closes its report.
    let mut clean = internship_body("Workshop robots crew");
    clean["description"] = json!("Help our crew build robots in the workshop.");
    let edited = body(
        app.put(
            &employer,
            &format!("/api/employers/internships/{roof_id}"),
            clean,
        )
        .await,
    )
    .await;
    assert_eq!(edited["visibility"], "public", "{edited}");
    assert_eq!(seen_by_students(&app, &student, roof_id).await, [true; 4]);

    // The admin releases the deli posting: live, and an edit keeping the terms keeps it live.
    let rid = deli["id"].as_u64().unwrap();
    let res = app
        .post(&admin, &format!("/api/admin/reports/{rid}/resolve"), json!({"action": "release", "note": "Adult staff drive; the intern rides along? No: checked, duties removed."}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let released = body(res).await;
    assert_eq!(released["resolution"]["action"], "release");
    assert_eq!(seen_by_students(&app, &student, id).await, [true; 4]);
    let again = posting(
        "Deli robots helper",
        "Drive the delivery van, operate the meat slicer and forklift. Weekends.",
    );
    let again = body(
        app.put(
            &employer,
            &format!("/api/employers/internships/{id}"),
            again,
        )
        .await,
    )
    .await;
    assert_eq!(again["visibility"], "public", "{again}");
    // A new hazard still holds it.
    let worse = posting(
        "Deli robots helper",
        "Operate the meat slicer; some roofing work.",
    );
    let worse = body(
        app.put(
            &employer,
            &format!("/api/employers/internships/{id}"),
            worse,
        )
        .await,
    )
    .await;
    assert_eq!(worse["heldTerms"], json!(["roofing"]));
    let open = body(app.get(&admin, "/api/admin/reports").await).await;
    assert_eq!(open["reports"][0]["status"], "open");
    assert_eq!(open["reports"][0]["heldTerms"], json!(["roofing"]));
    // A release of a person's report is refused.
    let res = app
        .post(
            &admin,
            "/api/admin/reports/987654/resolve",
            json!({"action": "hide"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}

/// A verified employer with a public posting, a student who applied, and a message each way.
struct Scene {
    app: TestApp,
    admin: Client,
    employer: Client,
    employer_id: u64,
    student: Client,
    student_id: u64,
    internship: u64,
    application: u64,
}

async fn scene(tag: &str) -> Scene {
    let app = spawn_reviewed(false).await;
    let admin = app.admin().await;
    let (employer, me) = app.signup_employer(&format!("boss@{tag}.example")).await;
    let employer_id = me["id"].as_u64().unwrap();
    verify(&app, &admin, employer_id).await;
    let (student, s) = app.signup_student(&format!("kid@{tag}.example")).await;
    let student_id = s["id"].as_u64().unwrap();
    let internship = app.post_internship(&employer, "Robot helper").await["id"]
        .as_u64()
        .unwrap();
    let application = body(app.apply(&student, internship).await).await["id"]
        .as_u64()
        .unwrap();
    Scene {
        app,
        admin,
        employer,
        employer_id,
        student,
        student_id,
        internship,
        application,
    }
}

async fn send(s: &Scene, from_employer: bool, text: &str) -> reqwest::Response {
    let (c, to) = if from_employer {
        (&s.employer, s.student_id)
    } else {
        (&s.student, s.employer_id)
    };
    s.app
        .post(
            c,
            &format!("/api/applications/{}/messages", s.application),
            json!({"content": text, "receiverId": to}),
        )
        .await
}

async fn report(s: &Scene, c: &Client, kind: &str, id: u64, reason: &str) -> (StatusCode, Value) {
    let res = s
        .app
        .post(
            c,
            "/api/reports",
            json!({"targetType": kind, "targetId": id, "reason": reason, "details": "Please look"}),
        )
        .await;
    message_of(res).await
}

#[tokio::test]
async fn reports_are_filed_once_and_resolved_by_hiding_or_suspending() {
    let s = scene("reports").await;
    let app = &s.app;
    // A posting: filed once per reporter, a person's reason required, own posts refused.
    let (status, v) = report(&s, &s.student, "internship", s.internship, "scam").await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    assert_eq!(
        v["message"],
        "Thanks for telling us. The district will review this report."
    );
    let again = report(&s, &s.student, "internship", s.internship, "other").await;
    assert_eq!(
        again,
        (
            StatusCode::CONFLICT,
            json!({"message": "You have already reported this"})
        )
    );
    let bad = report(&s, &s.student, "internship", s.internship, "system_hold").await;
    assert_eq!(
        bad,
        (
            StatusCode::BAD_REQUEST,
            json!({"message": "Please choose a reason"})
        )
    );
    let own = report(&s, &s.employer, "internship", s.internship, "scam").await;
    assert_eq!(own.0, StatusCode::BAD_REQUEST);
    let missing = report(&s, &s.student, "comment", 987_654, "scam").await;
    assert_eq!(missing.0, StatusCode::NOT_FOUND);
    let long = s
        .app
        .post(&s.student, "/api/reports", json!({"targetType": "internship", "targetId": s.internship, "reason": "other", "details": "x".repeat(1001)}))
        .await;
    assert_eq!(long.status(), StatusCode::BAD_REQUEST);

    // The admin sees it with its content and reporter, and hides the posting.
    let list = body(app.get(&s.admin, "/api/admin/reports").await).await;
    let r = &list["reports"][0];
    assert_eq!(
        (r["reason"].as_str(), r["reasonLabel"].as_str()),
        (Some("scam"), Some("Scam or asks for fees"))
    );
    assert_eq!(r["content"]["internshipTitle"], "Robot helper");
    assert_eq!(r["reporter"]["id"].as_u64(), Some(s.student_id));
    let rid = r["id"].as_u64().unwrap();
    let res = app
        .post(
            &s.admin,
            &format!("/api/admin/reports/{rid}/resolve"),
            json!({"action": "hide", "note": "Fees are not allowed"}),
        )
        .await;
    let resolved = body(res).await;
    assert_eq!(
        (
            resolved["status"].as_str(),
            resolved["content"]["hidden"].as_bool()
        ),
        (Some("resolved"), Some(true))
    );
    assert_eq!(
        seen_by_students(app, &s.student, s.internship).await,
        [false; 4]
    );
    let own = body(
        app.get(&s.employer, &format!("/api/internships/{}", s.internship))
            .await,
    )
    .await;
    assert_eq!(own["visibility"], "hidden");
    let res = app
        .post(
            &s.admin,
            &format!("/api/admin/reports/{rid}/resolve"),
            json!({"action": "dismiss"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    // Resolved, the student may report it again.
    assert_eq!(
        report(&s, &s.student, "internship", s.internship, "other")
            .await
            .0,
        StatusCode::NOT_FOUND,
        "hidden: nothing left to report"
    );

    // A message from the employer: the student reports it, the admin suspends the employer.
    let m = body(
        send(
            &s,
            true,
            "Send me your home address and $20 for the uniform",
        )
        .await,
    )
    .await;
    let mid = m["id"].as_u64().unwrap();
    assert_eq!(
        report(&s, &s.employer, "message", mid, "scam").await.0,
        StatusCode::BAD_REQUEST,
        "one's own message"
    );
    let (status, filed) = report(&s, &s.student, "message", mid, "personal_info").await;
    assert_eq!(status, StatusCode::CREATED);
    let rid = filed["id"].as_u64().unwrap();
    let res = app
        .post(
            &s.admin,
            &format!("/api/admin/reports/{rid}/resolve"),
            json!({"action": "suspend"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let employers = body(app.get(&s.admin, "/api/admin/employers").await).await;
    assert_eq!(employers["employers"][0]["status"], "suspended");
    assert_eq!(
        app.get(&s.employer, "/api/auth/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
    let actions = audit_actions(app, &s.admin, "").await;
    assert_eq!(
        &actions[..3],
        ["report.resolve", "employer.suspend", "report.resolve"],
        "{actions:?}"
    );
}

#[tokio::test]
async fn comments_and_messages_are_hidden_and_a_students_comment_cannot_suspend_anyone() {
    let s = scene("hide").await;
    let app = &s.app;
    let (other, _) = app.signup_student("classmate@hide.example").await;
    let comments = format!("/api/internships/{}/comments", s.internship);
    let c = body(
        app.post(
            &s.student,
            &comments,
            json!({"content": "You all are clowns"}),
        )
        .await,
    )
    .await;
    let cid = c["id"].as_u64().unwrap();
    let (status, filed) = report(&s, &other, "comment", cid, "harassment").await;
    assert_eq!(status, StatusCode::CREATED);
    let rid = filed["id"].as_u64().unwrap();
    let res = app
        .post(
            &s.admin,
            &format!("/api/admin/reports/{rid}/resolve"),
            json!({"action": "suspend"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let res = app
        .post(
            &s.admin,
            &format!("/api/admin/reports/{rid}/resolve"),
            json!({"action": "hide"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(body(app.get(&other, &comments).await).await, json!([]));
    let posting = body(
        app.get(&other, &format!("/api/internships/{}", s.internship))
            .await,
    )
    .await;
    assert_eq!(posting["comments"], 0);

    let m = body(send(&s, false, "Is it paid?").await).await;
    let mid = m["id"].as_u64().unwrap();
    let (_, filed) = report(&s, &s.employer, "message", mid, "other").await;
    let rid = filed["id"].as_u64().unwrap();
    app.post(
        &s.admin,
        &format!("/api/admin/reports/{rid}/resolve"),
        json!({"action": "hide"}),
    )
    .await;
    let thread = body(
        app.get(
            &s.employer,
            &format!("/api/applications/{}/messages", s.application),
        )
        .await,
    )
    .await;
    assert!(
        thread
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["id"].as_u64() != Some(mid))
    );
}

#[tokio::test]
async fn the_comment_word_list_holds_comments_for_review_and_can_be_edited() {
    let s = scene("words").await;
    let app = &s.app;
    let comments = format!("/api/internships/{}/comments", s.internship);
    let res = app
        .post(
            &s.student,
            &comments,
            json!({"content": "Cool! Add me on Snapchat"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let held = body(res).await;
    assert_eq!(held["awaitingReview"], true);
    let visitor = app.client();
    assert_eq!(body(app.get(&visitor, &comments).await).await, json!([]));
    let mine = body(app.get(&s.student, &comments).await).await;
    assert_eq!(mine[0]["awaitingReview"], true);
    let reports = body(app.get(&s.admin, "/api/admin/reports").await).await;
    let r = &reports["reports"][0];
    assert_eq!(
        (r["targetType"].as_str(), r["system"].as_bool()),
        (Some("comment"), Some(true))
    );
    // The district's word, and (built in) the invitation to talk elsewhere.
    assert_eq!(
        r["heldTerms"],
        json!(["snapchat", "invitation off InternReel"])
    );
    let rid = r["id"].as_u64().unwrap();
    app.post(
        &s.admin,
        &format!("/api/admin/reports/{rid}/resolve"),
        json!({"action": "release"}),
    )
    .await;
    let shown = body(app.get(&visitor, &comments).await).await;
    assert_eq!(shown[0]["content"], "Cool! Add me on Snapchat");
    assert_eq!(shown[0]["awaitingReview"], false);

    // The district edits the list; the next comment is judged by the new one.
    let file = app.data_path().join("comment-words.txt");
    assert!(std::fs::read_to_string(&file).unwrap().contains("snapchat"));
    std::fs::write(&file, "# ours\nrobot uprising\n").unwrap();
    let later = std::time::SystemTime::now() + std::time::Duration::from_secs(5);
    std::fs::File::options()
        .write(true)
        .open(&file)
        .unwrap()
        .set_modified(later)
        .unwrap();
    let c = body(
        app.post(
            &s.student,
            &comments,
            json!({"content": "Snapchat is fine now"}),
        )
        .await,
    )
    .await;
    assert_eq!(c["awaitingReview"], false);
    let c = body(
        app.post(
            &s.student,
            &comments,
            json!({"content": "Beware the robot uprisings"}),
        )
        .await,
    )
    .await;
    assert_eq!(c["awaitingReview"], true);
}

#[tokio::test]
async fn a_student_blocks_an_employer_from_messaging_them() {
    let s = scene("blocks").await;
    let app = &s.app;
    assert_eq!(
        send(&s, true, "Hi there").await.status(),
        StatusCode::CREATED
    );
    let res = app
        .post(
            &s.student,
            "/api/blocks",
            json!({"employerId": s.employer_id}),
        )
        .await;
    assert_eq!(
        message_of(res).await,
        (
            StatusCode::CREATED,
            json!({"message": "Blocked. Acme Robotics can no longer message you."})
        )
    );
    let blocks = body(app.get(&s.student, "/api/blocks").await).await;
    assert_eq!(blocks["blocks"][0]["company"], "Acme Robotics");
    let (status, msg) = message_of(send(&s, true, "Hello?").await).await;
    assert_eq!(
        (status, msg["message"].as_str()),
        (
            StatusCode::FORBIDDEN,
            Some("This student is not accepting messages from your company.")
        )
    );
    assert_eq!(
        send(&s, false, "I can still write").await.status(),
        StatusCode::CREATED
    );
    let res = app
        .post(
            &s.student,
            "/api/blocks",
            json!({"employerId": s.student_id}),
        )
        .await;
    assert_eq!(
        res.status(),
        StatusCode::NOT_FOUND,
        "only employers can be blocked"
    );
    assert_eq!(
        app.delete(&s.student, &format!("/api/blocks/{}", s.employer_id))
            .await
            .status(),
        StatusCode::OK
    );
    assert_eq!(send(&s, true, "Thanks").await.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn views_of_a_students_files_and_status_changes_are_audited_and_cannot_be_changed() {
    let s = scene("audit").await;
    let app = &s.app;
    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(crate::authz::PDF.to_vec()).file_name("t.pdf"),
    );
    let res = s
        .student
        .post(app.url(&format!("/api/users/{}/transcript", s.student_id)))
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let transcript = format!("/api/users/{}/transcript", s.student_id);
    assert_eq!(
        app.get(&s.employer, &transcript).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        app.get(&s.employer, &transcript).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        app.get(&s.student, &transcript).await.status(),
        StatusCode::OK,
        "one's own views are not audited"
    );
    let res = app
        .put(
            &s.employer,
            &format!("/api/employers/applications/{}", s.application),
            json!({"status": "interview_requested"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let v = body(
        app.get(&s.admin, &format!("/api/admin/audit?user={}", s.student_id))
            .await,
    )
    .await;
    let actions: Vec<&str> = v["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(
        actions,
        ["application.status", "transcript.view", "transcript.view"]
    );
    let e = &v["entries"][0];
    assert_eq!(e["actor"]["id"].as_u64(), Some(s.employer_id));
    assert!(
        e["summary"]
            .as_str()
            .unwrap()
            .contains("from pending to interview_requested"),
        "{e}"
    );
    // Paged with a Link header.
    let res = app.get(&s.admin, "/api/admin/audit?limit=1").await;
    assert!(res.headers().get("link").is_some());
    let page = body(res).await;
    assert_eq!(page["entries"].as_array().unwrap().len(), 1);
    // Nobody else reads it, and no route changes or removes an entry.
    assert_eq!(
        app.get(&s.employer, "/api/admin/audit").await.status(),
        StatusCode::FORBIDDEN
    );
    for method in [
        reqwest::Method::DELETE,
        reqwest::Method::PUT,
        reqwest::Method::PATCH,
    ] {
        let res = s
            .admin
            .request(method.clone(), app.url("/api/admin/audit"))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::METHOD_NOT_ALLOWED, "{method}");
    }
}

#[tokio::test]
async fn a_student_downloads_their_data_and_deletes_their_account_leaving_nothing_personal() {
    let s = scene("rights").await;
    let app = &s.app;
    let sid = s.student_id;
    // Things to take out (and then delete).
    let upload = |path: &'static str, bytes: &'static [u8], name: &'static str| {
        let form = reqwest::multipart::Form::new().part(
            "file",
            reqwest::multipart::Part::bytes(bytes).file_name(name),
        );
        s.student
            .post(app.url(&format!("/api/users/{sid}/{path}")))
            .multipart(form)
            .send()
    };
    assert_eq!(
        upload("photo", crate::authz::PNG, "me.png")
            .await
            .unwrap()
            .status(),
        StatusCode::OK
    );
    assert_eq!(
        upload("transcript", crate::authz::PDF, "t.pdf")
            .await
            .unwrap()
            .status(),
        StatusCode::OK
    );
    let mut profile = student_body("kid@rights.example");
    profile["lastName"] = json!("Okonkwo-Vance");
    let res = app
        .put(&s.student, &format!("/api/users/{sid}"), profile)
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let images = app.data_path().join("images");
    assert_eq!(files_in(&images).len(), 2);
    app.post(
        &s.student,
        &format!("/api/internships/{}/like", s.internship),
        json!({}),
    )
    .await;
    app.post(
        &s.student,
        &format!("/api/internships/{}/bookmark", s.internship),
        json!({}),
    )
    .await;
    let comments = format!("/api/internships/{}/comments", s.internship);
    app.post(&s.student, &comments, json!({"content": "Love the robots"}))
        .await;
    send(&s, false, "When does it start?").await;
    send(&s, true, "In June").await;
    report(&s, &s.student, "internship", s.internship, "other").await;
    app.put(
        &s.employer,
        &format!("/api/employers/applications/{}", s.application),
        json!({"status": "interview_requested"}),
    )
    .await;

    // The export: only the student, everything about them.
    assert_eq!(
        app.get(&s.employer, &format!("/api/users/{sid}/export"))
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    let res = app
        .get(&s.student, &format!("/api/users/{sid}/export"))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let disposition = res.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_string();
    assert_eq!(
        disposition,
        format!("attachment; filename=\"internreel-data-{sid}.json\"")
    );
    let data = body(res).await;
    assert_eq!(data["profile"]["email"], "kid@rights.example");
    assert_eq!(data["profile"]["school"], "Lincoln High");
    let a = &data["applications"][0];
    assert_eq!(
        (a["title"].as_str(), a["status"].as_str()),
        (Some("Robot helper"), Some("interview_requested"))
    );
    assert_eq!(a["history"].as_array().unwrap().len(), 2);
    assert_eq!(a["messages"].as_array().unwrap().len(), 2);
    assert_eq!(a["messages"][0]["from"], "you");
    assert_eq!(
        data["likes"][0]["internshipId"].as_u64(),
        Some(s.internship)
    );
    assert_eq!(data["bookmarks"].as_array().unwrap().len(), 1);
    assert_eq!(data["comments"][0]["content"], "Love the robots");
    assert_eq!(data["reports"][0]["reason"], "other");
    let audited: Vec<&str> = data["auditEntries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(audited, ["data.export", "application.status"]);

    // Deletion: the password confirms it.
    let del = |pw: &'static str| {
        s.student
            .delete(app.url(&format!("/api/users/{sid}")))
            .json(&json!({"password": pw}))
            .send()
    };
    assert_eq!(
        message_of(del("").await.unwrap()).await,
        (
            StatusCode::BAD_REQUEST,
            json!({"message": "Please enter your password"})
        )
    );
    assert_eq!(
        message_of(del("wrong-one").await.unwrap()).await,
        (
            StatusCode::FORBIDDEN,
            json!({"message": "Incorrect password"})
        )
    );
    let res = del("secret1").await.unwrap();
    assert_eq!(
        message_of(res).await,
        (
            StatusCode::OK,
            json!({"message": "Your account has been deleted."})
        )
    );

    // Gone: the session, the sign-in (like an unknown account), the files.
    assert_eq!(
        app.get(&s.student, "/api/auth/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
    let res = app
        .post(
            &app.client(),
            "/api/student-login",
            json!({"email": "kid@rights.example", "password": "secret1"}),
        )
        .await;
    assert_eq!(
        message_of(res).await,
        (
            StatusCode::UNAUTHORIZED,
            json!({"message": "Invalid email or password"})
        )
    );
    assert_eq!(files_in(&images), Vec::<String>::new());
    // What they wrote stays for the other party, with no name.
    let shown = body(app.get(&app.client(), &comments).await).await;
    assert_eq!(
        (
            shown[0]["user"]["firstName"].as_str(),
            shown[0]["user"]["lastName"].as_str()
        ),
        (Some("Deleted student"), Some(""))
    );
    let posting = body(
        app.get(&app.client(), &format!("/api/internships/{}", s.internship))
            .await,
    )
    .await;
    assert_eq!(
        (posting["likes"].as_u64(), posting["bookmarks"].as_u64()),
        (Some(0), Some(0))
    );
    let apps = body(app.get(&s.employer, "/api/employers/applications").await).await;
    assert_eq!(apps[0]["studentDeleted"], true);
    assert_eq!(
        (
            apps[0]["student"]["firstName"].as_str(),
            apps[0]["student"]["email"].as_str()
        ),
        (Some("Deleted student"), Some(""))
    );
    let thread = body(
        app.get(
            &s.employer,
            &format!("/api/applications/{}/messages", s.application),
        )
        .await,
    )
    .await;
    assert_eq!(thread[0]["senderName"], "Deleted student");
    assert_eq!(thread.as_array().unwrap().len(), 2);
    let (status, _) = message_of(send(&s, true, "Still there?").await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let audit = audit_actions(app, &s.admin, &format!("?user={sid}")).await;
    assert_eq!(audit[0], "account.delete");

    // Scan the store: a backup copies every live row into a fresh file; none of the student's
    // personal fields is in it.
    let backup = app.data_path().join("scan.tar");
    internreel::backup::backup(&app.state.services, &backup).unwrap();
    let bytes = std::fs::read(&backup).unwrap();
    for needle in ["kid@rights.example", "Lincoln High", "Okonkwo-Vance"] {
        assert!(
            !bytes.windows(needle.len()).any(|w| w == needle.as_bytes()),
            "{needle} is still in the store"
        );
    }
}

// Multi-threaded: the CLI below blocks this thread while the server answers on its socket.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cli_reviews_employers_and_reports_with_the_server_stopped() {
    let app = spawn_reviewed(false).await;
    let (employer, me) = app.signup_employer("cli@review.example").await;
    let eid = me["id"].as_u64().unwrap().to_string();
    let mut p = internship_body("Forklift robots");
    p["description"] = json!("Operate the forklift in our robot warehouse.");
    app.post(&employer, "/api/internships", p).await;
    let data = app.stop().await;
    let bin = env!("CARGO_BIN_EXE_internreel");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(bin)
            .arg("--data")
            .arg(data.path())
            .args(args)
            .output()
            .unwrap();
        (
            out.status.success(),
            format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ),
        )
    };
    let (ok, out) = run(&["employers", "list", "--pending", "--json"]);
    assert!(ok, "{out}");
    let list: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(list[0]["company"], "Acme Robotics");
    let (ok, out) = run(&["employers", "verify", &eid]);
    assert!(ok && out.contains("Verified employer #"), "{out}");
    let (ok, out) = run(&["reports", "list", "--open"]);
    assert!(ok && out.contains("matched: forklift"), "{out}");
    let id = out
        .trim_start_matches('#')
        .split_whitespace()
        .next()
        .unwrap()
        .to_string();
    let (ok, out) = run(&[
        "reports", "resolve", &id, "--action", "release", "--note", "checked",
    ]);
    assert!(
        ok && out.contains("Resolved report #") && out.contains(": release"),
        "{out}"
    );
    let (ok, out) = run(&["settings", "set", "district-name", "Lakeside Unified"]);
    assert!(ok, "{out}");
    let (ok, out) = run(&["settings", "set", "colour", "blue"]);
    assert!(!ok && out.contains("unknown setting"), "{out}");
    let (ok, out) = run(&["employers", "suspend", &eid, "--reason", "Closed down"]);
    assert!(ok && out.contains("Suspended employer #"), "{out}");
    let (ok, out) = run(&["audit", "list"]);
    assert!(ok, "{out}");
    for action in [
        "employer.verify",
        "report.resolve",
        "settings.set",
        "employer.suspend",
    ] {
        assert!(out.contains(action), "{action}: {out}");
    }
    let (ok, out) = run(&["audit", "list", "--json", "--user", &eid]);
    assert!(ok, "{out}");
    let entries: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(entries.as_array().unwrap().len(), 2);
    // And with the server running, through its control socket.
    let app = start_reviewed_on(data, false).await;
    let district = body(app.get(&app.client(), "/api/district").await).await;
    assert_eq!(district["name"], "Lakeside Unified");
    let out = std::process::Command::new(bin)
        .arg("--data")
        .arg(app.data_path())
        .args(["employers", "verify", &eid])
        .output()
        .unwrap();
    assert!(out.status.success());
    let visible = body(app.get(&app.client(), "/api/internships").await).await;
    assert_eq!(
        visible.as_array().unwrap().len(),
        1,
        "verified again, its released posting is live"
    );
}

/// The audit log keeps what a resolution hid of a person's words only as its hash and length
/// (a student's comment may carry her full name and number); entries written before that
/// rule lose the words when the student's account is deleted.
#[tokio::test]
async fn the_audit_log_keeps_a_hidden_comment_as_a_hash_never_the_words() {
    let s = scene("hash").await;
    let app = &s.app;
    let (other, _) = app.signup_student("classmate@hash.example").await;
    let comments = format!("/api/internships/{}/comments", s.internship);
    let words = "Ava Martinez says you are all clowns";
    let c = body(
        app.post(&s.student, &comments, json!({"content": words}))
            .await,
    )
    .await;
    let cid = c["id"].as_u64().unwrap();
    let (_, filed) = report(&s, &other, "comment", cid, "harassment").await;
    let rid = filed["id"].as_u64().unwrap();
    let res = app
        .post(
            &s.admin,
            &format!("/api/admin/reports/{rid}/resolve"),
            json!({"action": "hide"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let audit = app
        .get(&s.admin, "/api/admin/audit")
        .await
        .text()
        .await
        .unwrap();
    assert!(!audit.contains("Ava Martinez"), "{audit}");
    let counted = format!("{} characters, SHA-256 ", words.chars().count());
    assert!(audit.contains(&counted), "{audit}");

    // An entry of the old form, with the words, about another comment of hers.
    let old = body(
        app.post(&s.student, &comments, json!({"content": "Second comment"}))
            .await,
    )
    .await["id"]
        .as_u64()
        .unwrap();
    app.state
        .store()
        .write(|w| {
            use internreel::store::audit::{Actor, Event, append};
            append(
                w,
                0,
                Actor::Admin,
                Event::ReportResolvedNoted {
                    report: rid,
                    action: "hide".into(),
                    note: String::new(),
                    hidden_text: "Ava Martinez, 555-0100".into(), // 22 characters
                },
                ("comment", Some(old)),
                None,
            )?;
            Ok::<_, internreel::store::StoreError>(())
        })
        .unwrap();
    let audit = app
        .get(&s.admin, "/api/admin/audit")
        .await
        .text()
        .await
        .unwrap();
    assert!(audit.contains("555-0100"), "{audit}");
    let res = s
        .student
        .delete(app.url(&format!("/api/users/{}", s.student_id)))
        .json(&json!({"password": "secret1"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let audit = app
        .get(&s.admin, "/api/admin/audit")
        .await
        .text()
        .await
        .unwrap();
    assert!(!audit.contains("555-0100"), "{audit}");
    assert!(!audit.contains("Ava Martinez"), "{audit}");
    assert!(audit.contains("22 characters, SHA-256 "), "{audit}");
}

/// A coordinator's hide of a posting, which every school's students see, goes to the
/// district's admins instead (the report stays open, the admins get an e-mail); and a
/// coordinator's resolution never closes another school's report they cannot see.
#[tokio::test]
async fn a_coordinator_asks_the_district_to_hide_a_posting_and_closes_only_their_schools_reports() {
    let s = scene("escalate").await;
    let app = &s.app;
    let mut body_other = student_body("kid@ridgeview.example");
    body_other["school"] = json!("Ridgeview High");
    let other = app.client();
    assert_eq!(
        app.post(&other, "/api/users", body_other).await.status(),
        StatusCode::CREATED
    );
    let (_, mine) = report(&s, &s.student, "internship", s.internship, "scam").await;
    let mine = mine["id"].as_u64().unwrap();
    let (_, theirs) = report(&s, &other, "internship", s.internship, "personal_info").await;
    let theirs = theirs["id"].as_u64().unwrap();

    add_staff(app, "dana@district.example", "admin", None);
    let secret = add_staff(
        app,
        "sam@district.example",
        "coordinator",
        Some("Lincoln High"),
    );
    let coordinator = app.client();
    let res = app
        .post(
            &coordinator,
            "/api/staff/login",
            json!({"email": "sam@district.example", "password": STAFF_PASSWORD, "code": totp_now(&secret)}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let listed = body(app.get(&coordinator, "/api/admin/reports").await).await;
    let ids: Vec<u64> = listed["reports"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids, [mine]);

    // Another school's report is not theirs to resolve.
    let res = app
        .post(
            &coordinator,
            &format!("/api/admin/reports/{theirs}/resolve"),
            json!({"action": "dismiss"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    // Hiding the posting: sent to the admins, nothing hidden, nothing closed.
    let res = app
        .post(
            &coordinator,
            &format!("/api/admin/reports/{mine}/resolve"),
            json!({"action": "hide", "note": "Asks students for a fee"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    assert_eq!(body(res).await["status"], "open");
    assert_eq!(
        seen_by_students(app, &s.student, s.internship).await,
        [true; 4]
    );
    let all = body(app.get(&s.admin, "/api/admin/reports").await).await;
    assert!(
        all["reports"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["status"] == "open"),
        "{all}"
    );
    let mails = {
        use internreel::store::Reader;
        app.state
            .store()
            .read()
            .unwrap()
            .scan_rev(|m: &internreel::store::outbox::Mail| m.to == "dana@district.example")
            .unwrap()
    };
    assert_eq!(mails.len(), 1);
    assert!(
        mails[0]
            .text
            .contains("asks the district to hide the posting \"Robot helper\"")
    );
    assert!(
        mails[0]
            .text
            .contains("Their note: Asks students for a fee")
    );
    assert_eq!(audit_actions(app, &s.admin, "").await[0], "report.escalate");

    // A dismissal of their student's report closes that report only.
    let res = app
        .post(
            &coordinator,
            &format!("/api/admin/reports/{mine}/resolve"),
            json!({"action": "dismiss"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let all = body(app.get(&s.admin, "/api/admin/reports").await).await;
    let status_of = |id: u64| {
        all["reports"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["id"] == id)
            .unwrap()["status"]
            .clone()
    };
    assert_eq!(status_of(theirs), "open");
    assert_ne!(status_of(mine), "open");
}

#[tokio::test]
async fn a_deleted_students_name_leaves_the_employers_news_and_the_file_is_compacted() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("boss@forget.example").await;
    let id = app.post_internship(&employer, "Robot helper").await["id"]
        .as_u64()
        .unwrap();
    let mut body = student_body("zoe@forget.example");
    body["firstName"] = json!("Zoerine");
    let student = app.client();
    let me = app
        .post(&student, "/api/users", body)
        .await
        .json::<Value>()
        .await
        .unwrap();
    assert_eq!(app.apply(&student, id).await.status(), StatusCode::CREATED);
    let news = app
        .get(&employer, "/api/notifications")
        .await
        .text()
        .await
        .unwrap();
    assert!(news.contains("Zoerine applied"), "{news}");

    let res = student
        .delete(app.url(&format!("/api/users/{}", me["id"])))
        .json(&json!({"password": "secret1"}))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success());
    let news = app
        .get(&employer, "/api/notifications")
        .await
        .text()
        .await
        .unwrap();
    assert!(!news.contains("Zoerine"), "{news}");
    assert!(
        news.contains("A student applied to \\\"Robot helper\\\"."),
        "{news}"
    );
    let mails = {
        use internreel::store::Reader;
        let r = app.state.store().read().unwrap();
        r.scan_rev(|m: &internreel::store::outbox::Mail| {
            m.text.contains("Zoerine") || m.subject.contains("Zoerine")
        })
        .unwrap()
        .len()
    };
    assert_eq!(mails, 0, "no unsent mail names her");

    // The next start compacts the file (the freed pages held her record).
    let due = |app: &TestApp| {
        internreel::store::meta::get_i64(
            &app.state.store().read().unwrap(),
            internreel::store::COMPACT_DUE,
        )
        .unwrap()
        .unwrap_or(0)
    };
    assert_eq!(due(&app), 1);
    let data = app.stop().await;
    let app = start_on(data, false).await;
    assert_eq!(due(&app), 0);
}
