//! The guardian's single-use link (no account): their page, signature or decline, and their
//! copy of the signed agreement.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use super::documents::pdf_response;
use super::{Reason, signed_by};
use crate::auth::ClientIp;
use crate::clock::now_ms;
use crate::error::AppResult;
use crate::http::ApiJson;
use crate::services::placements::{self as rules, documents, voids};
use crate::state::AppState;

pub(super) async fn guardian_page(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> AppResult<Response> {
    let r = state.store().read()?;
    let p = rules::by_guardian_token(&r, &token, now_ms())?;
    let mut res = Json(documents::guardian_page(&r, &p, crate::i18n::current())?).into_response();
    // A bearer link's page is nobody's to keep.
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(res)
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub(super) struct GuardianSign {
    name: String,
    consent: bool,
    agreement_sha256: Option<String>,
}

#[derive(Serialize)]
pub(super) struct Said {
    message: String,
}

pub(super) async fn guardian_sign(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Path(token): Path<String>,
    ApiJson(b): ApiJson<GuardianSign>,
) -> AppResult<Json<Said>> {
    let by = signed_by(b.name, b.agreement_sha256, ip, &headers);
    let id = rules::by_guardian_token(&state.store().read()?, &token, now_ms())?.id;
    state.store().write(|w| voids::settle(w, id, now_ms()))?;
    state
        .store()
        .write(|w| rules::guardian_sign(w, &token, by, b.consent, now_ms()))?;
    super::changed(&state, id);
    Ok(Json(Said {
        message: crate::t!("guardian-signed"),
    }))
}

pub(super) async fn guardian_decline(
    State(state): State<AppState>,
    Path(token): Path<String>,
    ApiJson(b): ApiJson<Reason>,
) -> AppResult<Json<Said>> {
    let p = state
        .store()
        .write(|w| rules::guardian_decline(w, &token, &b.reason, now_ms()))?;
    super::changed(&state, p.id);
    Ok(Json(Said {
        message: crate::t!("guardian-declined"),
    }))
}

/// "E-mail me my copy again", from the guardian's old signing link: a new copy link goes to the
/// address on file (429 with Retry-After within the guardian's mail limits).
pub(super) async fn guardian_copy_again(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> AppResult<Json<Said>> {
    state
        .store()
        .write(|w| rules::guardian_copy_again(w, &token, now_ms()))?;
    state.mailer.wake();
    Ok(Json(Said {
        message: crate::t!("guardian-copy-again-sent"),
    }))
}

/// The guardian's copy of the signed agreement, through the link the activation e-mailed.
pub(super) async fn guardian_copy(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> AppResult<Response> {
    let r = state.store().read()?;
    let p = rules::by_guardian_copy(&r, &token, now_ms())?;
    // In the guardian's language when they chose one on the signing page.
    let chosen = match &p.guardian {
        Some(g) => crate::store::languages::of_email(&r, &g.email)?,
        None => None,
    };
    let lang = chosen.unwrap_or_else(crate::i18n::current);
    Ok(pdf_response(
        documents::agreement_pdf(&r, &p, lang)?,
        &format!("agreement-{}.pdf", p.id),
    ))
}
