use std::io::Read;
use std::process::ExitCode;

use clap::Parser;
use internreel::cli::{
    AdminCommand, AdminSessionsCommand, AiCommand, AuditCommand, CaptionsCommand, Cli, Command,
    ContactCommand, EmployersCommand, JobsCommand, MailCommand, MediaCommand, PlacementsCommand,
    ReportsCommand, RosterCommand, SettingsCommand, SourcesCommand, SsoCommand, StaffCommand,
    UsersCommand,
};
use internreel::commands::{Command as Cmd, CommandResult};
use internreel::{App, Config, control};

/// mimalloc rather than glibc's malloc: glibc kept what 64 connections' buffers and the
/// hashing threads had freed in per-thread arenas (the server grew to ~500 MB and stayed).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    // Everything the server writes (database, uploads, index, backups) is owner-only.
    // SAFETY: umask only changes this process's file-creation mask.
    unsafe {
        libc::umask(0o077);
    }
    // Before any command builds a TLS client (school sign-in, SMTP, S3, job boards).
    internreel::tls::install_crypto_provider();
    let cli = Cli::parse();
    let _flush_logs_at_exit = internreel::logging::init();
    let media = match cli.media.options().config() {
        Ok(m) => m,
        Err(e) => {
            eprintln!("error: {e:#}");
            return ExitCode::FAILURE;
        }
    };
    internreel::media::config::set_for_process(media.clone());
    let result = match cli.command {
        Command::Serve {
            addr,
            demo,
            secure_cookies,
            jobs_interval_hours,
            ffmpeg_dir,
            transcode_jobs,
            tls_cert,
            tls_key,
            redirect_http,
            metrics_addr,
            signup_limit,
            comment_limit,
            message_limit,
            contact_limit,
            report_limit,
            employer_approval,
            smtp_url,
            mail_from,
            trusted_networks,
            push_local_endpoints,
        } => match internreel::limiter::Networks::parse(&trusted_networks) {
            Err(e) => Err(format!("--trusted-networks: {e}").into()),
            Ok(trusted_networks) => serve(Config {
                data_dir: cli.data,
                addr,
                demo,
                secure_cookies,
                ffmpeg_dir,
                media,
                transcode_jobs,
                tls: tls_cert
                    .zip(tls_key)
                    .map(|(cert, key)| internreel::tls::TlsFiles { cert, key }),
                redirect_http,
                metrics_addr,
                limits: internreel::limiter::Limits {
                    signups_per_hour: signup_limit,
                    comments_per_minute: comment_limit,
                    messages_per_minute: message_limit,
                    contact_per_hour: contact_limit,
                    reports_per_hour: report_limit,
                    ..internreel::limiter::Limits::default()
                },
                employer_approval,
                smtp_url,
                mail_from,
                boards: internreel::jobs::Boards::from_env(demo),
                jobs_every: (jobs_interval_hours > 0)
                    .then(|| std::time::Duration::from_secs(jobs_interval_hours * 3600)),
                trusted_networks,
                push_interval: std::time::Duration::from_secs(60),
                push_local_endpoints,
            }),
        },
        Command::Seed { force, synthetic } => control::dispatch(
            &cli.data,
            match synthetic {
                Some(count) => Cmd::SeedSynthetic { count },
                None => Cmd::Seed { force },
            },
        ),
        Command::Admin {
            command: AdminCommand::SetPin,
        } => set_pin(&cli.data),
        Command::Admin {
            command:
                AdminCommand::Sessions {
                    command: AdminSessionsCommand::Revoke,
                },
        } => control::dispatch(&cli.data, Cmd::AdminSessionsRevoke),
        Command::Contact {
            command: ContactCommand::List,
        } => control::dispatch(&cli.data, Cmd::ContactList),
        Command::Reindex => control::dispatch(&cli.data, Cmd::Reindex),
        Command::Doctor { json, tls_cert } => {
            let report = internreel::doctor::run(&cli.data, tls_cert.as_deref());
            say(&report.render(json));
            return if report.failed() {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            };
        }
        Command::Backup { file } => {
            // The server may run elsewhere in the file system: give it an absolute path.
            let file = std::path::absolute(&file).unwrap_or(file);
            control::dispatch(&cli.data, Cmd::Backup { file })
        }
        Command::Media {
            command: MediaCommand::Migrate { to },
        } => internreel::commands::media::migrate(&cli.data, &cli.media.options(), &to)
            .map_err(|e| format!("{e:#}").into()),
        Command::Restore { file } => {
            internreel::backup::restore(&file, &cli.data).map_err(Into::into)
        }
        Command::Employers { command } => control::dispatch(
            &cli.data,
            match command {
                EmployersCommand::List { pending, json } => Cmd::EmployersList { pending, json },
                EmployersCommand::Verify { id } => Cmd::EmployersVerify { id },
                EmployersCommand::Suspend { id, reason } => Cmd::EmployersSuspend { id, reason },
            },
        ),
        Command::Reports { command } => control::dispatch(
            &cli.data,
            match command {
                ReportsCommand::List { open, json } => Cmd::ReportsList { open, json },
                ReportsCommand::Resolve { id, action, note } => {
                    Cmd::ReportsResolve { id, action, note }
                }
            },
        ),
        Command::Audit {
            command: AuditCommand::List { user, limit, json },
        } => control::dispatch(&cli.data, Cmd::AuditList { user, limit, json }),
        Command::Settings { command } => control::dispatch(
            &cli.data,
            match command {
                // The agreement template is a file: its text crosses the socket.
                SettingsCommand::Set { key, value, lang } => {
                    let key = match (key.as_str(), lang.as_deref()) {
                        (_, None) => key,
                        ("agreement-template", Some(code)) => {
                            match internreel::services::settings::template_setting(code) {
                                Some(k) => k,
                                None => {
                                    eprintln!(
                                        "error: no agreement template in '{code}': the languages are {}",
                                        internreel::services::settings::template_languages()
                                    );
                                    return ExitCode::FAILURE;
                                }
                            }
                        }
                        _ => {
                            eprintln!("error: --lang is for agreement-template");
                            return ExitCode::FAILURE;
                        }
                    };
                    // The agreement template and the rubric are files: their text crosses the
                    // socket.
                    if internreel::services::settings::is_file_setting(&key) {
                        match std::fs::read_to_string(&value) {
                            Ok(text) => Cmd::SettingsSet { key, value: text },
                            Err(e) => {
                                eprintln!("error: reading the template {value}: {e}");
                                return ExitCode::FAILURE;
                            }
                        }
                    } else {
                        Cmd::SettingsSet { key, value }
                    }
                }
                SettingsCommand::List => Cmd::SettingsList,
            },
        ),
        Command::Mail {
            command: MailCommand::List { json },
        } => control::dispatch(&cli.data, Cmd::MailList { json }),
        Command::Captions {
            command: CaptionsCommand::Waiting { json },
        } => control::dispatch(&cli.data, Cmd::CaptionsWaiting { json }),
        Command::Users {
            command: UsersCommand::ResetLink { email },
        } => control::dispatch(&cli.data, Cmd::UsersResetLink { email }),
        Command::Jobs { command } => control::dispatch(
            &cli.data,
            match command {
                JobsCommand::Refresh => Cmd::JobsRefresh,
                JobsCommand::Sources { command } => match command {
                    SourcesCommand::Add {
                        provider,
                        token,
                        company,
                    } => Cmd::JobsSourceAdd {
                        provider,
                        token,
                        company,
                    },
                    SourcesCommand::List => Cmd::JobsSourceList,
                    SourcesCommand::Remove { id } => Cmd::JobsSourceRemove { id },
                },
            },
        ),
        Command::Staff { command } => control::dispatch(
            &cli.data,
            match command {
                StaffCommand::Add {
                    email,
                    name,
                    role,
                    school,
                } => Cmd::StaffAdd {
                    email,
                    name,
                    role,
                    school,
                },
                StaffCommand::List { json } => Cmd::StaffList { json },
                StaffCommand::Disable { email } => Cmd::StaffChange {
                    email,
                    change: "disable".into(),
                    school: None,
                },
                StaffCommand::Enable { email } => Cmd::StaffChange {
                    email,
                    change: "enable".into(),
                    school: None,
                },
                StaffCommand::ResetTwoFactor { email } => Cmd::StaffChange {
                    email,
                    change: "reset-2fa".into(),
                    school: None,
                },
                StaffCommand::Role {
                    email,
                    role,
                    school,
                } => Cmd::StaffChange {
                    email,
                    change: format!("role:{role}"),
                    school,
                },
            },
        ),
        Command::Sso { command } => match command {
            SsoCommand::Add {
                name,
                issuer,
                client_id,
                client_secret_file,
                domains,
                serves,
                skip_check,
            } => match std::fs::read_to_string(&client_secret_file) {
                Ok(secret) => control::dispatch(
                    &cli.data,
                    Cmd::SsoAdd {
                        name,
                        issuer,
                        client_id,
                        client_secret: secret.trim().to_string(),
                        domains,
                        serves,
                        skip_check,
                    },
                ),
                Err(e) => Err(format!(
                    "reading the client secret from {}: {e}",
                    client_secret_file.display()
                )
                .into()),
            },
            SsoCommand::List => control::dispatch(&cli.data, Cmd::SsoList),
            SsoCommand::Remove { name } => control::dispatch(&cli.data, Cmd::SsoRemove { name }),
        },
        Command::Placements { command } => control::dispatch(
            &cli.data,
            match command {
                PlacementsCommand::List { state, json } => Cmd::PlacementsList { state, json },
                PlacementsCommand::Show { id, json } => Cmd::PlacementsShow { id, json },
                PlacementsCommand::Export { file } => Cmd::PlacementsExport {
                    // The server may run elsewhere in the file system: an absolute path.
                    file: std::path::absolute(&file).unwrap_or(file),
                },
            },
        ),
        Command::Roster { command } => match command {
            RosterCommand::Import { path, dry_run } => {
                // The server may run elsewhere in the file system: send an absolute path.
                let path = std::fs::canonicalize(&path).unwrap_or(path);
                control::dispatch(&cli.data, Cmd::RosterImport { path, dry_run })
            }
            RosterCommand::Invite { school } => {
                control::dispatch(&cli.data, Cmd::RosterInvite { school })
            }
        },
        Command::AiRequests { command } => match command {
            AiCommand::List { pending, json } => {
                control::dispatch(&cli.data, Cmd::AiList { pending, json })
            }
            AiCommand::Fulfil {
                id,
                video,
                captions,
            } => {
                // The server may run elsewhere in the file system: send absolute paths.
                let video = std::fs::canonicalize(&video).unwrap_or(video);
                let captions = captions.map(|c| std::fs::canonicalize(&c).unwrap_or(c));
                control::dispatch(
                    &cli.data,
                    Cmd::AiFulfil {
                        id,
                        video,
                        captions,
                    },
                )
            }
        },
    };
    match result {
        Ok(out) => {
            say(&out);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Prints to stdout, and a command's `warning: ` lines to stderr (the command still did its
/// work: exit 0); a closed pipe (the reader went away) is not an error worth a panic.
fn say(text: &str) {
    use std::io::Write;
    let (warnings, rest): (Vec<&str>, Vec<&str>) = text
        .split_inclusive('\n')
        .partition(|l| l.starts_with("warning: "));
    if !warnings.is_empty() {
        let mut err = std::io::stderr().lock();
        let _ = err
            .write_all(warnings.concat().as_bytes())
            .and_then(|_| err.flush());
    }
    let mut out = std::io::stdout().lock();
    let _ = out
        .write_all(rest.concat().as_bytes())
        .and_then(|_| out.flush());
}

fn set_pin(data: &std::path::Path) -> CommandResult {
    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .map_err(|e| format!("reading the pin from standard input: {e}"))?;
    let pin = input.lines().next().unwrap_or("").trim().to_string();
    if pin.chars().count() < 6 {
        return Err("the pin must be at least 6 characters (give it on standard input)".into());
    }
    let hash = internreel::passwords::hash_now(&pin)?;
    control::dispatch(data, Cmd::SetPinHash { hash })
}

const BLOCKING_THREADS: usize = 16;

fn serve(config: Config) -> CommandResult {
    // The blocking pool does file reads and writes and the feed's rankings. Its default of 512
    // threads let 64 concurrent video readers each grow an allocator heap of their own; a few
    // threads saturate two cores' worth of page-cache reads just as well.
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(BLOCKING_THREADS)
        .build()?;
    rt.block_on(async move {
        // Install the handlers before announcing the address, so an early SIGTERM is graceful.
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
            .map_err(|e| format!("installing the SIGTERM handler: {e}"))?;
        let shutdown = async move {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {},
                _ = term.recv() => {},
            }
        };
        let app = App::build(config).await?;
        for note in &app.notes {
            say(&format!("{note}\n"));
        }
        say(&format!(
            "listening on {}://{}\n",
            app.scheme(),
            app.local_addr()
        ));
        if let Some(addr) = app.redirect_addr() {
            say(&format!("redirecting http://{addr} to https\n"));
        }
        if let Some(addr) = app.metrics_addr() {
            say(&format!("metrics on http://{addr}/metrics\n"));
        }
        app.run_until_stopped(shutdown).await?;
        Ok("stopped\n".to_string())
    })
}
