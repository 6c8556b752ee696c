//! The demo as a visitor first meets it: the feed opens on cards that play, its AI-video
//! requests are fresh, and its message history reads like a working day and sends no digest.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

#[tokio::test]
async fn the_visitors_and_guests_feed_opens_on_cards_that_play() {
    let app = spawn_demo().await;
    let visitor = app.client();
    let mut seen = Vec::new();
    let mut path = "/api/internships?limit=5".to_string();
    loop {
        let res = app.get(&visitor, &path).await;
        let next = res
            .headers()
            .get("link")
            .and_then(|l| l.to_str().ok())
            .and_then(|l| l.split(';').next())
            .map(|u| u.trim_matches(['<', '>', ' ']).to_string());
        let page: Vec<Value> = res.json().await.unwrap();
        seen.extend(page);
        match next {
            Some(n) => {
                path = n
                    .split_once("/api/")
                    .map(|(_, rest)| format!("/api/{rest}"))
                    .unwrap()
            }
            None => break,
        }
    }
    let playing = |i: &Value| i["videoStatus"] == "ready";
    let first_placeholder = seen
        .iter()
        .position(|i| !playing(i))
        .expect("the demo has AI-video postings");
    assert!(first_placeholder >= 10, "{first_placeholder}");
    assert!(
        seen[first_placeholder..].iter().all(|i| !playing(i)),
        "placeholders come after every playing card"
    );
    let ids: std::collections::HashSet<u64> =
        seen.iter().map(|i| i["id"].as_u64().unwrap()).collect();
    assert_eq!(ids.len(), seen.len(), "no card twice across pages");

    // A guest's ranked feed opens on playing cards too.
    let guest = app.client();
    let res = app
        .post(
            &guest,
            "/api/guest",
            json!({"interests": ["healthcare", "research"]}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let page: Vec<Value> = app
        .get(&guest, "/api/internships?limit=10")
        .await
        .json()
        .await
        .unwrap();
    assert!(
        page.iter().all(playing),
        "{:?}",
        page.iter().map(|i| &i["title"]).collect::<Vec<_>>()
    );

    // The demo's AI-video requests were made recently: none is overdue on day one.
    let admin = app.admin().await;
    let queue: Vec<Value> = app
        .get(&admin, "/api/admin/ai-video-requests")
        .await
        .json()
        .await
        .unwrap();
    assert!(!queue.is_empty());
    assert!(queue.iter().all(|r| r["overdue"] == false), "{queue:?}");
    assert!(
        queue.iter().any(|r| r["ageHours"] == 0),
        "one fresh request"
    );
}

#[tokio::test]
async fn the_demos_history_reads_like_a_day_at_work_and_sends_no_digest() {
    let app = spawn_demo().await;
    use internreel::store::Reader;
    let r = app.state.store().read().unwrap();
    let messages = r
        .scan_rev(|_: &internreel::store::messages::Message| true)
        .unwrap();
    assert!(!messages.is_empty());
    for m in &messages {
        // US Central, the demo district's clock.
        let local_hour = ((m.created_at - 6 * 3_600_000).rem_euclid(86_400_000)) / 3_600_000;
        assert!(
            (8..18).contains(&local_hour),
            "{local_hour}:00 for {:?}",
            m.content
        );
        assert!(!m.content.contains('@'), "{:?}", m.content);
        assert!(!m.content.contains("attached"), "{:?}", m.content);
    }
    drop(r);
    let later =
        internreel::clock::now_ms() + internreel::services::notify::DIGEST_AFTER_MS + 60_000;
    let made = internreel::services::notify::digest_unread(&app.state.services, later).unwrap();
    assert!(
        made.is_empty(),
        "seeded unread messages trigger no digest: {made:?}"
    );
}
