//! Passwords: reset by a single-use token valid 30 minutes (a roster invitation's: 7 days), stored only as a hash, sent by
//! e-mail (or printed by `internreel users reset-link`); and a signed-in change. Either ends
//! the account's other sessions.

use sha2::{Digest, Sha256};

use crate::error::{AppError, AppResult};
use crate::infra::Services;
use crate::store::outbox::{self, ResetToken};
use crate::store::users::{self, User};
use crate::store::{Reader, StoreResult, Wtx, sessions};

pub const VALID_MS: i64 = 30 * 60 * 1000;
/// A roster invitation's set-password link stays good 7 days: a student may read the school's
/// e-mail days later.
pub const INVITE_VALID_MS: i64 = 7 * 24 * 60 * 60 * 1000;
pub fn invalid() -> String {
    crate::t!("this-reset-link-is-invalid-or-has")
}

/// A token as `issue` makes them: 64 hex digits (anything else is not looked up).
pub(super) fn well_formed(token: &str) -> bool {
    token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit())
}

pub(super) fn hash(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// The address links point at (`internreel settings set public-url https://...`).
/// The address the district set with `settings set public-url`, if it did.
pub fn configured_public_url(r: &impl Reader) -> StoreResult<Option<String>> {
    Ok(super::settings::get(r, "public-url")?
        .map(|u| u.trim().trim_end_matches('/').to_string())
        .filter(|u| !u.is_empty()))
}

pub fn public_url(r: &impl Reader) -> StoreResult<String> {
    Ok(super::settings::get(r, "public-url")?
        .filter(|u| !u.trim().is_empty())
        .unwrap_or_else(|| "http://localhost:8080".into())
        .trim_end_matches('/')
        .to_string())
}

/// Issues a fresh token for the account (replacing any earlier one); returns the link.
pub fn issue(w: &Wtx, user: &User, now: i64) -> StoreResult<String> {
    issue_for(w, user, now + VALID_MS, "")
}

/// A roster invitation's link: the same single-use token, good for `INVITE_VALID_MS`; its page
/// says "Choose your password" (`&invite=1`). A later reset request replaces it.
pub fn issue_invitation(w: &Wtx, user: &User, now: i64) -> StoreResult<String> {
    issue_for(w, user, now + INVITE_VALID_MS, "&invite=1")
}

fn issue_for(w: &Wtx, user: &User, expires_at: i64, extra: &str) -> StoreResult<String> {
    let token = crate::tokens::random_hex(32);
    w.put(&ResetToken {
        id: user.id,
        hash: hash(&token),
        expires_at,
    })?;
    // The role tells the page which sign-in to lead back to.
    let role = match user.role {
        crate::store::users::Role::Employer => "&role=employer",
        crate::store::users::Role::Student => "",
    };
    Ok(format!(
        "{}/reset-password?token={token}{role}{extra}",
        public_url(w)?
    ))
}

/// The e-mail that carries the link, in the account's language.
pub fn mail_text(r: &impl Reader, user: &User, link: &str) -> StoreResult<(String, String)> {
    let lang = crate::store::languages::of_email(r, &user.email)?.unwrap_or_default();
    let district = super::settings::district_signature_in(r, lang)?;
    let body = [
        crate::tl!(lang, "hello-name", name = &user.first_name),
        crate::tl!(lang, "someone-we-hope-you-asked-to-reset"),
        link.to_string(),
        crate::tl!(lang, "if-you-did-not-ask-ignore-this"),
        district,
    ]
    .join("\n\n");
    Ok((crate::tl!(lang, "reset-your-internreel-password"), body))
}

/// Uses up a token: the account's id when it is valid now (the token is deleted either way,
/// and every session of the account ends once the caller saves the new password).
pub fn take(w: &Wtx, token: &str, now: i64) -> StoreResult<Option<u64>> {
    if !well_formed(token) {
        return Ok(None);
    }
    let Some(t) = outbox::token_by_hash(w, &hash(token))? else {
        return Ok(None);
    };
    w.delete::<ResetToken>(t.id)?;
    if t.expires_at <= now {
        return Ok(None);
    }
    sessions::end_user_sessions(w, t.id, now)?;
    Ok(Some(t.id))
}

/// The account a token would reset, without using it up (to know the role's password rule
/// before hashing).
pub fn peek(r: &impl Reader, token: &str, now: i64) -> StoreResult<Option<u64>> {
    if !well_formed(token) {
        return Ok(None);
    }
    Ok(outbox::token_by_hash(r, &hash(token))?
        .filter(|t| t.expires_at > now)
        .map(|t| t.id))
}

/// Queues the reset e-mail for the account of `email`, if there is one (true then).
pub fn request(s: &Services, email: &str, now: i64) -> StoreResult<bool> {
    s.store.write(|w| {
        let Some(user) = users::by_email(w, email)? else {
            return Ok(false);
        };
        let link = issue(w, &user, now)?;
        let (subject, text) = mail_text(w, &user, &link)?;
        outbox::enqueue(w, &user.email, &subject, &text, now)?;
        Ok(true)
    })
}

/// Saves `password_hash` for the account `token` resets, which must be `user_id` (the one the
/// caller hashed for). The token is used up in the same transaction: single use even when two
/// confirmations race.
pub fn complete(
    s: &Services,
    token: &str,
    user_id: u64,
    password_hash: String,
    now: i64,
) -> AppResult<()> {
    let invalid = || AppError::bad_request(invalid());
    s.store.write(|w| {
        let mut u = match take(w, token, now)?.filter(|id| *id == user_id) {
            Some(id) => w.get::<User>(id)?.ok_or_else(invalid)?,
            None => return Err(invalid()),
        };
        u.password_hash = password_hash;
        w.put(&u)?;
        Ok(())
    })?;
    s.sessions_ended(user_id);
    Ok(())
}

/// A signed-in user's new password (already checked against the current one and hashed);
/// every session of the account ends, the caller starts a new one.
pub fn change(s: &Services, me: &User, password_hash: String, now: i64) -> AppResult<()> {
    s.store.write(|w| {
        let mut u = w.get::<User>(me.id)?.ok_or_else(AppError::unauthorized)?;
        u.password_hash = password_hash;
        w.put(&u)?;
        sessions::end_user_sessions(w, me.id, now)?;
        Ok::<_, AppError>(())
    })?;
    s.sessions_ended(me.id);
    Ok(())
}
