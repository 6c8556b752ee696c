//! Messages between the student and the employer of one application.

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::ApiJson;
use crate::auth::AnyUser;
use crate::clock::{now_ms, rfc3339};
use crate::error::{AppError, AppResult};
use crate::services::messages::{Content, party_of, send};
use crate::state::AppState;
use crate::store::Reader;
use crate::store::messages::{self, Message};
use crate::store::users::User;
use crate::ws::Event;

pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/api/applications/{id}/messages",
            get(read_thread).post(send_message),
        )
        .route(
            "/api/applications/{id}/messages/read",
            axum::routing::post(mark_thread_read),
        )
        .route("/api/users/{id}/messages", get(list_received))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MessageView {
    id: u64,
    application_id: u64,
    sender_id: u64,
    receiver_id: u64,
    sender_name: String,
    content: String,
    created_at: String,
    read_at: Option<String>,
}

fn view(r: &impl Reader, m: &Message) -> AppResult<MessageView> {
    let sender_name = r
        .get::<User>(m.sender_id)?
        .map(|u| u.full_name())
        .unwrap_or_else(|| "Deleted student".into());
    Ok(MessageView {
        id: m.id,
        application_id: m.application_id,
        sender_id: m.sender_id,
        receiver_id: m.receiver_id,
        sender_name,
        content: m.content.clone(),
        created_at: rfc3339(m.created_at),
        read_at: m.read_at.map(rfc3339),
    })
}

/// The application, when the user is its student or its posting's employer.
/// A thread, oldest first within a page. The first page holds the latest messages; the
/// `Link` header leads to older ones (the cursor is the oldest id shown). Reading marks the
/// reader's received messages of the page read.
async fn read_thread(
    State(state): State<AppState>,
    AnyUser(me): AnyUser,
    Path(id): Path<u64>,
    uri: axum::http::Uri,
    Query(p): Query<super::paging::PageParams>,
) -> AppResult<axum::response::Response> {
    let limit = super::paging::limit(p.limit.as_deref())?;
    let before = super::paging::id_cursor(p.cursor.as_deref())?;
    let r = state.store().read()?;
    let a = party_of(&r, &me, id)?;
    let closed = closed_because(&r, &me, &a)?;
    let (ids, more) = crate::store::messages::thread_page(&r, id, before, limit)?;
    let mut page = Vec::with_capacity(ids.len());
    for (mid, _) in ids.iter().rev() {
        // A message the district hid is gone from both sides' view (kept for the record).
        if let Some(m) = r.get::<Message>(*mid)?.filter(|m| !m.hidden) {
            page.push(m);
        }
    }
    // Reading is not marking read: a GET can be triggered from another site (a link, an
    // image), so marking read is its own POST (`mark_thread_read`), which the CSRF check guards.
    let views = page
        .iter()
        .map(|m| view(&r, m))
        .collect::<AppResult<Vec<_>>>()?;
    let next = more
        .then(|| page.first().map(|m| m.id.to_string()))
        .flatten();
    let mut res = super::paging::respond(&uri, views, next);
    // The body stays the plain array of messages (API.md); whether the reader may still
    // write is a header, so the screen can close the message box before anyone types into it.
    // A header is ASCII: the reason in English, as API.md gives it.
    if let Some(why) = closed
        && let Ok(v) = axum::http::HeaderValue::from_str(&crate::i18n::Lang::En.tr(&why))
    {
        res.headers_mut().insert("x-thread-closed", v);
    }
    Ok(res)
}

/// Why `me` cannot write in the thread of application `a`, if they cannot (the same rules
/// `send` enforces).
fn closed_because(
    r: &impl crate::store::Reader,
    me: &User,
    a: &crate::store::applications::Application,
) -> AppResult<Option<String>> {
    let status = r
        .get::<User>(a.employer_id)?
        .map(|e| e.review.status)
        .unwrap_or_default();
    let blocked = crate::store::social::is_blocked(r, a.student_id, a.employer_id)?;
    if let Some(why) =
        crate::domain::review::messaging_refusal(status, me.id == a.employer_id, blocked)
    {
        return Ok(Some(why.into()));
    }
    if r.get::<User>(a.student_id)?.is_none() {
        return Ok(Some(
            crate::said!("this-student-has-deleted-their-account").into(),
        ));
    }
    Ok(None)
}

#[derive(Serialize)]
struct Marked {
    marked: usize,
}

/// `POST /api/applications/{id}/messages/read`: the caller has seen the thread; every message
/// to them in it is marked read (the UI calls it when the thread is shown).
async fn mark_thread_read(
    State(state): State<AppState>,
    AnyUser(me): AnyUser,
    Path(id): Path<u64>,
) -> AppResult<Json<Marked>> {
    let unread = {
        let r = state.store().read()?;
        party_of(&r, &me, id)?;
        let mut unread = Vec::new();
        for mid in crate::store::messages::thread_ids(&r, id)? {
            if let Some(m) = r.get::<Message>(mid)?
                && m.receiver_id == me.id
                && m.read_at.is_none()
            {
                unread.push(m);
            }
        }
        unread
    };
    let marked = unread.len();
    // Only write when there is something to mark read.
    if marked > 0 {
        let now = now_ms();
        state
            .store()
            .write(|w| messages::mark_read(w, unread, me.id, now))?;
    }
    Ok(Json(Marked { marked }))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
struct NewMessage {
    content: String,
    receiver_id: u64,
}

async fn send_message(
    State(state): State<AppState>,
    AnyUser(me): AnyUser,
    Path(id): Path<u64>,
    ApiJson(body): ApiJson<NewMessage>,
) -> AppResult<(StatusCode, Json<MessageView>)> {
    let content = Content::parse(&body.content)?;
    state
        .throttles
        .messages
        .take(&format!("user:{}", me.id))
        .map_err(|wait| {
            AppError::throttled(wait, |when| {
                crate::said!("too-many-messages-please-try-again-in", when = when)
            })
        })?;
    let m = send(&state.batch, &me, id, body.receiver_id, content, now_ms()).await?;
    let event = Event::NewMessage { application_id: id };
    state.hub.send(m.receiver_id, &event);
    state.hub.send(m.sender_id, &event);
    let r = state.store().read()?;
    Ok((StatusCode::CREATED, Json(view(&r, &m)?)))
}

async fn list_received(
    State(state): State<AppState>,
    AnyUser(me): AnyUser,
    Path(id): Path<u64>,
) -> AppResult<Json<Vec<MessageView>>> {
    if me.id != id {
        return Err(AppError::Forbidden(crate::t!(
            "you-can-only-see-your-own-messages"
        )));
    }
    let r = state.store().read()?;
    Ok(Json(
        messages::received(&r, id)?
            .iter()
            .filter(|m| !m.hidden)
            .map(|m| view(&r, m))
            .collect::<AppResult<Vec<_>>>()?,
    ))
}
