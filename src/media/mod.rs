//! Posting videos: every upload is probed, gets a poster and ends as one web rendition (H.264
//! MP4 with `faststart`) that plays in every current browser, optionally with WebVTT captions.
//!
//! - `probe.rs`: what ffprobe says, and the rules an upload must pass (no IO).
//! - `webvtt.rs`: the captions check (no IO).
//! - `tools.rs`: running ffmpeg and ffprobe.
//! - `storage.rs`: the one interface to where the files live; `s3.rs` the object-storage
//!   backend, `config.rs` the choice between them.
//! - `worker.rs`: the background transcoder working off the queue kept in redb.
//!
//! An upload that already plays everywhere is only rewritten with its index first (a stream
//! copy, well under a second) and is ready at once; anything else (HEVC, MOV, AVI, rotated,
//! too large) is saved as a source, queued in the same transaction as its posting, and
//! converted by the worker at low CPU priority.

pub mod config;
pub mod files;
pub mod images;
mod mapped;
pub mod probe;
pub mod s3;
pub mod storage;
pub mod tools;
pub mod webvtt;
pub mod worker;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use tempfile::NamedTempFile;
use tokio::sync::Notify;

use crate::domain::captions_rule::Sound;
use crate::error::{AppError, AppResult};
use crate::store::internships::{Media, Video};
use crate::store::transcodes::TranscodeJob;
use storage::MediaStore;
use tools::{RunError, Tools};

/// The media files, the tools that work on them, and the worker's wake-up.
#[derive(Clone)]
pub struct Pipeline {
    pub store: Arc<dyn MediaStore>,
    /// None when ffmpeg is not installed: MP4 uploads are then stored as sent, no poster.
    pub tools: Option<Tools>,
    tmp: PathBuf,
    wake: Arc<Notify>,
    /// Uploads probed and postered at once; more wait their turn (each run can take hundreds
    /// of MB on a hostile file).
    ingesting: Arc<tokio::sync::Semaphore>,
}

/// Uploads taken in at once (probe, poster, stream copy).
const INGEST_AT_ONCE: usize = 2;

/// An uploaded file waiting in `tmp/`, with the extension its content was sniffed as.
pub struct Incoming {
    pub temp: NamedTempFile,
    pub ext: &'static str,
}

/// The outcome of taking in an upload: the posting's new video, the job to queue with it
/// (its id is the posting's, set by `job_for`), and the files now stored for it.
pub struct Ingested {
    pub video: Video,
    transcode: bool,
    /// What was heard in its sound (None without ffmpeg), and for how many milliseconds at
    /// speech level: the captions rule's measure.
    pub sound: Option<(Sound, u32)>,
}

impl Ingested {
    /// The queue row to write in the posting's transaction, if the video needs converting.
    pub fn job_for(&self, internship_id: u64, now: i64) -> Option<TranscodeJob> {
        match (&self.video, self.transcode) {
            (Video::Transcoding(m), true) => Some(TranscodeJob {
                id: internship_id,
                source: m.file.clone(),
                attempts: 0,
                queued_at: now,
                last_error: None,
            }),
            _ => None,
        }
    }
}

fn not_a_video() -> String {
    crate::said!("this-file-could-not-be-read-as").into()
}
/// The answer when the media store refuses a file (a remote store that is down, a full disk).
pub fn store_down() -> String {
    crate::said!("the-file-could-not-be-saved-because").into()
}
fn undecodable() -> String {
    crate::said!("this-video-could-not-be-decoded-the").into()
}

impl Pipeline {
    pub fn new(store: Arc<dyn MediaStore>, tools: Option<Tools>, tmp: PathBuf) -> Self {
        Pipeline {
            store,
            tools,
            tmp,
            wake: Arc::new(Notify::new()),
            ingesting: Arc::new(tokio::sync::Semaphore::new(INGEST_AT_ONCE)),
        }
    }

    pub fn has_ffmpeg(&self) -> bool {
        self.tools.is_some()
    }

    /// Tells the worker that a job was committed.
    pub fn wake(&self) {
        self.wake.notify_waiters();
        self.wake.notify_one();
    }

    pub(crate) fn woken(&self) -> &Notify {
        &self.wake
    }

    fn temp(&self) -> AppResult<NamedTempFile> {
        NamedTempFile::new_in(&self.tmp).map_err(|e| AppError::Internal(e.into()))
    }

