//! ffmpeg and ffprobe, run as external programs (Debian's `ffmpeg` package), the way PeerTube
//! and Jellyfin use them. Every run has a time limit and is killed when its future is dropped.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use anyhow::{Context, anyhow};
use tokio::process::Command;

use super::probe::{self, MAX_SIDE, Probe};

/// Video bitrate cap: 90 s of video and 128 kb/s of sound stay near 20 MB.
const MAX_VIDEO_KBPS: u32 = 1600;
const PROBE_LIMIT: Duration = Duration::from_secs(30);
const POSTER_LIMIT: Duration = Duration::from_secs(60);
const REMUX_LIMIT: Duration = Duration::from_secs(120);
const TRANSCODE_LIMIT: Duration = Duration::from_secs(30 * 60);
/// ffprobe's arguments before the file: everything it knows, as JSON.
const PROBE_ARGS: [&str; 6] = [
    "-v",
    "error",
    "-print_format",
    "json",
    "-show_format",
    "-show_streams",
];
const LOUDNESS_LIMIT: Duration = Duration::from_secs(60);
/// After the input: the first audio stream through the EBU R128 meter, each momentary
/// loudness reading printed with its time on standard output, nothing written.
const LOUDNESS_ARGS: [&str; 7] = [
    "-map",
    "0:a:0",
    "-af",
    "ebur128=metadata=1,ametadata=mode=print:key=lavfi.r128.M:file=-",
    "-f",
    "null",
    "-",
];
/// ffmpeg's arguments before the input file.
const INPUT_ARGS: [&str; 6] = ["-hide_banner", "-nostdin", "-v", "error", "-y", "-i"];
/// A web MP4: no metadata (a phone writes where it was filmed), the index first.
const WEB_MP4_ARGS: [&str; 6] = [
    "-map_metadata",
    "-1",
    "-movflags",
    "+faststart",
    "-f",
    "mp4",
];

/// Where the two programs are.
#[derive(Debug, Clone)]
pub struct Tools {
    pub ffmpeg: PathBuf,
    pub ffprobe: PathBuf,
}

/// How a run ended badly: the file was not what it claimed, or the tool itself failed.
#[derive(Debug)]
pub enum RunError {
    /// The program ran and refused the input (its last stderr lines).
    Input(String),
    Other(anyhow::Error),
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Input(s) => f.write_str(s),
            RunError::Other(e) => write!(f, "{e:#}"),
        }
    }
}

impl Tools {
    /// Finds both programs in `dir`, or on PATH; None when either is missing or does not run.
    pub fn find(dir: Option<&Path>) -> Option<Tools> {
        let locate = |name: &str| -> Option<PathBuf> {
            match dir {
                Some(d) => Some(d.join(name)).filter(|p| p.is_file()),
                None => std::env::var_os("PATH").and_then(|paths| {
                    std::env::split_paths(&paths)
                        .map(|p| p.join(name))
                        .find(|p| p.is_file())
                }),
            }
        };
        let tools = Tools {
            ffmpeg: locate("ffmpeg")?,
            ffprobe: locate("ffprobe")?,
        };
        // Both started before either is waited for.
        let start = |p: &Path| {
            std::process::Command::new(p)
                .arg("-version")
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
        };
        let ran = |child: std::io::Result<std::process::Child>| {
            child.and_then(|mut c| c.wait()).is_ok_and(|s| s.success())
        };
        let (ffmpeg, ffprobe) = (start(&tools.ffmpeg), start(&tools.ffprobe));
        let (ffmpeg, ffprobe) = (ran(ffmpeg), ran(ffprobe));
        (ffmpeg && ffprobe).then_some(tools)
    }

    /// Reads the container and streams of `file`.
    pub async fn probe(&self, file: &Path) -> Result<Probe, RunError> {
        let mut cmd = Command::new(&self.ffprobe);
        cmd.args(PROBE_ARGS).arg(file);
        let out = run(cmd, PROBE_LIMIT, Memory::Small).await?;
        probe::parse(&out).map_err(RunError::Input)
    }

    /// How long the first video stream really is: the end of its last packet (the container's
    /// duration fields can be patched to say anything).
    pub async fn packets_end(&self, file: &Path) -> Result<Option<f64>, RunError> {
        let mut cmd = Command::new(&self.ffprobe);
        cmd.args(["-v", "error", "-select_streams", "v:0", "-show_entries"])
            .args(["packet=pts_time,duration_time", "-of", "csv=p=0"])
            .arg(file);
        let out = run(cmd, PROBE_LIMIT, Memory::Small).await?;
        Ok(probe::packets_end(&out))
    }

