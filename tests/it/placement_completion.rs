//! How a placement finishes: the final evaluation's window, "completed" only at the end date
//! or the planned hours (else an early end with a reason), and the certificate with its code
//! that anyone holding it verifies.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;
use crate::placements::{activate, hired, pdftotext, scores};

#[tokio::test]
async fn a_placement_ends_early_with_its_real_hours_and_a_certificate_anyone_can_verify() {
    let app = spawn_app().await;
    let h = hired(&app).await;
    let p = format!("/api/placements/{}", h.id);
    activate(&app, &h, -10, 40).await;
    let today = time::OffsetDateTime::now_utc().date();
    let yesterday = today - time::Duration::days(1);
    let res = app
        .post(
            &h.student,
            &format!("{p}/hours"),
            json!({"date": yesterday.to_string(), "hours": 3, "note": "Shelved returns"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let id = res.json::<Value>().await.unwrap()["id"].as_u64().unwrap();
    app.post(
        &h.employer,
        &format!("{p}/hours/approve"),
        json!({"ids": [id]}),
    )
    .await;

    // Ten days into fifty: the final evaluation is not open yet, and says when it opens.
    let view: Value = app.get(&h.employer, &p).await.json().await.unwrap();
    assert_eq!(view["finish"]["finalOpen"], false);
    assert_eq!(view["finish"]["mayComplete"], false);
    assert_eq!(view["finish"]["finalHours"], 48.0);
    let (status, body) = message_of(
        app.post(
            &h.employer,
            &format!("{p}/evaluations"),
            json!({"kind": "final", "scores": scores(3), "comments": ""}),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let said = body["message"].as_str().unwrap();
    assert!(said.starts_with("The final evaluation opens on "), "{said}");
    assert!(
        said.ends_with("or once 48 of the 60 planned hours are approved"),
        "{said}"
    );

    // Completed is refused before the end date and the planned hours; ending early is the way.
    let (status, body) = message_of(
        app.post(&h.admin, &format!("{p}/complete"), json!({}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("and 3 of its 60 planned hours are approved"),
        "{body}"
    );
    let res = app
        .post(
            &h.admin,
            &format!("{p}/end"),
            json!({"reason": "The branch closed for renovation"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let view: Value = res.json().await.unwrap();
    assert_eq!(view["state"], "ended_early");
    assert_eq!(view["finish"]["certificate"], true);

    // The certificate says the real hours and the real last day (today, not the end date).
    let res = app.get(&h.student, &format!("{p}/certificate.pdf")).await;
    assert_eq!(res.status(), StatusCode::OK);
    let text = pdftotext(&res.bytes().await.unwrap());
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for said in [
        "Certificate of work-based learning",
        "Your school district certifies that",
        "Sam Lee",
        "completed 3 hours of work-based learning as Library helper at Acme Robotics",
        "Supervised by Priya Shah, Branch manager",
        "Signed for the school by Coordinator Cole on",
        "Verify it at",
    ] {
        assert!(flat.contains(said), "{said}: {flat}");
    }
    let at = flat.find("/verify/").expect("the verification address");
    let code = &flat[at + 8..at + 23];

    // Anyone holding the code reads the facts, typed however; a wrong code names nothing.
    let facts: Value = app
        .get(
            &app.client(),
            &format!("/api/verify/{}", code.to_lowercase()),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(facts["student"], "Sam Lee");
    assert_eq!(facts["company"], "Acme Robotics");
    assert_eq!(facts["hours"], 3.0);
    assert_eq!(facts["lastDay"], today.to_string());
    assert_eq!(facts["state"], "ended_early");
    assert_eq!(facts["code"], code);
    let (status, body) =
        message_of(app.get(&app.client(), "/api/verify/0000-0000-00000").await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        body["message"],
        "No certificate has this code. Check it against the certificate."
    );

    // A district that issues none for an early end: no certificate, and the code verifies none.
    app.state
        .store()
        .write(|w| internreel::services::settings::set(w, "certificate-on-early-end", "off"))
        .unwrap();
    assert_eq!(
        app.get(&h.student, &format!("{p}/certificate.pdf"))
            .await
            .status(),
        StatusCode::CONFLICT
    );
    assert_eq!(
        app.get(&app.client(), &format!("/api/verify/{code}"))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
}

/// Hours are judged by the caps the agreement states (frozen with it), not re-judged when the
/// district changes its caps later; the supervisor hears once a day what waits.
#[tokio::test]
async fn hours_keep_the_agreed_caps_and_the_supervisor_gets_a_daily_digest() {
    let app = spawn_app().await;
    let h = hired(&app).await;
    let p = format!("/api/placements/{}", h.id);
    activate(&app, &h, -10, 40).await;
    let day = (time::OffsetDateTime::now_utc().date() - time::Duration::days(1)).to_string();
    let res = app
        .post(
            &h.student,
            &format!("{p}/hours"),
            json!({"date": day, "hours": 6, "note": "Inventory"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    // The district lowers its daily cap after the agreement: the 6 h day stays within its own.
    app.state
        .store()
        .write(|w| internreel::services::settings::set(w, "max-hours-per-day", "4"))
        .unwrap();
    let view: Value = app.get(&h.admin, &p).await.json().await.unwrap();
    assert_eq!(view["caps"]["perDay"], 8.0);
    assert_eq!(view["entries"][0]["overCap"], Value::Null);
    assert!(
        view["flags"].as_array().unwrap().is_empty(),
        "{}",
        view["flags"]
    );

    // The day's digest, once.
    let now = internreel::clock::now_ms();
    let sent = app
        .state
        .store()
        .write(|w| internreel::services::placements::reminders::reminders(w, now))
        .unwrap();
    assert!(sent >= 1);
    let again = app
        .state
        .store()
        .write(|w| internreel::services::placements::reminders::reminders(w, now))
        .unwrap();
    assert_eq!(again, 0);
    let notes: Value = app
        .get(&h.employer, "/api/notifications")
        .await
        .json()
        .await
        .unwrap();
    assert!(
        notes
            .to_string()
            .contains("Sam Lee's hours wait for your approval: 1 day(s), 6 h."),
        "{notes}"
    );
}

/// The district's clock (`settings set time-zone`) dates what a person reads: the certificate's
/// signed-on day, the verified last day and the agreement's signature times, not UTC's.
#[tokio::test]
async fn the_district_s_time_zone_dates_the_certificate_and_the_agreement() {
    use internreel::commands::{Command, run};
    let app = spawn_app().await;
    let set = |value: &str| {
        run(
            &app.state.services,
            &internreel::jobs::Boards::Recorded,
            Command::SettingsSet {
                key: "time-zone".into(),
                value: value.into(),
            },
        )
    };
    let listed = run(
        &app.state.services,
        &internreel::jobs::Boards::Recorded,
        Command::SettingsList,
    )
    .unwrap();
    assert!(
        listed.contains("time-zone = \"UTC\" (the default)"),
        "{listed}"
    );
    let refused = set("Mars/Olympus").unwrap_err().to_string();
    assert!(refused.contains("America/Chicago"), "{refused}");
    // UTC+14 all year: its day is ahead of UTC's from 10:00 UTC on.
    set("Pacific/Kiritimati").unwrap();

    let h = hired(&app).await;
    let p = format!("/api/placements/{}", h.id);
    activate(&app, &h, -10, 40).await;
    let pdf = app.get(&h.student, &format!("{p}/agreement.pdf")).await;
    assert_eq!(pdf.status(), StatusCode::OK);
    let text = pdftotext(&pdf.bytes().await.unwrap());
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains(" +14"), "{flat}");
    assert!(!flat.contains(" UTC"), "{flat}");

    let res = app
        .post(
            &h.admin,
            &format!("{p}/end"),
            json!({"reason": "The branch closed for renovation"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let district_today = (time::OffsetDateTime::now_utc() + time::Duration::hours(14)).date();
    let long = district_today
        .format(time::macros::format_description!(
            "[month repr:long] [day padding:none], [year]"
        ))
        .unwrap();
    let pdf = app.get(&h.student, &format!("{p}/certificate.pdf")).await;
    let text = pdftotext(&pdf.bytes().await.unwrap());
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(&format!(
            "Signed for the school by Coordinator Cole on {long}"
        )),
        "{long}: {flat}"
    );
    let at = flat.find("/verify/").expect("the verification address");
    let code = &flat[at + 8..at + 23];
    let facts: Value = app
        .get(&app.client(), &format!("/api/verify/{code}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(facts["lastDay"], district_today.to_string());
}
