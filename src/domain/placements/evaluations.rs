//! Evaluations: the default rubric, the words for a rating, and when each evaluation is due.

use serde::{Deserialize, Serialize};
use time::{Date, Duration};

/// The default rubric: (key, label) of each competency, rated 1-4.
pub const DEFAULT_RUBRIC: [(&str, &str); 8] = [
    ("attendance", "Attendance and punctuality"),
    ("communication", "Communication"),
    ("teamwork", "Teamwork"),
    ("initiative", "Initiative"),
    ("quality", "Quality of work"),
    ("safety", "Following safety rules"),
    ("professionalism", "Professionalism"),
    ("learning", "Learning new skills"),
];

/// The catalogue's key of each default competency, in `DEFAULT_RUBRIC`'s order: the label is
/// also the stored name of a district's default rubric, and reads in its reader's language by
/// this key.
pub const DEFAULT_RUBRIC_KEYS: [&str; 8] = [
    "attendance-and-punctuality",
    "communication",
    "teamwork",
    "initiative",
    "quality-of-work",
    "following-safety-rules",
    "professionalism",
    "learning-new-skills",
];

/// The words for a rating.
pub fn rating_label(score: u8) -> &'static str {
    match score {
        1 => "Needs improvement",
        2 => "Developing",
        3 => "Meets expectations",
        4 => "Exceeds expectations",
        _ => "",
    }
}

/// Evaluations: at the midpoint and at the end. Variants are only appended (postcard).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EvaluationKind {
    Midpoint,
    Final,
}

impl EvaluationKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EvaluationKind::Midpoint => "midpoint",
            EvaluationKind::Final => "final",
        }
    }
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "midpoint" => Some(EvaluationKind::Midpoint),
            "final" => Some(EvaluationKind::Final),
            _ => None,
        }
    }
    /// When it is due: the day halfway between start and end, or the end date.
    pub fn due(self, start: Date, end: Date) -> Date {
        match self {
            EvaluationKind::Midpoint => start + Duration::days((end - start).whole_days() / 2),
            EvaluationKind::Final => end,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn the_midpoint_evaluation_is_due_halfway() {
        assert_eq!(
            EvaluationKind::Midpoint.due(date!(2027 - 03 - 01), date!(2027 - 05 - 28)),
            date!(2027 - 04 - 14)
        );
        assert_eq!(
            EvaluationKind::Final.due(date!(2027 - 03 - 01), date!(2027 - 05 - 28)),
            date!(2027 - 05 - 28)
        );
    }
}
