//! Applications and the hiring pipeline.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::views::StudentView;
use super::{ApiJson, paging};
use crate::auth::{Employer, Student};
use crate::clock::{self, now_ms, rfc3339};
use crate::error::{AppError, AppResult};
use crate::services::applications as applications_service;
use crate::state::AppState;
use crate::store::Reader;
use crate::store::applications::{self, Application, Status};
use crate::store::internships::Internship;
use crate::store::users::User;
use axum::extract::Query;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/applications", post(create_application))
        .route(
            "/api/applications/{user_id}",
            get(list_student_applications),
        )
        .route(
            "/api/users/{user_id}/applications",
            get(list_student_applications),
        )
        .route(
            "/api/employers/applications",
            get(list_employer_applications),
        )
        .route(
            "/api/employers/applications/count",
            get(count_employer_applications),
        )
        .route("/api/employers/applications/{id}", put(update_status))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct HistoryEntry {
    status: &'static str,
    at: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct InternshipRef {
    id: u64,
    title: String,
    company: String,
    location: String,
    employer_id: u64,
    archived: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ApplicationView {
    id: u64,
    internship_id: u64,
    status: &'static str,
    applied_at: String,
    updated_at: String,
    history: Vec<HistoryEntry>,
    #[serde(skip_serializing_if = "Option::is_none")]
    internship: Option<InternshipRef>,
    #[serde(skip_serializing_if = "Option::is_none")]
    internship_title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    student: Option<StudentView>,
    /// For employers: the student deleted their account (no name or contact data left).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    student_deleted: bool,
    /// For employers: the statuses this application may move to.
    #[serde(skip_serializing_if = "Option::is_none")]
    next_statuses: Option<Vec<&'static str>>,
    /// A hired application's work-based-learning placement.
    #[serde(skip_serializing_if = "Option::is_none")]
    placement_id: Option<u64>,
}

fn base_view(a: &Application) -> ApplicationView {
    ApplicationView {
        id: a.id,
        internship_id: a.internship_id,
        status: a.status.as_str(),
        applied_at: rfc3339(a.applied_at),
        updated_at: rfc3339(a.history.last().map(|h| h.1).unwrap_or(a.applied_at)),
        history: a
            .history
            .iter()
            .map(|(s, at)| HistoryEntry {
                status: s.as_str(),
                at: rfc3339(*at),
            })
            .collect(),
        internship: None,
        internship_title: None,
        student: None,
        student_deleted: false,
        next_statuses: None,
        placement_id: None,
    }
}

fn student_view(r: &impl Reader, a: &Application) -> AppResult<ApplicationView> {
    let mut v = base_view(a);
    if a.status == crate::domain::applications::Status::Hired {
        v.placement_id = crate::store::placements::of_application(r, a.id)?;
    }
    if let Some(i) = r.get::<Internship>(a.internship_id)? {
        v.internship_title = Some(i.title.clone());
        v.internship = Some(InternshipRef {
            id: i.id,
            title: i.title,
            company: i.company,
            location: i.location,
            employer_id: i.employer_id,
            archived: i.archived,
        });
    }
    Ok(v)
}

fn employer_view(r: &impl Reader, a: &Application) -> AppResult<ApplicationView> {
    let mut v = student_view(r, a)?;
    v.student = Some(match r.get::<User>(a.student_id)? {
        Some(u) => StudentView::from(&u),
        None => {
            v.student_deleted = true;
            StudentView::deleted(a.student_id)
        }
    });
    v.next_statuses = Some(a.status.next().iter().map(|s| s.as_str()).collect());
    Ok(v)
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct NewApplication {
    internship_id: u64,
    status: Option<String>,
}

async fn create_application(
    State(state): State<AppState>,
    Student(me): Student,
    ApiJson(body): ApiJson<NewApplication>,
) -> AppResult<(StatusCode, Json<ApplicationView>)> {
    if body.status.as_deref().is_some_and(|s| s != "pending") {
        return Err(AppError::bad_request(crate::t!(
            "a-new-application-starts-as-pending"
        )));
    }
    let (a, note) = applications_service::apply(
        &state.services,
        &me,
        body.internship_id,
        now_ms(),
        clock::today(),
    )?;
    super::notifications::push(&state, note.as_slice());
    let r = state.store().read()?;
    Ok((StatusCode::CREATED, Json(student_view(&r, &a)?)))
}

async fn list_student_applications(
    State(state): State<AppState>,
    Student(me): Student,
    Path(user_id): Path<u64>,
) -> AppResult<Json<Vec<ApplicationView>>> {
    if me.id != user_id {
        return Err(AppError::Forbidden(crate::t!(
            "you-can-only-see-your-own-applications"
        )));
    }
    let r = state.store().read()?;
    let out = applications::by_student(&r, me.id)?
        .iter()
        .map(|a| student_view(&r, a))
        .collect::<AppResult<Vec<_>>>()?;
    Ok(Json(out))
}

/// The applications to the employer's postings, newest first, paged.
async fn list_employer_applications(
    State(state): State<AppState>,
    Employer(me): Employer,
    uri: axum::http::Uri,
    Query(p): Query<super::paging::PageParams>,
) -> AppResult<axum::response::Response> {
    let limit = paging::limit(p.limit.as_deref())?;
    let before = paging::id_cursor(p.cursor.as_deref())?;
    let r = state.store().read()?;
    let (ids, more) = applications::employer_page(&r, me.id, before, limit)?;
    let mut out = Vec::with_capacity(ids.len());
    for (id, _) in &ids {
        if let Some(a) = r.get::<Application>(*id)? {
            out.push(employer_view(&r, &a)?);
        }
    }
    let next = more
        .then(|| ids.last().map(|(id, _)| id.to_string()))
        .flatten();
    Ok(paging::respond(&uri, out, next))
}

#[derive(Serialize)]
struct Count {
    count: usize,
}

async fn count_employer_applications(
    State(state): State<AppState>,
    Employer(me): Employer,
) -> AppResult<Json<Count>> {
    let r = state.store().read()?;
    Ok(Json(Count {
        count: applications::count_by_employer(&r, me.id)?,
    }))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct StatusChange {
    status: String,
}

async fn update_status(
    State(state): State<AppState>,
    Employer(me): Employer,
    Path(id): Path<u64>,
    ApiJson(body): ApiJson<StatusChange>,
) -> AppResult<Json<ApplicationView>> {
    let to = Status::parse(body.status.trim()).ok_or_else(|| {
        AppError::bad_request(
            "Unknown status; use pending, under_review, interview_requested, offer_extended, hired or rejected",
        )
    })?;
    let (a, note) = applications_service::move_to(&state.services, &me, id, to, now_ms())?;
    super::notifications::push(&state, note.as_slice());
    let r = state.store().read()?;
    Ok(Json(employer_view(&r, &a)?))
}
