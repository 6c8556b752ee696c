//! Greenhouse job board API: `GET {base}/v1/boards/{token}/jobs?content=true`.

use serde::Deserialize;

use super::{Fetched, html_to_text};

pub fn url(base: &str, token: &str) -> String {
    format!(
        "{}/v1/boards/{}/jobs?content=true",
        base.trim_end_matches('/'),
        token
    )
}

#[derive(Deserialize)]
struct Board {
    jobs: Vec<Job>,
}

#[derive(Deserialize)]
struct Named {
    #[serde(default)]
    name: Option<String>,
}

#[derive(Deserialize)]
struct Job {
    id: serde_json::Value,
    title: String,
    #[serde(default)]
    location: Option<Named>,
    #[serde(default)]
    absolute_url: Option<String>,
    /// HTML, entity-escaped.
    #[serde(default)]
    content: Option<String>,
    #[serde(default)]
    departments: Vec<Named>,
    #[serde(default)]
    offices: Vec<Named>,
}

pub fn parse(bytes: &[u8]) -> anyhow::Result<Vec<Fetched>> {
    let board: Board = serde_json::from_slice(bytes)?;
    Ok(board
        .jobs
        .into_iter()
        .map(|j| {
            let location = j
                .location
                .and_then(|l| l.name)
                .or_else(|| j.offices.first().and_then(|o| o.name.clone()))
                .unwrap_or_default();
            let remote = location.to_lowercase().contains("remote");
            // The content is escaped HTML: decode the entities, then strip the tags.
            let description = j
                .content
                .map(|c| html_to_text(&html_to_text(&c)))
                .unwrap_or_default();
            Fetched {
                external_id: match j.id {
                    serde_json::Value::String(s) => s,
                    other => other.to_string(),
                },
                title: j.title,
                location,
                department: j
                    .departments
                    .first()
                    .and_then(|d| d.name.clone())
                    .unwrap_or_default(),
                level: String::new(),
                commitment: String::new(),
                workplace_type: if remote {
                    "Remote".into()
                } else {
                    String::new()
                },
                salary_min: None,
                salary_max: None,
                salary_currency: "USD".into(),
                salary_interval: String::new(),
                description_plain: description,
                apply_url: j.absolute_url.unwrap_or_default(),
            }
        })
        .collect())
}
