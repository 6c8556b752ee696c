//! `PUT`/`DELETE /api/internships/{id}/captions/{lang}`: a posting's caption track in one
//! language, for the posting's employer (services/captions.rs); the same under
//! `/api/admin/internships/` for the district admin (the AI videos it makes). The district's captions rule
//! (services/caption_rule.rs): the employer's `POST /api/internships/{id}/no-speech`, the
//! admin's `GET /api/admin/captions-waiting` and `POST /api/admin/internships/{id}/captions-clear`.

use axum::extract::{Path, State};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde::Deserialize;

use super::ApiJson;
use super::internship_views::{InternshipView, view};
use crate::auth::{Admin, Employer};
use crate::clock::now_ms;
use crate::error::AppResult;
use crate::services::{caption_rule, captions, postings};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/api/internships/{id}/captions/{lang}",
            put(put_track).delete(delete_track),
        )
        .route("/api/internships/{id}/no-speech", post(confirm_no_speech))
        .route("/api/admin/captions-waiting", get(list_waiting))
        .route(
            "/api/admin/internships/{id}/captions/{lang}",
            put(admin_put_track).delete(admin_delete_track),
        )
        .route(
            "/api/admin/internships/{id}/captions-clear",
            post(clear_waiting),
        )
}

#[derive(Deserialize)]
struct TrackBody {
    /// The WebVTT text.
    vtt: String,
}

async fn put_track(
    State(state): State<AppState>,
    Employer(me): Employer,
    Path((id, lang)): Path<(u64, String)>,
    body: ApiJson<TrackBody>,
) -> AppResult<Json<InternshipView>> {
    // Ownership first: a stranger's track is refused before its text is read.
    postings::owned(&state.store().read()?, &me, id)?;
    let saved = captions::put(
        &state.services,
        captions::Editor::Employer(&me),
        id,
        &lang,
        &body.0.vtt,
        now_ms(),
    )
    .await?;
    let r = state.store().read()?;
    Ok(Json(view(&r, state.media(), &saved, Some(&me))?))
}

async fn delete_track(
    State(state): State<AppState>,
    Employer(me): Employer,
    Path((id, lang)): Path<(u64, String)>,
) -> AppResult<Json<InternshipView>> {
    let saved = captions::delete(
        &state.services,
        captions::Editor::Employer(&me),
        id,
        &lang,
        now_ms(),
    )?;
    let r = state.store().read()?;
    Ok(Json(view(&r, state.media(), &saved, Some(&me))?))
}

/// The district admin captions a posting (the AI video it made, say).
async fn admin_put_track(
    State(state): State<AppState>,
    _: Admin,
    Path((id, lang)): Path<(u64, String)>,
    body: ApiJson<TrackBody>,
) -> AppResult<Json<InternshipView>> {
    let saved = captions::put(
        &state.services,
        captions::Editor::District,
        id,
        &lang,
        &body.0.vtt,
        now_ms(),
    )
    .await?;
    let r = state.store().read()?;
    Ok(Json(view(&r, state.media(), &saved, None)?))
}

async fn admin_delete_track(
    State(state): State<AppState>,
    _: Admin,
    Path((id, lang)): Path<(u64, String)>,
) -> AppResult<Json<InternshipView>> {
    let saved = captions::delete(
        &state.services,
        captions::Editor::District,
        id,
        &lang,
        now_ms(),
    )?;
    let r = state.store().read()?;
    Ok(Json(view(&r, state.media(), &saved, None)?))
}

/// The employer's answer to "this video has no speech": the posting, and what happens now.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Confirmed {
    #[serde(flatten)]
    posting: InternshipView,
    /// What the employer reads: live now, or the district reviews the clip first.
    message: String,
}

async fn confirm_no_speech(
    State(state): State<AppState>,
    Employer(me): Employer,
    Path(id): Path<u64>,
) -> AppResult<Json<Confirmed>> {
    use crate::domain::captions_rule::Confirmation;
    let (saved, outcome) = caption_rule::confirm_no_speech(&state.services, &me, id, now_ms())?;
    let message = match outcome {
        Confirmation::NeedsReview => crate::t!("captions-rule-review-asked"),
        Confirmation::Taken if saved.is_public() => crate::t!("captions-rule-confirmed-live"),
        Confirmation::Taken => crate::t!("captions-rule-confirmed"),
    };
    let r = state.store().read()?;
    Ok(Json(Confirmed {
        posting: view(&r, state.media(), &saved, Some(&me))?,
        message,
    }))
}

#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Waiting {
    /// The rule is on (`settings set captions-required`).
    required: bool,
    postings: Vec<caption_rule::WaitingView>,
}

async fn list_waiting(State(state): State<AppState>, _: Admin) -> AppResult<Json<Waiting>> {
    let r = state.store().read()?;
    Ok(Json(Waiting {
        required: caption_rule::required(&r)?,
        postings: caption_rule::waiting(&r)?,
    }))
}

async fn clear_waiting(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<u64>,
) -> AppResult<Json<InternshipView>> {
    let saved = caption_rule::clear(&state.services, id, admin.actor, now_ms())?;
    let r = state.store().read()?;
    Ok(Json(view(&r, state.media(), &saved, None)?))
}
