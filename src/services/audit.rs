//! Reading the audit log: entries with their actors' names and a sentence each.

use serde::Serialize;

use crate::clock::rfc3339;
use crate::error::AppResult;
use crate::i18n::Text;
use crate::store::Reader;
use crate::store::audit::{self, Actor, Entry, Event};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ActorView {
    pub kind: &'static str,
    pub id: Option<u64>,
    pub name: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EntryView {
    pub id: u64,
    pub at: String,
    pub actor: ActorView,
    pub action: &'static str,
    pub summary: String,
    pub record_type: String,
    pub record_id: Option<u64>,
    pub subject_user_id: Option<u64>,
}

fn actor(r: &impl Reader, a: Actor) -> AppResult<ActorView> {
    Ok(match a {
        Actor::Admin => ActorView {
            kind: "admin",
            id: None,
            name: Some(crate::t!("district-admin-pin")),
        },
        Actor::Staff(id) => ActorView {
            kind: "staff",
            id: Some(id),
            name: Some(
                r.get::<crate::store::staff::Staff>(id)?
                    .map(|s| s.name)
                    .unwrap_or_else(|| format!("Staff member #{id}")),
            ),
        },
        Actor::Cli => ActorView {
            kind: "cli",
            id: None,
            name: Some(crate::t!("an-operator-at-the-server-cli")),
        },
        Actor::Guardian => ActorView {
            kind: "guardian",
            id: None,
            name: Some(crate::t!("the-parent-or-guardian")),
        },
        Actor::Supervisor => ActorView {
            kind: "supervisor",
            id: None,
            name: Some(crate::t!("the-supervisor")),
        },
        Actor::System => ActorView {
            kind: "system",
            id: None,
            name: Some(crate::t!("the-server")),
        },
        Actor::User(id) => {
            let p = super::reports::person(r, id)?;
            ActorView {
                kind: p.role,
                id: Some(id),
                name: Some(p.name),
            }
        }
    })
}

pub fn view(r: &impl Reader, e: &Entry) -> AppResult<EntryView> {
    let who = actor(r, e.actor)?;
    let by = who.name.clone().unwrap_or_default();
    let subject_person = match e.subject {
        Some(id) => Some((id, super::reports::person(r, id)?)),
        None => None,
    };
    let subject = match &subject_person {
        Some((id, p)) => format!("{} #{} ({})", p.role, id, p.name),
        None => String::new(),
    };
    let (subject_id, subject_name) = match &subject_person {
        Some((id, p)) => (*id, p.name.clone()),
        None => (0, String::new()),
    };
    let record = format!("{} #{}", e.record_type, e.record_id.unwrap_or_default());
    let by = by.as_str();
    // By key, in the reader's language (the request's). Texts stored inside an event (a
    // placement's or a staff member's change, the roster's summary) by key too, or in English
    // from before keys, read by the catalogue.
    let lang = crate::i18n::current();
    let summary = match &e.event {
        Event::EmployerVerified => crate::t!(
            "by-verified-employer-id-name",
            by = by,
            id = subject_id,
            name = &subject_name
        ),
        Event::EmployerSuspended { reason } => crate::t!(
            "by-suspended-employer-id-name-reason",
            by = by,
            id = subject_id,
            name = &subject_name,
            reason = reason
        ),
        Event::ReportResolved { report, action } => crate::t!(
            "by-resolved-report-report-about-record-action",
            by = by,
            report = report,
            record = &record,
            action = action
        ),
        Event::ReportResolvedNoted {
            report,
            action,
            note,
            hidden_text,
        } => match (note.is_empty(), hidden_text.is_empty()) {
            (true, true) => crate::t!(
                "by-resolved-report-report-about-record-action",
                by = by,
                report = report,
                record = &record,
                action = action
            ),
            (false, true) => crate::t!(
                "by-resolved-report-report-about-record-action-2",
                by = by,
                report = report,
                record = &record,
                action = action,
                note = note
            ),
            (true, false) => crate::t!(
                "by-resolved-report-report-about-record-action-3",
                by = by,
                report = report,
                record = &record,
                action = action,
                text = hidden_text
            ),
            (false, false) => crate::t!(
                "by-resolved-report-report-about-record-action-4",
                by = by,
                report = report,
                record = &record,
                action = action,
                note = note,
                text = hidden_text
            ),
        },
        Event::ReportResolvedHid {
            report,
            action,
            note,
            hidden_sha256,
            hidden_chars,
        } => {
            if note.is_empty() {
                crate::t!(
                    "by-resolved-report-report-about-record-hid",
                    by = by,
                    report = report,
                    record = &record,
                    action = action,
                    chars = hidden_chars,
                    sha = hidden_sha256
                )
            } else {
                crate::t!(
                    "by-resolved-report-report-about-record-hid-noted",
                    by = by,
                    report = report,
                    record = &record,
                    action = action,
                    note = note,
                    chars = hidden_chars,
                    sha = hidden_sha256
                )
            }
        }
        Event::ReportEscalated {
            report,
            action,
            note,
        } => {
            if note.is_empty() {
                crate::t!(
                    "by-asked-the-district-s-admins-to-action",
                    by = by,
                    action = action,
                    record = &record,
                    report = report
                )
            } else {
                crate::t!(
                    "by-asked-the-district-s-admins-to-action-noted",
                    by = by,
                    action = action,
                    record = &record,
                    report = report,
                    note = note
                )
            }
        }
        Event::HazardFalseMatch {
            report,
            term,
            places,
        } => {
            if places.is_empty() {
                crate::t!(
                    "by-marked-term-a-false-match-for",
                    by = by,
                    term = term,
                    record = &record,
                    report = report
                )
            } else {
                crate::t!(
                    "by-marked-term-a-false-match-for-2",
                    by = by,
                    term = term,
                    record = &record,
                    report = report,
                    places = places
                )
            }
        }
        Event::AiVideoUploaded => {
            crate::t!(
                "by-uploaded-the-ai-made-video-of",
                by = by,
                record = &record
            )
        }
        Event::AdminPinChanged => crate::t!("by-changed-the-admin-pin", by = by),
        Event::AdminSessionsRevoked => crate::t!("by-ended-every-admin-session", by = by),
        Event::TranscriptViewed => crate::t!(
            "by-viewed-the-transcript-of-subject",
            by = by,
            subject = &subject
        ),
        Event::PhotoViewed => {
            crate::t!(
                "by-viewed-the-photo-of-subject",
                by = by,
                subject = &subject
            )
        }
        Event::StatusChanged { from, to } => crate::t!(
            "by-moved-application-app-of-student-id",
            by = by,
            app = e.record_id.unwrap_or_default(),
            id = subject_id,
            name = &subject_name,
            from = from,
            to = to
        ),
        Event::DataExported => crate::t!("by-downloaded-their-data", by = by),
        Event::AccountDeleted => crate::t!("subject-deleted-their-account", subject = &subject),
        Event::SettingChanged { key, value } => {
            crate::t!("by-set-key-to-value", by = by, key = key, value = value)
        }
        Event::StaffChanged { change, .. } => match Text::decode(change) {
            Some(t) => lang.write(&t.arg("by", by)),
            None => lang.tr(&format!("{by} {change}")).into_owned(),
        },
        Event::RosterImported { summary } => crate::t!(
            "by-imported-the-roster-summary",
            by = by,
            summary = lang.tr(summary)
        ),
        Event::SsoProviderChanged { name, change } => match change.as_str() {
            "added" => crate::t!("by-added-the-school-sign-in-provider", by = by, name = name),
            "removed" => {
                crate::t!(
                    "by-removed-the-school-sign-in-provider",
                    by = by,
                    name = name
                )
            }
            _ => crate::t!(
                "by-updated-the-school-sign-in-provider",
                by = by,
                name = name
            ),
        },
        Event::PlacementChanged { placement, change } => match Text::decode(change) {
            Some(t) => lang.write(&t.arg("by", by).arg("placement", *placement)),
            None => lang
                .tr(&format!("{by} {change} (placement #{placement})"))
                .into_owned(),
        },
        Event::ProgramExported => crate::t!("by-exported-the-work-based-learning-record", by = by),
        Event::CaptionsCleared => {
            crate::t!(
                "by-let-record-go-live-without-captions",
                by = by,
                record = &record
            )
        }
    };
    Ok(EntryView {
        id: e.id,
        at: rfc3339(e.at),
        actor: who,
        action: e.event.action(),
        summary,
        record_type: e.record_type.clone(),
        record_id: e.record_id,
        subject_user_id: e.subject,
    })
}

/// A page of entries, newest first; and the cursor of the next page.
pub fn page(
    r: &impl Reader,
    user: Option<u64>,
    before: Option<u64>,
    limit: usize,
) -> AppResult<(Vec<EntryView>, Option<u64>)> {
    let (entries, more) = audit::page(r, user, before, limit)?;
    let next = if more {
        entries.last().map(|e| e.id)
    } else {
        None
    };
    let views = entries
        .iter()
        .map(|e| view(r, e))
        .collect::<AppResult<Vec<_>>>()?;
    Ok((views, next))
}

/// Views of a student's photo recently audited, so a list that shows the same photo again
/// within `WINDOW_MS` makes one entry rather than one per render (transcripts: every view).
#[derive(Default)]
pub struct RecentViews(std::sync::Mutex<std::collections::HashMap<(u64, u64), i64>>);

impl RecentViews {
    const WINDOW_MS: i64 = 10 * 60 * 1000;

    /// True when this (viewer, student) photo view should be audited now.
    pub fn should_record(&self, viewer: u64, student: u64, now: i64) -> bool {
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() > 10_000 {
            map.retain(|_, at| now - *at < Self::WINDOW_MS);
        }
        match map.get(&(viewer, student)) {
            Some(at) if now - at < Self::WINDOW_MS => false,
            _ => {
                map.insert((viewer, student), now);
                true
            }
        }
    }
}
