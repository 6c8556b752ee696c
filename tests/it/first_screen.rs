//! A navigation gets `index.html` with its first screen's answers written in (src/http/
//! first_screen.rs): the same bytes the API answers at that moment, for that browser.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

/// The page at `path` and its boot answers (None when the page has none).
async fn navigate(app: &TestApp, c: &reqwest::Client, path: &str) -> (String, Option<Value>) {
    let res = app.get(c, path).await;
    assert_eq!(res.status(), StatusCode::OK, "{path}");
    assert!(
        res.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    let html = res.text().await.unwrap();
    let boot = html
        .split_once(r#"<script id="internreel-boot" type="application/json">"#)
        .map(|(_, rest)| {
            let json = rest.split_once("</script>").unwrap().0;
            serde_json::from_str::<Value>(json).expect("the boot element is JSON")
        });
    (html, boot)
}

/// A client signed in as the demo student.
async fn demo_student(app: &TestApp) -> reqwest::Client {
    let student = app.client();
    let res = app
        .post(
            &student,
            "/api/student-login",
            json!({"email": "ava@student.example", "password": "student123"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    student
}

fn answer<'a>(boot: &'a Value, url: &str) -> &'a Value {
    &boot["answers"][url]["body"]
}

#[tokio::test]
async fn each_first_screen_comes_with_its_answers_and_they_are_never_stale() {
    let app = spawn_demo().await;
    let visitor = app.client();

    // A visitor's landing: who is signed in (nobody), the samples, their poster preloaded.
    let (html, boot) = navigate(&app, &visitor, "/").await;
    let boot = boot.expect("a boot element on /");
    assert_eq!(answer(&boot, "/api/session")["user"], Value::Null);
    let samples = answer(&boot, "/api/landing-samples");
    let direct: Value = app
        .get(&visitor, "/api/landing-samples")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(samples, &direct);
    if let Some(poster) = samples[0]["posterUrl"].as_str() {
        assert!(html.contains(&format!(
            r#"<link rel="preload" as="image" href="{poster}">"#
        )));
    }
    assert!(boot["answers"].get("/api/internships").is_none());

    // The external jobs page: its first companies list.
    let (_, boot) = navigate(&app, &visitor, "/external-jobs").await;
    assert!(answer(&boot.unwrap(), "/api/external-jobs/companies?beginner=true").is_array());

    // `/index.html` itself (what the service worker stores) is the build's file: no answers.
    let (_, boot) = navigate(&app, &visitor, "/index.html").await;
    assert!(boot.is_none());
    // A missing script is a 404, not the page.
    assert_eq!(
        app.get(&visitor, "/assets/missing.js").await.status(),
        StatusCode::NOT_FOUND
    );

    // A student's `/` is her feed: the same list GET /api/internships answers her, with the
    // next page's Link, and never stored by the browser.
    let student = demo_student(&app).await;
    let res = app.get(&student, "/").await;
    assert_eq!(res.headers()["cache-control"], "private, no-store");
    let (html, boot) = navigate(&app, &student, "/").await;
    let boot = boot.unwrap();
    assert_eq!(
        answer(&boot, "/api/session")["user"]["email"],
        "ava@student.example"
    );
    let feed = app.get(&student, "/api/internships").await;
    let link = feed
        .headers()
        .get("link")
        .map(|v| v.to_str().unwrap().to_string());
    let feed: Value = feed.json().await.unwrap();
    assert_eq!(answer(&boot, "/api/internships"), &feed);
    assert_eq!(
        boot["answers"]["/api/internships"]["link"].as_str(),
        link.as_deref()
    );
    // The feed cards' district badge.
    let district: Value = app
        .get(&student, "/api/district")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(answer(&boot, "/api/district"), &district);
    let first = &feed[0];
    if let Some(poster) = first["posterUrl"].as_str() {
        assert!(html.contains(&format!(r#"href="{poster}""#)));
    }

    // Her like shows in the very next page she opens.
    let id = first["id"].as_u64().unwrap();
    let was = first["isLiked"].as_bool().unwrap();
    let res = app
        .post(&student, &format!("/api/internships/{id}/like"), json!({}))
        .await;
    assert!(res.status().is_success());
    for path in ["/", "/job-feed"] {
        let (_, boot) = navigate(&app, &student, path).await;
        let boot = boot.unwrap();
        let list = answer(&boot, "/api/internships").as_array().unwrap();
        let mine = list.iter().find(|i| i["id"] == id).unwrap();
        assert_eq!(mine["isLiked"], !was, "{path}");
    }
    // A search page asks for its own list: no first page is written in for it.
    let (_, boot) = navigate(&app, &student, "/browse-internships?q=robot").await;
    assert!(boot.unwrap()["answers"].get("/api/internships").is_none());
    let (html, boot) = navigate(&app, &student, "/browse-internships").await;
    assert!(answer(&boot.unwrap(), "/api/internships").is_array());
    // Browse's stills are small and lazy: no poster takes the script's bandwidth.
    assert!(!html.contains(r#"rel="preload" as="image""#));

    // Signed out: the next page knows it at once.
    let res = app.post(&student, "/api/logout", json!({})).await;
    assert!(res.status().is_success());
    let (_, boot) = navigate(&app, &student, "/").await;
    let boot = boot.unwrap();
    assert_eq!(answer(&boot, "/api/session")["user"], Value::Null);
    assert!(boot["answers"].get("/api/internships").is_none());
}

#[tokio::test]
async fn a_posting_s_text_cannot_break_out_of_the_boot_element() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("script@acme.example").await;
    let title = "</script><script>alert(1)</script> Helper";
    let posting = app.post_internship(&employer, title).await;
    let (student, _) = app.signup_student("boot@school.example").await;
    let (html, boot) = navigate(&app, &student, "/job-feed").await;
    assert_eq!(html.matches("<script>alert(1)").count(), 0);
    let list = answer(boot.as_ref().unwrap(), "/api/internships");
    let shown = list
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["id"] == posting["id"]);
    assert_eq!(shown.map(|i| i["title"].as_str().unwrap()), Some(title));
}

/// The entry script a page names: `screen-feed`, `screen-landing`, ... or `index`.
fn entry_of(html: &str) -> &str {
    let tag = html
        .split("<script type=\"module\"")
        .nth(1)
        .expect("a module script");
    let src = tag.split_once("src=\"/assets/").unwrap().1;
    let name = src.split_once('"').unwrap().0;
    // name-<8 characters of hash>.js (the hash may hold a '-' itself)
    &name[..name.len() - "-12345678.js".len()]
}

#[tokio::test]
async fn each_first_screen_gets_the_page_whose_script_brings_it() {
    let app = spawn_demo().await;
    let visitor = app.client();
    for (path, entry) in [
        ("/", "screen-landing"),
        ("/job-feed", "screen-feed"),
        ("/browse-internships", "screen-browse"),
        ("/browse-internships?q=robot", "screen-browse"),
        ("/external-jobs", "screen-external-jobs"),
        ("/login", "index"),
        ("/company/1", "index"),
    ] {
        let (html, boot) = navigate(&app, &visitor, path).await;
        assert_eq!(entry_of(&html), entry, "{path}");
        // No page waits for its script to paint: a screen's page brings its frame, drawn
        // at build time, which the app replaces (first_paint.rs); the generic page has none.
        assert!(!html.contains("blocking=\"render\""), "{path}");
        assert_eq!(
            html.contains("<div id=\"root\"><div inert data-first-paint>"),
            entry != "index",
            "{path}"
        );
        // Every script it names is served, and the boot answers are there as on any route.
        for src in html.split("/assets/").skip(1) {
            let file = src.split_once('"').unwrap().0;
            let res = app.get(&visitor, &format!("/assets/{file}")).await;
            assert_eq!(res.status(), StatusCode::OK, "{path}: /assets/{file}");
        }
        assert!(boot.is_some(), "{path}");
    }
    // A signed-in student's `/` is her feed, so it gets the feed's page.
    let student = demo_student(&app).await;
    let (html, _) = navigate(&app, &student, "/").await;
    assert_eq!(entry_of(&html), "screen-feed");
}

/// The frame a page paints before its script: what lies inside `data-first-paint`.
fn first_paint(html: &str) -> &str {
    let frame = html
        .split_once("<div inert data-first-paint>")
        .expect("a frame")
        .1;
    frame.split_once("<script").map_or(frame, |(f, _)| f)
}

#[tokio::test]
async fn a_first_screen_paints_in_the_language_the_app_will_start_in() {
    let app = spawn_demo().await;
    let page = |headers: &[(&str, &str)], path: &str| {
        let mut req = app.client().get(app.url(path));
        for (name, value) in headers {
            req = req.header(*name, *value);
        }
        async move { req.send().await.unwrap().text().await.unwrap() }
    };
    let english = "Your first internship,";
    let spanish = "Tu primera práctica,";

    // The browser's language, the device's choice over it, and `?lang=` over both.
    let html = page(&[], "/").await;
    assert!(
        html.starts_with("<!doctype html>\n<html lang=\"en\">"),
        "{html}"
    );
    assert!(first_paint(&html).contains(english));
    let html = page(&[("accept-language", "es-MX,es;q=0.9")], "/").await;
    assert!(html.contains("<html lang=\"es\">"));
    assert!(first_paint(&html).contains(spanish), "{html}");
    // The page's title and description, which a search result or a shared link shows, too.
    assert!(
        html.contains("<title>InternReel — prácticas para adolescentes, en videos cortos</title>"),
        "{html}"
    );
    assert!(html.contains("<meta name=\"description\" content=\"InternReel: prácticas para estudiantes de preparatoria, en videos verticales cortos.\""));
    let html = page(
        &[
            ("accept-language", "es-MX"),
            ("cookie", "internreel_lang=en"),
        ],
        "/",
    )
    .await;
    assert!(first_paint(&html).contains(english));
    let html = page(&[("cookie", "internreel_lang=en")], "/?lang=es").await;
    assert!(first_paint(&html).contains(spanish));
    // The answers the page carries are in its language too: the landing's samples.
    assert!(html.contains("ctica de marketing"), "{html}");
    let html = page(&[("accept-language", "en-US")], "/").await;
    assert!(html.contains("Marketing Intern") && !html.contains("ctica de marketing"));
    // Every other route's page has its title, description and language too (index.es.html).
    let html = page(&[("accept-language", "es-MX")], "/login").await;
    assert!(html.contains("<html lang=\"es\">"), "{html}");
    assert!(html.contains("<meta name=\"description\" content=\"InternReel: prácticas para estudiantes de preparatoria, en videos verticales cortos.\""), "{html}");
    assert!(
        html.contains("<title>InternReel — prácticas para adolescentes, en videos cortos</title>")
    );
    let html = page(&[("accept-language", "en-US")], "/login").await;
    assert!(html.starts_with("<!doctype html>\n<html lang=\"en\">"));
    assert!(html.contains("shown as short vertical videos."));
    // Browse and external jobs too, with their headings.
    let html = page(&[("accept-language", "es")], "/browse-internships").await;
    assert!(first_paint(&html).contains("<h1"), "{html}");
    assert!(!first_paint(&html).contains("Browse Internships"));

    // A signed-in student's stored language wins over the browser's.
    let student = demo_student(&app).await;
    let res = app
        .put(&student, "/api/language", json!({"language": "es"}))
        .await;
    assert!(res.status().is_success());
    let html = student
        .get(app.url("/job-feed"))
        .header("accept-language", "en-US")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(html.contains("<html lang=\"es\">"));
}

#[tokio::test]
async fn the_feed_paints_its_first_card_before_the_script() {
    let app = spawn_demo().await;
    let student = demo_student(&app).await;
    let (html, boot) = navigate(&app, &student, "/job-feed").await;
    let first = &answer(boot.as_ref().unwrap(), "/api/internships")[0];
    let frame = first_paint(&html);
    let poster = first["posterUrl"].as_str().unwrap();
    assert!(frame.contains(&format!("<img src=\"{poster}\"")), "{frame}");
    let title = first["title"]
        .as_str()
        .unwrap()
        .replace('&', "&amp;")
        .replace('\'', "&#39;");
    assert!(frame.contains(&format!(">{title}</h2>")), "{frame}");
    // No placeholder of the template is left, nor the template's marks.
    assert!(!frame.contains("%FIRST_CARD_"), "{frame}");
    assert!(frame.contains("<!--first-card-->"));

    // A visitor's feed page leaves no placeholder either.
    let (html, _) = navigate(&app, &app.client(), "/job-feed").await;
    assert!(!html.contains("%FIRST_CARD_"));
}
