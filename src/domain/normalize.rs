//! Text as the screens read it (hazardous duties, the comment word list, contact details):
//! whatever someone types to slip a word past a list is folded back before matching.
//!
//! - Unicode NFKC (fullwidth letters, ligatures, superscripts become plain letters);
//! - default-ignorable code points removed (soft hyphen U+00AD, combining grapheme joiner
//!   U+034F, zero-width spaces and joiners, variation selectors...);
//! - lower case, then the UTS #39 confusables skeleton (a Cyrillic "о" reads as a Latin "o"),
//!   through `unicode-security`, and accents dropped;
//! - leetspeak inside words ("snapch4t", "sh1t", "sn@pchat", "$hit");
//! - letters spelled out one by one ("f o r k l i f t", "s.n.a.p.c.h.a.t") joined.
//!
//! The result is only for matching: what people see is always their own text (`folded` says
//! which of its bytes each folded character came from, so a match is shown in the writer's words).

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::{canonical_combining_class, is_combining_mark};

/// The text folded for matching (see the module's notes). Sentence ends (`.`, `!`, `?`, `;`,
/// new lines) survive, so a negation still reaches no further than its own sentence.
pub fn for_matching(text: &str) -> String {
    folded(text).iter().map(|f| f.c).collect()
}

/// A character of the folded text, with the bytes of the original text it came from (a
/// match is shown in the writer's own words).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Folded {
    pub c: char,
    /// The byte range in the original text.
    pub from: usize,
    pub to: usize,
}

/// `for_matching`, character by character with where each came from.
pub fn folded(text: &str) -> Vec<Folded> {
    let mut plain = Vec::with_capacity(text.len());
    // NFKC one starter and its combining marks at a time, so every character it makes knows
    // its source (the same text as NFKC of the whole, but for scripts that join two starters).
    let mut starts: Vec<usize> = text
        .char_indices()
        .filter(|&(i, c)| i == 0 || canonical_combining_class(c) == 0)
        .map(|(i, _)| i)
        .collect();
    starts.push(text.len());
    for pair in starts.windows(2) {
        let (from, to) = (pair[0], pair[1]);
        for c in text[from..to].nfkc().filter(|c| !ignorable(*c)) {
            plain.extend(c.to_lowercase().map(|c| Folded { c, from, to }));
        }
    }
    unleet(&mut plain);
    let joined = join_spelled_out(&plain);
    let mut out = Vec::with_capacity(joined.len());
    for f in joined {
        if f.c.is_ascii() {
            out.push(f);
        } else {
            out.extend(skeleton_char(f.c).chars().map(|c| Folded { c, ..f }));
        }
    }
    out
}

/// A character through the confusables skeleton, lower case and without accents. ASCII
/// letters and digits are their own skeleton but for a few (`m` → `rn`, `1` → `l`, `0` →
/// `o`), which would only make words harder to read in tests, so ASCII is kept as it is.
fn skeleton_char(c: char) -> String {
    let mapped: String = unicode_security::skeleton(c.encode_utf8(&mut [0; 4]))
        .filter(|c| !is_combining_mark(*c))
        .collect();
    // Only letters that look like ASCII letters fold; other scripts stay themselves.
    if !mapped.is_empty() && mapped.chars().all(|m| m.is_ascii_alphanumeric()) {
        mapped.to_lowercase()
    } else {
        c.to_lowercase()
            .nfd()
            .filter(|c| !is_combining_mark(*c))
            .collect()
    }
}

/// Default-ignorable code points (Unicode's DerivedCoreProperties) and the invisible
/// formatting characters people use to split a word without it looking split.
fn ignorable(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}'
        | '\u{FFA0}' | '\u{FFF0}'..='\u{FFF8}' | '\u{1BCA0}'..='\u{1BCA3}'
        | '\u{1D173}'..='\u{1D17A}' | '\u{E0000}'..='\u{E0FFF}')
}

