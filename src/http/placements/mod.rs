//! Placements' routes (README "Placements"), one module per concept: here the router, who the
//! caller is to a placement (`Party`) and the list; `setup` (details, guardian, signatures),
//! `guardian_link` (the guardian's page without an account), `hours`, `completion`
//! (evaluations, reflection, the end), `documents` (the PDFs), `program` (the school's figures
//! and settings).

use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::{HeaderMap, header, request::Parts};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use crate::auth::{StaffMember, Viewer};
use crate::clock::now_ms;
use crate::error::{AppError, AppResult};
use crate::services::placements::views::{self, PlacementView};
use crate::services::placements::{self as rules, SignedBy, Who};
use crate::state::AppState;
use crate::store::placements::{self, Placement, State as PState};
use crate::store::users::Role;

mod completion;
mod documents;
mod guardian_link;
mod hours;
mod program;
mod record;
mod setup;
mod supervisor_link;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/placements", get(list))
        .route("/api/placements/{id}", get(one).put(setup::details))
        .route("/api/placements/{id}/guardian", put(setup::guardian))
        .route(
            "/api/placements/{id}/guardian/confirm",
            post(setup::confirm_guardian),
        )
        .route("/api/placements/{id}/guardian/resend", post(setup::resend))
        .route("/api/placements/{id}/sign", post(setup::sign))
        .route("/api/placements/{id}/hours", post(hours::add_hours))
        .route("/api/placements/{id}/hours/approve", post(hours::approve))
        .route(
            "/api/placements/{id}/hours/{entry}",
            put(hours::edit_hours).delete(hours::delete_hours),
        )
        .route(
            "/api/placements/{id}/hours/{entry}/return",
            post(hours::return_hours),
        )
        .route(
            "/api/placements/{id}/evaluations",
            post(completion::evaluate),
        )
        .route("/api/placements/{id}/reflection", post(completion::reflect))
        .route("/api/placements/{id}/complete", post(completion::complete))
        .route("/api/placements/{id}/end", post(completion::end_early))
        .route("/api/placements/{id}/cancel", post(completion::cancel))
        .route(
            "/api/placements/{id}/agreement.pdf",
            get(documents::agreement_pdf),
        )
        .route(
            "/api/placements/{id}/certificate.pdf",
            get(documents::certificate_pdf),
        )
        .route(
            "/api/placements/{id}/supervisor/resend",
            post(supervisor_link::resend),
        )
        .route("/api/supervisor/{token}", get(supervisor_link::page))
        .route("/api/supervisor/{token}/sign", post(supervisor_link::sign))
        .route("/api/guardian/{token}", get(guardian_link::guardian_page))
        .route(
            "/api/guardian/{token}/sign",
            post(guardian_link::guardian_sign),
        )
        .route(
            "/api/guardian/{token}/decline",
            post(guardian_link::guardian_decline),
        )
        .route(
            "/api/guardian/{token}/copy-again",
            post(guardian_link::guardian_copy_again),
        )
        .route(
            "/api/guardian/{token}/agreement.pdf",
            get(guardian_link::guardian_copy),
        )
        .route("/api/verify/{code}", get(documents::verify))
        .route("/api/placements/{id}/visits", post(record::add_visit))
        .route("/api/placements/{id}/checklist", put(record::tick))
        .route("/api/placements/{id}/cluster", put(record::set_cluster))
        .route("/api/admin/program", get(program::program_figures))
        .route("/api/admin/program.csv", get(program::program_csv))
        .route(
            "/api/admin/agreement-template",
            get(program::template).put(program::set_template),
        )
        .route(
            "/api/admin/rubric",
            get(program::rubric).put(program::set_rubric),
        )
}

/// A placement's party: its student or employer (by the signed-in user's role), or the
/// school (a staff session; a coordinator with their school as the scope).
pub struct Party(pub Who);

impl FromRequestParts<AppState> for Party {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> AppResult<Self> {
        if let Viewer::User(u) = Viewer::from_request_parts(parts, state).await? {
            return Ok(Party(match u.role {
                Role::Student => Who::Student(u.id),
                Role::Employer => Who::Employer(u.id),
            }));
        }
        let m = StaffMember::from_request_parts(parts, state).await?;
        Ok(Party(Who::School {
            actor: m.actor,
            scope: m.school,
        }))
    }
}

