//! The server's languages. The server's texts live by key in Project Fluent files
//! (`locales/server/<code>.ftl`, compiled in; `catalogues`). A text is asked for by key where
//! it is made: `t!("key", name = value)` in the request's language, `tl!(lang, "key", ...)` in
//! a reader's known language. Texts the server still builds as English sentences are
//! translated where they leave it, by the matcher: each entry's English pattern against its
//! pattern in the language, as gettext does (sentences match exactly, `{ $name }` holes match
//! what `format!` put there, each captured value translated in turn when it is an entry, and
//! multi-line texts such as e-mail bodies line by line). Nothing here does IO.
//!
//! The request's language lives in a task-local set by the HTTP layer (`scoped`), so an error
//! built deep in a service is translated where it becomes a response, without every call
//! site carrying the language.

pub mod catalogues;
mod matcher;

use std::borrow::Cow;
use std::sync::OnceLock;

use matcher::Catalogue;

pub use crate::domain::said::{MARK, Text, Value};

/// The languages the product speaks. A new one: its `locales/server/<code>.ftl`, a line here
/// and in `catalogues::FILES`, its UI catalogues in ui/src/locales/.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    En,
    Es,
}

/// The months as Spanish writes them in a date ("2 de marzo de 2027"), January first.
pub const SPANISH_MONTHS: [&str; 12] = [
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
];

/// The months as English abbreviates them in a day ("Mar 2"), January first.
const ENGLISH_SHORT_MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// (language, its code)
const LANGUAGES: &[(Lang, &str)] = &[(Lang::En, "en"), (Lang::Es, "es")];

/// `key`'s text in the request's language, arguments filled in: `t!("n-minutes", n = 5)`.
#[macro_export]
macro_rules! t {
    ($key:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::tl!($crate::i18n::current(), $key $(, $name = $value)*)
    };
}

/// `key`'s text in `lang`, arguments filled in: `tl!(Lang::Es, "n-minutes", n = 5)`.
#[macro_export]
macro_rules! tl {
    ($lang:expr, $key:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::i18n::Lang::write($lang, &$crate::said!($key $(, $name = $value)*))
    };
}

impl Lang {
    /// Every language the product speaks, English first.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Es];

