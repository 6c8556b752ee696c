//! Messages between a student and the employer of one of their applications: who may see a
//! thread, and who may write in it (the employer verified, not suspended, not blocked by the
//! student; the student's account still there).

use crate::domain::contact;
use crate::domain::reports::TargetKind;
use crate::domain::review::messaging_refusal;
use crate::error::{AppError, AppResult, OptionExt};
use crate::store::applications::Application;
use crate::store::batch::Batcher;
use crate::store::messages::{self, Message};
use crate::store::notifications::{self, Notification};
use crate::store::social;
use crate::store::users::User;
use crate::store::{Reader, Wtx};

pub const MESSAGE_MAX: usize = 500;

/// A message's text, checked and cleaned (`validate::posted_text`).
pub struct Content(String);

impl Content {
    pub fn parse(raw: &str) -> AppResult<Content> {
        crate::validate::posted_text(raw, "Message", MESSAGE_MAX).map(Content)
    }
}

/// The application `id`, when `me` is its student or its employer.
pub fn party_of(r: &impl Reader, me: &User, id: u64) -> AppResult<Application> {
    let a = r
        .get::<Application>(id)?
        .ok_or_not_found(crate::t!("application-not-found"))?;
    if a.student_id != me.id && a.employer_id != me.id {
        return Err(AppError::Forbidden(crate::t!(
            "only-the-student-and-the-employer-of"
        )));
    }
    Ok(a)
}

/// `me` writes to the other party of application `application_id`, through the group commit
/// (concurrent senders share one durable commit).
pub async fn send(
    batch: &Batcher,
    me: &User,
    application_id: u64,
    receiver_id: u64,
    content: Content,
    now: i64,
) -> AppResult<Message> {
    let me = me.clone();
    batch
        .run(move |w| {
            let a = party_of(w, &me, application_id)?;
            let other = if a.student_id == me.id {
                a.employer_id
            } else {
                a.student_id
            };
            if receiver_id != other {
                return Err(AppError::bad_request(
                    "receiverId must be the other party of this application",
                ));
            }
            let employer = w.get::<User>(a.employer_id)?;
            let status = employer.map(|e| e.review.status).unwrap_or_default();
            let blocked = social::is_blocked(w, a.student_id, a.employer_id)?;
            if let Some(why) = messaging_refusal(status, me.id == a.employer_id, blocked) {
                return Err(AppError::Forbidden(why.into()));
            }
            if w.get::<User>(a.student_id)?.is_none() {
                return Err(AppError::Forbidden(crate::t!(
                    "this-student-has-deleted-their-account"
                )));
            }
            let found = contact::find(&content.0);
            let m = messages::insert(
                w,
                Message {
                    id: 0,
                    application_id,
                    sender_id: me.id,
                    receiver_id: other,
                    content: content.0,
                    created_at: now,
                    read_at: None,
                    hidden: false,
                },
            )?;
            if !found.is_empty() {
                flag_contact_details(w, &m, &found, me.id == a.employer_id, now)?;
            }
            crate::services::notify::push_message(w, &me, other, now)?;
            Ok(m)
        })
        .await
}

/// A delivered message with contact details or an invitation elsewhere: the district sees it
/// as a system report (the student sees nothing different); an employer is told the rule the
/// first time.
fn flag_contact_details(
    w: &Wtx,
    m: &Message,
    found: &[String],
    from_employer: bool,
    now: i64,
) -> AppResult<()> {
    super::staff_alerts::hold(w, TargetKind::Message, m.id, found, now)?;
    let told = notifications::ids_of(w, m.sender_id)?
        .into_iter()
        .filter_map(|id| w.get::<Notification>(id).ok().flatten())
        .any(|n| n.kind == CONTACT_NOTICE_KIND);
    if from_employer && !told {
        crate::services::notify::notify(
            w,
            m.sender_id,
            CONTACT_NOTICE_KIND,
            crate::said!("contact-details-are-not-shared-through-internreel"),
            "/employer-dashboard",
        )?;
    }
    Ok(())
}

const CONTACT_NOTICE_KIND: &str = "contact_details";
