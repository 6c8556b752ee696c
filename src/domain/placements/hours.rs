//! Hours entries and the district's caps: what a day's entry may be, the flags the school sees
//! for days and weeks over a cap, and the dates and figures they are written with.

use time::{Date, Duration};

use crate::domain::said::Text;

/// Hours of one day's entry: quarter-hour steps, more than 0, at most 12.
pub fn hours_refusal(hours: f64) -> Option<Text> {
    if !hours.is_finite() || hours <= 0.0 {
        return Some(crate::said!("hours-must-be-more-than-0"));
    }
    if hours > 12.0 {
        return Some(crate::said!("a-day-s-entry-is-at-most"));
    }
    if ((hours * 4.0) - (hours * 4.0).round()).abs() > 1e-9 {
        return Some(crate::said!("hours-go-in-quarter-hour-steps-for"));
    }
    None
}

/// A day's date: inside the placement and not in the future.
pub fn date_refusal(date: Date, start: Date, end: Date, today: Date) -> Option<Text> {
    if date > today {
        return Some(crate::said!("you-cannot-log-hours-for-a-day"));
    }
    if date < start || date > end {
        return Some(crate::said!("that-day-is-outside-the-placement-s"));
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

/// A day or a week of a placement's hours over the district's cap. The reader's page says it
/// in its own language, with its own dates and decimals.
#[derive(Debug, Clone, PartialEq)]
pub struct CapFlag {
    /// false: the day `date`; true: the week starting on Monday `date`.
    pub week: bool,
    pub date: Date,
    pub hours: f64,
    pub cap: f64,
}

/// In English, for the CLI: "9 h on Mar 2, over the district's 8 a day" (the UI words it in
/// its reader's language).
impl std::fmt::Display for CapFlag {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (hours, day, cap) = (
            fmt_hours(self.hours),
            short_date(self.date),
            fmt_hours(self.cap),
        );
        if self.week {
            write!(
                f,
                "{hours} h in the week of {day}, over the district's {cap}"
            )
        } else {
            write!(f, "{hours} h on {day}, over the district's {cap} a day")
        }
    }
}

/// The flags the school sees for a placement's entries (date, hours): each day over the
/// daily cap, then each week over the weekly one.
pub fn cap_flags(entries: &[(Date, f64)], caps: Caps) -> Vec<CapFlag> {
    let mut flags = Vec::new();
    let mut days: Vec<(Date, f64)> = entries.to_vec();
    days.sort_by_key(|(d, _)| *d);
    for &(date, hours) in &days {
        if hours > caps.per_day {
            flags.push(CapFlag {
                week: false,
                date,
                hours,
                cap: caps.per_day,
            });
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
    for (date, hours) in weeks {
        if hours > caps.per_week {
            flags.push(CapFlag {
                week: true,
                date,
                hours,
                cap: caps.per_week,
            });
        }
    }
    flags
}

/// Whether the day `date` of `entries` is over a cap: "day" over the daily one, else "week" when
/// its week is over the weekly one (the student's entry is still accepted, and says so).
pub fn over_cap_of(entries: &[(Date, f64)], caps: Caps, date: Date) -> Option<(&'static str, f64)> {
    let day: f64 = entries
        .iter()
        .filter(|(d, _)| *d == date)
        .map(|(_, h)| h)
        .sum();
    if day > caps.per_day {
        return Some(("day", caps.per_day));
    }
    let week = week_of(date);
    let total: f64 = entries
        .iter()
        .filter(|(d, _)| week_of(*d) == week)
        .map(|(_, h)| h)
        .sum();
    (total > caps.per_week).then_some(("week", caps.per_week))
}

/// 23.5 → "23.5", 8 → "8".
pub fn fmt_hours(h: f64) -> String {
    let s = format!("{h:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Hours in a text for people: `fmt_hours`, written with the reader's decimal separator
/// ("16,25" in Spanish).
pub fn hours_said(h: f64) -> crate::domain::said::Decimal {
    crate::domain::said::Decimal(fmt_hours(h))
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

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

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
                .key
                .contains("day")
        );
        assert!(
            date_refusal(date!(2027 - 02 - 28), start, end, today)
                .unwrap()
                .key
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
                CapFlag {
                    week: false,
                    date: date!(2027 - 03 - 02),
                    hours: 9.0,
                    cap: 8.0
                },
                CapFlag {
                    week: true,
                    date: date!(2027 - 03 - 01),
                    hours: 23.5,
                    cap: 20.0
                }
            ]
        );
        assert_eq!(
            over_cap_of(&entries, Caps::default(), date!(2027 - 03 - 02)),
            Some(("day", 8.0))
        );
        assert_eq!(
            over_cap_of(&entries, Caps::default(), date!(2027 - 03 - 05)),
            Some(("week", 20.0))
        );
        assert_eq!(
            over_cap_of(&entries[..2], Caps::default(), date!(2027 - 03 - 01)),
            None
        );
        assert_eq!(
            flags.iter().map(|f| f.to_string()).collect::<Vec<_>>(),
            [
                "9 h on Mar 2, over the district's 8 a day",
                "23.5 h in the week of Mar 1, over the district's 20"
            ]
        );
    }
}
