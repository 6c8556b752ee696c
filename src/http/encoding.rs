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

/// What the client's `Accept-Encoding` allows, read in one pass.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Accepted {
    pub brotli: bool,
    pub gzip: bool,
    /// An answer sent as it is is refused (`identity;q=0` or `*;q=0`).
    pub identity_refused: bool,
}

impl Accepted {
    pub fn of(headers: &HeaderMap) -> Accepted {
        let mut a = Accepted::default();
        let items = headers
            .get_all(header::ACCEPT_ENCODING)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','));
        for item in items {
            let mut parts = item.split(';');
            let name = parts.next().unwrap_or("").trim();
            // A `q` of zero refuses the coding.
            let refused = parts.any(|p| {
                p.trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            let is = |coding: &str| name.eq_ignore_ascii_case(coding);
            if refused {
                a.identity_refused |= name == "*" || is("identity");
            } else {
                a.brotli |= is(Coding::Brotli.token());
                a.gzip |= is(Coding::Gzip.token());
            }
        }
        a
    }

    /// Whether the client accepts `coding`.
    pub fn accepts(self, coding: Coding) -> bool {
        match coding {
            Coding::Brotli => self.brotli,
            Coding::Gzip => self.gzip,
        }
    }

    /// The smallest coding the client accepts: brotli, else gzip, else none.
    pub fn preferred(self) -> Option<Coding> {
        [Coding::Brotli, Coding::Gzip]
            .into_iter()
            .find(|&c| self.accepts(c))
    }
}

/// The smallest coding the client accepts: brotli, else gzip, else none.
pub fn preferred(headers: &HeaderMap) -> Option<Coding> {
    Accepted::of(headers).preferred()
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
        assert_eq!(with("BR;q=0.5"), Some(Coding::Brotli));
        assert_eq!(with("br;q=0, br"), Some(Coding::Brotli));
        assert_eq!(preferred(&HeaderMap::new()), None);
        let refused = |v: &'static str| {
            let mut h = HeaderMap::new();
            h.insert(header::ACCEPT_ENCODING, HeaderValue::from_static(v));
            Accepted::of(&h).identity_refused
        };
        assert!(refused("br, identity;q=0"));
        assert!(refused("gzip, *;q=0"));
        assert!(!refused("gzip, identity"));
        assert!(!refused("identity;q=0.1"));
    }
}
