//! One language's catalogue: exact sentences, and templates with `{{name}}` holes matched
//! against text the server built with `format!`.
//!
//! A built text can hold what a client wrote (a title, a form field's name), so matching must
//! never cost more than a pass over the text: each template is a regular expression run by the
//! `regex` crate (linear in the text, no backtracking), all of them found at once by one
//! `RegexSet` pass, and a line longer than `MAX_LINE` is never translated at all.

use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap};

use regex::{Regex, RegexSet};

/// Longer lines are left as they are: no sentence of ours is this long, so such a line holds
/// mostly what a client wrote.
pub const MAX_LINE: usize = 1024;

#[derive(Debug, Clone, PartialEq, Eq)]
enum Part {
    Lit(String),
    Hole(String),
}

#[derive(Debug)]
struct Template {
    /// The holes' names, in the order the pattern captures them.
    holes: Vec<String>,
    /// `^lit([^\n]+?)lit…$`: each hole takes at least one character of one line, the
    /// shortest that lets the rest match (what a backtracking matcher would find first).
    pattern: Regex,
    /// Literal characters: when several templates match, the most specific wins.
    weight: usize,
    target: Vec<Part>,
}

/// How a language writes a day of the year (month 1-12, day), for the holes named `day`.
pub type ShortDate = fn(month: u8, day: u8) -> String;

#[derive(Debug, Default)]
pub struct Catalogue {
    exact: HashMap<String, String>,
    templates: Vec<Template>,
    /// Every template's pattern, in `templates`' order: one pass finds all that match.
    any: Option<RegexSet>,
    /// A hole named `day` holding an English short date ("Mar 2", as the server writes a day
    /// into a history line or a notification) is written this way ("2 de marzo").
    short_date: Option<ShortDate>,
}

/// The English months as the server abbreviates them (domain/placements/hours.rs,
/// `short_date`).
const SHORT_MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// "Mar 2" → (3, 2); None for anything else.
fn english_short_date(text: &str) -> Option<(u8, u8)> {
    let (month, day) = text.split_once(' ')?;
    let month = SHORT_MONTHS.iter().position(|m| *m == month)? as u8 + 1;
    // Only as the server writes a day: 1 to 31, no leading zero.
    if !(1..=2).contains(&day.len())
        || day.starts_with('0')
        || !day.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let day: u8 = day.parse().ok().filter(|d| (1..=31).contains(d))?;
    Some((month, day))
}

/// `Hello {{name}}!` → [Lit("Hello "), Hole("name"), Lit("!")].
fn split(text: &str) -> Result<Vec<Part>, String> {
    let mut parts = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        let end = rest[start..]
            .find("}}")
            .ok_or_else(|| format!("an unclosed {{{{ in {text:?}"))?;
        if start > 0 {
            parts.push(Part::Lit(rest[..start].to_string()));
        }
        let name = rest[start + 2..start + end].trim();
        if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return Err(format!("a bad placeholder name in {text:?}"));
        }
        parts.push(Part::Hole(name.to_string()));
        rest = &rest[start + end + 2..];
    }
    if !rest.is_empty() {
        parts.push(Part::Lit(rest.to_string()));
    }
    Ok(parts)
}

fn holes(parts: &[Part]) -> BTreeSet<&str> {
    parts
        .iter()
        .filter_map(|p| match p {
            Part::Hole(h) => Some(h.as_str()),
            Part::Lit(_) => None,
        })
        .collect()
}

/// The template's pattern: literals escaped, each hole a lazy group within one line.
fn pattern(parts: &[Part]) -> String {
    let mut p = String::from("^");
    for part in parts {
        match part {
            Part::Lit(l) => p.push_str(&regex::escape(l)),
            Part::Hole(_) => p.push_str(r"([^\n]+?)"),
        }
    }
    p.push('$');
    p
}

