//! Caption tracks by language (`PUT`/`DELETE /api/internships/{id}/captions/{lang}`): the
//! checks that name the cue, the clean form that is stored, the hazard screen over every
//! track, removal, another employer refused, and both languages in the posting's JSON.

use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;

/// A verified employer's posting with the 5-second fixture clip: (employer, another
/// employer, posting id).
async fn posting_with_clip(app: &TestApp, tag: &str) -> (Client, Client, u64) {
    let admin = app.admin().await;
    let (employer, _, _) = live_posting(app, &admin, tag).await;
    let res = app
        .post_internship_with_video(&employer, "Camp helper", fixture_video())
        .await;
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    assert_eq!(v["videoDuration"], json!(5.0), "{v}");
    let (other, _, _) = live_posting(app, &admin, &format!("other-{tag}")).await;
    (employer, other, v["id"].as_u64().unwrap())
}

async fn put_track(
    app: &TestApp,
    c: &Client,
    id: u64,
    lang: &str,
    vtt: &str,
) -> (StatusCode, Value) {
    let res = c
        .put(app.url(&format!("/api/internships/{id}/captions/{lang}")))
        .json(&json!({ "vtt": vtt }))
        .send()
        .await
        .unwrap();
    message_of(res).await
}

async fn delete_track(app: &TestApp, c: &Client, id: u64, lang: &str) -> (StatusCode, Value) {
    let res = c
        .delete(app.url(&format!("/api/internships/{id}/captions/{lang}")))
        .send()
        .await
        .unwrap();
    message_of(res).await
}

async fn text_of(app: &TestApp, c: &Client, url: &str) -> String {
    let res = app.get(c, url).await;
    assert_eq!(res.status(), StatusCode::OK, "{url}");
    res.text().await.unwrap()
}

#[tokio::test]
async fn a_track_is_refused_with_the_cue_it_is_about() {
    // Arrange
    let app = spawn_reviewed(false).await;
    let (employer, _, id) = posting_with_clip(&app, "cue-checks").await;
    let cases = [
        (
            "WEBVTT\n\n00:00.000 --> 00:02.000\nOne\n\n00:01.500 --> 00:03.000\nTwo\n",
            "Cue 2 starts before the cue above it ends (0:02)",
        ),
        (
            "WEBVTT\n\n00:00.000 --> 00:01.000\nOne\n\n00:02.000 --> 00:03.000\nTwo\n\n00:04.000 --> 00:06.000\nThree\n",
            "Cue 3 ends after the video (0:05)",
        ),
        (
            "WEBVTT\n\n00:02.000 --> 00:03.000\nOne\n\n00:01.000 --> 00:01.500\nTwo\n",
            "Cue 2 starts before the cue above it",
        ),
        (
            "WEBVTT\n\n00:01.000 --> 00:02.000\nHello\u{202E}olleh\n",
            "Cue 1 contains hidden control or text-direction characters",
        ),
        (
            "WEBVTT\n\n00:01.000 --> 00:02.000\nbell\u{7}ring\n",
            "Cue 1 contains hidden control or text-direction characters",
        ),
        (
            "00:01.000 --> 00:02.000\nNo header\n",
            "Captions must be a WebVTT file (.vtt): the first line must be WEBVTT",
        ),
    ];
    let long = format!(
        "WEBVTT\n\n00:00.000 --> 00:01.000\nShort\n\n00:01.000 --> 00:02.000\n{}\n",
        "word ".repeat(45)
    );

    // Act and assert
    for (vtt, message) in cases {
        let (status, v) = put_track(&app, &employer, id, "en", vtt).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{vtt:?}: {v}");
        assert_eq!(v["message"], message, "{vtt:?}");
    }
    let (status, v) = put_track(&app, &employer, id, "en", &long).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(v["message"], "Cue 2 is longer than 200 characters (224)");
    let (status, v) = put_track(
        &app,
        &employer,
        id,
        "fr",
        "WEBVTT\n\n00:01.000 --> 00:02.000\nSalut\n",
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(v["message"], "Captions can be in these languages: en, es");
    // Each refusal has its Spanish (the catalogue's templates take the cue and the time).
    for (english, spanish) in [
        (
            "Cue 3 ends after the video (0:05)",
            "El fragmento 3 termina después del video (0:05)",
        ),
        (
            "Cue 2 starts before the cue above it ends (0:02)",
            "El fragmento 2 empieza antes de que termine el fragmento anterior (0:02)",
        ),
        (
            "Cue 2 is longer than 200 characters (224)",
            "El fragmento 2 tiene más de 200 caracteres (224)",
        ),
    ] {
        assert_eq!(internreel::i18n::Lang::Es.tr(english), spanish);
    }
    // Nothing was stored.
    let v: Value = app
        .get(&employer, &format!("/api/internships/{id}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(v["captions"], json!([]), "{v}");
    assert_eq!(v["captionsUrl"], Value::Null);
}

#[tokio::test]
async fn hostile_markup_is_dropped_from_the_stored_track() {
    // Arrange
    let app = spawn_reviewed(false).await;
    let (employer, _, id) = posting_with_clip(&app, "cue-markup").await;
    let vtt = "WEBVTT\r\n\r\nSTYLE\r\n::cue { color: red }\r\n\r\nintro\r\n00:00.000 --> 00:01.500 line:0%\r\n<v Boss><script>alert(1)</script><b onclick=x>Welcome</b> &amp; <img src=x onerror=alert(2)>hi\r\n\r\n00:02.000 --> 00:03.000\r\n<i>Thanks</i> <c.x>all</c>\r\n";

    // Act
    let (status, v) = put_track(&app, &employer, id, "en", vtt).await;

    // Assert
    assert_eq!(status, StatusCode::OK, "{v}");
    let url = v["captions"][0]["url"].as_str().unwrap().to_string();
    let stored = text_of(&app, &employer, &url).await;
    assert_eq!(
        stored,
        "WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nalert(1)<b>Welcome</b> &amp; hi\n\n00:00:02.000 --> 00:00:03.000\n<i>Thanks</i> all\n"
    );
}

#[tokio::test]
async fn a_hazard_said_in_a_spanish_cue_holds_the_posting_until_the_track_goes() {
    // Arrange
    let app = spawn_reviewed(false).await;
    let (employer, _, id) = posting_with_clip(&app, "cue-hazard").await;
    let vtt = "WEBVTT\n\n00:00.000 --> 00:03.000\nYou'll drive the forklift on day one.\n";

    // Act
    let (status, v) = put_track(&app, &employer, id, "es", vtt).await;

    // Assert
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["visibility"], "held_for_review", "{v}");
    assert_eq!(v["heldTerms"], json!(["forklift"]));
    assert_eq!(v["heldPlaces"][0]["field"], "captions", "{v}");
    let visitor = app.client();
    let res = app.get(&visitor, &format!("/api/internships/{id}")).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);

    // Removing the track ends the hold.
    let (status, v) = delete_track(&app, &employer, id, "es").await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["visibility"], "public", "{v}");
    assert_eq!(v["captions"], json!([]));
    let res = app.get(&visitor, &format!("/api/internships/{id}")).await;
    assert_eq!(res.status(), StatusCode::OK);
}

