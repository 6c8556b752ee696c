//! The appliance: seeding, restarts, schema checks, error shapes, SPA fallback, shutdown.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

#[tokio::test]
async fn health_answers_ok() {
    let app = spawn_app().await;
    let res = app.get(&app.client(), "/api/health").await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        res.json::<Value>().await.unwrap(),
        json!({"status": "ok", "ffmpeg": true})
    );
}

#[tokio::test]
async fn demo_seeds_a_fresh_data_directory_once() {
    let app = spawn_demo().await;
    let c = app.client();
    let list: Vec<Value> = app.get(&c, "/api/internships").await.json().await.unwrap();
    assert!(
        list.len() >= 30,
        "fixtures hold at least 30 postings, got {}",
        list.len()
    );
    assert!(list.iter().any(|i| i["videoStatus"] == "processing"));
    assert!(list.iter().filter(|i| i["videoStatus"] == "ready").count() >= 20);
    let res = app
        .post(
            &c,
            "/api/student-login",
            json!({"email": "ava@student.example", "password": "student123"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);

    // A restart with --demo on a seeded directory does not seed again.
    let data = app.stop().await;
    let app = start_on(data, true).await;
    let again: Vec<Value> = app
        .get(&app.client(), "/api/internships")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(again.len(), list.len());
}

#[tokio::test]
async fn a_restart_keeps_accounts_postings_and_sessions() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("keep@acme.example").await;
    let posted = app.post_internship(&employer, "Robot Builder").await;
    let cookie_client = employer;
    let data = app.stop().await;

    let app = start_on(data, false).await;
    let res = app.get(&cookie_client, "/api/auth/user").await;
    // reqwest keeps the cookie; the port changed, but cookies are per host, not port.
    assert_eq!(
        res.status(),
        StatusCode::OK,
        "the session survives a restart"
    );
    let got: Value = app
        .get(&app.client(), &format!("/api/internships/{}", posted["id"]))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(got["title"], "Robot Builder");
}

#[tokio::test]
async fn a_database_of_another_schema_version_is_refused_clearly() {
    let data = tempfile::tempdir().unwrap();
    {
        let s = internreel::infra::Services::open(data.path()).unwrap();
        s.store
            .write(|w| internreel::store::meta::set_schema_version(w, 99))
            .unwrap();
    }
    let err = internreel::App::build(internreel::Config::new(
        data.path().to_path_buf(),
        "127.0.0.1:0",
    ))
    .await
    .err()
    .expect("a newer schema is refused");
    let text = format!("{err:#}");
    assert!(
        text.contains("schema 99") && text.contains("reads schema 3"),
        "{text}"
    );
}

#[tokio::test]
async fn a_second_server_on_the_same_data_directory_fails_at_once() {
    let app = spawn_app().await;
    let err = internreel::App::build(internreel::Config::new(app.data_path(), "127.0.0.1:0"))
        .await
        .err()
        .expect("the data directory is locked");
    assert!(format!("{err:#}").contains("in use by another internreel process"));
}

#[tokio::test]
async fn api_errors_are_json_messages() {
    let app = spawn_app().await;
    let c = app.client();

    let res = c
        .post(app.url("/api/users"))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    let (status, body) = message_of(res).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["message"].is_string());

    let res = c
        .post(app.url("/api/users"))
        .body("a=b")
        .send()
        .await
        .unwrap();
    let (status, body) = message_of(res).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["message"].as_str().unwrap().contains("JSON"));

    let res = c
        .post(app.url("/api/users"))
        .json(&json!({"firstName": 12}))
        .send()
        .await
        .unwrap();
    let (status, body) = message_of(res).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "wrong types: {body}");

    let (status, body) = message_of(app.get(&c, "/api/no-such-thing").await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["message"], "No such API endpoint");

    let res = c.delete(app.url("/api/health")).send().await.unwrap();
    let (status, body) = message_of(res).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(body["message"].is_string());

    let huge = "x".repeat(2 * 1024 * 1024);
    let res = c
        .post(app.url("/api/contact"))
        .header("content-type", "application/json")
        .body(format!("{{\"name\":\"{huge}\"}}"))
        .send()
        .await
        .unwrap();
    let (status, body) = message_of(res).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(body["message"].is_string());
}

#[tokio::test]
async fn validation_errors_name_each_field() {
    let app = spawn_app().await;
    let res = app.post(&app.client(), "/api/users", json!({})).await;
    let (status, body) = message_of(res).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["firstName"], "First name is required");
    assert_eq!(body["errors"]["email"], "Valid email required");
    assert!(body["message"].is_string());
}

