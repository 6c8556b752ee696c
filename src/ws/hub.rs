//! Open sockets per user and the events pushed to them. Below the handler (mod.rs) and the
//! server state, it knows neither.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

pub const MAX_SOCKETS_PER_USER: usize = 10;

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
    /// A placement this user is a party of changed (someone else signed, approved, returned
    /// hours...): its page reloads it.
    PlacementChanged {
        placement_id: u64,
    },
    Error {
        message: String,
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

    pub(super) fn register(&self, user_id: u64, tx: Outbox) -> Option<u64> {
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

    pub(super) fn unregister(&self, user_id: u64, socket_id: u64) {
        let mut map = self.sockets.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(list) = map.get_mut(&user_id) {
            list.retain(|(id, _)| *id != socket_id);
            if list.is_empty() {
                map.remove(&user_id);
            }
        }
    }

    /// Closes every socket of the user (their sessions ended): dropping a socket's sender ends
    /// its loop, which closes the connection.
    pub fn close_user(&self, user_id: u64) {
        let mut map = self.sockets.lock().unwrap_or_else(|e| e.into_inner());
        map.remove(&user_id);
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
