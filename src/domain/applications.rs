//! Applications' rules: the hiring pipeline's statuses and their graph, whether a student may
//! apply to a posting, and the words for a status, with the messages the clients show.

use serde::{Deserialize, Serialize};
use time::Date;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    Pending,
    UnderReview,
    InterviewRequested,
    OfferExtended,
    Hired,
    Rejected,
}

impl Status {
    pub const ALL: [Status; 6] = [
        Status::Pending,
        Status::UnderReview,
        Status::InterviewRequested,
        Status::OfferExtended,
        Status::Hired,
        Status::Rejected,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::UnderReview => "under_review",
            Status::InterviewRequested => "interview_requested",
            Status::OfferExtended => "offer_extended",
            Status::Hired => "hired",
            Status::Rejected => "rejected",
        }
    }

    pub fn parse(s: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|st| st.as_str() == s)
    }

    /// The legal next states: Pending and Under Review → Interview Requested, Offer Extended or
    /// Rejected; Interview Requested → Offer Extended or Rejected; Offer Extended → Hired or
    /// Rejected; Hired and Rejected are final.
    pub fn next(self) -> &'static [Status] {
        use Status::*;
        match self {
            Pending | UnderReview => &[InterviewRequested, OfferExtended, Rejected],
            InterviewRequested => &[OfferExtended, Rejected],
            OfferExtended => &[Hired, Rejected],
            Hired | Rejected => &[],
        }
    }

    pub fn can_move_to(self, to: Status) -> bool {
        self.next().contains(&to)
    }
}

/// Why an application is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// One application per student and posting.
    AlreadyApplied,
    /// No applying after the posting's deadline (the deadline day itself still counts).
    DeadlinePassed,
}

impl Refusal {
    pub fn message(self) -> crate::domain::said::Text {
        match self {
            Refusal::AlreadyApplied => crate::said!("you-have-already-applied-to-this-internship"),
            Refusal::DeadlinePassed => {
                crate::said!("the-application-deadline-for-this-internship-has")
            }
        }
    }
}

/// The rule, in the order the clients expect the refusals: a repeat before a late one.
pub fn may_apply(
    already_applied: bool,
    deadline: Option<Date>,
    today: Date,
) -> Result<(), Refusal> {
    if already_applied {
        return Err(Refusal::AlreadyApplied);
    }
    if !open_on(deadline, today) {
        return Err(Refusal::DeadlinePassed);
    }
    Ok(())
}

/// Whether a posting with this deadline still takes applications on `today` (a posting
/// without a readable deadline does).
pub fn open_on(deadline: Option<Date>, today: Date) -> bool {
    deadline.is_none_or(|d| d >= today)
}

/// The words the clients show for a stored status ("interview_requested" → "Interview
/// Requested").
pub fn status_label(status: &str) -> String {
    status
        .split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect::<String>())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn one_application_per_posting_and_none_after_the_deadline() {
        let today = date!(2026 - 05 - 10);
        assert_eq!(may_apply(false, Some(today), today), Ok(()));
        assert_eq!(may_apply(false, None, today), Ok(()));
        assert_eq!(
            may_apply(false, Some(date!(2026 - 05 - 09)), today),
            Err(Refusal::DeadlinePassed)
        );
        assert_eq!(
            may_apply(true, Some(date!(2026 - 05 - 09)), today),
            Err(Refusal::AlreadyApplied)
        );
        assert_eq!(status_label("interview_requested"), "Interview Requested");
    }
}
