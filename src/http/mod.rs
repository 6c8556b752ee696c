//! The `/api` router. Only this module (and `ws`) knows request and response JSON.

mod accounts;
mod admin;
mod applications;
mod captions;
mod contact;
mod cookies;
mod data_rights;
pub mod edge;
mod email_confirmation;
pub mod encoding;
mod first_paint;
pub mod first_screen;
mod guest;
pub mod internship_lists;
pub mod internship_views;
pub mod internships;
mod jobs;
mod json_errors;
mod landing;
pub mod language;
mod messages;
pub mod notifications;
pub mod page_keys;
mod paging;
mod passwords;
mod placements;
pub mod profile_viewers;
mod profiles;
mod review;
mod safety;
mod session;
mod signin_turns;
mod social;
mod sso;
mod sso_cookie;
mod staff;
mod staff_invite;
pub mod transport;
pub mod uploads;
mod videos;
pub mod view_cache;
pub mod views;

use axum::body::Body;
use axum::extract::{FromRequest, Request};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::de::DeserializeOwned;

use crate::error::{AppError, json_error};
use crate::state::AppState;

/// Largest JSON body any endpoint takes; uploads set their own limits.
pub const JSON_LIMIT: usize = 256 * 1024;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/health", get(health))
        .route("/api/ready", get(ready))
        .merge(accounts::router())
        .merge(session::router())
        .merge(profiles::router())
        .merge(guest::router())
        .merge(email_confirmation::router())
        .merge(admin::router())
        .merge(staff::router())
        .merge(staff_invite::router())
        .merge(sso::router())
        .merge(placements::router())
        .merge(review::router())
        .merge(safety::router())
        .merge(data_rights::router())
        .merge(passwords::router())
        .merge(notifications::router())
        .merge(language::router())
        .merge(internships::router())
        .merge(captions::router())
        .merge(social::router())
        .merge(applications::router())
        .merge(messages::router())
        .merge(contact::router())
        .merge(jobs::router())
        .merge(landing::router())
        .merge(videos::router())
        .route("/api", get(api_not_found).fallback(api_not_found))
        .route("/api/{*rest}", get(api_not_found).fallback(api_not_found))
}

#[derive(serde::Serialize)]
struct Health {
    status: &'static str,
    /// Whether uploads are converted, get posters, and may be MOV or AVI.
    ffmpeg: bool,
}

async fn health(axum::extract::State(state): axum::extract::State<AppState>) -> Json<Health> {
    Json(Health {
        status: "ok",
        ffmpeg: state.media().has_ffmpeg(),
    })
}

#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Readiness {
    ready: bool,
    database: bool,
    index_current: bool,
    /// "ok", or why the media store does not answer. Not part of `ready`: every server of a
    /// district shares the store, and everything but the videos keeps working without it.
    media: String,
}

/// For load balancers: the database answers and the search index is current (503 if not).
async fn ready(
    axum::extract::State(state): axum::extract::State<AppState>,
) -> (axum::http::StatusCode, Json<Readiness>) {
    let stored = state
        .store()
        .read()
        .ok()
        .and_then(|r| crate::search::generation(&r).ok());
    let database = stored.is_some();
    let index_current = stored.is_some_and(|g| g == state.services.search.generation());
    let ready = database && index_current;
    let store = state.media().store.clone();
    let media = match tokio::task::spawn_blocking(move || store.health()).await {
        Ok(Ok(())) => "ok".to_string(),
        Ok(Err(why)) => why,
        Err(e) => e.to_string(),
    };
    let status = if ready {
        axum::http::StatusCode::OK
    } else {
        axum::http::StatusCode::SERVICE_UNAVAILABLE
    };
    (
        status,
        Json(Readiness {
            ready,
            database,
            index_current,
            media,
        }),
    )
}

async fn api_not_found() -> AppError {
    AppError::not_found(crate::t!("no-such-api-endpoint"))
}

/// `axum::Json` whose rejections are our JSON errors (malformed JSON, wrong content type,
/// wrong field types, body too large).
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, AppError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(ApiJson(v)),
            Err(rejection) => {
                let status = rejection.status();
                let text = rejection.body_text();
                Err(match status {
                    StatusCode::PAYLOAD_TOO_LARGE => {
                        AppError::TooLarge(crate::t!("the-request-body-is-too-large"))
                    }
                    StatusCode::UNSUPPORTED_MEDIA_TYPE => {
                        AppError::bad_request(crate::t!("expected-a-json-body-with-content-type"))
                    }
                    _ => AppError::bad_request(json_errors::plain(&text)),
                })
            }
        }
    }
}

