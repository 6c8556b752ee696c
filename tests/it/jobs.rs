//! External jobs, fetched from a local stand-in for the job boards that serves the recorded
//! payloads in each provider's real format.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::extract::{Path, Query, State};
use axum::http::StatusCode as AxumStatus;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use internreel::commands::{Command, run};
use internreel::jobs::Boards;
use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::*;

/// What the stand-in answers for a token instead of its recording.
#[derive(Clone)]
enum Override {
    Status(u16),
    Body(String),
}

#[derive(Clone, Default)]
struct Boardroom {
    overrides: Arc<Mutex<HashMap<String, Override>>>,
}

fn recording(provider: &str, token: &str) -> Option<String> {
    std::fs::read_to_string(format!(
        "{}/fixtures/external/{provider}/{token}.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .ok()
}

fn answer(room: &Boardroom, provider: &str, token: &str) -> Response {
    if let Some(o) = room.overrides.lock().unwrap().get(token).cloned() {
        return match o {
            Override::Status(s) => AxumStatus::from_u16(s).unwrap().into_response(),
            Override::Body(b) => ([("content-type", "application/json")], b).into_response(),
        };
    }
    match recording(provider, token) {
        Some(body) => ([("content-type", "application/json")], body).into_response(),
        None => AxumStatus::NOT_FOUND.into_response(),
    }
}

async fn start_boards() -> (Boardroom, Boards) {
    let room = Boardroom::default();
    let app = axum::Router::new()
        .route(
            "/v1/boards/{token}/jobs",
            get(
                |State(r): State<Boardroom>, Path(t): Path<String>| async move {
                    answer(&r, "greenhouse", &t)
                },
            ),
        )
        .route(
            "/v0/postings/{site}",
            get(
                |State(r): State<Boardroom>,
                 Path(t): Path<String>,
                 Query(q): Query<HashMap<String, String>>| async move {
                    // One page holds everything: later pages are empty.
                    if q.get("skip").is_some_and(|s| s != "0") {
                        return ([("content-type", "application/json")], "[]").into_response();
                    }
                    answer(&r, "lever", &t)
                },
            ),
        )
        .route(
            "/posting-api/job-board/{name}",
            get(
                |State(r): State<Boardroom>, Path(t): Path<String>| async move {
                    answer(&r, "ashby", &t)
                },
            ),
        )
        .with_state(room.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    let boards = Boards::Http {
        greenhouse: base.clone(),
        lever: base.clone(),
        ashby: base,
    };
    (room, boards)
}

const SOURCES: [(&str, &str, &str); 6] = [
    ("greenhouse", "harvestbend", "Harvest Bend Market"),
    ("greenhouse", "lumenly", "Lumenly"),
    ("lever", "quillandco", "Quill & Co."),
    ("lever", "brightwavesolar", "Brightwave Solar"),
    ("ashby", "civicstack", "CivicStack"),
    ("ashby", "orbitly", "Orbitly"),
];

async fn app_with_sources() -> (TestApp, Boardroom, Boards) {
    let (room, boards) = start_boards().await;
    let app = spawn_with_boards(boards.clone()).await;
    for (provider, token, company) in SOURCES {
        let out = run(
            &app.state.services,
            &boards,
            Command::JobsSourceAdd {
                provider: provider.into(),
                token: token.into(),
                company: Some(company.into()),
            },
        );
        assert!(out.is_ok(), "{out:?}");
    }
    (app, room, boards)
}

async fn refresh(app: &TestApp, boards: &Boards) {
    internreel::jobs::refresh_all(&app.state.services, boards)
        .await
        .unwrap();
}

async fn jobs(app: &TestApp, query: &str) -> Vec<Value> {
    let sep = if query.is_empty() { "?" } else { "&" };
    let res = app
        .get(
            &app.client(),
            &format!("/api/external-jobs{query}{sep}limit=200"),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    res.json().await.unwrap()
}

fn find<'a>(list: &'a [Value], title: &str) -> &'a Value {
    list.iter()
        .find(|j| j["title"] == title)
        .unwrap_or_else(|| panic!("no job titled {title}"))
}

#[tokio::test]
async fn each_provider_is_mapped_field_by_field() {
    let (app, _, boards) = app_with_sources().await;
    refresh(&app, &boards).await;
    let all = jobs(&app, "?beginner=false").await;

    let gh = find(&all, "Part-time Retail Associate");
    assert_eq!(gh["source"], "greenhouse");
    assert_eq!(gh["externalId"], "7010451");
    assert_eq!(gh["companyName"], "Harvest Bend Market");
    assert_eq!(gh["location"], "Madison, WI");
    assert_eq!(gh["department"], "Stores");
    assert_eq!(gh["salaryCurrency"], "USD");
    assert_eq!(
        gh["applyUrl"],
        "https://boards.greenhouse.io/harvestbend/jobs/7010451"
    );
    let text = gh["descriptionPlain"].as_str().unwrap();
    // The board's shared opening about the company is left out: the text is about the role.
    assert!(
        text.starts_with("Stock shelves, help customers find what they need"),
        "{text}"
    );
    assert!(!text.contains("family-owned grocer"), "{text}");
    assert!(text.contains("we'll train you"), "entities decoded: {text}");
    for junk in ["&amp;", "&lt;", "&#39;", "<p>", "<strong>", "&nbsp;"] {
        assert!(!text.contains(junk), "{junk} left in {text}");
    }

    let lv = find(&all, "Design Intern");
    assert_eq!(lv["source"], "lever");
    assert_eq!(lv["externalId"], "915aa186-0800-5a4b-a122-b14754bc2e42");
    assert_eq!(lv["commitment"], "Intern");
    assert_eq!(lv["department"], "Creative");
    assert_eq!(lv["location"], "Brooklyn, NY");
    assert_eq!(lv["workplaceType"], "Hybrid");
    assert_eq!(
        (lv["salaryMin"].as_f64(), lv["salaryMax"].as_f64()),
        (Some(18.0), Some(20.0))
    );
    assert_eq!(lv["salaryInterval"], "hour");
    assert!(lv["applyUrl"].as_str().unwrap().ends_with("/apply"));
    let text = lv["descriptionPlain"].as_str().unwrap();
    assert!(
        !text.contains("Quill & Co. designs notebooks") && text.contains("Sketch"),
        "the board's opening is left out, the role stays: {text}"
    );

    let ab = find(&all, "Civic Tech Summer Intern (High School)");
    assert_eq!(ab["source"], "ashby");
    assert_eq!(ab["externalId"], "35aeb3ad-7bf7-5ef2-8e65-ec41570c8a7f");
    assert_eq!(ab["commitment"], "Intern");
    assert_eq!(ab["workplaceType"], "Hybrid");
    assert_eq!(ab["location"], "Washington, DC");
    assert_eq!(ab["department"], "Programs");
    let (min, max) = (
        ab["salaryMin"].as_f64().unwrap(),
        ab["salaryMax"].as_f64().unwrap(),
    );
    assert!(min > 0.0 && min <= max);
    assert!(ab["applyUrl"].as_str().unwrap().ends_with("/application"));
    let text = ab["descriptionPlain"].as_str().unwrap();
    assert!(
        !text.is_empty() && !text.starts_with("CivicStack is a nonprofit"),
        "the board's opening is left out: {text}"
    );

    // Unlisted Ashby jobs are skipped.
    let unlisted: Vec<String> = ["civicstack", "orbitly"]
        .iter()
        .flat_map(|t| {
            let v: Value = serde_json::from_str(&recording("ashby", t).unwrap()).unwrap();
            v["jobs"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|j| j["isListed"] == false)
                .map(|j| j["title"].as_str().unwrap().to_string())
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(!unlisted.is_empty());
    for t in unlisted {
        assert!(
            all.iter().all(|j| j["title"] != t.as_str()),
            "{t} is unlisted"
        );
    }
}

#[tokio::test]
async fn the_student_friendly_filter_is_on_by_default() {
    let (app, _, boards) = app_with_sources().await;
    refresh(&app, &boards).await;
    let friendly = jobs(&app, "").await;
    let explicit = jobs(&app, "?beginner=true").await;
    let all = jobs(&app, "?beginner=false").await;
    assert_eq!(friendly.len(), explicit.len());
    assert!(friendly.len() < all.len());
    assert!(friendly.iter().all(|j| j["beginner"] == true));
    for adult in [
        "Director of Partnerships",
        "Principal Engineer",
        "Field Canvasser (Driver)",
    ] {
        assert!(friendly.iter().all(|j| j["title"] != adult), "{adult}");
        find(&all, adult);
    }
    find(&friendly, "Civic Tech Summer Intern (High School)");
    find(&friendly, "Part-time Retail Associate");
    assert_eq!(
        app.get(&app.client(), "/api/external-jobs?beginner=maybe")
            .await
            .status(),
        StatusCode::BAD_REQUEST
    );

    // Companies, grouped for the company list.
    let companies: Vec<Value> = app
        .get(&app.client(), "/api/external-jobs/companies?beginner=false")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(companies.len(), 6);
    let civic = companies
        .iter()
        .find(|c| c["companyName"] == "CivicStack")
        .unwrap();
    assert_eq!(civic["source"], "ashby");
    assert!(civic["sampleRoles"].as_array().unwrap().len() <= 3);
    assert!(civic["locations"].as_array().unwrap().len() <= 3);
    let civic_jobs = jobs(&app, "?beginner=false&company=civicstack").await;
    assert_eq!(
        civic["jobCount"].as_u64().unwrap() as usize,
        civic_jobs.len()
    );

    // Search over jobs.
    let found = jobs(&app, "?beginner=false&q=frontend").await;
    assert_eq!(found.len(), 1);
    assert_eq!(found[0]["title"], "Junior Frontend Developer");
}

#[tokio::test]
async fn a_failing_source_keeps_its_jobs_and_records_the_error() {
    let (app, room, boards) = app_with_sources().await;
    refresh(&app, &boards).await;
    let before = jobs(&app, "?beginner=false&company=Harvest%20Bend%20Market")
        .await
        .len();
    assert!(before > 0);
    let total = jobs(&app, "?beginner=false").await.len();
    for (token, o) in [
        ("harvestbend", Override::Status(500)),
        ("harvestbend", Override::Body("{not json".into())),
        ("quillandco", Override::Status(404)),
    ] {
        room.overrides.lock().unwrap().insert(token.into(), o);
        refresh(&app, &boards).await;
        assert_eq!(
            jobs(&app, "?beginner=false").await.len(),
            total,
            "nothing lost when {token} fails"
        );
    }
    let list = run(&app.state.services, &boards, Command::JobsSourceList).unwrap();
    let line = list.lines().find(|l| l.contains("harvestbend")).unwrap();
    assert!(line.contains("could not read"), "{line}");
    let line = list.lines().find(|l| l.contains("quillandco")).unwrap();
    assert!(line.contains("404"), "{line}");
    let line = list.lines().find(|l| l.contains("civicstack")).unwrap();
    assert!(
        !line.contains("could not") && !line.contains("answered"),
        "{line}"
    );
}

#[tokio::test]
async fn jobs_that_vanish_from_a_source_are_removed() {
    let (app, room, boards) = app_with_sources().await;
    refresh(&app, &boards).await;
    let mut postings: Vec<Value> =
        serde_json::from_str(&recording("lever", "quillandco").unwrap()).unwrap();
    let gone = postings.remove(0);
    assert_eq!(gone["text"], "Design Intern");
    room.overrides.lock().unwrap().insert(
        "quillandco".into(),
        Override::Body(serde_json::to_string(&postings).unwrap()),
    );
    let before = jobs(&app, "?beginner=false").await;
    refresh(&app, &boards).await;
    let after = jobs(&app, "?beginner=false").await;
    assert_eq!(after.len(), before.len() - 1);
    assert!(after.iter().all(|j| j["title"] != "Design Intern"));
    // The same ids are kept for the jobs that stayed (upsert, not replace).
    let id_of = |l: &[Value], t: &str| find(l, t)["id"].clone();
    let stayed = postings[0]["text"].as_str().unwrap();
    assert_eq!(id_of(&before, stayed), id_of(&after, stayed));
    assert!(
        jobs(&app, "?beginner=false&q=notebooks%20sketch")
            .await
            .iter()
            .all(|j| j["title"] != "Design Intern")
    );
}

#[tokio::test]
async fn only_the_admin_starts_a_refresh_over_http() {
    let (app, _, _) = app_with_sources().await;
    let (student, _) = app.signup_student("s@school.example").await;
    let (employer, _) = app.signup_employer("e@acme.example").await;
    assert_eq!(
        app.post(
            &app.client(),
            "/api/admin/fetch-jobs",
            serde_json::json!({})
        )
        .await
        .status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.post(&student, "/api/admin/fetch-jobs", serde_json::json!({}))
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.post(&employer, "/api/admin/fetch-jobs", serde_json::json!({}))
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    let admin = app.admin().await;
    assert_eq!(
        app.post(&admin, "/api/admin/fetch-jobs", serde_json::json!({}))
            .await
            .status(),
        StatusCode::ACCEPTED
    );
    let mut found = 0;
    for _ in 0..50 {
        found = jobs(&app, "?beginner=false").await.len();
        if found > 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(
        found > 40,
        "the background refresh stored the jobs ({found})"
    );
}

#[tokio::test]
async fn sources_are_managed_with_clear_errors() {
    let (app, _, boards) = app_with_sources().await;
    let dup = run(
        &app.state.services,
        &boards,
        Command::JobsSourceAdd {
            provider: "lever".into(),
            token: "quillandco".into(),
            company: None,
        },
    );
    assert!(dup.unwrap_err().0.contains("already"));
    let bad = run(
        &app.state.services,
        &boards,
        Command::JobsSourceAdd {
            provider: "monster".into(),
            token: "x".into(),
            company: None,
        },
    );
    assert!(bad.unwrap_err().0.contains("greenhouse, lever or ashby"));
    let bad = run(
        &app.state.services,
        &boards,
        Command::JobsSourceAdd {
            provider: "lever".into(),
            token: "../etc".into(),
            company: None,
        },
    );
    assert!(bad.is_err());
    refresh(&app, &boards).await;
    let n = jobs(&app, "?beginner=false&company=Orbitly").await.len();
    assert!(n > 0);
    let list = run(&app.state.services, &boards, Command::JobsSourceList).unwrap();
    let id: u64 = list
        .lines()
        .find(|l| l.contains("orbitly"))
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        run(
            &app.state.services,
            &boards,
            Command::JobsSourceRemove { id }
        )
        .is_ok()
    );
    assert!(
        jobs(&app, "?beginner=false&company=Orbitly")
            .await
            .is_empty()
    );
    assert!(
        run(
            &app.state.services,
            &boards,
            Command::JobsSourceRemove { id }
        )
        .is_err()
    );
}

#[tokio::test]
async fn external_job_previews_start_with_the_role_not_the_boards_boilerplate() {
    let app = spawn_demo().await;
    let c = app.client();
    let mut jobs: Vec<Value> = Vec::new();
    for _ in 0..50 {
        let res = app
            .get(&c, "/api/external-jobs?beginner=false&limit=100")
            .await;
        jobs = res
            .json::<Value>()
            .await
            .unwrap_or(Value::Null)
            .as_array()
            .cloned()
            .unwrap_or_default();
        if !jobs.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    assert!(!jobs.is_empty(), "the demo's recorded boards were read");
    let mut by_company: std::collections::HashMap<String, Vec<String>> = Default::default();
    for j in &jobs {
        by_company
            .entry(j["companyName"].as_str().unwrap_or("").to_string())
            .or_default()
            .push(
                j["descriptionPlain"]
                    .as_str()
                    .unwrap_or("")
                    .chars()
                    .take(120)
                    .collect(),
            );
    }
    for (company, openings) in by_company.iter().filter(|(_, o)| o.len() >= 3) {
        let first = &openings[0];
        assert!(
            openings.iter().any(|o| o != first),
            "{company}: every preview starts alike: {first}"
        );
    }
}
