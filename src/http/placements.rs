//! Over 500 lines: one route file per resource, and a placement has many small routes (each
//! party's actions, the guardian's link, the PDFs, the program and its settings).
//! Placements' routes (README "Placements"): each party's reads and actions, the guardian's
//! link, the PDFs, the school's program figures and settings.

use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, header, request::Parts};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::ApiJson;
use crate::auth::{Admin, ClientIp, StaffMember, Viewer};
use crate::clock::now_ms;
use crate::error::{AppError, AppResult};
use crate::services::placement_views::{self as views, PlacementView};
use crate::services::placements::{self as rules, Details, GuardianInput, SignedBy, Who};
use crate::services::{
    placement_agreement as agreement, placement_work as work, program, settings,
};
use crate::state::AppState;
use crate::store::placements::{self, Placement, State as PState, Supervisor};
use crate::store::users::Role;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/placements", get(list))
        .route("/api/placements/{id}", get(one).put(details))
        .route("/api/placements/{id}/guardian", put(guardian))
        .route(
            "/api/placements/{id}/guardian/confirm",
            post(confirm_guardian),
        )
        .route("/api/placements/{id}/guardian/resend", post(resend))
        .route("/api/placements/{id}/sign", post(sign))
        .route("/api/placements/{id}/hours", post(add_hours))
        .route("/api/placements/{id}/hours/approve", post(approve))
        .route(
            "/api/placements/{id}/hours/{entry}",
            put(edit_hours).delete(delete_hours),
        )
        .route(
            "/api/placements/{id}/hours/{entry}/return",
            post(return_hours),
        )
        .route("/api/placements/{id}/evaluations", post(evaluate))
        .route("/api/placements/{id}/reflection", post(reflect))
        .route("/api/placements/{id}/complete", post(complete))
        .route("/api/placements/{id}/end", post(end_early))
        .route("/api/placements/{id}/cancel", post(cancel))
        .route("/api/placements/{id}/agreement.pdf", get(agreement_pdf))
        .route("/api/placements/{id}/certificate.pdf", get(certificate_pdf))
        .route("/api/guardian/{token}", get(guardian_page))
        .route("/api/guardian/{token}/sign", post(guardian_sign))
        .route("/api/guardian/{token}/decline", post(guardian_decline))
        .route("/api/guardian/{token}/agreement.pdf", get(guardian_copy))
        .route("/api/admin/program", get(program_figures))
        .route("/api/admin/program.csv", get(program_csv))
        .route(
            "/api/admin/agreement-template",
            get(template).put(set_template),
        )
        .route("/api/admin/rubric", get(rubric).put(set_rubric))
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

fn student_of(who: &Who) -> AppResult<u64> {
    match who {
        Who::Student(id) => Ok(*id),
        _ => Err(AppError::Forbidden("Only the student does this".into())),
    }
}

fn employer_of(who: &Who) -> AppResult<u64> {
    match who {
        Who::Employer(id) => Ok(*id),
        _ => Err(AppError::Forbidden("Only the employer does this".into())),
    }
}

fn answer(state: &AppState, p: &Placement, who: &Who) -> AppResult<Json<PlacementView>> {
    state.mailer.wake();
    let r = state.store().read()?;
    Ok(Json(views::view(&r, p, who, now_ms())?))
}

