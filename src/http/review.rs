//! The district admin's review: employers, reports, the audit log.

use axum::Json;
use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::Uri;
use axum::response::Response;
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};

use super::ApiJson;
use crate::auth::{Admin, StaffMember};
use crate::domain::review::EmployerStatus;
use crate::error::AppResult;
use crate::services::{audit, employers, reports};
use crate::state::AppState;
use crate::store::Reader;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/admin/employers", get(list_employers))
        .route("/api/admin/employers/{id}/verify", post(verify))
        .route("/api/admin/employers/{id}/suspend", post(suspend))
        .route("/api/admin/employers/{id}/postings", get(employer_postings))
        .route("/api/admin/reports", get(list_reports))
        .route("/api/admin/reports/{id}/resolve", post(resolve))
        .route("/api/admin/reports/{id}/false-match", post(false_match))
        .route("/api/admin/audit", get(list_audit))
}

#[derive(Serialize)]
struct Employers {
    employers: Vec<employers::EmployerView>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct EmployerFilter {
    pending: Option<String>,
}

async fn list_employers(
    State(state): State<AppState>,
    _: Admin,
    Query(f): Query<EmployerFilter>,
) -> AppResult<Json<Employers>> {
    let pending = f
        .pending
        .as_deref()
        .is_some_and(|p| p == "true" || p == "1");
    Ok(Json(Employers {
        employers: employers::list(&state.services, pending)?,
    }))
}

/// An employer's postings as its students would see them, for the district to read before
/// it verifies the company (every posting, live or not; not the deleted ones).
async fn employer_postings(
    State(state): State<AppState>,
    _: Admin,
    Path(id): Path<u64>,
) -> AppResult<Json<Vec<super::internships::InternshipView>>> {
    let r = state.store().read()?;
    let employer = r
        .get::<crate::store::users::User>(id)?
        .filter(|u| u.role == crate::store::users::Role::Employer)
        .ok_or_else(|| crate::error::AppError::not_found(crate::t!("employer-not-found")))?;
    let out = crate::store::internships::by_employer(&r, employer.id, false)?
        .iter()
        .map(|i| super::internship_views::view(&r, state.media(), i, None))
        .collect::<AppResult<Vec<_>>>()?;
    Ok(Json(out))
}

async fn verify(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<u64>,
) -> AppResult<Json<employers::EmployerView>> {
    Ok(Json(employers::set_status(
        &state.services,
        id,
        EmployerStatus::Verified,
        None,
        admin.actor,
    )?))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Reason {
    reason: String,
}

async fn suspend(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<u64>,
    ApiJson(body): ApiJson<Reason>,
) -> AppResult<Json<employers::EmployerView>> {
    Ok(Json(employers::set_status(
        &state.services,
        id,
        EmployerStatus::Suspended,
        Some(body.reason),
        admin.actor,
    )?))
}

#[derive(Serialize)]
struct Reports {
    reports: Vec<reports::ReportView>,
}

/// Every report for an admin; a coordinator's school's (README, "Staff accounts").
async fn list_reports(
    State(state): State<AppState>,
    member: StaffMember,
) -> AppResult<Json<Reports>> {
    Ok(Json(Reports {
        reports: reports::list_scoped(&state.services, false, member.school.as_deref())?,
    }))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Resolve {
    action: String,
    note: String,
}

async fn resolve(
    State(state): State<AppState>,
    member: StaffMember,
    Path(id): Path<u64>,
    ApiJson(body): ApiJson<Resolve>,
) -> AppResult<Response> {
    use axum::response::IntoResponse;
    // A coordinator reaches the reports about their school's students (README, "Staff
    // accounts"); the service checks it in the resolving transaction.
    let ids = match &member.school {
        Some(school) => Some(crate::services::students::ids_of_school(
            &state.store().read()?,
            school,
        )?),
        None => None,
    };
    let reach = match &ids {
        Some(ids) => reports::Reach::School(ids),
        None => reports::Reach::District,
    };
    Ok(
        match reports::resolve(
            &state.services,
            id,
            &body.action,
            &body.note,
            member.actor,
            reach,
        )? {
            reports::Resolved::Done(v) => Json(v).into_response(),
            // Sent on to the district's admins; the report stays open.
            reports::Resolved::Escalated(v) => {
                (axum::http::StatusCode::ACCEPTED, Json(v)).into_response()
            }
        },
    )
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct FalseMatch {
    term: String,
}

/// A term of the hazardous-duties screen marked a false match for the held posting: a
/// district admin's call (a coordinator is refused, as for the postings' hide and release).
async fn false_match(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<u64>,
    ApiJson(body): ApiJson<FalseMatch>,
) -> AppResult<Json<reports::ReportView>> {
    Ok(Json(crate::services::false_matches::mark(
        &state.services,
        id,
        &body.term,
        admin.actor,
    )?))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct AuditQuery {
    user: Option<String>,
    limit: Option<String>,
    cursor: Option<String>,
}

#[derive(Serialize)]
struct AuditPage {
    entries: Vec<audit::EntryView>,
    next: Option<String>,
}

async fn list_audit(
    State(state): State<AppState>,
    _: Admin,
    uri: Uri,
    Query(q): Query<AuditQuery>,
) -> AppResult<Response> {
    use axum::response::IntoResponse;
    let limit = super::paging::limit(q.limit.as_deref())?;
    let before = super::paging::id_cursor(q.cursor.as_deref())?;
    let user = super::paging::id_cursor(q.user.as_deref())
        .map_err(|_| crate::error::AppError::bad_request(crate::t!("user-must-be-a-user-id")))?;
    let r = state.store().read()?;
    let (entries, next) = audit::page(&r, user, before, limit)?;
    let next = next.map(|n| n.to_string());
    let link = super::paging::link(&uri, next.clone());
    Ok(super::paging::with_link(
        Json(AuditPage { entries, next }).into_response(),
        link,
    ))
}
