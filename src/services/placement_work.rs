//! Over 500 lines: the hours log, approvals, evaluations, completion, reminders, and what a
//! student's export and deletion do to the same records, kept beside the rules they share.
//! An active placement's work: the student's hours log, the supervisor's approvals and
//! returns, the evaluations and the student's reflection, completion by the school, and the
//! reminders (evaluations due, entries waiting for approval).

use time::{Date, OffsetDateTime};

use super::placements::{NOT_FOUND, Who, audit_change, visible};
use crate::domain::placements::{self as rules, EvaluationKind, State};
use crate::error::{AppError, AppResult};
use crate::store::audit::Actor;
use crate::store::placements::{self, EntryStatus, Evaluation, HourEntry, Placement};
use crate::store::{Reader, StoreResult, Wtx};
use crate::validate::Checks;

pub const NOTE_MAX: usize = 500;

fn today(now: i64) -> Date {
    OffsetDateTime::from_unix_timestamp(now / 1000)
        .map(|t| t.date())
        .unwrap_or(Date::MIN)
}

/// A day's entry as the student gives it.
pub struct EntryInput {
    pub date: String,
    pub hours: f64,
    pub note: String,
}

fn checked_entry(p: &Placement, e: &EntryInput, now: i64) -> AppResult<(Date, u32, String)> {
    let mut c = Checks::new();
    let date = Date::parse(
        e.date.trim(),
        time::macros::format_description!("[year]-[month]-[day]"),
    )
    .ok();
    c.check("date", date.is_some(), "Please choose the day you worked");
    if let (Some(d), Some(start), Some(end)) = (date, p.start, p.end)
        && let Some(why) = rules::date_refusal(d, start, end, today(now))
    {
        c.fail("date", why);
    }
    if let Some(why) = rules::hours_refusal(e.hours) {
        c.fail("hours", why);
    }
    let note = crate::validate::clean(&e.note);
    c.required("note", &note, "Say what you did or learned")
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
        return Err(AppError::Conflict(
            "Hours are logged while the placement is active".into(),
        ));
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
    let (date, quarters, note) = checked_entry(&p, &e, now)?;
    if placements::entries(w, id)?.iter().any(|x| x.date == date) {
        let mut c = Checks::new();
        c.fail(
            "date",
            "You already logged that day; change that entry instead",
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
        .ok_or_else(|| AppError::not_found("Entry not found"))
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
        return Err(AppError::Conflict("An approved entry cannot change".into()));
    }
    let (date, quarters, note) = checked_entry(&p, &e, now)?;
    if placements::entries(w, id)?
        .iter()
        .any(|x| x.date == date && x.id != entry_id)
    {
        let mut c = Checks::new();
        c.fail(
            "date",
            "You already logged that day; change that entry instead",
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
        return Err(AppError::Conflict(
            "An approved entry cannot be deleted".into(),
        ));
    }
    Ok(placements::delete_entry(w, &entry)?)
}

/// Approvals and returns happen while the placement is active: once the school ended it (or
/// it was completed) its hours are the record the district's figures and CSV count.
fn reviewable(p: &Placement) -> AppResult<()> {
    if p.state != State::Active {
        return Err(AppError::Conflict(
            "Hours are approved or returned while the placement is active".into(),
        ));
    }
    Ok(())
}

/// The supervisor approves entries (one, or a week's at once).
pub fn approve(w: &Wtx, employer_id: u64, id: u64, ids: &[u64], now: i64) -> AppResult<Placement> {
    let mut p = visible(w, id, &Who::Employer(employer_id))?;
    reviewable(&p)?;
    if ids.is_empty() || ids.len() > 500 {
        return Err(AppError::bad_request("Choose the entries to approve"));
    }
    let mut total = 0u32;
    for eid in ids {
        let mut e = own_entry(w, &p, *eid)?;
        if e.status != EntryStatus::Waiting {
            continue;
        }
        e.status = EntryStatus::Approved;
        e.updated_at = now;
        total += e.quarters;
        placements::put_entry(w, e)?;
    }
    let hours = rules::fmt_hours(f64::from(total) / 4.0);
    p.history
        .push((now, format!("The supervisor approved {hours} h")));
    audit_change(
        w,
        now,
        Actor::User(employer_id),
        &p,
        format!("approved {hours} h of entries {ids:?}"),
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
        return Err(AppError::Conflict(
            "An approved entry cannot be returned".into(),
        ));
    }
    let comment = crate::validate::clean(comment);
    let mut c = Checks::new();
    c.required("comment", &comment, "Say what to fix")
        .max_len("comment", &comment, NOTE_MAX);
    c.finish()?;
    e.status = EntryStatus::Returned {
        comment: comment.clone(),
    };
    e.updated_at = now;
    let day = rules::short_date(e.date);
    placements::put_entry(w, e)?;
    p.history.push((
        now,
        format!("The supervisor returned the entry of {day}: {comment}"),
    ));
    audit_change(
        w,
        now,
        Actor::User(employer_id),
        &p,
        format!("returned the entry of {day}"),
    )?;
    super::notify::notify(
        w,
        p.student_id,
        "placement",
        format!("Your supervisor returned your hours of {day}: {comment}"),
        &format!("/placements/{}", p.id),
    )?;
    placements::save(w, &p)?;
    Ok(p)
}

/// The supervisor's evaluation: every competency of the rubric rated 1-4, and comments.
pub fn evaluate(
    w: &Wtx,
    employer_id: u64,
    id: u64,
    kind: &str,
    scores: &[(String, i64)],
    comments: &str,
    now: i64,
) -> AppResult<Placement> {
    let mut p = visible(w, id, &Who::Employer(employer_id))?;
    let kind = EvaluationKind::parse(kind)
        .ok_or_else(|| AppError::bad_request("kind is midpoint or final"))?;
    if p.state != State::Active {
        return Err(AppError::Conflict(
            "Evaluations are written while the placement is active".into(),
        ));
    }
    if p.evaluations.iter().any(|e| e.kind == kind) {
        return Err(AppError::Conflict(format!(
            "The {} evaluation was already submitted",
            kind.as_str()
        )));
    }
    let rubric = super::settings::rubric(w)?;
    let mut c = Checks::new();
    let mut out = Vec::new();
    for (key, label) in &rubric {
        match scores.iter().find(|(k, _)| k == key) {
            Some((_, v)) if (1..=4).contains(v) => out.push((key.clone(), *v as u8)),
            _ => c.fail("scores", &format!("Rate {label} from 1 to 4")),
        }
    }
    c.max_len("comments", comments, 2000);
    c.finish()?;
    p.evaluations.push(Evaluation {
        kind,
        scores: out,
        comments: crate::validate::clean(comments),
        at: now,
    });
    p.history.push((
        now,
        format!("The supervisor submitted the {} evaluation", kind.as_str()),
    ));
    audit_change(
        w,
        now,
        Actor::User(employer_id),
        &p,
        format!("submitted the {} evaluation", kind.as_str()),
    )?;
    // The student reads both evaluations (their page and their export alike).
    let told = match kind {
        EvaluationKind::Midpoint => "Your supervisor submitted your midpoint evaluation.",
        EvaluationKind::Final => "Your supervisor submitted your final evaluation.",
    };
    super::notify::notify(
        w,
        p.student_id,
        "placement",
        told.into(),
        &format!("/placements/{}", p.id),
    )?;
    placements::save(w, &p)?;
    Ok(p)
}

/// The student's reflection at the end.
pub fn reflect(w: &Wtx, student_id: u64, id: u64, text: &str, now: i64) -> AppResult<Placement> {
    let mut p = visible(w, id, &Who::Student(student_id))?;
    if !matches!(p.state, State::Active | State::Completed) {
        return Err(AppError::Conflict(
            "The reflection is written during or after the placement".into(),
        ));
    }
    let text = crate::validate::clean(text);
    let mut c = Checks::new();
    c.required(
        "text",
        &text,
        "Write a few sentences about what you learned",
    )
    .max_len("text", &text, 2000);
    c.finish()?;
    p.reflection = Some((text, now));
    p.history
        .push((now, "The student wrote their reflection".into()));
    placements::save(w, &p)?;
    Ok(p)
}

/// The school completes an active placement: the final evaluation is in and no entry waits.
pub fn complete(w: &Wtx, who: &Who, id: u64, now: i64) -> AppResult<Placement> {
    let mut p = visible(w, id, who)?;
    if !matches!(who, Who::School { .. }) {
        return Err(AppError::Forbidden(
            "Only the school completes a placement".into(),
        ));
    }
    if !p.state.can_move_to(State::Completed) {
        return Err(AppError::Conflict(p.state.refusal(State::Completed)));
    }
    if !p
        .evaluations
        .iter()
        .any(|e| e.kind == EvaluationKind::Final)
    {
        return Err(AppError::Conflict(
            "The supervisor's final evaluation is needed first".into(),
        ));
    }
    let entries = placements::entries(w, id)?;
    if entries.iter().any(|e| e.status != EntryStatus::Approved) {
        return Err(AppError::Conflict(
            "Some hours still wait for the supervisor's approval".into(),
        ));
    }
    let approved: u32 = entries.iter().map(|e| e.quarters).sum();
    p.state = State::Completed;
    p.finished_at = Some(now);
    let hours = rules::fmt_hours(f64::from(approved) / 4.0);
    p.history.push((
        now,
        format!("The school marked the placement completed ({hours} h)"),
    ));
    audit_change(
        w,
        now,
        who.actor(),
        &p,
        format!("completed the placement ({hours} h)"),
    )?;
    super::notify::notify(
        w,
        p.student_id,
        "placement",
        format!(
            "You completed {hours} hours of work-based learning. Your certificate is on your placement page."
        ),
        &format!("/placements/{}", p.id),
    )?;
    placements::save(w, &p)?;
    Ok(p)
}

/// Hours of a placement's entries: (approved, waiting or returned).
pub fn totals(entries: &[HourEntry]) -> (f64, f64) {
    let approved: u32 = entries
        .iter()
        .filter(|e| e.status == EntryStatus::Approved)
        .map(|e| e.quarters)
        .sum();
    let other: u32 = entries
        .iter()
        .filter(|e| e.status != EntryStatus::Approved)
        .map(|e| e.quarters)
        .sum();
    (f64::from(approved) / 4.0, f64::from(other) / 4.0)
}

/// Reminders, once a day: each evaluation from its due date until submitted (once per
/// placement and kind), and on Mondays the entries waiting for the supervisor's approval.
pub fn reminders(w: &Wtx, now: i64) -> StoreResult<usize> {
    let day = today(now);
    let mut sent = 0;
    for mut p in placements::all(w)? {
        if p.state != State::Active {
            continue;
        }
        let (Some(start), Some(end)) = (p.start, p.end) else {
            continue;
        };
        let mut changed = false;
        for kind in [EvaluationKind::Midpoint, EvaluationKind::Final] {
            if day >= kind.due(start, end)
                && !p.evaluations.iter().any(|e| e.kind == kind)
                && !p.reminded.contains(&kind)
            {
                super::notify::notify(
                    w,
                    p.employer_id,
                    "placement",
                    format!(
                        "The {} evaluation of your intern is due. Please fill it in on the placement page.",
                        kind.as_str()
                    ),
                    &format!("/placements/{}", p.id),
                )?;
                p.reminded.push(kind);
                changed = true;
                sent += 1;
            }
        }
        if rules::is_monday(day) {
            let waiting = placements::entries(w, p.id)?
                .iter()
                .filter(|e| e.status == EntryStatus::Waiting)
                .count();
            let key = format!("placement_digest:{}:{}", p.id, day);
            if waiting > 0 && w.meta_get(&key)?.is_none() {
                super::notify::notify(
                    w,
                    p.employer_id,
                    "placement_hours",
                    format!("{waiting} day(s) of your intern's hours wait for your approval."),
                    &format!("/placements/{}", p.id),
                )?;
                w.meta_put(&key, &[1])?;
                sent += 1;
            }
        }
        if changed {
            placements::save(w, &p)?;
        }
    }
    Ok(sent)
}

/// Runs the reminders now; true when any was sent (the mail sender is then woken).
pub fn remind(s: &crate::infra::Services) -> bool {
    let now = crate::clock::now_ms();
    match s.store.write(|w| reminders(w, now)) {
        Ok(n) => n > 0,
        Err(e) => {
            tracing::warn!(error = %e, "placement reminders failed");
            false
        }
    }
}

/// A placement that does not exist, said the same way everywhere.
pub fn not_found() -> AppError {
    AppError::not_found(NOT_FOUND)
}

/// A student's placements for their data export: details, guardian, signatures, hours,
/// evaluations and reflection.
pub fn export(r: &impl Reader, student_id: u64) -> AppResult<serde_json::Value> {
    use serde_json::json;
    let mut out = Vec::new();
    for p in placements::of_student(r, student_id)? {
        let entries: Vec<serde_json::Value> = placements::entries(r, p.id)?
            .iter()
            .map(|e| {
                json!({"date": crate::domain::placements::date_str(e.date), "hours": e.hours(), "note": e.note,
                       "status": match &e.status { EntryStatus::Waiting => "waiting", EntryStatus::Approved => "approved", EntryStatus::Returned { .. } => "returned" }})
            })
            .collect();
        out.push(json!({
            "id": p.id, "applicationId": p.application_id, "state": p.state.as_str(),
            "startDate": p.start.map(crate::domain::placements::date_str), "endDate": p.end.map(crate::domain::placements::date_str),
            "worksite": p.worksite, "schedule": p.schedule, "plannedHours": p.planned_hours, "paid": p.paid,
            "supervisor": {"name": p.supervisor.name, "title": p.supervisor.title},
            "guardian": p.guardian.as_ref().map(|g| json!({"name": g.name, "relationship": g.relationship, "email": g.email, "phone": g.phone})),
            "signatures": p.signatures.iter().map(|s| json!({"party": s.party.as_str(), "name": s.name, "signedAt": crate::clock::rfc3339(s.at), "agreementSha256": super::placements::hex(&s.sha256)})).collect::<Vec<_>>(),
            "hours": entries,
            "evaluations": p.evaluations.iter().map(|e| json!({"kind": e.kind.as_str(), "scores": e.scores.iter().cloned().collect::<std::collections::BTreeMap<_, _>>(), "comments": e.comments})).collect::<Vec<_>>(),
            "reflection": p.reflection.as_ref().map(|(t, _)| t.clone()),
        }));
    }
    Ok(serde_json::Value::Array(out))
}

/// A deleted student's placements: a completed one stays, de-identified (school, grade,
/// employer, posting, dates, approved hours: the district's counts); the others go, with
/// their hours. Names, contact data and free text go in both cases.
pub fn forget_student(w: &Wtx, student_id: u64) -> AppResult<()> {
    for mut p in placements::of_student(w, student_id)? {
        w.pair_remove(
            crate::store::tables::PLACEMENTS_BY_STUDENT,
            (student_id, p.id),
        )?;
        let entries = placements::entries(w, p.id)?;
        if p.state != State::Completed {
            for e in &entries {
                placements::delete_entry(w, e)?;
            }
            w.pair_remove(
                crate::store::tables::PLACEMENTS_BY_EMPLOYER,
                (p.employer_id, p.id),
            )?;
            w.key_remove("placement-application", &p.application_id.to_string())?;
            p.guardian_link = None;
            placements::save(w, &p)?;
            placements::unfreeze_text(w, p.id)?;
            w.delete::<Placement>(p.id)?;
            continue;
        }
        // The frozen text names the student and the guardian; the ids would lead back to them.
        placements::unfreeze_text(w, p.id)?;
        w.key_remove("placement-application", &p.application_id.to_string())?;
        p.student_id = 0;
        p.application_id = 0;
        for mut e in entries {
            e.note.clear();
            placements::put_entry(w, e)?;
        }
        p.deidentified = true;
        p.guardian = None;
        p.guardian_declined = None;
        p.reflection = None;
        for e in &mut p.evaluations {
            e.comments.clear();
        }
        for s in &mut p.signatures {
            s.name.clear();
            s.ip.clear();
            s.user_agent.clear();
        }
        p.history.clear();
        placements::save(w, &p)?;
    }
    Ok(())
}
