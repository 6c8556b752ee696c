//! The real binary's `serve` in its own process, as an operator runs it: its own TLS set-up
//! (this test process installs a crypto provider for itself, which would hide a missing one),
//! and its log on stderr kept in a file to be read after it stops.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use std::process::{Child, Command, Stdio};
use tempfile::NamedTempFile;

const BIN: &str = env!("CARGO_BIN_EXE_internreel");

/// The address a just-started `internreel serve` (its stdout piped) prints on its
/// `listening on` line, read up to that line.
pub fn listening_address(child: &mut Child) -> String {
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    loop {
        let line = lines
            .next()
            .expect("the server prints its address (did the database open?)")
            .unwrap();
        if let Some(rest) = line.strip_prefix("listening on ") {
            return rest.to_string();
        }
    }
}

/// `internreel --data DATA ARGS...`, as an operator types it; (success, stdout and stderr).
pub fn cli(data: &Path, args: &[&str]) -> (bool, String) {
    let out = Command::new(BIN)
        .arg("--data")
        .arg(data)
        .args(args)
        .env_remove("INTERNREEL_DATA")
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr),
    )
}

pub struct BinaryServer {
    pub addr: String,
    child: Child,
    log: NamedTempFile,
    data: PathBuf,
}

impl BinaryServer {
    /// `internreel --data DATA serve --addr 127.0.0.1:0 EXTRA...`, logging at info level to
    /// a temporary file.
    pub fn start(data: &Path, extra: &[&str]) -> BinaryServer {
        let log = NamedTempFile::new().unwrap();
        let mut child = Command::new(BIN)
            .arg("--data")
            .arg(data)
            .args(["serve", "--addr", "127.0.0.1:0"])
            .args(extra)
            .env_remove("INTERNREEL_DATA")
            .env("INTERNREEL_LOG", "info")
            .stdout(Stdio::piped())
            .stderr(log.reopen().unwrap())
            .spawn()
            .expect("the binary starts");
        let addr = listening_address(&mut child);
        BinaryServer {
            addr,
            child,
            log,
            data: data.to_path_buf(),
        }
    }

    /// Runs a CLI command against the running server's data directory; (success, output).
    pub fn cli(&self, args: &[&str]) -> (bool, String) {
        cli(&self.data, args)
    }

    /// Stops the server with SIGTERM (its log is flushed) and returns the whole log.
    pub fn stop(mut self) -> String {
        // SAFETY: kill(2) on our own child's pid.
        unsafe {
            libc::kill(self.child.id() as i32, libc::SIGTERM);
        }
        let _ = self.child.wait();
        std::fs::read_to_string(self.log.path()).unwrap()
    }
}

impl Drop for BinaryServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