    pub fn code(self) -> &'static str {
        LANGUAGES
            .iter()
            .find(|(l, _)| *l == self)
            .map(|(_, c)| *c)
            .unwrap_or("en")
    }

    /// A language code ("es", "es-MX", "ES"); None for one we do not speak.
    pub fn parse(code: &str) -> Option<Lang> {
        let primary = code.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        LANGUAGES
            .iter()
            .find(|(_, c)| *c == primary)
            .map(|(l, _)| *l)
    }

    /// The best language of an `Accept-Language` header (RFC 9110 §12.5.4: by weight, then
    /// order; `q=0` refuses); English when none is ours.
    pub fn from_accept_language(header: &str) -> Lang {
        let mut best: Option<(f32, usize, Lang)> = None;
        for (i, item) in header.split(',').enumerate().take(32) {
            let mut parts = item.split(';');
            let Some(lang) = parts.next().and_then(Lang::parse) else {
                continue;
            };
            let q = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            if q <= 0.0 {
                continue;
            }
            if best.is_none_or(|(bq, bi, _)| q > bq || (q == bq && i < bi)) {
                best = Some((q, i, lang));
            }
        }
        best.map(|(_, _, l)| l).unwrap_or_default()
    }

    /// How this language writes a day of the year ("2 de marzo" for the server's "Mar 2"): the
    /// days the server wrote into a text in English, in the holes its catalogue names `day`.
    /// None for English, which has no catalogue.
    fn short_date(self) -> Option<matcher::ShortDate> {
        match self {
            Lang::En => None,
            Lang::Es => {
                Some(|m, d| format!("{d} de {}", SPANISH_MONTHS[usize::from(m.clamp(1, 12)) - 1]))
            }
        }
    }

    /// The matcher's catalogue of this language (None for English, the source's language).
    fn catalogue(self) -> Option<&'static Catalogue> {
        static COMPILED: OnceLock<Vec<(Lang, Catalogue)>> = OnceLock::new();
        let all = COMPILED.get_or_init(|| {
            Lang::ALL
                .iter()
                .filter(|l| **l != Lang::En)
                .map(|l| {
                    let c = Catalogue::from_pairs(catalogues::pairs(*l))
                        .unwrap_or_else(|e| panic!("{}.ftl: {e}", l.code()));
                    (*l, c.with_short_dates(l.short_date()))
                })
                .collect()
        });
        all.iter().find(|(l, _)| *l == self).map(|(_, c)| c)
    }

    /// `text` written in this language, its arguments too (a day the way this language writes
    /// one, a text argument in turn).
    pub fn write(self, text: &Text) -> String {
        let args: Vec<(&str, String)> = text
            .args
            .iter()
            .map(|(name, value)| (name.as_str(), self.value(value)))
            .collect();
        catalogues::text_in(self, &text.key, &args)
    }

    /// Each of `texts` written in this language (match reasons, say).
    pub fn write_all(self, texts: &[Text]) -> Vec<String> {
        texts.iter().map(|t| self.write(t)).collect()
    }

    fn value(self, value: &Value) -> String {
        match value {
            Value::Plain(s) if s.contains(MARK) => self.tr(s).into_owned(),
            Value::Plain(s) => s.clone(),
            Value::Day(_, month, day) => match self.short_date() {
                Some(write) => write(*month, *day),
                None => format!(
                    "{} {day}",
                    ENGLISH_SHORT_MONTHS[usize::from((*month).clamp(1, 12)) - 1]
                ),
            },
            Value::Text(t) => self.write(t),
            Value::Decimal(s) => match self {
                Lang::En => s.clone(),
                Lang::Es => s.replace('.', ","),
            },
        }
    }

    /// A text holding serialized texts (`Text::encode`, wherever they stand in it) with each
    /// written in this language; the rest of each line as `tr` writes a line.
    fn said(self, text: &str) -> String {
        let mut lines = Vec::new();
        for line in text.split('\n') {
            if !line.contains(MARK) {
                lines.push(self.tr(line).into_owned());
                continue;
            }
            let mut out = String::new();
            let mut rest = line;
            while let Some(at) = rest.find(MARK) {
                out.push_str(&rest[..at]);
                let json = &rest[at + MARK.len_utf8()..];
                let mut values = serde_json::Deserializer::from_str(json).into_iter::<Text>();
                match values.next() {
                    Some(Ok(t)) => {
                        out.push_str(&self.write(&t));
                        rest = &json[values.byte_offset()..];
                    }
                    _ => {
                        rest = json;
                    }
                }
            }
            out.push_str(rest);
            // What stands around the texts (an audit summary built in English around a
            // stored text) by the catalogue's patterns, the texts already written.
            lines.push(self.tr(&out).into_owned());
        }
        lines.join("\n")
    }

    /// `text` in this language: a text by key (`Text::encode`) written in it; an English
    /// sentence (a row stored before keys) by the catalogue's patterns; unchanged when the
    /// catalogue has nothing for it.
    pub fn tr<'a>(self, text: &'a str) -> Cow<'a, str> {
        if text.contains(MARK) {
            return Cow::Owned(self.said(text));
        }
        match self.catalogue() {
            None => Cow::Borrowed(text),
            Some(c) => c.translate(text),
        }
    }

    /// Each of `texts` in this language (match reasons, say).
    pub fn tr_all(self, texts: Vec<String>) -> Vec<String> {
        texts.iter().map(|t| self.tr(t).into_owned()).collect()
    }
}

/// A request's language, worked out the first time a text needs it (most answers carry no
/// message: they pay nothing).
pub struct Chooser {
    chosen: OnceLock<Lang>,
    choose: Box<dyn Fn() -> Lang + Send + Sync>,
}

tokio::task_local! {
    static CURRENT: Chooser;
}

/// A future run in a request's language (`scoped`), a type a hand-written future can hold.
pub type Scoped<F> = tokio::task::futures::TaskLocalFuture<Chooser, F>;

/// Runs `fut` answering in the language `choose` gives when first asked.
pub fn scoped<F: std::future::Future>(
    choose: impl Fn() -> Lang + Send + Sync + 'static,
    fut: F,
) -> Scoped<F> {
    let chooser = Chooser {
        chosen: OnceLock::new(),
        choose: Box::new(choose),
    };
    CURRENT.scope(chooser, fut)
}

/// The language of the request being answered (English outside a request).
pub fn current() -> Lang {
    CURRENT
        .try_with(|c| *c.chosen.get_or_init(|| (c.choose)()))
        .unwrap_or_default()
}

