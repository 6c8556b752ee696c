//! The reader's language: which one a request is answered in (the signed-in person's stored
//! choice, else `Accept-Language`), and the routes that store a choice: `PUT /api/language`
//! for whoever is signed in, `PUT /api/guardian/{token}/language` for a guardian on the
//! signing page (they have no account; their e-mails follow the choice).

use axum::extract::{Path, State};
use axum::http::{HeaderMap, header};
use axum::routing::put;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::ApiJson;
use crate::auth;
use crate::clock::now_ms;
use crate::error::{AppError, AppResult};
use crate::i18n::Lang;
use crate::state::AppState;
use crate::store::Reader;
use crate::store::languages;
use crate::store::sessions::Subject;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/language", put(set_language))
        .route("/api/guardian/{token}/language", put(set_guardian_language))
}

/// What `Accept-Language` asks for.
pub fn accepted(headers: &HeaderMap) -> Lang {
    headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .map(Lang::from_accept_language)
        .unwrap_or_default()
}

/// A new account's language, from its sign-up request: the language the person chose in the
/// form (`explicit`, when the UI sends one we speak), else the page's order of
/// first_paint.rs (`?lang=`, the device's `internreel_lang` cookie, `Accept-Language`).
/// Decided here, never taken from the UI alone: an API client's sign-up gets the same rule.
pub fn of_signup(explicit: Option<&str>, query: Option<&str>, headers: &HeaderMap) -> Lang {
    explicit
        .filter(|code| code.len() <= 16)
        .and_then(Lang::parse)
        .unwrap_or_else(|| super::first_paint::language(query, headers, None))
}

/// The stored choice of the request's signed-in person, if any.
pub fn stored(state: &AppState, headers: &HeaderMap) -> Option<Lang> {
    let r = state.store().read().ok()?;
    match auth::session_of(state, headers).ok().flatten()? {
        Subject::User(id) => languages::of_user(&r, id).ok().flatten(),
        Subject::Staff(id) => languages::of_staff(&r, id).ok().flatten(),
        _ => None,
    }
}

/// The language of a request whose signed-in user is known: their stored choice, else what
/// `Accept-Language` asks for (what `chooser` works out, without looking up the session again).
pub fn of_user(state: &AppState, user_id: u64, headers: &HeaderMap) -> Lang {
    state
        .store()
        .read()
        .ok()
        .and_then(|r| languages::of_user(&r, user_id).ok().flatten())
        .unwrap_or_else(|| accepted(headers))
}

/// The language a request is answered in, worked out when a text first needs it.
pub fn chooser(state: &AppState, headers: &HeaderMap) -> impl Fn() -> Lang + Send + Sync + 'static {
    let accept = accepted(headers);
    // Only the cookie is kept for later: the session is looked up if a text needs it.
    let cookie = headers.get(header::COOKIE).cloned();
    let state = state.clone();
    move || {
        let Some(cookie) = &cookie else {
            return accept;
        };
        let mut h = HeaderMap::new();
        h.insert(header::COOKIE, cookie.clone());
        stored(&state, &h).unwrap_or(accept)
    }
}

#[derive(Deserialize)]
struct Choice {
    language: String,
}

#[derive(Serialize)]
struct Chosen {
    language: &'static str,
}

fn parse(choice: &Choice) -> AppResult<Lang> {
    Lang::parse(&choice.language)
        .filter(|_| choice.language.len() <= 16)
        .ok_or_else(|| AppError::bad_request(crate::t!("this-language-is-not-available")))
}

/// Stores the signed-in person's language; a visitor's choice stays in their browser (200
/// without storing anything).
async fn set_language(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(choice): ApiJson<Choice>,
) -> AppResult<Json<Chosen>> {
    let lang = parse(&choice)?;
    match auth::session_of(&state, &headers)? {
        Some(Subject::User(id)) => {
            state.store().write(|w| {
                if let Some(u) = w.get::<crate::store::users::User>(id)? {
                    languages::set_user(w, id, &u.email, lang)?;
                }
                Ok::<_, crate::store::StoreError>(())
            })?;
        }
        Some(Subject::Staff(id)) => {
            state.store().write(|w| {
                if let Some(s) = w.get::<crate::store::staff::Staff>(id)? {
                    languages::set_staff(w, id, &s.email, lang)?;
                }
                Ok::<_, crate::store::StoreError>(())
            })?;
        }
        _ => {}
    }
    Ok(Json(Chosen {
        language: lang.code(),
    }))
}

/// A guardian's choice on the signing page: their e-mails (the signed copy's link, reminders)
/// follow it.
async fn set_guardian_language(
    State(state): State<AppState>,
    Path(token): Path<String>,
    ApiJson(choice): ApiJson<Choice>,
) -> AppResult<Json<Chosen>> {
    let lang = parse(&choice)?;
    state.store().write(|w| {
        let p = crate::services::placements::by_guardian_token(w, &token, now_ms())?;
        if let Some(g) = &p.guardian {
            languages::set_email(w, &g.email, lang)?;
        }
        Ok::<_, AppError>(())
    })?;
    Ok(Json(Chosen {
        language: lang.code(),
    }))
}
