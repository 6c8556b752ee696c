//! Pushes to district staff about what waits for their review, written in the transaction of
//! what happened: a new report (a person's, or a hold of the automatic screens), an employer
//! waiting for verification. District admins hear of everything; a school's coordinator of
//! the reports their Reports tab shows them (about their school's students, `store::reports::
//! about_any`), as the school's e-mails reach the coordinator of the student's school. Staff
//! turn the "account" category off like anyone else; their language is their own.

use crate::domain::reports::TargetKind;
use crate::error::AppResult;
use crate::store::push::{self, Category, Owner, Waiting, What};
use crate::store::reports::Report;
use crate::store::staff::{Staff, StaffRole};
use crate::store::users::User;
use crate::store::{Reader, StoreResult, Wtx};

/// The staff members who may hear anything: invited, enrolled, not turned off.
fn live_staff(w: &Wtx) -> StoreResult<Vec<Staff>> {
    Ok(crate::store::staff::all(w)?
        .into_iter()
        .filter(|m| m.enrolled && !m.disabled)
        .collect())
}

fn tell(w: &Wtx, staff: &[Staff], waiting: &Waiting, link: &str, now: i64) -> StoreResult<()> {
    if !super::settings::push_on(w)? {
        return Ok(());
    }
    for m in staff {
        push::enqueue(
            w,
            Owner::Staff(m.id),
            Category::Account,
            What::Waiting(waiting.clone()),
            link,
            now,
        )?;
    }
    Ok(())
}

/// A new report `rep`: the district's admins, and the coordinators of the schools whose
/// students it is about, hear that it waits in their Reports tab.
pub fn report_filed(w: &Wtx, rep: &Report, now: i64) -> AppResult<()> {
    let waiting = match (rep.reporter_id, rep.target) {
        (Some(_), _) => Waiting::Report,
        (None, TargetKind::Internship) => Waiting::HeldPosting {
            title: w
                .get::<crate::store::internships::Internship>(rep.target_id)?
                .map(|i| i.title)
                .unwrap_or_default(),
        },
        (None, _) => Waiting::HeldWords,
    };
    let mut to = Vec::new();
    for m in live_staff(w)? {
        let hears = match (m.role, m.school.as_deref()) {
            (StaffRole::Admin, _) => true,
            (StaffRole::Coordinator, Some(school)) => {
                let ids = super::students::ids_of_school(w, school)?;
                crate::store::reports::about_any(w, rep, &ids)?
            }
            (StaffRole::Coordinator, None) => false,
        };
        if hears {
            to.push(m);
        }
    }
    Ok(tell(w, &to, &waiting, "/admin?tab=reports", now)?)
}

/// Holds `target` #`id` for review (`store::reports::hold`: the open system report, made or
/// updated); a new hold is told to the staff like a report.
pub fn hold(w: &Wtx, target: TargetKind, id: u64, terms: &[String], now: i64) -> AppResult<()> {
    let open_before = crate::store::reports::about(w, target, id)?
        .iter()
        .any(|r| r.reporter_id.is_none() && r.resolution.is_none());
    let rep = crate::store::reports::hold(w, target, id, terms, now)?;
    if !open_before && let Some(rep) = w.get::<Report>(rep)? {
        report_filed(w, &rep, now)?;
    }
    Ok(())
}

/// A new employer account waits for the district's verification: the admins hear it.
pub fn employer_waiting(w: &Wtx, employer: &User, now: i64) -> StoreResult<()> {
    let admins: Vec<Staff> = live_staff(w)?
        .into_iter()
        .filter(|m| m.role == StaffRole::Admin)
        .collect();
    let company = if employer.company.trim().is_empty() {
        format!("{} {}", employer.first_name, employer.last_name)
    } else {
        employer.company.clone()
    };
    tell(
        w,
        &admins,
        &Waiting::Employer { company },
        "/admin?tab=employers",
        now,
    )
}
