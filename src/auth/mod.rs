//! Passwords, sessions and the extractors that authorise every handler.
//!
//! Handlers never read cookies: they take `Student`, `Employer`, `AnyUser`, `MaybeUser` or
//! `Admin`, which answer 401 when signed out and 403 for the wrong role.

pub mod cache;
mod token;

use axum::extract::FromRequestParts;
use axum::http::{HeaderMap, HeaderValue, request::Parts};
use cookie::{Cookie, SameSite};
use std::sync::Arc;

use cache::Known;
pub use token::COOKIE_NAME;
use token::{cookie_token, token_hash};

use crate::clock::{DAY_MS, now_ms};
use crate::error::{AppError, AppResult};
use crate::services::staff::{Who, admin_only};
use crate::state::AppState;
use crate::store::audit::Actor;
use crate::store::sessions::{self, GuestProfile, Session, Subject};
use crate::store::staff::{Staff, StaffRole};
use crate::store::users::{Role, User};
use crate::store::{Reader, StoreError};

pub const SESSION_TTL_MS: i64 = 30 * DAY_MS;
/// An admin session ends 12 hours after sign-in, however busy (it does not slide).
pub const ADMIN_SESSION_MS: i64 = 12 * 60 * 60 * 1000;
/// A guest session ends after 7 days without a visit.
pub const GUEST_SESSION_MS: i64 = 7 * DAY_MS;
/// Extend a sliding session at most once a day, so reads do not all become writes.
const REFRESH_AFTER_MS: i64 = DAY_MS;
/// What a guest hears when an action needs an account.
pub fn guest_message() -> String {
    crate::t!("guests-can-only-browse-create-a-free")
}

/// How long a session lasts: from its start for the admin, from the last visit for the rest.
fn ttl(subject: &Subject) -> i64 {
    match subject {
        Subject::Admin | Subject::Staff(_) => ADMIN_SESSION_MS,
        Subject::User(_) => SESSION_TTL_MS,
        Subject::Guest(_) => GUEST_SESSION_MS,
    }
}

pub async fn hash_password(state: &AppState, password: String) -> AppResult<String> {
    state
        .hashing
        .hash(password)
        .await
        .map_err(|e| AppError::Internal(anyhow::anyhow!(e)))
}

pub async fn verify_password(state: &AppState, password: String, hash: String) -> AppResult<bool> {
    state
        .hashing
        .verify(password, hash)
        .await
        .map_err(|e| AppError::Internal(anyhow::anyhow!(e)))
}

/// Starts a session and returns the `Set-Cookie` value for it.
pub fn start_session(state: &AppState, subject: Subject) -> AppResult<HeaderValue> {
    let token = crate::tokens::random_hex(32);
    let now = now_ms();
    let ttl = ttl(&subject);
    let session = Session {
        subject,
        created_at: now,
        expires_at: now + ttl,
    };
    state.store().write(|w| {
        sessions::put(w, &token_hash(&token), &session)?;
        // Expired sessions are cleared as new ones start, so the table stays small.
        sessions::purge_expired(w, now)?;
        Ok::<_, StoreError>(())
    })?;
    Ok(session_cookie(state, &token, ttl / 1000))
}

fn session_cookie(state: &AppState, token: &str, max_age_secs: i64) -> HeaderValue {
    let c = Cookie::build((COOKIE_NAME, token.to_string()))
        .http_only(true)
        .same_site(SameSite::Lax)
        .path("/")
        .secure(state.secure_cookies)
        .max_age(cookie::time::Duration::seconds(max_age_secs))
        .build();
    HeaderValue::from_str(&c.to_string()).expect("cookie header value")
}

/// The `Set-Cookie` value that deletes the session cookie.
pub fn clear_cookie(state: &AppState) -> HeaderValue {
    session_cookie(state, "", 0)
}

/// The key of the request's session (the hash of its cookie's token), for holders of a
/// long-lived connection that re-check it (`still_signed_in`).
pub fn session_key(headers: &HeaderMap) -> Option<[u8; 32]> {
    cookie_token(headers).map(token_hash)
}

/// Whether session `key` is still live and still `user_id`'s, and the account still exists.
pub fn still_signed_in(state: &AppState, key: &[u8; 32], user_id: u64) -> bool {
    let Ok(r) = state.store().read() else {
        // A store that cannot be read says nothing about the session.
        return true;
    };
    match sessions::get(&r, key) {
        Ok(Some(s)) => {
            s.subject == Subject::User(user_id)
                && s.expires_at > now_ms()
                && matches!(r.get::<User>(user_id), Ok(Some(_)))
        }
        Ok(None) => false,
        Err(_) => true,
    }
}

/// Ends the session named by the request's cookie, if any.
pub fn end_session(state: &AppState, headers: &HeaderMap) -> AppResult<()> {
    if let Some(token) = cookie_token(headers) {
        state
            .store()
            .write(|w| sessions::remove(w, &token_hash(token)))?;
    }
    Ok(())
}

