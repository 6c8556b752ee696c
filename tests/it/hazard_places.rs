//! The hazardous-duties screen says where it matched (the term, the writer's words, the
//! field) to the employer and the admin, and a district admin can mark a term a false match
//! for one posting: audited, the posting re-screened without it, live once nothing else
//! holds it; a later edit that makes the term match other words holds it again.

use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;

async fn body(res: reqwest::Response) -> Value {
    res.json().await.unwrap_or(Value::Null)
}

fn posting(title: &str, description: &str) -> Value {
    let mut b = internship_body(title);
    b["description"] = json!(description);
    b["hazardousDutiesConfirmed"] = json!(true);
    b
}

fn place(term: &str, field: &str, label: &str, text: &str) -> Value {
    json!({"term": term, "field": field, "fieldLabel": label, "text": text})
}

/// The open system report about posting `id`, as the admin's list shows it.
async fn report_about(app: &TestApp, admin: &Client, id: u64) -> Option<Value> {
    let list = body(app.get(admin, "/api/admin/reports").await).await;
    list["reports"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| {
            r["targetId"].as_u64() == Some(id) && r["system"] == true && r["status"] == "open"
        })
        .cloned()
}

async fn public(app: &TestApp, id: u64) -> bool {
    app.get(&app.client(), &format!("/api/internships/{id}"))
        .await
        .status()
        == StatusCode::OK
}

