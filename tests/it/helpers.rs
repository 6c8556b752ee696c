//! `spawn_app()` and typed helpers for talking to it.

use std::path::PathBuf;

use internreel::{App, Config};
use reqwest::{Client, Response, StatusCode};
use serde_json::{Value, json};
use tempfile::TempDir;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

pub struct TestApp {
    pub addr: String,
    pub data: TempDir,
    pub state: internreel::state::AppState,
    stop: Option<oneshot::Sender<()>>,
    handle: Option<JoinHandle<anyhow::Result<()>>>,
}

static LOG: std::sync::Once = std::sync::Once::new();

/// reqwest is built without a default TLS provider (the server installs ring); do the same.
pub fn tls() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}

fn init_log() {
    tls();
    LOG.call_once(|| {
        if std::env::var_os("TEST_LOG").is_some() {
            let _ = tracing_subscriber::fmt().with_env_filter("info").try_init();
        }
    });
}

pub async fn spawn_app() -> TestApp {
    spawn_with(false).await
}

pub async fn spawn_demo() -> TestApp {
    spawn_with(true).await
}

async fn spawn_with(demo: bool) -> TestApp {
    let data = tempfile::tempdir().expect("temp dir");
    start_on(data, demo).await
}

/// Starts a server on an existing data directory (for restart tests).
pub async fn start_on(data: TempDir, demo: bool) -> TestApp {
    start_full(data, demo, internreel::jobs::Boards::Recorded, None, None).await
}

/// Starts a server with these throttles (the other helpers switch them off).
pub async fn start_with_limits(limits: internreel::limiter::Limits) -> TestApp {
    start_full(
        tempfile::tempdir().expect("temp dir"),
        false,
        internreel::jobs::Boards::Recorded,
        None,
        Some(limits),
    )
    .await
}

/// Starts a server that looks for ffmpeg and ffprobe in `ffmpeg_dir` (an empty folder: none).
pub async fn start_with_ffmpeg_dir(data: TempDir, ffmpeg_dir: Option<PathBuf>) -> TestApp {
    start_full(
        data,
        false,
        internreel::jobs::Boards::Recorded,
        ffmpeg_dir,
        None,
    )
    .await
}

/// Starts a server that reads job boards from the given place.
pub async fn spawn_with_boards(boards: internreel::jobs::Boards) -> TestApp {
    start_full(
        tempfile::tempdir().expect("temp dir"),
        false,
        boards,
        None,
        None,
    )
    .await
}

/// Starts a server as `serve` runs by default: new employers wait for the district's review.
pub async fn spawn_reviewed(demo: bool) -> TestApp {
    start_reviewed_on(tempfile::tempdir().expect("temp dir"), demo).await
}

/// `spawn_reviewed` on an existing data directory (restart tests).
pub async fn start_reviewed_on(data: TempDir, demo: bool) -> TestApp {
    start_approval(
        data,
        demo,
        internreel::jobs::Boards::Recorded,
        None,
        None,
        internreel::domain::review::Approval::Required,
    )
    .await
}

/// Starts a server whose media live where `media` says (tests/it/s3.rs).
pub async fn start_with_media(
    data: TempDir,
    media: internreel::media::config::MediaConfig,
    demo: bool,
) -> TestApp {
    let config = Config {
        demo,
        media,
        limits: internreel::limiter::Limits::off(),
        employer_approval: internreel::domain::review::Approval::Off,
        ..Config::new(data.path().to_path_buf(), "127.0.0.1:0")
    };
    start_with_config(data, config).await
}

async fn start_full(
    data: TempDir,
    demo: bool,
    boards: internreel::jobs::Boards,
    ffmpeg_dir: Option<PathBuf>,
    limits: Option<internreel::limiter::Limits>,
) -> TestApp {
    // The suites written before district review post as fresh employers and expect students
    // to see the postings; tests/it/safety.rs runs with the review required.
    let approval = internreel::domain::review::Approval::Off;
    start_approval(data, demo, boards, ffmpeg_dir, limits, approval).await
}

