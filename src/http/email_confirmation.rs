//! Employers' e-mail confirmation: the welcome e-mail's link (`POST /api/email-confirmation`)
//! and a new link on request (`POST /api/users/me/email-confirmation`).

use axum::Json;
use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::post;
use serde::{Deserialize, Serialize};

use super::ApiJson;
use crate::auth::Employer;
use crate::clock::now_ms;
use crate::error::{AppError, AppResult};
use crate::services::email_confirmation::{self, confirmed, invalid};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/email-confirmation", post(confirm))
        .route("/api/users/me/email-confirmation", post(resend))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Token {
    token: String,
}

#[derive(Serialize)]
struct Said {
    message: String,
}

/// Opens the link: no session needed (the link may be opened on another device).
async fn confirm(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<Token>,
) -> AppResult<Json<Said>> {
    let id = state
        .store()
        .write(|w| email_confirmation::confirm(w, body.token.trim(), now_ms()))?;
    match id {
        Some(_) => Ok(Json(Said {
            message: confirmed(),
        })),
        None => Err(AppError::bad_request(invalid())),
    }
}

async fn resend(
    State(state): State<AppState>,
    Employer(me): Employer,
) -> AppResult<(StatusCode, Json<Said>)> {
    // A few links an hour: the address may have been changed to someone else's.
    state
        .throttles
        .resets
        .take(&format!("confirm:{}", me.id))
        .map_err(|wait| {
            AppError::throttled(wait, |when| {
                crate::said!("too-many-confirmation-e-mails-please-try", when = when)
            })
        })?;
    let sent = state.store().write(|w| {
        if email_confirmation::is_confirmed(w, &me)? {
            return Ok::<_, crate::store::StoreError>(false);
        }
        email_confirmation::send_link(w, &me, false, now_ms())?;
        Ok(true)
    })?;
    if !sent {
        return Ok((
            StatusCode::OK,
            Json(Said {
                message: crate::t!("your-e-mail-address-is-already-confirmed"),
            }),
        ));
    }
    state.mailer.wake();
    Ok((
        StatusCode::ACCEPTED,
        Json(Said {
            message: crate::t!("we-sent-a-new-confirmation-link-to", email = me.email),
        }),
    ))
}
