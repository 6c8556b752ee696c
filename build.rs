//! Builds the React UI (ui/) into dist/ for rust-embed.
//!
//! dist/ is rebuilt when a UI source changes or when dist/index.html is missing. Cargo reruns
//! this script when a `rerun-if-changed` path is newer than its last run, or missing; after a
//! build we set dist/index.html's mtime back to the newest UI source's, so the fresh build
//! does not look changed (else every later `cargo build` would rebuild the UI and the crate)
//! while a deleted dist/ still does.
//! Set INTERNREEL_SKIP_UI=1 to skip the UI build (Rust-only work; the server then says the UI
//! is not built).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

const WATCHED: &[&str] = &[
    "ui/src",
    "ui/index.html",
    "ui/package.json",
    "ui/package-lock.json",
    "ui/vite.config.ts",
    "ui/tsconfig.json",
    "ui/public",
    "ui/scripts",
];

fn newest(path: &Path) -> Option<SystemTime> {
    let meta = std::fs::metadata(path).ok()?;
    if meta.is_file() {
        return meta.modified().ok();
    }
    let mut best = meta.modified().ok();
    for entry in std::fs::read_dir(path).ok()?.flatten() {
        if let Some(t) = newest(&entry.path()) {
            best = Some(best.map_or(t, |b| b.max(t)));
        }
    }
    best
}

fn run(cmd: &mut Command, what: &str) {
    let status = cmd.status().unwrap_or_else(|e| {
        panic!("could not run {what} ({e}); install Node 20+ and npm, or set INTERNREEL_SKIP_UI=1")
    });
    assert!(
        status.success(),
        "{what} failed ({status}); see its output above"
    );
}

fn main() {
    println!("cargo:rerun-if-env-changed=INTERNREEL_SKIP_UI");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=dist/index.html");
    for w in WATCHED {
        println!("cargo:rerun-if-changed={w}");
    }
    if std::env::var_os("INTERNREEL_SKIP_UI").is_some() {
        return;
    }
    let ui = PathBuf::from("ui");
    if !ui.join("package.json").exists() {
        println!("cargo:warning=ui/package.json is missing; the web UI is not built");
        return;
    }
    if !ui.join("node_modules").exists() {
        run(
            Command::new("npm").arg("ci").current_dir(&ui),
            "npm ci in ui/",
        );
    }
    run(
        Command::new("npm").args(["run", "build"]).current_dir(&ui),
        "npm run build in ui/",
    );
    let index = Path::new("dist/index.html");
    let sources = WATCHED.iter().filter_map(|w| newest(Path::new(w))).max();
    if let (Some(t), true) = (sources, index.exists()) {
        let _ = filetime::set_file_mtime(index, filetime::FileTime::from_system_time(t));
    }
}
