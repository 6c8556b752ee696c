//! Field checks with the messages the clients show, collected per field (first failure wins).

use crate::error::{AppError, AppResult, FieldErrors};

// The character and e-mail rules live in `domain/`, where the roster reads them too.
pub use crate::domain::text::{has_hidden_chars, is_email};

/// Upper bounds that keep a single field from filling the database.
pub const SHORT_MAX: usize = 200;
pub const LONG_MAX: usize = 5_000;

#[derive(Default)]
pub struct Checks {
    errors: FieldErrors,
}

fn chars(s: &str) -> usize {
    s.chars().count()
}

/// An http(s) URL with a host.
pub fn is_url(s: &str) -> bool {
    let s = s.trim();
    let rest = s
        .strip_prefix("https://")
        .or_else(|| s.strip_prefix("http://"));
    match rest {
        Some(r) => {
            let host = r.split(['/', '?', '#']).next().unwrap_or("");
            !host.is_empty()
                && host.contains('.')
                && !s.chars().any(|c| c.is_whitespace() || c.is_control())
                && !has_hidden_chars(s, true)
                && chars(s) <= 500
        }
        None => false,
    }
}

impl Checks {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn fail(&mut self, field: &'static str, msg: &str) {
        self.errors.entry(field).or_insert_with(|| msg.to_string());
    }

    /// Drops a field's failure (a rule that does not apply to this caller).
    pub fn forget(&mut self, field: &str) {
        self.errors.remove(field);
    }

    pub fn has(&self, field: &str) -> bool {
        self.errors.contains_key(field)
    }

    pub fn check(&mut self, field: &'static str, ok: bool, msg: &str) -> &mut Self {
        if !ok {
            self.fail(field, msg);
        }
        self
    }

    pub fn required(&mut self, field: &'static str, v: &str, msg: &str) -> &mut Self {
        self.check(field, !v.trim().is_empty(), msg)
    }

    pub fn min_len(&mut self, field: &'static str, v: &str, n: usize, msg: &str) -> &mut Self {
        self.check(field, chars(v.trim()) >= n, msg)
    }

    /// The generic upper bound every text field gets, and the character check: short fields
    /// (names, titles) refuse invisible characters too.
    pub fn max_len(&mut self, field: &'static str, v: &str, n: usize) -> &mut Self {
        let ok = chars(v) <= n;
        self.check(field, ok, &crate::t!("must-be-at-most-n-characters", n = n));
        self.check(field, !has_hidden_chars(v, n <= SHORT_MAX), &hidden_chars())
    }

    pub fn email(&mut self, field: &'static str, v: &str, msg: &str) -> &mut Self {
        self.check(field, is_email(v), msg)
    }

    /// A student's (or guest's) interests: at least one, at most 20, each one of the option
    /// set; returns their canonical forms without repeats.
    pub fn interests(&mut self, field: &'static str, raw: &[String]) -> Vec<String> {
        use crate::domain::options::{INTERESTS, canonical};
        self.check(
            field,
            !raw.is_empty(),
            &crate::t!("please-select-at-least-one-interest"),
        )
        .check(
            field,
            raw.len() <= 20,
            &crate::t!("choose-at-most-20-interests"),
        );
        let mut interests: Vec<String> = Vec::new();
        for i in raw {
            match canonical(&INTERESTS, i) {
                Some(v) if !interests.iter().any(|x| x == v) => interests.push(v.to_string()),
                Some(_) => {}
                None => self.fail(
                    field,
                    &format!(
                        "Unknown interest: {}",
                        clean(i).chars().take(40).collect::<String>()
                    ),
                ),
            }
        }
        interests
    }

    pub fn finish(self) -> AppResult<()> {
        if self.errors.is_empty() {
            Ok(())
        } else {
            Err(AppError::validation(self.errors))
        }
    }
}

pub fn hidden_chars() -> String {
    crate::t!("contains-invisible-or-control-characters-that-are")
}

/// Whether a text shows anything: not only whitespace and characters that render as nothing
/// (zero-width spaces and joiners, the Braille blank, Hangul fillers, soft hyphens, variation
/// selectors, tag characters...), which would post an empty-looking comment or message.
pub fn has_visible(s: &str) -> bool {
    s.chars().any(|c| {
        !(c.is_whitespace()
            || c.is_control()
            || matches!(
                c,
                '\u{00AD}'
                    | '\u{034F}'
                    | '\u{061C}'
                    | '\u{115F}'
                    | '\u{1160}'
                    | '\u{17B4}'
                    | '\u{17B5}'
                    | '\u{180B}'..='\u{180F}'
                    | '\u{200B}'..='\u{200F}'
                    | '\u{202A}'..='\u{202E}'
                    | '\u{2060}'..='\u{206F}'
                    | '\u{2800}'
                    | '\u{3164}'
                    | '\u{FE00}'..='\u{FE0F}'
                    | '\u{FEFF}'
                    | '\u{FFA0}'
                    | '\u{E0000}'..='\u{E007F}'
            ))
    })
}

/// A comment or message as posted: no hidden characters, something visible, at most `max`
/// characters; `noun` names it in the messages ("Comment cannot be empty"). Returns it cleaned.
pub fn posted_text(raw: &str, noun: &str, max: usize) -> AppResult<String> {
    if has_hidden_chars(raw, false) {
        return Err(AppError::bad_request(hidden_chars()));
    }
    let text = clean(raw);
    // Only invisible characters (U+2800, U+200B...) would post an empty-looking text.
    if !has_visible(&text) {
        return Err(AppError::bad_request(format!("{noun} cannot be empty")));
    }
    if text.chars().count() > max {
        return Err(AppError::bad_request(format!(
            "{noun} must be at most {max} characters"
        )));
    }
    Ok(text)
}

/// Trims and strips control characters other than newlines and tabs.
pub fn clean(s: &str) -> String {
    s.trim()
        .chars()
        .filter(|c| !c.is_control() || *c == '\n' || *c == '\t')
        .collect()
}

#[cfg(test)]
mod tests {
    use super::has_visible;

    #[test]
    fn invisible_only_texts_show_nothing() {
        for blank in [
            "",
            "   ",
            "\u{2800}\u{2800}",
            "\u{200B}",
            "\u{3164} \u{FEFF}",
            "\u{E0041}\u{200D}",
        ] {
            assert!(!has_visible(blank), "{blank:?}");
        }
        for shown in ["hi", " \u{200B}a", "👍", "日本"] {
            assert!(has_visible(shown), "{shown:?}");
        }
    }
}
