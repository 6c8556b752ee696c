//! `/ws`: live pushes to signed-in users. The server itself sends `new_message` when a message
//! is stored; clients only listen (and may announce, which is never relayed).

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::extract::State;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::http::{HeaderMap, header};
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use crate::auth::AnyUser;
use crate::error::{AppError, AppResult};
use crate::state::AppState;

/// At most this many open sockets per user (tabs, devices).
pub const MAX_SOCKETS_PER_USER: usize = 10;
const PING_EVERY: Duration = Duration::from_secs(25);
/// A socket that has not answered for this long is dropped.
const IDLE_LIMIT: Duration = Duration::from_secs(70);
const MAX_FRAME: usize = 16 * 1024;

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(
    tag = "type",
    rename_all = "snake_case",
    rename_all_fields = "camelCase"
)]
pub enum Event {
    NewMessage {
        application_id: u64,
    },
    /// A notification for this user (src/http/notifications.rs), as the list shows it.
    Notification {
        notification: serde_json::Value,
    },
    Joined {
        user_id: u64,
    },
    Error {
        message: String,
    },
}

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

type Outbox = mpsc::Sender<String>;

/// Open sockets per user.
#[derive(Default)]
pub struct Hub {
    next_id: AtomicU64,
    sockets: Mutex<HashMap<u64, Vec<(u64, Outbox)>>>,
}

impl Hub {
    /// Open sockets, for the metrics.
    pub fn sockets(&self) -> usize {
        let map = self.sockets.lock().unwrap_or_else(|e| e.into_inner());
        map.values()
            .map(|l| l.iter().filter(|(_, tx)| !tx.is_closed()).count())
            .sum()
    }

    fn register(&self, user_id: u64, tx: Outbox) -> Option<u64> {
        let mut map = self.sockets.lock().unwrap_or_else(|e| e.into_inner());
        let list = map.entry(user_id).or_default();
        list.retain(|(_, tx)| !tx.is_closed());
        if list.len() >= MAX_SOCKETS_PER_USER {
            return None;
        }
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        list.push((id, tx));
        Some(id)
    }

    fn unregister(&self, user_id: u64, socket_id: u64) {
        let mut map = self.sockets.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(list) = map.get_mut(&user_id) {
            list.retain(|(id, _)| *id != socket_id);
            if list.is_empty() {
                map.remove(&user_id);
            }
        }
    }

    pub fn open_sockets(&self, user_id: u64) -> usize {
        let map = self.sockets.lock().unwrap_or_else(|e| e.into_inner());
        map.get(&user_id).map_or(0, Vec::len)
    }

    /// Queues an event for every socket of the user; a full queue drops the event for that
    /// socket (the client also polls, so nothing is lost for good).
    pub fn send(&self, user_id: u64, event: &Event) {
        let Ok(text) = serde_json::to_string(event) else {
            return;
        };
        let map = self.sockets.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(list) = map.get(&user_id) {
            for (_, tx) in list {
                let _ = tx.try_send(text.clone());
            }
        }
    }
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
        return Err(AppError::Forbidden(
            "Cross-site WebSocket connections are not allowed".into(),
        ));
    }
    if state.hub.open_sockets(me.id) >= MAX_SOCKETS_PER_USER {
        return Err(AppError::TooManyRequests(
            "Too many open connections".into(),
        ));
    }
    let user_id = me.id;
    Ok(ws
        // tungstenite reserves 128 KiB for each by default; our frames are small and a
        // thousand idle sockets should not hold a quarter of a gigabyte.
        .read_buffer_size(4096)
        .write_buffer_size(4096)
        .max_frame_size(MAX_FRAME)
        .max_message_size(MAX_FRAME)
        .on_upgrade(move |socket| run(state, user_id, socket)))
}

async fn run(state: AppState, user_id: u64, socket: WebSocket) {
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
                let Some(text) = out else { break };
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
            message: "You can only join as yourself".into(),
        }),
        // The server already pushed this when the message was stored; never relayed.
        Ok(ClientFrame::NewMessage { .. }) => Ok(None),
        Err(_) => Ok(Some(Event::Error {
            message: "Unknown frame".into(),
        })),
    }
}