impl Catalogue {
    /// The catalogue of (English text, its translation) pairs, `{{name}}` marking a hole.
    pub fn from_pairs(pairs: Vec<(String, String)>) -> Result<Catalogue, String> {
        let mut c = Catalogue::default();
        for (key, value) in pairs {
            let (from, to) = (split(&key)?, split(&value)?);
            if holes(&from) != holes(&to) {
                return Err(format!(
                    "{key:?} and its translation have different placeholders"
                ));
            }
            if from
                .windows(2)
                .any(|w| matches!(w, [Part::Hole(_), Part::Hole(_)]))
            {
                return Err(format!("{key:?} has two placeholders side by side"));
            }
            if holes(&from).is_empty() {
                c.exact.insert(key, value);
            } else {
                let weight = from
                    .iter()
                    .map(|p| match p {
                        Part::Lit(l) => l.len(),
                        Part::Hole(_) => 0,
                    })
                    .sum();
                let pattern = Regex::new(&pattern(&from))
                    .map_err(|e| format!("{key:?} makes no pattern: {e}"))?;
                let holes = from
                    .into_iter()
                    .filter_map(|p| match p {
                        Part::Hole(h) => Some(h),
                        Part::Lit(_) => None,
                    })
                    .collect();
                c.templates.push(Template {
                    holes,
                    pattern,
                    weight,
                    target: to,
                });
            }
        }
        c.any = Some(
            RegexSet::new(c.templates.iter().map(|t| t.pattern.as_str()))
                .map_err(|e| format!("the templates make no pattern set: {e}"))?,
        );
        Ok(c)
    }

    /// The catalogue, writing the days of holes named `day` as `short_date` does (as the
    /// server wrote them without one).
    pub fn with_short_dates(mut self, short_date: Option<ShortDate>) -> Catalogue {
        self.short_date = short_date;
        self
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.exact.len() + self.templates.len()
    }

    fn line(&self, text: &str, depth: u8) -> Option<String> {
        if text.len() > MAX_LINE {
            return None;
        }
        if let Some(t) = self.exact.get(text) {
            return Some(t.clone());
        }
        let mut best: Option<&Template> = None;
        for i in self.any.as_ref()?.matches(text).iter() {
            let t = &self.templates[i];
            if best.is_none_or(|b| t.weight > b.weight) {
                best = Some(t);
            }
        }
        let t = best?;
        let caps = t.pattern.captures(text)?;
        let values = t
            .holes
            .iter()
            .zip(caps.iter().skip(1))
            .filter_map(|(name, m)| Some((name, m?.as_str())));
        let mut filled: HashMap<&str, String> = HashMap::new();
        for (name, value) in values {
            // A day the server wrote ("Mar 2") in this language's way.
            if name == "day"
                && let Some(write) = self.short_date
                && let Some((month, day)) = english_short_date(value)
            {
                filled.insert(name.as_str(), write(month, day));
                continue;
            }
            // A value the catalogue knows ("5 minutes", a reason) is translated too.
            let value = match depth {
                0 => self.line(value, 1).unwrap_or_else(|| value.to_string()),
                _ => self
                    .exact
                    .get(value)
                    .cloned()
                    .unwrap_or_else(|| value.to_string()),
            };
            filled.insert(name.as_str(), value);
        }
        // Filled part by part: a value that holds `{{x}}` stays as it was written.
        let mut out = String::new();
        for part in &t.target {
            match part {
                Part::Lit(l) => out.push_str(l),
                Part::Hole(h) => out.push_str(filled.get(h.as_str()).map_or("", |v| v)),
            }
        }
        Some(out)
    }

