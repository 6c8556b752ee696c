//! Ashby job board API: `GET {base}/posting-api/job-board/{name}?includeCompensation=true`.

use serde::Deserialize;

use super::{Fetched, html_to_text};

pub fn url(base: &str, name: &str) -> String {
    format!(
        "{}/posting-api/job-board/{}?includeCompensation=true",
        base.trim_end_matches('/'),
        name
    )
}

#[derive(Deserialize)]
struct Board {
    jobs: Vec<Job>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Component {
    #[serde(default)]
    compensation_type: Option<String>,
    #[serde(default)]
    interval: Option<String>,
    #[serde(default)]
    currency_code: Option<String>,
    #[serde(default)]
    min_value: Option<f64>,
    #[serde(default)]
    max_value: Option<f64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Compensation {
    #[serde(default)]
    summary_components: Vec<Component>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Job {
    #[serde(default)]
    id: Option<String>,
    title: String,
    #[serde(default)]
    department: Option<String>,
    #[serde(default)]
    team: Option<String>,
    #[serde(default)]
    employment_type: Option<String>,
    #[serde(default)]
    location: Option<String>,
    #[serde(default)]
    is_remote: Option<bool>,
    #[serde(default)]
    workplace_type: Option<String>,
    #[serde(default = "listed")]
    is_listed: bool,
    #[serde(default)]
    job_url: Option<String>,
    #[serde(default)]
    apply_url: Option<String>,
    #[serde(default)]
    description_plain: Option<String>,
    #[serde(default)]
    description_html: Option<String>,
    #[serde(default)]
    compensation: Option<Compensation>,
}

fn listed() -> bool {
    true
}

fn commitment(t: &str) -> String {
    match t {
        "FullTime" => "Full-time".into(),
        "PartTime" => "Part-time".into(),
        "Intern" => "Intern".into(),
        "Contract" => "Contract".into(),
        "Temporary" => "Temporary".into(),
        other => other.to_string(),
    }
}

fn workplace(w: &str) -> String {
    match w {
        "OnSite" => "On-site".into(),
        "Remote" => "Remote".into(),
        "Hybrid" => "Hybrid".into(),
        _ => String::new(),
    }
}

pub fn parse(bytes: &[u8]) -> anyhow::Result<Vec<Fetched>> {
    let board: Board = serde_json::from_slice(bytes)?;
    Ok(board
        .jobs
        .into_iter()
        .filter(|j| j.is_listed)
        .map(|j| {
            let pay = j.compensation.as_ref().and_then(|c| {
                c.summary_components
                    .iter()
                    .find(|s| s.compensation_type.as_deref() == Some("Salary"))
            });
            let external_id =
                j.id.clone()
                    .or_else(|| j.job_url.clone())
                    .unwrap_or_else(|| j.title.clone());
            Fetched {
                external_id,
                title: j.title,
                location: j.location.unwrap_or_default(),
                department: j.department.or(j.team).unwrap_or_default(),
                level: String::new(),
                commitment: j
                    .employment_type
                    .as_deref()
                    .map(commitment)
                    .unwrap_or_default(),
                workplace_type: j
                    .workplace_type
                    .as_deref()
                    .map(workplace)
                    .filter(|w| !w.is_empty())
                    .or_else(|| j.is_remote.filter(|r| *r).map(|_| "Remote".to_string()))
                    .unwrap_or_default(),
                salary_min: pay.and_then(|p| p.min_value),
                salary_max: pay.and_then(|p| p.max_value),
                salary_currency: pay
                    .and_then(|p| p.currency_code.clone())
                    .unwrap_or_else(|| "USD".into()),
                salary_interval: pay
                    .and_then(|p| p.interval.as_deref())
                    .map(|i| i.trim_start_matches("1 ").to_lowercase())
                    .unwrap_or_default(),
                description_plain: j
                    .description_plain
                    .or_else(|| j.description_html.as_deref().map(html_to_text))
                    .unwrap_or_default(),
                apply_url: j.apply_url.or(j.job_url).unwrap_or_default(),
            }
        })
        .collect())
}
