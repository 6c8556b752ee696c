//! The employer's details of a placement: supervisor, worksite, dates, schedule, planned hours
//! and pay. Complete details open the agreement for signatures; a change after a signature
//! voids them all.

use crate::domain::placements::{State, changes};
use crate::error::{AppError, AppResult};
use crate::store::Wtx;
use crate::store::audit::Actor;
use crate::store::placements::{self, Placement, Supervisor};
use crate::validate::Checks;

use super::MIN_WAGE_CENTS;
use super::agreement::tell_everyone;
use super::voids::{relink, void_signatures};
use super::{Who, guardian_mail, visible};
use time::Date;

/// The employer's details.
pub struct Details {
    pub supervisor: Supervisor,
    pub worksite: String,
    pub start: String,
    pub end: String,
    pub schedule: String,
    pub planned_hours: f64,
    pub paid: bool,
    pub hourly_wage: Option<f64>,
}

/// The facts of `p`'s details a void describes.
fn facts(p: &Placement) -> changes::Facts {
    changes::Facts {
        supervisor: p.supervisor.name.clone(),
        worksite: p.worksite.clone(),
        start: p.start,
        end: p.end,
        schedule: p.schedule.clone(),
        planned_hours: p.planned_hours,
        wage_cents: if p.paid { p.hourly_wage_cents } else { None },
    }
}

fn parse_date(s: &str) -> Option<Date> {
    Date::parse(
        s.trim(),
        time::macros::format_description!("[year]-[month]-[day]"),
    )
    .ok()
}

/// The employer fills in or changes the details. Complete details in `setup` open the
/// agreement for signatures (and send the guardian's link); a change after a signature
/// voids them all.
pub fn update_details(
    w: &Wtx,
    employer_id: u64,
    id: u64,
    d: Details,
    now: i64,
) -> AppResult<Placement> {
    let mut p = visible(w, id, &Who::Employer(employer_id))?;
    if !matches!(p.state, State::Setup | State::AwaitingSignatures) {
        return Err(AppError::Conflict(crate::t!(
            "the-details-cannot-change-once-the-placement"
        )));
    }
    let mut c = Checks::new();
    let s = &d.supervisor;
    c.required(
        "supervisor.name",
        &s.name,
        &crate::t!("the-supervisor-s-name-is-required"),
    )
    .max_len("supervisor.name", &s.name, 100)
    .max_len("supervisor.title", &s.title, 100)
    .required(
        "supervisor.email",
        &s.email,
        &crate::t!("the-supervisor-s-e-mail-is-required"),
    )
    .email(
        "supervisor.email",
        s.email.trim(),
        &crate::t!("please-enter-a-valid-email-address"),
    )
    .max_len("supervisor.phone", &s.phone, 40)
    .required(
        "worksite",
        &d.worksite,
        &crate::t!("the-worksite-address-is-required"),
    )
    .max_len("worksite", &d.worksite, 200)
    .max_len("schedule", &d.schedule, 200)
    .required(
        "schedule",
        &d.schedule,
        &crate::t!("the-weekly-schedule-is-required"),
    );
    let start = parse_date(&d.start);
    let end = parse_date(&d.end);
    c.check(
        "startDate",
        start.is_some(),
        &crate::t!("please-choose-a-start-date"),
    );
    c.check(
        "endDate",
        end.is_some(),
        &crate::t!("please-choose-an-end-date"),
    );
    if let (Some(a), Some(b)) = (start, end) {
        c.check("endDate", b >= a, &crate::t!("the-end-date-must-be-on-or"));
        c.check(
            "endDate",
            (b - a).whole_days() <= 366,
            &crate::t!("a-placement-lasts-at-most-a-year"),
        );
    }
    let hours = d.planned_hours;
    c.check(
        "plannedHours",
        hours.is_finite() && (1.0..=2000.0).contains(&hours) && hours.fract() == 0.0,
        &crate::t!("planned-hours-must-be-a-whole-number"),
    );
    let wage = if d.paid {
        match d.hourly_wage {
            Some(x) if x.is_finite() && x >= f64::from(MIN_WAGE_CENTS) / 100.0 && x <= 200.0 => {
                Some((x * 100.0).round() as u32)
            }
            _ => {
                c.fail(
                    "hourlyWage",
                    &crate::t!("a-paid-placement-pays-at-least-the"),
                );
                None
            }
        }
    } else {
        None
    };
    c.finish()?;
    let new_supervisor = Supervisor {
        name: crate::validate::clean(&s.name),
        title: crate::validate::clean(&s.title),
        email: s.email.trim().to_string(),
        phone: crate::validate::clean(&s.phone),
    };
    let changed = p.supervisor != new_supervisor
        || p.worksite != d.worksite.trim()
        || p.start != start
        || p.end != end
        || p.schedule != d.schedule.trim()
        || p.planned_hours != hours as u32
        || p.paid != d.paid
        || p.hourly_wage_cents != wage;
    let before = facts(&p);
    p.supervisor = new_supervisor;
    p.worksite = crate::validate::clean(&d.worksite);
    p.start = start;
    p.end = end;
    p.schedule = crate::validate::clean(&d.schedule);
    p.planned_hours = hours as u32;
    p.paid = d.paid;
    p.hourly_wage_cents = wage;
    if changed {
        let why = crate::said!("the-employer-changed-the-details").encode();
        let what: Vec<String> = changes::describe(&before, &facts(&p))
            .iter()
            .map(|t| t.encode())
            .collect();
        let signed = void_signatures(w, &mut p, Actor::User(employer_id), now, &why, &what)?;
        p.history.push((
            now,
            crate::said!("the-employer-saved-the-placement-s-details").encode(),
        ));
        relink(w, &mut p, &signed, &why, &what, now)?;
    }
    if p.state == State::Setup {
        p.state = State::AwaitingSignatures;
        p.history.push((
            now,
            crate::said!("the-agreement-is-ready-for-signatures").encode(),
        ));
        tell_everyone(
            w,
            &p,
            &crate::said!("the-internship-agreement-is-ready-please-read").encode(),
        )?;
    }
    guardian_mail::send_link_if_due(w, &mut p, now, &[])?;
    super::supervisor::send_link_if_due(w, &mut p, now, &[])?;
    placements::save(w, &p)?;
    Ok(p)
}
