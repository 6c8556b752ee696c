//! What a district's IT runs it with: HTTPS (Secure cookies, HSTS, the redirect listener, wss,
//! certificates swapped without a restart, bad files named), Prometheus metrics on their own
//! listener, `/api/ready`, `internreel doctor`, and the systemd unit.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{
    TestApp, assert_large_video_served, employer_body, put_large_video, spawn_app, student_body,
    tls,
};

struct Pair {
    cert_pem: String,
    key_pem: String,
    der: Vec<u8>,
}

/// A self-signed certificate for localhost, valid `days` from now.
fn make_cert(days: i64) -> Pair {
    let key = rcgen::KeyPair::generate().unwrap();
    let mut params =
        rcgen::CertificateParams::new(vec!["localhost".to_string(), "127.0.0.1".to_string()])
            .unwrap();
    params.not_before = time::OffsetDateTime::now_utc() - time::Duration::days(1);
    params.not_after = time::OffsetDateTime::now_utc() + time::Duration::days(days);
    let cert = params.self_signed(&key).unwrap();
    Pair {
        cert_pem: cert.pem(),
        key_pem: key.serialize_pem(),
        der: cert.der().to_vec(),
    }
}

fn write_pair(dir: &Path, p: &Pair) -> internreel::tls::TlsFiles {
    let files = internreel::tls::TlsFiles {
        cert: dir.join("cert.pem"),
        key: dir.join("key.pem"),
    };
    std::fs::write(&files.cert, &p.cert_pem).unwrap();
    std::fs::write(&files.key, &p.key_pem).unwrap();
    files
}

struct Running {
    addr: SocketAddr,
    redirect: Option<SocketAddr>,
    metrics: Option<SocketAddr>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    handle: tokio::task::JoinHandle<anyhow::Result<()>>,
    _data: tempfile::TempDir,
}

impl Running {
    async fn stop(mut self) {
        let _ = self.stop.take().unwrap().send(());
        self.handle.await.unwrap().unwrap();
    }
}

async fn start(config: impl FnOnce(PathBuf) -> internreel::Config) -> Running {
    tls();
    let data = tempfile::tempdir().unwrap();
    let app = internreel::App::build(config(data.path().to_path_buf()))
        .await
        .expect("the app builds");
    let (addr, redirect, metrics) = (app.local_addr(), app.redirect_addr(), app.metrics_addr());
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let handle = tokio::spawn(app.run_until_stopped(async {
        let _ = rx.await;
    }));
    Running {
        addr,
        redirect,
        metrics,
        stop: Some(tx),
        handle,
        _data: data,
    }
}

fn https_client(roots: &[&Pair], addr: SocketAddr) -> reqwest::Client {
    tls();
    let mut b = reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .resolve("localhost", addr);
    for p in roots {
        b = b.add_root_certificate(reqwest::Certificate::from_pem(p.cert_pem.as_bytes()).unwrap());
    }
    b.build().unwrap()
}

/// `GET /api/health` over HTTPS, trusting `pair`.
async fn health_over_tls(addr: SocketAddr, pair: &Pair) -> StatusCode {
    https_client(&[pair], addr)
        .get(format!("https://localhost:{}/api/health", addr.port()))
        .send()
        .await
        .unwrap()
        .status()
}

/// The certificate the server presents, read from a TLS handshake that trusts `roots`.
async fn presented_cert(addr: SocketAddr, roots: &[&Pair]) -> Result<Vec<u8>, String> {
    tls();
    let mut store = rustls::RootCertStore::empty();
    for p in roots {
        store
            .add(rustls::pki_types::CertificateDer::from(p.der.clone()))
            .unwrap();
    }
    let config = rustls::ClientConfig::builder()
        .with_root_certificates(store)
        .with_no_client_auth();
    let connector = tokio_rustls::TlsConnector::from(Arc::new(config));
    let tcp = tokio::net::TcpStream::connect(addr)
        .await
        .map_err(|e| e.to_string())?;
    let name = rustls::pki_types::ServerName::try_from("localhost").unwrap();
    let stream = connector
        .connect(name, tcp)
        .await
        .map_err(|e| e.to_string())?;
    let (_, conn) = stream.get_ref();
    Ok(conn.peer_certificates().unwrap()[0].to_vec())
}

