//! Web Push: each person's subscribed devices, their switches per category, and the durable
//! queue the sender (`src/push/`) works from. An event is a row here in the transaction of
//! what happened; the sender turns a person's waiting events into one delivery per device in
//! one transaction, and a delivery stays until its push service accepted it, so a restart or
//! a `kill -9` loses none.
//!
//! Whose they are is an `Owner`: a user (student, employer) or a named staff member. The
//! tables hold its `key()`: a user's id as it always was (the rows written before staff had
//! pushes read the same), a staff member's id with the top bit set.

use serde::{Deserialize, Serialize};

use super::{Entity, Reader, StoreResult, Wtx, tables};
use crate::domain::quiet_hours::Window;

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

/// Whose devices, switches and pushes these are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Owner {
    User(u64),
    Staff(u64),
}

const STAFF_BIT: u64 = 1 << 63;

impl Owner {
    /// The owner's key in the push tables.
    pub fn key(self) -> u64 {
        match self {
            Owner::User(id) => id & !STAFF_BIT,
            Owner::Staff(id) => id | STAFF_BIT,
        }
    }

    pub fn of_key(key: u64) -> Owner {
        if key & STAFF_BIT == 0 {
            Owner::User(key)
        } else {
            Owner::Staff(key & !STAFF_BIT)
        }
    }
}

/// One device's subscription (`PushManager.subscribe` in that browser).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Subscription {
    pub id: u64,
    /// `Owner::key()`.
    pub owner: u64,
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
    /// `Owner::key()`.
    pub owner: u64,
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
    MessageFrom {
        sender: String,
    },
    Notice {
        text: String,
    },
    /// For district staff: what waits for their review (said in their language when sent).
    Waiting(Waiting),
}

/// What waits for a staff member. Variants are only appended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Waiting {
    /// A person's report.
    Report,
    /// A posting the hazardous-duties screen held.
    HeldPosting { title: String },
    /// A comment or message the word list held.
    HeldWords,
    /// An employer account waiting for the district's verification.
    Employer { company: String },
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
    /// `Owner::key()`.
    pub owner: u64,
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
pub fn subscriptions_of(r: &impl Reader, owner: Owner) -> StoreResult<Vec<Subscription>> {
    let mut out = Vec::new();
    for (id, _) in r.members(tables::PUSH_SUBSCRIPTIONS_BY_USER, owner.key())? {
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
        (s.owner, s.id),
        s.created_at,
    )?;
    Ok(s)
}

/// Removes a subscription and the pushes waiting for its device.
pub fn remove(w: &Wtx, s: &Subscription) -> StoreResult<()> {
    w.pair_remove(tables::PUSH_SUBSCRIPTIONS_BY_USER, (s.owner, s.id))?;
    w.delete::<Subscription>(s.id)?;
    let waiting = w.scan_rev::<Delivery>(|d| d.subscription_id == s.id)?;
    for d in waiting {
        w.delete::<Delivery>(d.id)?;
    }
    Ok(())
}

/// Ends every push of a person (with their sessions: suspended, turned off, deleted, a
/// password reset): their devices, and what waits for them.
pub fn forget(w: &Wtx, owner: Owner) -> StoreResult<usize> {
    let subs = subscriptions_of(w, owner)?;
    for s in &subs {
        remove(w, s)?;
    }
    for e in w.scan_rev::<Event>(|e| e.owner == owner.key())? {
        w.delete::<Event>(e.id)?;
    }
    w.pair_remove(tables::PUSH_LAST_SENT, (owner.key(), 0))?;
    Ok(subs.len())
}

/// Whether a person turned a category off.
pub fn is_off(r: &impl Reader, owner: Owner, c: Category) -> StoreResult<bool> {
    Ok(r.pair(tables::PUSH_OFF, (owner.key(), c.index()))?
        .is_some())
}

pub fn set_off(w: &Wtx, owner: Owner, c: Category, off: bool) -> StoreResult<()> {
    if off {
        w.pair_put(tables::PUSH_OFF, (owner.key(), c.index()), 0)
    } else {
        w.pair_remove(tables::PUSH_OFF, (owner.key(), c.index()))
            .map(|_| ())
    }
}

/// An employer's or staff member's own quiet hours (students have the district's).
pub fn quiet_hours(r: &impl Reader, owner: Owner) -> StoreResult<Option<Window>> {
    Ok(r.pair(tables::PUSH_QUIET, (owner.key(), 0))?
        .map(|v| Window {
            start: (v / 1440) as u16,
            end: (v % 1440) as u16,
        }))
}

pub fn set_quiet_hours(w: &Wtx, owner: Owner, window: Option<Window>) -> StoreResult<()> {
    match window {
        Some(q) => w.pair_put(
            tables::PUSH_QUIET,
            (owner.key(), 0),
            i64::from(q.start) * 1440 + i64::from(q.end),
        ),
        None => w
            .pair_remove(tables::PUSH_QUIET, (owner.key(), 0))
            .map(|_| ()),
    }
}

/// Queues a push for `owner` when one of their devices receives pushes and the category is
/// on (in the caller's transaction).
pub fn enqueue(
    w: &Wtx,
    owner: Owner,
    category: Category,
    what: What,
    link: &str,
    now: i64,
) -> StoreResult<Option<Event>> {
    if w.members(tables::PUSH_SUBSCRIPTIONS_BY_USER, owner.key())?
        .is_empty()
        || is_off(w, owner, category)?
    {
        return Ok(None);
    }
    let e = Event {
        id: w.next_id::<Event>()?,
        owner: owner.key(),
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
pub fn last_sent(r: &impl Reader, owner: Owner) -> StoreResult<Option<i64>> {
    r.pair(tables::PUSH_LAST_SENT, (owner.key(), 0))
}

pub fn set_last_sent(w: &Wtx, owner: Owner, at: i64) -> StoreResult<()> {
    w.pair_put(tables::PUSH_LAST_SENT, (owner.key(), 0), at)
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

#[cfg(test)]
mod tests {
    use super::Owner;

    #[test]
    fn a_user_and_a_staff_member_with_the_same_id_are_different_owners() {
        assert_eq!(Owner::User(7).key(), 7);
        assert_ne!(Owner::Staff(7).key(), Owner::User(7).key());
        for o in [Owner::User(7), Owner::Staff(7), Owner::Staff(1)] {
            assert_eq!(Owner::of_key(o.key()), o);
        }
    }
}
