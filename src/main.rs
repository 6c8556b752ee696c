use std::io::Read;
use std::process::ExitCode;

use clap::Parser;
use internreel::cli::{AdminCommand, AiCommand, Cli, Command, ContactCommand};
use internreel::commands::Command as Cmd;
use internreel::{App, Config, control};

fn main() -> ExitCode {
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("INTERNREEL_LOG")
                .unwrap_or_else(|_| "info,tower_http=info".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    let result = match cli.command {
        Command::Serve {
            addr,
            demo,
            secure_cookies,
        } => serve(Config {
            data_dir: cli.data,
            addr,
            demo,
            secure_cookies,
        }),
        Command::Seed { force } => control::dispatch(&cli.data, Cmd::Seed { force }),
        Command::Admin {
            command: AdminCommand::SetPin,
        } => set_pin(&cli.data),
        Command::Contact {
            command: ContactCommand::List,
        } => control::dispatch(&cli.data, Cmd::ContactList),
        Command::AiRequests { command } => match command {
            AiCommand::List { pending, json } => {
                control::dispatch(&cli.data, Cmd::AiList { pending, json })
            }
            AiCommand::Fulfil { id, video } => {
                let video = std::fs::canonicalize(&video).unwrap_or(video);
                control::dispatch(&cli.data, Cmd::AiFulfil { id, video })
            }
        },
    };
    match result {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn set_pin(data: &std::path::Path) -> Result<String, String> {
    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .map_err(|e| format!("reading the pin from standard input: {e}"))?;
    let pin = input.lines().next().unwrap_or("").trim().to_string();
    if pin.chars().count() < 6 {
        return Err("the pin must be at least 6 characters (give it on standard input)".into());
    }
    let hash = internreel::auth::hash_password_now(&pin).map_err(|e| e.to_string())?;
    control::dispatch(data, Cmd::SetPinHash { hash })
}

fn serve(config: Config) -> Result<String, String> {
    let rt = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    rt.block_on(async move {
        let app = App::build(config).await.map_err(|e| format!("{e:#}"))?;
        for note in &app.notes {
            println!("{note}");
        }
        let addr = app.local_addr();
        println!("listening on http://{addr}");
        app.run_until_stopped(shutdown_signal())
            .await
            .map_err(|e| format!("{e:#}"))?;
        Ok("stopped\n".to_string())
    })
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}
