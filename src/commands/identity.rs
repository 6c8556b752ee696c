//! `internreel staff`, `sso` and `roster`: the district's people and how they sign in.

use std::io::Read;
use std::path::Path;

use super::{CommandError, CommandResult};
use crate::clock::now_ms;
use crate::domain::roster::{self, Roster};
use crate::infra::Services;
use crate::services::staff::{self as rules, Change, NewStaff, StaffView};
use crate::store::audit::{self, Actor, Event};
use crate::store::sso::{self, Provider, ServesRole};
use crate::store::staff::{self, StaffRole};

pub fn staff_add(
    s: &Services,
    email: String,
    name: String,
    role: String,
    school: Option<String>,
) -> CommandResult {
    let new = NewStaff {
        email,
        name,
        role,
        school: school.unwrap_or_default(),
    };
    let (member, link) = s
        .store
        .write(|w| rules::add(w, Actor::Cli, &new, now_ms()))?;
    let mut out = unknown_school_warning(s, member.school.as_deref())?;
    out.push_str(&format!(
        "Added {} <{}> as {}{}\nInvite link (single use, valid 72 hours; also e-mailed):\n{link}\n",
        member.name,
        member.email,
        member.role.as_str(),
        member
            .school
            .as_deref()
            .map(|s| format!(" of {s}"))
            .unwrap_or_default()
    ));
    Ok(out)
}

/// A warning line (`main` prints it on stderr) when no roster or student names `school`: a
/// coordinator of a misspelt school would see no students. Empty when the school is known.
fn unknown_school_warning(s: &Services, school: Option<&str>) -> CommandResult {
    let Some(school) = school.filter(|s| !s.trim().is_empty()) else {
        return Ok(String::new());
    };
    let r = s.store.read()?;
    if crate::services::students::school_named(&r, school)?.is_some() {
        return Ok(String::new());
    }
    let known = crate::services::students::named_schools(&r)?;
    Ok(if known.is_empty() {
        format!(
            "warning: no roster or student names the school \"{school}\" yet (no roster has been imported)\n"
        )
    } else {
        format!(
            "warning: no roster or student names the school \"{school}\"; the known schools: {}\n",
            known.join(", ")
        )
    })
}

pub fn staff_list(s: &Services, json: bool) -> CommandResult {
    let r = s.store.read()?;
    let all: Vec<StaffView> = staff::all(&r)?.iter().map(StaffView::from).collect();
    if json {
        return Ok(serde_json::to_string_pretty(&all).map_err(|e| e.to_string())? + "\n");
    }
    if all.is_empty() {
        return Ok(
            "no staff accounts yet: internreel staff add EMAIL --name NAME --role admin\n".into(),
        );
    }
    let mut out = String::new();
    for m in all {
        out.push_str(&format!(
            "{}  {}  {}{}  {}  last sign-in: {}\n",
            m.email,
            m.name,
            m.role,
            m.school.map(|s| format!(" ({s})")).unwrap_or_default(),
            m.status,
            m.last_sign_in_at
                .map(crate::clock::rfc3339)
                .unwrap_or_else(|| "never".into())
        ));
    }
    Ok(out)
}

pub fn staff_change(
    s: &Services,
    email: &str,
    change: &str,
    school: Option<String>,
) -> CommandResult {
    let change = match change {
        "disable" => Change::Disable,
        "enable" => Change::Enable,
        "reset-2fa" => Change::ResetTwoFactor,
        other => match other.strip_prefix("role:").and_then(StaffRole::parse) {
            Some(role) => Change::Role { role, school },
            None => return Err("the role is admin or coordinator".into()),
        },
    };
    let role_change = matches!(change, Change::Role { .. });
    let verb = match &change {
        Change::Disable => "Turned off",
        Change::Enable => "Turned on",
        Change::ResetTwoFactor => "Reset the password and authenticator of",
        Change::Role { .. } => "Changed the role of",
    };
    let (member, link) = s.store.write(|w| {
        let id = rules::id_of(w, email)?;
        rules::change(w, Actor::Cli, id, change, now_ms())
    })?;
    let mut out = if role_change {
        unknown_school_warning(s, member.school.as_deref())?
    } else {
        String::new()
    };
    out.push_str(&format!(
        "{verb} {} <{}>: {}{}, {}\n",
        member.name,
        member.email,
        member.role.as_str(),
        member
            .school
            .as_deref()
            .map(|s| format!(" of {s}"))
            .unwrap_or_default(),
        member.status()
    ));
    if let Some(link) = link {
        out.push_str(&format!(
            "New invite link (single use, valid 72 hours; also e-mailed):\n{link}\n"
        ));
    }
    Ok(out)
}

