//! Hostile input: every JSON endpoint gets malformed JSON, wrong types, missing and extra
//! fields, huge strings and arrays, deep nesting, NUL bytes, invalid UTF-8, bidi overrides and
//! zero-width characters; every upload gets truncated and malformed multipart bodies. Each is
//! refused with a 4xx JSON `message` (never a 500), and nothing is stored: no record, no file.

use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;
use internreel::store::Reader;

/// Long free-text fields: they refuse control characters and bidi overrides by name.
const FREE_TEXT: &[&str] = &["description", "content", "message", "companyDescription"];

const HIDDEN: &str = "Contains invisible or control characters that are not allowed";

/// How many records of each kind the store holds.
fn census(app: &TestApp) -> [u64; 6] {
    use internreel::store::{
        applications::Application, contact::ContactMessage, internships::Internship,
        messages::Message, social::Comment, users::User,
    };
    let r = app.state.store().read().unwrap();
    [
        r.count::<User>().unwrap(),
        r.count::<Internship>().unwrap(),
        r.count::<Application>().unwrap(),
        r.count::<Comment>().unwrap(),
        r.count::<Message>().unwrap(),
        r.count::<ContactMessage>().unwrap(),
    ]
}

/// One JSON endpoint and a valid body for it (unique per call, so it can be sent many times).
struct Endpoint<'a> {
    method: &'static str,
    path: String,
    /// None: a fresh visitor for every request.
    client: Option<&'a Client>,
    valid: Box<dyn Fn(usize) -> Value + 'a>,
    required: &'static [&'static str],
    /// Names and titles: zero-width characters are refused here too.
    short: &'static [&'static str],
    /// Send the valid body with extra fields at the end (not for throttled sign-ins).
    extras: bool,
}

struct Case {
    name: String,
    body: Vec<u8>,
    /// The refusal must name the invisible-character rule.
    hidden: bool,
}

fn json_case(name: String, v: &Value) -> Case {
    Case {
        name,
        body: serde_json::to_vec(v).unwrap(),
        hidden: false,
    }
}

fn nested(depth: usize) -> Value {
    let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    // serde_json refuses to build it too; send it as raw text through a marker.
    Value::String(format!("@@RAW@@{text}"))
}

