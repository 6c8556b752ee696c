//! The session's routes: who is signed in (`GET /api/auth/user`, `GET /api/session`), signing
//! out, and the old sign-in address.

use axum::Json;
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use serde::Serialize;

use super::views::UserView;
use crate::auth;
use crate::clock::now_ms;
use crate::error::{AppError, AppResult};
use crate::services::email_confirmation;
use crate::state::AppState;
use crate::store::users::Role;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/auth/user", get(current_user))
        .route("/api/session", get(session))
        .route("/api/logout", post(logout))
        .route("/api/employers/logout", post(logout))
        .route("/api/login", get(login_redirect))
}

/// Who the request's session belongs to, as `GET /api/auth/user` and `GET /api/session`
/// show it: the student or employer (employers with their e-mail confirmation), the guest, or
/// nobody (the admin session has no user).
fn session_view(state: &AppState, viewer: auth::Viewer) -> AppResult<Option<serde_json::Value>> {
    let json = |v: Result<serde_json::Value, serde_json::Error>| {
        v.map_err(|e| AppError::Internal(e.into()))
    };
    match viewer {
        auth::Viewer::User(user) => {
            let mut view = UserView::from(&*user);
            if user.role == Role::Employer {
                view.email_confirmed = Some(email_confirmation::is_confirmed(
                    &state.store().read()?,
                    &user,
                )?);
            } else {
                view.pending_email =
                    email_confirmation::pending_email(&state.store().read()?, &user, now_ms())?;
            }
            json(serde_json::to_value(view)).map(Some)
        }
        auth::Viewer::Guest(g) => {
            json(serde_json::to_value(super::guest::GuestView::from(&g))).map(Some)
        }
        auth::Viewer::Nobody => Ok(None),
    }
}

/// The signed-in student or employer, or the guest; 401 for everyone else.
async fn current_user(
    State(state): State<AppState>,
    viewer: auth::Viewer,
) -> AppResult<Json<serde_json::Value>> {
    session_view(&state, viewer)?
        .map(Json)
        .ok_or_else(AppError::unauthorized)
}

#[derive(Serialize)]
struct SessionAnswer {
    user: Option<serde_json::Value>,
    /// A district staff session (the pin's or a named member's; neither has a user).
    admin: bool,
    /// The named staff member, when the session is one's.
    staff: Option<crate::services::staff::Who>,
    /// The signed-in person's stored language ("en", "es"); null when they never chose.
    language: Option<&'static str>,
}

/// `{"user": ..., "admin": false}` or `{"user": null, "admin": ...}`, always 200: what the UI
/// asks on page loads, so a visitor's page makes no refused call (browsers log those).
async fn session(
    State(state): State<AppState>,
    headers: HeaderMap,
    viewer: auth::Viewer,
) -> AppResult<Json<SessionAnswer>> {
    let (admin, staff) = auth::staff_of(&state, &headers)?;
    let language = super::language::stored(&state, &headers).map(|l| l.code());
    Ok(Json(SessionAnswer {
        user: session_view(&state, viewer)?,
        admin,
        staff,
        language,
    }))
}

#[derive(Serialize)]
struct Done {
    message: String,
}

async fn logout(State(state): State<AppState>, headers: HeaderMap) -> AppResult<Response> {
    auth::end_session(&state, &headers)?;
    Ok((
        [(header::SET_COOKIE, auth::clear_cookie(&state))],
        Json(Done {
            message: crate::t!("signed-out"),
        }),
    )
        .into_response())
}

async fn login_redirect() -> Redirect {
    Redirect::to("/role-selection")
}
