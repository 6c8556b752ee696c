//! A student's parent or guardian as a third party the district e-mails: the names a mail to
//! them may carry (plain names only: a student-written greeting or name is otherwise a way to
//! make the district's mail server say anything to anyone), and the student's own mailbox,
//! which is never the guardian's (plus-addressed or not).

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// The longest name a mail carries.
pub const NAME_MAX: usize = 100;

/// Whether `name` is a plain name: letters (any script, with their accents), spaces, hyphens
/// and apostrophes, at least one letter, at most `NAME_MAX` characters. No digits, no
/// punctuation that makes a sentence or a link, no invisible or direction-changing characters.
pub fn is_plain_name(name: &str) -> bool {
    let name = name.trim();
    let mut letters = 0usize;
    let mut count = 0usize;
    for c in name.nfc() {
        count += 1;
        if c.is_alphabetic() {
            letters += 1;
        } else if !(c == ' ' || c == '-' || c == '\'' || c == '\u{2019}' || is_combining_mark(c)) {
            return false;
        }
    }
    letters > 0 && count <= NAME_MAX
}

/// `name` for a mail to a third party when it is a plain name, else None (the mail then says
/// something generic instead).
pub fn mail_name(name: &str) -> Option<String> {
    is_plain_name(name).then(|| {
        name.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .nfc()
            .collect()
    })
}

/// The mailbox an address delivers to: lower-cased, without a `+tag` in its local part
/// (ava+x@school.org and Ava@School.org are ava@school.org).
pub fn mailbox(email: &str) -> String {
    let e = email.trim().to_lowercase();
    match e.rsplit_once('@') {
        Some((local, domain)) => {
            let local = local.split('+').next().unwrap_or(local);
            format!("{local}@{domain}")
        }
        None => e,
    }
}

/// Whether `guardian` reaches the student's own mailbox.
pub fn is_own_mailbox(student: &str, guardian: &str) -> bool {
    mailbox(student) == mailbox(guardian)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_names_only() {
        for ok in [
            "Maria Lopez",
            "Mary-Jo O'Neil",
            "Nguyễn Văn An",
            "Nguye\u{302}\u{303}n",
            "Zoë D’Arcy",
            "李小龙",
        ] {
            assert!(is_plain_name(ok), "{ok}");
        }
        for bad in [
            "",
            "  ",
            "-",
            "Your district: pay the $25 fee at https://x.example",
            "Dad 2",
            "Maria\u{202E}zepoL",
            "Maria\u{200B}Lopez",
            "Maria\nLopez",
            "J.R. Smith",
            &"a".repeat(101),
        ] {
            assert!(!is_plain_name(bad), "{bad:?}");
        }
        assert_eq!(mail_name(" Ana  Lee ").as_deref(), Some("Ana Lee"));
        assert_eq!(mail_name("Ana <b>"), None);
    }

    #[test]
    fn a_plus_address_is_the_same_mailbox() {
        assert!(is_own_mailbox("ava@school.org", "Ava+x@School.org"));
        assert!(is_own_mailbox("ava+1@school.org", "ava@school.org"));
        assert!(!is_own_mailbox("ava@school.org", "ava@family.example"));
        assert!(!is_own_mailbox("ava@school.org", "avab@school.org"));
    }
}