/// A request target as the log may keep it: bearer tokens and e-mail addresses are replaced
/// by `[redacted]`, so a copy of the log signs nobody in and lists nobody's address. In the
/// query: single-use tokens (`?token=...`), codes, any long random-looking value, addresses.
/// In the path: the segment after a token-bearing route's prefix (`/staff/invite/{token}`,
/// `/guardian/{token}`, `/api/staff/invite/{token}`, `/api/guardian/{token}/...`, and the
/// supervisor's the same) and any
/// segment that looks like a token, so a route added later is covered too.
pub(super) fn redacted(target: &str) -> std::borrow::Cow<'_, str> {
    let (path, query) = match target.split_once('?') {
        Some((p, q)) => (p, Some(q)),
        None => (target, None),
    };
    let path_out = redacted_path(path);
    let query_out = query.map(redacted_query);
    let changed = matches!(path_out, std::borrow::Cow::Owned(_))
        || matches!(query_out, Some(std::borrow::Cow::Owned(_)));
    if !changed {
        return std::borrow::Cow::Borrowed(target);
    }
    match query_out {
        Some(q) => std::borrow::Cow::Owned(format!("{path_out}?{q}")),
        None => std::borrow::Cow::Owned(path_out.into_owned()),
    }
}

/// A long value of the characters tokens are written in (hex, base64url).
fn looks_like_token(value: &str) -> bool {
    value.len() >= 24
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Routes whose next path segment is a bearer token (the page and its API).
const TOKEN_PREFIXES: [&[&str]; 6] = [
    &["staff", "invite"],
    &["api", "staff", "invite"],
    &["guardian"],
    &["api", "guardian"],
    &["supervisor"],
    &["api", "supervisor"],
];

fn redacted_path(path: &str) -> std::borrow::Cow<'_, str> {
    let segments: Vec<&str> = path.split('/').collect();
    // segments[0] is the empty text before the leading '/'.
    let after_prefix = TOKEN_PREFIXES
        .iter()
        .find(|p| {
            segments.len() > p.len() + 1
                && segments[1..=p.len()]
                    .iter()
                    .zip(p.iter())
                    .all(|(s, want)| s.eq_ignore_ascii_case(want))
        })
        .map(|p| p.len() + 1);
    let secret = |i: usize, s: &str| {
        !s.is_empty()
            && (Some(i) == after_prefix
                || looks_like_token(s)
                || s.contains('@')
                || s.to_ascii_lowercase().contains("%40"))
    };
    if !segments.iter().enumerate().any(|(i, s)| secret(i, s)) {
        return std::borrow::Cow::Borrowed(path);
    }
    let out: Vec<&str> = segments
        .iter()
        .enumerate()
        .map(|(i, s)| if secret(i, s) { "[redacted]" } else { s })
        .collect();
    std::borrow::Cow::Owned(out.join("/"))
}

fn redacted_query(query: &str) -> std::borrow::Cow<'_, str> {
    let secret = |key: &str, value: &str| {
        let key = key.to_ascii_lowercase();
        [
            "token", "code", "key", "secret", "password", "pin", "email", "sig", "state",
        ]
        .iter()
        .any(|k| key.contains(k))
            || value.contains('@')
            || value.to_ascii_lowercase().contains("%40")
            || looks_like_token(value)
    };
    let mut changed = false;
    let parts: Vec<String> = query
        .split('&')
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            if !v.is_empty() && secret(k, v) {
                changed = true;
                format!("{k}=[redacted]")
            } else {
                pair.to_string()
            }
        })
        .collect();
    if changed {
        std::borrow::Cow::Owned(parts.join("&"))
    } else {
        std::borrow::Cow::Borrowed(query)
    }
}

