//! Content codings: which one a client accepts (`Accept-Encoding`), and compressed copies of
//! cached bodies, made once per cached page instead of once per request.

use std::io::Write;
use std::sync::OnceLock;

use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::Response;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Coding {
    Brotli,
    Gzip,
}

impl Coding {
    pub fn token(self) -> &'static str {
        match self {
            Coding::Brotli => "br",
            Coding::Gzip => "gzip",
        }
    }
}

/// The client's `Accept-Encoding` items: each coding's name and whether a `q` of zero refuses
/// it.
fn items(headers: &HeaderMap) -> impl Iterator<Item = (&str, bool)> {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|item| {
            let mut parts = item.split(';');
            let name = parts.next().unwrap_or("").trim();
            let refused = parts.any(|p| {
                p.trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            (name, refused)
        })
}

/// Whether the client accepts `coding` (a `q` of zero refuses it).
pub fn accepts(headers: &HeaderMap, coding: &str) -> bool {
    items(headers).any(|(name, refused)| name.eq_ignore_ascii_case(coding) && !refused)
}

/// Whether the client refuses an answer sent as it is (`identity;q=0` or `*;q=0`).
pub fn identity_refused(headers: &HeaderMap) -> bool {
    items(headers)
        .any(|(name, refused)| refused && (name == "*" || name.eq_ignore_ascii_case("identity")))
}

/// The smallest coding the client accepts: brotli, else gzip, else none.
pub fn preferred(headers: &HeaderMap) -> Option<Coding> {
    [Coding::Brotli, Coding::Gzip]
        .into_iter()
        .find(|c| accepts(headers, c.token()))
}

/// Below this a body goes out as it is (the same bound as the compression layer's).
pub const MIN_BYTES: usize = 1024;

/// Compressed copies of one body, each made on first use.
#[derive(Default)]
pub struct Copies {
    brotli: OnceLock<Bytes>,
    gzip: OnceLock<Bytes>,
}

impl Copies {
    pub fn get(&self, coding: Coding, body: &Bytes) -> Bytes {
        let copy = match coding {
            Coding::Brotli => &self.brotli,
            Coding::Gzip => &self.gzip,
        };
        copy.get_or_init(|| compress(coding, body)).clone()
    }
}

/// `body` in `coding`, at the levels of the kept copies (a body sent once, such as a page
/// with its first screen's answers).
pub fn compress(coding: Coding, body: &[u8]) -> Bytes {
    match coding {
        Coding::Brotli => brotli(body),
        Coding::Gzip => gzip(body),
    }
}

// Levels for bodies compressed once and sent many times: most of the saving for a few
// milliseconds per page.
fn brotli(body: &[u8]) -> Bytes {
    let mut out = Vec::with_capacity(body.len() / 4);
    {
        let mut w = brotli::CompressorWriter::new(&mut out, 4096, 6, 22);
        w.write_all(body).expect("writing to memory");
    }
    out.into()
}

fn gzip(body: &[u8]) -> Bytes {
    let mut w = flate2::write::GzEncoder::new(
        Vec::with_capacity(body.len() / 4),
        flate2::Compression::new(6),
    );
    w.write_all(body).expect("writing to memory");
    w.finish().expect("writing to memory").into()
}

/// `res` with `body` sent in `coding` (the compression layer leaves encoded answers alone).
pub fn encoded(mut res: Response, coding: Coding, body: Bytes) -> Response {
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_ENCODING,
        HeaderValue::from_static(coding.token()),
    );
    h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    h.remove(header::CONTENT_LENGTH);
    *res.body_mut() = axum::body::Body::from(body);
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_client_s_preference_is_read_with_its_refusals() {
        let with = |v: &'static str| {
            let mut h = HeaderMap::new();
            h.insert(header::ACCEPT_ENCODING, HeaderValue::from_static(v));
            preferred(&h)
        };
        assert_eq!(with("gzip, deflate, br"), Some(Coding::Brotli));
        assert_eq!(with("gzip"), Some(Coding::Gzip));
        assert_eq!(with("br;q=0, gzip;q=0.5"), Some(Coding::Gzip));
        assert_eq!(with("identity"), None);
        assert_eq!(preferred(&HeaderMap::new()), None);
    }
}
