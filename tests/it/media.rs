//! The video pipeline with real files and real ffmpeg: every accepted video ends as an H.264
//! MP4 with its index first, a poster and its length; what cannot be a posting's video is
//! refused with a message and leaves nothing behind; conversions survive restarts.

use std::path::Path;
use std::time::Duration;

use reqwest::multipart::Part;
use reqwest::{Client, StatusCode};
use serde_json::Value;

use crate::helpers::{
    TestApp, files_in, fixture_video, live_posting, message_of, posting_form, spawn_app,
    spawn_reviewed, start_on,
};

/// Makes a clip with ffmpeg from lavfi test sources: `args` go between `-y` and the output.
pub fn clip(args: &[&str], ext: &str) -> Vec<u8> {
    assert!(
        Path::new("/usr/bin/ffmpeg").exists() || which("ffmpeg"),
        "the media tests need ffmpeg: run `apt-get install -y ffmpeg` (as root), then `cargo test` again"
    );
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join(format!("clip.{ext}"));
    let status = std::process::Command::new("ffmpeg")
        .args(["-hide_banner", "-v", "error", "-y"])
        .args(args)
        .arg(&out)
        .status()
        .expect("ffmpeg runs");
    assert!(status.success(), "ffmpeg made no clip from {args:?}");
    std::fs::read(out).unwrap()
}

fn which(name: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(name).is_file()))
}

/// A phone's portrait clip: HEVC frames stored landscape (1920x1080) in a MOV with a rotation
/// of 90 degrees, as iPhones write them, with AAC sound.
pub(crate) fn phone_hevc_mov(seconds: u32) -> Vec<u8> {
    let d = seconds.to_string();
    let raw = clip(
        &[
            "-f",
            "lavfi",
            "-i",
            &format!("testsrc2=s=1920x1080:r=30:d={d}"),
            "-f",
            "lavfi",
            "-i",
            &format!("sine=frequency=440:duration={d}"),
            "-c:v",
            "libx265",
            "-preset",
            "ultrafast",
            "-x265-params",
            "log-level=error",
            "-tag:v",
            "hvc1",
            "-c:a",
            "aac",
            "-shortest",
        ],
        "mov",
    );
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("raw.mov");
    std::fs::write(&src, raw).unwrap();
    clip(
        &[
            "-i",
            src.to_str().unwrap(),
            "-c",
            "copy",
            "-metadata:s:v:0",
            "rotate=90",
        ],
        "mov",
    )
}

pub(crate) fn avi_mpeg4() -> Vec<u8> {
    clip(
        &[
            "-f",
            "lavfi",
            "-i",
            "testsrc2=s=360x640:r=24:d=2",
            "-f",
            "lavfi",
            "-i",
            "sine=frequency=330:duration=2",
            "-c:v",
            "mpeg4",
            "-c:a",
            "libmp3lame",
            "-shortest",
        ],
        "avi",
    )
}

/// What ffprobe says about bytes served by the server.
fn ffprobe(bytes: &[u8]) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("served.mp4");
    std::fs::write(&f, bytes).unwrap();
    let out = std::process::Command::new("ffprobe")
        .args([
            "-v",
            "error",
            "-print_format",
            "json",
            "-show_format",
            "-show_streams",
        ])
        .arg(&f)
        .output()
        .unwrap();
    assert!(out.status.success(), "ffprobe reads what the server serves");
    serde_json::from_slice(&out.stdout).unwrap()
}

fn stream<'a>(probe: &'a Value, kind: &str) -> Option<&'a Value> {
    probe["streams"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["codec_type"] == kind)
}

/// The offset of a top-level MP4 box, by walking the box headers.
fn box_offset(bytes: &[u8], kind: &[u8; 4]) -> Option<usize> {
    let mut at = 0usize;
    while at + 8 <= bytes.len() {
        let size = u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
        if &bytes[at + 4..at + 8] == kind {
            return Some(at);
        }
        let size = if size == 1 {
            u64::from_be_bytes(bytes[at + 8..at + 16].try_into().unwrap()) as usize
        } else {
            size
        };
        if size < 8 {
            return None;
        }
        at += size;
    }
    None
}

