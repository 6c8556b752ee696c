//! In-app notifications, newest first per user.

use serde::{Deserialize, Serialize};

use super::{Entity, Reader, StoreResult, Wtx, tables};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Notification {
    pub id: u64,
    pub user_id: u64,
    /// `application_status`, `new_application`, `unread_messages`, `ai_video_ready`,
    /// `video_failed`, `employer_verified`, `employer_suspended`, `sign_in_failures`.
    pub kind: String,
    pub text: String,
    /// Where in the app it leads (a path).
    pub link: String,
    pub created_at: i64,
    pub read_at: Option<i64>,
}

impl Entity for Notification {
    const TABLE: tables::EntityTable = tables::NOTIFICATIONS;
    fn id(&self) -> u64 {
        self.id
    }
}

pub fn insert(w: &Wtx, mut n: Notification) -> StoreResult<Notification> {
    n.id = w.next_id::<Notification>()?;
    w.put(&n)?;
    w.pair_put(
        tables::NOTIFICATIONS_BY_USER,
        (n.user_id, n.id),
        n.created_at,
    )?;
    Ok(n)
}

/// Removes a notification (the demo's seeding replaces its set-up notices with current ones).
pub fn remove(w: &Wtx, n: &Notification) -> StoreResult<()> {
    w.pair_remove(tables::NOTIFICATIONS_BY_USER, (n.user_id, n.id))?;
    w.delete::<Notification>(n.id)
}

pub fn email_off(r: &impl Reader, user: u64) -> StoreResult<bool> {
    Ok(r.pair(tables::EMAIL_OFF, (user, 0))?.is_some())
}

pub fn set_email_off(w: &Wtx, user: u64, off: bool) -> StoreResult<()> {
    if off {
        w.pair_put(tables::EMAIL_OFF, (user, 0), 0)
    } else {
        w.pair_remove(tables::EMAIL_OFF, (user, 0)).map(|_| ())
    }
}

/// Unread notifications of a user.
pub fn unread_count(r: &impl Reader, user: u64) -> StoreResult<usize> {
    let mut n = 0;
    for (id, _) in r.members(tables::NOTIFICATIONS_BY_USER, user)? {
        if r.get::<Notification>(id)?
            .is_some_and(|x| x.read_at.is_none())
        {
            n += 1;
        }
    }
    Ok(n)
}

/// A page of a user's notification ids, newest first after the `before` cursor, and whether
/// more follow.
pub fn page_of(
    r: &impl Reader,
    user: u64,
    before: Option<u64>,
    limit: usize,
) -> StoreResult<(Vec<(u64, i64)>, bool)> {
    r.members_page(tables::NOTIFICATIONS_BY_USER, user, before, limit, true)
}

/// Every notification id of a user, oldest first.
pub fn ids_of(r: &impl Reader, user: u64) -> StoreResult<Vec<u64>> {
    Ok(r.members(tables::NOTIFICATIONS_BY_USER, user)?
        .into_iter()
        .map(|(id, _)| id)
        .collect())
}
