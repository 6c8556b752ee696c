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
//! The result is only for matching: what people see is always their own text.

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// The text folded for matching (see the module's notes). Sentence ends (`.`, `!`, `?`, `;`,
/// new lines) survive, so a negation still reaches no further than its own sentence.
pub fn for_matching(text: &str) -> String {
    let plain: String = text.nfkc().filter(|c| !ignorable(*c)).collect();
    let lower = plain.to_lowercase();
    let leet = unleet(&lower);
    let joined = join_spelled_out(&leet);
    joined
        .split_inclusive(|c: char| !c.is_alphanumeric() && c != '*')
        .map(skeleton_word)
        .collect()
}

/// A piece of text (a word and the one separator after it) through the confusables
/// skeleton, lower case and without accents. ASCII letters and digits are their own
/// skeleton but for a few (`m` → `rn`, `1` → `l`, `0` → `o`), which would only make words
/// harder to read in tests, so ASCII is kept as it is.
fn skeleton_word(piece: &str) -> String {
    if piece.is_ascii() {
        return piece.to_string();
    }
    let mut out = String::with_capacity(piece.len());
    for c in piece.chars() {
        if c.is_ascii() {
            out.push(c);
            continue;
        }
        let mapped: String = unicode_security::skeleton(c.encode_utf8(&mut [0; 4]))
            .filter(|c| !is_combining_mark(*c))
            .collect();
        // Only letters that look like ASCII letters fold; other scripts stay themselves.
        if !mapped.is_empty() && mapped.chars().all(|m| m.is_ascii_alphanumeric()) {
            out.push_str(&mapped.to_lowercase());
        } else {
            out.extend(c.to_lowercase().nfd().filter(|c| !is_combining_mark(*c)));
        }
    }
    out
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
/// "$hit". Only where the word has at least three letters, so "3D", "9th" and phone numbers
/// keep their digits.
fn unleet(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for token in text.split_inclusive(char::is_whitespace) {
        let (word, space) = match token.char_indices().last() {
            Some((i, c)) if c.is_whitespace() => token.split_at(i),
            _ => (token, ""),
        };
        let letters = word.chars().filter(|c| c.is_alphabetic()).count();
        // "@handle" and "name@mail" keep their @: contact details are found by it.
        let at_is_letter = !word.starts_with('@') && !is_address(word);
        if letters >= 3 {
            let chars: Vec<char> = word.chars().collect();
            for (i, &c) in chars.iter().enumerate() {
                let before = i > 0 && chars[i - 1].is_alphabetic();
                let after = chars.get(i + 1).is_some_and(|n| n.is_alphabetic());
                let folded = match c {
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
                out.push(folded);
            }
        } else {
            out.push_str(word);
        }
        out.push_str(space);
    }
    out
}

/// "name@example.com": an @ with a dotted domain after it.
fn is_address(word: &str) -> bool {
    word.split_once('@')
        .is_some_and(|(user, domain)| !user.is_empty() && domain.contains('.'))
}

/// Letters spelled out one at a time and separated by spaces, dots, dashes or underscores
/// ("f o r k l i f t", "s.n.a.p.c.h.a.t"), three or more in a row, become one word.
fn join_spelled_out(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let single = |i: usize| {
        chars[i].is_alphanumeric()
            && (i == 0 || !chars[i - 1].is_alphanumeric())
            && chars.get(i + 1).is_none_or(|c| !c.is_alphanumeric())
    };
    let sep = |c: char| matches!(c, ' ' | '.' | '-' | '_' | '*');
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        if single(i) {
            // Collect the run: letter (sep{1,2} letter)*
            let mut letters = vec![chars[i]];
            let mut j = i + 1;
            loop {
                let mut k = j;
                while k < chars.len() && k - j < 2 && sep(chars[k]) {
                    k += 1;
                }
                if k > j && k < chars.len() && single(k) {
                    letters.push(chars[k]);
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
        out.push(chars[i]);
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
}
