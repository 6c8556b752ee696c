//! Applying and moving an application along the hiring pipeline, for HTTP and anything else
//! that acts for a student or employer: the rules (domain/applications.rs, the status graph of
//! `Status::can_move_to`), the notification and e-mails, and the audit entry, each action in
//! one transaction.

use time::Date;

use crate::domain::applications as rules;
use crate::error::{AppError, AppResult, OptionExt};
use crate::infra::Services;
use crate::services::notify;
use crate::store::Reader;
use crate::store::applications::{self, Application, Status};
use crate::store::audit::{self, Actor, Event};
use crate::store::internships::Internship;
use crate::store::notifications::{self, Notification};
use crate::store::users::User;

/// `student` applies to a live posting: one application per posting, none after its deadline.
/// The employer is notified and the student gets the confirmation e-mail the apply screen
/// promises. Returns the application and the committed notification to push.
pub fn apply(
    s: &Services,
    student: &User,
    internship_id: u64,
    now: i64,
    today: Date,
) -> AppResult<(Application, Option<Notification>)> {
    s.store.write(|w| {
        let i = w
            .get::<Internship>(internship_id)?
            .filter(|i| i.is_public())
            .ok_or_not_found(super::postings::not_found())?;
        let already = applications::find(w, i.id, student.id)?.is_some();
        rules::may_apply(already, crate::clock::parse_date(&i.deadline), today).map_err(
            |refusal| match refusal {
                rules::Refusal::AlreadyApplied => AppError::Conflict(refusal.message().into()),
                rules::Refusal::DeadlinePassed => AppError::bad_request(refusal.message()),
            },
        )?;
        let a = applications::insert(
            w,
            Application {
                id: 0,
                internship_id: i.id,
                student_id: student.id,
                employer_id: i.employer_id,
                status: Status::Pending,
                applied_at: now,
                history: vec![(Status::Pending, now)],
            },
        )?;
        let note = notify::notify(
            w,
            i.employer_id,
            "new_application",
            crate::said!(
                "name-applied-to-title",
                name = &student.first_name,
                title = &i.title
            ),
            "/employer-dashboard",
        )?;
        if !notifications::email_off(w, student.id)? {
            notify::email(
                w,
                student,
                &crate::said!("application-sent-title", title = &i.title).to_string(),
                &crate::said!(
                    "your-application-to-title-at-company-was",
                    title = &i.title,
                    company = &i.company
                )
                .to_string(),
                "/profile",
            )?;
        }
        Ok((a, note))
    })
}

/// The posting's employer moves application `id` to `to` along the status graph; the move is
/// kept in the application's history and the audit log, and the student is notified.
pub fn move_to(
    s: &Services,
    employer: &User,
    id: u64,
    to: Status,
    now: i64,
) -> AppResult<(Application, Option<Notification>)> {
    s.store.write(|w| {
        let mut a = w
            .get::<Application>(id)?
            .ok_or_not_found(crate::t!("application-not-found"))?;
        if a.employer_id != employer.id {
            return Err(AppError::Forbidden(crate::t!(
                "this-application-is-for-another-employer-s"
            )));
        }
        if !a.status.can_move_to(to) {
            return Err(AppError::Unprocessable(crate::t!(
                "cannot-move-an-application-from-from-to",
                from = a.status.as_str(),
                to = to.as_str()
            )));
        }
        let from = a.status;
        a.status = to;
        a.history.push((to, now));
        w.put(&a)?;
        audit::append(
            w,
            now,
            Actor::User(employer.id),
            Event::StatusChanged {
                from: from.as_str().into(),
                to: to.as_str().into(),
            },
            ("application", Some(a.id)),
            Some(a.student_id),
        )?;
        let posting = w.get::<Internship>(a.internship_id)?;
        // A final "no" is said kindly, with somewhere to go next. One entry per status, with
        // the posting or without (a deleted one).
        let text = match (&posting, to) {
            (Some(i), Status::Rejected) => crate::said!(
                "the-employer-of-title-at-company-decided",
                title = &i.title,
                company = &i.company
            ),
            (None, Status::Rejected) => crate::said!("the-employer-of-an-internship-decided-not"),
            (Some(i), to) => {
                let (title, company) = (&i.title, &i.company);
                match to {
                    Status::UnderReview => crate::said!(
                        "your-application-to-title-at-company-moved",
                        title = title,
                        company = company
                    ),
                    Status::InterviewRequested => crate::said!(
                        "your-application-to-title-at-company-moved-2",
                        title = title,
                        company = company
                    ),
                    Status::OfferExtended => crate::said!(
                        "your-application-to-title-at-company-moved-3",
                        title = title,
                        company = company
                    ),
                    Status::Hired => crate::said!(
                        "your-application-to-title-at-company-moved-4",
                        title = title,
                        company = company
                    ),
                    _ => crate::said!(
                        "your-application-to-title-at-company-moved-5",
                        title = title,
                        company = company
                    ),
                }
            }
            (None, Status::UnderReview) => {
                crate::said!("your-application-to-an-internship-moved-to")
            }
            (None, Status::InterviewRequested) => {
                crate::said!("your-application-to-an-internship-moved-to-2")
            }
            (None, Status::OfferExtended) => {
                crate::said!("your-application-to-an-internship-moved-to-3")
            }
            (None, Status::Hired) => crate::said!("your-application-to-an-internship-moved-to-4"),
            (None, _) => crate::said!("your-application-to-an-internship-moved-to-5"),
        };
        let note = notify::notify(w, a.student_id, "application_status", text, "/profile")?;
        if to == Status::Hired {
            // Where the district's work starts: the work-based-learning placement.
            super::placements::create_for_hired(w, &a, now)?;
        }
        Ok((a, note))
    })
}