    /// The translation of `text`; a text of several lines (an e-mail) line by line; the text
    /// itself when nothing matches.
    pub fn translate<'a>(&self, text: &'a str) -> Cow<'a, str> {
        if let Some(t) = self.line(text, 0) {
            return Cow::Owned(t);
        }
        if !text.contains('\n') {
            return Cow::Borrowed(text);
        }
        let mut changed = false;
        let lines: Vec<Cow<str>> = text
            .split('\n')
            .map(|l| match self.line(l, 0) {
                Some(t) => {
                    changed = true;
                    Cow::Owned(t)
                }
                None => Cow::Borrowed(l),
            })
            .collect();
        if changed {
            Cow::Owned(lines.join("\n"))
        } else {
            Cow::Borrowed(text)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A catalogue from a JSON object of pairs.
    fn parse(json: &str) -> Result<Catalogue, String> {
        let map: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(json).map_err(|e| format!("not a JSON object: {e}"))?;
        let pairs = map
            .into_iter()
            .map(|(k, v)| match v {
                serde_json::Value::String(v) => Ok((k, v)),
                _ => Err(format!("{k:?} is not translated by a string")),
            })
            .collect::<Result<Vec<_>, String>>()?;
        Catalogue::from_pairs(pairs)
    }

    fn cat() -> Catalogue {
        parse(
            r#"{
                "Video not found": "Video no encontrado",
                "5 minutes": "5 minutos",
                "{{n}} minutes": "{{n}} minutos",
                "Too many {{what}}. Please try again in {{when}}.": "Demasiados {{what}}. Inténtalo de nuevo en {{when}}.",
                "sign-in attempts": "intentos de inicio de sesión",
                "The video of \"{{title}}\" is ready.": "El video de \"{{title}}\" está listo.",
                "Hi {{name}},": "Hola, {{name}}:",
                "{{a}} and {{b}}": "{{a}} y {{b}}",
                "{{a}} and {{b}} too": "{{a}} y también {{b}}"
            }"#,
        )
        .unwrap()
    }

    #[test]
    fn exact_templates_nested_values_and_lines() {
        let c = cat();
        assert_eq!(c.translate("Video not found"), "Video no encontrado");
        assert_eq!(
            c.translate("Too many sign-in attempts. Please try again in 12 minutes."),
            "Demasiados intentos de inicio de sesión. Inténtalo de nuevo en 12 minutos."
        );
        assert_eq!(
            c.translate("The video of \"Barista \"Pro\" 2\" is ready."),
            "El video de \"Barista \"Pro\" 2\" está listo."
        );
        assert_eq!(
            c.translate("Hi Ana,\n\nVideo not found\nhttps://x.example/a"),
            "Hola, Ana:\n\nVideo no encontrado\nhttps://x.example/a"
        );
        // The most specific template wins.
        assert_eq!(c.translate("cats and dogs too"), "cats y también dogs");
        assert_eq!(c.translate("cats and dogs"), "cats y dogs");
        assert_eq!(c.translate("Nothing known"), "Nothing known");
        assert_eq!(c.translate("ñandú and €"), "ñandú y €");
    }

    #[test]
    fn client_text_costs_one_pass_and_long_lines_are_left_alone() {
        let c = parse(
            r#"{
                "{{a}} created, {{b}} updated, {{c}} turned off, {{d}} turned on, {{e}} unchanged, {{f}} refused": "{{a}} creados, {{b}} actualizados, {{c}} desactivados, {{d}} activados, {{e}} sin cambios, {{f}} rechazados",
                "Unexpected file field '{{name}}'; send the file as '{{field}}'": "Campo inesperado '{{name}}'; envía el archivo como '{{field}}'",
                "Hi {{name}},": "Hola, {{name}}:"
            }"#,
        )
        .unwrap();
        // What made a backtracking matcher try every split of every hole (seconds per line).
        let unit = "a created, a updated, a turned off, a turned on, a unchanged, a refused; ";
        let fits = format!("{}a", unit.repeat(MAX_LINE / unit.len() - 1));
        let line = format!("Unexpected file field '{fits}'; send the file as 'video'");
        let started = std::time::Instant::now();
        for _ in 0..20 {
            let _ = c.translate(&line);
        }
        // A pass over 1 KB is microseconds; the backtracking matcher took minutes here.
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        let long = format!(
            "Unexpected file field '{}'; send the file as 'video'",
            unit.repeat(48)
        );
        assert_eq!(
            c.translate(&long),
            long.as_str(),
            "a long line is left alone"
        );
        // A value that looks like a placeholder is written as it came.
        assert_eq!(c.translate("Hi {{name}},"), "Hola, {{name}}:");
    }

    #[test]
    fn a_day_the_server_wrote_is_written_the_language_s_way() {
        let c = parse(
            r#"{
                "The entry of {{day}} was returned: {{comment}}": "El registro del {{day}} se devolvió: {{comment}}",
                "Hours of {{when}}": "Horas del {{when}}"
            }"#,
        )
        .unwrap()
        .with_short_dates(Some(|m, d| format!("{d}/{m}")));
        assert_eq!(
            c.translate("The entry of Mar 2 was returned: May 5 too"),
            "El registro del 2/3 se devolvió: May 5 too"
        );
        assert_eq!(
            c.translate("The entry of Dec 31 was returned: x"),
            "El registro del 31/12 se devolvió: x"
        );
        // Only a day, only in a hole named `day`.
        for day in [
            "Mar 32",
            "Mar 02",
            "March 2",
            "Mar +2",
            "Mar 2, 2027",
            "mar 2",
        ] {
            assert_eq!(
                c.translate(&format!("The entry of {day} was returned: x")),
                format!("El registro del {day} se devolvió: x")
            );
        }
        assert_eq!(c.translate("Hours of Mar 2"), "Horas del Mar 2");
    }

    #[test]
    fn bad_catalogues_are_refused() {
        for bad in [
            r#"{"a {{x}}": "b"}"#,
            r#"{"a {{x}}{{y}} b": "{{x}}{{y}}"}"#,
            r#"{"a {{x": "b {{x"}"#,
            r#"{"a": 3}"#,
            r#"[]"#,
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
