//! A supervisor who is not the employer account's holder signs as themselves: the details name
//! them, and once the agreement is open (details and guardian in) they get a single-use link of
//! their own, like the guardian's, with no account. The employer account cannot sign in their
//! name. A supervisor who is the account's holder signs in the app, as before.

use sha2::{Digest, Sha256};

use crate::domain::placements::{Party, State};
use crate::error::{AppError, AppResult};
use crate::store::audit::Actor;
use crate::store::internships::Internship;
use crate::store::placements::{self, Placement, SupervisorLink};
use crate::store::users::User;
use crate::store::{Reader, StoreResult, Wtx};
use crate::validate::Checks;

use super::signatures::{SignedBy, add_signature};
use super::{Who, signs_by_link, visible};

/// A supervisor's link lasts 14 days, as the guardian's.
pub const SUPERVISOR_LINK_MS: i64 = 14 * 24 * 60 * 60 * 1000;
/// Between two links the employer or the school sends.
const RESEND_AFTER_MS: i64 = 60 * 1000;

pub fn link_gone() -> String {
    crate::t!("supervisor-link-gone")
}

/// Sends the supervisor their link when the agreement is open to them and no live link went to
/// this supervisor at this address.
pub fn send_link_if_due(w: &Wtx, p: &mut Placement, now: i64, lead: &[String]) -> StoreResult<()> {
    if p.state != State::AwaitingSignatures
        || p.guardian.is_none()
        || p.signatures.iter().any(|s| s.party == Party::Supervisor)
        || !signs_by_link(w, p)?
    {
        return Ok(());
    }
    let live = placements::supervisor_link(w, p.id)?.is_some_and(|l| {
        l.expires > now && l.email == p.supervisor.email && l.name == p.supervisor.name
    });
    if live {
        return Ok(());
    }
    link_with(w, p, now, lead).map(|_| ())
}

/// A fresh link for the supervisor (the old one stops working), e-mailed; its token.
pub fn link(w: &Wtx, p: &mut Placement, now: i64) -> StoreResult<String> {
    link_with(w, p, now, &[])
}

fn link_with(w: &Wtx, p: &mut Placement, now: i64, lead: &[String]) -> StoreResult<String> {
    let token = crate::tokens::random_hex(32);
    placements::put_supervisor_link(
        w,
        &SupervisorLink {
            placement_id: p.id,
            hash: Sha256::digest(token.as_bytes()).into(),
            expires: now + SUPERVISOR_LINK_MS,
            sent_at: now,
            email: p.supervisor.email.clone(),
            name: p.supervisor.name.clone(),
        },
    )?;
    let url = format!(
        "{}/supervisor/{token}",
        crate::services::password_reset::public_url(w)?
    );
    let company = w
        .get::<Internship>(p.internship_id)?
        .map(|i| i.company)
        .unwrap_or_default();
    // Until they choose on their page, a supervisor reads the language of the employer who
    // named them (as a family reads the student's).
    let email = &p.supervisor.email;
    if crate::store::languages::of_email(w, email)?.is_none()
        && let Some(lang) = crate::store::languages::of_user(w, p.employer_id)?
    {
        crate::store::languages::set_email(w, email, lang)?;
    }
    let lang = crate::store::languages::of_email(w, email)?.unwrap_or_default();
    let student = w
        .get::<User>(p.student_id)?
        .and_then(|u| crate::domain::guardians::mail_name(&u.full_name()))
        .unwrap_or_else(|| crate::tl!(lang, "a-student"));
    let district = crate::services::settings::district_signature_in(w, lang)?;
    let subject = crate::tl!(
        lang,
        "please-sign-student-s-internship-agreement-as",
        student = &student
    );
    let lead = if lead.is_empty() {
        String::new()
    } else {
        format!("{}\n\n", lead.join("\n"))
    };
    let body = [
        crate::tl!(lang, "hello-name", name = &p.supervisor.name),
        format!(
            "{lead}{}",
            crate::tl!(
                lang,
                "company-named-you-as-the-supervisor-of",
                company = &company,
                student = &student
            )
        ),
        crate::tl!(lang, "read-and-sign-the-agreement-url", url = &url),
        crate::tl!(lang, "the-link-works-for-14-days-if-3", company = &company),
        district,
    ]
    .join("\n\n");
    crate::store::outbox::enqueue(w, &p.supervisor.email, &subject, &body, now)?;
    p.history.push((
        now,
        crate::said!(
            "the-signing-link-was-sent-to-the-2",
            name = &p.supervisor.name
        )
        .encode(),
    ));
    Ok(token)
}

/// The employer or the school sends the supervisor a new link.
pub fn resend(w: &Wtx, who: &Who, id: u64, now: i64) -> AppResult<Placement> {
    let mut p = visible(w, id, who)?;
    if matches!(who, Who::Student(_)) {
        return Err(AppError::Forbidden(crate::t!(
            "the-employer-or-the-school-sends-the"
        )));
    }
    if p.state != State::AwaitingSignatures || p.guardian.is_none() {
        return Err(AppError::Conflict(crate::t!(
            "the-supervisor-s-link-goes-out-once"
        )));
    }
    if !signs_by_link(w, &p)? {
        return Err(AppError::Conflict(crate::t!(
            "the-supervisor-is-the-employer-account-s"
        )));
    }
    if p.signatures.iter().any(|s| s.party == Party::Supervisor) {
        return Err(AppError::Conflict(crate::t!(
            "the-supervisor-has-already-signed"
        )));
    }
    if let Some(l) = placements::supervisor_link(w, id)?
        && now - l.sent_at < RESEND_AFTER_MS
    {
        let wait = std::time::Duration::from_millis((l.sent_at + RESEND_AFTER_MS - now) as u64);
        return Err(AppError::throttled(wait, |when| {
            crate::said!(
                "too-many-what-please-try-again-in",
                what = crate::said!("e-mails-to-the-supervisor"),
                when = when
            )
        }));
    }
    link(w, &mut p, now)?;
    placements::save(w, &p)?;
    Ok(p)
}

/// The placement of a live supervisor link.
pub fn by_token(r: &impl Reader, token: &str, now: i64) -> AppResult<Placement> {
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(AppError::not_found(link_gone()));
    }
    let hash: [u8; 32] = Sha256::digest(token.as_bytes()).into();
    let Some(p) = placements::by_supervisor_link(r, &hash)? else {
        return Err(AppError::not_found(link_gone()));
    };
    let live =
        placements::supervisor_link(r, p.id)?.is_some_and(|l| l.hash == hash && l.expires > now);
    if !live || p.state != State::AwaitingSignatures {
        return Err(AppError::not_found(link_gone()));
    }
    Ok(p)
}

/// The supervisor signs through their link (single use), typing the name the details give.
pub fn sign(w: &Wtx, token: &str, by: SignedBy, now: i64) -> AppResult<Placement> {
    let p = by_token(w, token, now)?;
    let name = crate::validate::clean(&by.name);
    let mut c = Checks::new();
    if name.is_empty() || name.chars().count() > 100 {
        c.fail("name", &crate::t!("type-your-full-name-to-sign"));
    } else if !crate::domain::placements::same_name(&p.supervisor.name, &name) {
        c.fail(
            "name",
            &crate::t!(
                "type-your-full-name-as-the-details",
                name = &p.supervisor.name
            ),
        );
    }
    c.finish()?;
    let p = add_signature(w, p, Party::Supervisor, name, 0, Actor::Supervisor, by, now)?;
    placements::end_supervisor_link(w, p.id)?;
    Ok(p)
}
