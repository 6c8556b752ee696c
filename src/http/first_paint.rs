//! What a first screen's page paints before its script has run (ui/README.md, "First paint").
//! The UI's build writes each first screen's frame into its page, one page per language
//! (ui/scripts/prerender.mjs): the server sends the page in the language the UI will start in,
//! and writes the feed's first card (its still, company and title) where the feed's frame
//! holds the card's template. The app's first render replaces the frame.

use axum::http::{HeaderMap, header};

use crate::i18n::Lang;

/// The card's template in the feed's frame, between these marks (ui/src/screens/frames.tsx).
const CARD_START: &[u8] = b"<!--first-card-->";
const CARD_END: &[u8] = b"<!--/first-card-->";
const COMPANY: &[u8] = b"%FIRST_CARD_COMPANY%";
const TITLE: &[u8] = b"%FIRST_CARD_TITLE%";
const POSTER: &[u8] = b"%FIRST_CARD_POSTER%";

/// The cookie the UI writes when a device chooses its language (ui/src/lib/i18n/language.ts).
const LANGUAGE_COOKIE: &str = "internreel_lang";

/// The language the UI will start in, as far as the page's request tells, in the UI's order:
/// `?lang=`, the signed-in account's stored language, the device's last choice, then the
/// browser's `Accept-Language`.
pub(super) fn language(query: Option<&str>, headers: &HeaderMap, stored: Option<Lang>) -> Lang {
    let in_address = query
        .into_iter()
        .flat_map(|q| q.split('&'))
        .find_map(|pair| pair.strip_prefix("lang="))
        .and_then(Lang::parse);
    let device = || super::cookies::named(headers, LANGUAGE_COOKIE).and_then(|v| Lang::parse(&v));
    let browser = || {
        headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .map(Lang::from_accept_language)
            .unwrap_or_default()
    };
    in_address
        .or(stored)
        .or_else(device)
        .unwrap_or_else(browser)
}

/// The first posting of a list's answer, as the feed's first paint shows it.
pub(super) struct Card {
    poster: String,
    company: String,
    title: String,
}

impl Card {
    /// The first item of a list of postings, when it has a still of ours to show.
    pub(super) fn first_of(list: &[u8]) -> Option<Card> {
        #[derive(serde::Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct Item {
            poster_url: Option<String>,
            #[serde(default)]
            company: String,
            #[serde(default)]
            title: String,
        }
        let item = serde_json::from_slice::<Vec<Item>>(list)
            .ok()?
            .into_iter()
            .next()?;
        let poster = own_poster(item.poster_url?)?;
        Some(Card {
            poster,
            company: item.company,
            title: item.title,
        })
    }
}

/// `page` with the feed's card template filled from `card`, or taken out without one (the
/// frame then shows the feed's dark background until the app renders). A page without the
/// template is returned as it is.
pub(super) fn with_first_card(page: &[u8], card: Option<&Card>) -> Vec<u8> {
    let Some(start) = find(page, CARD_START) else {
        return page.to_vec();
    };
    let Some(end) = find(&page[start..], CARD_END).map(|e| start + e + CARD_END.len()) else {
        return page.to_vec();
    };
    let mut out = Vec::with_capacity(page.len() + 256);
    out.extend_from_slice(&page[..start]);
    if let Some(card) = card {
        let mut template = &page[start..end];
        while let Some(at) = template.iter().position(|&b| b == b'%') {
            out.extend_from_slice(&template[..at]);
            let rest = &template[at..];
            let (value, len) = if rest.starts_with(COMPANY) {
                (card.company.as_str(), COMPANY.len())
            } else if rest.starts_with(TITLE) {
                (card.title.as_str(), TITLE.len())
            } else if rest.starts_with(POSTER) {
                (card.poster.as_str(), POSTER.len())
            } else {
                out.push(b'%');
                template = &rest[1..];
                continue;
            };
            escape_into(&mut out, value);
            template = &rest[len..];
        }
        out.extend_from_slice(template);
    }
    out.extend_from_slice(&page[end..]);
    out
}

/// `url` when it is a still this server serves, written into the page as it is.
pub(super) fn own_poster(url: String) -> Option<String> {
    url.starts_with("/api/")
        .then_some(url)
        .filter(|u| !u.contains(['"', '<', '>', '&']))
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Text escaped for HTML, in an element or a quoted attribute.
fn escape_into(out: &mut Vec<u8>, text: &str) {
    for b in text.bytes() {
        match b {
            b'&' => out.extend_from_slice(b"&amp;"),
            b'<' => out.extend_from_slice(b"&lt;"),
            b'>' => out.extend_from_slice(b"&gt;"),
            b'"' => out.extend_from_slice(b"&quot;"),
            b'\'' => out.extend_from_slice(b"&#39;"),
            _ => out.push(b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &[u8] = b"<main><!--first-card--><img src=\"%FIRST_CARD_POSTER%\"><p>%FIRST_CARD_COMPANY%</p><h2>%FIRST_CARD_TITLE%</h2><!--/first-card--></main>";

    #[test]
    fn the_first_card_is_written_escaped() {
        let card = Card {
            poster: "/api/posters/a.jpg".into(),
            company: "Tom & Jerry's".into(),
            title: "</h2><script>alert(1)</script> 100% fun".into(),
        };
        let page = String::from_utf8(with_first_card(PAGE, Some(&card))).unwrap();
        assert_eq!(
            page,
            "<main><!--first-card--><img src=\"/api/posters/a.jpg\"><p>Tom &amp; Jerry&#39;s</p><h2>&lt;/h2&gt;&lt;script&gt;alert(1)&lt;/script&gt; 100% fun</h2><!--/first-card--></main>"
        );
    }

    #[test]
    fn without_a_card_the_template_is_taken_out() {
        assert_eq!(with_first_card(PAGE, None), b"<main></main>");
        assert_eq!(with_first_card(b"<main></main>", None), b"<main></main>");
    }

    #[test]
    fn only_a_poster_of_ours_makes_a_card() {
        let ours = br#"[{"posterUrl":"/api/posters/a.jpg","company":"Acme","title":"Intern"}]"#;
        assert!(Card::first_of(ours).is_some());
        let theirs =
            br#"[{"posterUrl":"https://evil.example/a.jpg","company":"Acme","title":"Intern"}]"#;
        assert!(Card::first_of(theirs).is_none());
        assert!(Card::first_of(br#"[{"posterUrl":null,"title":"x"}]"#).is_none());
        assert!(Card::first_of(b"[]").is_none());
    }

    #[test]
    fn the_page_language_follows_the_uis_order() {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_LANGUAGE, "es-MX,es;q=0.9".parse().unwrap());
        assert_eq!(language(None, &headers, None), Lang::Es);
        headers.insert(header::COOKIE, "internreel_lang=en".parse().unwrap());
        assert_eq!(language(None, &headers, None), Lang::En);
        assert_eq!(language(None, &headers, Some(Lang::Es)), Lang::Es);
        assert_eq!(
            language(Some("q=x&lang=en"), &headers, Some(Lang::Es)),
            Lang::En
        );
        assert_eq!(language(Some("lang=pt"), &HeaderMap::new(), None), Lang::En);
    }
}
