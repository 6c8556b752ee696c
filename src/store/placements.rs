//! Work-based-learning placements (one per hired application), their hours entries, and the
//! guardian's signing links. Indexes: the student's and the employer's placements (pair
//! tables), the application's placement and the guardian link's hash (`keys_v1`).

use serde::{Deserialize, Serialize};
use time::Date;

use super::{Entity, Reader, StoreResult, Wtx, tables};
pub use crate::domain::placements::{EvaluationKind, Party, State};

const BY_APPLICATION: &str = "placement-application";
const BY_GUARDIAN_LINK: &str = "placement-guardian-link";
const BY_GUARDIAN_COPY: &str = "placement-guardian-copy";
/// A guardian link that stopped working (used, replaced, ended): its placement, and
/// (`{hash}:to`) a fingerprint of the address it was sent to, so the page can say why.
const ENDED_GUARDIAN_LINK: &str = "placement-guardian-link-ended";
const BY_SUPERVISOR_LINK: &str = "placement-supervisor-link";
/// A certificate's verification code (its number, as hex) → the placement; and back.
const BY_CERTIFICATE: &str = "placement-certificate";
const CERTIFICATE_OF: &str = "placement-certificate-of";

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Supervisor {
    pub name: String,
    pub title: String,
    pub email: String,
    pub phone: String,
}

