//! School-account sign-in's routes: the providers the pages list, the redirect to the
//! provider, the provider's redirect back, and a first sign-in's last step.

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::ApiJson;
use super::accounts::{StudentProfile, check_student};
use super::sso_cookie::{sso_browser, sso_cookie, sso_language, sso_language_cookie};
use super::staff::signed_in;
use crate::auth::{self, ClientIp};
use crate::clock::now_ms;
use crate::error::{AppError, AppResult};
use crate::i18n::Lang;
use crate::services::sso::{self as rules, Outcome, Refusal};
use crate::services::{settings, students};
use crate::state::AppState;
use crate::store::Reader;
use crate::store::identity::{self, Identity, Source};
use crate::store::sessions::Subject;
use crate::store::sso::FlowRole;
use crate::store::staff::Staff;
use crate::store::users::{self, Role, User};
use crate::validate::Checks;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/auth/sso", get(providers))
        .route("/api/auth/sso/pending", get(pending))
        .route("/api/auth/sso/finish", post(finish))
        .route("/api/auth/sso/{name}/start", get(start))
        .route("/api/auth/sso/{name}/callback", get(callback))
}

/// A school sign-in's cookie lives as long as its flow.
const COOKIE_SECS: i64 = 10 * 60;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ProviderView {
    name: String,
    for_students: bool,
    for_staff: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Providers {
    providers: Vec<ProviderView>,
    student_signup: &'static str,
}

async fn providers(State(state): State<AppState>) -> AppResult<Json<Providers>> {
    let r = state.store().read()?;
    Ok(Json(Providers {
        providers: crate::store::sso::providers(&r)?
            .into_iter()
            .map(|p| ProviderView {
                for_students: p.serves.students(),
                for_staff: p.serves.staff(),
                name: p.name,
            })
            .collect(),
        student_signup: if settings::school_accounts_only(&r)? {
            "school-accounts-only"
        } else {
            "open"
        },
    }))
}

/// The address the provider sends people back to: the district's public URL when set,
/// else the address this request came to.
fn base_url(state: &AppState, headers: &HeaderMap) -> AppResult<String> {
    if let Some(u) =
        settings::get(&state.store().read()?, "public-url")?.filter(|u| !u.trim().is_empty())
    {
        return Ok(u.trim().trim_end_matches('/').to_string());
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| {
            !h.is_empty()
                && h.chars()
                    .all(|c| c.is_ascii_alphanumeric() || ".:-[]".contains(c))
        })
        .ok_or_else(|| AppError::bad_request(crate::t!("the-request-names-no-host")))?;
    let scheme = if state.secure_cookies {
        "https"
    } else {
        "http"
    };
    Ok(format!("{scheme}://{host}"))
}

/// Where a refused sign-in lands: the sign-in page, with the refusal's code and name.
fn refused_page(role: FlowRole, why: &Refusal) -> Response {
    let page = match role {
        FlowRole::Student => "/login",
        FlowRole::Staff => "/admin-login",
    };
    let mut to = format!("{page}?ssoError={}", why.code());
    if let Some(name) = why.name() {
        to.push_str("&ssoName=");
        to.push_str(&url_encode(name));
    }
    Redirect::to(&to).into_response()
}

fn url_encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct StartQuery {
    role: String,
    /// A language chosen on the sign-in page: the account's once the provider answers.
    lang: String,
}

async fn start(
    State(state): State<AppState>,
    headers: HeaderMap,
    ClientIp(ip): ClientIp,
    Path(name): Path<String>,
    Query(q): Query<StartQuery>,
) -> AppResult<Response> {
    let role = match q.role.as_str() {
        "staff" => FlowRole::Staff,
        "student" | "" => FlowRole::Student,
        _ => return Err(AppError::bad_request(crate::t!("role-is-student-or-staff"))),
    };
    // Each start asks the provider (unless its discovery is cached) and stores a sign-in in
    // flight: per address, as many as a classroom needs; the district's networks are free.
    if !state.trusted_networks.contains(&ip) {
        state
            .throttles
            .sso_starts
            .take(&format!("ip:{ip}"))
            .map_err(|wait| {
                AppError::throttled(wait, |when| {
                    crate::said!("too-many-school-sign-ins-from-this", when = when)
                })
            })?;
    }
    let base = base_url(&state, &headers)?;
    let token = crate::tokens::random_hex(32);
    let browser = rules::browser_hash(&token);
    match rules::begin(&state.services, &name, role, &base, browser, now_ms()).await {
        Ok(url) => {
            let chosen = Lang::parse(&q.lang).filter(|_| q.lang.len() <= 16);
            let mut res = (
                StatusCode::SEE_OTHER,
                [
                    (
                        header::LOCATION,
                        axum::http::HeaderValue::from_str(&url)
                            .map_err(|e| AppError::Internal(e.into()))?,
                    ),
                    (header::SET_COOKIE, sso_cookie(&state, &token, COOKIE_SECS)),
                ],
            )
                .into_response();
            // Always written: a choice left from an earlier start must not outlive it.
            let code = chosen.map_or("", Lang::code);
            let age = if chosen.is_some() { COOKIE_SECS } else { 0 };
            res.headers_mut()
                .append(header::SET_COOKIE, sso_language_cookie(&state, code, age));
            Ok(res)
        }
        Err(r) => Ok(refused_page(r.role, &r.why)),
    }
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct CallbackQuery {
    state: String,
    code: Option<String>,
    error: Option<String>,
}

async fn callback(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(name): Path<String>,
    Query(q): Query<CallbackQuery>,
) -> AppResult<Response> {
    let Some(browser) = sso_browser(&headers) else {
        return Ok(refused_page(FlowRole::Student, &Refusal::Expired));
    };
    let base = base_url(&state, &headers)?;
    let outcome = rules::finish(
        &state.services,
        &name,
        &base,
        browser,
        rules::Callback {
            state: &q.state,
            code: q.code.as_deref(),
            error: q.error.as_deref(),
        },
        now_ms(),
    )
    .await;
    let clear = (header::SET_COOKIE, sso_cookie(&state, "", 0));
    let clear_lang = (header::SET_COOKIE, sso_language_cookie(&state, "", 0));
    Ok(match outcome {
        Err(r) => {
            let mut res = refused_page(r.role, &r.why);
            res.headers_mut().append(clear.0, clear.1);
            res.headers_mut().append(clear_lang.0, clear_lang.1);
            res
        }
        Ok(Outcome::Student(id)) => {
            let chosen = sso_language(&headers);
            state.store().write(|w| {
                identity::note_sign_in(w, id, now_ms())?;
                // A language chosen on the sign-in page becomes the account's.
                if let Some(lang) = chosen
                    && let Some(u) = w.get::<User>(id)?
                {
                    crate::store::languages::set_user(w, id, &u.email, lang)?;
                }
                Ok::<_, crate::store::StoreError>(())
            })?;
            let cookie = auth::start_session(&state, Subject::User(id))?;
            // A rostered student's first sign-in asks for interests before the feed.
            let interests_asked = state
                .store()
                .read()?
                .get::<User>(id)?
                .is_some_and(|u| u.interests.is_empty());
            let to = if interests_asked {
                "/welcome"
            } else {
                "/job-feed"
            };
            let mut res = Redirect::to(to).into_response();
            res.headers_mut().append(header::SET_COOKIE, cookie);
            res.headers_mut().append(clear.0, clear.1);
            res.headers_mut().append(clear_lang.0, clear_lang.1);
            res
        }
        Ok(Outcome::Staff(id)) => {
            let s = state
                .store()
                .read()?
                .get::<Staff>(id)?
                .ok_or_else(|| AppError::not_found(crate::t!("staff-member-not-found")))?;
            let session = signed_in(&state, &s)?;
            let mut res = Redirect::to("/admin").into_response();
            for c in session.headers().get_all(header::SET_COOKIE) {
                res.headers_mut().append(header::SET_COOKIE, c.clone());
            }
            res.headers_mut().append(clear.0, clear.1);
            res.headers_mut().append(clear_lang.0, clear_lang.1);
            res
        }
        Ok(Outcome::NewStudent) => Redirect::to("/school-signup").into_response(),
        Ok(Outcome::LinkNeeded) => Redirect::to("/login?sso=link").into_response(),
        Ok(Outcome::StaffNeedsCode) => Redirect::to("/admin-login?sso=code").into_response(),
    })
}

#[derive(Serialize)]
struct PendingView {
    name: String,
    email: String,
    provider: String,
    link: bool,
}

async fn pending(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> AppResult<Json<PendingView>> {
    let gone = || AppError::not_found(rules::expired());
    let browser = sso_browser(&headers).ok_or_else(gone)?;
    let (flow, a) = rules::pending(&state.services, &browser, now_ms())?.ok_or_else(gone)?;
    if flow.role != FlowRole::Student {
        return Err(gone());
    }
    Ok(Json(PendingView {
        name: format!("{} {}", a.given_name, a.family_name)
            .trim()
            .to_string(),
        email: a.email,
        provider: flow.provider,
        link: a.link_user.is_some(),
    }))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Finish {
    grade: String,
    school: String,
    interests: Vec<String>,
    /// The language chosen in the form; see `language::of_signup`.
    language: Option<String>,
}

/// A first school sign-in's last step: grade, school and interests; the account is made
/// from the provider's verified name and e-mail, in the request's language, linked, and
/// signed in.
async fn finish(
    State(state): State<AppState>,
    headers: HeaderMap,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<Finish>,
) -> AppResult<Response> {
    let gone = || AppError::not_found(rules::expired());
    let browser = sso_browser(&headers).ok_or_else(gone)?;
    let now = now_ms();
    let (flow, a) = rules::pending(&state.services, &browser, now)?.ok_or_else(gone)?;
    if flow.role != FlowRole::Student || a.link_user.is_some() {
        return Err(gone());
    }
    state
        .throttles
        .signups
        .take(&format!("ip:{ip}"))
        .map_err(|wait| {
            AppError::throttled(wait, |when| {
                crate::said!("too-many-sign-ups-from-this-network", when = when)
            })
        })?;
    let mut c = Checks::new();
    let mut user = User::blank(Role::Student);
    let profile = StudentProfile {
        first_name: if a.given_name.trim().is_empty() {
            "Student".into()
        } else {
            a.given_name.clone()
        },
        last_name: a.family_name.clone(),
        email: a.email.clone(),
        grade: body.grade,
        school: body.school,
        interests: body.interests,
        gpa: None,
    };
    check_student(&mut c, &profile, &mut user);
    let roster = students::roster_schools(&state.store().read()?)?;
    if !c.has("school")
        && !roster.is_empty()
        && !roster
            .iter()
            .any(|s| students::same_school(s, &profile.school))
    {
        c.fail(
            "school",
            &crate::t!("please-choose-your-school-from-the-list"),
        );
    }
    // The provider's name may lack a family name: the account keeps what it gave.
    c.forget("lastName");
    c.finish()?;
    user.created_at = now;
    // The form's language, else one chosen on the sign-in page before the provider.
    let chosen = sso_language(&headers);
    let explicit = body.language.as_deref().or(chosen.map(Lang::code));
    let lang = super::language::of_signup(explicit, None, &headers);
    let user = state
        .store()
        .write(|w| {
            let user = users::insert(w, user)?;
            crate::store::languages::set_user(w, user.id, &user.email, lang)?;
            identity::save(
                w,
                &Identity {
                    id: user.id,
                    source: Source::SchoolAccount,
                    links: vec![(flow.provider.clone(), a.subject.clone())],
                    last_sign_in: Some(now),
                    ..Identity::default()
                },
            )?;
            crate::store::sso::remove(w, &flow)?;
            Ok::<_, users::UserWriteError>(user)
        })
        .map_err(super::accounts::taken)?;
    if matches!(auth::session_of(&state, &headers)?, Some(Subject::Guest(_))) {
        auth::end_session(&state, &headers)?;
    }
    let cookie = auth::start_session(&state, Subject::User(user.id))?;
    let mut view = super::views::UserView::from(&user);
    view.language = Some(lang.code());
    let mut res = (
        StatusCode::CREATED,
        [(header::SET_COOKIE, cookie)],
        Json(Finished { user: view }),
    )
        .into_response();
    res.headers_mut()
        .append(header::SET_COOKIE, sso_cookie(&state, "", 0));
    res.headers_mut()
        .append(header::SET_COOKIE, sso_language_cookie(&state, "", 0));
    Ok(res)
}

#[derive(Serialize)]
struct Finished {
    user: super::views::UserView,
}
