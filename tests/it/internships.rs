//! Postings, video upload and streaming, ownership.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

#[tokio::test]
async fn posting_rules_answer_specs_messages() {
    let app = spawn_app().await;
    let (c, _) = app.signup_employer("rules@acme.example").await;
    let base = internship_body("Base");
    let rows: Vec<(&str, Value, &str)> = vec![
        ("title", json!(""), "Title is required"),
        (
            "description",
            json!("too short"),
            "Description must be at least 10 characters",
        ),
        ("location", json!(" "), "Location is required"),
        ("duration", json!(""), "Duration is required"),
        (
            "requirements",
            json!("short"),
            "Requirements must be at least 10 characters",
        ),
        (
            "applicationDeadline",
            json!(""),
            "Application deadline is required",
        ),
        (
            "applicationDeadline",
            json!("next week"),
            "Application deadline must be a valid date",
        ),
    ];
    for (field, value, msg) in rows {
        let mut body = base.clone();
        body[field] = value;
        let (status, json) = message_of(app.post(&c, "/api/internships", body).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{field}");
        assert_eq!(json["errors"][field], msg, "{field}");
    }
    let list: Vec<Value> = app.get(&c, "/api/internships").await.json().await.unwrap();
    assert!(list.is_empty(), "nothing stored by refused posts");
}

#[tokio::test]
async fn only_employers_post_and_an_ai_request_marks_the_video() {
    let app = spawn_app().await;
    let (student, _) = app.signup_student("s@school.example").await;
    assert_eq!(
        app.post(&student, "/api/internships", internship_body("X"))
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.post(&app.client(), "/api/internships", internship_body("X"))
            .await
            .status(),
        StatusCode::UNAUTHORIZED
    );
    let (employer, _) = app.signup_employer("e@acme.example").await;
    let i = app.post_internship(&employer, "AI Posting").await;
    assert_eq!(i["videoUrl"], "AI_VIDEO_PROCESSING");
    assert_eq!(i["videoStatus"], "processing");
    assert_eq!(i["company"], "Acme Robotics");
    assert_eq!(i["companyIcon"], "AR");
    assert_eq!(i["deadline"], "2099-01-01");
    let one: Value = app
        .get(&app.client(), &format!("/api/internships/{}", i["id"]))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(one["isLiked"], false);
    assert_eq!(one["hasApplied"], false);
    let (status, body) = message_of(app.get(&app.client(), "/api/internships/9999").await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["message"], "Internship not found");
}

#[tokio::test]
async fn a_video_upload_is_stored_and_streams_with_ranges() {
    let app = spawn_app().await;
    let (c, _) = app.signup_employer("video@acme.example").await;
    let video = fixture_video();
    let res = app
        .post_internship_with_video(&c, "Video Posting", video.clone())
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let i: Value = res.json().await.unwrap();
    assert_eq!(i["videoStatus"], "ready");
    let url = i["videoUrl"].as_str().unwrap().to_string();
    assert!(url.starts_with("/api/videos/") && url.ends_with(".mp4"));

    let res = app.get(&app.client(), &url).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "video/mp4");
    assert_eq!(res.headers()["accept-ranges"], "bytes");
    assert!(res.headers().contains_key("last-modified"));
    assert_eq!(res.bytes().await.unwrap().len(), video.len());

    let res = app
        .client()
        .get(app.url(&url))
        .header("range", "bytes=0-99")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(
        res.headers()["content-range"],
        format!("bytes 0-99/{}", video.len()).as_str()
    );
    assert_eq!(res.bytes().await.unwrap().as_ref(), &video[..100]);

    let res = app
        .client()
        .get(app.url(&url))
        .header("range", format!("bytes={}-", video.len() + 10))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::RANGE_NOT_SATISFIABLE);
}

#[tokio::test]
async fn a_large_video_is_sent_whole_and_in_slices_with_its_exact_bytes() {
    let app = spawn_app().await;
    let (name, bytes) = put_large_video(&app.data_path());
    assert_large_video_served(&app.client(), &app.url(""), &name, &bytes).await;
}