#[tokio::test]
async fn https_serves_secure_cookies_hsts_redirects_and_wss() {
    let dir = tempfile::tempdir().unwrap();
    let pair = make_cert(90);
    let files = write_pair(dir.path(), &pair);
    let app = start(|data| internreel::Config {
        tls: Some(files),
        redirect_http: Some("127.0.0.1:0".into()),
        ..internreel::Config::new(data, "127.0.0.1:0")
    })
    .await;
    let base = format!("https://localhost:{}", app.addr.port());
    let c = https_client(&[&pair], app.addr);

    let res = c.get(format!("{base}/api/health")).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        res.headers()["strict-transport-security"],
        "max-age=31536000"
    );
    // The app itself (an asset route) carries HSTS too.
    let page = c.get(format!("{base}/job-feed")).send().await.unwrap();
    assert!(page.headers().contains_key("strict-transport-security"));

    // A large video (a mapped file, sent with sendfile over plain HTTP) goes through the
    // encryption with its exact bytes.
    let (name, bytes) = put_large_video(app._data.path());
    assert_large_video_served(&c, &base, &name, &bytes).await;

    // The session cookie is Secure without any flag.
    let res = c
        .post(format!("{base}/api/users"))
        .json(&student_body("tls@school.example"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::CREATED);
    let cookie = res.headers()["set-cookie"].to_str().unwrap().to_string();
    assert!(cookie.contains("Secure"), "{cookie}");
    let me: Value = c
        .get(format!("{base}/api/auth/user"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(me["email"], "tls@school.example");

    // Plain HTTP on the redirect listener: 301 to the same path and query on HTTPS.
    let redirect = app.redirect.unwrap();
    let plain = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let res = plain
        .get(format!(
            "http://localhost:{}/job-feed?q=robots&x=1",
            redirect.port()
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::MOVED_PERMANENTLY);
    assert_eq!(
        res.headers()["location"],
        format!(
            "https://localhost:{}/job-feed?q=robots&x=1",
            app.addr.port()
        )
        .as_str()
    );

    // /ws over TLS with the same cookie and Origin checks.
    let session = cookie.split(';').next().unwrap().to_string();
    let wss = |cookie: Option<&str>, origin: &str| {
        let (pair, origin) = (&pair, origin.to_string());
        let cookie = cookie.map(str::to_string);
        async move {
            use tokio_tungstenite::tungstenite::client::IntoClientRequest;
            let mut store = rustls::RootCertStore::empty();
            store
                .add(rustls::pki_types::CertificateDer::from(pair.der.clone()))
                .unwrap();
            let config = rustls::ClientConfig::builder()
                .with_root_certificates(store)
                .with_no_client_auth();
            let tcp = tokio::net::TcpStream::connect(app.addr).await.unwrap();
            let stream = tokio_rustls::TlsConnector::from(Arc::new(config))
                .connect(
                    rustls::pki_types::ServerName::try_from("localhost").unwrap(),
                    tcp,
                )
                .await
                .unwrap();
            let mut req = format!("wss://localhost:{}/ws", app.addr.port())
                .into_client_request()
                .unwrap();
            if let Some(c) = cookie {
                req.headers_mut().insert("cookie", c.parse().unwrap());
            }
            req.headers_mut().insert("origin", origin.parse().unwrap());
            tokio_tungstenite::client_async(req, stream)
                .await
                .map(|_| ())
        }
    };
    let own_origin = format!("https://localhost:{}", app.addr.port());
    assert!(
        wss(Some(&session), &own_origin).await.is_ok(),
        "wss with the session"
    );
    assert!(
        wss(None, &own_origin).await.is_err(),
        "wss without a session is refused"
    );
    assert!(
        wss(Some(&session), "https://evil.example").await.is_err(),
        "wss from another origin is refused"
    );
    app.stop().await;
}

#[tokio::test]
async fn a_renewed_certificate_is_served_without_a_restart_and_a_bad_one_is_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let (first, second) = (make_cert(30), make_cert(90));
    let files = write_pair(dir.path(), &first);
    let app = start(|data| internreel::Config {
        tls: Some(files.clone()),
        ..internreel::Config::new(data, "127.0.0.1:0")
    })
    .await;
    let both = [&first, &second];
    assert_eq!(presented_cert(app.addr, &both).await.unwrap(), first.der);

    // Renewal: new files in place; the server notices the change (within its 5 s poll).
    tokio::time::sleep(Duration::from_millis(1100)).await;
    write_pair(dir.path(), &second);
    let mut served = Vec::new();
    for _ in 0..60 {
        served = presented_cert(app.addr, &both).await.unwrap();
        if served == second.der {
            break;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    assert_eq!(served, second.der, "the renewed certificate is served");

    // A broken renewal keeps the working certificate.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    std::fs::write(&files.cert, "-----BEGIN CERTIFICATE-----\nnot base64\n").unwrap();
    tokio::time::sleep(Duration::from_secs(7)).await;
    assert_eq!(presented_cert(app.addr, &both).await.unwrap(), second.der);
    assert_eq!(health_over_tls(app.addr, &second).await, StatusCode::OK);
    app.stop().await;
}

#[tokio::test]
async fn bad_certificate_files_fail_at_start_up_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let good = make_cert(30);
    let other = make_cert(30);
    let files = write_pair(dir.path(), &good);
    let try_start = |files: internreel::tls::TlsFiles| async move {
        let data = tempfile::tempdir().unwrap();
        internreel::App::build(internreel::Config {
            tls: Some(files),
            ..internreel::Config::new(data.path().to_path_buf(), "127.0.0.1:0")
        })
        .await
        .err()
        .map(|e| format!("{e:#}"))
        .expect("refused")
    };
    let missing = internreel::tls::TlsFiles {
        cert: dir.path().join("nope.pem"),
        key: files.key.clone(),
    };
    let msg = try_start(missing).await;
    assert!(
        msg.contains("nope.pem") && msg.contains("cannot read"),
        "{msg}"
    );

    let garbage = dir.path().join("garbage.pem");
    std::fs::write(&garbage, "hello").unwrap();
    let msg = try_start(internreel::tls::TlsFiles {
        cert: garbage.clone(),
        key: files.key.clone(),
    })
    .await;
    assert!(
        msg.contains("garbage.pem") && msg.contains("holds no certificate"),
        "{msg}"
    );
    let msg = try_start(internreel::tls::TlsFiles {
        cert: files.cert.clone(),
        key: garbage.clone(),
    })
    .await;
    assert!(
        msg.contains("garbage.pem") && msg.contains("private key"),
        "{msg}"
    );

    let wrong_key = dir.path().join("other-key.pem");
    std::fs::write(&wrong_key, &other.key_pem).unwrap();
    let msg = try_start(internreel::tls::TlsFiles {
        cert: files.cert.clone(),
        key: wrong_key,
    })
    .await;
    assert!(msg.contains("does not fit"), "{msg}");
}

/// `name{labels} value` lines of a Prometheus text answer, with the value parsed.
fn samples(text: &str) -> Vec<(String, f64)> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (name, value) = l.rsplit_once(' ').expect("name and value");
            (name.to_string(), value.parse::<f64>().expect("a number"))
        })
        .collect()
}

