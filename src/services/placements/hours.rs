//! An active placement's hours log: the student's entries (one a day), the supervisor's
//! approvals and returns, and their totals.

use crate::domain::placements::{self as rules, State};
use crate::error::{AppError, AppResult};
use crate::store::audit::Actor;
use crate::store::placements::{self, EntryStatus, HourEntry, Placement};
use crate::store::{Reader, Wtx};
use crate::validate::Checks;

use super::agreement::audit_change;
use super::{Who, today, visible};
use time::Date;

pub const NOTE_MAX: usize = 500;

/// A day's entry as the student gives it.
pub struct EntryInput {
    pub date: String,
    pub hours: f64,
    pub note: String,
}

fn checked_entry(p: &Placement, e: &EntryInput, today: Date) -> AppResult<(Date, u32, String)> {
    let mut c = Checks::new();
    let date = Date::parse(
        e.date.trim(),
        time::macros::format_description!("[year]-[month]-[day]"),
    )
    .ok();
    c.check(
        "date",
        date.is_some(),
        &crate::t!("please-choose-the-day-you-worked"),
    );
    if let (Some(d), Some(start), Some(end)) = (date, p.start, p.end)
        && let Some(why) = rules::date_refusal(d, start, end, today)
    {
        c.fail("date", &String::from(why));
    }
    if let Some(why) = rules::hours_refusal(e.hours) {
        c.fail("hours", &String::from(why));
    }
    let note = crate::validate::clean(&e.note);
    c.required("note", &note, &crate::t!("say-what-you-did-or-learned"))
        .max_len("note", &e.note, NOTE_MAX);
    c.finish()?;
    Ok((
        date.unwrap_or(Date::MIN),
        (e.hours * 4.0).round() as u32,
        note,
    ))
}

fn active(p: &Placement) -> AppResult<()> {
    if p.state != State::Active {
        return Err(AppError::Conflict(crate::t!(
            "hours-are-logged-while-the-placement-is"
        )));
    }
    Ok(())
}

/// The student logs a day (one entry per date).
pub fn add_entry(
    w: &Wtx,
    student_id: u64,
    id: u64,
    e: EntryInput,
    now: i64,
) -> AppResult<HourEntry> {
    let p = visible(w, id, &Who::Student(student_id))?;
    active(&p)?;
    let (date, quarters, note) = checked_entry(&p, &e, today(w, now)?)?;
    if placements::entries(w, id)?.iter().any(|x| x.date == date) {
        let mut c = Checks::new();
        c.fail(
            "date",
            &crate::t!("you-already-logged-that-day-change-that"),
        );
        c.finish()?;
    }
    Ok(placements::put_entry(
        w,
        HourEntry {
            id: 0,
            placement_id: id,
            date,
            quarters,
            note,
            status: EntryStatus::Waiting,
            created_at: now,
            updated_at: now,
        },
    )?)
}

fn own_entry(w: &Wtx, p: &Placement, entry_id: u64) -> AppResult<HourEntry> {
    w.get::<HourEntry>(entry_id)?
        .filter(|e| e.placement_id == p.id)
        .ok_or_else(|| AppError::not_found(crate::t!("entry-not-found")))
}

/// The student changes an entry not yet approved (a returned one goes back to waiting).
pub fn edit_entry(
    w: &Wtx,
    student_id: u64,
    id: u64,
    entry_id: u64,
    e: EntryInput,
    now: i64,
) -> AppResult<HourEntry> {
    let p = visible(w, id, &Who::Student(student_id))?;
    active(&p)?;
    let mut entry = own_entry(w, &p, entry_id)?;
    if entry.status == EntryStatus::Approved {
        return Err(AppError::Conflict(crate::t!(
            "an-approved-entry-cannot-change"
        )));
    }
    let (date, quarters, note) = checked_entry(&p, &e, today(w, now)?)?;
    if placements::entries(w, id)?
        .iter()
        .any(|x| x.date == date && x.id != entry_id)
    {
        let mut c = Checks::new();
        c.fail(
            "date",
            &crate::t!("you-already-logged-that-day-change-that"),
        );
        c.finish()?;
    }
    entry.date = date;
    entry.quarters = quarters;
    entry.note = note;
    entry.status = EntryStatus::Waiting;
    entry.updated_at = now;
    Ok(placements::put_entry(w, entry)?)
}

pub fn delete_entry(w: &Wtx, student_id: u64, id: u64, entry_id: u64) -> AppResult<()> {
    let p = visible(w, id, &Who::Student(student_id))?;
    active(&p)?;
    let entry = own_entry(w, &p, entry_id)?;
    if entry.status == EntryStatus::Approved {
        return Err(AppError::Conflict(crate::t!(
            "an-approved-entry-cannot-be-deleted"
        )));
    }
    Ok(placements::delete_entry(w, &entry)?)
}

/// Approvals and returns happen while the placement is active: once the school ended it (or
/// it was completed) its hours are the record the district's figures and CSV count.
fn reviewable(p: &Placement) -> AppResult<()> {
    if p.state != State::Active {
        return Err(AppError::Conflict(crate::t!(
            "hours-are-approved-or-returned-while-the"
        )));
    }
    Ok(())
}