async fn start_approval(
    data: TempDir,
    demo: bool,
    boards: internreel::jobs::Boards,
    ffmpeg_dir: Option<PathBuf>,
    limits: Option<internreel::limiter::Limits>,
    employer_approval: internreel::domain::review::Approval,
) -> TestApp {
    let config = Config {
        demo,
        boards,
        // The demo reads the recorded job boards at start-up, as `serve --demo` does.
        jobs_every: demo.then(|| std::time::Duration::from_secs(6 * 3600)),
        ffmpeg_dir,
        // Tests sign up, comment and message far more than one person would.
        limits: limits.unwrap_or_else(internreel::limiter::Limits::off),
        employer_approval,
        ..Config::new(data.path().to_path_buf(), "127.0.0.1:0")
    };
    start_with_config(data, config).await
}

/// Starts a server with this configuration (its data directory is `data`).
pub async fn start_with_config(data: TempDir, config: Config) -> TestApp {
    init_log();
    let app = App::build(config).await.expect("the app builds");
    let addr = format!("http://127.0.0.1:{}", app.port());
    let state = app.state();
    let (tx, rx) = oneshot::channel::<()>();
    let handle = tokio::spawn(app.run_until_stopped(async {
        let _ = rx.await;
    }));
    TestApp {
        addr,
        data,
        state,
        stop: Some(tx),
        handle: Some(handle),
    }
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.addr, path)
    }

    /// A client with its own cookie jar: one browser.
    pub fn client(&self) -> Client {
        tls();
        Client::builder()
            .cookie_store(true)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("client")
    }

    /// Stops the server gracefully and hands back the data directory.
    pub async fn stop(mut self) -> TempDir {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
        if let Some(h) = self.handle.take() {
            h.await
                .expect("server task")
                .expect("server stopped cleanly");
        }
        // Let go of the store so the next server can open it.
        drop(self.state);
        // A task of the stopped server may hold the database a moment longer on a loaded
        // machine: wait (at most 5 s) until the file opens, so what runs next finds it free.
        let db = self.data.path().join("internreel.redb");
        for _ in 0..100 {
            match internreel::store::Store::open(&db) {
                Err(internreel::store::StoreError::Locked) => {
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await
                }
                _ => break,
            }
        }
        self.data
    }

    pub fn data_path(&self) -> PathBuf {
        self.data.path().to_path_buf()
    }

    /// A CLI command run on this server's services, as `internreel <command>` runs it.
    pub fn command(&self, c: internreel::commands::Command) -> internreel::commands::CommandResult {
        internreel::commands::run(&self.state.services, &internreel::jobs::Boards::Recorded, c)
    }

    /// The outbox as `internreel mail list --json` prints it, newest first.
    pub fn outbox(&self) -> String {
        self.command(internreel::commands::Command::MailList { json: true })
            .unwrap()
    }

    /// The token of the password-reset link `internreel users reset-link` makes for `email`.
    pub fn reset_token(&self, email: &str) -> String {
        let link = self
            .command(internreel::commands::Command::UsersResetLink {
                email: email.into(),
            })
            .unwrap();
        link.split("token=")
            .nth(1)
            .unwrap()
            .split_whitespace()
            .next()
            .unwrap()
            .to_string()
    }

    pub async fn get(&self, c: &Client, path: &str) -> Response {
        c.get(self.url(path)).send().await.expect("request")
    }

    /// A GET's JSON (200 asserted) as a reader of `lang` (`Accept-Language`) gets it.
    pub async fn get_json_in(&self, c: &Client, path: &str, lang: &str) -> Value {
        let res = c
            .get(self.url(path))
            .header("Accept-Language", lang)
            .send()
            .await
            .expect("request");
        assert_eq!(res.status(), reqwest::StatusCode::OK, "{path}");
        res.json().await.expect("JSON")
    }

    pub async fn post(&self, c: &Client, path: &str, body: Value) -> Response {
        c.post(self.url(path))
            .json(&body)
            .send()
            .await
            .expect("request")
    }

    pub async fn put(&self, c: &Client, path: &str, body: Value) -> Response {
        c.put(self.url(path))
            .json(&body)
            .send()
            .await
            .expect("request")
    }

    pub async fn delete(&self, c: &Client, path: &str) -> Response {
        c.delete(self.url(path)).send().await.expect("request")
    }

    /// The link of an address-confirmation mail, opened in a fresh browser.
    pub async fn confirm_email(&self, token: &str) -> Response {
        self.post(
            &self.client(),
            "/api/email-confirmation",
            json!({ "token": token }),
        )
        .await
    }

    /// `c` signs in as a student with `email` and `password`.
    pub async fn student_login(&self, c: &Client, email: &str, password: &str) -> Response {
        let creds = json!({"email": email, "password": password});
        self.post(c, "/api/student-login", creds).await
    }

    pub async fn signup_student(&self, email: &str) -> (Client, Value) {
        let c = self.client();
        let res = self.post(&c, "/api/users", student_body(email)).await;
        assert_eq!(res.status(), StatusCode::CREATED, "student sign-up");
        let user = res.json().await.unwrap();
        (c, user)
    }

    pub async fn signup_employer(&self, email: &str) -> (Client, Value) {
        let c = self.client();
        let res = self.post(&c, "/api/employers", employer_body(email)).await;
        assert_eq!(res.status(), StatusCode::CREATED, "employer sign-up");
        let user = res.json().await.unwrap();
        (c, user)
    }

    /// Posts an internship with an AI-video request (no upload needed).
    pub async fn post_internship(&self, employer: &Client, title: &str) -> Value {
        let res = self
            .post(employer, "/api/internships", internship_body(title))
            .await;
        assert_eq!(res.status(), StatusCode::CREATED, "post internship");
        res.json().await.unwrap()
    }

    pub async fn post_internship_with_video(
        &self,
        employer: &Client,
        title: &str,
        video: Vec<u8>,
    ) -> Response {
        let form = posting_form(title).part(
            "videoFile",
            reqwest::multipart::Part::bytes(video).file_name("clip.mp4"),
        );
        employer
            .post(self.url("/api/internships"))
            .multipart(form)
            .send()
            .await
            .expect("request")
    }

    /// The admin's upload for AI-video request `id` (a multipart form with `video`, and
    /// optionally `captions`); the status and the JSON answer.
    pub async fn admin_upload(
        &self,
        admin: &Client,
        id: u64,
        form: reqwest::multipart::Form,
    ) -> (StatusCode, Value) {
        let res = admin
            .post(self.url(&format!("/api/admin/ai-video-requests/{id}/upload")))
            .multipart(form)
            .send()
            .await
            .expect("request");
        message_of(res).await
    }

    pub async fn apply(&self, student: &Client, internship_id: u64) -> Response {
        self.post(
            student,
            "/api/applications",
            json!({"internshipId": internship_id, "status": "pending"}),
        )
        .await
    }

    /// Sets the admin pin directly in the store and signs an admin client in.
    pub async fn admin(&self) -> Client {
        let hash = internreel::passwords::hash_now("135790").unwrap();
        self.state
            .store()
            .write(|w| internreel::store::meta::set_admin_pin_hash(w, &hash))
            .unwrap();
        let c = self.client();
        let res = self
            .post(&c, "/api/admin/login", json!({"pin": "135790"}))
            .await;
        assert_eq!(res.status(), StatusCode::OK, "admin login");
        c
    }
}

