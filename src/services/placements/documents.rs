//! What a placement shows to someone without an account and on paper: the guardian's page and
//! the PDFs (the signed agreement, with the frozen text every signature is of, and the
//! certificate), made from the stored record each time.

use serde::Serialize;
use time::OffsetDateTime;

use super::agreement::{agreement_text, hex, posting, sha256};
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
    pub signatures: Vec<SignatureView>,
    pub state: &'static str,
}

#[derive(Serialize)]
pub struct GuardianName {
    pub name: String,
    pub relationship: String,
}

pub fn guardian_page(r: &impl Reader, p: &Placement) -> AppResult<GuardianPage> {
    let text = agreement_text(r, p)?;
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
            signatures: signatures(p),
            state: p.state.as_str(),
        },
        guardian: GuardianName {
            name: g.map(|g| g.name.clone()).unwrap_or_default(),
            relationship: g.map(|g| g.relationship.clone()).unwrap_or_default(),
        },
        district: crate::services::settings::district_signature(r)?,
    })
}

/// `rules::long_date` as a reader of `lang` writes it ("2 de marzo de 2027").
fn long_date_in(lang: Lang, d: time::Date) -> String {
    const MESES: [&str; 12] = [
        "enero",
        "febrero",
        "marzo",
        "abril",
        "mayo",
        "junio",
        "julio",
        "agosto",
        "septiembre",
        "octubre",
        "noviembre",
        "diciembre",
    ];
    match lang {
        Lang::En => rules::long_date(d),
        Lang::Es => format!(
            "{} de {} de {}",
            d.day(),
            MESES[d.month() as usize - 1],
            d.year()
        ),
    }
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

/// The signed agreement as a PDF in `lang`: the text (in English, the words that were signed
/// and hashed), each signature with its name, time and the document's hash, and the district's
/// name.
pub fn agreement_pdf(r: &impl Reader, p: &Placement, lang: Lang) -> AppResult<Vec<u8>> {
    if !matches!(
        p.state,
        State::Active | State::Completed | State::EndedEarly
    ) {
        return Err(AppError::Conflict(
            "The signed agreement exists once all four parties signed".into(),
        ));
    }
    let text = agreement_text(r, p)?;
    let sha = hex(&sha256(&text));
    let district = lang
        .tr(&crate::services::settings::district_signature(r)?)
        .into_owned();
    let tr = |s: &str| lang.tr(s).into_owned();
    let mut blocks = vec![
        Block::Title(tr("Work-based learning training agreement")),
        Block::Small(district.clone()),
        Block::Gap,
    ];
    if lang != Lang::En {
        blocks.push(Block::Small(tr(
            "The agreement below is in English, the words every party signed.",
        )));
        blocks.push(Block::Gap);
    }
    for para in text.split("\n\n") {
        blocks.push(Block::Text(para.to_string()));
        blocks.push(Block::Gap);
    }
    blocks.push(Block::Heading(tr("Signatures")));
    for s in &p.signatures {
        blocks.push(Block::Text(tr(&format!(
            "{}: {}, signed {}",
            tr(party_label(s.party)),
            s.name,
            when_in(lang, s.at)
        ))));
        blocks.push(Block::Small(tr(&format!(
            "document SHA-256 {}",
            hex(&s.sha256)
        ))));
    }
    blocks.push(Block::Gap);
    blocks.push(Block::Small(tr(&format!(
        "SHA-256 of the agreement text: {sha}"
    ))));
    Ok(pdf::document(
        &tr("Training agreement"),
        &district,
        &page_of(lang),
        &blocks,
    ))
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
    let (approved, _) = super::hours::totals(&placements::entries(r, p.id)?);
    let district = lang
        .tr(&crate::services::settings::district_signature(r)?)
        .into_owned();
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
