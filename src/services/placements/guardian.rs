//! The student's parent or guardian: given by the student (or the roster), confirmed by the
//! school, reached through a single-use e-mailed link where they sign or decline, and given a
//! copy of the signed agreement.

use crate::domain::guardians;
use crate::domain::placements::{Party, State};
use crate::error::{AppError, AppResult};
use crate::store::audit::Actor;
use crate::store::placements::{self, Guardian, GuardianSource, Placement};
use crate::store::users::User;
use crate::store::{Reader, StoreResult, Wtx};
use crate::validate::Checks;

use super::agreement::audit_change;
use super::link_gone;
use super::sha256;
use super::signatures::{SignedBy, add_signature};
use super::voids::{relink, void_signatures};
use super::{Who, guardian_mail, visible};

/// The guardian's contact details.
pub struct GuardianInput {
    pub name: String,
    pub relationship: String,
    pub email: String,
    pub phone: String,
}

/// The student gives (or changes) their parent or guardian, unless the roster or the school
/// gave one; the school enters or corrects it at any time before the placement starts (its
/// entry counts as confirmed).
pub fn set_guardian(
    w: &Wtx,
    who: &Who,
    id: u64,
    g: GuardianInput,
    now: i64,
) -> AppResult<Placement> {
    let mut p = visible(w, id, who)?;
    let student_id = p.student_id;
    let by_school = match who {
        Who::Student(_) => false,
        Who::School { .. } => true,
        Who::Employer(_) => {
            return Err(AppError::Forbidden(crate::t!(
                "the-student-or-the-school-gives-the"
            )));
        }
    };
    if p.state.is_final() || p.state == State::Active {
        return Err(AppError::Conflict(crate::t!(
            "the-guardian-cannot-change-once-the-placement"
        )));
    }
    if !by_school
        && p.guardian
            .as_ref()
            .is_some_and(|g| matches!(g.source, GuardianSource::Roster | GuardianSource::School))
    {
        return Err(AppError::Forbidden(crate::t!(
            "your-school-s-records-list-your-parent"
        )));
    }
    let mut c = Checks::new();
    c.required(
        "name",
        &g.name,
        &crate::t!("your-parent-or-guardian-s-name-is"),
    )
    .max_len("name", &g.name, 100)
    .required(
        "relationship",
        &g.relationship,
        &crate::t!("please-say-how-they-are-related-to"),
    )
    .max_len("relationship", &g.relationship, 40)
    .email(
        "email",
        g.email.trim(),
        &crate::t!("please-enter-a-valid-email-address"),
    )
    .max_len("phone", &g.phone, 40);
    // The name greets a third party in the district's mail: a plain name, nothing else.
    if !g.name.trim().is_empty() && !guardians::is_plain_name(&g.name) {
        c.fail(
            "name",
            &crate::t!("write-their-name-with-letters-spaces-hyphens"),
        );
    }
    // Never the student's own mailbox, plus-addressed (ava+x@) or not.
    if let Some(me) = w.get::<User>(student_id)?
        && guardians::is_own_mailbox(&me.email, &g.email)
    {
        c.fail(
            "email",
            &if by_school {
                crate::t!("this-is-the-student-s-own-e")
            } else {
                crate::t!("this-is-your-own-e-mail-address")
            },
        );
    }
    c.finish()?;
    let new = Guardian {
        name: crate::validate::clean(&g.name),
        relationship: crate::validate::clean(&g.relationship),
        email: g.email.trim().to_string(),
        phone: crate::validate::clean(&g.phone),
        source: if by_school {
            GuardianSource::School
        } else {
            GuardianSource::Student
        },
        confirmed: by_school,
    };
    let same = p.guardian.as_ref().is_some_and(|o| {
        o.name == new.name
            && o.email == new.email
            && o.relationship == new.relationship
            && o.phone == new.phone
    });
    if same {
        return Ok(p);
    }
    if guardian_mail::would_mail(&p) && !by_school {
        guardian_mail::throttle(w, p.id, now)?;
    }
    let (why, gave) = if by_school {
        (
            crate::said!("the-school-changed-the-parent-or-guardian"),
            crate::said!("the-school-gave-the-parent-or-guardian"),
        )
    } else {
        (
            crate::said!("the-student-changed-the-parent-or-guardian"),
            crate::said!("the-student-gave-their-parent-or-guardian"),
        )
    };
    let why = why.encode();
    let signed = void_signatures(w, &mut p, who.actor(), now, &why, &[])?;
    // Until they choose on their page, a family reads the student's language.
    if crate::store::languages::of_email(w, &new.email)?.is_none()
        && let Some(lang) = crate::store::languages::of_user(w, student_id)?
    {
        crate::store::languages::set_email(w, &new.email, lang)?;
    }
    p.guardian = Some(new);
    p.guardian_declined = None;
    p.guardian_link = None;
    p.history.push((now, gave.encode()));
    // The new guardian gets the plain invitation; a supervisor who had signed, why again.
    guardian_mail::send_link_if_due(w, &mut p, now, &[])?;
    let supervisor: Vec<Party> = signed
        .into_iter()
        .filter(|x| *x == Party::Supervisor)
        .collect();
    relink(w, &mut p, &supervisor, &why, &[], now)?;
    super::supervisor::send_link_if_due(w, &mut p, now, &[])?;
    super::school_mail::guardian_to_confirm(w, &p, now)?;
    placements::save(w, &p)?;
    Ok(p)
}

