//! When a placement may be finished: the final evaluation opens in the last fifth of its dates
//! or once 80 % of the planned hours are approved; "completed" needs the end date reached or
//! every planned hour approved (anything sooner is an early end, with a reason).

use time::{Date, Duration};

/// The day the final evaluation opens by the calendar: the start of the last fifth.
pub fn final_opens(start: Date, end: Date) -> Date {
    let days = (end - start).whole_days().max(0);
    start + Duration::days(days - days / 5)
}

/// Approved hours that open the final evaluation before its day: 80 % of the planned ones.
pub fn final_hours(planned: u32) -> f64 {
    f64::from(planned) * 0.8
}

/// Whether the supervisor may write the final evaluation `today`.
pub fn final_open(start: Date, end: Date, today: Date, approved: f64, planned: u32) -> bool {
    today >= final_opens(start, end) || (planned > 0 && approved + 1e-9 >= final_hours(planned))
}

/// Whether the school may mark the placement completed `today` (not ended early).
pub fn may_complete(end: Date, today: Date, approved: f64, planned: u32) -> bool {
    today >= end || (planned > 0 && approved + 1e-9 >= f64::from(planned))
}

/// Crockford's base 32: no I, L, O or U, so a code read aloud or typed is read right.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// A certificate's verification code as people see it: 64 bits as "XXXX-XXXX-XXXXX".
pub fn code_text(n: u64) -> String {
    let chars: Vec<char> = (0..13)
        .rev()
        .map(|i| char::from(ALPHABET[((n >> (i * 5)) & 31) as usize]))
        .collect();
    let s: String = chars.iter().collect();
    format!("{}-{}-{}", &s[..4], &s[4..8], &s[8..])
}

/// A typed or linked code back to its number: case, dashes and spaces do not matter, and the
/// letters people confuse with digits (I, L, O) read as them.
pub fn parse_code(s: &str) -> Option<u64> {
    let mut n: u64 = 0;
    let mut count = 0;
    for c in s.chars().filter(|c| *c != '-' && !c.is_whitespace()) {
        let c = match c.to_ascii_uppercase() {
            'I' | 'L' => '1',
            'O' => '0',
            c => c,
        };
        let v = ALPHABET.iter().position(|&a| char::from(a) == c)? as u64;
        if count == 0 && v > 15 {
            return None;
        }
        n = (n << 5) | v;
        count += 1;
    }
    (count == 13).then_some(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn the_final_evaluation_opens_in_the_last_fifth_or_at_80_percent_of_the_hours() {
        let (start, end) = (date!(2027 - 03 - 01), date!(2027 - 05 - 10));
        assert_eq!(final_opens(start, end), date!(2027 - 04 - 26));
        assert!(!final_open(start, end, date!(2027 - 04 - 25), 47.5, 60));
        assert!(final_open(start, end, date!(2027 - 04 - 26), 0.0, 60));
        assert!(final_open(start, end, date!(2027 - 03 - 20), 48.0, 60));
    }

    #[test]
    fn a_code_reads_back_from_its_text_however_it_is_typed() {
        for n in [0, 1, u64::MAX, 0x0123_4567_89ab_cdef] {
            let text = code_text(n);
            assert_eq!(text.len(), 15);
            assert_eq!(parse_code(&text), Some(n));
            assert_eq!(parse_code(&text.to_lowercase().replace('-', " ")), Some(n));
        }
        assert_eq!(parse_code("0000-0000-0000l"), Some(1));
        assert_eq!(parse_code("ZZZZ-ZZZZ-ZZZZZ"), None);
        assert_eq!(parse_code("0000-0000-000U0"), None);
        assert_eq!(parse_code("short"), None);
    }

    #[test]
    fn completion_needs_the_end_date_or_every_planned_hour() {
        let end = date!(2027 - 05 - 10);
        assert!(!may_complete(end, date!(2027 - 05 - 09), 59.5, 60));
        assert!(may_complete(end, date!(2027 - 05 - 10), 10.0, 60));
        assert!(may_complete(end, date!(2027 - 04 - 01), 60.0, 60));
    }
}
