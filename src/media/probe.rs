//! What ffprobe says about a file, and the rules an uploaded video must pass. No IO here:
//! `tools.rs` runs ffprobe and hands its JSON to `parse`.

use serde::Deserialize;

/// The longest video accepted, in seconds (the posting form's guidance: 1 minute 30 seconds).
pub const MAX_SECONDS: f64 = 90.0;
/// Phones round a "1:30" clip up by a few frames; this much over the limit still passes.
const LENGTH_SLACK: f64 = 0.5;
/// The rendition's longest side.
pub const MAX_SIDE: u32 = 1280;
/// The largest upload accepted: 4096 px on a side, 8.3 megapixels (4K UHD); a phone's 4K
/// clip passes, a file made to exhaust the converter's memory does not.
pub const MAX_UPLOAD_SIDE: u32 = 4096;
pub const MAX_UPLOAD_PIXELS: u64 = 3840 * 2160;
/// Above this a source is re-encoded even when its codecs play everywhere (bits per second).
const MAX_PASSTHROUGH_BITRATE: u64 = 2_500_000;

#[derive(Debug, Clone, PartialEq)]
pub struct Probe {
    /// ffprobe's demuxer names, e.g. "mov,mp4,m4a,3gp,3g2,mj2" or "avi".
    pub format: String,
    pub duration: Option<f64>,
    pub bit_rate: Option<u64>,
    pub video: Option<VideoStream>,
    pub audio: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct VideoStream {
    pub codec: String,
    pub profile: String,
    pub pix_fmt: String,
    pub width: u32,
    pub height: u32,
    /// Degrees the player must turn the frames (a phone's portrait clip: ±90).
    pub rotation: i32,
}

#[derive(Deserialize)]
struct Raw {
    #[serde(default)]
    streams: Vec<RawStream>,
    format: Option<RawFormat>,
}

#[derive(Deserialize)]
struct RawFormat {
    #[serde(default)]
    format_name: String,
    duration: Option<String>,
    bit_rate: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct RawStream {
    codec_type: String,
    codec_name: String,
    profile: String,
    pix_fmt: String,
    width: u32,
    height: u32,
    duration: Option<String>,
    disposition: Option<RawDisposition>,
    tags: Option<std::collections::HashMap<String, String>>,
    side_data_list: Vec<RawSideData>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct RawDisposition {
    attached_pic: u8,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct RawSideData {
    rotation: Option<f64>,
}

/// Reads `ffprobe -print_format json -show_format -show_streams` output.
pub fn parse(json: &[u8]) -> Result<Probe, String> {
    let raw: Raw = serde_json::from_slice(json).map_err(|e| format!("ffprobe's answer: {e}"))?;
    let format = raw.format.ok_or("ffprobe found no container")?;
    let num = |s: &Option<String>| s.as_deref().and_then(|v| v.parse::<f64>().ok());
    // Cover art in an audio file is a "video" stream of one picture: not a video.
    let video = raw.streams.iter().find(|s| {
        s.codec_type == "video" && s.disposition.as_ref().is_none_or(|d| d.attached_pic == 0)
    });
    let audio = raw.streams.iter().find(|s| s.codec_type == "audio");
    let duration = num(&format.duration)
        .or_else(|| video.and_then(|v| num(&v.duration)))
        .filter(|d| d.is_finite() && *d >= 0.0);
    Ok(Probe {
        format: format.format_name,
        duration,
        bit_rate: format.bit_rate.and_then(|b| b.parse().ok()),
        video: video.map(|v| VideoStream {
            codec: v.codec_name.clone(),
            profile: v.profile.clone(),
            pix_fmt: v.pix_fmt.clone(),
            width: v.width,
            height: v.height,
            rotation: rotation_of(v),
        }),
        audio: audio.map(|a| a.codec_name.clone()),
    })
}

/// The speech-level milliseconds in ffmpeg's `ametadata` print of `ebur128`'s momentary
/// loudness: `frame:N pts:P pts_time:T` lines, each followed by `lavfi.r128.M=LUFS`.
pub fn loud_ms(out: &[u8]) -> u32 {
    let text = String::from_utf8_lossy(out);
    let mut readings: Vec<(f64, f64)> = Vec::new();
    let mut at: Option<f64> = None;
    for line in text.lines() {
        if let Some(t) = line
            .split_whitespace()
            .find_map(|w| w.strip_prefix("pts_time:"))
        {
            at = t.parse().ok().filter(|t: &f64| t.is_finite());
        } else if let Some(m) = line.trim().strip_prefix("lavfi.r128.M=")
            && let (Some(t), Ok(m)) = (at.take(), m.parse::<f64>())
        {
            readings.push((t, m));
        }
    }
    crate::domain::captions_rule::loud_ms(&readings, 0.1)
}

fn rotation_of(v: &RawStream) -> i32 {
    let side = v.side_data_list.iter().find_map(|d| d.rotation);
    let tag = v
        .tags
        .as_ref()
        .and_then(|t| t.get("rotate"))
        .and_then(|r| r.parse::<f64>().ok());
    let deg = side.or(tag).unwrap_or(0.0).round() as i32;
    deg.rem_euclid(360)
}

/// "1 minute 40 seconds", "2 minutes", "45 seconds".
pub fn spoken_length(seconds: f64) -> String {
    let total = seconds.round().max(0.0) as u64;
    let (m, s) = (total / 60, total % 60);
    let unit = |n: u64, one: &str| format!("{n} {one}{}", if n == 1 { "" } else { "s" });
    match (m, s) {
        (0, s) => unit(s, "second"),
        (m, 0) => unit(m, "minute"),
        (m, s) => format!("{} {}", unit(m, "minute"), unit(s, "second")),
    }
}

/// `spoken_length` by key, for the reader's language.
pub fn spoken_length_text(seconds: f64) -> crate::domain::said::Text {
    let total = seconds.round().max(0.0) as u64;
    match (total / 60, total % 60) {
        (0, 1) => crate::said!("n-1-second"),
        (0, s) => crate::said!("n-seconds", n = s),
        (1, 0) => crate::said!("n-1-minute"),
        (m, 0) => crate::said!("n-minutes", n = m),
        (1, 1) => crate::said!("n-1-minute-1-second"),
        (1, s) => crate::said!("n-1-minute-s-seconds", s = s),
        (m, 1) => crate::said!("m-minutes-1-second", m = m),
        (m, s) => crate::said!("m-minutes-s-seconds", m = m, s = s),
    }
}

/// Why a probed file cannot be a posting's video, in words for the employer.
pub fn refusal(p: &Probe) -> Option<String> {
    if p.video
        .as_ref()
        .is_none_or(|v| v.width == 0 || v.height == 0)
    {
        return Some(crate::said!("this-file-has-no-video-track-is").into());
    }
    if let Some(v) = &p.video
        && (v.width.max(v.height) > MAX_UPLOAD_SIDE
            || u64::from(v.width) * u64::from(v.height) > MAX_UPLOAD_PIXELS)
    {
        return Some(
            crate::said!(
                "videos-can-be-at-most-4k-3840",
                width = v.width,
                height = v.height
            )
            .into(),
        );
    }
    match p.duration {
        Some(d) => too_long(d),
        _ => None,
    }
}

/// The refusal of a video `seconds` long, if it is over the limit (also for the length
/// counted from the stream's packets, which a patched header cannot shorten).
pub fn too_long(seconds: f64) -> Option<String> {
    (seconds > MAX_SECONDS + LENGTH_SLACK).then(|| {
        crate::said!(
            "videos-can-be-at-most-1-minute",
            length = spoken_length_text(seconds)
        )
        .into()
    })
}

/// The length of a video stream from ffprobe's packet list (`pts_time,duration_time` per
/// line): the end of its last packet.
pub fn packets_end(csv: &[u8]) -> Option<f64> {
    String::from_utf8_lossy(csv)
        .lines()
        .filter_map(|l| {
            let mut parts = l.split(',');
            let pts: f64 = parts.next()?.trim().parse().ok()?;
            let dur: f64 = parts
                .next()
                .and_then(|d| d.trim().parse().ok())
                .unwrap_or(0.0);
            Some(pts + dur)
        })
        .fold(None, |end: Option<f64>, t| {
            Some(end.map_or(t, |e| e.max(t)))
        })
}

/// Whether the upload already plays in every current browser as it is: H.264 (8-bit 4:2:0)
/// with AAC or no sound in an MP4, upright, small enough. Such a file is only rewritten with
/// its index first (a stream copy), not re-encoded.
pub fn plays_everywhere(p: &Probe, sniffed_ext: &str) -> bool {
    let Some(v) = &p.video else { return false };
    let profile_ok = matches!(
        v.profile.as_str(),
        "Baseline" | "Constrained Baseline" | "Main" | "High"
    );
    sniffed_ext == "mp4"
        && v.codec == "h264"
        && profile_ok
        && v.pix_fmt == "yuv420p"
        && v.rotation == 0
        && v.width.max(v.height) <= MAX_SIDE
        && p.audio.as_deref().is_none_or(|a| a == "aac")
        && p.bit_rate.is_none_or(|b| b <= MAX_PASSTHROUGH_BITRATE)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A refusal as an English reader reads it.
    fn en(e: String) -> String {
        crate::i18n::Lang::En.tr(&e).into_owned()
    }

    #[test]
    fn loud_time_is_read_from_the_meters_print() {
        let out = b"frame:0    pts:0       pts_time:0\nlavfi.r128.M=-120.691\nframe:1    pts:2400    pts_time:0.1\nlavfi.r128.M=-21.5\nframe:2    pts:4800    pts_time:0.2\nlavfi.r128.M=-22\n";
        assert_eq!(loud_ms(out), 200);
        assert_eq!(loud_ms(b""), 0);
    }

    fn phone_clip() -> &'static str {
        r#"{"streams":[{"codec_type":"video","codec_name":"hevc","profile":"Main","pix_fmt":"yuv420p",
            "width":1920,"height":1080,"side_data_list":[{"side_data_type":"Display Matrix","rotation":-90}],
            "disposition":{"attached_pic":0}},
            {"codec_type":"audio","codec_name":"aac"}],
            "format":{"format_name":"mov,mp4,m4a,3gp,3g2,mj2","duration":"12.345","bit_rate":"9000000"}}"#
    }

