//! The audit log: append-only. There is no update and no delete here, and nothing else writes
//! the table, so no route or command can change an entry.

use serde::{Deserialize, Serialize};

use super::{Entity, Reader, StoreResult, Wtx, tables};

/// Who acted. Variants are only appended (postcard).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Actor {
    /// The district admin, signed in with the pin.
    Admin,
    /// An operator at the server's console (`internreel` subcommands).
    Cli,
    /// The server itself (screens, workers).
    System,
    User(u64),
    /// A named staff member (`store::staff`).
    Staff(u64),
    /// A placement's parent or guardian, through their single-use link (no account: the
    /// entry's text names them).
    Guardian,
    /// A placement's supervisor who is not the employer account's holder, through their
    /// single-use link.
    Supervisor,
}

/// What happened. Ids only, never names: a deleted student's entries keep nothing personal.
/// Variants are only appended (postcard).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    EmployerVerified,
    EmployerSuspended {
        reason: String,
    },
    ReportResolved {
        report: u64,
        action: String,
    },
    AiVideoUploaded,
    AdminPinChanged,
    AdminSessionsRevoked,
    TranscriptViewed,
    PhotoViewed,
    StatusChanged {
        from: String,
        to: String,
    },
    DataExported,
    AccountDeleted,
    SettingChanged {
        key: String,
        value: String,
    },
    /// A resolution with the admin's note, and the text the action hid (kept here, so an
    /// edit of the posting afterwards does not erase what the district saw).
    ReportResolvedNoted {
        report: u64,
        action: String,
        note: String,
        hidden_text: String,
    },
    /// A staff member added, changed, turned off or on, or given a new invite.
    StaffChanged {
        staff: u64,
        change: String,
    },
    /// A roster file imported: what changed.
    RosterImported {
        summary: String,
    },
    /// A school-account provider added or removed.
    SsoProviderChanged {
        name: String,
        change: String,
    },
    /// A placement's signature, void, hours approval or return, evaluation, completion...
    PlacementChanged {
        placement: u64,
        change: String,
    },
    /// The district's work-based-learning record exported.
    ProgramExported,
    /// A resolution that hid a person's words (a comment, a message): the hidden text's
    /// SHA-256 (hex) and length in characters, never the words, which may carry a student's
    /// name or number (`ReportResolvedNoted` keeps a posting's text).
    ReportResolvedHid {
        report: u64,
        action: String,
        note: String,
        hidden_sha256: String,
        hidden_chars: u32,
    },
    /// A coordinator asked the district's admins to hide or release a posting (which every
    /// school's students see); the report stays open for them.
    ReportEscalated {
        report: u64,
        action: String,
        note: String,
    },
    /// A district admin marked a term of the hazardous-duties screen a false match for one
    /// posting (held by `report`): the term, and where it had matched (the posting's words).
    HazardFalseMatch {
        report: u64,
        term: String,
        places: String,
    },
    /// A district admin heard a posting's video and let it go live without captions (the
    /// captions rule).
    CaptionsCleared,
}

