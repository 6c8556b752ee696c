//! A CI check over the source: every sentence the server writes for people is asked for by key
//! (`t!`, `tl!`, `said!`), whose entries and arguments
//! `languages::every_key_the_source_asks_for_is_in_the_catalogue_with_its_arguments` checks.
//! This reads every other string literal of the code people's texts come from (not the CLI's,
//! the doctor's or the logs') and fails on an English sentence, even one the catalogue holds:
//! a sentence built with `format!` and matched against the catalogue's English loses its
//! translation when it is reworded.

use internreel::i18n::{Lang, catalogues};
use regex::Regex;

/// The code whose texts reach people: the API, its services and rules, mail, PDFs, media
/// errors, the live socket and the demo's data.
const SAID: &[&str] = &[
    "http/",
    "services/",
    "domain/",
    "media/",
    "mail/",
    "pdf/",
    "auth/",
    "ws/",
    "store/",
    "fixtures/",
    "validate.rs",
    "error.rs",
];

/// A literal on a line with one of these (or the line before) is for the logs, an operator's
/// error or a test, never for a reader.
const NOT_SAID: &[&str] = &[
    "tracing::",
    "info!(",
    "warn!(",
    "error!(",
    "debug!(",
    "trace!(",
    ".expect(",
    ".context(",
    "with_context",
    "anyhow!(",
    "bail!(",
    "panic!(",
    "unreachable!(",
    "assert",
    "#[error(",
    "// not said:",
    "// typed:",
];

/// Files whose sentences are a whole text per language rather than catalogue entries.
const WHOLE_TEXTS: &[(&str, &str)] = &[(
    "domain/placements/agreement.rs",
    "the training agreement's built-in template in each language, replaced as a whole by a \
     district's own (settings: agreement-template)",
)];

/// Files whose English sentences are stored values as well as texts, each with why: what a
/// person reads of them is asked for by key where it is read, and the catalogue must still
/// hold each (a test in `i18n` checks that each key writes its value).
const STORED_VALUES: &[(&str, &str)] = &[
    (
        "domain/placements/records.rs",
        "the default career clusters and safety checklist are a district's stored items (a \
         record keeps the item it ticks); read by `DEFAULT_CLUSTER_KEYS` and \
         `DEFAULT_CHECKLIST_KEYS` (services/placements/records.rs)",
    ),
    (
        "domain/placements/evaluations.rs",
        "the default rubric's competency names are the stored names of a district's rubric; \
         read by `DEFAULT_RUBRIC_KEYS` (services/placements/views.rs, `rubric_label`)",
    ),
];

