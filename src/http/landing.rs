//! The landing page's two marketing samples, served from the files shipped in the binary, in
//! the reader's language where the file has it (`translations`).

use axum::extract::State;
use axum::http::HeaderMap;
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use crate::embedded;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/api/landing-samples", get(list_landing_samples))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Sample {
    id: u64,
    company: String,
    location: String,
    title: String,
    description: String,
    duration: String,
    video: String,
    work_style: String,
    age_range: String,
    /// The words of the sample in another language, by its code ("es").
    #[serde(default)]
    translations: std::collections::HashMap<String, Words>,
}

/// A sample's words in one language.
#[derive(Deserialize)]
struct Words {
    title: String,
    description: String,
    duration: String,
    location: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SampleView {
    id: u64,
    company: String,
    location: String,
    title: String,
    description: String,
    duration: String,
    video_url: String,
    poster_url: Option<String>,
    work_style: String,
    age_range: String,
}

async fn list_landing_samples(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Json<Vec<SampleView>> {
    let samples: Vec<Sample> = embedded::landing_samples();
    let lang = super::language::chooser(&state, &headers)().code();
    Json(
        samples
            .into_iter()
            .map(|mut s| {
                if let Some(w) = s.translations.remove(lang) {
                    (s.title, s.description, s.duration, s.location) =
                        (w.title, w.description, w.duration, w.location);
                }
                s
            })
            .map(|s| SampleView {
                id: s.id,
                company: s.company,
                location: s.location,
                title: s.title,
                description: s.description,
                duration: s.duration,
                poster_url: embedded::poster_of(&s.video).map(|(p, _)| format!("/api/posters/{p}")),
                video_url: format!("/api/videos/{}", s.video),
                work_style: s.work_style,
                age_range: s.age_range,
            })
            .collect(),
    )
}
