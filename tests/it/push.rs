//! Web Push against a real push service on loopback, started here: it takes RFC 8030 POSTs,
//! checks each one's VAPID token (ES256 with the server's public key, `aud`, `exp`) and
//! decrypts its aes128gcm body (RFC 8291) with the private key and auth secret the test made
//! for the device, as a browser does. The decryption is written out here with ring, apart
//! from the crate the server encrypts with.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use internreel::Config;
use reqwest::Client;
use serde_json::{Value, json};
use web_push_native::p256;

use crate::helpers::*;

/// A browser's side of one subscription.
struct Device {
    secret: p256::SecretKey,
    auth: [u8; 16],
}

#[derive(Default)]
struct ServiceState {
    /// The server's VAPID public key, as `GET /api/push/key` gives it.
    vapid_key: String,
    devices: HashMap<String, Device>,
    /// Statuses to answer the next POSTs to a device with (then 201).
    plan: HashMap<String, VecDeque<u16>>,
    /// Every device answers 503 while this is set.
    down: bool,
    /// (device, payload) of every push accepted, in order, and when it arrived.
    received: Vec<(String, Value, Instant)>,
    /// POSTs per device, accepted or not.
    attempts: HashMap<String, usize>,
    /// What was wrong with a POST (bad token, undecryptable body): must stay empty.
    wrong: Vec<String>,
}

#[derive(Clone)]
struct PushService {
    url: String,
    state: Arc<Mutex<ServiceState>>,
}

fn random<const N: usize>() -> [u8; N] {
    use ring::rand::SecureRandom;
    let mut b = [0u8; N];
    ring::rand::SystemRandom::new().fill(&mut b).unwrap();
    b
}

struct Len(usize);
impl ring::hkdf::KeyType for Len {
    fn len(&self) -> usize {
        self.0
    }
}

fn hkdf(salt: &[u8], ikm: &[u8], info: &[u8], len: usize) -> Vec<u8> {
    let prk = ring::hkdf::Salt::new(ring::hkdf::HKDF_SHA256, salt).extract(ikm);
    let mut out = vec![0u8; len];
    let info = [info];
    prk.expand(&info, Len(len)).unwrap().fill(&mut out).unwrap();
    out
}

/// RFC 8291 and RFC 8188: the one record of an aes128gcm push body, as the browser reads it.
fn decrypt(device: &Device, body: &[u8]) -> Result<Vec<u8>, String> {
    if body.len() < 21 {
        return Err("the body is shorter than its header".into());
    }
    let (salt, rs, idlen) = (&body[..16], &body[16..20], body[20] as usize);
    let rs = u32::from_be_bytes(rs.try_into().unwrap()) as usize;
    let keyid = body.get(21..21 + idlen).ok_or("the key id is cut")?;
    let records = &body[21 + idlen..];
    if records.len() > rs {
        return Err(format!(
            "one record expected (rs {rs}, {} bytes)",
            records.len()
        ));
    }
    let as_public =
        p256::PublicKey::from_sec1_bytes(keyid).map_err(|_| "the key id is not a P-256 key")?;
    let shared =
        p256::ecdh::diffie_hellman(device.secret.to_nonzero_scalar(), as_public.as_affine());
    use p256::elliptic_curve::sec1::ToEncodedPoint;
    let ua_public = device.secret.public_key().to_encoded_point(false);
    let mut key_info = b"WebPush: info\0".to_vec();
    key_info.extend_from_slice(ua_public.as_bytes());
    key_info.extend_from_slice(keyid);
    let ikm = hkdf(
        &device.auth,
        shared.raw_secret_bytes().as_slice(),
        &key_info,
        32,
    );
    let cek = hkdf(salt, &ikm, b"Content-Encoding: aes128gcm\0", 16);
    let nonce = hkdf(salt, &ikm, b"Content-Encoding: nonce\0", 12);
    let key = ring::aead::LessSafeKey::new(
        ring::aead::UnboundKey::new(&ring::aead::AES_128_GCM, &cek).unwrap(),
    );
    let mut buf = records.to_vec();
    let plain = key
        .open_in_place(
            ring::aead::Nonce::try_assume_unique_for_key(&nonce).unwrap(),
            ring::aead::Aad::empty(),
            &mut buf,
        )
        .map_err(|_| "the body does not decrypt with the device's keys")?;
    // The last record: the content, the delimiter 2, then zero padding.
    let end = plain.iter().rposition(|&b| b != 0).ok_or("no delimiter")?;
    if plain[end] != 2 {
        return Err("the last record's delimiter is not 2".into());
    }
    Ok(plain[..end].to_vec())
}

