//! Command-line interface.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

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

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
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
    },
    /// Load the demo fixtures into a data directory that holds no accounts or postings yet.
    Seed {
        /// Add the fixtures even if the directory already holds data.
        #[arg(long)]
        force: bool,
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
}

#[derive(Subcommand, Debug)]
pub enum AdminCommand {
    /// Set the admin pin, read from standard input (at least 6 characters).
    SetPin,
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
    },
}
