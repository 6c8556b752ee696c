//! The school's view of the program: its figures and CSV, the agreement template and the
//! evaluation rubric.

use axum::Json;
use axum::extract::{Query, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use crate::auth::{Admin, StaffMember};
use crate::clock::now_ms;
use crate::error::{AppError, AppResult};
use crate::http::ApiJson;
use crate::i18n::Lang;
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
#[serde(rename_all = "camelCase")]
pub(super) struct Template {
    /// The text readers of `lang` get: the district's own, else the built-in one; empty when
    /// the district wrote its own English text and has no translation of it (those readers
    /// then read the English text).
    template: String,
    lang: &'static str,
    /// `template` is the built-in text (the district has not set its own in `lang`).
    built_in: bool,
    placeholders: Vec<&'static str>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub(super) struct InLanguage {
    lang: Option<String>,
}

/// The template's language: `lang` ("en", "es"), English when absent.
fn template_lang(lang: Option<&str>) -> AppResult<Lang> {
    match lang.map(str::trim).filter(|l| !l.is_empty()) {
        None => Ok(Lang::En),
        Some(code) => Lang::parse(code).ok_or_else(|| {
            AppError::bad_request(crate::t!(
                "there-is-no-agreement-template-in-code",
                code = code,
                list = settings::template_languages()
            ))
        }),
    }
}

fn template_in(r: &impl crate::store::Reader, lang: Lang) -> AppResult<Template> {
    let key = settings::template_setting(lang.code()).unwrap_or_default();
    let own = settings::get(r, &key)?.filter(|t| !t.trim().is_empty());
    Ok(Template {
        built_in: own.is_none(),
        template: settings::agreement_template(r, lang)?.unwrap_or_default(),
        lang: lang.code(),
        placeholders: crate::domain::placements::PLACEHOLDERS.to_vec(),
    })
}

pub(super) async fn template(
    State(state): State<AppState>,
    _: Admin,
    Query(q): Query<InLanguage>,
) -> AppResult<Json<Template>> {
    let lang = template_lang(q.lang.as_deref())?;
    Ok(Json(template_in(&state.store().read()?, lang)?))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub(super) struct TemplateBody {
    template: String,
    lang: Option<String>,
}

pub(super) async fn set_template(
    State(state): State<AppState>,
    admin: Admin,
    ApiJson(b): ApiJson<TemplateBody>,
) -> AppResult<Json<Template>> {
    let lang = template_lang(b.lang.as_deref())?;
    if let Err(why) = settings::check_template(&b.template) {
        let mut c = crate::validate::Checks::new();
        c.fail("template", &why);
        c.finish()?;
    }
    let key = settings::template_setting(lang.code()).unwrap_or_default();
    state.store().write(|w| {
        settings::set(w, &key, b.template.trim())?;
        crate::store::audit::append(
            w,
            now_ms(),
            admin.actor,
            crate::store::audit::Event::SettingChanged {
                key: key.clone(),
                value: format!("{} characters", b.template.trim().chars().count()),
            },
            ("setting", None),
            None,
        )
        .map(|_| ())
    })?;
    Ok(Json(template_in(&state.store().read()?, lang)?))
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
