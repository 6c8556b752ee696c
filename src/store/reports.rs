//! Reports about postings, comments and messages, filed by people or by the automatic screens.

use serde::{Deserialize, Serialize};

use super::{Entity, Reader, StoreResult, Wtx, tables};
use crate::domain::reports::{Action, Reason, TargetKind};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Report {
    pub id: u64,
    /// None: filed by the server (hazardous-duties screen, comment word list).
    pub reporter_id: Option<u64>,
    pub target: TargetKind,
    pub target_id: u64,
    pub reason: Reason,
    pub details: String,
    /// What the screen matched (system reports).
    pub held_terms: Vec<String>,
    pub created_at: i64,
    pub resolution: Option<Resolution>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Resolution {
    pub action: Action,
    pub note: String,
    pub at: i64,
}

impl Entity for Report {
    const TABLE: tables::EntityTable = tables::REPORTS;
    fn id(&self) -> u64 {
        self.id
    }
}

impl Report {
    pub fn target_key(&self) -> u64 {
        self.target.key(self.target_id)
    }
}

/// The reporter's open report about a target, if any.
pub fn open_by(r: &impl Reader, reporter: u64, target_key: u64) -> StoreResult<Option<u64>> {
    Ok(
        r.pair(tables::OPEN_REPORT_BY_REPORTER, (reporter, target_key))?
            .map(|v| v as u64),
    )
}

pub fn insert(w: &Wtx, mut rep: Report) -> StoreResult<Report> {
    rep.id = w.next_id::<Report>()?;
    w.put(&rep)?;
    let key = rep.target_key();
    w.pair_put(tables::REPORTS_BY_TARGET, (key, rep.id), rep.created_at)?;
    if let Some(by) = rep.reporter_id {
        w.pair_put(tables::OPEN_REPORT_BY_REPORTER, (by, key), rep.id as i64)?;
        w.pair_put(tables::REPORTS_BY_REPORTER, (by, rep.id), rep.created_at)?;
    }
    Ok(rep)
}

/// Closes a report; its reporter may report the target again afterwards.
pub fn resolve(w: &Wtx, rep: &mut Report, resolution: Resolution) -> StoreResult<()> {
    rep.resolution = Some(resolution);
    w.put(rep)?;
    if let Some(by) = rep.reporter_id {
        w.pair_remove(tables::OPEN_REPORT_BY_REPORTER, (by, rep.target_key()))?;
    }
    Ok(())
}

/// Whether report `rep` involves one of the people `ids`: filed by one of them, or about a
/// comment or message one of them wrote or received (a school coordinator's reports).
pub fn about_any(
    r: &impl Reader,
    rep: &Report,
    ids: &std::collections::HashSet<u64>,
) -> StoreResult<bool> {
    if rep.reporter_id.is_some_and(|id| ids.contains(&id)) {
        return Ok(true);
    }
    Ok(match rep.target {
        TargetKind::Comment => r
            .get::<super::social::Comment>(rep.target_id)?
            .is_some_and(|c| ids.contains(&c.user_id)),
        TargetKind::Message => r
            .get::<super::messages::Message>(rep.target_id)?
            .is_some_and(|m| ids.contains(&m.sender_id) || ids.contains(&m.receiver_id)),
        TargetKind::Internship => false,
    })
}

/// The reports about one target, oldest first.
pub fn about(r: &impl Reader, target: TargetKind, id: u64) -> StoreResult<Vec<Report>> {
    let mut out = Vec::new();
    for (rid, _) in r.members(tables::REPORTS_BY_TARGET, target.key(id))? {
        out.extend(r.get::<Report>(rid)?);
    }
    Ok(out)
}

/// The reports a person filed, oldest first.
pub fn by_reporter(r: &impl Reader, reporter: u64) -> StoreResult<Vec<Report>> {
    let mut out = Vec::new();
    for (rid, _) in r.members(tables::REPORTS_BY_REPORTER, reporter)? {
        out.extend(r.get::<Report>(rid)?);
    }
    Ok(out)
}

/// Removes a person's reports with their indexes (account deletion).
pub fn remove_by_reporter(w: &Wtx, reporter: u64) -> StoreResult<()> {
    for rep in by_reporter(w, reporter)? {
        let key = rep.target_key();
        w.pair_remove(tables::REPORTS_BY_TARGET, (key, rep.id))?;
        w.pair_remove(tables::OPEN_REPORT_BY_REPORTER, (reporter, key))?;
        w.pair_remove(tables::REPORTS_BY_REPORTER, (reporter, rep.id))?;
        w.delete::<Report>(rep.id)?;
    }
    Ok(())
}

/// Every report: open ones first, newest first within each.
pub fn all(r: &impl Reader) -> StoreResult<Vec<Report>> {
    let mut v = r.scan_rev(|_: &Report| true)?;
    v.sort_by_key(|rep| rep.resolution.is_some());
    Ok(v)
}

/// Opens a system report (hazard or word-list hold) unless one is already open for the
/// target, updating its terms; returns its id.
pub fn hold(w: &Wtx, target: TargetKind, id: u64, terms: &[String], now: i64) -> StoreResult<u64> {
    for mut rep in about(w, target, id)? {
        if rep.reporter_id.is_none() && rep.resolution.is_none() {
            if rep.held_terms != terms {
                rep.held_terms = terms.to_vec();
                w.put(&rep)?;
            }
            return Ok(rep.id);
        }
    }
    Ok(insert(
        w,
        Report {
            id: 0,
            reporter_id: None,
            target,
            target_id: id,
            reason: Reason::SystemHold,
            details: String::new(),
            held_terms: terms.to_vec(),
            created_at: now,
            resolution: None,
        },
    )?
    .id)
}

/// Closes the open system report about a target (its hold ended), with `action` and `note`.
pub fn end_hold(
    w: &Wtx,
    target: TargetKind,
    id: u64,
    action: Action,
    note: &str,
    now: i64,
) -> StoreResult<()> {
    for mut rep in about(w, target, id)? {
        if rep.reporter_id.is_none() && rep.resolution.is_none() {
            resolve(
                w,
                &mut rep,
                Resolution {
                    action,
                    note: note.to_string(),
                    at: now,
                },
            )?;
        }
    }
    Ok(())
}
