//! The training agreement's text, one per language: made from the district's templates and
//! the placement's facts while nobody has signed, frozen together at the first signature
//! (`store::placements::FrozenText`), so that what each party read in their language, what the
//! views and the PDF show and what every signature's hash is of stay the same texts. Anything that changes the facts after a signature
//! (the employer's details, the guardian) voids every signature, which unfreezes it; nothing
//! else (a retitled posting, a renamed student, a new template, caps or district name)
//! reaches a frozen text. A signature whose hash is not the shown text's is never added to
//! (`stale`): the school cannot sign and the placement cannot become active over it.

use sha2::{Digest, Sha256};
use time::Date;

use crate::domain::placements::{self as rules, State};
use crate::i18n::Lang;
use crate::store::audit::{self, Actor, Event};
use crate::store::internships::Internship;
use crate::store::placements::{self, FrozenText, Placement};
use crate::store::users::User;
use crate::store::{Reader, StoreResult, Wtx};

pub fn sha256(text: &str) -> [u8; 32] {
    Sha256::digest(text.as_bytes()).into()
}

pub fn hex(h: &[u8; 32]) -> String {
    h.iter().map(|b| format!("{b:02x}")).collect()
}

/// The agreement's texts as they are shown and signed, one per language it exists in, English
/// first: the frozen ones once someone signed, else the district's templates filled in with
/// today's facts. Each party reads and signs the one in their language (English when theirs
/// has none), and each signature keeps the hash of the one it read.
pub fn agreement_texts(r: &impl Reader, p: &Placement) -> StoreResult<Vec<(Lang, String)>> {
    if let Some(f) = placements::frozen_text(r, p.id)? {
        let texts: Vec<(Lang, String)> = f
            .texts
            .iter()
            .filter_map(|(code, t)| Lang::parse(code).map(|l| (l, t.clone())))
            .collect();
        if !texts.is_empty() {
            return Ok(texts);
        }
    }
    let mut texts = Vec::new();
    for lang in Lang::ALL {
        if let Some(t) = live_text(r, p, lang)? {
            texts.push((lang, t));
        }
    }
    Ok(texts)
}

/// The text a reader of `lang` is shown, and its language (English when `lang` has none).
pub fn agreement_text(r: &impl Reader, p: &Placement, lang: Lang) -> StoreResult<(Lang, String)> {
    let texts = agreement_texts(r, p)?;
    Ok(in_language(&texts, lang))
}

/// Of `texts`, the one in `lang`, else the English one.
pub fn in_language(texts: &[(Lang, String)], lang: Lang) -> (Lang, String) {
    texts
        .iter()
        .find(|(l, _)| *l == lang)
        .or_else(|| texts.iter().find(|(l, _)| *l == Lang::En))
        .or(texts.first())
        .cloned()
        .unwrap_or((Lang::En, String::new()))
}

/// The language of the text a signature is of (None: of no text shown now).
pub fn signed_in(texts: &[(Lang, String)], sha: &[u8; 32]) -> Option<Lang> {
    texts
        .iter()
        .find(|(_, t)| sha256(t) == *sha)
        .map(|(l, _)| *l)
}

/// The posting's title and company as the agreement names them (frozen with its text).
pub fn posting(r: &impl Reader, p: &Placement) -> StoreResult<(String, String)> {
    if let Some(f) = placements::frozen_text(r, p.id)? {
        return Ok((f.title, f.company));
    }
    let i = r.get::<Internship>(p.internship_id)?;
    Ok(i.map(|i| (i.title, i.company)).unwrap_or_default())
}

/// Whether a signature is of no text shown now (signed over another text).
pub fn stale(r: &impl Reader, p: &Placement) -> StoreResult<bool> {
    if p.signatures.is_empty() {
        return Ok(false);
    }
    let texts = agreement_texts(r, p)?;
    Ok(p.signatures
        .iter()
        .any(|s| signed_in(&texts, &s.sha256).is_none()))
}

/// Freezes every language's text at the first signature (nothing frozen yet).
pub fn freeze(w: &Wtx, p: &Placement, texts: &[(Lang, String)], now: i64) -> StoreResult<()> {
    if placements::frozen_text(w, p.id)?.is_some() {
        return Ok(());
    }
    let (title, company) = posting(w, p)?;
    // The caps the text states are the placement's from now on (a later change of the
    // district's caps does not re-judge hours already agreed).
    let caps = crate::services::settings::hour_caps(w)?;
    placements::put_agreed_caps(w, p.id, caps.per_day, caps.per_week)?;
    placements::freeze_text(
        w,
        &FrozenText {
            placement_id: p.id,
            texts: texts
                .iter()
                .map(|(l, t)| (l.code().to_string(), t.clone()))
                .collect(),
            title,
            company,
            frozen_at: now,
        },
    )
}