fn name_ok(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 40
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | '-' | '_'))
}

/// A provider as `sso add` is given it.
pub struct NewProvider {
    pub name: String,
    pub issuer: String,
    pub client_id: String,
    pub client_secret: String,
    pub domains: Vec<String>,
    pub serves: String,
}

/// Adds (or changes) a school sign-in provider once its discovery document checks out: a
/// wrong issuer is refused here, not when a student first signs in. `skip_check` stores it
/// unchecked, with a warning (a provider this server cannot reach yet).
pub fn sso_add(s: &Services, new: NewProvider, skip_check: bool) -> CommandResult {
    let NewProvider {
        name,
        issuer,
        client_id,
        client_secret,
        domains,
        serves,
    } = new;
    let name = name.trim().to_string();
    if !name_ok(&name) {
        return Err("the name is 1-40 letters, digits, spaces, - or _ (it is shown as \"Continue with NAME\" and is part of the redirect URI)".into());
    }
    let serves = ServesRole::parse(&serves).ok_or("--for is students, staff or both")?;
    let issuer = issuer.trim().trim_end_matches('/').to_string();
    if !(issuer.starts_with("https://")
        || issuer.starts_with("http://127.0.0.1")
        || issuer.starts_with("http://localhost"))
    {
        return Err("the issuer must be an https:// URL".into());
    }
    if client_id.trim().is_empty() || client_secret.is_empty() {
        return Err("the client id and the client secret are needed".into());
    }
    let domains: Vec<String> = domains
        .iter()
        .map(|d| d.trim().trim_start_matches('@').to_ascii_lowercase())
        .filter(|d| !d.is_empty())
        .collect();
    let mut out = String::new();
    let mut checked_line = String::new();
    if skip_check {
        out.push_str(&format!(
            "warning: the discovery document ({}) was not checked: a wrong issuer shows only when someone signs in; `internreel doctor` checks it\n",
            crate::services::sso_provider::discovery_url(&issuer)
        ));
    } else {
        let checked =
            crate::services::sso_provider::discover_blocking(std::slice::from_ref(&issuer));
        match checked.into_iter().next() {
            Some(Ok(m)) => {
                checked_line = format!(
                    "Checked its discovery document: {} signing key(s)\n",
                    m.jwks().keys().len()
                )
            }
            Some(Err(why)) => {
                return Err(format!(
                    "the school sign-in \"{name}\" was not added: {why}\nCheck --issuer (the provider's issuer URL), or add --skip-check to store it unchecked"
                )
                .into());
            }
            None => {}
        }
    }
    let url = crate::services::password_reset::public_url(&s.store.read()?)?;
    let mut existed = false;
    s.store.write(|w| {
        let mut list = sso::providers(w)?;
        let change = if list.iter().any(|p| p.name.eq_ignore_ascii_case(&name)) {
            "changed"
        } else {
            "added"
        };
        existed = change == "changed";
        list.retain(|p| !p.name.eq_ignore_ascii_case(&name));
        list.push(Provider {
            name: name.clone(),
            issuer: issuer.clone(),
            client_id: client_id.trim().to_string(),
            client_secret: client_secret.clone(),
            domains: domains.clone(),
            serves,
        });
        sso::set_providers(w, &list)?;
        audit::append(
            w,
            now_ms(),
            Actor::Cli,
            Event::SsoProviderChanged {
                name: name.clone(),
                change: change.into(),
            },
            ("sso", None),
            None,
        )
        .map(|_| ())
    })?;
    out.push_str(&format!(
        "{} the school sign-in \"{name}\" ({issuer}) for {}; accounts of: {}\n{checked_line}Register this redirect URI at the provider:\n{}\n",
        if existed { "Changed" } else { "Added" },
        serves.as_str(),
        if domains.is_empty() {
            "any domain".to_string()
        } else {
            domains.join(", ")
        },
        crate::services::sso::redirect_uri(&url, &name)
    ));
    Ok(out)
}