pub fn student_body(email: &str) -> Value {
    json!({
        "firstName": "Sam", "lastName": "Lee", "email": email, "password": "secret1",
        "grade": "junior", "school": "Lincoln High", "interests": ["technology"], "gpa": "3.7",
        "userType": "student", "company": null, "position": null
    })
}

pub fn employer_body(email: &str) -> Value {
    json!({
        "firstName": "Riley", "lastName": "Park", "email": email, "password": "longsecret",
        "position": "Manager", "company": "Acme Robotics", "companySize": "11-50",
        "industry": "technology", "website": "https://acme.example", "address": "1 Main St",
        "companyDescription": "We build friendly robots for schools and libraries across Texas."
    })
}

pub fn internship_body(title: &str) -> Value {
    json!({
        "title": title, "description": "Help our team build robots.", "location": "Austin, TX",
        "duration": "8 weeks", "requirements": "Curiosity and reliability", "salary": "$16/hour",
        "applicationDeadline": "2099-01-01", "aiVideoRequested": true,
        "tags": ["technology"], "skills": ["Python"], "workStyle": "Hybrid"
    })
}

/// The text fields of a valid posting form; callers add the video part.
pub fn posting_form(title: impl Into<String>) -> reqwest::multipart::Form {
    reqwest::multipart::Form::new()
        .text("title", title.into())
        .text("description", "Help our team build things.")
        .text("location", "Austin, TX")
        .text("duration", "8 weeks")
        .text("requirements", "Curiosity and reliability")
        .text("salary", "$16/hour")
        .text("applicationDeadline", "2099-01-01")
}

