//! Setting a placement up: the employer's details, the student's guardian and the school's
//! confirmation of them, the guardian's link sent again, and the signatures of the student, the
//! supervisor and the school.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use serde::Deserialize;

use super::{Done, Party, act, employer_of, signed_by};
use crate::auth::ClientIp;
use crate::clock::now_ms;
use crate::error::{AppError, AppResult};
use crate::http::ApiJson;
use crate::services::placements::views::PlacementView;
use crate::services::placements::{self as rules, Details, GuardianInput, Who, voids};
use crate::state::AppState;
use crate::store::placements::Supervisor;

#[derive(Deserialize, Default)]
#[serde(default)]
pub(super) struct SupervisorBody {
    name: String,
    title: String,
    email: String,
    phone: String,
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub(super) struct DetailsBody {
    supervisor: SupervisorBody,
    worksite: String,
    start_date: String,
    end_date: String,
    schedule: String,
    planned_hours: f64,
    paid: bool,
    hourly_wage: Option<f64>,
}

pub(super) async fn details(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
    ApiJson(b): ApiJson<DetailsBody>,
) -> AppResult<Json<PlacementView>> {
    let employer = employer_of(&who)?;
    let d = Details {
        supervisor: Supervisor {
            name: b.supervisor.name,
            title: b.supervisor.title,
            email: b.supervisor.email,
            phone: b.supervisor.phone,
        },
        worksite: b.worksite,
        start: b.start_date,
        end: b.end_date,
        schedule: b.schedule,
        planned_hours: b.planned_hours,
        paid: b.paid,
        hourly_wage: b.hourly_wage,
    };
    act(&state, &who, |w| {
        rules::update_details(w, employer, id, d, now_ms())
    })
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub(super) struct GuardianBody {
    name: String,
    relationship: String,
    email: String,
    phone: String,
}

pub(super) async fn guardian(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
    ApiJson(b): ApiJson<GuardianBody>,
) -> AppResult<Json<PlacementView>> {
    let g = GuardianInput {
        name: b.name,
        relationship: b.relationship,
        email: b.email,
        phone: b.phone,
    };
    act(&state, &who, |w| {
        rules::set_guardian(w, &who, id, g, now_ms())
    })
}

pub(super) async fn confirm_guardian(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
) -> AppResult<Json<PlacementView>> {
    if !matches!(who, Who::School { .. }) {
        return Err(AppError::Forbidden(crate::t!(
            "only-the-school-confirms-the-guardian"
        )));
    }
    act(&state, &who, |w| {
        rules::confirm_guardian(w, &who, id, now_ms())
    })
}

pub(super) async fn resend(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
) -> AppResult<Json<Done>> {
    state
        .store()
        .write(|w| rules::resend_guardian_link(w, &who, id, now_ms()))?;
    state.mailer.wake();
    Ok(Json(Done {
        message: crate::t!("sent"),
    }))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub(super) struct SignBody {
    name: String,
    /// The hash of the text the signer's page showed.
    agreement_sha256: Option<String>,
}

pub(super) async fn sign(
    State(state): State<AppState>,
    Party(who): Party,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Path(id): Path<u64>,
    ApiJson(b): ApiJson<SignBody>,
) -> AppResult<Json<PlacementView>> {
    let by = signed_by(b.name, b.agreement_sha256, ip, &headers);
    // Signatures over another text than the one shown are voided in a commit of their own
    // (on a placement the caller may read).
    rules::visible(&state.store().read()?, id, &who)?;
    state.store().write(|w| voids::settle(w, id, now_ms()))?;
    act(&state, &who, |w| rules::sign(w, &who, id, by, now_ms()))
}
