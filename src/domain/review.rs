//! The district's review of employers, and who may see a posting.

use serde::{Deserialize, Serialize};

/// Where an employer account stands with the district. Variants are only appended (postcard).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum EmployerStatus {
    /// Signed up, not reviewed yet: may prepare postings that nobody else sees.
    #[default]
    Pending,
    Verified,
    /// Postings hidden, sessions ended, sign-in and messaging refused.
    Suspended,
}

impl EmployerStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            EmployerStatus::Pending => "pending",
            EmployerStatus::Verified => "verified",
            EmployerStatus::Suspended => "suspended",
        }
    }
}

/// `--employer-approval`: whether new employers wait for the district.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Approval {
    #[default]
    Required,
    /// New employer accounts are verified at sign-up.
    Off,
}

impl Approval {
    pub fn status_at_signup(self) -> EmployerStatus {
        match self {
            Approval::Required => EmployerStatus::Pending,
            Approval::Off => EmployerStatus::Verified,
        }
    }
}

impl std::str::FromStr for Approval {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "required" => Ok(Approval::Required),
            "off" => Ok(Approval::Off),
            other => Err(format!("expected 'required' or 'off', not '{other}'")),
        }
    }
}

/// Who sees a posting, from its own state and its employer's standing: anything but
/// `Public` is seen by its employer and the admin only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visibility {
    Public,
    AwaitingReview,
    HeldForReview,
    Hidden,
    Suspended,
    Archived,
    /// The district's captions rule holds it: its video may have speech and has no captions
    /// (domain/captions_rule.rs).
    AwaitingCaptions,
}

impl Visibility {
    pub fn decide(
        archived: bool,
        hidden: bool,
        employer: EmployerStatus,
        held_terms: &[String],
        waiting_captions: bool,
    ) -> Visibility {
        if archived {
            Visibility::Archived
        } else if hidden {
            Visibility::Hidden
        } else if employer == EmployerStatus::Suspended {
            Visibility::Suspended
        } else if employer == EmployerStatus::Pending {
            Visibility::AwaitingReview
        } else if !held_terms.is_empty() {
            Visibility::HeldForReview
        } else if waiting_captions {
            Visibility::AwaitingCaptions
        } else {
            Visibility::Public
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Visibility::Public => "public",
            Visibility::AwaitingReview => "awaiting_review",
            Visibility::HeldForReview => "held_for_review",
            Visibility::Hidden => "hidden",
            Visibility::Suspended => "suspended",
            Visibility::Archived => "archived",
            Visibility::AwaitingCaptions => "awaiting_captions",
        }
    }
}

/// Why an employer may not message a student, if it may not (the student's side of a
/// suspended employer's thread is closed too).
pub fn messaging_refusal(
    employer: EmployerStatus,
    sender_is_employer: bool,
    blocked: bool,
) -> Option<crate::domain::said::Text> {
    match employer {
        EmployerStatus::Suspended => {
            Some(crate::said!("this-conversation-is-closed-the-employer-s"))
        }
        EmployerStatus::Pending if sender_is_employer => {
            Some(crate::said!("your-company-is-awaiting-district-review-you"))
        }
        _ if sender_is_employer && blocked => {
            Some(crate::said!("this-student-is-not-accepting-messages-from"))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_verified_employers_unheld_posting_is_public() {
        use EmployerStatus::*;
        let none: &[String] = &[];
        let held = ["forklift".to_string()];
        assert_eq!(
            Visibility::decide(false, false, Verified, none, false),
            Visibility::Public
        );
        assert_eq!(
            Visibility::decide(false, false, Pending, none, false),
            Visibility::AwaitingReview
        );
        assert_eq!(
            Visibility::decide(false, false, Verified, &held, false),
            Visibility::HeldForReview
        );
        assert_eq!(
            Visibility::decide(false, true, Verified, none, false),
            Visibility::Hidden
        );
        assert_eq!(
            Visibility::decide(false, false, Suspended, none, false),
            Visibility::Suspended
        );
        assert_eq!(
            Visibility::decide(true, false, Verified, none, false),
            Visibility::Archived
        );
        assert_eq!(
            Visibility::decide(false, false, Verified, none, true),
            Visibility::AwaitingCaptions
        );
        assert_eq!(
            Visibility::decide(false, false, Verified, &held, true),
            Visibility::HeldForReview
        );
    }

    #[test]
    fn messaging_rules() {
        use EmployerStatus::*;
        assert!(messaging_refusal(Verified, true, false).is_none());
        assert!(messaging_refusal(Verified, false, true).is_none());
        assert!(messaging_refusal(Verified, true, true).is_some());
        assert!(messaging_refusal(Pending, true, false).is_some());
        assert!(messaging_refusal(Pending, false, false).is_none());
        assert!(messaging_refusal(Suspended, false, false).is_some());
    }
}
