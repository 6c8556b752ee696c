//! Messages between the student and the employer of one application.

use serde::{Deserialize, Serialize};

use super::{Entity, Reader, StoreResult, Wtx, tables};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Message {
    pub id: u64,
    pub application_id: u64,
    pub sender_id: u64,
    pub receiver_id: u64,
    pub content: String,
    pub created_at: i64,
    pub read_at: Option<i64>,
    // Schema 2.
    /// Hidden by the district after a report: gone from both sides' view, kept for the record.
    pub hidden: bool,
}

impl Entity for Message {
    const TABLE: tables::EntityTable = tables::MESSAGES;
    fn id(&self) -> u64 {
        self.id
    }
}

/// Marks message `id` as told about in an unread-messages digest; false when it already was.
pub fn mark_digested(w: &Wtx, id: u64, at: i64) -> StoreResult<bool> {
    if w.pair(tables::MESSAGES_DIGESTED, (id, 0))?.is_some() {
        return Ok(false);
    }
    w.pair_put(tables::MESSAGES_DIGESTED, (id, 0), at)?;
    Ok(true)
}

pub fn insert(w: &Wtx, mut m: Message) -> StoreResult<Message> {
    m.id = w.next_id::<Message>()?;
    w.put(&m)?;
    w.pair_put(
        tables::MESSAGES_BY_APPLICATION,
        (m.application_id, m.id),
        m.created_at,
    )?;
    w.pair_put(
        tables::MESSAGES_BY_RECEIVER,
        (m.receiver_id, m.id),
        m.created_at,
    )?;
    Ok(m)
}

/// A thread, oldest first.
pub fn thread(r: &impl Reader, application_id: u64) -> StoreResult<Vec<Message>> {
    let mut out = Vec::new();
    for (id, _) in r.members(tables::MESSAGES_BY_APPLICATION, application_id)? {
        if let Some(m) = r.get::<Message>(id)? {
            out.push(m);
        }
    }
    Ok(out)
}

/// Marks the reader's unread messages among `msgs` read; returns them after the change.
pub fn mark_read(
    w: &Wtx,
    mut msgs: Vec<Message>,
    reader_id: u64,
    now: i64,
) -> StoreResult<Vec<Message>> {
    for m in msgs.iter_mut() {
        if m.receiver_id == reader_id && m.read_at.is_none() {
            m.read_at = Some(now);
            w.put(m)?;
        }
    }
    Ok(msgs)
}

/// Messages a user received, newest first.
pub fn received(r: &impl Reader, user_id: u64) -> StoreResult<Vec<Message>> {
    let mut out = Vec::new();
    for (id, _) in r
        .members(tables::MESSAGES_BY_RECEIVER, user_id)?
        .into_iter()
        .rev()
    {
        if let Some(m) = r.get::<Message>(id)? {
            out.push(m);
        }
    }
    Ok(out)
}

/// A page of an application's message ids, newest first after the `before` cursor, and
/// whether more follow.
pub fn thread_page(
    r: &impl Reader,
    application: u64,
    before: Option<u64>,
    limit: usize,
) -> StoreResult<(Vec<(u64, i64)>, bool)> {
    r.members_page(
        tables::MESSAGES_BY_APPLICATION,
        application,
        before,
        limit,
        true,
    )
}

/// Every message id of an application's thread, oldest first.
pub fn thread_ids(r: &impl Reader, application: u64) -> StoreResult<Vec<u64>> {
    Ok(r.members(tables::MESSAGES_BY_APPLICATION, application)?
        .into_iter()
        .map(|(id, _)| id)
        .collect())
}
