//! Forgotten and changed passwords: `POST /api/password-reset` (always the same 202, so it
//! tells nobody who has an account), `POST /api/password-reset/confirm`, and
//! `PUT /api/users/me/password`.

use axum::Json;
use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{post, put};
use serde::{Deserialize, Serialize};

use super::ApiJson;
use crate::auth::{self, AnyUser, ClientIp};
use crate::clock::now_ms;
use crate::error::{AppError, AppResult};
use crate::services::password_reset;
use crate::state::AppState;
use crate::store::Reader;
use crate::store::sessions::Subject;
use crate::store::users::{self, Role, User};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/password-reset", post(request_reset))
        .route("/api/password-reset/confirm", post(confirm_reset))
        .route("/api/users/me/password", put(change_password))
}

use super::accounts::{PASSWORD_MAX, password_min};
use super::signin_turns::SignInTurns;

/// The role's password rule, as a plain 400 (these forms have one password field).
fn check_password(role: Role, password: &str) -> AppResult<()> {
    let (min, msg) = password_min(role);
    if password.chars().count() < min {
        return Err(AppError::bad_request(msg));
    }
    if password.len() > PASSWORD_MAX {
        return Err(AppError::bad_request(crate::t!(
            "password-must-be-at-most-max-characters",
            max = PASSWORD_MAX
        )));
    }
    Ok(())
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct ResetRequest {
    email: String,
}

#[derive(Serialize)]
struct Said {
    message: String,
}

async fn request_reset(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<ResetRequest>,
) -> AppResult<(StatusCode, Json<Said>)> {
    let email = users::email_key(&body.email);
    if !crate::validate::is_email(&email) {
        return Err(AppError::bad_request(crate::t!(
            "please-enter-a-valid-email-address"
        )));
    }
    state
        .throttles
        .resets
        .take(&format!("ip:{ip}"))
        .map_err(|wait| {
            AppError::throttled(wait, |when| {
                crate::said!("too-many-password-reset-requests-please-try", when = when)
            })
        })?;
    // Per e-mail, strangers' requests never refuse the owner's: at most one mail per five
    // minutes goes out, and every request gets the same answer (the last mail's link works).
    if state
        .throttles
        .reset_mails
        .take(&format!("email:{email}"))
        .is_err()
    {
        return Ok((
            StatusCode::ACCEPTED,
            Json(Said {
                message: crate::t!("if-an-account-exists-for-that-email"),
            }),
        ));
    }
    // The work happens after the answer, so known and unknown addresses answer alike.
    let s = state.clone();
    tokio::spawn(async move {
        let result = password_reset::request(&s.services, &email, now_ms());
        match result {
            Ok(true) => s.mailer.wake(),
            Ok(false) => {}
            Err(e) => tracing::error!(error = %e, "could not queue a password-reset e-mail"),
        }
    });
    Ok((
        StatusCode::ACCEPTED,
        Json(Said {
            message: crate::t!("if-an-account-exists-for-that-email"),
        }),
    ))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct ResetConfirm {
    token: String,
    password: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Changed {
    message: String,
    user_type: &'static str,
}

async fn confirm_reset(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<ResetConfirm>,
) -> AppResult<Json<Changed>> {
    let invalid = || AppError::bad_request(password_reset::invalid());
    let user = {
        let r = state.store().read()?;
        let id = password_reset::peek(&r, body.token.trim(), now_ms())?.ok_or_else(invalid)?;
        r.get::<User>(id)?.ok_or_else(invalid)?
    };
    check_password(user.role, &body.password)?;
    let hash = auth::hash_password(&state, body.password).await?;
    password_reset::complete(&state.services, body.token.trim(), user.id, hash, now_ms())?;
    Ok(Json(Changed {
        message: crate::t!("password-changed-please-sign-in"),
        user_type: match user.role {
            Role::Student => "student",
            Role::Employer => "employer",
        },
    }))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct PasswordChange {
    current_password: String,
    new_password: String,
}

/// Changes the password; every other session of the account ends (this one gets a new cookie).
async fn change_password(
    State(state): State<AppState>,
    AnyUser(me): AnyUser,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<PasswordChange>,
) -> AppResult<Response> {
    let wrong = || AppError::Forbidden(crate::t!("your-current-password-is-not-correct"));
    if body.current_password.is_empty() || body.current_password.len() > PASSWORD_MAX {
        return Err(wrong());
    }
    // A stolen session is no way around the sign-in throttle.
    let turns = SignInTurns::wait(&state, &ip, &me.email).await?;
    if !auth::verify_password(&state, body.current_password, me.password_hash.clone()).await? {
        turns.failed(&state);
        return Err(wrong());
    }
    turns.succeeded(&state);
    check_password(me.role, &body.new_password)?;
    let hash = auth::hash_password(&state, body.new_password).await?;
    password_reset::change(&state.services, &me, hash, now_ms())?;
    let cookie = auth::start_session(&state, Subject::User(me.id))?;
    Ok((
        [(header::SET_COOKIE, cookie)],
        Json(Said {
            message: crate::t!("password-changed-you-were-signed-out-everywhere"),
        }),
    )
        .into_response())
}