/// (line, text) of each string literal in `source` before its `#[cfg(test)]` module, comments
/// and character literals skipped; raw and byte strings skipped too (markup and bytes).
fn literals(source: &str) -> Vec<(usize, String)> {
    let source = source.split("#[cfg(test)]").next().unwrap_or(source);
    let chars: Vec<char> = source.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' => line += 1,
            '/' if chars.get(i + 1) == Some(&'/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            '\'' => {
                // A char literal ('"', '\'', 'x') or a lifetime ('a).
                if chars.get(i + 1) == Some(&'\\') {
                    i += 4;
                    continue;
                }
                if chars.get(i + 2) == Some(&'\'') {
                    i += 3;
                    continue;
                }
            }
            '"' => {
                let prefixed = i > 0 && matches!(chars[i - 1], 'r' | 'b' | '#');
                let start = line;
                let mut text = String::new();
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    match chars[i] {
                        '\\' if !prefixed => {
                            i += 1;
                            match chars.get(i) {
                                Some('n') => text.push('\n'),
                                Some('\n') => {
                                    line += 1;
                                    while chars.get(i + 1).is_some_and(|c| c.is_whitespace()) {
                                        if chars[i + 1] == '\n' {
                                            line += 1;
                                        }
                                        i += 1;
                                    }
                                }
                                Some(other) => text.push(*other),
                                None => {}
                            }
                        }
                        '\n' => {
                            line += 1;
                            text.push('\n');
                        }
                        other => text.push(other),
                    }
                    i += 1;
                }
                if !prefixed {
                    out.push((start, text));
                }
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// `text` with each `format!` hole (`{}`, `{name}`, `{:.1}`) filled with a word no catalogue
/// has, as a value would fill it.
fn filled(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        if rest[open..].starts_with("{{") {
            out.push('{');
            rest = &rest[open + 2..];
            continue;
        }
        match rest[open..].find('}') {
            Some(close) => {
                out.push_str("Zqx");
                rest = &rest[open + close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out.replace("}}", "}")
}

/// `text` without its `format!` holes: the words the source itself writes.
fn unfilled(text: &str) -> String {
    filled(text).replace("Zqx", "")
}

/// Whether `line` (holes and all) is one of the English catalogue's patterns, each hole
/// standing for any text: a sentence the catalogue holds for each value ("Matches your
/// interest in Finance") or with holes of its own.
fn patterned(line: &str, english: &[String]) -> bool {
    let mut pattern = String::from("^");
    for (i, piece) in filled(line).split("Zqx").enumerate() {
        if i > 0 {
            pattern.push_str(".+");
        }
        pattern.push_str(&regex::escape(piece));
    }
    pattern.push('$');
    let Ok(re) = Regex::new(&pattern) else {
        return false;
    };
    english.iter().any(|e| re.is_match(e))
}

/// An English sentence people read: three words or more, starting with a capital letter,
/// not a path, an address, markup, an identifier list or a format of numbers.
fn sentence(line: &str) -> bool {
    let line = line.trim();
    let words = line
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() > 1)
        .count();
    words >= 3
        && line.contains(' ')
        && line.chars().next().is_some_and(|c| c.is_ascii_uppercase())
        && !line.contains('<')
        && !line.contains("://")
        && !line.contains('_')
}

#[test]
fn every_sentence_the_source_writes_for_people_is_asked_for_by_key() {
    let english: Vec<String> = catalogues::pairs(Lang::Es)
        .into_iter()
        .flat_map(|(en, _)| en.lines().map(str::to_string).collect::<Vec<_>>())
        .collect();
    let mut literal = Vec::new();
    let mut missing = Vec::new();
    let mut stored_seen: Vec<&str> = Vec::new();
    for (file, text) in crate::architecture::sources() {
        if !SAID.iter().any(|d| file.starts_with(d))
            || file.ends_with("tests.rs")
            || WHOLE_TEXTS.iter().any(|(f, _)| *f == file)
        {
            continue;
        }
        let stored = STORED_VALUES.iter().find(|(f, _)| *f == file);
        let lines: Vec<&str> = text.lines().collect();
        for (at, lit) in literals(&text) {
            let near = |n: usize| lines.get(n.wrapping_sub(1)).copied().unwrap_or("");
            if NOT_SAID
                .iter()
                .any(|m| near(at).contains(m) || near(at - 1).contains(m))
            {
                continue;
            }
            for part in lit.lines() {
                let part = part.trim();
                if !sentence(&unfilled(part)) {
                    continue;
                }
                let sample = filled(part);
                let known = Lang::Es.tr(&sample) != sample || patterned(part, &english);
                match stored {
                    Some((f, _)) => {
                        stored_seen.push(f);
                        if !known {
                            missing.push(format!("{file}:{at}: {part:?}"));
                        }
                    }
                    None => literal.push(format!("{file}:{at}: {part:?}")),
                }
            }
        }
    }
    assert!(
        literal.is_empty(),
        "{} English sentences people read are written in the code, not asked for by key \
         (give each an entry in locales/server/*.ftl and ask for it with t!/tl!, or said! for a \
         text read later by someone else; mark the line before `// not said: why` when no person \
         reads it, `// typed: ...` for what a person typed):\n{}",
        literal.len(),
        literal.join("\n")
    );
    assert!(
        missing.is_empty(),
        "stored values people read have no entry in locales/server/es.ftl:\n{}",
        missing.join("\n")
    );
    // An entry of the list with nothing left to excuse goes.
    for (file, why) in STORED_VALUES {
        assert!(
            stored_seen.contains(file),
            "{file} ({why}) holds no English sentence any more: take it off STORED_VALUES"
        );
    }
}

#[test]
fn the_scan_reads_literals_as_rust_does() {
    let source = "let a = \"One two three\"; // \"not this\"\nlet c = '\"';\nlet b = format!(\"Hello {name}, \\\n    you have {n} new\");\nlet r = r#\"<p>\"#;";
    let found = literals(source);
    assert_eq!(
        found,
        vec![
            (1, "One two three".to_string()),
            (3, "Hello {name}, you have {n} new".to_string()),
        ]
    );
    assert_eq!(filled("Hello {name}, {{x}} {:.1}"), "Hello Zqx, {x} Zqx");
    assert!(sentence("The link works for 14 days."));
    assert!(!sentence("internreel_session"));
    assert!(!sentence("<p>Hello there friend</p>"));
}
