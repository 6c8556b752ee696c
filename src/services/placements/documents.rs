//! What a placement shows to someone without an account and on paper: the guardian's page and
//! the PDFs (the signed agreement, with the frozen text every signature is of, and the
//! certificate), made from the stored record each time.

use serde::Serialize;
use time::OffsetDateTime;

use super::agreement::{
    agreement_texts, hex, in_language, long_date_in, posting, sha256, signed_in,
};
use super::views::{SignatureView, date_str, signatures};
use crate::domain::placements::{self as rules, Party, State};
use crate::error::{AppError, AppResult};
use crate::i18n::Lang;
use crate::pdf::{self, Block};
use crate::store::Reader;
use crate::store::internships::Internship;
use crate::store::placements::{self, Placement};
use crate::store::users::User;

/// The guardian's page: only this agreement, nothing else of the student's.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GuardianPage {
    pub placement: GuardianPlacement,
    pub guardian: GuardianName,
    pub district: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GuardianPlacement {
    pub student_name: String,
    pub company: String,
    pub title: String,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub agreement_text: String,
    pub agreement_sha256: String,
    /// The language of `agreement_text` (the page's, or English when the district has none).
    pub agreement_language: &'static str,
    pub signatures: Vec<SignatureView>,
    pub state: &'static str,
    /// What the student will do, where and when, above the agreement that says it at length.
    pub worksite: String,
    pub schedule: String,
    pub planned_hours: u32,
    pub paid: bool,
    pub hourly_wage: Option<f64>,
    pub supervisor_name: String,
    /// Whom to ask: the school's coordinator, else the district's contact.
    pub contact: Option<ContactView>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ContactView {
    pub name: String,
    /// An e-mail address or a phone number.
    pub reach: String,
    pub coordinator: bool,
}

#[derive(Serialize)]
pub struct GuardianName {
    pub name: String,
    pub relationship: String,
}

/// The supervisor's page (their own link): only this agreement.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SupervisorPage {
    pub placement: GuardianPlacement,
    pub supervisor: SupervisorName,
    pub district: String,
}

#[derive(Serialize)]
pub struct SupervisorName {
    pub name: String,
    pub title: String,
}

pub fn supervisor_page(r: &impl Reader, p: &Placement, lang: Lang) -> AppResult<SupervisorPage> {
    let page = guardian_page(r, p, lang)?;
    Ok(SupervisorPage {
        placement: page.placement,
        supervisor: SupervisorName {
            name: p.supervisor.name.clone(),
            title: p.supervisor.title.clone(),
        },
        district: page.district,
    })
}

/// The page in `lang`, the agreement in the guardian's language when the district has it.
pub fn guardian_page(r: &impl Reader, p: &Placement, lang: Lang) -> AppResult<GuardianPage> {
    let texts = agreement_texts(r, p)?;
    let (text_lang, text) = in_language(&texts, lang);
    let (title, company) = posting(r, p)?;
    let g = p.guardian.as_ref();
    Ok(GuardianPage {
        placement: GuardianPlacement {
            student_name: r
                .get::<User>(p.student_id)?
                .map(|u| u.full_name())
                .unwrap_or_default(),
            company,
            title,
            start_date: p.start.map(date_str),
            end_date: p.end.map(date_str),
            agreement_sha256: hex(&sha256(&text)),
            agreement_text: text,
            agreement_language: text_lang.code(),
            signatures: signatures(p, &texts),
            state: p.state.as_str(),
            worksite: p.worksite.clone(),
            schedule: p.schedule.clone(),
            planned_hours: p.planned_hours,
            paid: p.paid,
            hourly_wage: p
                .hourly_wage_cents
                .filter(|_| p.paid)
                .map(|c| f64::from(c) / 100.0),
            supervisor_name: p.supervisor.name.clone(),
            contact: super::school_mail::contact(r, p)?.map(|c| ContactView {
                name: c.name,
                reach: c.reach,
                coordinator: c.coordinator,
            }),
        },
        guardian: GuardianName {
            name: g.map(|g| g.name.clone()).unwrap_or_default(),
            relationship: g.map(|g| g.relationship.clone()).unwrap_or_default(),
        },
        district: crate::services::settings::district_signature_in(r, lang)?,
    })
}

fn when_in(lang: Lang, ms: i64) -> String {
    OffsetDateTime::from_unix_timestamp(ms / 1000)
        .map(|t| {
            format!(
                "{} {:02}:{:02} UTC",
                long_date_in(lang, t.date()),
                t.hour(),
                t.minute()
            )
        })
        .unwrap_or_default()
}

