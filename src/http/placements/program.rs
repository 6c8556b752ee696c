//! The school's view of the program: its figures and CSV, the agreement template and the
//! evaluation rubric.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use crate::auth::{Admin, StaffMember};
use crate::clock::now_ms;
use crate::error::{AppError, AppResult};
use crate::http::ApiJson;
use crate::services::{program, settings};
use crate::state::AppState;

pub(super) async fn program_figures(
    State(state): State<AppState>,
    m: StaffMember,
) -> AppResult<Json<program::Program>> {
    Ok(Json(program::figures(
        &state.store().read()?,
        m.school.as_deref(),
    )?))
}

pub(super) async fn program_csv(
    State(state): State<AppState>,
    m: StaffMember,
) -> AppResult<Response> {
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
pub(super) struct Template {
    template: String,
    placeholders: Vec<&'static str>,
}

pub(super) async fn template(State(state): State<AppState>, _: Admin) -> AppResult<Json<Template>> {
    Ok(Json(Template {
        template: settings::agreement_template(&state.store().read()?)?,
        placeholders: crate::domain::placements::PLACEHOLDERS.to_vec(),
    }))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub(super) struct TemplateBody {
    template: String,
}

pub(super) async fn set_template(
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
pub(super) struct RubricItem {
    key: String,
    label: String,
}

#[derive(Serialize, Deserialize, Default)]
#[serde(default)]
pub(super) struct Rubric {
    rubric: Vec<RubricItem>,
}

pub(super) async fn rubric(
    State(state): State<AppState>,
    _: StaffMember,
) -> AppResult<Json<Rubric>> {
    Ok(Json(Rubric {
        rubric: settings::rubric(&state.store().read()?)?
            .into_iter()
            .map(|(key, label)| RubricItem { key, label })
            .collect(),
    }))
}

pub(super) async fn set_rubric(
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
