//! Work-based-learning placements' rules, no IO (the services ask these functions): here the
//! states and their moves and who may sign when; the agreement template and its placeholders in
//! `agreement`, hours entries, the district's caps and the dates they are written with in
//! `hours`, the evaluation rubric in `evaluations`.

use serde::{Deserialize, Serialize};

pub mod agreement;
pub mod changes;
pub mod completion;
pub mod evaluations;
pub mod hours;
pub mod records;

pub use agreement::{
    DEFAULT_TEMPLATE, DEFAULT_TEMPLATE_ES, PLACEHOLDERS, default_template, fill,
    unknown_placeholders,
};
pub use evaluations::{DEFAULT_RUBRIC, EvaluationKind, rating_label};
pub use hours::{
    CapFlag, Caps, cap_flags, date_refusal, date_str, fmt_hours, hours_refusal, hours_said,
    long_date, over_cap_of, short_date, week_of,
};

/// Variants are only appended (postcard).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum State {
    /// Created at "Hired": the employer fills in the details.
    Setup,
    AwaitingSignatures,
    Active,
    Completed,
    EndedEarly,
    Cancelled,
}

impl State {
    pub const ALL: [State; 6] = [
        State::Setup,
        State::AwaitingSignatures,
        State::Active,
        State::Completed,
        State::EndedEarly,
        State::Cancelled,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            State::Setup => "setup",
            State::AwaitingSignatures => "awaiting_signatures",
            State::Active => "active",
            State::Completed => "completed",
            State::EndedEarly => "ended_early",
            State::Cancelled => "cancelled",
        }
    }

    pub fn parse(s: &str) -> Option<State> {
        State::ALL.into_iter().find(|st| st.as_str() == s)
    }

    pub fn is_final(self) -> bool {
        matches!(
            self,
            State::Completed | State::EndedEarly | State::Cancelled
        )
    }

    /// setup → awaiting_signatures (details complete) → active (four signatures) →
    /// completed | ended_early; setup or awaiting_signatures → cancelled; a detail changed
    /// after a signature returns awaiting_signatures to itself (signatures voided).
    pub fn can_move_to(self, to: State) -> bool {
        use State::*;
        matches!(
            (self, to),
            (Setup, AwaitingSignatures)
                | (AwaitingSignatures, Active)
                | (Active, Completed)
                | (Active, EndedEarly)
                | (Setup, Cancelled)
                | (AwaitingSignatures, Cancelled)
        )
    }

    /// The sentence for a refused move.
    pub fn refusal(self, to: State) -> String {
        match (self, to) {
            (_, State::Completed) if self != State::Active => {
                crate::said!("only-an-active-placement-can-be-completed").into()
            }
            (_, State::EndedEarly) if self != State::Active => {
                crate::said!("only-an-active-placement-can-be-ended").into()
            }
            (_, State::Cancelled) => crate::said!("a-placement-that-has-started-cannot-be").into(),
            _ => crate::said!(
                "a-placement-cannot-go-from-from-to",
                from = self.as_str(),
                to = to.as_str()
            )
            .into(),
        }
    }
}

/// Who signs. Variants are only appended (postcard).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Party {
    Student,
    Guardian,
    Supervisor,
    School,
}

impl Party {
    pub const ALL: [Party; 4] = [
        Party::Student,
        Party::Guardian,
        Party::Supervisor,
        Party::School,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Party::Student => "student",
            Party::Guardian => "guardian",
            Party::Supervisor => "supervisor",
            Party::School => "school",
        }
    }
}

/// Whether a typed name is `expected` (case and spaces aside): a signature names its signer.
pub fn same_name(expected: &str, typed: &str) -> bool {
    let loose = |s: &str| {
        s.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    loose(expected) == loose(typed)
}

/// Where the student's parent or guardian is, for who may sign (`services::placements::
/// guardian_in` reads it off a placement).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GuardianIn {
    /// Not given yet.
    Missing,
    /// Given by the student, not yet confirmed by the school.
    Given,
    /// From the roster, or confirmed by the school.
    Confirmed,
}

/// Why a signature is refused now (None: it may be given). Signing opens once the details and
/// the guardian are in (a guardian added later would void every signature given before); the
/// school signs last.
pub fn may_sign(
    state: State,
    party: Party,
    signed: &[Party],
    guardian: GuardianIn,
) -> Option<crate::domain::said::Text> {
    if state != State::AwaitingSignatures {
        return Some(crate::said!("this-agreement-is-not-open-for-signatures"));
    }
    if signed.contains(&party) {
        return Some(crate::said!("you-have-already-signed-this-agreement"));
    }
    if guardian == GuardianIn::Missing {
        return Some(crate::said!("signing-opens-once-the-student-has-added"));
    }
    if party == Party::School {
        if Party::ALL
            .iter()
            .any(|p| *p != Party::School && !signed.contains(p))
        {
            return Some(crate::said!("the-school-signs-last-after-the-student"));
        }
        if guardian != GuardianIn::Confirmed {
            return Some(crate::said!("confirm-the-parent-or-guardian-the-student"));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_and_their_refusals() {
        assert!(State::Setup.can_move_to(State::AwaitingSignatures));
        assert!(State::AwaitingSignatures.can_move_to(State::Active));
        assert!(!State::Setup.can_move_to(State::Active));
        assert!(!State::Active.can_move_to(State::Cancelled));
        assert_eq!(
            State::Active.refusal(State::Cancelled),
            crate::said!("a-placement-that-has-started-cannot-be").encode()
        );
        assert_eq!(
            State::Setup.refusal(State::Completed),
            crate::said!("only-an-active-placement-can-be-completed").encode()
        );
    }

    #[test]
    fn signing_opens_with_the_guardian_and_the_school_signs_last_after_confirming() {
        use GuardianIn::*;
        use Party::*;
        let s = State::AwaitingSignatures;
        assert_eq!(may_sign(s, Student, &[], Given), None);
        assert_eq!(
            may_sign(s, Supervisor, &[], Missing),
            Some(crate::said!("signing-opens-once-the-student-has-added"))
        );
        assert!(
            may_sign(s, School, &[Student, Guardian], Confirmed)
                .unwrap()
                .key
                .starts_with("the-school-signs-last")
        );
        assert!(
            may_sign(s, School, &[Student, Guardian, Supervisor], Given)
                .unwrap()
                .key
                .starts_with("confirm")
        );
        assert_eq!(
            may_sign(s, School, &[Student, Guardian, Supervisor], Confirmed),
            None
        );
        assert!(may_sign(State::Setup, Student, &[], Confirmed).is_some());
        assert!(
            may_sign(s, Student, &[Student], Confirmed)
                .unwrap()
                .key
                .contains("already")
        );
    }
}
