//! Lists are rendered from caches (src/http/internship_views.rs); every write must show in the
//! very next list, for visitors and students alike.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

async fn list(app: &TestApp, c: &reqwest::Client, query: &str) -> Vec<Value> {
    let res = app.get(c, &format!("/api/internships{query}")).await;
    assert_eq!(res.status(), StatusCode::OK);
    res.json().await.unwrap()
}

fn find(list: &[Value], id: u64) -> Option<&Value> {
    list.iter().find(|i| i["id"] == id)
}

#[tokio::test]
async fn every_write_shows_in_the_next_list() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("fresh@acme.example").await;
    let (student, _) = app.signup_student("fresh@school.example").await;
    let visitor = app.client();
    let posting = app.post_internship(&employer, "Robotics Helper").await;
    let id = posting["id"].as_u64().unwrap();

    // Warm every cache: the plain list, a search and the student's feed.
    for _ in 0..2 {
        let l = list(&app, &visitor, "").await;
        assert_eq!(find(&l, id).unwrap()["likes"], 0);
        assert_eq!(list(&app, &visitor, "?q=helper").await.len(), 1);
        let l = list(&app, &student, "").await;
        assert_eq!(find(&l, id).unwrap()["isLiked"], false);
    }

    // A like: the count for everyone, the flag for the student.
    let res = app
        .post(&student, &format!("/api/internships/{id}/like"), json!({}))
        .await;
    assert!(res.status().is_success());
    assert_eq!(
        find(&list(&app, &visitor, "").await, id).unwrap()["likes"],
        1
    );
    assert_eq!(
        find(&list(&app, &visitor, "?q=helper").await, id).unwrap()["likes"],
        1
    );
    let l = list(&app, &student, "").await;
    let mine = find(&l, id).unwrap();
    assert_eq!(mine["isLiked"], true);
    assert_eq!(mine["likes"], 1);
    assert!(mine["matchScore"].is_u64());
    // A student with the same profile shares the cached page but not the flags.
    let (twin, _) = app.signup_student("twin@school.example").await;
    for _ in 0..2 {
        let theirs = list(&app, &twin, "").await;
        let theirs = find(&theirs, id).unwrap();
        assert_eq!(theirs["isLiked"], false);
        assert_eq!(theirs["matchScore"], mine["matchScore"]);
        let l = list(&app, &student, "").await;
        assert_eq!(find(&l, id).unwrap()["isLiked"], true);
    }

    // A comment and a save.
    let res = app
        .post(
            &student,
            &format!("/api/internships/{id}/comments"),
            json!({"content": "Looks fun"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let res = app
        .post(
            &student,
            &format!("/api/internships/{id}/bookmark"),
            json!({}),
        )
        .await;
    assert!(res.status().is_success());
    assert_eq!(
        find(&list(&app, &visitor, "").await, id).unwrap()["comments"],
        1
    );
    assert_eq!(
        find(&list(&app, &student, "").await, id).unwrap()["isBookmarked"],
        true
    );

    // An application: the student's flag and the posting's count.
    assert_eq!(app.apply(&student, id).await.status(), StatusCode::CREATED);
    let l = list(&app, &student, "").await;
    assert_eq!(find(&l, id).unwrap()["hasApplied"], true);
    assert_eq!(find(&l, id).unwrap()["applicationCount"], 1);
    assert_eq!(
        find(&list(&app, &visitor, "").await, id).unwrap()["applicationCount"],
        1
    );

    // An edit: the new title in the list and in search; the old word finds nothing.
    let mut body = internship_body("Drone Pilot Assistant");
    body["aiVideoRequested"] = json!(false);
    let res = app
        .put(&employer, &format!("/api/employers/internships/{id}"), body)
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        find(&list(&app, &visitor, "").await, id).unwrap()["title"],
        "Drone Pilot Assistant"
    );
    assert_eq!(list(&app, &visitor, "?q=drone").await.len(), 1);
    assert!(list(&app, &visitor, "?q=helper").await.is_empty());
    assert_eq!(
        find(&list(&app, &student, "").await, id).unwrap()["title"],
        "Drone Pilot Assistant"
    );
    let matches: Vec<Value> = app
        .get(&student, "/api/matches")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        find(&matches, id).unwrap()["title"],
        "Drone Pilot Assistant"
    );

    // Archiving: gone from every list.
    let res = app
        .delete(&employer, &format!("/api/internships/{id}"))
        .await;
    assert!(res.status().is_success());
    assert!(find(&list(&app, &visitor, "").await, id).is_none());
    assert!(list(&app, &visitor, "?q=drone").await.is_empty());
    assert!(find(&list(&app, &student, "").await, id).is_none());
}

