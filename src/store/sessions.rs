//! Server-side sessions, keyed by the SHA-256 of the cookie's token (the token itself is never
//! stored, so a copy of the database does not let anyone sign in).

use serde::{Deserialize, Serialize};

use super::{Reader, StoreResult, Wtx, codec};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Subject {
    User(u64),
    Admin,
    /// A guest browsing with interests and no account: the profile lives and dies with the
    /// session, so a guest leaves no personal data behind.
    Guest(GuestProfile),
    /// A named staff member (`store::staff`), signed in with a password and a second factor.
    Staff(u64),
}

/// What a guest chose to be matched by (canonical interest ids, grade or empty).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GuestProfile {
    pub interests: Vec<String>,
    pub grade: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Session {
    pub subject: Subject,
    pub created_at: i64,
    pub expires_at: i64,
}

pub fn get(r: &impl Reader, hash: &[u8]) -> StoreResult<Option<Session>> {
    Ok(r.session_get(hash)?.and_then(|b| codec::decode(&b).ok()))
}

pub fn put(w: &Wtx, hash: &[u8], s: &Session) -> StoreResult<()> {
    w.session_put(hash, &codec::encode(s))
}

pub fn remove(w: &Wtx, hash: &[u8]) -> StoreResult<()> {
    w.session_remove(hash)
}

pub fn purge_expired(w: &Wtx, now: i64) -> StoreResult<u64> {
    w.sessions_purge(|bytes| {
        codec::decode::<Session>(bytes)
            .map(|s| s.expires_at <= now)
            .unwrap_or(true)
    })
}

/// Ends every session of one user (suspension, deletion); returns how many were live. Their
/// devices stop receiving pushes with them.
pub fn end_user_sessions(w: &Wtx, user_id: u64, now: i64) -> StoreResult<u64> {
    super::push::forget(w, super::push::Owner::User(user_id))?;
    end_sessions_of(w, &Subject::User(user_id), now)
}

/// Ends every session of `subject`, and the expired ones on the way; returns how many of
/// its sessions were live.
fn end_sessions_of(w: &Wtx, subject: &Subject, now: i64) -> StoreResult<u64> {
    let mut live = 0;
    w.sessions_purge(|bytes| match codec::decode::<Session>(bytes) {
        Ok(s) if &s.subject == subject => {
            if s.expires_at > now {
                live += 1;
            }
            true
        }
        Ok(s) => s.expires_at <= now,
        Err(_) => true,
    })?;
    Ok(live)
}

/// Ends every session of one staff member (turned off, two factors reset, role changed), and
/// the pushes to their devices with them.
pub fn end_staff_sessions(w: &Wtx, staff_id: u64, now: i64) -> StoreResult<u64> {
    super::push::forget(w, super::push::Owner::Staff(staff_id))?;
    end_sessions_of(w, &Subject::Staff(staff_id), now)
}

/// Ends every admin session (a new pin, or `internreel admin sessions revoke`), and the expired
/// ones on the way; returns how many admin sessions were live.
pub fn end_admin_sessions(w: &Wtx, now: i64) -> StoreResult<u64> {
    end_sessions_of(w, &Subject::Admin, now)
}
