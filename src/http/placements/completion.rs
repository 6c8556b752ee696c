//! The end of a placement: the supervisor's evaluations, the student's reflection, and
//! completing, ending early or cancelling.

use axum::Json;
use axum::extract::{Path, State};
use serde::Deserialize;

use super::{Party, Reason, act, employer_of, student_of};
use crate::clock::now_ms;
use crate::error::AppResult;
use crate::http::ApiJson;
use crate::services::placements::views::PlacementView;
use crate::services::placements::{self as rules};
use crate::state::AppState;

#[derive(Deserialize, Default)]
#[serde(default)]
pub(super) struct EvaluationBody {
    kind: String,
    scores: std::collections::BTreeMap<String, i64>,
    comments: String,
}

pub(super) async fn evaluate(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
    ApiJson(b): ApiJson<EvaluationBody>,
) -> AppResult<Json<PlacementView>> {
    let employer = employer_of(&who)?;
    let scores: Vec<(String, i64)> = b.scores.into_iter().collect();
    act(&state, &who, |w| {
        rules::evaluate(w, employer, id, &b.kind, &scores, &b.comments, now_ms())
    })
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub(super) struct Text {
    text: String,
}

pub(super) async fn reflect(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
    ApiJson(b): ApiJson<Text>,
) -> AppResult<Json<PlacementView>> {
    let student = student_of(&who)?;
    act(&state, &who, |w| {
        rules::reflect(w, student, id, &b.text, now_ms())
    })
}

pub(super) async fn complete(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
) -> AppResult<Json<PlacementView>> {
    act(&state, &who, |w| rules::complete(w, &who, id, now_ms()))
}

pub(super) async fn end_early(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
    ApiJson(b): ApiJson<Reason>,
) -> AppResult<Json<PlacementView>> {
    act(&state, &who, |w| {
        rules::end_early(w, &who, id, &b.reason, now_ms())
    })
}

pub(super) async fn cancel(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
    ApiJson(b): ApiJson<Reason>,
) -> AppResult<Json<PlacementView>> {
    act(&state, &who, |w| {
        rules::cancel(w, &who, id, &b.reason, now_ms())
    })
}
