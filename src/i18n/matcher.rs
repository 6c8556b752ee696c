//! One language's catalogue: exact sentences, and templates with `{{name}}` holes matched
//! against text the server built with `format!`.

use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap};

#[derive(Debug, Clone, PartialEq, Eq)]
enum Part {
    Lit(String),
    Hole(String),
}

#[derive(Debug)]
struct Template {
    parts: Vec<Part>,
    /// Literal characters: when several templates match, the most specific wins.
    weight: usize,
    target: String,
}

/// A template's holes and the values they took in one text.
type Captures<'t> = Vec<(String, &'t str)>;

#[derive(Debug, Default)]
pub struct Catalogue {
    exact: HashMap<String, String>,
    templates: Vec<Template>,
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

/// The holes' values when `text` has the template's shape. Each hole takes at least one
/// character; a hole followed by a literal tries each place that literal occurs.
fn capture<'t>(parts: &[Part], text: &'t str, out: &mut Captures<'t>) -> bool {
    match parts.split_first() {
        None => text.is_empty(),
        Some((Part::Lit(l), rest)) => text
            .strip_prefix(l.as_str())
            .is_some_and(|t| capture(rest, t, out)),
        Some((Part::Hole(name), rest)) => match rest.first() {
            // A value never spans lines: a multi-line text (an e-mail) goes line by line.
            None => {
                if text.is_empty() || text.contains('\n') {
                    return false;
                }
                out.push((name.clone(), text));
                true
            }
            Some(Part::Lit(next)) => {
                let mut from = text.chars().next().map_or(1, char::len_utf8);
                while let Some(i) = text.get(from..).and_then(|t| t.find(next.as_str())) {
                    let at = from + i;
                    if text[..at].contains('\n') {
                        return false;
                    }
                    let mark = out.len();
                    out.push((name.clone(), &text[..at]));
                    if capture(rest, &text[at..], out) {
                        return true;
                    }
                    out.truncate(mark);
                    from = at + text[at..].chars().next().map_or(1, char::len_utf8);
                }
                false
            }
            // Two holes side by side are refused when the catalogue is read.
            Some(Part::Hole(_)) => false,
        },
    }
}

impl Catalogue {
    pub fn parse(json: &str) -> Result<Catalogue, String> {
        let map: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(json).map_err(|e| format!("not a JSON object: {e}"))?;
        let mut c = Catalogue::default();
        for (key, value) in map {
            let serde_json::Value::String(value) = value else {
                return Err(format!("{key:?} is not translated by a string"));
            };
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
                c.templates.push(Template {
                    parts: from,
                    weight,
                    target: value,
                });
            }
        }
        Ok(c)
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.exact.len() + self.templates.len()
    }

    fn line(&self, text: &str, depth: u8) -> Option<String> {
        if let Some(t) = self.exact.get(text) {
            return Some(t.clone());
        }
        let mut best: Option<(usize, &Template, Captures)> = None;
        for t in &self.templates {
            if best.as_ref().is_some_and(|(w, _, _)| *w >= t.weight) {
                continue;
            }
            let mut values = Vec::new();
            if capture(&t.parts, text, &mut values) {
                best = Some((t.weight, t, values));
            }
        }
        let (_, t, values) = best?;
        let mut out = t.target.clone();
        for (name, value) in values {
            // A value the catalogue knows ("5 minutes", a reason) is translated too.
            let value = match depth {
                0 => self.line(value, 1).unwrap_or_else(|| value.to_string()),
                _ => self
                    .exact
                    .get(value)
                    .cloned()
                    .unwrap_or_else(|| value.to_string()),
            };
            out = out.replace(&format!("{{{{{name}}}}}"), &value);
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

    fn cat() -> Catalogue {
        Catalogue::parse(
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
    fn bad_catalogues_are_refused() {
        for bad in [
            r#"{"a {{x}}": "b"}"#,
            r#"{"a {{x}}{{y}} b": "{{x}}{{y}}"}"#,
            r#"{"a {{x": "b {{x"}"#,
            r#"{"a": 3}"#,
            r#"[]"#,
        ] {
            assert!(Catalogue::parse(bad).is_err(), "{bad}");
        }
    }
}
