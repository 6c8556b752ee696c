//! Likes, bookmarks and comments on postings.

use serde::{Deserialize, Serialize};

use super::internships::{self, Stats};
use super::{Entity, Reader, StoreResult, Wtx, tables};

/// Which per-user toggle: likes and bookmarks behave the same way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    Like,
    Bookmark,
}

impl Mark {
    fn tables(self) -> (tables::PairTable, tables::PairTable) {
        match self {
            Mark::Like => (tables::LIKES, tables::LIKES_BY_USER),
            Mark::Bookmark => (tables::BOOKMARKS, tables::BOOKMARKS_BY_USER),
        }
    }

    fn counter(self, s: &mut Stats) -> &mut u64 {
        match self {
            Mark::Like => &mut s.likes,
            Mark::Bookmark => &mut s.bookmarks,
        }
    }
}

/// Flips the mark; returns (now set, new count).
pub fn toggle(
    w: &Wtx,
    mark: Mark,
    internship_id: u64,
    user_id: u64,
    now: i64,
) -> StoreResult<(bool, u64)> {
    let (by_item, by_user) = mark.tables();
    let was_set = w.pair_remove(by_item, (internship_id, user_id))?;
    if was_set {
        w.pair_remove(by_user, (user_id, internship_id))?;
    } else {
        w.pair_put(by_item, (internship_id, user_id), now)?;
        w.pair_put(by_user, (user_id, internship_id), now)?;
    }
    let stats = internships::bump(w, internship_id, |s| {
        let c = mark.counter(s);
        *c = if was_set { c.saturating_sub(1) } else { *c + 1 };
    })?;
    let mut s = stats;
    Ok((!was_set, *mark.counter(&mut s)))
}

pub fn is_set(r: &impl Reader, mark: Mark, internship_id: u64, user_id: u64) -> StoreResult<bool> {
    Ok(r.pair(mark.tables().0, (internship_id, user_id))?.is_some())
}

/// The internships a user marked, newest mark first: (internship id, marked at).
pub fn by_user(r: &impl Reader, mark: Mark, user_id: u64) -> StoreResult<Vec<(u64, i64)>> {
    let mut v = r.members(mark.tables().1, user_id)?;
    v.sort_by_key(|m| std::cmp::Reverse(m.1));
    Ok(v)
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Comment {
    pub id: u64,
    pub internship_id: u64,
    pub user_id: u64,
    pub content: String,
    pub created_at: i64,
    // Schema 2.
    pub state: CommentState,
}

/// Variants are only appended (postcard).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub enum CommentState {
    #[default]
    Visible,
    /// Matched the word list: only its author sees it, until the district releases it.
    Held(Vec<String>),
    /// Removed by the district after a report (kept for the record).
    Hidden,
}

impl Entity for Comment {
    const TABLE: tables::EntityTable = tables::COMMENTS;
    fn id(&self) -> u64 {
        self.id
    }
}

/// Adds a comment; the posting's counter counts visible comments only.
pub fn add_comment(w: &Wtx, mut c: Comment) -> StoreResult<Comment> {
    c.id = w.next_id::<Comment>()?;
    w.put(&c)?;
    w.pair_put(
        tables::COMMENTS_BY_INTERNSHIP,
        (c.internship_id, c.id),
        c.created_at,
    )?;
    if c.state == CommentState::Visible {
        internships::bump(w, c.internship_id, |s| s.comments += 1)?;
    }
    Ok(c)
}

pub fn delete_comment(w: &Wtx, c: &Comment) -> StoreResult<()> {
    w.delete::<Comment>(c.id)?;
    w.pair_remove(tables::COMMENTS_BY_INTERNSHIP, (c.internship_id, c.id))?;
    if c.state == CommentState::Visible {
        internships::bump(w, c.internship_id, |s| {
            s.comments = s.comments.saturating_sub(1)
        })?;
    }
    Ok(())
}

/// Moves a comment to `state` (release, hide), keeping the counter to visible comments.
pub fn set_comment_state(w: &Wtx, c: &mut Comment, state: CommentState) -> StoreResult<()> {
    let was = c.state == CommentState::Visible;
    let is = state == CommentState::Visible;
    c.state = state;
    w.put(c)?;
    if was != is {
        internships::bump(w, c.internship_id, |s| {
            s.comments = if is {
                s.comments + 1
            } else {
                s.comments.saturating_sub(1)
            }
        })?;
    }
    Ok(())
}

/// Comments on a posting, oldest first.
pub fn comments_for(r: &impl Reader, internship_id: u64) -> StoreResult<Vec<Comment>> {
    let mut out = Vec::new();
    for (id, _) in r.members(tables::COMMENTS_BY_INTERNSHIP, internship_id)? {
        if let Some(c) = r.get::<Comment>(id)? {
            out.push(c);
        }
    }
    Ok(out)
}

/// A student blocks an employer from messaging them.
pub fn block(w: &Wtx, student: u64, employer: u64, now: i64) -> StoreResult<()> {
    w.pair_put(tables::BLOCKS, (student, employer), now)
}

/// True when the block was there.
pub fn unblock(w: &Wtx, student: u64, employer: u64) -> StoreResult<bool> {
    w.pair_remove(tables::BLOCKS, (student, employer))
}

pub fn is_blocked(r: &impl Reader, student: u64, employer: u64) -> StoreResult<bool> {
    Ok(r.pair(tables::BLOCKS, (student, employer))?.is_some())
}

/// The employers a student blocked: (employer id, blocked at).
pub fn blocks_of(r: &impl Reader, student: u64) -> StoreResult<Vec<(u64, i64)>> {
    r.members(tables::BLOCKS, student)
}

/// Every comment a user wrote, oldest first (a scan: for exports and deletion only).
pub fn comments_by(r: &impl Reader, user_id: u64) -> StoreResult<Vec<Comment>> {
    let mut v = Vec::new();
    r.each_rev(|c: Comment| {
        if c.user_id == user_id {
            v.push(c);
        }
        true
    })?;
    v.reverse();
    Ok(v)
}

/// A page of a posting's comment ids, oldest first after the `after` cursor, and whether more
/// follow.
pub fn comments_page(
    r: &impl Reader,
    internship: u64,
    after: Option<u64>,
    limit: usize,
) -> StoreResult<(Vec<(u64, i64)>, bool)> {
    r.members_page(
        tables::COMMENTS_BY_INTERNSHIP,
        internship,
        after,
        limit,
        false,
    )
}
