//! The demo's clips (fixtures/make-videos.sh): every demo posting with a video plays its own
//! clip, named after its key, with a poster beside it; the postings' and the landing page's
//! clips are 720x1280 H.264, 8 to 15 seconds long and small enough to ship in the binary.
//! Most are narrated: a narrated clip has an AAC sound track and WebVTT captions beside it
//! (fixtures/captions/<stem>.vtt) whose cues end within the clip; a silent clip has neither.

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

/// The captions file of a clip: `fixtures/captions/<stem>.vtt`.
fn captions_path(name: &str) -> PathBuf {
    let stem = name.strip_suffix(".mp4").unwrap_or(name);
    Path::new(FIXTURES)
        .join("captions")
        .join(format!("{stem}.vtt"))
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

/// Every posting's and landing sample's clip file name.
fn all_clips() -> Vec<String> {
    posting_videos()
        .into_iter()
        .map(|(_, v)| v)
        .chain(landing_videos())
        .collect()
}

/// `hh:mm:ss.ttt` or `mm:ss.ttt` in seconds.
fn vtt_time(s: &str) -> Option<f64> {
    let (clock, ms) = s.split_once('.')?;
    if ms.len() != 3 || !ms.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let parts: Vec<&str> = clock.split(':').collect();
    if parts.len() < 2
        || parts.len() > 3
        || parts
            .iter()
            .any(|p| p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    let nums = parts
        .iter()
        .map(|p| p.parse::<u64>().ok())
        .collect::<Option<Vec<u64>>>()?;
    let (h, m, sec) = match nums.as_slice() {
        [m, s] => (0, *m, *s),
        [h, m, s] => (*h, *m, *s),
        _ => return None,
    };
    if m > 59 || sec > 59 || parts[parts.len() - 1].len() != 2 || parts[parts.len() - 2].len() != 2
    {
        return None;
    }
    let ms: u64 = ms.parse().ok()?;
    Some(((h * 60 + m) * 60 + sec) as f64 + ms as f64 / 1000.0)
}

/// The cues of a WebVTT file as (start, end, text lines), or what is wrong with it: the
/// first line is WEBVTT, every cue has a timing line `start --> end` with end after start,
/// cues do not start before the one before them, and every cue has one or two lines of text.
fn parse_vtt(text: &str) -> Result<Vec<(f64, f64, Vec<String>)>, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut blocks = text.split("\n\n");
    let header = blocks.next().unwrap_or("");
    let first = header.lines().next().unwrap_or("");
    if first != "WEBVTT" && !first.starts_with("WEBVTT ") && !first.starts_with("WEBVTT\t") {
        return Err(format!("the first line is {first:?}, not WEBVTT"));
    }
    if header.contains("-->") {
        return Err("a cue sits in the header block (no blank line after WEBVTT)".into());
    }
    let mut cues: Vec<(f64, f64, Vec<String>)> = Vec::new();
    for block in blocks {
        let lines: Vec<&str> = block.lines().filter(|l| !l.trim().is_empty()).collect();
        // Comments and style blocks carry no cue.
        if lines.is_empty()
            || ["NOTE", "STYLE", "REGION"]
                .iter()
                .any(|k| lines[0].starts_with(k))
        {
            continue;
        }
        let Some(at) = lines.iter().position(|l| l.contains("-->")) else {
            return Err(format!("a block without a cue timing: {block:?}"));
        };
        if at > 1 {
            return Err(format!(
                "more than an identifier before the timing: {block:?}"
            ));
        }
        let (start, rest) = lines[at].split_once("-->").unwrap_or_default();
        let end = rest.split_whitespace().next().unwrap_or("");
        let (Some(start), Some(end)) = (vtt_time(start.trim()), vtt_time(end)) else {
            return Err(format!("not a cue timing: {:?}", lines[at]));
        };
        if end <= start {
            return Err(format!("a cue ends before it starts: {:?}", lines[at]));
        }
        if cues
            .last()
            .is_some_and(|(previous, _, _)| start < *previous)
        {
            return Err(format!("cues out of order at {:?}", lines[at]));
        }
        let words: Vec<String> = lines[at + 1..].iter().map(|l| l.to_string()).collect();
        if words.is_empty() || words.len() > 2 {
            return Err(format!(
                "a cue with {} lines of text: {block:?}",
                words.len()
            ));
        }
        if words.iter().any(|l| l.contains("-->")) {
            return Err(format!("two timings in one cue: {block:?}"));
        }
        cues.push((start, end, words));
    }
    if cues.is_empty() {
        return Err("no cues".into());
    }
    Ok(cues)
}

#[test]
fn the_vtt_checker_tells_good_files_from_bad() {
    let good = "WEBVTT\n\n1\n00:00:00.600 --> 00:00:02.500\nHi! We're Sproutly Labs.\n\n2\n00:02.500 --> 00:05.000\nLine one\nline two\n";
    let cues = parse_vtt(good).expect("a good file");
    assert_eq!(cues.len(), 2);
    assert!((cues[1].0 - 2.5).abs() < 1e-9, "{:?}", cues[1]);
    assert_eq!(cues[1].2, ["Line one", "line two"]);
    for bad in [
        "WEBVT\n\n00:00:00.000 --> 00:00:01.000\nHi\n",
        "WEBVTT\n\n00:00:02.000 --> 00:00:01.000\nbackwards\n",
        "WEBVTT\n\n00:00:00.000 --> 00:00:01.00\nshort millis\n",
        "WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n",
        "WEBVTT\n\n00:00:00.000 --> 00:00:01.000\none\ntwo\nthree\n",
        "WEBVTT\n\n00:00:03.000 --> 00:00:04.000\nlater\n\n00:00:01.000 --> 00:00:02.000\nearlier\n",
        "WEBVTT\n",
    ] {
        assert!(parse_vtt(bad).is_err(), "accepted {bad:?}");
    }
}

#[test]
fn narrated_clips_have_sound_and_captions_that_fit_them() {
    let mut problems = Vec::new();
    let mut narrated = 0;
    let clips = all_clips();
    for name in &clips {
        let path = video_path(name);
        if !path.is_file() {
            problems.push(format!("{name}: missing"));
            continue;
        }
        let probe = ffprobe(&path);
        let streams = probe["streams"].as_array().cloned().unwrap_or_default();
        let audio = streams.iter().find(|s| s["codec_type"] == "audio");
        let captions = captions_path(name);
        let seconds = probe["format"]["duration"]
            .as_str()
            .and_then(|d| d.parse::<f64>().ok())
            .unwrap_or(0.0);
        let has_captions = captions.is_file();
        match (audio, has_captions) {
            (Some(a), true) => {
                narrated += 1;
                if a["codec_name"] != "aac" {
                    problems.push(format!("{name}: sound in {}, not AAC", a["codec_name"]));
                }
                if a["channels"].as_u64() != Some(1) {
                    problems.push(format!(
                        "{name}: {} sound channels, not mono",
                        a["channels"]
                    ));
                }
            }
            (Some(_), false) => problems.push(format!(
                "{name} has a sound track but no captions ({})",
                captions.display()
            )),
            (None, true) => problems.push(format!(
                "{name} has captions ({}) but no sound track",
                captions.display()
            )),
            (None, false) => {}
        }
        if !has_captions {
            continue;
        }
        let text = match std::fs::read_to_string(&captions) {
            Ok(t) => t,
            Err(e) => {
                problems.push(format!("{}: {e}", captions.display()));
                continue;
            }
        };
        match parse_vtt(&text) {
            Err(e) => problems.push(format!("{}: {e}", captions.display())),
            Ok(cues) => {
                for (start, end, lines) in &cues {
                    if *end > seconds + 0.001 {
                        problems.push(format!(
                            "{}: a cue ends at {end} s, after the clip's {seconds} s",
                            captions.display()
                        ));
                    }
                    if *start < 0.0 {
                        problems.push(format!("{}: a cue starts before 0", captions.display()));
                    }
                    for line in lines {
                        if line.chars().count() > 42 {
                            problems.push(format!(
                                "{}: the caption line {line:?} is longer than 42 characters",
                                captions.display()
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(
        narrated * 3 >= clips.len() * 2,
        "only {narrated} of {} clips are narrated",
        clips.len()
    );
    // No captions file without its clip.
    let dir = Path::new(FIXTURES).join("captions");
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let file = entry.unwrap().file_name().to_string_lossy().into_owned();
        let Some(stem) = file.strip_suffix(".vtt") else {
            problems.push(format!("fixtures/captions/{file} is not a .vtt file"));
            continue;
        };
        if !clips.contains(&format!("{stem}.mp4")) {
            problems.push(format!("fixtures/captions/{file} belongs to no demo clip"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