/// A state-changing request without `Origin` whose `Referer` names another site: the CSRF
/// layer judges by `Origin` and `Sec-Fetch-Site`, which old browsers and some proxies drop, so
/// the referring page is checked too.
pub(super) fn foreign_referer<B>(req: &axum::http::Request<B>) -> bool {
    use axum::http::Method;
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return false;
    }
    let h = req.headers();
    if h.contains_key(header::ORIGIN) {
        return false;
    }
    let Some(referer) = h.get(header::REFERER).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let host = h
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let authority = referer
        .split_once("://")
        .map(|(_, rest)| rest.split(['/', '?', '#']).next().unwrap_or(""));
    match authority {
        Some(a) => !a.eq_ignore_ascii_case(host),
        // A Referer that is not an absolute URL names no site of ours.
        None => true,
    }
}

/// axum's 405, a limit layer's 413 and the like, in our `{"message"}` shape.
pub(super) fn as_json_error(res: Response) -> Response {
    let status = res.status();
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if is_json {
        return res;
    }
    let message = match status {
        StatusCode::METHOD_NOT_ALLOWED => crate::t!("this-method-is-not-allowed-here"),
        StatusCode::PAYLOAD_TOO_LARGE => crate::t!("the-request-body-is-too-large"),
        StatusCode::FORBIDDEN => crate::t!("cross-site-requests-are-not-allowed"),
        StatusCode::RANGE_NOT_SATISFIABLE => return res,
        // The status's English reason phrase: the catalogue has each (`bad-request`, ...).
        _ => status
            .canonical_reason()
            .unwrap_or("Request failed")
            .to_string(),
    };
    let mut out = json_error(status, &message);
    // Keep headers such as Allow and Content-Range.
    for (k, v) in res.headers() {
        if k != header::CONTENT_TYPE && k != header::CONTENT_LENGTH {
            out.headers_mut().insert(k.clone(), v.clone());
        }
    }
    out
}

pub(super) fn add_security_headers(h: &mut axum::http::HeaderMap) {
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
             img-src 'self' data: blob:; media-src 'self' blob:; connect-src 'self'; \
             font-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; \
             frame-ancestors 'none'",
        ),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
}

/// The response of a panicking handler.
pub(super) fn panic_response(_: Box<dyn std::any::Any + Send + 'static>) -> Response<Body> {
    tracing::error!("a handler panicked");
    json_error(
        StatusCode::INTERNAL_SERVER_ERROR,
        &crate::t!("something-went-wrong-on-our-side-please"),
    )
    .into_response()
}

#[cfg(test)]
mod tests {
    use super::redacted;

    #[test]
    fn bearer_tokens_in_paths_and_queries_are_not_logged() {
        let t = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
        for (target, logged) in [
            (format!("/staff/invite/{t}"), "/staff/invite/[redacted]"),
            (
                format!("/api/staff/invite/{t}"),
                "/api/staff/invite/[redacted]",
            ),
            (format!("/guardian/{t}"), "/guardian/[redacted]"),
            (format!("/supervisor/{t}"), "/supervisor/[redacted]"),
            (
                format!("/api/guardian/{t}/sign"),
                "/api/guardian/[redacted]/sign",
            ),
            (
                format!("/api/guardian/{t}/language"),
                "/api/guardian/[redacted]/language",
            ),
            (
                format!("/api/guardian/{t}/agreement.pdf"),
                "/api/guardian/[redacted]/agreement.pdf",
            ),
            // A short or mistyped token is still the link's secret part.
            (
                "/api/guardian/abc/decline".to_string(),
                "/api/guardian/[redacted]/decline",
            ),
            (
                format!("/Staff/Invite/{t}?x=1"),
                "/Staff/Invite/[redacted]?x=1",
            ),
            (format!("/api/other/{t}"), "/api/other/[redacted]"),
            (
                format!("/reset-password?token={t}"),
                "/reset-password?token=[redacted]",
            ),
            (
                "/api/auth/sso/Lakeside/callback?state=abcDEF123_-xyz&code=q".to_string(),
                "/api/auth/sso/Lakeside/callback?state=[redacted]&code=[redacted]",
            ),
            (
                "/api/users/a%40b.example".to_string(),
                "/api/users/[redacted]",
            ),
        ] {
            assert_eq!(redacted(&target), logged, "{target}");
        }
        for kept in [
            "/api/internships?page=2&q=robotics",
            "/api/videos/0123456789abcdef0123456789abcdef.mp4",
            "/api/placements/12/guardian/resend",
            "/guardian",
            "/api/staff/invite/",
        ] {
            assert_eq!(redacted(kept), kept);
        }
    }
}
