//! What an uploaded file may be, checked without HTTP: the accepted kinds of each field, the
//! content sniffing (magic bytes, never the name), and a checked file waiting in `tmp/`. The
//! HTTP multipart reading (http/uploads.rs) and the CLI's `--video FILE` both use these.

use std::path::Path;

use tempfile::NamedTempFile;

use crate::domain::markers::AI_MARKER;
use crate::error::{AppError, AppResult};
use crate::store::internships::Video;
use crate::tokens::random_hex;
pub use internreel_untrusted::sniff::{
    CAPTION_KINDS, IMAGE_KINDS, TRANSCRIPT_KINDS, VIDEO_KINDS, sniff,
};

/// What a file field may hold.
pub struct Accept {
    pub field: &'static str,
    /// Allowed sniffed media types and the extension each is stored with.
    pub kinds: &'static [(&'static str, &'static str)],
    pub max_bytes: u64,
    pub too_large: fn() -> String,
    pub wrong_type: fn() -> String,
    pub missing: fn() -> String,
}

pub const MB: u64 = 1024 * 1024;

/// A checked upload waiting in `tmp/`; dropped without `persist`, it is deleted.
pub struct Upload {
    pub(crate) temp: NamedTempFile,
    pub ext: &'static str,
    pub mime: &'static str,
}

impl Upload {
    /// The temp file and the extension its content was sniffed as (for the media pipeline).
    pub fn into_incoming(self) -> crate::media::Incoming {
        crate::media::Incoming {
            temp: self.temp,
            ext: self.ext,
        }
    }

    /// Re-encodes an image without its metadata (EXIF and GPS: media/images.rs); other kinds
    /// (a PDF transcript) stay as sent. Blocking.
    pub fn strip_image_metadata(&self) -> AppResult<()> {
        if !self.mime.starts_with("image/") {
            return Ok(());
        }
        crate::media::images::strip_metadata(self.temp.path(), self.mime)
            .map_err(AppError::bad_request)
    }

    /// Moves the file into `dir` under a fresh random name (`own_name`) and returns that name.
    pub fn persist(self, dir: &Path) -> AppResult<String> {
        let name = format!("{}.{}", random_hex(16), self.ext);
        self.temp
            .persist(dir.join(&name))
            .map_err(|e| AppError::Internal(anyhow::Error::new(e.error)))?;
        Ok(name)
    }
}

pub const VIDEO_MAX: u64 = 40 * MB;

pub const VIDEO: Accept = Accept {
    field: "videoFile",
    kinds: VIDEO_KINDS,
    max_bytes: VIDEO_MAX,
    too_large: || crate::t!("please-choose-a-video-file-smaller-than"),
    wrong_type: || crate::t!("please-upload-an-mp4-mov-or-avi"),
    missing: || crate::t!("please-select-a-video-file-to-upload"),
};

/// WebVTT captions sent beside the video (optional).
pub const CAPTIONS: Accept = Accept {
    field: "captionsFile",
    kinds: CAPTION_KINDS,
    max_bytes: crate::media::webvtt::MAX_BYTES,
    too_large: || crate::t!("captions-must-be-a-webvtt-file-of"),
    wrong_type: || crate::t!("captions-must-be-a-webvtt-file-vtt"),
    missing: || crate::t!("please-select-a-captions-file-vtt-to"),
};

/// Checks a file on disk as if it had been uploaded (the CLI's `--video FILE`): size and
/// content, copied into `tmp/` so the original is never moved.
pub fn from_path(path: &Path, tmp_dir: &Path, accept: &Accept) -> AppResult<Upload> {
    use std::io::Read;
    let meta = std::fs::metadata(path)
        .map_err(|e| AppError::bad_request(format!("Cannot read {}: {e}", path.display())))?;
    if !meta.is_file() {
        return Err(AppError::bad_request(format!(
            "{} is not a file",
            path.display()
        )));
    }
    if meta.len() > accept.max_bytes {
        return Err(AppError::TooLarge((accept.too_large)()));
    }
    let mut head = Vec::with_capacity(512);
    std::fs::File::open(path)
        .and_then(|f| f.take(512).read_to_end(&mut head))
        .map_err(|e| AppError::bad_request(format!("Cannot read {}: {e}", path.display())))?;
    let (mime, ext) =
        sniff(&head, accept.kinds).ok_or_else(|| AppError::bad_request((accept.wrong_type)()))?;
    let temp = NamedTempFile::new_in(tmp_dir).map_err(|e| AppError::Internal(e.into()))?;
    std::fs::copy(path, temp.path()).map_err(|e| AppError::Internal(e.into()))?;
    temp.as_file()
        .sync_all()
        .map_err(|e| AppError::Internal(e.into()))?;
    Ok(Upload { temp, ext, mime })
}

/// The player's source: the file, the AI marker while an AI video is to come, else null.
pub fn video_url(v: &Video) -> Option<String> {
    match v {
        Video::AiProcessing => Some(AI_MARKER.into()),
        _ => v.served_file().map(|f| format!("/api/videos/{f}")),
    }
}

/// Whether `name` has the form of a name the server gives a stored file: 32 lowercase hex
/// digits (`random_hex(16)`) and a short extension. Start-up removes only such names (a
/// bucket's other files, or a folder's, are never the server's to delete).
pub fn own_name(name: &str) -> bool {
    let Some((stem, ext)) = name.split_once('.') else {
        return false;
    };
    stem.len() == 32
        && stem.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
        && (2..=4).contains(&ext.len())
        && ext
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}
