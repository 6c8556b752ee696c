//! Notifications: one row per event for its user, written in the transaction of the event,
//! plus an e-mail through the outbox unless the user turned notification e-mails off. The
//! HTTP layer pushes the committed ones over `/ws`; the bell polls for the rest.

use crate::clock::now_ms;
use crate::infra::Services;
use crate::store::messages::Message;
use crate::store::notifications::{self, Notification};
use crate::store::users::User;
use crate::store::{Reader, StoreResult, Wtx, meta, outbox, tables};

/// Creates a notification for `user_id` (and its e-mail); None when the user is gone.
pub fn notify(
    w: &Wtx,
    user_id: u64,
    kind: &str,
    text: String,
    link: &str,
) -> StoreResult<Option<Notification>> {
    let Some(user) = w.get::<User>(user_id)? else {
        return Ok(None);
    };
    let now = now_ms();
    let n = notifications::insert(
        w,
        Notification {
            id: 0,
            user_id,
            kind: kind.to_string(),
            text: text.clone(),
            link: link.to_string(),
            created_at: now,
            read_at: None,
        },
    )?;
    if !notifications::email_off(w, user_id)? {
        email(w, &user, &text, &text, link)?;
    }
    Ok(Some(n))
}

/// An e-mail about something in the app, with a link to it and a one-click way to stop them.
pub fn email(w: &Wtx, user: &User, subject: &str, body: &str, link: &str) -> StoreResult<()> {
    let base = super::password_reset::public_url(w)?;
    let district = super::settings::district_name(w)?;
    let off = email_off_link(w, user.id)?;
    let text = format!(
        "Hello {},\n\n{body}\n\nOpen it in InternReel:\n{base}{link}\n\n{district}\n\nTurn these e-mails off with one click:\n{off}\n",
        user.first_name
    );
    let subject: String = subject.chars().take(120).collect();
    outbox::enqueue(w, &user.email, &subject, &text, now_ms())?;
    Ok(())
}

/// The user's one-click link that turns notification e-mails off (a random token per user).
fn email_off_link(w: &Wtx, user: u64) -> StoreResult<String> {
    let key = format!("email_off_token_of:{user}");
    let token = match meta::get_string(w, &key)? {
        Some(t) => t,
        None => {
            let t = crate::tokens::random_hex(16);
            meta::set_string(w, &key, &t)?;
            meta::set_i64(w, &format!("email_off_token:{t}"), user as i64)?;
            t
        }
    };
    Ok(format!(
        "{}/api/email-off?token={token}",
        super::password_reset::public_url(w)?
    ))
}

/// The user an e-mail-off token belongs to.
pub fn email_off_user(r: &impl Reader, token: &str) -> StoreResult<Option<u64>> {
    if token.len() != 32 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Ok(None);
    }
    Ok(meta::get_i64(r, &format!("email_off_token:{token}"))?.map(|v| v as u64))
}

/// How long a message waits unread before the digest mentions it.
pub const DIGEST_AFTER_MS: i64 = 15 * 60 * 1000;
/// Messages older than this are not looked at again.
const DIGEST_HORIZON_MS: i64 = 24 * 60 * 60 * 1000;

/// One `unread_messages` notification per person with messages unread for 15 minutes that no
/// digest counted yet; returns the notifications made.
pub fn digest_unread(s: &Services, now: i64) -> anyhow::Result<Vec<Notification>> {
    let mut waiting: std::collections::BTreeMap<u64, Vec<u64>> = Default::default();
    {
        let r = s.store.read()?;
        r.each_rev(|m: Message| {
            if m.created_at < now - DIGEST_HORIZON_MS {
                return false;
            }
            if m.read_at.is_none() && !m.hidden && m.created_at <= now - DIGEST_AFTER_MS {
                waiting.entry(m.receiver_id).or_default().push(m.id);
            }
            true
        })?;
    }
    if waiting.is_empty() {
        return Ok(vec![]);
    }
    let made = s.store.write(|w| {
        let mut made = Vec::new();
        for (user, ids) in waiting {
            let mut fresh = 0;
            for id in ids {
                if w.pair(tables::MESSAGES_DIGESTED, (id, 0))?.is_none() {
                    w.pair_put(tables::MESSAGES_DIGESTED, (id, 0), now)?;
                    fresh += 1;
                }
            }
            if fresh == 0 {
                continue;
            }
            let text = if fresh == 1 {
                "You have an unread message.".to_string()
            } else {
                format!("You have {fresh} unread messages.")
            };
            // Each role reads its messages from its own home screen.
            let link = match w.get::<User>(user)?.map(|u| u.role) {
                Some(crate::store::users::Role::Employer) => "/employer-dashboard",
                _ => "/profile",
            };
            if let Some(n) = notify(w, user, "unread_messages", text, link)? {
                made.push(n);
            }
        }
        Ok::<_, crate::store::StoreError>(made)
    })?;
    Ok(made)
}
