//! The real OpenID provider of the tests (`tests/oidc/provider.mjs`, `oidc-provider` from
//! npm) started on loopback, and a browser-like walk through its login page.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

/// A running provider; killed when dropped.
pub struct Provider {
    pub issuer: String,
    child: Child,
    _config: tempfile::NamedTempFile,
}

impl Drop for Provider {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oidc")
}

/// Installs the provider's packages from the lockfile once (like the UI's and Lighthouse's).
fn install() {
    static ONCE: std::sync::Mutex<bool> = std::sync::Mutex::new(false);
    let mut done = ONCE.lock().unwrap_or_else(|e| e.into_inner());
    if *done || dir().join("node_modules/oidc-provider").exists() {
        *done = true;
        return;
    }
    let out = Command::new("npm")
        .args(["ci", "--no-audit", "--no-fund"])
        .current_dir(dir())
        .output()
        .expect("npm (Node 20+) for the test OpenID provider");
    assert!(
        out.status.success(),
        "npm ci in tests/oidc: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    *done = true;
}

/// Starts a provider with `clients` and `accounts` (the shapes of tests/oidc/README.md). A
/// provider that has not said where it listens within a minute is stopped and started again,
/// once: a start that stalls fails the test that needs it rather than hanging the suite.
pub fn start(clients: Value, accounts: Value) -> Provider {
    install();
    let config = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(
        config.path(),
        json!({"port": 0, "title": "Lakeside Sign-In", "clients": clients, "accounts": accounts})
            .to_string(),
    )
    .unwrap();
    for attempt in 1..=2 {
        let mut child = Command::new("node")
            .arg(dir().join("provider.mjs"))
            .arg(config.path())
            // The provider exits when its stdin closes: when this process dies, so does it.
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("node for the test OpenID provider");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = tx.send(line);
        });
        match rx.recv_timeout(std::time::Duration::from_secs(60)) {
            Ok(line) => {
                let issuer = line
                    .trim()
                    .strip_prefix("listening ")
                    .unwrap_or_else(|| panic!("the provider said: {line}"))
                    .to_string();
                return Provider {
                    issuer,
                    child,
                    _config: config,
                };
            }
            Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                eprintln!(
                    "the test OpenID provider did not start within a minute (attempt {attempt})"
                );
            }
        }
    }
    panic!("the test OpenID provider did not start twice in a row");
}

/// A browser: a cookie jar, redirects followed by hand.
pub fn browser() -> Client {
    crate::helpers::tls();
    Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

fn location(res: &reqwest::Response, base: &str) -> String {
    let l = res.headers()[reqwest::header::LOCATION].to_str().unwrap();
    if l.starts_with('/') {
        format!("{base}{l}")
    } else {
        l.to_string()
    }
}

/// From the app's start URL through the provider's login page back to the app's callback;
/// returns the callback's URL (with `code` and `state`) without opening it.
pub async fn to_callback(
    b: &Client,
    app_base: &str,
    start: &str,
    issuer: &str,
    email: &str,
    password: &str,
) -> String {
    let res = b.get(format!("{app_base}{start}")).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "start");
    let mut url = location(&res, app_base);
    assert!(
        url.starts_with(issuer),
        "start leads to the provider: {url}"
    );
    for _ in 0..10 {
        if url.starts_with(app_base) {
            return url;
        }
        let res = b.get(&url).send().await.unwrap();
        if res.status() == StatusCode::OK {
            // The login page: post the form to where it came from.
            let page = res.text().await.unwrap();
            assert!(page.contains("Lakeside Sign-In"), "{page}");
            let res = b
                .post(&url)
                .form(&[("email", email), ("password", password)])
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), StatusCode::SEE_OTHER, "login form");
            url = location(&res, issuer);
        } else {
            assert!(res.status().is_redirection(), "{url}: {}", res.status());
            url = location(&res, issuer);
        }
    }
    panic!("no way back to the app from {url}");
}