/// `text` in the current request's language.
pub fn tr(text: &str) -> Cow<'_, str> {
    current().tr(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hours_are_written_with_the_reader_s_decimal_separator() {
        let hours = crate::domain::placements::hours_said(16.25);
        let stored = crate::said!("the-supervisor-approved-hours-h", hours = &hours).encode();
        assert_eq!(Lang::En.tr(&stored), "The supervisor approved 16.25 h");
        assert_eq!(Lang::Es.tr(&stored), "El supervisor aprobó 16,25 h");
        assert_eq!(
            crate::tl!(Lang::Es, "the-supervisor-approved-hours-h", hours = &hours),
            "El supervisor aprobó 16,25 h"
        );
        let whole = crate::domain::placements::hours_said(8.0);
        assert_eq!(
            crate::tl!(Lang::Es, "the-supervisor-approved-hours-h", hours = whole),
            "El supervisor aprobó 8 h"
        );
    }

    #[test]
    fn accept_language_is_weighed() {
        assert_eq!(
            Lang::from_accept_language("es-MX,es;q=0.9,en;q=0.8"),
            Lang::Es
        );
        assert_eq!(
            Lang::from_accept_language("en-US,en;q=0.9,es;q=0.8"),
            Lang::En
        );
        assert_eq!(Lang::from_accept_language("fr-FR, es;q=0.5"), Lang::Es);
        assert_eq!(Lang::from_accept_language("en;q=0.2, es;q=0.7"), Lang::Es);
        assert_eq!(Lang::from_accept_language("es;q=0, en"), Lang::En);
        assert_eq!(Lang::from_accept_language("de, fr"), Lang::En);
        assert_eq!(Lang::from_accept_language(""), Lang::En);
        assert_eq!(Lang::parse("ES_us"), Some(Lang::Es));
        assert_eq!(Lang::parse("pt"), None);
    }

    #[test]
    fn every_catalogue_makes_a_matcher() {
        for lang in Lang::ALL {
            if lang != Lang::En {
                let c = lang.catalogue().unwrap_or_else(|| panic!("{lang:?}"));
                assert!(c.len() > 0, "{lang:?} is empty");
            }
        }
    }

    #[test]
    fn a_day_in_a_stored_sentence_reads_the_reader_s_way() {
        assert_eq!(
            Lang::Es.tr("The supervisor returned the entry of Mar 2: You left at 5"),
            "El supervisor devolvió el registro del 2 de marzo: You left at 5"
        );
        assert_eq!(
            Lang::Es.tr("Your supervisor returned your hours of Sep 30: Fix it"),
            "Tu supervisor devolvió tus horas del 30 de septiembre: Fix it"
        );
        assert_eq!(
            Lang::En.tr("The supervisor returned the entry of Mar 2: x"),
            "The supervisor returned the entry of Mar 2: x"
        );
    }

    #[test]
    fn a_text_by_key_is_written_in_the_reader_s_language_and_an_old_row_too() {
        let day = time::Date::from_calendar_date(2027, time::Month::March, 2).unwrap();
        let stored = crate::said!(
            "the-supervisor-returned-the-entry-of-day",
            day = day,
            comment = "You left at 5"
        )
        .encode();
        assert_eq!(
            Lang::En.tr(&stored),
            "The supervisor returned the entry of Mar 2: You left at 5"
        );
        assert_eq!(
            Lang::Es.tr(&stored),
            "El supervisor devolvió el registro del 2 de marzo: You left at 5"
        );
        // A row stored before keys, in English, reads the same.
        let old = "The supervisor returned the entry of Mar 2: You left at 5";
        assert_eq!(Lang::Es.tr(old), Lang::Es.tr(&stored));
        // A text inside another, and texts among plain lines (an e-mail's body).
        let nested = crate::said!(
            "too-many-what-please-try-again-in",
            what = "x",
            when = crate::said!("n-minutes", n = 5)
        );
        assert_eq!(
            Lang::Es.write(&nested),
            "Se alcanzó el límite de x. Vuelve a intentarlo en 5 minutos."
        );
        let body = format!(
            "{}\nhttps://x.example/a {}",
            nested,
            crate::said!("n-minutes", n = 2)
        );
        assert_eq!(
            Lang::En.tr(&body),
            "Too many x. Please try again in 5 minutes.\nhttps://x.example/a 2 minutes"
        );
    }

    #[test]
    fn each_default_label_s_key_writes_that_label() {
        use crate::domain::placements::evaluations::{DEFAULT_RUBRIC, DEFAULT_RUBRIC_KEYS};
        use crate::domain::placements::records::{
            DEFAULT_CHECKLIST, DEFAULT_CHECKLIST_KEYS, DEFAULT_CLUSTER_KEYS, DEFAULT_CLUSTERS,
        };
        let pairs = DEFAULT_RUBRIC
            .iter()
            .map(|(_, l)| *l)
            .zip(DEFAULT_RUBRIC_KEYS)
            .chain(DEFAULT_CLUSTERS.into_iter().zip(DEFAULT_CLUSTER_KEYS))
            .chain(DEFAULT_CHECKLIST.into_iter().zip(DEFAULT_CHECKLIST_KEYS));
        for (label, key) in pairs {
            assert_eq!(Lang::En.write(&Text::new(key)), label, "{key}");
        }
        // The match reasons' interests, each an entry of its own.
        for interest in crate::domain::options::INTERESTS {
            let key = format!("matches-your-interest-in-{interest}");
            assert!(
                Lang::En
                    .write(&Text::new(&key))
                    .starts_with("Matches your interest in "),
                "{key}"
            );
        }
    }

    #[test]
    fn english_is_left_alone() {
        assert_eq!(Lang::En.tr("Anything at all."), "Anything at all.");
    }
}
