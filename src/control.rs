//! The control socket: a Unix socket in the data directory (mode 0600) on which a running
//! server takes admin commands, so the CLI works while redb's one-process lock is held.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::net::UnixStream;
use std::path::Path;

use serde::{Deserialize, Serialize};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt};
use tokio::net::UnixListener;

use crate::commands::{self, Command, CommandError, CommandResult};
use crate::infra::Services;

#[derive(Serialize, Deserialize)]
struct Reply {
    ok: bool,
    output: String,
}

/// Binds the socket, replacing a stale one (the redb lock already proved no server runs here).
pub fn bind(path: &Path) -> std::io::Result<UnixListener> {
    let _ = std::fs::remove_file(path);
    let listener = UnixListener::bind(path)?;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))?;
    Ok(listener)
}

pub async fn serve(listener: UnixListener, services: Services, boards: crate::jobs::Boards) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let services = services.clone();
        let boards = boards.clone();
        tokio::spawn(async move {
            let (read, mut write) = stream.into_split();
            let mut line = String::new();
            let mut reader = tokio::io::BufReader::new(read.take(1 << 20));
            if reader.read_line(&mut line).await.is_err() {
                return;
            }
            let reply = match serde_json::from_str::<Command>(&line) {
                Ok(cmd) => {
                    // Its name only: arguments can hold secrets (an SSO client secret).
                    let name = serde_json::to_value(&cmd)
                        .ok()
                        .and_then(|v| v.get("command").and_then(|c| c.as_str()).map(String::from))
                        .unwrap_or_default();
                    tracing::info!(command = %name, "control command");
                    let result =
                        tokio::task::spawn_blocking(move || commands::run(&services, &boards, cmd))
                            .await
                            .unwrap_or_else(|e| Err(format!("command failed: {e}").into()));
                    match result {
                        Ok(output) => Reply { ok: true, output },
                        Err(e) => Reply {
                            ok: false,
                            output: e.0,
                        },
                    }
                }
                Err(e) => Reply {
                    ok: false,
                    output: format!("unknown command: {e}"),
                },
            };
            let mut text = serde_json::to_string(&reply).unwrap_or_default();
            text.push('\n');
            let _ = write.write_all(text.as_bytes()).await;
        });
    }
}

/// Sends a command to the server on this data directory; None when no server listens.
pub fn send(socket: &Path, cmd: &Command) -> Option<CommandResult> {
    let mut stream = UnixStream::connect(socket).ok()?;
    let mut text = serde_json::to_string(cmd).ok()?;
    text.push('\n');
    if let Err(e) = stream.write_all(text.as_bytes()) {
        return Some(Err(format!("talking to the running server: {e}").into()));
    }
    let mut line = String::new();
    if let Err(e) = BufReader::new(stream).read_line(&mut line) {
        return Some(Err(format!("talking to the running server: {e}").into()));
    }
    match serde_json::from_str::<Reply>(&line) {
        Ok(r) if r.ok => Some(Ok(r.output)),
        Ok(r) => Some(Err(CommandError(r.output))),
        Err(e) => Some(Err(format!("the running server answered oddly: {e}").into())),
    }
}

/// Runs a command through the running server, or directly on the data directory.
pub fn dispatch(data_dir: &Path, cmd: Command) -> CommandResult {
    let socket = crate::infra::DataPaths::new(data_dir).socket();
    if let Some(result) = send(&socket, &cmd) {
        return result;
    }
    if matches!(cmd, Command::DoctorChecks) {
        // Opening the services would repair the index: the doctor only looks.
        return serde_json::to_string(&crate::doctor::checks::offline_checks(data_dir))
            .map_err(CommandError::from);
    }
    let services = Services::open(data_dir).map_err(CommandError::from)?;
    let mut out = commands::run(&services, &crate::jobs::Boards::from_env(false), cmd)?;
    // No server runs to convert what the command queued (an AI video in HEVC, say): do it now.
    out.push_str(&convert_queued(&services)?);
    Ok(out)
}

fn convert_queued(services: &Services) -> CommandResult {
    let queued =
        crate::store::transcodes::queued(&services.store.read().map_err(CommandError::from)?)
            .map_err(CommandError::from)?;
    if queued.is_empty() {
        return Ok(String::new());
    }
    if services.media.tools.is_none() {
        return Ok(format!(
            "{} video(s) wait for conversion; ffmpeg is not installed here, so they will be converted by a server that has it\n",
            queued.len()
        ));
    }
    let started = std::time::Instant::now();
    let done = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(CommandError::from)?
        .block_on(crate::media::worker::drain(services))
        .map_err(CommandError::from)?;
    Ok(format!(
        "Converted {done} video(s) for the web in {:.1} s\n",
        started.elapsed().as_secs_f64()
    ))
}
