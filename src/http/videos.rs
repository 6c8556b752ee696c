//! `GET /api/videos/{file}`, `/api/posters/{file}`, `/api/captions/{file}`: the media store's
//! files with single byte ranges (206/416), Last-Modified, If-Modified-Since, If-Range and
//! HEAD. On local disk a large file is mapped once for all its readers (media/storage.rs) and
//! each chunk of up to `CHUNK` bytes written from the page cache (a small file is read):
//! tower-http's ServeDir read 64 KiB per blocking round trip and reached less than half of
//! nginx's throughput on 1 MiB slices here (README, Benchmarks). On S3 a slice
//! is one ranged GET streamed through; with a CDN or presigned URLs configured the answer is
//! a 302 and the bytes never pass through the server.

use std::sync::Arc;
use std::time::SystemTime;

use axum::Router;
use axum::body::Body;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::error::{AppError, AppResult};
use crate::media::storage::{Opened, ReadAt, plain_name};
use crate::state::AppState;

/// How long browsers and proxies keep a media file before asking again.
pub const MEDIA_CACHE: &str = "public, max-age=600";

/// Bytes per read: a player's Range slice (1 MiB or so) is one, a whole-file GET several, the
/// next read while the last is sent. A local file's large reads are mapped, not copied
/// (media/storage.rs), so the size costs no heap.
const CHUNK: u64 = 4 << 20;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/videos/{name}", get(serve_video))
        .route("/api/posters/{name}", get(serve_poster))
        .route("/api/captions/{name}", get(serve_captions))
}

/// What each route serves: by extension, so a route never hands out another kind of file
/// (a source waiting for conversion is served by none).
#[derive(Clone, Copy)]
enum Kind {
    Video,
    Poster,
    Captions,
}

impl Kind {
    fn content_type(self, name: &str) -> Option<&'static str> {
        let ext = name.rsplit_once('.')?.1.to_ascii_lowercase();
        match (self, ext.as_str()) {
            (Kind::Video, "mp4" | "m4v") => Some("video/mp4"),
            // Rows from before the media pipeline may point at uploads as sent.
            (Kind::Video, "mov") => Some("video/quicktime"),
            (Kind::Video, "avi") => Some("video/x-msvideo"),
            (Kind::Poster, "jpg") => Some("image/jpeg"),
            (Kind::Captions, "vtt") => Some("text/vtt; charset=utf-8"),
            _ => None,
        }
    }

    fn not_found(self) -> String {
        match self {
            Kind::Video => crate::t!("video-not-found"),
            Kind::Poster => crate::t!("poster-not-found"),
            Kind::Captions => crate::t!("captions-not-found"),
        }
    }
}

async fn serve_video(
    state: State<AppState>,
    name: Path<String>,
    headers: HeaderMap,
) -> AppResult<Response> {
    serve(state, name, headers, Kind::Video).await
}

async fn serve_poster(
    state: State<AppState>,
    name: Path<String>,
    headers: HeaderMap,
) -> AppResult<Response> {
    serve(state, name, headers, Kind::Poster).await
}

async fn serve_captions(
    state: State<AppState>,
    name: Path<String>,
    headers: HeaderMap,
) -> AppResult<Response> {
    serve(state, name, headers, Kind::Captions).await
}

enum Slice {
    Whole,
    Part(u64, u64),
    Unsatisfiable,
}

/// The one range to send, per RFC 9110: a stale If-Range, a malformed header or several
/// ranges are answered with the whole file.
fn wanted_slice(headers: &HeaderMap, len: u64, last_modified: &str) -> Slice {
    let Some(range) = headers.get(header::RANGE).and_then(|v| v.to_str().ok()) else {
        return Slice::Whole;
    };
    if let Some(if_range) = headers.get(header::IF_RANGE)
        && if_range.as_bytes() != last_modified.as_bytes()
    {
        return Slice::Whole;
    }
    let Ok(parsed) = http_range_header::parse_range_header(range) else {
        return Slice::Whole;
    };
    match parsed.validate(len) {
        Ok(ranges) if ranges.len() == 1 => Slice::Part(*ranges[0].start(), *ranges[0].end()),
        Ok(_) => Slice::Whole,
        Err(_) => Slice::Unsatisfiable,
    }
}

