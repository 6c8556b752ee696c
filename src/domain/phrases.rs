//! Phrase lists matched against free text by words, not substrings: "roof" finds "roofs" and
//! "the roof," but not "waterproof"; a phrase's words may have up to two other words between
//! them ("drive the delivery van" matches "drive van").
//!
//! A phrase is written as words separated by spaces; a word may list alternatives with `|`
//! ("drive|driving van|truck"). Plurals are folded on both sides, so a list names the singular.
//! Both sides are read through `normalize::for_matching` first (look-alike letters, invisible
//! characters, leetspeak, spelled-out words).

use super::normalize;

/// Words left out before matching, so "drive the van" and "drive van" read the same.
const FILLER: &[&str] = &[
    "the", "a", "an", "our", "your", "their", "its", "his", "her", "my", "this", "that", "these",
    "those", "of", "to", "and", "or", "on", "in", "at", "with", "some",
];

/// How many other words may sit between two words of one phrase.
const GAP: usize = 2;

/// Words that deny the word right after them ("no roofing", "without forklifts").
const DENY_NEXT: &[&str] = &["no", "without", "zero", "never", "none", "nor"];

/// Words that negate a verb ("interns do not operate forklifts", "you won't drive").
const NEGATIONS: &[&str] = &[
    "not", "never", "dont", "doesnt", "wont", "cannot", "cant", "isnt", "arent", "neither", "nor",
    "shouldnt", "wouldnt", "mustnt",
];

/// Verbs of doing a duty: a negation governs a duty only through one of these.
const DUTY_VERBS: &[&str] = &[
    "use",
    "using",
    "operate",
    "operating",
    "drive",
    "driving",
    "ride",
    "riding",
    "run",
    "running",
    "handle",
    "handling",
    "touch",
    "touching",
    "work",
    "working",
    "climb",
    "climbing",
    "go",
    "going",
    "be",
    "involve",
    "involving",
    "include",
    "including",
    "require",
    "required",
    "need",
    "needed",
    "perform",
    "performing",
    "do",
    "doing",
    "allowed",
    "permitted",
    "asked",
    "expected",
    "lift",
    "lifting",
    "clean",
    "cleaning",
];

/// Words that start another clause: a negation before one does not reach past it ("we do
/// not require experience but you will operate the forklift").
const CLAUSE_BREAKS: &[&str] = &[
    "but", "however", "although", "though", "yet", "instead", "except", "while", "whereas", "you",
    "we", "they", "will", "must", "should", "shall", "can", "may", "also", "then",
];

/// How many words after a negated duty verb the duty may still be named.
const NEGATION_REACH: usize = 6;

/// One compiled phrase: per position, the accepted (folded) words.
#[derive(Debug, Clone)]
struct Phrase {
    label: String,
    words: Vec<Vec<String>>,
}

/// A list of labelled phrases; `find` says which labels a text mentions.
#[derive(Debug, Clone, Default)]
pub struct PhraseList {
    phrases: Vec<Phrase>,
}

