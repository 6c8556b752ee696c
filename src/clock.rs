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

/// The district's clock (`settings set time-zone`): the day and the time of day a person in
/// the district reads. The zone database is compiled in, so every machine reads the same.
#[derive(Clone, Debug)]
pub struct Zone {
    name: String,
    tz: jiff::tz::TimeZone,
}

/// A moment read on a district's clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocalTime {
    pub date: Date,
    pub hour: u8,
    pub minute: u8,
    /// "CST", "CDT", "UTC", or the offset ("+14") where the zone has no abbreviation.
    pub abbreviation: String,
}

impl Default for Zone {
    fn default() -> Self {
        Zone::utc()
    }
}

impl Zone {
    pub fn utc() -> Zone {
        Zone {
            name: "UTC".into(),
            tz: jiff::tz::TimeZone::UTC,
        }
    }

    /// An IANA zone by name ("America/Chicago"); the reason when the database has none.
    pub fn named(name: &str) -> Result<Zone, String> {
        let name = name.trim();
        if name.eq_ignore_ascii_case("UTC") {
            return Ok(Zone::utc());
        }
        jiff::tz::db()
            .get(name)
            .map(|tz| Zone {
                name: name.to_string(),
                tz,
            })
            .map_err(|_| {
                format!(
                    "time-zone is an IANA time zone name such as America/Chicago or America/New_York; \"{name}\" is not one"
                )
            })
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// `ms` (since the epoch) on this clock.
    pub fn local(&self, ms: i64) -> LocalTime {
        let ts = jiff::Timestamp::from_millisecond(ms).unwrap_or(jiff::Timestamp::UNIX_EPOCH);
        let dt = self.tz.to_datetime(ts);
        let date = time::Month::try_from(dt.month() as u8)
            .ok()
            .and_then(|m| Date::from_calendar_date(i32::from(dt.year()), m, dt.day() as u8).ok())
            .unwrap_or(Date::MIN);
        LocalTime {
            date,
            hour: dt.hour() as u8,
            minute: dt.minute() as u8,
            abbreviation: self.tz.to_offset_info(ts).abbreviation().to_string(),
        }
    }

    /// The district's date at `ms`.
    pub fn date_of(&self, ms: i64) -> Date {
        self.local(ms).date
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::Month;

    // 2026-11-29T03:30:00Z and 2026-07-04T17:05:00Z.
    const NOV_29_0330_UTC: i64 = 1_795_923_000_000;
    const JUL_4_1705_UTC: i64 = 1_783_184_700_000;

    #[test]
    fn a_district_reads_its_own_day_and_time() {
        let chicago = Zone::named("America/Chicago").unwrap();
        let t = chicago.local(NOV_29_0330_UTC);
        assert_eq!(
            t.date,
            Date::from_calendar_date(2026, Month::November, 28).unwrap()
        );
        assert_eq!((t.hour, t.minute, t.abbreviation.as_str()), (21, 30, "CST"));
        let summer = chicago.local(JUL_4_1705_UTC);
        assert_eq!((summer.hour, summer.abbreviation.as_str()), (12, "CDT"));
        assert_eq!(
            Zone::utc().date_of(NOV_29_0330_UTC),
            Date::from_calendar_date(2026, Month::November, 29).unwrap()
        );
        let kiritimati = Zone::named("Pacific/Kiritimati")
            .unwrap()
            .local(NOV_29_0330_UTC);
        assert_eq!(
            (kiritimati.hour, kiritimati.abbreviation.as_str()),
            (17, "+14")
        );
    }

    #[test]
    fn an_unknown_zone_is_refused_with_the_reason() {
        let err = Zone::named("Mars/Olympus").unwrap_err();
        assert!(err.contains("America/Chicago"), "{err}");
        assert_eq!(Zone::named("utc").unwrap().name(), "UTC");
        assert_eq!(
            Zone::named(" Europe/Madrid ").unwrap().name(),
            "Europe/Madrid"
        );
    }
}