#[tokio::test]
async fn other_paths_serve_the_single_page_app() {
    let app = spawn_app().await;
    let c = app.client();
    for path in ["/", "/job-feed", "/company/3", "/definitely/not/a/route"] {
        let res = app.get(&c, path).await;
        // 200 with index.html when the UI is built; 503 with a hint when it was skipped.
        let status = res.status();
        let text = res.text().await.unwrap();
        if status == StatusCode::OK {
            assert!(text.contains("<div id=\"root\""), "{path}: {text}");
        } else {
            assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{path}");
            assert!(text.contains("not built"));
        }
    }
    let res = app.get(&c, "/missing-file.js").await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn responses_carry_security_headers() {
    let app = spawn_app().await;
    let res = app.get(&app.client(), "/api/health").await;
    let h = res.headers();
    let csp = h["content-security-policy"].to_str().unwrap();
    assert!(csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"));
    assert_eq!(h["x-content-type-options"], "nosniff");
    assert!(h.contains_key("referrer-policy"));
}

#[tokio::test]
async fn shutdown_lets_an_in_flight_upload_finish() {
    let app = spawn_app().await;
    let (employer, _) = app.signup_employer("slow@acme.example").await;
    let video = fixture_video();
    let (first, rest) = video.split_at(1024);
    let chunks = vec![first.to_vec(), rest.to_vec()];
    let stream =
        futures_util::stream::iter(chunks.into_iter().enumerate()).then(|(n, chunk)| async move {
            if n > 0 {
                tokio::time::sleep(Duration::from_millis(400)).await;
            }
            Ok::<_, std::io::Error>(chunk)
        });
    let part =
        reqwest::multipart::Part::stream(reqwest::Body::wrap_stream(stream)).file_name("clip.mp4");
    let form = posting_form("Slow Upload").part("videoFile", part);
    let url = app.url("/api/internships");
    let request = tokio::spawn(async move { employer.post(url).multipart(form).send().await });
    tokio::time::sleep(Duration::from_millis(150)).await;
    let data = app.stop().await; // waits for the in-flight request
    let res = request
        .await
        .unwrap()
        .expect("the in-flight upload is answered");
    assert_eq!(res.status(), StatusCode::CREATED);
    // And the database closed cleanly: it opens again with the posting in it.
    let app = start_on(data, false).await;
    let list: Vec<Value> = app
        .get(&app.client(), "/api/internships")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["videoStatus"], "ready");
}

use futures_util::StreamExt;

/// A body too large is answered 413 and the connection closed (its rest is never read); the
/// answer says `Connection: close`, so a client that reuses connections does not lose its
/// next request on it.
#[tokio::test]
async fn an_oversized_body_is_answered_with_connection_close() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = spawn_app().await;
    let addr = app
        .url("")
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let mut s = tokio::net::TcpStream::connect(&addr).await.unwrap();
    // Declared over the JSON limit (256 KB), and sent until just past it: the server stops
    // reading there and answers.
    let head = format!(
        "POST /api/contact HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: 5000000\r\n\r\n"
    );
    s.write_all(head.as_bytes()).await.unwrap();
    s.write_all(&vec![b' '; 256 * 1024 + 1]).await.unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    while !got.windows(4).any(|w| w == b"\r\n\r\n") {
        let n = tokio::time::timeout(Duration::from_secs(10), s.read(&mut buf))
            .await
            .expect("an answer")
            .unwrap();
        assert!(n > 0, "closed without an answer");
        got.extend_from_slice(&buf[..n]);
    }
    let text = String::from_utf8_lossy(&got).to_lowercase();
    assert!(text.starts_with("http/1.1 413"), "{text}");
    assert!(text.contains("\r\nconnection: close\r\n"), "{text}");
    assert!(closed_within(&mut s, Duration::from_secs(10)).await);

    // An ordinary refusal keeps the connection for the next request.
    let res = app.post(&app.client(), "/api/contact", json!({})).await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert!(res.headers().get("connection").is_none());
}

/// A panic anywhere inside the edge (in a layer's `call` or a handler's future) is answered
/// as a 500 with the JSON message and the edge's headers, and the server goes on.
#[tokio::test]
async fn a_panic_inside_is_answered_as_a_json_500() {
    use tower::{Layer, ServiceExt};
    let app = spawn_app().await;
    let edge = internreel::http::edge::EdgeLayer::new(app.state.clone(), false);
    let request = || {
        axum::http::Request::get("/api/anything")
            .body(axum::body::Body::empty())
            .unwrap()
    };
    let in_call =
        edge.layer(
            tower::service_fn(
                |_: axum::http::Request<axum::body::Body>| -> std::future::Ready<
                    Result<axum::response::Response, std::convert::Infallible>,
                > { panic!("a layer's call panicked") },
            ),
        );
    let in_future = edge.layer(tower::service_fn(
        |_: axum::http::Request<axum::body::Body>| async {
            if true {
                panic!("a handler panicked");
            }
            Ok::<axum::response::Response, std::convert::Infallible>(Default::default())
        },
    ));
    for res in [
        in_call.oneshot(request()).await.unwrap(),
        in_future.oneshot(request()).await.unwrap(),
    ] {
        assert_eq!(res.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(res.headers()["cache-control"], "no-store");
        assert_eq!(res.headers()["x-content-type-options"], "nosniff");
        let body = axum::body::to_bytes(res.into_body(), 1 << 16)
            .await
            .unwrap();
        let said: Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(
            said["message"],
            "Something went wrong on our side. Please try again."
        );
    }
    let c = app.client();
    assert_eq!(app.get(&c, "/api/health").await.status(), StatusCode::OK);
    app.stop().await;
}