/// Every hostile variation of a valid body.
fn battery(ep: &Endpoint, n: &mut usize) -> Vec<Case> {
    let mut next = || {
        *n += 1;
        (ep.valid)(*n)
    };
    let mut cases = vec![
        Case {
            name: "malformed JSON".into(),
            body: br#"{"a": "#.to_vec(),
            hidden: false,
        },
        Case {
            name: "trailing garbage".into(),
            body: {
                let mut b = serde_json::to_vec(&next()).unwrap();
                b.extend_from_slice(b"}}");
                b
            },
            hidden: false,
        },
        json_case("an empty object".into(), &json!({})),
        json_case("an array".into(), &json!([next()])),
        json_case("a string".into(), &json!("hello")),
        json_case("null".into(), &Value::Null),
        json_case(
            "a huge top-level array".into(),
            &Value::Array(vec![json!(1); 200_000]),
        ),
        Case {
            name: "a deeply nested body".into(),
            body: format!("{}{}", "[".repeat(100_000), "]".repeat(100_000)).into_bytes(),
            hidden: false,
        },
    ];
    let fields: Vec<(String, Value)> = next()
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    for f in ep.required {
        let mut b = next();
        b.as_object_mut().unwrap().remove(*f);
        cases.push(json_case(format!("{f} missing"), &b));
    }
    for (f, v) in &fields {
        let with = |value: Value, next: &mut dyn FnMut() -> Value| {
            let mut b = next();
            b[f.as_str()] = value;
            b
        };
        let mut wrongs = vec![json!({"$gt": ""}), nested(10_000)];
        if !v.is_boolean() {
            wrongs.push(json!(true));
        }
        if !v.is_number() {
            wrongs.push(json!(12345));
        }
        if v.is_number() {
            wrongs.push(json!("12"));
            wrongs.push(json!(-1));
            wrongs.push(json!(1e300));
        }
        for w in wrongs {
            let label = w.to_string().chars().take(20).collect::<String>();
            cases.push(json_case(
                format!("{f} of the wrong type {label}"),
                &with(w, &mut next),
            ));
        }
        let text_field = v.is_string() || v.is_array();
        if !text_field {
            continue;
        }
        // Huge: over the body limit, and over any field's limit but under the body limit.
        cases.push(json_case(
            format!("{f} of 300,000 characters"),
            &with(json!("x".repeat(300_000)), &mut next),
        ));
        cases.push(json_case(
            format!("{f} of 20,000 characters"),
            &with(json!("x".repeat(20_000)), &mut next),
        ));
        cases.push(json_case(
            format!("{f} as a huge array"),
            &with(Value::Array(vec![json!("technology"); 20_000]), &mut next),
        ));
        if v.is_array() {
            cases.push(json_case(
                format!("{f} as an array of 1,000 items"),
                &with(Value::Array(vec![json!("technology"); 1_000]), &mut next),
            ));
            continue;
        }
        let base = v.as_str().unwrap().to_string();
        let (head, tail) = base.split_at(base.len().min(3));
        for (what, ch, hidden) in [
            ("a NUL byte", "\u{0}", true),
            ("an escape character", "\u{1b}", true),
            ("a right-to-left override", "\u{202E}", true),
            ("a left-to-right isolate", "\u{2066}", true),
        ] {
            let mut c = json_case(
                format!("{f} with {what}"),
                &with(json!(format!("{head}{ch}{tail}")), &mut next),
            );
            c.hidden =
                hidden && (ep.short.contains(&f.as_str()) || FREE_TEXT.contains(&f.as_str()));
            cases.push(c);
        }
        if ep.short.contains(&f.as_str()) {
            for (what, ch) in [
                ("a zero-width space", "\u{200B}"),
                ("a zero-width joiner", "\u{200D}"),
                ("a word joiner", "\u{2060}"),
                ("a byte-order mark", "\u{FEFF}"),
            ] {
                let mut c = json_case(
                    format!("{f} with {what}"),
                    &with(json!(format!("{head}{ch}{tail}")), &mut next),
                );
                c.hidden = true;
                cases.push(c);
            }
        }
        // Invalid UTF-8 inside the string.
        let mut b = serde_json::to_vec(&with(json!("@@BAD@@"), &mut next)).unwrap();
        let at = find(&b, b"@@BAD@@").unwrap();
        b.splice(at..at + 7, b"ab\xff\xfe\xc3cd".iter().copied());
        cases.push(Case {
            name: format!("{f} with invalid UTF-8"),
            body: b,
            hidden: false,
        });
    }
    // Raw nesting markers become raw JSON text.
    for c in &mut cases {
        while let Some(at) = find(&c.body, b"\"@@RAW@@") {
            let end = at + 1 + c.body[at + 1..].iter().position(|b| *b == b'"').unwrap();
            let raw = c.body[at + 8..end].to_vec();
            c.body.splice(at..=end, raw);
        }
    }
    cases
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Throws the whole battery at an endpoint: every case must be a 4xx JSON message and change
/// nothing; then the valid body with extra fields is accepted and the extras are not stored.
async fn assault(app: &TestApp, ep: Endpoint<'_>) {
    let mut n = 0;
    let cases = battery(&ep, &mut n);
    let before = census(app);
    let mut wrong = Vec::new();
    for case in &cases {
        let visitor;
        let client = match ep.client {
            Some(c) => c,
            None => {
                visitor = app.client();
                &visitor
            }
        };
        let res = client
            .request(ep.method.parse().unwrap(), app.url(&ep.path))
            .header("content-type", "application/json")
            .body(case.body.clone())
            .send()
            .await
            .expect("request");
        let status = res.status();
        let text = res.text().await.unwrap_or_default();
        let body: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        if !status.is_client_error() {
            wrong.push(format!("{}: {status} {text:.200}", case.name));
        } else if !body["message"].is_string() {
            wrong.push(format!(
                "{}: {status} without a JSON message: {text:.200}",
                case.name
            ));
        } else if case.hidden && !text.contains(HIDDEN) {
            wrong.push(format!(
                "{}: {status} but not '{HIDDEN}': {text:.200}",
                case.name
            ));
        }
    }
    let after = census(app);
    assert!(
        wrong.is_empty(),
        "{} {}: hostile input was not refused cleanly:\n{}",
        ep.method,
        ep.path,
        wrong.join("\n")
    );
    assert_eq!(
        before, after,
        "{} {}: a refused body stored something",
        ep.method, ep.path
    );

    if !ep.extras {
        return;
    }
    // Extra fields are ignored, and not stored.
    n += 1;
    let mut body = (ep.valid)(n);
    let extras = json!({"id": 999_999, "isAdmin": true, "role": "admin", "archived": true,
                        "employerId": 1, "likes": 1000, "__proto__": {"polluted": true}});
    for (k, v) in extras.as_object().unwrap() {
        body[k.as_str()] = v.clone();
    }
    let visitor = app.client();
    let client = ep.client.unwrap_or(&visitor);
    let res = client
        .request(ep.method.parse().unwrap(), app.url(&ep.path))
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = res.status();
    let answer: Value = res.json().await.unwrap_or(Value::Null);
    assert!(
        status.is_success(),
        "{} {}: the valid body with extra fields: {status} {answer}",
        ep.method,
        ep.path
    );
    for k in ["isAdmin", "role", "__proto__", "polluted"] {
        assert!(
            !answer.to_string().contains(k),
            "{} {}: the extra field {k} came back: {answer}",
            ep.method,
            ep.path
        );
    }
    assert_ne!(
        answer["id"],
        json!(999_999),
        "{}: the id was taken from the body",
        ep.path
    );
    if answer.get("archived").is_some() {
        assert_eq!(answer["archived"], json!(false), "{}", ep.path);
    }
    if answer.get("likes").is_some() {
        assert_eq!(answer["likes"], json!(0), "{}", ep.path);
    }
}

/// A student who applied to an employer's posting, and a spare posting.
struct Fixture {
    app: TestApp,
    student: Client,
    me_id: u64,
    employer: Client,
    employer_id: u64,
    pid: u64,
    spare: u64,
    aid: u64,
}

async fn fixture() -> Fixture {
    let app = spawn_app().await;
    let (employer, boss) = app.signup_employer("boss@acme.example").await;
    let (student, me) = app.signup_student("me@student.example").await;
    let pid = app.post_internship(&employer, "Robot helper").await["id"]
        .as_u64()
        .unwrap();
    let spare = app.post_internship(&employer, "Spare").await["id"]
        .as_u64()
        .unwrap();
    let applied: Value = app.apply(&student, pid).await.json().await.unwrap();
    Fixture {
        student,
        me_id: me["id"].as_u64().unwrap(),
        employer,
        employer_id: boss["id"].as_u64().unwrap(),
        pid,
        spare,
        aid: applied["id"].as_u64().unwrap(),
        app,
    }
}

#[tokio::test]
async fn a_student_sign_up_refuses_hostile_json_cleanly_and_stores_nothing() {
    let f = fixture().await;
    assault(
        &f.app,
        Endpoint {
            method: "POST",
            path: "/api/users".into(),
            client: None,
            valid: Box::new(|n| {
                let mut b = student_body(&format!("s{n}@hostile.example"));
                let o = b.as_object_mut().unwrap();
                o.remove("userType");
                o.remove("company");
                o.remove("position");
                b
            }),
            required: &[
                "firstName",
                "lastName",
                "email",
                "password",
                "grade",
                "school",
            ],
            short: &["firstName", "lastName", "school"],
            extras: true,
        },
    )
    .await;
}

#[tokio::test]
async fn an_employer_sign_up_refuses_hostile_json_cleanly_and_stores_nothing() {
    let f = fixture().await;
    assault(
        &f.app,
        Endpoint {
            method: "POST",
            path: "/api/employers".into(),
            client: None,
            valid: Box::new(|n| employer_body(&format!("e{n}@hostile.example"))),
            required: &[
                "firstName",
                "lastName",
                "email",
                "password",
                "position",
                "company",
                "companySize",
                "industry",
                "address",
                "companyDescription",
            ],
            short: &["firstName", "lastName", "position", "company"],
            extras: true,
        },
    )
    .await;
}

#[tokio::test]
async fn a_student_profile_edit_refuses_hostile_json_cleanly_and_changes_nothing() {
    let f = fixture().await;
    assault(
        &f.app,
        Endpoint {
            method: "PUT",
            path: format!("/api/users/{}", f.me_id),
            client: Some(&f.student),
            valid: Box::new(|_| {
                json!({"firstName": "Sam", "lastName": "Lee", "email": "me@student.example",
                       "grade": "senior", "school": "Lincoln High", "interests": ["design"],
                       "gpa": "3.9"})
            }),
            required: &["firstName", "lastName", "email", "grade", "school"],
            short: &["firstName", "lastName", "school"],
            extras: true,
        },
    )
    .await;
}

#[tokio::test]
async fn an_employer_profile_edit_refuses_hostile_json_cleanly_and_changes_nothing() {
    let f = fixture().await;
    assault(
        &f.app,
        Endpoint {
            method: "PUT",
            path: "/api/employers/profile".into(),
            client: Some(&f.employer),
            valid: Box::new(|_| {
                let mut b = employer_body("boss@acme.example");
                b.as_object_mut().unwrap().remove("password");
                b["phone"] = json!("512-555-0100");
                b
            }),
            required: &["firstName", "lastName", "email", "company", "address"],
            short: &["firstName", "lastName", "position", "company"],
            extras: true,
        },
    )
    .await;
}

#[tokio::test]
async fn posting_an_internship_refuses_hostile_json_cleanly_and_stores_nothing() {
    let f = fixture().await;
    let posting_body = |n: usize| {
        json!({
            "title": format!("Robot helper {n}"), "description": "Help our team build robots.",
            "location": "Austin, TX", "duration": "8 weeks",
            "requirements": "Curiosity and reliability", "salary": "$16/hour",
            "applicationDeadline": "2099-01-01", "aiVideoRequested": true,
            "tags": ["technology"], "skills": ["Python"], "benefits": ["Mentoring"],
            "workStyle": "Hybrid", "hoursPerWeek": 10
        })
    };
    assault(
        &f.app,
        Endpoint {
            method: "POST",
            path: "/api/internships".into(),
            client: Some(&f.employer),
            valid: Box::new(posting_body),
            required: &[
                "title",
                "description",
                "location",
                "duration",
                "applicationDeadline",
            ],
            short: &["title", "location", "duration"],
            extras: true,
        },
    )
    .await;
}

#[tokio::test]
async fn editing_an_internship_refuses_hostile_json_cleanly_and_changes_nothing() {
    let f = fixture().await;
    let pid = f.pid;
    let posting_body = |n: usize| {
        json!({
            "title": format!("Robot helper {n}"), "description": "Help our team build robots.",
            "location": "Austin, TX", "duration": "8 weeks",
            "requirements": "Curiosity and reliability", "salary": "$16/hour",
            "applicationDeadline": "2099-01-01", "aiVideoRequested": true,
            "tags": ["technology"], "skills": ["Python"], "benefits": ["Mentoring"],
            "workStyle": "Hybrid", "hoursPerWeek": 10
        })
    };
    assault(
        &f.app,
        Endpoint {
            method: "PUT",
            path: format!("/api/employers/internships/{pid}"),
            client: Some(&f.employer),
            valid: Box::new(posting_body),
            required: &["title", "description", "location", "duration"],
            short: &["title", "location", "duration"],
            extras: true,
        },
    )
    .await;
}

#[tokio::test]
async fn applying_refuses_hostile_json_cleanly_and_stores_nothing() {
    let f = fixture().await;
    let spare = f.spare;
    assault(
        &f.app,
        Endpoint {
            method: "POST",
            path: "/api/applications".into(),
            client: Some(&f.student),
            valid: Box::new(move |_| json!({"internshipId": spare, "status": "pending"})),
            required: &["internshipId"],
            short: &[],
            extras: true,
        },
    )
    .await;
}

#[tokio::test]
async fn moving_an_application_refuses_hostile_json_cleanly_and_changes_nothing() {
    let f = fixture().await;
    let aid = f.aid;
    assault(
        &f.app,
        Endpoint {
            method: "PUT",
            path: format!("/api/employers/applications/{aid}"),
            client: Some(&f.employer),
            valid: Box::new(|_| json!({"status": "rejected"})),
            required: &["status"],
            short: &[],
            extras: true,
        },
    )
    .await;
}

#[tokio::test]
async fn sending_a_message_refuses_hostile_json_cleanly_and_stores_nothing() {
    let f = fixture().await;
    let aid = f.aid;
    let employer_id = f.employer_id;
    assault(
        &f.app,
        Endpoint {
            method: "POST",
            path: format!("/api/applications/{aid}/messages"),
            client: Some(&f.student),
            valid: Box::new(
                move |n| json!({"content": format!("Hello {n}"), "receiverId": employer_id}),
            ),
            required: &["content", "receiverId"],
            short: &[],
            extras: true,
        },
    )
    .await;
}

#[tokio::test]
async fn commenting_refuses_hostile_json_cleanly_and_stores_nothing() {
    let f = fixture().await;
    let pid = f.pid;
    assault(
        &f.app,
        Endpoint {
            method: "POST",
            path: format!("/api/internships/{pid}/comments"),
            client: Some(&f.student),
            valid: Box::new(|n| json!({"content": format!("Looks fun {n}")})),
            required: &["content"],
            short: &[],
            extras: true,
        },
    )
    .await;
}

#[tokio::test]
async fn the_contact_form_refuses_hostile_json_cleanly_and_stores_nothing() {
    let f = fixture().await;
    assault(
        &f.app,
        Endpoint {
            method: "POST",
            path: "/api/contact".into(),
            client: None,
            valid: Box::new(|n| {
                json!({"name": "Pat", "email": "pat@example.com", "subject": format!("Hello {n}"),
                       "message": "A question about the programme."})
            }),
            required: &["name", "email", "subject", "message"],
            short: &["name", "subject"],
            extras: true,
        },
    )
    .await;
}

#[tokio::test]
async fn sign_ins_refuse_hostile_json_cleanly() {
    let f = fixture().await;
    for path in ["/api/student-login", "/api/employers/login"] {
        let email = if path.contains("employers") {
            "boss@acme.example"
        } else {
            "me@student.example"
        };
        let password = if path.contains("employers") {
            "longsecret"
        } else {
            "secret1"
        };
        assault(
            &f.app,
            Endpoint {
                method: "POST",
                path: path.into(),
                client: None,
                valid: Box::new(move |_| json!({"email": email, "password": password})),
                required: &["email", "password"],
                short: &[],
                extras: true,
            },
        )
        .await;
    }
}

#[tokio::test]
async fn the_admin_pin_endpoint_refuses_hostile_json_cleanly() {
    let app = spawn_app().await;
    let _admin = app.admin().await;
    assault(
        &app,
        Endpoint {
            method: "POST",
            path: "/api/admin/login".into(),
            client: None,
            valid: Box::new(|_| json!({"pin": "135790"})),
            required: &["pin"],
            short: &[],
            // Wrong pins lock admin sign-in, so the valid pin may be throttled by now.
            extras: false,
        },
    )
    .await;
}

#[tokio::test]
async fn text_that_is_stored_is_stored_exactly_as_given() {
    // Arrange: names and long texts with accents, scripts, emoji, markup and (in long text)
    // zero-width joiners, which emoji sequences need.
    let app = spawn_app().await;
    let name = "Zoë-李 O'Brien";
    let mut body = student_body("given@student.example");
    body["firstName"] = json!(name);
    body["school"] = json!("École <b>Lincoln</b> & \"Co\"");
    let c = app.client();
    let res = app.post(&c, "/api/users", body).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let (employer, _) = app.signup_employer("boss@acme.example").await;
    let posting = app.post_internship(&employer, "Robot helper").await;
    let pid = posting["id"].as_u64().unwrap();
    let long = "Family 👨\u{200D}👩\u{200D}👧 welcome.\nمرحبا بكم\t<img src=x onerror=alert(1)> ' \" \\ {{x}} ${x}";

    // Act
    let comment = app
        .post(
            &c,
            &format!("/api/internships/{pid}/comments"),
            json!({"content": long}),
        )
        .await;
    assert_eq!(comment.status(), StatusCode::CREATED);
    let mut edit = internship_body("Robot helper");
    edit["description"] = json!(long);
    let res = app
        .put(
            &employer,
            &format!("/api/employers/internships/{pid}"),
            edit,
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);

    // Assert
    let me: Value = app.get(&c, "/api/auth/user").await.json().await.unwrap();
    assert_eq!(me["firstName"], name);
    assert_eq!(me["school"], "École <b>Lincoln</b> & \"Co\"");
    let comments: Vec<Value> = app
        .get(&c, &format!("/api/internships/{pid}/comments"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(comments[0]["content"], long);
    let read: Value = app
        .get(&c, &format!("/api/internships/{pid}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(read["description"], long);
}

// ---- Multipart ----

const BOUNDARY: &str = "hostileBoundary7MA4YWxkTrZu0gW";

fn part(name: &str, filename: Option<&str>, bytes: &[u8]) -> Vec<u8> {
    let mut out =
        format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"").into_bytes();
    if let Some(f) = filename {
        out.extend_from_slice(
            format!("; filename=\"{f}\"\r\nContent-Type: application/octet-stream").as_bytes(),
        );
    }
    out.extend_from_slice(b"\r\n\r\n");
    out.extend_from_slice(bytes);
    out.extend_from_slice(b"\r\n");
    out
}

fn close(mut body: Vec<u8>) -> Vec<u8> {
    body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
    body
}

fn posting_fields() -> Vec<u8> {
    let mut b = Vec::new();
    for (k, v) in [
        ("title", "Hostile upload"),
        ("description", "Help our team build things."),
        ("location", "Austin, TX"),
        ("duration", "8 weeks"),
        ("requirements", "Curiosity"),
        ("applicationDeadline", "2099-01-01"),
    ] {
        b.extend(part(k, None, v.as_bytes()));
    }
    b
}

/// The malformed multipart bodies for a file field (`fields` are the form's text fields).
fn multipart_battery(
    field: &str,
    fields: &[u8],
    good: &[u8],
    file_required: bool,
) -> Vec<(String, String, Vec<u8>)> {
    let ct = format!("multipart/form-data; boundary={BOUNDARY}");
    let with = |parts: Vec<Vec<u8>>| {
        let mut b = fields.to_vec();
        for p in parts {
            b.extend(p);
        }
        close(b)
    };
    let full = with(vec![part(field, Some("clip.mp4"), good)]);
    let mut out = vec![
        (
            "a body truncated in the file".to_string(),
            ct.clone(),
            full[..fields.len() + 200.min(good.len())].to_vec(),
        ),
        (
            "a body without its closing boundary".into(),
            ct.clone(),
            full[..full.len() - BOUNDARY.len() - 6].to_vec(),
        ),
        (
            "no boundary in the content type".into(),
            "multipart/form-data".into(),
            full.clone(),
        ),
        (
            "a boundary the body does not use".into(),
            "multipart/form-data; boundary=somethingElse".into(),
            full.clone(),
        ),
        ("an empty body".into(), ct.clone(), Vec::new()),
        (
            "garbage instead of parts".into(),
            ct.clone(),
            b"this is not multipart at all".to_vec(),
        ),
        (
            "the file under a wrong name".into(),
            ct.clone(),
            with(vec![part("attachment", Some("clip.mp4"), good)]),
        ),
        (
            "two files".into(),
            ct.clone(),
            with(vec![
                part(field, Some("a.mp4"), good),
                part(field, Some("b.mp4"), good),
            ]),
        ),
        (
            "HTML named like a video".into(),
            ct.clone(),
            with(vec![part(
                field,
                Some("clip.mp4"),
                b"<html><script>alert(1)</script></html>",
            )]),
        ),
        (
            "a text field with invalid UTF-8".into(),
            ct.clone(),
            close({
                let mut b = part("title", None, b"bad \xff\xfe title");
                b.extend(part(field, Some("clip.mp4"), good));
                b
            }),
        ),
    ];
    if file_required {
        out.push(("no file at all".into(), ct.clone(), with(vec![])));
        out.push((
            "an empty file".into(),
            ct.clone(),
            with(vec![part(field, Some("clip.mp4"), b"")]),
        ));
    }
    if field != "file" {
        out.push((
            "an image named like the file".into(),
            ct.clone(),
            with(vec![part(field, Some("clip.mp4"), crate::authz::PNG)]),
        ));
    }
    // The upload fields that carry a form also get hostile text in a name field.
    if !fields.is_empty() {
        out.push((
            "a title with a right-to-left override".into(),
            ct.clone(),
            close({
                let mut b = fields.to_vec();
                b.extend(part("title", None, "Robot\u{202E}gnp.exe".as_bytes()));
                b.extend(part(field, Some("clip.mp4"), good));
                b
            }),
        ));
    }
    out
}

async fn upload_assault(
    app: &TestApp,
    client: &Client,
    path: &str,
    field: &str,
    fields: &[u8],
    good: &[u8],
    file_required: bool,
) {
    let data = app.data_path();
    let before = (
        files_in(&data.join("videos")),
        files_in(&data.join("images")),
        census(app),
    );
    let mut wrong = Vec::new();
    for (name, ct, body) in multipart_battery(field, fields, good, file_required) {
        let res = client
            .post(app.url(path))
            .header("content-type", ct)
            .body(body)
            .send()
            .await
            .expect("request");
        let status = res.status();
        let text = res.text().await.unwrap_or_default();
        let json: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        if !status.is_client_error() || !json["message"].is_string() {
            wrong.push(format!("{name}: {status} {text:.200}"));
        }
        let tmp = files_in(&data.join("tmp"));
        if !tmp.is_empty() {
            wrong.push(format!("{name}: left {tmp:?} in tmp/"));
        }
    }
    assert!(
        wrong.is_empty(),
        "POST {path}: hostile uploads were not refused cleanly:\n{}",
        wrong.join("\n")
    );
    let after = (
        files_in(&data.join("videos")),
        files_in(&data.join("images")),
        census(app),
    );
    assert_eq!(
        before, after,
        "POST {path}: a refused upload left something behind"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn uploads_refuse_malformed_multipart_cleanly_and_leave_no_file_behind() {
    // Arrange
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("boss@acme.example").await;
    let (student, me) = app.signup_student("me@student.example").await;
    let me_id = me["id"].as_u64().unwrap();
    let posting = app.post_internship(&employer, "Robot helper").await;
    let pid = posting["id"].as_u64().unwrap();
    let admin = app.admin().await;
    let video = fixture_video();

    // Act and assert
    upload_assault(
        &app,
        &employer,
        "/api/internships",
        "videoFile",
        &posting_fields(),
        &video,
        true,
    )
    .await;
    upload_assault(
        &app,
        &employer,
        &format!("/api/employers/internships/{pid}"),
        "videoFile",
        &posting_fields(),
        &video,
        false,
    )
    .await;
    upload_assault(
        &app,
        &admin,
        &format!("/api/admin/ai-video-requests/{pid}/upload"),
        "video",
        &[],
        &video,
        true,
    )
    .await;
    upload_assault(
        &app,
        &student,
        &format!("/api/users/{me_id}/photo"),
        "file",
        &[],
        crate::authz::PNG,
        true,
    )
    .await;
    upload_assault(
        &app,
        &student,
        &format!("/api/users/{me_id}/transcript"),
        "file",
        &[],
        crate::authz::PDF,
        true,
    )
    .await;
}

#[tokio::test]
async fn one_line_fields_refuse_line_breaks_that_would_start_a_link_in_an_e_mail() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("boss@newline.example").await;
    let mut b = internship_body("Robot helper\nhttps://evil.example/\" onmouseover=\"x");
    b["aiVideoRequested"] = json!(true);
    let res = app.post(&employer, "/api/internships", b).await;
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert!(
        v.to_string().contains("invisible or control characters"),
        "{v}"
    );
}
