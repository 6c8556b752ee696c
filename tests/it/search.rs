//! Browse search (tantivy) and personalised matching; a posting past its deadline leaves the
//! feed and the matches but is still found by search.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

async fn post(
    app: &TestApp,
    c: &reqwest::Client,
    title: &str,
    description: &str,
    location: &str,
    tags: Value,
    work_style: &str,
) -> Value {
    let mut body = internship_body(title);
    body["description"] = json!(description);
    body["location"] = json!(location);
    body["tags"] = tags;
    body["workStyle"] = json!(work_style);
    body["skills"] = json!([]);
    let res = app.post(c, "/api/internships", body).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    res.json().await.unwrap()
}

async fn titles(app: &TestApp, c: &reqwest::Client, query: &str) -> Vec<String> {
    let res = app.get(c, &format!("/api/internships?{query}")).await;
    assert_eq!(res.status(), StatusCode::OK, "{query}");
    let list: Vec<Value> = res.json().await.unwrap();
    list.iter()
        .map(|i| i["title"].as_str().unwrap().to_string())
        .collect()
}

/// Three postings by one employer, with an industry that speaks to none of the interests.
async fn seeded() -> (TestApp, reqwest::Client) {
    let app = spawn_app().await;
    let c = app.client();
    let mut employer = employer_body("search@acme.example");
    employer["industry"] = json!("other");
    assert_eq!(
        app.post(&c, "/api/employers", employer).await.status(),
        StatusCode::CREATED
    );
    post(
        &app,
        &c,
        "Software Engineering Intern",
        "Write Python code for classroom robots.",
        "Austin, TX",
        json!(["technology"]),
        "Hybrid",
    )
    .await;
    post(
        &app,
        &c,
        "Hospital Volunteer Assistant",
        "Greet patients and help nurses at the front desk.",
        "Houston, TX",
        json!(["healthcare"]),
        "On-site",
    )
    .await;
    post(
        &app,
        &c,
        "Social Media Helper",
        "Plan posts and film short videos for our bakery.",
        "Remote",
        json!(["marketing"]),
        "Remote",
    )
    .await;
    (app, c)
}

#[tokio::test]
async fn search_finds_words_in_title_company_and_description() {
    let (app, c) = seeded().await;
    assert_eq!(
        titles(&app, &c, "q=software").await,
        vec!["Software Engineering Intern"]
    );
    assert_eq!(
        titles(&app, &c, "q=patients").await,
        vec!["Hospital Volunteer Assistant"]
    );
    assert_eq!(titles(&app, &c, "q=acme").await.len(), 3, "company name");
    assert_eq!(
        titles(&app, &c, "q=python%20robots").await,
        vec!["Software Engineering Intern"],
        "every word must match"
    );
    assert!(titles(&app, &c, "q=python%20patients").await.is_empty());
    assert_eq!(
        titles(&app, &c, "q=soft").await,
        vec!["Software Engineering Intern"],
        "prefix on the last word"
    );
    assert_eq!(
        titles(&app, &c, "q=sofware").await,
        vec!["Software Engineering Intern"],
        "one typo"
    );
    assert_eq!(
        titles(&app, &c, "q=hospitl").await,
        vec!["Hospital Volunteer Assistant"]
    );
    assert!(titles(&app, &c, "q=zzzzqqq").await.is_empty());
    assert_eq!(
        titles(&app, &c, "q=%20%20").await.len(),
        3,
        "blank q is the plain list"
    );
}

#[tokio::test]
async fn location_filters_case_insensitively_and_includes_remote() {
    let (app, c) = seeded().await;
    let mut austin = titles(&app, &c, "location=austin").await;
    austin.sort();
    assert_eq!(
        austin,
        vec!["Social Media Helper", "Software Engineering Intern"]
    );
    assert_eq!(
        titles(&app, &c, "q=software&location=HOUSTON").await,
        Vec::<String>::new()
    );
    assert_eq!(
        titles(&app, &c, "q=software&location=Austin").await,
        vec!["Software Engineering Intern"]
    );
}

