//! The e-mails to a placement's parent or guardian, a third party the district's mail server
//! writes to on the student's word: one per event, each saying what to do (the action as a
//! button line, whom to ask): their signing link (with what changed, when a change voided
//! their signature), an early end, their signed copy. A mail
//! carries a name the student wrote only when it is a plain name (`domain::guardians`), and
//! the mails the student causes (a new guardian, a resent link) are throttled per placement:
//! one per `COOL_DOWN_MS`, at most `PER_DAY` in a day (the school's resends are not).

use sha2::{Digest, Sha256};
use std::time::Duration;

use crate::domain::guardians;
use crate::domain::placements::{Party, State};
use crate::error::{AppError, AppResult};
use crate::store::internships::Internship;
use crate::store::placements::{self, Placement};
use crate::store::users::User;
use crate::store::{Reader, StoreResult, Wtx};

/// A guardian's link lasts 14 days.
pub const GUARDIAN_LINK_MS: i64 = 14 * 24 * 60 * 60 * 1000;
/// Between a mail to the guardian and the next the student causes.
pub const COOL_DOWN_MS: i64 = 60 * 1000;
/// Mails to the guardian in a day, beyond which the student's requests wait.
pub const PER_DAY: usize = 5;
const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// How long until the student may cause another mail to the placement's guardian.
pub fn wait(r: &impl Reader, placement_id: u64, now: i64) -> StoreResult<Option<Duration>> {
    let sent: Vec<i64> = placements::guardian_mails(r, placement_id)?
        .sent
        .into_iter()
        .filter(|t| now - t < DAY_MS)
        .collect();
    let mut until = 0i64;
    if let Some(last) = sent.iter().max() {
        until = until.max(last + COOL_DOWN_MS);
    }
    if sent.len() >= PER_DAY {
        let mut times = sent.clone();
        times.sort_unstable();
        // The day's oldest that must leave the window before one more fits.
        until = until.max(times[sent.len() - PER_DAY] + DAY_MS);
    }
    Ok((until > now).then(|| Duration::from_millis((until - now) as u64)))
}

/// A 429 (with Retry-After) while the student must wait before another mail to the guardian.
pub fn throttle(r: &impl Reader, placement_id: u64, now: i64) -> AppResult<()> {
    match wait(r, placement_id, now)? {
        Some(d) => Err(AppError::throttled("e-mails to the parent or guardian", d)),
        None => Ok(()),
    }
}

/// Queues a mail to the guardian and counts it.
fn send(w: &Wtx, p: &Placement, subject: &str, body: &str, now: i64) -> StoreResult<()> {
    let Some(g) = &p.guardian else {
        return Ok(());
    };
    crate::store::outbox::enqueue(w, &g.email, subject, body, now)?;
    let mut m = placements::guardian_mails(w, p.id)?;
    m.sent.retain(|t| now - t < DAY_MS);
    m.sent.push(now);
    placements::put_guardian_mails(w, &m)
}

/// "Hello Maria Lopez," or, for a name that is not a plain name, "Hello,".
fn greeting(p: &Placement) -> String {
    match p
        .guardian
        .as_ref()
        .and_then(|g| guardians::mail_name(&g.name))
    {
        Some(name) => format!("Hello {name},"),
        None => "Hello,".into(),
    }
}

/// The student's name when it is a plain name (the student wrote it).
fn student_name(r: &impl Reader, p: &Placement) -> StoreResult<Option<String>> {
    Ok(r.get::<User>(p.student_id)?
        .and_then(|u| guardians::mail_name(&u.full_name())))
}

fn company(r: &impl Reader, p: &Placement) -> StoreResult<String> {
    Ok(r.get::<Internship>(p.internship_id)?
        .map(|i| i.company)
        .unwrap_or_default())
}

/// A mail to the guardian: the greeting, `paragraphs`, whom to ask, the district's name.
fn compose(w: &Wtx, p: &Placement, paragraphs: &[String]) -> StoreResult<String> {
    let mut body = vec![greeting(p)];
    body.extend(paragraphs.iter().cloned());
    if let Some(line) = super::school_mail::contact_line(w, p)? {
        body.push(line);
    }
    body.push(crate::services::settings::district_signature(w)?);
    Ok(body.join("\n\n"))
}

