//! What a placement shows to someone without an account and on paper: the guardian's page and
//! the PDFs (the signed agreement, with the frozen text every signature is of, and the
//! certificate), made from the stored record each time.

use serde::Serialize;
use time::Date;

use super::agreement::{
    agreement_texts, hex, in_language, long_date_in, posting, sha256, signed_in,
};
use super::views::{SignatureView, date_str, signatures};
use crate::domain::placements::{self as rules, Party, State};
use crate::error::{AppError, AppResult};
use crate::i18n::Lang;
use crate::pdf::{self, Block};
use crate::store::Reader;
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

/// A moment on the district's clock: "November 29, 2026 14:05 CST".
fn when_in(lang: Lang, zone: &crate::clock::Zone, ms: i64) -> String {
    let t = zone.local(ms);
    format!(
        "{} {:02}:{:02} {}",
        long_date_in(lang, t.date),
        t.hour,
        t.minute,
        t.abbreviation
    )
}

/// The signed agreement as a PDF in `lang`: the text in every language a party signed (each
/// party reads and signs the one in their language), who read which, each signature with its
/// name, time and the hash of the text it is of, and the district's name.
pub fn agreement_pdf(r: &impl Reader, p: &Placement, lang: Lang) -> AppResult<Vec<u8>> {
    if !matches!(
        p.state,
        State::Active | State::Completed | State::EndedEarly
    ) {
        return Err(AppError::Conflict(crate::t!(
            "the-signed-agreement-exists-once-all-four"
        )));
    }
    let texts = agreement_texts(r, p)?;
    let district = crate::services::settings::district_signature_in(r, lang)?;
    let zone = crate::services::settings::time_zone(r)?;
    let mut blocks = vec![
        Block::Title(crate::tl!(lang, "work-based-learning-training-agreement")),
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
            blocks.push(Block::Heading(crate::tl!(
                lang,
                "the-agreement-in-language",
                language = language_name(lang, *l)
            )));
        }
        let who: Vec<String> = parties.iter().map(|x| party_label(lang, *x)).collect();
        blocks.push(Block::Small(crate::tl!(
            lang,
            "read-and-signed-in-language-by-parties",
            language = language_name(lang, *l),
            parties = who.join(", ")
        )));
        blocks.push(Block::Gap);
        for para in text.split("\n\n") {
            blocks.push(Block::Text(para.to_string()));
            blocks.push(Block::Gap);
        }
    }
    blocks.push(Block::Heading(crate::tl!(lang, "signatures")));
    for s in &p.signatures {
        blocks.push(Block::Text(crate::tl!(
            lang,
            "party-name-signed-when",
            party = party_label(lang, s.party),
            name = &s.name,
            when = when_in(lang, &zone, s.at)
        )));
        let read = signed_in(&texts, &s.sha256).unwrap_or(Lang::En);
        blocks.push(Block::Small(crate::tl!(
            lang,
            "read-in-language-sha-256-of-that",
            language = language_name(lang, read),
            sha = hex(&s.sha256)
        )));
    }
    Ok(pdf::document(
        &crate::tl!(lang, "training-agreement"),
        &district,
        &page_of(lang),
        &blocks,
    ))
}

/// The words for a rating, in `lang`.
fn rating_in(lang: Lang, score: u8) -> String {
    match score {
        1 => crate::tl!(lang, "needs-improvement"),
        2 => crate::tl!(lang, "developing"),
        3 => crate::tl!(lang, "meets-expectations"),
        4 => crate::tl!(lang, "exceeds-expectations"),
        _ => String::new(),
    }
}

/// A language's name in `lang`.
fn language_name(lang: Lang, l: Lang) -> String {
    match l {
        Lang::En => crate::tl!(lang, "english"),
        Lang::Es => crate::tl!(lang, "spanish"),
    }
}

/// Who signs, in `lang`.
fn party_label(lang: Lang, p: Party) -> String {
    match p {
        Party::Student => crate::tl!(lang, "student"),
        Party::Guardian => crate::tl!(lang, "parent-or-guardian"),
        Party::Supervisor => crate::tl!(lang, "supervisor-employer"),
        Party::School => crate::tl!(lang, "school"),
    }
}

/// The facts a certificate states, in `lang`: read by the PDF and by the verification page.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CertificateFacts {
    pub student: String,
    pub title: String,
    pub company: String,
    pub district: String,
    pub start_date: Option<String>,
    /// The real last day: the end date, or the day it ended early (never a day to come).
    pub last_day: Option<String>,
    pub hours: f64,
    pub state: &'static str,
    pub code: Option<String>,
    /// The same days as dates, for the PDF's long dates.
    #[serde(skip)]
    start: Option<Date>,
    #[serde(skip)]
    last: Option<Date>,
}

