//! Notifications: one row per event for its user, written in the transaction of the event,
//! plus an e-mail through the outbox unless the user turned notification e-mails off, and a
//! push to their devices (store/push.rs) unless they turned its category off. The
//! HTTP layer pushes the committed ones over `/ws`; the bell polls for the rest.

use crate::clock::now_ms;
use crate::infra::Services;
use crate::store::messages::Message;
use crate::store::notifications::{self, Notification};
use crate::store::users::User;
use crate::store::{Reader, StoreResult, Wtx, meta, outbox, push};

/// Creates a notification for `user_id` (and its e-mail); None when the user is gone.
pub fn notify(
    w: &Wtx,
    user_id: u64,
    kind: &str,
    text: impl Into<String>,
    link: &str,
) -> StoreResult<Option<Notification>> {
    let text = text.into();
    let subject = text.clone();
    notify_titled(w, user_id, kind, &subject, text, link)
}

/// `notify` with an e-mail subject of its own (the text goes in the body).
pub fn notify_titled(
    w: &Wtx,
    user_id: u64,
    kind: &str,
    subject: &str,
    text: impl Into<String>,
    link: &str,
) -> StoreResult<Option<Notification>> {
    let text = text.into();
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
        email(w, &user, subject, &text, link)?;
    }
    if let Some(category) = push::Category::of_kind(kind)
        && super::settings::push_on(w)?
    {
        push::enqueue(
            w,
            push::Owner::User(user_id),
            category,
            push::What::Notice { text },
            link,
            now,
        )?;
    }
    Ok(Some(n))
}

/// A push to the receiver of a new message: who wrote, never what (a minor's words stay in
/// the app). The in-app notice is the unread-messages digest's.
pub fn push_message(w: &Wtx, sender: &User, receiver_id: u64, now: i64) -> StoreResult<()> {
    if !super::settings::push_on(w)? {
        return Ok(());
    }
    let Some(receiver) = w.get::<User>(receiver_id)? else {
        return Ok(());
    };
    let name = match sender.role {
        crate::store::users::Role::Employer if !sender.company.trim().is_empty() => {
            sender.company.clone()
        }
        _ => sender.first_name.clone(),
    };
    let link = match receiver.role {
        crate::store::users::Role::Employer => "/employer-dashboard",
        crate::store::users::Role::Student => "/profile",
    };
    push::enqueue(
        w,
        push::Owner::User(receiver_id),
        push::Category::Messages,
        push::What::MessageFrom { sender: name },
        link,
        now,
    )?;
    Ok(())
}

/// An e-mail about something in the app, with a link to it and a one-click way to stop them.
pub fn email(w: &Wtx, user: &User, subject: &str, body: &str, link: &str) -> StoreResult<()> {
    let lang = crate::store::languages::of_email(w, &user.email)?.unwrap_or_default();
    let base = super::password_reset::public_url(w)?;
    let off = email_off_link(w, user.id)?;
    // The frame by key in the reader's language; the event's text (a notification's, made
    // in English) translated.
    let text = format!(
        "{}\n\n{}\n\n{}\n{base}{link}\n\n{}\n\n{}\n{off}\n",
        crate::tl!(lang, "hello-name", name = &user.first_name),
        lang.tr(body),
        crate::tl!(lang, "open-it-in-internreel"),
        super::settings::district_signature_in(w, lang)?,
        crate::tl!(lang, "turn-these-e-mails-off-with-one"),
    );
    // Translated before the cut: a cut subject matches nothing in the catalogue.
    let subject = short_subject(&lang.tr(subject));
    outbox::enqueue(w, &user.email, &subject, &text, now_ms())?;
    Ok(())
}

/// A subject line of at most about 100 characters, cut between words ("…" after the cut),
/// never inside an address or a word.
pub fn short_subject(text: &str) -> String {
    const MAX: usize = 100;
    let line = text.lines().next().unwrap_or("").trim();
    if line.chars().count() <= MAX {
        return line.to_string();
    }
    let head: String = line.chars().take(MAX).collect();
    let cut = head.rfind(' ').unwrap_or(head.len());
    format!("{}…", head[..cut].trim_end_matches([',', ';', ':', ' ']))
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
                if crate::store::messages::mark_digested(w, id, now)? {
                    fresh += 1;
                }
            }
            if fresh == 0 {
                continue;
            }
            let text = if fresh == 1 {
                crate::said!("you-have-an-unread-message")
            } else {
                crate::said!("you-have-n-unread-messages", n = fresh)
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

#[cfg(test)]
mod subject_tests {
    use super::short_subject;

    #[test]
    fn subjects_are_cut_between_words() {
        let long = "This employer account was suspended by Lakeside Unified: a report. Contact safety@lakeside.example to resolve it.";
        let s = short_subject(long);
        assert!(s.chars().count() <= 101 && s.ends_with('…'), "{s}");
        let kept = s.trim_end_matches('…');
        assert!(long.starts_with(kept), "{s}");
        assert_eq!(
            long[kept.len()..].chars().next(),
            Some(' '),
            "cut between words: {s}"
        );
        assert_eq!(short_subject("Short"), "Short");
    }
}
