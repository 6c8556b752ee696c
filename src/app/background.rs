//! The server's own background loops, started and stopped by `App::run_until_stopped`: the
//! closing of ended sessions' sockets and the unread-messages digest.

use std::time::Duration;

use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::http;
use crate::state::AppState;

/// Sockets die with their sessions: a password change or reset, a suspension or a deletion
/// (from HTTP or the CLI) closes the user's open sockets at once. Runs until `stopping` is
/// true.
pub(super) fn close_sockets_of_ended_sessions(
    state: AppState,
    mut stopping: watch::Receiver<bool>,
) -> JoinHandle<()> {
    let mut ended = state.services.sessions_ended.subscribe();
    tokio::spawn(async move {
        use tokio::sync::broadcast::error::RecvError;
        loop {
            tokio::select! {
                got = ended.recv() => match got {
                    Ok(user_id) => state.hub.close_user(user_id),
                    // Missed some: the sockets' own periodic session check closes them.
                    Err(RecvError::Lagged(_)) => {}
                    Err(RecvError::Closed) => return,
                },
                _ = stopping.wait_for(|s| *s) => return,
            }
        }
    })
}

/// The unread-messages digest: once a minute, messages unread for 15 minutes; and hourly the
/// placements' reminders. Runs until `stopped` changes.
pub(super) fn digest(state: AppState, mut stopped: watch::Receiver<bool>) -> JoinHandle<()> {
    tokio::spawn(async move {
        let every = Duration::from_secs(60);
        let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
        let mut minutes = 0u32;
        loop {
            // Stopped between runs, never during one: a run holds the store and index.
            tokio::select! {
                _ = tick.tick() => {}
                _ = stopped.changed() => return,
            }
            let s = state.clone();
            let made = tokio::task::spawn_blocking(move || {
                crate::services::notify::digest_unread(&s.services, crate::clock::now_ms())
            })
            .await;
            match made {
                Ok(Ok(list)) => {
                    if !list.is_empty() {
                        state.mailer.wake();
                    }
                    http::notifications::push(&state, &list);
                }
                Ok(Err(e)) => tracing::warn!(error = %e, "the unread-messages digest failed"),
                Err(_) => {}
            }
            // Placements' reminders (evaluations due, hours waiting): hourly, one write.
            minutes += 1;
            if minutes % 60 == 1 {
                let s = state.clone();
                let sent = tokio::task::spawn_blocking(move || {
                    crate::services::placements::reminders::remind(&s.services)
                })
                .await;
                if matches!(sent, Ok(true)) {
                    state.mailer.wake();
                }
            }
        }
    })
}