/// RFC 8292: `vapid t=JWT, k=KEY`, the key the server's, the token ES256 by it for this
/// service's origin, not expired, and for at most a day.
fn check_vapid(headers: &HeaderMap, expected_key: &str, origin: &str) -> Result<(), String> {
    let auth = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .ok_or("no Authorization header")?;
    let rest = auth
        .strip_prefix("vapid ")
        .ok_or("not a vapid authorization")?;
    let mut t = None;
    let mut k = None;
    for part in rest.split(',') {
        let part = part.trim();
        if let Some(v) = part.strip_prefix("t=") {
            t = Some(v);
        } else if let Some(v) = part.strip_prefix("k=") {
            k = Some(v);
        }
    }
    let (t, k) = (t.ok_or("no t=")?, k.ok_or("no k=")?);
    if k != expected_key {
        return Err(format!("k={k} is not the server's key"));
    }
    let parts: Vec<&str> = t.split('.').collect();
    let [h, c, s] = parts[..] else {
        return Err("the token is not a JWT".into());
    };
    let key = URL_SAFE_NO_PAD.decode(k).map_err(|e| e.to_string())?;
    let sig = URL_SAFE_NO_PAD.decode(s).map_err(|e| e.to_string())?;
    ring::signature::UnparsedPublicKey::new(&ring::signature::ECDSA_P256_SHA256_FIXED, &key)
        .verify(format!("{h}.{c}").as_bytes(), &sig)
        .map_err(|_| "the token's ES256 signature does not verify with the server's key")?;
    let header: Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(h).unwrap()).unwrap();
    if header["alg"] != "ES256" {
        return Err(format!("alg is {}", header["alg"]));
    }
    let claims: Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(c).unwrap()).unwrap();
    if claims["aud"] != origin {
        return Err(format!("aud is {} rather than {origin}", claims["aud"]));
    }
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let exp = claims["exp"].as_i64().ok_or("no exp")?;
    if exp <= now || exp > now + 24 * 3600 {
        return Err(format!("exp {exp} is not within a day of {now}"));
    }
    let sub = claims["sub"].as_str().unwrap_or_default();
    if !(sub.starts_with("mailto:") || sub.starts_with("https://")) {
        return Err(format!("sub {sub} is no contact"));
    }
    Ok(())
}