impl PhraseList {
    /// `entries` are (label, phrase); several phrases may share a label.
    pub fn new<'a>(entries: impl IntoIterator<Item = (&'a str, &'a str)>) -> Self {
        let phrases = entries
            .into_iter()
            .filter_map(|(label, phrase)| {
                let words: Vec<Vec<String>> = phrase
                    .split_whitespace()
                    .map(|w| {
                        w.split('|')
                            .map(|a| fold(&normalize::for_matching(a)))
                            .filter(|a| !a.is_empty())
                            .collect()
                    })
                    .filter(|alts: &Vec<String>| !alts.is_empty())
                    .collect();
                (!words.is_empty()).then(|| Phrase {
                    label: label.to_string(),
                    words,
                })
            })
            .collect();
        PhraseList { phrases }
    }

    /// A list read from a text file's lines: one phrase per line, labelled by itself; blank
    /// lines and lines starting with `#` are skipped.
    pub fn from_lines(text: &str) -> Self {
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        // A line's label is its first alternatives: "send pic|photo" is labelled "send pic".
        let labels: Vec<String> = lines
            .iter()
            .map(|l| {
                l.split_whitespace()
                    .map(|w| w.split('|').next().unwrap_or(w))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        Self::new(labels.iter().zip(&lines).map(|(l, p)| (l.as_str(), *p)))
    }

    pub fn is_empty(&self) -> bool {
        self.phrases.is_empty()
    }

    /// The labels of the phrases found in the texts, each once, in list order.
    pub fn find(&self, texts: &[&str]) -> Vec<String> {
        self.find_where(texts, false)
    }

    /// Like `find`, but a phrase a negation denies ("we do not use forklifts", "no roofing")
    /// does not count. A screen that asks a person to look, not a filter: someone who wants to
    /// hide a duty can word around any list, and reports catch what it misses.
    pub fn find_affirmed(&self, texts: &[&str]) -> Vec<String> {
        self.find_where(texts, true)
    }

    fn find_where(&self, texts: &[&str], skip_denied: bool) -> Vec<String> {
        let docs: Vec<Doc> = texts.iter().flat_map(|t| docs(t)).collect();
        let mut out: Vec<String> = Vec::new();
        for p in &self.phrases {
            if out.contains(&p.label) {
                continue;
            }
            let found = docs.iter().any(|d| {
                spans(&d.words, &p.words)
                    .into_iter()
                    .any(|(at, _)| !skip_denied || !denied(&d.words, at))
            });
            if found {
                out.push(p.label.clone());
            }
        }
        out
    }

    /// Where `find_affirmed` finds its phrases in `text`: each label's places, in list order,
    /// then in the text's order; overlapping places of one label ("drive the delivery van"
    /// and "delivery van") make one.
    pub fn locate_affirmed(&self, text: &str) -> Vec<Located> {
        let docs = docs(text);
        let mut labels: Vec<&str> = Vec::new();
        for p in &self.phrases {
            if !labels.contains(&p.label.as_str()) {
                labels.push(&p.label);
            }
        }
        let mut out = Vec::new();
        for label in labels {
            for d in &docs {
                let mut found: Vec<(usize, usize)> = self
                    .phrases
                    .iter()
                    .filter(|p| p.label == label)
                    .flat_map(|p| spans(&d.words, &p.words))
                    .filter(|&(at, _)| !denied(&d.words, at))
                    .collect();
                found.sort_unstable();
                let mut merged: Vec<(usize, usize)> = Vec::new();
                for (at, end) in found {
                    match merged.last_mut() {
                        Some(last) if at < last.1 => last.1 = last.1.max(end),
                        _ => merged.push((at, end)),
                    }
                }
                out.extend(merged.into_iter().map(|(at, end)| Located {
                    label: label.to_string(),
                    from: d.spans[at].0,
                    to: d.spans[end - 1].1,
                    words: d.words[at..end].join(" "),
                }));
            }
        }
        out
    }
}

/// One place a phrase was found: its label, the bytes of the text it covers (the writer's
/// own words, gaps included) and the words as the screen read them (folded, for comparing
/// places across edits: "Delivery Vans" and "delivery van" read alike).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located {
    pub label: String,
    pub from: usize,
    pub to: usize,
    pub words: String,
}

/// A sentence as the lists read it: its words and the bytes of the original each came from.
#[derive(Default)]
struct Doc {
    words: Vec<String>,
    spans: Vec<(usize, usize)>,
}

/// Whether a folded character belongs to a word ("don't", "f*ck").
fn word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '\'' || c == '*'
}

/// The text's sentences, so a negation reaches no further than its own sentence, each as its
/// words: lower-cased, plurals folded, filler left out. A `*` inside a word stands for a
/// hidden letter ("f*ck").
fn docs(text: &str) -> Vec<Doc> {
    let folded = normalize::folded(text);
    let mut out = Vec::new();
    let mut doc = Doc::default();
    let mut i = 0;
    while i <= folded.len() {
        let c = folded.get(i).map(|f| f.c);
        if c.is_some_and(word_char) {
            let start = i;
            while folded.get(i).is_some_and(|f| word_char(f.c)) {
                i += 1;
            }
            let mut run = &folded[start..i];
            while let [first, rest @ ..] = run
                && matches!(first.c, '\'' | '*')
            {
                run = rest;
            }
            while let [rest @ .., last] = run
                && matches!(last.c, '\'' | '*')
            {
                run = rest;
            }
            if let (Some(first), Some(last)) = (run.first(), run.last()) {
                let word = fold(&run.iter().map(|f| f.c).collect::<String>());
                if !FILLER.contains(&word.as_str()) {
                    doc.words.push(word);
                    doc.spans.push((first.from, last.to));
                }
            }
            continue;
        }
        if c.is_none_or(|c| matches!(c, '.' | '!' | '?' | ';' | '\n')) && !doc.words.is_empty() {
            out.push(std::mem::take(&mut doc));
        }
        i += 1;
    }
    out
}

/// Lower case, "'s" dropped, and a plural's ending folded to the singular ("slicers" → "slicer",
/// "boxes" → "box", "batteries" → "battery"); short words and "-ss"/"-us" words are kept.
fn fold(word: &str) -> String {
    let w = word.to_lowercase().replace('\u{2019}', "'");
    let w = w.strip_suffix("'s").unwrap_or(&w).replace('\'', "");
    let n = w.chars().count();
    if n > 4 && w.ends_with("ies") {
        return format!("{}y", &w[..w.len() - 3]);
    }
    for end in ["sses", "shes", "ches", "xes", "zes"] {
        if w.ends_with(end) && n > end.len() + 1 {
            return w[..w.len() - 2].to_string();
        }
    }
    if n > 3 && w.ends_with('s') && !w.ends_with("ss") && !w.ends_with("us") {
        return w[..w.len() - 1].to_string();
    }
    w
}

