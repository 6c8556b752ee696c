//! `internreel jobs sources`: the job boards whose postings the server fetches.

use super::{CommandError, CommandResult};
use crate::infra::Services;
use crate::jobs;
use crate::store::Reader;
use crate::store::external_jobs::JobSource;

pub fn add(s: &Services, provider: &str, token: &str, company: Option<String>) -> CommandResult {
    let p = crate::fixtures::provider_of(provider)
        .ok_or_else(|| format!("unknown provider '{provider}': use greenhouse, lever or ashby"))?;
    let token = token.trim();
    let token_ok = !token.is_empty()
        && token.len() <= 100
        && token
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.');
    if !token_ok {
        return Err("the board token may hold letters, digits, '-', '_' and '.' only".into());
    }
    let id = s
        .store
        .write(|w| {
            let exists = w
                .scan_rev::<JobSource>(|_| true)?
                .into_iter()
                .any(|x| x.provider == p && x.token == token);
            if exists {
                return Ok(None);
            }
            let id = w.next_id::<JobSource>()?;
            w.put(&JobSource {
                id,
                provider: p,
                token: token.to_string(),
                company: company.clone().unwrap_or_else(|| token.to_string()),
                last_refresh_at: None,
                last_error: None,
            })?;
            Ok::<_, crate::store::StoreError>(Some(id))
        })
        .map_err(CommandError::from)?;
    match id {
        Some(id) => Ok(format!("Added source {id}: {provider} {token}\n")),
        None => Err(format!("{provider} {token} is already a source").into()),
    }
}

pub fn list(s: &Services) -> Result<String, crate::store::StoreError> {
    let r = s.store.read()?;
    let mut sources = r.scan_rev::<JobSource>(|_| true)?;
    sources.reverse();
    if sources.is_empty() {
        return Ok(
            "no job sources; add one with `internreel jobs sources add greenhouse TOKEN`\n".into(),
        );
    }
    let jobs = r.scan_rev::<crate::store::external_jobs::ExternalJob>(|_| true)?;
    let mut out = format!(
        "{:<4} {:<11} {:<20} {:<24} {:>5} {:<20} {}\n",
        "ID", "PROVIDER", "TOKEN", "COMPANY", "JOBS", "LAST REFRESH", "LAST ERROR"
    );
    for src in sources {
        let n = jobs.iter().filter(|j| j.source_id == src.id).count();
        let last = src
            .last_refresh_at
            .map(|t| crate::clock::rfc3339(t).chars().take(19).collect())
            .unwrap_or_else(|| "never".to_string());
        out.push_str(&format!(
            "{:<4} {:<11} {:<20} {:<24} {:>5} {:<20} {}\n",
            src.id,
            jobs::provider_name(src.provider),
            src.token,
            src.company,
            n,
            last,
            src.last_error.unwrap_or_default()
        ));
    }
    Ok(out)
}