/// Variants are only appended (postcard).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum GuardianSource {
    /// Typed by the student: the school confirms it before signing.
    Student,
    /// From the district's roster: the student cannot change it.
    Roster,
    /// Entered or corrected by the school (confirmed as it is given); the student cannot
    /// change it.
    School,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Guardian {
    pub name: String,
    pub relationship: String,
    pub email: String,
    pub phone: String,
    pub source: GuardianSource,
    /// The school confirmed a guardian the student gave.
    pub confirmed: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Signature {
    pub party: Party,
    /// The typed full name.
    pub name: String,
    pub at: i64,
    pub ip: String,
    pub user_agent: String,
    /// SHA-256 of the exact agreement text signed.
    pub sha256: [u8; 32],
    /// Who signed for the party (a user or staff id; 0 for the guardian's link).
    pub by: u64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Evaluation {
    pub kind: EvaluationKind,
    /// (competency key, 1-4).
    pub scores: Vec<(String, u8)>,
    pub comments: String,
    pub at: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Placement {
    pub id: u64,
    pub application_id: u64,
    pub student_id: u64,
    pub employer_id: u64,
    pub internship_id: u64,
    pub state: State,
    pub supervisor: Supervisor,
    pub worksite: String,
    pub start: Option<Date>,
    pub end: Option<Date>,
    pub schedule: String,
    /// Planned total hours.
    pub planned_hours: u32,
    pub paid: bool,
    pub hourly_wage_cents: Option<u32>,
    pub guardian: Option<Guardian>,
    pub signatures: Vec<Signature>,
    /// The live guardian link: its hash and expiry.
    pub guardian_link: Option<([u8; 32], i64)>,
    pub guardian_link_sent_at: Option<i64>,
    /// The guardian declined, with why.
    pub guardian_declined: Option<(String, i64)>,
    pub evaluations: Vec<Evaluation>,
    pub reflection: Option<(String, i64)>,
    /// Why it ended early or was cancelled.
    pub end_reason: Option<String>,
    /// What happened, for every party's page: (time, sentence).
    pub history: Vec<(i64, String)>,
    /// Evaluation reminders already sent.
    pub reminded: Vec<EvaluationKind>,
    pub created_at: i64,
    pub finished_at: Option<i64>,
    /// The student deleted their account: names and free text are gone, the counts stay.
    pub deidentified: bool,
    /// The student's school and grade at the time (kept for the district's counts).
    pub school: String,
    pub grade: String,
    /// The guardian's link to their copy of the signed agreement (its hash and expiry): the
    /// guardian has no account, so the e-mail that says everyone signed carries this.
    pub guardian_copy: Option<([u8; 32], i64)>,
}

impl Entity for Placement {
    const TABLE: tables::EntityTable = tables::PLACEMENTS;
    fn id(&self) -> u64 {
        self.id
    }
}

/// Variants are only appended (postcard).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum EntryStatus {
    Waiting,
    Approved,
    Returned { comment: String },
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct HourEntry {
    pub id: u64,
    pub placement_id: u64,
    pub date: Date,
    /// Quarter hours (9 = 2.25 h).
    pub quarters: u32,
    pub note: String,
    pub status: EntryStatus,
    pub created_at: i64,
    pub updated_at: i64,
}

impl HourEntry {
    pub fn hours(&self) -> f64 {
        f64::from(self.quarters) / 4.0
    }
}

impl Entity for HourEntry {
    const TABLE: tables::EntityTable = tables::HOUR_ENTRIES;
    fn id(&self) -> u64 {
        self.id
    }
}

/// Saves a new placement with its indexes.
pub fn insert(w: &Wtx, mut p: Placement) -> StoreResult<Placement> {
    p.id = w.next_id::<Placement>()?;
    w.put(&p)?;
    w.pair_put(
        tables::PLACEMENTS_BY_STUDENT,
        (p.student_id, p.id),
        p.created_at,
    )?;
    w.pair_put(
        tables::PLACEMENTS_BY_EMPLOYER,
        (p.employer_id, p.id),
        p.created_at,
    )?;
    w.key_put(BY_APPLICATION, &p.application_id.to_string(), p.id)?;
    Ok(p)
}

/// Saves a changed placement, moving the guardian link's lookup when it changed (the old
/// link is remembered as ended, for the guardian who opens it later).
pub fn save(w: &Wtx, p: &Placement) -> StoreResult<()> {
    let old = w.get::<Placement>(p.id)?;
    if let Some(old) = &old
        && let Some((h, _)) = old.guardian_link
        && p.guardian_link.map(|(n, _)| n) != Some(h)
    {
        w.key_remove(BY_GUARDIAN_LINK, &hex(&h))?;
        if let Some(g) = &old.guardian {
            w.key_put(ENDED_GUARDIAN_LINK, &hex(&h), p.id)?;
            w.key_put(
                ENDED_GUARDIAN_LINK,
                &format!("{}:to", hex(&h)),
                address_print(&g.email),
            )?;
        }
    }
    if let Some((h, _)) = p.guardian_link {
        w.key_put(BY_GUARDIAN_LINK, &hex(&h), p.id)?;
    }
    // A replaced copy link opens nothing any more.
    if let Some((h, _)) = old.as_ref().and_then(|o| o.guardian_copy)
        && p.guardian_copy.map(|(n, _)| n) != Some(h)
    {
        w.key_remove(BY_GUARDIAN_COPY, &hex(&h))?;
    }
    if let Some((h, _)) = p.guardian_copy {
        w.key_put(BY_GUARDIAN_COPY, &hex(&h), p.id)?;
    }
    w.put(p)
}

pub fn by_guardian_copy(r: &impl Reader, hash: &[u8; 32]) -> StoreResult<Option<Placement>> {
    match r.key_get(BY_GUARDIAN_COPY, &hex(hash))? {
        Some(id) => r.get(id),
        None => Ok(None),
    }
}

/// The placement of a guardian link that stopped working, when it was sent to `email`
/// (a link of an earlier guardian says nothing about the current one's).
pub fn ended_guardian_link(r: &impl Reader, hash: &[u8; 32]) -> StoreResult<Option<Placement>> {
    let Some(id) = r.key_get(ENDED_GUARDIAN_LINK, &hex(hash))? else {
        return Ok(None);
    };
    let to = r.key_get(ENDED_GUARDIAN_LINK, &format!("{}:to", hex(hash)))?;
    Ok(r.get::<Placement>(id)?
        .filter(|p| p.guardian.as_ref().map(|g| address_print(&g.email)) == to && to.is_some()))
}

/// A fingerprint of an address as mail reaches it (case folded).
fn address_print(email: &str) -> u64 {
    use sha2::{Digest, Sha256};
    let d = Sha256::digest(email.trim().to_lowercase().as_bytes());
    u64::from_be_bytes(d[..8].try_into().expect("8 bytes"))
}

/// The verification code of placement `id`'s certificate, once issued.
pub fn certificate_code(r: &impl Reader, id: u64) -> StoreResult<Option<u64>> {
    r.key_get(CERTIFICATE_OF, &id.to_string())
}

pub fn put_certificate_code(w: &Wtx, id: u64, code: u64) -> StoreResult<()> {
    w.key_put(CERTIFICATE_OF, &id.to_string(), code)?;
    w.key_put(BY_CERTIFICATE, &format!("{code:016x}"), id)
}

pub fn by_certificate_code(r: &impl Reader, code: u64) -> StoreResult<Option<Placement>> {
    match r.key_get(BY_CERTIFICATE, &format!("{code:016x}"))? {
        Some(id) => r.get(id),
        None => Ok(None),
    }
}

fn hex(h: &[u8; 32]) -> String {
    h.iter().map(|b| format!("{b:02x}")).collect()
}

pub fn of_application(r: &impl Reader, application_id: u64) -> StoreResult<Option<u64>> {
    r.key_get(BY_APPLICATION, &application_id.to_string())
}

pub fn by_guardian_link(r: &impl Reader, hash: &[u8; 32]) -> StoreResult<Option<Placement>> {
    match r.key_get(BY_GUARDIAN_LINK, &hex(hash))? {
        Some(id) => r.get(id),
        None => Ok(None),
    }
}

fn load(r: &impl Reader, ids: Vec<(u64, i64)>) -> StoreResult<Vec<Placement>> {
    let mut out = Vec::with_capacity(ids.len());
    for (id, _) in ids.into_iter().rev() {
        if let Some(p) = r.get::<Placement>(id)? {
            out.push(p);
        }
    }
    Ok(out)
}

/// A student's placements, newest first.
pub fn of_student(r: &impl Reader, student_id: u64) -> StoreResult<Vec<Placement>> {
    load(r, r.members(tables::PLACEMENTS_BY_STUDENT, student_id)?)
}

/// An employer's placements, newest first.
pub fn of_employer(r: &impl Reader, employer_id: u64) -> StoreResult<Vec<Placement>> {
    load(r, r.members(tables::PLACEMENTS_BY_EMPLOYER, employer_id)?)
}

/// Every placement, newest first.
pub fn all(r: &impl Reader) -> StoreResult<Vec<Placement>> {
    r.scan_rev::<Placement>(|_| true)
}

/// A placement's hours entries, by date.
pub fn entries(r: &impl Reader, placement_id: u64) -> StoreResult<Vec<HourEntry>> {
    let mut out = Vec::new();
    for (id, _) in r.members(tables::PLACEMENT_HOURS, placement_id)? {
        if let Some(e) = r.get::<HourEntry>(id)? {
            out.push(e);
        }
    }
    out.sort_by_key(|e| (e.date, e.id));
    Ok(out)
}

pub fn put_entry(w: &Wtx, mut e: HourEntry) -> StoreResult<HourEntry> {
    if e.id == 0 {
        e.id = w.next_id::<HourEntry>()?;
        w.pair_put(
            tables::PLACEMENT_HOURS,
            (e.placement_id, e.id),
            e.created_at,
        )?;
    }
    w.put(&e)?;
    Ok(e)
}

pub fn delete_entry(w: &Wtx, e: &HourEntry) -> StoreResult<()> {
    w.pair_remove(tables::PLACEMENT_HOURS, (e.placement_id, e.id))?;
    w.delete::<HourEntry>(e.id)
}

/// The agreement's text as every party read and signed it, frozen at the first signature so
/// that nothing the text is made of (the posting, names, the template, the caps, the
/// district's name) changes it under the signatures; a void removes it. One text per
/// language, each a (code, text) pair (English, "en", today); the posting's title and company
/// as they were, for the guardian's page above the text.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FrozenText {
    pub placement_id: u64,
    pub texts: Vec<(String, String)>,
    pub title: String,
    pub company: String,
    pub frozen_at: i64,
}

impl Entity for FrozenText {
    const TABLE: tables::EntityTable = tables::PLACEMENT_TEXTS;
    fn id(&self) -> u64 {
        self.placement_id
    }
}

impl FrozenText {
    /// The text in `lang` (a language code), if frozen in it.
    pub fn text(&self, lang: &str) -> Option<&str> {
        self.texts
            .iter()
            .find(|(l, _)| l == lang)
            .map(|(_, t)| t.as_str())
    }
}

pub fn frozen_text(r: &impl Reader, placement_id: u64) -> StoreResult<Option<FrozenText>> {
    r.get(placement_id)
}

pub fn freeze_text(w: &Wtx, f: &FrozenText) -> StoreResult<()> {
    w.put(f)
}

pub fn unfreeze_text(w: &Wtx, placement_id: u64) -> StoreResult<()> {
    w.key_remove(AGREED_CAPS, &format!("{placement_id}:day"))?;
    w.key_remove(AGREED_CAPS, &format!("{placement_id}:week"))?;
    w.delete::<FrozenText>(placement_id)
}

/// The district's caps as the frozen agreement states them (hundredths of an hour), kept so
/// hours are judged by the caps in force when they were agreed and worked.
const AGREED_CAPS: &str = "placement-agreed-caps";

pub fn put_agreed_caps(w: &Wtx, placement_id: u64, per_day: f64, per_week: f64) -> StoreResult<()> {
    let hundredths = |h: f64| (h * 100.0).round().max(0.0) as u64;
    w.key_put(
        AGREED_CAPS,
        &format!("{placement_id}:day"),
        hundredths(per_day),
    )?;
    w.key_put(
        AGREED_CAPS,
        &format!("{placement_id}:week"),
        hundredths(per_week),
    )
}

/// (per day, per week) as agreed, once the agreement was frozen with them.
pub fn agreed_caps(r: &impl Reader, placement_id: u64) -> StoreResult<Option<(f64, f64)>> {
    let day = r.key_get(AGREED_CAPS, &format!("{placement_id}:day"))?;
    let week = r.key_get(AGREED_CAPS, &format!("{placement_id}:week"))?;
    Ok(day
        .zip(week)
        .map(|(d, w)| (d as f64 / 100.0, w as f64 / 100.0)))
}

/// When e-mails went to a placement's parent or guardian (the last day's, for the throttle).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct GuardianMails {
    pub placement_id: u64,
    pub sent: Vec<i64>,
}

impl Entity for GuardianMails {
    const TABLE: tables::EntityTable = tables::GUARDIAN_MAILS;
    fn id(&self) -> u64 {
        self.placement_id
    }
}

pub fn guardian_mails(r: &impl Reader, placement_id: u64) -> StoreResult<GuardianMails> {
    Ok(r.get(placement_id)?.unwrap_or(GuardianMails {
        placement_id,
        sent: Vec::new(),
    }))
}

pub fn put_guardian_mails(w: &Wtx, m: &GuardianMails) -> StoreResult<()> {
    w.put(m)
}

/// The single-use signing link of a placement's supervisor who is not the employer account's
/// holder (they sign as themselves, without an account): its hash, expiry, and the address
/// and name it was sent to (a new supervisor or address gets a new link).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SupervisorLink {
    pub placement_id: u64,
    pub hash: [u8; 32],
    pub expires: i64,
    pub sent_at: i64,
    pub email: String,
    pub name: String,
}

