//! Admin commands that change data. The CLI runs them through the running server's control
//! socket when one serves the data directory, and directly on the store otherwise.

pub mod identity;
pub mod media;
pub mod placements;
pub mod review;
pub mod sources;

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::infra::Services;
use crate::jobs::{self, Boards};
use crate::media::files as uploads;
use crate::media::files::VIDEO;
use crate::store::Reader;
use crate::store::audit::{self, Actor, Event};
use crate::store::contact::ContactMessage;

#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "kebab-case")]
pub enum Command {
    Seed {
        force: bool,
    },
    SeedSynthetic {
        count: usize,
    },
    /// The CLI hashes the pin itself: the pin never crosses the socket.
    SetPinHash {
        hash: String,
    },
    /// Ends every admin session.
    AdminSessionsRevoke,
    ContactList,
    AiList {
        pending: bool,
        json: bool,
    },
    AiFulfil {
        id: u64,
        video: PathBuf,
        #[serde(default)]
        captions: Option<PathBuf>,
    },
    JobsSourceAdd {
        provider: String,
        token: String,
        company: Option<String>,
    },
    JobsSourceList,
    JobsSourceRemove {
        id: u64,
    },
    JobsRefresh,
    Reindex,
    /// The database checks of `internreel doctor`, as JSON.
    DoctorChecks,
    Backup {
        file: PathBuf,
    },
    EmployersList {
        pending: bool,
        json: bool,
    },
    EmployersVerify {
        id: u64,
    },
    EmployersSuspend {
        id: u64,
        reason: String,
    },
    ReportsList {
        open: bool,
        json: bool,
    },
    ReportsResolve {
        id: u64,
        action: String,
        note: String,
    },
    AuditList {
        user: Option<u64>,
        limit: usize,
        json: bool,
    },
    SettingsSet {
        key: String,
        value: String,
    },
    SettingsList,
    MailList {
        json: bool,
    },
    CaptionsWaiting {
        json: bool,
    },
    UsersResetLink {
        email: String,
    },
    StaffAdd {
        email: String,
        name: String,
        role: String,
        school: Option<String>,
    },
    StaffList {
        json: bool,
    },
    StaffChange {
        email: String,
        /// disable, enable, reset-2fa, or role:admin / role:coordinator
        change: String,
        school: Option<String>,
    },
    /// The CLI read the secret's file: the secret crosses the owner-only socket.
    SsoAdd {
        name: String,
        issuer: String,
        client_id: String,
        client_secret: String,
        domains: Vec<String>,
        serves: String,
        /// Stores the provider without fetching its discovery document first.
        #[serde(default)]
        skip_check: bool,
    },
    SsoList,
    SsoRemove {
        name: String,
    },
    RosterImport {
        path: PathBuf,
        dry_run: bool,
    },
    RosterInvite {
        school: Option<String>,
    },
    PlacementsList {
        state: Option<String>,
        json: bool,
    },
    PlacementsShow {
        id: u64,
        json: bool,
    },
    PlacementsExport {
        file: PathBuf,
    },
}

/// What a failed command says (printed, exit code 1). The store's, the services' and the
/// file system's errors convert into it, so commands use `?` throughout.
#[derive(Debug)]
pub struct CommandError(pub String);

/// In English, the CLI's language: a text by key from a rule or a service is written out.
impl std::fmt::Display for CommandError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::i18n::Lang::En.tr(&self.0))
    }
}

impl From<String> for CommandError {
    fn from(s: String) -> Self {
        CommandError(s)
    }
}

impl From<&str> for CommandError {
    fn from(s: &str) -> Self {
        CommandError(s.to_string())
    }
}

impl From<crate::store::StoreError> for CommandError {
    fn from(e: crate::store::StoreError) -> Self {
        CommandError(e.to_string())
    }
}

impl From<crate::error::AppError> for CommandError {
    /// A validation failure names every field's message, not only the first.
    fn from(e: crate::error::AppError) -> Self {
        match e {
            crate::error::AppError::Validation { errors, .. } => CommandError(
                errors
                    .iter()
                    .map(|(f, m)| format!("{f}: {m}"))
                    .collect::<Vec<_>>()
                    .join("\n"),
            ),
            other => CommandError(other.to_string()),
        }
    }
}

impl From<anyhow::Error> for CommandError {
    fn from(e: anyhow::Error) -> Self {
        CommandError(format!("{e:#}"))
    }
}