    #[test]
    fn a_phone_clip_is_read_with_its_rotation() {
        let p = parse(phone_clip().as_bytes()).unwrap();
        let v = p.video.as_ref().unwrap();
        assert_eq!(
            (v.codec.as_str(), v.width, v.height, v.rotation),
            ("hevc", 1920, 1080, 270)
        );
        assert_eq!(p.audio.as_deref(), Some("aac"));
        assert_eq!(p.duration, Some(12.345));
        assert_eq!(refusal(&p), None);
        assert!(!plays_everywhere(&p, "mov"));
    }

    #[test]
    fn audio_only_and_cover_art_have_no_video_track() {
        let audio = r#"{"streams":[{"codec_type":"audio","codec_name":"mp3"},
            {"codec_type":"video","codec_name":"mjpeg","width":300,"height":300,"disposition":{"attached_pic":1}}],
            "format":{"format_name":"mp3","duration":"30.0"}}"#;
        let p = parse(audio.as_bytes()).unwrap();
        assert!(p.video.is_none());
        assert!(en(refusal(&p).unwrap()).contains("no video track"));
    }

    #[test]
    fn a_long_video_is_refused_with_both_lengths() {
        let mut p = parse(phone_clip().as_bytes()).unwrap();
        p.duration = Some(100.2);
        assert_eq!(
            en(refusal(&p).unwrap()),
            "Videos can be at most 1 minute 30 seconds long; this one is 1 minute 40 seconds."
        );
        p.duration = Some(90.3);
        assert_eq!(refusal(&p), None);
    }

    #[test]
    fn lengths_are_spoken() {
        assert_eq!(spoken_length(45.0), "45 seconds");
        assert_eq!(spoken_length(61.0), "1 minute 1 second");
        assert_eq!(spoken_length(120.4), "2 minutes");
        assert_eq!(spoken_length(1.0), "1 second");
    }

    #[test]
    fn web_ready_mp4_is_passed_through() {
        let json = r#"{"streams":[{"codec_type":"video","codec_name":"h264","profile":"High","pix_fmt":"yuv420p",
            "width":360,"height":640}],"format":{"format_name":"mov,mp4,m4a,3gp,3g2,mj2","duration":"5.0","bit_rate":"577188"}}"#;
        let p = parse(json.as_bytes()).unwrap();
        assert!(plays_everywhere(&p, "mp4"));
        assert!(!plays_everywhere(&p, "mov"));
        let mut rotated = p.clone();
        rotated.video.as_mut().unwrap().rotation = 90;
        assert!(!plays_everywhere(&rotated, "mp4"));
        let mut ten_bit = p.clone();
        ten_bit.video.as_mut().unwrap().pix_fmt = "yuv420p10le".into();
        assert!(!plays_everywhere(&ten_bit, "mp4"));
    }

    #[test]
    fn garbage_is_an_error() {
        assert!(parse(b"not json").is_err());
        assert!(parse(b"{}").is_err());
    }
}
