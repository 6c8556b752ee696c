//! The media store on S3: the same pipeline against a real S3-compatible server (s3s-fs on
//! loopback, tests/it/s3_server.rs): upload, conversion and playback with ranges, a CDN and
//! presigned URLs, the store going away mid-upload and at playback, backups both ways,
//! `media migrate` both ways through a `kill -9`, and `doctor`.

use std::process::Command;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::*;
use crate::media::{
    VTT, assert_web_rendition, avi_mpeg4, bytes_of, post_captioned, post_video, settled,
};
use crate::s3_server::{BUCKET, S3Server};
use internreel::media::config::MediaConfig;
use internreel::media::s3::{Delivery, S3Store};
use internreel::media::storage::MediaStore;

const BIN: &str = env!("CARGO_BIN_EXE_internreel");

fn file_of(url: &Value) -> String {
    url.as_str()
        .unwrap()
        .rsplit('/')
        .next()
        .unwrap()
        .to_string()
}

async fn s3_app(s3: &S3Server, delivery: Delivery) -> TestApp {
    let media = MediaConfig {
        delivery,
        ..s3.config(BUCKET)
    };
    start_with_media(tempfile::tempdir().unwrap(), media, false).await
}

#[tokio::test]
async fn on_s3_an_upload_is_converted_and_plays_with_ranges() {
    let s3 = S3Server::start();
    let app = s3_app(&s3, Delivery::Stream).await;
    let (c, _) = app.signup_employer("s3@media.example").await;
    let (status, v) =
        message_of(post_video(&app, &c, "AVI on S3", avi_mpeg4(), "clip.avi").await).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    assert_eq!(v["videoStatus"], "transcoding", "{v}");
    let v = settled(&app, &c, v["id"].as_u64().unwrap()).await;
    assert_eq!(v["videoStatus"], "ready", "{v}");
    let (video, poster) = (file_of(&v["videoUrl"]), file_of(&v["posterUrl"]));
    let stored = s3.object(BUCKET, &video);

    // The whole file, then a slice: each byte as the bucket holds it.
    let (s, ct, whole) = bytes_of(&app, &c, v["videoUrl"].as_str().unwrap()).await;
    assert_eq!((s, ct.as_str()), (StatusCode::OK, "video/mp4"));
    assert_eq!(whole, stored);
    assert_web_rendition(&whole);
    let res = c
        .get(app.url(v["videoUrl"].as_str().unwrap()))
        .header("Range", "bytes=100-1123")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(
        res.headers()["content-range"],
        format!("bytes 100-1123/{}", stored.len()).as_str()
    );
    assert_eq!(res.bytes().await.unwrap().as_ref(), &stored[100..1124]);
    let res = c
        .get(app.url(v["videoUrl"].as_str().unwrap()))
        .header("Range", format!("bytes={}-", stored.len() + 10))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::RANGE_NOT_SATISFIABLE);
    let (s, ct, jpeg) = bytes_of(&app, &c, v["posterUrl"].as_str().unwrap()).await;
    assert_eq!((s, ct.as_str()), (StatusCode::OK, "image/jpeg"));
    assert_eq!(jpeg, s3.object(BUCKET, &poster));

    // Captions travel the same way.
    let (status, cv) = post_captioned(&app, &c, "Captioned on S3").await;
    assert_eq!(status, StatusCode::CREATED, "{cv}");
    let (s, _, vtt) = bytes_of(&app, &c, cv["captionsUrl"].as_str().unwrap()).await;
    assert_eq!(
        (s, String::from_utf8(vtt).unwrap()),
        (StatusCode::OK, VTT.to_string())
    );

    // The bucket holds the renditions, posters and captions; the source is gone, and the
    // data directory holds no media at all.
    let objects = s3.objects(BUCKET);
    for f in [&video, &poster] {
        assert!(objects.contains(f), "{f} in {objects:?}");
    }
    assert!(!objects.iter().any(|o| o.ends_with(".avi")), "{objects:?}");
    assert!(files_in(&app.data_path().join("videos")).is_empty());
    let ready: Value = app.get(&c, "/api/ready").await.json().await.unwrap();
    assert_eq!(ready["media"], "ok", "{ready}");
}