pub fn sso_list(s: &Services) -> CommandResult {
    let list = sso::providers(&s.store.read()?)?;
    if list.is_empty() {
        return Ok("no school sign-in providers: internreel sso add NAME --issuer URL --client-id ID --client-secret-file FILE\n".into());
    }
    Ok(list
        .iter()
        .map(|p| {
            format!(
                "{}  {}  client {}  for {}  domains: {}\n",
                p.name,
                p.issuer,
                p.client_id,
                p.serves.as_str(),
                if p.domains.is_empty() {
                    "any".into()
                } else {
                    p.domains.join(", ")
                }
            )
        })
        .collect())
}

pub fn sso_remove(s: &Services, name: &str) -> CommandResult {
    let removed = s.store.write(|w| {
        let mut list = sso::providers(w)?;
        let before = list.len();
        list.retain(|p| !p.name.eq_ignore_ascii_case(name));
        if list.len() == before {
            return Ok(false);
        }
        sso::set_providers(w, &list)?;
        audit::append(
            w,
            now_ms(),
            Actor::Cli,
            Event::SsoProviderChanged {
                name: name.to_string(),
                change: "removed".into(),
            },
            ("sso", None),
            None,
        )?;
        Ok::<_, crate::store::StoreError>(true)
    })?;
    if removed {
        Ok(format!("Removed the school sign-in \"{name}\"\n"))
    } else {
        Err(format!("no school sign-in named \"{name}\"").into())
    }
}

/// Files of a roster bigger than this are refused (a state's roster is tens of MB).
const ROSTER_MAX: u64 = 512 * 1024 * 1024;
/// `orgs.csv` lists a district's schools: a few thousand rows at most.
const ORGS_MAX: u64 = 16 * 1024 * 1024;

/// Reads at most `cap` bytes. With a `declared` size (a zip member's, a file's length) a
/// larger one is refused before anything is read, the buffer is made that size once, and
/// no more than that is read: a zip whose member inflates past its entry (a bomb) is
/// refused after `declared + 1` bytes, never after `cap` (the buffer's doubling once took
/// 1.1 GB for a 600 KB zip).
fn read_capped(
    r: impl Read,
    declared: Option<u64>,
    cap: u64,
    what: &str,
) -> Result<Vec<u8>, CommandError> {
    let too_large = || CommandError(format!("{what} is larger than {} MB", cap >> 20));
    let limit = match declared {
        Some(n) if n > cap => return Err(too_large()),
        Some(n) => n,
        None => cap,
    };
    let mut buf = Vec::with_capacity(declared.map_or(0, |n| n as usize + 1));
    r.take(limit + 1)
        .read_to_end(&mut buf)
        .map_err(|e| format!("reading {what}: {e}"))?;
    if buf.len() as u64 > limit {
        return Err(match declared {
            Some(n) => format!("{what} holds more than the {n} bytes it declares").into(),
            None => too_large(),
        });
    }
    Ok(buf)
}

/// A file on disk, its length as the declared size (unless it is not a plain file).
fn read_file(path: &Path, cap: u64, what: &str) -> Result<Vec<u8>, CommandError> {
    let f = std::fs::File::open(path).map_err(|e| format!("{what}: {e}"))?;
    let meta = f.metadata().map_err(|e| format!("{what}: {e}"))?;
    read_capped(f, meta.is_file().then_some(meta.len()), cap, what)
}

fn is_zip(path: &Path, shown: &str) -> Result<bool, CommandError> {
    let mut magic = [0u8; 4];
    let mut f = std::fs::File::open(path).map_err(|e| format!("{shown}: {e}"))?;
    let n = f.read(&mut magic).map_err(|e| format!("{shown}: {e}"))?;
    Ok(n == 4 && &magic == b"PK\x03\x04")
}

