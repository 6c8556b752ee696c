//! Admin sign-in (pin checked by the server) and AI-video requests.

use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::ApiJson;
use super::internships::{CAPTIONS, VIDEO, VIDEO_MAX, view};
use super::uploads::{self, Accept, MB};
use crate::auth::{self, Admin, ClientIp};
use crate::error::{AppError, AppResult};
use crate::services::ai_requests;
use crate::state::AppState;
use crate::store::meta;
use crate::store::sessions::Subject;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/admin/login", post(admin_login))
        .route("/api/admin/logout", post(admin_logout))
        .route("/api/admin/session", get(admin_session))
        .route("/api/admin/ai-video-requests", get(list_ai_requests))
        .route("/api/admin/fetch-jobs", post(fetch_jobs))
        .route(
            "/api/admin/ai-video-requests/{id}/upload",
            post(fulfil_ai_request)
                .layer::<_, std::convert::Infallible>(axum::middleware::from_fn(
                    uploads::finish_body,
                ))
                .layer(DefaultBodyLimit::max((VIDEO_MAX + 2 * MB) as usize)),
        )
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct PinForm {
    pin: String,
}

#[derive(Serialize)]
struct AdminStatus {
    admin: bool,
    message: String,
    /// The named staff member of the session (None for the pin's).
    #[serde(skip_serializing_if = "Option::is_none")]
    staff: Option<Option<crate::services::staff::Who>>,
}

const ADMIN_KEY: &str = "admin";
/// Wrong pins from all addresses together (15 minutes) before each attempt waits.
const ADMIN_FAILURES_FREE: usize = 10;
/// Wrong pins from all addresses together that make a burst worth a warning.
const ADMIN_BURST: usize = 10;
const ADMIN_DELAY_MAX: std::time::Duration = std::time::Duration::from_secs(10);

async fn admin_login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<PinForm>,
) -> AppResult<Response> {
    if body.pin.trim().is_empty() {
        return Err(AppError::bad_request(crate::t!(
            "please-enter-the-admin-pin"
        )));
    }
    if body.pin.len() > 256 {
        return Err(AppError::Unauthorized(crate::t!(
            "invalid-pin-please-try-again"
        )));
    }
    if crate::services::settings::admin_pin_off(&state.store().read()?)? {
        return Err(AppError::Forbidden(crate::t!(
            "the-district-pin-is-turned-off-sign"
        )));
    }
    let Some(hash) = meta::admin_pin_hash(&state.store().read()?)? else {
        return Err(AppError::Unavailable(crate::t!(
            "no-admin-pin-is-set-on-the"
        )));
    };
    // Wrong pins lock out the address they come from, not every admin; from all addresses
    // together, many wrong pins slow every attempt down (never refuse the right pin).
    let ip_key = format!("ip:{ip}");
    if state.admin_failures.is_blocked(&ip_key) {
        metrics::counter!("internreel_signin_lockouts_total", "who" => "admin").increment(1);
        return Err(AppError::TooManyRequests(crate::t!(
            "too-many-wrong-pins-from-this-address"
        )));
    }
    // Every pin attempt, from every address, takes its turn: parallel guesses queue behind
    // each other with the growing wait between them, instead of all sleeping side by side.
    let turn = state.admin_gate.enter(ADMIN_KEY).await.ok_or_else(|| {
        AppError::TooManyRequests(crate::t!("too-many-admin-sign-in-attempts-right"))
    })?;
    let right = auth::verify_password(&state, body.pin, hash).await;
    let wait = |state: &AppState| {
        state
            .admin_failures_all
            .delay(ADMIN_KEY, ADMIN_FAILURES_FREE, ADMIN_DELAY_MAX)
    };
    if !right? {
        metrics::counter!("internreel_signin_failures_total", "who" => "admin").increment(1);
        state.admin_failures.record_failure(&ip_key);
        state.admin_failures_all.record_failure(ADMIN_KEY);
        let failures = state.admin_failures_all.count(ADMIN_KEY);
        if failures == ADMIN_BURST {
            // A burst of wrong pins: someone is guessing. The log line and the metric reach
            // whoever watches the server.
            metrics::counter!("internreel_admin_pin_bursts_total").increment(1);
            tracing::warn!(
                failures,
                "a burst of wrong admin pins from several addresses; pin attempts now wait between them"
            );
        }
        turn.done(wait(&state));
        return Err(AppError::Unauthorized(crate::t!(
            "invalid-pin-please-try-again"
        )));
    }
    turn.done(wait(&state));
    state.admin_failures.reset(&ip_key);
    let cookie = auth::start_session(&state, Subject::Admin)?;
    Ok((
        [(header::SET_COOKIE, cookie)],
        Json(AdminStatus {
            admin: true,
            message: crate::t!("access-granted"),
            staff: None,
        }),
    )
        .into_response())
}