    /// Moves a finished temp file into the store under a fresh name with `ext`.
    fn keep(&self, temp: NamedTempFile, ext: &str) -> AppResult<String> {
        let name = format!("{}.{ext}", crate::tokens::random_hex(16));
        temp.as_file()
            .sync_all()
            .map_err(|e| AppError::Internal(e.into()))?;
        let (_file, path) = temp
            .keep()
            .map_err(|e| AppError::Internal(e.error.into()))?;
        let moved = self.store.put(&path, &name);
        if let Err(e) = moved {
            let _ = std::fs::remove_file(&path);
            tracing::error!(error = %e, store = %self.store.describe(), "storing a media file failed");
            return Err(AppError::Unavailable(store_down()));
        }
        Ok(name)
    }

    /// `keep` on the blocking pool: a remote store uploads for as long as the file takes.
    async fn keep_off_thread(&self, temp: NamedTempFile, ext: &'static str) -> AppResult<String> {
        let me = self.clone();
        tokio::task::spawn_blocking(move || me.keep(temp, ext))
            .await
            .map_err(|e| AppError::Internal(e.into()))?
    }

    /// Checks a captions upload and stores it; returns its name.
    pub fn keep_captions(&self, captions: Incoming) -> AppResult<String> {
        let bytes =
            std::fs::read(captions.temp.path()).map_err(|e| AppError::Internal(e.into()))?;
        webvtt::check(&bytes).map_err(AppError::BadRequest)?;
        self.keep(captions.temp, "vtt")
    }

    /// Stores `text` (a file the server wrote, such as a cleaned caption track) under a fresh
    /// name with `ext`; returns its name.
    pub async fn keep_text(&self, text: String, ext: &'static str) -> AppResult<String> {
        let temp = self.temp()?;
        std::fs::write(temp.path(), text).map_err(|e| AppError::Internal(e.into()))?;
        self.keep_off_thread(temp, ext).await
    }

    /// Takes in an uploaded video: refuses what cannot be a posting's video (with a message
    /// for the employer, leaving nothing behind), makes the poster, and either rewrites the
    /// file for the web at once or stores it as the source of a transcode job. `captions` is
    /// an already stored captions file. On error every file made here is removed; on success
    /// the caller commits the posting (and `job_for`) or calls `discard`.
    pub async fn ingest(&self, upload: Incoming, captions: Option<String>) -> AppResult<Ingested> {
        let Some(tools) = &self.tools else {
            if upload.ext != "mp4" {
                return Err(AppError::bad_request(crate::said!(
                    "this-server-cannot-convert-mov-or-avi"
                )));
            }
            let file = self.keep_off_thread(upload.temp, "mp4").await?;
            return Ok(Ingested {
                video: Video::Ready(Media {
                    file,
                    poster: None,
                    duration_ms: None,
                    captions,
                }),
                transcode: false,
                sound: None,
            });
        };
        let _turn = self
            .ingesting
            .acquire()
            .await
            .map_err(|e| AppError::Internal(anyhow::anyhow!(e)))?;
        let probe = match tools.probe(upload.temp.path()).await {
            Ok(p) => p,
            Err(RunError::Input(why)) => {
                tracing::info!(%why, "refused an upload ffprobe cannot read");
                return Err(AppError::bad_request(not_a_video()));
            }
            Err(RunError::Other(e)) => return Err(AppError::Internal(e)),
        };
        if let Some(why) = probe::refusal(&probe) {
            return Err(AppError::BadRequest(why));
        }
        // The length the stream's packets add up to: a header patched to say 60 s does not
        // make a 5-minute clip short.
        match tools.packets_end(upload.temp.path()).await {
            Ok(Some(end)) => {
                if let Some(why) = probe::too_long(end) {
                    return Err(AppError::BadRequest(why));
                }
            }
            Ok(None) => {}
            Err(RunError::Input(_)) => return Err(AppError::bad_request(not_a_video())),
            Err(RunError::Other(e)) => return Err(AppError::Internal(e)),
        }
        let poster_tmp = self.temp()?;
        match tools
            .poster(upload.temp.path(), poster_tmp.path(), probe.duration)
            .await
        {
            Ok(()) => {}
            Err(RunError::Input(why)) => {
                tracing::info!(%why, "refused an upload whose first frame does not decode");
                return Err(AppError::bad_request(undecodable()));
            }
            Err(RunError::Other(e)) => return Err(AppError::Internal(e)),
        }
        let sound = match probe.audio {
            None => (Sound::NoAudio, 0),
            Some(_) => match tools.loud_ms(upload.temp.path()).await {
                Ok(ms) => (Sound::of(ms), ms),
                // Sound the meter cannot read is not taken for silence: the district hears it.
                Err(RunError::Input(why)) => {
                    tracing::info!(%why, "the loudness of an upload's sound could not be measured");
                    (Sound::Sustained, 0)
                }
                Err(RunError::Other(e)) => return Err(AppError::Internal(e)),
            },
        };
        let duration_ms = probe.duration.map(|d| (d * 1000.0).round() as u32);
        let ready_now = probe::plays_everywhere(&probe, upload.ext);
        let (file, transcode) = if ready_now {
            let out = self.temp()?;
            match tools.remux(upload.temp.path(), out.path()).await {
                Ok(()) => (self.keep_off_thread(out, "mp4").await?, false),
                // A file that will not stream-copy cleanly is converted instead.
                Err(_) => (self.keep_off_thread(upload.temp, upload.ext).await?, true),
            }
        } else {
            (self.keep_off_thread(upload.temp, upload.ext).await?, true)
        };
        let poster = match self.keep_off_thread(poster_tmp, "jpg").await {
            Ok(p) => p,
            Err(e) => {
                self.store.remove(&file);
                return Err(e);
            }
        };
        let media = Media {
            file,
            poster: Some(poster),
            duration_ms,
            captions,
        };
        Ok(Ingested {
            video: if transcode {
                Video::Transcoding(media)
            } else {
                Video::Ready(media)
            },
            transcode,
            sound: Some(sound),
        })
    }

