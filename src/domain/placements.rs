//! Over 500 lines: half of it is the unit tests of the rules and the default agreement text.
//! Work-based-learning placements' rules: the states and their moves, the four signatures,
//! the agreement template and its placeholders, hours entries and the district's caps, the
//! evaluation rubric. No IO: the services ask these functions.

use serde::{Deserialize, Serialize};
use time::{Date, Duration, Weekday};

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
                "Only an active placement can be completed".into()
            }
            (_, State::EndedEarly) if self != State::Active => {
                "Only an active placement can be ended early; cancel one that has not started"
                    .into()
            }
            (_, State::Cancelled) => {
                "A placement that has started cannot be cancelled; end it early instead".into()
            }
            _ => format!(
                "A placement cannot go from {} to {}",
                self.as_str(),
                to.as_str()
            ),
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

    pub fn label(self) -> &'static str {
        match self {
            Party::Student => "Student",
            Party::Guardian => "Parent or guardian",
            Party::Supervisor => "Supervisor (employer)",
            Party::School => "School",
        }
    }
}

/// Why a signature is refused now (None: it may be given). The school signs last.
pub fn may_sign(
    state: State,
    party: Party,
    signed: &[Party],
    guardian_confirmed: bool,
) -> Option<&'static str> {
    if state != State::AwaitingSignatures {
        return Some("This agreement is not open for signatures");
    }
    if signed.contains(&party) {
        return Some("You have already signed this agreement");
    }
    if party == Party::School {
        if Party::ALL
            .iter()
            .any(|p| *p != Party::School && !signed.contains(p))
        {
            return Some(
                "The school signs last, after the student, the parent or guardian and the supervisor",
            );
        }
        if !guardian_confirmed {
            return Some("Confirm the parent or guardian the student gave before the school signs");
        }
    }
    None
}

/// The default training agreement (the district edits it). Placeholders in braces.
pub const DEFAULT_TEMPLATE: &str = "WORK-BASED LEARNING TRAINING AGREEMENT

{district} and {company} agree to host {student} (grade {grade}, {school}) as {title} from {start} to {end}, {schedule}, for about {hours} hours in all, at {worksite}. The student is {pay}. The supervisor is {supervisor}.

The student will:
- attend school and the worksite as scheduled, on time, and tell the supervisor and the school's coordinator before missing a day;
- follow the worksite's safety rules and ask when unsure;
- keep an honest log of the hours worked and what was learned;
- tell the school's coordinator before leaving the placement, and at once about anything unsafe or unwelcome.

The employer will:
- name {supervisor} to supervise and train the student, and give safety training before any task;
- assign no hazardous duties: nothing the federal child-labor rules forbid for workers under 18 (driving, power-driven machinery such as forklifts, saws, meat slicers or balers, roofing, excavation, explosives, and the other Hazardous Occupations Orders);
- pay at least the applicable minimum wage when the placement is paid;
- keep the hours within the district's limits ({max_day} hours a day, {max_week} hours a week) and outside school hours unless the school agrees;
- approve the student's time log, evaluate the student at the midpoint and at the end, and let the school's coordinator visit.

The parent or guardian will:
- consent to this placement and arrange the student's transportation to and from the worksite;
- tell the school's coordinator about any concern.

The school will:
- name a coordinator who monitors the placement, may visit the worksite, and can be reached by every party;
- review the time log and the evaluations, and keep the record of this placement.

Any party may end this agreement by telling the others. Changing any detail above voids every signature, and everyone signs again.";

/// Every placeholder a template may use.
pub const PLACEHOLDERS: [&str; 16] = [
    "student",
    "grade",
    "school",
    "company",
    "title",
    "supervisor",
    "worksite",
    "start",
    "end",
    "schedule",
    "hours",
    "pay",
    "district",
    "max_day",
    "max_week",
    "guardian",
];

/// The placeholders of `template` we do not know, in order.
pub fn unknown_placeholders(template: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(i) = rest.find('{') {
        let after = &rest[i + 1..];
        match after.find('}') {
            Some(j) => {
                let name = &after[..j];
                if !PLACEHOLDERS.contains(&name) && !out.iter().any(|n| n == name) {
                    out.push(name.to_string());
                }
                rest = &after[j + 1..];
            }
            None => break,
        }
    }
    out
}

/// The template with each `{name}` replaced by its value.
pub fn fill(template: &str, value: impl Fn(&str) -> String) -> String {
    let mut out = String::with_capacity(template.len() + 256);
    let mut rest = template;
    while let Some(i) = rest.find('{') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        match after.find('}') {
            Some(j) if PLACEHOLDERS.contains(&&after[..j]) => {
                out.push_str(&value(&after[..j]));
                rest = &after[j + 1..];
            }
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Hours of one day's entry: quarter-hour steps, more than 0, at most 12.
pub fn hours_refusal(hours: f64) -> Option<&'static str> {
    if !hours.is_finite() || hours <= 0.0 {
        return Some("Hours must be more than 0");
    }
    if hours > 12.0 {
        return Some("A day's entry is at most 12 hours");
    }
    if ((hours * 4.0) - (hours * 4.0).round()).abs() > 1e-9 {
        return Some("Hours go in quarter-hour steps (for example 2.25 or 3.5)");
    }
    None
}

/// A day's date: inside the placement and not in the future.
pub fn date_refusal(date: Date, start: Date, end: Date, today: Date) -> Option<&'static str> {
    if date > today {
        return Some("You cannot log hours for a day that has not come yet");
    }
    if date < start || date > end {
        return Some("That day is outside the placement's dates");
    }
    None
}

/// The Monday of `date`'s week (the weeks of the caps and the digest).
pub fn week_of(date: Date) -> Date {
    date - Duration::days(i64::from(date.weekday().number_days_from_monday()))
}

