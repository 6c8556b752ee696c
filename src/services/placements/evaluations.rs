//! The supervisor's evaluations (midpoint and final, every competency of the rubric rated 1-4)
//! and the student's reflection at the end.

use crate::domain::placements::{EvaluationKind, State, completion};
use crate::error::{AppError, AppResult};
use crate::store::Wtx;
use crate::store::audit::Actor;
use crate::store::placements::{self, Evaluation, Placement};
use crate::validate::Checks;

use super::agreement::audit_change;
use super::{Who, visible};

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
        .ok_or_else(|| AppError::bad_request(crate::t!("kind-is-midpoint-or-final")))?;
    if p.state != State::Active {
        return Err(AppError::Conflict(crate::t!(
            "evaluations-are-written-while-the-placement-is"
        )));
    }
    if p.evaluations.iter().any(|e| e.kind == kind) {
        return Err(AppError::Conflict(match kind {
            EvaluationKind::Midpoint => crate::t!("the-midpoint-evaluation-was-already-submitted"),
            EvaluationKind::Final => crate::t!("the-final-evaluation-was-already-submitted"),
        }));
    }
    if kind == EvaluationKind::Final {
        final_refusal(w, &p, now)?;
    }
    let rubric = crate::services::settings::rubric(w)?;
    let mut c = Checks::new();
    let mut out = Vec::new();
    for (key, label) in &rubric {
        match scores.iter().find(|(k, _)| k == key) {
            Some((_, v)) if (1..=4).contains(v) => out.push((key.clone(), *v as u8)),
            // A default competency's name in the reader's language; a district's as written.
            _ => c.fail(
                "scores",
                &crate::t!("rate-label-from-1-to-4", label = crate::i18n::tr(label)),
            ),
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
        match kind {
            EvaluationKind::Midpoint => {
                crate::said!("the-supervisor-submitted-the-midpoint-evaluation")
            }
            EvaluationKind::Final => crate::said!("the-supervisor-submitted-the-final-evaluation"),
        }
        .encode(),
    ));
    audit_change(
        w,
        now,
        Actor::User(employer_id),
        &p,
        crate::i18n::Text::new(match kind {
            EvaluationKind::Midpoint => "by-submitted-the-midpoint-evaluation-placement-placement",
            EvaluationKind::Final => "by-submitted-the-final-evaluation-placement-placement",
        })
        .encode(),
    )?;
    super::school_mail::completion_due(w, &p, kind, now)?;
    // The student reads both evaluations (their page and their export alike).
    let told = match kind {
        EvaluationKind::Midpoint => {
            crate::said!("your-supervisor-submitted-your-midpoint-evaluation")
        }
        EvaluationKind::Final => crate::said!("your-supervisor-submitted-your-final-evaluation"),
    };
    crate::services::notify::notify(
        w,
        p.student_id,
        "placement",
        told,
        &format!("/placements/{}", p.id),
    )?;
    placements::save(w, &p)?;
    Ok(p)
}

/// The student's reflection at the end.
pub fn reflect(w: &Wtx, student_id: u64, id: u64, text: &str, now: i64) -> AppResult<Placement> {
    let mut p = visible(w, id, &Who::Student(student_id))?;
    if !matches!(p.state, State::Active | State::Completed) {
        return Err(AppError::Conflict(crate::t!(
            "the-reflection-is-written-during-or-after"
        )));
    }
    let text = crate::validate::clean(text);
    let mut c = Checks::new();
    c.required(
        "text",
        &text,
        &crate::t!("write-a-few-sentences-about-what-you"),
    )
    .max_len("text", &text, 2000);
    c.finish()?;
    p.reflection = Some((text, now));
    p.history.push((
        now,
        crate::said!("the-student-wrote-their-reflection").encode(),
    ));
    placements::save(w, &p)?;
    Ok(p)
}

/// Refuses the final evaluation before its window: the last fifth of the placement's dates, or
/// 80 % of the planned hours approved (an evaluation at the start says nothing of the work).
fn final_refusal(w: &Wtx, p: &Placement, now: i64) -> AppResult<()> {
    let (Some(start), Some(end)) = (p.start, p.end) else {
        return Ok(());
    };
    let approved = super::hours::totals(&crate::store::placements::entries(w, p.id)?).approved;
    if completion::final_open(start, end, super::today(w, now)?, approved, p.planned_hours) {
        return Ok(());
    }
    let day =
        super::agreement::long_date_in(crate::i18n::current(), completion::final_opens(start, end));
    Err(AppError::Conflict(crate::t!(
        "the-final-evaluation-opens-on-day-or",
        day = day,
        hours = crate::domain::placements::hours_said(completion::final_hours(p.planned_hours)),
        planned = p.planned_hours
    )))
}