/// The placement was cancelled or ended early: the guardian is told why. Nothing waits for
/// them, so the mail says whom to ask.
pub fn ended(w: &Wtx, p: &Placement, cancelled: bool, reason: &str, now: i64) -> StoreResult<()> {
    let company = company(w, p)?;
    let (subject, line) = match (student_name(w, p)?, cancelled) {
        (Some(s), true) => (
            format!("{s}'s internship with {company} was cancelled"),
            format!("{s}'s internship with {company} was cancelled. The reason given: {reason}"),
        ),
        (Some(s), false) => (
            format!("{s}'s internship with {company} ended early"),
            format!("{s}'s internship with {company} ended early. The reason given: {reason}"),
        ),
        (None, true) => (
            format!("An internship with {company} was cancelled"),
            format!("The internship with {company} was cancelled. The reason given: {reason}"),
        ),
        (None, false) => (
            format!("An internship with {company} ended early"),
            format!("The internship with {company} ended early. The reason given: {reason}"),
        ),
    };
    let body = compose(w, p, &[line])?;
    send(w, p, &subject, &body, now)
}

/// The guardian's copy of the signed agreement, by the link `url`.
pub fn signed_copy(w: &Wtx, p: &Placement, url: &str, now: i64) -> StoreResult<()> {
    let company = company(w, p)?;
    let subject = match student_name(w, p)? {
        Some(s) => format!("{s}'s internship agreement with {company} is signed"),
        None => format!("The internship agreement with {company} is signed"),
    };
    let body = compose(
        w,
        p,
        &[
            "Everyone signed the internship agreement. Your copy is yours to keep; the link works for 30 days.".into(),
            format!("Download the signed agreement (PDF): {url}"),
        ],
    )?;
    send(w, p, &subject, &body, now)
}

/// A new link to the guardian's copy, which they asked for from their old signing link.
pub fn copy_again(w: &Wtx, p: &Placement, url: &str, now: i64) -> StoreResult<()> {
    let company = company(w, p)?;
    let subject = match student_name(w, p)? {
        Some(s) => format!("Your copy of {s}'s internship agreement with {company}"),
        None => format!("Your copy of the internship agreement with {company}"),
    };
    let body = compose(
        w,
        p,
        &[
            "Here is a new link to your copy of the signed internship agreement, as you asked. The link works for 30 days; earlier links to your copy no longer open it.".into(),
            format!("Download the signed agreement (PDF): {url}"),
        ],
    )?;
    send(w, p, &subject, &body, now)
}

/// Sends the guardian's link when the agreement is open and no live link was sent; `lead`
/// says why a guardian who signed before must sign again (what changed).
pub fn send_link_if_due(w: &Wtx, p: &mut Placement, now: i64, lead: &[String]) -> StoreResult<()> {
    if p.state != State::AwaitingSignatures
        || p.guardian.is_none()
        || p.signatures.iter().any(|s| s.party == Party::Guardian)
        || p.guardian_link.is_some_and(|(_, exp)| exp > now)
    {
        return Ok(());
    }
    link_with(w, p, now, lead).map(|_| ())
}

/// Whether saving the guardian now would e-mail them (the agreement is open).
pub fn would_mail(p: &Placement) -> bool {
    p.state == State::AwaitingSignatures
}

/// A fresh link for the guardian (the old one stops working, and says so when opened),
/// e-mailed; its token (the demo signs with it).
pub fn link(w: &Wtx, p: &mut Placement, now: i64) -> StoreResult<String> {
    link_with(w, p, now, &[])
}

fn link_with(w: &Wtx, p: &mut Placement, now: i64, lead: &[String]) -> StoreResult<String> {
    if p.guardian.is_none() {
        return Ok(String::new());
    }
    let token = crate::tokens::random_hex(32);
    p.guardian_link = Some((
        Sha256::digest(token.as_bytes()).into(),
        now + GUARDIAN_LINK_MS,
    ));
    p.guardian_link_sent_at = Some(now);
    let link = format!(
        "{}/guardian/{token}",
        crate::services::password_reset::public_url(w)?
    );
    let company = company(w, p)?;
    let (subject, about, unexpected) = match student_name(w, p)? {
        Some(student) => (
            format!("Please sign {student}'s internship agreement with {company}"),
            format!(
                "{student} has an internship at {company}. As their parent or guardian, please read the training agreement and sign it, or decline it. No account is needed."
            ),
            format!(
                "The link works for 14 days. If you did not expect this e-mail, contact {student}'s school."
            ),
        ),
        None => (
            format!("Please sign an internship agreement with {company}"),
            format!(
                "A student who named you as their parent or guardian has an internship at {company}. Please read the training agreement and sign it, or decline it. No account is needed."
            ),
            "The link works for 14 days. If you did not expect this e-mail, contact the school district.".to_string(),
        ),
    };
    let mut paragraphs: Vec<String> = Vec::new();
    if !lead.is_empty() {
        paragraphs.push(lead.join("\n"));
    }
    paragraphs.push(about);
    paragraphs.push(format!("Read and sign the agreement: {link}"));
    paragraphs.push(unexpected);
    let body = compose(w, p, &paragraphs)?;
    send(w, p, &subject, &body, now)?;
    p.history.push((
        now,
        "The signing link was sent to the parent or guardian".into(),
    ));
    Ok(token)
}
