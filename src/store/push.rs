//! Web Push: each person's subscribed devices, their switches per category, and the durable
//! queue the sender (`src/push/`) works from. An event is a row here in the transaction of
//! what happened; the sender turns a person's waiting events into one delivery per device in
//! one transaction, and a delivery stays until its push service accepted it, so a restart or
//! a `kill -9` loses none.

use serde::{Deserialize, Serialize};

use super::{Entity, Reader, StoreResult, Wtx, tables};

/// What a push is about: each person turns each on or off. Variants are only appended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Category {
    Messages,
    Applications,
    Placements,
    /// The account and the district's review: verified, suspended, reports, held postings.
    Account,
}

impl Category {
    pub const ALL: [Category; 4] = [
        Category::Messages,
        Category::Applications,
        Category::Placements,
        Category::Account,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Category::Messages => "messages",
            Category::Applications => "applications",
            Category::Placements => "placements",
            Category::Account => "account",
        }
    }

    pub fn parse(s: &str) -> Option<Category> {
        Category::ALL.into_iter().find(|c| c.as_str() == s)
    }

    fn index(self) -> u64 {
        self as u64
    }

    /// The category of an in-app notification's kind; None for those that never push (the
    /// unread-messages digest: each message pushed already; notices about one's own writing).
    pub fn of_kind(kind: &str) -> Option<Category> {
        match kind {
            "unread_messages" | "contact_details" => None,
            "application_status" | "new_application" => Some(Category::Applications),
            "placement" => Some(Category::Placements),
            k if k.starts_with("placement") || k.starts_with("hours") => Some(Category::Placements),
            _ => Some(Category::Account),
        }
    }
}

/// One device's subscription (`PushManager.subscribe` in that browser).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Subscription {
    pub id: u64,
    pub user_id: u64,
    /// The push service's URL for this device (https, or http on loopback).
    pub endpoint: String,
    /// The browser's P-256 public key (65 bytes, uncompressed) and its 16-byte auth secret.
    pub p256dh: Vec<u8>,
    pub auth: Vec<u8>,
    /// What the person calls the device ("Chrome on Android"), as the browser said.
    pub device: String,
    pub created_at: i64,
}

impl Entity for Subscription {
    const TABLE: tables::EntityTable = tables::PUSH_SUBSCRIPTIONS;
    fn id(&self) -> u64 {
        self.id
    }
}

/// What happened, for one person, waiting for the sender (coalesced with the others waiting).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Event {
    pub id: u64,
    pub user_id: u64,
    pub category: Category,
    /// For a message: who sent it (a name, never the message's words). Otherwise the
    /// notification's text, kept in English and translated for the reader when sent.
    pub what: What,
    /// Where in the app it leads (a path).
    pub link: String,
    pub created_at: i64,
}

/// Variants are only appended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum What {
    MessageFrom { sender: String },
    Notice { text: String },
}

impl Entity for Event {
    const TABLE: tables::EntityTable = tables::PUSH_EVENTS;
    fn id(&self) -> u64 {
        self.id
    }
}

/// One push for one device, written in its reader's language, until its service takes it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Delivery {
    pub id: u64,
    pub subscription_id: u64,
    pub user_id: u64,
    /// The JSON the service worker reads: title, body, url, tag, count.
    pub payload: String,
    pub attempts: u32,
    pub next_attempt_at: i64,
    pub created_at: i64,
    pub last_error: Option<String>,
}

impl Entity for Delivery {
    const TABLE: tables::EntityTable = tables::PUSH_DELIVERIES;
    fn id(&self) -> u64 {
        self.id
    }
}

/// A person's devices, oldest first.
pub fn subscriptions_of(r: &impl Reader, user: u64) -> StoreResult<Vec<Subscription>> {
    let mut out = Vec::new();
    for (id, _) in r.members(tables::PUSH_SUBSCRIPTIONS_BY_USER, user)? {
        if let Some(s) = r.get::<Subscription>(id)? {
            out.push(s);
        }
    }
    Ok(out)
}

/// The subscription of this endpoint, whoever holds it.
pub fn by_endpoint(r: &impl Reader, endpoint: &str) -> StoreResult<Option<Subscription>> {
    let mut found = None;
    r.each_rev(|s: Subscription| {
        if s.endpoint == endpoint {
            found = Some(s);
            false
        } else {
            true
        }
    })?;
    Ok(found)
}

