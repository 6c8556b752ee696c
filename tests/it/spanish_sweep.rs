//! The Spanish sweep: a student, an employer, a guardian, a supervisor and the school's admin
//! who all read Spanish go from sign-up to the certificate, with refusals on the way. Every
//! text the server sends them is recorded: each JSON `message` and field error, notification,
//! match reason, history line, rubric label, cap flag and audit summary, each e-mail and each
//! PDF. The test fails on any line in English: one the English catalogue knows (the matcher
//! would translate it), or one with English words in it. What the people type (names, titles,
//! notes) is Spanish here, so it cannot pass for English.

use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;
use internreel::i18n::Lang;

const ANA: &str = "ana@estudiante.example";
const JEFA: &str = "jefa@empresa.example";
const MARIA: &str = "maria@familia.example";
const PRIYA: &str = "priya@empresa.example";

/// Words that appear in English sentences and never in Spanish ones.
const ENGLISH_WORDS: &[&str] = &[
    "the", "your", "you", "and", "with", "has", "have", "was", "this", "is", "are", "of", "for",
    "to", "on", "it", "be", "will", "please", "from", "by", "at", "an", "been", "not", "who",
];

/// Why `line` reads as English, if it does.
fn english(line: &str) -> Option<String> {
    let line = line.trim();
    if line.is_empty() {
        return None;
    }
    let spanish = Lang::Es.tr(line);
    if spanish != line {
        return Some(format!("the catalogue has it: \"{spanish}\""));
    }
    // Hours are written with Spanish's decimal comma ("1,5 h"), never "1.5 h".
    static ENGLISH_DECIMAL: std::sync::LazyLock<regex::Regex> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\b\d+\.\d+ ?(h|horas)\b").unwrap());
    if let Some(m) = ENGLISH_DECIMAL.find(line) {
        return Some(format!("hours with a decimal point: {:?}", m.as_str()));
    }
    let words: Vec<String> = line
        .split(|c: char| !c.is_alphabetic() && c != '\'')
        .map(|w| w.to_lowercase())
        .collect();
    let found: Vec<&String> = words
        .iter()
        .filter(|w| ENGLISH_WORDS.contains(&w.as_str()))
        .collect();
    (found.len() >= 2).then(|| format!("English words {found:?}"))
}

/// What the Spanish readers were sent, by where.
#[derive(Default)]
struct Heard {
    lines: Vec<(String, String)>,
}

/// The JSON keys whose strings are texts the server words (never what a person typed).
const WORDED: &[&str] = &[
    "message",
    "errors",
    "text",
    "label",
    "summary",
    "matchReasons",
    "reasons",
    "clusterLabels",
];

impl Heard {
    fn text(&mut self, at: &str, text: &str) {
        for line in text.lines() {
            self.lines.push((at.to_string(), line.to_string()));
        }
    }

    /// The worded strings of `v`, at any depth.
    fn json(&mut self, at: &str, v: &Value) {
        fn strings(v: &Value, out: &mut Vec<String>) {
            match v {
                Value::String(s) => out.push(s.clone()),
                Value::Array(a) => a.iter().for_each(|v| strings(v, out)),
                Value::Object(o) => o.values().for_each(|v| strings(v, out)),
                _ => {}
            }
        }
        fn walk(v: &Value, out: &mut Vec<String>) {
            match v {
                Value::Array(a) => a.iter().for_each(|v| walk(v, out)),
                Value::Object(o) => {
                    for (k, v) in o {
                        if WORDED.contains(&k.as_str()) {
                            strings(v, out);
                        } else {
                            walk(v, out);
                        }
                    }
                }
                _ => {}
            }
        }
        let mut out = Vec::new();
        walk(v, &mut out);
        for s in out {
            self.text(at, &s);
        }
    }

    /// Every line heard that reads as English, with where and why.
    fn english(&self) -> Vec<String> {
        self.lines
            .iter()
            .filter_map(|(at, line)| english(line).map(|why| format!("{at}: {line:?} ({why})")))
            .collect()
    }
}

/// One party's calls, always asking for Spanish (as a Spanish browser does), each answer heard.
struct Es<'a> {
    app: &'a TestApp,
}