/// Checks a served rendition: H.264 4:2:0 in an MP4 whose index comes before the media.
pub(crate) fn assert_web_rendition(bytes: &[u8]) -> Value {
    let p = ffprobe(bytes);
    let v = stream(&p, "video").expect("a video stream");
    assert_eq!(v["codec_name"], "h264", "{v}");
    assert_eq!(v["pix_fmt"], "yuv420p", "{v}");
    let moov = box_offset(bytes, b"moov").expect("a moov box");
    let mdat = box_offset(bytes, b"mdat").expect("an mdat box");
    assert!(moov < mdat, "faststart: moov ({moov}) before mdat ({mdat})");
    p
}

pub(crate) async fn post_video(
    app: &TestApp,
    c: &reqwest::Client,
    title: &str,
    video: Vec<u8>,
    name: &str,
) -> reqwest::Response {
    let form =
        posting_form(title).part("videoFile", Part::bytes(video).file_name(name.to_string()));
    c.post(app.url("/api/internships"))
        .multipart(form)
        .send()
        .await
        .unwrap()
}

/// Polls the posting until its video is no longer converting.
pub(crate) async fn settled(app: &TestApp, c: &reqwest::Client, id: u64) -> Value {
    for _ in 0..600 {
        let v: Value = app
            .get(c, &format!("/api/internships/{id}"))
            .await
            .json()
            .await
            .unwrap();
        if v["videoStatus"] != "transcoding" {
            return v;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("the video of posting {id} was still converting after 120 s");
}

pub(crate) async fn bytes_of(
    app: &TestApp,
    c: &reqwest::Client,
    path: &str,
) -> (StatusCode, String, Vec<u8>) {
    let res = app.get(c, path).await;
    let status = res.status();
    let ct = res
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    (status, ct, res.bytes().await.unwrap().to_vec())
}

/// The media files of postings (the landing samples' fixtures left out).
fn media_files(app: &TestApp) -> Vec<String> {
    let mut f = files_in(&app.data_path().join("videos"));
    f.retain(|n| !n.starts_with("landing-"));
    f.sort();
    f
}

#[tokio::test]
async fn health_says_whether_ffmpeg_is_there() {
    let app = spawn_app().await;
    let c = app.client();
    let v: Value = app.get(&c, "/api/health").await.json().await.unwrap();
    assert_eq!(v["ffmpeg"], true, "{v}");
}

#[tokio::test]
async fn a_web_ready_mp4_is_ready_at_once_with_its_poster_and_length() {
    let app = spawn_app().await;
    let (c, _) = app.signup_employer("ready@media.example").await;
    let res = post_video(&app, &c, "Ready clip", fixture_video(), "clip.mp4").await;
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    assert_eq!(v["videoStatus"], "ready");
    assert!(
        (v["videoDuration"].as_f64().unwrap() - 5.0).abs() < 0.2,
        "{v}"
    );
    let poster = v["posterUrl"].as_str().expect("a poster");
    assert!(poster.starts_with("/api/posters/") && poster.ends_with(".jpg"));
    let (s, ct, jpeg) = bytes_of(&app, &c, poster).await;
    assert_eq!((s, ct.as_str()), (StatusCode::OK, "image/jpeg"));
    assert_eq!(&jpeg[..3], &[0xFF, 0xD8, 0xFF]);
    let (s, _, mp4) = bytes_of(&app, &c, v["videoUrl"].as_str().unwrap()).await;
    assert_eq!(s, StatusCode::OK);
    assert_web_rendition(&mp4);
    // The poster route serves posters only, the video route videos only.
    let video_name = v["videoUrl"].as_str().unwrap().rsplit('/').next().unwrap();
    let (s, _, _) = bytes_of(&app, &c, &format!("/api/posters/{video_name}")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(v["captionsUrl"].is_null() && v["videoError"].is_null());
}

#[tokio::test]
async fn a_phone_hevc_mov_is_converted_to_portrait_h264_with_sound() {
    let app = spawn_app().await;
    // The clip first: made during the session, it could leave the connection idle past the
    // server's 30 s idle timeout on a loaded machine, and the reused connection breaks.
    let clip = phone_hevc_mov(2);
    let (c, _) = app.signup_employer("phone@media.example").await;
    let res = post_video(&app, &c, "Phone clip", clip, "IMG_0001.MOV").await;
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    // Saved at once; no player until the rendition is there, but the poster is.
    assert_eq!(v["videoStatus"], "transcoding", "{v}");
    assert!(v["videoUrl"].is_null(), "{v}");
    let (s, _, _) = bytes_of(&app, &c, v["posterUrl"].as_str().unwrap()).await;
    assert_eq!(s, StatusCode::OK);
    let id = v["id"].as_u64().unwrap();
    let v = settled(&app, &c, id).await;
    assert_eq!(v["videoStatus"], "ready", "{v}");
    let (_, ct, mp4) = bytes_of(&app, &c, v["videoUrl"].as_str().unwrap()).await;
    assert_eq!(ct, "video/mp4");
    let p = assert_web_rendition(&mp4);
    let vs = stream(&p, "video").unwrap();
    let (w, h) = (
        vs["width"].as_u64().unwrap(),
        vs["height"].as_u64().unwrap(),
    );
    assert_eq!(
        (w, h),
        (720, 1280),
        "portrait stays portrait, longest side 1280"
    );
    assert_eq!(
        stream(&p, "audio").expect("sound kept")["codec_name"],
        "aac"
    );
    assert!(
        (v["videoDuration"].as_f64().unwrap() - 2.0).abs() < 0.2,
        "{v}"
    );
    // The source is gone once the rendition is in place: a rendition and a poster remain.
    let files = media_files(&app);
    assert_eq!(files.len(), 2, "{files:?}");
    assert!(
        files
            .iter()
            .all(|f| f.ends_with(".mp4") || f.ends_with(".jpg")),
        "{files:?}"
    );
}

#[tokio::test]
async fn an_avi_and_a_large_landscape_mp4_are_converted() {
    let app = spawn_app().await;
    let (c, _) = app.signup_employer("avi@media.example").await;
    let landscape = clip(
        &[
            "-f",
            "lavfi",
            "-i",
            "testsrc2=s=1920x1080:r=24:d=1",
            "-c:v",
            "libx264",
            "-preset",
            "ultrafast",
        ],
        "mp4",
    );
    let mut ids = Vec::new();
    for (title, bytes, name) in [
        ("AVI clip", avi_mpeg4(), "clip.avi"),
        ("Wide clip", landscape, "wide.mp4"),
    ] {
        let (status, v) = message_of(post_video(&app, &c, title, bytes, name).await).await;
        assert_eq!(status, StatusCode::CREATED, "{v}");
        assert_eq!(v["videoStatus"], "transcoding", "{title}: {v}");
        ids.push(v["id"].as_u64().unwrap());
    }
    let avi = settled(&app, &c, ids[0]).await;
    let (_, _, mp4) = bytes_of(&app, &c, avi["videoUrl"].as_str().unwrap()).await;
    let p = assert_web_rendition(&mp4);
    assert_eq!(stream(&p, "video").unwrap()["height"], 640);
    assert_eq!(stream(&p, "audio").unwrap()["codec_name"], "aac");
    let wide = settled(&app, &c, ids[1]).await;
    let (_, _, mp4) = bytes_of(&app, &c, wide["videoUrl"].as_str().unwrap()).await;
    let p = assert_web_rendition(&mp4);
    let vs = stream(&p, "video").unwrap();
    assert_eq!(
        (vs["width"].as_u64(), vs["height"].as_u64()),
        (Some(1280), Some(720))
    );
    assert!(stream(&p, "audio").is_none(), "no sound made up");
}

#[tokio::test]
async fn what_cannot_be_a_postings_video_is_refused_and_leaves_nothing_behind() {
    let app = spawn_app().await;
    let (c, _) = app.signup_employer("refuse@media.example").await;
    let long = clip(
        &[
            "-f",
            "lavfi",
            "-i",
            "testsrc2=s=64x112:r=5:d=100",
            "-c:v",
            "mpeg4",
        ],
        "mp4",
    );
    let audio_only = clip(
        &[
            "-f",
            "lavfi",
            "-i",
            "sine=frequency=440:duration=3",
            "-c:a",
            "aac",
            "-f",
            "mp4",
        ],
        "mp4",
    );
    // The first part of a clip whose index comes last: the index never arrived.
    let whole = clip(
        &[
            "-f",
            "lavfi",
            "-i",
            "testsrc2=s=360x640:r=24:d=3",
            "-c:v",
            "libx264",
            "-preset",
            "ultrafast",
        ],
        "mp4",
    );
    let truncated = whole[..whole.len() / 2].to_vec();
    let text = b"\x00\x00\x00\x18ftypisom but then only words, not a video at all".to_vec();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "long",
            long,
            "Videos can be at most 1 minute 30 seconds long; this one is 1 minute 40 seconds.",
        ),
        (
            "audio",
            audio_only,
            "This file has no video track (is it audio only?). Please upload a video: MP4, MOV or AVI.",
        ),
        ("truncated", truncated, "could not"),
        ("text", text, "could not"),
        (
            "plain text",
            b"just some words in a file named clip.mp4".to_vec(),
            "Please upload an MP4, MOV or AVI video file",
        ),
    ];
    for (what, bytes, expected) in cases {
        let (status, v) = message_of(post_video(&app, &c, what, bytes, "clip.mp4").await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{what}: {v}");
        let msg = v["message"].as_str().unwrap();
        assert!(msg.contains(expected), "{what}: {msg}");
    }
    assert!(media_files(&app).is_empty(), "{:?}", media_files(&app));
    assert!(files_in(&app.data_path().join("tmp")).is_empty());
    let mine: Vec<Value> = app
        .get(&c, "/api/employers/internships")
        .await
        .json()
        .await
        .unwrap();
    assert!(mine.is_empty(), "no posting was saved");
}

/// Posts an internship with the fixture video and `VTT` as its captions.
pub(crate) async fn post_captioned(
    app: &TestApp,
    c: &reqwest::Client,
    title: &str,
) -> (StatusCode, Value) {
    let form = posting_form(title)
        .part(
            "videoFile",
            Part::bytes(fixture_video()).file_name("clip.mp4"),
        )
        .part(
            "captionsFile",
            Part::bytes(VTT.as_bytes().to_vec()).file_name("en.vtt"),
        );
    let res = c
        .post(app.url("/api/internships"))
        .multipart(form)
        .send()
        .await
        .unwrap();
    message_of(res).await
}

pub(crate) const VTT: &str = "WEBVTT\n\n00:00:00.000 --> 00:00:04.000\nHello from the captions\n";

#[tokio::test]
async fn captions_travel_with_the_video_and_are_checked() {
    let app = spawn_app().await;
    let (c, _) = app.signup_employer("cc@media.example").await;
    let (status, v) = post_captioned(&app, &c, "Captioned").await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    let url = v["captionsUrl"].as_str().expect("captions");
    let (s, ct, body) = bytes_of(&app, &c, url).await;
    assert_eq!(
        (s, ct.as_str()),
        (StatusCode::OK, "text/vtt; charset=utf-8")
    );
    assert_eq!(body, VTT.as_bytes());

    // Not WebVTT: refused, and neither the video nor anything else is kept.
    let before = media_files(&app);
    let form = posting_form("Bad captions")
        .part(
            "videoFile",
            Part::bytes(fixture_video()).file_name("clip.mp4"),
        )
        .part(
            "captionsFile",
            Part::bytes(b"1\n00:00:01,000 --> 00:00:02,000\nSRT\n".to_vec()).file_name("en.vtt"),
        );
    let res = c
        .post(app.url("/api/internships"))
        .multipart(form)
        .send()
        .await
        .unwrap();
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert!(v["message"].as_str().unwrap().contains("WebVTT"), "{v}");
    assert_eq!(media_files(&app), before);

    // Captions alone replace the posting's captions; the old file goes.
    let id = v_id(&app, &c, "Captioned").await;
    let new_vtt = "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nNew words\n";
    let form = posting_form("Captioned").part(
        "captionsFile",
        Part::bytes(new_vtt.as_bytes().to_vec()).file_name("new.vtt"),
    );
    let res = c
        .put(app.url(&format!("/api/employers/internships/{id}")))
        .multipart(form)
        .send()
        .await
        .unwrap();
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let (_, _, body) = bytes_of(&app, &c, v["captionsUrl"].as_str().unwrap()).await;
    assert_eq!(body, new_vtt.as_bytes());
    assert_eq!(v["videoStatus"], "ready");
    assert_eq!(
        media_files(&app).len(),
        before.len(),
        "old captions removed"
    );
}

async fn v_id(app: &TestApp, c: &reqwest::Client, title: &str) -> u64 {
    let mine: Vec<Value> = app
        .get(c, "/api/employers/internships")
        .await
        .json()
        .await
        .unwrap();
    mine.iter().find(|i| i["title"] == title).unwrap()["id"]
        .as_u64()
        .unwrap()
}

#[tokio::test]
async fn a_conversion_interrupted_by_a_restart_finishes_after_it() {
    let app = spawn_app().await;
    let clip = phone_hevc_mov(3);
    let (c, _) = app.signup_employer("restart@media.example").await;
    let res = post_video(&app, &c, "Interrupted", clip, "IMG.MOV").await;
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    let id = v["id"].as_u64().unwrap();
    // Stop while the worker converts (graceful: ffmpeg is killed, the job stays queued).
    tokio::time::sleep(Duration::from_millis(300)).await;
    let data = app.stop().await;
    let app = start_on(data, false).await;
    // The employer's own session: a clip with sound waits for captions before others see it.
    let v = settled(&app, &c, id).await;
    assert_eq!(v["videoStatus"], "ready", "{v}");
    let (_, _, mp4) = bytes_of(&app, &c, v["videoUrl"].as_str().unwrap()).await;
    assert_web_rendition(&mp4);
    let q = internreel::store::transcodes::queued(&app.state.store().read().unwrap()).unwrap();
    assert!(q.is_empty(), "{q:?}");
}

/// An ffmpeg that probes and makes posters but fails every conversion (a stand-in for a file
/// that decodes at its start and breaks later).
fn failing_ffmpeg_dir() -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let script = "#!/bin/sh\ncase \"$*\" in *libx264*) echo 'Error while decoding stream #0:0: Invalid data found' >&2; exit 1;; esac\nexec ffmpeg \"$@\"\n";
    let ffmpeg = dir.path().join("ffmpeg");
    std::fs::write(&ffmpeg, script).unwrap();
    std::fs::set_permissions(&ffmpeg, std::fs::Permissions::from_mode(0o755)).unwrap();
    let ffprobe = std::process::Command::new("sh")
        .args(["-c", "command -v ffprobe"])
        .output()
        .unwrap();
    let ffprobe = String::from_utf8(ffprobe.stdout).unwrap();
    std::os::unix::fs::symlink(ffprobe.trim(), dir.path().join("ffprobe")).unwrap();
    dir
}

async fn spawn_with_ffmpeg_dir(dir: &Path) -> TestApp {
    crate::helpers::start_with_ffmpeg_dir(tempfile::tempdir().unwrap(), Some(dir.to_path_buf()))
        .await
}

#[tokio::test]
async fn a_conversion_that_fails_twice_marks_the_video_failed_with_a_reason() {
    let tools = failing_ffmpeg_dir();
    let app = spawn_with_ffmpeg_dir(tools.path()).await;
    let (c, _) = app.signup_employer("fail@media.example").await;
    let (status, v) =
        message_of(post_video(&app, &c, "Broken later", avi_mpeg4(), "x.avi").await).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    let id = v["id"].as_u64().unwrap();
    let v = settled(&app, &c, id).await;
    assert_eq!(v["videoStatus"], "failed", "{v}");
    assert!(v["videoUrl"].is_null());
    let reason = v["videoError"].as_str().unwrap();
    assert!(
        reason.contains("Invalid data found") && reason.contains("upload another video"),
        "{reason}"
    );
    // An employer who reads Spanish reads why in Spanish, on the dashboard and the posting.
    let res = app
        .put(&c, "/api/language", serde_json::json!({"language": "es"}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let own = app
        .get_json_in(&c, "/api/employers/internships", "en")
        .await;
    let one = app
        .get_json_in(&c, &format!("/api/internships/{id}"), "en")
        .await;
    for why in [&own[0]["videoError"], &one["videoError"]] {
        let why = why.as_str().unwrap();
        assert!(
            why.starts_with("El video no se pudo convertir para la web (")
                && why.contains("Invalid data found")
                && why.ends_with("Sube otro video."),
            "{why}"
        );
    }
    // The source is gone; the poster stays for the card.
    assert_eq!(media_files(&app).len(), 1, "{:?}", media_files(&app));
    // Another video replaces it.
    let form = posting_form("Broken later").part(
        "videoFile",
        Part::bytes(fixture_video()).file_name("ok.mp4"),
    );
    let res = c
        .put(app.url(&format!("/api/employers/internships/{id}")))
        .multipart(form)
        .send()
        .await
        .unwrap();
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["videoStatus"], "ready", "{v}");
    assert!(v["videoError"].is_null());
    assert_eq!(media_files(&app).len(), 2, "{:?}", media_files(&app));
}

#[tokio::test]
async fn without_ffmpeg_mp4_is_kept_as_sent_and_other_formats_are_refused() {
    let empty = tempfile::tempdir().unwrap();
    let app = spawn_with_ffmpeg_dir(empty.path()).await;
    let c = app.client();
    let h: Value = app.get(&c, "/api/health").await.json().await.unwrap();
    assert_eq!(h["ffmpeg"], false);
    let (c, _) = app.signup_employer("noff@media.example").await;
    let (status, v) =
        message_of(post_video(&app, &c, "Plain", fixture_video(), "a.mp4").await).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    assert_eq!(v["videoStatus"], "ready");
    assert!(v["posterUrl"].is_null() && v["videoDuration"].is_null());
    let (_, _, served) = bytes_of(&app, &c, v["videoUrl"].as_str().unwrap()).await;
    assert_eq!(served, fixture_video(), "stored as sent");
    let (status, v) = message_of(post_video(&app, &c, "Avi", avi_mpeg4(), "a.avi").await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .contains("ffmpeg is not installed"),
        "{v}"
    );
    assert_eq!(media_files(&app).len(), 1);
}

#[tokio::test]
async fn an_admin_fulfils_an_ai_request_with_a_phone_video_and_captions() {
    let app = spawn_app().await;
    let clip = phone_hevc_mov(2);
    let (c, _) = app.signup_employer("ai@media.example").await;
    let posting = app.post_internship(&c, "AI clip").await;
    let id = posting["id"].as_u64().unwrap();
    let admin = app.admin().await;
    let form = reqwest::multipart::Form::new()
        .part("video", Part::bytes(clip).file_name("ai.mov"))
        .part(
            "captions",
            Part::bytes(VTT.as_bytes().to_vec()).file_name("ai.vtt"),
        );
    let (status, v) = app.admin_upload(&admin, id, form).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["videoStatus"], "transcoding");
    let v = settled(&app, &c, id).await;
    assert_eq!(v["videoStatus"], "ready", "{v}");
    assert!(v["captionsUrl"].as_str().is_some() && v["posterUrl"].as_str().is_some());
    let list: Vec<Value> = app
        .get(&admin, "/api/admin/ai-video-requests")
        .await
        .json()
        .await
        .unwrap();
    let row = list.iter().find(|r| r["id"] == id).unwrap();
    assert_eq!(row["status"], "completed");
    assert!(row["posterUrl"].as_str().is_some());
}

#[tokio::test]
async fn the_demo_ships_posters_and_lengths() {
    let app = crate::helpers::spawn_demo().await;
    let c = app.client();
    let list: Vec<Value> = app
        .get(&c, "/api/internships?limit=200")
        .await
        .json()
        .await
        .unwrap();
    let with_video: Vec<&Value> = list
        .iter()
        .filter(|i| i["videoStatus"] == "ready")
        .collect();
    assert!(!with_video.is_empty());
    for i in with_video {
        assert!(
            i["posterUrl"]
                .as_str()
                .is_some_and(|p| p.starts_with("/api/posters/")),
            "{i}"
        );
        assert!(i["videoDuration"].as_f64().is_some_and(|d| d > 1.0), "{i}");
    }
    let samples: Vec<Value> = app
        .get(&c, "/api/landing-samples")
        .await
        .json()
        .await
        .unwrap();
    for s in samples {
        let (status, ct, _) = bytes_of(&app, &c, s["posterUrl"].as_str().unwrap()).await;
        assert_eq!((status, ct.as_str()), (StatusCode::OK, "image/jpeg"));
    }
}

/// Processes whose command line mentions `needle`.
fn processes_mentioning(needle: &str) -> Vec<String> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        if let Ok(cmd) = std::fs::read(entry.path().join("cmdline")) {
            let cmd = String::from_utf8_lossy(&cmd).replace('\0', " ");
            if cmd.contains(needle) && cmd.contains("ffmpeg") {
                out.push(cmd);
            }
        }
    }
    out
}

