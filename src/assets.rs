//! The React build, embedded. Hashed assets are cached for a year; every path that does not
//! name a static file is a client route, answered with `index.html` (http/first_screen.rs) so
//! the client router can render it (or its 404 page).

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "dist/"]
#[allow_missing = true]
struct Dist;

/// A static file of the build (or its 404 when the path names a file that is not there);
/// None for every other path: a client route, answered with `index.html`
/// (http/first_screen.rs writes its first screen's answers into it).
pub fn static_file(path: &str, headers: &HeaderMap) -> Option<Response> {
    if !path.is_empty()
        && let Some(resp) = file(path, headers)
    {
        return Some(resp);
    }
    looks_like_a_file(path).then(|| (StatusCode::NOT_FOUND, "Not found").into_response())
}

/// The build's `index.html` as built.
pub fn index_html() -> Option<axum::body::Bytes> {
    stored_bytes("index.html")
}

/// `index.html` for a reader of `lang`: its title, description and `<html lang>` in that
/// language (`index.<code>.html`, ui/scripts/prerender.mjs); the English one for English, or
/// when the build has none in `lang`.
pub fn index_html_in(lang: crate::i18n::Lang) -> Option<axum::body::Bytes> {
    match lang {
        crate::i18n::Lang::En => None,
        other => stored_bytes(&format!("index.{}.html", other.code())),
    }
    .or_else(index_html)
}

/// The page of a first screen with an entry of its own (`screen-<name>.html`, ui/vite.config.ts:
/// its script brings the screen), when the build has one.
pub fn screen_html(name: &str) -> Option<axum::body::Bytes> {
    stored_bytes(&format!("screen-{name}.html"))
}

fn stored_bytes(path: &str) -> Option<axum::body::Bytes> {
    stored(path).map(|s| match s.data {
        std::borrow::Cow::Borrowed(b) => axum::body::Bytes::from_static(b),
        std::borrow::Cow::Owned(v) => axum::body::Bytes::from(v),
    })
}

pub fn not_built() -> Response {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        "The web UI is not built into this binary. Build it with `cargo build` (Node 20+ and npm needed).",
    )
        .into_response()
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

/// One stored file: its bytes, media type and a short hash for the ETag.
struct Stored {
    data: std::borrow::Cow<'static, [u8]>,
    mime: String,
    hash: String,
}

/// `INTERNREEL_UI_DIR` serves the UI from a folder instead of the embedded build (UI work on a
/// second build while the embedded one stays what the binary was built with).
fn ui_dir() -> Option<&'static std::path::Path> {
    static DIR: std::sync::OnceLock<Option<std::path::PathBuf>> = std::sync::OnceLock::new();
    DIR.get_or_init(|| std::env::var_os("INTERNREEL_UI_DIR").map(Into::into))
        .as_deref()
}

fn hex12(hash: &[u8]) -> String {
    hash[..12].iter().map(|b| format!("{b:02x}")).collect()
}

fn stored(path: &str) -> Option<Stored> {
    if let Some(dir) = ui_dir() {
        if path.split('/').any(|p| p == ".." || p.is_empty()) {
            return None;
        }
        let data = std::fs::read(dir.join(path)).ok()?;
        use sha2::Digest;
        let hash = hex12(&sha2::Sha256::digest(&data));
        let mime = mime_guess::from_path(path)
            .first_or_octet_stream()
            .to_string();
        return Some(Stored {
            data: data.into(),
            mime,
            hash,
        });
    }
    let f = Dist::get(path)?;
    Some(Stored {
        hash: hex12(&f.metadata.sha256_hash()),
        mime: f.metadata.mimetype().to_string(),
        data: f.data,
    })
}

/// Serves `path`, or its brotli or gzip copy made at build time (`ui/scripts/precompress.mjs`)
/// when the client accepts it: each copy has its own ETag, and every answer of a file with
/// copies says `Vary: Accept-Encoding`.
fn file(path: &str, headers: &HeaderMap) -> Option<Response> {
    let original = stored(path)?;
    use crate::http::encoding::{Accepted, Coding};
    let accepted = Accepted::of(headers);
    let mut chosen = None;
    let mut has_copies = false;
    for (coding, ext) in [(Coding::Brotli, "br"), (Coding::Gzip, "gz")] {
        if let Some(copy) = stored(&format!("{path}.{ext}")) {
            has_copies = true;
            if chosen.is_none() && accepted.accepts(coding) {
                chosen = Some((coding.token(), copy));
            }
        }
    }
    let cache = if path.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    let mut h = HeaderMap::new();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_str(&original.mime)
            .unwrap_or(HeaderValue::from_static("application/octet-stream")),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if has_copies {
        h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    let (etag, data) = match chosen {
        Some((coding, copy)) => {
            h.insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
            (format!("\"{}-{coding}\"", original.hash), copy.data)
        }
        None => (format!("\"{}\"", original.hash), original.data),
    };
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    let matches = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"));
    if matches {
        return Some((StatusCode::NOT_MODIFIED, h).into_response());
    }
    let body = match data {
        std::borrow::Cow::Borrowed(b) => axum::body::Bytes::from_static(b),
        std::borrow::Cow::Owned(v) => axum::body::Bytes::from(v),
    };
    Some((h, body).into_response())
}
