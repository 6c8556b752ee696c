//! Hardening, second round (#31): each test does what an adversarial probe of the server did
//! and checks that it no longer gets through.

use std::time::Duration;

use futures_util::StreamExt;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::{self, Message};

use crate::helpers::*;
use crate::messages::{login_cookie, ws_connect};

async fn body(res: reqwest::Response) -> Value {
    res.json().await.unwrap_or(Value::Null)
}

async fn comment_texts(app: &TestApp, c: &Client, id: u64) -> Vec<(String, String)> {
    let v = body(app.get(c, &format!("/api/internships/{id}/comments")).await).await;
    v.as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["content"].as_str().unwrap().to_string(),
                format!("{} {}", c["user"]["firstName"], c["user"]["lastName"]),
            )
        })
        .collect()
}

#[tokio::test]
async fn an_unreviewed_employer_cannot_comment_and_a_suspended_ones_comments_go_quiet() {
    let app = spawn_reviewed(false).await;
    let admin = app.admin().await;
    let (employer, eid, id) = live_posting(&app, &admin, "comments").await;

    // The probe: a brand-new pending employer comments on a live posting.
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

/// Whether the socket is closed by the server within `within`.
async fn closes_within<S>(ws: &mut S, within: Duration) -> bool
where
    S: futures_util::Stream<Item = Result<Message, tungstenite::Error>> + Unpin,
{
    tokio::time::timeout(within, async {
        loop {
            match ws.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return true,
                Some(Ok(_)) => continue,
            }
        }
    })
    .await
    .unwrap_or(false)
}

