//! Contact details and invitations off the platform: students are minors, and the district's
//! rule is that an employer and a student talk through InternReel until an offer. A comment
//! that carries any of these is held for review; a message is delivered but flagged to the
//! district.
//!
//! What counts: phone numbers (seven or more digits however they are spaced), e-mail
//! addresses (also written "name at mail dot com"), social handles ("@name", "ig: name",
//! "discord name#1234"), links to messaging apps (wa.me, t.me, discord.gg...) and
//! invitations to meet or talk elsewhere.

use std::sync::OnceLock;

use super::normalize;
use super::phrases::PhraseList;

/// Labels of what a text gives away, each once ("phone number", "e-mail address"...).
pub fn find(text: &str) -> Vec<String> {
    let folded = normalize::for_matching(text);
    let mut out: Vec<String> = Vec::new();
    let mut add = |label: &str| {
        if !out.iter().any(|l| l == label) {
            out.push(label.to_string());
        }
    };
    if has_phone_number(&folded) {
        add("phone number");
    }
    if has_email(&folded) {
        add("e-mail address");
    }
    if has_handle(&folded) {
        add("social handle");
    }
    if has_app_link(&folded) {
        add("messaging link");
    }
    for label in invitations().find(&[text]) {
        add(&label);
    }
    out
}

/// Seven or more digits in a run that only spaces, dots, dashes, slashes and brackets
/// interrupt: "555-867-5309", "(555) 867 5309", "5 5 5 8 6 7 5 3 0 9". Money ("$1,500") is
/// cut by its comma, and a date ("2026-12-01", "12/01/2026") is no phone number.
fn has_phone_number(text: &str) -> bool {
    let mut groups: Vec<usize> = Vec::new();
    let mut gap = 0;
    let check = |groups: &mut Vec<usize>| {
        let total: usize = groups.iter().sum();
        let date = matches!(groups.as_slice(), [4, 1..=2, 1..=2] | [1..=2, 1..=2, 4]);
        let found = total >= 7 && !date;
        groups.clear();
        found
    };
    for c in text.chars() {
        if c.is_ascii_digit() {
            if gap > 0 || groups.is_empty() {
                groups.push(0);
            }
            *groups.last_mut().expect("pushed") += 1;
            gap = 0;
        } else if matches!(c, ' ' | '.' | '-' | '/' | '(' | ')' | '+')
            && gap < 3
            && !groups.is_empty()
        {
            gap += 1;
        } else {
            if check(&mut groups) {
                return true;
            }
            gap = 0;
        }
    }
    check(&mut groups)
}

/// "name@example.com", or spelled out: "name at gmail dot com", "name [at] mail [dot] org".
fn has_email(text: &str) -> bool {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || matches!(c, '[' | ']' | '(' | ')' | '{' | '}' | ','))
        .filter(|w| !w.is_empty())
        .collect();
    let written = words.iter().any(|w| {
        w.split_once('@').is_some_and(|(user, domain)| {
            !user.is_empty()
                && domain
                    .split_once('.')
                    .is_some_and(|(host, tld)| !host.is_empty() && tld.len() >= 2)
        })
    });
    let spelled = words.windows(5).any(|w| {
        w[1] == "at" && w[3] == "dot" && MAIL_TLDS.contains(&w[4].trim_end_matches(['.', '!', '?']))
    });
    let provider = words
        .windows(2)
        .any(|w| w[0] == "at" && MAIL_HOSTS.contains(&w[1].trim_end_matches(['.', '!', '?', ','])));
    written || spelled || provider
}

const MAIL_TLDS: &[&str] = &["com", "net", "org", "edu", "us", "io", "co", "me"];
const MAIL_HOSTS: &[&str] = &[
    "gmail",
    "yahoo",
    "hotmail",
    "outlook",
    "icloud",
    "aol",
    "proton",
    "protonmail",
    "gmail.com",
    "yahoo.com",
    "hotmail.com",
    "outlook.com",
    "icloud.com",
];

