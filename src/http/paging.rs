//! Paged lists: `limit` (default 50, at most 200) and an opaque `cursor`; the next page's URL
//! travels in a `Link: <...>; rel="next"` header so the body stays the plain list.

use axum::Json;
use axum::body::Bytes;
use axum::http::{HeaderValue, Uri, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::error::{AppError, AppResult};

pub const DEFAULT_LIMIT: usize = 50;
pub const MAX_LIMIT: usize = 200;

/// Reads `limit`.
pub fn limit(raw: Option<&str>) -> AppResult<usize> {
    match raw.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(DEFAULT_LIMIT),
        Some(s) => match s.parse::<usize>() {
            Ok(n) if (1..=MAX_LIMIT).contains(&n) => Ok(n),
            _ => Err(AppError::bad_request(crate::t!(
                "limit-must-be-a-whole-number-from",
                max = MAX_LIMIT
            ))),
        },
    }
}

/// Reads a cursor that is an id.
pub fn id_cursor(raw: Option<&str>) -> AppResult<Option<u64>> {
    match raw.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(s) => s
            .parse()
            .map(Some)
            .map_err(|_| AppError::bad_request(crate::t!("the-cursor-is-not-valid-start-again"))),
    }
}

/// The list as JSON, with a `Link` to the next page when there is one.
pub fn respond<T: Serialize>(uri: &Uri, items: Vec<T>, next: Option<String>) -> Response {
    with_link(Json(items).into_response(), link(uri, next))
}

/// The `Link` header's value for the next page, if there is one.
pub fn link(uri: &Uri, next: Option<String>) -> Option<HeaderValue> {
    let cursor = next?;
    HeaderValue::from_str(&format!("<{}>; rel=\"next\"", next_url(uri, &cursor))).ok()
}

/// An already serialized JSON list, with its `Link`.
pub fn respond_json(body: Bytes, link: Option<HeaderValue>) -> Response {
    let mut res = Response::new(axum::body::Body::from(body));
    let h = res.headers_mut();
    // Room for every header the answer ends with (coding, cache, security: http/mod.rs's
    // edge), so the map is allocated once rather than grown on the way out.
    h.reserve(12);
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    with_link(res, link)
}

/// Adds the `Link` header (when there is a next page) to any answer: lists wrapped in an
/// object use it too.
pub fn with_link(mut res: Response, link: Option<HeaderValue>) -> Response {
    if let Some(v) = link {
        res.headers_mut().insert(header::LINK, v);
    }
    res
}

/// The same path and query with `cursor` replaced.
fn next_url(uri: &Uri, cursor: &str) -> String {
    let mut parts: Vec<String> = uri
        .query()
        .unwrap_or("")
        .split('&')
        .filter(|p| !p.is_empty() && !p.starts_with("cursor="))
        .map(str::to_string)
        .collect();
    let encoded: String = cursor
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            other => format!("%{other:02X}"),
        })
        .collect();
    parts.push(format!("cursor={encoded}"));
    format!("{}?{}", uri.path(), parts.join("&"))
}

/// `?limit=&cursor=` of a paged list (both checked by `limit` and the cursor parsers).
#[derive(serde::Deserialize, Default)]
#[serde(default)]
pub struct PageParams {
    pub limit: Option<String>,
    pub cursor: Option<String>,
}
