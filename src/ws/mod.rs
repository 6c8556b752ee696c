//! `/ws`: live pushes to signed-in users. The server itself sends `new_message` when a message
//! is stored; clients only listen (and may announce, which is never relayed).

use std::time::Duration;

use axum::extract::State;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::http::{HeaderMap, header};
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use tokio::sync::mpsc;

use crate::auth::AnyUser;
use crate::error::{AppError, AppResult};
use crate::state::AppState;

pub mod hub;
pub use hub::{Event, Hub, MAX_SOCKETS_PER_USER};

/// At most this many open sockets per user (tabs, devices).
const PING_EVERY: Duration = Duration::from_secs(25);
/// A socket that has not answered for this long is dropped.
const IDLE_LIMIT: Duration = Duration::from_secs(70);
const MAX_FRAME: usize = 16 * 1024;

#[derive(Deserialize)]
#[serde(
    tag = "type",
    rename_all = "snake_case",
    rename_all_fields = "camelCase"
)]
enum ClientFrame {
    Join {
        user_id: u64,
    },
    NewMessage {
        #[allow(dead_code)]
        application_id: u64,
    },
}

/// A WebSocket handshake must come from our own pages: the Origin's host is the Host.
fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        // Non-browser clients send no Origin; they still need the session cookie.
        return true;
    };
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    origin
        .split_once("://")
        .map(|(_, rest)| rest.trim_end_matches('/'))
        == Some(host)
}

pub async fn upgrade(
    State(state): State<AppState>,
    AnyUser(me): AnyUser,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> AppResult<Response> {
    if !same_origin(&headers) {
        return Err(AppError::Forbidden(crate::t!(
            "cross-site-websocket-connections-are-not-allowed"
        )));
    }
    if state.hub.open_sockets(me.id) >= MAX_SOCKETS_PER_USER {
        return Err(AppError::TooManyRequests(crate::t!(
            "too-many-open-connections"
        )));
    }
    let user_id = me.id;
    let Some(session) = crate::auth::session_key(&headers) else {
        return Err(AppError::unauthorized());
    };
    Ok(ws
        // tungstenite reserves 128 KiB for each by default; our frames are small and a
        // thousand idle sockets should not hold a quarter of a gigabyte.
        .read_buffer_size(4096)
        .write_buffer_size(4096)
        .max_frame_size(MAX_FRAME)
        .max_message_size(MAX_FRAME)
        .on_upgrade(move |socket| run(state, user_id, session, socket)))
}

async fn run(state: AppState, user_id: u64, session: [u8; 32], socket: WebSocket) {
    let (tx, mut rx) = mpsc::channel::<String>(64);
    let Some(socket_id) = state.hub.register(user_id, tx) else {
        return;
    };
    let (mut sink, mut stream) = socket.split();
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + PING_EVERY, PING_EVERY);
    let mut last_seen = tokio::time::Instant::now();
    loop {
        tokio::select! {
            out = rx.recv() => {
                let Some(text) = out else {
                    // The hub closed this user's sockets: their sessions ended.
                    let _ = sink.send(Message::Close(None)).await;
                    break;
                };
                if sink.send(Message::Text(text.into())).await.is_err() { break; }
            }
            frame = stream.next() => {
                let Some(Ok(frame)) = frame else { break };
                last_seen = tokio::time::Instant::now();
                match frame {
                    Message::Text(text) => {
                        match handle_frame(user_id, text.as_str()) {
                            Ok(Some(reply)) => {
                                let Ok(t) = serde_json::to_string(&reply) else { break };
                                if sink.send(Message::Text(t.into())).await.is_err() { break; }
                            }
                            Ok(None) => {}
                            Err(reply) => {
                                if let Ok(t) = serde_json::to_string(&reply) {
                                    let _ = sink.send(Message::Text(t.into())).await;
                                }
                                let _ = sink.send(Message::Close(None)).await;
                                break;
                            }
                        }
                    }
                    Message::Close(_) => break,
                    _ => {}
                }
            }
            _ = ping.tick() => {
                if last_seen.elapsed() > IDLE_LIMIT { break; }
                // The backstop to the hub's close on sign-out everywhere: a socket whose
                // session has ended (expired, signed out, account gone) closes.
                if !crate::auth::still_signed_in(&state, &session, user_id) {
                    let _ = sink.send(Message::Close(None)).await;
                    break;
                }
                if sink.send(Message::Ping(Vec::new().into())).await.is_err() { break; }
            }
        }
    }
    state.hub.unregister(user_id, socket_id);
}

/// Answers one client frame: a reply, nothing, or an error that closes the socket.
fn handle_frame(user_id: u64, text: &str) -> Result<Option<Event>, Event> {
    match serde_json::from_str::<ClientFrame>(text) {
        Ok(ClientFrame::Join { user_id: claimed }) if claimed == user_id => {
            Ok(Some(Event::Joined { user_id }))
        }
        Ok(ClientFrame::Join { .. }) => Err(Event::Error {
            message: crate::t!("you-can-only-join-as-yourself"),
        }),
        // The server already pushed this when the message was stored; never relayed.
        Ok(ClientFrame::NewMessage { .. }) => Ok(None),
        Err(_) => Ok(Some(Event::Error {
            message: "Unknown frame".into(),
        })),
    }
}
