//! Employers confirm their e-mail address with a link from the welcome e-mail (valid 7 days,
//! single use, stored only as a hash); the district's review shows whether they did. A
//! student's new address takes effect only once confirmed by a link sent to it: until then the
//! account keeps its old one, so nobody claims an address that is not theirs.

use super::password_reset::{hash, public_url, well_formed};
use crate::clock::DAY_MS;
use crate::store::outbox::{self, EmailConfirmation};
use crate::store::users::{self, Role, User, email_key};
use crate::store::{Reader, StoreResult, Wtx};

pub const VALID_MS: i64 = 7 * DAY_MS;
pub fn confirmed() -> String {
    crate::t!("your-e-mail-address-is-confirmed")
}
pub fn invalid() -> String {
    crate::t!("this-confirmation-link-is-invalid-or-has")
}

/// Whether the account's current address is confirmed.
pub fn is_confirmed(r: &impl Reader, user: &User) -> StoreResult<bool> {
    Ok(r.get::<EmailConfirmation>(user.id)?
        .is_some_and(|c| c.confirmed_at.is_some() && c.email == email_key(&user.email)))
}

/// A fresh link confirming `email` for account `id` (replacing any earlier one; only its
/// hash is kept).
fn new_link(w: &Wtx, id: u64, email: String, now: i64) -> StoreResult<String> {
    let token = crate::tokens::random_hex(32);
    w.put(&EmailConfirmation {
        id,
        email,
        hash: hash(&token),
        expires_at: now + VALID_MS,
        confirmed_at: None,
    })?;
    Ok(format!("{}/confirm-email?token={token}", public_url(w)?))
}

/// Queues the e-mail with a fresh link (replacing any earlier link); `welcome` for the first
/// one, sent at sign-up.
pub fn send_link(w: &Wtx, user: &User, welcome: bool, now: i64) -> StoreResult<()> {
    let link = new_link(w, user.id, email_key(&user.email), now)?;
    let lang = crate::store::languages::of_email(w, &user.email)?.unwrap_or_default();
    let district = super::settings::district_signature_in(w, lang)?;
    let (subject, opening) = if welcome {
        (
            crate::tl!(lang, "welcome-to-internreel-confirm-your-e-mail"),
            [
                crate::tl!(lang, "welcome-to-internreel-name", name = &user.first_name),
                crate::tl!(
                    lang,
                    "district-reviews-every-employer-before-its-postings",
                    district = &district,
                    company = &user.company
                ),
            ],
        )
    } else {
        (
            crate::tl!(lang, "confirm-your-e-mail-address"),
            [
                crate::tl!(lang, "hello-name", name = &user.first_name),
                crate::tl!(lang, "please-confirm-that-this-address-is-yours"),
            ],
        )
    };
    let text = [
        opening[0].clone(),
        opening[1].clone(),
        link,
        crate::tl!(lang, "if-you-did-not-create-an-internreel"),
        district,
    ]
    .join("\n\n");
    outbox::enqueue(w, &user.email, &subject, &text, now)?;
    Ok(())
}

/// A student asks to change their address to `new_email`: a link goes to the new address
/// (replacing any earlier one); the account keeps its address until the link is opened. An
/// address another account holds gets no link, and the student's answer is the same, so the
/// form tells nobody which addresses have accounts.
pub fn request_change(w: &Wtx, user: &User, new_email: &str, now: i64) -> StoreResult<()> {
    let key = email_key(new_email);
    if w.email_lookup(&key)?.is_some() {
        w.delete::<EmailConfirmation>(user.id)?;
        return Ok(());
    }
    let link = new_link(w, user.id, key.clone(), now)?;
    let district = super::settings::district_signature(w)?;
    // By key, line by line: the outbox writes each in the address's reader's language.
    let text = format!(
        "{}\n\n{}\n\n{link}\n\n{}\n\n{district}",
        crate::said!("hello-name", name = &user.first_name),
        crate::said!("you-asked-to-use-this-address-for"),
        crate::said!("if-you-did-not-ask-for-this"),
    );
    let subject = crate::said!("confirm-your-new-e-mail-address").encode();
    outbox::enqueue(w, &key, &subject, &text, now)?;
    Ok(())
}

/// The address a student asked to change to and has not confirmed yet.
pub fn pending_email(r: &impl Reader, user: &User, now: i64) -> StoreResult<Option<String>> {
    if user.role != Role::Student {
        return Ok(None);
    }
    Ok(r.get::<EmailConfirmation>(user.id)?
        .filter(|c| c.confirmed_at.is_none() && c.expires_at > now)
        .filter(|c| c.email != email_key(&user.email))
        .map(|c| c.email))
}

/// Uses up a link: the account's id when it is valid now and still names the account's
/// address, or (a student's change) the new address is still free, which then becomes the
/// account's.
pub fn confirm(w: &Wtx, token: &str, now: i64) -> StoreResult<Option<u64>> {
    if !well_formed(token) {
        return Ok(None);
    }
    let Some(mut c) = outbox::confirmation_by_hash(w, &hash(token))? else {
        return Ok(None);
    };
    let user = w.get::<User>(c.id)?;
    let current = user.as_ref().map(|u| email_key(&u.email));
    let change = user
        .as_ref()
        .filter(|u| u.role == Role::Student && current.as_deref() != Some(c.email.as_str()));
    if let Some(u) = change
        && c.expires_at > now
        && w.email_lookup(&c.email)?.is_none()
    {
        let mut moved = u.clone();
        moved.email = c.email.clone();
        match users::update(w, &u.email, &moved) {
            Ok(()) => {}
            Err(users::UserWriteError::EmailTaken) => return Ok(None),
            Err(users::UserWriteError::Store(e)) => return Err(e),
        }
    } else if c.expires_at <= now || current.as_deref() != Some(c.email.as_str()) {
        w.delete::<EmailConfirmation>(c.id)?;
        return Ok(None);
    }
    c.hash.clear();
    c.confirmed_at = Some(now);
    w.put(&c)?;
    Ok(Some(c.id))
}
