//! The e-mails to the school about its placements: the coordinators of the student's school
//! (the district admins where it has none, the district's contact address where there are no
//! admins yet) hear when a placement waits for the school (a guardian to confirm, the school's
//! signature, completion) and when a parent or guardian declines.

use crate::domain::placements::{EvaluationKind, Party};
use crate::i18n::Lang;
use crate::store::internships::Internship;
use crate::store::placements::{GuardianSource, Placement};
use crate::store::staff::StaffRole;
use crate::store::users::User;
use crate::store::{Reader, StoreResult, Wtx};
use crate::tl;

/// Who at the school hears about `p`.
pub fn recipients(r: &impl Reader, p: &Placement) -> StoreResult<Vec<String>> {
    let live: Vec<_> = crate::store::staff::all(r)?
        .into_iter()
        .filter(|m| m.enrolled && !m.disabled)
        .collect();
    let coordinators: Vec<String> = live
        .iter()
        .filter(|m| {
            m.role == StaffRole::Coordinator
                && m.school
                    .as_deref()
                    .is_some_and(|s| crate::services::students::same_school(s, &p.school))
        })
        .map(|m| m.email.clone())
        .collect();
    if !coordinators.is_empty() {
        return Ok(coordinators);
    }
    let admins: Vec<String> = live
        .iter()
        .filter(|m| m.role == StaffRole::Admin)
        .map(|m| m.email.clone())
        .collect();
    if !admins.is_empty() {
        return Ok(admins);
    }
    Ok(crate::services::settings::district_contact(r)?
        .filter(|c| c.contains('@'))
        .into_iter()
        .collect())
}

/// Whom a family asks about a placement.
pub struct Contact {
    pub name: String,
    /// An e-mail address or a phone number.
    pub reach: String,
    /// The coordinator of the student's school (else the district's contact).
    pub coordinator: bool,
}

/// Whom a family asks about `p`: the coordinator of the student's school (name, e-mail),
/// else the district's contact (`settings set district-contact`); None when neither exists.
pub fn contact(r: &impl Reader, p: &Placement) -> StoreResult<Option<Contact>> {
    let coordinator = crate::store::staff::all(r)?.into_iter().find(|m| {
        m.enrolled
            && !m.disabled
            && m.role == StaffRole::Coordinator
            && m.school
                .as_deref()
                .is_some_and(|s| crate::services::students::same_school(s, &p.school))
    });
    if let Some(m) = coordinator {
        return Ok(Some(Contact {
            name: m.name,
            reach: m.email,
            coordinator: true,
        }));
    }
    match crate::services::settings::district_contact(r)? {
        Some(reach) => Ok(Some(Contact {
            name: crate::services::settings::district_signature(r)?,
            reach,
            coordinator: false,
        })),
        None => Ok(None),
    }
}

/// The line of a family's e-mail in `lang` that says whom to ask, or None.
pub fn contact_line_in(
    r: &impl Reader,
    p: &Placement,
    lang: crate::i18n::Lang,
) -> StoreResult<Option<String>> {
    let Some(c) = contact(r, p)? else {
        return Ok(None);
    };
    Ok(Some(if c.coordinator {
        crate::tl!(
            lang,
            "questions-contact-name-the-school-s-internship",
            name = &c.name,
            reach = &c.reach
        )
    } else {
        // The district by its name in the reader's language ("El distrito escolar" when unset).
        let name = crate::services::settings::district_signature_in(r, lang)?;
        crate::tl!(
            lang,
            "questions-contact-name-reach",
            name = name,
            reach = &c.reach
        )
    }))
}

/// "Sam Lee's placement at Acme Robotics", in `lang`.
fn whose(r: &impl Reader, p: &Placement, lang: Lang) -> StoreResult<String> {
    let student = r
        .get::<User>(p.student_id)?
        .map(|u| u.full_name())
        .unwrap_or_else(|| tl!(lang, "a-student"));
    let company = r
        .get::<Internship>(p.internship_id)?
        .map(|i| i.company)
        .unwrap_or_default();
    Ok(tl!(
        lang,
        "student-s-placement-at-company",
        student = student,
        company = company
    ))
}

/// Mails each of the school's people in their own language: `said(lang, whose)` gives the
/// subject and what happened, "whose" naming the placement.
fn send(
    w: &Wtx,
    p: &Placement,
    now: i64,
    said: impl Fn(Lang, &str) -> (String, String),
) -> StoreResult<()> {
    let base = crate::services::password_reset::public_url(w)?;
    for to in recipients(w, p)? {
        let lang = crate::store::languages::of_email(w, &to)?.unwrap_or_default();
        let (subject, what) = said(lang, &whose(w, p, lang)?);
        let body = format!(
            "{what}\n\n{}\n{base}/placements/{}\n",
            tl!(lang, "open-the-placement"),
            p.id
        );
        crate::store::outbox::enqueue(w, &to, &subject, &body, now)?;
    }
    Ok(())
}

/// The student gave a parent or guardian the school confirms before it signs.
pub fn guardian_to_confirm(w: &Wtx, p: &Placement, now: i64) -> StoreResult<()> {
    if !p
        .guardian
        .as_ref()
        .is_some_and(|g| g.source == GuardianSource::Student && !g.confirmed)
    {
        return Ok(());
    }
    send(w, p, now, |lang, whose| {
        (
            tl!(lang, "please-confirm-the-guardian-for-whose", whose = whose),
            tl!(
                lang,
                "the-student-gave-their-parent-or-guardian-2",
                whose = whose
            ),
        )
    })
}

/// Everyone but the school signed: the agreement waits for the school's signature.
pub fn signature_due(w: &Wtx, p: &Placement, now: i64) -> StoreResult<()> {
    let waiting_for_school = Party::ALL
        .iter()
        .all(|x| *x == Party::School || p.signatures.iter().any(|s| s.party == *x))
        && !p.signatures.iter().any(|s| s.party == Party::School);
    if !waiting_for_school {
        return Ok(());
    }
    send(w, p, now, |lang, whose| {
        (
            tl!(lang, "the-school-s-signature-is-due-for", whose = whose),
            tl!(
                lang,
                "the-student-the-parent-or-guardian-and",
                whose = whose
            ),
        )
    })
}

/// The final evaluation is in: the school can complete the placement.
pub fn completion_due(w: &Wtx, p: &Placement, kind: EvaluationKind, now: i64) -> StoreResult<()> {
    if kind != EvaluationKind::Final {
        return Ok(());
    }
    send(w, p, now, |lang, whose| {
        (
            tl!(lang, "whose-can-be-completed", whose = whose),
            tl!(
                lang,
                "the-supervisor-submitted-the-final-evaluation-for",
                whose = whose
            ),
        )
    })
}

/// The parent or guardian declined the agreement, with why.
pub fn guardian_declined(w: &Wtx, p: &Placement, reason: &str, now: i64) -> StoreResult<()> {
    send(w, p, now, |lang, whose| {
        (
            tl!(
                lang,
                "the-parent-or-guardian-declined-the-agreement",
                whose = whose
            ),
            tl!(
                lang,
                "the-parent-or-guardian-declined-the-training",
                whose = whose,
                reason = reason
            ),
        )
    })
}
