//! Runs the Playwright suite (ui/e2e) in Debian's Chromium against the real server with the
//! demo fixtures. Screenshots land in target/screenshots/.

use std::fmt;
use std::path::Path;
use std::process::Stdio;

use crate::helpers::spawn_reviewed;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_browser_suite_passes_in_chromium() -> Result<(), Failures> {
    assert!(
        Path::new("/usr/bin/chromium").exists(),
        "the browser tests need Debian's Chromium: run `apt-get install -y chromium` (as root), then `cargo test` again"
    );
    let ui = Path::new(env!("CARGO_MANIFEST_DIR")).join("ui");
    assert!(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("dist/index.html")
            .exists(),
        "the UI is not built (was INTERNREEL_SKIP_UI set?); run `cargo test` without it"
    );
    if !ui.join("node_modules").exists() {
        let ok = tokio::process::Command::new("npm")
            .arg("ci")
            .current_dir(&ui)
            .status()
            .await
            .unwrap();
        assert!(ok.success(), "npm ci in ui/ failed");
    }
    // As `serve --demo` runs by default: new employers wait for the district (support.ts verifies them).
    let app = spawn_reviewed(true).await;
    // A real OpenID provider for "Continue with Lakeside" (ui/e2e/school-sign-in.spec.ts).
    let provider = crate::oidc_provider::start(
        serde_json::json!([{"client_id": "internreel", "client_secret": "s3cret",
            "redirect_uris": [format!("{}/api/auth/sso/Lakeside/callback", app.addr)]}]),
        serde_json::json!([
            {"id": "kai", "email": "kai.student@lakeside.k12.ca.us", "email_verified": true,
             "given_name": "Kai", "family_name": "Moreno", "amr": ["pwd"], "password": "school-pass"},
            {"id": "dana", "email": "admin@district.example", "email_verified": true,
             "given_name": "Dana", "family_name": "Ruiz", "amr": ["pwd"], "password": "school-pass"},
            {"id": "eve", "email": "eve@gmail.com", "email_verified": true,
             "given_name": "Eve", "family_name": "Out", "amr": ["pwd"], "password": "school-pass"},
            {"id": "lee", "email": "lee@lakeside.k12.ca.us", "email_verified": true,
             "given_name": "Lee", "family_name": "Park", "amr": ["pwd"], "password": "school-pass"},
            // ui/e2e/spanish-account.spec.ts: a first school sign-in in Spanish.
            {"id": "sol", "email": "sol@lakeside.k12.ca.us", "email_verified": true,
             "given_name": "Sol", "family_name": "Vega", "amr": ["pwd"], "password": "school-pass"}
        ]),
    );
    internreel::commands::run(
        &app.state.services,
        &internreel::jobs::Boards::Recorded,
        internreel::commands::Command::SsoAdd {
            name: "Lakeside".into(),
            issuer: provider.issuer.clone(),
            client_id: "internreel".into(),
            client_secret: "s3cret".into(),
            domains: vec!["lakeside.k12.ca.us".into(), "district.example".into()],
            serves: "both".into(),
            skip_check: false,
        },
    )
    .unwrap();
    // `INTERNREEL_E2E="e2e/placements.spec.ts e2e/identity.spec.ts"` runs only those specs
    // (Playwright's own filters), for working on one screen.
    let only: Vec<String> = std::env::var("INTERNREEL_E2E")
        .map(|v| v.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default();
    // Playwright's JSON report beside the line output, for the slowest tests printed at the end
    // (kept at `INTERNREEL_E2E_REPORT` when that names a file).
    let json_report = std::env::var_os("INTERNREEL_E2E_REPORT")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| app.data_path().join("playwright-report.json"));
    let out = tokio::process::Command::new("npx")
        .args(["playwright", "test", "--reporter=line,json"])
        .args(&only)
        .current_dir(&ui)
        .env("PLAYWRIGHT_JSON_OUTPUT_FILE", &json_report)
        .env("INTERNREEL_BASE_URL", &app.addr)
        // For specs that read the outbox (`internreel mail list`) as an admin would.
        .env("INTERNREEL_BIN", env!("CARGO_BIN_EXE_internreel"))
        .env("INTERNREEL_DATA", app.data_path())
        .env("INTERNREEL_OIDC_ISSUER", &provider.issuer)
        .env("CI", "1")
        .stdin(Stdio::null())
        .output()
        .await
        .expect("npx runs playwright");
    let report = format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    println!("{report}");
    if let Ok(json) = std::fs::read_to_string(&json_report) {
        // Straight to stderr, past the test harness's capture: CI's log shows it on a pass too.
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "{}", slowest(&json, 10));
    }
    if out.status.success() {
        Ok(())
    } else {
        Err(Failures::of(&report))
    }
}

