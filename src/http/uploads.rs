//! Multipart uploads: stream the file to a temp file in the data directory, check its size and
//! its content (media/files.rs: magic bytes, never the name), and only then move it into place.

use std::collections::HashMap;
use std::path::Path;

use axum::extract::Multipart;
use axum::extract::multipart::MultipartError;
use tempfile::NamedTempFile;
use tokio::io::AsyncWriteExt;

use crate::error::{AppError, AppResult};
pub use crate::media::files::{
    Accept, CAPTION_KINDS, IMAGE_KINDS, MB, TRANSCRIPT_KINDS, Upload, VIDEO_KINDS, from_path, sniff,
};

/// The text fields and the files (at most one per accepted field) of a multipart form.
pub struct Form {
    pub texts: HashMap<String, String>,
    files: HashMap<&'static str, Upload>,
}

impl Form {
    pub fn text(&self, name: &str) -> String {
        self.texts.get(name).cloned().unwrap_or_default()
    }

    /// The file sent in `field`, if any.
    pub fn take_file(&mut self, field: &str) -> Option<Upload> {
        self.files.remove(field)
    }
}

fn malformed(e: MultipartError) -> AppError {
    let status = e.status();
    if status == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        AppError::TooLarge(crate::t!("the-request-body-is-too-large"))
    } else {
        AppError::bad_request(crate::t!(
            "the-upload-was-incomplete-or-malformed-detail",
            detail = e.body_text()
        ))
    }
}

const MAX_TEXT_FIELD: usize = 64 * 1024;
const MAX_FIELDS: usize = 64;
/// Our fields' names are short words; a longer name is refused before anything else. No
/// message repeats a field's name: it is the client's text.
const MAX_FIELD_NAME: usize = 100;

/// Reads a form whose files may come in the fields of `accepts` (the first is the main one,
/// named in the message for a file sent in an unknown field).
pub async fn read_form(mut mp: Multipart, tmp_dir: &Path, accepts: &[&Accept]) -> AppResult<Form> {
    let result = read_fields(&mut mp, tmp_dir, accepts).await;
    if result.is_err() {
        // Read what the client is still sending, so it gets our answer instead of a closed
        // connection (the route's body limit bounds this).
        while let Ok(Some(mut field)) = mp.next_field().await {
            while let Ok(Some(_)) = field.chunk().await {}
        }
    }
    result
}

async fn read_fields(mp: &mut Multipart, tmp_dir: &Path, accepts: &[&Accept]) -> AppResult<Form> {
    let mut form = Form {
        texts: HashMap::new(),
        files: HashMap::new(),
    };
    let mut fields = 0;
    loop {
        let next = mp.next_field().await;
        let mut field = match next {
            Ok(Some(f)) => f,
            Ok(None) => break,
            // A body with no part at all (an empty form) carries no file: the caller says which
            // file is missing, as for a form without the file field.
            Err(_) if fields == 0 => break,
            Err(e) => return Err(malformed(e)),
        };
        fields += 1;
        if fields > MAX_FIELDS {
            return Err(AppError::bad_request(crate::t!("too-many-form-fields")));
        }
        let name = field.name().unwrap_or_default().to_string();
        if name.len() > MAX_FIELD_NAME {
            return Err(AppError::bad_request(crate::t!(
                "a-form-field-s-name-is-too"
            )));
        }
        let accept = accepts.iter().find(|a| a.field == name);
        if field.file_name().is_none() && accept.is_none() {
            let mut value = Vec::new();
            while let Some(chunk) = field.chunk().await.map_err(malformed)? {
                value.extend_from_slice(&chunk);
                if value.len() > MAX_TEXT_FIELD {
                    return Err(AppError::TooLarge(crate::t!("a-form-field-is-too-long")));
                }
            }
            let text = String::from_utf8(value)
                .map_err(|_| AppError::bad_request(crate::t!("a-form-field-is-not-valid-utf")))?;
            form.texts.insert(name, text);
            continue;
        }
        let Some(accept) = accept else {
            return Err(AppError::bad_request(crate::t!(
                "unexpected-file-field-send-the-file-as",
                field = accepts.first().map(|a| a.field).unwrap_or_default()
            )));
        };
        if form.files.contains_key(accept.field) {
            return Err(AppError::bad_request(crate::t!("send-only-one-file")));
        }
        let temp = NamedTempFile::new_in(tmp_dir).map_err(|e| AppError::Internal(e.into()))?;
        let mut out =
            tokio::fs::File::from_std(temp.reopen().map_err(|e| AppError::Internal(e.into()))?);
        let mut size: u64 = 0;
        let mut head: Vec<u8> = Vec::with_capacity(512);
        while let Some(chunk) = field.chunk().await.map_err(malformed)? {
            size += chunk.len() as u64;
            if size > accept.max_bytes {
                return Err(AppError::TooLarge((accept.too_large)()));
            }
            if head.len() < 512 {
                let take = (512 - head.len()).min(chunk.len());
                head.extend_from_slice(&chunk[..take]);
            }
            out.write_all(&chunk)
                .await
                .map_err(|e| AppError::Internal(e.into()))?;
        }
        if size == 0 {
            // An empty file input is the same as no file.
            continue;
        }
        let (mime, ext) = sniff(&head, accept.kinds)
            .ok_or_else(|| AppError::bad_request((accept.wrong_type)()))?;
        out.sync_all()
            .await
            .map_err(|e| AppError::Internal(e.into()))?;
        form.files.insert(accept.field, Upload { temp, ext, mime });
    }
    Ok(form)
}

