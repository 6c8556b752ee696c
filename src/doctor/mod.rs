//! `internreel doctor`: what is wrong with this installation, one line per check, each with
//! how to fix it. The database checks run inside a running server (through the control
//! socket) when one holds the data directory, and on the directory itself otherwise.

use std::path::Path;
use std::time::{Duration, SystemTime};

use serde::Serialize;

pub mod checks;

use checks::check;
pub use checks::{Check, Status, database_checks, offline_checks};

#[derive(Debug, Default, Serialize)]
pub struct Report {
    pub checks: Vec<Check>,
}

impl Report {
    pub fn failed(&self) -> bool {
        self.checks.iter().any(|c| c.status == Status::Fail)
    }

    pub fn render(&self, json: bool) -> String {
        if json {
            return serde_json::to_string_pretty(&self.checks).unwrap_or_default() + "\n";
        }
        let mut out = String::new();
        for c in &self.checks {
            let status = match c.status {
                Status::Ok => "OK  ",
                Status::Warn => "WARN",
                Status::Fail => "FAIL",
            };
            out.push_str(&format!("{status} {:<16} {}", c.check, c.detail));
            if let Some(fix) = &c.fix {
                out.push_str(&format!(" — {fix}"));
            }
            out.push('\n');
        }
        out
    }
}

/// Free space below this share of the disk is a warning.
const LOW_DISK: f64 = 0.10;
/// A certificate closer than this to its end is a warning.
const CERT_SOON: Duration = Duration::from_secs(14 * 24 * 3600);

/// Runs every check on `data` (and the certificate `serve` is given, if any).
pub fn run(data: &Path, tls_cert: Option<&Path>) -> Report {
    let mut r = Report::default();
    let dir_ok = data_dir(&mut r, data);
    if dir_ok {
        let cmd = crate::commands::Command::DoctorChecks;
        match crate::control::dispatch(data, cmd) {
            Ok(json) => match serde_json::from_str::<Vec<Check>>(&json) {
                Ok(checks) => r.checks.extend(checks),
                Err(e) => r.checks.push(check(
                    "database",
                    Status::Fail,
                    format!("the server answered oddly: {e}"),
                    Some("restart the server with a binary of this version"),
                )),
            },
            Err(e) => r.checks.push(check(
                "database",
                Status::Fail,
                e.0,
                Some("see the message; `internreel restore` brings back a backup"),
            )),
        }
    }
    ffmpeg(&mut r);
    if dir_ok {
        media_store(&mut r, data);
        push_key(&mut r, data);
    }
    if let Some(cert) = tls_cert {
        certificate(&mut r, cert, SystemTime::now());
    }
    r
}

fn data_dir(r: &mut Report, data: &Path) -> bool {
    let shown = data.display();
    if !data.is_dir() {
        r.checks.push(check(
            "data directory",
            Status::Fail,
            format!("{shown} does not exist"),
            Some("start `internreel serve --data DIR` once, or point --data / INTERNREEL_DATA at the right place"),
        ));
        return false;
    }
    match tempfile::NamedTempFile::new_in(data) {
        Ok(_) => r.checks.push(check(
            "data directory",
            Status::Ok,
            format!("{shown} is writable"),
            None,
        )),
        Err(e) => {
            r.checks.push(check(
                "data directory",
                Status::Fail,
                format!("{shown} is not writable: {e}"),
                Some("give the service's user ownership of it (chown -R)"),
            ));
            return false;
        }
    }
    match free_share(data) {
        Some((free, total)) => {
            let share = free as f64 / total.max(1) as f64;
            let detail = format!(
                "{:.1} GB free of {:.1} GB ({:.0} %)",
                free as f64 / 1e9,
                total as f64 / 1e9,
                share * 100.0
            );
            if share < LOW_DISK {
                r.checks.push(check(
                    "disk",
                    Status::Warn,
                    detail,
                    Some(
                        "free space or move the data directory: uploads and conversions need room",
                    ),
                ));
            } else {
                r.checks.push(check("disk", Status::Ok, detail, None));
            }
        }
        None => r.checks.push(check(
            "disk",
            Status::Warn,
            "the free space could not be read",
            None,
        )),
    }
    true
}

