//! Placements (#33): created at Hired; details, guardian, four signatures with the document
//! hash (voided by a change), the guardian's link (single use, expiry, decline), hours and the
//! district's caps, evaluations, completion, the PDFs read back with pdftotext, the program
//! figures and CSV, the CLI, export and deletion.

use reqwest::{Client, Response, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;
use internreel::store::Reader as _;

/// A hired student: (student, employer, admin) clients and the placement's id.
pub struct Hired {
    pub student: Client,
    pub employer: Client,
    pub admin: Client,
    pub id: u64,
    pub student_id: u64,
}

pub async fn hired(app: &TestApp) -> Hired {
    let (student, me) = app.signup_student("ana@student.example").await;
    let (employer, _) = app.signup_employer("boss@employer.example").await;
    let admin = app.admin().await;
    let posting = app.post_internship(&employer, "Library helper").await;
    let res = app.apply(&student, posting["id"].as_u64().unwrap()).await;
    let a: Value = res.json().await.unwrap();
    let path = format!("/api/employers/applications/{}", a["id"]);
    for step in ["offer_extended", "hired"] {
        let res = app.put(&employer, &path, json!({"status": step})).await;
        assert_eq!(res.status(), StatusCode::OK, "{step}");
    }
    let apps: Value = app
        .get(&student, &format!("/api/applications/{}", me["id"]))
        .await
        .json()
        .await
        .unwrap();
    let first = if apps.is_array() {
        &apps[0]
    } else {
        &apps["applications"][0]
    };
    let id = first["placementId"]
        .as_u64()
        .expect("a hired application names its placement");
    Hired {
        student,
        employer,
        admin,
        id,
        student_id: me["id"].as_u64().unwrap(),
    }
}

fn day(offset: i64) -> String {
    let d = time::OffsetDateTime::now_utc().date() + time::Duration::days(offset);
    format!("{:04}-{:02}-{:02}", d.year(), u8::from(d.month()), d.day())
}

/// `details` naming the employer account's holder (Riley Park) as the supervisor: they sign in
/// the app.
fn own_details(start: i64, end: i64) -> Value {
    let mut d = details(start, end);
    d["supervisor"]["name"] = json!("Riley Park");
    d
}

pub fn details(start: i64, end: i64) -> Value {
    json!({"supervisor": {"name": "Priya Shah", "title": "Branch manager", "email": "priya@employer.example", "phone": "555-0142"},
           "worksite": "12 Elm St", "startDate": day(start), "endDate": day(end), "schedule": "Tue and Thu 3:30-6:30 pm",
           "plannedHours": 60, "paid": true, "hourlyWage": 15.5})
}

async fn placement(app: &TestApp, c: &Client, id: u64) -> Value {
    let res = app.get(c, &format!("/api/placements/{id}")).await;
    assert_eq!(res.status(), StatusCode::OK);
    res.json().await.unwrap()
}

/// The newest guardian link in the outbox (the list is newest first).
pub(crate) fn guardian_token(app: &TestApp) -> String {
    let out = app.outbox();
    let at = out
        .find("/guardian/")
        .expect("a guardian link in the outbox");
    out[at + 10..at + 74].to_string()
}

/// `who` signs the agreement of the placement at `p` with `name`.
async fn sign(app: &TestApp, who: &Client, p: &str, name: &str) -> reqwest::Response {
    app.post(who, &format!("{p}/sign"), json!({ "name": name }))
        .await
}

/// The newest supervisor link in the outbox (a supervisor who is not the employer account's
/// holder signs through it).
fn supervisor_token(app: &TestApp) -> String {
    let out = app.outbox();
    let at = out
        .find("/supervisor/")
        .expect("a supervisor link in the outbox");
    out[at + 12..at + 76].to_string()
}

/// The supervisor the details name (Priya Shah, not the account's Riley Park) signs through
/// their own link as `name`.
async fn supervisor_signs(app: &TestApp, name: &str) -> reqwest::Response {
    let token = supervisor_token(app);
    app.post(
        &app.client(),
        &format!("/api/supervisor/{token}/sign"),
        json!({ "name": name }),
    )
    .await
}

/// The guardian, who has no account, signs through the link `token` and consents.
pub(crate) async fn guardian_signs(app: &TestApp, token: &str) -> reqwest::Response {
    app.post(
        &app.client(),
        &format!("/api/guardian/{token}/sign"),
        json!({"name": "Maria Lopez", "consent": true}),
    )
    .await
}

/// The student, the employer and the guardian (through the newest link) sign and the school
/// confirms the guardian, none of it checked: only the school's signature is left.
async fn sign_all_but_school(app: &TestApp, h: &Hired, p: &str) {
    sign(app, &h.student, p, "Sam Lee").await;
    supervisor_signs(app, "Priya Shah").await;
    guardian_signs(app, &guardian_token(app)).await;
    app.post(&h.admin, &format!("{p}/guardian/confirm"), json!({}))
        .await;
}

/// After the guardian: the student, the supervisor (by their link) and the school sign, the
/// school confirming the guardian first; the placement is then active.
pub(crate) async fn sign_rest(app: &TestApp, h: &Hired, p: &str) {
    assert_eq!(
        sign(app, &h.student, p, "Sam Lee").await.status(),
        StatusCode::OK
    );
    assert_eq!(
        supervisor_signs(app, "Priya Shah").await.status(),
        StatusCode::OK
    );
    app.post(&h.admin, &format!("{p}/guardian/confirm"), json!({}))
        .await;
    let res = sign(app, &h.admin, p, "Coordinator Cole").await;
    assert_eq!(res.json::<Value>().await.unwrap()["state"], "active");
}

/// The guardian's signing page, as the link `token` shows it to anyone.
pub(crate) async fn guardian_page(app: &TestApp, token: &str) -> Value {
    app.get(&app.client(), &format!("/api/guardian/{token}"))
        .await
        .json()
        .await
        .unwrap()
}

/// The student gives the guardian `g`: refused, its e-mail is the student's own.
async fn assert_refused_as_own_mailbox(app: &TestApp, h: &Hired, p: &str, g: Value) {
    let (status, body) = message_of(app.put(&h.student, &format!("{p}/guardian"), g).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["errors"]["email"]
            .as_str()
            .unwrap()
            .contains("your own")
    );
}

/// The employer's details (from five days ago) and the student's guardian, unchecked: the
/// agreement awaits its four signatures.
async fn ready_to_sign(app: &TestApp, h: &Hired, p: &str) {
    app.put(&h.employer, p, details(-5, 60)).await;
    let g =
        json!({"name": "Maria Lopez", "relationship": "mother", "email": "maria@family.example"});
    app.put(&h.student, &format!("{p}/guardian"), g).await;
}

/// Every criterion of the district's rubric scored `each`.
pub(crate) fn scores(each: u8) -> serde_json::Map<String, Value> {
    [
        "attendance",
        "communication",
        "teamwork",
        "initiative",
        "quality",
        "safety",
        "professionalism",
        "learning",
    ]
    .iter()
    .map(|k| (k.to_string(), json!(each)))
    .collect()
}

/// Details, guardian, and the four signatures: the placement is active.
pub async fn activate(app: &TestApp, h: &Hired, start: i64, end: i64) {
    let p = format!("/api/placements/{}", h.id);
    assert_eq!(
        app.put(&h.employer, &p, details(start, end)).await.status(),
        StatusCode::OK
    );
    let g = json!({"name": "Maria Lopez", "relationship": "mother", "email": "maria@family.example", "phone": "555-0100"});
    assert_eq!(
        app.put(&h.student, &format!("{p}/guardian"), g)
            .await
            .status(),
        StatusCode::OK
    );
    let token = guardian_token(app);
    assert_eq!(guardian_signs(app, &token).await.status(), StatusCode::OK);
    assert_eq!(
        sign(app, &h.student, &p, "Sam Lee").await.status(),
        StatusCode::OK
    );
    assert_eq!(
        supervisor_signs(app, "Priya Shah").await.status(),
        StatusCode::OK
    );
    assert_eq!(
        app.post(&h.admin, &format!("{p}/guardian/confirm"), json!({}))
            .await
            .status(),
        StatusCode::OK
    );
    let res = sign(app, &h.admin, &p, "Coordinator Cole").await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.json::<Value>().await.unwrap()["state"], "active");
}

pub(crate) fn pdftotext(bytes: &[u8]) -> String {
    pdftotext_with(bytes, &["-layout"])
}

/// A PDF's text in reading order, a line of the page per line (no columns kept).
pub(crate) fn pdftotext_plain(bytes: &[u8]) -> String {
    pdftotext_with(bytes, &[])
}

fn pdftotext_with(bytes: &[u8], args: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.pdf");
    std::fs::write(&path, bytes).unwrap();
    let out = std::process::Command::new("pdftotext")
        .args(args)
        .arg(&path)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils; ./test installs it)");
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout).to_string()
}

