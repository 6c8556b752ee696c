//! Work-based-learning placements, made when an application is moved to Hired. Each concept
//! has its module, each step its audit entry:
//! - here: who acts on a placement (`Who`), who may read it, its creation at Hired;
//! - `details`: the employer's details (supervisor, worksite, dates, hours, pay);
//! - `guardian`: the student's parent or guardian, the school's confirmation, their link,
//!   their signature or decline, their copy; `guardian_mail`: the mails to them;
//! - `signatures`: the four signatures (any order, the school's last);
//! - `agreement`: the agreement's text, frozen at the first signature; `voids`: a change
//!   after a signature voids them all, and who is told what;
//! - `hours`: the hours log, approvals and returns; `evaluations`: the supervisor's
//!   evaluations and the student's reflection; `completion`: completing, ending early,
//!   cancelling; `reminders`: evaluations due and hours waiting;
//! - `views`: what each party reads; `documents`: the guardian's page and the PDFs;
//!   `student_data`: what a student's export and deletion do to their placements.

use time::Date;

use crate::domain::placements::{Party, State};
use crate::error::{AppError, AppResult};
use crate::store::applications::Application;
use crate::store::audit::Actor;
use crate::store::internships::Internship;
use crate::store::placements::{self, Guardian, GuardianSource, Placement, Supervisor};
use crate::store::users::User;
use crate::store::{Reader, StoreResult, Wtx, identity};

pub mod agreement;
pub mod completion;
pub mod details;
pub mod documents;
pub mod evaluations;
pub mod guardian;
pub mod guardian_mail;
pub mod hours;
pub mod records;
pub mod reminders;
pub mod school_mail;
pub mod signatures;
pub mod student_data;
pub mod supervisor;
pub mod views;
pub mod voids;

pub use agreement::{agreement_text, hex, sha256};
pub use completion::{cancel, complete, end_early};
pub use details::{Details, update_details};
pub use evaluations::{evaluate, reflect};
pub use guardian::{
    GuardianInput, by_guardian_copy, by_guardian_token, confirm_guardian, guardian_copy_again,
    guardian_decline, guardian_sign, guardian_token, resend_guardian_link, set_guardian,
};
pub use hours::{EntryInput, add_entry, approve, delete_entry, edit_entry, return_entry, totals};
pub use signatures::{SignedBy, sign};

pub fn not_found_text() -> String {
    crate::t!("placement-not-found")
}
/// The guardian's copy of the signed agreement stays downloadable for 30 days.
pub const GUARDIAN_COPY_MS: i64 = 30 * 24 * 60 * 60 * 1000;
pub fn stale() -> String {
    crate::t!("the-agreement-changed-after-it-was-signed")
}
pub fn changed() -> String {
    crate::t!("the-agreement-changed-since-you-opened-it")
}
pub fn link_gone() -> String {
    crate::t!("guardian-link-gone")
}
/// The federal minimum wage (29 U.S.C. 206), the floor of a paid placement's wage.
pub const MIN_WAGE_CENTS: u32 = 725;

/// Who acts on a placement.
#[derive(Debug, Clone)]
pub enum Who {
    Student(u64),
    Employer(u64),
    /// The school: an admin (`scope` None) or a coordinator of `scope`.
    School {
        actor: Actor,
        scope: Option<String>,
    },
}

impl Who {
    pub fn actor(&self) -> Actor {
        match self {
            Who::Student(id) | Who::Employer(id) => Actor::User(*id),
            Who::School { actor, .. } => *actor,
        }
    }
    pub fn party(&self) -> Party {
        match self {
            Who::Student(_) => Party::Student,
            Who::Employer(_) => Party::Supervisor,
            Who::School { .. } => Party::School,
        }
    }
}

/// Whether the named supervisor is someone other than the employer account's holder: they
/// then sign through a link of their own (`supervisor`), never the account in their name.
pub fn signs_by_link(r: &impl Reader, p: &Placement) -> StoreResult<bool> {
    if p.supervisor.name.trim().is_empty() {
        return Ok(false);
    }
    let holder = r
        .get::<User>(p.employer_id)?
        .map(|u| u.full_name())
        .unwrap_or_default();
    Ok(!crate::domain::placements::same_name(
        &holder,
        &p.supervisor.name,
    ))
}

/// Why the employer account does not sign this placement's agreement (None: it does).
pub(crate) fn supervisor_refusal(r: &impl Reader, p: &Placement) -> StoreResult<Option<String>> {
    Ok(signs_by_link(r, p)?.then(|| {
        crate::t!(
            "name-signs-as-the-supervisor-through-the",
            name = &p.supervisor.name,
            email = &p.supervisor.email
        )
    }))
}