/// The signed-in user comes from a cache of sessions (src/auth.rs): an edit to the profile
/// shows in the very next request, in the user and in the student's feed.
#[tokio::test]
async fn profile_edits_show_in_the_next_request() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("scores@acme.example").await;
    let (student, me) = app.signup_student("scores@school.example").await;
    let posting = app.post_internship(&employer, "Robotics Helper").await;
    let id = posting["id"].as_u64().unwrap();
    let score = |l: &[Value]| find(l, id).unwrap()["matchScore"].as_u64().unwrap();
    let interests = async || -> Value {
        let user: Value = app
            .get(&student, "/api/auth/user")
            .await
            .json()
            .await
            .unwrap();
        user["interests"].clone()
    };
    let mut before = 0;
    for _ in 0..2 {
        assert_eq!(interests().await, json!(["technology"]));
        before = score(&list(&app, &student, "").await);
    }
    let res = app
        .put(
            &student,
            &format!("/api/users/{}", me["id"]),
            json!({"firstName": "Sam", "lastName": "Lee", "email": "scores@school.example",
                   "grade": "junior", "school": "Lincoln High", "interests": ["arts"]}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(interests().await, json!(["arts"]));
    let after = score(&list(&app, &student, "").await);
    assert!(
        after < before,
        "a technology posting matches an arts student less ({before} → {after})"
    );
}

/// A student's page as her browser gets it: brotli, decoded.
async fn list_br(app: &TestApp, c: &reqwest::Client) -> Vec<Value> {
    use std::io::Read;
    let res = c
        .get(app.url("/api/internships"))
        .header("accept-encoding", "gzip, deflate, br")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-encoding"], "br");
    let bytes = res.bytes().await.unwrap();
    let mut out = Vec::new();
    brotli::Decompressor::new(&bytes[..], 4096)
        .read_to_end(&mut out)
        .unwrap();
    serde_json::from_slice(&out).unwrap()
}

#[tokio::test]
async fn a_student_s_compressed_page_is_her_own_and_never_stale() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("br@acme.example").await;
    for n in 0..12 {
        app.post_internship(&employer, &format!("Robotics Helper {n}"))
            .await;
    }
    let (student, _) = app.signup_student("br@school.example").await;
    let (twin, _) = app.signup_student("br-twin@school.example").await;
    let id = list(&app, &student, "").await[0]["id"].as_u64().unwrap();
    // Warm her own page and its compressed copy, and her twin's.
    for _ in 0..2 {
        assert_eq!(list_br(&app, &student).await[0]["isLiked"], false);
        assert_eq!(list_br(&app, &twin).await[0]["isLiked"], false);
    }
    let res = app
        .post(&student, &format!("/api/internships/{id}/like"), json!({}))
        .await;
    assert!(res.status().is_success());
    for _ in 0..2 {
        let mine = list_br(&app, &student).await;
        let mine = find(&mine, id).unwrap();
        assert_eq!(
            (mine["isLiked"].clone(), mine["likes"].clone()),
            (json!(true), json!(1))
        );
        let theirs = list_br(&app, &twin).await;
        let theirs = find(&theirs, id).unwrap();
        assert_eq!(
            (theirs["isLiked"].clone(), theirs["likes"].clone()),
            (json!(false), json!(1))
        );
        // The same bytes as the uncompressed answer.
        assert_eq!(
            list_br(&app, &student).await,
            list(&app, &student, "").await
        );
    }
}

