//! The district's captions rule (`settings set captions-required`), with real clips measured
//! by the server's ffmpeg: a video with sustained speech-level sound (a tone, as loud as
//! speech) waits for captions and goes live with a track or the admin's review; a short sound
//! is cleared by the employer's word; a silent track or no track needs nothing. On for a new
//! data directory, off for one from before the rule; `captions waiting` lists what waits; the
//! demo shows one posting waiting; the admin captions the AI video it made.

use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;
use crate::media::clip;
use internreel::commands::Command;

/// A 360x640 clip of `seconds` with the sound lavfi `audio` makes (None: no audio stream).
fn clip_with(seconds: u32, audio: Option<&str>) -> Vec<u8> {
    let video = format!("testsrc2=s=360x640:r=24:d={seconds}");
    let t = seconds.to_string();
    let mut args = vec!["-f", "lavfi", "-i", &video];
    if let Some(a) = audio {
        args.extend(["-f", "lavfi", "-i", a, "-c:a", "aac"]);
    }
    args.extend(["-t", &t, "-c:v", "libx264", "-pix_fmt", "yuv420p"]);
    clip(&args, "mp4")
}

/// A tone at speech level for the whole clip.
fn tone_clip() -> Vec<u8> {
    clip_with(3, Some("sine=frequency=440:duration=3"))
}

/// An audio track of digital silence.
fn silent_clip() -> Vec<u8> {
    clip_with(3, Some("anullsrc=r=44100:cl=mono"))
}

/// Half a second of tone, then silence.
fn blip_clip() -> Vec<u8> {
    clip_with(4, Some("sine=frequency=440:duration=0.5,apad"))
}

/// A verified employer (with a first posting of its own) posts `video`: (employer, id, JSON).
async fn post_clip(
    app: &TestApp,
    admin: &Client,
    tag: &str,
    video: Vec<u8>,
) -> (Client, u64, Value) {
    let (employer, _, _) = live_posting(app, admin, tag).await;
    let res = app
        .post_internship_with_video(&employer, &format!("Studio helper {tag}"), video)
        .await;
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    (employer, v["id"].as_u64().unwrap(), v)
}

async fn posting(app: &TestApp, c: &Client, id: u64) -> (StatusCode, Value) {
    message_of(app.get(c, &format!("/api/internships/{id}")).await).await
}

async fn public_ids(app: &TestApp) -> Vec<u64> {
    let list: Value = app
        .get(&app.client(), "/api/internships")
        .await
        .json()
        .await
        .unwrap();
    ids(&list)
}

async fn confirm(app: &TestApp, c: &Client, id: u64) -> (StatusCode, Value) {
    message_of(
        app.post(c, &format!("/api/internships/{id}/no-speech"), json!({}))
            .await,
    )
    .await
}

const VTT: &str = "WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello from the studio.\n";

#[tokio::test]
async fn speech_level_sound_waits_for_captions_and_a_track_makes_it_live() {
    // Arrange: a new data directory, so the rule is on.
    let app = spawn_reviewed(false).await;
    let admin = app.admin().await;

    // Act
    let (employer, id, v) = post_clip(&app, &admin, "tone", tone_clip()).await;

    // Assert: the employer sees why; students and visitors do not see it at all.
    assert_eq!(v["visibility"], "awaiting_captions", "{v}");
    assert_eq!(v["captionsRule"]["waiting"], true, "{v}");
    assert_eq!(v["captionsRule"]["sound"], "sustained", "{v}");
    assert!(
        v["captionsRule"]["loudSeconds"].as_f64().unwrap() >= 2.0,
        "{v}"
    );
    let (status, _) = posting(&app, &app.client(), id).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(!public_ids(&app).await.contains(&id));

    // The employer's word alone does not clear sustained sound: the district reviews it.
    let (status, v) = confirm(&app, &employer, id).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["visibility"], "awaiting_captions", "{v}");
    assert_eq!(v["captionsRule"]["reviewAsked"], true, "{v}");
    assert!(v["message"].as_str().unwrap().contains("district"), "{v}");
    let (status, _) = posting(&app, &app.client(), id).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // A caption track in one language is enough.
    let res = app
        .put(
            &employer,
            &format!("/api/internships/{id}/captions/es"),
            json!({ "vtt": VTT }),
        )
        .await;
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["visibility"], "public", "{v}");
    assert!(
        v.get("captionsRule").is_none_or(|r| r["waiting"] == false),
        "{v}"
    );
    let (status, _) = posting(&app, &app.client(), id).await;
    assert_eq!(status, StatusCode::OK);
    assert!(public_ids(&app).await.contains(&id));

    // Removing the only track puts the posting back on hold (the review was never given).
    let res = app
        .delete(&employer, &format!("/api/internships/{id}/captions/es"))
        .await;
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["visibility"], "awaiting_captions", "{v}");
    assert!(!public_ids(&app).await.contains(&id));
}