/// The `n` slowest tests of a Playwright JSON report, each with its file, line, title and the
/// time of its last attempt (docs/operations.md lists them for a full run).
fn slowest(json: &str, n: usize) -> String {
    fn walk(suite: &serde_json::Value, out: &mut Vec<(f64, String)>) {
        for spec in suite["specs"].as_array().into_iter().flatten() {
            for test in spec["tests"].as_array().into_iter().flatten() {
                if let Some(last) = test["results"].as_array().and_then(|r| r.last()) {
                    let ms = last["duration"].as_f64().unwrap_or(0.0);
                    out.push((
                        ms,
                        format!(
                            "{}:{} › {}",
                            spec["file"].as_str().unwrap_or("?"),
                            spec["line"],
                            spec["title"].as_str().unwrap_or("?")
                        ),
                    ));
                }
            }
        }
        for child in suite["suites"].as_array().into_iter().flatten() {
            walk(child, out);
        }
    }
    let Ok(report) = serde_json::from_str::<serde_json::Value>(json) else {
        return "the Playwright JSON report could not be read".into();
    };
    let mut tests = Vec::new();
    for suite in report["suites"].as_array().into_iter().flatten() {
        walk(suite, &mut tests);
    }
    let total: f64 = tests.iter().map(|(ms, _)| ms).sum();
    tests.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut out = format!(
        "the {} slowest of {} browser tests ({:.0} s in all):\n",
        n.min(tests.len()),
        tests.len(),
        total / 1000.0
    );
    for (ms, name) in tests.iter().take(n) {
        out.push_str(&format!("  {:6.1} s  {name}\n", ms / 1000.0));
    }
    out
}

/// The failed specs with the start of each one's error, returned instead of a panic so that they
/// are the last lines a log shows (a panic's backtrace would come after them, and CI prints the
/// tail of a long log).
struct Failures(String);

impl Failures {
    const LINES_PER_FAILURE: usize = 24;

    fn of(report: &str) -> Self {
        let lines: Vec<&str> = report.lines().collect();
        // Playwright numbers each failure's block: "  1) [project] › file:line › title ───".
        let is_block_start = |line: &str| {
            let t = line.trim_start();
            let digits = t.chars().take_while(char::is_ascii_digit).count();
            digits > 0 && t[digits..].starts_with(") [")
        };
        let mut out = String::from("the Playwright suite failed:\n");
        for (i, _) in lines.iter().enumerate().filter(|(_, l)| is_block_start(l)) {
            // A block runs until the next progress line ("[64/145] …") or its first lines end.
            let rest = lines[i + 1..].iter().take_while(|l| !l.starts_with('['));
            for line in std::iter::once(&lines[i])
                .chain(rest)
                .take(Self::LINES_PER_FAILURE)
            {
                out.push_str(line);
                out.push('\n');
            }
            out.push_str("  …\n");
        }
        // Then Playwright's own summary: "N failed" and the list of failed tests, to the end.
        if let Some(at) = lines.iter().rposition(|l| {
            let t = l.trim();
            t.ends_with(" failed")
                && t.split(' ')
                    .next()
                    .is_some_and(|n| n.parse::<u32>().is_ok())
        }) {
            out.push_str(&lines[at..].join("\n"));
        } else {
            out.push_str(&lines[lines.len().saturating_sub(40)..].join("\n"));
        }
        Self(out)
    }
}

impl fmt::Debug for Failures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[test]
fn the_slowest_browser_tests_are_listed_slowest_first() {
    let json = r#"{"suites":[{"specs":[{"file":"a.spec.ts","line":3,"title":"quick","tests":[{"results":[{"duration":1200}]}]}],
        "suites":[{"specs":[{"file":"b.spec.ts","line":9,"title":"slow","tests":[{"results":[{"duration":60000},{"duration":30500}]}]}]}]}]}"#;
    let text = slowest(json, 1);
    assert!(
        text.starts_with("the 1 slowest of 2 browser tests (32 s in all)"),
        "{text}"
    );
    assert!(text.contains("30.5 s  b.spec.ts:9 › slow"), "{text}");
    assert!(!text.contains("quick"), "{text}");
}

#[test]
fn a_failed_suite_ends_with_the_failed_specs_and_their_errors() {
    let report = "[1/3] [chromium-390x844] › e2e/a.spec.ts:4:1 › first\n\
[2/3] [chromium-390x844] › e2e/b.spec.ts:9:1 › second\n\
  1) [chromium-390x844] › e2e/b.spec.ts:9:1 › second ───\n\
\n\
    Error: expect(locator).toBeVisible() failed\n\
\n\
[3/3] [chromium-390x844] › e2e/c.spec.ts:2:1 › third\n\
  1 failed\n\
    [chromium-390x844] › e2e/b.spec.ts:9:1 › second ───\n\
  2 passed (4.0s)\n";
    let text = format!("{:?}", Failures::of(report));
    assert!(
        text.contains("1) [chromium-390x844] › e2e/b.spec.ts:9:1 › second"),
        "{text}"
    );
    assert!(
        text.contains("Error: expect(locator).toBeVisible() failed"),
        "{text}"
    );
    assert!(!text.contains("third") && !text.contains("first"), "{text}");
    assert!(text.trim_end().ends_with("2 passed (4.0s)"), "{text}");
}