/// The live session of a request and its user, extending the session when it is due.
fn known(state: &AppState, headers: &HeaderMap) -> AppResult<Option<Known>> {
    let Some(token) = cookie_token(headers) else {
        return Ok(None);
    };
    let hash = token_hash(token);
    let now = now_ms();
    // Read before the transaction begins, so the transaction sees at least this version.
    let version = state.store().version();
    let known = match state.sessions.0.get(version, &hash) {
        Some(known) => known,
        None => {
            let r = state.store().read()?;
            let Some(session) = sessions::get(&r, &hash)? else {
                return Ok(None);
            };
            let (mut user, mut staff, mut pin_off) = (None, None, false);
            match session.subject {
                Subject::User(id) => match r.get::<User>(id)? {
                    Some(u) => user = Some(Arc::new(u)),
                    None => return Ok(None),
                },
                Subject::Staff(id) => match r.get::<Staff>(id)? {
                    Some(s) if !s.disabled && s.enrolled => staff = Some(Arc::new(s)),
                    _ => return Ok(None),
                },
                Subject::Admin => pin_off = crate::services::settings::admin_pin_off(&r)?,
                Subject::Guest(_) => {}
            }
            let known = Known {
                subject: session.subject,
                expires_at: session.expires_at,
                user,
                staff,
                pin_off,
            };
            state.sessions.0.keep(version, hash, known.clone(), 0);
            known
        }
    };
    if known.expires_at <= now {
        return Ok(None);
    }
    let ttl = ttl(&known.subject);
    let slides = !matches!(known.subject, Subject::Admin | Subject::Staff(_));
    if slides && known.expires_at - now < ttl - REFRESH_AFTER_MS {
        // Read again inside the write: a sign-out since must not be undone.
        state.store().write(|w| match sessions::get(w, &hash)? {
            Some(mut session) => {
                session.expires_at = now + ttl;
                sessions::put(w, &hash, &session)
            }
            None => Ok(()),
        })?;
    }
    Ok(Some(known))
}

/// Changes the profile of the request's guest session; false when it is no guest session.
pub fn update_guest(
    state: &AppState,
    headers: &HeaderMap,
    profile: GuestProfile,
) -> AppResult<bool> {
    let Some(token) = cookie_token(headers) else {
        return Ok(false);
    };
    let hash = token_hash(token);
    let now = now_ms();
    Ok(state.store().write(|w| match sessions::get(w, &hash)? {
        Some(mut session)
            if matches!(session.subject, Subject::Guest(_)) && session.expires_at > now =>
        {
            session.subject = Subject::Guest(profile);
            session.expires_at = now + GUEST_SESSION_MS;
            sessions::put(w, &hash, &session)?;
            Ok::<_, StoreError>(true)
        }
        _ => Ok(false),
    })?)
}

/// Who the request's session belongs to, if it is live.
pub fn session_of(state: &AppState, headers: &HeaderMap) -> AppResult<Option<Subject>> {
    Ok(known(state, headers)?.map(|k| k.subject))
}

fn user_of(state: &AppState, parts: &Parts) -> AppResult<Option<User>> {
    Ok(known(state, &parts.headers)?
        .and_then(|k| k.user)
        .map(|u| User::clone(&u)))
}

/// The signed-in user; the admin session is signed in, but is no user (403, not 401).
fn required_user(state: &AppState, parts: &Parts) -> AppResult<User> {
    match known(state, &parts.headers)? {
        Some(Known {
            user: Some(user), ..
        }) => Ok(User::clone(&user)),
        Some(Known {
            subject: Subject::Admin | Subject::Staff(_),
            ..
        }) => Err(AppError::Forbidden(crate::t!(
            "the-admin-session-cannot-do-this-sign"
        ))),
        Some(Known {
            subject: Subject::Guest(_),
            ..
        }) => Err(AppError::Unauthorized(guest_message())),
        _ => Err(AppError::unauthorized()),
    }
}

/// Who is looking: a signed-in user, a guest with a profile, or nobody (the admin session
/// browses as nobody).
pub enum Viewer {
    Nobody,
    Guest(GuestProfile),
    /// Shared with the session cache: a request does not copy the profile.
    User(Arc<User>),
}

impl Viewer {
    pub fn user(&self) -> Option<&User> {
        match self {
            Viewer::User(u) => Some(u),
            _ => None,
        }
    }
}

impl Viewer {
    /// The viewer of a request with `headers`: the extractor's answer, for code that runs
    /// before routing (`http::edge`'s cached pages).
    pub fn of(state: &AppState, headers: &HeaderMap) -> AppResult<Viewer> {
        Ok(match known(state, headers)? {
            Some(Known {
                user: Some(user), ..
            }) => Viewer::User(user),
            Some(Known {
                subject: Subject::Guest(profile),
                ..
            }) => Viewer::Guest(profile),
            _ => Viewer::Nobody,
        })
    }
}