/// Runs `f` in a write transaction, then answers with the placement as `who` sees it.
fn act(
    state: &AppState,
    who: &Who,
    f: impl FnOnce(&crate::store::Wtx) -> AppResult<Placement>,
) -> AppResult<Json<PlacementView>> {
    let p = state.store().write(f)?;
    answer(state, &p, who)
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
        Some(s) => Some(PState::parse(s).ok_or_else(|| AppError::bad_request("Unknown state"))?),
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
            _ => return Err(AppError::bad_request("Unknown filter")),
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

#[derive(Deserialize, Default)]
#[serde(default)]
struct SupervisorBody {
    name: String,
    title: String,
    email: String,
    phone: String,
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct DetailsBody {
    supervisor: SupervisorBody,
    worksite: String,
    start_date: String,
    end_date: String,
    schedule: String,
    planned_hours: f64,
    paid: bool,
    hourly_wage: Option<f64>,
}

async fn details(
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
struct GuardianBody {
    name: String,
    relationship: String,
    email: String,
    phone: String,
}

async fn guardian(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
    ApiJson(b): ApiJson<GuardianBody>,
) -> AppResult<Json<PlacementView>> {
    let student = student_of(&who)?;
    let g = GuardianInput {
        name: b.name,
        relationship: b.relationship,
        email: b.email,
        phone: b.phone,
    };
    act(&state, &who, |w| {
        rules::set_guardian(w, student, id, g, now_ms())
    })
}

async fn confirm_guardian(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
) -> AppResult<Json<PlacementView>> {
    if !matches!(who, Who::School { .. }) {
        return Err(AppError::Forbidden(
            "Only the school confirms the guardian".into(),
        ));
    }
    act(&state, &who, |w| {
        rules::confirm_guardian(w, &who, id, now_ms())
    })
}

#[derive(Serialize)]
struct Done {
    message: &'static str,
}

async fn resend(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
) -> AppResult<Json<Done>> {
    state
        .store()
        .write(|w| rules::resend_guardian_link(w, &who, id, now_ms()))?;
    state.mailer.wake();
    Ok(Json(Done { message: "Sent" }))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct SignBody {
    name: String,
    /// The hash of the text the signer's page showed.
    agreement_sha256: Option<String>,
}

fn signed_by(name: String, read: Option<String>, ip: String, headers: &HeaderMap) -> SignedBy {
    SignedBy {
        name,
        read_sha256: read,
        ip,
        user_agent: headers
            .get(header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string(),
    }
}

async fn sign(
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
    state
        .store()
        .write(|w| agreement::settle(w, id, now_ms()))?;
    act(&state, &who, |w| rules::sign(w, &who, id, by, now_ms()))
}

async fn guardian_page(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> AppResult<Response> {
    let r = state.store().read()?;
    let p = rules::by_guardian_token(&r, &token, now_ms())?;
    let mut res = Json(views::guardian_page(&r, &p)?).into_response();
    // A bearer link's page is nobody's to keep.
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(res)
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct GuardianSign {
    name: String,
    consent: bool,
    agreement_sha256: Option<String>,
}

#[derive(Serialize)]
struct Said {
    message: String,
}

async fn guardian_sign(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Path(token): Path<String>,
    ApiJson(b): ApiJson<GuardianSign>,
) -> AppResult<Json<Said>> {
    let by = signed_by(b.name, b.agreement_sha256, ip, &headers);
    let id = rules::by_guardian_token(&state.store().read()?, &token, now_ms())?.id;
    state
        .store()
        .write(|w| agreement::settle(w, id, now_ms()))?;
    state
        .store()
        .write(|w| rules::guardian_sign(w, &token, by, b.consent, now_ms()))?;
    state.mailer.wake();
    Ok(Json(Said {
        message: "Thank you. You signed the agreement.".into(),
    }))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Reason {
    reason: String,
}

async fn guardian_decline(
    State(state): State<AppState>,
    Path(token): Path<String>,
    ApiJson(b): ApiJson<Reason>,
) -> AppResult<Json<Said>> {
    state
        .store()
        .write(|w| rules::guardian_decline(w, &token, &b.reason, now_ms()))?;
    state.mailer.wake();
    Ok(Json(Said {
        message: "You declined the agreement. The student and the school were told why.".into(),
    }))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct EntryBody {
    date: String,
    hours: f64,
    note: String,
}

#[derive(Serialize)]
struct EntryAnswer {
    id: u64,
    date: String,
    hours: f64,
    note: String,
    status: &'static str,
}

fn entry_answer(e: &placements::HourEntry) -> Json<EntryAnswer> {
    Json(EntryAnswer {
        id: e.id,
        date: views::date_str(e.date),
        hours: e.hours(),
        note: e.note.clone(),
        status: "waiting",
    })
}

async fn add_hours(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
    ApiJson(b): ApiJson<EntryBody>,
) -> AppResult<(axum::http::StatusCode, Json<EntryAnswer>)> {
    let student = student_of(&who)?;
    let e = state.store().write(|w| {
        work::add_entry(
            w,
            student,
            id,
            work::EntryInput {
                date: b.date,
                hours: b.hours,
                note: b.note,
            },
            now_ms(),
        )
    })?;
    Ok((axum::http::StatusCode::CREATED, entry_answer(&e)))
}

async fn edit_hours(
    State(state): State<AppState>,
    Party(who): Party,
    Path((id, entry)): Path<(u64, u64)>,
    ApiJson(b): ApiJson<EntryBody>,
) -> AppResult<Json<EntryAnswer>> {
    let student = student_of(&who)?;
    let e = state.store().write(|w| {
        work::edit_entry(
            w,
            student,
            id,
            entry,
            work::EntryInput {
                date: b.date,
                hours: b.hours,
                note: b.note,
            },
            now_ms(),
        )
    })?;
    Ok(entry_answer(&e))
}

async fn delete_hours(
    State(state): State<AppState>,
    Party(who): Party,
    Path((id, entry)): Path<(u64, u64)>,
) -> AppResult<Json<Done>> {
    let student = student_of(&who)?;
    state
        .store()
        .write(|w| work::delete_entry(w, student, id, entry))?;
    Ok(Json(Done { message: "Deleted" }))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Ids {
    ids: Vec<u64>,
}

async fn approve(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
    ApiJson(b): ApiJson<Ids>,
) -> AppResult<Json<PlacementView>> {
    let employer = employer_of(&who)?;
    act(&state, &who, |w| {
        work::approve(w, employer, id, &b.ids, now_ms())
    })
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Comment {
    comment: String,
}

async fn return_hours(
    State(state): State<AppState>,
    Party(who): Party,
    Path((id, entry)): Path<(u64, u64)>,
    ApiJson(b): ApiJson<Comment>,
) -> AppResult<Json<PlacementView>> {
    let employer = employer_of(&who)?;
    act(&state, &who, |w| {
        work::return_entry(w, employer, id, entry, &b.comment, now_ms())
    })
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct EvaluationBody {
    kind: String,
    scores: std::collections::BTreeMap<String, i64>,
    comments: String,
}

async fn evaluate(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
    ApiJson(b): ApiJson<EvaluationBody>,
) -> AppResult<Json<PlacementView>> {
    let employer = employer_of(&who)?;
    let scores: Vec<(String, i64)> = b.scores.into_iter().collect();
    act(&state, &who, |w| {
        work::evaluate(w, employer, id, &b.kind, &scores, &b.comments, now_ms())
    })
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Text {
    text: String,
}

async fn reflect(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
    ApiJson(b): ApiJson<Text>,
) -> AppResult<Json<PlacementView>> {
    let student = student_of(&who)?;
    act(&state, &who, |w| {
        work::reflect(w, student, id, &b.text, now_ms())
    })
}

async fn complete(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
) -> AppResult<Json<PlacementView>> {
    act(&state, &who, |w| work::complete(w, &who, id, now_ms()))
}

async fn end_early(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
    ApiJson(b): ApiJson<Reason>,
) -> AppResult<Json<PlacementView>> {
    act(&state, &who, |w| {
        rules::end_early(w, &who, id, &b.reason, now_ms())
    })
}

async fn cancel(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
    ApiJson(b): ApiJson<Reason>,
) -> AppResult<Json<PlacementView>> {
    act(&state, &who, |w| {
        rules::cancel(w, &who, id, &b.reason, now_ms())
    })
}

fn pdf_response(bytes: Vec<u8>, name: &str) -> Response {
    let mut res = bytes.into_response();
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/pdf"),
    );
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    if let Ok(v) = HeaderValue::from_str(&format!("inline; filename=\"{name}\"")) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    res
}

async fn agreement_pdf(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
) -> AppResult<Response> {
    let r = state.store().read()?;
    let p = rules::visible(&r, id, &who)?;
    Ok(pdf_response(
        views::agreement_pdf(&r, &p, crate::i18n::current())?,
        &format!("agreement-{id}.pdf"),
    ))
}

/// The guardian's copy of the signed agreement, through the link the activation e-mailed.
async fn guardian_copy(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> AppResult<Response> {
    let r = state.store().read()?;
    let p = rules::by_guardian_copy(&r, &token, now_ms())?;
    // In the guardian's language when they chose one on the signing page.
    let chosen = match &p.guardian {
        Some(g) => crate::store::languages::of_email(&r, &g.email)?,
        None => None,
    };
    let lang = chosen.unwrap_or_else(crate::i18n::current);
    Ok(pdf_response(
        views::agreement_pdf(&r, &p, lang)?,
        &format!("agreement-{}.pdf", p.id),
    ))
}

async fn certificate_pdf(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
) -> AppResult<Response> {
    let r = state.store().read()?;
    let p = rules::visible(&r, id, &who)?;
    if matches!(who, Who::Employer(_)) {
        return Err(AppError::Forbidden(
            "The certificate is the student's".into(),
        ));
    }
    Ok(pdf_response(
        views::certificate_pdf(&r, &p, crate::i18n::current())?,
        &format!("certificate-{id}.pdf"),
    ))
}

async fn program_figures(
    State(state): State<AppState>,
    m: StaffMember,
) -> AppResult<Json<program::Program>> {
    Ok(Json(program::figures(
        &state.store().read()?,
        m.school.as_deref(),
    )?))
}

async fn program_csv(State(state): State<AppState>, m: StaffMember) -> AppResult<Response> {
    let text = program::csv(&state.store().read()?, m.school.as_deref())?;
    state.store().write(|w| {
        crate::store::audit::append(
            w,
            now_ms(),
            m.actor,
            crate::store::audit::Event::ProgramExported,
            ("program", None),
            None,
        )
        .map(|_| ())
    })?;
    let mut res = text.into_response();
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/csv; charset=utf-8"),
    );
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    h.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_static("attachment; filename=\"work-based-learning.csv\""),
    );
    Ok(res)
}

#[derive(Serialize)]
struct Template {
    template: String,
    placeholders: Vec<&'static str>,
}

async fn template(State(state): State<AppState>, _: Admin) -> AppResult<Json<Template>> {
    Ok(Json(Template {
        template: settings::agreement_template(&state.store().read()?)?,
        placeholders: crate::domain::placements::PLACEHOLDERS.to_vec(),
    }))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct TemplateBody {
    template: String,
}

async fn set_template(
    State(state): State<AppState>,
    admin: Admin,
    ApiJson(b): ApiJson<TemplateBody>,
) -> AppResult<Json<Template>> {
    if let Err(why) = settings::check_template(&b.template) {
        let mut c = crate::validate::Checks::new();
        c.fail("template", &why);
        c.finish()?;
    }
    state.store().write(|w| {
        settings::set(w, "agreement-template", b.template.trim())?;
        crate::store::audit::append(
            w,
            now_ms(),
            admin.actor,
            crate::store::audit::Event::SettingChanged {
                key: "agreement-template".into(),
                value: format!("{} characters", b.template.trim().chars().count()),
            },
            ("setting", None),
            None,
        )
        .map(|_| ())
    })?;
    template(State(state), admin).await
}

#[derive(Serialize, Deserialize, Default)]
#[serde(default)]
struct RubricItem {
    key: String,
    label: String,
}

#[derive(Serialize, Deserialize, Default)]
#[serde(default)]
struct Rubric {
    rubric: Vec<RubricItem>,
}

async fn rubric(State(state): State<AppState>, _: StaffMember) -> AppResult<Json<Rubric>> {
    Ok(Json(Rubric {
        rubric: settings::rubric(&state.store().read()?)?
            .into_iter()
            .map(|(key, label)| RubricItem { key, label })
            .collect(),
    }))
}

async fn set_rubric(
    State(state): State<AppState>,
    admin: Admin,
    ApiJson(b): ApiJson<Rubric>,
) -> AppResult<Json<Rubric>> {
    let raw: Vec<(String, String)> = b
        .rubric
        .iter()
        .map(|i| (i.key.clone(), i.label.clone()))
        .collect();
    let items = match settings::checked_rubric(&raw) {
        Ok(items) => items,
        Err(why) => {
            let mut errors = crate::error::FieldErrors::new();
            errors.insert("rubric", why);
            return Err(AppError::validation(errors));
        }
    };
    state
        .store()
        .write(|w| settings::save_rubric(w, admin.actor, &items, now_ms()))?;
    rubric(
        State(state),
        StaffMember {
            actor: admin.actor,
            who: admin.who,
            school: None,
        },
    )
    .await
}
