//! Web Push: `GET /api/push/key` (the server's VAPID public key, and whether the district
//! pushes), a person's devices (`GET`/`POST /api/push/subscriptions`,
//! `DELETE /api/push/subscriptions/{id}`) and their categories (`GET`/`PUT
//! /api/push/preferences`, with an employer's or staff member's own quiet hours). Students and
//! employers use them with their session, district staff with their named staff session.

use axum::Json;
use axum::Router;
use axum::extract::{FromRequestParts, Path, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::routing::{delete, get};
use serde::{Deserialize, Serialize};

use crate::auth::{AnyUser, StaffMember};
use crate::clock::{now_ms, rfc3339};
use crate::error::{AppError, AppResult};
use crate::http::ApiJson;
use crate::services::push as service;
use crate::state::AppState;
use crate::store::audit::Actor;
use crate::store::push::{self, Owner, Subscription};

/// Whose devices a request speaks of: a signed-in student or employer, or a named staff
/// member (the pin's shared admin session is nobody's: 403).
struct Me(Owner);

impl FromRequestParts<AppState> for Me {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> AppResult<Self> {
        let as_user = match AnyUser::from_request_parts(parts, state).await {
            Ok(AnyUser(u)) => return Ok(Me(Owner::User(u.id))),
            Err(e) => e,
        };
        match StaffMember::from_request_parts(parts, state).await {
            Ok(StaffMember {
                actor: Actor::Staff(id),
                ..
            }) => Ok(Me(Owner::Staff(id))),
            Ok(_) => Err(AppError::Forbidden(crate::t!("push-pin-admin"))),
            Err(_) => Err(as_user),
        }
    }
}

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/push/key", get(key))
        .route("/api/push/subscriptions", get(list).post(subscribe))
        .route("/api/push/subscriptions/{id}", delete(unsubscribe))
        .route(
            "/api/push/preferences",
            get(preferences).put(set_preferences),
        )
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Key {
    public_key: String,
    enabled: bool,
    /// When no push reaches a student (the district's clock): `{start, end}` as HH:MM.
    quiet_hours: Option<QuietHours>,
}

#[derive(Serialize)]
struct QuietHours {
    start: String,
    end: String,
}

async fn key(State(state): State<AppState>) -> AppResult<Json<Key>> {
    let r = state.store().read()?;
    let quiet_hours = crate::services::settings::quiet_hours(&r)?.map(|w| {
        let rendered = w.render();
        let (start, end) = rendered.split_once('-').unwrap_or_default();
        QuietHours {
            start: start.into(),
            end: end.into(),
        }
    });
    Ok(Json(Key {
        public_key: state.pusher.public_key(),
        enabled: crate::services::settings::push_on(&r)?,
        quiet_hours,
    }))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Device {
    id: u64,
    device: String,
    endpoint: String,
    created_at: String,
}

impl From<&Subscription> for Device {
    fn from(s: &Subscription) -> Self {
        Device {
            id: s.id,
            device: s.device.clone(),
            endpoint: s.endpoint.clone(),
            created_at: rfc3339(s.created_at),
        }
    }
}

async fn list(State(state): State<AppState>, Me(me): Me) -> AppResult<Json<Vec<Device>>> {
    let r = state.store().read()?;
    Ok(Json(
        push::subscriptions_of(&r, me)?
            .iter()
            .map(Device::from)
            .collect(),
    ))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Keys {
    p256dh: String,
    auth: String,
}

/// `PushSubscription.toJSON()`, and what the person calls the device.
#[derive(Deserialize, Default)]
#[serde(default)]
struct SubscriptionBody {
    endpoint: String,
    keys: Keys,
    device: String,
}

async fn subscribe(
    State(state): State<AppState>,
    Me(me): Me,
    ApiJson(body): ApiJson<SubscriptionBody>,
) -> AppResult<(StatusCode, Json<Device>)> {
    let input = service::Input {
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        device: body.device,
    };
    let s = state
        .store()
        .write(|w| service::subscribe(w, me, input, now_ms(), state.pusher.local_endpoints()))?;
    Ok((StatusCode::CREATED, Json(Device::from(&s))))
}

async fn unsubscribe(
    State(state): State<AppState>,
    Me(me): Me,
    Path(id): Path<u64>,
) -> AppResult<StatusCode> {
    state.store().write(|w| service::unsubscribe(w, me, id))?;
    Ok(StatusCode::NO_CONTENT)
}

/// Each category on or off; the quiet hours that hold this person's pushes (`HH:MM-HH:MM`
/// on the district's clock, or null), and whether they are their own to choose (employers,
/// staff) or the district's (students).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Preferences {
    #[serde(flatten)]
    categories: std::collections::BTreeMap<String, bool>,
    quiet_hours: Option<String>,
    own_quiet_hours: bool,
}

fn preferences_of(r: &impl crate::store::Reader, me: Owner) -> AppResult<Preferences> {
    Ok(Preferences {
        categories: service::preferences(r, me)?
            .into_iter()
            .map(|(c, on)| (c.as_str().to_string(), on))
            .collect(),
        quiet_hours: service::quiet_hours_of(r, me)?.map(|w| w.render()),
        own_quiet_hours: service::own_quiet_hours(r, me)?,
    })
}

async fn preferences(State(state): State<AppState>, Me(me): Me) -> AppResult<Json<Preferences>> {
    Ok(Json(preferences_of(&state.store().read()?, me)?))
}

/// Categories as booleans (`"messages": false`), and `quietHours` (`"22:00-07:00"` or null).
async fn set_preferences(
    State(state): State<AppState>,
    Me(me): Me,
    ApiJson(body): ApiJson<std::collections::BTreeMap<String, serde_json::Value>>,
) -> AppResult<Json<Preferences>> {
    let mut changes: Vec<(String, bool)> = Vec::new();
    let mut quiet: Option<Option<String>> = None;
    for (name, value) in body {
        if name == "quietHours" || name == "quiet_hours" {
            quiet = Some(match value {
                serde_json::Value::Null => None,
                serde_json::Value::String(s) => Some(s),
                _ => {
                    return Err(AppError::Unprocessable(crate::t!(
                        "push-quiet-hours-invalid",
                        value = value.to_string()
                    )));
                }
            });
        } else if let Some(on) = value.as_bool() {
            changes.push((name, on));
        } else {
            return Err(AppError::Unprocessable(crate::t!(
                "push-category-not-boolean",
                name = name
            )));
        }
    }
    state
        .store()
        .write(|w| {
            service::set_preferences(w, me, &changes)?;
            if let Some(q) = &quiet {
                service::set_quiet_hours(w, me, q.as_deref())?;
            }
            preferences_of(w, me)
        })
        .map(Json)
}