/// "@name" (three or more characters, not an e-mail address), "ig: name", "snap - name",
/// "discord name#1234".
fn has_handle(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    let at_name = words.iter().any(|w| {
        w.strip_prefix('@').is_some_and(|name| {
            name.chars()
                .filter(|c| c.is_alphanumeric() || *c == '_' || *c == '.')
                .count()
                >= 3
        })
    });
    let labelled = words.windows(2).any(|w| {
        let label = w[0].trim_end_matches([':', '-', '=']);
        let marked = w[0].len() > label.len() || matches!(w[1], ":" | "-" | "=");
        HANDLE_LABELS.contains(&label) && marked
    }) || words.iter().any(|w| {
        w.split_once(':').is_some_and(|(label, name)| {
            HANDLE_LABELS.contains(&label)
                && name.chars().filter(|c| c.is_alphanumeric()).count() >= 3
        })
    });
    let discord_tag = words.iter().any(|w| {
        w.split_once('#').is_some_and(|(name, tag)| {
            name.chars().filter(|c| c.is_alphanumeric()).count() >= 2
                && tag.len() == 4
                && tag.bytes().all(|b| b.is_ascii_digit())
        })
    });
    at_name || labelled || discord_tag
}

const HANDLE_LABELS: &[&str] = &[
    "ig",
    "insta",
    "instagram",
    "snap",
    "sc",
    "snapchat",
    "tiktok",
    "tt",
    "discord",
    "dc",
    "telegram",
    "tg",
    "whatsapp",
    "wa",
    "kik",
    "twitter",
    "x",
    "fb",
    "facebook",
    "signal",
];

/// Links to messaging apps and social profiles.
fn has_app_link(text: &str) -> bool {
    const LINKS: &[&str] = &[
        "wa.me/",
        "t.me/",
        "telegram.me/",
        "discord.gg/",
        "discord.com/invite",
        "discordapp.com/invite",
        "m.me/",
        "kik.me/",
        "signal.me/",
        "line.me/",
        "snapchat.com/add",
        "instagram.com/",
        "tiktok.com/@",
        "facebook.com/",
        "chat.whatsapp.com",
    ];
    LINKS.iter().any(|l| text.contains(l))
}

/// Invitations to talk or meet elsewhere. (The apps by name are the district's word list's:
/// a comment naming Snapchat is the district's call.)
fn invitations() -> &'static PhraseList {
    static LIST: OnceLock<PhraseList> = OnceLock::new();
    LIST.get_or_init(|| {
        PhraseList::new([
            ("invitation off InternReel", "dm|text|call|message|email me"),
            ("invitation off InternReel", "add|follow me"),
            ("invitation off InternReel", "hit me up"),
            // ("at", "my" and "in" are filler words, never matched: see phrases.rs.)
            ("invitation off InternReel", "meet me|up|you"),
            (
                "invitation off InternReel",
                "meet after|outside|alone|privately|mall|park",
            ),
            ("invitation off InternReel", "hang out"),
        ])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_probes_contact_details_are_found() {
        for text in [
            "call 555 867 5309",
            "(555) 867-5309",
            "text me at 5.5.5.8.6.7.5.3.0.9",
            "mail me at kid@example.com",
            "jane dot doe at gmail dot com",
            "my discord name#1234",
            "ig: @cool_handle",
            "ig: coolhandle",
            "wa.me/15558675309",
            "join t.me/ourgroup",
            "let's meet at the mall after school",
            "add me on snap chat",
        ] {
            assert!(!find(text).is_empty(), "{text}");
        }
    }

    #[test]
    fn ordinary_comments_pass() {
        for text in [
            "This looks like a great internship!",
            "What hours would I work in summer 2026?",
            "Is the $1,500 stipend paid monthly?",
            "Applications close 2026-12-01, right?",
            "I met the team at the career fair, they were kind.",
            "Do interns get to work on real projects?",
        ] {
            assert!(find(text).is_empty(), "{text}: {:?}", find(text));
        }
    }
}