#[tokio::test]
async fn video_streaming_answers_head_conditionals_and_odd_ranges() {
    let app = spawn_app().await;
    let (c, _) = app.signup_employer("stream@acme.example").await;
    let video = fixture_video();
    let i: Value = app
        .post_internship_with_video(&c, "Streaming", video.clone())
        .await
        .json()
        .await
        .unwrap();
    let url = app.url(i["videoUrl"].as_str().unwrap());
    let len = video.len();
    let client = app.client();
    let get = |headers: &[(&str, String)]| {
        let mut req = client.get(&url);
        for (k, v) in headers {
            req = req.header(*k, v);
        }
        req.send()
    };

    // HEAD: the headers of a GET, no body.
    let res = client.head(&url).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-length"], len.to_string().as_str());
    let last_modified = res.headers()["last-modified"].to_str().unwrap().to_string();
    assert!(res.bytes().await.unwrap().is_empty());

    // If-Modified-Since at the file's date: 304.
    let res = get(&[("if-modified-since", last_modified.clone())])
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NOT_MODIFIED);

    // A suffix range, and a range running past the end (clamped).
    let res = get(&[("range", "bytes=-10".into())]).await.unwrap();
    assert_eq!(res.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(res.bytes().await.unwrap().as_ref(), &video[len - 10..]);
    let res = get(&[("range", format!("bytes={}-{}", len - 5, len + 100))])
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(
        res.headers()["content-range"],
        format!("bytes {}-{}/{len}", len - 5, len - 1).as_str()
    );
    assert_eq!(res.bytes().await.unwrap().as_ref(), &video[len - 5..]);

    // If-Range with the current date honours the range; with another date, the whole file.
    let res = get(&[
        ("range", "bytes=10-19".into()),
        ("if-range", last_modified.clone()),
    ])
    .await
    .unwrap();
    assert_eq!(res.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(res.bytes().await.unwrap().as_ref(), &video[10..20]);
    let res = get(&[
        ("range", "bytes=10-19".into()),
        ("if-range", "Mon, 01 Jan 2001 00:00:00 GMT".into()),
    ])
    .await
    .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.bytes().await.unwrap().len(), len);

    // Several ranges or a malformed header: the whole file (RFC 9110 lets a server ignore them).
    for range in ["bytes=0-1,5-6", "bytes=abc", "pages=1-2"] {
        let res = get(&[("range", range.into())]).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{range}");
        assert_eq!(res.bytes().await.unwrap().len(), len, "{range}");
    }

    // An unknown file: a JSON 404.
    let (status, body) = message_of(app.get(&client, "/api/videos/nothere.mp4").await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["message"], "Video not found");
}

#[tokio::test]
async fn uploads_are_checked_by_content_not_name() {
    let app = spawn_app().await;
    let (c, _) = app.signup_employer("fake@acme.example").await;
    let before = files_in(&app.data_path().join("videos"));
    let res = app
        .post_internship_with_video(&c, "Fake", b"#!/bin/sh\necho not a video\n".repeat(100))
        .await;
    let (status, body) = message_of(res).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["message"],
        "Please upload an MP4, MOV or AVI video file"
    );
    assert_eq!(files_in(&app.data_path().join("videos")), before);
    assert!(files_in(&app.data_path().join("tmp")).is_empty());
    let list: Vec<Value> = app.get(&c, "/api/internships").await.json().await.unwrap();
    assert!(list.is_empty());
}

