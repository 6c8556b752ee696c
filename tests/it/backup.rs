//! Backup while the server runs and takes writes; restore into an empty directory.

use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::*;

const BIN: &str = env!("CARGO_BIN_EXE_internreel");

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_under_load_restores_every_acknowledged_record() {
    let app = spawn_app().await;
    // Acknowledged before the backup starts.
    let (employer, _) = app.signup_employer("backup@acme.example").await;
    let mut titles = Vec::new();
    for n in 0..5 {
        let title = format!("Backed Up {n}");
        let res = app
            .post_internship_with_video(&employer, &title, fixture_video())
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
        titles.push(title);
    }
    let (student, s) = app.signup_student("kept@school.example").await;
    let list: Vec<Value> = app
        .get(&student, "/api/internships")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        app.apply(&student, list[0]["id"].as_u64().unwrap())
            .await
            .status(),
        StatusCode::CREATED
    );

    // Writes keep coming while the backup runs.
    let stop = Arc::new(AtomicBool::new(false));
    let load = {
        let stop = stop.clone();
        let url = app.url("/api/internships");
        let employer = employer.clone();
        tokio::spawn(async move {
            let mut n = 0;
            while !stop.load(Ordering::Relaxed) {
                let res = employer
                    .post(&url)
                    .json(&internship_body(&format!("During {n}")))
                    .send()
                    .await
                    .unwrap();
                assert_eq!(res.status(), StatusCode::CREATED);
                n += 1;
            }
            n
        })
    };
    // The district's own word list travels with the backup.
    std::fs::write(
        app.data_path().join("comment-words.txt"),
        "# ours\ndm me on snap\n",
    )
    .unwrap();
    let archive = app
        .data_path()
        .join("..")
        .join(format!("backup-{}.tar", std::process::id()));
    let data = app.data_path();
    let archive_arg = archive.clone();
    let out = tokio::task::spawn_blocking(move || {
        Command::new(BIN)
            .arg("--data")
            .arg(&data)
            .arg("backup")
            .arg(&archive_arg)
            .output()
            .unwrap()
    })
    .await
    .unwrap();
    stop.store(true, Ordering::Relaxed);
    let during = load.await.unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("Wrote the backup to"));
    assert!(during > 0, "writes went on during the backup");

    // Restore into a fresh directory and serve it.
    let restored = tempfile::tempdir().unwrap();
    let target = restored.path().join("data");
    let out = Command::new(BIN)
        .arg("restore")
        .arg(&archive)
        .arg("--data")
        .arg(&target)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(target.join("comment-words.txt")).unwrap(),
        "# ours\ndm me on snap\n"
    );
    let again = Command::new(BIN)
        .arg("restore")
        .arg(&archive)
        .arg("--data")
        .arg(&target)
        .output()
        .unwrap();
    assert!(!again.status.success(), "a non-empty directory is refused");
    let _ = std::fs::remove_file(&archive);

    let copy = tempfile::TempDir::new_in(restored.path()).unwrap();
    std::fs::remove_dir(copy.path()).unwrap();
    std::fs::rename(&target, copy.path()).unwrap();
    let app2 = start_on(copy, false).await;
    let c = app2.client();
    for t in &titles {
        let found: Vec<Value> = app2
            .get(&c, &format!("/api/internships?q={}", t.replace(' ', "%20")))
            .await
            .json()
            .await
            .unwrap();
        let hit = found
            .iter()
            .find(|i| i["title"] == t.as_str())
            .unwrap_or_else(|| panic!("{t} restored and searchable"));
        assert_eq!(hit["videoStatus"], "ready", "its video came along");
    }
    let res = app2
        .post(
            &c,
            "/api/student-login",
            serde_json::json!({"email": "kept@school.example", "password": "secret1"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let apps: Vec<Value> = app2
        .get(&c, &format!("/api/users/{}/applications", s["id"]))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(apps.len(), 1);
}

#[test]
fn restore_refuses_what_is_not_a_backup() {
    let dir = tempfile::tempdir().unwrap();
    let bogus = dir.path().join("bogus.tar");
    std::fs::write(&bogus, b"not a tar file at all").unwrap();
    let out = Command::new(BIN)
        .arg("restore")
        .arg(&bogus)
        .arg("--data")
        .arg(dir.path().join("d"))
        .output()
        .unwrap();
    assert!(!out.status.success());
}
