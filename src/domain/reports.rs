//! Reports of postings, comments and messages, and what the district may do about them.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TargetKind {
    Internship,
    Comment,
    Message,
}

impl TargetKind {
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "internship" => Some(TargetKind::Internship),
            "comment" => Some(TargetKind::Comment),
            "message" => Some(TargetKind::Message),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            TargetKind::Internship => "internship",
            TargetKind::Comment => "comment",
            TargetKind::Message => "message",
        }
    }

    /// One number per target for the one-open-report-per-reporter index.
    pub fn key(self, id: u64) -> u64 {
        let tag = match self {
            TargetKind::Internship => 1u64,
            TargetKind::Comment => 2,
            TargetKind::Message => 3,
        };
        (tag << 56) | (id & ((1 << 56) - 1))
    }
}

/// Variants are only appended (postcard).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reason {
    Inappropriate,
    PersonalInfo,
    Scam,
    Harassment,
    Other,
    /// Filed by the server: the hazardous-duties screen or the comment word list.
    SystemHold,
}

impl Reason {
    /// What a person may choose (the system's own reason is not among them).
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "inappropriate" => Some(Reason::Inappropriate),
            "personal_info" => Some(Reason::PersonalInfo),
            "scam" => Some(Reason::Scam),
            "harassment" => Some(Reason::Harassment),
            "other" => Some(Reason::Other),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Reason::Inappropriate => "inappropriate",
            Reason::PersonalInfo => "personal_info",
            Reason::Scam => "scam",
            Reason::Harassment => "harassment",
            Reason::Other => "other",
            Reason::SystemHold => "system_hold",
        }
    }

    /// The reason as people read it, by key.
    pub fn label(self) -> crate::domain::said::Text {
        match self {
            Reason::Inappropriate => crate::said!("inappropriate-or-unsafe"),
            Reason::PersonalInfo => crate::said!("asks-for-personal-information"),
            Reason::Scam => crate::said!("scam-or-asks-for-fees"),
            Reason::Harassment => crate::said!("harassment"),
            Reason::Other => crate::said!("other"),
            Reason::SystemHold => crate::said!("held-by-the-automatic-screen"),
        }
    }
}

/// How the admin resolves a report. Variants are only appended (postcard).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    Dismiss,
    Hide,
    Suspend,
    Release,
}

impl Action {
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "dismiss" => Some(Action::Dismiss),
            "hide" => Some(Action::Hide),
            "suspend" => Some(Action::Suspend),
            "release" => Some(Action::Release),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Action::Dismiss => "dismiss",
            Action::Hide => "hide",
            Action::Suspend => "suspend",
            Action::Release => "release",
        }
    }
}

pub const DETAILS_MAX: usize = 1000;
pub const NOTE_MAX: usize = 1000;

/// The comment word list written into a new data directory (`comment-words.txt`), one phrase
/// a line: what a district most wants a person to look at before minors read it. Contact
/// details moving off the platform come first, then crude language.
pub const DEFAULT_COMMENT_WORDS: &str = "\
# Comments that mention any of these phrases wait for the district's review instead of showing.
# One phrase a line; plurals match too; a line starting with # is a comment. Edit freely: the
# server reads this file again when it changes.
snapchat
whatsapp
telegram
kik
discord
instagram dm
dm me
text me
call me
phone number
home address
send pic|pics|picture|photo
venmo
cash app
paypal
gift card
wire money
meet me|up alone
fuck|fucking|fucker
shit
bitch
asshole
bastard
dick
pussy
slut
whore
cunt
";