#[tokio::test]
async fn metrics_are_served_on_their_own_listener() {
    let app = start(|data| internreel::Config {
        metrics_addr: Some("127.0.0.1:0".into()),
        ..internreel::Config::new(data, "127.0.0.1:0")
    })
    .await;
    tls();
    let c = reqwest::Client::builder()
        .cookie_store(true)
        .build()
        .unwrap();
    let base = format!("http://{}", app.addr);
    c.post(format!("{base}/api/employers"))
        .json(&employer_body("metrics@acme.example"))
        .send()
        .await
        .unwrap();
    for _ in 0..3 {
        c.get(format!("{base}/api/internships"))
            .send()
            .await
            .unwrap();
    }
    c.get(format!("{base}/api/internships/987654"))
        .send()
        .await
        .unwrap();
    c.post(format!("{base}/api/employers/login"))
        .json(&serde_json::json!({"email": "metrics@acme.example", "password": "wrong-password"}))
        .send()
        .await
        .unwrap();
    // Not on the public listener.
    let public = c.get(format!("{base}/metrics")).send().await.unwrap();
    assert_ne!(
        public
            .headers()
            .get("content-type")
            .map(|v| v.to_str().unwrap().to_string()),
        Some("text/plain; version=0.0.4".to_string())
    );
    let text = c
        .get(format!("http://{}/metrics", app.metrics.unwrap()))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let s = samples(&text);
    let value = |prefix: &str| {
        s.iter()
            .find(|(n, _)| n.starts_with(prefix))
            .map(|(_, v)| *v)
            .unwrap_or_else(|| panic!("no {prefix} in:\n{text}"))
    };
    assert!(
        value(
            r#"internreel_http_requests_total{method="GET",route="/api/internships",status="200"}"#
        ) >= 3.0
    );
    assert!(
        value(
            r#"internreel_http_requests_total{method="GET",route="/api/internships/{id}",status="404"}"#
        ) >= 1.0
    );
    assert!(
        value(
            r#"internreel_http_request_duration_seconds_bucket{method="GET",route="/api/internships",le="+Inf"}"#
        ) >= 3.0
    );
    assert!(value("internreel_signin_failures_total") >= 1.0);
    assert!(value("internreel_database_bytes") > 0.0);
    assert!(value("internreel_search_documents") >= 0.0);
    assert_eq!(value("internreel_websockets_open"), 0.0);
    assert_eq!(value("internreel_transcodes_queued"), 0.0);
    app.stop().await;
}

