//! How a placement ends: completed by the school (final evaluation in, no hours waiting),
//! ended early by the school, or cancelled before it started; each with its reason.

use crate::domain::placements::{self as rules, EvaluationKind, State};
use crate::error::{AppError, AppResult};
use crate::store::Wtx;
use crate::store::placements::{self, EntryStatus, Placement};
use crate::validate::Checks;

use super::agreement::{audit_change, tell_everyone};
use super::{Who, visible};

/// The school completes an active placement: the final evaluation is in and no entry waits.
pub fn complete(w: &Wtx, who: &Who, id: u64, now: i64) -> AppResult<Placement> {
    let mut p = visible(w, id, who)?;
    if !matches!(who, Who::School { .. }) {
        return Err(AppError::Forbidden(crate::t!(
            "only-the-school-completes-a-placement"
        )));
    }
    if !p.state.can_move_to(State::Completed) {
        return Err(AppError::Conflict(p.state.refusal(State::Completed)));
    }
    let entries = placements::entries(w, id)?;
    // Entries back with the student to fix are not the supervisor's to hold up: they are not
    // counted, and the record says so.
    let totals = super::hours::totals(&entries);
    // Completed means the dates ran out or every planned hour is in; anything sooner is an
    // early end, which says so.
    if let Some(end) = p.end
        && !rules::completion::may_complete(
            end,
            super::today(w, now)?,
            totals.approved,
            p.planned_hours,
        )
    {
        let day = super::agreement::long_date_in(crate::i18n::current(), end);
        return Err(AppError::Conflict(crate::t!(
            "the-placement-ends-on-day-and-hours",
            day = day,
            hours = rules::hours_said(totals.approved),
            planned = p.planned_hours
        )));
    }
    if !p
        .evaluations
        .iter()
        .any(|e| e.kind == EvaluationKind::Final)
    {
        return Err(AppError::Conflict(crate::t!(
            "the-supervisor-s-final-evaluation-is-needed"
        )));
    }
    if entries.iter().any(|e| e.status == EntryStatus::Waiting) {
        return Err(AppError::Conflict(crate::t!(
            "some-hours-still-wait-for-the-supervisor"
        )));
    }
    p.state = State::Completed;
    p.finished_at = Some(now);
    let hours = rules::hours_said(totals.approved);
    p.history.push((
        now,
        crate::said!(
            "the-school-marked-the-placement-completed-hours",
            hours = &hours
        )
        .encode(),
    ));
    if totals.returned > 0.0 {
        p.history.push((
            now,
            crate::said!(
                "hours-h-returned-to-the-student-and",
                hours = rules::hours_said(totals.returned)
            )
            .encode(),
        ));
    }
    audit_change(
        w,
        now,
        who.actor(),
        &p,
        crate::i18n::Text::new("by-completed-the-placement-hours-h-placement")
            .arg("hours", &hours)
            .encode(),
    )?;
    issue_certificate(w, &p)?;
    crate::services::notify::notify(
        w,
        p.student_id,
        "placement",
        crate::said!("you-completed-hours-hours-of-work-based", hours = &hours),
        &format!("/placements/{}", p.id),
    )?;
    placements::save(w, &p)?;
    Ok(p)
}

/// Cancels a placement that has not started (the school or the employer), with why.
pub fn cancel(w: &Wtx, who: &Who, id: u64, reason: &str, now: i64) -> AppResult<Placement> {
    let mut p = visible(w, id, who)?;
    if matches!(who, Who::Student(_)) {
        return Err(AppError::Forbidden(crate::t!(
            "the-school-or-the-employer-cancels-a"
        )));
    }
    move_to_final(w, &mut p, who, State::Cancelled, reason, now)?;
    Ok(p)
}

/// Ends an active placement early (the school), with why.
pub fn end_early(w: &Wtx, who: &Who, id: u64, reason: &str, now: i64) -> AppResult<Placement> {
    let mut p = visible(w, id, who)?;
    if !matches!(who, Who::School { .. }) {
        return Err(AppError::Forbidden(crate::t!(
            "only-the-school-ends-a-placement-early"
        )));
    }
    move_to_final(w, &mut p, who, State::EndedEarly, reason, now)?;
    Ok(p)
}

