//! What keeps minors safe, for signed-in users: reports (`POST /api/reports`), students'
//! blocks of employers, and the district's name for the "Verified by" badge.

use axum::Json;
use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{delete, get};
use serde::{Deserialize, Serialize};

use super::ApiJson;
use crate::auth::{AnyUser, Student};
use crate::clock::{now_ms, rfc3339};
use crate::error::{AppError, AppResult, OptionExt};
use crate::services::{reports, settings};
use crate::state::AppState;
use crate::store::Reader;
use crate::store::social;
use crate::store::users::{Role, User};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/district", get(district))
        .route("/api/reports", axum::routing::post(file_report))
        .route("/api/blocks", get(list_blocks).post(block))
        .route("/api/blocks/{employer_id}", delete(unblock))
}

#[derive(Serialize)]
struct District {
    name: String,
    contact: Option<String>,
}

async fn district(State(state): State<AppState>) -> AppResult<Json<District>> {
    let r = state.store().read()?;
    Ok(Json(District {
        name: settings::district_name(&r)?,
        contact: settings::district_contact(&r)?,
    }))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct NewReport {
    target_type: String,
    target_id: u64,
    reason: String,
    details: String,
}

#[derive(Serialize)]
struct Filed {
    id: u64,
    message: String,
}

async fn file_report(
    State(state): State<AppState>,
    AnyUser(me): AnyUser,
    ApiJson(body): ApiJson<NewReport>,
) -> AppResult<(StatusCode, Json<Filed>)> {
    state
        .throttles
        .reports
        .take(&format!("user:{}", me.id))
        .map_err(|wait| {
            AppError::throttled(wait, |when| {
                crate::said!("too-many-reports-please-try-again-in", when = when)
            })
        })?;
    let rep = reports::file(
        &state.services,
        &me,
        &body.target_type,
        body.target_id,
        &body.reason,
        &body.details,
    )?;
    Ok((
        StatusCode::CREATED,
        Json(Filed {
            id: rep.id,
            message: crate::t!("thanks-for-telling-us-the-district-will"),
        }),
    ))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BlockView {
    employer_id: u64,
    company: String,
    blocked_at: String,
}

#[derive(Serialize)]
struct Blocks {
    blocks: Vec<BlockView>,
}

async fn list_blocks(
    State(state): State<AppState>,
    Student(me): Student,
) -> AppResult<Json<Blocks>> {
    let r = state.store().read()?;
    let mut blocks = Vec::new();
    for (eid, at) in social::blocks_of(&r, me.id)? {
        blocks.push(BlockView {
            employer_id: eid,
            company: r.get::<User>(eid)?.map(|u| u.company).unwrap_or_default(),
            blocked_at: rfc3339(at),
        });
    }
    Ok(Json(Blocks { blocks }))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct NewBlock {
    employer_id: u64,
}

#[derive(Serialize)]
struct Done {
    message: String,
}

async fn block(
    State(state): State<AppState>,
    Student(me): Student,
    ApiJson(body): ApiJson<NewBlock>,
) -> AppResult<(StatusCode, Json<Done>)> {
    let company = state.store().write(|w| {
        // Only a company the student can know of: a verified one, or one they applied to
        // (a pending company's name is not for students to learn by trying ids).
        let e = w
            .get::<User>(body.employer_id)?
            .filter(|u| u.role == Role::Employer)
            .filter(|u| {
                u.review.status == crate::domain::review::EmployerStatus::Verified
                    || crate::store::applications::by_student(w, me.id)
                        .is_ok_and(|list| list.iter().any(|a| a.employer_id == u.id))
            })
            .ok_or_not_found(crate::t!("employer-not-found"))?;
        social::block(w, me.id, e.id, now_ms())?;
        Ok::<_, AppError>(e.company)
    })?;
    Ok((
        StatusCode::CREATED,
        Json(Done {
            message: crate::t!(
                "blocked-company-can-no-longer-message-you",
                company = company
            ),
        }),
    ))
}

async fn unblock(
    State(state): State<AppState>,
    Student(me): Student,
    Path(employer_id): Path<u64>,
) -> AppResult<Json<Done>> {
    let was = state
        .store()
        .write(|w| social::unblock(w, me.id, employer_id))?;
    if !was {
        return Err(AppError::not_found(crate::t!(
            "you-have-not-blocked-this-employer"
        )));
    }
    Ok(Json(Done {
        message: crate::t!("unblocked"),
    }))
}
