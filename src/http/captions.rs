//! `PUT`/`DELETE /api/internships/{id}/captions/{lang}`: a posting's caption track in one
//! language, for the posting's employer (services/captions.rs).

use axum::extract::{Path, State};
use axum::routing::put;
use axum::{Json, Router};
use serde::Deserialize;

use super::ApiJson;
use super::internship_views::{InternshipView, view};
use crate::auth::Employer;
use crate::clock::now_ms;
use crate::error::AppResult;
use crate::services::{captions, postings};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route(
        "/api/internships/{id}/captions/{lang}",
        put(put_track).delete(delete_track),
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
    let saved = captions::put(&state.services, &me, id, &lang, &body.0.vtt, now_ms()).await?;
    let r = state.store().read()?;
    Ok(Json(view(&r, state.media(), &saved, Some(&me))?))
}

async fn delete_track(
    State(state): State<AppState>,
    Employer(me): Employer,
    Path((id, lang)): Path<(u64, String)>,
) -> AppResult<Json<InternshipView>> {
    let saved = captions::delete(&state.services, &me, id, &lang, now_ms())?;
    let r = state.store().read()?;
    Ok(Json(view(&r, state.media(), &saved, Some(&me))?))
}