#[tokio::test]
async fn open_sockets_close_when_their_sessions_end() {
    let app = spawn_reviewed(false).await;
    let admin = app.admin().await;

    // A password change closes the student's sockets opened before it.
    let (student, _) = app.signup_student("ws@change.example").await;
    let cookie = login_cookie(&app, "/api/student-login", "ws@change.example", "secret1").await;
    let mut ws = ws_connect(&app, Some(cookie)).await.expect("upgrade");
    let res = app
        .put(
            &student,
            "/api/users/me/password",
            json!({"currentPassword": "secret1", "newPassword": "secret22"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(
        closes_within(&mut ws, Duration::from_secs(3)).await,
        "a password change closes open sockets"
    );

    // A suspension closes the employer's sockets.
    let (_, me) = app.signup_employer("ws@suspend.example").await;
    let eid = me["id"].as_u64().unwrap();
    verify(&app, &admin, eid).await;
    let cookie = login_cookie(
        &app,
        "/api/employers/login",
        "ws@suspend.example",
        "longsecret",
    )
    .await;
    let mut ws = ws_connect(&app, Some(cookie)).await.expect("upgrade");
    let res = app
        .post(
            &admin,
            &format!("/api/admin/employers/{eid}/suspend"),
            json!({"reason": "Unsafe"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(closes_within(&mut ws, Duration::from_secs(3)).await);

    // Deleting the account closes its sockets.
    let (student, me) = app.signup_student("ws@delete.example").await;
    let cookie = login_cookie(&app, "/api/student-login", "ws@delete.example", "secret1").await;
    let mut ws = ws_connect(&app, Some(cookie)).await.expect("upgrade");
    let res = student
        .delete(app.url(&format!("/api/users/{}", me["id"])))
        .json(&json!({"password": "secret1"}))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{}", res.status());
    assert!(closes_within(&mut ws, Duration::from_secs(3)).await);

    // A socket whose session ended some other way (signed out) closes by itself within a
    // minute: the periodic check.
    let (_, _) = app.signup_student("ws@logout.example").await;
    let cookie = login_cookie(&app, "/api/student-login", "ws@logout.example", "secret1").await;
    let mut ws = ws_connect(&app, Some(cookie.clone()))
        .await
        .expect("upgrade");
    let res = app
        .client()
        .post(app.url("/api/logout"))
        .header("cookie", cookie)
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success());
    assert!(closes_within(&mut ws, Duration::from_secs(60)).await);
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

/// A small JPEG (drawn by the `image` crate) with an EXIF block holding a GPS latitude and a
/// comment naming a place, as a phone's photo carries them.
fn jpeg_with_gps() -> Vec<u8> {
    let img = image::RgbImage::from_fn(32, 24, |x, y| image::Rgb([x as u8 * 8, y as u8 * 10, 90]));
    let mut plain = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(img)
        .write_to(&mut plain, image::ImageFormat::Jpeg)
        .unwrap();
    let plain = plain.into_inner();
    // TIFF (big-endian): IFD0 with a GPSInfo pointer; a GPS IFD with GPSLatitudeRef "N".
    let mut tiff: Vec<u8> = b"MM\0\x2a\0\0\0\x08".to_vec();
    tiff.extend([0, 1, 0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 26, 0, 0, 0, 0]);
    tiff.extend([0, 1, 0, 1, 0, 2, 0, 0, 0, 2, b'N', 0, 0, 0, 0, 0, 0, 0]);
    let mut exif = b"Exif\0\0".to_vec();
    exif.extend(tiff);
    let comment = b"GPS 48.8584N 2.2945E";
    let mut out = plain[..2].to_vec();
    out.extend([0xFF, 0xE1]);
    out.extend(((exif.len() + 2) as u16).to_be_bytes());
    out.extend(&exif);
    out.extend([0xFF, 0xFE]);
    out.extend(((comment.len() + 2) as u16).to_be_bytes());
    out.extend(comment);
    out.extend(&plain[2..]);
    out
}

#[tokio::test]
async fn a_students_photo_is_stored_without_its_exif_or_gps() {
    let app = spawn_app().await;
    let (c, user) = app.signup_student("gps@school.example").await;
    let id = user["id"].as_u64().unwrap();
    let sent = jpeg_with_gps();
    assert!(sent.windows(4).any(|w| w == b"Exif"));
    for path in ["photo", "transcript"] {
        let form = reqwest::multipart::Form::new().part(
            "file",
            reqwest::multipart::Part::bytes(sent.clone()).file_name("me.jpg"),
        );
        let res = c
            .post(app.url(&format!("/api/users/{id}/{path}")))
            .multipart(form)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        let got = app
            .get(&c, &format!("/api/users/{id}/{path}"))
            .await
            .bytes()
            .await
            .unwrap();
        assert!(got.starts_with(&[0xFF, 0xD8, 0xFF]), "{path}: still a JPEG");
        assert!(!got.windows(4).any(|w| w == b"Exif"), "{path}: no EXIF");
        assert!(!got.windows(7).any(|w| w == b"48.8584"), "{path}: no place");
        let decoded = image::load_from_memory(&got).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (32, 24));
    }
    // A file that only looks like a picture is refused with a message.
    let mut fake = vec![0xFF, 0xD8, 0xFF, 0xE0];
    fake.extend(vec![0u8; 200]);
    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(fake).file_name("x.jpg"),
    );
    let res = c
        .post(app.url(&format!("/api/users/{id}/photo")))
        .multipart(form)
        .send()
        .await
        .unwrap();
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        v["message"],
        "This image could not be read. Please upload a JPEG, PNG, GIF or WebP picture."
    );
}

/// A browser at loopback address `127.0.0.{n}`: the probe sent from many source addresses.
fn client_from(n: u8) -> Client {
    Client::builder()
        .cookie_store(true)
        .local_address(std::net::IpAddr::from([127, 0, 0, n]))
        .build()
        .unwrap()
}

/// Sends `n` requests at once (`make(i)` builds the i-th) and counts how many are answered
/// within `wait`; the rest are dropped. Parallel guesses that queue behind each other leave
/// most unanswered.
async fn answered_within(
    n: usize,
    wait: Duration,
    make: impl Fn(usize) -> reqwest::RequestBuilder,
) -> usize {
    let answered = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut sent = tokio::task::JoinSet::new();
    for i in 0..n {
        let (req, answered) = (make(i), answered.clone());
        sent.spawn(async move {
            let _ = req.send().await;
            answered.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        });
    }
    tokio::time::sleep(wait).await;
    sent.abort_all();
    answered.load(std::sync::atomic::Ordering::SeqCst)
}

async fn sign_in(app: &TestApp, c: &Client, email: &str, password: &str) -> StatusCode {
    c.post(app.url("/api/student-login"))
        .json(&json!({"email": email, "password": password}))
        .send()
        .await
        .unwrap()
        .status()
}

#[tokio::test]
async fn failed_sign_ins_slow_attackers_without_locking_a_school_out() {
    let app = spawn_app().await;
    app.signup_student("ava@school-nat.example").await;
    app.signup_student("ben@school-nat.example").await;

    // 100 failures with made-up e-mails from the school's one address lock nobody out.
    let school = client_from(2);
    let mut attempts = tokio::task::JoinSet::new();
    for n in 0..100 {
        let (app_url, c) = (app.url("/api/student-login"), school.clone());
        attempts.spawn(async move {
            c.post(app_url)
                .json(&json!({"email": format!("made.up.{n}@nowhere.example"), "password": "guess123"}))
                .send()
                .await
                .unwrap()
                .status()
        });
        if attempts.len() >= 4 {
            attempts.join_next().await;
        }
    }
    while attempts.join_next().await.is_some() {}
    assert_eq!(
        sign_in(&app, &school, "ava@school-nat.example", "secret1").await,
        StatusCode::OK,
        "a real student at the same address still signs in"
    );

    // Ten wrong guesses by a classmate at school do not lock Ben out there.
    let classmate = client_from(3);
    let ben = client_from(3);
    assert_eq!(
        sign_in(&app, &ben, "ben@school-nat.example", "secret1").await,
        StatusCode::OK
    );
    for _ in 0..10 {
        assert_eq!(
            sign_in(&app, &classmate, "ben@school-nat.example", "wrong-guess").await,
            StatusCode::UNAUTHORIZED
        );
    }
    assert_eq!(
        sign_in(&app, &ben, "ben@school-nat.example", "secret1").await,
        StatusCode::OK
    );
}

#[tokio::test]
async fn parallel_guesses_queue_behind_each_other_while_the_owner_signs_in() {
    let app = spawn_app().await;
    app.signup_student("cara@guessed.example").await;
    let home = client_from(5);
    assert_eq!(
        sign_in(&app, &home, "cara@guessed.example", "secret1").await,
        StatusCode::OK
    );

    // 16 guesses at once from another address: one password check at a time, each waiting
    // longer than the one before once the first five have failed.
    let attacker = client_from(4);
    let url = app.url("/api/student-login");
    let guessing = answered_within(16, Duration::from_secs(4), |n| {
        attacker
            .post(&url)
            .json(&json!({"email": "cara@guessed.example", "password": format!("guess-{n}")}))
    });
    // Meanwhile (the guesses are still queued) the owner, at home where she signed in before,
    // is not held up.
    let owner = async {
        tokio::time::sleep(Duration::from_secs(1)).await;
        let started = std::time::Instant::now();
        let status = sign_in(&app, &home, "cara@guessed.example", "secret1").await;
        (status, started.elapsed())
    };
    let (by_now, (status, took)) = tokio::join!(guessing, owner);
    assert!(
        by_now < 12,
        "{by_now} of 16 parallel guesses answered within 4 s"
    );
    assert_eq!(status, StatusCode::OK);
    assert!(took < Duration::from_secs(2), "{took:?}");
}
#[tokio::test]
async fn wrong_admin_pins_from_many_addresses_queue_behind_each_other() {
    let app = spawn_app().await;
    let _admin = app.admin().await;
    let url = app.url("/api/admin/login");
    let by_now = answered_within(30, Duration::from_secs(5), |n| {
        client_from(10 + n as u8)
            .post(&url)
            .json(&json!({"pin": format!("{n:06}")}))
    })
    .await;
    assert!(
        by_now < 20,
        "{by_now} of 30 wrong pins from 30 addresses answered within 5 s"
    );
}

#[tokio::test]
async fn a_live_session_is_no_way_around_the_sign_in_throttle() {
    let app = spawn_app().await;
    let (c, _) = app.signup_student("dana@session.example").await;
    let url = app.url("/api/users/me/password");
    let by_now = answered_within(14, Duration::from_secs(4), |n| {
        c.put(&url)
            .json(&json!({"currentPassword": format!("guess-{n}"), "newPassword": "whatever-long"}))
    })
    .await;
    assert!(
        by_now < 11,
        "{by_now} of 14 password guesses answered within 4 s"
    );
}

#[tokio::test]
async fn strangers_reset_requests_never_block_the_owners_own() {
    let app = start_with_limits(internreel::limiter::Limits::default()).await;
    app.signup_student("eve@reset-flood.example").await;
    for n in 0..5u8 {
        let res = client_from(40 + n)
            .post(app.url("/api/password-reset"))
            .json(&json!({"email": "eve@reset-flood.example"}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::ACCEPTED);
    }
    // The owner, from her own address, gets the same answer (no 429).
    let res = client_from(50)
        .post(app.url("/api/password-reset"))
        .json(&json!({"email": "eve@reset-flood.example"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    // And at most one mail went out in these five minutes.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let queued = {
        use internreel::store::Reader;
        let r = app.state.store().read().unwrap();
        r.scan_rev(|m: &internreel::store::outbox::Mail| {
            m.to == "eve@reset-flood.example" && m.subject.contains("password")
        })
        .unwrap()
        .len()
    };
    assert_eq!(queued, 1);
}

fn ffmpeg(args: &[&str]) {
    let ok = std::process::Command::new("ffmpeg")
        .args(["-hide_banner", "-v", "error", "-y"])
        .args(args)
        .status()
        .expect("ffmpeg runs");
    assert!(ok.success(), "ffmpeg {args:?}");
}

/// Patches an MP4's header durations (mvhd, tkhd, mdhd) to say `seconds`, as the probe did.
fn claim_duration(mp4: &mut [u8], seconds: u32) {
    let find = |b: &[u8], name: &[u8], from: usize| {
        b[from..]
            .windows(4)
            .position(|w| w == name)
            .map(|p| p + from)
    };
    let get = |b: &[u8], at: usize| u32::from_be_bytes(b[at..at + 4].try_into().unwrap());
    let mvhd = find(mp4, b"mvhd", 0).unwrap() + 4;
    let movie_scale = get(mp4, mvhd + 12);
    mp4[mvhd + 16..mvhd + 20].copy_from_slice(&(movie_scale * seconds).to_be_bytes());
    let tkhd = find(mp4, b"tkhd", 0).unwrap() + 4;
    mp4[tkhd + 20..tkhd + 24].copy_from_slice(&(movie_scale * seconds).to_be_bytes());
    let mdhd = find(mp4, b"mdhd", 0).unwrap() + 4;
    let track_scale = get(mp4, mdhd + 12);
    mp4[mdhd + 16..mdhd + 20].copy_from_slice(&(track_scale * seconds).to_be_bytes());
}

async fn upload_video(
    app: &TestApp,
    employer: &Client,
    name: &str,
    bytes: Vec<u8>,
) -> (StatusCode, Value) {
    let form = posting_form("Video helper").part(
        "videoFile",
        reqwest::multipart::Part::bytes(bytes).file_name(name.to_string()),
    );
    let res = employer
        .post(app.url("/api/internships"))
        .multipart(form)
        .send()
        .await
        .unwrap();
    message_of(res).await
}

#[tokio::test]
async fn hostile_videos_are_refused_before_they_cost_memory_or_pass_as_short() {
    let app = spawn_reviewed(false).await;
    let admin = app.admin().await;
    let (employer, _, _) = live_posting(&app, &admin, "videos").await;
    let dir = tempfile::tempdir().unwrap();

    // 8000×8000 in a few hundred KB.
    let big = dir.path().join("big.mov");
    ffmpeg(&[
        "-f",
        "lavfi",
        "-i",
        "color=c=blue:s=8000x8000:d=0.2:r=5",
        "-c:v",
        "mpeg4",
        "-q:v",
        "31",
        "-f",
        "mov",
        big.to_str().unwrap(),
    ]);
    let (status, v) = upload_video(&app, &employer, "big.mov", std::fs::read(&big).unwrap()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(
        v["message"],
        "Videos can be at most 4K (3840×2160 pixels); this one is 8000×8000. Please export it at 1080p and upload it again."
    );

    // A 100-second clip whose header says 60 seconds.
    let long = dir.path().join("long.mp4");
    ffmpeg(&[
        "-f",
        "lavfi",
        "-i",
        "color=c=red:s=64x64:d=100:r=2",
        "-c:v",
        "libx264",
        "-pix_fmt",
        "yuv420p",
        "-movflags",
        "+faststart",
        long.to_str().unwrap(),
    ]);
    let mut bytes = std::fs::read(&long).unwrap();
    claim_duration(&mut bytes, 60);
    let (status, v) = upload_video(&app, &employer, "long.mp4", bytes).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert!(
        v["message"].as_str().unwrap().starts_with(
            "Videos can be at most 1 minute 30 seconds long; this one is 1 minute 40 seconds"
        ),
        "{v}"
    );
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

#[tokio::test]
async fn a_request_body_that_stalls_does_not_hold_its_connection() {
    use tokio::io::AsyncWriteExt;
    let app = spawn_app().await;
    let addr = app.addr.trim_start_matches("http://").to_string();
    let mut s = tokio::net::TcpStream::connect(&addr).await.unwrap();
    s.write_all(
        format!("POST /api/contact HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{{\"name\":")
            .as_bytes(),
    )
    .await
    .unwrap();
    let started = std::time::Instant::now();
    let closed = crate::helpers::closed_within(&mut s, Duration::from_secs(60)).await;
    assert!(
        closed,
        "a stalled body still holds the connection after 60 s"
    );
    assert!(
        started.elapsed() >= Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
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

#[tokio::test]
async fn blocking_reveals_no_company_a_student_could_not_know_and_media_caches_are_short() {
    let app = spawn_reviewed(false).await;
    let (_, pending) = app.signup_employer("quiet@pending-block.example").await;
    let (student, _) = app.signup_student("kid@block.example").await;
    let res = app
        .post(
            &student,
            "/api/blocks",
            json!({"employerId": pending["id"]}),
        )
        .await;
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{v}");
    assert!(!v.to_string().contains("Acme"), "{v}");

    // A posting's video is cached for minutes, not a year: a posting the district hides
    // leaves caches soon.
    let admin = app.admin().await;
    let (employer, me) = app.signup_employer("boss@media-cache.example").await;
    verify(&app, &admin, me["id"].as_u64().unwrap()).await;
    let res = app
        .post_internship_with_video(&employer, "Cached", fixture_video())
        .await;
    let p = body(res).await;
    let url = p["videoUrl"].as_str().unwrap().to_string();
    let res = app.get(&app.client(), &url).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["cache-control"], "public, max-age=600");
}

#[tokio::test]
async fn changing_ones_e_mail_tests_no_addresses_and_claims_none_unconfirmed() {
    let app = start_with_limits(internreel::limiter::Limits::default()).await;
    app.signup_student("taken@change.example").await;
    let (c, me) = app.signup_student("mine@change.example").await;
    let path = format!("/api/users/{}", me["id"]);
    let profile = |email: &str| {
        json!({"firstName": "Sam", "lastName": "Lee", "email": email, "grade": "junior",
               "school": "Lincoln High", "interests": ["technology"]})
    };
    // A taken address and a free one answer alike; neither takes effect yet.
    let taken = app.put(&c, &path, profile("taken@change.example")).await;
    assert_eq!(taken.status(), StatusCode::OK);
    let taken: Value = taken.json().await.unwrap();
    assert_eq!(taken["email"], "mine@change.example");
    let free: Value = app
        .put(&c, &path, profile("free@change.example"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(free["email"], "mine@change.example");
    assert_eq!(free["pendingEmail"], "free@change.example");
    // Unconfirmed, the new address signs nobody in.
    let res = app
        .post(
            &app.client(),
            "/api/student-login",
            json!({"email": "free@change.example", "password": "secret1"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    // Throttled: five changes an hour.
    for n in 0..3 {
        let res = app
            .put(&c, &path, profile(&format!("probe{n}@change.example")))
            .await;
        assert_eq!(res.status(), StatusCode::OK);
    }
    let res = app.put(&c, &path, profile("probe9@change.example")).await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
}

/// A panic anywhere inside the edge (in a layer's `call` or a handler's future) is answered
/// as a 500 with the JSON message and the edge's headers, and the server goes on.
#[tokio::test]
async fn a_panic_inside_is_answered_as_a_json_500() {
    use tower::{Layer, ServiceExt};
    let app = spawn_app().await;
    let edge = internreel::http::edge::EdgeLayer::new(app.state.clone(), false);
    let request = || {
        axum::http::Request::get("/api/anything")
            .body(axum::body::Body::empty())
            .unwrap()
    };
    let in_call =
        edge.layer(
            tower::service_fn(
                |_: axum::http::Request<axum::body::Body>| -> std::future::Ready<
                    Result<axum::response::Response, std::convert::Infallible>,
                > { panic!("a layer's call panicked") },
            ),
        );
    let in_future = edge.layer(tower::service_fn(
        |_: axum::http::Request<axum::body::Body>| async {
            if true {
                panic!("a handler panicked");
            }
            Ok::<axum::response::Response, std::convert::Infallible>(Default::default())
        },
    ));
    for res in [
        in_call.oneshot(request()).await.unwrap(),
        in_future.oneshot(request()).await.unwrap(),
    ] {
        assert_eq!(res.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(res.headers()["cache-control"], "no-store");
        assert_eq!(res.headers()["x-content-type-options"], "nosniff");
        let body = axum::body::to_bytes(res.into_body(), 1 << 16)
            .await
            .unwrap();
        let said: Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(
            said["message"],
            "Something went wrong on our side. Please try again."
        );
    }
    let c = app.client();
    assert_eq!(app.get(&c, "/api/health").await.status(), StatusCode::OK);
    app.stop().await;
}
