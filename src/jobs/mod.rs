//! External jobs from company career pages (Greenhouse, Lever and Ashby job boards).
//! Domain code: it never imports axum. One file per provider parses that provider's format.

pub mod recorded;

pub use internreel_untrusted::job_boards::{Fetched, ashby, greenhouse, html_to_text, lever};

use std::time::Duration;

use anyhow::{Context, bail};
use futures_util::StreamExt;

use crate::clock::now_ms;
use crate::infra::{Indexed, Services};
use crate::store::external_jobs::{ExternalJob, JobSource, Provider};
use crate::store::{Reader, meta};

pub fn provider_name(p: Provider) -> &'static str {
    match p {
        Provider::Greenhouse => "greenhouse",
        Provider::Lever => "lever",
        Provider::Ashby => "ashby",
    }
}

/// Where job boards are fetched from.
#[derive(Debug, Clone)]
pub enum Boards {
    /// The providers' APIs (or stand-ins, in tests) at these base URLs.
    Http {
        greenhouse: String,
        lever: String,
        ashby: String,
    },
    /// The payloads recorded in the fixtures: the demo works without the internet.
    Recorded,
}

impl Boards {
    /// From `INTERNREEL_{GREENHOUSE,LEVER,ASHBY}_URL`, defaulting to the public API hosts; a
    /// demo without any of these set reads the recorded payloads.
    pub fn from_env(demo: bool) -> Boards {
        let var = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
        let (g, l, a) = (
            var("INTERNREEL_GREENHOUSE_URL"),
            var("INTERNREEL_LEVER_URL"),
            var("INTERNREEL_ASHBY_URL"),
        );
        if demo && g.is_none() && l.is_none() && a.is_none() {
            return Boards::Recorded;
        }
        Boards::Http {
            greenhouse: g.unwrap_or_else(|| "https://boards-api.greenhouse.io".into()),
            lever: l.unwrap_or_else(|| "https://api.lever.co".into()),
            ashby: a.unwrap_or_else(|| "https://api.ashbyhq.com".into()),
        }
    }
}

/// Largest board payload we read.
const MAX_PAYLOAD: usize = 8 * 1024 * 1024;
const MAX_LEVER_PAGES: usize = 50;

pub fn http_client() -> anyhow::Result<reqwest::Client> {
    // reqwest is built without a default TLS provider; ring keeps the build free of C code.
    crate::tls::install_crypto_provider();
    Ok(reqwest::Client::builder()
        .user_agent(concat!(
            "InternReel/",
            env!("CARGO_PKG_VERSION"),
            " (school job board; reads public job-board APIs)"
        ))
        .connect_timeout(Duration::from_secs(10))
        .timeout(Duration::from_secs(30))
        .build()?)
}

async fn get_capped(client: &reqwest::Client, url: &str) -> anyhow::Result<Vec<u8>> {
    let mut res = client
        .get(url)
        .send()
        .await
        .with_context(|| format!("fetching {url}"))?;
    if !res.status().is_success() {
        bail!("{url} answered {}", res.status());
    }
    let mut body = Vec::new();
    while let Some(chunk) = res
        .chunk()
        .await
        .with_context(|| format!("reading {url}"))?
    {
        body.extend_from_slice(&chunk);
        if body.len() > MAX_PAYLOAD {
            bail!("{url} sent more than {} MB", MAX_PAYLOAD / 1024 / 1024);
        }
    }
    Ok(body)
}

/// Fetches and parses one source's jobs.
pub async fn fetch(
    boards: &Boards,
    client: &reqwest::Client,
    src: &JobSource,
) -> anyhow::Result<Vec<Fetched>> {
    let name = provider_name(src.provider);
    let parse = |bytes: &[u8]| -> anyhow::Result<Vec<Fetched>> {
        match src.provider {
            Provider::Greenhouse => greenhouse::parse(bytes),
            Provider::Lever => lever::parse(bytes),
            Provider::Ashby => ashby::parse(bytes),
        }
        .with_context(|| {
            format!(
                "the {name} board '{}' sent data we could not read",
                src.token
            )
        })
    };
    let (greenhouse_base, lever_base, ashby_base) = match boards {
        Boards::Recorded => {
            let bytes = recorded::payload(name, &src.token)
                .with_context(|| format!("no recorded payload for {name}/{}", src.token))?;
            return parse(&bytes);
        }
        Boards::Http {
            greenhouse,
            lever,
            ashby,
        } => (greenhouse, lever, ashby),
    };
    match src.provider {
        Provider::Greenhouse => {
            parse(&get_capped(client, &greenhouse::url(greenhouse_base, &src.token)).await?)
        }
        Provider::Ashby => parse(&get_capped(client, &ashby::url(ashby_base, &src.token)).await?),
        Provider::Lever => {
            let mut all = Vec::new();
            for page in 0..MAX_LEVER_PAGES {
                let batch = parse(
                    &get_capped(
                        client,
                        &lever::url(lever_base, &src.token, page * lever::PAGE),
                    )
                    .await?,
                )?;
                let short = batch.len() < lever::PAGE;
                all.extend(batch);
                if short {
                    break;
                }
            }
            Ok(all)
        }
    }
}

/// What one refresh did, per source.
#[derive(Debug, Default)]
pub struct RefreshReport {
    pub lines: Vec<String>,
}