#[tokio::test]
async fn silence_needs_nothing_and_a_short_sound_is_cleared_by_the_employers_word() {
    // Arrange
    let app = spawn_reviewed(false).await;
    let admin = app.admin().await;

    // Act
    let (employer, silent, v_silent) = post_clip(&app, &admin, "silent", silent_clip()).await;
    let (_, mute, v_mute) = post_clip(&app, &admin, "mute", clip_with(3, None)).await;
    let (blipper, blip, v_blip) = post_clip(&app, &admin, "blip", blip_clip()).await;

    // Assert: a silent track and no track go live at once.
    assert_eq!(v_silent["visibility"], "public", "{v_silent}");
    assert_eq!(v_mute["visibility"], "public", "{v_mute}");
    let live = public_ids(&app).await;
    assert!(live.contains(&silent) && live.contains(&mute), "{live:?}");
    // Confirming a silent clip is taken (and changes nothing).
    let (status, v) = confirm(&app, &employer, silent).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["visibility"], "public", "{v}");

    // Half a second of sound waits, until its employer says it has no speech.
    assert_eq!(v_blip["visibility"], "awaiting_captions", "{v_blip}");
    assert_eq!(v_blip["captionsRule"]["sound"], "brief", "{v_blip}");
    let (status, v) = confirm(&app, &blipper, blip).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["visibility"], "public", "{v}");
    assert_eq!(v["captionsRule"]["noSpeechConfirmed"], true, "{v}");
    assert!(public_ids(&app).await.contains(&blip));

    // Another employer cannot confirm for it; a posting without a video has nothing to confirm.
    let (status, _) = confirm(&app, &employer, blip).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let ai = app.post_internship(&employer, "AI video please").await["id"]
        .as_u64()
        .unwrap();
    let (status, v) = confirm(&app, &employer, ai).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert!(v["message"].as_str().unwrap().contains("no video"), "{v}");
}

#[tokio::test]
async fn the_admin_lists_the_waiting_postings_and_lets_one_go_live() {
    // Arrange
    let app = spawn_reviewed(false).await;
    let admin = app.admin().await;
    let (_, quiet, _) = post_clip(&app, &admin, "later", tone_clip()).await;
    let (employer, asked, _) = post_clip(&app, &admin, "asks", tone_clip()).await;
    confirm(&app, &employer, asked).await;

    // Act
    let (status, list) = message_of(app.get(&admin, "/api/admin/captions-waiting").await).await;

    // Assert: the employer's request for review first.
    assert_eq!(status, StatusCode::OK, "{list}");
    assert_eq!(list["required"], true);
    assert_eq!(ids(&list["postings"]), vec![asked, quiet], "{list}");
    assert_eq!(list["postings"][0]["reviewAsked"], true);
    assert_eq!(list["postings"][1]["reviewAsked"], false);
    assert!(list["postings"][0]["videoUrl"].is_string(), "{list}");
    // Not for employers.
    let res = app.get(&employer, "/api/admin/captions-waiting").await;
    assert!(res.status().is_client_error(), "{}", res.status());
    let res = app
        .post(
            &employer,
            &format!("/api/admin/internships/{asked}/captions-clear"),
            json!({}),
        )
        .await;
    assert!(res.status().is_client_error(), "{}", res.status());

    // The admin's review lets it go live, once.
    let res = app
        .post(
            &admin,
            &format!("/api/admin/internships/{asked}/captions-clear"),
            json!({}),
        )
        .await;
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["visibility"], "public", "{v}");
    assert_eq!(v["captionsRule"]["clearedByDistrict"], true, "{v}");
    assert!(public_ids(&app).await.contains(&asked));
    let res = app
        .post(
            &admin,
            &format!("/api/admin/internships/{asked}/captions-clear"),
            json!({}),
        )
        .await;
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::CONFLICT, "{v}");
    let (_, list) = message_of(app.get(&admin, "/api/admin/captions-waiting").await).await;
    assert_eq!(ids(&list["postings"]), vec![quiet], "{list}");
    let (_, audit) = message_of(app.get(&admin, "/api/admin/audit").await).await;
    assert!(
        audit.to_string().contains("captions.clear"),
        "the review is in the audit log: {audit}"
    );
}

#[tokio::test]
async fn the_cli_lists_what_waits_and_turning_the_rule_off_lets_it_go() {
    // Arrange
    let app = spawn_reviewed(false).await;
    let admin = app.admin().await;
    let (_, id, _) = post_clip(&app, &admin, "cli", tone_clip()).await;

    // Act
    let listed = app
        .command(Command::CaptionsWaiting { json: false })
        .unwrap();
    let as_json = app
        .command(Command::CaptionsWaiting { json: true })
        .unwrap();
    let settings = app.command(Command::SettingsList).unwrap();

    // Assert
    assert!(listed.contains("captions-required is on"), "{listed}");
    assert!(listed.contains(&format!("#{id} ")), "{listed}");
    assert!(listed.contains("Studio helper cli"), "{listed}");
    let v: Value = serde_json::from_str(&as_json).unwrap();
    assert_eq!(ids(&v), vec![id], "{v}");
    assert!(
        settings.contains("captions-required = \"on\""),
        "{settings}"
    );

    // Off: the posting goes live (and the search index with it); on again: it waits again.
    let out = app
        .command(Command::SettingsSet {
            key: "captions-required".into(),
            value: "off".into(),
        })
        .unwrap();
    assert!(out.contains("0 posting(s) wait"), "{out}");
    assert!(public_ids(&app).await.contains(&id));
    let found: Value = app
        .get(&app.client(), "/api/internships?q=studio")
        .await
        .json()
        .await
        .unwrap();
    assert!(found.to_string().contains("Studio helper cli"), "{found}");
    let out = app
        .command(Command::SettingsSet {
            key: "captions-required".into(),
            value: "on".into(),
        })
        .unwrap();
    assert!(out.contains("1 posting(s) wait"), "{out}");
    assert!(!public_ids(&app).await.contains(&id));
    let refused = app.command(Command::SettingsSet {
        key: "captions-required".into(),
        value: "sometimes".into(),
    });
    assert!(refused.is_err());
}