#[tokio::test]
async fn hired_makes_a_placement_that_four_parties_sign_and_a_change_voids() {
    let app = spawn_app().await;
    let h = hired(&app).await;
    let p = format!("/api/placements/{}", h.id);
    let v = placement(&app, &h.student, h.id).await;
    assert_eq!(v["state"], "setup");
    assert_eq!(
        v["worksite"], "Austin, TX",
        "the worksite starts as the posting's location: {v}"
    );
    // Nobody signs before the employer's details; the student cannot fill them in.
    let (status, body) = message_of(sign(&app, &h.student, &p, "Sam Lee").await).await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (
            StatusCode::CONFLICT,
            "This agreement is not open for signatures"
        )
    );
    assert_eq!(
        app.put(&h.student, &p, details(5, 60)).await.status(),
        StatusCode::FORBIDDEN
    );
    // The details' rules, each on its field.
    let mut bad = details(5, 60);
    bad["endDate"] = json!(day(1));
    bad["hourlyWage"] = json!(5.0);
    bad["supervisor"]["email"] = json!("nope");
    let (status, body) = message_of(app.put(&h.employer, &p, bad).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"]["endDate"],
        "The end date must be on or after the start date"
    );
    assert_eq!(
        body["errors"]["hourlyWage"],
        "A paid placement pays at least the federal minimum wage ($7.25 an hour)"
    );
    assert_eq!(
        body["errors"]["supervisor.email"],
        "Please enter a valid email address"
    );
    let v: Value = app
        .put(&h.employer, &p, details(5, 60))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(v["state"], "awaiting_signatures");
    assert!(
        v["agreementText"]
            .as_str()
            .unwrap()
            .contains("Priya Shah (Branch manager)")
    );
    assert!(
        v["agreementText"]
            .as_str()
            .unwrap()
            .contains("paid $15.50 an hour")
    );

    // The student cannot name themself as the guardian.
    assert_refused_as_own_mailbox(
        &app,
        &h,
        &p,
        json!({"name": "Me", "relationship": "mother", "email": "ana@student.example"}),
    )
    .await;
    let g = json!({"name": "Maria Lopez", "relationship": "mother", "email": "maria@family.example", "phone": "555-0100"});
    let v: Value = app
        .put(&h.student, &format!("{p}/guardian"), g)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(v["guardian"]["source"], "student");
    assert_eq!(v["guardian"]["confirmed"], false);

    // The student signs with their account's name only.
    let (status, body) = message_of(sign(&app, &h.student, &p, "Someone Else").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"]["name"],
        "Type your full name as on your account: Sam Lee"
    );
    let v: Value = sign(&app, &h.student, &p, "  sam   lee ")
        .await
        .json()
        .await
        .unwrap();
    let sha_first = v["agreementSha256"].as_str().unwrap().to_string();
    assert_eq!(v["awaiting"], json!(["guardian", "supervisor", "school"]));
    let token = guardian_token(&app);
    // The guardian's page shows only the agreement.
    let page = guardian_page(&app, &token).await;
    assert_eq!(page["placement"]["studentName"], "Sam Lee");
    assert_eq!(page["placement"]["agreementSha256"], sha_first.as_str());
    assert!(page["placement"].get("student").is_none());
    let (status, body) = message_of(
        app.post(
            &app.client(),
            &format!("/api/guardian/{token}/sign"),
            json!({"name": "Maria Lopez", "consent": false}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"]["consent"],
        "Please tick the box to give your consent"
    );
    let res = guardian_signs(&app, &token).await;
    assert_eq!(res.status(), StatusCode::OK);
    // Single use: opened again, it says when they signed.
    let (status, body) = message_of(
        app.get(&app.client(), &format!("/api/guardian/{token}"))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("You signed this agreement on "),
        "{body}"
    );
    supervisor_signs(&app, "Priya Shah").await;

    // The school signs last, after confirming a guardian the student gave.
    let (status, body) = message_of(sign(&app, &h.admin, &p, "Cole").await).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("Confirm the parent or guardian")
    );

    // A change of a detail voids every signature; everyone is told.
    let mut changed = details(5, 60);
    changed["schedule"] = json!("Mon and Wed 4-7 pm");
    let v: Value = app
        .put(&h.employer, &p, changed)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(v["signatures"], json!([]));
    assert_eq!(v["state"], "awaiting_signatures");
    assert_ne!(v["agreementSha256"], sha_first.as_str());
    assert!(
        v["history"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["text"].as_str().unwrap().starts_with("Signatures voided"))
    );
    let notes: Value = app
        .get(&h.student, "/api/notifications")
        .await
        .json()
        .await
        .unwrap();
    assert!(
        notes.to_string().contains("every signature was voided"),
        "{notes}"
    );

    // Everyone signs again; all four → active, each with the new text's hash.
    sign_all_but_school(&app, &h, &p).await;
    let v: Value = sign(&app, &h.admin, &p, "Coordinator Cole")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(v["state"], "active");
    assert_eq!(v["signatures"].as_array().unwrap().len(), 4);
    // Started: no more detail changes, no cancelling.
    assert_eq!(
        app.put(&h.employer, &p, details(5, 60)).await.status(),
        StatusCode::CONFLICT
    );
    let (status, body) = message_of(
        app.post(&h.admin, &format!("{p}/cancel"), json!({"reason": "x"}))
            .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (
            StatusCode::CONFLICT,
            "A placement that has started cannot be cancelled; end it early instead"
        )
    );

    // The signed agreement as a PDF: names, dates and the hash.
    let res = app.get(&h.student, &format!("{p}/agreement.pdf")).await;
    assert_eq!(res.headers()["content-type"], "application/pdf");
    let text = pdftotext(&res.bytes().await.unwrap());
    let sha = v["agreementSha256"].as_str().unwrap();
    for want in [
        "Sam Lee",
        "Maria Lopez",
        "Priya Shah",
        "Coordinator Cole",
        &sha[..32],
        "Parent or guardian",
    ] {
        assert!(
            text.contains(want),
            "the agreement PDF lacks {want}:\n{text}"
        );
    }
    // In Spanish for a reader who asks for it (the school's pin session stores no language):
    // the labels and dates, the signed text as signed.
    let res = h
        .admin
        .get(app.url(&format!("{p}/agreement.pdf")))
        .header("Accept-Language", "es")
        .send()
        .await
        .unwrap();
    let es = pdftotext(&res.bytes().await.unwrap());
    for want in [
        "Firmas",
        "Padre, madre o tutor",
        "Maria Lopez",
        &sha[..32],
        " de 20",
        "página 1 de ",
    ] {
        assert!(es.contains(want), "the Spanish PDF lacks {want}:\n{es}");
    }
    // The guardian's copy comes by its own link (the guardian has no account).
    let out = app.outbox();
    let at = out
        .find("/agreement.pdf")
        .expect("the guardian's copy link");
    let copy = &out[at - 64..at];
    let res = app
        .get(
            &app.client(),
            &format!("/api/guardian/{copy}/agreement.pdf"),
        )
        .await;
    assert_eq!(res.headers()["content-type"], "application/pdf");
    assert!(pdftotext(&res.bytes().await.unwrap()).contains("Maria Lopez"));
    // The audit log has every signature and the void.
    let audit: Value = app
        .get(&h.admin, "/api/admin/audit")
        .await
        .json()
        .await
        .unwrap();
    let placement_entries = audit["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"] == "placement.change")
        .count();
    assert!(placement_entries >= 9, "{audit}");
    // Its summaries read in the reader's language.
    let spanish = app.get_json_in(&h.admin, "/api/admin/audit", "es").await;
    let summaries: Vec<&str> = spanish["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["summary"].as_str())
        .collect();
    assert!(
        summaries
            .iter()
            .any(|s| s.contains("firmó el acuerdo como")),
        "{summaries:?}"
    );
}