    /// How long the first audio stream of `file` is at speech level: its EBU R128 momentary
    /// loudness (`ebur128`, a reading every 100 ms) printed per reading and added up
    /// (domain/captions_rule.rs). Milliseconds.
    pub async fn loud_ms(&self, file: &Path) -> Result<u32, RunError> {
        let mut cmd = Command::new(&self.ffmpeg);
        cmd.args(INPUT_ARGS).arg(file).args(LOUDNESS_ARGS);
        let out = run(cmd, LOUDNESS_LIMIT, Memory::Small).await?;
        Ok(probe::loud_ms(&out))
    }

    /// `loud_ms` for code outside the async runtime (the demo's trusted clips).
    pub fn loud_ms_blocking(&self, file: &Path) -> Result<u32, RunError> {
        let out = std::process::Command::new(&self.ffmpeg)
            .args(INPUT_ARGS)
            .arg(file)
            .args(LOUDNESS_ARGS)
            .stdin(Stdio::null())
            .output()
            .context("while running ffmpeg")
            .map_err(RunError::Other)?;
        if !out.status.success() {
            return Err(RunError::Input(
                String::from_utf8_lossy(&out.stderr).trim().to_string(),
            ));
        }
        Ok(probe::loud_ms(&out.stdout))
    }

    /// `probe` for code outside the async runtime (seeding the demo's trusted clips).
    pub fn probe_blocking(&self, file: &Path) -> Result<Probe, RunError> {
        let out = std::process::Command::new(&self.ffprobe)
            .args(PROBE_ARGS)
            .arg(file)
            .stdin(Stdio::null())
            .output()
            .context("while running ffprobe")
            .map_err(RunError::Other)?;
        if !out.status.success() {
            return Err(RunError::Input(
                String::from_utf8_lossy(&out.stderr).trim().to_string(),
            ));
        }
        probe::parse(&out.stdout).map_err(RunError::Input)
    }

    /// A JPEG of the frame at about one second (the first frame of shorter clips), upright,
    /// no larger than the rendition. Decoding it also proves the video stream decodes.
    pub async fn poster(
        &self,
        src: &Path,
        out: &Path,
        duration: Option<f64>,
    ) -> Result<(), RunError> {
        let at = if duration.is_some_and(|d| d > 1.5) {
            "1"
        } else {
            "0"
        };
        let mut cmd = Command::new(&self.ffmpeg);
        // `-ss` before the input: a fast seek to the frame (an input option, so before `-i`).
        cmd.args(["-ss", at])
            .args(INPUT_ARGS)
            .arg(src)
            .args(["-map", "0:v:0", "-frames:v", "1", "-vf"])
            .arg(format!("{},format=yuvj420p", scale_filter()))
            .args(["-q:v", "4", "-f", "image2", "-c:v", "mjpeg"])
            .arg(out);
        run(cmd, POSTER_LIMIT, Memory::Small).await?;
        nonempty(out)
    }

    /// Rewrites an MP4 that already plays everywhere with its index first (`faststart`) and
    /// without its metadata (a phone writes where it was filmed), streams copied as they are.
    pub async fn remux(&self, src: &Path, out: &Path) -> Result<(), RunError> {
        let mut cmd = Command::new(&self.ffmpeg);
        cmd.args(INPUT_ARGS)
            .arg(src)
            .args(["-map", "0:v:0", "-map", "0:a:0?", "-c", "copy"])
            .args(WEB_MP4_ARGS)
            .arg(out);
        run(cmd, REMUX_LIMIT, Memory::Small).await?;
        nonempty(out)
    }

    /// The web rendition: H.264 High 4:2:0 (longest side at most 1280 px, rotation applied,
    /// bitrate capped) with AAC sound when the source has sound, `faststart`. Runs at the
    /// lowest CPU priority so the site stays fast while it works.
    pub async fn transcode(&self, src: &Path, out: &Path, has_audio: bool) -> Result<(), RunError> {
        let mut cmd = Command::new(&self.ffmpeg);
        cmd.args(INPUT_ARGS).arg(src).args(["-map", "0:v:0"]);
        if has_audio {
            cmd.args(["-map", "0:a:0", "-c:a", "aac", "-b:a", "128k", "-ac", "2"]);
        } else {
            cmd.arg("-an");
        }
        cmd.args(["-vf", &scale_filter()])
            .args([
                "-c:v",
                "libx264",
                "-preset",
                "veryfast",
                "-profile:v",
                "high",
            ])
            .args(["-pix_fmt", "yuv420p", "-crf", "23", "-fpsmax", "60"])
            .args(["-maxrate", &format!("{MAX_VIDEO_KBPS}k")])
            .args(["-bufsize", &format!("{}k", MAX_VIDEO_KBPS * 2)])
            .args(WEB_MP4_ARGS)
            .arg(out);
        run(cmd, TRANSCODE_LIMIT, Memory::Transcode).await?;
        nonempty(out)
    }
}