#[tokio::test]
async fn the_rule_is_off_in_a_data_directory_from_before_it() {
    // Arrange: a data directory as an older binary left it (schema 2, no such setting).
    let app = spawn_reviewed(false).await;
    let data = app.stop().await;
    {
        let s = internreel::infra::Services::open(data.path()).unwrap();
        s.store
            .write(|w| {
                w.meta_remove("setting:captions-required")?;
                internreel::store::meta::set_schema_version(w, 2)
            })
            .unwrap();
    }

    // Act
    let app = start_reviewed_on(data, false).await;
    let admin = app.admin().await;
    let (_, id, v) = post_clip(&app, &admin, "upgraded", tone_clip()).await;

    // Assert: an upgrade changes nothing by itself.
    assert_eq!(v["visibility"], "public", "{v}");
    assert!(public_ids(&app).await.contains(&id));
    let settings = app.command(Command::SettingsList).unwrap();
    assert!(
        settings.contains("captions-required = \"off\" (a data directory from before the rule)"),
        "{settings}"
    );
    // Turned on, the measured clip waits.
    app.command(Command::SettingsSet {
        key: "captions-required".into(),
        value: "on".into(),
    })
    .unwrap();
    let (_, v) = message_of(app.get(&admin, "/api/admin/captions-waiting").await).await;
    assert_eq!(ids(&v["postings"]), vec![id], "{v}");
}

#[tokio::test]
async fn the_demo_shows_one_narrated_posting_waiting_for_captions() {
    // Arrange
    let app = spawn_demo().await;
    let admin = app.admin().await;

    // Act
    let (status, v) = message_of(app.get(&admin, "/api/admin/captions-waiting").await).await;

    // Assert: Bayview County's library posting, measured as an upload is; nothing else waits.
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["required"], true);
    let list = v["postings"].as_array().unwrap();
    assert_eq!(list.len(), 1, "{v}");
    assert_eq!(list[0]["company"], "Bayview County", "{v}");
    assert_eq!(list[0]["sound"], "sustained", "{v}");
    assert!(!public_ids(&app).await.contains(&ids(&v["postings"])[0]));
}

#[tokio::test]
async fn the_admin_captions_the_ai_video_it_made_and_the_posting_goes_live() {
    // Arrange: an AI-video request fulfilled with a clip that has sound.
    let app = spawn_reviewed(false).await;
    let admin = app.admin().await;
    let (employer, _, id) = live_posting(&app, &admin, "ai-made").await;
    let form = reqwest::multipart::Form::new().part(
        "video",
        reqwest::multipart::Part::bytes(tone_clip()).file_name("ai.mp4"),
    );
    let (status, v) = app.admin_upload(&admin, id, form).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["visibility"], "awaiting_captions", "{v}");

    // Act: the admin writes the Spanish track through its own route.
    let res = app
        .put(
            &admin,
            &format!("/api/admin/internships/{id}/captions/es"),
            json!({ "vtt": VTT }),
        )
        .await;
    let (status, v) = message_of(res).await;

    // Assert
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["visibility"], "public", "{v}");
    let (_, list) = message_of(app.get(&admin, "/api/admin/ai-video-requests").await).await;
    let request = list
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["internshipId"] == id)
        .unwrap();
    assert_eq!(request["captions"][0]["lang"], "es", "{request}");
    assert!(
        request["videoDuration"].as_f64().unwrap() > 2.0,
        "{request}"
    );
    // The employer's route stays the employer's; the admin's is the admin's.
    let res = app
        .put(
            &employer,
            &format!("/api/admin/internships/{id}/captions/en"),
            json!({ "vtt": VTT }),
        )
        .await;
    assert!(res.status().is_client_error(), "{}", res.status());
    // A cue past the clip is refused on the admin's route too, naming the cue.
    let res = app
        .put(
            &admin,
            &format!("/api/admin/internships/{id}/captions/en"),
            json!({ "vtt": "WEBVTT\n\n00:00:01.000 --> 00:00:09.000\nToo long\n" }),
        )
        .await;
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert!(v["message"].as_str().unwrap().starts_with("Cue 1"), "{v}");
}
