//! Command-line interface.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

mod identity;
mod media;
pub use identity::{RosterCommand, SsoCommand, StaffCommand};
pub use media::{MediaArgs, MediaCommand};

#[derive(Parser, Debug)]
#[command(
    name = "internreel",
    version,
    about = "InternReel: internships for high-school students, as short vertical videos"
)]
pub struct Cli {
    /// Directory holding everything the server owns: database, videos, images.
    #[arg(
        long,
        global = true,
        env = "INTERNREEL_DATA",
        default_value = "./internreel-data"
    )]
    pub data: PathBuf,

    #[command(flatten)]
    pub media: MediaArgs,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
// Parsed once at start-up: the size of the `serve` variant costs nothing.
#[allow(clippy::large_enum_variant)]
pub enum Command {
    /// Serve the web app and the API.
    Serve {
        /// Address to listen on.
        #[arg(long, env = "INTERNREEL_ADDR", default_value = "127.0.0.1:8080")]
        addr: String,
        /// Seed the demo fixtures into an empty data directory and set the demo admin pin.
        #[arg(long)]
        demo: bool,
        /// Mark the session cookie Secure (set this when serving over HTTPS behind a proxy).
        #[arg(long, env = "INTERNREEL_SECURE_COOKIES")]
        secure_cookies: bool,
        /// Hours between external-job refreshes (0: only on demand).
        #[arg(long, env = "INTERNREEL_JOBS_INTERVAL_HOURS", default_value_t = 6)]
        jobs_interval_hours: u64,
        /// Directory holding ffmpeg and ffprobe (default: found on PATH).
        #[arg(long, env = "INTERNREEL_FFMPEG_DIR")]
        ffmpeg_dir: Option<PathBuf>,
        /// Videos converted at the same time, each at the lowest CPU priority.
        #[arg(long, env = "INTERNREEL_TRANSCODE_JOBS", default_value_t = 1)]
        transcode_jobs: usize,
        /// Serve HTTPS with this PEM certificate chain (needs --tls-key); reloaded on SIGHUP
        /// and when the file changes.
        #[arg(long, env = "INTERNREEL_TLS_CERT", requires = "tls_key")]
        tls_cert: Option<PathBuf>,
        /// The PEM private key (PKCS#8, RSA or EC) of --tls-cert.
        #[arg(long, env = "INTERNREEL_TLS_KEY", requires = "tls_cert")]
        tls_key: Option<PathBuf>,
        /// Also listen on plain HTTP at this address and redirect every request to HTTPS.
        #[arg(long, env = "INTERNREEL_REDIRECT_HTTP", value_name = "ADDR")]
        redirect_http: Option<String>,
        /// Sign-ups per client address and hour (0: no limit, for test rigs and school
        /// networks behind one address).
        #[arg(long, env = "INTERNREEL_SIGNUP_LIMIT", default_value_t = 5)]
        signup_limit: usize,
        /// Comments per account and minute (0: no limit).
        #[arg(long, env = "INTERNREEL_COMMENT_LIMIT", default_value_t = 10)]
        comment_limit: usize,
        /// Messages per account and minute (0: no limit).
        #[arg(long, env = "INTERNREEL_MESSAGE_LIMIT", default_value_t = 30)]
        message_limit: usize,
        /// Contact-form messages per client address and hour (0: no limit).
        #[arg(long, env = "INTERNREEL_CONTACT_LIMIT", default_value_t = 10)]
        contact_limit: usize,
        /// Reports per account and hour (0: no limit).
        #[arg(long, env = "INTERNREEL_REPORT_LIMIT", default_value_t = 20)]
        report_limit: usize,
        /// Serve Prometheus metrics at http://HOST:PORT/metrics (off by default; keep it
        /// on an address your monitoring reaches and the public does not).
        #[arg(long, env = "INTERNREEL_METRICS_ADDR", value_name = "HOST:PORT")]
        metrics_addr: Option<String>,
        /// Whether new employer accounts wait for the district's review before students
        /// see their postings ("required") or are verified at sign-up ("off").
        #[arg(
            long,
            env = "INTERNREEL_EMPLOYER_APPROVAL",
            default_value = "required",
            value_name = "required|off"
        )]
        employer_approval: crate::domain::review::Approval,
        /// Send e-mail through this SMTP server: smtp://user:pass@host:587?tls=required
        /// (STARTTLS), smtps://user:pass@host:465, or smtp://host:25 for a local relay.
        /// Without it, e-mail stays in the outbox (`internreel mail list`).
        #[arg(long, env = "INTERNREEL_SMTP_URL")]
        smtp_url: Option<String>,
        /// The sender address of every e-mail.
        #[arg(
            long,
            env = "INTERNREEL_MAIL_FROM",
            default_value = "internreel@localhost"
        )]
        mail_from: String,
        /// The district's own networks (CIDR, for example 10.0.0.0/8 or 2001:db8::/48;
        /// several by commas): sign-ins from them are throttled per account only, never per
        /// address, since a whole school reaches the server from a few addresses.
        #[arg(
            long,
            env = "INTERNREEL_TRUSTED_NETWORKS",
            value_delimiter = ',',
            num_args = 1..,
            value_name = "CIDR"
        )]
        trusted_networks: Vec<String>,
        /// Accept devices whose push service is on this machine or a private network (a test
        /// push service). Never in production: a person could make the server post there.
        #[arg(long, hide = true)]
        push_local_endpoints: bool,
    },
    /// Load the demo fixtures into a data directory that holds no accounts or postings yet.
    Seed {
        /// Add the fixtures even if the directory already holds data.
        #[arg(long)]
        force: bool,
        /// Instead of the demo, add N synthetic postings (with N/50 employers, N/5 students,
        /// 2N likes, N/2 applications) for benchmarks.
        #[arg(long, value_name = "N")]
        synthetic: Option<usize>,
    },
    /// Administrator settings.
    Admin {
        #[command(subcommand)]
        command: AdminCommand,
    },
    /// Messages sent through the contact form.
    Contact {
        #[command(subcommand)]
        command: ContactCommand,
    },
    /// Requests for AI-made videos.
    AiRequests {
        #[command(subcommand)]
        command: AiCommand,
    },
    /// Rebuild the search index from the database.
    Reindex,
    /// Write a consistent backup of the data directory (works while the server runs).
    Backup {
        /// The archive to write (a tar file).
        file: PathBuf,
    },
    /// Media files: move them between local disk and S3 (with the server stopped).
    Media {
        #[command(subcommand)]
        command: MediaCommand,
    },
    /// Restore a backup into a new or empty data directory (`--data DIR`); the media go to
    /// the store `--media-store` names.
    Restore {
        /// The archive written by `internreel backup`.
        file: PathBuf,
    },
    /// Check the installation: data directory, database, index, admin pin, ffmpeg, TLS
    /// certificate, job boards. Exit status 1 when a check fails.
    Doctor {
        /// Print JSON instead of one line per check.
        #[arg(long)]
        json: bool,
        /// The certificate `serve` uses, to check its expiry.
        #[arg(long, env = "INTERNREEL_TLS_CERT")]
        tls_cert: Option<PathBuf>,
    },
    /// External jobs from company career pages.
    Jobs {
        #[command(subcommand)]
        command: JobsCommand,
    },
    /// The district's review of employer accounts.
    Employers {
        #[command(subcommand)]
        command: EmployersCommand,
    },
    /// Reports of postings, comments and messages, and the automatic holds.
    Reports {
        #[command(subcommand)]
        command: ReportsCommand,
    },
    /// The audit log (append-only).
    Audit {
        #[command(subcommand)]
        command: AuditCommand,
    },
    /// District settings: district-name, district-contact, public-url.
    Settings {
        #[command(subcommand)]
        command: SettingsCommand,
    },
    /// The e-mail outbox.
    Mail {
        #[command(subcommand)]
        command: MailCommand,
    },
    /// The district's captions rule (settings set captions-required on|off).
    Captions {
        #[command(subcommand)]
        command: CaptionsCommand,
    },
    /// Accounts.
    Users {
        #[command(subcommand)]
        command: UsersCommand,
    },
    /// Named staff: district admins and school coordinators (password and authenticator).
    Staff {
        #[command(subcommand)]
        command: StaffCommand,
    },
    /// School-account sign-in (OpenID Connect providers).
    Sso {
        #[command(subcommand)]
        command: SsoCommand,
    },
    /// Work-based-learning placements.
    Placements {
        #[command(subcommand)]
        command: PlacementsCommand,
    },
    /// The district's roster of students (OneRoster 1.1 CSV or a plain CSV).
    Roster {
        #[command(subcommand)]
        command: RosterCommand,
    },
}