/// Digits and symbols standing for letters inside a word: "snapch4t", "sh1t", "sn@pchat",
/// "$hit". Only where the word (a run without white space) has at least three letters, so
/// "3D", "9th" and phone numbers keep their digits. One character for one, in place.
fn unleet(text: &mut [Folded]) {
    let mut start = 0;
    while start < text.len() {
        if text[start].c.is_whitespace() {
            start += 1;
            continue;
        }
        let end = (start..text.len())
            .find(|&i| text[i].c.is_whitespace())
            .unwrap_or(text.len());
        let chars: Vec<char> = text[start..end].iter().map(|f| f.c).collect();
        if chars.iter().filter(|c| c.is_alphabetic()).count() >= 3 {
            let word: String = chars.iter().collect();
            // "@handle" and "name@mail" keep their @: contact details are found by it.
            let at_is_letter = !word.starts_with('@') && !is_address(&word);
            for (i, &c) in chars.iter().enumerate() {
                let before = i > 0 && chars[i - 1].is_alphabetic();
                let after = chars.get(i + 1).is_some_and(|n| n.is_alphabetic());
                text[start + i].c = match c {
                    // A digit beside a letter.
                    '0' if before || after => 'o',
                    '1' if before || after => 'i',
                    '3' if before || after => 'e',
                    '4' if before || after => 'a',
                    '5' if before || after => 's',
                    '7' if before || after => 't',
                    '8' if before || after => 'b',
                    // A symbol before a letter ("$hit", "sn@p").
                    '$' if after => 's',
                    '@' if after && at_is_letter => 'a',
                    // Punctuation only between letters ("f!ck"), never at a sentence's end.
                    '!' | '|' if before && after => 'i',
                    '+' if before && after => 't',
                    _ => c,
                };
            }
        }
        start = end;
    }
}

/// "name@example.com": an @ with a dotted domain after it.
fn is_address(word: &str) -> bool {
    word.split_once('@')
        .is_some_and(|(user, domain)| !user.is_empty() && domain.contains('.'))
}

/// Letters spelled out one at a time and separated by spaces, dots, dashes or underscores
/// ("f o r k l i f t", "s.n.a.p.c.h.a.t"), three or more in a row, become one word.
fn join_spelled_out(text: &[Folded]) -> Vec<Folded> {
    let single = |i: usize| {
        text[i].c.is_alphanumeric()
            && (i == 0 || !text[i - 1].c.is_alphanumeric())
            && text.get(i + 1).is_none_or(|f| !f.c.is_alphanumeric())
    };
    let sep = |c: char| matches!(c, ' ' | '.' | '-' | '_' | '*');
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        if single(i) {
            // Collect the run: letter (sep{1,2} letter)*
            let mut letters = vec![text[i]];
            let mut j = i + 1;
            loop {
                let mut k = j;
                while k < text.len() && k - j < 2 && sep(text[k].c) {
                    k += 1;
                }
                if k > j && k < text.len() && single(k) {
                    letters.push(text[k]);
                    j = k + 1;
                } else {
                    break;
                }
            }
            if letters.len() >= 3 {
                out.extend(letters);
                i = j;
                continue;
            }
        }
        out.push(text[i]);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn look_alikes_and_invisible_characters_fold_away() {
        assert_eq!(for_matching("F\u{043E}rklift"), "forklift");
        assert_eq!(for_matching("fork\u{00AD}lift"), "forklift");
        assert_eq!(for_matching("fork\u{034F}lift"), "forklift");
        assert_eq!(for_matching("forkl\u{200B}ift"), "forklift");
        assert_eq!(for_matching("ＦＯＲＫＬＩＦＴ"), "forklift");
        assert_eq!(for_matching("café"), "cafe");
    }

    #[test]
    fn spelled_out_and_leet_words_are_joined_and_read() {
        assert_eq!(for_matching("f o r k l i f t"), "forklift");
        assert_eq!(for_matching("add my s.n.a.p.c.h.a.t"), "add my snapchat");
        assert_eq!(for_matching("sn@pchat"), "snapchat");
        assert_eq!(for_matching("snapch4t"), "snapchat");
        assert_eq!(for_matching("sh1t"), "shit");
        assert_eq!(
            for_matching("Plan A or B, 3D prints, 9th grade"),
            "plan a or b, 3d prints, 9th grade"
        );
        assert_eq!(
            for_matching("mail me at kid@example.com"),
            "mail me at kid@example.com"
        );
        assert_eq!(for_matching("U.S. citizens"), "u.s. citizens");
        assert_eq!(for_matching("Great job! See you"), "great job! see you");
    }

    #[test]
    fn each_folded_character_knows_the_original_bytes_it_came_from() {
        let text = "Run the F\u{043E}rk\u{00AD}lift, cafe\u{0301}!";
        let f = folded(text);
        let shown: String = f.iter().map(|f| f.c).collect();
        assert_eq!(shown, "run the forklift, cafe!");
        let fork = shown.find("forklift").unwrap();
        let (from, to) = (f[fork].from, f[fork + "forklift".len() - 1].to);
        assert_eq!(&text[from..to], "F\u{043E}rk\u{00AD}lift");
        let e = shown.find("e!").unwrap();
        assert_eq!(&text[f[e].from..f[e].to], "e\u{0301}");
        let spelled = "use f o r k l i f t here";
        let f = folded(spelled);
        assert_eq!(
            f.iter().map(|f| f.c).collect::<String>(),
            "use forklift here"
        );
        assert_eq!(&spelled[f[4].from..f[11].to], "f o r k l i f t");
    }
}