pub fn fixture_video() -> Vec<u8> {
    std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/videos/code-camp.mp4"
    ))
    .unwrap()
}

/// The `internreel_session` cookie an answer sets, as a `Cookie` header value.
pub fn session_cookie(res: &Response) -> String {
    session_cookie_if_any(res).expect("a session cookie")
}

pub fn session_cookie_if_any(res: &Response) -> Option<String> {
    res.headers()
        .get_all(reqwest::header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("internreel_session="))
        .and_then(|v| v.split(';').next())
        .map(str::to_string)
}

pub async fn message_of(res: Response) -> (StatusCode, Value) {
    let status = res.status();
    let body: Value = res.json().await.unwrap_or(Value::Null);
    (status, body)
}

/// Files in a data-directory folder.
pub fn files_in(dir: &std::path::Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// Whether the server closes the connection (end of stream or an error) within `within`,
/// reading and discarding whatever it sends meanwhile.
pub async fn closed_within<S: tokio::io::AsyncRead + Unpin>(
    stream: &mut S,
    within: std::time::Duration,
) -> bool {
    use tokio::io::AsyncReadExt;
    tokio::time::timeout(within, async {
        let mut buf = [0u8; 1024];
        while let Ok(n) = stream.read(&mut buf).await {
            if n == 0 {
                break;
            }
        }
    })
    .await
    .is_ok()
}

pub async fn verify(app: &TestApp, admin: &reqwest::Client, employer: u64) {
    let res = app
        .post(
            admin,
            &format!("/api/admin/employers/{employer}/verify"),
            json!({}),
        )
        .await;
    assert_eq!(res.status(), reqwest::StatusCode::OK);
}

/// A verified employer's public posting, as students see it.
pub async fn live_posting(
    app: &TestApp,
    admin: &reqwest::Client,
    tag: &str,
) -> (reqwest::Client, u64, u64) {
    let (employer, me) = app.signup_employer(&format!("boss@{tag}.example")).await;
    let eid = me["id"].as_u64().unwrap();
    verify(app, admin, eid).await;
    let id = app.post_internship(&employer, "Robot helper").await["id"]
        .as_u64()
        .unwrap();
    (employer, eid, id)
}

/// The `id`s of a JSON list, in its order.
pub fn ids(list: &Value) -> Vec<u64> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|i| i["id"].as_u64().unwrap())
        .collect()
}