impl Es<'_> {
    async fn send(
        &self,
        heard: &mut Heard,
        c: &Client,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let mut req = c
            .request(method.clone(), self.app.url(path))
            .header("Accept-Language", "es");
        if let Some(b) = body {
            req = req.json(&b);
        }
        let res = req.send().await.unwrap();
        let status = res.status();
        let bytes = res.bytes().await.unwrap();
        let v: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        heard.json(&format!("{method} {path} ({status})"), &v);
        (status, v)
    }
    async fn get(&self, h: &mut Heard, c: &Client, path: &str) -> (StatusCode, Value) {
        self.send(h, c, reqwest::Method::GET, path, None).await
    }
    async fn post(&self, h: &mut Heard, c: &Client, path: &str, b: Value) -> (StatusCode, Value) {
        self.send(h, c, reqwest::Method::POST, path, Some(b)).await
    }
    async fn put(&self, h: &mut Heard, c: &Client, path: &str, b: Value) -> (StatusCode, Value) {
        self.send(h, c, reqwest::Method::PUT, path, Some(b)).await
    }
    async fn delete(&self, h: &mut Heard, c: &Client, path: &str) -> (StatusCode, Value) {
        self.send(h, c, reqwest::Method::DELETE, path, None).await
    }
    /// A PDF's text, heard line by line.
    async fn pdf(&self, h: &mut Heard, c: &Client, path: &str) {
        let res = c
            .get(self.app.url(path))
            .header("Accept-Language", "es")
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        let text = crate::placements::pdftotext_plain(&res.bytes().await.unwrap());
        h.text(&format!("PDF {path}"), &text);
    }
}

fn day(offset: i64) -> String {
    let d = time::OffsetDateTime::now_utc().date() + time::Duration::days(offset);
    format!("{:04}-{:02}-{:02}", d.year(), u8::from(d.month()), d.day())
}

/// The newest link of `kind` ("guardian", "supervisor") in the outbox.
fn token_in_outbox(app: &TestApp, kind: &str) -> String {
    let out = app.outbox();
    let mark = format!("/{kind}/");
    let at = out.find(&mark).expect("a link in the outbox");
    out[at + mark.len()..at + mark.len() + 64].to_string()
}

