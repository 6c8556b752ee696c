//! Employer accounts: the district's review (list, verify, suspend) and the employer's own
//! profile edits, which its postings follow.

use serde::Serialize;

use crate::clock::{now_ms, rfc3339};
use crate::domain::review::EmployerStatus;
use crate::error::{AppError, AppResult, OptionExt};
use crate::infra::Services;
use crate::store::audit::{self, Actor, Event};
use crate::store::internships::{self, Internship};
use crate::store::users::{self, Review, Role, User, UserWriteError};
use crate::store::{Reader, Wtx, sessions};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EmployerView {
    pub id: u64,
    pub company: String,
    pub contact_name: String,
    pub email: String,
    pub phone: String,
    pub website: String,
    pub industry: String,
    pub company_size: String,
    pub description: String,
    pub created_at: String,
    pub status: &'static str,
    pub status_reason: Option<String>,
    pub status_changed_at: Option<String>,
    pub postings: usize,
    /// Postings saved without the employer's "no hazardous duties" confirmation (older clients).
    pub unconfirmed_postings: usize,
    /// Whether the employer opened the link of its welcome e-mail (for its current address).
    pub email_confirmed: bool,
}

fn view(r: &impl Reader, u: &User) -> AppResult<EmployerView> {
    let postings = internships::by_employer(r, u.id, false)?;
    Ok(EmployerView {
        id: u.id,
        company: u.company.clone(),
        contact_name: u.full_name(),
        email: u.email.clone(),
        phone: u.phone.clone(),
        website: u.website.clone(),
        industry: u.industry.clone(),
        company_size: u.company_size.clone(),
        description: u.company_description.clone(),
        created_at: rfc3339(u.created_at),
        status: u.review.status.as_str(),
        status_reason: u.review.reason.clone(),
        status_changed_at: u.review.changed_at.map(rfc3339),
        email_confirmed: super::email_confirmation::is_confirmed(r, u)?,
        unconfirmed_postings: postings
            .iter()
            .filter(|i| i.hazard_confirmed_at.is_none())
            .count(),
        postings: postings.len(),
    })
}

/// Every employer: pending first, newest sign-up first within each group.
pub fn list(s: &Services, pending_only: bool) -> AppResult<Vec<EmployerView>> {
    let r = s.store.read()?;
    let mut users = r.scan_rev(|_: &User| true)?;
    users.retain(|u| {
        u.role == Role::Employer && (!pending_only || u.review.status == EmployerStatus::Pending)
    });
    users.sort_by_key(|u| u.review.status != EmployerStatus::Pending);
    users.iter().map(|u| view(&r, u)).collect()
}

pub fn not_found() -> String {
    crate::t!("employer-not-found")
}

/// Verifies or suspends an employer, moving its postings with it (in the same transaction)
/// and ending its sessions when suspended; the audit entry commits with the change.
pub fn set_status(
    s: &Services,
    id: u64,
    status: EmployerStatus,
    reason: Option<String>,
    actor: Actor,
) -> AppResult<EmployerView> {
    let reason = reason
        .map(|r| r.trim().to_string())
        .filter(|r| !r.is_empty());
    if status == EmployerStatus::Suspended && reason.is_none() {
        return Err(AppError::bad_request(crate::t!(
            "please-give-a-reason-for-the-suspension"
        )));
    }
    if reason.as_ref().is_some_and(|r| r.chars().count() > 500) {
        return Err(AppError::bad_request(crate::t!(
            "the-reason-must-be-at-most-500"
        )));
    }
    s.write_postings(|w| {
        let changed = apply_status(w, id, status, reason.clone(), actor)?;
        Ok::<_, AppError>(((), changed))
    })?;
    if status == EmployerStatus::Suspended {
        s.sessions_ended(id);
    }
    let r = s.store.read()?;
    let u = r.get::<User>(id)?.ok_or_not_found(not_found())?;
    view(&r, &u)
}

/// The write half of `set_status`, for callers already in a transaction (report resolution);
/// returns the postings whose visibility changed.
pub fn apply_status(
    w: &Wtx,
    id: u64,
    status: EmployerStatus,
    reason: Option<String>,
    actor: Actor,
) -> AppResult<Vec<Internship>> {
    let now = now_ms();
    let mut u = w
        .get::<User>(id)?
        .filter(|u| u.role == Role::Employer)
        .ok_or_not_found(not_found())?;
    u.review = Review {
        status,
        reason: if status == EmployerStatus::Suspended {
            reason.clone()
        } else {
            None
        },
        changed_at: Some(now),
    };
    w.put(&u)?;
    let mut changed = Vec::new();
    for mut i in internships::by_employer(w, id, true)? {
        if i.employer_status != status {
            i.employer_status = status;
            w.put(&i)?;
            changed.push(i);
        }
    }
    if status == EmployerStatus::Suspended {
        sessions::end_user_sessions(w, id, now)?;
    }
    let event = match status {
        EmployerStatus::Suspended => Event::EmployerSuspended {
            reason: reason.unwrap_or_default(),
        },
        _ => Event::EmployerVerified,
    };
    audit::append(w, now, actor, event, ("user", Some(id)), Some(id))?;
    // A short subject; the reason in the body; and the link to the sign-in page, which says
    // the suspension (a suspended employer's dashboard does not open).
    let (kind, subject, text, link) = match status {
        EmployerStatus::Suspended => (
            "employer_suspended",
            crate::said!("your-internreel-employer-account-was-suspended").encode(),
            super::settings::suspended_message(w, u.review.reason.as_deref())?,
            "/employer-login",
        ),
        _ => {
            let text = crate::said!(
                "your-company-was-verified-by-district-your",
                district = super::settings::district_arg(w)?
            )
            .encode();
            (
                "employer_verified",
                text.clone(),
                text,
                "/employer-dashboard",
            )
        }
    };
    super::notify::notify_titled(w, id, kind, &subject, text, link)?;
    Ok(changed)
}

/// The employer edits its profile (`updated` is `me` with the form's fields, checked): a new
/// address is unconfirmed until its owner opens the link sent to it, and the postings, which
/// carry the company's name and industry, are kept in step.
pub fn update_profile(
    s: &Services,
    me: &User,
    updated: &User,
    now: i64,
) -> Result<(), UserWriteError> {
    s.write_postings(|w| {
        users::update(w, &me.email, updated)?;
        if users::email_key(&updated.email) != users::email_key(&me.email) {
            super::email_confirmation::send_link(w, updated, false, now)?;
        }
        let mut renamed = Vec::new();
        if updated.company != me.company || updated.industry != me.industry {
            for mut i in internships::by_employer(w, updated.id, true)? {
                i.company = updated.company.clone();
                i.industry = updated.industry.clone();
                w.put(&i)?;
                renamed.push(i);
            }
        }
        Ok(((), renamed))
    })
}