/// A posting's comments as visitors see them: each one's text and the name shown with it.
pub async fn comment_texts(app: &TestApp, c: &reqwest::Client, id: u64) -> Vec<(String, String)> {
    let v: Value = app
        .get(c, &format!("/api/internships/{id}/comments"))
        .await
        .json()
        .await
        .unwrap_or(Value::Null);
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

/// The password of staff made by `add_staff`.
pub const STAFF_PASSWORD: &str = "staff-password-1";

/// A staff member set up in the store (password set, authenticator enrolled, as after the
/// invite); returns the TOTP secret.
pub fn add_staff(app: &TestApp, email: &str, role: &str, school: Option<&str>) -> Vec<u8> {
    use internreel::store::staff::{self, Staff, StaffRole};
    let secret = internreel::totp::new_secret();
    let hash = internreel::passwords::hash_now(STAFF_PASSWORD).unwrap();
    let member = Staff {
        id: 0,
        email: email.into(),
        name: format!("Staff {email}"),
        role: StaffRole::parse(role).unwrap(),
        school: school.map(str::to_string),
        password_hash: Some(hash),
        totp_secret: secret.clone(),
        enrolled: true,
        recovery: Vec::new(),
        disabled: false,
        invite: None,
        created_at: 0,
        last_sign_in: None,
        last_step: 0,
    };
    app.state
        .store()
        .write(|w| staff::save(w, member.clone()).map(|_| ()))
        .unwrap();
    secret
}

/// The current TOTP code of `secret`, computed by the test.
pub fn totp_now(secret: &[u8]) -> String {
    totp_in(secret, 0)
}

/// The TOTP code `steps` steps of 30 s from now (a code is good once; the next step's is good
/// too, within the one step of drift the server allows).
pub fn totp_in(secret: &[u8], steps: i64) -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    internreel::totp::code_at(secret, (now + steps * 30) as u64)
}

/// A 9 MB file put in `data`'s videos (written aside and renamed in, as the server stores
/// media): larger than the size from which a file is mapped and sent with sendfile, and
/// than the 4 MiB a video answer reads at a time.
pub fn put_large_video(data: &std::path::Path) -> (String, Vec<u8>) {
    let bytes: Vec<u8> = (0..9_000_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let dir = data.join("videos");
    std::fs::create_dir_all(&dir).unwrap();
    let name = "large-slices.mp4".to_string();
    let aside = dir.join(".large-slices.tmp");
    std::fs::write(&aside, &bytes).unwrap();
    std::fs::rename(&aside, dir.join(&name)).unwrap();
    (name, bytes)
}

/// The large video's whole file and slices (one within the first read, one across reads,
/// the end), several at once on one client, each exactly the file's bytes.
pub async fn assert_large_video_served(c: &Client, base: &str, name: &str, bytes: &[u8]) {
    let url = format!("{base}/api/videos/{name}");
    let whole = c.get(&url).send().await.unwrap();
    assert_eq!(whole.status(), reqwest::StatusCode::OK);
    assert!(whole.bytes().await.unwrap() == bytes, "the whole file");
    let n = bytes.len();
    let slices = [
        (0, 99),
        (1000, 1_049_575),
        (3_000_000, 7_500_000),
        (n - 300_000, n - 1),
    ];
    let answers = futures_util::future::join_all(slices.iter().map(|&(from, to)| {
        c.get(&url)
            .header("range", format!("bytes={from}-{to}"))
            .send()
    }))
    .await;
    for (res, (from, to)) in answers.into_iter().zip(slices) {
        let res = res.unwrap();
        assert_eq!(res.status(), reqwest::StatusCode::PARTIAL_CONTENT);
        assert_eq!(
            res.headers()["content-range"],
            format!("bytes {from}-{to}/{n}").as_str()
        );
        assert!(
            res.bytes().await.unwrap() == bytes[from..=to],
            "{from}-{to}"
        );
    }
}
