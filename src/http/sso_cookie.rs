//! The cookie that ties a school-account sign-in to the browser that started it, and what a
//! password sign-in does with a sign-in waiting in it (links the school account).

use axum::http::HeaderMap;

use super::cookies;
use crate::clock::now_ms;
use crate::error::{AppError, AppResult};
use crate::services::sso as rules;
use crate::state::AppState;
use crate::store::identity;

const SSO_COOKIE: &str = "internreel_sso";
/// The language chosen on the sign-in page before a school sign-in started (`?lang=` of its
/// start): it becomes the account's when the provider answers.
const SSO_LANG_COOKIE: &str = "internreel_sso_lang";

/// The browser's school sign-in cookie, hashed.
pub(super) fn sso_browser(headers: &HeaderMap) -> Option<[u8; 32]> {
    cookies::named(headers, SSO_COOKIE).map(|v| rules::browser_hash(&v))
}

/// The language chosen before this browser's school sign-in started, if any.
pub(super) fn sso_language(headers: &HeaderMap) -> Option<crate::i18n::Lang> {
    cookies::named(headers, SSO_LANG_COOKIE).and_then(|v| crate::i18n::Lang::parse(&v))
}

/// The cookie that keeps a school sign-in's chosen language until the provider answers (the
/// same life as `sso_cookie`; an empty code and 0 clear it).
pub(super) fn sso_language_cookie(
    state: &AppState,
    code: &str,
    max_age_secs: i64,
) -> axum::http::HeaderValue {
    api_cookie(state, SSO_LANG_COOKIE, code, max_age_secs)
}

/// The cookie that ties a school sign-in to this browser (10 minutes, this site only).
pub(super) fn sso_cookie(
    state: &AppState,
    token: &str,
    max_age_secs: i64,
) -> axum::http::HeaderValue {
    api_cookie(state, SSO_COOKIE, token, max_age_secs)
}

fn api_cookie(
    state: &AppState,
    name: &'static str,
    value: &str,
    max_age_secs: i64,
) -> axum::http::HeaderValue {
    let c = cookie::Cookie::build((name, value.to_string()))
        .http_only(true)
        // Lax: the provider's redirect back is a top-level GET, which Lax cookies go with.
        .same_site(cookie::SameSite::Lax)
        .path("/api/")
        .secure(state.secure_cookies)
        .max_age(cookie::time::Duration::seconds(max_age_secs))
        .build();
    axum::http::HeaderValue::from_str(&c.to_string()).expect("cookie header value")
}

/// A student signed in with their password: refused when the roster turned the account off;
/// the school account that found this e-mail (the browser's pending sign-in) is linked now
/// that its owner proved the password (an e-mail match alone never links); the sign-in's
/// time is noted. True when a link was made (the caller clears the sign-in's cookie).
pub(super) fn student_signed_in(
    state: &AppState,
    headers: &HeaderMap,
    user_id: u64,
) -> AppResult<bool> {
    let now = now_ms();
    let pending = match sso_browser(headers) {
        Some(b) => rules::pending(&state.services, &b, now)?,
        None => None,
    };
    let mut linked = false;
    let refused = state.store().write(|w| {
        let mut i = identity::of(w, user_id)?;
        if i.disabled {
            return Ok::<_, crate::store::StoreError>(true);
        }
        if let Some((flow, answer)) = &pending
            && answer.link_user == Some(user_id)
        {
            i.links.retain(|(p, _)| p != &flow.provider);
            i.links
                .push((flow.provider.clone(), answer.subject.clone()));
            crate::store::sso::remove(w, flow)?;
            linked = true;
        }
        i.last_sign_in = Some(now);
        identity::save(w, &i)?;
        Ok(false)
    })?;
    if refused {
        return Err(AppError::Forbidden(rules::turned_off()));
    }
    Ok(linked)
}