impl FromRequestParts<AppState> for Viewer {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> AppResult<Self> {
        Viewer::of(state, &parts.headers)
    }
}

/// Any caller; the user when signed in.
pub struct MaybeUser(pub Option<User>);
/// A signed-in student or employer.
pub struct AnyUser(pub User);
pub struct Student(pub User);
pub struct Employer(pub User);
/// A district admin: the pin's session (`POST /api/admin/login`) or a named staff admin.
/// A coordinator is refused (403).
pub struct Admin {
    /// Whom the audit log names.
    pub actor: Actor,
    pub who: Option<Who>,
}
/// Any staff session: the pin's admin, a named admin, or a coordinator (`school` is the
/// coordinator's, the scope of what they see; None for admins, who see every school).
pub struct StaffMember {
    pub actor: Actor,
    pub who: Option<Who>,
    pub school: Option<String>,
}
/// A signed-in user or the admin: who may moderate comments.
pub enum UserOrAdmin {
    User(Box<User>),
    Admin(Actor),
}

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> AppResult<Self> {
        Ok(MaybeUser(user_of(state, parts)?))
    }
}

impl FromRequestParts<AppState> for AnyUser {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> AppResult<Self> {
        required_user(state, parts).map(AnyUser)
    }
}

fn with_role(state: &AppState, parts: &Parts, role: Role) -> AppResult<User> {
    let user = required_user(state, parts)?;
    if user.role != role {
        return Err(AppError::Forbidden(match role {
            Role::Student => crate::t!("only-students-can-do-this"),
            Role::Employer => crate::t!("only-employers-can-do-this"),
        }));
    }
    Ok(user)
}

impl FromRequestParts<AppState> for Student {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> AppResult<Self> {
        with_role(state, parts, Role::Student).map(Student)
    }
}

impl FromRequestParts<AppState> for Employer {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> AppResult<Self> {
        with_role(state, parts, Role::Employer).map(Employer)
    }
}

/// The staff session of a request: the pin's admin (while the pin is on) or a named staff
/// member; 403 for a student or employer, 401 for everyone else.
fn staff_member(state: &AppState, parts: &Parts) -> AppResult<StaffMember> {
    match known(state, &parts.headers)? {
        Some(Known {
            subject: Subject::Admin,
            pin_off: false,
            ..
        }) => Ok(StaffMember {
            actor: Actor::Admin,
            who: None,
            school: None,
        }),
        Some(Known { staff: Some(s), .. }) => Ok(StaffMember {
            actor: Actor::Staff(s.id),
            who: Some(Who::from(&*s)),
            school: match s.role {
                StaffRole::Admin => None,
                // A coordinator without a school sees no school's records.
                StaffRole::Coordinator => Some(s.school.clone().unwrap_or_default()),
            },
        }),
        Some(Known {
            subject: Subject::User(_),
            ..
        }) => Err(AppError::Forbidden(crate::t!(
            "only-the-administrator-can-do-this"
        ))),
        _ => Err(AppError::unauthorized()),
    }
}

impl FromRequestParts<AppState> for StaffMember {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> AppResult<Self> {
        staff_member(state, parts)
    }
}

impl FromRequestParts<AppState> for Admin {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> AppResult<Self> {
        let m = staff_member(state, parts)?;
        if m.school.is_some() {
            return Err(AppError::Forbidden(admin_only()));
        }
        Ok(Admin {
            actor: m.actor,
            who: m.who,
        })
    }
}

/// Who a staff session is, for the session answers: (admin, the named member).
pub fn staff_of(state: &AppState, headers: &HeaderMap) -> AppResult<(bool, Option<Who>)> {
    Ok(match known(state, headers)? {
        Some(Known {
            subject: Subject::Admin,
            pin_off: false,
            ..
        }) => (true, None),
        Some(Known { staff: Some(s), .. }) => (true, Some(Who::from(&*s))),
        _ => (false, None),
    })
}

impl FromRequestParts<AppState> for UserOrAdmin {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> AppResult<Self> {
        match known(state, &parts.headers)? {
            Some(Known {
                user: Some(user), ..
            }) => Ok(UserOrAdmin::User(Box::new(User::clone(&user)))),
            Some(Known {
                subject: Subject::Admin | Subject::Staff(_),
                ..
            }) => Admin::from_request_parts(parts, state)
                .await
                .map(|a| UserOrAdmin::Admin(a.actor)),
            Some(Known {
                subject: Subject::Guest(_),
                ..
            }) => Err(AppError::Unauthorized(guest_message())),
            _ => Err(AppError::unauthorized()),
        }
    }
}

/// The client address for throttling: the socket peer (we do not trust forwarding headers).
pub struct ClientIp(pub String);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let ip = parts
            .extensions
            .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
            .map(|c| crate::limiter::client_key(c.0.ip()))
            .unwrap_or_else(|| "unknown".into());
        Ok(ClientIp(ip))
    }
}
