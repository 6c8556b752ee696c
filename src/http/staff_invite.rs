//! The staff invite page's calls: whom the invite is for and the authenticator's secret, then
//! the password and the first code. The first browser to open an invite keeps it (a cookie
//! whose hash the invite keeps): a copy of the link opened anywhere else learns nothing and
//! finishes nothing.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::signin_turns::SignInTurns;
use super::{ApiJson, cookies};
use crate::auth::{self, ClientIp};
use crate::clock::now_ms;
use crate::error::AppResult;
use crate::services::staff as staff_rules;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/api/staff/invite/{token}", get(invite).post(accept_invite))
}

const INVITE_COOKIE: &str = "internreel_invite";

/// The browser's invite cookie, when it holds one of ours.
fn invite_cookie(headers: &HeaderMap) -> Option<String> {
    cookies::named(headers, INVITE_COOKIE)
        .filter(|v| v.len() == 64 && v.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Sent only to the invite's own calls, as long as an invite lives.
fn set_invite_cookie(state: &AppState, value: &str) -> HeaderValue {
    let c = cookie::Cookie::build((INVITE_COOKIE, value.to_string()))
        .http_only(true)
        .same_site(cookie::SameSite::Strict)
        .path("/api/staff/invite/")
        .secure(state.secure_cookies)
        .max_age(cookie::time::Duration::milliseconds(staff_rules::INVITE_MS))
        .build();
    HeaderValue::from_str(&c.to_string()).expect("cookie header value")
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct InviteView {
    email: String,
    name: String,
    role: &'static str,
    school: Option<String>,
    secret: String,
    otpauth_uri: String,
}

async fn invite(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(token): Path<String>,
) -> AppResult<Response> {
    let (cookie, fresh) = match invite_cookie(&headers) {
        Some(c) => (c, false),
        None => (crate::tokens::random_hex(32), true),
    };
    let browser = staff_rules::browser_hash(&cookie);
    let now = now_ms();
    let s = state
        .store()
        .write(|w| staff_rules::open_invite(w, &token, browser, now))?;
    let mut res = Json(InviteView {
        secret: crate::totp::base32(&s.totp_secret),
        otpauth_uri: crate::totp::uri(&s.totp_secret, &s.email),
        email: s.email,
        name: s.name,
        role: s.role.as_str(),
        school: s.school,
    })
    .into_response();
    if fresh {
        res.headers_mut()
            .append(header::SET_COOKIE, set_invite_cookie(&state, &cookie));
    }
    Ok(res)
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Enrol {
    password: String,
    code: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Enrolled {
    recovery_codes: Vec<String>,
}

async fn accept_invite(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Path(token): Path<String>,
    ApiJson(body): ApiJson<Enrol>,
) -> AppResult<Json<Enrolled>> {
    let now = now_ms();
    let browser = invite_cookie(&headers).map(|c| staff_rules::browser_hash(&c));
    let s = staff_rules::invite_in_browser(&state.store().read()?, &token, browser, now)?;
    // Wrong codes on an invite are throttled like sign-ins: the link is a bearer secret.
    let turns = SignInTurns::wait(&state, &ip, &s.email).await?;
    let step = match staff_rules::check_enrolment(&s, &body.password, body.code.trim(), now) {
        Ok(step) => step,
        Err(e) => {
            turns.failed(&state);
            return Err(e);
        }
    };
    turns.succeeded(&state);
    let hash = auth::hash_password(&state, body.password).await?;
    let codes = state
        .store()
        .write(|w| staff_rules::enrol(w, &token, browser, hash, step, now))?;
    Ok(Json(Enrolled {
        recovery_codes: codes,
    }))
}
