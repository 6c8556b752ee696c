//! The first screen, ready to paint: a navigation to a client route gets `index.html` with the
//! answers its first screen would ask for (the session, the feed's first page, the landing's
//! samples, the external companies) written into it, and a preload of the first poster, so a
//! phone paints without waiting for the script to ask. The answers come from the API router
//! itself, with the browser's cookies: the same handlers, caches and rules as a later GET, so
//! there is one source of truth and nothing here can be staler than that GET would be.

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use tower::ServiceExt;

use super::encoding;

/// The element the UI reads (ui/src/lib/boot.ts).
const BOOT_ID: &str = "internreel-boot";
/// An answer larger than this is left for the UI to ask (a page is a few tens of KB).
const MAX_ANSWER: usize = 256 * 1024;

/// Serves client routes with their first screen's answers; static files as `assets` does.
#[derive(Clone)]
pub struct FirstScreen {
    api: Router,
}

/// One prefetched GET, as the UI would have received it.
struct Answer {
    url: &'static str,
    body: Bytes,
    link: Option<String>,
}

impl FirstScreen {
    /// `api`: the API's routes with their state, without the edge layers (the outer request
    /// already passed them: its language scope, headers and limits hold for these calls).
    pub fn new(api: Router) -> Self {
        FirstScreen { api }
    }

