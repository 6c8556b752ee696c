//! External jobs: the list (with the student-friendly filter and search) and companies.

use std::collections::BTreeMap;

use axum::extract::{Query, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::paging;
use crate::error::{AppError, AppResult};
use crate::jobs::provider_name;
use crate::state::AppState;
use crate::store::Reader;
use crate::store::external_jobs::ExternalJob;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/external-jobs", get(list_external_jobs))
        .route("/api/external-jobs/companies", get(list_companies))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct JobQuery {
    /// Student-friendly only (the default).
    beginner: Option<String>,
    q: Option<String>,
    company: Option<String>,
    limit: Option<String>,
    cursor: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JobView {
    id: u64,
    source: &'static str,
    external_id: String,
    company_name: String,
    title: String,
    location: String,
    department: String,
    level: String,
    commitment: String,
    workplace_type: String,
    salary_min: Option<f64>,
    salary_max: Option<f64>,
    salary_currency: String,
    salary_interval: String,
    description_plain: String,
    apply_url: String,
    beginner: bool,
}

impl From<ExternalJob> for JobView {
    fn from(j: ExternalJob) -> Self {
        JobView {
            id: j.id,
            source: provider_name(j.provider),
            external_id: j.external_id,
            company_name: j.company_name,
            title: j.title,
            location: j.location,
            department: j.department,
            level: j.level,
            commitment: j.commitment,
            workplace_type: j.workplace_type,
            salary_min: j.salary_min,
            salary_max: j.salary_max,
            salary_currency: j.salary_currency,
            salary_interval: j.salary_interval,
            description_plain: j.description_plain,
            apply_url: j.apply_url,
            beginner: j.beginner,
        }
    }
}

fn beginner_only(q: &JobQuery) -> AppResult<bool> {
    match q.beginner.as_deref().map(str::trim) {
        None | Some("") | Some("true") | Some("1") => Ok(true),
        Some("false") | Some("0") => Ok(false),
        Some(_) => Err(AppError::bad_request(crate::t!(
            "beginner-must-be-true-or-false"
        ))),
    }
}

fn keep(q: &JobQuery, beginner: bool, j: &ExternalJob) -> bool {
    (!beginner || j.beginner)
        && q.company
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .is_none_or(|c| j.company_name.eq_ignore_ascii_case(c))
}

fn search_text(q: &JobQuery) -> AppResult<String> {
    let text = q.q.as_deref().unwrap_or("").to_string();
    if text.len() > 500 {
        return Err(AppError::bad_request(crate::t!(
            "the-search-text-is-too-long"
        )));
    }
    Ok(text)
}

/// Every matching job (for the company list, which groups them all).
fn select_all(state: &AppState, q: &JobQuery) -> AppResult<Vec<ExternalJob>> {
    let beginner = beginner_only(q)?;
    let text = search_text(q)?;
    let r = state.store().read()?;
    let mut jobs = if crate::search::words(&text).is_empty() {
        r.scan_rev::<ExternalJob>(|_| true)?
    } else {
        let ids = state
            .services
            .search
            .jobs(&text, 1000)
            .map_err(AppError::Internal)?;
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            if let Some(j) = r.get::<ExternalJob>(id)? {
                out.push(j);
            }
        }
        out
    };
    jobs.retain(|j| keep(q, beginner, j));
    Ok(jobs)
}

/// The jobs, newest first (or by relevance with `q`), paged.
async fn list_external_jobs(
    State(state): State<AppState>,
    uri: axum::http::Uri,
    Query(q): Query<JobQuery>,
) -> AppResult<axum::response::Response> {
    let limit = paging::limit(q.limit.as_deref())?;
    let beginner = beginner_only(&q)?;
    let text = search_text(&q)?;
    let (page, next) = if crate::search::words(&text).is_empty() {
        let before = paging::id_cursor(q.cursor.as_deref())?;
        let r = state.store().read()?;
        let (page, more) = r.page::<ExternalJob>(before, limit, |j| keep(&q, beginner, j))?;
        let next = more
            .then(|| page.last().map(|j| j.id.to_string()))
            .flatten();
        (page, next)
    } else {
        let offset: usize = match q.cursor.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
            None => 0,
            Some(c) => c
                .strip_prefix('o')
                .and_then(|n| n.parse().ok())
                .ok_or_else(|| {
                    AppError::bad_request(crate::t!("the-cursor-is-not-valid-start-again"))
                })?,
        };
        let all = select_all(&state, &q)?;
        let more = all.len() > offset + limit;
        let page: Vec<ExternalJob> = all.into_iter().skip(offset).take(limit).collect();
        (page, more.then(|| format!("o{}", offset + limit)))
    };
    Ok(paging::respond(
        &uri,
        page.into_iter().map(JobView::from).collect(),
        next,
    ))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CompanyView {
    company_name: String,
    source: &'static str,
    job_count: usize,
    sample_roles: Vec<String>,
    locations: Vec<String>,
    total_locations: usize,
}

/// The company list of the external-jobs page: job count, up to 3 sample roles, up to 3
/// locations and how many there are.
async fn list_companies(
    State(state): State<AppState>,
    Query(q): Query<JobQuery>,
) -> AppResult<Json<Vec<CompanyView>>> {
    let mut groups: BTreeMap<String, Vec<ExternalJob>> = BTreeMap::new();
    for j in select_all(&state, &q)? {
        groups.entry(j.company_name.clone()).or_default().push(j);
    }
    let out = groups
        .into_iter()
        .map(|(company_name, jobs)| {
            let mut locations: Vec<String> = Vec::new();
            for j in &jobs {
                if !j.location.is_empty() && !locations.contains(&j.location) {
                    locations.push(j.location.clone());
                }
            }
            CompanyView {
                source: provider_name(jobs[0].provider),
                job_count: jobs.len(),
                sample_roles: jobs.iter().take(3).map(|j| j.title.clone()).collect(),
                total_locations: locations.len(),
                locations: locations.into_iter().take(3).collect(),
                company_name,
            }
        })
        .collect();
    Ok(Json(out))
}