#[derive(Subcommand, Debug)]
pub enum CaptionsCommand {
    /// The postings the captions rule holds: their video has speech-level sound and no
    /// captions (the employer's request for the district's review first).
    Waiting {
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand, Debug)]
pub enum MailCommand {
    /// Every e-mail, newest first: recipient, subject, status (queued, sent, failed,
    /// outbox-only) and the plain-text body.
    List {
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand, Debug)]
pub enum UsersCommand {
    /// Print a fresh password-reset link for an account (valid 30 minutes, single use).
    ResetLink { email: String },
}

#[derive(Subcommand, Debug)]
pub enum EmployersCommand {
    /// List employer accounts, pending first.
    List {
        /// Only those awaiting review.
        #[arg(long)]
        pending: bool,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Verify an employer: its postings go live at once.
    Verify { id: u64 },
    /// Suspend an employer: its postings disappear, its sessions end, sign-in is refused.
    Suspend {
        id: u64,
        /// Why (shown to the employer when signing in).
        #[arg(long)]
        reason: String,
    },
}

#[derive(Subcommand, Debug)]
pub enum ReportsCommand {
    /// List reports, open first.
    List {
        /// Only the open ones.
        #[arg(long)]
        open: bool,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Resolve a report: dismiss, hide (the target), suspend (the employer behind it) or
    /// release (something the automatic screen held).
    Resolve {
        id: u64,
        #[arg(long, value_name = "dismiss|hide|suspend|release")]
        action: String,
        /// A note kept with the resolution.
        #[arg(long, default_value = "")]
        note: String,
    },
}

#[derive(Subcommand, Debug)]
pub enum AuditCommand {
    /// Print the newest entries.
    List {
        /// Only entries by or about this user id.
        #[arg(long)]
        user: Option<u64>,
        /// How many entries.
        #[arg(long, default_value_t = 100)]
        limit: usize,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand, Debug)]
pub enum SettingsCommand {
    /// Set a setting: district-name NAME, district-contact EMAIL-OR-PHONE,
    /// agreement-template FILE [--lang es].
    Set {
        key: String,
        value: String,
        /// The language of an agreement template (en or es; default en).
        #[arg(long)]
        lang: Option<String>,
    },
    /// Print every setting.
    List,
}

#[derive(Subcommand, Debug)]
pub enum JobsCommand {
    /// The job boards jobs are read from.
    Sources {
        #[command(subcommand)]
        command: SourcesCommand,
    },
    /// Fetch every source now.
    Refresh,
}

#[derive(Subcommand, Debug)]
pub enum SourcesCommand {
    /// Add a board: greenhouse|lever|ashby and its token (the name in the board's URL).
    Add {
        provider: String,
        token: String,
        /// The company name to show (defaults to the token).
        #[arg(long)]
        company: Option<String>,
    },
    /// List the sources with their job counts, last refresh and last error.
    List,
    /// Remove a source and its jobs.
    Remove { id: u64 },
}

#[derive(Subcommand, Debug)]
pub enum AdminCommand {
    /// Set the admin pin, read from standard input (at least 6 characters); ends every admin
    /// session.
    SetPin,
    /// Admin sessions (each lasts at most 12 hours).
    Sessions {
        #[command(subcommand)]
        command: AdminSessionsCommand,
    },
}

#[derive(Subcommand, Debug)]
pub enum AdminSessionsCommand {
    /// End every admin session now.
    Revoke,
}

#[derive(Subcommand, Debug)]
pub enum ContactCommand {
    /// Print every contact message, newest first.
    List,
}

#[derive(Subcommand, Debug)]
pub enum AiCommand {
    /// List the requests: id, company, title, requested, age, status, overdue.
    List {
        /// Only the pending ones.
        #[arg(long)]
        pending: bool,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Fulfil a request with a video file (MP4, MOV or AVI, at most 40 MB).
    Fulfil {
        /// The request's id (the internship's id).
        id: u64,
        /// The video file.
        #[arg(long)]
        video: PathBuf,
        /// Captions for it: a WebVTT file (.vtt, at most 200 KB).
        #[arg(long)]
        captions: Option<PathBuf>,
    },
}

#[derive(Subcommand, Debug)]
pub enum PlacementsCommand {
    /// Every placement: id, state, student, employer, dates, hours, who still signs.
    List {
        #[arg(
            long,
            value_name = "setup|awaiting_signatures|active|completed|ended_early|cancelled"
        )]
        state: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// One placement's whole record and history.
    Show {
        id: u64,
        #[arg(long)]
        json: bool,
    },
    /// The student-level work-based-learning record for state reporting, as CSV.
    Export { file: PathBuf },
}
