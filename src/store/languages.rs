//! Each person's language, in the keys table: a student's or employer's and a staff member's
//! by id, and every address's (guardians have no account; e-mails are addressed by it). A code
//! is kept as the little-endian number of its ASCII bytes ("es" → 0x7365).

use crate::i18n::Lang;

use super::{Reader, StoreResult, Wtx};

const SPACE: &str = "lang";

fn number(lang: Lang) -> u64 {
    let mut bytes = [0u8; 8];
    for (b, c) in bytes.iter_mut().zip(lang.code().bytes()) {
        *b = c;
    }
    u64::from_le_bytes(bytes)
}

fn lang(n: u64) -> Option<Lang> {
    let bytes = n.to_le_bytes();
    let code: String = bytes
        .iter()
        .take_while(|b| **b != 0)
        .map(|b| *b as char)
        .collect();
    Lang::parse(&code)
}

fn get(r: &impl Reader, key: &str) -> StoreResult<Option<Lang>> {
    Ok(r.key_get(SPACE, key)?.and_then(lang))
}

fn email_key(email: &str) -> String {
    format!("email:{}", email.trim().to_lowercase())
}

pub fn of_user(r: &impl Reader, id: u64) -> StoreResult<Option<Lang>> {
    get(r, &format!("user:{id}"))
}

pub fn of_staff(r: &impl Reader, id: u64) -> StoreResult<Option<Lang>> {
    get(r, &format!("staff:{id}"))
}

/// The language chosen by whoever reads mail at `email`, if anyone chose.
pub fn of_email(r: &impl Reader, email: &str) -> StoreResult<Option<Lang>> {
    get(r, &email_key(email))
}

pub fn set_user(w: &Wtx, id: u64, email: &str, l: Lang) -> StoreResult<()> {
    w.key_put(SPACE, &format!("user:{id}"), number(l))?;
    set_email(w, email, l)
}

pub fn set_staff(w: &Wtx, id: u64, email: &str, l: Lang) -> StoreResult<()> {
    w.key_put(SPACE, &format!("staff:{id}"), number(l))?;
    set_email(w, email, l)
}

pub fn set_email(w: &Wtx, email: &str, l: Lang) -> StoreResult<()> {
    w.key_put(SPACE, &email_key(email), number(l))
}

/// Forgets an account's choice (its deletion).
pub fn forget_user(w: &Wtx, id: u64, email: &str) -> StoreResult<()> {
    w.key_remove(SPACE, &format!("user:{id}"))?;
    w.key_remove(SPACE, &email_key(email))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        assert_eq!(lang(number(Lang::Es)), Some(Lang::Es));
        assert_eq!(lang(number(Lang::En)), Some(Lang::En));
        assert_eq!(lang(0), None);
    }
}
