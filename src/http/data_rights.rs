//! A student's data rights: `GET /api/users/{id}/export` and `DELETE /api/users/{id}`.

use axum::Json;
use axum::Router;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::{Deserialize, Serialize};

use super::ApiJson;
use crate::auth::{self, AnyUser, ClientIp};
use crate::error::{AppError, AppResult};
use crate::services::data_rights;
use crate::state::AppState;
use crate::store::users::{Role, User};

pub fn router() -> Router<AppState> {
    Router::new().route("/api/users/{id}/export", get(export))
}

fn own_student(me: &User, id: u64) -> AppResult<()> {
    if me.id != id || me.role != Role::Student {
        return Err(AppError::Forbidden(crate::t!(
            "only-the-student-can-download-or-delete"
        )));
    }
    Ok(())
}

async fn export(
    State(state): State<AppState>,
    AnyUser(me): AnyUser,
    Path(id): Path<u64>,
) -> AppResult<Response> {
    own_student(&me, id)?;
    let doc = data_rights::export(&state.services, &me)?;
    let body = serde_json::to_vec_pretty(&doc).map_err(|e| AppError::Internal(e.into()))?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/json".to_string()),
            (header::CACHE_CONTROL, "private, no-store".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"internreel-data-{id}.json\""),
            ),
        ],
        body,
    )
        .into_response())
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct Confirm {
    password: String,
}

#[derive(Serialize)]
struct Deleted {
    message: String,
}

/// Deletes the student's account once the password is confirmed, then its files.
pub async fn delete_account(
    State(state): State<AppState>,
    AnyUser(me): AnyUser,
    ClientIp(ip): ClientIp,
    Path(id): Path<u64>,
    ApiJson(body): ApiJson<Confirm>,
) -> AppResult<Response> {
    own_student(&me, id)?;
    if body.password.is_empty() {
        return Err(AppError::bad_request(crate::t!(
            "please-enter-your-password"
        )));
    }
    if body.password.len() > 1024 {
        return Err(AppError::Forbidden(crate::t!("incorrect-password")));
    }
    // Counted like sign-in failures: a live session is no way to guess the password.
    let turns = super::signin_turns::SignInTurns::wait(&state, &ip, &me.email).await?;
    if !auth::verify_password(&state, body.password, me.password_hash.clone()).await? {
        turns.failed(&state);
        return Err(AppError::Forbidden(crate::t!("incorrect-password")));
    }
    turns.succeeded(&state);
    let files = data_rights::delete_student(&state.services, id)?;
    for name in files {
        let _ = std::fs::remove_file(state.paths().images().join(name));
    }
    Ok((
        [(header::SET_COOKIE, auth::clear_cookie(&state))],
        Json(Deleted {
            message: crate::t!("your-account-has-been-deleted"),
        }),
    )
        .into_response())
}