/// The push key (made at the first start): its public key, and a warning when others than
/// the owner may read it.
fn push_key(r: &mut Report, data: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let file = crate::push::keys::path(data);
    if !file.exists() {
        r.checks.push(check(
            "push key",
            Status::Warn,
            format!("{} does not exist yet", file.display()),
            Some("the server makes it at its first start"),
        ));
        return;
    }
    match crate::push::keys::VapidKey::read(&file) {
        Ok(key) => {
            let mode = std::fs::metadata(&file)
                .map(|m| m.permissions().mode() & 0o777)
                .unwrap_or(0);
            let detail = format!("VAPID public key {}", key.public_b64());
            if mode & 0o077 != 0 {
                r.checks.push(check(
                    "push key",
                    Status::Warn,
                    format!(
                        "{detail}; {} is readable by others ({mode:o})",
                        file.display()
                    ),
                    Some("chmod 600 it: whoever holds it can push to every subscribed device"),
                ));
            } else {
                r.checks.push(check("push key", Status::Ok, detail, None));
            }
        }
        Err(e) => r.checks.push(check(
            "push key",
            Status::Fail,
            e.to_string(),
            Some("restore it from a backup: browsers' subscriptions are bound to it"),
        )),
    }
}

/// (free bytes for an unprivileged user, total bytes) of the file system holding `path`.
fn free_share(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(path.as_os_str().as_bytes()).ok()?;
    // SAFETY: statvfs is plain integers, for which all-zero bytes are valid.
    let mut s: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: a valid NUL-terminated path and a zeroed struct for the kernel to fill.
    if unsafe { libc::statvfs(c.as_ptr(), &mut s) } != 0 {
        return None;
    }
    let frsize = s.f_frsize as u64;
    Some((s.f_bavail as u64 * frsize, s.f_blocks as u64 * frsize))
}

fn ffmpeg(r: &mut Report) {
    let dir = std::env::var_os("INTERNREEL_FFMPEG_DIR").map(std::path::PathBuf::from);
    match crate::media::tools::Tools::find(dir.as_deref()) {
        Some(t) => r.checks.push(check(
            "ffmpeg",
            Status::Ok,
            format!("{} and {}", t.ffmpeg.display(), t.ffprobe.display()),
            None,
        )),
        None => r.checks.push(check(
            "ffmpeg",
            Status::Warn,
            crate::media::tools::describe_missing(dir.as_deref()),
            Some("without it uploads are kept as sent (MP4 only) with no poster: apt-get install ffmpeg"),
        )),
    }
}

/// The configured media store takes a write, a read and a delete (S3: the bucket answers and
/// the credentials work).
fn media_store(r: &mut Report, data: &Path) {
    let config = match crate::media::config::for_process() {
        Ok(c) => c,
        Err(e) => {
            r.checks
                .push(check("media store", Status::Fail, format!("{e:#}"), None));
            return;
        }
    };
    let videos = crate::infra::DataPaths::new(data).videos();
    let answer = config
        .backend
        .open(&config.delivery, &videos)
        .map_err(|e| format!("{e:#}"))
        .and_then(|store| store.round_trip());
    r.checks.push(match answer {
        Ok(detail) => check("media store", Status::Ok, detail, None),
        Err(why) => check(
            "media store",
            Status::Fail,
            why,
            Some("check --s3-endpoint, --s3-bucket and the credentials; the bucket must exist"),
        ),
    });
}

fn certificate(r: &mut Report, cert: &Path, now: SystemTime) {
    match crate::tls::expiry(cert) {
        Ok(end) => {
            let left = end.duration_since(now).unwrap_or_default();
            let days = left.as_secs() / 86_400;
            if left.is_zero() {
                r.checks.push(check(
                    "TLS certificate",
                    Status::Fail,
                    format!("{} has expired", cert.display()),
                    Some("renew it; the server picks up the new files without a restart"),
                ));
            } else if left < CERT_SOON {
                r.checks.push(check(
                    "TLS certificate",
                    Status::Warn,
                    format!("{} expires in {days} day(s)", cert.display()),
                    Some("renew it; the server picks up the new files without a restart"),
                ));
            } else {
                r.checks.push(check(
                    "TLS certificate",
                    Status::Ok,
                    format!("{} valid for {days} more days", cert.display()),
                    None,
                ));
            }
        }
        Err(e) => r.checks.push(check(
            "TLS certificate",
            Status::Fail,
            format!("{e:#}"),
            Some("point --tls-cert at the PEM certificate chain"),
        )),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_free_share_of_a_directory_is_read_from_its_file_system() {
        let dir = tempfile::tempdir().unwrap();
        let (free, total) = super::free_share(dir.path()).expect("statvfs answers");
        assert!(total > 0 && free <= total, "{free} of {total}");
        assert_eq!(super::free_share(&dir.path().join("missing")), None);
    }
}
