//! `GET /api/notifications`, `POST /api/notifications/read`, the notification-e-mail setting
//! and the e-mails' `GET /api/email-off?token=...` (a page asking first) with its
//! `POST` (the page's button, or a mail client's RFC 8058 one-click unsubscribe). Web Push's
//! routes are in `push.rs` beside it.

use axum::Json;
use axum::Router;
use axum::extract::{Query, State};
use axum::http::{Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};

use super::ApiJson;
use crate::auth::AnyUser;
use crate::clock::{now_ms, rfc3339};
use crate::error::AppResult;
use crate::services::notify;
use crate::state::AppState;
use crate::store::Reader;
use crate::store::notifications::{self, Notification};
use crate::ws::Event;

mod push;

pub fn router() -> Router<AppState> {
    Router::new()
        .merge(push::router())
        .route("/api/notifications", get(list))
        .route("/api/notifications/read", post(mark_read))
        .route(
            "/api/users/me/notification-settings",
            get(settings).put(set_settings),
        )
        .route("/api/email-off", get(email_off_page).post(email_off))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NotificationView {
    id: u64,
    kind: String,
    text: String,
    link: String,
    created_at: String,
    read_at: Option<String>,
}

impl NotificationView {
    /// The notification as `lang` reads it (its text is kept in English).
    pub fn new(n: &Notification, lang: crate::i18n::Lang) -> Self {
        NotificationView {
            id: n.id,
            kind: n.kind.clone(),
            text: lang.tr(&n.text).into_owned(),
            link: n.link.clone(),
            created_at: rfc3339(n.created_at),
            read_at: n.read_at.map(rfc3339),
        }
    }
}

/// Pushes committed notifications to their users' open sockets, and wakes the mail sender for
/// their e-mails.
pub fn push(state: &AppState, list: &[Notification]) {
    state.mailer.wake();
    let r = state.store().read().ok();
    for n in list {
        // In the recipient's language, not that of the request that caused it.
        let lang = r
            .as_ref()
            .and_then(|r| {
                crate::store::languages::of_user(r, n.user_id)
                    .ok()
                    .flatten()
            })
            .unwrap_or_default();
        state.hub.send(
            n.user_id,
            &Event::Notification {
                notification: serde_json::to_value(NotificationView::new(n, lang))
                    .unwrap_or_default(),
            },
        );
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Page {
    notifications: Vec<NotificationView>,
    unread_count: usize,
    next: Option<String>,
}

async fn list(
    State(state): State<AppState>,
    AnyUser(me): AnyUser,
    uri: Uri,
    Query(p): Query<super::paging::PageParams>,
) -> AppResult<Response> {
    let limit = super::paging::limit(p.limit.as_deref())?;
    let before = super::paging::id_cursor(p.cursor.as_deref())?;
    let r = state.store().read()?;
    let (ids, more) = notifications::page_of(&r, me.id, before, limit)?;
    let mut out = Vec::with_capacity(ids.len());
    for (id, _) in &ids {
        if let Some(n) = r.get::<Notification>(*id)? {
            out.push(NotificationView::new(&n, crate::i18n::current()));
        }
    }
    let next = more
        .then(|| ids.last().map(|(id, _)| id.to_string()))
        .flatten();
    let link = super::paging::link(&uri, next.clone());
    let page = Json(Page {
        notifications: out,
        unread_count: notifications::unread_count(&r, me.id)?,
        next,
    });
    Ok(super::paging::with_link(page.into_response(), link))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct ReadBody {
    ids: Vec<u64>,
    all: bool,
}

#[derive(Serialize)]
struct Marked {
    marked: usize,
}

async fn mark_read(
    State(state): State<AppState>,
    AnyUser(me): AnyUser,
    ApiJson(body): ApiJson<ReadBody>,
) -> AppResult<Json<Marked>> {
    let marked = state.store().write(|w| {
        let ids: Vec<u64> = if body.all {
            notifications::ids_of(w, me.id)?
        } else {
            body.ids.into_iter().take(500).collect()
        };
        let now = now_ms();
        let mut marked = 0;
        for id in ids {
            // Only one's own: another's id is skipped, never marked.
            if let Some(mut n) = w.get::<Notification>(id)?.filter(|n| n.user_id == me.id)
                && n.read_at.is_none()
            {
                n.read_at = Some(now);
                w.put(&n)?;
                marked += 1;
            }
        }
        Ok::<_, crate::error::AppError>(marked)
    })?;
    Ok(Json(Marked { marked }))
}

#[derive(Serialize, Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct Settings {
    email_notifications: bool,
}

async fn settings(
    State(state): State<AppState>,
    AnyUser(me): AnyUser,
) -> AppResult<Json<Settings>> {
    let r = state.store().read()?;
    Ok(Json(Settings {
        email_notifications: !notifications::email_off(&r, me.id)?,
    }))
}

async fn set_settings(
    State(state): State<AppState>,
    AnyUser(me): AnyUser,
    ApiJson(body): ApiJson<Settings>,
) -> AppResult<Json<Settings>> {
    state
        .store()
        .write(|w| notifications::set_email_off(w, me.id, !body.email_notifications))?;
    Ok(Json(body))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Token {
    token: String,
}

/// The e-mails' link: a small page that asks before turning notification e-mails off (a
/// mail scanner that opens every link must not switch them off).
async fn email_off_page(
    State(state): State<AppState>,
    Query(t): Query<Token>,
) -> AppResult<Response> {
    let token = t.token.trim();
    let user = notify::email_off_user(&state.store().read()?, token)?;
    let lang = reader_language(&state, user);
    let (status, body) = if user.is_some() {
        (
            axum::http::StatusCode::OK,
            format!(
                "<p>{}</p><form method=\"post\" action=\"/api/email-off?token={}\"><button type=\"submit\" style=\"font-size:1rem;padding:.6rem 1.2rem\">{}</button></form>",
                crate::tl!(lang, "stop-internreel-s-notification-e-mails-to"),
                token.replace(|c: char| !c.is_ascii_alphanumeric(), ""),
                crate::tl!(lang, "turn-e-mails-off"),
            ),
        )
    } else {
        (
            axum::http::StatusCode::NOT_FOUND,
            format!(
                "<p>{}</p>",
                crate::tl!(lang, "this-link-is-not-valid-turn-e")
            ),
        )
    };
    Ok(small_page(status, &body, lang))
}

/// Turns notification e-mails off: the page's button, or a mail client's one-click
/// unsubscribe (RFC 8058: a POST to the `List-Unsubscribe` link).
async fn email_off(State(state): State<AppState>, Query(t): Query<Token>) -> AppResult<Response> {
    let user = notify::email_off_user(&state.store().read()?, t.token.trim())?;
    let lang = reader_language(&state, user);
    let (status, text) = match user {
        Some(id) => {
            state
                .store()
                .write(|w| notifications::set_email_off(w, id, true))?;
            (
                axum::http::StatusCode::OK,
                crate::tl!(lang, "notification-e-mails-are-off-you-can"),
            )
        }
        None => (
            axum::http::StatusCode::NOT_FOUND,
            crate::tl!(lang, "this-link-is-not-valid-turn-e"),
        ),
    };
    Ok(small_page(status, &format!("<p>{text}</p>"), lang))
}

/// The link's owner's language (the page opens from a mail client, with no session), else
/// the browser's.
fn reader_language(state: &AppState, user: Option<u64>) -> crate::i18n::Lang {
    user.and_then(|id| {
        let r = state.store().read().ok()?;
        crate::store::languages::of_user(&r, id).ok().flatten()
    })
    .unwrap_or_else(crate::i18n::current)
}

fn small_page(status: axum::http::StatusCode, body: &str, lang: crate::i18n::Lang) -> Response {
    let title = crate::tl!(lang, "internreel-e-mails");
    (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        format!(
            "<!doctype html><html lang=\"{}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\"><title>{title}</title></head><body style=\"font-family:sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem\"><h1>{title}</h1>{body}<p><a href=\"/\">{}</a></p></body></html>",
            lang.code(),
            crate::tl!(lang, "open-internreel"),
        ),
    )
        .into_response()
}
