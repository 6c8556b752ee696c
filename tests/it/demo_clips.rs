//! The demo's clips (fixtures/make-videos.sh): every demo posting with a video plays its own
//! clip, named after its key, with a poster beside it; the postings' and the landing page's
//! clips are 720x1280 H.264, 8 to 15 seconds long and small enough to ship in the binary.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures");
/// The marker of postings still waiting for their AI video (they have no clip).
const AI_MARKER: &str = "AI_VIDEO_PROCESSING";
const MAX_BYTES: u64 = 400 * 1024;

fn json(path: &str) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// (posting key, video file name) of every demo posting that has a video.
fn posting_videos() -> Vec<(String, String)> {
    let demo = json(concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/demo.json"));
    demo["internships"]
        .as_array()
        .expect("demo.json has internships")
        .iter()
        .filter(|i| i["video"] != AI_MARKER)
        .map(|i| {
            let key = i["key"].as_str().expect("every posting has a key");
            let video = i["video"]
                .as_str()
                .unwrap_or_else(|| panic!("{key}: no video"));
            (key.to_string(), video.to_string())
        })
        .collect()
}

/// The video file names of the landing page's samples.
fn landing_videos() -> Vec<String> {
    json(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/landing-samples.json"
    ))
    .as_array()
    .expect("landing-samples.json is a list")
    .iter()
    .map(|s| {
        s["video"]
            .as_str()
            .expect("every sample has a video")
            .to_string()
    })
    .collect()
}

fn video_path(name: &str) -> PathBuf {
    Path::new(FIXTURES).join("videos").join(name)
}

fn poster_path(name: &str) -> PathBuf {
    let stem = name.strip_suffix(".mp4").unwrap_or(name);
    Path::new(FIXTURES)
        .join("posters")
        .join(format!("{stem}.jpg"))
}

#[test]
fn every_demo_posting_with_a_video_has_its_own_clip_and_poster() {
    let postings = posting_videos();
    assert!(
        postings.len() >= 20,
        "only {} postings have a video",
        postings.len()
    );
    let mut problems = Vec::new();
    let mut owner: HashMap<&str, &str> = HashMap::new();
    for (key, video) in &postings {
        if let Some(other) = owner.insert(video, key) {
            problems.push(format!("{key} and {other} share {video}"));
        }
        if *video != format!("{key}.mp4") {
            problems.push(format!("{key} plays {video}, not {key}.mp4"));
        }
    }
    let referenced = postings
        .iter()
        .map(|(_, v)| v.clone())
        .chain(landing_videos());
    for video in referenced {
        if !video_path(&video).is_file() {
            problems.push(format!("fixtures/videos/{video} is missing"));
        }
        let poster = poster_path(&video);
        if !poster.is_file() {
            problems.push(format!("{} is missing", poster.display()));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// What ffprobe says about a file.
fn ffprobe(path: &Path) -> Value {
    let out = std::process::Command::new("ffprobe")
        .args([
            "-v",
            "error",
            "-print_format",
            "json",
            "-show_format",
            "-show_streams",
        ])
        .arg(path)
        .output()
        .expect("the demo clip tests need ffprobe: run `apt-get install -y ffmpeg` (as root)");
    assert!(out.status.success(), "ffprobe reads {}", path.display());
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn demo_and_landing_clips_are_720x1280_h264_8_to_15_seconds_and_small() {
    let names: Vec<String> = posting_videos()
        .into_iter()
        .map(|(_, v)| v)
        .chain(landing_videos())
        .collect();
    let mut problems = Vec::new();
    for name in &names {
        let path = video_path(name);
        let Ok(meta) = std::fs::metadata(&path) else {
            problems.push(format!("{name}: missing"));
            continue;
        };
        if meta.len() > MAX_BYTES {
            problems.push(format!(
                "{name}: {} bytes, more than {MAX_BYTES}",
                meta.len()
            ));
        }
        let probe = ffprobe(&path);
        let streams = probe["streams"].as_array().cloned().unwrap_or_default();
        let Some(v) = streams.iter().find(|s| s["codec_type"] == "video") else {
            problems.push(format!("{name}: no video stream"));
            continue;
        };
        if v["codec_name"] != "h264" {
            problems.push(format!("{name}: codec {}, not h264", v["codec_name"]));
        }
        if v["pix_fmt"] != "yuv420p" {
            problems.push(format!(
                "{name}: pixel format {}, not yuv420p",
                v["pix_fmt"]
            ));
        }
        if (v["width"].as_u64(), v["height"].as_u64()) != (Some(720), Some(1280)) {
            problems.push(format!(
                "{name}: {}x{}, not 720x1280",
                v["width"], v["height"]
            ));
        }
        let seconds = probe["format"]["duration"]
            .as_str()
            .and_then(|d| d.parse::<f64>().ok())
            .unwrap_or(0.0);
        if !(8.0..=15.0).contains(&seconds) {
            problems.push(format!("{name}: {seconds} s long, not 8 to 15 s"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