/// Fetches every source (a few at a time) and stores the results. A failing source keeps its
/// last good jobs and records its error; jobs that vanished from a source that answered are
/// removed. The search index follows.
pub async fn refresh_all(s: &Services, boards: &Boards) -> anyhow::Result<RefreshReport> {
    let client = http_client()?;
    let sources = s.store.read()?.scan_rev::<JobSource>(|_| true)?;
    let results: Vec<(JobSource, anyhow::Result<Vec<Fetched>>)> =
        futures_util::stream::iter(sources)
            .map(|src| {
                let client = client.clone();
                async move {
                    let r = fetch(boards, &client, &src).await;
                    (src, r)
                }
            })
            .buffer_unordered(3)
            .collect()
            .await;
    let mut report = RefreshReport::default();
    for (src, result) in results {
        let line = match result {
            Ok(jobs) => {
                let n = jobs.len();
                store_jobs(s, &src, jobs)?;
                format!(
                    "{} {} ({}): {n} jobs",
                    provider_name(src.provider),
                    src.token,
                    src.company
                )
            }
            Err(e) => {
                let msg = format!("{e:#}");
                tracing::warn!(source = %src.token, error = %msg, "job source failed");
                s.store.write(|w| {
                    if let Some(mut cur) = w.get::<JobSource>(src.id)? {
                        cur.last_error = Some(msg.clone());
                        w.put(&cur)?;
                    }
                    Ok::<_, crate::store::StoreError>(())
                })?;
                format!(
                    "{} {} ({}): failed: {msg}",
                    provider_name(src.provider),
                    src.token,
                    src.company
                )
            }
        };
        report.lines.push(line);
    }
    s.store
        .write(|w| meta::set_i64(w, LAST_REFRESH, now_ms()))?;
    Ok(report)
}

pub const LAST_REFRESH: &str = "jobs_last_refresh";

/// Upserts one source's jobs by (source, external id) and removes the ones that vanished.
pub fn store_jobs(s: &Services, src: &JobSource, jobs: Vec<Fetched>) -> anyhow::Result<()> {
    let now = now_ms();
    s.write_indexed(|w| {
        let Some(mut source) = w.get::<JobSource>(src.id)? else {
            // Removed while we fetched.
            return Ok::<_, anyhow::Error>(((), Indexed::Nothing));
        };
        let existing: Vec<ExternalJob> = w
            .scan_rev::<ExternalJob>(|_| true)?
            .into_iter()
            .filter(|j| j.source_id == src.id)
            .collect();
        let mut seen = std::collections::HashSet::new();
        let mut changed = Vec::new();
        // The board's shared opening about the company is left out of each job's text (the
        // classifier still reads the whole of it).
        let descriptions: Vec<String> = jobs.iter().map(|f| f.description_plain.clone()).collect();
        let about_the_role = crate::domain::job_text::without_shared_opening(&descriptions);
        for (f, role_text) in jobs.into_iter().zip(about_the_role) {
            if !seen.insert(f.external_id.clone()) {
                continue;
            }
            let id = match w.external_key_get(src.id, &f.external_id)? {
                Some(id) => id,
                None => {
                    let id = w.next_id::<ExternalJob>()?;
                    w.external_key_put(src.id, &f.external_id, id)?;
                    id
                }
            };
            let company = if src.company.is_empty() {
                src.token.clone()
            } else {
                src.company.clone()
            };
            let beginner = crate::domain::student_friendly::is_beginner(
                &f.title,
                &f.level,
                &f.commitment,
                &f.description_plain,
            );
            let job = ExternalJob {
                id,
                source_id: src.id,
                provider: src.provider,
                external_id: f.external_id,
                company_name: company,
                title: f.title,
                location: f.location,
                department: f.department,
                level: f.level,
                commitment: f.commitment,
                workplace_type: f.workplace_type,
                salary_min: f.salary_min,
                salary_max: f.salary_max,
                salary_currency: f.salary_currency,
                salary_interval: f.salary_interval,
                description_plain: role_text,
                apply_url: f.apply_url,
                beginner,
                updated_at: now,
            };
            w.put(&job)?;
            changed.push(job);
        }
        let mut removed = Vec::new();
        for old in existing {
            if !seen.contains(&old.external_id) {
                w.delete::<ExternalJob>(old.id)?;
                w.external_key_remove(src.id, &old.external_id)?;
                removed.push(old.id);
            }
        }
        source.last_refresh_at = Some(now);
        source.last_error = None;
        w.put(&source)?;
        Ok(((), Indexed::jobs(changed, removed)))
    })
}

/// Removes a source and its jobs.
pub fn remove_source(s: &Services, id: u64) -> anyhow::Result<bool> {
    s.write_indexed(|w| {
        if w.get::<JobSource>(id)?.is_none() {
            return Ok::<_, anyhow::Error>((false, Indexed::Nothing));
        }
        let jobs: Vec<ExternalJob> = w
            .scan_rev::<ExternalJob>(|_| true)?
            .into_iter()
            .filter(|j| j.source_id == id)
            .collect();
        let mut removed = Vec::new();
        for j in jobs {
            w.delete::<ExternalJob>(j.id)?;
            w.external_key_remove(id, &j.external_id)?;
            removed.push(j.id);
        }
        w.delete::<JobSource>(id)?;
        Ok((true, Indexed::jobs(Vec::new(), removed)))
    })
}

/// Runs refreshes in the background: at start-up when the last one is older than the
/// interval, then every interval.
pub async fn refresh_loop(s: Services, boards: Boards, every: Duration) {
    loop {
        let last = s
            .store
            .read()
            .ok()
            .and_then(|r| meta::get_i64(&r, LAST_REFRESH).ok().flatten())
            .unwrap_or(0);
        let due_in = (last + every.as_millis() as i64 - now_ms()).max(0) as u64;
        tokio::time::sleep(Duration::from_millis(due_in)).await;
        if let Err(e) = refresh_all(&s, &boards).await {
            tracing::error!(error = %format!("{e:#}"), "refreshing external jobs failed");
            tokio::time::sleep(Duration::from_secs(60)).await;
        }
    }
}
