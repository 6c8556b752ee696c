//! The checks of the data directory's database and index, which the CLI runs on a stopped
//! directory and a running server answers through its control socket.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::store::external_jobs::JobSource;
use crate::store::{Reader, Store, StoreError};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Status {
    Ok,
    Warn,
    Fail,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Check {
    pub check: String,
    pub status: Status,
    pub detail: String,
    /// What to do about a WARN or FAIL.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<String>,
}

pub(super) fn check(
    name: &str,
    status: Status,
    detail: impl Into<String>,
    fix: Option<&str>,
) -> Check {
    Check {
        check: name.into(),
        status,
        detail: detail.into(),
        fix: fix.map(str::to_string),
    }
}

/// The checks that read the database, run where the database is open (the server, or the
/// CLI on a stopped directory): index current, admin pin, job boards, conversions, and each
/// school sign-in provider's discovery document.
pub fn database_checks(store: &Store, index_generation: Option<i64>) -> Vec<Check> {
    let mut out = Vec::new();
    let r = match store.read() {
        Ok(r) => r,
        Err(e) => {
            out.push(check("database", Status::Fail, e.to_string(), None));
            return out;
        }
    };
    out.push(check(
        "database",
        Status::Ok,
        "opens (schema current)",
        None,
    ));
    let stored = crate::search::generation(&r).unwrap_or(0);
    match index_generation {
        Some(g) if g == stored => out.push(check("search index", Status::Ok, "current", None)),
        Some(g) => out.push(check(
            "search index",
            Status::Warn,
            format!("behind the database (generation {g}, database {stored})"),
            Some("it is rebuilt at the next start, or now with `internreel reindex`"),
        )),
        None => out.push(check(
            "search index",
            Status::Warn,
            "missing or unreadable",
            Some("it is rebuilt at the next start, or now with `internreel reindex`"),
        )),
    }
    let named_admin = crate::store::staff::has_active_admin(&r).unwrap_or(false);
    let pin_off = crate::services::settings::admin_pin_off(&r).unwrap_or(false);
    match crate::store::meta::admin_pin_hash(&r) {
        _ if pin_off => out.push(check(
            "admin pin",
            Status::Ok,
            "off: staff sign in by name with two factors",
            None,
        )),
        // A shared pin makes the audit log say only "admin": once someone signs in by name,
        // the pin is a second door nobody needs.
        Ok(Some(_)) if named_admin => out.push(check(
            "admin pin",
            Status::Warn,
            "still on although a named admin exists",
            Some("internreel settings set admin-pin off"),
        )),
        Ok(Some(_)) => out.push(check("admin pin", Status::Ok, "set", None)),
        _ if named_admin => out.push(check(
            "admin pin",
            Status::Ok,
            "not set: staff sign in by name with two factors",
            None,
        )),
        _ => out.push(check(
            "admin pin",
            Status::Warn,
            "not set: nobody can sign in at /admin-login",
            Some("echo 'a-long-pin' | internreel admin set-pin"),
        )),
    }
    // What the district must set before families use it: links in e-mails, its name on
    // "Verified by", whom a suspended employer contacts.
    for (key, unset, example) in [
        (
            "public-url",
            "unset: e-mail links point at http://localhost:8080, which opens nothing for families",
            "internreel settings set public-url https://internships.your-district.example",
        ),
        (
            "district-name",
            "unset: the district shows as \"your school district\"",
            "internreel settings set district-name \"Lakeside Unified\"",
        ),
        (
            "district-contact",
            "unset: a suspended employer is told to contact \"your school district\"",
            "internreel settings set district-contact safety@your-district.example",
        ),
    ] {
        match crate::services::settings::get(&r, key) {
            Ok(Some(v)) if !v.trim().is_empty() => {
                out.push(check(key, Status::Ok, v.trim().to_string(), None))
            }
            _ => out.push(check(key, Status::Warn, unset, Some(example))),
        }
    }
    let sources = r.scan_rev::<JobSource>(|_| true).unwrap_or_default();
    let failing: Vec<String> = sources
        .iter()
        .filter_map(|s| {
            s.last_error
                .as_ref()
                .map(|e| format!("{} ({}): {e}", s.company, s.token))
        })
        .collect();
    if failing.is_empty() {
        out.push(check(
            "job boards",
            Status::Ok,
            format!("{} source(s), no errors", sources.len()),
            None,
        ));
    } else {
        out.push(check(
            "job boards",
            Status::Warn,
            failing.join("; "),
            Some("check the board tokens with `internreel jobs sources list`; remove dead ones"),
        ));
    }
    let queued = r
        .count::<crate::store::transcodes::TranscodeJob>()
        .unwrap_or(0);
    out.push(check(
        "video queue",
        Status::Ok,
        format!("{queued} video(s) waiting for conversion"),
        None,
    ));
    let providers = crate::store::sso::providers(&r).unwrap_or_default();
    // The providers answer over the network: the read transaction is not held meanwhile.
    drop(r);
    out.extend(sso_checks(&providers));
    out
}

/// One check per school sign-in provider: its discovery document fetched now, as a sign-in
/// fetches it (reachable, JSON of the right shape, the issuer it names the one stored, its
/// signing keys), all providers at once.
fn sso_checks(providers: &[crate::store::sso::Provider]) -> Vec<Check> {
    let issuers: Vec<String> = providers.iter().map(|p| p.issuer.clone()).collect();
    let answers = crate::services::sso_provider::discover_blocking(&issuers);
    providers
        .iter()
        .zip(answers)
        .map(|(p, answer)| {
            let name = format!("sso {}", p.name);
            match answer {
                Ok(m) => check(
                    &name,
                    Status::Ok,
                    format!(
                        "{}: discovery answers, {} signing key(s)",
                        p.issuer,
                        m.jwks().keys().len()
                    ),
                    None,
                ),
                Err(why) => check(
                    &name,
                    Status::Fail,
                    why,
                    Some(
                        "school sign-in with this provider fails until it answers: check the issuer at the provider, then `internreel sso add` it again (or `internreel sso remove` it)",
                    ),
                ),
            }
        })
        .collect()
}

/// The database checks for a stopped data directory: the store is opened (a running server
/// answers them itself), the index's generation read without rebuilding it.
pub fn offline_checks(data: &Path) -> Vec<Check> {
    let paths = crate::infra::DataPaths::new(data);
    match Store::open(&paths.db()) {
        Ok(store) => database_checks(&store, crate::search::committed_generation(&paths.index())),
        Err(StoreError::Locked) => vec![check(
            "database",
            Status::Fail,
            "locked by another process that does not answer on internreel.sock",
            Some("stop the other internreel process"),
        )],
        Err(e) => vec![check(
            "database",
            Status::Fail,
            e.to_string(),
            Some("restore a backup made by a matching binary (`internreel restore`)"),
        )],
    }
}
