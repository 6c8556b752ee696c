//! What every answer goes through on its way out: the HTTPS redirect and HSTS, and the
//! compression of JSON answers.

use axum::Router;
use axum::http::StatusCode;
use axum::response::IntoResponse;

/// Plain HTTP on `--redirect-http`: every request goes to the same path on HTTPS (301).
pub fn redirect_router(https_port: u16, services: crate::infra::Services) -> Router {
    Router::new().fallback(
        move |headers: axum::http::HeaderMap, uri: axum::http::Uri| async move {
            let path = uri.path_and_query().map_or("/", |p| p.as_str());
            // The district's configured address when it is an HTTPS one: the request's Host is
            // whatever the client wrote.
            let configured = services
                .store
                .read()
                .ok()
                .and_then(|r| crate::services::password_reset::configured_public_url(&r).ok())
                .flatten()
                .filter(|u| u.starts_with("https://"));
            if let Some(base) = configured {
                return match axum::http::HeaderValue::from_str(&format!("{base}{path}")) {
                    Ok(location) => (
                        StatusCode::MOVED_PERMANENTLY,
                        [(axum::http::header::LOCATION, location)],
                    )
                        .into_response(),
                    Err(_) => StatusCode::BAD_REQUEST.into_response(),
                };
            }
            let host = headers
                .get(axum::http::header::HOST)
                .and_then(|h| h.to_str().ok())
                .filter(|h| {
                    h.bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b"-.:[]".contains(&b))
                })
                .unwrap_or("localhost");
            // Strip a port (an IPv6 literal keeps its brackets).
            let name = match host.rsplit_once(':') {
                Some((name, port))
                    if port.bytes().all(|b| b.is_ascii_digit()) && !name.ends_with(':') =>
                {
                    name
                }
                _ => host,
            };
            let port = if https_port == 443 {
                String::new()
            } else {
                format!(":{https_port}")
            };
            let target = format!("https://{name}{port}{path}");
            match axum::http::HeaderValue::from_str(&target) {
                Ok(location) => (
                    StatusCode::MOVED_PERMANENTLY,
                    [(axum::http::header::LOCATION, location)],
                )
                    .into_response(),
                Err(_) => StatusCode::BAD_REQUEST.into_response(),
            }
        },
    )
}

/// Sent on every HTTPS answer: browsers use HTTPS for this host for a year.
pub async fn strict_transport(mut res: axum::response::Response) -> axum::response::Response {
    res.headers_mut().insert(
        axum::http::header::STRICT_TRANSPORT_SECURITY,
        axum::http::HeaderValue::from_static("max-age=31536000"),
    );
    res
}

/// JSON answers above 1 KB go out compressed (brotli or gzip, as the client accepts) at a fast
/// level: the feed's pages shrink about sevenfold for a fraction of a millisecond. The UI's files
/// carry copies compressed at build time (assets.rs), videos and images are left alone.
pub fn json_compression()
-> tower_http::compression::CompressionLayer<impl tower_http::compression::Predicate> {
    use tower_http::compression::predicate::{Predicate, SizeAbove};
    let json = |_: StatusCode,
                _: axum::http::Version,
                headers: &axum::http::HeaderMap,
                _: &axum::http::Extensions| {
        headers
            .get(axum::http::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|t| t.starts_with("application/json"))
    };
    tower_http::compression::CompressionLayer::new()
        .quality(tower_http::CompressionLevel::Fastest)
        .compress_when(SizeAbove::new(1024).and(json))
}