#[tokio::test]
async fn too_large_videos_are_refused_with_specs_message() {
    let app = spawn_app().await;
    let (c, _) = app.signup_employer("big@acme.example").await;
    let mut big = fixture_video();
    big.resize(41 * 1024 * 1024, 0);
    let (status, body) =
        message_of(app.post_internship_with_video(&c, "Big", big.clone()).await).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(
        body["message"],
        "Please choose a video file smaller than 40MB"
    );

    // Streamed without a length: the running count refuses it too.
    let chunks: Vec<Result<Vec<u8>, std::io::Error>> =
        big.chunks(1024 * 1024).map(|c| Ok(c.to_vec())).collect();
    let part = reqwest::multipart::Part::stream(reqwest::Body::wrap_stream(
        futures_util::stream::iter(chunks),
    ))
    .file_name("big.mp4");
    let form = posting_form("Big").part("videoFile", part);
    let res = c
        .post(app.url("/api/internships"))
        .multipart(form)
        .send()
        .await;
    if let Ok(res) = res {
        let (status, body) = message_of(res).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(
            body["message"],
            "Please choose a video file smaller than 40MB"
        );
    }
    assert!(files_in(&app.data_path().join("tmp")).is_empty());
    let list: Vec<Value> = app.get(&c, "/api/internships").await.json().await.unwrap();
    assert!(list.is_empty());
}

#[tokio::test]
async fn an_aborted_upload_leaves_no_file_and_no_posting() {
    let app = spawn_app().await;
    let (c, _) = app.signup_employer("abort@acme.example").await;
    let before = files_in(&app.data_path().join("videos"));
    let video = fixture_video();
    let head = video[..4096].to_vec();
    let stream = futures_util::stream::iter(vec![
        Ok(head),
        Err(std::io::Error::other("the client went away")),
    ]);
    let part =
        reqwest::multipart::Part::stream(reqwest::Body::wrap_stream(stream)).file_name("cut.mp4");
    let form = posting_form("Cut Off").part("videoFile", part);
    let _ = c
        .post(app.url("/api/internships"))
        .multipart(form)
        .send()
        .await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(files_in(&app.data_path().join("videos")), before);
    assert!(files_in(&app.data_path().join("tmp")).is_empty());
    let list: Vec<Value> = app.get(&c, "/api/internships").await.json().await.unwrap();
    assert!(list.is_empty());
}

#[tokio::test]
async fn video_paths_cannot_leave_the_videos_folder() {
    let app = spawn_app().await;
    std::fs::write(app.data_path().join("secret.txt"), "top secret").unwrap();
    let c = app.client();
    for path in [
        "/api/videos/../secret.txt",
        "/api/videos/%2e%2e/secret.txt",
        "/api/videos/%2e%2e%2fsecret.txt",
        "/api/videos/..%2fsecret.txt",
        "/api/videos//etc/passwd",
        "/api/videos/%2fetc%2fpasswd",
        "/api/videos/../internreel.redb",
    ] {
        let res = c.get(format!("{}{}", app.addr, path)).send().await.unwrap();
        let status = res.status();
        let text = res.text().await.unwrap_or_default();
        assert!(status.is_client_error(), "{path}: {status}");
        assert!(
            !text.contains("top secret") && !text.contains("root:"),
            "{path}"
        );
    }
}

