//! Web Push: `GET /api/push/key` (the server's VAPID public key, and whether the district
//! pushes), a person's devices (`GET`/`POST /api/push/subscriptions`,
//! `DELETE /api/push/subscriptions/{id}`) and their categories (`GET`/`PUT
//! /api/push/preferences`).

use axum::Json;
use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{delete, get};
use serde::{Deserialize, Serialize};

use crate::auth::AnyUser;
use crate::clock::{now_ms, rfc3339};
use crate::error::AppResult;
use crate::http::ApiJson;
use crate::services::push as service;
use crate::state::AppState;
use crate::store::push::{self, Subscription};

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

async fn list(State(state): State<AppState>, AnyUser(me): AnyUser) -> AppResult<Json<Vec<Device>>> {
    let r = state.store().read()?;
    Ok(Json(
        push::subscriptions_of(&r, me.id)?
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
    AnyUser(me): AnyUser,
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
        .write(|w| service::subscribe(w, me.id, input, now_ms(), state.pusher.local_endpoints()))?;
    Ok((StatusCode::CREATED, Json(Device::from(&s))))
}

async fn unsubscribe(
    State(state): State<AppState>,
    AnyUser(me): AnyUser,
    Path(id): Path<u64>,
) -> AppResult<StatusCode> {
    state
        .store()
        .write(|w| service::unsubscribe(w, me.id, id))?;
    Ok(StatusCode::NO_CONTENT)
}

type Preferences = std::collections::BTreeMap<String, bool>;

fn preferences_of(r: &impl crate::store::Reader, me: u64) -> AppResult<Preferences> {
    Ok(service::preferences(r, me)?
        .into_iter()
        .map(|(c, on)| (c.as_str().to_string(), on))
        .collect())
}

async fn preferences(
    State(state): State<AppState>,
    AnyUser(me): AnyUser,
) -> AppResult<Json<Preferences>> {
    Ok(Json(preferences_of(&state.store().read()?, me.id)?))
}

async fn set_preferences(
    State(state): State<AppState>,
    AnyUser(me): AnyUser,
    ApiJson(body): ApiJson<Preferences>,
) -> AppResult<Json<Preferences>> {
    let changes: Vec<(String, bool)> = body.into_iter().collect();
    state
        .store()
        .write(|w| {
            service::set_preferences(w, me.id, &changes)?;
            preferences_of(w, me.id)
        })
        .map(Json)
}