async fn admin_logout(State(state): State<AppState>, headers: HeaderMap) -> AppResult<Response> {
    auth::end_session(&state, &headers)?;
    Ok((
        [(header::SET_COOKIE, auth::clear_cookie(&state))],
        Json(AdminStatus {
            admin: false,
            message: crate::t!("signed-out"),
            staff: None,
        }),
    )
        .into_response())
}

/// Any staff session (a coordinator's too: the admin page asks it to choose its tabs).
async fn admin_session(member: auth::StaffMember) -> Json<AdminStatus> {
    Json(AdminStatus {
        admin: true,
        message: crate::t!("signed-in-as-admin"),
        staff: Some(member.who),
    })
}

async fn list_ai_requests(
    State(state): State<AppState>,
    _: Admin,
) -> AppResult<Json<Vec<ai_requests::RequestView>>> {
    Ok(Json(ai_requests::list(
        &state.services,
        crate::clock::now_ms(),
    )?))
}

const ADMIN_VIDEO: Accept = Accept {
    field: "video",
    ..VIDEO
};
const ADMIN_CAPTIONS: Accept = Accept {
    field: "captions",
    ..CAPTIONS
};

async fn fulfil_ai_request(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<u64>,
    headers: HeaderMap,
    mp: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> AppResult<Json<super::internships::InternshipView>> {
    ai_requests::check_pending(&state.services, id)?;
    // No multipart body at all is a missing file, said as the employer's upload says it.
    let mp = mp.map_err(|_| AppError::bad_request((ADMIN_VIDEO.missing)()))?;
    uploads::check_length(&headers, VIDEO_MAX + 2 * MB, VIDEO.too_large)?;
    let mut form =
        uploads::read_form(mp, &state.paths().tmp(), &[&ADMIN_VIDEO, &ADMIN_CAPTIONS]).await?;
    let video = form
        .take_file(ADMIN_VIDEO.field)
        .ok_or_else(|| AppError::bad_request((ADMIN_VIDEO.missing)()))?;
    let captions = form.take_file(ADMIN_CAPTIONS.field);
    let i = ai_requests::fulfil(
        &state.services,
        id,
        video.into_incoming(),
        captions.map(uploads::Upload::into_incoming),
        admin.actor,
    )
    .await?;
    let r = state.store().read()?;
    Ok(Json(view(&r, state.media(), &i, None)?))
}

/// Starts a refresh of every job source in the background and answers at once.
async fn fetch_jobs(State(state): State<AppState>, _: Admin) -> (StatusCode, Json<AdminStatus>) {
    let services = state.services.clone();
    let boards = state.boards.clone();
    tokio::spawn(async move {
        if let Err(e) = crate::jobs::refresh_all(&services, &boards).await {
            tracing::error!(error = %format!("{e:#}"), "refreshing external jobs failed");
        }
    });
    (
        StatusCode::ACCEPTED,
        Json(AdminStatus {
            admin: true,
            message: crate::t!("job-listings-are-being-refreshed-this-may"),
            staff: None,
        }),
    )
}
