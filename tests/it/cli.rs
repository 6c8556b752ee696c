//! The real binary's subcommands, against a stopped data directory and a running server.

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

use serde_json::Value;

use crate::binary_server::listening_address;

const BIN: &str = env!("CARGO_BIN_EXE_internreel");

fn run(data: &std::path::Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("--data")
        .arg(data)
        .args(args)
        .env_remove("INTERNREEL_DATA")
        .output()
        .expect("the binary runs")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn set_pin(data: &std::path::Path, pin: &str) -> Output {
    let mut child = Command::new(BIN)
        .arg("--data")
        .arg(data)
        .args(["admin", "set-pin"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(format!("{pin}\n").as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

struct Server {
    child: Child,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(data: &std::path::Path) -> Server {
    let mut child = Command::new(BIN)
        .arg("--data")
        .arg(data)
        .args(["serve", "--addr", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let addr = listening_address(&mut child);
    Server { child, addr }
}

#[test]
fn seed_fills_an_empty_directory_and_refuses_a_full_one() {
    let data = tempfile::tempdir().unwrap();
    let out = run(data.path(), &["seed"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("Seeded"));
    let again = run(data.path(), &["seed"]);
    assert!(!again.status.success());
    assert!(text(&again).contains("--force"), "{}", text(&again));
    let forced = run(data.path(), &["seed", "--force"]);
    assert!(forced.status.success(), "{}", text(&forced));
}

#[test]
fn an_admin_pin_alone_does_not_count_as_data() {
    let data = tempfile::tempdir().unwrap();
    let out = set_pin(data.path(), "24681357");
    assert!(out.status.success(), "{}", text(&out));
    let out = run(data.path(), &["seed"]);
    assert!(out.status.success(), "{}", text(&out));
}

#[test]
fn set_pin_reads_standard_input_and_stores_a_hash() {
    let data = tempfile::tempdir().unwrap();
    let short = set_pin(data.path(), "123");
    assert!(!short.status.success());
    assert!(text(&short).contains("at least 6"));
    let ok = set_pin(data.path(), "s3cret-pin");
    assert!(ok.status.success(), "{}", text(&ok));
    let s = internreel::infra::Services::open(data.path()).unwrap();
    let hash = internreel::store::meta::admin_pin_hash(&s.store.read().unwrap())
        .unwrap()
        .unwrap();
    assert!(hash.starts_with("$argon2id$"));
    assert!(internreel::passwords::verify_now("s3cret-pin", &hash));
}

#[test]
fn ai_requests_list_and_fulfil_on_a_stopped_directory() {
    let data = tempfile::tempdir().unwrap();
    assert!(run(data.path(), &["seed"]).status.success());
    let out = run(data.path(), &["ai-requests", "list", "--pending", "--json"]);
    assert!(out.status.success(), "{}", text(&out));
    let list: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert!(list.len() >= 4);
    let id = list[0]["id"].as_u64().unwrap().to_string();
    let table = run(data.path(), &["ai-requests", "list"]);
    assert!(text(&table).contains("OVERDUE") && text(&table).contains("pending"));

    let video = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/videos/code-camp.mp4");
    let missing = run(
        data.path(),
        &["ai-requests", "fulfil", "999", "--video", video],
    );
    assert!(!missing.status.success());
    assert!(text(&missing).contains("not found"));
    let not_video = run(
        data.path(),
        &[
            "ai-requests",
            "fulfil",
            &id,
            "--video",
            concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"),
        ],
    );
    assert!(!not_video.status.success());
    assert!(text(&not_video).contains("MP4, MOV or AVI"));
    let ok = run(
        data.path(),
        &["ai-requests", "fulfil", &id, "--video", video],
    );
    assert!(ok.status.success(), "{}", text(&ok));
    let twice = run(
        data.path(),
        &["ai-requests", "fulfil", &id, "--video", video],
    );
    assert!(!twice.status.success());
    assert!(text(&twice).contains("already been fulfilled"));
}

#[test]
fn commands_go_through_a_running_server() {
    let data = tempfile::tempdir().unwrap();
    assert!(run(data.path(), &["seed"]).status.success());
    let server = serve(data.path());
    // The store is locked by the server, yet the CLI works.
    let out = run(data.path(), &["ai-requests", "list", "--pending", "--json"]);
    assert!(out.status.success(), "{}", text(&out));
    let list: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    let id = list[0]["id"].as_u64().unwrap();
    let video = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/videos/code-camp.mp4");
    let ok = run(
        data.path(),
        &["ai-requests", "fulfil", &id.to_string(), "--video", video],
    );
    assert!(ok.status.success(), "{}", text(&ok));
    let refused = run(data.path(), &["seed"]);
    assert!(!refused.status.success());
    let contact = run(data.path(), &["contact", "list"]);
    assert!(contact.status.success(), "{}", text(&contact));
    assert!(text(&contact).contains("subject:"));
    let pin = set_pin(data.path(), "live-pin-1");
    assert!(pin.status.success(), "{}", text(&pin));

    // The server sees the change at once.
    crate::helpers::tls();
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let c = reqwest::Client::new();
        let i: Value = c
            .get(format!("{}/api/internships/{id}", server.addr))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(i["videoStatus"], "ready");
        let res = c
            .post(format!("{}/api/admin/login", server.addr))
            .json(&serde_json::json!({"pin": "live-pin-1"}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
    });
}

#[test]
fn serve_stops_gracefully_on_sigterm() {
    let data = tempfile::tempdir().unwrap();
    let mut server = serve(data.path());
    let pid = server.child.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    let status = server.child.wait().unwrap();
    assert!(status.success(), "exit status {status}");
    // The database was closed cleanly: a new server opens it at once.
    let again = serve(data.path());
    drop(again);
}

#[test]
fn job_sources_are_managed_from_the_cli() {
    let data = tempfile::tempdir().unwrap();
    assert!(run(data.path(), &["seed"]).status.success());
    let list = run(data.path(), &["jobs", "sources", "list"]);
    assert!(list.status.success(), "{}", text(&list));
    assert_eq!(
        text(&list).lines().filter(|l| l.contains("never")).count(),
        6,
        "{}",
        text(&list)
    );
    let add = run(
        data.path(),
        &[
            "jobs",
            "sources",
            "add",
            "greenhouse",
            "newboard",
            "--company",
            "New Board Co",
        ],
    );
    assert!(add.status.success(), "{}", text(&add));
    let bad = run(data.path(), &["jobs", "sources", "add", "indeed", "x"]);
    assert!(!bad.status.success());
    // With the boards unreachable, a refresh reports each failure and keeps going.
    let refresh = Command::new(BIN)
        .arg("--data")
        .arg(data.path())
        .args(["jobs", "refresh"])
        .env("INTERNREEL_GREENHOUSE_URL", "http://127.0.0.1:9")
        .env("INTERNREEL_LEVER_URL", "http://127.0.0.1:9")
        .env("INTERNREEL_ASHBY_URL", "http://127.0.0.1:9")
        .output()
        .unwrap();
    assert!(refresh.status.success(), "{}", text(&refresh));
    let stdout = String::from_utf8_lossy(&refresh.stdout);
    for token in [
        "harvestbend",
        "lumenly",
        "quillandco",
        "brightwavesolar",
        "civicstack",
        "orbitly",
        "newboard",
    ] {
        let failed = stdout
            .lines()
            .any(|l| l.contains(token) && l.contains("failed"));
        assert!(failed, "{token}: {stdout}");
    }
    let list = run(data.path(), &["jobs", "sources", "list"]);
    assert!(
        text(&list).contains("fetching http://127.0.0.1:9"),
        "{}",
        text(&list)
    );
}

#[test]
fn reindex_rebuilds_the_search_index_on_demand() {
    let data = tempfile::tempdir().unwrap();
    assert!(run(data.path(), &["seed"]).status.success());
    std::fs::remove_dir_all(data.path().join("index")).unwrap();
    let out = run(data.path(), &["reindex"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains("Rebuilt the search index"),
        "{}",
        text(&out)
    );
    let server = serve(data.path());
    let again = run(data.path(), &["reindex"]);
    assert!(
        again.status.success(),
        "through the running server: {}",
        text(&again)
    );
    drop(server);
}

#[test]
fn files_the_binary_makes_without_a_mode_of_their_own_are_owner_only() {
    // main.rs sets the umask to 077: the search index's layout marker and tantivy's lock
    // files are written with the default mode, so the umask alone keeps them the owner's.
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let out = run(&data, &["reindex"]);
    assert!(out.status.success(), "{}", text(&out));
    let files: Vec<_> = std::fs::read_dir(data.join("index"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert!(files.iter().any(|f| f.ends_with("LAYOUT")), "{files:?}");
    for f in files {
        let mode = std::fs::metadata(&f).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode & 0o077, 0, "{} is {mode:o}", f.display());
    }
}

/// `staff add --school` with a school no roster or student names still adds the member (exit 0)
/// and warns on stderr, naming the schools there are; `roster invite --school` with such a
/// school refuses (exit 1) and mails nobody.
#[test]
fn an_unknown_school_is_a_warning_for_staff_add_and_a_refusal_for_roster_invite() {
    let data = tempfile::tempdir().unwrap();
    let csv = data.path().join("students.csv");
    std::fs::write(
        &csv,
        "email,first_name,last_name,grade,school\nava@lakeside.k12.ca.us,Ava,Chen,11,Lincoln High School\n",
    )
    .unwrap();
    let o = run(data.path(), &["roster", "import", csv.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o));

    let o = run(
        data.path(),
        &[
            "staff",
            "add",
            "lee@district.example",
            "--name",
            "Lee Park",
            "--role",
            "coordinator",
            "--school",
            "Lincon High School",
        ],
    );
    assert!(o.status.success(), "{}", text(&o));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(
        stderr,
        "warning: no roster or student names the school \"Lincon High School\"; the known schools: Lincoln High School\n"
    );
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        stdout.starts_with(
            "Added Lee Park <lee@district.example> as coordinator of Lincon High School\n"
        ),
        "{stdout}"
    );
    assert!(!stdout.contains("warning"), "{stdout}");

    // A known school, in other capitals: no warning.
    let o = run(
        data.path(),
        &[
            "staff",
            "add",
            "kim@district.example",
            "--name",
            "Kim Lo",
            "--role",
            "coordinator",
            "--school",
            "lincoln high school",
        ],
    );
    assert!(o.status.success(), "{}", text(&o));
    assert!(o.stderr.is_empty(), "{}", text(&o));

    let o = run(
        data.path(),
        &["roster", "invite", "--school", "Lincon High School"],
    );
    assert!(!o.status.success(), "{}", text(&o));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "error: No school named \"Lincon High School\". The known schools: Lincoln High School.\n"
    );
    assert!(o.stdout.is_empty(), "{}", text(&o));
}

/// A loopback address nothing listens on (a port bound and let go again).
fn dead_issuer() -> String {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    format!("http://{}", l.local_addr().unwrap())
}

/// `sso add` fetches the issuer's discovery document before storing anything: the test
/// provider's issuer is added; a dead port and an issuer the document does not name are
/// refused (exit 1, the failure said, nothing stored); `--skip-check` stores one anyway
/// with a warning on stderr. `doctor` then checks each provider, on a stopped directory and
/// through a running server: the good one OK, the dead one FAIL (exit 1).
#[test]
fn sso_add_checks_the_discovery_document_and_doctor_checks_each_provider() {
    let data = tempfile::tempdir().unwrap();
    let provider = crate::oidc_provider::start(
        serde_json::json!([{"client_id": "internreel", "client_secret": "s3cret",
                            "redirect_uris": ["http://127.0.0.1:9/api/auth/sso/Lakeside/callback"]}]),
        serde_json::json!([]),
    );
    let secret = data.path().join("secret.txt");
    std::fs::write(&secret, "s3cret\n").unwrap();
    // The first open of a directory builds its index (and logs it on stderr).
    let empty = run(data.path(), &["sso", "list"]);
    assert!(
        String::from_utf8_lossy(&empty.stdout).starts_with("no school sign-in providers"),
        "{}",
        text(&empty)
    );
    let add = |name: &str, issuer: &str, extra: &[&str]| {
        let mut args = vec![
            "sso",
            "add",
            name,
            "--issuer",
            issuer,
            "--client-id",
            "internreel",
            "--client-secret-file",
            secret.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        run(data.path(), &args)
    };

    let o = add("Lakeside", &provider.issuer, &[]);
    assert!(o.status.success(), "{}", text(&o));
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        stdout.starts_with(&format!(
            "Added the school sign-in \"Lakeside\" ({}) for students",
            provider.issuer
        )),
        "{stdout}"
    );
    assert!(
        stdout.contains("Checked its discovery document: "),
        "{stdout}"
    );
    assert!(o.stderr.is_empty(), "{}", text(&o));

    let dead = dead_issuer();
    let o = add("Dead", &dead, &[]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stderr.starts_with(&format!(
            "error: the school sign-in \"Dead\" was not added: {dead}/.well-known/openid-configuration could not be reached ("
        )),
        "{stderr}"
    );
    assert!(stderr.contains("--skip-check"), "{stderr}");
    assert!(o.stdout.is_empty(), "{}", text(&o));

    // The provider's document names http://127.0.0.1:PORT, not localhost.
    let elsewhere = provider.issuer.replace("127.0.0.1", "localhost");
    let o = add("Elsewhere", &elsewhere, &[]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("issuer mismatch"), "{stderr}");
    assert!(stderr.contains(&provider.issuer), "{stderr}");

    let list = run(data.path(), &["sso", "list"]);
    let listed = String::from_utf8_lossy(&list.stdout).to_string();
    assert!(listed.starts_with("Lakeside  "), "{listed}");
    assert_eq!(listed.lines().count(), 1, "nothing else stored: {listed}");

    let o = add("Dead", &dead, &["--skip-check"]);
    assert!(o.status.success(), "{}", text(&o));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        format!(
            "warning: the discovery document ({dead}/.well-known/openid-configuration) was not checked: a wrong issuer shows only when someone signs in; `internreel doctor` checks it\n"
        )
    );
    assert!(
        String::from_utf8_lossy(&o.stdout).starts_with("Added the school sign-in \"Dead\""),
        "{}",
        text(&o)
    );

    let doctor_says = |o: &Output| {
        assert_eq!(o.status.code(), Some(1), "{}", text(o));
        let said = text(o);
        assert!(
            said.contains(&format!(
                "OK   sso Lakeside     {}: discovery answers, ",
                provider.issuer
            )),
            "{said}"
        );
        assert!(
            said.contains(&format!(
                "FAIL sso Dead         {dead}/.well-known/openid-configuration could not be reached"
            )),
            "{said}"
        );
    };
    doctor_says(&run(data.path(), &["doctor"]));
    let _server = serve(data.path());
    doctor_says(&run(data.path(), &["doctor"]));
    let o = run(data.path(), &["doctor", "--json"]);
    let checks: Vec<Value> = serde_json::from_slice(&o.stdout).unwrap();
    let dead_check = checks.iter().find(|c| c["check"] == "sso Dead").unwrap();
    assert_eq!(dead_check["status"], "FAIL");
    assert!(
        dead_check["fix"].as_str().unwrap().contains("sso add"),
        "{dead_check}"
    );
}
