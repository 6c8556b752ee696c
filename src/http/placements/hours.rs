//! The hours log: the student's entries, the supervisor's approvals and returns.

use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};

use super::{Done, Party, act, employer_of, student_of};
use crate::clock::now_ms;
use crate::error::AppResult;
use crate::http::ApiJson;
use crate::services::placements::views::{self, PlacementView};
use crate::services::placements::{self as rules};
use crate::state::AppState;
use crate::store::placements::{self};

#[derive(Deserialize, Default)]
#[serde(default)]
pub(super) struct EntryBody {
    date: String,
    hours: f64,
    note: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct EntryAnswer {
    id: u64,
    date: String,
    hours: f64,
    note: String,
    status: &'static str,
    /// Still accepted, but over the district's cap: "day" or "week", and that cap.
    over_cap: Option<&'static str>,
    cap: Option<f64>,
}

fn entry_answer(state: &AppState, e: &placements::HourEntry) -> AppResult<Json<EntryAnswer>> {
    let over = rules::hours::over_cap(&state.store().read()?, e.placement_id, e.date)?;
    Ok(Json(EntryAnswer {
        id: e.id,
        date: views::date_str(e.date),
        hours: e.hours(),
        note: e.note.clone(),
        status: "waiting",
        over_cap: over.map(|(what, _)| what),
        cap: over.map(|(_, cap)| cap),
    }))
}

pub(super) async fn add_hours(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
    ApiJson(b): ApiJson<EntryBody>,
) -> AppResult<(axum::http::StatusCode, Json<EntryAnswer>)> {
    let student = student_of(&who)?;
    let e = state.store().write(|w| {
        rules::add_entry(
            w,
            student,
            id,
            rules::EntryInput {
                date: b.date,
                hours: b.hours,
                note: b.note,
            },
            now_ms(),
        )
    })?;
    super::changed(&state, id);
    Ok((axum::http::StatusCode::CREATED, entry_answer(&state, &e)?))
}

pub(super) async fn edit_hours(
    State(state): State<AppState>,
    Party(who): Party,
    Path((id, entry)): Path<(u64, u64)>,
    ApiJson(b): ApiJson<EntryBody>,
) -> AppResult<Json<EntryAnswer>> {
    let student = student_of(&who)?;
    let e = state.store().write(|w| {
        rules::edit_entry(
            w,
            student,
            id,
            entry,
            rules::EntryInput {
                date: b.date,
                hours: b.hours,
                note: b.note,
            },
            now_ms(),
        )
    })?;
    super::changed(&state, id);
    entry_answer(&state, &e)
}

pub(super) async fn delete_hours(
    State(state): State<AppState>,
    Party(who): Party,
    Path((id, entry)): Path<(u64, u64)>,
) -> AppResult<Json<Done>> {
    let student = student_of(&who)?;
    state
        .store()
        .write(|w| rules::delete_entry(w, student, id, entry))?;
    super::changed(&state, id);
    Ok(Json(Done {
        message: crate::t!("deleted"),
    }))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub(super) struct Ids {
    ids: Vec<u64>,
}

pub(super) async fn approve(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
    ApiJson(b): ApiJson<Ids>,
) -> AppResult<Json<PlacementView>> {
    let employer = employer_of(&who)?;
    act(&state, &who, |w| {
        rules::approve(w, employer, id, &b.ids, now_ms())
    })
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub(super) struct Comment {
    comment: String,
}

pub(super) async fn return_hours(
    State(state): State<AppState>,
    Party(who): Party,
    Path((id, entry)): Path<(u64, u64)>,
    ApiJson(b): ApiJson<Comment>,
) -> AppResult<Json<PlacementView>> {
    let employer = employer_of(&who)?;
    act(&state, &who, |w| {
        rules::return_entry(w, employer, id, entry, &b.comment, now_ms())
    })
}