/// `rules::long_date` as a reader of `lang` writes it ("2 de marzo de 2027").
pub fn long_date_in(lang: Lang, d: Date) -> String {
    match lang {
        Lang::En => rules::long_date(d),
        Lang::Es => format!(
            "{} de {} de {}",
            d.day(),
            crate::i18n::SPANISH_MONTHS[usize::from(u8::from(d.month())) - 1],
            d.year()
        ),
    }
}

/// The template in `lang` filled in with the placement's facts as they are now (None: the
/// district has no text in `lang`).
fn live_text(r: &impl Reader, p: &Placement, lang: Lang) -> StoreResult<Option<String>> {
    let Some(template) = crate::services::settings::agreement_template(r, lang)? else {
        return Ok(None);
    };
    let student = r.get::<User>(p.student_id)?;
    let employer = r.get::<User>(p.employer_id)?;
    let internship = r.get::<Internship>(p.internship_id)?;
    let caps = crate::services::settings::hour_caps(r)?;
    let district = crate::services::settings::district_signature_in(r, lang)?;
    // What a fact not given yet reads as, in the text's language.
    let (not_set, not_named, not_given, the_student) = match lang {
        Lang::En => (
            "(not set)",
            "(not named yet)",
            "(not given yet)",
            "the student",
        ),
        Lang::Es => (
            "(sin definir)",
            "(sin nombrar todavía)",
            "(sin indicar todavía)",
            "el estudiante",
        ),
    };
    let or_not_set = |s: &str| {
        if s.trim().is_empty() {
            not_set.to_string()
        } else {
            s.to_string()
        }
    };
    let date = |d: Option<Date>| {
        d.map(|d| long_date_in(lang, d))
            .unwrap_or_else(|| not_set.into())
    };
    let supervisor = if p.supervisor.name.is_empty() {
        not_named.to_string()
    } else if p.supervisor.title.is_empty() {
        p.supervisor.name.clone()
    } else {
        format!("{} ({})", p.supervisor.name, p.supervisor.title)
    };
    let value = |k: &str| -> String {
        match k {
            "student" => student
                .as_ref()
                .map(User::full_name)
                .unwrap_or_else(|| the_student.into()),
            // "11th grade", never the stored "junior".
            "grade" => match crate::domain::options::grade_label(&p.grade) {
                "" => p.grade.clone(),
                words => lang.tr(words).into_owned(),
            },
            "school" => p.school.clone(),
            "company" => employer
                .as_ref()
                .map(|e| e.company.clone())
                .or_else(|| internship.as_ref().map(|i| i.company.clone()))
                .unwrap_or_default(),
            "title" => internship
                .as_ref()
                .map(|i| i.title.clone())
                .unwrap_or_default(),
            "supervisor" => supervisor.clone(),
            // Before the employer saves the details, each fact reads "(not set)", never an
            // empty gap or a guess ("unpaid").
            "worksite" | "schedule" | "hours" | "pay" if p.state == State::Setup => not_set.into(),
            "worksite" => or_not_set(&p.worksite),
            "start" => date(p.start),
            "end" => date(p.end),
            "schedule" => or_not_set(&p.schedule),
            "hours" => p.planned_hours.to_string(),
            "pay" => match ((p.paid, p.hourly_wage_cents), lang) {
                ((true, Some(c)), Lang::En) => {
                    format!("paid ${}.{:02} an hour", c / 100, c % 100)
                }
                ((true, Some(c)), Lang::Es) => {
                    format!("remunerada, a ${}.{:02} por hora", c / 100, c % 100)
                }
                (_, Lang::En) => "unpaid".into(),
                (_, Lang::Es) => "no remunerada".into(),
            },
            "district" => district.clone(),
            "max_day" => rules::fmt_hours(caps.per_day),
            "max_week" => rules::fmt_hours(caps.per_week),
            "guardian" => p
                .guardian
                .as_ref()
                .map(|g| g.name.clone())
                .unwrap_or_else(|| not_given.into()),
            _ => String::new(),
        }
    };
    Ok(Some(rules::fill(&template, value)))
}

/// The audit entry of a placement's change (signatures, voids, approvals, completion...).
pub(crate) fn audit_change(
    w: &Wtx,
    now: i64,
    actor: Actor,
    p: &Placement,
    change: String,
) -> StoreResult<()> {
    audit::append(
        w,
        now,
        actor,
        Event::PlacementChanged {
            placement: p.id,
            change,
        },
        ("placement", Some(p.id)),
        Some(p.student_id),
    )
    .map(|_| ())
}

/// Tells the student and the employer (in the app and by e-mail) something about the
/// placement. The guardian and a supervisor without an account hear only what asks something
/// of them (their links) or ends the placement, each in a mail of its own.
pub(super) fn tell_everyone(w: &Wtx, p: &Placement, text: &str) -> StoreResult<()> {
    let link = format!("/placements/{}", p.id);
    crate::services::notify::notify(w, p.student_id, "placement", text.to_string(), &link)?;
    crate::services::notify::notify(w, p.employer_id, "placement", text.to_string(), &link)?;
    Ok(())
}
