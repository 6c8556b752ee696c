//! The supervisor's single-use link (a supervisor who is not the employer account's holder
//! signs as themselves, with no account): their page and signature, and the employer's or the
//! school's resend.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use super::{Party, signed_by};
use crate::auth::ClientIp;
use crate::clock::now_ms;
use crate::error::AppResult;
use crate::http::ApiJson;
use crate::services::placements::{documents, supervisor, voids};
use crate::state::AppState;

pub(super) async fn page(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> AppResult<Response> {
    let r = state.store().read()?;
    let p = supervisor::by_token(&r, &token, now_ms())?;
    let mut res = Json(documents::supervisor_page(&r, &p, crate::i18n::current())?).into_response();
    // A bearer link's page is nobody's to keep.
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(res)
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub(super) struct SupervisorSign {
    name: String,
    agreement_sha256: Option<String>,
}

#[derive(Serialize)]
pub(super) struct Said {
    message: String,
}

pub(super) async fn sign(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Path(token): Path<String>,
    ApiJson(b): ApiJson<SupervisorSign>,
) -> AppResult<Json<Said>> {
    let by = signed_by(b.name, b.agreement_sha256, ip, &headers);
    let id = supervisor::by_token(&state.store().read()?, &token, now_ms())?.id;
    state.store().write(|w| voids::settle(w, id, now_ms()))?;
    state
        .store()
        .write(|w| supervisor::sign(w, &token, by, now_ms()))?;
    super::changed(&state, id);
    Ok(Json(Said {
        message: crate::t!("supervisor-signed"),
    }))
}

/// The employer or the school e-mails the supervisor a new link.
pub(super) async fn resend(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
) -> AppResult<Json<Said>> {
    state
        .store()
        .write(|w| supervisor::resend(w, &who, id, now_ms()))?;
    state.mailer.wake();
    Ok(Json(Said {
        message: crate::t!("sent"),
    }))
}