/// The school confirms a guardian the student gave (before the school signs).
pub fn confirm_guardian(w: &Wtx, who: &Who, id: u64, now: i64) -> AppResult<Placement> {
    let mut p = visible(w, id, who)?;
    let Some(g) = p.guardian.as_mut() else {
        return Err(AppError::Conflict(crate::t!(
            "the-student-has-not-given-a-parent"
        )));
    };
    g.confirmed = true;
    let name = g.name.clone();
    p.history.push((
        now,
        crate::said!("the-school-confirmed-the-parent-or-guardian", name = &name).encode(),
    ));
    audit_change(
        w,
        now,
        who.actor(),
        &p,
        crate::i18n::Text::new("by-confirmed-the-guardian-name-placement-placement")
            .arg("name", &name)
            .encode(),
    )?;
    placements::save(w, &p)?;
    Ok(p)
}

/// A fresh guardian's link, e-mailed; its token (the demo signs with it).
pub fn guardian_token(w: &Wtx, p: &mut Placement, now: i64) -> StoreResult<String> {
    guardian_mail::link(w, p, now)
}

/// The student or the school sends the guardian a new link.
pub fn resend_guardian_link(w: &Wtx, who: &Who, id: u64, now: i64) -> AppResult<()> {
    let mut p = visible(w, id, who)?;
    if matches!(who, Who::Employer(_)) {
        return Err(AppError::Forbidden(crate::t!(
            "the-student-or-the-school-sends-the"
        )));
    }
    if p.state != State::AwaitingSignatures {
        return Err(AppError::Conflict(crate::t!(
            "this-agreement-is-not-open-for-signatures"
        )));
    }
    if p.guardian.is_none() {
        return Err(AppError::Conflict(crate::t!(
            "add-a-parent-or-guardian-first"
        )));
    }
    if p.signatures.iter().any(|s| s.party == Party::Guardian) {
        return Err(AppError::Conflict(crate::t!(
            "the-parent-or-guardian-has-already-signed"
        )));
    }
    // The student's resends are throttled (a mail to a third party); the school's are not.
    if matches!(who, Who::Student(_)) {
        guardian_mail::throttle(w, p.id, now)?;
    }
    p.guardian_declined = None;
    guardian_mail::link(w, &mut p, now)?;
    placements::save(w, &p)?;
    Ok(())
}

/// The placement of a live guardian link.
pub fn by_guardian_token(r: &impl Reader, token: &str, now: i64) -> AppResult<Placement> {
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(AppError::not_found(link_gone()));
    }
    let hash = sha256(token);
    match placements::by_guardian_link(r, &hash)? {
        Some(p)
            if p.state == State::AwaitingSignatures
                && p.guardian_link.is_some_and(|(_, exp)| exp > now) =>
        {
            Ok(p)
        }
        Some(_) => Err(AppError::not_found(link_gone())),
        None => {
            let p = placements::ended_guardian_link(r, &hash)?;
            let message = ended_link(p.as_ref(), &crate::services::settings::time_zone(r)?, now);
            Err(match p.filter(copy_again_offered) {
                Some(_) => AppError::NotFoundNext {
                    message,
                    next: "copy-again",
                },
                None => AppError::not_found(message),
            })
        }
    }
}

/// A guardian who signed, once everyone signed and their copy was e-mailed, may ask for a new
/// copy link from their old signing link (the copy's link lasts 30 days; the agreement longer).
fn copy_again_offered(p: &Placement) -> bool {
    !p.deidentified
        && p.guardian.is_some()
        && p.guardian_copy.is_some()
        && p.signatures.iter().any(|s| s.party == Party::Guardian)
        && matches!(
            p.state,
            State::Active | State::Completed | State::EndedEarly
        )
}

