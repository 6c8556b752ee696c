//! What a placement's family hears: one e-mail per event, each with what to do (a button to the
//! page, whom to ask), in the guardian's language; a link that stopped working says why.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;
use crate::placements::{
    age_guardian_mails, details, guardian_page, guardian_signs, guardian_token, hired, mails_to,
};

const MARIA: &str = "maria@family.example";

fn text(m: &Value) -> &str {
    m["text"].as_str().unwrap()
}

#[tokio::test]
async fn the_guardian_gets_one_mail_per_event_with_its_action_and_old_links_say_why() {
    let app = spawn_app().await;
    app.state
        .store()
        .write(|w| {
            internreel::services::settings::set(w, "district-contact", "wbl@lakeside.example")
        })
        .unwrap();
    let h = hired(&app).await;
    let p = format!("/api/placements/{}", h.id);
    app.put(&h.employer, &p, details(-5, 60)).await;
    let g = json!({"name": "Maria Lopez", "relationship": "mother", "email": MARIA});
    assert_eq!(
        app.put(&h.student, &format!("{p}/guardian"), g)
            .await
            .status(),
        StatusCode::OK
    );

    // One mail: the invitation, its subject written, the link as an action line, whom to ask.
    let mails = mails_to(&app, MARIA);
    assert_eq!(mails.len(), 1, "{mails:?}");
    assert_eq!(
        mails[0]["subject"],
        "Please sign Sam Lee's internship agreement with Acme Robotics"
    );
    let body = text(&mails[0]);
    assert!(
        body.contains("\n\nRead and sign the agreement: http"),
        "{body}"
    );
    assert!(
        body.contains("Questions? Contact Your school district: wbl@lakeside.example"),
        "{body}"
    );
    let first = guardian_token(&app);

    // The page says what, where, when and for how much above the agreement, and whom to ask.
    let page = guardian_page(&app, &first).await;
    assert_eq!(page["placement"]["worksite"], "12 Elm St");
    assert_eq!(page["placement"]["schedule"], "Tue and Thu 3:30-6:30 pm");
    assert_eq!(page["placement"]["plannedHours"], 60);
    assert_eq!(page["placement"]["hourlyWage"], 15.5);
    assert_eq!(page["placement"]["supervisorName"], "Priya Shah");
    assert_eq!(
        page["placement"]["contact"]["reach"],
        "wbl@lakeside.example"
    );

    // The school sends a new link: the old one says a newer one went, and nothing else.
    let res = app
        .post(&h.admin, &format!("{p}/guardian/resend"), json!({}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let second = guardian_token(&app);
    assert_ne!(first, second);
    let (status, body) = message_of(
        app.get(&app.client(), &format!("/api/guardian/{first}"))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let said = body["message"].as_str().unwrap();
    assert!(
        said.starts_with("A newer signing link was sent to you on "),
        "{said}"
    );
    assert!(!said.contains("Sam") && !said.contains("Acme"), "{said}");

    // A used link says when they signed.
    assert_eq!(guardian_signs(&app, &second).await.status(), StatusCode::OK);
    for token in [&first, &second] {
        let (status, body) = message_of(
            app.get(&app.client(), &format!("/api/guardian/{token}"))
                .await,
        )
        .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let said = body["message"].as_str().unwrap();
        assert!(said.starts_with("You signed this agreement on "), "{said}");
        assert!(
            said.ends_with("We will e-mail you a copy once everyone has signed."),
            "{said}"
        );
    }

    // The guardian reads Spanish; the employer then changes the schedule: the signature is
    // voided, the student is told what changed, and the guardian gets one mail with the new
    // link saying why, in Spanish.
    let before = mails_to(&app, MARIA).len();
    app.state
        .store()
        .write(|w| internreel::store::languages::set_email(w, MARIA, internreel::i18n::Lang::Es))
        .unwrap();
    let mut changed = details(-5, 60);
    changed["schedule"] = json!("Mon and Wed 4-7 pm");
    assert_eq!(
        app.put(&h.employer, &p, changed).await.status(),
        StatusCode::OK
    );
    let mails = mails_to(&app, MARIA);
    assert_eq!(mails.len(), before + 1, "{mails:?}");
    assert_eq!(
        mails[0]["subject"],
        "Por favor, firme el acuerdo de prácticas de Sam Lee con Acme Robotics"
    );
    let body = text(&mails[0]);
    assert!(body.contains("El acuerdo de prácticas cambió después de que lo firmó (la empresa cambió los detalles)"), "{body}");
    assert!(
        body.contains("El horario cambió de «Tue and Thu 3:30-6:30 pm» a «Mon and Wed 4-7 pm»."),
        "{body}"
    );
    assert!(body.contains("Leer y firmar el acuerdo: http"), "{body}");
    assert!(
        !body.contains("Read and sign") && !body.contains("Questions?"),
        "{body}"
    );
    let notes: Value = app
        .get(&h.student, "/api/notifications")
        .await
        .json()
        .await
        .unwrap();
    let all = notes.to_string();
    assert!(
        all.contains(
            "The schedule changed from “Tue and Thu 3:30-6:30 pm” to “Mon and Wed 4-7 pm”."
        ),
        "{all}"
    );

    // Cancelling tells the guardian why, in a mail of its own with whom to ask.
    let res = app
        .post(
            &h.admin,
            &format!("{p}/cancel"),
            json!({"reason": "The student moved away"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let mails = mails_to(&app, MARIA);
    assert_eq!(
        mails[0]["subject"],
        "Se canceló la práctica de Sam Lee con Acme Robotics"
    );
    assert!(text(&mails[0]).contains("El motivo indicado: The student moved away"));
    assert!(
        mails
            .iter()
            .all(|m| m["subject"] != "About the internship agreement")
    );
}

/// The other party's open page hears of a change at once: the employer's details, then the
/// student's hours, each send `placement_changed` to both parties' sockets.
#[tokio::test]
async fn each_party_s_open_page_hears_when_the_other_acts() {
    use crate::messages::{login_cookie, next_json, ws_connect};
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::Message;

    let app = spawn_app().await;
    let h = hired(&app).await;
    let p = format!("/api/placements/{}", h.id);
    let cookie = login_cookie(&app, "/api/student-login", "ana@student.example", "secret1").await;
    let mut ws = ws_connect(&app, Some(cookie)).await.expect("upgrade");
    ws.send(Message::Text(
        json!({"type": "join", "userId": h.student_id})
            .to_string()
            .into(),
    ))
    .await
    .unwrap();
    assert_eq!(next_json(&mut ws).await.unwrap()["type"], "joined");
    assert_eq!(
        app.put(&h.employer, &p, details(-5, 60)).await.status(),
        StatusCode::OK
    );
    let frame = next_json(&mut ws).await.expect("a frame");
    assert_eq!(frame["type"], "placement_changed");
    assert_eq!(frame["placementId"], h.id);
}

/// The school enters the guardian itself (or corrects the student's): confirmed as given,
/// mailed their link, and no longer the student's to change.
#[tokio::test]
async fn the_school_enters_or_corrects_the_guardian_and_the_student_cannot_change_it() {
    let app = spawn_app().await;
    let h = hired(&app).await;
    let p = format!("/api/placements/{}", h.id);
    app.put(&h.employer, &p, details(-5, 60)).await;
    let g = json!({"name": "Maria Lopez", "relationship": "mother", "email": MARIA});
    // The employer never gives it.
    assert_eq!(
        app.put(&h.employer, &format!("{p}/guardian"), g.clone())
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    // The school cannot give the student's own mailbox either.
    let (status, body) = message_of(
        app.put(&h.admin, &format!("{p}/guardian"), json!({"name": "Maria Lopez", "relationship": "mother", "email": "ana+mom@student.example"}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"]["email"],
        "This is the student's own e-mail address: enter their parent or guardian's"
    );
    let res = app.put(&h.admin, &format!("{p}/guardian"), g).await;
    assert_eq!(res.status(), StatusCode::OK);
    let view: Value = res.json().await.unwrap();
    assert_eq!(view["guardian"]["source"], "school");
    assert_eq!(view["guardian"]["confirmed"], true);
    assert_eq!(mails_to(&app, MARIA).len(), 1, "the invitation");
    let res = app
        .put(
            &h.student,
            &format!("{p}/guardian"),
            json!({"name": "Someone Else", "relationship": "aunt", "email": "aunt@family.example"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    // The school corrects the address: the new one gets the link, the old link ends.
    let old = guardian_token(&app);
    let fixed = json!({"name": "Maria Lopez", "relationship": "mother", "email": "maria.lopez@family.example"});
    assert_eq!(
        app.put(&h.admin, &format!("{p}/guardian"), fixed)
            .await
            .status(),
        StatusCode::OK
    );
    assert_eq!(mails_to(&app, "maria.lopez@family.example").len(), 1);
    assert_eq!(
        app.get(&app.client(), &format!("/api/guardian/{old}"))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    let history: Value = app.get(&h.student, &p).await.json().await.unwrap();
    assert!(
        history["history"]
            .to_string()
            .contains("The school gave the parent or guardian")
    );
}

/// A parent who reads Spanish, from the first e-mail to the signed copy: every mail, answer and
/// PDF line they get is Spanish (user-typed data aside). The family reads the student's
/// language until they choose on their page.
#[tokio::test]
async fn a_spanish_speaking_parent_reads_spanish_from_the_first_mail_to_the_signed_pdf() {
    const ENGLISH: [&str; 13] = [
        // The district's default name ("Your school district"): no district name is set here.
        "school district",
        "Hello",
        "Please",
        "Read and sign",
        "The link works",
        "Questions?",
        "Everyone signed",
        "Download",
        " internship",
        " agreement",
        "Signatures",
        "Read and signed",
        "page 1 of",
    ];
    let app = spawn_app().await;
    app.state
        .store()
        .write(|w| {
            internreel::services::settings::set(w, "district-contact", "wbl@lakeside.example")
        })
        .unwrap();
    let h = hired(&app).await;
    let p = format!("/api/placements/{}", h.id);
    assert_eq!(
        app.put(&h.student, "/api/language", json!({"language": "es"}))
            .await
            .status(),
        StatusCode::OK
    );
    app.put(&h.employer, &p, crate::placements::details(-50, 0))
        .await;
    let g = json!({"name": "Maria Lopez", "relationship": "madre", "email": MARIA});
    assert_eq!(
        app.put(&h.student, &format!("{p}/guardian"), g)
            .await
            .status(),
        StatusCode::OK
    );
    let invite = &mails_to(&app, MARIA)[0];
    let said = format!("{}\n{}", invite["subject"], text(invite));
    for english in ENGLISH {
        assert!(!said.contains(english), "{english}: {said}");
    }
    assert!(said.contains("Leer y firmar el acuerdo: http"), "{said}");
    // The page (its language sent as Accept-Language) and the answer to the signature.
    let token = guardian_token(&app);
    let page: Value = app
        .client()
        .get(app.url(&format!("/api/guardian/{token}")))
        .header("Accept-Language", "es")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(page["placement"]["agreementLanguage"], "es");
    let res = app
        .client()
        .post(app.url(&format!("/api/guardian/{token}/sign")))
        .header("Accept-Language", "es")
        .json(&json!({"name": "Maria Lopez", "consent": true, "agreementSha256": page["placement"]["agreementSha256"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        res.json::<Value>().await.unwrap()["message"],
        "Gracias. Su firma quedó registrada en el acuerdo."
    );
    // The others sign; the copy arrives in Spanish and its PDF is the Spanish one.
    crate::placements::sign_rest(&app, &h, &p).await;
    let copy = &mails_to(&app, MARIA)[0];
    let said = format!("{}\n{}", copy["subject"], text(copy));
    for english in ENGLISH {
        assert!(!said.contains(english), "{english}: {said}");
    }
    let at = said.find("/api/guardian/").expect("the copy's link");
    let url = &said[at..at + "/api/guardian/".len() + 64 + "/agreement.pdf".len()];
    let pdf = app.client().get(app.url(url)).send().await.unwrap();
    assert_eq!(pdf.status(), StatusCode::OK);
    let pdf = crate::placements::pdftotext(&pdf.bytes().await.unwrap());
    let flat = pdf.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("ACUERDO DE FORMACIÓN EN EL LUGAR DE TRABAJO"),
        "{flat}"
    );
    // The frame is Spanish; the English text the supervisor and the school signed is in it too,
    // as theirs (the PDF carries every language signed).
    for english in [
        "Signatures",
        "Read and signed",
        "page 1 of",
        "Work-based learning training agreement",
        "The agreement in English",
    ] {
        assert!(!flat.contains(english), "{english}: {flat}");
    }
}

/// The copy link a mail holds (`/api/guardian/{64 hex}/agreement.pdf`).
fn copy_link(mail: &Value) -> String {
    let body = text(mail);
    let at = body.find("/api/guardian/").expect("a copy link");
    body[at..at + "/api/guardian/".len() + 64 + "/agreement.pdf".len()].to_string()
}

#[tokio::test]
async fn a_guardian_who_signed_gets_a_new_copy_link_from_the_old_signing_link() {
    let app = spawn_app().await;
    let h = hired(&app).await;
    let p = format!("/api/placements/{}", h.id);
    app.put(&h.employer, &p, details(-5, 60)).await;
    let g = json!({"name": "Maria Lopez", "relationship": "mother", "email": MARIA});
    app.put(&h.student, &format!("{p}/guardian"), g).await;
    let token = guardian_token(&app);
    let again = format!("/api/guardian/{token}/copy-again");
    assert_eq!(guardian_signs(&app, &token).await.status(), StatusCode::OK);

    // Before everyone signed there is no copy to send again, and the page offers none.
    let res = app
        .get(&app.client(), &format!("/api/guardian/{token}"))
        .await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    let said: Value = res.json().await.unwrap();
    assert!(said.get("next").is_none(), "{said}");
    let res = app.post(&app.client(), &again, json!({})).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);

    crate::placements::sign_rest(&app, &h, &p).await;
    let first_copy = copy_link(&mails_to(&app, MARIA)[0]);
    let res = app
        .get(&app.client(), &format!("/api/guardian/{token}"))
        .await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    let said: Value = res.json().await.unwrap();
    assert_eq!(said["next"], "copy-again", "{said}");
    assert!(
        said["message"]
            .as_str()
            .unwrap()
            .contains("Everyone has signed, and your copy was e-mailed to you on"),
        "{said}"
    );

    // The copy mail went out a moment ago: the next waits for the guardian's cool-down.
    let res = app.post(&app.client(), &again, json!({})).await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(res.headers().contains_key("retry-after"));
    let mails = mails_to(&app, MARIA).len();

    age_guardian_mails(&app, h.id);
    let res = app.post(&app.client(), &again, json!({})).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        res.json::<Value>().await.unwrap()["message"],
        "We e-mailed a new link to your copy to the address the school has for you."
    );
    let all = mails_to(&app, MARIA);
    assert_eq!(all.len(), mails + 1, "one new mail, to the address on file");
    assert_eq!(
        all[0]["subject"],
        "Your copy of Sam Lee's internship agreement with Acme Robotics"
    );
    let second_copy = copy_link(&all[0]);
    assert_ne!(first_copy, second_copy);

    // Only the newest copy link opens the PDF.
    let old = app.get(&app.client(), &first_copy).await;
    assert_eq!(old.status(), StatusCode::NOT_FOUND);
    let new = app.get(&app.client(), &second_copy).await;
    assert_eq!(new.status(), StatusCode::OK);
    assert_eq!(
        new.headers()["content-type"].to_str().unwrap(),
        "application/pdf"
    );

    // A made-up or malformed token asks for nothing.
    for bad in [
        format!("/api/guardian/{}/copy-again", "ab".repeat(32)),
        "/api/guardian/x/copy-again".into(),
    ] {
        let res = app.post(&app.client(), &bad, json!({})).await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{bad}");
    }
}