/// The roster at `path`: a folder or zip holding orgs.csv and users.csv, or one plain CSV.
fn read_roster(path: &Path) -> Result<Roster, CommandError> {
    let shown = path.display().to_string();
    let bad = |e: roster::RosterError| CommandError(e.0);
    if path.is_dir() {
        return roster::one_roster(
            &read_file(
                &path.join("orgs.csv"),
                ORGS_MAX,
                &format!("{shown}/orgs.csv"),
            )?,
            &read_file(
                &path.join("users.csv"),
                ROSTER_MAX,
                &format!("{shown}/users.csv"),
            )?,
        )
        .map_err(bad);
    }
    if !is_zip(path, &shown)? {
        // Refusals name the file as the district knows it ("students.csv: line 4: ...").
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| shown.clone());
        return roster::plain(&read_file(path, ROSTER_MAX, &shown)?, &name).map_err(bad);
    }
    let file = std::fs::File::open(path).map_err(|e| format!("{shown}: {e}"))?;
    if file.metadata().map_err(|e| format!("{shown}: {e}"))?.len() > ROSTER_MAX {
        return Err(format!("{shown} is larger than {} MB", ROSTER_MAX >> 20).into());
    }
    // Read from the file, never whole into memory: only the members we need are inflated.
    let mut zip = zip::ZipArchive::new(std::io::BufReader::new(file))
        .map_err(|e| format!("{shown}: not a readable zip: {e}"))?;
    let mut member = |name: &str, cap: u64| -> Result<Vec<u8>, CommandError> {
        // OneRoster zips keep the files at the top; some exports nest them one folder deep.
        let found = (0..zip.len())
            .find(|&i| {
                zip.name_for_index(i)
                    .is_some_and(|n| n.rsplit('/').next() == Some(name))
            })
            .ok_or_else(|| format!("{shown}: no {name} in the zip"))?;
        let f = zip
            .by_index(found)
            .map_err(|e| format!("{shown}: {name}: {e}"))?;
        let declared = f.size();
        read_capped(f, Some(declared), cap, &format!("{name} in the zip"))
    };
    let orgs = member("orgs.csv", ORGS_MAX)?;
    let users = member("users.csv", ROSTER_MAX)?;
    roster::one_roster(&orgs, &users).map_err(bad)
}

pub fn roster_import(s: &Services, path: &Path, dry_run: bool) -> CommandResult {
    let started = std::time::Instant::now();
    let roster = read_roster(path)?;
    let rows = roster.students.len() + roster.refused.len();
    let report = crate::services::roster::import(s, roster, Actor::Cli, dry_run, now_ms())?;
    let mut out = format!(
        "{}{} ({} student rows in {:.1} s)\n",
        if dry_run {
            "Dry run, nothing changed: would be "
        } else {
            "Imported the roster: "
        },
        report.summary(),
        rows,
        started.elapsed().as_secs_f64()
    );
    for m in &report.moved {
        out.push_str(&format!(
            "{} {}\n",
            if dry_run { "Would change" } else { "Changed" },
            m.describe()
        ));
    }
    for r in &report.reclaimed {
        out.push_str(&format!(
            "{}: {r}: a self sign-up that never proved this address; the student signs in with the school account or a set-password link (roster invite)\n",
            if dry_run { "Would clear the password" } else { "Cleared the password" }
        ));
    }
    for r in &report.refused {
        out.push_str(&format!("Refused: {r}\n"));
    }
    Ok(out)
}

pub fn roster_invite(s: &Services, school: Option<&str>) -> CommandResult {
    let done = crate::services::roster::invite(s, school, now_ms())?;
    let mut out = format!(
        "Queued {} set-password e-mail(s){}\n",
        done.sent,
        school
            .map(|s| format!(" for {}", s.trim()))
            .unwrap_or_default()
    );
    if done.recent > 0 {
        out.push_str(&format!(
            "Skipped {} student(s) without a password who were e-mailed less than a day ago\n",
            done.recent
        ));
    }
    Ok(out)
}