    /// Removes the files of a video that will not be committed (or was replaced).
    pub fn discard(&self, video: &Video) {
        for f in video.files() {
            self.store.remove(f);
        }
    }

    /// Removes the files `old` had that `new` no longer refers to.
    pub fn discard_replaced(&self, old: &Video, new: &Video) {
        let keep = new.files();
        for f in old.files() {
            if !keep.contains(&f) {
                self.store.remove(f);
            }
        }
    }

    /// What the captions of `video` say, for the district's screens (empty without captions
    /// or when the file cannot be read).
    pub fn caption_text(&self, video: &Video) -> String {
        let Some(name) = video.captions() else {
            return String::new();
        };
        let Ok(copy) = self.store.local_copy(name, &self.tmp) else {
            return String::new();
        };
        let mut bytes = Vec::new();
        let read = std::fs::File::open(copy.path()).and_then(|f| {
            std::io::Read::read_to_end(&mut std::io::Read::take(f, webvtt::MAX_BYTES), &mut bytes)
        });
        match (read, String::from_utf8(bytes)) {
            (Ok(_), Ok(text)) => webvtt::cue_text(&text),
            _ => String::new(),
        }
    }

    /// A local file with the bytes of `name` (a remote store downloads it, off the runtime's
    /// threads).
    pub async fn local_copy(&self, name: &str) -> AppResult<storage::LocalCopy> {
        let (store, name, tmp) = (self.store.clone(), name.to_string(), self.tmp.clone());
        tokio::task::spawn_blocking(move || store.local_copy(&name, &tmp))
            .await
            .map_err(|e| AppError::Internal(e.into()))?
            .map_err(|e| AppError::Internal(e.into()))
    }

    /// Stores a finished rendition (the worker).
    pub async fn keep_rendition(&self, out: NamedTempFile) -> AppResult<String> {
        self.keep_off_thread(out, "mp4").await
    }

    pub fn tmp_dir(&self) -> &Path {
        &self.tmp
    }
}

/// A posting's video with captions attached (or replaced); None when it has nothing to carry
/// them (no video, or an AI video still to come).
pub fn with_captions(video: &Video, captions: String) -> Option<Video> {
    let mut v = video.clone();
    match &mut v {
        Video::Transcoding(m) | Video::Ready(m) => m.captions = Some(captions),
        Video::Failed(f) => f.captions = Some(captions),
        Video::File(file) => {
            v = Video::Ready(Media {
                file: file.clone(),
                poster: None,
                duration_ms: None,
                captions: Some(captions),
            })
        }
        Video::AiProcessing | Video::None => return None,
    }
    Some(v)
}