#[tokio::test]
async fn archived_and_edited_postings_are_reflected_at_once() {
    let (app, c) = seeded().await;
    let list: Vec<Value> = app
        .get(&c, "/api/employers/internships")
        .await
        .json()
        .await
        .unwrap();
    let hospital = list
        .iter()
        .find(|i| i["title"] == "Hospital Volunteer Assistant")
        .unwrap();
    let id = hospital["id"].as_u64().unwrap();
    let mut body = internship_body("Clinic Greeter");
    body["description"] = json!("Welcome families at the pediatric clinic.");
    assert_eq!(
        app.put(&c, &format!("/api/employers/internships/{id}"), body)
            .await
            .status(),
        StatusCode::OK
    );
    assert!(titles(&app, &c, "q=hospital").await.is_empty());
    assert_eq!(
        titles(&app, &c, "q=pediatric").await,
        vec!["Clinic Greeter"]
    );
    // The edit went to a new segment: the typed prefix finds its words there too.
    assert_eq!(titles(&app, &c, "q=pediat").await, vec!["Clinic Greeter"]);
    assert_eq!(
        titles(&app, &c, "q=welcome%20famil").await,
        vec!["Clinic Greeter"]
    );
    app.delete(&c, &format!("/api/internships/{id}")).await;
    assert!(titles(&app, &c, "q=pediatric").await.is_empty());
    assert!(titles(&app, &c, "q=clinic").await.is_empty());
}

#[tokio::test]
async fn the_index_is_rebuilt_when_its_folder_is_deleted() {
    let (app, _) = seeded().await;
    let data = app.stop().await;
    std::fs::remove_dir_all(data.path().join("index")).unwrap();
    let app = start_on(data, false).await;
    assert_eq!(
        titles(&app, &app.client(), "q=software").await,
        vec!["Software Engineering Intern"]
    );
}

#[tokio::test]
async fn a_crash_between_the_store_and_index_commits_repairs_itself() {
    let (app, c) = seeded().await;
    let list: Vec<Value> = app
        .get(&c, "/api/employers/internships")
        .await
        .json()
        .await
        .unwrap();
    let id = list[0]["id"].as_u64().unwrap();
    // Commit a change to the store the way a request does, but "crash" before the index sees it.
    app.state
        .store()
        .write(|w| {
            use internreel::store::Reader;
            let mut i = w
                .get::<internreel::store::internships::Internship>(id)?
                .unwrap();
            i.title = "Astronomy Outreach Intern".into();
            w.put(&i)?;
            internreel::search::bump_generation(w)?;
            Ok::<_, internreel::store::StoreError>(())
        })
        .unwrap();
    assert!(
        titles(&app, &c, "q=astronomy").await.is_empty(),
        "the index lags"
    );
    let data = app.stop().await;
    let app = start_on(data, false).await;
    assert_eq!(
        titles(&app, &app.client(), "q=astronomy").await,
        vec!["Astronomy Outreach Intern"]
    );
}

/// The match reasons of the first posting titled `title` in a list.
fn reasons_of(list: &[Value], title: &str) -> Vec<String> {
    let i = list.iter().find(|i| i["title"] == title).unwrap();
    serde_json::from_value(i["matchReasons"].clone()).unwrap()
}