pub fn certificate_facts(
    r: &impl Reader,
    p: &Placement,
    lang: Lang,
) -> AppResult<CertificateFacts> {
    let (title, company) = posting(r, p)?;
    // The day it finished on the district's clock (`settings set time-zone`).
    let zone = crate::services::settings::time_zone(r)?;
    let finished = p.finished_at.map(|t| zone.date_of(t));
    let last = match (p.end, finished) {
        (Some(e), Some(f)) => Some(e.min(f)),
        (e, f) => e.or(f),
    };
    Ok(CertificateFacts {
        student: r
            .get::<User>(p.student_id)?
            .map(|u| u.full_name())
            .unwrap_or_default(),
        title,
        company,
        district: crate::services::settings::district_signature_in(r, lang)?,
        start_date: p.start.map(date_str),
        last_day: last.map(date_str),
        hours: super::hours::totals(&placements::entries(r, p.id)?).approved,
        state: p.state.as_str(),
        code: placements::certificate_code(r, p.id)?.map(rules::completion::code_text),
        start: p.start,
        last,
    })
}

/// What `GET /verify/{code}` shows: the certificate's facts, or 404 for a code that names none.
pub fn verify(r: &impl Reader, code: &str, lang: Lang) -> AppResult<CertificateFacts> {
    let none = || AppError::not_found(crate::tl!(lang, "no-certificate-has-this-code-check-it"));
    let n = rules::completion::parse_code(code).ok_or_else(none)?;
    match placements::by_certificate_code(r, n)? {
        Some(p) if super::completion::certificate_issued(r, &p)? => certificate_facts(r, &p, lang),
        _ => Err(none()),
    }
}

/// The certificate, in `lang`: a designed page with the student's name, the role, the real
/// dates and approved hours, the supervisor, the final evaluation's competencies, who signed for
/// the school, and the code a reader verifies at the district's address.
pub fn certificate_pdf(r: &impl Reader, p: &Placement, lang: Lang) -> AppResult<Vec<u8>> {
    if !super::completion::certificate_issued(r, p)? {
        return Err(AppError::Conflict(crate::t!(
            "the-certificate-exists-once-the-placement-is"
        )));
    }
    let f = certificate_facts(r, p, lang)?;
    let day = |d: Option<Date>| d.map(|d| long_date_in(lang, d)).unwrap_or_default();
    let dates = crate::tl!(lang, "from-to-to", from = day(f.start), to = day(f.last));
    let supervisor = if p.supervisor.title.is_empty() {
        crate::tl!(lang, "supervised-by-name", name = &p.supervisor.name)
    } else {
        crate::tl!(
            lang,
            "supervised-by-name-title",
            name = &p.supervisor.name,
            title = &p.supervisor.title
        )
    };
    let rubric = crate::services::settings::rubric(r)?;
    let competencies: Vec<(String, String)> = p
        .evaluations
        .iter()
        .find(|e| e.kind == rules::EvaluationKind::Final)
        .map(|e| {
            e.scores
                .iter()
                .filter_map(|(key, score)| {
                    let label = rubric.iter().find(|(k, _)| k == key)?.1.clone();
                    Some((
                        super::views::rubric_label(key, label),
                        rating_in(lang, *score),
                    ))
                })
                .collect()
        })
        .unwrap_or_default();
    let signer = p
        .signatures
        .iter()
        .find(|s| s.party == Party::School)
        .map(|s| s.name.clone())
        .unwrap_or_default();
    let zone = crate::services::settings::time_zone(r)?;
    let finished = p.finished_at.map(|t| zone.date_of(t));
    let signed = crate::tl!(
        lang,
        "signed-for-the-school-by-name-on",
        name = signer,
        date = day(finished)
    );
    let verify = match &f.code {
        Some(code) => crate::tl!(
            lang,
            "certificate-code-verify-it-at-url",
            code = code,
            url = format!(
                "{}/verify/{code}",
                crate::services::password_reset::public_url(r)?
            )
        ),
        None => crate::tl!(lang, "placement-id-school", id = p.id, school = &p.school),
    };
    let title = crate::tl!(lang, "certificate-of-work-based-learning");
    let certifies = crate::tl!(lang, "district-certifies-that", district = &f.district);
    let what = crate::tl!(
        lang,
        "completed-hours-hours-of-work-based-learning",
        hours = rules::hours_said(f.hours),
        title = &f.title,
        company = &f.company
    );
    let heading = crate::tl!(lang, "rated-on-the-final-evaluation");
    Ok(pdf::certificate(&pdf::Certificate {
        title: &title,
        district: &f.district,
        certifies: &certifies,
        student: &f.student,
        what: &what,
        dates: &dates,
        supervisor: &supervisor,
        competencies_heading: &heading,
        competencies: &competencies,
        signed: &signed,
        verify: &verify,
    }))
}

/// A page's number as a reader of `lang` writes it ("page 1 of 2").
fn page_of(lang: Lang) -> impl Fn(usize, usize) -> String {
    move |n, count| crate::tl!(lang, "page-n-of-count", n = n, count = count)
}