/// A page of postings sent before at this store version is answered before routing
/// (`http::edge`): the same status, headers and bytes the routed answer had, for a student,
/// an employer and a visitor, in every coding; a guest's page takes the routed way.
#[tokio::test]
async fn a_page_sent_before_is_sent_again_as_it_was() {
    let app = spawn_demo().await;
    let plain = reqwest::Client::new();
    let signup = |path: &'static str, body: Value| {
        let req = plain.post(app.url(path)).json(&body);
        async move {
            let res = req.send().await.unwrap();
            assert_eq!(res.status(), StatusCode::CREATED);
            session_cookie(&res)
        }
    };
    let student = signup("/api/users", student_body("again@school.example")).await;
    let employer = signup("/api/employers", employer_body("again@acme.example")).await;
    let guest = {
        let body = json!({"interests": ["Technology"], "grade": "Junior"});
        let res = plain.post(app.url("/api/guest")).json(&body).send().await;
        session_cookie(&res.unwrap())
    };
    let get = |cookie: Option<&str>, query: &str, accept: Option<&str>| {
        let mut req = plain.get(app.url(&format!("/api/internships{query}")));
        if let Some(c) = cookie {
            req = req.header("cookie", c);
        }
        if let Some(a) = accept {
            req = req.header("accept-encoding", a);
        }
        async move {
            let res = req.send().await.unwrap();
            let status = res.status();
            let mut headers = res.headers().clone();
            headers.remove("date");
            (status, headers, res.bytes().await.unwrap())
        }
    };
    let viewers = [
        ("student", Some(student.as_str())),
        ("employer", Some(employer.as_str())),
        ("visitor", None),
        ("guest", Some(guest.as_str())),
    ];
    for (who, cookie) in viewers {
        for query in ["", "?limit=3", "?q=robotics", "?limit=2&cursor=bad"] {
            let codings = [None, Some("gzip"), Some("gzip, deflate, br"), Some("*;q=0")];
            for accept in codings {
                let routed = get(cookie, query, accept).await;
                let again = get(cookie, query, accept).await;
                let at = format!("{who} {query} {accept:?}");
                assert_eq!((routed.0, &routed.1), (again.0, &again.1), "{at}");
                assert!(routed.2 == again.2, "{at}: the bytes differ");
                let mut headers = axum::http::HeaderMap::new();
                if let Some(c) = cookie {
                    headers.insert("cookie", c.parse().unwrap());
                }
                if let Some(a) = accept {
                    headers.insert("accept-encoding", a.parse().unwrap());
                }
                let q = query.trim_start_matches('?');
                let kept = internreel::http::internship_lists::sent_before_routing(
                    &app.state, &headers, q,
                );
                // A refused query is never kept; a guest's page, or one for a client that
                // refuses an uncompressed answer, is not answered early.
                let early = routed.0 == StatusCode::OK && who != "guest" && accept != Some("*;q=0");
                assert_eq!(kept.is_some(), early, "{at}");
                if let Some(kept) = kept {
                    let body = axum::body::to_bytes(kept.into_body(), usize::MAX)
                        .await
                        .unwrap();
                    assert!(body == routed.2, "{at}: the bytes differ");
                }
            }
        }
    }
    app.stop().await;
}

/// A visitor's query cannot name a profile's cached page, nor a student's page a visitor's:
/// the keys of the two kinds are apart, so neither plants a page for the other and neither
/// is answered 500.
#[tokio::test]
async fn a_visitor_cannot_plant_a_page_for_students_nor_break_on_theirs() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("plant@acme.example").await;
    app.post_internship(&employer, "Robotics Helper").await;
    let (student, user) = app.signup_student("plant@school.example").await;
    let (twin, _) = app.signup_student("plant-twin@school.example").await;
    let visitor = app.client();
    // What the page cache's key of this profile was, followed by the students' query.
    let today = time::OffsetDateTime::now_utc().date();
    let interests: Vec<&str> = user["interests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i.as_str().unwrap())
        .collect();
    let profile = format!(
        "?student:{}:{today}:{}|",
        user["grade"].as_str().unwrap(),
        interests.join(",")
    );

    // The visitor's page planted under the profile's key (no writes from here on)...
    let planted = list(&app, &visitor, &profile).await;
    assert!(planted.iter().all(|p| !p["matchScore"].is_u64()));
    // ...is not what the students get: their page has their scores and flags.
    for c in [&student, &twin] {
        let mine = list(&app, c, "").await;
        assert!(!mine.is_empty());
        assert!(mine.iter().all(|p| p["matchScore"].is_u64()), "{mine:?}");
        assert!(mine.iter().all(|p| p["isLiked"] == false));
    }
    // The other way: the students' page of a query is kept; a visitor naming its key gets a
    // visitor's page, not a 500.
    let mine = list(&app, &student, "?limit=5").await;
    assert!(mine.iter().all(|p| p["matchScore"].is_u64()));
    for _ in 0..2 {
        let theirs = list(&app, &visitor, &format!("{profile}limit=5")).await;
        assert!(theirs.iter().all(|p| !p["matchScore"].is_u64()));
    }
}
