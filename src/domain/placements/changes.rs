//! What changed in a placement's details, a sentence each: a void says it to everyone told
//! ("The schedule changed from “Mon-Fri 3-6 pm” to “Tue-Thu 3-7 pm”.").

use time::Date;

/// The facts of the details the agreement's text holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Facts {
    pub supervisor: String,
    pub worksite: String,
    pub start: Option<Date>,
    pub end: Option<Date>,
    pub schedule: String,
    pub planned_hours: u32,
    /// None: unpaid.
    pub wage_cents: Option<u32>,
}

fn text(s: &str) -> String {
    if s.trim().is_empty() {
        "(not set)".into()
    } else {
        s.to_string()
    }
}

fn day(d: Option<Date>) -> String {
    d.map_or_else(|| "(not set)".into(), |d| d.to_string())
}

fn dollars(cents: u32) -> String {
    format!("${}.{:02}", cents / 100, cents % 100)
}

/// One sentence per fact that differs, in the agreement's order.
pub fn describe(old: &Facts, new: &Facts) -> Vec<String> {
    let mut out = Vec::new();
    if old.supervisor != new.supervisor {
        out.push(format!(
            "The supervisor changed from {} to {}.",
            text(&old.supervisor),
            text(&new.supervisor)
        ));
    }
    if old.worksite != new.worksite {
        out.push(format!(
            "The worksite changed from “{}” to “{}”.",
            text(&old.worksite),
            text(&new.worksite)
        ));
    }
    if old.start != new.start {
        out.push(format!(
            "The start date changed from {} to {}.",
            day(old.start),
            day(new.start)
        ));
    }
    if old.end != new.end {
        out.push(format!(
            "The end date changed from {} to {}.",
            day(old.end),
            day(new.end)
        ));
    }
    if old.schedule != new.schedule {
        out.push(format!(
            "The schedule changed from “{}” to “{}”.",
            text(&old.schedule),
            text(&new.schedule)
        ));
    }
    if old.planned_hours != new.planned_hours {
        out.push(format!(
            "The planned hours changed from {} to {}.",
            old.planned_hours, new.planned_hours
        ));
    }
    match (old.wage_cents, new.wage_cents) {
        (a, b) if a == b => {}
        (None, Some(b)) => out.push(format!(
            "The pay changed from unpaid to {} an hour.",
            dollars(b)
        )),
        (Some(a), None) => out.push(format!(
            "The pay changed from {} an hour to unpaid.",
            dollars(a)
        )),
        (Some(a), Some(b)) => out.push(format!(
            "The pay changed from {} to {} an hour.",
            dollars(a),
            dollars(b)
        )),
        (None, None) => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    fn facts() -> Facts {
        Facts {
            supervisor: "Gregory Bell".into(),
            worksite: "12 Main St".into(),
            start: Some(date!(2026 - 06 - 01)),
            end: Some(date!(2026 - 08 - 01)),
            schedule: "Mon-Fri 3-6 pm".into(),
            planned_hours: 120,
            wage_cents: None,
        }
    }

    #[test]
    fn each_changed_fact_is_a_sentence_with_before_and_after() {
        let old = facts();
        assert!(describe(&old, &old).is_empty());
        let mut new = old.clone();
        new.schedule = "Tue-Thu 3-7 pm".into();
        new.end = Some(date!(2026 - 08 - 15));
        new.wage_cents = Some(1550);
        assert_eq!(
            describe(&old, &new),
            vec![
                "The end date changed from 2026-08-01 to 2026-08-15.",
                "The schedule changed from “Mon-Fri 3-6 pm” to “Tue-Thu 3-7 pm”.",
                "The pay changed from unpaid to $15.50 an hour.",
            ]
        );
        new.worksite = String::new();
        assert!(describe(&old, &new)[0].ends_with("to “(not set)”."));
    }
}
