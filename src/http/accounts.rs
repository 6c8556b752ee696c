//! Sign-up and sign-in, and the account rules the profiles (profiles.rs) share; who is signed
//! in and signing out are in session.rs.

use super::signin_turns::SignInTurns;
use axum::Json;
use axum::Router;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde::Deserialize;

use super::ApiJson;
use super::views::UserView;
use crate::auth::{self, ClientIp};
use crate::clock::now_ms;
use crate::domain::options::{self, COMPANY_SIZES, GRADES, INDUSTRIES};
use crate::error::{AppError, AppResult};
use crate::i18n::Lang;
use crate::services::email_confirmation;
use crate::state::AppState;
use crate::store::languages;
use crate::store::sessions::Subject;
use crate::store::users::{self, Role, User, UserWriteError};
use crate::validate::{Checks, LONG_MAX, SHORT_MAX, clean, is_url};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/users", post(signup_student))
        .route("/api/student-login", post(login_student))
        .route("/api/employers", post(signup_employer))
        .route("/api/employers/login", post(login_employer))
}

pub(super) const NAME_MAX: usize = 100;
pub(super) const PASSWORD_MAX: usize = 256;

/// The password rule of a role: students at least 6 characters, employers at least 8, with
/// its message; sign-up, reset and change all use it.
pub(super) fn password_min(role: Role) -> (usize, String) {
    match role {
        Role::Student => (6, crate::t!("password-must-be-at-least-6-characters")),
        Role::Employer => (8, crate::t!("password-must-be-at-least-8-characters")),
    }
}

/// The sign-up forms' password field.
fn check_password(c: &mut Checks, role: Role, password: &str) {
    let (min, msg) = password_min(role);
    c.min_len("password", password, min, &msg)
        .max_len("password", password, PASSWORD_MAX);
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct StudentSignup {
    first_name: String,
    last_name: String,
    email: String,
    password: String,
    grade: String,
    school: String,
    interests: Vec<String>,
    gpa: Option<String>,
    /// The language chosen in the form ("en", "es"); see `language::of_signup`.
    language: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub(super) struct StudentProfile {
    pub(super) first_name: String,
    pub(super) last_name: String,
    pub(super) email: String,
    pub(super) grade: String,
    pub(super) school: String,
    pub(super) interests: Vec<String>,
    pub(super) gpa: Option<String>,
}

/// The rules every account's person has: a first and last name, an e-mail address.
fn person<'c>(c: &'c mut Checks, first: &str, last: &str, email: &str) -> &'c mut Checks {
    c.required("firstName", first, &crate::t!("first-name-is-required"))
        .max_len("firstName", first, NAME_MAX)
        .required("lastName", last, &crate::t!("last-name-is-required"))
        .max_len("lastName", last, NAME_MAX)
        .email("email", email, &crate::t!("valid-email-required"))
}

/// The student rules shared by sign-up and profile edit; fills the user on success.
pub(super) fn check_student(c: &mut Checks, p: &StudentProfile, u: &mut User) {
    person(c, &p.first_name, &p.last_name, &p.email)
        .required("grade", &p.grade, &crate::t!("grade-level-is-required"))
        .required("school", &p.school, &crate::t!("school-name-is-required"))
        .max_len("school", &p.school, SHORT_MAX);
    let grade = options::canonical(&GRADES, &p.grade);
    if !c.has("grade") && grade.is_none() {
        c.fail("grade", &crate::t!("grade-level-is-required"));
    }
    let interests = c.interests("interests", &p.interests);
    let raw_gpa = p.gpa.as_deref().unwrap_or("");
    c.max_len("gpa", raw_gpa.trim(), 10);
    let gpa = clean(raw_gpa);
    u.first_name = clean(&p.first_name);
    u.last_name = clean(&p.last_name);
    u.email = p.email.trim().to_string();
    u.grade = grade.unwrap_or_default().to_string();
    u.school = clean(&p.school);
    u.interests = interests;
    u.gpa = gpa;
}

pub(super) fn taken(e: UserWriteError) -> AppError {
    match e {
        UserWriteError::EmailTaken => {
            AppError::Conflict(crate::t!("an-account-with-this-email-already-exists"))
        }
        UserWriteError::Store(e) => e.into(),
    }
}

/// The signed-in account's answer, with its stored language (the UI switches to it at once).
fn with_cookie(
    status: StatusCode,
    cookie: axum::http::HeaderValue,
    user: &User,
    language: Option<Lang>,
) -> Response {
    let mut view = UserView::from(user);
    view.language = language.map(Lang::code);
    (status, [(header::SET_COOKIE, cookie)], Json(view)).into_response()
}