#[tokio::test]
async fn ready_says_the_database_and_index_are_current() {
    let app: TestApp = spawn_app().await;
    let res = app.get(&app.client(), "/api/ready").await;
    assert_eq!(res.status(), StatusCode::OK);
    let v: Value = res.json().await.unwrap();
    assert_eq!(
        v,
        serde_json::json!({"ready": true, "database": true, "indexCurrent": true, "media": "ok"})
    );
}

/// Runs `internreel doctor` (without blocking the runtime: a server in this process answers it).
async fn doctor(data: &Path, extra: &[&str]) -> (bool, String) {
    let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_internreel"))
        .arg("--data")
        .arg(data)
        .arg("doctor")
        .args(extra)
        .env_remove("INTERNREEL_DATA")
        .env_remove("INTERNREEL_TLS_CERT")
        .output()
        .await
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr),
    )
}

#[tokio::test]
async fn doctor_reports_a_good_and_a_broken_installation() {
    // A healthy stopped directory, then the same directory with a server holding it.
    let data = tempfile::tempdir().unwrap();
    let seeded = std::process::Command::new(env!("CARGO_BIN_EXE_internreel"))
        .arg("--data")
        .arg(data.path())
        .arg("seed")
        .output()
        .unwrap();
    assert!(seeded.status.success());
    let (ok, text) = doctor(data.path(), &[]).await;
    assert!(ok, "{text}");
    for line in [
        "OK   data directory",
        "OK   database",
        "OK   search index",
        "OK   ffmpeg",
        "OK   disk",
    ] {
        assert!(text.contains(line), "{line} in:\n{text}");
    }
    assert!(text.contains("WARN admin pin"), "{text}");
    // The district's settings, while unset, each warn with the command that sets them.
    for key in ["public-url", "district-name", "district-contact"] {
        assert!(text.contains(&format!("WARN {key}")), "{key} in:\n{text}");
    }
    assert!(
        text.contains("internreel settings set public-url"),
        "{text}"
    );
    let app = crate::helpers::start_on(data, false).await;
    let (ok, text) = doctor(&app.data_path(), &["--json"]).await;
    assert!(ok, "{text}");
    let checks: Vec<Value> = serde_json::from_str(&text).unwrap();
    let db = checks.iter().find(|c| c["check"] == "database").unwrap();
    assert_eq!(db["status"], "OK", "through the running server: {text}");
    let data = app.stop().await;

    // A certificate that ends within 14 days warns; an unreadable one fails.
    let certs = tempfile::tempdir().unwrap();
    let soon = write_pair(certs.path(), &make_cert(5));
    let (ok, text) = doctor(data.path(), &["--tls-cert", soon.cert.to_str().unwrap()]).await;
    assert!(
        ok && text.contains("WARN TLS certificate") && text.contains("expires in"),
        "{text}"
    );
    let (ok, text) = doctor(data.path(), &["--tls-cert", "/nonexistent/cert.pem"]).await;
    assert!(!ok && text.contains("FAIL TLS certificate"), "{text}");

    // Broken: no directory; a database of a newer schema.
    let (ok, text) = doctor(Path::new("/nonexistent/internreel-data"), &[]).await;
    assert!(!ok && text.contains("FAIL data directory"), "{text}");
    {
        let s = internreel::infra::Services::open(data.path()).unwrap();
        s.store
            .write(|w| internreel::store::meta::set_schema_version(w, 99))
            .unwrap();
    }
    let (ok, text) = doctor(data.path(), &[]).await;
    assert!(
        !ok && text.contains("FAIL database") && text.contains("schema 99"),
        "{text}"
    );
}