impl Event {
    pub fn action(&self) -> &'static str {
        match self {
            Event::EmployerVerified => "employer.verify",
            Event::EmployerSuspended { .. } => "employer.suspend",
            Event::ReportResolved { .. }
            | Event::ReportResolvedNoted { .. }
            | Event::ReportResolvedHid { .. } => "report.resolve",
            Event::ReportEscalated { .. } => "report.escalate",
            Event::HazardFalseMatch { .. } => "hazard.false_match",
            Event::AiVideoUploaded => "ai_video.upload",
            Event::AdminPinChanged => "admin.pin_change",
            Event::AdminSessionsRevoked => "admin.sessions_revoke",
            Event::TranscriptViewed => "transcript.view",
            Event::PhotoViewed => "photo.view",
            Event::StatusChanged { .. } => "application.status",
            Event::DataExported => "data.export",
            Event::AccountDeleted => "account.delete",
            Event::SettingChanged { .. } => "settings.set",
            Event::StaffChanged { .. } => "staff.change",
            Event::RosterImported { .. } => "roster.import",
            Event::SsoProviderChanged { .. } => "sso.change",
            Event::PlacementChanged { .. } => "placement.change",
            Event::ProgramExported => "program.export",
            Event::CaptionsCleared => "captions.clear",
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Entry {
    pub id: u64,
    pub at: i64,
    pub actor: Actor,
    pub event: Event,
    /// The record acted on: ("user", id), ("application", id), ("internship", id), ...
    pub record_type: String,
    pub record_id: Option<u64>,
    /// The person the record is about (the student whose transcript was viewed, the
    /// employer verified), for the per-user filter and the student's export.
    pub subject: Option<u64>,
}

impl Entity for Entry {
    const TABLE: tables::EntityTable = tables::AUDIT;
    fn id(&self) -> u64 {
        self.id
    }
}

impl Event {
    /// The entry of a resolution that hid `text`: a posting's text kept as the district saw
    /// it, a person's words only as their hash and length.
    pub fn report_resolved(
        report: u64,
        action: String,
        note: String,
        hidden_text: String,
        words_of_a_person: bool,
    ) -> Event {
        if !words_of_a_person || hidden_text.is_empty() {
            return Event::ReportResolvedNoted {
                report,
                action,
                note,
                hidden_text,
            };
        }
        use sha2::Digest;
        let hash = sha2::Sha256::digest(hidden_text.as_bytes());
        Event::ReportResolvedHid {
            report,
            action,
            note,
            hidden_sha256: hash.iter().map(|b| format!("{b:02x}")).collect(),
            hidden_chars: u32::try_from(hidden_text.chars().count()).unwrap_or(u32::MAX),
        }
    }
}

/// Entries written before the hash rule that keep a person's hidden words verbatim, about a
/// comment or message whose author `is_theirs` says: rewritten to the hash form when that
/// person's account is deleted (the one change the append-only log allows, for data rights).
pub fn redact_hidden_words(w: &Wtx, is_theirs: impl Fn(&str, u64) -> bool) -> StoreResult<u32> {
    let mut found = Vec::new();
    w.each_rev(|e: Entry| {
        if let Event::ReportResolvedNoted { hidden_text, .. } = &e.event
            && !hidden_text.is_empty()
            && matches!(e.record_type.as_str(), "comment" | "message")
            && e.record_id.is_some_and(|id| is_theirs(&e.record_type, id))
        {
            found.push(e);
        }
        true
    })?;
    let n = u32::try_from(found.len()).unwrap_or(u32::MAX);
    for mut e in found {
        if let Event::ReportResolvedNoted {
            report,
            action,
            note,
            hidden_text,
        } = e.event
        {
            e.event = Event::report_resolved(report, action, note, hidden_text, true);
            w.put(&e)?;
        }
    }
    Ok(n)
}

/// Appends an entry inside the caller's transaction, so the record and the action commit
/// together or not at all.
pub fn append(
    w: &Wtx,
    at: i64,
    actor: Actor,
    event: Event,
    record: (&str, Option<u64>),
    subject: Option<u64>,
) -> StoreResult<Entry> {
    let e = Entry {
        id: w.next_id::<Entry>()?,
        at,
        actor,
        event,
        record_type: record.0.to_string(),
        record_id: record.1,
        subject,
    };
    w.put(&e)?;
    if let Actor::User(u) = actor {
        w.pair_put(tables::AUDIT_BY_USER, (u, e.id), at)?;
    }
    if let Some(s) = subject {
        w.pair_put(tables::AUDIT_BY_USER, (s, e.id), at)?;
    }
    Ok(e)
}

/// Up to `limit` entries older than `before` (newest first), of one user when asked; and
/// whether more follow.
pub fn page(
    r: &impl Reader,
    user: Option<u64>,
    before: Option<u64>,
    limit: usize,
) -> StoreResult<(Vec<Entry>, bool)> {
    match user {
        None => r.page::<Entry>(before, limit, |_| true),
        Some(u) => {
            let (ids, more) = r.members_page(tables::AUDIT_BY_USER, u, before, limit, true)?;
            let mut out = Vec::with_capacity(ids.len());
            for (id, _) in ids {
                out.extend(r.get::<Entry>(id)?);
            }
            Ok((out, more))
        }
    }
}
