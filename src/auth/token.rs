//! The session cookie's token and the key it is kept under (its SHA-256): every request with a
//! cookie reads it, so it is read in place.

use axum::http::{HeaderMap, header};
use sha2::{Digest, Sha256};

pub const COOKIE_NAME: &str = "internreel_session";

/// The key a session is stored under: the store never holds a token itself.
pub fn token_hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// The session cookie's token: the first pair of that name, as `cookie`'s `split_parse` finds
/// it (pairs split at `;`, name and value trimmed), read in place: every request with a
/// cookie asks, and parsing each pair into a `Cookie` showed on a cached page (issue #35).
pub fn cookie_token(headers: &HeaderMap) -> Option<&str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.split_once('='))
        .find(|(name, _)| name.trim() == COOKIE_NAME)
        .map(|(_, value)| value.trim())
        .filter(|t| t.len() == 64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;
    use cookie::Cookie;

    /// The token read in place is the one the `cookie` crate's parser finds.
    #[test]
    fn the_session_token_is_the_one_the_cookie_parser_finds() {
        let token = "a".repeat(64);
        let other = "b".repeat(64);
        let headers = [
            vec![format!("internreel_session={token}")],
            vec![format!(" theme=dark ;  internreel_session = {token} ; x=1")],
            vec![format!(
                "internreel_session={token}; internreel_session={other}"
            )],
            vec!["a=1".into(), format!("internreel_session={token}")],
            vec![format!("internreel_session; internreel_session={other}")],
            vec![format!("internreel_sessionx={token}")],
            vec![format!("internreel_session=\"{token}\"")],
            vec!["internreel_session=short".into()],
            vec![format!("=; ;;internreel_session={token}=")],
            vec![],
        ];
        for values in headers {
            let mut h = HeaderMap::new();
            for v in &values {
                h.append(header::COOKIE, HeaderValue::from_str(v).unwrap());
            }
            let parsed = values
                .iter()
                .flat_map(|v| Cookie::split_parse(v.as_str()))
                .filter_map(Result::ok)
                .find(|c| c.name() == COOKIE_NAME)
                .map(|c| c.value().to_string())
                .filter(|t| t.len() == 64);
            assert_eq!(cookie_token(&h).map(str::to_string), parsed, "{values:?}");
        }
    }
}