    pub async fn serve(self, req: Request) -> Response {
        let peer = req
            .extensions()
            .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
            .copied();
        let (parts, _) = req.into_parts();
        let (uri, headers, method) = (parts.uri, parts.headers, parts.method);
        let path = uri.path().trim_start_matches('/');
        if let Some(res) = crate::assets::static_file(path, &headers) {
            return res;
        }
        if method != Method::GET {
            return match crate::assets::index_html() {
                Some(html) => html_response(html, &headers, false),
                None => crate::assets::not_built(),
            };
        }
        let mut answers = Vec::new();
        let mut cookies = Vec::new();
        let session = self.get(&headers, peer, "/api/session", &mut cookies).await;
        let who = session
            .as_ref()
            .map(|s| Who::of(&s.body))
            .unwrap_or_default();
        answers.extend(session);
        // The district's name and verification badge are on every feed card.
        let feed: &[&'static str] = &["/api/internships", "/api/district"];
        // What each route's first screen asks for, and whether its first poster is preloaded:
        // the poster is the feed's and the landing's backdrop; browse draws small, lazy stills
        // below its filters, where a preload would only take bandwidth from the scripts.
        // And the page: a first screen with an entry of its own gets its page, whose script
        // brings the screen and renders it as it runs (ui/src/screens/), else index.html.
        let (more, preload, screen): (&[&'static str], bool, Option<&str>) =
            match (uri.path(), uri.query()) {
                ("/", _) if who.reads_the_feed => (feed, true, Some("feed")),
                ("/", _) => (&["/api/landing-samples"], true, Some("landing")),
                ("/job-feed", _) => (feed, true, Some("feed")),
                ("/browse-internships", None) => (feed, false, Some("browse")),
                ("/browse-internships", _) => (&[], false, Some("browse")),
                ("/external-jobs", _) => (
                    &["/api/external-jobs/companies?beginner=true"],
                    false,
                    Some("external-jobs"),
                ),
                _ => (&[], false, None),
            };
        // The screen's page in the language the UI will start in: its frame paints in it
        // before the script has run (first_paint.rs).
        let lang = super::first_paint::language(uri.query(), &headers, who.language);
        let html = screen.and_then(|name| match lang {
            crate::i18n::Lang::En => crate::assets::screen_html(name),
            other => crate::assets::screen_html(&format!("{name}.{}", other.code()))
                .or_else(|| crate::assets::screen_html(name)),
        });
        let Some(html) = html.or_else(|| crate::assets::index_html_in(lang)) else {
            return crate::assets::not_built();
        };
        // The answers the page carries are worded in the page's language (a `?lang=` of the
        // address included), as the app will ask for them once it has remembered that choice.
        let in_page_language = in_language(&headers, lang);
        for url in more {
            answers.extend(self.get(&in_page_language, peer, url, &mut cookies).await);
        }
        let poster = preload
            .then(|| answers.iter().skip(1).find_map(|a| first_poster(&a.body)))
            .flatten();
        let head = boot_element(&answers, poster.as_deref());
        let page = if screen == Some("feed") {
            let card = answers
                .iter()
                .find(|a| a.url == "/api/internships")
                .and_then(|a| super::first_paint::Card::first_of(&a.body));
            inject(
                &super::first_paint::with_first_card(&html, card.as_ref()),
                &head,
            )
        } else {
            inject(&html, &head)
        };
        let mut res = html_response(page, &headers, who.signed_in);
        for c in cookies {
            res.headers_mut().append(header::SET_COOKIE, c);
        }
        res
    }

    /// GET `url` through the API with the navigation's cookies and language; None unless 200.
    async fn get(
        &self,
        outer: &HeaderMap,
        peer: Option<axum::extract::ConnectInfo<std::net::SocketAddr>>,
        url: &'static str,
        cookies: &mut Vec<HeaderValue>,
    ) -> Option<Answer> {
        let mut req = Request::builder().method(Method::GET).uri(url);
        for name in [header::COOKIE, header::ACCEPT_LANGUAGE, header::USER_AGENT] {
            for v in outer.get_all(&name) {
                req = req.header(&name, v);
            }
        }
        let mut req = req.body(Body::empty()).ok()?;
        if let Some(ci) = peer {
            req.extensions_mut().insert(ci);
        }
        let res = self.api.clone().oneshot(req).await.ok()?;
        cookies.extend(res.headers().get_all(header::SET_COOKIE).iter().cloned());
        if res.status() != StatusCode::OK
            || res.headers().contains_key(header::CONTENT_ENCODING)
            || !res
                .headers()
                .get(header::CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .is_some_and(|t| t.starts_with("application/json"))
        {
            return None;
        }
        let link = res
            .headers()
            .get(header::LINK)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        let body = axum::body::to_bytes(res.into_body(), MAX_ANSWER)
            .await
            .ok()?;
        Some(Answer { url, body, link })
    }
}

/// What the session's answer says about the page: whether someone is signed in (the page is
/// then personal), and whether `/` is their feed (anyone with a user, guests included;
/// ui/src/app/routes/home.tsx).
#[derive(Default)]
struct Who {
    signed_in: bool,
    reads_the_feed: bool,
    /// The signed-in person's stored language, when they chose one.
    language: Option<crate::i18n::Lang>,
}

impl Who {
    fn of(session: &[u8]) -> Who {
        #[derive(serde::Deserialize)]
        struct Session {
            user: Option<serde::de::IgnoredAny>,
            #[serde(default)]
            admin: bool,
            #[serde(default)]
            language: Option<String>,
        }
        match serde_json::from_slice::<Session>(session) {
            Ok(s) => Who {
                signed_in: s.user.is_some() || s.admin,
                reads_the_feed: s.user.is_some(),
                language: s.language.as_deref().and_then(crate::i18n::Lang::parse),
            },
            // Unknown: treated as personal.
            Err(_) => Who {
                signed_in: true,
                reads_the_feed: false,
                language: None,
            },
        }
    }
}

/// The poster of a list's first item (a posting or a landing sample), when it is one of ours.
fn first_poster(list: &[u8]) -> Option<String> {
    #[derive(serde::Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Item {
        poster_url: Option<String>,
    }
    let items: Vec<Item> = serde_json::from_slice(list).ok()?;
    super::first_paint::own_poster(items.into_iter().next()?.poster_url?)
}

/// `<script id=… type=application/json>{"answers":{URL:{"status","body","link"}}}</script>`
/// and the poster's preload. The answers are embedded as the API wrote them; every `<` is
/// escaped (`\u003c` is the same character to JSON), so no text closes the element early.
fn boot_element(answers: &[Answer], poster: Option<&str>) -> Vec<u8> {
    let mut json = Vec::with_capacity(answers.iter().map(|a| a.body.len() + 128).sum());
    json.extend_from_slice(br#"{"answers":{"#);
    for (n, a) in answers.iter().enumerate() {
        if n > 0 {
            json.push(b',');
        }
        json.extend_from_slice(&serde_json::to_vec(a.url).unwrap_or_default());
        json.extend_from_slice(br#":{"status":200,"body":"#);
        json.extend_from_slice(&a.body);
        json.extend_from_slice(br#","link":"#);
        json.extend_from_slice(&serde_json::to_vec(&a.link).unwrap_or_default());
        json.push(b'}');
    }
    json.extend_from_slice(b"}}");
    let mut out = Vec::with_capacity(json.len() + 256);
    if let Some(p) = poster {
        // At the browser's priority for an image, below the scripts': the largest paint is
        // text (Lighthouse names the card's title or description, the landing's intro), which
        // the page's frame paints before any script has run (first_paint.rs).
        out.extend_from_slice(b"<link rel=\"preload\" as=\"image\" href=\"");
        out.extend_from_slice(p.as_bytes());
        out.extend_from_slice(b"\">");
    }
    out.extend_from_slice(b"<script id=\"");
    out.extend_from_slice(BOOT_ID.as_bytes());
    out.extend_from_slice(b"\" type=\"application/json\">");
    for &b in &json {
        if b == b'<' {
            out.extend_from_slice(br"\u003c");
        } else {
            out.push(b);
        }
    }
    out.extend_from_slice(b"</script>");
    out
}

/// `html` with `head` inserted before `</head>` (at the end when there is none).
fn inject(html: &[u8], head: &[u8]) -> Bytes {
    let at = html
        .windows(7)
        .position(|w| w.eq_ignore_ascii_case(b"</head>"))
        .unwrap_or(html.len());
    let mut out = Vec::with_capacity(html.len() + head.len());
    out.extend_from_slice(&html[..at]);
    out.extend_from_slice(head);
    out.extend_from_slice(&html[at..]);
    Bytes::from(out)
}

/// The page, compressed for the client when it takes it. A page with a signed-in person's
/// answers is never stored (a shared school computer's back button or a proxy).
fn html_response(page: Bytes, headers: &HeaderMap, personal: bool) -> Response {
    let cache = if personal {
        "private, no-store"
    } else {
        "no-cache"
    };
    let res = (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/html; charset=utf-8"),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static(cache)),
        ],
        page.clone(),
    )
        .into_response();
    let mut res = match encoding::preferred(headers) {
        Some(c) if page.len() >= encoding::MIN_BYTES => {
            encoding::encoded(res, c, encoding::compress(c, &page))
        }
        _ => res,
    };
    res.headers_mut().insert(
        header::VARY,
        HeaderValue::from_static("accept-encoding, cookie, accept-language"),
    );
    res
}

/// `headers` as a request from a device that chose `lang`: the API answers in the language of
/// an account's stored choice, else of `Accept-Language` (http/language.rs).
fn in_language(headers: &HeaderMap, lang: crate::i18n::Lang) -> HeaderMap {
    let mut out = headers.clone();
    out.insert(
        header::ACCEPT_LANGUAGE,
        HeaderValue::from_static(lang.code()),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_boot_element_cannot_be_closed_by_an_answer() {
        let answers = [Answer {
            url: "/api/internships",
            body: Bytes::from_static(br#"[{"title":"</script><script>alert(1)</script>","posterUrl":"/api/posters/a.jpg"}]"#),
            link: Some("</api/internships?cursor=5>; rel=\"next\"".into()),
        }];
        let head = boot_element(&answers, first_poster(&answers[0].body).as_deref());
        let text = String::from_utf8(head).unwrap();
        assert_eq!(text.matches("</script>").count(), 1);
        assert!(text.starts_with(r#"<link rel="preload" as="image" href="/api/posters/a.jpg">"#));
        let json = text
            .split_once("application/json\">")
            .unwrap()
            .1
            .strip_suffix("</script>")
            .unwrap();
        let v: serde_json::Value = serde_json::from_str(json).unwrap();
        assert_eq!(
            v["answers"]["/api/internships"]["body"][0]["title"],
            "</script><script>alert(1)</script>"
        );
        assert_eq!(
            v["answers"]["/api/internships"]["link"],
            "</api/internships?cursor=5>; rel=\"next\""
        );
    }

    #[test]
    fn only_our_own_posters_are_preloaded() {
        assert_eq!(
            first_poster(br#"[{"posterUrl":"https://x.example/a.jpg"}]"#),
            None
        );
        assert_eq!(first_poster(br#"[{"posterUrl":null}]"#), None);
        assert_eq!(first_poster(b"[]"), None);
        assert_eq!(
            first_poster(br#"[{"posterUrl":"/api/posters/1.jpg"},{}]"#).as_deref(),
            Some("/api/posters/1.jpg")
        );
    }

    #[test]
    fn the_head_goes_before_its_end() {
        let page = inject(
            b"<html><head><title>x</title></head><body></body></html>",
            b"<X>",
        );
        assert_eq!(
            &page[..],
            b"<html><head><title>x</title><X></head><body></body></html>"
        );
    }
}
