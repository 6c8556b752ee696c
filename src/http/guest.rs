//! The guest session: browse the feed matched to chosen interests without an account.
//! A guest has no personal data; its interests and grade live in the session itself
//! (store/sessions.rs) and are gone when it ends.

use axum::Json;
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde::{Deserialize, Serialize};

use super::ApiJson;
use crate::auth::{self, ClientIp, Viewer};
use crate::domain::options::{self, GRADES};
use crate::error::{AppError, AppResult};
use crate::state::AppState;
use crate::store::sessions::{GuestProfile, Subject};
use crate::store::users::{Role, User};
use crate::validate::Checks;

pub fn router() -> Router<AppState> {
    Router::new().route("/api/guest", post(start).put(update))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct GuestInput {
    interests: Vec<String>,
    grade: Option<String>,
}

/// What `GET /api/auth/user` and these routes answer for a guest.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GuestView {
    user_type: &'static str,
    first_name: &'static str,
    last_name: &'static str,
    interests: Vec<String>,
    grade: Option<String>,
}

impl From<&GuestProfile> for GuestView {
    fn from(g: &GuestProfile) -> Self {
        GuestView {
            user_type: "guest",
            first_name: "Guest",
            last_name: "",
            interests: g.interests.clone(),
            grade: (!g.grade.is_empty()).then(|| g.grade.clone()),
        }
    }
}

/// The interests (required) and grade (optional) a guest is matched by.
fn checked(input: GuestInput) -> AppResult<GuestProfile> {
    let mut c = Checks::new();
    let interests = c.interests("interests", &input.interests);
    let raw_grade = input.grade.unwrap_or_default();
    let grade = match raw_grade.trim() {
        "" => "",
        g => options::canonical(&GRADES, g).unwrap_or_else(|| {
            c.fail("grade", &crate::t!("choose-a-grade-from-the-list"));
            ""
        }),
    };
    c.finish()?;
    Ok(GuestProfile {
        interests,
        grade: grade.to_string(),
    })
}

/// A student with the guest's interests and grade and nothing else: what the feed's ranking
/// and match scores read. It is never stored and owns nothing (id 0 is no user's id).
pub fn seeker(g: &GuestProfile) -> User {
    let mut u = User::blank(Role::Student);
    u.interests = g.interests.clone();
    u.grade = g.grade.clone();
    u
}

/// `POST /api/guest`: starts a guest session (or replaces a guest's profile).
async fn start(
    State(state): State<AppState>,
    headers: HeaderMap,
    ClientIp(ip): ClientIp,
    ApiJson(input): ApiJson<GuestInput>,
) -> AppResult<Response> {
    let signed_in = auth::session_of(&state, &headers)?;
    if signed_in.is_some_and(|s| !matches!(s, Subject::Guest(_))) {
        return Err(AppError::Conflict(crate::t!("you-are-already-signed-in")));
    }
    let profile = checked(input)?;
    state
        .throttles
        .guests
        .take(&format!("ip:{ip}"))
        .map_err(|wait| {
            AppError::throttled(wait, |when| {
                crate::said!("too-many-guest-sessions-from-this-network", when = when)
            })
        })?;
    let view = GuestView::from(&profile);
    let cookie = auth::start_session(&state, Subject::Guest(profile))?;
    Ok((
        StatusCode::CREATED,
        [(header::SET_COOKIE, cookie)],
        Json(view),
    )
        .into_response())
}

/// `PUT /api/guest`: the guest changes the interests or grade it is matched by.
async fn update(
    State(state): State<AppState>,
    headers: HeaderMap,
    viewer: Viewer,
    ApiJson(input): ApiJson<GuestInput>,
) -> AppResult<Json<GuestView>> {
    match viewer {
        Viewer::Guest(_) => {}
        Viewer::User(_) => {
            return Err(AppError::Forbidden(crate::t!(
                "only-a-guest-session-has-a-guest"
            )));
        }
        Viewer::Nobody => return Err(AppError::unauthorized()),
    }
    let profile = checked(input)?;
    if !auth::update_guest(&state, &headers, profile.clone())? {
        return Err(AppError::unauthorized());
    }
    Ok(Json(GuestView::from(&profile)))
}
