//! The daily reminders of active placements: each evaluation from its due date until submitted,
//! and a daily digest of the entries waiting for the supervisor's approval.

use crate::domain::placements::{self as rules, EvaluationKind, State};
use crate::store::placements::{self, EntryStatus};
use crate::store::{Reader, StoreResult, Wtx};

use super::today;

/// Reminders, once a day: each evaluation from its due date until submitted (once per
/// placement and kind), and the day's digest of entries waiting for the supervisor.
pub fn reminders(w: &Wtx, now: i64) -> StoreResult<usize> {
    let day = today(w, now)?;
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
                crate::services::notify::notify(
                    w,
                    p.employer_id,
                    "placement",
                    match kind {
                        EvaluationKind::Midpoint => {
                            crate::said!("the-midpoint-evaluation-of-your-intern-is")
                        }
                        EvaluationKind::Final => {
                            crate::said!("the-final-evaluation-of-your-intern-is")
                        }
                    },
                    &format!("/placements/{}", p.id),
                )?;
                p.reminded.push(kind);
                changed = true;
                sent += 1;
            }
        }
        // One digest a day of what waits for the supervisor (in the app and by e-mail).
        let waiting: Vec<f64> = placements::entries(w, p.id)?
            .iter()
            .filter(|e| e.status == EntryStatus::Waiting)
            .map(|e| e.hours())
            .collect();
        let key = format!("placement_digest:{}:{}", p.id, day);
        if !waiting.is_empty() && w.meta_get(&key)?.is_none() {
            let student = match w.get::<crate::store::users::User>(p.student_id)? {
                Some(u) => crate::i18n::Value::Plain(u.full_name()),
                None => crate::i18n::Value::Text(Box::new(crate::said!("your-intern"))),
            };
            crate::services::notify::notify(
                w,
                p.employer_id,
                "placement_hours",
                crate::said!(
                    "student-s-hours-wait-for-your-approval",
                    student = student,
                    days = waiting.len(),
                    hours = rules::hours_said(waiting.iter().sum())
                ),
                &format!("/placements/{}", p.id),
            )?;
            w.meta_put(&key, &[1])?;
            sent += 1;
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
