//! The server's languages. Every text the server writes is English (the product's wording,
//! which API.md and the tests quote);
//! a reader who chose another language gets it through that language's catalogue
//! (`locales/server/<code>.json`, compiled in), keyed by the English text as gettext does:
//! sentences match exactly, texts built with `format!` match a template with `{{name}}`
//! placeholders (each captured value is itself translated when the catalogue has it), and
//! multi-line texts (e-mail bodies) are translated line by line. Nothing here does IO.
//!
//! The request's language lives in a task-local set by the HTTP layer (`scoped`), so an error
//! built deep in a service is translated where it becomes a response, without every call
//! site carrying the language.

mod matcher;

use std::borrow::Cow;
use std::sync::OnceLock;

use matcher::Catalogue;

/// The languages the product speaks. A new one: a catalogue in locales/server/, a line here,
/// its UI catalogues in ui/src/locales/.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    En,
    Es,
}

/// (language, its code, its catalogue)
const LANGUAGES: &[(Lang, &str, Option<&str>)] = &[
    (Lang::En, "en", None),
    (
        Lang::Es,
        "es",
        Some(include_str!("../../locales/server/es.json")),
    ),
];

impl Lang {
    /// Every language the product speaks, English first.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Es];

    pub fn code(self) -> &'static str {
        LANGUAGES
            .iter()
            .find(|(l, _, _)| *l == self)
            .map(|(_, c, _)| *c)
            .unwrap_or("en")
    }

    /// A language code ("es", "es-MX", "ES"); None for one we do not speak.
    pub fn parse(code: &str) -> Option<Lang> {
        let primary = code.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        LANGUAGES
            .iter()
            .find(|(_, c, _)| *c == primary)
            .map(|(l, _, _)| *l)
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
            Lang::Es => Some(|m, d| {
                const MESES: [&str; 12] = [
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
                format!("{d} de {}", MESES[usize::from(m.clamp(1, 12)) - 1])
            }),
        }
    }

    fn catalogue(self) -> Option<&'static Catalogue> {
        static COMPILED: OnceLock<Vec<(Lang, Catalogue)>> = OnceLock::new();
        let all = COMPILED.get_or_init(|| {
            LANGUAGES
                .iter()
                .filter_map(|(l, _, json)| {
                    json.map(|j| {
                        let c = Catalogue::parse(j).expect("a valid catalogue");
                        (*l, c.with_short_dates(l.short_date()))
                    })
                })
                .collect()
        });
        all.iter().find(|(l, _)| *l == self).map(|(_, c)| c)
    }

    /// `text` in this language (unchanged when the catalogue has nothing for it).
    pub fn tr<'a>(self, text: &'a str) -> Cow<'a, str> {
        match self.catalogue() {
            None => Cow::Borrowed(text),
            Some(c) => c.translate(text),
        }
    }

    /// Each of `texts` in this language (match reasons, say).
    pub fn tr_all(self, texts: Vec<String>) -> Vec<String> {
        match self.catalogue() {
            None => texts,
            Some(c) => texts.iter().map(|t| c.translate(t).into_owned()).collect(),
        }
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
    fn every_catalogue_parses_and_keeps_its_placeholders() {
        for (lang, _, json) in LANGUAGES {
            if let Some(j) = json {
                let c = Catalogue::parse(j).unwrap_or_else(|e| panic!("{lang:?}: {e}"));
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
    fn english_is_left_alone() {
        assert_eq!(Lang::En.tr("Anything at all."), "Anything at all.");
    }
}