#[test]
fn the_systemd_unit_verifies() {
    let unit = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/packaging/internreel.service"
    ))
    .unwrap();
    for needed in [
        "StateDirectory=internreel",
        "ProtectSystem=strict",
        "NoNewPrivileges=yes",
        "PrivateTmp=yes",
        "Restart=on-failure",
        "KillSignal=SIGTERM",
    ] {
        assert!(unit.contains(needed), "the unit lacks {needed}");
    }
    let Ok(found) = std::process::Command::new("systemd-analyze")
        .arg("--version")
        .output()
    else {
        println!(
            "note: systemd-analyze is not installed here; only the unit's settings were checked"
        );
        return;
    };
    assert!(found.status.success());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("internreel.service");
    std::fs::write(
        &path,
        unit.replace(
            "/usr/local/bin/internreel",
            env!("CARGO_BIN_EXE_internreel"),
        ),
    )
    .unwrap();
    let out = std::process::Command::new("systemd-analyze")
        .arg("verify")
        .arg(&path)
        .output()
        .unwrap();
    let said =
        String::from_utf8_lossy(&out.stderr).to_string() + &String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "systemd-analyze verify: {said}");
    assert!(
        !said.contains("internreel.service:"),
        "warnings about the unit: {said}"
    );
}

#[tokio::test]
async fn sighup_reloads_the_certificate_in_the_running_binary() {
    use std::io::BufRead;
    let dir = tempfile::tempdir().unwrap();
    let data = tempfile::tempdir().unwrap();
    let (first, second) = (make_cert(30), make_cert(90));
    let files = write_pair(dir.path(), &first);
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_internreel"))
        .arg("--data")
        .arg(data.path())
        .args(["serve", "--addr", "127.0.0.1:0", "--tls-cert"])
        .arg(&files.cert)
        .arg("--tls-key")
        .arg(&files.key)
        .env_remove("INTERNREEL_DATA")
        .env("INTERNREEL_LOG", "warn")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let addr: SocketAddr = loop {
        let line = lines
            .next()
            .expect("the server prints its address")
            .unwrap();
        if let Some(rest) = line.strip_prefix("listening on https://") {
            break rest.parse().unwrap();
        }
    };
    let both = [&first, &second];
    assert_eq!(presented_cert(addr, &both).await.unwrap(), first.der);
    // New files with the old modification times: only the signal can make it look again.
    let stamp = |p: &Path| std::fs::metadata(p).unwrap().modified().unwrap();
    let (cert_at, key_at) = (stamp(&files.cert), stamp(&files.key));
    write_pair(dir.path(), &second);
    for (p, at) in [(&files.cert, cert_at), (&files.key, key_at)] {
        std::fs::File::options()
            .write(true)
            .open(p)
            .unwrap()
            .set_modified(at)
            .unwrap();
    }
    tokio::time::sleep(Duration::from_secs(6)).await;
    assert_eq!(
        presented_cert(addr, &both).await.unwrap(),
        first.der,
        "no reload without a change or a signal"
    );
    // SAFETY: kill(2) on our own child's pid.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGHUP);
    }
    let mut served = Vec::new();
    for _ in 0..40 {
        served = presented_cert(addr, &both).await.unwrap();
        if served == second.der {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(served, second.der, "SIGHUP reloaded the certificate");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tls_listener_caps_connections_per_address_too() {
    use tokio::io::AsyncReadExt;
    let dir = tempfile::tempdir().unwrap();
    let pair = make_cert(30);
    let files = write_pair(dir.path(), &pair);
    let app = start(|data| internreel::Config {
        tls: Some(files),
        ..internreel::Config::new(data, "127.0.0.1:0")
    })
    .await;
    // Connections that never start their handshake, past what one address may hold.
    let mut idle = Vec::new();
    for _ in 0..(internreel::serve::PER_ADDRESS + 40) {
        idle.push(tokio::net::TcpStream::connect(app.addr).await.unwrap());
    }
    let mut closed = 0;
    for s in idle.iter_mut().rev().take(40) {
        let mut buf = [0u8; 16];
        if let Ok(Ok(0)) = tokio::time::timeout(Duration::from_secs(2), s.read(&mut buf)).await {
            closed += 1;
        }
    }
    assert!(
        closed >= 20,
        "connections past the per-address cap are closed ({closed})"
    );
    drop(idle);
    // Once they are gone, the address is served again.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(health_over_tls(app.addr, &pair).await, StatusCode::OK);
    app.stop().await;
}

#[tokio::test]
async fn an_idle_http2_connection_over_tls_is_closed() {
    let dir = tempfile::tempdir().unwrap();
    let pair = make_cert(90);
    let files = write_pair(dir.path(), &pair);
    let app = start(|data| internreel::Config {
        tls: Some(files),
        ..internreel::Config::new(data, "127.0.0.1:0")
    })
    .await;
    tls();
    let mut store = rustls::RootCertStore::empty();
    store
        .add(rustls::pki_types::CertificateDer::from(pair.der.clone()))
        .unwrap();
    let mut config = rustls::ClientConfig::builder()
        .with_root_certificates(store)
        .with_no_client_auth();
    config.alpn_protocols = vec![b"h2".to_vec()];
    let connector = tokio_rustls::TlsConnector::from(Arc::new(config));
    let tcp = tokio::net::TcpStream::connect(app.addr).await.unwrap();
    let name = rustls::pki_types::ServerName::try_from("localhost").unwrap();
    let mut stream = connector.connect(name, tcp).await.unwrap();
    assert_eq!(stream.get_ref().1.alpn_protocol(), Some(&b"h2"[..]));
    use tokio::io::AsyncWriteExt;
    // The HTTP/2 preface and an empty SETTINGS frame, then no request at all.
    stream
        .write_all(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\0\0\0\x04\0\0\0\0\0")
        .await
        .unwrap();
    let started = std::time::Instant::now();
    let closed = crate::helpers::closed_within(&mut stream, Duration::from_secs(60)).await;
    assert!(closed, "the idle connection is still open after 60 s");
    assert!(
        started.elapsed() >= Duration::from_secs(20),
        "closed for another reason after {:?}",
        started.elapsed()
    );
    app.stop().await;
}

#[tokio::test]
async fn the_redirect_listener_sends_clients_to_the_configured_address_not_their_host() {
    tls();
    let dir = tempfile::tempdir().unwrap();
    let pair = make_cert(90);
    let files = write_pair(dir.path(), &pair);
    let data = tempfile::tempdir().unwrap();
    let app = internreel::App::build(internreel::Config {
        tls: Some(files),
        redirect_http: Some("127.0.0.1:0".into()),
        ..internreel::Config::new(data.path().to_path_buf(), "127.0.0.1:0")
    })
    .await
    .unwrap();
    let state = app.state();
    let redirect = app.redirect_addr().unwrap();
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let handle = tokio::spawn(app.run_until_stopped(async {
        let _ = rx.await;
    }));
    state
        .store()
        .write(|w| {
            internreel::services::settings::set(w, "public-url", "https://intern.lakeside.example")
        })
        .unwrap();
    let plain = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let res = plain
        .get(format!("http://127.0.0.1:{}/job-feed?x=1", redirect.port()))
        .header("host", "evil.example")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::MOVED_PERMANENTLY);
    assert_eq!(
        res.headers()["location"],
        "https://intern.lakeside.example/job-feed?x=1"
    );
    let _ = tx.send(());
    handle.await.unwrap().unwrap();
}

#[tokio::test]
async fn a_cross_site_refusal_over_https_carries_hsts_too() {
    let dir = tempfile::tempdir().unwrap();
    let pair = make_cert(90);
    let files = write_pair(dir.path(), &pair);
    let app = start(|data| internreel::Config {
        tls: Some(files),
        ..internreel::Config::new(data, "127.0.0.1:0")
    })
    .await;
    let c = https_client(&[&pair], app.addr);
    let res = c
        .post(format!("https://localhost:{}/api/logout", app.addr.port()))
        .header("origin", "https://evil.example")
        .header("sec-fetch-site", "cross-site")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        res.headers()["strict-transport-security"],
        "max-age=31536000"
    );
    app.stop().await;
}
