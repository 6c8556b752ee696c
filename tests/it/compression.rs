//! Nothing travels uncompressed (#23): the UI's files go out as the brotli or gzip copies made
//! at build time, JSON above 1 KB is compressed on the way out, each as the client accepts.

use std::io::Read;

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::*;

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .unwrap();
    out
}

fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli::Decompressor::new(bytes, 4096)
        .read_to_end(&mut out)
        .unwrap();
    out
}

async fn fetch(app: &TestApp, path: &str, accept: Option<&str>) -> reqwest::Response {
    let c = app.client();
    let mut req = c.get(app.url(path));
    if let Some(a) = accept {
        req = req.header("accept-encoding", a);
    }
    req.send().await.unwrap()
}

fn header(res: &reqwest::Response, name: &str) -> Option<String> {
    res.headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_string())
}

#[tokio::test]
async fn json_answers_are_compressed_as_the_client_accepts() {
    let app = spawn_demo().await;
    let plain = fetch(&app, "/api/internships", None).await;
    assert_eq!(header(&plain, "content-encoding"), None);
    let plain = plain.bytes().await.unwrap();
    assert!(plain.len() > 10_000, "a demo feed page is large");

    let gz = fetch(&app, "/api/internships", Some("gzip")).await;
    assert_eq!(header(&gz, "content-encoding").as_deref(), Some("gzip"));
    assert!(header(&gz, "vary").unwrap().contains("accept-encoding"));
    let gz = gz.bytes().await.unwrap();
    assert!(
        gz.len() * 3 < plain.len(),
        "{} of {}",
        gz.len(),
        plain.len()
    );
    assert_eq!(gunzip(&gz), plain);

    let br = fetch(&app, "/api/internships", Some("gzip, deflate, br")).await;
    assert_eq!(header(&br, "content-encoding").as_deref(), Some("br"));
    let br = br.bytes().await.unwrap();
    assert_eq!(unbrotli(&br), plain);

    // Refused codings are not used; small answers are not worth compressing.
    let refused = fetch(&app, "/api/internships", Some("br;q=0, gzip;q=0")).await;
    assert_eq!(header(&refused, "content-encoding"), None);
    let small = fetch(&app, "/api/district", Some("gzip, br")).await;
    assert_eq!(small.status(), StatusCode::OK);
    assert_eq!(header(&small, "content-encoding"), None);
    let _: Value = small.json().await.unwrap();
}

#[tokio::test]
async fn the_ui_files_are_served_precompressed_with_their_own_etags() {
    let app = spawn_app().await;
    let index = fetch(&app, "/", None).await.text().await.unwrap();
    // The largest script the page names (a tiny one, such as the bundler's runtime, is below
    // the size worth a compressed copy).
    let mut script = None;
    for s in index
        .split('"')
        .filter(|s| s.starts_with("/assets/") && s.ends_with(".js"))
    {
        let size = fetch(&app, s, None).await.bytes().await.unwrap().len();
        if script.as_ref().is_none_or(|(_, biggest)| size > *biggest) {
            script = Some((s.to_string(), size));
        }
    }
    let script = script.expect("the entry script").0;
    let plain = fetch(&app, &script, None).await;
    assert_eq!(header(&plain, "content-encoding"), None);
    assert!(header(&plain, "vary").unwrap().contains("accept-encoding"));
    let plain_tag = header(&plain, "etag").unwrap();
    let plain = plain.bytes().await.unwrap();

    let br = fetch(&app, &script, Some("gzip, br")).await;
    assert_eq!(header(&br, "content-encoding").as_deref(), Some("br"));
    assert_eq!(
        header(&br, "cache-control").as_deref(),
        Some("public, max-age=31536000, immutable")
    );
    let br_tag = header(&br, "etag").unwrap();
    assert_ne!(br_tag, plain_tag);
    let br = br.bytes().await.unwrap();
    assert!(
        br.len() * 3 < plain.len(),
        "{} of {}",
        br.len(),
        plain.len()
    );
    assert_eq!(unbrotli(&br), plain);

    let gz = fetch(&app, &script, Some("gzip")).await;
    assert_eq!(header(&gz, "content-encoding").as_deref(), Some("gzip"));
    assert_eq!(gunzip(&gz.bytes().await.unwrap()), plain);

    // A revalidation names the copy it holds.
    let c = app.client();
    let again = c
        .get(app.url(&script))
        .header("accept-encoding", "br")
        .header("if-none-match", &br_tag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    let other = c
        .get(app.url(&script))
        .header("accept-encoding", "identity")
        .header("if-none-match", &br_tag)
        .send()
        .await
        .unwrap();
    assert_eq!(other.status(), StatusCode::OK);
}
