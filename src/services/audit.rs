//! Reading the audit log: entries with their actors' names and a sentence each.

use serde::Serialize;

use crate::clock::rfc3339;
use crate::error::AppResult;
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
    let subject = match e.subject {
        Some(id) => {
            let p = super::reports::person(r, id)?;
            format!("{} #{} ({})", p.role, id, p.name)
        }
        None => String::new(),
    };
    let record = format!("{} #{}", e.record_type, e.record_id.unwrap_or_default());
    let summary = match &e.event {
        Event::EmployerVerified => format!("{by} verified {subject}"),
        Event::EmployerSuspended { reason } => format!("{by} suspended {subject}: {reason}"),
        Event::ReportResolved { report, action } => {
            format!("{by} resolved report #{report} about {record}: {action}")
        }
        Event::ReportResolvedNoted {
            report,
            action,
            note,
            hidden_text,
        } => {
            let mut s = format!("{by} resolved report #{report} about {record}: {action}");
            if !note.is_empty() {
                s.push_str(&format!(" (note: {note})"));
            }
            if !hidden_text.is_empty() {
                s.push_str(&format!("; the hidden text: \"{hidden_text}\""));
            }
            s
        }
        Event::ReportResolvedHid {
            report,
            action,
            note,
            hidden_sha256,
            hidden_chars,
        } => {
            let mut s = format!("{by} resolved report #{report} about {record}: {action}");
            if !note.is_empty() {
                s.push_str(&format!(" (note: {note})"));
            }
            s.push_str(&format!(
                "; the hidden text: {hidden_chars} characters, SHA-256 {hidden_sha256}"
            ));
            s
        }
        Event::ReportEscalated {
            report,
            action,
            note,
        } => {
            let mut s =
                format!("{by} asked the district's admins to {action} {record} (report #{report})");
            if !note.is_empty() {
                s.push_str(&format!(" (note: {note})"));
            }
            s
        }
        Event::HazardFalseMatch {
            report,
            term,
            places,
        } => {
            let mut s =
                format!("{by} marked '{term}' a false match for {record} (report #{report})");
            if !places.is_empty() {
                s.push_str(&format!(": {places}"));
            }
            s
        }
        Event::AiVideoUploaded => format!("{by} uploaded the AI-made video of {record}"),
        Event::AdminPinChanged => format!("{by} changed the admin pin"),
        Event::AdminSessionsRevoked => format!("{by} ended every admin session"),
        Event::TranscriptViewed => format!("{by} viewed the transcript of {subject}"),
        Event::PhotoViewed => format!("{by} viewed the photo of {subject}"),
        Event::StatusChanged { from, to } => {
            format!("{by} moved {record} of {subject} from {from} to {to}")
        }
        Event::DataExported => format!("{by} downloaded their data"),
        Event::AccountDeleted => format!("{subject} deleted their account"),
        Event::SettingChanged { key, value } => format!("{by} set {key} to \"{value}\""),
        Event::StaffChanged { change, .. } => format!("{by} {change}"),
        Event::RosterImported { summary } => format!("{by} imported the roster: {summary}"),
        Event::SsoProviderChanged { name, change } => {
            format!("{by} {change} the school sign-in provider {name}")
        }
        Event::PlacementChanged { placement, change } => {
            format!("{by} {change} (placement #{placement})")
        }
        Event::ProgramExported => format!("{by} exported the work-based-learning record"),
        Event::CaptionsCleared => format!("{by} let {record} go live without captions"),
    };
    Ok(EntryView {
        id: e.id,
        at: rfc3339(e.at),
        actor: who,
        action: e.event.action(),
        // Built in English from the event; read in the reader's language.
        summary: crate::i18n::tr(&summary).into_owned(),
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