/// Fits the picture in MAX_SIDE x MAX_SIDE (never enlarging), even dimensions for 4:2:0.
fn scale_filter() -> String {
    format!(
        "scale=w='min({MAX_SIDE},iw)':h='min({MAX_SIDE},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2"
    )
}

fn nonempty(out: &Path) -> Result<(), RunError> {
    match std::fs::metadata(out) {
        Ok(m) if m.len() > 0 => Ok(()),
        _ => Err(RunError::Input("ffmpeg wrote nothing".into())),
    }
}

/// How much memory a run may map: probes, posters and stream copies need little; the
/// conversion (x264's lookahead, several threads) more. A file made to exhaust memory makes
/// ffmpeg fail instead of the machine swap.
#[derive(Clone, Copy, PartialEq)]
enum Memory {
    Small,
    /// The conversion, also at the lowest CPU priority.
    Transcode,
}

impl Memory {
    fn address_space(self) -> libc::rlim_t {
        const MIB: libc::rlim_t = 1024 * 1024;
        match self {
            Memory::Small => 1024 * MIB,
            Memory::Transcode => 2048 * MIB,
        }
    }
}

/// Runs `cmd` within `limit`; its standard output on success.
async fn run(mut cmd: Command, limit: Duration, memory: Memory) -> Result<Vec<u8>, RunError> {
    let low_priority = memory == Memory::Transcode;
    let cap = memory.address_space();
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    // SAFETY: the closure runs in the child between fork and exec, where only async-signal-safe
    // calls are sound: prctl, setpriority and setrlimit are, it allocates nothing (the rlimit
    // is on the stack) and takes no lock, and it changes only the child.
    unsafe {
        cmd.pre_exec(move || {
            // Dies with the server, even a `kill -9`ed one: the job is run again at the next
            // start, and an orphan would only burn CPU on a file nobody will read.
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            if low_priority {
                libc::setpriority(libc::PRIO_PROCESS, 0, 19);
            }
            let limit = libc::rlimit {
                rlim_cur: cap,
                rlim_max: cap,
            };
            libc::setrlimit(libc::RLIMIT_AS, &limit);
            Ok(())
        });
    }
    let program = cmd.as_std().get_program().to_string_lossy().to_string();
    let child = cmd
        .spawn()
        .with_context(|| format!("while starting {program}"))
        .map_err(RunError::Other)?;
    let out = match tokio::time::timeout(limit, child.wait_with_output()).await {
        Ok(out) => out
            .with_context(|| format!("while running {program}"))
            .map_err(RunError::Other)?,
        Err(_) => {
            return Err(RunError::Input(format!(
                "{program} took longer than {} s",
                limit.as_secs()
            )));
        }
    };
    if out.status.success() {
        return Ok(out.stdout);
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    let tail: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    let tail = tail[tail.len().saturating_sub(3)..].join("; ");
    if out.status.code().is_none() {
        return Err(RunError::Other(anyhow!("{program} was killed ({tail})")));
    }
    Err(RunError::Input(if tail.is_empty() {
        format!("{program} failed ({})", out.status)
    } else {
        tail
    }))
}

/// The start-up line when the programs are missing.
pub fn describe_missing(dir: Option<&Path>) -> String {
    match dir {
        Some(d) => format!(
            "ffmpeg and ffprobe were not found in {} (--ffmpeg-dir)",
            d.display()
        ),
        None => "ffmpeg and ffprobe were not found on PATH (Debian: apt-get install ffmpeg)".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_conversion_runs_at_nice_19_under_its_address_space_cap() {
        // `cat` reads its own process's figures, which it inherits from the configured child.
        let mut cmd = Command::new("cat");
        cmd.args(["/proc/self/stat", "/proc/self/limits"]);
        let out = run(cmd, Duration::from_secs(10), Memory::Transcode)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        let text = String::from_utf8(out).unwrap();
        let stat = text.lines().next().unwrap();
        // Field 19 is the nice value; fields after the command's parenthesis start at 3.
        let nice = stat
            .rsplit_once(')')
            .unwrap()
            .1
            .split_whitespace()
            .nth(19 - 3);
        assert_eq!(nice, Some("19"));
        let cap = text
            .lines()
            .find(|l| l.starts_with("Max address space"))
            .unwrap();
        let cap: Vec<&str> = cap.split_whitespace().collect();
        let bytes = Memory::Transcode.address_space().to_string();
        assert_eq!((cap[3], cap[4]), (bytes.as_str(), bytes.as_str()));
    }
}