#[tokio::test]
async fn both_languages_are_listed_and_english_is_the_older_clients_url() {
    // Arrange
    let app = spawn_reviewed(false).await;
    let (employer, other, id) = posting_with_clip(&app, "cue-langs").await;
    let es = "WEBVTT\n\n00:00.500 --> 00:02.000\nHola, bienvenidos.\n";
    let en = "WEBVTT\n\n00:00.500 --> 00:02.000\nHello, welcome.\n";

    // Act
    let (s1, v1) = put_track(&app, &employer, id, "es", es).await;
    let (s2, _) = put_track(&app, &employer, id, "en", en).await;
    let (s3, replaced) = put_track(
        &app,
        &employer,
        id,
        "en",
        "WEBVTT\n\n00:01.000 --> 00:02.000\nHi again.\n",
    )
    .await;

    // Assert
    assert_eq!(
        (s1, s2, s3),
        (StatusCode::OK, StatusCode::OK, StatusCode::OK)
    );
    assert_eq!(
        v1["captionsUrl"], v1["captions"][0]["url"],
        "Spanish alone is the first"
    );
    let visitor = app.client();
    let v: Value = app
        .get(&visitor, &format!("/api/internships/{id}"))
        .await
        .json()
        .await
        .unwrap();
    let langs: Vec<&str> = v["captions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["lang"].as_str().unwrap())
        .collect();
    assert_eq!(langs, ["en", "es"], "{v}");
    assert_eq!(v["captionsUrl"], v["captions"][0]["url"]);
    assert_eq!(v["captions"], replaced["captions"]);
    let english = text_of(&app, &visitor, v["captions"][0]["url"].as_str().unwrap()).await;
    assert!(english.contains("Hi again."), "{english}");
    let spanish = text_of(&app, &visitor, v["captions"][1]["url"].as_str().unwrap()).await;
    assert!(spanish.contains("Hola, bienvenidos."), "{spanish}");

    // Another employer can neither replace nor remove them.
    let (status, refused) = put_track(&app, &other, id, "en", en).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    let (status, _) = delete_track(&app, &other, id, "es").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = put_track(&app, &visitor, id, "en", en).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let after: Value = app
        .get(&visitor, &format!("/api/internships/{id}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(after["captions"], v["captions"]);

    // Deleting English leaves Spanish; deleting it again is a 404.
    let (status, v) = delete_track(&app, &employer, id, "en").await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["captions"].as_array().unwrap().len(), 1);
    assert_eq!(v["captions"][0]["lang"], "es");
    let (status, v) = delete_track(&app, &employer, id, "en").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{v}");
}

#[tokio::test]
async fn the_forms_captions_file_is_the_english_track() {
    // Arrange: a posting whose clip came with a captions file through the form.
    let app = spawn_reviewed(false).await;
    let admin = app.admin().await;
    let (employer, _, _) = live_posting(&app, &admin, "cue-form").await;
    let form = posting_form("Camp helper")
        .part(
            "videoFile",
            reqwest::multipart::Part::bytes(fixture_video()).file_name("clip.mp4"),
        )
        .part(
            "captionsFile",
            reqwest::multipart::Part::bytes(
                b"WEBVTT\n\n00:00.000 --> 00:01.000\nFrom the form\n".to_vec(),
            )
            .file_name("c.vtt"),
        );
    let res = employer
        .post(app.url("/api/internships"))
        .multipart(form)
        .send()
        .await
        .unwrap();
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    let id = v["id"].as_u64().unwrap();
    assert_eq!(v["captions"][0]["lang"], "en", "{v}");
    assert_eq!(v["captions"][0]["url"], v["captionsUrl"]);
    let old = v["captionsUrl"].as_str().unwrap().to_string();

    // Act: the English track replaces it.
    let (status, v) = put_track(
        &app,
        &employer,
        id,
        "en",
        "WEBVTT\n\n00:00.000 --> 00:01.000\nFrom the editor\n",
    )
    .await;

    // Assert
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["captions"].as_array().unwrap().len(), 1, "{v}");
    assert_ne!(v["captionsUrl"], json!(old));
    let res = app.get(&employer, &old).await;
    assert_eq!(
        res.status(),
        StatusCode::NOT_FOUND,
        "the form's file was removed"
    );
    let (status, v) = delete_track(&app, &employer, id, "en").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["captions"], json!([]));
    assert_eq!(v["captionsUrl"], Value::Null);
}