/// Whether a negation governs the phrase found at `at`: a denying word right before it ("no
/// roofing", "without forklifts"), or a negated duty verb shortly before it in the same
/// clause ("interns do not operate machinery, forklifts or hoists"). Any other "no" nearby
/// ("no experience needed, you will operate the forklift") denies nothing.
fn denied(doc: &[String], at: usize) -> bool {
    if at > 0 && DENY_NEXT.contains(&doc[at - 1].as_str()) {
        return true;
    }
    let from = at.saturating_sub(NEGATION_REACH + 2);
    (from..at).any(|n| {
        NEGATIONS.contains(&doc[n].as_str())
            && (n + 1..(n + 3).min(at))
                .find(|&v| DUTY_VERBS.contains(&doc[v].as_str()))
                .is_some_and(|v| {
                    at - v <= NEGATION_REACH
                        && doc[n + 1..at]
                            .iter()
                            .all(|w| !CLAUSE_BREAKS.contains(&w.as_str()))
                })
    })
}

/// Where in the sentence the phrase is, each time it occurs: (its first word, the word after
/// its last).
fn spans(doc: &[String], phrase: &[Vec<String>]) -> Vec<(usize, usize)> {
    (0..doc.len())
        .filter_map(|start| matches_at(doc, phrase, start).map(|end| (start, end)))
        .collect()
}

/// A word of the text against a word of a phrase; `*` in the text stands for one letter.
fn same(word: &str, alt: &str) -> bool {
    if !word.contains('*') {
        return word == alt;
    }
    let shown = word.chars().filter(|c| *c != '*').count();
    shown >= 2
        && word.chars().count() == alt.chars().count()
        && word
            .chars()
            .zip(alt.chars())
            .all(|(w, a)| w == '*' || w == a)
}

/// The index after the phrase word `alts` found at `i`: one word of the text, or two or three
/// written apart ("snap chat", "fork lift").
fn word_at(doc: &[String], i: usize, alts: &[String]) -> Option<usize> {
    (1..=3).filter(|k| i + k <= doc.len()).find_map(|k| {
        let joined = if k == 1 {
            std::borrow::Cow::Borrowed(doc[i].as_str())
        } else {
            std::borrow::Cow::Owned(doc[i..i + k].concat())
        };
        alts.iter().any(|a| same(&joined, a)).then_some(i + k)
    })
}

/// The index after the phrase's last word when it starts at `start`.
fn matches_at(doc: &[String], phrase: &[Vec<String>], start: usize) -> Option<usize> {
    let mut next = word_at(doc, start, &phrase[0])?;
    for alts in &phrase[1..] {
        let end = (next + 1 + GAP).min(doc.len());
        next = (next..end).find_map(|j| word_at(doc, j, alts))?;
    }
    Some(next)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_match_by_word_with_plurals_and_small_gaps() {
        let list = PhraseList::new([
            ("roofing", "roof"),
            ("driving", "drive|driving van|truck"),
            ("meat slicer", "meat slicer"),
        ]);
        assert_eq!(list.find(&["Help our crew on the roofs"]), ["roofing"]);
        assert!(list.find(&["a waterproof jacket"]).is_empty());
        assert_eq!(list.find(&["Drive the delivery van"]), ["driving"]);
        assert_eq!(list.find(&["operate meat slicers"]), ["meat slicer"]);
        assert!(
            list.find(&["we sell meat, cheese and bread; no slicer work"])
                .is_empty()
        );
        assert!(list.find(&["drive sales growth"]).is_empty());
    }

    #[test]
    fn a_denied_phrase_does_not_count_when_asked() {
        let list = PhraseList::new([("forklift", "forklift"), ("roofing", "roof")]);
        let text = "Interns do not operate machinery, forklifts or hoists. Roof garden tours!";
        assert_eq!(list.find(&[text]), ["forklift", "roofing"]);
        assert_eq!(list.find_affirmed(&[text]), ["roofing"]);
        assert_eq!(
            list.find_affirmed(&["No roofing. We drive a forklift."]),
            ["forklift"]
        );
    }

    #[test]
    fn a_file_list_labels_each_line_by_itself() {
        let list = PhraseList::from_lines("# comment\n\nsnapchat\nhome address\n");
        assert_eq!(
            list.find(&["what's your home address?", "add me on Snapchat"]),
            ["snapchat", "home address"]
        );
    }
}