fn not_modified(headers: &HeaderMap, modified: SystemTime) -> bool {
    if headers.contains_key(header::RANGE) && headers.contains_key(header::IF_RANGE) {
        return false;
    }
    headers
        .get(header::IF_MODIFIED_SINCE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| httpdate::parse_http_date(v).ok())
        .is_some_and(|since| {
            // HTTP dates have whole seconds.
            let secs = |t: SystemTime| {
                t.duration_since(SystemTime::UNIX_EPOCH)
                    .map(|d| d.as_secs())
                    .unwrap_or(0)
            };
            secs(modified) <= secs(since)
        })
}

/// The bytes `start..=end` of `file`, read `CHUNK` at a time as the client takes them, the
/// next read under way while the last is being sent.
fn body_of(file: Arc<dyn ReadAt>, start: u64, end: u64, first: Option<Bytes>) -> Body {
    use futures_util::StreamExt;
    let from = start + first.as_ref().map_or(0, |b| b.len() as u64);
    let first = futures_util::stream::iter(first.map(Ok::<_, std::io::Error>));
    let reads = (from..=end).step_by(CHUNK as usize).map(move |pos| {
        let file = file.clone();
        let n = (end + 1 - pos).min(CHUNK) as usize;
        async move {
            tokio::task::spawn_blocking(move || file.read_at(pos, n))
                .await
                .unwrap_or_else(|e| Err(std::io::Error::other(e)))
        }
    });
    Body::from_stream(first.chain(futures_util::stream::iter(reads).buffered(2)))
}

/// What a request for a file gets, decided once from its headers and the file's length and date.
enum Answer {
    NotModified,
    Unsatisfiable,
    /// The bytes `start..=end`: the whole file (200) or a part of it (206).
    Bytes {
        part: bool,
        start: u64,
        end: u64,
    },
}

fn answer_for(headers: &HeaderMap, len: u64, modified: SystemTime, last_modified: &str) -> Answer {
    if not_modified(headers, modified) {
        return Answer::NotModified;
    }
    match wanted_slice(headers, len, last_modified) {
        Slice::Unsatisfiable => Answer::Unsatisfiable,
        Slice::Part(start, end) => Answer::Bytes {
            part: true,
            start,
            end,
        },
        Slice::Whole => Answer::Bytes {
            part: false,
            start: 0,
            end: len.saturating_sub(1),
        },
    }
}

/// The first chunk of the bytes a local file's answer sends (None: nothing to read ahead, or
/// a remote store, which streams its slice).
/// A file's `Last-Modified`, the answer to the request's headers, and its first chunk.
fn decide(asked: &HeaderMap, o: &Opened) -> (String, Answer, Option<std::io::Result<Bytes>>) {
    let last_modified = httpdate::fmt_http_date(o.modified);
    let answer = answer_for(asked, o.len, o.modified, &last_modified);
    let first = first_chunk(o, &answer);
    (last_modified, answer, first)
}

fn first_chunk(opened: &Opened, answer: &Answer) -> Option<std::io::Result<Bytes>> {
    match *answer {
        Answer::Bytes { start, end, .. } if opened.len > 0 && !opened.reader.streams() => Some(
            opened
                .reader
                .read_at(start, (end + 1 - start).min(CHUNK) as usize),
        ),
        _ => None,
    }
}

/// The store could not give the file now (a remote store that is down): 503 for this file
/// alone, and the server says what happened in its log.
fn unavailable(kind: Kind, e: std::io::Error) -> AppError {
    tracing::warn!(error = %e, "reading a media file failed");
    AppError::Unavailable(match kind {
        Kind::Video => crate::t!("this-video-cannot-be-played-right-now"),
        Kind::Poster => crate::t!("this-poster-cannot-be-shown-right-now"),
        Kind::Captions => crate::t!("these-captions-cannot-be-loaded-right-now"),
    })
}

