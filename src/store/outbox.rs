//! The outbox: every e-mail is a row here before anything is sent, so a restart or an SMTP
//! outage loses none; and the one live password-reset token of each account.

use serde::{Deserialize, Serialize};

use super::{Entity, Reader, StoreResult, Wtx, tables};

/// Variants are only appended (postcard).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum MailStatus {
    /// Waiting for the sender (again, after a failed attempt).
    Queued,
    Sent {
        at: i64,
    },
    /// Given up after every retry.
    Failed {
        reason: String,
    },
    /// No SMTP server is configured: the outbox is the delivery (`internreel mail list`).
    OutboxOnly,
}

impl MailStatus {
    pub fn as_str(&self) -> &'static str {
        match self {
            MailStatus::Queued => "queued",
            MailStatus::Sent { .. } => "sent",
            MailStatus::Failed { .. } => "failed",
            MailStatus::OutboxOnly => "outbox-only",
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Mail {
    pub id: u64,
    pub to: String,
    pub subject: String,
    pub text: String,
    pub created_at: i64,
    pub status: MailStatus,
    pub attempts: u32,
    pub next_attempt_at: i64,
    pub last_error: Option<String>,
}

impl Entity for Mail {
    const TABLE: tables::EntityTable = tables::OUTBOX;
    fn id(&self) -> u64 {
        self.id
    }
}

const SMTP_FLAG: &str = "mail_smtp_configured";

/// Records whether the running server sends mail (so the CLI, too, writes its mail queued or
/// outbox-only).
pub fn set_smtp_configured(w: &Wtx, yes: bool) -> StoreResult<()> {
    super::meta::set_i64(w, SMTP_FLAG, i64::from(yes))
}

/// Writes an e-mail into the outbox inside the caller's transaction: queued for the sender
/// when the server has SMTP, otherwise outbox-only. Written in the recipient's language (the
/// one chosen by whoever reads that address; English otherwise), line by line.
pub fn enqueue(w: &Wtx, to: &str, subject: &str, text: &str, now: i64) -> StoreResult<Mail> {
    let smtp = super::meta::get_i64(w, SMTP_FLAG)? == Some(1);
    // English for an address nobody chose a language for.
    let lang = super::languages::of_email(w, to)?.unwrap_or_default();
    let m = Mail {
        id: w.next_id::<Mail>()?,
        to: to.to_string(),
        subject: lang.tr(subject).into_owned(),
        text: lang.tr(text).into_owned(),
        created_at: now,
        status: if smtp {
            MailStatus::Queued
        } else {
            MailStatus::OutboxOnly
        },
        attempts: 0,
        next_attempt_at: now,
        last_error: None,
    };
    w.put(&m)?;
    Ok(m)
}

/// Queued mail due at `now` (oldest first, at most `limit`), and when the earliest queued mail
/// not among them is due: one pass over the outbox for the sender's round.
pub fn due(r: &impl Reader, now: i64, limit: usize) -> StoreResult<(Vec<Mail>, Option<i64>)> {
    let mut due = Vec::new();
    let mut later: Option<i64> = None;
    r.each_rev(|m: Mail| {
        if m.status == MailStatus::Queued {
            if m.next_attempt_at <= now {
                due.push(m);
            } else {
                later = Some(later.map_or(m.next_attempt_at, |l| l.min(m.next_attempt_at)));
            }
        }
        true
    })?;
    due.reverse();
    if due.len() > limit {
        // The rest are due already: the next round comes at once.
        due.truncate(limit);
        later = Some(now);
    }
    Ok((due, later))
}

/// A password-reset token: only its SHA-256 is stored.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ResetToken {
    /// The user's id: one live token per account (a new request replaces it).
    pub id: u64,
    pub hash: Vec<u8>,
    pub expires_at: i64,
}

impl Entity for ResetToken {
    const TABLE: tables::EntityTable = tables::RESET_TOKENS;
    fn id(&self) -> u64 {
        self.id
    }
}

/// The token with this hash, if it exists (expired or not).
pub fn token_by_hash(r: &impl Reader, hash: &[u8]) -> StoreResult<Option<ResetToken>> {
    let mut found = None;
    r.each_rev(|t: ResetToken| {
        if t.hash == hash {
            found = Some(t);
            false
        } else {
            true
        }
    })?;
    Ok(found)
}

/// An employer's e-mail confirmation: the hash of the live link until it is used, then when
/// the address was confirmed. It holds for `email` only, so a changed address is unconfirmed.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EmailConfirmation {
    /// The user's id: one live link per account (a new one replaces it).
    pub id: u64,
    /// The address the link was sent to, as `users::email_key` writes it.
    pub email: String,
    pub hash: Vec<u8>,
    pub expires_at: i64,
    pub confirmed_at: Option<i64>,
}

impl Entity for EmailConfirmation {
    const TABLE: tables::EntityTable = tables::EMAIL_CONFIRMATIONS;
    fn id(&self) -> u64 {
        self.id
    }
}

/// The unconfirmed link with this hash, if it exists (expired or not).
pub fn confirmation_by_hash(
    r: &impl Reader,
    hash: &[u8],
) -> StoreResult<Option<EmailConfirmation>> {
    let mut found = None;
    r.each_rev(|c: EmailConfirmation| {
        if c.confirmed_at.is_none() && c.hash == hash {
            found = Some(c);
            false
        } else {
            true
        }
    })?;
    Ok(found)
}
