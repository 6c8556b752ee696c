//! `staff`, `sso` and `roster`: the district's people and how they sign in.

use std::path::PathBuf;

use clap::Subcommand;

#[derive(Subcommand, Debug)]
pub enum StaffCommand {
    /// Add a staff member; prints a single-use invite link (valid 72 hours, also e-mailed).
    Add {
        email: String,
        #[arg(long)]
        name: String,
        #[arg(long, value_name = "admin|coordinator")]
        role: String,
        /// A coordinator's school (as the roster names it).
        #[arg(long)]
        school: Option<String>,
    },
    /// List staff: e-mail, name, role, school, status, last sign-in.
    List {
        #[arg(long)]
        json: bool,
    },
    /// Turn a staff account off (its sessions end).
    Disable { email: String },
    /// Turn a staff account on again.
    Enable { email: String },
    /// A new invite: the member sets a new password and authenticator (prints the link).
    #[command(name = "reset-2fa")]
    ResetTwoFactor { email: String },
    /// Change a member's role (a coordinator needs --school, unless they have one).
    Role {
        email: String,
        #[arg(value_name = "admin|coordinator")]
        role: String,
        #[arg(long)]
        school: Option<String>,
    },
}

#[derive(Subcommand, Debug)]
pub enum SsoCommand {
    /// Add an OpenID Connect provider (Google Workspace, Microsoft Entra ID, Clever,
    /// ClassLink...) once its discovery document answers. Register the redirect URI it prints
    /// at the provider.
    Add {
        /// The name on the button ("Continue with NAME"): letters, digits, spaces, - and _.
        name: String,
        /// The issuer URL (discovery at ISSUER/.well-known/openid-configuration).
        #[arg(long)]
        issuer: String,
        #[arg(long)]
        client_id: String,
        /// A file holding the client secret (kept out of the shell's history).
        #[arg(long)]
        client_secret_file: PathBuf,
        /// An e-mail domain whose accounts may sign in (repeat for several; none: any).
        #[arg(long = "domain")]
        domains: Vec<String>,
        #[arg(
            long = "for",
            default_value = "students",
            value_name = "students|staff|both"
        )]
        serves: String,
        /// Store it without fetching the issuer's discovery document first (a provider this
        /// server cannot reach yet); `doctor` checks it later.
        #[arg(long)]
        skip_check: bool,
    },
    /// List the providers (never their secrets).
    List,
    /// Remove a provider (linked accounts stay; they sign in with a password or another provider).
    Remove { name: String },
}

#[derive(Subcommand, Debug)]
pub enum RosterCommand {
    /// Import students: a OneRoster 1.1 CSV folder or zip (orgs.csv, users.csv) or a plain CSV
    /// (email,first_name,last_name,grade,school). Running the same file twice changes nothing.
    Import {
        path: PathBuf,
        /// Print what would change and change nothing.
        #[arg(long)]
        dry_run: bool,
    },
    /// E-mail set-password links to rostered students who have no password yet.
    Invite {
        #[arg(long)]
        school: Option<String>,
    },
}