#[tokio::test]
async fn a_conversion_killed_with_the_server_by_sigkill_is_redone_at_the_next_start() {
    let data = tempfile::tempdir().unwrap();
    // The clip first: made during the session, it could leave the connection idle past the
    // server's 30 s idle timeout on a loaded machine, and the reused connection breaks.
    let clip = phone_hevc_mov(4);
    let server = crate::crash::Server::start(data.path());
    crate::helpers::tls();
    let c = reqwest::Client::builder()
        .cookie_store(true)
        .build()
        .unwrap();
    let res = c
        .post(format!("{}/api/employers", server.addr))
        .json(&crate::helpers::employer_body("sigkill@media.example"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::CREATED);
    let form =
        posting_form("Killed mid-job").part("videoFile", Part::bytes(clip).file_name("IMG.MOV"));
    let res = c
        .post(format!("{}/api/internships", server.addr))
        .multipart(form)
        .send()
        .await
        .unwrap();
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    let id = v["id"].as_u64().unwrap();
    // Wait until ffmpeg writes its output into tmp/, then kill the server mid-job.
    let tmp = data.path().join("tmp");
    let mut writing = false;
    for _ in 0..200 {
        if std::fs::read_dir(&tmp)
            .unwrap()
            .flatten()
            .any(|e| e.metadata().is_ok_and(|m| m.len() > 0))
        {
            writing = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(writing, "the conversion started");
    server.kill();
    // ffmpeg dies with the server instead of burning CPU on a file nobody will read.
    let dir = data.path().to_string_lossy().to_string();
    let mut orphans = processes_mentioning(&dir);
    for _ in 0..50 {
        if orphans.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        orphans = processes_mentioning(&dir);
    }
    assert!(orphans.is_empty(), "{orphans:?}");

    let server = crate::crash::Server::start(data.path());
    let url = format!("{}/api/internships/{id}", server.addr);
    let mut v = Value::Null;
    for _ in 0..600 {
        v = c.get(&url).send().await.unwrap().json().await.unwrap();
        if v["videoStatus"] != "transcoding" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(v["videoStatus"], "ready", "{v}");
    let mp4 = c
        .get(format!(
            "{}{}",
            server.addr,
            v["videoUrl"].as_str().unwrap()
        ))
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    let p = assert_web_rendition(&mp4);
    assert_eq!(stream(&p, "video").unwrap()["height"], 1280);
    drop(server);
}

#[test]
fn the_cli_fulfils_with_an_avi_and_captions_and_converts_it_when_no_server_runs() {
    let data = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_internreel"))
            .arg("--data")
            .arg(data.path())
            .args(args)
            .env_remove("INTERNREEL_DATA")
            .output()
            .unwrap()
    };
    assert!(run(&["seed"]).status.success());
    let out = run(&["ai-requests", "list", "--pending", "--json"]);
    let list: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    let id = list[0]["id"].as_u64().unwrap().to_string();
    let files = tempfile::tempdir().unwrap();
    let (avi, vtt) = (files.path().join("ai.avi"), files.path().join("ai.vtt"));
    std::fs::write(&avi, avi_mpeg4()).unwrap();
    std::fs::write(&vtt, VTT).unwrap();
    let bad = files.path().join("bad.vtt");
    std::fs::write(&bad, "not captions").unwrap();
    let refused = run(&[
        "ai-requests",
        "fulfil",
        &id,
        "--video",
        avi.to_str().unwrap(),
        "--captions",
        bad.to_str().unwrap(),
    ]);
    assert!(!refused.status.success());
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&refused.stdout),
        String::from_utf8_lossy(&refused.stderr)
    );
    assert!(said.contains("WebVTT"), "{said}");

    let ok = run(&[
        "ai-requests",
        "fulfil",
        &id,
        "--video",
        avi.to_str().unwrap(),
        "--captions",
        vtt.to_str().unwrap(),
    ]);
    let said = String::from_utf8_lossy(&ok.stdout).to_string();
    assert!(ok.status.success(), "{ok:?}");
    assert!(
        said.contains("is converting its video for the web"),
        "{said}"
    );
    assert!(said.contains("Converted 1 video(s) for the web"), "{said}");
    let services = internreel::infra::Services::open(data.path()).unwrap();
    let r = services.store.read().unwrap();
    use internreel::store::Reader;
    let i: internreel::store::internships::Internship =
        r.get(id.parse().unwrap()).unwrap().unwrap();
    match i.video {
        internreel::store::internships::Video::Ready(m) => {
            assert!(m.file.ends_with(".mp4") && m.poster.is_some() && m.captions.is_some());
        }
        other => panic!("not ready: {other:?}"),
    }
}

#[tokio::test]
async fn backups_carry_posters_and_captions_and_restore_them() {
    let app = spawn_app().await;
    let (c, _) = app.signup_employer("backup@media.example").await;
    let (status, v) = post_captioned(&app, &c, "Backed up").await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    let name = |key: &str| {
        v[key]
            .as_str()
            .unwrap()
            .rsplit('/')
            .next()
            .unwrap()
            .to_string()
    };
    let (video, poster, captions) = (name("videoUrl"), name("posterUrl"), name("captionsUrl"));

    let dir = tempfile::tempdir().unwrap();
    let archive = dir.path().join("backup.tar");
    internreel::backup::backup(&app.state.services, &archive).unwrap();
    let mut entries: Vec<String> = tar::Archive::new(std::fs::File::open(&archive).unwrap())
        .entries()
        .unwrap()
        .map(|e| e.unwrap().path().unwrap().to_string_lossy().to_string())
        .collect();
    entries.sort();
    for f in [&video, &poster, &captions] {
        assert!(
            entries.contains(&format!("videos/{f}")),
            "{f} in {entries:?}"
        );
    }
    let restored = dir.path().join("restored");
    internreel::backup::restore(&archive, &restored).unwrap();
    for f in [&video, &poster, &captions] {
        assert!(restored.join("videos").join(f).is_file(), "{f} restored");
    }
}

fn ffmpeg(args: &[&str]) {
    let ok = std::process::Command::new("ffmpeg")
        .args(["-hide_banner", "-v", "error", "-y"])
        .args(args)
        .status()
        .expect("ffmpeg runs");
    assert!(ok.success(), "ffmpeg {args:?}");
}

/// Patches an MP4's header durations (mvhd, tkhd, mdhd) to say `seconds`: a file that lies
/// about its length.
fn claim_duration(mp4: &mut [u8], seconds: u32) {
    let find = |b: &[u8], name: &[u8], from: usize| {
        b[from..]
            .windows(4)
            .position(|w| w == name)
            .map(|p| p + from)
    };
    let get = |b: &[u8], at: usize| u32::from_be_bytes(b[at..at + 4].try_into().unwrap());
    let mvhd = find(mp4, b"mvhd", 0).unwrap() + 4;
    let movie_scale = get(mp4, mvhd + 12);
    mp4[mvhd + 16..mvhd + 20].copy_from_slice(&(movie_scale * seconds).to_be_bytes());
    let tkhd = find(mp4, b"tkhd", 0).unwrap() + 4;
    mp4[tkhd + 20..tkhd + 24].copy_from_slice(&(movie_scale * seconds).to_be_bytes());
    let mdhd = find(mp4, b"mdhd", 0).unwrap() + 4;
    let track_scale = get(mp4, mdhd + 12);
    mp4[mdhd + 16..mdhd + 20].copy_from_slice(&(track_scale * seconds).to_be_bytes());
}

async fn upload_video(
    app: &TestApp,
    employer: &Client,
    name: &str,
    bytes: Vec<u8>,
) -> (StatusCode, Value) {
    let form = posting_form("Video helper").part(
        "videoFile",
        reqwest::multipart::Part::bytes(bytes).file_name(name.to_string()),
    );
    let res = employer
        .post(app.url("/api/internships"))
        .multipart(form)
        .send()
        .await
        .unwrap();
    message_of(res).await
}

#[tokio::test]
async fn hostile_videos_are_refused_before_they_cost_memory_or_pass_as_short() {
    let app = spawn_reviewed(false).await;
    let admin = app.admin().await;
    let (employer, _, _) = live_posting(&app, &admin, "videos").await;
    let dir = tempfile::tempdir().unwrap();

    // 8000×8000 in a few hundred KB.
    let big = dir.path().join("big.mov");
    ffmpeg(&[
        "-f",
        "lavfi",
        "-i",
        "color=c=blue:s=8000x8000:d=0.2:r=5",
        "-c:v",
        "mpeg4",
        "-q:v",
        "31",
        "-f",
        "mov",
        big.to_str().unwrap(),
    ]);
    let (status, v) = upload_video(&app, &employer, "big.mov", std::fs::read(&big).unwrap()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(
        v["message"],
        "Videos can be at most 4K (3840×2160 pixels); this one is 8000×8000. Please export it at 1080p and upload it again."
    );

    // A 100-second clip whose header says 60 seconds.
    let long = dir.path().join("long.mp4");
    ffmpeg(&[
        "-f",
        "lavfi",
        "-i",
        "color=c=red:s=64x64:d=100:r=2",
        "-c:v",
        "libx264",
        "-pix_fmt",
        "yuv420p",
        "-movflags",
        "+faststart",
        long.to_str().unwrap(),
    ]);
    let mut bytes = std::fs::read(&long).unwrap();
    claim_duration(&mut bytes, 60);
    let (status, v) = upload_video(&app, &employer, "long.mp4", bytes).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert!(
        v["message"].as_str().unwrap().starts_with(
            "Videos can be at most 1 minute 30 seconds long; this one is 1 minute 40 seconds"
        ),
        "{v}"
    );
}
