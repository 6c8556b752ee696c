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
use crate::i18n::Lang;
use crate::store::internships::Internship;
use crate::store::placements::{self, Placement};
use crate::store::users::User;
use crate::store::{Reader, StoreResult, Wtx};
use crate::tl;

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
        Some(d) => Err(AppError::throttled(d, |when| {
            crate::said!("too-many-e-mails-to-the-parent", when = when)
        })),
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

/// The language the guardian reads: theirs once chosen on their page, else the student's
/// (set when the student gave them), else English.
fn lang_of(r: &impl Reader, p: &Placement) -> StoreResult<Lang> {
    Ok(match &p.guardian {
        Some(g) => crate::store::languages::of_email(r, &g.email)?.unwrap_or_default(),
        None => Lang::default(),
    })
}

/// "Hello Maria Lopez," or, for a name that is not a plain name, "Hello,".
fn greeting(p: &Placement, lang: Lang) -> String {
    match p
        .guardian
        .as_ref()
        .and_then(|g| guardians::mail_name(&g.name))
    {
        Some(name) => crate::tl!(lang, "hello-name", name = name),
        None => crate::tl!(lang, "hello"),
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

/// A mail to the guardian in `lang`: the greeting, `paragraphs`, whom to ask, the district's
/// name.
fn compose(w: &Wtx, p: &Placement, lang: Lang, paragraphs: &[String]) -> StoreResult<String> {
    let mut body = vec![greeting(p, lang)];
    body.extend(paragraphs.iter().cloned());
    if let Some(line) = super::school_mail::contact_line_in(w, p, lang)? {
        body.push(line);
    }
    body.push(crate::services::settings::district_signature_in(w, lang)?);
    Ok(body.join("\n\n"))
}

/// The placement was cancelled or ended early: the guardian is told why. Nothing waits for
/// them, so the mail says whom to ask.
pub fn ended(w: &Wtx, p: &Placement, cancelled: bool, reason: &str, now: i64) -> StoreResult<()> {
    let company = company(w, p)?;
    let lang = lang_of(w, p)?;
    let (c, r) = (&company, reason);
    let (subject, line) = match (student_name(w, p)?, cancelled) {
        (Some(s), true) => (
            tl!(
                lang,
                "student-s-internship-with-company-was-cancelled",
                student = &s,
                company = c
            ),
            tl!(
                lang,
                "student-s-internship-with-company-was-cancelled-2",
                student = &s,
                company = c,
                reason = r
            ),
        ),
        (Some(s), false) => (
            tl!(
                lang,
                "student-s-internship-with-company-ended-early",
                student = &s,
                company = c
            ),
            tl!(
                lang,
                "student-s-internship-with-company-ended-early-2",
                student = &s,
                company = c,
                reason = r
            ),
        ),
        (None, true) => (
            tl!(
                lang,
                "an-internship-with-company-was-cancelled",
                company = c
            ),
            tl!(
                lang,
                "the-internship-with-company-was-cancelled-the",
                company = c,
                reason = r
            ),
        ),
        (None, false) => (
            tl!(lang, "an-internship-with-company-ended-early", company = c),
            tl!(
                lang,
                "the-internship-with-company-ended-early-the",
                company = c,
                reason = r
            ),
        ),
    };
    let body = compose(w, p, lang, &[line])?;
    send(w, p, &subject, &body, now)
}

/// The guardian's copy of the signed agreement, by the link `url`.
pub fn signed_copy(w: &Wtx, p: &Placement, url: &str, now: i64) -> StoreResult<()> {
    let company = company(w, p)?;
    let lang = lang_of(w, p)?;
    let subject = match student_name(w, p)? {
        Some(s) => tl!(
            lang,
            "student-s-internship-agreement-with-company-is",
            student = s,
            company = &company
        ),
        None => tl!(
            lang,
            "the-internship-agreement-with-company-is-signed",
            company = &company
        ),
    };
    let body = compose(
        w,
        p,
        lang,
        &[
            tl!(lang, "everyone-signed-the-internship-agreement-your-copy"),
            tl!(lang, "download-the-signed-agreement-pdf-url", url = url),
        ],
    )?;
    send(w, p, &subject, &body, now)
}

/// A new link to the guardian's copy, which they asked for from their old signing link.
pub fn copy_again(w: &Wtx, p: &Placement, url: &str, now: i64) -> StoreResult<()> {
    let company = company(w, p)?;
    let lang = lang_of(w, p)?;
    let subject = match student_name(w, p)? {
        Some(s) => tl!(
            lang,
            "your-copy-of-student-s-internship-agreement",
            student = s,
            company = &company
        ),
        None => tl!(
            lang,
            "your-copy-of-the-internship-agreement-with",
            company = &company
        ),
    };
    let body = compose(
        w,
        p,
        lang,
        &[
            tl!(lang, "here-is-a-new-link-to-your"),
            tl!(lang, "download-the-signed-agreement-pdf-url", url = url),
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
    let lang = lang_of(w, p)?;
    let c = &company;
    let (subject, about, unexpected) = match student_name(w, p)? {
        Some(s) => (
            tl!(
                lang,
                "please-sign-student-s-internship-agreement-with",
                student = &s,
                company = c
            ),
            tl!(
                lang,
                "student-has-an-internship-at-company-as",
                student = &s,
                company = c
            ),
            tl!(lang, "the-link-works-for-14-days-if", student = &s),
        ),
        None => (
            tl!(
                lang,
                "please-sign-an-internship-agreement-with-company",
                company = c
            ),
            tl!(lang, "a-student-who-named-you-as-their", company = c),
            tl!(lang, "the-link-works-for-14-days-if-2"),
        ),
    };
    let mut paragraphs: Vec<String> = Vec::new();
    if !lead.is_empty() {
        paragraphs.push(lead.join("\n"));
    }
    paragraphs.push(about);
    paragraphs.push(tl!(lang, "read-and-sign-the-agreement-url", url = &link));
    paragraphs.push(unexpected);
    let body = compose(w, p, lang, &paragraphs)?;
    send(w, p, &subject, &body, now)?;
    p.history.push((
        now,
        crate::said!("the-signing-link-was-sent-to-the").encode(),
    ));
    Ok(token)
}