#[tokio::test]
async fn tracks_survive_the_start_up_sweep_and_come_with_a_backup() {
    // Arrange: a posting with both tracks, a backup of it, and a file nothing refers to.
    let app = spawn_reviewed(false).await;
    let (employer, _, id) = posting_with_clip(&app, "cue-keep").await;
    let vtt = "WEBVTT\n\n00:00.000 --> 00:01.000\nKept\n";
    put_track(&app, &employer, id, "en", vtt).await;
    let (status, v) = put_track(&app, &employer, id, "es", vtt).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let names: Vec<String> = v["captions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            t["url"]
                .as_str()
                .unwrap()
                .trim_start_matches("/api/captions/")
                .to_string()
        })
        .collect();
    assert_eq!(names.len(), 2);
    let work = tempfile::tempdir().unwrap();
    let archive = work.path().join("backup.tar");
    internreel::backup::backup(&app.state.services, &archive).unwrap();
    let videos = app.data_path().join("videos");
    let data = app.stop().await;
    let orphan = "0123456789abcdef0123456789abcdef.vtt";
    std::fs::write(videos.join(orphan), "WEBVTT\n").unwrap();

    // Act: the server starts again (its sweep removes what nothing refers to).
    let app = start_reviewed_on(data, false).await;
    for _ in 0..100 {
        if !videos.join(orphan).exists() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }

    // Assert
    assert!(!videos.join(orphan).exists(), "the sweep ran");
    let visitor = app.client();
    for name in &names {
        assert!(videos.join(name).exists(), "{name} kept");
        let res = app.get(&visitor, &format!("/api/captions/{name}")).await;
        assert_eq!(res.status(), StatusCode::OK);
    }
    let target = work.path().join("restored");
    internreel::backup::restore(&archive, &target).unwrap();
    for name in &names {
        assert!(
            target.join("videos").join(name).exists(),
            "{name} in the backup"
        );
    }
}