async fn receive(
    State(svc): State<PushService>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> StatusCode {
    let mut s = svc.state.lock().unwrap();
    *s.attempts.entry(id.clone()).or_default() += 1;
    let origin = svc.url.clone();
    let checked = (|| {
        check_vapid(&headers, &s.vapid_key, &origin)?;
        let enc = headers
            .get("content-encoding")
            .and_then(|v| v.to_str().ok());
        if enc != Some("aes128gcm") {
            return Err(format!("Content-Encoding is {enc:?}"));
        }
        if headers.get("ttl").is_none() {
            return Err("no TTL".into());
        }
        let device = s.devices.get(&id).ok_or("no such device")?;
        let plain = decrypt(device, &body)?;
        serde_json::from_slice::<Value>(&plain).map_err(|e| e.to_string())
    })();
    let payload = match checked {
        Ok(p) => p,
        Err(e) => {
            s.wrong.push(format!("{id}: {e}"));
            return StatusCode::UNAUTHORIZED;
        }
    };
    if s.down {
        return StatusCode::SERVICE_UNAVAILABLE;
    }
    if let Some(status) = s.plan.get_mut(&id).and_then(|p| p.pop_front()) {
        return StatusCode::from_u16(status).unwrap();
    }
    s.received.push((id, payload, Instant::now()));
    StatusCode::CREATED
}

impl PushService {
    async fn start() -> PushService {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let svc = PushService {
            url,
            state: Default::default(),
        };
        let router = axum::Router::new()
            .route("/push/{id}", axum::routing::post(receive))
            .with_state(svc.clone());
        tokio::spawn(async move { axum::serve(listener, router).await });
        svc
    }

    /// A new device (a browser's key pair and auth secret), and the subscription JSON its
    /// `PushManager.subscribe` would give.
    fn device(&self, name: &str) -> Value {
        use p256::elliptic_curve::sec1::ToEncodedPoint;
        let secret = loop {
            if let Ok(k) = p256::SecretKey::from_slice(&random::<32>()) {
                break k;
            }
        };
        let auth = random::<16>();
        let public = secret.public_key().to_encoded_point(false);
        let sub = json!({
            "endpoint": format!("{}/push/{name}", self.url),
            "expirationTime": null,
            "keys": {
                "p256dh": URL_SAFE_NO_PAD.encode(public.as_bytes()),
                "auth": URL_SAFE_NO_PAD.encode(auth),
            },
            "device": format!("Test browser {name}"),
        });
        self.state
            .lock()
            .unwrap()
            .devices
            .insert(name.into(), Device { secret, auth });
        sub
    }

    fn received_by(&self, device: &str) -> Vec<Value> {
        self.state
            .lock()
            .unwrap()
            .received
            .iter()
            .filter(|(d, _, _)| d == device)
            .map(|(_, p, _)| p.clone())
            .collect()
    }

    fn attempts(&self, device: &str) -> usize {
        let s = self.state.lock().unwrap();
        s.attempts.get(device).copied().unwrap_or(0)
    }

    fn plan(&self, device: &str, statuses: &[u16]) {
        self.state
            .lock()
            .unwrap()
            .plan
            .insert(device.into(), statuses.iter().copied().collect());
    }

    fn assert_nothing_wrong(&self) {
        let s = self.state.lock().unwrap();
        assert!(s.wrong.is_empty(), "{:?}", s.wrong);
    }

    /// Waits (at most `secs`) until `device` received `n` pushes; returns them.
    /// Until `device` has `n` pushes, up to `secs` (returns at once when they are in: the
    /// generous limits only matter on a machine busy with the whole suite).
    async fn wait_for(&self, device: &str, n: usize, secs: u64) -> Vec<Value> {
        let until = Instant::now() + Duration::from_secs(secs);
        loop {
            let got = self.received_by(device);
            if got.len() >= n || Instant::now() > until {
                self.assert_nothing_wrong();
                assert_eq!(got.len(), n, "pushes to {device}: {got:?}");
                return got;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// A server whose people may be pushed to every `interval`, and no quiet hours (the tests of
/// quiet hours set their own): tests run at any hour.
async fn start(interval: Duration) -> TestApp {
    let data = tempfile::tempdir().unwrap();
    let config = Config {
        limits: internreel::limiter::Limits::off(),
        employer_approval: internreel::domain::review::Approval::Off,
        push_interval: interval,
        // The stand-in push service listens on loopback.
        push_local_endpoints: true,
        ..Config::new(data.path().to_path_buf(), "127.0.0.1:0")
    };
    let app = start_with_config(data, config).await;
    setting(&app, "quiet-hours", "off");
    app
}

fn setting(app: &TestApp, key: &str, value: &str) {
    app.command(internreel::commands::Command::SettingsSet {
        key: key.into(),
        value: value.into(),
    })
    .unwrap();
}

async fn subscribe(app: &TestApp, svc: &PushService, c: &Client, device: &str) -> Value {
    let key: Value = app.get(c, "/api/push/key").await.json().await.unwrap();
    svc.state.lock().unwrap().vapid_key = key["publicKey"].as_str().unwrap().into();
    let res = app
        .post(c, "/api/push/subscriptions", svc.device(device))
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    res.json().await.unwrap()
}

struct Thread {
    student: Client,
    student_id: u64,
    employer: Client,
    employer_id: u64,
    application: u64,
    posting: u64,
}

async fn thread(app: &TestApp, n: u32) -> Thread {
    let (employer, e) = app.signup_employer(&format!("boss{n}@acme.example")).await;
    let posting = app.post_internship(&employer, "Chatty").await["id"]
        .as_u64()
        .unwrap();
    let (student, s) = app.signup_student(&format!("kid{n}@school.example")).await;
    let a: Value = app.apply(&student, posting).await.json().await.unwrap();
    Thread {
        student,
        student_id: s["id"].as_u64().unwrap(),
        employer,
        employer_id: e["id"].as_u64().unwrap(),
        application: a["id"].as_u64().unwrap(),
        posting,
    }
}

async fn message(app: &TestApp, t: &Thread, from_employer: bool, text: &str) {
    let (c, to) = if from_employer {
        (&t.employer, t.student_id)
    } else {
        (&t.student, t.employer_id)
    };
    let res = app
        .post(
            c,
            &format!("/api/applications/{}/messages", t.application),
            json!({"content": text, "receiverId": to}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
}

fn queued(app: &TestApp) -> (u64, u64) {
    internreel::store::push::queued(&app.state.store().read().unwrap()).unwrap()
}

#[tokio::test]
async fn each_event_reaches_only_its_persons_device_in_their_language_and_never_a_message_text() {
    let app = start(Duration::from_millis(300)).await;
    let svc = PushService::start().await;
    let (employer, e) = app.signup_employer("boss@acme.example").await;
    let employer_id = e["id"].as_u64().unwrap();
    let posting = app.post_internship(&employer, "Chatty").await["id"]
        .as_u64()
        .unwrap();
    let (student, s) = app.signup_student("kid@school.example").await;
    let student_id = s["id"].as_u64().unwrap();
    let (bystander, _) = app.signup_student("other@school.example").await;
    app.put(&student, "/api/language", json!({"language": "es"}))
        .await;
    subscribe(&app, &svc, &employer, "employer").await;
    subscribe(&app, &svc, &student, "student").await;
    subscribe(&app, &svc, &bystander, "bystander").await;

    // The student applies: the employer hears of it, in English.
    let a: Value = app.apply(&student, posting).await.json().await.unwrap();
    let got = svc.wait_for("employer", 1, 30).await;
    assert_eq!(got[0]["title"], "Applications");
    assert_eq!(got[0]["body"], "Sam applied to \"Chatty\".");
    assert_eq!(got[0]["url"], "/employer-dashboard");

    // The employer writes: the student's phone says who, in Spanish, never the words.
    let t = Thread {
        student,
        student_id,
        employer,
        employer_id,
        application: a["id"].as_u64().unwrap(),
        posting,
    };
    message(&app, &t, true, "Secret plans for Friday").await;
    let got = svc.wait_for("student", 1, 30).await;
    assert_eq!(got[0]["title"], "Nuevo mensaje");
    assert_eq!(got[0]["body"], "Acme Robotics te envió un mensaje");
    assert_eq!(got[0]["url"], "/profile");
    assert!(!got[0].to_string().contains("Secret"), "{}", got[0]);

    // The student answers: the employer reads the student's name only.
    message(&app, &t, false, "My phone is private").await;
    let got = svc.wait_for("employer", 2, 30).await;
    assert_eq!(got[1]["body"], "Sam sent you a message");
    assert!(!got[1].to_string().contains("phone"), "{}", got[1]);

    // The application moves: the student hears it in Spanish.
    let res = app
        .put(
            &t.employer,
            &format!("/api/employers/applications/{}", t.application),
            json!({"status": "interview_requested"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let got = svc.wait_for("student", 2, 30).await;
    assert_eq!(got[1]["title"], "Solicitudes");
    assert!(
        got[1]["body"]
            .as_str()
            .unwrap()
            .contains("Entrevista solicitada"),
        "{}",
        got[1]
    );

    // An offer, then hired: the placement starts, and both hear of it (the student's two
    // events of that moment come as one push).
    for status in ["offer_extended", "hired"] {
        let res = app
            .put(
                &t.employer,
                &format!("/api/employers/applications/{}", t.application),
                json!({"status": status}),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        if status == "offer_extended" {
            svc.wait_for("student", 3, 30).await;
        }
    }
    let got = svc.wait_for("student", 4, 30).await;
    assert_eq!(got[3]["body"], "Tienes 2 novedades esperándote");
    assert!(
        got[3]["url"].as_str().unwrap().starts_with("/placements/"),
        "{}",
        got[3]
    );
    let got = svc.wait_for("employer", 3, 30).await;
    assert_eq!(got[2]["title"], "Internship");
    assert!(
        got[2]["body"]
            .as_str()
            .unwrap()
            .starts_with("You hired Sam Lee."),
        "{}",
        got[2]
    );

    // Nobody else heard anything.
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(svc.received_by("bystander").len(), 0);
    assert_eq!(svc.received_by("student").len(), 4);
    assert_eq!(svc.received_by("employer").len(), 3);
    svc.assert_nothing_wrong();
}

#[tokio::test]
async fn pushes_waiting_for_one_person_arrive_together_at_most_one_an_interval() {
    let app = start(Duration::from_secs(3)).await;
    let svc = PushService::start().await;
    let t = thread(&app, 1).await;
    subscribe(&app, &svc, &t.student, "student").await;

    message(&app, &t, true, "one").await;
    svc.wait_for("student", 1, 30).await;
    message(&app, &t, true, "two").await;
    message(&app, &t, true, "three").await;
    let got = svc.wait_for("student", 2, 30).await;
    assert_eq!(got[1]["body"], "2 new messages from Acme Robotics");
    assert_eq!(got[1]["count"], 2);
    let s = svc.state.lock().unwrap();
    let gap = s.received[1].2 - s.received[0].2;
    assert!(gap >= Duration::from_millis(2900), "{gap:?}");
}

/// The district's quiet hours as a window around the present moment (UTC).
fn window_around_now(start_min_ago: i64, end_min_from_now: i64) -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
        / 60;
    let at = |m: i64| {
        let m = m.rem_euclid(24 * 60);
        format!("{:02}:{:02}", m / 60, m % 60)
    };
    format!("{}-{}", at(now - start_min_ago), at(now + end_min_from_now))
}

#[tokio::test]
async fn no_push_reaches_a_student_in_the_quiet_hours_and_what_waited_comes_after_as_one() {
    let app = start(Duration::from_millis(300)).await;
    let svc = PushService::start().await;
    let t = thread(&app, 1).await;
    setting(&app, "time-zone", "UTC");
    setting(&app, "quiet-hours", &window_around_now(60, 60));
    subscribe(&app, &svc, &t.student, "student").await;
    subscribe(&app, &svc, &t.employer, "employer").await;

    message(&app, &t, true, "late one").await;
    message(&app, &t, true, "late two").await;
    // The employer is no student: the quiet hours are not theirs.
    message(&app, &t, false, "reply").await;
    svc.wait_for("employer", 1, 30).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(svc.received_by("student").len(), 0);
    assert_eq!(queued(&app), (2, 0), "both wait, as events");

    // The quiet hours end (the window now ended a minute ago): one push says both.
    setting(&app, "quiet-hours", &window_around_now(120, -1));
    let got = svc.wait_for("student", 1, 30).await;
    assert_eq!(got[0]["body"], "2 new messages from Acme Robotics");
    // The push leaves the queue once the service's answer is in, a moment after it arrived.
    let until = std::time::Instant::now() + Duration::from_secs(30);
    while queued(&app) != (0, 0) && std::time::Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(queued(&app), (0, 0));
}

#[tokio::test]
async fn a_gone_subscription_is_removed_and_a_busy_service_gets_the_push_once_later() {
    let app = start(Duration::from_millis(300)).await;
    let svc = PushService::start().await;
    let t = thread(&app, 1).await;
    let gone = subscribe(&app, &svc, &t.student, "old-phone").await;
    subscribe(&app, &svc, &t.student, "laptop").await;
    svc.plan("old-phone", &[410]);
    svc.plan("laptop", &[503]);

    message(&app, &t, true, "hello").await;
    // The laptop's service was busy, then took it: once.
    let got = svc.wait_for("laptop", 1, 15).await;
    assert_eq!(got[0]["body"], "Acme Robotics sent you a message");
    assert_eq!(svc.attempts("laptop"), 2);
    // The old phone's subscription ended: it is gone from the list.
    let list: Value = app
        .get(&t.student, "/api/push/subscriptions")
        .await
        .json()
        .await
        .unwrap();
    let ids: Vec<u64> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["id"].as_u64().unwrap())
        .collect();
    assert!(!ids.contains(&gone["id"].as_u64().unwrap()), "{list}");
    assert_eq!(ids.len(), 1);
    assert_eq!(svc.attempts("old-phone"), 1);
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(svc.received_by("laptop").len(), 1, "sent once");
    assert_eq!(queued(&app), (0, 0));
}

#[tokio::test]
async fn pushes_queued_when_the_server_is_killed_arrive_once_after_the_restart() {
    let svc = PushService::start().await;
    svc.state.lock().unwrap().down = true;
    let data = tempfile::tempdir().unwrap();
    let bin = env!("CARGO_BIN_EXE_internreel");
    let server = crate::crash::Server::start(data.path());
    let out = std::process::Command::new(bin)
        .arg("--data")
        .arg(data.path())
        .args(["settings", "set", "quiet-hours", "off"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let app = Remote(server.addr.clone());
    let (employer, _) = app.signup("boss@acme.example", true).await;
    let posting: Value = employer
        .post(app.url("/api/internships"))
        .json(&internship_body("Chatty"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let mut threads = Vec::new();
    for n in 0..3 {
        let (student, s) = app.signup(&format!("kid{n}@school.example"), false).await;
        let a: Value = student
            .post(app.url("/api/applications"))
            .json(&json!({"internshipId": posting["id"], "status": "pending"}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let key: Value = student
            .get(app.url("/api/push/key"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        svc.state.lock().unwrap().vapid_key = key["publicKey"].as_str().unwrap().into();
        let res = student
            .post(app.url("/api/push/subscriptions"))
            .json(&svc.device(&format!("kid{n}")))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::CREATED);
        threads.push((s["id"].as_u64().unwrap(), a["id"].as_u64().unwrap()));
    }
    for (student, application) in &threads {
        let res = employer
            .post(app.url(&format!("/api/applications/{application}/messages")))
            .json(&json!({"content": "hello", "receiverId": student}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::CREATED);
    }
    // Every device's push was tried and refused (503): they wait in the store.
    let until = Instant::now() + Duration::from_secs(15);
    while (0..3).any(|n| svc.attempts(&format!("kid{n}")) == 0) {
        assert!(Instant::now() < until, "the pushes were not tried");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::task::spawn_blocking(move || server.kill())
        .await
        .unwrap();

    svc.state.lock().unwrap().down = false;
    let _server = crate::crash::Server::start(data.path());
    for n in 0..3 {
        let got = svc.wait_for(&format!("kid{n}"), 1, 20).await;
        assert_eq!(got[0]["body"], "Acme Robotics sent you a message");
    }
    tokio::time::sleep(Duration::from_secs(3)).await;
    for n in 0..3 {
        assert_eq!(svc.received_by(&format!("kid{n}")).len(), 1, "once");
    }
    svc.assert_nothing_wrong();
}

/// The real binary's address, and clients of it.
struct Remote(String);

impl Remote {
    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.0)
    }

    async fn signup(&self, email: &str, employer: bool) -> (Client, Value) {
        tls();
        let c = Client::builder().cookie_store(true).build().unwrap();
        let (path, body) = if employer {
            ("/api/employers", employer_body(email))
        } else {
            ("/api/users", student_body(email))
        };
        let res = c.post(self.url(path)).json(&body).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::CREATED);
        let v = res.json().await.unwrap();
        (c, v)
    }
}

#[tokio::test]
async fn a_suspended_employers_and_a_deleted_students_devices_and_pushes_are_removed() {
    let app = start(Duration::from_secs(60)).await;
    let svc = PushService::start().await;
    let t = thread(&app, 1).await;
    subscribe(&app, &svc, &t.employer, "employer").await;
    subscribe(&app, &svc, &t.employer, "employer-laptop").await;
    let admin = app.admin().await;
    let res = app
        .post(
            &admin,
            &format!("/api/admin/employers/{}/suspend", t.employer_id),
            json!({"reason": "Reported"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let r = app.state.store().read().unwrap();
    assert!(
        internreel::store::push::subscriptions_of(
            &r,
            internreel::store::push::Owner::User(t.employer_id)
        )
        .unwrap()
        .is_empty()
    );
    drop(r);
    assert_eq!(queued(&app), (0, 0));

    // A student who deletes the account: the device goes with it, and the push waiting (held
    // by the quiet hours).
    setting(&app, "quiet-hours", &window_around_now(60, 60));
    subscribe(&app, &svc, &t.student, "student").await;
    app.state
        .store()
        .write(|w| {
            internreel::store::push::enqueue(
                w,
                internreel::store::push::Owner::User(t.student_id),
                internreel::store::push::Category::Account,
                internreel::store::push::What::Notice {
                    text: "Waiting".into(),
                },
                "/profile",
                0,
            )
        })
        .unwrap()
        .expect("queued for the student's device");
    assert_eq!(queued(&app), (1, 0));
    let res = t
        .student
        .delete(app.url(&format!("/api/users/{}", t.student_id)))
        .json(&json!({"password": "secret1"}))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{}", res.status());
    let r = app.state.store().read().unwrap();
    assert!(
        internreel::store::push::subscriptions_of(
            &r,
            internreel::store::push::Owner::User(t.student_id)
        )
        .unwrap()
        .is_empty()
    );
    drop(r);
    assert_eq!(queued(&app), (0, 0));
    assert_eq!(svc.received_by("student").len(), 0);
    let _ = t.posting;
}

#[tokio::test]
async fn subscriptions_are_checked_listed_removed_and_categories_switched_off() {
    let app = start(Duration::from_millis(300)).await;
    let svc = PushService::start().await;
    let t = thread(&app, 1).await;
    let (other, _) = app.signup_student("other@school.example").await;

    // The key: a P-256 point, the one in the data directory (0600).
    let key: Value = app
        .get(&app.client(), "/api/push/key")
        .await
        .json()
        .await
        .unwrap();
    let public = key["publicKey"].as_str().unwrap();
    assert_eq!(URL_SAFE_NO_PAD.decode(public).unwrap().len(), 65);
    assert_eq!(key["enabled"], true);
    assert_eq!(key["quietHours"], Value::Null, "quiet-hours off");
    let file = app.data_path().join("push-vapid-key.pem");
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(
        std::fs::metadata(&file).unwrap().permissions().mode() & 0o777,
        0o600
    );
    assert_eq!(
        internreel::push::keys::VapidKey::read(&file)
            .unwrap()
            .public_b64(),
        public
    );

    // Refusals say why.
    let mut sub = svc.device("student");
    assert_eq!(
        app.post(&app.client(), "/api/push/subscriptions", sub.clone())
            .await
            .status(),
        StatusCode::UNAUTHORIZED
    );
    let mut bad = sub.clone();
    bad["endpoint"] = json!("http://push.example.com/x");
    let (status, body) =
        message_of(app.post(&t.student, "/api/push/subscriptions", bad).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        body["message"].as_str().unwrap().contains("https"),
        "{body}"
    );
    let mut bad = sub.clone();
    bad["keys"]["auth"] = json!("c2hvcnQ");
    let (status, body) =
        message_of(app.post(&t.student, "/api/push/subscriptions", bad).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["message"].as_str().unwrap().contains("auth"), "{body}");

    // Stored, listed, the same device again is one device.
    svc.state.lock().unwrap().vapid_key = public.into();
    sub["device"] = json!("Chrome on Android");
    let res = app
        .post(&t.student, "/api/push/subscriptions", sub.clone())
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let res = app
        .post(&t.student, "/api/push/subscriptions", sub.clone())
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let list: Value = app
        .get(&t.student, "/api/push/subscriptions")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(list.as_array().unwrap().len(), 1, "{list}");
    assert_eq!(list[0]["device"], "Chrome on Android");
    let id = list[0]["id"].as_u64().unwrap();

    // Messages off: no push for a message; applications still on.
    let prefs: Value = app
        .get(&t.student, "/api/push/preferences")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        prefs,
        json!({"messages": true, "applications": true, "placements": true, "account": true,
            // A student's quiet hours are the district's (none in these tests).
            "quietHours": null, "ownQuietHours": false})
    );
    let res = app
        .put(
            &t.student,
            "/api/push/preferences",
            json!({"messages": false}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let (status, _) = message_of(
        app.put(&t.student, "/api/push/preferences", json!({"music": false}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    message(&app, &t, true, "quiet please").await;
    let res = app
        .put(
            &t.employer,
            &format!("/api/employers/applications/{}", t.application),
            json!({"status": "interview_requested"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let got = svc.wait_for("student", 1, 30).await;
    assert_eq!(got[0]["title"], "Applications");
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(svc.received_by("student").len(), 1);

    // Someone else cannot remove it; its owner can.
    assert_eq!(
        app.delete(&other, &format!("/api/push/subscriptions/{id}"))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.delete(&t.student, &format!("/api/push/subscriptions/{id}"))
            .await
            .status(),
        StatusCode::NO_CONTENT
    );
    let list: Value = app
        .get(&t.student, "/api/push/subscriptions")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(list, json!([]));

    // The backup carries the key.
    let file = app.data_path().join("tmp").join("b.tar");
    internreel::backup::backup(&app.state.services, &file).unwrap();
    let mut names = Vec::new();
    for e in tar::Archive::new(std::fs::File::open(&file).unwrap())
        .entries()
        .unwrap()
    {
        names.push(e.unwrap().path().unwrap().display().to_string());
    }
    assert!(
        names.contains(&"push-vapid-key.pem".to_string()),
        "{names:?}"
    );
}

/// A named staff member signed in (set up in the store by `add_staff`).
async fn staff_client(app: &TestApp, email: &str, role: &str, school: Option<&str>) -> Client {
    let secret = add_staff(app, email, role, school);
    let c = app.client();
    let res = app
        .post(
            &c,
            "/api/staff/login",
            json!({"email": email, "password": STAFF_PASSWORD, "code": totp_now(&secret)}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    c
}

#[tokio::test]
async fn staff_devices_hear_of_a_report_in_their_language_and_a_students_device_does_not() {
    let app = start(Duration::from_millis(300)).await;
    let svc = PushService::start().await;
    let t = thread(&app, 1).await; // the student is at Lincoln High
    let admin = staff_client(&app, "dana@district.example", "admin", None).await;
    let res = app
        .put(&admin, "/api/language", json!({"language": "es"}))
        .await;
    assert!(res.status().is_success(), "{}", res.status());
    let lincoln = staff_client(
        &app,
        "sam@district.example",
        "coordinator",
        Some("lincoln high"),
    )
    .await;
    let ridgeview = staff_client(
        &app,
        "ria@district.example",
        "coordinator",
        Some("Ridgeview High"),
    )
    .await;
    subscribe(&app, &svc, &admin, "admin").await;
    subscribe(&app, &svc, &lincoln, "lincoln").await;
    subscribe(&app, &svc, &ridgeview, "ridgeview").await;
    subscribe(&app, &svc, &t.student, "student").await;
    // A staff member's devices and switches are their own: the review category, own quiet hours.
    let devices: Value = app
        .get(&admin, "/api/push/subscriptions")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(devices.as_array().unwrap().len(), 1);
    let prefs: Value = app
        .get(&admin, "/api/push/preferences")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(prefs["account"], true);
    assert_eq!(prefs["ownQuietHours"], true);
    assert_eq!(prefs["quietHours"], Value::Null);
    // The district pin's shared session is nobody's to push to.
    let pin = app.admin().await;
    let (status, body) = message_of(
        app.post(&pin, "/api/push/subscriptions", svc.device("pin"))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("your own staff account"),
        "{body}"
    );

    let res = app
        .post(
            &t.student,
            "/api/reports",
            json!({"targetType": "internship", "targetId": t.posting, "reason": "scam", "details": "Asks for money"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let got = svc.wait_for("admin", 1, 30).await;
    assert_eq!(got[0]["title"], "Nuevo reporte");
    assert_eq!(
        got[0]["body"],
        "Un nuevo reporte espera su revisión en Reportes"
    );
    assert_eq!(got[0]["url"], "/admin?tab=reports");
    // The coordinator of the reporting student's school hears it, in English; another
    // school's coordinator and the student do not.
    let got = svc.wait_for("lincoln", 1, 30).await;
    assert_eq!(
        got[0]["body"],
        "A new report waits for your review in Reports"
    );
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(svc.received_by("ridgeview").len(), 0);
    assert_eq!(svc.received_by("student").len(), 0);

    // A posting the hazardous-duties screen holds: the admins hear its title.
    let mut edit = internship_body("Roof helper");
    edit["description"] = json!("Operate the forklift.");
    let res = app
        .put(
            &t.employer,
            &format!("/api/employers/internships/{}", t.posting),
            edit,
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let got = svc.wait_for("admin", 2, 30).await;
    assert_eq!(got[1]["title"], "Publicación retenida para revisión");
    assert!(
        got[1]["body"].as_str().unwrap().contains("Roof helper"),
        "{}",
        got[1]
    );
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(svc.received_by("ridgeview").len(), 0);

    // A staff member turned off loses their devices with their sessions.
    let ria = staff_id(&app, "ria@district.example");
    let res = app
        .post(&pin, &format!("/api/admin/staff/{ria}/disable"), json!({}))
        .await;
    assert!(res.status().is_success(), "{}", res.status());
    let r = app.state.store().read().unwrap();
    assert!(
        internreel::store::push::subscriptions_of(&r, internreel::store::push::Owner::Staff(ria))
            .unwrap()
            .is_empty()
    );
}

fn staff_id(app: &TestApp, email: &str) -> u64 {
    internreel::store::staff::by_email(&app.state.store().read().unwrap(), email)
        .unwrap()
        .unwrap()
        .id
}

#[tokio::test]
async fn an_employers_own_quiet_hours_hold_a_push_until_they_end_and_a_bad_window_is_refused() {
    let app = start(Duration::from_millis(300)).await;
    let svc = PushService::start().await;
    let t = thread(&app, 1).await;
    setting(&app, "time-zone", "UTC");
    subscribe(&app, &svc, &t.employer, "employer").await;

    for bad in [json!("25:00-07:00"), json!("22:00-22:00"), json!(5)] {
        let (status, body) = message_of(
            app.put(
                &t.employer,
                "/api/push/preferences",
                json!({ "quietHours": bad }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .starts_with("Quiet hours are a window such as 22:00-07:00"),
            "{body}"
        );
    }
    // A student's quiet hours are the district's.
    let (status, body) = message_of(
        app.put(
            &t.student,
            "/api/push/preferences",
            json!({"quietHours": "22:00-07:00"}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(
        body["message"].as_str().unwrap().contains("district"),
        "{body}"
    );

    let window = window_around_now(60, 60);
    let prefs: Value = app
        .put(
            &t.employer,
            "/api/push/preferences",
            json!({"quietHours": window, "messages": true}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(prefs["quietHours"], window.as_str());
    assert_eq!(prefs["ownQuietHours"], true);
    message(&app, &t, false, "are you there?").await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(svc.received_by("employer").len(), 0);
    assert_eq!(queued(&app), (1, 0), "the push waits, as an event");

    // Their quiet hours end (the window now ended a minute ago): the push arrives.
    let res = app
        .put(
            &t.employer,
            "/api/push/preferences",
            json!({"quietHours": window_around_now(120, -1)}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let got = svc.wait_for("employer", 1, 30).await;
    assert!(
        got[0]["body"]
            .as_str()
            .unwrap()
            .contains("sent you a message"),
        "{}",
        got[0]
    );
    // And none.
    let prefs: Value = app
        .put(
            &t.employer,
            "/api/push/preferences",
            json!({"quietHours": null}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(prefs["quietHours"], Value::Null);
}

#[tokio::test]
async fn the_district_turning_pushes_off_stops_them_and_turning_them_on_resumes() {
    let app = start(Duration::from_millis(300)).await;
    let svc = PushService::start().await;
    let t = thread(&app, 1).await;
    subscribe(&app, &svc, &t.student, "student").await;

    setting(&app, "push", "off");
    message(&app, &t, true, "while off").await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(svc.received_by("student").len(), 0);
    assert_eq!(queued(&app), (0, 0), "nothing is queued while off");
    let key: Value = app
        .get(&t.student, "/api/push/key")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(key["enabled"], false);
    let (status, _) = message_of(
        app.post(
            &t.employer,
            "/api/push/subscriptions",
            svc.device("employer"),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    setting(&app, "push", "on");
    message(&app, &t, true, "back on").await;
    let got = svc.wait_for("student", 1, 30).await;
    assert!(
        got[0]["body"]
            .as_str()
            .unwrap()
            .contains("sent you a message"),
        "{}",
        got[0]
    );
}

#[tokio::test]
async fn a_push_service_whose_name_resolves_to_this_machine_gets_nothing_and_its_device_goes() {
    // A real server, with local endpoints refused as in production.
    let data = tempfile::tempdir().unwrap();
    let config = Config {
        limits: internreel::limiter::Limits::off(),
        employer_approval: internreel::domain::review::Approval::Off,
        push_interval: Duration::from_millis(300),
        ..Config::new(data.path().to_path_buf(), "127.0.0.1:0")
    };
    let app = start_with_config(data, config).await;
    setting(&app, "quiet-hours", "off");
    let svc = PushService::start().await;
    let t = thread(&app, 1).await;
    // A device whose push service is named `localhost`: a name the subscription check lets
    // through as a public one would be (stored directly: the API refuses `localhost` itself).
    let key: Value = app
        .get(&t.student, "/api/push/key")
        .await
        .json()
        .await
        .unwrap();
    svc.state.lock().unwrap().vapid_key = key["publicKey"].as_str().unwrap().into();
    let device = svc.device("student");
    let endpoint = device["endpoint"]
        .as_str()
        .unwrap()
        .replace("127.0.0.1", "localhost");
    app.state
        .store()
        .write(|w| {
            internreel::services::push::subscribe(
                w,
                internreel::store::push::Owner::User(t.student_id),
                internreel::services::push::Input {
                    endpoint,
                    p256dh: device["keys"]["p256dh"].as_str().unwrap().into(),
                    auth: device["keys"]["auth"].as_str().unwrap().into(),
                    device: "Test".into(),
                },
                0,
                true,
            )
        })
        .unwrap();

    message(&app, &t, true, "hello").await;
    let owner = internreel::store::push::Owner::User(t.student_id);
    let until = Instant::now() + Duration::from_secs(30);
    while !internreel::store::push::subscriptions_of(&app.state.store().read().unwrap(), owner)
        .unwrap()
        .is_empty()
        && Instant::now() < until
    {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        internreel::store::push::subscriptions_of(&app.state.store().read().unwrap(), owner)
            .unwrap()
            .is_empty(),
        "the device whose push service is local is removed"
    );
    assert_eq!(
        svc.attempts("student"),
        0,
        "nothing reached the local service"
    );
    assert_eq!(queued(&app), (0, 0));
}

#[tokio::test]
async fn district_admins_hear_of_an_employer_waiting_for_verification_and_coordinators_do_not() {
    let data = tempfile::tempdir().unwrap();
    let config = Config {
        limits: internreel::limiter::Limits::off(),
        employer_approval: internreel::domain::review::Approval::Required,
        push_interval: Duration::from_millis(300),
        push_local_endpoints: true,
        ..Config::new(data.path().to_path_buf(), "127.0.0.1:0")
    };
    let app = start_with_config(data, config).await;
    setting(&app, "quiet-hours", "off");
    let svc = PushService::start().await;
    let admin = staff_client(&app, "dana@district.example", "admin", None).await;
    let coordinator = staff_client(
        &app,
        "sam@district.example",
        "coordinator",
        Some("Lincoln High"),
    )
    .await;
    subscribe(&app, &svc, &admin, "admin").await;
    subscribe(&app, &svc, &coordinator, "coordinator").await;

    app.signup_employer("new@brightside.example").await;
    let got = svc.wait_for("admin", 1, 30).await;
    assert_eq!(got[0]["title"], "Employer to verify");
    assert!(
        got[0]["body"]
            .as_str()
            .unwrap()
            .ends_with("signed up and waits for the district's verification"),
        "{}",
        got[0]
    );
    assert_eq!(got[0]["url"], "/admin?tab=employers");
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(svc.received_by("coordinator").len(), 0);
}
