//! InternReel: an internship marketplace for high-school students, as one binary.
//!
//! `main.rs` parses the CLI; everything else lives here so tests can start the server
//! in-process. See ARCHITECTURE.md for the map.

pub mod app;
pub mod assets;
pub mod auth;
pub mod backup;
pub mod cache;
pub mod cli;
pub mod clock;
pub mod commands;
pub mod control;
pub mod doctor;
pub mod domain;
pub mod embedded;
pub mod error;
pub mod fixtures;
pub mod http;
pub mod i18n;
pub mod infra;
pub mod jobs;
pub mod limiter;
pub mod logging;
pub mod mail;
pub mod media;
pub mod passwords;
pub mod pdf;
pub mod push;
pub mod search;
pub mod sendfile;
pub mod serve;
pub mod services;
pub mod state;
pub mod store;
pub mod synthetic;
pub mod telemetry;
pub mod tls;
pub mod tokens;
pub mod totp;
pub mod validate;
pub mod ws;

pub use app::{App, Config};