async fn signup_student(
    State(state): State<AppState>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<StudentSignup>,
) -> AppResult<Response> {
    if crate::services::settings::school_accounts_only(&state.store().read()?)? {
        return Err(AppError::Forbidden(
            crate::services::settings::school_accounts_only_text(),
        ));
    }
    let mut c = Checks::new();
    let mut user = User::blank(Role::Student);
    let profile = StudentProfile {
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email,
        grade: body.grade,
        school: body.school,
        interests: body.interests,
        gpa: body.gpa,
    };
    check_student(&mut c, &profile, &mut user);
    check_password(&mut c, Role::Student, &body.password);
    // Order the messages as the form shows its fields.
    c.finish()?;
    let lang = super::language::of_signup(body.language.as_deref(), query.as_deref(), &headers);
    create_account(&state, &headers, &ip, user, body.password, lang).await
}

/// Stores a checked new account (email still free, password hashed) in `lang`, the sign-up
/// request's language (its e-mails, the welcome first, are written in it), and signs it in.
/// Sign-ups are counted per client address before the e-mail is looked at, so the duplicate
/// message cannot be used to test thousands of addresses; their hashing takes one of the two
/// hashing threads at most, so sign-ins keep their latency under a wave of sign-ups.
async fn create_account(
    state: &AppState,
    headers: &HeaderMap,
    ip: &str,
    mut user: User,
    password: String,
    lang: Lang,
) -> AppResult<Response> {
    state
        .throttles
        .signups
        .take(&format!("ip:{ip}"))
        .map_err(|wait| {
            AppError::throttled(wait, |when| {
                crate::said!("too-many-sign-ups-from-this-network", when = when)
            })
        })?;
    let r = state.store().read()?;
    if let Some(why) = crate::services::settings::school_address(&r, &user.email, user.role)? {
        let mut c = Checks::new();
        c.fail("email", &why);
        c.finish()?;
    }
    if users::by_email(&r, &user.email)?.is_some() {
        return Err(taken(UserWriteError::EmailTaken));
    }
    drop(r);
    let _turn = state
        .signup_hashing
        .acquire()
        .await
        .map_err(|e| AppError::Internal(e.into()))?;
    user.password_hash = auth::hash_password(state, password).await?;
    user.created_at = now_ms();
    let user = state
        .store()
        .write(|w| {
            let user = users::insert(w, user)?;
            languages::set_user(w, user.id, &user.email, lang)?;
            if user.role == Role::Employer {
                email_confirmation::send_link(w, &user, true, user.created_at)?;
                if user.review.status == crate::domain::review::EmployerStatus::Pending {
                    crate::services::staff_alerts::employer_waiting(w, &user, user.created_at)?;
                }
            }
            Ok::<_, UserWriteError>(user)
        })
        .map_err(taken)?;
    state.mailer.wake();
    // A guest's session gives way to the new account's.
    if matches!(auth::session_of(state, headers)?, Some(Subject::Guest(_))) {
        auth::end_session(state, headers)?;
    }
    let cookie = auth::start_session(state, Subject::User(user.id))?;
    Ok(with_cookie(StatusCode::CREATED, cookie, &user, Some(lang)))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub(super) struct EmployerFields {
    first_name: String,
    last_name: String,
    email: String,
    password: String,
    position: String,
    company: String,
    company_size: String,
    industry: String,
    website: Option<String>,
    phone: Option<String>,
    address: String,
    company_description: String,
    /// Sign-up only: the language chosen in the form; see `language::of_signup`.
    language: Option<String>,
}

/// The employer rules shared by sign-up and profile edit; fills the user.
pub(super) fn check_employer(c: &mut Checks, p: &EmployerFields, u: &mut User, with_phone: bool) {
    person(c, &p.first_name, &p.last_name, &p.email)
        .required(
            "company",
            &p.company,
            &crate::t!("company-name-is-required"),
        )
        .max_len("company", &p.company, SHORT_MAX)
        .required(
            "position",
            &p.position,
            &crate::t!("your-position-is-required"),
        )
        .max_len("position", &p.position, SHORT_MAX)
        .required(
            "companySize",
            &p.company_size,
            &crate::t!("company-size-is-required"),
        )
        .required("industry", &p.industry, &crate::t!("industry-is-required"));
    let size = COMPANY_SIZES
        .iter()
        .find(|s| **s == p.company_size.trim())
        .copied();
    if !c.has("companySize") && size.is_none() {
        c.fail("companySize", &crate::t!("company-size-is-required"));
    }
    let industry = options::canonical(&INDUSTRIES, &p.industry);
    if !c.has("industry") && industry.is_none() {
        c.fail("industry", &crate::t!("industry-is-required"));
    }
    let website = p.website.as_deref().unwrap_or("").trim().to_string();
    c.check(
        "website",
        website.is_empty() || is_url(&website),
        &crate::t!("valid-website-url-required"),
    );
    let raw_phone = p.phone.as_deref().unwrap_or("");
    let phone = clean(raw_phone);
    if with_phone {
        c.min_len(
            "phone",
            &phone,
            10,
            &crate::t!("valid-phone-number-required"),
        )
        .max_len("phone", raw_phone.trim(), 40);
    }
    c.required(
        "address",
        &p.address,
        &crate::t!("company-address-is-required"),
    )
    .max_len("address", &p.address, SHORT_MAX)
    .min_len(
        "companyDescription",
        &p.company_description,
        50,
        &crate::t!("company-description-must-be-at-least-50"),
    )
    .max_len("companyDescription", &p.company_description, LONG_MAX);
    u.first_name = clean(&p.first_name);
    u.last_name = clean(&p.last_name);
    u.email = p.email.trim().to_string();
    u.company = clean(&p.company);
    u.position = clean(&p.position);
    u.company_size = size.unwrap_or_default().to_string();
    u.industry = industry.unwrap_or_default().to_string();
    u.website = website;
    if with_phone {
        u.phone = phone;
    }
    u.address = clean(&p.address);
    u.company_description = clean(&p.company_description);
}

async fn signup_employer(
    State(state): State<AppState>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<EmployerFields>,
) -> AppResult<Response> {
    let mut c = Checks::new();
    let mut user = User::blank(Role::Employer);
    check_employer(&mut c, &body, &mut user, false);
    user.review.status = state.employer_approval.status_at_signup();
    check_password(&mut c, Role::Employer, &body.password);
    c.finish()?;
    let lang = super::language::of_signup(body.language.as_deref(), query.as_deref(), &headers);
    create_account(&state, &headers, &ip, user, body.password, lang).await
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Credentials {
    email: String,
    password: String,
    /// A language the person chose on the sign-in page: it becomes the account's. Without
    /// it the account keeps its own, which the answer names.
    language: Option<String>,
}

async fn login(
    state: AppState,
    ip: String,
    headers: HeaderMap,
    body: Credentials,
    role: Role,
) -> AppResult<Response> {
    let mut c = Checks::new();
    c.email(
        "email",
        &body.email,
        &crate::t!("please-enter-a-valid-email-address"),
    )
    .required(
        "password",
        &body.password,
        &crate::t!("password-is-required"),
    )
    .max_len("password", &body.password, PASSWORD_MAX);
    c.finish()?;
    let turns = SignInTurns::wait(&state, &ip, &body.email).await?;
    let found = users::by_email(&state.store().read()?, &body.email)?;
    let ok = match &found {
        // A roster account without a password signs in with the school account only.
        Some(u) if !u.password_hash.is_empty() => {
            auth::verify_password(&state, body.password, u.password_hash.clone()).await?
        }
        // An unknown e-mail costs the same argon2 work, so timing does not tell it apart.
        _ => state
            .hashing
            .verify_absent(body.password)
            .await
            .map_err(|e| AppError::Internal(anyhow::anyhow!(e)))?,
    };
    let Some(user) = found.as_ref().filter(|_| ok).cloned() else {
        let failures = turns.failed(&state);
        if failures == super::signin_turns::ACCOUNT_FAILURES_TOLD
            && let Some(owner) = &found
        {
            // The log names the account by id, never by its address.
            tracing::warn!(
                user = owner.id,
                "many failed sign-ins for one account; slowing its sign-ins down"
            );
            // Tell the owner (in the app and by e-mail): someone may be guessing.
            let note = state.store().write(|w| {
                crate::services::notify::notify(
                    w,
                    owner.id,
                    "sign_in_failures",
                    crate::said!(
                        "someone-tried-to-sign-in-to-your",
                        n = super::signin_turns::ACCOUNT_FAILURES_TOLD
                    ),
                    "/profile",
                )
            })?;
            super::notifications::push(&state, note.as_slice());
        }
        return Err(AppError::Unauthorized(crate::t!(
            "invalid-email-or-password"
        )));
    };
    turns.succeeded(&state);
    if user.role != role {
        return Err(AppError::Unauthorized(match user.role {
            Role::Student => crate::t!("this-is-a-student-account-please-use"),
            Role::Employer => {
                crate::t!("this-is-an-employer-account-please-use")
            }
        }));
    }
    if user.review.status == crate::domain::review::EmployerStatus::Suspended {
        let r = state.store().read()?;
        return Err(AppError::Forbidden(
            crate::services::settings::suspended_message(&r, user.review.reason.as_deref())?,
        ));
    }
    let linked = if user.role == Role::Student {
        super::sso_cookie::student_signed_in(&state, &headers, user.id)?
    } else {
        false
    };
    let language = match body.language.as_deref().and_then(Lang::parse) {
        Some(chosen) => {
            state
                .store()
                .write(|w| languages::set_user(w, user.id, &user.email, chosen))?;
            Some(chosen)
        }
        None => languages::of_user(&state.store().read()?, user.id)?,
    };
    let cookie = auth::start_session(&state, Subject::User(user.id))?;
    let mut res = with_cookie(StatusCode::OK, cookie, &user, language);
    if linked {
        res.headers_mut().append(
            header::SET_COOKIE,
            super::sso_cookie::sso_cookie(&state, "", 0),
        );
    }
    Ok(res)
}

async fn login_student(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ApiJson(body): ApiJson<Credentials>,
) -> AppResult<Response> {
    login(state, ip, headers, body, Role::Student).await
}

async fn login_employer(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ApiJson(body): ApiJson<Credentials>,
) -> AppResult<Response> {
    login(state, ip, headers, body, Role::Employer).await
}
