//! Time as the app sees it: milliseconds since the Unix epoch, rendered as RFC 3339.

use time::format_description::well_known::Rfc3339;
use time::{Date, OffsetDateTime, macros::format_description};

pub const DAY_MS: i64 = 24 * 60 * 60 * 1000;

pub fn now_ms() -> i64 {
    (OffsetDateTime::now_utc().unix_timestamp_nanos() / 1_000_000) as i64
}

pub fn rfc3339(ms: i64) -> String {
    OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .ok()
        .and_then(|t| t.format(&Rfc3339).ok())
        .unwrap_or_default()
}

/// Parses `YYYY-MM-DD`, or the date part of an RFC 3339 timestamp (what date inputs and
/// `toISOString()` send).
pub fn parse_date(s: &str) -> Option<Date> {
    let s = s.trim();
    let fmt = format_description!("[year]-[month]-[day]");
    Date::parse(s, &fmt)
        .ok()
        .or_else(|| OffsetDateTime::parse(s, &Rfc3339).ok().map(|t| t.date()))
}

pub fn format_date(d: Date) -> String {
    let fmt = format_description!("[year]-[month]-[day]");
    d.format(&fmt).unwrap_or_default()
}

pub fn today() -> Date {
    OffsetDateTime::now_utc().date()
}

pub fn date_of(ms: i64) -> Date {
    OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .map(|t| t.date())
        .unwrap_or_else(|_| today())
}
