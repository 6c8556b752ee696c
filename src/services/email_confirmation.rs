//! Employers confirm their e-mail address with a link from the welcome e-mail (valid 7 days,
//! single use, stored only as a hash); the district's review shows whether they did.

use super::password_reset::{hash, public_url, well_formed};
use crate::clock::DAY_MS;
use crate::store::outbox::{self, EmailConfirmation};
use crate::store::users::{User, email_key};
use crate::store::{Reader, StoreResult, Wtx};

pub const VALID_MS: i64 = 7 * DAY_MS;
pub const CONFIRMED: &str = "Your e-mail address is confirmed.";
pub const INVALID: &str = "This confirmation link is invalid or has expired. Sign in and send a new one from your dashboard.";

/// Whether the account's current address is confirmed.
pub fn is_confirmed(r: &impl Reader, user: &User) -> StoreResult<bool> {
    Ok(r.get::<EmailConfirmation>(user.id)?
        .is_some_and(|c| c.confirmed_at.is_some() && c.email == email_key(&user.email)))
}

/// Queues the e-mail with a fresh link (replacing any earlier link); `welcome` for the first
/// one, sent at sign-up.
pub fn send_link(w: &Wtx, user: &User, welcome: bool, now: i64) -> StoreResult<()> {
    let token = crate::tokens::random_hex(32);
    w.put(&EmailConfirmation {
        id: user.id,
        email: email_key(&user.email),
        hash: hash(&token),
        expires_at: now + VALID_MS,
        confirmed_at: None,
    })?;
    let link = format!("{}/confirm-email?token={token}", public_url(w)?);
    let district = super::settings::district_name(w)?;
    let (subject, opening) = if welcome {
        (
            "Welcome to InternReel: confirm your e-mail address",
            format!(
                "Welcome to InternReel, {}!\n\n{} reviews every employer before its postings reach students; you will hear from us when {} is verified. Meanwhile, please confirm that this address is yours",
                user.first_name, district, user.company
            ),
        )
    } else {
        (
            "Confirm your e-mail address",
            format!(
                "Hello {},\n\nPlease confirm that this address is yours",
                user.first_name
            ),
        )
    };
    let text = format!(
        "{opening} by opening this link within 7 days:\n\n{link}\n\nIf you did not create an InternReel account, ignore this e-mail.\n\n{district}"
    );
    outbox::enqueue(w, &user.email, subject, &text, now)?;
    Ok(())
}

/// Uses up a link: the account's id when it is valid now and still names the account's
/// address.
pub fn confirm(w: &Wtx, token: &str, now: i64) -> StoreResult<Option<u64>> {
    if !well_formed(token) {
        return Ok(None);
    }
    let Some(mut c) = outbox::confirmation_by_hash(w, &hash(token))? else {
        return Ok(None);
    };
    let current = w.get::<User>(c.id)?.map(|u| email_key(&u.email));
    if c.expires_at <= now || current.as_deref() != Some(c.email.as_str()) {
        w.delete::<EmailConfirmation>(c.id)?;
        return Ok(None);
    }
    c.hash.clear();
    c.confirmed_at = Some(now);
    w.put(&c)?;
    Ok(Some(c.id))
}
