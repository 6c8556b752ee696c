//! Named staff: sign-in with a password and a second factor, the Staff tab (admins), the
//! Students tab (admins and coordinators) and the roster's schools. The invite page's calls
//! are in `staff_invite.rs`.

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::ApiJson;
use super::signin_turns::SignInTurns;
use super::sso_cookie::{sso_browser, sso_cookie};
use crate::auth::{self, Admin, ClientIp, StaffMember};
use crate::clock::now_ms;
use crate::error::{AppError, AppResult};
use crate::services::staff::{self as staff_rules, Change, NewStaff, StaffView, Who};
use crate::services::{settings, sso as sso_rules, students};
use crate::state::AppState;
use crate::store::Reader;
use crate::store::sessions::Subject;
use crate::store::staff::{self, Staff, StaffRole};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/staff/config", get(config))
        .route("/api/staff/login", post(login))
        .route("/api/staff/login/sso", get(sso_pending).post(sso_code))
        .route("/api/admin/staff", get(list).post(add))
        .route("/api/admin/staff/{id}/role", post(set_role))
        .route("/api/admin/staff/{id}/disable", post(disable))
        .route("/api/admin/staff/{id}/enable", post(enable))
        .route("/api/admin/staff/{id}/reset-2fa", post(reset_two_factor))
        .route("/api/admin/students", get(list_students))
        .route("/api/admin/schools", get(named_schools))
        .route("/api/schools", get(schools))
}