pub(super) fn student_of(who: &Who) -> AppResult<u64> {
    match who {
        Who::Student(id) => Ok(*id),
        _ => Err(AppError::Forbidden(crate::t!("only-the-student-does-this"))),
    }
}

pub(super) fn employer_of(who: &Who) -> AppResult<u64> {
    match who {
        Who::Employer(id) => Ok(*id),
        _ => Err(AppError::Forbidden(crate::t!(
            "only-the-employer-does-this"
        ))),
    }
}

pub(super) fn answer(state: &AppState, p: &Placement, who: &Who) -> AppResult<Json<PlacementView>> {
    state.mailer.wake();
    let r = state.store().read()?;
    Ok(Json(views::view(&r, p, who, now_ms())?))
}

/// Runs `f` in a write transaction, then answers with the placement as `who` sees it.
pub(super) fn act(
    state: &AppState,
    who: &Who,
    f: impl FnOnce(&crate::store::Wtx) -> AppResult<Placement>,
) -> AppResult<Json<PlacementView>> {
    let p = state.store().write(f)?;
    tell_parties(state, &p);
    answer(state, &p, who)
}

/// Tells the student's and the employer's open pages that placement `id` changed (they
/// reload it), and wakes the mail sender.
pub(super) fn changed(state: &AppState, id: u64) {
    use crate::store::Reader as _;
    let Ok(r) = state.store().read() else {
        return;
    };
    if let Ok(Some(p)) = r.get::<Placement>(id) {
        tell_parties(state, &p);
    }
}

/// `changed` for a placement already in hand (an act's answer): no second read.
fn tell_parties(state: &AppState, p: &Placement) {
    state.mailer.wake();
    let event = crate::ws::Event::PlacementChanged { placement_id: p.id };
    state.hub.send(p.student_id, &event);
    state.hub.send(p.employer_id, &event);
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct ListQuery {
    state: Option<String>,
    filter: Option<String>,
}

#[derive(Serialize)]
struct List {
    placements: Vec<PlacementView>,
}

async fn list(
    State(state): State<AppState>,
    Party(who): Party,
    Query(q): Query<ListQuery>,
) -> AppResult<Json<List>> {
    let r = state.store().read()?;
    let now = now_ms();
    let mine = match &who {
        Who::Student(id) => placements::of_student(&r, *id)?,
        Who::Employer(id) => placements::of_employer(&r, *id)?,
        Who::School { scope, .. } => placements::all(&r)?
            .into_iter()
            .filter(|p| {
                scope
                    .as_deref()
                    .is_none_or(|s| crate::services::students::same_school(&p.school, s))
            })
            .collect(),
    };
    let want_state = match q.state.as_deref().filter(|s| !s.is_empty()) {
        Some(s) => Some(
            PState::parse(s).ok_or_else(|| AppError::bad_request(crate::t!("unknown-state")))?,
        ),
        None => None,
    };
    let mut out = Vec::new();
    for p in mine {
        if want_state.is_some_and(|s| s != p.state) {
            continue;
        }
        let v = views::view(&r, &p, &who, now)?;
        let keep = match q.filter.as_deref().unwrap_or("") {
            "" => true,
            "missing_signatures" => !v.awaiting.is_empty(),
            "hours_waiting" => v.entries.iter().any(|e| e.status == "waiting"),
            "over_cap" => !v.flags.is_empty(),
            "evaluation_overdue" => v.evaluations_due.iter().any(|d| d.overdue),
            _ => return Err(AppError::bad_request(crate::t!("unknown-filter"))),
        };
        if keep {
            out.push(v);
        }
    }
    Ok(Json(List { placements: out }))
}

async fn one(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
) -> AppResult<Json<PlacementView>> {
    let p = rules::visible(&state.store().read()?, id, &who)?;
    answer(&state, &p, &who)
}

#[derive(Serialize)]
pub(super) struct Done {
    pub(super) message: String,
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub(super) struct Reason {
    pub(super) reason: String,
}

pub(super) fn signed_by(
    name: String,
    read: Option<String>,
    ip: String,
    headers: &HeaderMap,
) -> SignedBy {
    SignedBy {
        name,
        read_sha256: read,
        lang: crate::i18n::current(),
        ip,
        user_agent: headers
            .get(header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string(),
    }
}