/// The signed agreement as a PDF in `lang`: the text in every language a party signed (each
/// party reads and signs the one in their language), who read which, each signature with its
/// name, time and the hash of the text it is of, and the district's name.
pub fn agreement_pdf(r: &impl Reader, p: &Placement, lang: Lang) -> AppResult<Vec<u8>> {
    if !matches!(
        p.state,
        State::Active | State::Completed | State::EndedEarly
    ) {
        return Err(AppError::Conflict(
            "The signed agreement exists once all four parties signed".into(),
        ));
    }
    let texts = agreement_texts(r, p)?;
    let district = crate::services::settings::district_signature_in(r, lang)?;
    let tr = |s: &str| lang.tr(s).into_owned();
    let mut blocks = vec![
        Block::Title(tr("Work-based learning training agreement")),
        Block::Small(district.clone()),
        Block::Gap,
    ];
    // Each language a party read, English first, with the parties who read it.
    let signed: Vec<(Lang, &str, Vec<Party>)> = texts
        .iter()
        .filter_map(|(l, t)| {
            let sha = sha256(t);
            let parties: Vec<Party> = p
                .signatures
                .iter()
                .filter(|s| s.sha256 == sha)
                .map(|s| s.party)
                .collect();
            (!parties.is_empty()).then_some((*l, t.as_str(), parties))
        })
        .collect();
    for (l, text, parties) in &signed {
        if signed.len() > 1 {
            blocks.push(Block::Heading(tr(&format!(
                "The agreement in {}",
                language_name(*l)
            ))));
        }
        let who: Vec<String> = parties.iter().map(|x| tr(party_label(*x))).collect();
        blocks.push(Block::Small(tr(&format!(
            "Read and signed in {} by: {}",
            language_name(*l),
            who.join(", ")
        ))));
        blocks.push(Block::Gap);
        for para in text.split("\n\n") {
            blocks.push(Block::Text(para.to_string()));
            blocks.push(Block::Gap);
        }
    }
    blocks.push(Block::Heading(tr("Signatures")));
    for s in &p.signatures {
        blocks.push(Block::Text(tr(&format!(
            "{}: {}, signed {}",
            tr(party_label(s.party)),
            s.name,
            when_in(lang, s.at)
        ))));
        let read = signed_in(&texts, &s.sha256).unwrap_or(Lang::En);
        blocks.push(Block::Small(tr(&format!(
            "read in {}, SHA-256 of that text {}",
            language_name(read),
            hex(&s.sha256)
        ))));
    }
    Ok(pdf::document(
        &tr("Training agreement"),
        &district,
        &page_of(lang),
        &blocks,
    ))
}

/// A language's name in English, for a sentence the catalogue translates.
fn language_name(l: Lang) -> &'static str {
    match l {
        Lang::En => "English",
        Lang::Es => "Spanish",
    }
}

fn party_label(p: Party) -> &'static str {
    p.label()
}

/// The completion certificate, in `lang`.
pub fn certificate_pdf(r: &impl Reader, p: &Placement, lang: Lang) -> AppResult<Vec<u8>> {
    if p.state != State::Completed {
        return Err(AppError::Conflict(
            "The certificate exists once the placement is completed".into(),
        ));
    }
    let student = r
        .get::<User>(p.student_id)?
        .map(|u| u.full_name())
        .unwrap_or_default();
    let internship = r.get::<Internship>(p.internship_id)?;
    let title = internship
        .as_ref()
        .map(|i| i.title.clone())
        .unwrap_or_default();
    let company = internship
        .as_ref()
        .map(|i| i.company.clone())
        .unwrap_or_default();
    let approved = super::hours::totals(&placements::entries(r, p.id)?).approved;
    let district = crate::services::settings::district_signature_in(r, lang)?;
    let tr = |s: &str| lang.tr(s).into_owned();
    let dates = match (p.start, p.end) {
        (Some(s), Some(e)) => tr(&format!(
            "{} to {}",
            long_date_in(lang, s),
            long_date_in(lang, e)
        )),
        _ => String::new(),
    };
    let blocks = [
        Block::Title(tr("Certificate of work-based learning")),
        Block::Gap,
        Block::Text(tr(&format!("{district} certifies that"))),
        Block::Title(student),
        Block::Text(tr(&format!(
            "completed {} hours of work-based learning as {title} at {company}, {dates}.",
            rules::fmt_hours(approved)
        ))),
        Block::Gap,
        Block::Text(tr(&format!(
            "Completed {}",
            p.finished_at.map(|t| when_in(lang, t)).unwrap_or_default()
        ))),
        Block::Small(tr(&format!("Placement #{} · {}", p.id, p.school))),
    ];
    Ok(pdf::document(
        &tr("Certificate of work-based learning"),
        &district,
        &page_of(lang),
        &blocks,
    ))
}

/// A page's number as a reader of `lang` writes it ("page 1 of 2").
fn page_of(lang: Lang) -> impl Fn(usize, usize) -> String {
    move |n, count| lang.tr(&format!("page {n} of {count}")).into_owned()
}