#[tokio::test]
async fn a_held_posting_says_where_each_term_matched_and_an_admin_marks_a_false_match() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let (employer, _) = app.signup_employer("wraps@hazard-places.example").await;
    let (student, _) = app.signup_student("kid@hazard-places.example").await;
    let description = "Design the new wrap for our delivery truck and plan the rooftop garden.";
    let res = app
        .post(
            &employer,
            "/api/internships",
            posting("Rooftop garden design intern", description),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let held = body(res).await;
    let id = held["id"].as_u64().unwrap();
    assert_eq!(held["visibility"], "held_for_review");
    assert_eq!(held["heldTerms"], json!(["driving", "roofing"]));
    // The employer reads each term's field and words.
    let places = json!([
        place("driving", "description", "Description", "delivery truck"),
        place("roofing", "title", "Title", "Rooftop"),
        place("roofing", "description", "Description", "rooftop"),
    ]);
    assert_eq!(held["heldPlaces"], places, "{held}");
    let own = body(app.get(&employer, "/api/employers/internships").await).await;
    let own = own
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["id"].as_u64() == Some(id))
        .unwrap()
        .clone();
    assert_eq!(own["heldPlaces"], places);
    // In Spanish, the field's label is translated; the words stay the employer's.
    let language = |code: &str| json!({ "language": code });
    assert_eq!(
        app.put(&employer, "/api/language", language("es"))
            .await
            .status(),
        StatusCode::OK
    );
    let es = body(app.get(&employer, "/api/employers/internships").await).await;
    assert_eq!(es[0]["heldPlaces"][0]["fieldLabel"], "Descripción", "{es}");
    assert_eq!(es[0]["heldPlaces"][0]["text"], "delivery truck");
    app.put(&employer, "/api/language", language("en")).await;

    // So does the admin, with the words marked in the screened text.
    let report = report_about(&app, &admin, id).await.unwrap();
    let rid = report["id"].as_u64().unwrap();
    assert_eq!(report["heldPlaces"], places);
    assert_eq!(report["falseMatches"], json!([]));
    let fields = report["content"]["fields"].as_array().unwrap();
    let desc = fields.iter().find(|f| f["field"] == "description").unwrap();
    let marked: Vec<(String, String)> = desc["marks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let (start, end) = (m["start"].as_u64().unwrap(), m["end"].as_u64().unwrap());
            let utf16: Vec<u16> = description.encode_utf16().collect();
            (
                m["term"].as_str().unwrap().to_string(),
                String::from_utf16(&utf16[start as usize..end as usize]).unwrap(),
            )
        })
        .collect();
    assert_eq!(
        marked,
        [
            ("driving".to_string(), "delivery truck".to_string()),
            ("roofing".to_string(), "rooftop".to_string())
        ]
    );

    // Only a district admin marks a false match: the employer and the student are refused
    // (403, as every admin route answers them), a visitor is asked to sign in.
    let path = format!("/api/admin/reports/{rid}/false-match");
    for (who, expected) in [
        (&employer, StatusCode::FORBIDDEN),
        (&student, StatusCode::FORBIDDEN),
        (&app.client(), StatusCode::UNAUTHORIZED),
    ] {
        let res = app.post(who, &path, json!({"term": "driving"})).await;
        assert_eq!(res.status(), expected);
    }
    assert_eq!(
        report_about(&app, &admin, id).await.unwrap()["heldTerms"],
        json!(["driving", "roofing"])
    );
    // A term the posting is not held for, or none.
    let (status, v) = message_of(app.post(&admin, &path, json!({"term": "forklift"})).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(v["message"], "This posting is not held for 'forklift'");
    let (status, _) = message_of(app.post(&admin, &path, json!({})).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // 'driving' marked: 'roofing' still holds the posting.
    let res = app.post(&admin, &path, json!({"term": "driving"})).await;
    assert_eq!(res.status(), StatusCode::OK);
    let after = body(res).await;
    assert_eq!(after["status"], "open");
    assert_eq!(after["heldTerms"], json!(["roofing"]));
    assert_eq!(after["heldPlaces"], json!([places[1], places[2]]));
    assert_eq!(after["falseMatches"][0]["term"], "driving");
    assert_eq!(
        after["falseMatches"][0]["places"],
        json!([place(
            "driving",
            "description",
            "Description",
            "delivery truck"
        )])
    );
    assert!(!public(&app, id).await);
    let own = body(app.get(&employer, "/api/employers/internships").await).await;
    assert_eq!(own[0]["visibility"], "held_for_review");
    assert_eq!(own[0]["heldTerms"], json!(["roofing"]));
    assert_eq!(own[0]["heldPlaces"].as_array().unwrap().len(), 2);

    // 'roofing' marked too: nothing holds it, the hold's report closes and students see it.
    let after = body(app.post(&admin, &path, json!({"term": "roofing"})).await).await;
    assert_eq!(after["status"], "resolved", "{after}");
    assert_eq!(after["resolution"]["action"], "release");
    // What the marks cover is listed with them, not as what holds it.
    assert_eq!(after["heldPlaces"], json!([]));
    assert_eq!(after["falseMatches"].as_array().unwrap().len(), 2);
    assert!(public(&app, id).await);
    let (status, _) = message_of(app.post(&admin, &path, json!({"term": "roofing"})).await).await;
    assert_eq!(status, StatusCode::CONFLICT);

    // Who marked what, and where it had matched, is in the audit log.
    let audit = body(app.get(&admin, "/api/admin/audit").await).await;
    let marks: Vec<&Value> = audit["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"] == "hazard.false_match")
        .collect();
    assert_eq!(marks.len(), 2);
    assert_eq!(marks[1]["actor"]["kind"], "admin");
    assert_eq!(marks[1]["recordType"], "internship");
    assert_eq!(marks[1]["recordId"].as_u64(), Some(id));
    assert_eq!(
        marks[1]["summary"],
        format!(
            "District admin (pin) marked 'driving' a false match for internship #{id} (report #{rid}): 'driving' matched \u{201C}delivery truck\u{201D} in the description"
        )
    );

    // An edit elsewhere keeps it live: the marks cover the words they were made for, in
    // other capitals too.
    let edited = posting(
        "Rooftop garden design intern",
        "Design the new wrap for our Delivery Trucks and plan the rooftop garden. Fridays.",
    );
    let res = app
        .put(
            &employer,
            &format!("/api/employers/internships/{id}"),
            edited,
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let v = body(res).await;
    assert_eq!(v["visibility"], "public", "{v}");
    // Other words for a marked term hold it again, and say where.
    let worse = posting(
        "Rooftop garden design intern",
        "Design the wrap for our delivery truck. Drive the company van to events.",
    );
    let v = body(
        app.put(
            &employer,
            &format!("/api/employers/internships/{id}"),
            worse,
        )
        .await,
    )
    .await;
    assert_eq!(v["visibility"], "held_for_review");
    assert_eq!(v["heldTerms"], json!(["driving"]));
    assert_eq!(
        v["heldPlaces"],
        json!([
            place("driving", "description", "Description", "delivery truck"),
            place(
                "driving",
                "description",
                "Description",
                "Drive the company van"
            ),
        ])
    );
    let again = report_about(&app, &admin, id).await.unwrap();
    assert_ne!(again["id"].as_u64(), Some(rid), "a new hold, a new report");
    assert!(!public(&app, id).await);
}
