//! The school's record of a placement: career cluster, safety checklist, worksite visits.

use axum::Json;
use axum::extract::{Path, State};
use serde::Deserialize;

use super::{Party, act};
use crate::clock::now_ms;
use crate::error::AppResult;
use crate::http::ApiJson;
use crate::services::placements::records;
use crate::services::placements::views::PlacementView;
use crate::state::AppState;

#[derive(Deserialize, Default)]
#[serde(default)]
pub(super) struct VisitBody {
    date: String,
    notes: String,
}

pub(super) async fn add_visit(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
    ApiJson(b): ApiJson<VisitBody>,
) -> AppResult<Json<PlacementView>> {
    act(&state, &who, |w| {
        records::add_visit(w, &who, id, &b.date, &b.notes, now_ms())
    })
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub(super) struct TickBody {
    item: String,
    done: bool,
}

pub(super) async fn tick(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
    ApiJson(b): ApiJson<TickBody>,
) -> AppResult<Json<PlacementView>> {
    act(&state, &who, |w| {
        records::tick(w, &who, id, &b.item, b.done, now_ms())
    })
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub(super) struct ClusterBody {
    cluster: String,
}

pub(super) async fn set_cluster(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
    ApiJson(b): ApiJson<ClusterBody>,
) -> AppResult<Json<PlacementView>> {
    act(&state, &who, |w| {
        records::set_cluster(w, &who, id, &b.cluster, now_ms())
    })
}
