//! The server's texts by key (Project Fluent): `locales/server/<code>.ftl`, compiled in. Each
//! language's file holds the same keys with the same `{ $arguments }`; `en.ftl` is the
//! product's wording, character for character what API.md and the tests quote.
//!
//! A text asked for by key (`t!`, `tl!`) is written here with its arguments. A text the server
//! still builds as an English sentence reaches the same entries through the matcher, which
//! takes each entry's English pattern and its pattern in the language as a pair.

use std::borrow::Cow;
use std::collections::BTreeSet;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use fluent_syntax::ast;

use super::Lang;

/// (language, its Fluent file)
const FILES: &[(Lang, &str)] = &[
    (Lang::En, include_str!("../../locales/server/en.ftl")),
    (Lang::Es, include_str!("../../locales/server/es.ftl")),
];

struct Catalogue {
    lang: Lang,
    bundle: FluentBundle<FluentResource>,
}

fn parse(lang: Lang, source: &str) -> Result<Catalogue, String> {
    let resource = FluentResource::try_new(source.to_string())
        .map_err(|(_, errors)| format!("{}.ftl does not parse: {errors:?}", lang.code()))?;
    let id: unic_langid::LanguageIdentifier = lang
        .code()
        .parse()
        .map_err(|e| format!("{}: {e}", lang.code()))?;
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // The texts go into plain text, e-mails and PDFs: no Unicode isolation marks around values.
    bundle.set_use_isolating(false);
    bundle
        .add_resource(resource)
        .map_err(|errors| format!("{}.ftl: {errors:?}", lang.code()))?;
    Ok(Catalogue { lang, bundle })
}

fn all() -> &'static [Catalogue] {
    static ALL: OnceLock<Vec<Catalogue>> = OnceLock::new();
    ALL.get_or_init(|| {
        FILES
            .iter()
            .map(|(lang, source)| parse(*lang, source).expect("a valid catalogue"))
            .collect()
    })
}

fn catalogue(lang: Lang) -> Option<&'static Catalogue> {
    all().iter().find(|c| c.lang == lang)
}

/// The entry `key` in `lang` with `args` filled in; the English entry where `lang` lacks it
/// (a test keeps every language complete), the key itself where none has it.
pub fn text_in(lang: Lang, key: &str, args: &[(&str, String)]) -> String {
    let mut fluent_args = FluentArgs::with_capacity(args.len());
    for (name, value) in args {
        fluent_args.set(*name, value.clone());
    }
    for c in [catalogue(lang), catalogue(Lang::En)].into_iter().flatten() {
        if let Some(pattern) = c.bundle.get_message(key).and_then(|m| m.value()) {
            let mut errors = Vec::new();
            let out = c
                .bundle
                .format_pattern(pattern, Some(&fluent_args), &mut errors);
            return out.into_owned();
        }
    }
    key.to_string()
}

/// The names of the `{ $arguments }` of `pattern`, in order of first use.
fn arguments<'s>(pattern: &ast::Pattern<&'s str>) -> Vec<&'s str> {
    let mut out: Vec<&str> = Vec::new();
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable {
            expression: ast::Expression::Inline(ast::InlineExpression::VariableReference { id }),
        } = element
            && !out.contains(&id.name)
        {
            out.push(id.name);
        }
    }
    out
}

/// Every key of `lang`'s file with its arguments' names.
pub fn entries(lang: Lang) -> Vec<(String, BTreeSet<String>)> {
    let Some((_, source)) = FILES.iter().find(|(l, _)| *l == lang) else {
        return Vec::new();
    };
    let resource = match FluentResource::try_new(source.to_string()) {
        Ok(r) | Err((r, _)) => r,
    };
    resource
        .entries()
        .filter_map(|e| match e {
            ast::Entry::Message(m) => Some((
                m.id.name.to_string(),
                m.value
                    .as_ref()
                    .map(|p| arguments(p).into_iter().map(str::to_string).collect())
                    .unwrap_or_default(),
            )),
            _ => None,
        })
        .collect()
}

/// Each entry as (its English pattern, its pattern in `lang`), with `{{name}}` holes where
/// the arguments go: what the matcher translates built English sentences by.
pub fn pairs(lang: Lang) -> Vec<(String, String)> {
    let (Some(en), Some(other)) = (catalogue(Lang::En), catalogue(lang)) else {
        return Vec::new();
    };
    entries(Lang::En)
        .into_iter()
        .filter_map(|(key, args)| {
            let holes: Vec<(&str, String)> = args
                .iter()
                .map(|a| (a.as_str(), format!("{{{{{a}}}}}")))
                .collect();
            let write = |c: &Catalogue| -> Option<String> {
                let pattern = c.bundle.get_message(&key)?.value()?;
                let mut fluent_args = FluentArgs::with_capacity(holes.len());
                for (name, hole) in &holes {
                    fluent_args.set(*name, hole.clone());
                }
                let mut errors = Vec::new();
                let out: Cow<str> =
                    c.bundle
                        .format_pattern(pattern, Some(&fluent_args), &mut errors);
                Some(out.into_owned())
            };
            Some((write(en)?, write(other)?))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_every_key_with_the_same_arguments() {
        let english = entries(Lang::En);
        assert!(english.len() > 600, "en.ftl has {} entries", english.len());
        let keys: BTreeSet<&str> = english.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys.len(), english.len(), "en.ftl repeats a key");
        for lang in Lang::ALL {
            let theirs = entries(lang);
            let their_keys: BTreeSet<&str> = theirs.iter().map(|(k, _)| k.as_str()).collect();
            let missing: Vec<&&str> = keys.difference(&their_keys).collect();
            let extra: Vec<&&str> = their_keys.difference(&keys).collect();
            assert!(
                missing.is_empty() && extra.is_empty(),
                "{}.ftl lacks {missing:?} and has {extra:?} that en.ftl lacks",
                lang.code()
            );
            for (key, args) in &theirs {
                let en_args = &english.iter().find(|(k, _)| k == key).unwrap().1;
                assert_eq!(
                    args,
                    en_args,
                    "{}.ftl's {key} takes other arguments than en.ftl's",
                    lang.code()
                );
            }
        }
    }

    #[test]
    fn a_text_by_key_is_written_in_the_language_with_its_arguments() {
        assert_eq!(
            text_in(Lang::En, "n-minutes", &[("n", "5".into())]),
            "5 minutes"
        );
        assert_eq!(
            text_in(Lang::Es, "n-minutes", &[("n", "5".into())]),
            "5 minutos"
        );
        assert_eq!(text_in(Lang::Es, "no-such-key", &[]), "no-such-key");
    }

    #[test]
    fn the_matcher_s_pairs_keep_the_english_and_its_holes() {
        let pairs = pairs(Lang::Es);
        assert!(
            pairs.contains(&("{{n}} minutes".to_string(), "{{n}} minutos".to_string())),
            "{:?}",
            &pairs[..3]
        );
    }
}