/// "E-mail me my copy again" from the guardian's old signing link: a new 30-day copy link,
/// mailed to the address the placement has for the guardian (never to whoever holds the
/// link), counted against the guardian's mails. Only the newest copy link opens the PDF.
pub fn guardian_copy_again(w: &Wtx, token: &str, now: i64) -> AppResult<()> {
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(AppError::not_found(link_gone()));
    }
    let Some(mut p) =
        placements::ended_guardian_link(w, &sha256(token))?.filter(copy_again_offered)
    else {
        return Err(AppError::not_found(link_gone()));
    };
    guardian_mail::throttle(w, p.id, now)?;
    let copy = crate::tokens::random_hex(32);
    p.guardian_copy = Some((sha256(&copy), now + super::GUARDIAN_COPY_MS));
    let url = format!(
        "{}/api/guardian/{copy}/agreement.pdf",
        crate::services::password_reset::public_url(w)?
    );
    guardian_mail::copy_again(w, &p, &url, now)?;
    placements::save(w, &p)?;
    Ok(())
}

/// What a guardian reads who opens a link that stopped working: that they signed (or
/// declined) and when, or that a newer link was sent; nothing else about the placement.
fn ended_link(p: Option<&Placement>, zone: &crate::clock::Zone, now: i64) -> String {
    let lang = crate::i18n::current();
    let day = |ms: i64| super::agreement::long_date_in(lang, zone.date_of(ms));
    let Some(p) = p.filter(|p| !p.deidentified) else {
        return link_gone();
    };
    if let Some(s) = p.signatures.iter().find(|s| s.party == Party::Guardian) {
        let date = day(s.at);
        let last = p.signatures.iter().map(|s| s.at).max().unwrap_or(s.at);
        return if p.guardian_copy.is_some() {
            crate::t!(
                "guardian-link-signed-copy-sent",
                date = date,
                copied = day(last)
            )
        } else {
            crate::t!("guardian-link-signed-copy-later", date = date)
        };
    }
    if let Some((_, at)) = &p.guardian_declined {
        return crate::t!("guardian-link-declined", date = day(*at));
    }
    match (p.guardian_link, p.guardian_link_sent_at) {
        (Some((_, exp)), Some(sent)) if exp > now && p.state == State::AwaitingSignatures => {
            crate::t!("guardian-link-newer", date = day(sent))
        }
        _ => link_gone(),
    }
}

/// The guardian signs through the link (single use: the link ends with the signature).
pub fn guardian_sign(
    w: &Wtx,
    token: &str,
    by: SignedBy,
    consent: bool,
    now: i64,
) -> AppResult<Placement> {
    let mut p = by_guardian_token(w, token, now)?;
    let mut c = Checks::new();
    c.check(
        "consent",
        consent,
        &crate::t!("please-tick-the-box-to-give-your"),
    );
    let name = crate::validate::clean(&by.name);
    c.check(
        "name",
        !name.is_empty() && name.chars().count() <= 100,
        &crate::t!("type-your-full-name-to-sign"),
    );
    c.finish()?;
    p.guardian_link = None;
    add_signature(w, p, Party::Guardian, name, 0, Actor::Guardian, by, now)
}

/// The guardian declines, with why: the student and the school are told; the link ends.
pub fn guardian_decline(w: &Wtx, token: &str, reason: &str, now: i64) -> AppResult<Placement> {
    let mut p = by_guardian_token(w, token, now)?;
    let reason = crate::validate::clean(reason);
    let mut c = Checks::new();
    c.required(
        "reason",
        &reason,
        &crate::t!("please-say-why-so-the-school-can"),
    )
    .max_len("reason", &reason, 500);
    c.finish()?;
    p.guardian_link = None;
    p.guardian_declined = Some((reason.clone(), now));
    p.history.push((
        now,
        crate::said!("the-parent-or-guardian-declined").encode(),
    ));
    audit_change(
        w,
        now,
        Actor::Guardian,
        &p,
        crate::i18n::Text::new("by-declined-the-agreement-reason-placement-placement")
            .arg("reason", &reason)
            .encode(),
    )?;
    super::school_mail::guardian_declined(w, &p, &reason, now)?;
    crate::services::notify::notify(
        w,
        p.student_id,
        "placement",
        crate::said!(
            "your-parent-or-guardian-declined-the-internship",
            reason = &reason
        ),
        &format!("/placements/{}", p.id),
    )?;
    placements::save(w, &p)?;
    Ok(p)
}

/// The placement of a guardian's copy link (the signed agreement), while it lasts.
pub fn by_guardian_copy(r: &impl Reader, token: &str, now: i64) -> AppResult<Placement> {
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(AppError::not_found(link_gone()));
    }
    match placements::by_guardian_copy(r, &sha256(token))? {
        // Only the newest copy link: an earlier one's lookup may outlive it.
        Some(p)
            if p.guardian_copy
                .is_some_and(|(h, exp)| h == sha256(token) && exp > now)
                && !p.deidentified =>
        {
            Ok(p)
        }
        _ => Err(AppError::not_found(link_gone())),
    }
}
