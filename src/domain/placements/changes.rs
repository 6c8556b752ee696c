//! What changed in a placement's details, a sentence each: a void says it to everyone told
//! ("The schedule changed from “Mon-Fri 3-6 pm” to “Tue-Thu 3-7 pm”.").

use time::Date;

use crate::domain::said::{Text, Value};

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

/// A fact as a text's argument: as written, or "(not set)" in the reader's language.
fn text(s: &str) -> Value {
    if s.trim().is_empty() {
        Value::Text(Box::new(crate::said!("not-set")))
    } else {
        Value::Plain(s.to_string())
    }
}

fn day(d: Option<Date>) -> Value {
    d.map_or_else(
        || Value::Text(Box::new(crate::said!("not-set"))),
        |d| Value::Plain(d.to_string()),
    )
}

fn dollars(cents: u32) -> String {
    format!("${}.{:02}", cents / 100, cents % 100)
}

/// One sentence per fact that differs, in the agreement's order.
pub fn describe(old: &Facts, new: &Facts) -> Vec<Text> {
    let mut out = Vec::new();
    if old.supervisor != new.supervisor {
        out.push(crate::said!(
            "the-supervisor-changed-from-from-to-to",
            from = text(&old.supervisor),
            to = text(&new.supervisor)
        ));
    }
    if old.worksite != new.worksite {
        out.push(crate::said!(
            "the-worksite-changed-from-from-to-to",
            from = text(&old.worksite),
            to = text(&new.worksite)
        ));
    }
    if old.start != new.start {
        out.push(crate::said!(
            "the-start-date-changed-from-from-to",
            from = day(old.start),
            to = day(new.start)
        ));
    }
    if old.end != new.end {
        out.push(crate::said!(
            "the-end-date-changed-from-from-to",
            from = day(old.end),
            to = day(new.end)
        ));
    }
    if old.schedule != new.schedule {
        out.push(crate::said!(
            "the-schedule-changed-from-from-to-to",
            from = text(&old.schedule),
            to = text(&new.schedule)
        ));
    }
    if old.planned_hours != new.planned_hours {
        out.push(crate::said!(
            "the-planned-hours-changed-from-from-to",
            from = old.planned_hours,
            to = new.planned_hours
        ));
    }
    match (old.wage_cents, new.wage_cents) {
        (a, b) if a == b => {}
        (None, Some(b)) => out.push(crate::said!(
            "the-pay-changed-from-unpaid-to-to",
            to = dollars(b)
        )),
        (Some(a), None) => out.push(crate::said!(
            "the-pay-changed-from-from-an-hour",
            from = dollars(a)
        )),
        (Some(a), Some(b)) => out.push(crate::said!(
            "the-pay-changed-from-from-to-to",
            from = dollars(a),
            to = dollars(b)
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
                crate::said!(
                    "the-end-date-changed-from-from-to",
                    from = "2026-08-01",
                    to = "2026-08-15"
                ),
                crate::said!(
                    "the-schedule-changed-from-from-to-to",
                    from = "Mon-Fri 3-6 pm",
                    to = "Tue-Thu 3-7 pm"
                ),
                crate::said!("the-pay-changed-from-unpaid-to-to", to = "$15.50"),
            ]
        );
        new.worksite = String::new();
        assert_eq!(
            describe(&old, &new)[0].args[1].1,
            Value::Text(Box::new(crate::said!("not-set")))
        );
    }
}