/// Where the placement's parent or guardian is, for who may sign.
pub(crate) fn guardian_in(p: &Placement) -> crate::domain::placements::GuardianIn {
    match &p.guardian {
        None => crate::domain::placements::GuardianIn::Missing,
        Some(g) if g.confirmed => crate::domain::placements::GuardianIn::Confirmed,
        Some(_) => crate::domain::placements::GuardianIn::Given,
    }
}

/// The placement, if `who` may read it: its student, its employer, the school (a
/// coordinator: of the student's school). Someone else's is a 403, an unknown one a 404.
pub fn visible(r: &impl Reader, id: u64, who: &Who) -> AppResult<Placement> {
    let p = r
        .get::<Placement>(id)?
        .ok_or_else(|| AppError::not_found(not_found_text()))?;
    let ok = match who {
        Who::Student(u) => p.student_id == *u,
        Who::Employer(u) => p.employer_id == *u,
        Who::School { scope: None, .. } => true,
        Who::School {
            scope: Some(school),
            ..
        } => crate::services::students::same_school(&p.school, school),
    };
    if !ok {
        return Err(AppError::Forbidden(crate::t!(
            "this-placement-is-not-yours"
        )));
    }
    Ok(p)
}

/// Makes the placement of an application just moved to Hired (once per application); the
/// worksite defaults to the posting's location, the guardian to the roster's.
pub fn create_for_hired(w: &Wtx, a: &Application, now: i64) -> StoreResult<Option<Placement>> {
    if placements::of_application(w, a.id)?.is_some() {
        return Ok(None);
    }
    let internship = w.get::<Internship>(a.internship_id)?;
    let student = w.get::<User>(a.student_id)?;
    let roster_guardian = identity::of(w, a.student_id)?
        .guardians
        .into_iter()
        .next()
        .map(|g| Guardian {
            name: g.name,
            relationship: g.relationship,
            email: g.email,
            phone: g.phone,
            source: GuardianSource::Roster,
            confirmed: true,
        });
    let p = placements::insert(
        w,
        Placement {
            id: 0,
            application_id: a.id,
            student_id: a.student_id,
            employer_id: a.employer_id,
            internship_id: a.internship_id,
            state: State::Setup,
            supervisor: Supervisor::default(),
            worksite: internship
                .as_ref()
                .map(|i| i.location.clone())
                .unwrap_or_default(),
            start: None,
            end: None,
            schedule: String::new(),
            planned_hours: 0,
            paid: false,
            hourly_wage_cents: None,
            guardian: roster_guardian,
            signatures: Vec::new(),
            guardian_link: None,
            guardian_link_sent_at: None,
            guardian_declined: None,
            evaluations: Vec::new(),
            reflection: None,
            end_reason: None,
            history: vec![(
                now,
                crate::said!("placement-created-when-the-application-was-moved").encode(),
            )],
            reminded: Vec::new(),
            created_at: now,
            finished_at: None,
            deidentified: false,
            school: student
                .as_ref()
                .map(|s| s.school.clone())
                .unwrap_or_default(),
            grade: student
                .as_ref()
                .map(|s| s.grade.clone())
                .unwrap_or_default(),
            guardian_copy: None,
        },
    )?;
    crate::services::notify::notify(
        w,
        p.employer_id,
        "placement",
        crate::said!(
            "you-hired-student-fill-in-the-placement",
            student = student.as_ref().map(User::full_name).unwrap_or_default()
        ),
        &format!("/placements/{}", p.id),
    )?;
    crate::services::notify::notify(
        w,
        p.student_id,
        "placement",
        crate::said!("congratulations-on-your-internship-add-your-parent"),
        &format!("/placements/{}", p.id),
    )?;
    Ok(Some(p))
}

/// A placement that does not exist, said the same way everywhere.
pub fn not_found() -> AppError {
    AppError::not_found(not_found_text())
}

/// The caps `p`'s hours are judged by: the agreement's once it is frozen, the district's
/// current ones before.
pub(crate) fn caps_for(
    r: &impl Reader,
    p: &Placement,
) -> StoreResult<crate::domain::placements::Caps> {
    Ok(match placements::agreed_caps(r, p.id)? {
        Some((per_day, per_week)) => crate::domain::placements::Caps { per_day, per_week },
        None => crate::services::settings::hour_caps(r)?,
    })
}

/// The district's day at `now` (`settings set time-zone`), the day entries, visits, due
/// dates and digests are judged on.
pub(crate) fn today(r: &impl Reader, now: i64) -> StoreResult<Date> {
    Ok(crate::services::settings::time_zone(r)?.date_of(now))
}