impl From<serde_json::Error> for CommandError {
    fn from(e: serde_json::Error) -> Self {
        CommandError(e.to_string())
    }
}

impl From<std::io::Error> for CommandError {
    fn from(e: std::io::Error) -> Self {
        CommandError(e.to_string())
    }
}

/// Ok is the text to print.
pub type CommandResult = Result<String, CommandError>;

/// Runs a command; Ok is the text to print, Err the error to print (exit code 1).
pub fn run(s: &Services, boards: &Boards, cmd: Command) -> CommandResult {
    match cmd {
        Command::Seed { force } => crate::fixtures::seed(s, force)
            .map(|r| {
                format!(
                    "Seeded {} employers, {} students and {} internships\nstudent sign-in:  {} / {}\nemployer sign-in: {} / {}\n",
                    r.employers, r.students, r.internships, r.demo_student.0, r.demo_student.1,
                    r.demo_employer.0, r.demo_employer.1
                )
            })
            .map_err(CommandError::from),
        Command::SeedSynthetic { count } => {
            crate::synthetic::seed(s, count).map_err(CommandError::from)
        }
        // A new pin ends every admin session signed in with the old one.
        Command::SetPinHash { hash } => s
            .store
            .write(|w| {
                crate::store::meta::set_admin_pin_hash(w, &hash)?;
                let now = crate::clock::now_ms();
                audit::append(w, now, Actor::Cli, Event::AdminPinChanged, ("admin", None), None)?;
                crate::store::sessions::end_admin_sessions(w, now)
            })
            .map(|ended| format!("Set the admin pin; ended {ended} admin session(s)\n"))
            .map_err(CommandError::from),
        Command::AdminSessionsRevoke => s
            .store
            .write(|w| {
                let now = crate::clock::now_ms();
                audit::append(w, now, Actor::Cli, Event::AdminSessionsRevoked, ("admin", None), None)?;
                crate::store::sessions::end_admin_sessions(w, now)
            })
            .map(|ended| format!("Ended {ended} admin session(s)\n"))
            .map_err(CommandError::from),
        Command::ContactList => contact_list(s).map_err(CommandError::from),
        Command::AiList { pending, json } => ai_list(s, pending, json),
        Command::AiFulfil { id, video, captions } => {
            crate::services::ai_requests::check_pending(s, id).map_err(CommandError::from)?;
            let accept = uploads::Accept {
                field: "video",
                ..VIDEO
            };
            let upload = uploads::from_path(&video, &s.paths.tmp(), &accept).map_err(CommandError::from)?;
            let captions = match &captions {
                Some(path) => {
                    let accept = uploads::Accept {
                        field: "captions",
                        ..crate::media::files::CAPTIONS
                    };
                    Some(uploads::from_path(path, &s.paths.tmp(), &accept).map_err(CommandError::from)?)
                }
                None => None,
            };
            let i = block_on(crate::services::ai_requests::fulfil(
                s,
                id,
                upload.into_incoming(),
                captions.map(uploads::Upload::into_incoming),
                Actor::Cli,
            ))
            .map_err(CommandError::from)?;
            let plays = match crate::media::files::video_url(&i.video) {
                Some(url) => format!("now plays {url}"),
                None => "is converting its video for the web".to_string(),
            };
            Ok(format!(
                "Fulfilled request {id}: \"{}\" at {} {plays}\n",
                i.title, i.company
            ))
        }
        Command::JobsSourceAdd {
            provider,
            token,
            company,
        } => sources::add(s, &provider, &token, company),
        Command::JobsSourceList => sources::list(s).map_err(CommandError::from),
        Command::JobsSourceRemove { id } => match jobs::remove_source(s, id) {
            Ok(true) => Ok(format!("Removed source {id} and its jobs\n")),
            Ok(false) => Err(format!("no job source with id {id}").into()),
            Err(e) => Err(format!("{e:#}").into()),
        },
        Command::Backup { file } => crate::backup::backup(s, &file).map_err(CommandError::from),
        Command::EmployersList { pending, json } => review::employers_list(s, pending, json),
        Command::EmployersVerify { id } => review::employer_status(s, id, None),
        Command::EmployersSuspend { id, reason } => {
            review::employer_status(s, id, Some(reason))
        }
        Command::ReportsList { open, json } => review::reports_list(s, open, json),
        Command::ReportsResolve { id, action, note } => {
            review::reports_resolve(s, id, &action, &note)
        }
        Command::AuditList { user, limit, json } => review::audit_list(s, user, limit, json),
        Command::SettingsSet { key, value } => review::settings_set(s, &key, &value),
        Command::SettingsList => review::settings_list(s),
        Command::MailList { json } => review::mail_list(s, json),
        Command::CaptionsWaiting { json } => review::captions_waiting(s, json),
        Command::UsersResetLink { email } => review::reset_link(s, &email),
        Command::StaffAdd {
            email,
            name,
            role,
            school,
        } => identity::staff_add(s, email, name, role, school),
        Command::StaffList { json } => identity::staff_list(s, json),
        Command::StaffChange {
            email,
            change,
            school,
        } => identity::staff_change(s, &email, &change, school),
        Command::SsoAdd {
            name,
            issuer,
            client_id,
            client_secret,
            domains,
            serves,
            skip_check,
        } => identity::sso_add(
            s,
            identity::NewProvider {
                name,
                issuer,
                client_id,
                client_secret,
                domains,
                serves,
            },
            skip_check,
        ),
        Command::SsoList => identity::sso_list(s),
        Command::SsoRemove { name } => identity::sso_remove(s, &name),
        Command::RosterImport { path, dry_run } => identity::roster_import(s, &path, dry_run),
        Command::RosterInvite { school } => identity::roster_invite(s, school.as_deref()),
        Command::PlacementsList { state, json } => placements::list(s, state.as_deref(), json),
        Command::PlacementsShow { id, json } => placements::show(s, id, json),
        Command::PlacementsExport { file } => placements::export(s, &file),
        Command::DoctorChecks => serde_json::to_string(&crate::doctor::checks::database_checks(
            &s.store,
            Some(s.search.generation()),
        ))
        .map_err(CommandError::from),
        Command::Reindex => {
            let started = std::time::Instant::now();
            s.rebuild_index().map_err(CommandError::from)?;
            Ok(format!(
                "Rebuilt the search index: {} documents in {:.1} s\n",
                s.search.num_docs(),
                started.elapsed().as_secs_f64()
            ))
        }
        Command::JobsRefresh => {
            let report = block_on(jobs::refresh_all(s, boards)).map_err(CommandError::from)?;
            Ok(report.lines.join("\n") + "\n")
        }
    }
}

