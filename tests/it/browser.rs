//! Runs the Playwright suite (ui/e2e) in Debian's Chromium against the real server with the
//! demo fixtures. Screenshots land in target/screenshots/.

use std::path::Path;
use std::process::Stdio;

use crate::helpers::spawn_reviewed;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_browser_suite_passes_in_chromium() {
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
             "given_name": "Lee", "family_name": "Park", "amr": ["pwd"], "password": "school-pass"}
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
        },
    )
    .unwrap();
    let out = tokio::process::Command::new("npx")
        .args(["playwright", "test", "--reporter=line"])
        .current_dir(&ui)
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
    assert!(
        out.status.success(),
        "the Playwright suite failed:\n{report}"
    );
}
