//! Reading one named cookie from a request, for the cookies the server sets besides the
//! session's (the invite's, the school sign-in's); `auth/token.rs` reads the session's in place.

use axum::http::{HeaderMap, header};

/// The value of the first cookie called `name` among the request's `Cookie` headers.
pub(super) fn named(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(cookie::Cookie::split_parse)
        .filter_map(Result::ok)
        .find(|c| c.name() == name)
        .map(|c| c.value().to_string())
}