/// Reads a form that must carry the file.
pub async fn read_file(mp: Multipart, tmp_dir: &Path, accept: &Accept) -> AppResult<Upload> {
    read_form(mp, tmp_dir, &[accept])
        .await?
        .take_file(accept.field)
        .ok_or_else(|| AppError::bad_request((accept.missing)()))
}

/// Refuses a body whose declared length is already over the limit, before reading it.
pub fn check_length(
    headers: &axum::http::HeaderMap,
    max_body: u64,
    msg: fn() -> String,
) -> AppResult<()> {
    let len = headers
        .get(axum::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    match len {
        Some(n) if n > max_body => Err(AppError::TooLarge(msg())),
        _ => Ok(()),
    }
}

/// Most bytes read and thrown away after an upload was refused early.
const DRAIN_MAX: u64 = 64 * MB;

/// An upload route: `route`'s body may be up to `max` bytes and is read to its end
/// (`finish_body`) whatever the handler does; methods added after this take neither.
pub fn upload_route<S: Clone + Send + Sync + 'static>(
    route: axum::routing::MethodRouter<S>,
    max: u64,
) -> axum::routing::MethodRouter<S> {
    route
        .layer::<_, std::convert::Infallible>(axum::middleware::from_fn(finish_body))
        .layer(axum::extract::DefaultBodyLimit::max(max as usize))
}

/// Middleware for upload routes: a refused upload is answered before the client has sent it
/// all, and a connection closed on unread bytes shows the client a reset, not our answer. So
/// the body is pumped through a channel to the handler, and whatever the handler leaves unread
/// is read and thrown away (bounded) before the answer goes out.
pub async fn finish_body(
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use futures_util::StreamExt;
    let (parts, body) = req.into_parts();
    let (tx, rx) = tokio::sync::mpsc::channel::<Result<axum::body::Bytes, axum::Error>>(8);
    let pump = tokio::spawn(async move {
        let mut stream = body.into_data_stream();
        let mut forwarding = true;
        let mut drained: u64 = 0;
        while let Some(chunk) = stream.next().await {
            match chunk {
                Ok(bytes) if forwarding => {
                    let n = bytes.len() as u64;
                    if tx.send(Ok(bytes)).await.is_err() {
                        forwarding = false;
                        drained += n;
                    }
                }
                Ok(bytes) => {
                    drained += bytes.len() as u64;
                    if drained > DRAIN_MAX {
                        break;
                    }
                }
                Err(e) => {
                    if forwarding {
                        let _ = tx.send(Err(e)).await;
                    }
                    break;
                }
            }
        }
    });
    let stream = futures_util::stream::unfold(rx, |mut rx| async move {
        rx.recv().await.map(|item| (item, rx))
    });
    let res = next
        .run(axum::extract::Request::from_parts(
            parts,
            axum::body::Body::from_stream(stream),
        ))
        .await;
    // The handler has dropped the body by now; wait for the rest to be read (or give up).
    let _ = tokio::time::timeout(std::time::Duration::from_secs(10), pump).await;
    res
}