fn wrong() -> String {
    crate::t!("invalid-email-password-or-code-please-try")
}
fn turned_off() -> String {
    crate::t!("this-staff-account-is-turned-off-ask")
}
fn missing() -> String {
    crate::t!("please-enter-your-email-password-and-the")
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Config {
    pin_enabled: bool,
    providers: Vec<ProviderName>,
}

#[derive(Serialize)]
struct ProviderName {
    name: String,
}

async fn config(State(state): State<AppState>) -> AppResult<Json<Config>> {
    let r = state.store().read()?;
    Ok(Json(Config {
        pin_enabled: !settings::admin_pin_off(&r)?,
        providers: crate::store::sso::providers(&r)?
            .into_iter()
            .filter(|p| p.serves.staff())
            .map(|p| ProviderName { name: p.name })
            .collect(),
    }))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Login {
    email: String,
    password: String,
    code: String,
}

#[derive(Serialize)]
struct Signed {
    admin: bool,
    staff: Who,
}

/// Starts the staff member's session (12 hours) and answers who signed in.
pub(super) fn signed_in(state: &AppState, s: &Staff) -> AppResult<Response> {
    let now = now_ms();
    state.store().write(|w| {
        if let Some(mut fresh) = w.get::<Staff>(s.id)? {
            fresh.last_sign_in = Some(now);
            staff::save(w, fresh)?;
        }
        Ok::<_, crate::store::StoreError>(())
    })?;
    let cookie = auth::start_session(state, Subject::Staff(s.id))?;
    Ok((
        [(header::SET_COOKIE, cookie)],
        Json(Signed {
            admin: true,
            staff: Who::from(s),
        }),
    )
        .into_response())
}

/// Checks the second factor inside a write (a code is good once, a recovery code is used up).
fn second_factor(state: &AppState, id: u64, code: &str) -> AppResult<Option<Staff>> {
    let now = now_ms();
    Ok(state.store().write(|w| {
        let Some(mut s) = w.get::<Staff>(id)? else {
            return Ok::<_, crate::store::StoreError>(None);
        };
        if !staff_rules::second_factor(&mut s, code, now) {
            return Ok(None);
        }
        staff::save(w, s).map(Some)
    })?)
}

async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<Login>,
) -> AppResult<Response> {
    let email = body.email.trim();
    if email.is_empty() || body.password.is_empty() || body.code.trim().is_empty() {
        return Err(AppError::bad_request(missing()));
    }
    if body.password.len() > 256 || body.code.len() > 64 || email.len() > 254 {
        return Err(AppError::Unauthorized(wrong()));
    }
    let turns = SignInTurns::wait(&state, &ip, email).await?;
    let found = staff::by_email(&state.store().read()?, email)?;
    let hash = found.as_ref().and_then(|s| s.password_hash.clone());
    let ok = match hash {
        Some(h) => auth::verify_password(&state, body.password, h).await?,
        // No such account (or an invite not yet accepted) costs the same argon2 work.
        None => state
            .hashing
            .verify_absent(body.password)
            .await
            .map_err(|e| AppError::Internal(anyhow::anyhow!(e)))?,
    };
    let member = match found.filter(|_| ok) {
        Some(s) => second_factor(&state, s.id, body.code.trim())?,
        None => None,
    };
    let Some(member) = member else {
        turns.failed(&state);
        return Err(AppError::Unauthorized(wrong()));
    };
    turns.succeeded(&state);
    // Said only to someone who proved both factors: to anyone else a turned-off account
    // answers as a wrong password or code does.
    if member.disabled {
        return Err(AppError::Forbidden(turned_off()));
    }
    signed_in(&state, &member)
}

#[derive(Serialize)]
struct PendingStaff {
    email: String,
    name: String,
}

fn pending_staff(
    state: &AppState,
    headers: &HeaderMap,
) -> AppResult<(crate::store::sso::Flow, Staff)> {
    let gone = || AppError::not_found(sso_rules::expired());
    let browser = sso_browser(headers).ok_or_else(gone)?;
    let (flow, answer) =
        sso_rules::pending(&state.services, &browser, now_ms())?.ok_or_else(gone)?;
    let id = answer.staff.ok_or_else(gone)?;
    let s = state
        .store()
        .read()?
        .get::<Staff>(id)?
        .filter(|s| !s.disabled && s.enrolled)
        .ok_or_else(gone)?;
    Ok((flow, s))
}

async fn sso_pending(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> AppResult<Json<PendingStaff>> {
    let (_, s) = pending_staff(&state, &headers)?;
    Ok(Json(PendingStaff {
        email: s.email,
        name: s.name,
    }))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct CodeOnly {
    code: String,
}

/// The TOTP code after a school sign-in whose provider did one factor.
async fn sso_code(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ApiJson(body): ApiJson<CodeOnly>,
) -> AppResult<Response> {
    if body.code.trim().is_empty() {
        return Err(AppError::bad_request(crate::t!(
            "please-enter-the-6-digit-code-from"
        )));
    }
    let (flow, s) = pending_staff(&state, &headers)?;
    let turns = SignInTurns::wait(&state, &ip, &s.email).await?;
    let Some(member) = second_factor(&state, s.id, body.code.trim())? else {
        turns.failed(&state);
        return Err(AppError::Unauthorized(crate::t!(
            "that-code-is-not-right-please-try"
        )));
    };
    turns.succeeded(&state);
    state
        .store()
        .write(|w| crate::store::sso::remove(w, &flow))?;
    let mut res = signed_in(&state, &member)?;
    res.headers_mut()
        .append(header::SET_COOKIE, sso_cookie(&state, "", 0));
    Ok(res)
}

#[derive(Serialize)]
struct StaffList {
    staff: Vec<StaffView>,
}

async fn list(State(state): State<AppState>, _: Admin) -> AppResult<Json<StaffList>> {
    let r = state.store().read()?;
    Ok(Json(StaffList {
        staff: staff::all(&r)?.iter().map(StaffView::from).collect(),
    }))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct AddStaff {
    email: String,
    name: String,
    role: String,
    school: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Changed {
    staff: StaffView,
    #[serde(skip_serializing_if = "Option::is_none")]
    invite_url: Option<String>,
}

async fn add(
    State(state): State<AppState>,
    admin: Admin,
    ApiJson(body): ApiJson<AddStaff>,
) -> AppResult<Response> {
    let new = NewStaff {
        email: body.email,
        name: body.name,
        role: body.role,
        school: body.school,
    };
    let (s, link) = state
        .store()
        .write(|w| staff_rules::add(w, admin.actor, &new, now_ms()))?;
    state.mailer.wake();
    Ok((
        StatusCode::CREATED,
        Json(Changed {
            staff: StaffView::from(&s),
            invite_url: Some(link),
        }),
    )
        .into_response())
}

fn apply(state: &AppState, admin: &Admin, id: u64, change: Change) -> AppResult<Json<Changed>> {
    let (s, link) = state
        .store()
        .write(|w| staff_rules::change(w, admin.actor, id, change, now_ms()))?;
    if link.is_some() {
        state.mailer.wake();
    }
    Ok(Json(Changed {
        staff: StaffView::from(&s),
        invite_url: link,
    }))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct RoleBody {
    role: String,
    school: Option<String>,
}

async fn set_role(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<u64>,
    ApiJson(body): ApiJson<RoleBody>,
) -> AppResult<Json<Changed>> {
    let role = StaffRole::parse(&body.role)
        .ok_or_else(|| AppError::bad_request(crate::t!("role-must-be-admin-or-coordinator")))?;
    apply(
        &state,
        &admin,
        id,
        Change::Role {
            role,
            school: body.school,
        },
    )
}

async fn disable(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<u64>,
) -> AppResult<Json<Changed>> {
    apply(&state, &admin, id, Change::Disable)
}

async fn enable(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<u64>,
) -> AppResult<Json<Changed>> {
    apply(&state, &admin, id, Change::Enable)
}

async fn reset_two_factor(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<u64>,
) -> AppResult<Json<Changed>> {
    apply(&state, &admin, id, Change::ResetTwoFactor)
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct StudentsQuery {
    school: Option<String>,
}

#[derive(Serialize)]
struct StudentsPage {
    students: Vec<students::StudentRow>,
    total: usize,
    schools: Vec<String>,
}

async fn list_students(
    State(state): State<AppState>,
    member: StaffMember,
    Query(q): Query<StudentsQuery>,
) -> AppResult<Json<StudentsPage>> {
    let r = state.store().read()?;
    // A coordinator sees their school whatever the query says.
    let (school, schools) = match member.school {
        Some(own) => (Some(own.clone()), vec![own]),
        None => (
            q.school.filter(|s| !s.trim().is_empty()),
            students::known_schools(&r)?,
        ),
    };
    let (rows, total) = students::list(&r, school.as_deref())?;
    Ok(Json(StudentsPage {
        students: rows,
        total,
        schools,
    }))
}

#[derive(Serialize)]
struct Schools {
    schools: Vec<String>,
}

/// Every school the roster or a student names: the staff form's choices (admins only).
async fn named_schools(State(state): State<AppState>, _: Admin) -> AppResult<Json<Schools>> {
    Ok(Json(Schools {
        schools: students::named_schools(&state.store().read()?)?,
    }))
}

async fn schools(State(state): State<AppState>) -> AppResult<Json<Schools>> {
    Ok(Json(Schools {
        schools: students::roster_schools(&state.store().read()?)?,
    }))
}
