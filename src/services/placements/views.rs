//! What each party reads of a placement: the student does not see the school's flags, the
//! employer sees the guardian's name and relationship only, and a de-identified record names no
//! student or application.

use serde::Serialize;

use super::agreement::{agreement_texts, hex, in_language, sha256, signed_in};
use super::{Who, today};
use crate::domain::placements::{self as rules, EvaluationKind, Party, State};
use crate::error::AppResult;
use crate::i18n::Lang;
use crate::store::Reader;
use crate::store::internships::Internship;
use crate::store::placements::{self, EntryStatus, GuardianSource, Placement};
use crate::store::users::User;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PersonRef {
    /// None once the record is de-identified.
    pub id: Option<u64>,
    pub name: String,
    pub email: String,
    pub school: String,
    pub grade: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EmployerRef {
    pub id: u64,
    pub company: String,
    pub contact_name: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InternshipRef {
    pub id: u64,
    pub title: String,
    pub location: String,
}

#[derive(Serialize)]
pub struct SupervisorView {
    pub name: String,
    pub title: String,
    pub email: String,
    pub phone: String,
}

#[derive(Serialize)]
pub struct GuardianView {
    pub name: String,
    pub relationship: String,
    /// None for the employer, who reaches the family through the school.
    pub email: Option<String>,
    pub phone: Option<String>,
    pub source: &'static str,
    pub confirmed: bool,
}

#[derive(Serialize)]
pub struct Declined {
    /// None for the employer: the family's reason is for the student and the school.
    pub reason: Option<String>,
    pub at: i64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SignatureView {
    pub party: &'static str,
    pub name: String,
    pub signed_at: i64,
    /// The language of the text this party read and signed ("en", "es").
    pub language: Option<&'static str>,
}

#[derive(Serialize)]
pub struct Hours {
    pub approved: f64,
    /// With the supervisor.
    pub waiting: f64,
    /// Back with the student to fix.
    pub returned: f64,
    pub planned: f64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EntryView {
    pub id: u64,
    pub date: String,
    pub hours: f64,
    pub note: String,
    pub status: &'static str,
    pub comment: Option<String>,
    /// The day is over the district's daily cap ("day"), or its week over the weekly ("week").
    pub over_cap: Option<&'static str>,
}

/// The district's caps, which every party sees (the student as they log).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CapsView {
    pub per_day: f64,
    pub per_week: f64,
}

#[derive(Serialize)]
pub struct RubricItem {
    pub key: String,
    pub label: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EvaluationView {
    pub kind: &'static str,
    pub scores: std::collections::BTreeMap<String, u8>,
    pub comments: String,
    pub submitted_at: i64,
}

#[derive(Serialize)]
pub struct Due {
    pub kind: &'static str,
    pub due: String,
    pub done: bool,
    pub overdue: bool,
}

#[derive(Serialize)]
pub struct Reflection {
    pub text: String,
    pub at: i64,
}

#[derive(Serialize)]
pub struct HistoryItem {
    pub at: i64,
    pub text: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlacementView {
    pub id: u64,
    /// None once the record is de-identified.
    pub application_id: Option<u64>,
    pub state: &'static str,
    pub student: PersonRef,
    pub employer: EmployerRef,
    pub internship: InternshipRef,
    pub supervisor: SupervisorView,
    pub worksite: String,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub schedule: String,
    pub planned_hours: u32,
    pub paid: bool,
    pub hourly_wage: Option<f64>,
    pub guardian: Option<GuardianView>,
    pub guardian_declined: Option<Declined>,
    pub guardian_link_sent_at: Option<i64>,
    /// The named supervisor is not the employer account's holder: they sign through a link of
    /// their own, last sent then (None: not yet).
    pub supervisor_signs_by_link: bool,
    pub supervisor_link_sent_at: Option<i64>,
    pub signatures: Vec<SignatureView>,
    pub awaiting: Vec<&'static str>,
    pub agreement_text: String,
    pub agreement_sha256: String,
    /// The language of `agreement_text`: the reader's, or English when the district has no
    /// text in theirs.
    pub agreement_language: &'static str,
    pub hours: Hours,
    pub entries: Vec<EntryView>,
    pub flags: Vec<FlagView>,
    pub caps: CapsView,
    pub rubric: Vec<RubricItem>,
    pub evaluations: Vec<EvaluationView>,
    pub evaluations_due: Vec<Due>,
    pub reflection: Option<Reflection>,
    pub end_reason: Option<String>,
    pub history: Vec<HistoryItem>,
    pub you: &'static str,
    pub can_sign: bool,
    pub you_signed: bool,
    pub finish: super::completion::FinishView,
    /// The school's record (cluster, safety checklist, visits); None for the others.
    pub record: Option<super::records::RecordView>,
}

pub use crate::domain::placements::date_str;

/// A day or week over the district's cap, as data: the reader's page words it in its language.
#[derive(Serialize)]
pub struct FlagView {
    /// "day" or "week" (the week starting on Monday `date`).
    pub period: &'static str,
    pub date: String,
    pub hours: f64,
    pub cap: f64,
    /// For the CLI, which speaks English.
    #[serde(skip)]
    pub english: String,
}

/// The school's flags of a placement: hours over the district's caps.
pub fn flags(r: &impl Reader, p: &Placement) -> AppResult<Vec<FlagView>> {
    let caps = super::caps_for(r, p)?;
    let entries: Vec<(time::Date, f64)> = placements::entries(r, p.id)?
        .iter()
        .map(|e| (e.date, e.hours()))
        .collect();
    Ok(rules::cap_flags(&entries, caps)
        .into_iter()
        .map(|f| FlagView {
            period: if f.week { "week" } else { "day" },
            date: date_str(f.date),
            hours: f.hours,
            cap: f.cap,
            english: f.to_string(),
        })
        .collect())
}

/// A competency as the product wrote it reads in the reader's language; one the district named
/// or reworded reads as the district wrote it.
pub(super) fn rubric_label(key: &str, label: String) -> String {
    let default = rules::DEFAULT_RUBRIC
        .iter()
        .position(|(k, l)| *k == key && *l == label);
    match default {
        Some(i) => crate::i18n::current().write(&crate::i18n::Text::new(
            rules::evaluations::DEFAULT_RUBRIC_KEYS[i],
        )),
        None => label,
    }
}

pub(super) fn signatures(p: &Placement, texts: &[(Lang, String)]) -> Vec<SignatureView> {
    p.signatures
        .iter()
        .map(|s| SignatureView {
            party: s.party.as_str(),
            name: s.name.clone(),
            signed_at: s.at,
            language: signed_in(texts, &s.sha256).map(Lang::code),
        })
        .collect()
}

pub fn view(r: &impl Reader, p: &Placement, who: &Who, now: i64) -> AppResult<PlacementView> {
    let student = r.get::<User>(p.student_id)?;
    let employer = r.get::<User>(p.employer_id)?;
    let internship = r.get::<Internship>(p.internship_id)?;
    let texts = agreement_texts(r, p)?;
    let (text_lang, text) = in_language(&texts, crate::i18n::current());
    let by_link = super::signs_by_link(r, p)?;
    let entries = placements::entries(r, p.id)?;
    let totals = super::hours::totals(&entries);
    let caps = super::caps_for(r, p)?;
    let today = today(r, now)?;
    let days: Vec<(time::Date, f64)> = entries.iter().map(|e| (e.date, e.hours())).collect();
    let is_student = matches!(who, Who::Student(_));
    let is_employer = matches!(who, Who::Employer(_));
    let party = who.party();
    let signed: Vec<Party> = p.signatures.iter().map(|s| s.party).collect();
    // Every party sees both evaluations once submitted: the student's export holds them too
    // (their own record), and the midpoint is feedback meant to be acted on.
    let evaluations = p
        .evaluations
        .iter()
        .map(|e| EvaluationView {
            kind: e.kind.as_str(),
            scores: e.scores.iter().cloned().collect(),
            comments: e.comments.clone(),
            submitted_at: e.at,
        })
        .collect();
    let evaluations_due = match (p.start, p.end) {
        (Some(s), Some(e)) => [EvaluationKind::Midpoint, EvaluationKind::Final]
            .into_iter()
            .map(|k| {
                let due = k.due(s, e);
                let done = p.evaluations.iter().any(|x| x.kind == k);
                Due {
                    kind: k.as_str(),
                    due: date_str(due),
                    done,
                    overdue: !done && p.state == State::Active && today > due,
                }
            })
            .collect(),
        _ => Vec::new(),
    };
    Ok(PlacementView {
        id: p.id,
        application_id: (!p.deidentified).then_some(p.application_id),
        state: p.state.as_str(),
        student: PersonRef {
            id: (!p.deidentified).then_some(p.student_id),
            name: student
                .as_ref()
                .map(User::full_name)
                .unwrap_or_else(|| "Deleted student".into()),
            email: student
                .as_ref()
                .map(|s| s.email.clone())
                .unwrap_or_default(),
            school: p.school.clone(),
            grade: p.grade.clone(),
        },
        employer: EmployerRef {
            id: p.employer_id,
            company: employer
                .as_ref()
                .map(|e| e.company.clone())
                .unwrap_or_default(),
            contact_name: employer.as_ref().map(User::full_name).unwrap_or_default(),
        },
        internship: InternshipRef {
            id: p.internship_id,
            title: internship
                .as_ref()
                .map(|i| i.title.clone())
                .unwrap_or_default(),
            location: internship
                .as_ref()
                .map(|i| i.location.clone())
                .unwrap_or_default(),
        },
        supervisor: SupervisorView {
            name: p.supervisor.name.clone(),
            title: p.supervisor.title.clone(),
            email: p.supervisor.email.clone(),
            phone: p.supervisor.phone.clone(),
        },
        worksite: p.worksite.clone(),
        start_date: p.start.map(date_str),
        end_date: p.end.map(date_str),
        schedule: p.schedule.clone(),
        planned_hours: p.planned_hours,
        paid: p.paid,
        hourly_wage: p.hourly_wage_cents.map(|c| f64::from(c) / 100.0),
        guardian: p.guardian.as_ref().map(|g| GuardianView {
            name: g.name.clone(),
            relationship: g.relationship.clone(),
            email: (!is_employer).then(|| g.email.clone()),
            phone: (!is_employer).then(|| g.phone.clone()),
            source: match g.source {
                GuardianSource::Student => "student",
                GuardianSource::Roster => "roster",
                GuardianSource::School => "school",
            },
            confirmed: g.confirmed,
        }),
        guardian_declined: p.guardian_declined.as_ref().map(|(reason, at)| Declined {
            reason: (!is_employer).then(|| reason.clone()),
            at: *at,
        }),
        guardian_link_sent_at: p.guardian_link_sent_at,
        supervisor_signs_by_link: by_link,
        supervisor_link_sent_at: if by_link {
            placements::supervisor_link(r, p.id)?.map(|l| l.sent_at)
        } else {
            None
        },
        signatures: signatures(p, &texts),
        awaiting: if p.state == State::AwaitingSignatures {
            Party::ALL
                .into_iter()
                .filter(|x| !signed.contains(x))
                .map(Party::as_str)
                .collect()
        } else {
            Vec::new()
        },
        agreement_sha256: hex(&sha256(&text)),
        agreement_text: text,
        agreement_language: text_lang.code(),
        hours: Hours {
            approved: totals.approved,
            waiting: totals.waiting,
            returned: totals.returned,
            planned: f64::from(p.planned_hours),
        },
        entries: entries
            .iter()
            .map(|e| EntryView {
                id: e.id,
                date: date_str(e.date),
                hours: e.hours(),
                note: e.note.clone(),
                status: match e.status {
                    EntryStatus::Waiting => "waiting",
                    EntryStatus::Approved => "approved",
                    EntryStatus::Returned { .. } => "returned",
                },
                comment: match &e.status {
                    EntryStatus::Returned { comment } => Some(comment.clone()),
                    _ => None,
                },
                over_cap: rules::over_cap_of(&days, caps, e.date).map(|(what, _)| what),
            })
            .collect(),
        flags: if is_student { Vec::new() } else { flags(r, p)? },
        caps: CapsView {
            per_day: caps.per_day,
            per_week: caps.per_week,
        },
        rubric: crate::services::settings::rubric(r)?
            .into_iter()
            .map(|(key, label)| RubricItem {
                label: rubric_label(&key, label),
                key,
            })
            .collect(),
        evaluations,
        evaluations_due,
        reflection: p.reflection.as_ref().map(|(text, at)| Reflection {
            text: text.clone(),
            at: *at,
        }),
        end_reason: p.end_reason.clone(),
        history: p
            .history
            .iter()
            .map(|(at, text)| HistoryItem {
                at: *at,
                // Written in English when it happened; read in the reader's language.
                text: crate::i18n::tr(&if is_employer {
                    for_employer(text)
                } else {
                    text.clone()
                })
                .into_owned(),
            })
            .collect(),
        you: match who {
            Who::Student(_) => "student",
            Who::Employer(_) => "supervisor",
            Who::School { .. } => "school",
        },
        can_sign: rules::may_sign(p.state, party, &signed, super::guardian_in(p)).is_none()
            && !(is_employer && by_link),
        you_signed: signed.contains(&party),
        finish: super::completion::finish(r, p, totals.approved, now)?,
        record: super::records::view(r, p, who)?,
    })
}

/// A history line as the employer reads it: the lines written before the guardian's address
/// and decline reason left the history, without them.
fn for_employer(text: &str) -> String {
    // not said: recognises a stored line
    if text.starts_with("The signing link was sent to ") {
        crate::said!("the-signing-link-was-sent-to-the").encode()
    // not said: recognises a stored line
    } else if text.starts_with("The parent or guardian declined") {
        crate::said!("the-parent-or-guardian-declined").encode()
    } else {
        text.to_string()
    }
}
