//! The contact form.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::ApiJson;
use crate::clock::now_ms;
use crate::error::AppResult;
use crate::state::AppState;
use crate::store::contact::{self, ContactMessage};
use crate::validate::{Checks, LONG_MAX, SHORT_MAX, clean};

pub fn router() -> Router<AppState> {
    Router::new().route("/api/contact", post(create_contact_message))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct ContactForm {
    name: String,
    email: String,
    subject: String,
    message: String,
}

#[derive(Serialize)]
struct Created {
    id: u64,
    message: String,
}

async fn create_contact_message(
    State(state): State<AppState>,
    crate::auth::ClientIp(ip): crate::auth::ClientIp,
    ApiJson(body): ApiJson<ContactForm>,
) -> AppResult<(StatusCode, Json<Created>)> {
    let mut c = Checks::new();
    c.required("name", &body.name, &crate::t!("name-is-required"))
        .max_len("name", &body.name, SHORT_MAX)
        .email(
            "email",
            &body.email,
            &crate::t!("please-enter-a-valid-email-address"),
        )
        .required("subject", &body.subject, &crate::t!("subject-is-required"))
        .max_len("subject", &body.subject, SHORT_MAX)
        .min_len(
            "message",
            &body.message,
            10,
            &crate::t!("message-must-be-at-least-10-characters"),
        )
        .max_len("message", &body.message, LONG_MAX);
    c.finish()?;
    state
        .throttles
        .contact
        .take(&format!("ip:{ip}"))
        .map_err(|wait| {
            crate::error::AppError::throttled(wait, |when| {
                crate::said!("too-many-messages-from-this-network-please", when = when)
            })
        })?;
    let saved = state.store().write(|w| {
        contact::insert(
            w,
            ContactMessage {
                id: 0,
                name: clean(&body.name),
                email: body.email.trim().to_string(),
                subject: clean(&body.subject),
                message: clean(&body.message),
                created_at: now_ms(),
            },
        )
    })?;
    Ok((
        StatusCode::CREATED,
        Json(Created {
            id: saved.id,
            message: crate::t!("message-sent-successfully"),
        }),
    ))
}