/// Runs async work from a command: on the server's blocking pool, or in the CLI's own runtime.
fn block_on<F: std::future::Future>(f: F) -> F::Output {
    match tokio::runtime::Handle::try_current() {
        Ok(h) => h.block_on(f),
        Err(_) => tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a tokio runtime")
            .block_on(f),
    }
}

fn contact_list(s: &Services) -> Result<String, crate::store::StoreError> {
    let r = s.store.read()?;
    let list = r.scan_rev::<ContactMessage>(|_| true)?;
    if list.is_empty() {
        return Ok("no contact messages\n".into());
    }
    let mut out = String::new();
    for m in list {
        out.push_str(&format!(
            "#{} {} — {} <{}>\nsubject: {}\n{}\n\n",
            m.id,
            crate::clock::rfc3339(m.created_at),
            m.name,
            m.email,
            m.subject,
            m.message
        ));
    }
    Ok(out)
}

fn ai_list(s: &Services, pending_only: bool, json: bool) -> CommandResult {
    let mut list = crate::services::ai_requests::list(s, crate::clock::now_ms())
        .map_err(CommandError::from)?;
    if pending_only {
        list.retain(|r| r.status == "pending");
    }
    if json {
        return serde_json::to_string_pretty(&list)
            .map(|s| s + "\n")
            .map_err(CommandError::from);
    }
    if list.is_empty() {
        return Ok("no AI video requests\n".into());
    }
    let mut out = format!(
        "{:<6} {:<24} {:<32} {:<20} {:>6} {:<10} {}\n",
        "ID", "COMPANY", "TITLE", "REQUESTED", "AGE", "STATUS", "OVERDUE"
    );
    let cut = |s: &str, n: usize| s.chars().take(n).collect::<String>();
    for r in list {
        out.push_str(&format!(
            "{:<6} {:<24} {:<32} {:<20} {:>5}h {:<10} {}\n",
            r.id,
            cut(&r.company, 24),
            cut(&r.title, 32),
            cut(&r.requested_at, 19),
            r.age_hours,
            r.status,
            if r.overdue { "yes" } else { "no" }
        ));
    }
    Ok(out)
}
