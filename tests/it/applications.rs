//! Applications and the hiring pipeline.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

#[tokio::test]
async fn a_student_applies_once() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("e@acme.example").await;
    let id = app.post_internship(&employer, "Apply Here").await["id"]
        .as_u64()
        .unwrap();
    let (s, user) = app.signup_student("s@school.example").await;

    let res = app.apply(&s, id).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let a: Value = res.json().await.unwrap();
    assert_eq!(a["status"], "pending");
    assert_eq!(a["internshipId"], id);
    assert!(a["appliedAt"].is_string());

    let (status, body) = message_of(app.apply(&s, id).await).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("already applied")
    );

    let one: Value = app
        .get(&s, &format!("/api/internships/{id}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(one["hasApplied"], true);
    assert_eq!(one["applicationCount"], 1);

    for path in [
        format!("/api/users/{}/applications", user["id"]),
        format!("/api/applications/{}", user["id"]),
    ] {
        let mine: Vec<Value> = app.get(&s, &path).await.json().await.unwrap();
        assert_eq!(mine.len(), 1);
        assert_eq!(mine[0]["internship"]["title"], "Apply Here");
        assert_eq!(mine[0]["internship"]["company"], "Acme Robotics");
        let (other, _) = app
            .signup_student(&format!("o{}@school.example", path.len()))
            .await;
        assert_eq!(app.get(&other, &path).await.status(), StatusCode::FORBIDDEN);
        assert_eq!(
            app.get(&employer, &path).await.status(),
            StatusCode::FORBIDDEN
        );
        assert_eq!(
            app.get(&app.client(), &path).await.status(),
            StatusCode::UNAUTHORIZED
        );
    }
    let count: Value = app
        .get(&employer, "/api/employers/applications/count")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(count, json!({"count": 1}));
    let list: Vec<Value> = app
        .get(&employer, "/api/employers/applications")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(list[0]["internshipTitle"], "Apply Here");
    assert_eq!(list[0]["student"]["firstName"], "Sam");
    assert_eq!(list[0]["student"]["grade"], "junior");
    assert!(list[0]["student"].get("password").is_none());
    assert_eq!(
        list[0]["nextStatuses"],
        json!(["interview_requested", "offer_extended", "rejected"])
    );
}

#[tokio::test]
async fn applying_needs_a_live_open_posting_and_a_student() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("e@acme.example").await;
    let (s, _) = app.signup_student("s@school.example").await;
    assert_eq!(app.apply(&s, 4242).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        app.apply(&app.client(), 1).await.status(),
        StatusCode::UNAUTHORIZED
    );
    // A posting whose deadline has passed since it was posted.
    let late = app.post_internship(&employer, "Too Late").await["id"]
        .as_u64()
        .unwrap();
    {
        use internreel::store::Reader;
        use internreel::store::internships::Internship;
        app.state
            .store()
            .write(|w| {
                let mut i: Internship = w.get(late)?.unwrap();
                i.deadline = "2020-01-01".into();
                w.put(&i)
            })
            .unwrap();
    }
    let (status, body) = message_of(app.apply(&s, late).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["message"].as_str().unwrap().contains("deadline"));
    let open = app.post_internship(&employer, "Open").await["id"]
        .as_u64()
        .unwrap();
    assert_eq!(
        app.apply(&employer, open).await.status(),
        StatusCode::FORBIDDEN
    );
    app.delete(&employer, &format!("/api/internships/{open}"))
        .await;
    assert_eq!(app.apply(&s, open).await.status(), StatusCode::NOT_FOUND);
}

const STATUSES: [&str; 6] = [
    "pending",
    "under_review",
    "interview_requested",
    "offer_extended",
    "hired",
    "rejected",
];

fn legal(from: &str, to: &str) -> bool {
    matches!(
        (from, to),
        (
            "pending" | "under_review",
            "interview_requested" | "offer_extended" | "rejected"
        ) | ("interview_requested", "offer_extended" | "rejected")
            | ("offer_extended", "hired" | "rejected")
    )
}

/// The shortest legal path from pending to a status.
fn path_to(status: &str) -> Vec<&'static str> {
    match status {
        "pending" => vec![],
        "interview_requested" => vec!["interview_requested"],
        "offer_extended" => vec!["offer_extended"],
        "hired" => vec!["offer_extended", "hired"],
        "rejected" => vec!["rejected"],
        _ => unreachable!(),
    }
}

#[tokio::test]
async fn every_pipeline_move_is_checked_against_the_graph() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("pipe@acme.example").await;
    let (other_employer, _) = app.signup_employer("not-mine@acme.example").await;
    let id = app.post_internship(&employer, "Pipeline").await["id"]
        .as_u64()
        .unwrap();
    let mut n = 0;
    for from in STATUSES.iter().filter(|s| **s != "under_review") {
        for to in STATUSES {
            n += 1;
            let (s, _) = app.signup_student(&format!("p{n}@school.example")).await;
            let a: Value = app.apply(&s, id).await.json().await.unwrap();
            let path = format!("/api/employers/applications/{}", a["id"]);
            for step in path_to(from) {
                assert_eq!(
                    app.put(&employer, &path, json!({"status": step}))
                        .await
                        .status(),
                    StatusCode::OK
                );
            }
            let res = app.put(&employer, &path, json!({"status": to})).await;
            if legal(from, to) {
                assert_eq!(res.status(), StatusCode::OK, "{from} -> {to}");
                let body: Value = res.json().await.unwrap();
                assert_eq!(body["status"], to);
                assert_eq!(
                    body["history"].as_array().unwrap().len(),
                    path_to(from).len() + 2
                );
            } else {
                let (status, body) = message_of(res).await;
                assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{from} -> {to}");
                let msg = body["message"].as_str().unwrap();
                assert!(msg.contains(from) && msg.contains(to), "{msg}");
            }
        }
    }
    // Ownership and bad input.
    let (s, _) = app.signup_student("last@school.example").await;
    let a: Value = app.apply(&s, id).await.json().await.unwrap();
    let path = format!("/api/employers/applications/{}", a["id"]);
    assert_eq!(
        app.put(&other_employer, &path, json!({"status": "rejected"}))
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.put(&s, &path, json!({"status": "hired"}))
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.put(&employer, &path, json!({"status": "promoted"}))
            .await
            .status(),
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        app.put(
            &employer,
            "/api/employers/applications/99999",
            json!({"status": "rejected"})
        )
        .await
        .status(),
        StatusCode::NOT_FOUND
    );
    let others: Vec<Value> = app
        .get(&other_employer, "/api/employers/applications")
        .await
        .json()
        .await
        .unwrap();
    assert!(others.is_empty());
}
