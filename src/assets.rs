//! The React build, embedded. Hashed assets are cached for a year; every path that does not
//! name a static file gets `index.html` so the client router can render it (or its 404 page).

use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "dist/"]
#[allow_missing = true]
struct Dist;

pub async fn serve(uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    if !path.is_empty()
        && let Some(resp) = file(path, &headers)
    {
        return resp;
    }
    if looks_like_a_file(path) {
        return (StatusCode::NOT_FOUND, "Not found").into_response();
    }
    file("index.html", &headers).unwrap_or_else(|| {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            "The web UI is not built into this binary. Build it with `cargo build` (Node 20+ and npm needed).",
        )
            .into_response()
    })
}

/// A missing static file (a script, style, image, font, ...) is a 404; any other path is a
/// route of the client (`/company/1.5` included), which renders it or its not-found text.
fn looks_like_a_file(path: &str) -> bool {
    const STATIC: [&str; 16] = [
        "js",
        "mjs",
        "css",
        "map",
        "html",
        "json",
        "txt",
        "xml",
        "webmanifest",
        "ico",
        "png",
        "jpg",
        "svg",
        "webp",
        "woff",
        "woff2",
    ];
    let last = path.rsplit('/').next().unwrap_or("");
    path.starts_with("assets/")
        || last
            .rsplit_once('.')
            .is_some_and(|(_, ext)| STATIC.contains(&ext.to_ascii_lowercase().as_str()))
}

fn file(path: &str, headers: &HeaderMap) -> Option<Response> {
    let f = Dist::get(path)?;
    let etag = format!(
        "\"{}\"",
        f.metadata.sha256_hash()[..12]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    );
    let cache = if path.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    let mut h = HeaderMap::new();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_str(f.metadata.mimetype())
            .unwrap_or(HeaderValue::from_static("application/octet-stream")),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    let matches = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v == etag);
    if matches {
        return Some((StatusCode::NOT_MODIFIED, h).into_response());
    }
    Some((h, f.data.into_owned()).into_response())
}