#[tokio::test]
async fn everything_a_spanish_reader_is_sent_from_sign_up_to_certificate_is_spanish() {
    let app = spawn_app().await;
    let es = Es { app: &app };
    let mut h = Heard::default();
    app.state
        .store()
        .write(|w| {
            internreel::services::settings::set(w, "district-contact", "practicas@distrito.example")
        })
        .unwrap();

    // Sign-ups: refused while incomplete, then made; the accounts keep Spanish.
    let student = app.client();
    let (status, _) = es
        .post(&mut h, &student, "/api/users", json!({"email": "no"}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let mut body = student_body(ANA);
    body["firstName"] = json!("Ana");
    body["lastName"] = json!("Gómez");
    body["school"] = json!("Escuela Lincoln");
    let (status, me) = es.post(&mut h, &student, "/api/users", body).await;
    assert_eq!(status, StatusCode::CREATED);
    let student_id = me["id"].as_u64().unwrap();
    let employer = app.client();
    let (status, _) = es
        .post(&mut h, &employer, "/api/employers", json!({"email": JEFA}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let mut body = employer_body(JEFA);
    body["firstName"] = json!("Lucía");
    body["lastName"] = json!("Parra");
    body["company"] = json!("Robótica Acme");
    body["position"] = json!("Gerente");
    body["companyDescription"] =
        json!("Construimos robots amables para escuelas y bibliotecas de Texas.");
    let (status, _) = es.post(&mut h, &employer, "/api/employers", body).await;
    assert_eq!(status, StatusCode::CREATED);
    let admin = app.admin().await;
    let (status, _) = es
        .post(
            &mut h,
            &app.client(),
            "/api/student-login",
            json!({"email": ANA, "password": "wrong-password"}),
        )
        .await;
    assert!(status.is_client_error());

    // A posting: refused when empty, then posted; the student's matches and her application.
    let (status, _) = es
        .post(&mut h, &employer, "/api/internships", json!({}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let mut posting = internship_body("Ayudante de biblioteca");
    posting["description"] = json!("Ayuda a nuestro equipo a construir robots.");
    posting["requirements"] = json!("Curiosidad y constancia");
    posting["duration"] = json!("8 semanas");
    posting["salary"] = json!("16 dólares por hora");
    let (status, posting) = es
        .post(&mut h, &employer, "/api/internships", posting)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{posting}");
    let posting_id = posting["id"].as_u64().unwrap();
    es.get(&mut h, &student, "/api/matches").await;
    es.get(&mut h, &student, &format!("/api/internships/{posting_id}"))
        .await;
    let (status, application) = es
        .post(
            &mut h,
            &student,
            "/api/applications",
            json!({"internshipId": posting_id, "status": "pending"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{application}");
    let (status, _) = es
        .post(
            &mut h,
            &student,
            "/api/applications",
            json!({"internshipId": posting_id, "status": "pending"}),
        )
        .await;
    assert!(status.is_client_error());
    let path = format!("/api/employers/applications/{}", application["id"]);
    let (status, _) = es
        .put(&mut h, &employer, &path, json!({"status": "hired"}))
        .await;
    assert!(status.is_client_error(), "pending cannot jump to hired");
    let (status, _) = es
        .put(
            &mut h,
            &employer,
            &path,
            json!({"status": "interview_requested"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);

    // Messages both ways, one refused for its length.
    let employer_id = posting["employerId"]
        .as_u64()
        .or_else(|| posting["employer"]["id"].as_u64())
        .expect("the posting names its employer");
    let messages = format!("/api/applications/{}/messages", application["id"]);
    let (status, _) = es
        .post(
            &mut h,
            &student,
            &messages,
            json!({"content": "x".repeat(501), "receiverId": employer_id}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, sent) = es
        .post(
            &mut h,
            &employer,
            &messages,
            json!({"content": "¿Puedes venir el martes?", "receiverId": student_id}),
        )
        .await;
    assert!(status.is_success(), "{sent}");
    let (status, sent) = es
        .post(
            &mut h,
            &student,
            &messages,
            json!({"content": "Sí, allí estaré.", "receiverId": employer_id}),
        )
        .await;
    assert!(status.is_success(), "{sent}");
    for step in ["offer_extended", "hired"] {
        let (status, v) = es
            .put(&mut h, &employer, &path, json!({"status": step}))
            .await;
        assert_eq!(status, StatusCode::OK, "{step}: {v}");
    }
    let (_, apps) = es
        .get(&mut h, &student, &format!("/api/applications/{student_id}"))
        .await;
    let first = if apps.is_array() {
        &apps[0]
    } else {
        &apps["applications"][0]
    };
    let placement_id = first["placementId"].as_u64().expect("a placement");
    let p = format!("/api/placements/{placement_id}");

    // The placement: details, the guardian, the four signatures.
    let details = json!({"supervisor": {"name": "Priya Shah", "title": "Gerente de sucursal", "email": PRIYA, "phone": "555-0142"},
        "worksite": "Calle Olmo 12", "startDate": day(-50), "endDate": day(0), "schedule": "martes y jueves de 15:30 a 18:30",
        "plannedHours": 60, "paid": true, "hourlyWage": 15.5});
    let (status, _) = es.put(&mut h, &employer, &p, json!({})).await;
    assert!(status.is_client_error());
    let (status, v) = es.put(&mut h, &employer, &p, details).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let (status, _) = es
        .put(
            &mut h,
            &student,
            &format!("{p}/guardian"),
            json!({"name": "María López", "relationship": "madre", "email": ANA}),
        )
        .await;
    assert!(status.is_client_error(), "the student's own mailbox");
    let (status, _) = es
        .put(
            &mut h,
            &student,
            &format!("{p}/guardian"),
            json!({"name": "María López", "relationship": "madre", "email": MARIA, "phone": "555-0100"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let guardian = format!("/api/guardian/{}", token_in_outbox(&app, "guardian"));
    let (_, page) = es.get(&mut h, &app.client(), &guardian).await;
    let (status, _) = es
        .post(
            &mut h,
            &app.client(),
            &format!("{guardian}/sign"),
            json!({"name": "María López", "consent": false}),
        )
        .await;
    assert!(status.is_client_error());
    let (status, v) = es
        .post(
            &mut h,
            &app.client(),
            &format!("{guardian}/sign"),
            json!({"name": "María López", "consent": true, "agreementSha256": page["placement"]["agreementSha256"]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let (status, v) = es
        .post(
            &mut h,
            &student,
            &format!("{p}/sign"),
            json!({"name": "Ana Gómez"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let supervisor = format!("/api/supervisor/{}", token_in_outbox(&app, "supervisor"));
    es.get(&mut h, &app.client(), &supervisor).await;
    let (status, v) = es
        .post(
            &mut h,
            &app.client(),
            &format!("{supervisor}/sign"),
            json!({"name": "Priya Shah"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let (status, _) = es
        .post(
            &mut h,
            &admin,
            &format!("{p}/sign"),
            json!({"name": "Coordinadora Cole"}),
        )
        .await;
    assert!(
        status.is_client_error(),
        "the guardian is not confirmed yet"
    );
    es.post(&mut h, &admin, &format!("{p}/guardian/confirm"), json!({}))
        .await;
    let (status, v) = es
        .post(
            &mut h,
            &admin,
            &format!("{p}/sign"),
            json!({"name": "Coordinadora Cole"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["state"], "active");

    // Hours: refusals, a day over the cap, one returned and fixed, the rest approved.
    let hours = format!("{p}/hours");
    for body in [
        json!({"date": day(1), "hours": 2, "note": "x"}),
        json!({"date": day(-1), "hours": 2.2, "note": "x"}),
        json!({"date": day(-1), "hours": 12.5, "note": "x"}),
        json!({"date": day(-1), "hours": 2, "note": ""}),
    ] {
        let (status, _) = es.post(&mut h, &student, &hours, body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
    }
    let mut ids = Vec::new();
    for (d, hrs) in [(-14, 9.0), (-13, 4.0), (-12, 4.0), (-11, 4.0)] {
        let (status, v) = es
            .post(
                &mut h,
                &student,
                &hours,
                json!({"date": day(d), "hours": hrs, "note": "Ordené libros y atendí el mostrador"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{v}");
        ids.push(v["id"].as_u64().unwrap());
    }
    let (status, _) = es
        .post(
            &mut h,
            &student,
            &hours,
            json!({"date": day(-14), "hours": 1, "note": "otra vez"}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    es.post(
        &mut h,
        &employer,
        &format!("{hours}/{}/return", ids[0]),
        json!({"comment": "Saliste a las 5 ese día"}),
    )
    .await;
    es.put(
        &mut h,
        &student,
        &format!("{hours}/{}", ids[0]),
        json!({"date": day(-14), "hours": 1.5, "note": "Ordené libros"}),
    )
    .await;
    es.post(
        &mut h,
        &employer,
        &format!("{hours}/approve"),
        json!({"ids": &ids}),
    )
    .await;
    let (status, _) = es
        .delete(&mut h, &student, &format!("{hours}/{}", ids[1]))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);

    // Evaluations and completion, with the refusals on the way.
    let (status, _) = es
        .post(&mut h, &admin, &format!("{p}/complete"), json!({}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let scores = crate::placements::scores(4);
    let mut partial = scores.clone();
    partial.remove("safety");
    let (status, _) = es
        .post(
            &mut h,
            &employer,
            &format!("{p}/evaluations"),
            json!({"kind": "midpoint", "scores": partial, "comments": ""}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    for (kind, comments) in [("midpoint", "Buen comienzo"), ("final", "Excelente")] {
        let (status, v) = es
            .post(
                &mut h,
                &employer,
                &format!("{p}/evaluations"),
                json!({"kind": kind, "scores": scores, "comments": comments}),
            )
            .await;
        assert!(status.is_success(), "{kind}: {v}");
    }
    let (status, _) = es
        .post(&mut h, &employer, &format!("{p}/complete"), json!({}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, v) = es
        .post(&mut h, &admin, &format!("{p}/complete"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    es.post(
        &mut h,
        &student,
        &format!("{p}/reflection"),
        json!({"text": "Aprendí a atender el mostrador."}),
    )
    .await;

    // What each reads afterwards: the placement, notifications, the audit, the PDFs, the mail.
    for c in [&student, &employer, &admin] {
        es.get(&mut h, c, &p).await;
        es.get(&mut h, c, "/api/notifications").await;
    }
    es.get(&mut h, &admin, "/api/admin/audit").await;
    es.pdf(&mut h, &student, &format!("{p}/agreement.pdf"))
        .await;
    es.pdf(&mut h, &student, &format!("{p}/certificate.pdf"))
        .await;
    let r = app.state.store().read().unwrap();
    use internreel::store::Reader as _;
    let mails = r
        .scan_rev::<internreel::store::outbox::Mail>(|_| true)
        .unwrap();
    let mut mailed = 0;
    for m in mails {
        if [ANA, JEFA, MARIA, PRIYA].contains(&m.to.as_str()) {
            mailed += 1;
            h.text(&format!("mail to {}", m.to), &m.subject);
            h.text(&format!("mail to {} ({})", m.to, m.subject), &m.text);
        }
    }
    assert!(mailed >= 8, "only {mailed} e-mails");
    assert!(h.lines.len() > 200, "only {} lines heard", h.lines.len());

    let english = h.english();
    assert!(
        english.is_empty(),
        "{} of {} lines a Spanish reader was sent are English:\n{}",
        english.len(),
        h.lines.len(),
        english.join("\n")
    );
}

/// Every notification and e-mail `emails` were sent, heard.
fn hear_mail(app: &TestApp, h: &mut Heard, emails: &[&str]) -> usize {
    use internreel::store::Reader as _;
    let r = app.state.store().read().unwrap();
    let mails = r
        .scan_rev::<internreel::store::outbox::Mail>(|_| true)
        .unwrap();
    let mut heard = 0;
    for m in mails
        .into_iter()
        .filter(|m| emails.contains(&m.to.as_str()))
    {
        heard += 1;
        h.text(&format!("mail to {}", m.to), &m.subject);
        h.text(&format!("mail to {} ({})", m.to, m.subject), &m.text);
    }
    heard
}

#[tokio::test]
async fn what_the_district_and_the_media_tell_a_spanish_reader_is_spanish() {
    let app = spawn_app().await;
    let es = Es { app: &app };
    let mut h = Heard::default();
    let admin = app.admin().await;

    // A Spanish-speaking employer and student.
    let employer = app.client();
    let mut body = employer_body(JEFA);
    body["company"] = json!("Robótica Acme");
    let (status, me) = es.post(&mut h, &employer, "/api/employers", body).await;
    assert_eq!(status, StatusCode::CREATED, "{me}");
    let employer_id = me["id"].as_u64().unwrap();
    let student = app.client();
    let (status, _) = es
        .post(&mut h, &student, "/api/users", student_body(ANA))
        .await;
    assert_eq!(status, StatusCode::CREATED);

    // The district verifies the company; the admin fulfils its AI-video request.
    es.post(
        &mut h,
        &admin,
        &format!("/api/admin/employers/{employer_id}/verify"),
        json!({}),
    )
    .await;
    let mut posting = internship_body("Ayudante de taller");
    posting["description"] = json!("Ayuda en el taller de robots.");
    let (status, posting) = es
        .post(&mut h, &employer, "/api/internships", posting)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{posting}");
    let id = posting["id"].as_u64().unwrap();
    let (status, v) = app
        .admin_upload(
            &admin,
            id,
            reqwest::multipart::Form::new().part(
                "video",
                reqwest::multipart::Part::bytes(fixture_video()).file_name("v.mp4"),
            ),
        )
        .await;
    assert!(status.is_success(), "{v}");
    let (status, _) = app
        .admin_upload(&admin, 999_999, reqwest::multipart::Form::new())
        .await;
    assert!(status.is_client_error());

    // A video that is not one: refused at once, in Spanish.
    let res = employer
        .post(app.url("/api/internships"))
        .header("Accept-Language", "es")
        .multipart(posting_form("Video roto").part(
            "videoFile",
            reqwest::multipart::Part::bytes(b"not a video at all".to_vec()).file_name("clip.mp4"),
        ))
        .send()
        .await
        .unwrap();
    let (status, v) = message_of(res).await;
    assert!(status.is_client_error(), "{v}");
    h.json("POST /api/internships (a broken video)", &v);

    // A student reports the posting; the district hides it with a reason.
    let (status, v) = es
        .post(
            &mut h,
            &student,
            "/api/reports",
            json!({"targetType": "internship", "targetId": id, "reason": "scam", "details": "Pide dinero"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    let (_, reports) = es.get(&mut h, &admin, "/api/admin/reports").await;
    let report = reports
        .as_array()
        .and_then(|a| a.iter().find(|r| r["system"] != true))
        .or_else(|| reports["reports"].as_array().and_then(|a| a.first()))
        .cloned()
        .expect("the student's report");
    let (status, v) = es
        .post(
            &mut h,
            &admin,
            &format!("/api/admin/reports/{}/resolve", report["id"]),
            json!({"action": "hide", "note": "pide dinero a los estudiantes"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{v}");

    // She forgot her password.
    es.post(
        &mut h,
        &app.client(),
        "/api/password-reset",
        json!({"email": ANA}),
    )
    .await;

    for c in [&student, &employer] {
        es.get(&mut h, c, "/api/notifications").await;
    }
    let mailed = hear_mail(&app, &mut h, &[ANA, JEFA]);
    assert!(mailed >= 5, "only {mailed} e-mails");
    let english = h.english();
    assert!(
        english.is_empty(),
        "{} of {} lines a Spanish reader was sent are English:\n{}",
        english.len(),
        h.lines.len(),
        english.join("\n")
    );
}