/// Polls until `f` holds or 10 s pass.
fn wait_until(mut f: impl FnMut() -> bool) -> bool {
    for _ in 0..1000 {
        if f() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    false
}

#[tokio::test]
async fn big_files_go_up_in_parts_and_a_store_stopped_mid_upload_keeps_nothing() {
    let mut s3 = S3Server::start();
    let tmp = tempfile::tempdir().unwrap();
    let store = std::sync::Arc::new(S3Store::open(s3.s3(BUCKET), Delivery::Stream).unwrap());
    // 20 MiB: three parts of 8 MiB.
    let big: Vec<u8> = (0..20 << 20)
        .map(|i: u32| (i * 7 + i / 4096) as u8)
        .collect();
    let file = tmp.path().join("big.mp4");
    std::fs::write(&file, &big).unwrap();
    let st = store.clone();
    let f = file.clone();
    tokio::task::spawn_blocking(move || st.put(&f, "big.mp4"))
        .await
        .unwrap()
        .unwrap();
    assert!(!file.exists(), "put moves the file in");
    assert_eq!(s3.object(BUCKET, "big.mp4"), big);
    assert!(store.exists("big.mp4"));

    // The server dies once the first part has arrived: the upload fails and no object with
    // that name ever appears.
    std::fs::write(&file, &big).unwrap();
    let st = store.clone();
    let f = file.clone();
    let upload = tokio::task::spawn_blocking(move || st.put(&f, "cut.mp4"));
    let root = s3.root().to_path_buf();
    let part_seen = tokio::task::spawn_blocking(move || {
        wait_until(|| {
            std::fs::read_dir(&root)
                .unwrap()
                .filter_map(|e| e.ok())
                .any(|e| e.file_name().to_string_lossy().starts_with(".upload_id-"))
        })
    })
    .await
    .unwrap();
    s3.stop();
    assert!(part_seen, "a part was written before the stop");
    assert!(upload.await.unwrap().is_err(), "the upload fails");
    s3.restart();
    assert!(!s3.objects(BUCKET).contains(&"cut.mp4".to_string()));
    let st = store.clone();
    let names = tokio::task::spawn_blocking(move || st.names())
        .await
        .unwrap()
        .unwrap();
    assert!(!names.contains(&"cut.mp4".to_string()), "{names:?}");
}

#[tokio::test]
async fn an_unreachable_store_fails_uploads_cleanly_and_only_its_files_answer_503() {
    let mut s3 = S3Server::start();
    let app = s3_app(&s3, Delivery::Stream).await;
    let (c, _) = app.signup_employer("down@media.example").await;
    let res = app
        .post_internship_with_video(&c, "Before", fixture_video())
        .await;
    let (status, before) = message_of(res).await;
    assert_eq!(status, StatusCode::CREATED, "{before}");
    let objects = s3.objects(BUCKET);

    s3.stop();
    let res = app
        .post_internship_with_video(&c, "During", fixture_video())
        .await;
    let (status, body) = message_of(res).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(
        body["message"],
        internreel::i18n::Lang::En
            .tr(&internreel::media::store_down())
            .as_ref()
    );
    // Nothing half-written: no posting, nothing left in tmp/.
    let mine: Value = app
        .get(&c, "/api/employers/internships")
        .await
        .json()
        .await
        .unwrap();
    let titles: Vec<&str> = mine
        .as_array()
        .expect("the employer's postings")
        .iter()
        .filter_map(|i| i["title"].as_str())
        .collect();
    assert_eq!(titles, ["Before"], "{mine}");
    assert!(files_in(&app.data_path().join("tmp")).is_empty());
    // Playback of the stored video: 503 with a sentence; the rest of the API answers.
    let res = app.get(&c, before["videoUrl"].as_str().unwrap()).await;
    let (status, body) = message_of(res).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(
        body["message"],
        "This video cannot be played right now. Please try again in a few minutes."
    );
    assert_eq!(
        app.get(&c, "/api/internships").await.status(),
        StatusCode::OK
    );
    tokio::time::sleep(Duration::from_secs(6)).await;
    let ready: Value = app.get(&c, "/api/ready").await.json().await.unwrap();
    assert_eq!(ready["ready"], true, "{ready}");
    assert!(
        ready["media"].as_str().unwrap().contains("media store"),
        "{ready}"
    );

    s3.restart();
    assert_eq!(
        s3.objects(BUCKET),
        objects,
        "nothing arrived from the failed upload"
    );
    let (s, _, _) = bytes_of(&app, &c, before["videoUrl"].as_str().unwrap()).await;
    assert_eq!(s, StatusCode::OK);
    let res = app
        .post_internship_with_video(&c, "After", fixture_video())
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn a_cdn_or_presigned_urls_serve_the_bytes_and_presigned_ones_expire() {
    let s3 = S3Server::start();
    let data = tempfile::tempdir().unwrap();
    let cdn = MediaConfig {
        delivery: Delivery::PublicUrl("https://cdn.example/videos".into()),
        ..s3.config(BUCKET)
    };
    let app = start_with_media(data, cdn, false).await;
    let (c, _) = app.signup_employer("cdn@media.example").await;
    let (status, v) = message_of(
        app.post_internship_with_video(&c, "On the CDN", fixture_video())
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    // The feed's URLs stay the server's; the server answers with the CDN's.
    let url = v["videoUrl"].as_str().unwrap();
    assert!(url.starts_with("/api/videos/"), "{url}");
    let name = file_of(&v["videoUrl"]);
    let res = app.get(&c, url).await;
    assert_eq!(res.status(), StatusCode::FOUND);
    assert_eq!(
        res.headers()["location"],
        format!("https://cdn.example/videos/{name}").as_str()
    );
    assert_eq!(
        app.get(&c, "/api/videos/0123456789abcdef.mp4")
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    let data = app.stop().await;

    let presigned = MediaConfig {
        delivery: Delivery::Presigned(Duration::from_secs(2)),
        ..s3.config(BUCKET)
    };
    let app = start_with_media(data, presigned, false).await;
    let res = app.get(&c, url).await;
    assert_eq!(res.status(), StatusCode::FOUND);
    let location = res.headers()["location"].to_str().unwrap().to_string();
    assert!(
        location.starts_with(&s3.endpoint) && location.contains("X-Amz-Signature="),
        "{location}"
    );
    let plain = reqwest::Client::new();
    let res = plain
        .get(&location)
        .header("Range", "bytes=0-99")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(
        res.bytes().await.unwrap().as_ref(),
        &s3.object(BUCKET, &name)[..100]
    );
    tokio::time::sleep(Duration::from_millis(3500)).await;
    let res = plain.get(&location).send().await.unwrap();
    assert_eq!(
        res.status(),
        StatusCode::FORBIDDEN,
        "an expired URL is refused"
    );
}

#[tokio::test]
async fn a_backup_from_s3_restores_to_local_disk_and_to_another_bucket() {
    let s3 = S3Server::start();
    let app = s3_app(&s3, Delivery::Stream).await;
    let (c, _) = app.signup_employer("backup-s3@media.example").await;
    let (status, v) = post_captioned(&app, &c, "Backed up from S3").await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    let files = [
        file_of(&v["videoUrl"]),
        file_of(&v["posterUrl"]),
        file_of(&v["captionsUrl"]),
    ];
    let dir = tempfile::tempdir().unwrap();
    let archive = dir.path().join("backup.tar");
    internreel::backup::backup(&app.state.services, &archive).unwrap();

    let local = dir.path().join("local");
    internreel::backup::restore_into(&archive, &local, &MediaConfig::default()).unwrap();
    for f in &files {
        assert_eq!(
            std::fs::read(local.join("videos").join(f)).unwrap(),
            s3.object(BUCKET, f),
            "{f}"
        );
    }
    s3.bucket("restored");
    let other = dir.path().join("other");
    let said = internreel::backup::restore_into(&archive, &other, &s3.config("restored")).unwrap();
    assert!(said.contains("uploaded to s3"), "{said}");
    for f in &files {
        assert_eq!(s3.object("restored", f), s3.object(BUCKET, f), "{f}");
    }
    assert!(files_in(&other.join("videos")).is_empty());

    // The local copy serves the video as the S3 one did.
    let restored = tempfile::TempDir::new().unwrap();
    std::fs::remove_dir(restored.path()).unwrap();
    std::fs::rename(&local, restored.path()).unwrap();
    let app2 = start_with_media(restored, MediaConfig::default(), false).await;
    let (s, _, bytes) = bytes_of(&app2, &c, v["videoUrl"].as_str().unwrap()).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(bytes, s3.object(BUCKET, &files[0]));
}

fn migrate(data: &std::path::Path, s3: &S3Server, to: &str) -> Command {
    let mut cmd = Command::new(BIN);
    cmd.arg("--data").arg(data);
    s3.cli(&mut cmd, BUCKET);
    // `--to local` reads the S3 options for the source; the flag says where the server runs.
    cmd.args(["media", "migrate", "--to", to]);
    cmd
}

fn local_media(data: &std::path::Path) -> Vec<String> {
    let mut f = files_in(&data.join("videos"));
    f.sort();
    f
}

#[tokio::test]
async fn media_migrate_moves_everything_both_ways_and_resumes_after_kill_9() {
    let s3 = S3Server::start();
    let data = tempfile::tempdir().unwrap();
    let seeded = Command::new(BIN)
        .arg("--data")
        .arg(data.path())
        .arg("seed")
        .output()
        .unwrap();
    assert!(seeded.status.success(), "{seeded:?}");
    let before = local_media(data.path());
    assert!(before.len() > 20, "the demo's media: {before:?}");

    // Interrupted once a few objects are through, then run again.
    let mut child = migrate(data.path(), &s3, "s3").spawn().unwrap();
    let journal = data.path().join("media-migrate-to-s3.journal");
    let progressed =
        wait_until(|| std::fs::read_to_string(&journal).is_ok_and(|j| j.lines().count() >= 3));
    assert!(progressed, "the migration made progress");
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let out = migrate(data.path(), &s3, "s3").output().unwrap();
    let said =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}");
    assert!(said.contains("before an interruption"), "{said}");
    assert!(!journal.exists());
    assert_eq!(s3.objects(BUCKET), before);
    for f in &before {
        assert_eq!(
            s3.object(BUCKET, f),
            std::fs::read(data.path().join("videos").join(f)).unwrap(),
            "{f}"
        );
    }

    // A server started with local disk now refuses, and says what to do.
    let refused = internreel::App::build(internreel::Config::new(
        data.path().to_path_buf(),
        "127.0.0.1:0",
    ))
    .await
    .err()
    .expect("the local store is refused");
    assert!(
        format!("{refused:#}").contains("media migrate"),
        "{refused:#}"
    );
    // On S3 the demo plays.
    let app = start_with_media(data, s3.config(BUCKET), false).await;
    let c = app.client();
    let feed: Value = app.get(&c, "/api/internships").await.json().await.unwrap();
    let first = feed
        .as_array()
        .and_then(|a| a.iter().find(|i| i["videoUrl"].is_string()))
        .or_else(|| {
            feed["items"]
                .as_array()
                .and_then(|a| a.iter().find(|i| i["videoUrl"].is_string()))
        })
        .cloned()
        .expect("a posting with a video");
    let (s, _, bytes) = bytes_of(&app, &c, first["videoUrl"].as_str().unwrap()).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(bytes, s3.object(BUCKET, &file_of(&first["videoUrl"])));
    let data = app.stop().await;

    // And back: the local copies removed first, so every byte comes from the bucket.
    for f in &before {
        std::fs::remove_file(data.path().join("videos").join(f)).unwrap();
    }
    // (The server on S3 added the landing page's samples to the bucket.)
    let on_s3 = s3.objects(BUCKET);
    let out = migrate(data.path(), &s3, "local").output().unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(local_media(data.path()), on_s3);
    for f in &on_s3 {
        assert_eq!(
            std::fs::read(data.path().join("videos").join(f)).unwrap(),
            s3.object(BUCKET, f),
            "{f}"
        );
    }
    let app = start_with_media(data, MediaConfig::default(), false).await;
    let (s, _, _) = bytes_of(&app, &c, first["videoUrl"].as_str().unwrap()).await;
    assert_eq!(s, StatusCode::OK);
}

#[test]
fn doctor_checks_the_s3_store_with_a_round_trip() {
    let s3 = S3Server::start();
    let data = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(BIN);
    cmd.arg("--data").arg(data.path());
    s3.cli(&mut cmd, BUCKET);
    let out = cmd.arg("doctor").output().unwrap();
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    let line = said
        .lines()
        .find(|l| l.contains("media store"))
        .unwrap_or_else(|| panic!("{said}"));
    assert!(line.contains("write, read and delete"), "{line}");
    assert!(s3.objects(BUCKET).is_empty(), "the scratch object is gone");

    let mut cmd = Command::new(BIN);
    cmd.arg("--data").arg(data.path());
    s3.cli(&mut cmd, BUCKET);
    let out = cmd
        .env("INTERNREEL_S3_SECRET_ACCESS_KEY", "not-the-secret")
        .arg("doctor")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    let line = said
        .lines()
        .find(|l| l.contains("media store"))
        .unwrap_or_else(|| panic!("{said}"));
    assert!(line.contains("writing failed"), "{line}");
}

/// A name of the form the server gives its files (32 hex digits), as a crash leaves one.
fn own_name(n: usize, ext: &str) -> String {
    format!("{n:032x}.{ext}")
}

async fn put_objects(s3: &S3Server, names: &[String]) {
    let store = S3Store::open(s3.s3(BUCKET), Delivery::Stream).unwrap();
    let names = names.to_vec();
    tokio::task::spawn_blocking(move || {
        for name in names {
            store.put_bytes(b"not referenced", &name).unwrap();
        }
    })
    .await
    .unwrap();
}

#[tokio::test]
async fn start_up_removes_objects_no_posting_refers_to_and_keeps_the_rest_of_the_bucket() {
    let s3 = S3Server::start();
    // Left by a crash between storing a file and committing its posting.
    let orphan = own_name(0xabc, "mp4");
    // The district's own files under our prefix (a prefix shared by mistake), and beside it.
    let theirs = ["district-budget-2027.xlsx", "backup.tar.gz", "notes.txt"].map(String::from);
    put_objects(&s3, std::slice::from_ref(&orphan)).await;
    put_objects(&s3, &theirs).await;
    std::fs::write(s3.root().join(BUCKET).join("district-logo.png"), b"png").unwrap();
    assert!(s3.objects(BUCKET).contains(&orphan));
    let app = s3_app(&s3, Delivery::Stream).await;
    // The sweep runs beside the first requests (app/orphans.rs): gone within moments.
    let mut objects = s3.objects(BUCKET);
    for _ in 0..100 {
        if !objects.contains(&orphan) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        objects = s3.objects(BUCKET);
    }
    assert!(!objects.contains(&orphan), "{objects:?}");
    assert!(
        objects.iter().any(|o| o.starts_with("landing-")),
        "{objects:?}"
    );
    for name in &theirs {
        assert!(objects.contains(name), "{name} is kept: {objects:?}");
    }
    assert!(s3.root().join(BUCKET).join("district-logo.png").exists());
    drop(app);
}

/// More unreferenced files than a crash could leave mean the store is not this database's:
/// start-up says so and removes none.
#[tokio::test]
async fn start_up_removes_nothing_when_too_many_objects_are_unreferenced() {
    let s3 = S3Server::start();
    let many: Vec<String> = (0..60).map(|n| own_name(n, "jpg")).collect();
    put_objects(&s3, &many).await;
    let app = s3_app(&s3, Delivery::Stream).await;
    // The sweep has run once the landing page's files are in the store and a moment passed.
    for _ in 0..100 {
        if s3.objects(BUCKET).iter().any(|o| o.starts_with("landing-")) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    let objects = s3.objects(BUCKET);
    for name in &many {
        assert!(objects.contains(name), "{name} is kept");
    }
    drop(app);
}

#[test]
fn an_empty_s3_prefix_is_refused() {
    let s3 = S3Server::start();
    for prefix in ["", "/", " "] {
        let data = tempfile::tempdir().unwrap();
        let mut cmd = Command::new(BIN);
        cmd.arg("--data").arg(data.path());
        s3.cli(&mut cmd, BUCKET);
        let out = cmd
            .arg(format!("--s3-prefix={prefix}"))
            .arg("doctor")
            .output()
            .unwrap();
        assert!(!out.status.success(), "{prefix:?}");
        let said = String::from_utf8_lossy(&out.stderr).to_string()
            + &String::from_utf8_lossy(&out.stdout);
        assert!(said.contains("--s3-prefix must name a folder"), "{said}");
    }
}