impl Entity for SupervisorLink {
    const TABLE: tables::EntityTable = tables::SUPERVISOR_LINKS;
    fn id(&self) -> u64 {
        self.placement_id
    }
}

pub fn supervisor_link(r: &impl Reader, placement_id: u64) -> StoreResult<Option<SupervisorLink>> {
    r.get(placement_id)
}

/// Keeps `link` as the placement's one live supervisor link (an earlier one stops working).
pub fn put_supervisor_link(w: &Wtx, link: &SupervisorLink) -> StoreResult<()> {
    end_supervisor_link(w, link.placement_id)?;
    w.key_put(BY_SUPERVISOR_LINK, &hex(&link.hash), link.placement_id)?;
    w.put(link)
}

pub fn end_supervisor_link(w: &Wtx, placement_id: u64) -> StoreResult<()> {
    if let Some(old) = w.get::<SupervisorLink>(placement_id)? {
        w.key_remove(BY_SUPERVISOR_LINK, &hex(&old.hash))?;
        w.delete::<SupervisorLink>(placement_id)?;
    }
    Ok(())
}

pub fn by_supervisor_link(r: &impl Reader, hash: &[u8; 32]) -> StoreResult<Option<Placement>> {
    match r.key_get(BY_SUPERVISOR_LINK, &hex(hash))? {
        Some(id) => r.get(id),
        None => Ok(None),
    }
}

/// The coordinator's record of a placement (what was kept on paper beside it).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct PlacementRecord {
    pub placement_id: u64,
    /// The career cluster / CTE program, from the district's list.
    pub cluster: Option<String>,
    pub visits: Vec<Visit>,
    /// The checklist items ticked: (item, by whom, when).
    pub checklist: Vec<(String, String, i64)>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Visit {
    pub date: Date,
    pub by: String,
    pub notes: String,
    pub at: i64,
}

impl Entity for PlacementRecord {
    const TABLE: tables::EntityTable = tables::PLACEMENT_RECORDS;
    fn id(&self) -> u64 {
        self.placement_id
    }
}

pub fn record(r: &impl Reader, placement_id: u64) -> StoreResult<PlacementRecord> {
    Ok(r.get(placement_id)?.unwrap_or(PlacementRecord {
        placement_id,
        ..PlacementRecord::default()
    }))
}