async fn serve(
    State(state): State<AppState>,
    Path(name): Path<String>,
    headers: HeaderMap,
    kind: Kind,
) -> AppResult<Response> {
    let content_type = kind
        .content_type(&name)
        .filter(|_| plain_name(&name))
        .ok_or_else(|| AppError::not_found(kind.not_found()))?;
    let store = state.media().store.clone();
    let (opened, redirect, decided) = match store.open_recent(&name) {
        // A mapped file opened a moment ago (the next slice of a playing video): its first
        // chunk is a slice of the mapping, nothing here reads the disk.
        Some(o) => {
            let decided = decide(&headers, &o);
            (Ok(Some(o)), None, Some(decided))
        }
        None => {
            let asked = headers.clone();
            tokio::task::spawn_blocking(move || {
                let opened = store.open(&name);
                // Only a file that exists is sent elsewhere: a missing one stays our 404.
                let redirect = match &opened {
                    Ok(Some(_)) => store.redirect(&name),
                    _ => None,
                };
                // A local file's answer is decided, and its first chunk read, in the same trip
                // to the blocking pool.
                let decided = match &opened {
                    Ok(Some(o)) if redirect.is_none() => Some(decide(&asked, o)),
                    _ => None,
                };
                (opened, redirect, decided)
            })
            .await
            .map_err(|e| AppError::Internal(e.into()))?
        }
    };
    let opened = opened.map_err(|e| unavailable(kind, e))?;
    if let Some(url) = redirect {
        // The bytes come from the CDN or the store itself; the player follows the 302 with
        // its Range header. Not cached: a presigned URL expires.
        return Ok(Response::builder()
            .status(StatusCode::FOUND)
            .header(header::LOCATION, url)
            .header(header::CACHE_CONTROL, "no-store")
            .body(Body::empty())
            .unwrap_or_else(|_| StatusCode::INTERNAL_SERVER_ERROR.into_response()));
    }
    let (
        Some(Opened {
            reader: file, len, ..
        }),
        Some((last_modified, answer, first)),
    ) = (opened, decided)
    else {
        return Err(AppError::not_found(kind.not_found()));
    };
    let first = first.transpose().map_err(|e| unavailable(kind, e))?;

    let mut res = Response::builder()
        .header(header::CONTENT_TYPE, content_type)
        .header(header::ACCEPT_RANGES, "bytes")
        .header(header::LAST_MODIFIED, &last_modified)
        // Stored names are random and never reused, so a file never changes; but a posting the
        // district hides must leave browsers' and proxies' caches soon, so ten minutes, then
        // a cheap revalidation (304).
        .header(header::CACHE_CONTROL, HeaderValue::from_static(MEDIA_CACHE));
    let (status, start, end) = match answer {
        Answer::NotModified => {
            return Ok(res
                .status(StatusCode::NOT_MODIFIED)
                .body(Body::empty())
                .unwrap_or_else(|_| StatusCode::INTERNAL_SERVER_ERROR.into_response()));
        }
        Answer::Unsatisfiable => {
            return Ok(res
                .status(StatusCode::RANGE_NOT_SATISFIABLE)
                .header(header::CONTENT_RANGE, format!("bytes */{len}"))
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(
                    r#"{"message":"The requested range is not within the video"}"#,
                ))
                .unwrap_or_else(|_| StatusCode::INTERNAL_SERVER_ERROR.into_response()));
        }
        Answer::Bytes {
            part: true,
            start,
            end,
        } => {
            res = res.header(header::CONTENT_RANGE, format!("bytes {start}-{end}/{len}"));
            (StatusCode::PARTIAL_CONTENT, start, end)
        }
        Answer::Bytes { start, end, .. } => (StatusCode::OK, start, end),
    };
    let body = if len == 0 {
        Body::empty()
    } else if !file.streams() {
        body_of(file, start, end, first)
    } else {
        // A remote store sends the slice as one ranged GET, asked before the answer starts:
        // a store that is down is a 503 for this file, not a cut-off body.
        let reader = file.clone();
        let slice = tokio::task::spawn_blocking(move || reader.slice(start, end))
            .await
            .map_err(|e| AppError::Internal(e.into()))?
            .map_err(|e| unavailable(kind, e))?;
        match slice {
            Some(stream) => Body::from_stream(stream),
            None => body_of(file, start, end, None),
        }
    };
    let length = if len == 0 { 0 } else { end - start + 1 };
    Ok(res
        .status(status)
        .header(header::CONTENT_LENGTH, length)
        .body(body)
        .unwrap_or_else(|_| StatusCode::INTERNAL_SERVER_ERROR.into_response()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_slice_over_several_reads_is_every_byte_in_order() {
        use std::io::Write;
        let bytes: Vec<u8> = (0..(CHUNK as usize * 3 + 12_345))
            .map(|n| (n * 7 % 251) as u8)
            .collect();
        let mut f = tempfile::tempfile().unwrap();
        f.write_all(&bytes).unwrap();
        let file: Arc<dyn ReadAt> = Arc::new(f);
        for (start, end) in [
            (0, bytes.len() as u64 - 1),
            (1, CHUNK),
            (CHUNK - 1, CHUNK * 2 + 5),
            (17, 17),
        ] {
            // With the first chunk read ahead (as the handler does) and without.
            let ahead = file
                .read_at(start, (end + 1 - start).min(CHUNK) as usize)
                .unwrap();
            for first in [None, Some(ahead)] {
                let body = body_of(file.clone(), start, end, first);
                let got = axum::body::to_bytes(body, usize::MAX).await.unwrap();
                assert_eq!(
                    &got[..],
                    &bytes[start as usize..=end as usize],
                    "{start}-{end}"
                );
            }
        }
        // Past the end of the file: an error, not short or made-up bytes (a small last read,
        // and a large one, which would otherwise be mapped past the end).
        let len = bytes.len() as u64;
        for (start, end) in [(len - 2, len + 10), (len - 200_000, len + 200_000)] {
            let body = body_of(file.clone(), start, end, None);
            assert!(axum::body::to_bytes(body, usize::MAX).await.is_err());
        }
    }

    #[test]
    fn only_plain_names_are_served() {
        assert!(plain_name("0a1b2c.mp4"));
        assert!(plain_name("synthetic-code-camp.mp4"));
        for bad in [
            "", ".hidden", "..", "../x", "a/b", "a\\b", "%2e%2e", "a b.mp4",
        ] {
            assert!(!plain_name(bad), "{bad}");
        }
    }

    #[test]
    fn ranges_follow_rfc_9110() {
        let lm = "Sun, 22 Nov 2026 10:00:00 GMT";
        let h = |pairs: &[(&str, &str)]| {
            let mut m = HeaderMap::new();
            for (k, v) in pairs {
                m.insert(
                    header::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                    v.parse().unwrap(),
                );
            }
            m
        };
        assert!(matches!(wanted_slice(&h(&[]), 100, lm), Slice::Whole));
        assert!(matches!(
            wanted_slice(&h(&[("range", "bytes=0-9")]), 100, lm),
            Slice::Part(0, 9)
        ));
        assert!(matches!(
            wanted_slice(&h(&[("range", "bytes=-10")]), 100, lm),
            Slice::Part(90, 99)
        ));
        assert!(matches!(
            wanted_slice(&h(&[("range", "bytes=200-")]), 100, lm),
            Slice::Unsatisfiable
        ));
        assert!(matches!(
            wanted_slice(&h(&[("range", "bytes=0-1,5-6")]), 100, lm),
            Slice::Whole
        ));
        assert!(matches!(
            wanted_slice(&h(&[("range", "lines=1-2")]), 100, lm),
            Slice::Whole
        ));
        assert!(matches!(
            wanted_slice(
                &h(&[
                    ("range", "bytes=0-9"),
                    ("if-range", "Mon, 01 Jan 2024 00:00:00 GMT")
                ]),
                100,
                lm
            ),
            Slice::Whole
        ));
        assert!(matches!(
            wanted_slice(&h(&[("range", "bytes=0-9"), ("if-range", lm)]), 100, lm),
            Slice::Part(0, 9)
        ));
    }
}
