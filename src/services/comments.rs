//! Comments on postings: posting one (the district's word list holds a comment that matches
//! it for review, with its system report, in the comment's transaction) and removing one (by
//! its author, the posting's employer or the admin).

use crate::domain::reports::TargetKind;
use crate::domain::review::{EmployerStatus, messaging_refusal};
use crate::error::{AppError, AppResult, OptionExt};
use crate::infra::Services;
use crate::services::comment_words::CommentWords;
use crate::store::Reader;
use crate::store::internships::Internship;
use crate::store::social::{self, Comment, CommentState};
use crate::store::users::{Role, User};

pub const COMMENT_MAX: usize = 1000;

/// A comment's text, checked and cleaned (`validate::posted_text`).
pub struct Content(String);

impl Content {
    pub fn parse(raw: &str) -> AppResult<Content> {
        crate::validate::posted_text(raw, "Comment", COMMENT_MAX).map(Content)
    }
}

/// A posting students and visitors see (comments, likes and saves are on these only).
pub fn live(r: &impl Reader, id: u64) -> AppResult<Internship> {
    r.get::<Internship>(id)?
        .filter(|i| i.is_public())
        .ok_or_not_found(super::postings::not_found())
}

/// `me` comments on posting `id`. Returns the comment and the posting's employer.
pub fn post(
    s: &Services,
    words: &CommentWords,
    me: &User,
    id: u64,
    content: Content,
    now: i64,
) -> AppResult<(Comment, u64)> {
    // An employer the district has not verified (or has suspended) may not speak to students.
    if me.role == Role::Employer
        && let Some(why) = messaging_refusal(me.review.status, true, false)
    {
        return Err(AppError::Forbidden(why.into()));
    }
    // The district's word list, and contact details or invitations elsewhere, which no
    // district list should have to name.
    let mut held = words.screen(&content.0);
    for found in crate::domain::contact::find(&content.0) {
        if !held.contains(&found) {
            held.push(found);
        }
    }
    s.store.write(|w| {
        let i = live(w, id)?;
        let c = social::add_comment(
            w,
            Comment {
                id: 0,
                internship_id: id,
                user_id: me.id,
                content: content.0,
                created_at: now,
                state: if held.is_empty() {
                    CommentState::Visible
                } else {
                    CommentState::Held(held.clone())
                },
            },
        )?;
        if !held.is_empty() {
            super::staff_alerts::hold(w, TargetKind::Comment, c.id, &held, now)?;
        }
        Ok((c, i.employer_id))
    })
}

/// Who asks to remove a comment.
pub enum Remover<'a> {
    Admin,
    User(&'a User),
}

/// Removes comment `comment_id` of posting `id`: its author, the posting's employer and the
/// admin may.
pub fn remove(s: &Services, by: Remover, id: u64, comment_id: u64) -> AppResult<()> {
    s.store.write(|w| {
        let i = w
            .get::<Internship>(id)?
            .ok_or_not_found(super::postings::not_found())?;
        let c = w
            .get::<Comment>(comment_id)?
            .filter(|c| c.internship_id == id)
            .ok_or_not_found(crate::t!("comment-not-found"))?;
        let allowed = match by {
            Remover::Admin => true,
            Remover::User(u) => u.id == c.user_id || u.id == i.employer_id,
        };
        if !allowed {
            return Err(AppError::Forbidden(crate::t!(
                "you-cannot-remove-this-comment"
            )));
        }
        social::delete_comment(w, &c)?;
        Ok(())
    })
}

/// Whether a comment's author still speaks in public: a suspended employer's comments are
/// kept for the record but shown to nobody until the district verifies it again.
pub fn author_in_good_standing(author: Option<&User>) -> bool {
    author.is_none_or(|a| a.role != Role::Employer || a.review.status == EmployerStatus::Verified)
}