/// The district's caps (hours a day, hours a week).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Caps {
    pub per_day: f64,
    pub per_week: f64,
}

impl Default for Caps {
    fn default() -> Self {
        Caps {
            per_day: 8.0,
            per_week: 20.0,
        }
    }
}

/// The flags the school sees for a placement's entries (date, hours): each day and each week
/// over a cap, as a sentence.
pub fn cap_flags(entries: &[(Date, f64)], caps: Caps) -> Vec<String> {
    let mut flags = Vec::new();
    let mut days: Vec<(Date, f64)> = entries.to_vec();
    days.sort_by_key(|(d, _)| *d);
    for (d, h) in &days {
        if *h > caps.per_day {
            flags.push(format!(
                "{} h on {}, over the district's {} a day",
                fmt_hours(*h),
                short_date(*d),
                fmt_hours(caps.per_day)
            ));
        }
    }
    let mut weeks: Vec<(Date, f64)> = Vec::new();
    for (d, h) in &days {
        let w = week_of(*d);
        match weeks.iter_mut().find(|(x, _)| *x == w) {
            Some((_, total)) => *total += h,
            None => weeks.push((w, *h)),
        }
    }
    for (w, total) in weeks {
        if total > caps.per_week {
            flags.push(format!(
                "{} h in the week of {}, over the district's {}",
                fmt_hours(total),
                short_date(w),
                fmt_hours(caps.per_week)
            ));
        }
    }
    flags
}

/// 23.5 → "23.5", 8 → "8".
pub fn fmt_hours(h: f64) -> String {
    let s = format!("{h:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// "2027-03-02", as the API and the CSV write dates.
pub fn date_str(d: Date) -> String {
    format!("{:04}-{:02}-{:02}", d.year(), u8::from(d.month()), d.day())
}

/// "Mar 2".
pub fn short_date(d: Date) -> String {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    format!(
        "{} {}",
        MONTHS[usize::from(u8::from(d.month())) - 1],
        d.day()
    )
}

/// "March 2, 2027".
pub fn long_date(d: Date) -> String {
    format!("{} {}, {}", d.month(), d.day(), d.year())
}

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

/// Whether a day is a weekday (the weekly digest goes out on Mondays).
pub fn is_monday(d: Date) -> bool {
    d.weekday() == Weekday::Monday
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn moves_and_their_refusals() {
        assert!(State::Setup.can_move_to(State::AwaitingSignatures));
        assert!(State::AwaitingSignatures.can_move_to(State::Active));
        assert!(!State::Setup.can_move_to(State::Active));
        assert!(!State::Active.can_move_to(State::Cancelled));
        assert_eq!(
            State::Active.refusal(State::Cancelled),
            "A placement that has started cannot be cancelled; end it early instead"
        );
        assert_eq!(
            State::Setup.refusal(State::Completed),
            "Only an active placement can be completed"
        );
    }

    #[test]
    fn the_school_signs_last_and_after_confirming_the_guardian() {
        use Party::*;
        let s = State::AwaitingSignatures;
        assert_eq!(may_sign(s, Student, &[], false), None);
        assert!(
            may_sign(s, School, &[Student, Guardian], true)
                .unwrap()
                .starts_with("The school signs last")
        );
        assert!(
            may_sign(s, School, &[Student, Guardian, Supervisor], false)
                .unwrap()
                .starts_with("Confirm")
        );
        assert_eq!(
            may_sign(s, School, &[Student, Guardian, Supervisor], true),
            None
        );
        assert!(may_sign(State::Setup, Student, &[], true).is_some());
        assert!(
            may_sign(s, Student, &[Student], true)
                .unwrap()
                .contains("already")
        );
    }

    #[test]
    fn templates_are_filled_and_unknown_placeholders_named() {
        assert!(unknown_placeholders(DEFAULT_TEMPLATE).is_empty());
        assert_eq!(
            unknown_placeholders("Hi {student}, {nickname} and {pet}"),
            ["nickname", "pet"]
        );
        let out = fill("{student} at {company}; {unknown} {", |k| k.to_uppercase());
        assert_eq!(out, "STUDENT at COMPANY; {unknown} {");
    }

    #[test]
    fn hours_dates_and_caps() {
        assert_eq!(hours_refusal(2.25), None);
        assert!(hours_refusal(2.2).is_some());
        assert!(hours_refusal(0.0).is_some());
        assert!(hours_refusal(12.25).is_some());
        let (start, end, today) = (
            date!(2027 - 03 - 01),
            date!(2027 - 05 - 28),
            date!(2027 - 03 - 10),
        );
        assert!(
            date_refusal(date!(2027 - 03 - 11), start, end, today)
                .unwrap()
                .contains("not come")
        );
        assert!(
            date_refusal(date!(2027 - 02 - 28), start, end, today)
                .unwrap()
                .contains("outside")
        );
        // Mar 1 2027 is a Monday: 5 × 4.7 = 23.5 h in that week; Mar 2 alone is 9 h.
        let entries = [
            (date!(2027 - 03 - 01), 4.5),
            (date!(2027 - 03 - 02), 9.0),
            (date!(2027 - 03 - 03), 4.0),
            (date!(2027 - 03 - 04), 3.0),
            (date!(2027 - 03 - 05), 3.0),
        ];
        let flags = cap_flags(&entries, Caps::default());
        assert_eq!(
            flags,
            [
                "9 h on Mar 2, over the district's 8 a day",
                "23.5 h in the week of Mar 1, over the district's 20"
            ]
        );
        assert_eq!(
            EvaluationKind::Midpoint.due(start, end),
            date!(2027 - 04 - 14)
        );
    }
}