#[tokio::test]
async fn the_guardian_declines_and_a_link_expires_and_can_be_sent_again() {
    let app = spawn_app().await;
    let h = hired(&app).await;
    let p = format!("/api/placements/{}", h.id);
    app.put(&h.employer, &p, details(5, 60)).await;
    let g = json!({"name": "Maria Lopez", "relationship": "mother", "email": "maria@family.example", "phone": ""});
    app.put(&h.student, &format!("{p}/guardian"), g).await;
    let token = guardian_token(&app);
    let (status, body) = message_of(
        app.post(
            &app.client(),
            &format!("/api/guardian/{token}/decline"),
            json!({"reason": ""}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["errors"]["reason"].is_string());
    let res = app
        .post(
            &app.client(),
            &format!("/api/guardian/{token}/decline"),
            json!({"reason": "The hours are too late on school nights"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let v = placement(&app, &h.student, h.id).await;
    assert_eq!(
        v["guardianDeclined"]["reason"],
        "The hours are too late on school nights"
    );
    assert_eq!(
        app.get(&app.client(), &format!("/api/guardian/{token}"))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    // The employer may not re-send; the student may (after the cool-down), and the new link
    // works.
    age_guardian_mails(&app, h.id);
    assert_eq!(
        app.post(&h.employer, &format!("{p}/guardian/resend"), json!({}))
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.post(&h.student, &format!("{p}/guardian/resend"), json!({}))
            .await
            .status(),
        StatusCode::OK
    );
    let fresh = guardian_token(&app);
    assert_ne!(fresh, token);
    assert_eq!(
        app.get(&app.client(), &format!("/api/guardian/{fresh}"))
            .await
            .status(),
        StatusCode::OK
    );
    // 14 days later it no longer opens.
    app.state
        .store()
        .write(|w| {
            let mut pl = w
                .get::<internreel::store::placements::Placement>(h.id)?
                .unwrap();
            let (hash, _) = pl.guardian_link.unwrap();
            pl.guardian_link = Some((hash, internreel::clock::now_ms() - 1));
            internreel::store::placements::save(w, &pl)
        })
        .unwrap();
    let (status, _) = message_of(
        app.get(&app.client(), &format!("/api/guardian/{fresh}"))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // A token that is no token.
    assert_eq!(
        app.get(&app.client(), "/api/guardian/not-a-token")
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    // Before it starts, the employer may cancel (with a reason).
    let (status, _) = message_of(
        app.post(&h.employer, &format!("{p}/cancel"), json!({"reason": ""}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let v: Value = app
        .post(
            &h.employer,
            &format!("{p}/cancel"),
            json!({"reason": "The family said no"}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(v["state"], "cancelled");
}

#[tokio::test]
async fn hours_approvals_returns_caps_evaluations_completion_and_the_certificate() {
    let app = spawn_app().await;
    let h = hired(&app).await;
    let p = format!("/api/placements/{}", h.id);
    activate(&app, &h, -50, 0).await;
    let hours = format!("{p}/hours");
    // Refusals: the future, outside the dates, not quarter hours, over 12, empty note.
    for (body, field) in [
        (json!({"date": day(1), "hours": 2, "note": "x"}), "date"),
        (json!({"date": day(-60), "hours": 2, "note": "x"}), "date"),
        (json!({"date": day(-1), "hours": 2.2, "note": "x"}), "hours"),
        (
            json!({"date": day(-1), "hours": 12.5, "note": "x"}),
            "hours",
        ),
        (json!({"date": day(-1), "hours": 2, "note": ""}), "note"),
    ] {
        let (status, b) = message_of(app.post(&h.student, &hours, body).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(b["errors"][field].is_string(), "{b}");
    }
    // A week over the district's 20 hours (and a day over 8) is accepted and flagged.
    let mut ids = Vec::new();
    for (d, hrs) in [(-14, 9.0), (-13, 4.0), (-12, 4.0), (-11, 4.0), (-10, 3.75)] {
        let res = app.post(&h.student, &hours, json!({"date": day(d), "hours": hrs, "note": "Shelved returns and helped at the desk"})).await;
        assert_eq!(res.status(), StatusCode::CREATED);
        ids.push(res.json::<Value>().await.unwrap()["id"].as_u64().unwrap());
    }
    let (status, b) = message_of(
        app.post(
            &h.student,
            &hours,
            json!({"date": day(-14), "hours": 1, "note": "again"}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        b["errors"]["date"]
            .as_str()
            .unwrap()
            .contains("already logged")
    );
    let v = placement(&app, &h.admin, h.id).await;
    // Over the district's caps, as data the reader's page words in its own language.
    let flags = v["flags"].as_array().unwrap();
    assert!(
        flags
            .iter()
            .any(|f| f["period"] == "day" && f["hours"] == 9.0 && f["cap"] == 8.0),
        "{flags:?}"
    );
    assert_eq!(
        v["hours"],
        json!({"approved": 0.0, "waiting": 24.75, "returned": 0.0, "planned": 60.0})
    );
    assert_eq!(
        placement(&app, &h.student, h.id).await["flags"],
        json!([]),
        "the student sees no flags"
    );
    // The product's rubric reads in the reader's language; the district's own words as written.
    let spanish = app
        .get_json_in(&h.admin, &format!("/api/placements/{}", h.id), "es")
        .await;
    assert_eq!(spanish["rubric"][0]["label"], "Asistencia y puntualidad");
    // So does the placement's history, written in English as it happened.
    let history: Vec<&str> = spanish["history"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|h| h["text"].as_str())
        .collect();
    assert!(
        history.contains(&"Las cuatro partes firmaron: la práctica está activa"),
        "{history:?}"
    );
    assert_eq!(v["rubric"][0]["label"], "Attendance and punctuality");

    // The supervisor returns one with a comment; the student fixes it; the week is approved.
    let v: Value = app
        .post(
            &h.employer,
            &format!("{hours}/{}/return", ids[0]),
            json!({"comment": "You left at 5 that day"}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(v["entries"][0]["status"], "returned");
    assert_eq!(v["entries"][0]["comment"], "You left at 5 that day");
    // The day it names reads the Spanish reader's way ("2 de marzo", not "Mar 2"): in the
    // placement's history, the student's notification and the audit log.
    let returned = {
        let d = time::OffsetDateTime::now_utc().date() - time::Duration::days(14);
        let meses = [
            "enero",
            "febrero",
            "marzo",
            "abril",
            "mayo",
            "junio",
            "julio",
            "agosto",
            "septiembre",
            "octubre",
            "noviembre",
            "diciembre",
        ];
        format!(
            "{} de {}",
            d.day(),
            meses[usize::from(u8::from(d.month())) - 1]
        )
    };
    let spanish = app.get_json_in(&h.admin, &p, "es").await;
    let history: Vec<&str> = spanish["history"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|h| h["text"].as_str())
        .collect();
    let said = format!("El supervisor devolvió el registro del {returned}: You left at 5 that day");
    assert!(history.contains(&said.as_str()), "{history:?}");
    // The student signed up in English: her notifications follow her stored choice.
    let set = |lang: &'static str| app.put(&h.student, "/api/language", json!({"language": lang}));
    assert_eq!(set("es").await.status(), StatusCode::OK);
    let notes = app
        .get_json_in(&h.student, "/api/notifications", "en")
        .await;
    assert_eq!(set("en").await.status(), StatusCode::OK);
    let said = format!("Tu supervisor devolvió tus horas del {returned}: You left at 5 that day");
    assert!(
        notes["notifications"]
            .as_array()
            .unwrap()
            .iter()
            .any(|n| n["text"] == said.as_str()),
        "{notes}"
    );
    let audit = app.get_json_in(&h.admin, "/api/admin/audit", "es").await;
    assert!(
        audit.to_string().contains(&format!(
            "devolvió el registro del {returned} (práctica n.º"
        )),
        "{audit}"
    );
    let res = app
        .put(
            &h.student,
            &format!("{hours}/{}", ids[0]),
            json!({"date": day(-14), "hours": 1.5, "note": "Shelved returns"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        app.delete(&h.student, &format!("{hours}/{}", ids[4]))
            .await
            .status(),
        StatusCode::OK
    );
    let v: Value = app
        .post(
            &h.employer,
            &format!("{hours}/approve"),
            json!({"ids": &ids[..4]}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(v["hours"]["approved"], 13.5);
    // Approved entries stay as they are.
    assert_eq!(
        app.delete(&h.student, &format!("{hours}/{}", ids[1]))
            .await
            .status(),
        StatusCode::CONFLICT
    );
    // Others' placements are not theirs to touch.
    let (other, _) = app.signup_student("other@student.example").await;
    assert_eq!(app.get(&other, &p).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        app.post(
            &other,
            &hours,
            json!({"date": day(-2), "hours": 1, "note": "x"})
        )
        .await
        .status(),
        StatusCode::FORBIDDEN
    );

    // Completion needs the final evaluation and nothing waiting.
    let last = app
        .post(
            &h.student,
            &hours,
            json!({"date": day(-1), "hours": 2, "note": "Story time"}),
        )
        .await
        .json::<Value>()
        .await
        .unwrap()["id"]
        .as_u64()
        .unwrap();
    let (status, body) = message_of(
        app.post(&h.admin, &format!("{p}/complete"), json!({}))
            .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (
            StatusCode::CONFLICT,
            "The supervisor's final evaluation is needed first"
        )
    );
    let scores = scores(4);
    let mut partial = scores.clone();
    partial.remove("safety");
    let (status, body) = message_of(
        app.post(
            &h.employer,
            &format!("{p}/evaluations"),
            json!({"kind": "midpoint", "scores": partial, "comments": ""}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("Following safety rules")
    );
    app.post(
        &h.employer,
        &format!("{p}/evaluations"),
        json!({"kind": "midpoint", "scores": scores, "comments": "Good start"}),
    )
    .await;
    // The student reads the midpoint evaluation as the school does (and in their export).
    assert_eq!(
        placement(&app, &h.student, h.id).await["evaluations"][0]["comments"],
        "Good start"
    );
    assert_eq!(
        placement(&app, &h.admin, h.id).await["evaluations"][0]["kind"],
        "midpoint"
    );
    app.post(
        &h.employer,
        &format!("{p}/evaluations"),
        json!({"kind": "final", "scores": scores, "comments": "Excellent"}),
    )
    .await;
    assert_eq!(
        placement(&app, &h.student, h.id).await["evaluations"][1]["comments"],
        "Excellent"
    );
    let (status, body) = message_of(
        app.post(&h.admin, &format!("{p}/complete"), json!({}))
            .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (
            StatusCode::CONFLICT,
            "Some hours still wait for the supervisor's approval"
        )
    );
    app.post(
        &h.employer,
        &format!("{hours}/approve"),
        json!({"ids": [last]}),
    )
    .await;
    assert_eq!(
        app.post(&h.employer, &format!("{p}/complete"), json!({}))
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    let v: Value = app
        .post(&h.admin, &format!("{p}/complete"), json!({}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(v["state"], "completed");
    app.post(
        &h.student,
        &format!("{p}/reflection"),
        json!({"text": "I learned to run the front desk."}),
    )
    .await;

    // The certificate: the student's name, the hours, the posting and the company.
    let res = app.get(&h.student, &format!("{p}/certificate.pdf")).await;
    assert_eq!(res.status(), StatusCode::OK);
    let text = pdftotext(&res.bytes().await.unwrap());
    for want in [
        "Sam Lee",
        "completed 15.5 hours of work-based learning as Library helper",
    ] {
        assert!(
            text.replace('\n', " ").contains(want),
            "the certificate lacks {want}:\n{text}"
        );
    }
    assert_eq!(
        app.get(&h.employer, &format!("{p}/certificate.pdf"))
            .await
            .status(),
        StatusCode::FORBIDDEN
    );

    // The district's figures and its CSV.
    let prog: Value = app
        .get(&h.admin, "/api/admin/program")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(prog["byState"]["completed"], 1);
    assert_eq!(prog["approvedHours"], 15.5);
    assert_eq!(prog["completionRate"], 1.0);
    let csv = app
        .get(&h.admin, "/api/admin/program.csv")
        .await
        .text()
        .await
        .unwrap();
    assert!(csv.starts_with("placement_id,student_id,roster_id,name,school,grade,employer,posting,interest_area,supervisor,start,end,planned_hours,approved_hours,evaluations_done,paid,agreement_signed,completed,state,end_reason,career_cluster,worksite_visits,last_visit,safety_checklist"));
    assert!(csv.contains(",Sam Lee,Lincoln High,junior,"), "{csv}");
    assert!(csv.contains(",Priya Shah,"), "{csv}");
    assert!(csv.contains(",60,15.5,2,yes,"), "{csv}");
    assert!(csv.contains(",yes,completed,"), "{csv}");
    assert_eq!(
        app.get(&h.student, "/api/admin/program.csv").await.status(),
        StatusCode::FORBIDDEN
    );

    // The student's export holds the placement; deleting the account keeps a de-identified
    // record of the completed placement for the district's counts.
    let export: Value = app
        .get(&h.student, &format!("/api/users/{}/export", h.student_id))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        export["placements"][0]["hours"].as_array().unwrap().len(),
        5
    );
    assert_eq!(
        export["placements"][0]["guardian"]["email"],
        "maria@family.example"
    );
    // One rule for the page and the export: both evaluations.
    assert_eq!(
        export["placements"][0]["evaluations"][0]["comments"],
        "Good start"
    );
    let res = app
        .client()
        .delete(app.url(&format!("/api/users/{}", h.student_id)))
        .json(&json!({"password": "secret1"}))
        .send()
        .await
        .unwrap();
    let _ = res;
    let res = h
        .student
        .delete(app.url(&format!("/api/users/{}", h.student_id)))
        .json(&json!({"password": "secret1"}))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{}", res.status());
    let csv = app
        .get(&h.admin, "/api/admin/program.csv")
        .await
        .text()
        .await
        .unwrap();
    assert!(
        !csv.contains("Sam Lee") && csv.contains(",Lincoln High,junior,") && csv.contains(",15.5,"),
        "{csv}"
    );
    let v = placement(&app, &h.admin, h.id).await;
    assert!(v["guardian"].is_null() && v["reflection"].is_null());
}

#[tokio::test]
async fn the_template_refuses_unknown_placeholders_and_the_cli_lists_and_exports() {
    let app = spawn_app().await;
    let h = hired(&app).await;
    let (status, body) = message_of(
        app.client()
            .put(app.url("/api/admin/agreement-template"))
            .json(&json!({"template": "x"}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    let (status, body) = message_of(
        app.put(
            &h.admin,
            "/api/admin/agreement-template",
            json!({"template": "{student} and {nickname}"}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["template"], "Unknown placeholder {nickname}");
    let res = app
        .put(
            &h.admin,
            "/api/admin/agreement-template",
            json!({"template": "{district} hosts {student} at {company}."}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let v = placement(&app, &h.student, h.id).await;
    assert!(
        v["agreementText"]
            .as_str()
            .unwrap()
            .ends_with("hosts Sam Lee at Acme Robotics."),
        "{}",
        v["agreementText"]
    );
    let cmd = |key: &str, value: &str| internreel::commands::Command::SettingsSet {
        key: key.into(),
        value: value.into(),
    };
    let run = |c| app.command(c).map_err(|e| e.0);
    assert!(
        run(cmd("agreement-template", "Hi {pet}"))
            .unwrap_err()
            .contains("Unknown placeholder {pet}")
    );
    run(cmd("max-hours-per-week", "12")).unwrap();
    assert!(run(cmd("max-hours-per-day", "lots")).is_err());

    let out = run(internreel::commands::Command::PlacementsList {
        state: Some("setup".into()),
        json: false,
    })
    .unwrap();
    assert!(
        out.contains(&format!(
            "#{}  setup  Sam Lee at Acme Robotics (Library helper)",
            h.id
        )),
        "{out}"
    );
    let out = run(internreel::commands::Command::PlacementsShow {
        id: h.id,
        json: false,
    })
    .unwrap();
    assert!(
        out.contains("Placement created when the application was moved to Hired"),
        "{out}"
    );
    let file = app.data_path().join("wbl.csv");
    let out = run(internreel::commands::Command::PlacementsExport { file: file.clone() }).unwrap();
    // Every placement, in every state (this one is still being set up).
    assert!(out.starts_with("Wrote 1 placements"), "{out}");
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .starts_with("placement_id,student_id,roster_id,")
    );
    // The rubric: admins edit it; an empty one is refused.
    let (status, _) = message_of(
        app.put(&h.admin, "/api/admin/rubric", json!({"rubric": []}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let r: Value = app
        .put(
            &h.admin,
            "/api/admin/rubric",
            json!({"rubric": [{"key": "", "label": "Customer care"}]}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(r["rubric"][0]["key"], "customer_care");
    // And from the console: one competency per line.
    let out = run(cmd("evaluation-rubric", "Punctuality\nCustomer care\n")).unwrap();
    assert_eq!(out, "Set evaluation-rubric: Punctuality, Customer care\n");
    assert!(
        run(cmd("evaluation-rubric", "Same\nSame"))
            .unwrap_err()
            .contains("same name")
    );
}

/// Every acknowledged step of a placement (details, guardian, each signature, hours, an
/// approval) is there after SIGKILL and a restart of the real binary.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_acknowledged_step_survives_sigkill() {
    use crate::crash::Server;
    let data = tempfile::tempdir().unwrap();
    let mut server = Server::start(data.path());
    tls();
    let jar = |_: ()| {
        reqwest::Client::builder()
            .cookie_store(true)
            .build()
            .unwrap()
    };
    let (student, employer) = (jar(()), jar(()));
    let url = |s: &Server, p: &str| format!("{}{p}", s.addr);
    let res = student
        .post(url(&server, "/api/users"))
        .json(&student_body("ana@student.example"))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success());
    let res = employer
        .post(url(&server, "/api/employers"))
        .json(&employer_body("boss@employer.example"))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success());
    let posting: Value = employer
        .post(url(&server, "/api/internships"))
        .json(&internship_body("Library helper"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let a: Value = student
        .post(url(&server, "/api/applications"))
        .json(&json!({"internshipId": posting["id"], "status": "pending"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    for step in ["offer_extended", "hired"] {
        let res = employer
            .put(url(
                &server,
                &format!("/api/employers/applications/{}", a["id"]),
            ))
            .json(&json!({"status": step}))
            .send()
            .await
            .unwrap();
        assert!(res.status().is_success());
    }
    let id = 1;
    let p = format!("/api/placements/{id}");
    type Step = (&'static str, &'static str, Value, fn(&Value) -> bool);
    let steps: Vec<Step> = vec![
        ("employer", "PUT", own_details(-10, 30), |v| {
            v["state"] == "awaiting_signatures"
        }),
        (
            "student",
            "PUT /guardian",
            json!({"name": "Maria Lopez", "relationship": "mother", "email": "maria@family.example"}),
            |v| v["guardian"]["name"] == "Maria Lopez",
        ),
        ("student", "POST /sign", json!({"name": "Sam Lee"}), |v| {
            v["signatures"].as_array().unwrap().len() == 1
        }),
        (
            "employer",
            "POST /sign",
            json!({"name": "Riley Park"}),
            |v| v["signatures"].as_array().unwrap().len() == 2,
        ),
    ];
    for (who, what, body, holds) in steps {
        let c = if who == "student" {
            &student
        } else {
            &employer
        };
        let (method, tail) = what.split_once(' ').map_or((what, ""), |(m, t)| (m, t));
        let req = match method {
            "PUT" => c.put(url(&server, &format!("{p}{tail}"))),
            _ => c.post(url(&server, &format!("{p}{tail}"))),
        };
        let res = req.json(&body).send().await.unwrap();
        assert!(res.status().is_success(), "{what}: {}", res.status());
        // Killed right after the answer: what was acknowledged is kept.
        tokio::task::spawn_blocking(move || server.kill())
            .await
            .unwrap();
        server = Server::start(data.path());
        let v: Value = c
            .get(url(&server, &p))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert!(holds(&v), "after SIGKILL, {what} by the {who} is lost: {v}");
    }
}

/// A student on the district's roster: the placement's guardian is the roster's, confirmed,
/// and the student cannot change it.
#[tokio::test]
async fn the_roster_s_guardian_is_the_placement_s_and_the_student_cannot_change_it() {
    let app = spawn_app().await;
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("orgs.csv"),
        "sourcedId,status,name,type\ns1,active,Lincoln High,school\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("users.csv"),
        "sourcedId,status,enabledUser,orgSourcedIds,role,givenName,familyName,email,phone,agentSourcedIds,grades\n\
         u1,active,true,s1,student,Sam,Lee,ana@student.example,,p1,11\n\
         p1,active,true,s1,guardian,Grace,Lee,grace@family.example,555-0177,u1,\n",
    )
    .unwrap();
    // The student signed up before the roster arrived; the import finds them by e-mail.
    let h_student = app.signup_student("ana@student.example").await;
    drop(h_student);
    app.command(internreel::commands::Command::RosterImport {
        path: dir.path().to_path_buf(),
        dry_run: false,
    })
    .unwrap();
    // The import took the account without its password (its sign-up never proved the
    // address): the student sets one through a link sent to the address.
    let token = app.reset_token("ana@student.example");
    let res = app
        .post(
            &app.client(),
            "/api/password-reset/confirm",
            json!({"token": token, "password": "secret1"}),
        )
        .await;
    assert!(res.status().is_success(), "{}", res.status());
    let (employer, _) = app.signup_employer("boss@employer.example").await;
    let student = app.client();
    let res = app
        .student_login(&student, "ana@student.example", "secret1")
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let posting = app.post_internship(&employer, "Library helper").await;
    let a: Value = app
        .apply(&student, posting["id"].as_u64().unwrap())
        .await
        .json()
        .await
        .unwrap();
    for step in ["offer_extended", "hired"] {
        app.put(
            &employer,
            &format!("/api/employers/applications/{}", a["id"]),
            json!({"status": step}),
        )
        .await;
    }
    let list: Value = app
        .get(&student, "/api/placements")
        .await
        .json()
        .await
        .unwrap();
    let p = &list["placements"][0];
    assert_eq!(p["guardian"]["name"], "Grace Lee");
    assert_eq!(p["guardian"]["source"], "roster");
    assert_eq!(p["guardian"]["confirmed"], true);
    let (status, body) = message_of(
        app.put(
            &student,
            &format!("/api/placements/{}/guardian", p["id"]),
            json!({"name": "Me Myself", "relationship": "mother", "email": "me@family.example"}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        body["message"],
        "Your school's records list your parent or guardian; ask your school to change it"
    );
}

/// Names beyond Windows-1252 (Vietnamese, Polish) beside Spanish ones: the agreement and the
/// certificate read back with each name exactly as typed, not "Nguy?n ?ukasz" (the PDFs embed
/// a font that has the letters, with a ToUnicode map).
#[tokio::test]
async fn the_pdfs_show_vietnamese_polish_and_spanish_names_as_typed() {
    let app = spawn_app().await;
    let h = hired(&app).await;
    let p = format!("/api/placements/{}", h.id);
    let student = "Nguyễn Łukasz Peña";
    let guardian = "Trần Thị Núñez";
    let res = app
        .put(
            &h.student,
            &format!("/api/users/{}", h.student_id),
            json!({"firstName": "Nguyễn Łukasz", "lastName": "Peña", "email": "ana@student.example",
                   "grade": "junior", "school": "Lincoln High", "interests": ["technology"]}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        app.put(&h.employer, &p, own_details(-50, 0)).await.status(),
        StatusCode::OK
    );
    let g = json!({"name": guardian, "relationship": "mother", "email": "tran@family.example"});
    assert_eq!(
        app.put(&h.student, &format!("{p}/guardian"), g)
            .await
            .status(),
        StatusCode::OK
    );
    let token = guardian_token(&app);
    let signs = [
        (
            app.client(),
            format!("/api/guardian/{token}/sign"),
            guardian,
        ),
        (h.student.clone(), format!("{p}/sign"), student),
        (h.employer.clone(), format!("{p}/sign"), "Riley Park"),
    ];
    for (c, path, name) in signs {
        let res = app
            .post(&c, &path, json!({"name": name, "consent": true}))
            .await;
        assert_eq!(res.status(), StatusCode::OK, "{name}");
    }
    app.post(&h.admin, &format!("{p}/guardian/confirm"), json!({}))
        .await;
    let res = sign(&app, &h.admin, &p, "Coordinator Cole").await;
    assert_eq!(res.json::<Value>().await.unwrap()["state"], "active");

    let res = app.get(&h.student, &format!("{p}/agreement.pdf")).await;
    assert_eq!(res.status(), StatusCode::OK);
    let text = pdftotext(&res.bytes().await.unwrap());
    for want in [student, guardian] {
        assert!(text.contains(want), "the agreement lacks {want}:\n{text}");
    }

    let scores = scores(4);
    let res = app
        .post(
            &h.employer,
            &format!("{p}/evaluations"),
            json!({"kind": "final", "scores": scores, "comments": ""}),
        )
        .await;
    assert!(res.status().is_success(), "{}", res.status());
    let res = app
        .post(&h.admin, &format!("{p}/complete"), json!({}))
        .await;
    assert_eq!(res.json::<Value>().await.unwrap()["state"], "completed");
    let res = app.get(&h.student, &format!("{p}/certificate.pdf")).await;
    assert_eq!(res.status(), StatusCode::OK);
    let text = pdftotext(&res.bytes().await.unwrap());
    assert!(
        text.contains(student),
        "the certificate lacks {student}:\n{text}"
    );
}

/// As if the placement's mails to the guardian went ten minutes earlier (past the cool-down a
/// student's next resend or guardian change waits for).
pub fn age_guardian_mails(app: &TestApp, id: u64) {
    use internreel::store::placements as pl;
    app.state
        .store()
        .write(|w| {
            let mut m = pl::guardian_mails(w, id)?;
            for t in &mut m.sent {
                *t -= 10 * 60_000;
            }
            pl::put_guardian_mails(w, &m)
        })
        .unwrap();
}

/// The outbox's mails to `to`, newest first.
pub(crate) fn mails_to(app: &TestApp, to: &str) -> Vec<Value> {
    let out = app.outbox();
    let all: Vec<Value> = serde_json::from_str(&out).unwrap();
    all.into_iter().filter(|m| m["to"] == to).collect()
}

fn sha_of(text: &str) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The text is frozen at the first signature: a retitled posting, a renamed student, a new
/// template and district name after it change nothing that was signed; every signature of the
/// active agreement is of the one text its PDF shows.
#[tokio::test]
async fn the_agreement_s_text_is_frozen_at_the_first_signature() {
    let app = spawn_app().await;
    let h = hired(&app).await;
    let p = format!("/api/placements/{}", h.id);
    ready_to_sign(&app, &h, &p).await;
    // A signature is of the text the signer's page showed, not of one that changed since.
    let shown = placement(&app, &h.student, h.id).await["agreementSha256"].clone();
    let (status, body) = message_of(
        app.post(
            &h.student,
            &format!("{p}/sign"),
            json!({"name": "Sam Lee", "agreementSha256": "0".repeat(64)}),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (
            StatusCode::CONFLICT,
            "The agreement changed since you opened it. Read it again, then sign."
        )
    );
    let signed: Value = app
        .post(
            &h.student,
            &format!("{p}/sign"),
            json!({"name": "Sam Lee", "agreementSha256": shown}),
        )
        .await
        .json()
        .await
        .unwrap();
    let text = signed["agreementText"].as_str().unwrap().to_string();
    assert!(text.contains("as Library helper"), "{text}");
    assert_eq!(signed["agreementSha256"], sha_of(&text).as_str());

    // Everything the text is made of changes after the student signed.
    let posting = signed["internship"]["id"].as_u64().unwrap();
    let res = app
        .put(
            &h.employer,
            &format!("/api/employers/internships/{posting}"),
            internship_body("Door-to-Door Sales Representative"),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let res = app
        .put(&h.student, &format!("/api/users/{}", h.student_id), json!({"firstName": "Samuel", "lastName": "Lee", "email": "ana@student.example", "grade": "junior", "school": "Lincoln High", "interests": ["technology"]}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let res = app
        .put(
            &h.admin,
            "/api/admin/agreement-template",
            json!({"template": "{district} hosts {student} as {title}. Nothing else."}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    app.command(internreel::commands::Command::SettingsSet {
        key: "district-name".into(),
        value: "Renamed Unified".into(),
    })
    .unwrap();
    for who in [&h.student, &h.employer, &h.admin] {
        let v = placement(&app, who, h.id).await;
        assert_eq!(
            v["agreementText"],
            text.as_str(),
            "every view shows the frozen text"
        );
        assert_eq!(v["agreementSha256"], sha_of(&text).as_str());
    }
    let token = guardian_token(&app);
    let page = guardian_page(&app, &token).await;
    assert_eq!(page["placement"]["agreementText"], text.as_str());
    assert_eq!(page["placement"]["title"], "Library helper");

    // The other three sign the same text; the placement is active over one text.
    let res = guardian_signs(&app, &token).await;
    assert_eq!(res.status(), StatusCode::OK);
    supervisor_signs(&app, "Priya Shah").await;
    app.post(&h.admin, &format!("{p}/guardian/confirm"), json!({}))
        .await;
    let v: Value = sign(&app, &h.admin, &p, "Cole").await.json().await.unwrap();
    assert_eq!(v["state"], "active");
    let export: Value = app
        .get(&h.student, &format!("/api/users/{}/export", h.student_id))
        .await
        .json()
        .await
        .unwrap();
    let hashes: Vec<&str> = export["placements"][0]["signatures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["agreementSha256"].as_str().unwrap())
        .collect();
    assert_eq!(hashes, vec![sha_of(&text).as_str(); 4], "{export}");
    let pdf = pdftotext(
        &app.get(&h.student, &format!("{p}/agreement.pdf"))
            .await
            .bytes()
            .await
            .unwrap(),
    )
    .replace('\n', " ");
    assert!(pdf.contains("Library helper"), "{pdf}");
    assert!(
        !pdf.contains("Door-to-Door") && !pdf.contains("Nothing else"),
        "{pdf}"
    );
}

/// A void (here the guardian's change) unfreezes the text: the next signatures are of today's.
/// And a signature over another text than the one shown (one given before texts were frozen)
/// is voided before anyone signs beside it: the school cannot sign over it.
#[tokio::test]
async fn a_void_unfreezes_the_text_and_the_school_never_signs_over_another_text() {
    let app = spawn_app().await;
    let h = hired(&app).await;
    let p = format!("/api/placements/{}", h.id);
    ready_to_sign(&app, &h, &p).await;
    sign(&app, &h.student, &p, "Sam Lee").await;
    let posting = placement(&app, &h.student, h.id).await["internship"]["id"]
        .as_u64()
        .unwrap();
    app.put(
        &h.employer,
        &format!("/api/employers/internships/{posting}"),
        internship_body("Night Shift Stock Associate"),
    )
    .await;
    let g = json!({"name": "Maria Lopez", "relationship": "aunt", "email": "maria@family.example"});
    age_guardian_mails(&app, h.id);
    let v: Value = app
        .put(&h.student, &format!("{p}/guardian"), g)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(v["signatures"], json!([]));
    assert!(
        v["agreementText"]
            .as_str()
            .unwrap()
            .contains("as Night Shift Stock Associate"),
        "a void unfreezes: {}",
        v["agreementText"]
    );

    // Three parties sign; then one signature's hash is not the shown text's (as a signature
    // given before texts were frozen, over a text changed since).
    sign_all_but_school(&app, &h, &p).await;
    app.state
        .store()
        .write(|w| {
            let mut pl = w
                .get::<internreel::store::placements::Placement>(h.id)?
                .unwrap();
            pl.signatures[1].sha256 = [7; 32];
            internreel::store::placements::save(w, &pl)
        })
        .unwrap();
    let (status, body) = message_of(sign(&app, &h.admin, &p, "Cole").await).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let v = placement(&app, &h.admin, h.id).await;
    assert_eq!(v["state"], "awaiting_signatures");
    assert_eq!(
        v["signatures"],
        json!([]),
        "the stale signatures are voided"
    );
    let notes = app
        .get(&h.student, "/api/notifications")
        .await
        .text()
        .await
        .unwrap();
    assert!(
        notes.contains("its wording changed after it was signed"),
        "{notes}"
    );
}

/// The student cannot make the district's mail server write to anyone at will: guardian mails
/// are throttled per placement (429, Retry-After), carry no student-written text beyond a
/// plain name, and never go to the student's own mailbox.
#[tokio::test]
async fn guardian_mails_are_throttled_plain_and_never_to_the_student_s_own_mailbox() {
    let app = spawn_app().await;
    let h = hired(&app).await;
    let p = format!("/api/placements/{}", h.id);
    // A "name" that is a sentence and a link, and the student's own mailbox plus-addressed.
    let (status, body) = message_of(
        app.put(
            &h.student,
            &format!("{p}/guardian"),
            json!({"name": "Your district: pay the $25 fee at https://pay.example", "relationship": "mother", "email": "victim@elsewhere.example"}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"]["name"],
        "Write their name with letters, spaces, hyphens and apostrophes only"
    );
    assert_refused_as_own_mailbox(&app, &h, &p, json!({"name": "Maria Lopez", "relationship": "mother", "email": "Ana+parent@Student.example"})).await;

    // The student's own name is no plain name: the mail leaves it out.
    let res = app
        .put(&h.student, &format!("/api/users/{}", h.student_id), json!({"firstName": "Pay $25", "lastName": "at https://pay.example", "email": "ana@student.example", "grade": "junior", "school": "Lincoln High", "interests": ["technology"]}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let g = json!({"name": "Maria O'Neil-Lopez", "relationship": "mother", "email": "maria@family.example"});
    assert_eq!(
        app.put(&h.student, &format!("{p}/guardian"), g)
            .await
            .status(),
        StatusCode::OK
    );
    app.put(&h.employer, &p, details(-5, 60)).await;
    let mails = mails_to(&app, "maria@family.example");
    let link = mails
        .iter()
        .find(|m| m["text"].as_str().unwrap().contains("/guardian/"))
        .expect("the signing link");
    assert_eq!(
        link["subject"],
        "Please sign an internship agreement with Acme Robotics"
    );
    let text = link["text"].as_str().unwrap();
    assert!(text.starts_with("Hello Maria O'Neil-Lopez,"), "{text}");
    assert!(
        !text.contains("pay.example") && !text.contains("$25"),
        "{text}"
    );

    // 40 resends and guardian changes at once: none gets through the cool-down.
    let before = mails_to(&app, "maria@family.example").len();
    let mut tasks = Vec::new();
    for i in 0..40 {
        let (c, url) = (h.student.clone(), app.url(&p));
        tasks.push(tokio::spawn(async move {
            let res = if i % 2 == 0 {
                c.post(format!("{url}/guardian/resend")).json(&json!({})).send().await
            } else {
                let g = json!({"name": "Maria Lopez", "relationship": "mother", "email": format!("victim{i}@elsewhere.example")});
                c.put(format!("{url}/guardian")).json(&g).send().await
            }
            .unwrap();
            let retry = res.headers().get("retry-after").cloned();
            (res.status(), retry, res.json::<Value>().await.unwrap())
        }));
    }
    for t in tasks {
        let (status, retry, body) = t.await.unwrap();
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
        assert!(retry.is_some());
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .starts_with("Too many e-mails to the parent or guardian. Please try again in"),
            "{body}"
        );
    }
    assert_eq!(mails_to(&app, "maria@family.example").len(), before);
    assert!(mails_to(&app, "victim1@elsewhere.example").is_empty());

    // After the cool-down one more goes; a few a day in all, then the wait is hours.
    let at = |minutes_ago: &[i64]| {
        let now = internreel::clock::now_ms();
        let sent: Vec<i64> = minutes_ago.iter().map(|m| now - m * 60_000).collect();
        app.state
            .store()
            .write(|w| {
                internreel::store::placements::put_guardian_mails(
                    w,
                    &internreel::store::placements::GuardianMails {
                        placement_id: h.id,
                        sent,
                    },
                )
            })
            .unwrap();
    };
    at(&[6]);
    assert_eq!(
        app.post(&h.student, &format!("{p}/guardian/resend"), json!({}))
            .await
            .status(),
        StatusCode::OK
    );
    at(&[600, 500, 400, 300, 10]);
    let res = app
        .post(&h.student, &format!("{p}/guardian/resend"), json!({}))
        .await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry: u64 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(retry > 3600 * 10, "{retry}");
    // The school's resend is not the student's: it goes.
    assert_eq!(
        app.post(&h.admin, &format!("{p}/guardian/resend"), json!({}))
            .await
            .status(),
        StatusCode::OK
    );
}

/// Once the school ended a placement early, its waiting hours stay waiting: the employer can
/// neither approve nor return them (they would feed the district's figures and CSV).
#[tokio::test]
async fn hours_are_not_approved_after_the_school_ended_the_placement() {
    let app = spawn_app().await;
    let h = hired(&app).await;
    let p = format!("/api/placements/{}", h.id);
    activate(&app, &h, -50, 0).await;
    let e: Value = app
        .post(
            &h.student,
            &format!("{p}/hours"),
            json!({"date": day(-2), "hours": 3, "note": "Shelved returns"}),
        )
        .await
        .json()
        .await
        .unwrap();
    let res = app
        .post(
            &h.admin,
            &format!("{p}/end"),
            json!({"reason": "The worksite closed"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let (status, body) = message_of(
        app.post(
            &h.employer,
            &format!("{p}/hours/approve"),
            json!({"ids": [e["id"]]}),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (
            StatusCode::CONFLICT,
            "Hours are approved or returned while the placement is active"
        )
    );
    let (status, _) = message_of(
        app.post(
            &h.employer,
            &format!("{p}/hours/{}/return", e["id"]),
            json!({"comment": "x"}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let v = placement(&app, &h.admin, h.id).await;
    assert_eq!(v["hours"]["approved"], 0.0);
    let prog: Value = app
        .get(&h.admin, "/api/admin/program")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(prog["approvedHours"], 0.0, "{prog}");
}

/// The employer reads the guardian's name and relationship, never their e-mail, phone or
/// decline reason (nor in the history).
#[tokio::test]
async fn the_employer_sees_the_guardian_s_name_and_relationship_only() {
    let app = spawn_app().await;
    let h = hired(&app).await;
    let p = format!("/api/placements/{}", h.id);
    app.put(&h.employer, &p, details(5, 60)).await;
    let g = json!({"name": "Maria Lopez", "relationship": "mother", "email": "maria@family.example", "phone": "555-0100"});
    app.put(&h.student, &format!("{p}/guardian"), g).await;
    let token = guardian_token(&app);
    app.post(
        &app.client(),
        &format!("/api/guardian/{token}/decline"),
        json!({"reason": "We are moving to Ohio next month"}),
    )
    .await;
    let v = placement(&app, &h.employer, h.id).await;
    assert_eq!(v["guardian"]["name"], "Maria Lopez");
    assert_eq!(v["guardian"]["relationship"], "mother");
    assert!(
        v["guardian"]["email"].is_null() && v["guardian"]["phone"].is_null(),
        "{v}"
    );
    assert!(v["guardianDeclined"]["reason"].is_null(), "{v}");
    let all = v.to_string();
    assert!(
        !all.contains("maria@family.example") && !all.contains("555-0100") && !all.contains("Ohio"),
        "{all}"
    );
    let list = app
        .get(&h.employer, "/api/placements")
        .await
        .text()
        .await
        .unwrap();
    assert!(!list.contains("maria@family.example") && !list.contains("Ohio"));
    // The student and the school still read them.
    for who in [&h.student, &h.admin] {
        let v = placement(&app, who, h.id).await;
        assert_eq!(v["guardian"]["email"], "maria@family.example");
        assert_eq!(
            v["guardianDeclined"]["reason"],
            "We are moving to Ohio next month"
        );
    }
}

/// A completed placement kept, de-identified, after the student deleted their account names
/// no student or application in the employer's or the school's views.
#[tokio::test]
async fn a_deidentified_placement_carries_no_student_or_application_id() {
    let app = spawn_app().await;
    let h = hired(&app).await;
    let p = format!("/api/placements/{}", h.id);
    activate(&app, &h, -50, 0).await;
    let scores = scores(3);
    app.post(
        &h.employer,
        &format!("{p}/evaluations"),
        json!({"kind": "final", "scores": scores, "comments": "Good"}),
    )
    .await;
    let v: Value = app
        .post(&h.admin, &format!("{p}/complete"), json!({}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(v["state"], "completed");
    assert!(v["applicationId"].is_u64());
    let res = h
        .student
        .delete(app.url(&format!("/api/users/{}", h.student_id)))
        .json(&json!({"password": "secret1"}))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success());
    for who in [&h.employer, &h.admin] {
        let v = placement(&app, who, h.id).await;
        assert!(v["student"]["id"].is_null(), "{v}");
        assert!(v["applicationId"].is_null(), "{v}");
        let all = v.to_string();
        assert!(
            !all.contains("Sam Lee") && !all.contains("Maria Lopez"),
            "{all}"
        );
    }
    let stored = app
        .state
        .store()
        .read()
        .unwrap()
        .get::<internreel::store::placements::Placement>(h.id)
        .unwrap()
        .unwrap();
    assert_eq!((stored.student_id, stored.application_id), (0, 0));
}

#[tokio::test]
async fn the_guardian_reads_the_result_of_their_answer_in_their_page_s_language() {
    let app = spawn_app().await;
    let h = hired(&app).await;
    let p = format!("/api/placements/{}", h.id);
    app.put(&h.employer, &p, details(5, 60)).await;
    let g = json!({"name": "Maria Lopez", "relationship": "mother", "email": "maria@family.example", "phone": ""});
    app.put(&h.student, &format!("{p}/guardian"), g).await;
    // The page sends its language as Accept-Language (the guardian has no account).
    let answer = |path: String, body: Value| {
        let req = app
            .client()
            .post(app.url(&path))
            .header("Accept-Language", "es")
            .json(&body)
            .send();
        async move {
            let res = req.await.unwrap();
            assert_eq!(res.status(), StatusCode::OK);
            res.json::<Value>().await.unwrap()["message"].clone()
        }
    };
    let token = guardian_token(&app);
    let said = answer(
        format!("/api/guardian/{token}/decline"),
        json!({"reason": "Las horas son muy tarde"}),
    )
    .await;
    assert_eq!(
        said,
        "Usted rechazó el acuerdo. Le informamos el motivo al estudiante y a la escuela."
    );
    // The school sends a new link (the student's resends wait a minute).
    let res = app
        .post(&h.admin, &format!("{p}/guardian/resend"), json!({}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let token = guardian_token(&app);
    let said = answer(
        format!("/api/guardian/{token}/sign"),
        json!({"name": "Maria Lopez", "consent": true}),
    )
    .await;
    assert_eq!(said, "Gracias. Su firma quedó registrada en el acuerdo.");
}

/// POST `body` to `path` as someone whose page is in `lang` (the guardian has no account).
async fn post_in(app: &TestApp, c: &Client, path: &str, lang: &str, body: Value) -> Response {
    c.post(app.url(path))
        .header("Accept-Language", lang)
        .json(&body)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn each_party_signs_the_agreement_in_their_language_and_the_pdf_carries_both() {
    let app = spawn_app().await;
    let h = hired(&app).await;
    let p = format!("/api/placements/{}", h.id);
    ready_to_sign(&app, &h, &p).await;
    let token = guardian_token(&app);
    let page = app
        .get_json_in(&app.client(), &format!("/api/guardian/{token}"), "es")
        .await;
    let es = page["placement"]["agreementText"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(page["placement"]["agreementLanguage"], "es");
    assert_eq!(page["district"], "El distrito escolar");
    for said in [
        "ACUERDO DE FORMACIÓN EN EL LUGAR DE TRABAJO",
        "El distrito escolar y Acme Robotics acuerdan recibir a Sam Lee",
        " de 20",
        "La práctica es remunerada, a $15.50 por hora.",
        "(11.º grado, Lincoln High)",
        "El supervisor es Priya Shah (Branch manager).",
    ] {
        assert!(es.contains(said), "{said}: {es}");
    }
    assert_eq!(page["placement"]["agreementSha256"], sha_of(&es).as_str());
    // The guardian signs the Spanish text they read; the others read and sign the English one.
    let res = post_in(
        &app,
        &app.client(),
        &format!("/api/guardian/{token}/sign"),
        "es",
        json!({"name": "Maria Lopez", "consent": true, "agreementSha256": sha_of(&es)}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    // Frozen in both languages: a new Spanish template reaches no signed text (the student
    // reads Spanish for a moment).
    let res = app
        .put(
            &h.admin,
            "/api/admin/agreement-template",
            json!({"template": "Otro texto para {student}.", "lang": "es"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let language = |l: &str| app.put(&h.student, "/api/language", json!({ "language": l }));
    assert_eq!(language("es").await.status(), StatusCode::OK);
    let v = placement(&app, &h.student, h.id).await;
    assert_eq!(v["agreementText"], es.as_str());
    assert_eq!(language("en").await.status(), StatusCode::OK);
    let v = placement(&app, &h.student, h.id).await;
    assert_eq!(v["agreementLanguage"], "en");
    let en = v["agreementText"].as_str().unwrap().to_string();
    assert!(
        en.starts_with("WORK-BASED LEARNING TRAINING AGREEMENT"),
        "{en}"
    );
    let res = app
        .post(
            &h.student,
            &format!("{p}/sign"),
            json!({"name": "Sam Lee", "agreementSha256": sha_of(&en)}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    supervisor_signs(&app, "Priya Shah").await;
    app.post(&h.admin, &format!("{p}/guardian/confirm"), json!({}))
        .await;
    let res = sign(&app, &h.admin, &p, "Coordinator Cole").await;
    assert_eq!(res.status(), StatusCode::OK);
    let v: Value = res.json().await.unwrap();
    assert_eq!(v["state"], "active");
    let read: Vec<(&str, &str)> = v["signatures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["party"].as_str().unwrap(),
                s["language"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        read,
        [
            ("guardian", "es"),
            ("student", "en"),
            ("supervisor", "en"),
            ("school", "en")
        ]
    );
    // The PDF carries both texts and who read which.
    let pdf = app.get(&h.student, &format!("{p}/agreement.pdf")).await;
    let text = pdftotext(&pdf.bytes().await.unwrap());
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for said in [
        "The agreement in English",
        "Read and signed in English by: Student, Supervisor (employer), School",
        "WORK-BASED LEARNING TRAINING AGREEMENT",
        "The agreement in Spanish",
        "Read and signed in Spanish by: Parent or guardian",
        "ACUERDO DE FORMACIÓN EN EL LUGAR DE TRABAJO",
        // The grade in words, in each text's language.
        "(11th grade, Lincoln High)",
        "(11.º grado, Lincoln High)",
        "nombrará a Priya Shah (Branch manager) para supervisar",
    ] {
        assert!(flat.contains(said), "{said}: {flat}");
    }
    assert!(
        flat.contains(&format!(
            "read in Spanish, SHA-256 of that text {}",
            sha_of(&es)
        )),
        "{flat}"
    );
    assert!(
        flat.contains(&format!(
            "read in English, SHA-256 of that text {}",
            sha_of(&en)
        )),
        "{flat}"
    );
    // The same PDF for a reader of Spanish says it in Spanish.
    assert_eq!(language("es").await.status(), StatusCode::OK);
    let res = app.get(&h.student, &format!("{p}/agreement.pdf")).await;
    let flat = pdftotext(&res.bytes().await.unwrap())
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        flat.contains("Leído y firmado en español por: Padre, madre o tutor"),
        "{flat}"
    );
    assert!(flat.contains("El acuerdo en inglés"), "{flat}");
}

/// The real binary's console command against the running server (through its control socket:
/// the server answers on this test's runtime while the command runs on another thread).
async fn cli(app: &TestApp, args: &[&str]) -> std::process::Output {
    let data = app.data_path();
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    tokio::task::spawn_blocking(move || {
        std::process::Command::new(env!("CARGO_BIN_EXE_internreel"))
            .arg("--data")
            .arg(data)
            .args(args)
            .output()
            .unwrap()
    })
    .await
    .unwrap()
}

#[tokio::test]
async fn a_district_s_own_english_agreement_is_what_spanish_readers_get_until_it_is_translated() {
    let app = spawn_app().await;
    let h = hired(&app).await;
    let res = app
        .put(
            &h.admin,
            "/api/admin/agreement-template",
            json!({"template": "{district} hosts {student} at {company}."}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    // No built-in translation stands in for the district's own words.
    let t = app
        .get_json_in(&h.admin, "/api/admin/agreement-template?lang=es", "en")
        .await;
    assert_eq!(t["template"], "");
    assert_eq!(t["builtIn"], true);
    // The student reads Spanish.
    let res = app
        .put(&h.student, "/api/language", json!({"language": "es"}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let v = placement(&app, &h.student, h.id).await;
    assert_eq!(v["agreementLanguage"], "en");
    assert!(
        v["agreementText"]
            .as_str()
            .unwrap()
            .ends_with("hosts Sam Lee at Acme Robotics."),
        "{}",
        v["agreementText"]
    );
    // The district translates it from the console: Spanish readers get its Spanish text.
    let file = app.data_path().join("acuerdo.txt");
    std::fs::write(&file, "{district} recibe a {student} en {company}.\n").unwrap();
    let path = file.to_str().unwrap();
    let out = cli(
        &app,
        &[
            "settings",
            "set",
            "agreement-template",
            "--lang",
            "es",
            path,
        ],
    )
    .await;
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = placement(&app, &h.student, h.id).await;
    assert_eq!(v["agreementLanguage"], "es");
    assert_eq!(
        v["agreementText"],
        "El distrito escolar recibe a Sam Lee en Acme Robotics."
    );
    let out = cli(
        &app,
        &[
            "settings",
            "set",
            "agreement-template",
            "--lang",
            "fr",
            path,
        ],
    )
    .await;
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("the languages are en, es"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = cli(&app, &["settings", "list"]).await;
    let list = String::from_utf8_lossy(&out.stdout);
    assert!(
        list.contains("agreement-template.es = (43 characters)"),
        "{list}"
    );
    assert!(list.contains("admin-pin = \"on\" (the default)"), "{list}");
}

#[tokio::test]
async fn a_returned_entry_is_the_student_s_to_fix_and_never_blocks_completion() {
    let app = spawn_app().await;
    let h = hired(&app).await;
    activate(&app, &h, -50, 0).await;
    let p = format!("/api/placements/{}", h.id);
    let hours = format!("{p}/hours");
    let mut ids = Vec::new();
    for (d, n) in [(-10, 2.5), (-9, 3.0)] {
        let e: Value = app
            .post(
                &h.student,
                &hours,
                json!({"date": day(d), "hours": n, "note": "Shelving"}),
            )
            .await
            .json()
            .await
            .unwrap();
        ids.push(e["id"].as_u64().unwrap());
    }
    let v: Value = app
        .post(
            &h.employer,
            &format!("{hours}/{}/return", ids[0]),
            json!({"comment": "Check the time you left"}),
        )
        .await
        .json()
        .await
        .unwrap();
    // A returned entry is with the student: not counted as waiting for the supervisor.
    assert_eq!(
        v["hours"],
        json!({"approved": 0.0, "waiting": 3.0, "returned": 2.5, "planned": 60.0})
    );
    // Approving it changes nothing, and says so rather than answering 200.
    let (status, body) = message_of(
        app.post(
            &h.employer,
            &format!("{hours}/approve"),
            json!({"ids": [ids[0]]}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        body["message"],
        "That entry is back with the student to fix; it can be approved once they change it"
    );
    let res = app
        .post(
            &h.employer,
            &format!("{hours}/approve"),
            json!({"ids": [ids[1]]}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let (status, body) = message_of(
        app.post(
            &h.employer,
            &format!("{hours}/approve"),
            json!({"ids": [ids[1]]}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["message"], "None of these entries waits for approval");
    app.post(
        &h.employer,
        &format!("{p}/evaluations"),
        json!({"kind": "final", "scores": scores(3), "comments": "Reliable"}),
    )
    .await;
    // The school completes without waiting on the student's fix; the record says what was
    // left out.
    let res = app
        .post(&h.admin, &format!("{p}/complete"), json!({}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let v: Value = res.json().await.unwrap();
    assert_eq!(v["state"], "completed");
    assert_eq!(v["hours"]["approved"], 3.0);
    let history: Vec<&str> = v["history"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|h| h["text"].as_str())
        .collect();
    assert!(
        history.contains(&"2.5 h returned to the student and not changed since were not counted"),
        "{history:?}"
    );
}

#[tokio::test]
async fn signing_opens_with_the_guardian_and_the_supervisor_signs_as_the_details_name_them() {
    let app = spawn_app().await;
    let h = hired(&app).await;
    let p = format!("/api/placements/{}", h.id);
    // The employer account's holder supervises: they sign in the app.
    assert_eq!(
        app.put(&h.employer, &p, own_details(5, 60)).await.status(),
        StatusCode::OK
    );
    // A guardian added after a signature would void it: nobody signs before one is in.
    let (status, body) = message_of(sign(&app, &h.employer, &p, "Riley Park").await).await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (
            StatusCode::CONFLICT,
            "Signing opens once the student has added a parent or guardian"
        )
    );
    assert_eq!(placement(&app, &h.employer, h.id).await["canSign"], false);
    let g =
        json!({"name": "Maria Lopez", "relationship": "mother", "email": "maria@family.example"});
    app.put(&h.student, &format!("{p}/guardian"), g).await;
    assert_eq!(placement(&app, &h.employer, h.id).await["canSign"], true);
    // The supervisor signs as the person the details name, not as a nickname.
    let (status, body) = message_of(sign(&app, &h.employer, &p, "R. Park").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"]["name"],
        "Type the supervisor's full name as the details give it: Riley Park"
    );
    assert_eq!(
        sign(&app, &h.employer, &p, "  riley   PARK ")
            .await
            .status(),
        StatusCode::OK
    );
    // The audit log names the guardian as the signer, not the server.
    assert_eq!(
        guardian_signs(&app, &guardian_token(&app)).await.status(),
        StatusCode::OK
    );
    let log = app.get_json_in(&h.admin, "/api/admin/audit", "en").await;
    let entries = log["entries"]
        .as_array()
        .unwrap_or_else(|| log.as_array().unwrap());
    let signed = entries
        .iter()
        .find(|e| {
            e["summary"]
                .as_str()
                .is_some_and(|s| s.contains("signed the agreement as guardian"))
        })
        .expect("the guardian's signature is audited");
    assert_eq!(signed["actor"]["kind"], "guardian");
    assert!(
        signed["summary"].as_str().unwrap().starts_with(
            "The parent or guardian signed the agreement as guardian (Maria Lopez, sha256 "
        ),
        "{signed}"
    );
}

#[tokio::test]
async fn a_supervisor_who_is_not_the_account_holder_signs_through_their_own_link() {
    let app = spawn_app().await;
    let h = hired(&app).await;
    let p = format!("/api/placements/{}", h.id);
    // The details name Priya Shah; the account is Riley Park's.
    ready_to_sign(&app, &h, &p).await;
    let mails: Value = serde_json::from_str(&app.outbox()).unwrap();
    let mail = mails
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["to"] == "priya@employer.example")
        .expect("a mail to the supervisor");
    assert_eq!(
        mail["subject"],
        "Please sign Sam Lee's internship agreement as supervisor"
    );
    assert!(mail["text"].as_str().unwrap().contains("/supervisor/"));
    // The account does not sign in her name.
    let (status, body) = message_of(sign(&app, &h.employer, &p, "Priya Shah").await).await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (
            StatusCode::CONFLICT,
            "Priya Shah signs as the supervisor through the link e-mailed to priya@employer.example"
        )
    );
    let v = placement(&app, &h.employer, h.id).await;
    assert_eq!(v["canSign"], false);
    assert_eq!(v["supervisorSignsByLink"], true);
    assert!(v["supervisorLinkSentAt"].is_i64());
    // Her page, with no account.
    let token = supervisor_token(&app);
    let page: Value = app
        .get(&app.client(), &format!("/api/supervisor/{token}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(page["supervisor"]["name"], "Priya Shah");
    assert_eq!(page["placement"]["studentName"], "Sam Lee");
    let (status, body) = message_of(supervisor_signs(&app, "Riley Park").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"]["name"],
        "Type your full name as the details give it: Priya Shah"
    );
    let res = supervisor_signs(&app, "Priya Shah").await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        res.json::<Value>().await.unwrap()["message"],
        "Thank you. You signed the agreement as supervisor."
    );
    // Single use.
    let (status, body) = message_of(
        app.get(&app.client(), &format!("/api/supervisor/{token}"))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        body["message"],
        "This signing link is invalid or has expired. Ask the employer or the school to send a new one."
    );
    let v = placement(&app, &h.employer, h.id).await;
    let signed = v["signatures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["party"] == "supervisor")
        .expect("the supervisor signed");
    assert_eq!(signed["name"], "Priya Shah");
    let log = app.get_json_in(&h.admin, "/api/admin/audit", "en").await;
    assert!(
        log["entries"].as_array().unwrap().iter().any(|e| {
            e["actor"]["kind"] == "supervisor"
                && e["summary"].as_str().is_some_and(|s| {
                    s.starts_with("The supervisor signed the agreement as supervisor (Priya Shah")
                })
        }),
        "{log}"
    );
    // Resending: not the student's to do; nothing to send once she signed.
    let resend = format!("{p}/supervisor/resend");
    assert_eq!(
        app.post(&h.student, &resend, json!({})).await.status(),
        StatusCode::FORBIDDEN
    );
    let (status, body) = message_of(app.post(&h.employer, &resend, json!({})).await).await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (StatusCode::CONFLICT, "The supervisor has already signed")
    );
    // A change voids her signature too, and she gets a new link.
    let mut changed = details(-5, 60);
    changed["schedule"] = json!("Mon and Wed 3:30-6:30 pm");
    assert_eq!(
        app.put(&h.employer, &p, changed).await.status(),
        StatusCode::OK
    );
    assert_ne!(supervisor_token(&app), token);
    assert_eq!(
        supervisor_signs(&app, "Priya Shah").await.status(),
        StatusCode::OK
    );
}

#[tokio::test]
async fn a_day_or_week_over_the_district_s_caps_is_logged_and_says_so_to_the_student() {
    let app = spawn_app().await;
    let h = hired(&app).await;
    activate(&app, &h, -50, 0).await;
    let hours = format!("/api/placements/{}/hours", h.id);
    // Today's week, from its Monday: the caps' weeks run Monday to Sunday.
    let today = time::OffsetDateTime::now_utc().date();
    let back = i64::from(today.weekday().number_days_from_monday());
    let res = app
        .post(
            &h.student,
            &hours,
            json!({"date": day(-back - 7), "hours": 9, "note": "Inventory day"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let v: Value = res.json().await.unwrap();
    assert_eq!(
        (v["overCap"].clone(), v["cap"].clone()),
        (json!("day"), json!(8.0))
    );
    // Three more days of that week: 9 + 3 × 4 = 21 h, over the 20-hour week.
    for (n, d) in (1..=3).enumerate() {
        let v: Value = app
            .post(
                &h.student,
                &hours,
                json!({"date": day(-back - 7 + d), "hours": 4, "note": "Shelving"}),
            )
            .await
            .json()
            .await
            .unwrap();
        let want = if n == 2 { json!("week") } else { Value::Null };
        assert_eq!(v["overCap"], want, "{v}");
    }
    let v = placement(&app, &h.student, h.id).await;
    assert_eq!(v["caps"], json!({"perDay": 8.0, "perWeek": 20.0}));
    let marks: Vec<&str> = v["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["overCap"].as_str())
        .collect();
    assert_eq!(marks, ["day", "week", "week", "week"], "{v}");
    assert_eq!(
        v["flags"],
        json!([]),
        "the school's flags stay the school's"
    );
}

#[tokio::test]
async fn the_coordinator_of_the_student_s_school_hears_what_waits_for_the_school() {
    let app = spawn_app().await;
    // The student's school (Lincoln High) has a coordinator; another school's does not hear.
    add_staff(
        &app,
        "cole@district.example",
        "coordinator",
        Some("lincoln high"),
    );
    add_staff(
        &app,
        "ruiz@district.example",
        "coordinator",
        Some("Roosevelt High"),
    );
    let h = hired(&app).await;
    let p = format!("/api/placements/{}", h.id);
    let subjects = |to: &str| -> Vec<String> {
        mails_to(&app, to)
            .iter()
            .map(|m| m["subject"].as_str().unwrap().to_string())
            .collect()
    };
    // Dates that end today: the final evaluation and completion are open.
    app.put(&h.employer, &p, details(-50, 0)).await;
    let g =
        json!({"name": "Maria Lopez", "relationship": "mother", "email": "maria@family.example"});
    app.put(&h.student, &format!("{p}/guardian"), g).await;
    assert!(
        subjects("cole@district.example").contains(
            &"Please confirm the guardian for Sam Lee's placement at Acme Robotics".into()
        ),
        "{:?}",
        subjects("cole@district.example")
    );
    // The guardian declines: the school hears why, not only the student.
    let token = guardian_token(&app);
    let res = app
        .post(
            &app.client(),
            &format!("/api/guardian/{token}/decline"),
            json!({"reason": "The hours are too late"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let declined = mails_to(&app, "cole@district.example")
        .into_iter()
        .find(|m| {
            m["subject"]
                == "The parent or guardian declined the agreement for Sam Lee's placement at Acme Robotics"
        })
        .expect("the school hears of the decline");
    assert!(
        declined["text"]
            .as_str()
            .unwrap()
            .contains("Their reason: The hours are too late"),
        "{declined}"
    );
    // Three signatures in: the school's is due.
    app.post(&h.admin, &format!("{p}/guardian/resend"), json!({}))
        .await;
    sign_all_but_school(&app, &h, &p).await;
    assert!(subjects("cole@district.example").contains(
        &"The school's signature is due for Sam Lee's placement at Acme Robotics".into()
    ));
    // The school signs; the final evaluation in, the school can complete it.
    assert_eq!(
        sign(&app, &h.admin, &p, "Coordinator Cole").await.status(),
        StatusCode::OK
    );
    app.post(
        &h.employer,
        &format!("{p}/evaluations"),
        json!({"kind": "final", "scores": scores(3), "comments": "Reliable"}),
    )
    .await;
    assert!(
        subjects("cole@district.example")
            .contains(&"Sam Lee's placement at Acme Robotics can be completed".into())
    );
    assert!(subjects("ruiz@district.example").is_empty());
}