#[tokio::test]
async fn only_the_owner_edits_or_deletes_and_deleting_archives() {
    let app = spawn_app().await;
    let (owner, _) = app.signup_employer("owner@acme.example").await;
    let (other, _) = app.signup_employer("other@acme.example").await;
    let (student, _) = app.signup_student("kid@school.example").await;
    let i = app.post_internship(&owner, "Mine").await;
    let id = i["id"].as_u64().unwrap();
    let path = format!("/api/employers/internships/{id}");
    let mut edit = internship_body("Mine, edited");
    edit["aiVideoRequested"] = json!(false);

    assert_eq!(
        app.put(&other, &path, edit.clone()).await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.put(&student, &path, edit.clone()).await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.put(&app.client(), &path, edit.clone()).await.status(),
        StatusCode::UNAUTHORIZED
    );
    let edited: Value = app.put(&owner, &path, edit).await.json().await.unwrap();
    assert_eq!(edited["title"], "Mine, edited");
    assert_eq!(
        edited["videoStatus"], "processing",
        "an edit keeps the video"
    );

    let own: Vec<Value> = app
        .get(&owner, "/api/employers/internships")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(own.len(), 1);
    let others: Vec<Value> = app
        .get(&other, "/api/employers/internships")
        .await
        .json()
        .await
        .unwrap();
    assert!(others.is_empty());

    // A student applies and messages, then the posting is deleted.
    let app_res: Value = app.apply(&student, id).await.json().await.unwrap();
    let del = format!("/api/internships/{id}");
    assert_eq!(
        app.delete(&other, &del).await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.delete(&student, &del).await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(app.delete(&owner, &del).await.status(), StatusCode::OK);
    let list: Vec<Value> = app
        .get(&app.client(), "/api/internships")
        .await
        .json()
        .await
        .unwrap();
    assert!(list.is_empty(), "archived postings leave the feed");
    assert_eq!(
        app.get(&app.client(), &del).await.status(),
        StatusCode::NOT_FOUND
    );
    // ...but the application stays readable by both sides.
    let me: Value = app
        .get(&student, "/api/auth/user")
        .await
        .json()
        .await
        .unwrap();
    let mine: Vec<Value> = app
        .get(&student, &format!("/api/users/{}/applications", me["id"]))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0]["id"], app_res["id"]);
    assert_eq!(mine[0]["internship"]["archived"], true);
    let theirs: Vec<Value> = app
        .get(&owner, "/api/employers/applications")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(theirs.len(), 1);
}

#[tokio::test]
async fn an_edit_with_a_new_video_replaces_the_file() {
    let app = spawn_app().await;
    let (c, _) = app.signup_employer("replace@acme.example").await;
    let i: Value = app
        .post_internship_with_video(&c, "Replace", fixture_video())
        .await
        .json()
        .await
        .unwrap();
    let old = i["videoUrl"]
        .as_str()
        .unwrap()
        .trim_start_matches("/api/videos/")
        .to_string();
    let form = posting_form("Replace").part(
        "videoFile",
        reqwest::multipart::Part::bytes(fixture_video()).file_name("new.mp4"),
    );
    let res = c
        .put(app.url(&format!("/api/employers/internships/{}", i["id"])))
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let updated: Value = res.json().await.unwrap();
    assert_ne!(updated["videoUrl"], i["videoUrl"]);
    assert!(!files_in(&app.data_path().join("videos")).contains(&old));
}

#[tokio::test]
async fn views_of_a_posting_by_students_and_visitors_count_as_profile_views() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("views@acme.example").await;
    let id = app.post_internship(&employer, "Watched").await["id"]
        .as_u64()
        .unwrap();
    let (student, _) = app.signup_student("viewer@school.example").await;
    let path = format!("/api/internships/{id}");
    app.get(&app.client(), &path).await;
    app.get(&student, &path).await;
    app.get(&employer, &path).await; // the owner's own views do not count
    let mut views = 0;
    for _ in 0..50 {
        let me: Value = app
            .get(&employer, "/api/employers/profile")
            .await
            .json()
            .await
            .unwrap();
        views = me["profileViews"].as_u64().unwrap();
        if views == 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(views, 2);
    // Unique viewers a day: looking again today counts nothing more.
    app.get(&app.client(), &path).await;
    app.get(&student, &path).await;
    app.get(&student, &path).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let me: Value = app
        .get(&employer, "/api/employers/profile")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(me["profileViews"], 2);
    let student_view: Value = app
        .get(&student, "/api/auth/user")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(student_view["profileViews"], Value::Null);
}

#[tokio::test]
async fn a_remote_posting_with_no_work_style_is_remote() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("remote@acme.example").await;
    let mut body = internship_body("Remote helper");
    body["location"] = json!("Remote");
    body.as_object_mut().unwrap().remove("workStyle");
    let res = app.post(&employer, "/api/internships", body).await;
    let (status, v) = message_of(res).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    assert_eq!(v["workStyle"], "Remote");
    let mut body = internship_body("Office helper");
    body.as_object_mut().unwrap().remove("workStyle");
    let v: Value = app
        .post(&employer, "/api/internships", body)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(v["workStyle"], "On-site");
}