#[tokio::test]
async fn match_reasons_are_in_the_reader_s_language_and_cached_apart() {
    let (app, _) = seeded().await;
    let title = "Software Engineering Intern";
    let spanish = [
        "Coincide con tu interés en tecnología".to_string(),
        "Horario híbrido".to_string(),
    ];
    let english = [
        "Matches your interest in Technology".to_string(),
        "Hybrid schedule".to_string(),
    ];
    let get = |c: &reqwest::Client, path: &str, lang: &str| {
        c.get(app.url(path)).header("Accept-Language", lang).send()
    };
    let list = |c: reqwest::Client, path: &'static str, lang: &'static str| {
        let res = get(&c, path, lang);
        async move {
            let res = res.await.unwrap();
            assert_eq!(res.status(), StatusCode::OK);
            res.json::<Vec<Value>>().await.unwrap()
        }
    };
    // Three students of one profile (same grade, same interests): one who chose Spanish later,
    // one who signed up on a Spanish browser (the account keeps it), one in English.
    let (ana, _) = app.signup_student("ana.es@school.example").await;
    let res = app
        .put(&ana, "/api/language", json!({"language": "es"}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let (ben, _) = app.signup_student("ben.en@school.example").await;
    let cruz = app.client();
    let res = cruz
        .post(app.url("/api/users"))
        .header("Accept-Language", "es")
        .json(&student_body("cruz.browser@school.example"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::CREATED);

    // English first, so the profile's page and match parts are cached in English...
    let reasons = reasons_of(&list(ben.clone(), "/api/internships", "en").await, title);
    assert!(english.iter().all(|r| reasons.contains(r)), "{reasons:?}");
    // ...and neither reaches a Spanish reader, whatever their browser now asks for; twice each,
    // the second answered from the student's own page.
    for _ in 0..2 {
        let reasons = reasons_of(&list(ana.clone(), "/api/internships", "en").await, title);
        assert!(spanish.iter().all(|r| reasons.contains(r)), "{reasons:?}");
        let reasons = reasons_of(&list(cruz.clone(), "/api/internships", "en").await, title);
        assert!(spanish.iter().all(|r| reasons.contains(r)), "{reasons:?}");
    }
    let reasons = reasons_of(&list(ben.clone(), "/api/internships", "en").await, title);
    assert!(english.iter().all(|r| reasons.contains(r)), "{reasons:?}");
    // The same on the matches and on the posting's own page.
    let matches = list(ana.clone(), "/api/matches", "en").await;
    let reasons = reasons_of(&matches, title);
    assert!(spanish.iter().all(|r| reasons.contains(r)), "{reasons:?}");
    let id = matches.iter().find(|i| i["title"] == title).unwrap()["id"].clone();
    let one: Value = get(&ana, &format!("/api/internships/{id}"), "en")
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let reasons: Vec<String> = serde_json::from_value(one["matchReasons"].clone()).unwrap();
    assert!(spanish.iter().all(|r| reasons.contains(r)), "{reasons:?}");
    let matches = list(ben.clone(), "/api/matches", "en").await;
    let reasons = reasons_of(&matches, title);
    assert!(english.iter().all(|r| reasons.contains(r)), "{reasons:?}");
}

#[tokio::test]
async fn students_get_explained_match_scores_and_visitors_none() {
    let (app, _) = seeded().await;
    let (student, _) = app.signup_student("match@school.example").await; // interested in technology
    let feed: Vec<Value> = app
        .get(&student, "/api/internships")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        feed[0]["title"], "Software Engineering Intern",
        "the feed is ordered by match"
    );
    for i in &feed {
        let s = i["matchScore"].as_u64().unwrap();
        assert!(s <= 100);
    }
    let score = |t: &str| {
        feed.iter().find(|i| i["title"] == t).unwrap()["matchScore"]
            .as_u64()
            .unwrap()
    };
    assert!(score("Software Engineering Intern") > score("Hospital Volunteer Assistant"));
    let reasons = feed[0]["matchReasons"].as_array().unwrap();
    assert!(
        reasons
            .iter()
            .any(|r| r == "Matches your interest in Technology"),
        "{reasons:?}"
    );

    let matches: Vec<Value> = app
        .get(&student, "/api/matches")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(matches[0]["title"], "Software Engineering Intern");
    assert!(
        matches
            .iter()
            .all(|m| m["matchScore"].is_u64() && m["matchReasons"].is_array())
    );

    let visitor: Vec<Value> = app
        .get(&app.client(), "/api/internships")
        .await
        .json()
        .await
        .unwrap();
    assert!(visitor.iter().all(|i| i["matchScore"].is_null()));
    assert_eq!(
        visitor[0]["title"], "Social Media Helper",
        "visitors get newest first"
    );
    assert_eq!(
        app.get(&app.client(), "/api/matches").await.status(),
        StatusCode::UNAUTHORIZED
    );
    let (employer, _) = app.signup_employer("m2@acme.example").await;
    assert_eq!(
        app.get(&employer, "/api/matches").await.status(),
        StatusCode::FORBIDDEN
    );
}

/// Moves a posting's deadline into the past, as the calendar would.
fn close(app: &TestApp, id: u64) {
    use internreel::store::Reader;
    use internreel::store::internships::Internship;
    app.state
        .store()
        .write(|w| {
            let mut i: Internship = w.get(id)?.unwrap();
            i.deadline = "2020-01-01".into();
            w.put(&i)
        })
        .unwrap();
}

#[tokio::test]
async fn postings_past_their_deadline_leave_the_feed_and_matches_but_not_search() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("closed@acme.example").await;
    let open = app.post_internship(&employer, "Robotics open").await["id"]
        .as_u64()
        .unwrap();
    let closed = app.post_internship(&employer, "Robotics closed").await["id"]
        .as_u64()
        .unwrap();
    close(&app, closed);
    let (student, _) = app.signup_student("closed@school.example").await;

    let visitor: Value = app
        .get(&app.client(), "/api/internships")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(ids(&visitor), vec![open]);
    let feed: Value = app
        .get(&student, "/api/internships")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(ids(&feed), vec![open]);
    let matches: Value = app
        .get(&student, "/api/matches")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(ids(&matches), vec![open]);
    // Searching still finds it, and its page still opens (shown as closed by the clients).
    let found: Value = app
        .get(&student, "/api/internships?q=robotics")
        .await
        .json()
        .await
        .unwrap();
    let mut found = ids(&found);
    found.sort();
    assert_eq!(found, vec![open, closed]);
    let page = app
        .get(&student, &format!("/api/internships/{closed}"))
        .await;
    assert_eq!(page.status(), StatusCode::OK);
}