pub fn insert(w: &Wtx, mut s: Subscription) -> StoreResult<Subscription> {
    s.id = w.next_id::<Subscription>()?;
    w.put(&s)?;
    w.pair_put(
        tables::PUSH_SUBSCRIPTIONS_BY_USER,
        (s.user_id, s.id),
        s.created_at,
    )?;
    Ok(s)
}

/// Removes a subscription and the pushes waiting for its device.
pub fn remove(w: &Wtx, s: &Subscription) -> StoreResult<()> {
    w.pair_remove(tables::PUSH_SUBSCRIPTIONS_BY_USER, (s.user_id, s.id))?;
    w.delete::<Subscription>(s.id)?;
    let waiting = w.scan_rev::<Delivery>(|d| d.subscription_id == s.id)?;
    for d in waiting {
        w.delete::<Delivery>(d.id)?;
    }
    Ok(())
}

/// Ends every push of a person (with their sessions: suspended, turned off, deleted, a
/// password reset): their devices, and what waits for them.
pub fn forget_user(w: &Wtx, user: u64) -> StoreResult<usize> {
    let subs = subscriptions_of(w, user)?;
    for s in &subs {
        remove(w, s)?;
    }
    for e in w.scan_rev::<Event>(|e| e.user_id == user)? {
        w.delete::<Event>(e.id)?;
    }
    w.pair_remove(tables::PUSH_LAST_SENT, (user, 0))?;
    Ok(subs.len())
}

/// Whether a person turned a category off.
pub fn is_off(r: &impl Reader, user: u64, c: Category) -> StoreResult<bool> {
    Ok(r.pair(tables::PUSH_OFF, (user, c.index()))?.is_some())
}

pub fn set_off(w: &Wtx, user: u64, c: Category, off: bool) -> StoreResult<()> {
    if off {
        w.pair_put(tables::PUSH_OFF, (user, c.index()), 0)
    } else {
        w.pair_remove(tables::PUSH_OFF, (user, c.index()))
            .map(|_| ())
    }
}

/// Queues a push for `user` when one of their devices receives pushes and the category is
/// on (in the caller's transaction).
pub fn enqueue(
    w: &Wtx,
    user: u64,
    category: Category,
    what: What,
    link: &str,
    now: i64,
) -> StoreResult<Option<Event>> {
    if w.members(tables::PUSH_SUBSCRIPTIONS_BY_USER, user)?
        .is_empty()
        || is_off(w, user, category)?
    {
        return Ok(None);
    }
    let e = Event {
        id: w.next_id::<Event>()?,
        user_id: user,
        category,
        what,
        link: link.to_string(),
        created_at: now,
    };
    w.put(&e)?;
    Ok(Some(e))
}

/// Every waiting event, oldest first.
pub fn waiting(r: &impl Reader) -> StoreResult<Vec<Event>> {
    let mut out = r.scan_rev::<Event>(|_| true)?;
    out.reverse();
    Ok(out)
}

/// When a person was last pushed to.
pub fn last_sent(r: &impl Reader, user: u64) -> StoreResult<Option<i64>> {
    r.pair(tables::PUSH_LAST_SENT, (user, 0))
}

pub fn set_last_sent(w: &Wtx, user: u64, at: i64) -> StoreResult<()> {
    w.pair_put(tables::PUSH_LAST_SENT, (user, 0), at)
}

/// Deliveries due at `now` (oldest first, at most `limit`), and when the next one not among
/// them is due.
pub fn due(r: &impl Reader, now: i64, limit: usize) -> StoreResult<(Vec<Delivery>, Option<i64>)> {
    let mut due = Vec::new();
    let mut later: Option<i64> = None;
    r.each_rev(|d: Delivery| {
        if d.next_attempt_at <= now {
            due.push(d);
        } else {
            later = Some(later.map_or(d.next_attempt_at, |l| l.min(d.next_attempt_at)));
        }
        true
    })?;
    due.reverse();
    if due.len() > limit {
        due.truncate(limit);
        later = Some(now);
    }
    Ok((due, later))
}

/// How many pushes wait, events and deliveries (for `doctor` and the tests).
pub fn queued(r: &impl Reader) -> StoreResult<(u64, u64)> {
    Ok((r.count::<Event>()?, r.count::<Delivery>()?))
}
