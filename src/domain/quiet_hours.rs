//! Quiet hours: the part of the night when no push reaches a student (`settings set
//! quiet-hours 21:00-07:00`, on the district's clock). What arrives then waits for the end.

/// A window of the day, in minutes since midnight; it may cross midnight (21:00-07:00).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    pub start: u16,
    pub end: u16,
}

/// The window a district has until it sets its own.
pub const DEFAULT: Window = Window {
    start: 21 * 60,
    end: 7 * 60,
};

fn minutes(s: &str) -> Option<u16> {
    let (h, m) = s.trim().split_once(':')?;
    if h.is_empty() || h.len() > 2 || m.len() != 2 {
        return None;
    }
    let (h, m): (u16, u16) = (h.parse().ok()?, m.parse().ok()?);
    (h < 24 && m < 60).then_some(h * 60 + m)
}

/// `HH:MM-HH:MM`, or `off` (None: pushes at any hour); the reason otherwise.
pub fn parse(value: &str) -> Result<Option<Window>, String> {
    let value = value.trim();
    if value.eq_ignore_ascii_case("off") {
        return Ok(None);
    }
    let refused = || {
        format!(
            "quiet-hours is a window such as 21:00-07:00 (24-hour clock, the district's time zone), or off; \"{value}\" is not one"
        )
    };
    let (a, b) = value.split_once('-').ok_or_else(refused)?;
    let (start, end) = (
        minutes(a).ok_or_else(refused)?,
        minutes(b).ok_or_else(refused)?,
    );
    if start == end {
        return Err(format!(
            "quiet-hours starts and ends at the same time; use off for no quiet hours, \"{value}\" is empty"
        ));
    }
    Ok(Some(Window { start, end }))
}

impl Window {
    /// How many minutes of quiet are left at `minute` of the day (0 to 1439); None outside
    /// the window.
    pub fn minutes_left(&self, minute: u16) -> Option<u16> {
        let day = 24 * 60;
        let inside = if self.start < self.end {
            (self.start..self.end).contains(&minute)
        } else {
            minute >= self.start || minute < self.end
        };
        inside.then(|| (self.end + day - minute) % day)
    }

    /// As the setting writes it: `21:00-07:00`.
    pub fn render(&self) -> String {
        format!(
            "{:02}:{:02}-{:02}:{:02}",
            self.start / 60,
            self.start % 60,
            self.end / 60,
            self.end % 60
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_across_midnight_holds_the_night_and_says_how_long_is_left() {
        let w = parse("21:00-07:00").unwrap().unwrap();
        assert_eq!(w, DEFAULT);
        assert_eq!(w.minutes_left(20 * 60 + 59), None);
        assert_eq!(w.minutes_left(21 * 60), Some(10 * 60));
        assert_eq!(w.minutes_left(23 * 60 + 30), Some(7 * 60 + 30));
        assert_eq!(w.minutes_left(6 * 60 + 59), Some(1));
        assert_eq!(w.minutes_left(7 * 60), None);
        assert_eq!(w.render(), "21:00-07:00");
    }

    #[test]
    fn a_window_within_a_day_and_the_refusals() {
        let w = parse("13:30-14:00").unwrap().unwrap();
        assert_eq!(w.minutes_left(13 * 60 + 45), Some(15));
        assert_eq!(w.minutes_left(14 * 60), None);
        assert_eq!(parse("off").unwrap(), None);
        for bad in ["21-07", "25:00-07:00", "21:00", "21:00-21:00", "9:5-10:00"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