fn move_to_final(
    w: &Wtx,
    p: &mut Placement,
    who: &Who,
    to: State,
    reason: &str,
    now: i64,
) -> AppResult<()> {
    if !p.state.can_move_to(to) {
        return Err(AppError::Conflict(p.state.refusal(to)));
    }
    let reason = crate::validate::clean(reason);
    let mut c = Checks::new();
    c.required("reason", &reason, &crate::t!("please-give-a-reason"))
        .max_len("reason", &reason, 500);
    c.finish()?;
    p.state = to;
    p.end_reason = Some(reason.clone());
    p.finished_at = Some(now);
    p.guardian_link = None;
    if to == State::EndedEarly {
        issue_certificate(w, p)?;
    }
    let (line, told) = match to {
        State::Cancelled => (
            crate::said!("the-placement-was-cancelled-reason", reason = &reason),
            crate::said!(
                "the-internship-placement-was-cancelled-reason",
                reason = &reason
            ),
        ),
        _ => (
            crate::said!("the-placement-was-ended-early-reason", reason = &reason),
            crate::said!(
                "the-internship-placement-was-ended-early-reason",
                reason = &reason
            ),
        ),
    };
    p.history.push((now, line.encode()));
    audit_change(
        w,
        now,
        who.actor(),
        p,
        crate::i18n::Text::new(match to {
            State::Cancelled => "by-cancelled-the-placement-reason-placement-placement",
            _ => "by-ended-early-the-placement-reason-placement",
        })
        .arg("reason", &reason)
        .encode(),
    )?;
    tell_everyone(w, p, &told.encode())?;
    // The guardian hears of an end once signing began (before it, nothing reached them).
    if p.guardian_link_sent_at.is_some() {
        super::guardian_mail::ended(w, p, to == State::Cancelled, &reason, now)?;
    }
    placements::save(w, p)?;
    Ok(())
}

/// Gives a finished placement its certificate's verification code (64 random bits), once.
fn issue_certificate(w: &Wtx, p: &Placement) -> crate::store::StoreResult<()> {
    if placements::certificate_code(w, p.id)?.is_some() {
        return Ok(());
    }
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).expect("the operating system's random source");
    placements::put_certificate_code(w, p.id, u64::from_be_bytes(bytes))
}

/// Whether `p` has a certificate: completed, or ended early where the district issues one then
/// (`settings set certificate-on-early-end`).
pub fn certificate_issued(
    r: &impl crate::store::Reader,
    p: &Placement,
) -> crate::store::StoreResult<bool> {
    Ok(!p.deidentified
        && match p.state {
            State::Completed => true,
            State::EndedEarly => crate::services::settings::certificate_on_early_end(r)?,
            _ => false,
        })
}

/// When the placement may be finished: the final evaluation's window, and whether "completed"
/// is open (else only an early end).
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FinishView {
    pub final_open: bool,
    /// The day the final evaluation opens by the calendar (the last fifth of the dates).
    pub final_opens_on: Option<String>,
    /// The approved hours that open it sooner (80 % of the planned).
    pub final_hours: f64,
    pub may_complete: bool,
    /// The certificate can be downloaded (completed, or ended early where the district issues
    /// one then).
    pub certificate: bool,
    /// The certificate's verification code ("7K2M-9QXA-3FH8D"), once it has one.
    pub certificate_code: Option<String>,
}

pub(super) fn finish(
    r: &impl crate::store::Reader,
    p: &Placement,
    approved: f64,
    now: i64,
) -> AppResult<FinishView> {
    use crate::domain::placements::completion;
    let today = super::today(r, now)?;
    let window = p.start.zip(p.end);
    Ok(FinishView {
        final_open: window
            .is_some_and(|(s, e)| completion::final_open(s, e, today, approved, p.planned_hours)),
        final_opens_on: window
            .map(|(s, e)| crate::domain::placements::date_str(completion::final_opens(s, e))),
        final_hours: completion::final_hours(p.planned_hours),
        may_complete: p
            .end
            .is_some_and(|e| completion::may_complete(e, today, approved, p.planned_hours)),
        certificate: certificate_issued(r, p)?,
        certificate_code: placements::certificate_code(r, p.id)?
            .filter(|_| !p.deidentified)
            .map(completion::code_text),
    })
}
