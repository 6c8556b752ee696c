//! The school's record of a placement: the career cluster from the district's list, the
//! district's safety checklist ticked with who and when, worksite visits; all in the CSV.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;
use crate::placements::{activate, hired};

#[tokio::test]
async fn the_school_files_ticks_and_visits_and_the_csv_says_so() {
    let app = spawn_app().await;
    let h = hired(&app).await;
    let p = format!("/api/placements/{}", h.id);
    activate(&app, &h, -10, 40).await;
    // The district's own checklist.
    app.state
        .store()
        .write(|w| {
            internreel::services::settings::set(
                w,
                "safety-checklist",
                "Gloves given\nFire exits shown\n",
            )
        })
        .unwrap();
    // The student and the employer neither read nor write it.
    let student: Value = app.get(&h.student, &p).await.json().await.unwrap();
    assert_eq!(student["record"], Value::Null);
    assert_eq!(
        app.put(
            &h.employer,
            &format!("{p}/cluster"),
            json!({"cluster": "Finance"})
        )
        .await
        .status(),
        StatusCode::FORBIDDEN
    );

    let view: Value = app.get(&h.admin, &p).await.json().await.unwrap();
    assert_eq!(view["record"]["clusters"].as_array().unwrap().len(), 16);
    assert_eq!(view["record"]["checklist"][0]["item"], "Gloves given");
    let (status, body) = message_of(
        app.put(
            &h.admin,
            &format!("{p}/cluster"),
            json!({"cluster": "Astrology"}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"]["cluster"],
        "Choose a career cluster from the district's list"
    );
    assert_eq!(
        app.put(
            &h.admin,
            &format!("{p}/cluster"),
            json!({"cluster": "Finance"})
        )
        .await
        .status(),
        StatusCode::OK
    );
    let (status, body) = message_of(
        app.put(
            &h.admin,
            &format!("{p}/checklist"),
            json!({"item": "Hard hat", "done": true}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let res = app
        .put(
            &h.admin,
            &format!("{p}/checklist"),
            json!({"item": "Gloves given", "done": true}),
        )
        .await;
    let view: Value = res.json().await.unwrap();
    assert_eq!(view["record"]["checklist"][0]["done"], true);
    // The district pin has no name: the page says "the district admin" in its language.
    assert_eq!(view["record"]["checklist"][0]["by"], "");
    let tomorrow = (time::OffsetDateTime::now_utc().date() + time::Duration::days(1)).to_string();
    let (status, body) = message_of(
        app.post(
            &h.admin,
            &format!("{p}/visits"),
            json!({"date": tomorrow, "notes": "Planned"}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"]["date"],
        "A visit is recorded once it happened"
    );
    let today = time::OffsetDateTime::now_utc().date().to_string();
    let res = app
        .post(
            &h.admin,
            &format!("{p}/visits"),
            json!({"date": today, "notes": "Met Priya; the student shelves returns safely."}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let view: Value = res.json().await.unwrap();
    assert_eq!(
        view["record"]["visits"][0]["notes"],
        "Met Priya; the student shelves returns safely."
    );

    let csv = app
        .get(&h.admin, "/api/admin/program.csv")
        .await
        .text()
        .await
        .unwrap();
    assert!(csv.contains(&format!(",Finance,1,{today},1 of 2")), "{csv}");
}
