//! Paged lists: `limit`, `cursor` and the `Link: <...>; rel="next"` header.

use std::collections::HashSet;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

fn next_link(res: &reqwest::Response) -> Option<String> {
    let link = res.headers().get("link")?.to_str().ok()?;
    let url = link.strip_prefix('<')?.split('>').next()?;
    assert!(link.ends_with("rel=\"next\""), "{link}");
    Some(url.to_string())
}

/// Follows the Link headers from `first`, calling `between` after each page; returns ids.
async fn walk<F, Fut>(app: &TestApp, c: &reqwest::Client, first: &str, mut between: F) -> Vec<u64>
where
    F: FnMut(usize) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let mut ids = Vec::new();
    let mut url = Some(first.to_string());
    let mut n = 0;
    while let Some(u) = url {
        let res = app.get(c, &u).await;
        assert_eq!(res.status(), StatusCode::OK, "{u}");
        url = next_link(&res);
        let page: Vec<Value> = res.json().await.unwrap();
        assert!(page.len() <= 7, "limit respected");
        ids.extend(page.iter().map(|v| v["id"].as_u64().unwrap()));
        between(n).await;
        n += 1;
        assert!(n < 100, "the walk ends");
    }
    ids
}

fn assert_once(ids: &[u64], expected: &HashSet<u64>) {
    let set: HashSet<u64> = ids.iter().copied().collect();
    assert_eq!(set.len(), ids.len(), "no item twice: {ids:?}");
    assert!(
        expected.is_subset(&set),
        "every item that existed at the start is there"
    );
}

#[tokio::test]
async fn the_feed_pages_every_posting_exactly_once_while_postings_are_added() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("pages@acme.example").await;
    let mut before = HashSet::new();
    for n in 0..20 {
        before.insert(
            app.post_internship(&employer, &format!("Posting {n}"))
                .await["id"]
                .as_u64()
                .unwrap(),
        );
    }
    let (student, _) = app.signup_student("pager@school.example").await;
    for (who, c) in [("visitor", app.client()), ("student", student)] {
        let ids = walk(&app, &c, "/api/internships?limit=7", |_| {
            let employer = employer.clone();
            let app = &app;
            async move {
                let res = app
                    .post(
                        &employer,
                        "/api/internships",
                        internship_body("Added meanwhile"),
                    )
                    .await;
                assert_eq!(res.status(), StatusCode::CREATED);
            }
        })
        .await;
        assert_once(&ids, &before);
        let _ = who;
    }
}

#[tokio::test]
async fn limits_are_bounded_and_cursors_checked() {
    let app = spawn_app().await;
    let c = app.client();
    for bad in ["0", "201", "-1", "lots"] {
        let (status, body) =
            message_of(app.get(&c, &format!("/api/internships?limit={bad}")).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
        assert!(body["message"].as_str().unwrap().contains("limit"));
    }
    assert_eq!(
        app.get(&c, "/api/internships?limit=200").await.status(),
        StatusCode::OK
    );
    assert_eq!(
        app.get(&c, "/api/internships?cursor=abc").await.status(),
        StatusCode::BAD_REQUEST
    );
    // The last page has no Link.
    let res = app.get(&c, "/api/internships").await;
    assert!(res.headers().get("link").is_none());
}

#[tokio::test]
async fn comments_threads_and_applications_page_too() {
    let app = spawn_app().await;
    let (employer, e) = app.signup_employer("lists@acme.example").await;
    let id = app.post_internship(&employer, "Busy").await["id"]
        .as_u64()
        .unwrap();
    let (student, _) = app.signup_student("lists@school.example").await;
    let path = format!("/api/internships/{id}/comments");
    let mut comments = HashSet::new();
    for n in 0..16 {
        let c: Value = app
            .post(&student, &path, json!({"content": format!("comment {n}")}))
            .await
            .json()
            .await
            .unwrap();
        comments.insert(c["id"].as_u64().unwrap());
    }
    let ids = walk(&app, &app.client(), &format!("{path}?limit=7"), |_| async {
    })
    .await;
    assert_once(&ids, &comments);
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "oldest first");

    let a: Value = app.apply(&student, id).await.json().await.unwrap();
    let thread = format!("/api/applications/{}/messages", a["id"]);
    let mut msgs = HashSet::new();
    for n in 0..15 {
        let m: Value = app
            .post(
                &student,
                &thread,
                json!({"content": format!("message {n}"), "receiverId": e["id"]}),
            )
            .await
            .json()
            .await
            .unwrap();
        msgs.insert(m["id"].as_u64().unwrap());
    }
    // The first page holds the latest messages, oldest first within it; Link goes back.
    let first: Vec<Value> = app
        .get(&employer, &format!("{thread}?limit=7"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(first.last().unwrap()["content"], "message 14");
    let ids = walk(&app, &employer, &format!("{thread}?limit=7"), |_| async {}).await;
    assert_once(&ids, &msgs);

    let mut apps = HashSet::new();
    apps.insert(a["id"].as_u64().unwrap());
    for n in 0..9 {
        let (s, _) = app
            .signup_student(&format!("applicant{n}@school.example"))
            .await;
        let a: Value = app.apply(&s, id).await.json().await.unwrap();
        apps.insert(a["id"].as_u64().unwrap());
    }
    let ids = walk(
        &app,
        &employer,
        "/api/employers/applications?limit=7",
        |_| async {},
    )
    .await;
    assert_once(&ids, &apps);
    assert_eq!(ids.len(), 10);
}
