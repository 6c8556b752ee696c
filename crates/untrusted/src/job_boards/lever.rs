//! Lever postings API: `GET {base}/v0/postings/{site}?mode=json&skip=N&limit=N`, a bare array;
//! paged until a short page.

use serde::Deserialize;

use super::{Fetched, html_to_text};

pub const PAGE: usize = 100;

pub fn url(base: &str, site: &str, skip: usize) -> String {
    format!(
        "{}/v0/postings/{}?mode=json&skip={skip}&limit={PAGE}",
        base.trim_end_matches('/'),
        site
    )
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Categories {
    location: Option<String>,
    commitment: Option<String>,
    team: Option<String>,
    department: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Salary {
    min: Option<f64>,
    max: Option<f64>,
    currency: Option<String>,
    interval: Option<String>,
}

#[derive(Deserialize)]
struct ListBlock {
    #[serde(default)]
    text: String,
    #[serde(default)]
    content: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Posting {
    id: String,
    text: String,
    #[serde(default)]
    categories: Categories,
    #[serde(default)]
    workplace_type: Option<String>,
    #[serde(default)]
    salary_range: Option<Salary>,
    #[serde(default)]
    description_plain: Option<String>,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    description_body_plain: Option<String>,
    #[serde(default)]
    lists: Vec<ListBlock>,
    #[serde(default)]
    additional_plain: Option<String>,
    #[serde(default)]
    hosted_url: Option<String>,
    #[serde(default)]
    apply_url: Option<String>,
}

fn workplace(w: &str) -> String {
    match w.to_lowercase().as_str() {
        "on-site" | "onsite" => "On-site".into(),
        "remote" => "Remote".into(),
        "hybrid" => "Hybrid".into(),
        _ => String::new(),
    }
}

/// 'per-hour-wage' → 'hour', 'per-year-salary' → 'year'.
fn interval(i: &str) -> String {
    i.trim_start_matches("per-")
        .split('-')
        .next()
        .unwrap_or("")
        .to_string()
}

pub fn parse(bytes: &[u8]) -> anyhow::Result<Vec<Fetched>> {
    let postings: Vec<Posting> = serde_json::from_slice(bytes)?;
    Ok(postings
        .into_iter()
        .map(|p| {
            let mut description = p
                .description_plain
                .clone()
                .or_else(|| p.description.as_deref().map(html_to_text))
                .unwrap_or_default();
            if let Some(body) = p.description_body_plain.as_deref()
                && !description.contains(body.trim())
            {
                description.push_str(&format!("\n\n{}", body.trim()));
            }
            for l in &p.lists {
                description.push_str(&format!("\n\n{}\n{}", l.text, html_to_text(&l.content)));
            }
            if let Some(a) = &p.additional_plain {
                description.push_str(&format!("\n\n{a}"));
            }
            let salary = p.salary_range.as_ref();
            Fetched {
                external_id: p.id,
                title: p.text,
                location: p.categories.location.unwrap_or_default(),
                department: p
                    .categories
                    .department
                    .or(p.categories.team)
                    .unwrap_or_default(),
                level: String::new(),
                commitment: p.categories.commitment.unwrap_or_default(),
                workplace_type: p
                    .workplace_type
                    .as_deref()
                    .map(workplace)
                    .unwrap_or_default(),
                salary_min: salary.and_then(|s| s.min),
                salary_max: salary.and_then(|s| s.max),
                salary_currency: salary
                    .and_then(|s| s.currency.clone())
                    .unwrap_or_else(|| "USD".into()),
                salary_interval: salary
                    .and_then(|s| s.interval.as_deref())
                    .map(interval)
                    .unwrap_or_default(),
                description_plain: description.trim().to_string(),
                apply_url: p.apply_url.or(p.hosted_url).unwrap_or_default(),
            }
        })
        .collect())
}