/// The supervisor approves entries (one, or a week's at once).
pub fn approve(w: &Wtx, employer_id: u64, id: u64, ids: &[u64], now: i64) -> AppResult<Placement> {
    let mut p = visible(w, id, &Who::Employer(employer_id))?;
    reviewable(&p)?;
    if ids.is_empty() || ids.len() > 500 {
        return Err(AppError::bad_request(crate::t!(
            "choose-the-entries-to-approve"
        )));
    }
    let mut total = 0u32;
    let mut approved_any = false;
    let mut returned_any = false;
    for eid in ids {
        let mut e = own_entry(w, &p, *eid)?;
        if e.status != EntryStatus::Waiting {
            returned_any |= matches!(e.status, EntryStatus::Returned { .. });
            continue;
        }
        approved_any = true;
        e.status = EntryStatus::Approved;
        e.updated_at = now;
        total += e.quarters;
        placements::put_entry(w, e)?;
    }
    // An answer of 200 that changed nothing would look like an approval.
    if !approved_any {
        return Err(AppError::Conflict(if returned_any {
            crate::t!("that-entry-is-back-with-the-student")
        } else {
            crate::t!("none-of-these-entries-waits-for-approval")
        }));
    }
    let hours = rules::hours_said(f64::from(total) / 4.0);
    p.history.push((
        now,
        crate::said!("the-supervisor-approved-hours-h", hours = &hours).encode(),
    ));
    audit_change(
        w,
        now,
        Actor::User(employer_id),
        &p,
        crate::i18n::Text::new("by-approved-hours-h-of-entries-ids")
            .arg("hours", &hours)
            .arg("ids", format!("{ids:?}"))
            .encode(),
    )?;
    placements::save(w, &p)?;
    Ok(p)
}

/// The supervisor returns an entry with a comment; the student fixes it and it waits again.
pub fn return_entry(
    w: &Wtx,
    employer_id: u64,
    id: u64,
    entry_id: u64,
    comment: &str,
    now: i64,
) -> AppResult<Placement> {
    let mut p = visible(w, id, &Who::Employer(employer_id))?;
    reviewable(&p)?;
    let mut e = own_entry(w, &p, entry_id)?;
    if e.status == EntryStatus::Approved {
        return Err(AppError::Conflict(crate::t!(
            "an-approved-entry-cannot-be-returned"
        )));
    }
    let comment = crate::validate::clean(comment);
    let mut c = Checks::new();
    c.required("comment", &comment, &crate::t!("say-what-to-fix"))
        .max_len("comment", &comment, NOTE_MAX);
    c.finish()?;
    e.status = EntryStatus::Returned {
        comment: comment.clone(),
    };
    e.updated_at = now;
    let date = e.date;
    placements::put_entry(w, e)?;
    // The day as a date: each reader's language writes it its own way.
    p.history.push((
        now,
        crate::said!(
            "the-supervisor-returned-the-entry-of-day",
            day = date,
            comment = &comment
        )
        .encode(),
    ));
    audit_change(
        w,
        now,
        Actor::User(employer_id),
        &p,
        crate::i18n::Text::new("by-returned-the-entry-of-day-placement")
            .arg("day", date)
            .encode(),
    )?;
    crate::services::notify::notify(
        w,
        p.student_id,
        "placement",
        crate::said!(
            "your-supervisor-returned-your-hours-of-day",
            day = date,
            comment = &comment
        ),
        &format!("/placements/{}", p.id),
    )?;
    placements::save(w, &p)?;
    Ok(p)
}

/// Whether the day `date` of a placement's entries is over the district's caps: ("day" or
/// "week", the cap).
pub fn over_cap(
    r: &impl Reader,
    placement_id: u64,
    date: Date,
) -> AppResult<Option<(&'static str, f64)>> {
    let caps = match r.get::<Placement>(placement_id)? {
        Some(p) => super::caps_for(r, &p)?,
        None => crate::services::settings::hour_caps(r)?,
    };
    let entries: Vec<(Date, f64)> = placements::entries(r, placement_id)?
        .iter()
        .map(|e| (e.date, e.hours()))
        .collect();
    Ok(rules::over_cap_of(&entries, caps, date))
}

/// Hours of a placement's entries by where they are.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Totals {
    pub approved: f64,
    /// With the supervisor, to approve or return.
    pub waiting: f64,
    /// Back with the student, to fix: nobody else can move them.
    pub returned: f64,
}

pub fn totals(entries: &[HourEntry]) -> Totals {
    let sum = |keep: fn(&EntryStatus) -> bool| -> f64 {
        let q: u32 = entries
            .iter()
            .filter(|e| keep(&e.status))
            .map(|e| e.quarters)
            .sum();
        f64::from(q) / 4.0
    };
    Totals {
        approved: sum(|s| *s == EntryStatus::Approved),
        waiting: sum(|s| *s == EntryStatus::Waiting),
        returned: sum(|s| matches!(s, EntryStatus::Returned { .. })),
    }
}
