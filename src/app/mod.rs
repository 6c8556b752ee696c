//! Building and running the server: `Config` and `App`, whose `build` and `run_until_stopped`
//! start and stop every listener and worker in one place, so their order at start-up and
//! shutdown reads top to bottom here. Beside them: `service` (every request's way in through
//! the layers), `background` (the sockets' closer and the unread-messages digest) and
//! `orphans` (the sweep of media files nothing refers to).

mod background;
mod orphans;
mod service;

use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::Router;
use axum::middleware;
use tokio::net::{TcpListener, UnixListener};

pub use service::service;

use crate::infra::Services;
use crate::limiter::FailureLimiter;
use crate::state::{AppState, Inner};
use crate::{control, fixtures, ws};

#[derive(Debug, Clone)]
pub struct Config {
    pub data_dir: PathBuf,
    pub addr: String,
    pub demo: bool,
    pub secure_cookies: bool,
    /// Where external job boards are read from.
    pub boards: crate::jobs::Boards,
    /// How often to refresh external jobs; None: only on demand.
    pub jobs_every: Option<Duration>,
    /// Where ffmpeg and ffprobe are (None: on PATH).
    pub ffmpeg_dir: Option<PathBuf>,
    /// Where videos, posters and captions are kept and how clients fetch them.
    pub media: crate::media::config::MediaConfig,
    /// Videos converted at once.
    pub transcode_jobs: usize,
    /// Serve HTTPS with this certificate and key.
    pub tls: Option<crate::tls::TlsFiles>,
    /// Also listen on plain HTTP here, redirecting every request to HTTPS.
    pub redirect_http: Option<String>,
    /// Serve Prometheus metrics on this address.
    pub metrics_addr: Option<String>,
    /// How many sign-ups, comments, messages and contact messages a client may send.
    pub limits: crate::limiter::Limits,
    /// Whether new employer accounts wait for the district's review.
    pub employer_approval: crate::domain::review::Approval,
    /// SMTP server for the outbox's sender (None: the outbox is the delivery).
    pub smtp_url: Option<String>,
    pub mail_from: String,
    /// The district's own networks: sign-ins from them are throttled per account only.
    pub trusted_networks: crate::limiter::Networks,
    /// The least time between two pushes to one person (a minute; tests shorten it).
    pub push_interval: Duration,
    /// Whether a device's push endpoint may be on this machine or a private network (the
    /// tests' stand-in push service). Off for `serve`: a person could otherwise make the
    /// server post to its own machine or the district's network.
    pub push_local_endpoints: bool,
}

impl Config {
    /// The defaults of `serve` for a data directory and an address (tests start from this).
    pub fn new(data_dir: PathBuf, addr: impl Into<String>) -> Config {
        Config {
            data_dir,
            addr: addr.into(),
            demo: false,
            secure_cookies: false,
            boards: crate::jobs::Boards::Recorded,
            jobs_every: None,
            ffmpeg_dir: None,
            media: crate::media::config::MediaConfig::default(),
            transcode_jobs: 1,
            tls: None,
            redirect_http: None,
            metrics_addr: None,
            limits: crate::limiter::Limits::default(),
            employer_approval: crate::domain::review::Approval::Required,
            smtp_url: None,
            mail_from: "internreel@localhost".into(),
            trusted_networks: Default::default(),
            push_interval: Duration::from_secs(60),
            push_local_endpoints: false,
        }
    }
}

pub struct App {
    listener: TcpListener,
    control: UnixListener,
    state: AppState,
    jobs_every: Option<Duration>,
    transcode_jobs: usize,
    /// The certificate files and the live configuration that reloads replace.
    tls: Option<(crate::tls::TlsFiles, axum_server::tls_rustls::RustlsConfig)>,
    redirect: Option<TcpListener>,
    metrics: Option<(TcpListener, metrics_exporter_prometheus::PrometheusHandle)>,
    /// Lines for the operator: demo accounts, the demo pin.
    pub notes: Vec<String>,
    /// The media files found at start-up, for the orphan sweep (`orphans`).
    stored_media: Vec<String>,
}

impl App {
    pub async fn build(config: Config) -> anyhow::Result<App> {
        crate::tls::install_crypto_provider();
        let services = Services::open_with(
            &config.data_dir,
            config.ffmpeg_dir.as_deref(),
            &config.media,
        )?;
        let mut notes = Vec::new();
        if config.demo {
            let empty = crate::store::is_empty(&services.store.read()?)?;
            if empty {
                let r = fixtures::seed(&services, false)?;
                notes.push(format!(
                    "seeded the demo: {} employers, {} students, {} internships",
                    r.employers, r.students, r.internships
                ));
            }
            let demo = fixtures::demo()?;
            if let Some(pin) = fixtures::ensure_demo_pin(&services)? {
                notes.push(format!("admin pin set to the demo pin: {pin}"));
            }
            let (student, employer) = demo.logins();
            notes.push(format!("demo student:  {} / {}", student.0, student.1));
            notes.push(format!("demo employer: {} / {}", employer.0, employer.1));
            notes.push(format!("demo admin pin: {} (at /admin-login; unless changed with `internreel admin set-pin`)", demo.admin_pin));
            notes.extend(fixtures::ensure_demo_staff(&services)?);
            notes.extend(fixtures::placement_logins(&services)?);
        }
        // A media store that does not answer at start-up is said, not fatal: everything but
        // the videos works, and /api/ready says why.
        // The files there are now: each was written by an earlier process, so a posting that
        // refers to one is committed already. Which of them nothing refers to is worked out
        // while the server runs (`orphans`); files written later are never in it.
        let stored_media = match crate::embedded::ensure_landing_videos(&services)
            .and_then(|()| Ok(services.media.store.names()?))
        {
            Ok(names) => names,
            Err(e) => {
                tracing::error!(error = %format!("{e:#}"), store = %services.media.store.describe(), "the media store could not be checked at start-up");
                Vec::new()
            }
        };
        {
            // Which address the e-mails' links open, said once: a district that forgot to
            // set it learns at start-up, not from families whose links open nothing.
            let r = services.store.read()?;
            match crate::services::password_reset::configured_public_url(&r)? {
                Some(url) => tracing::info!("links in e-mails use {url} (settings public-url)"),
                None => tracing::warn!(
                    "links in e-mails use {} because public-url is not set: run `internreel settings set public-url https://your.address`",
                    crate::services::password_reset::public_url(&r)?
                ),
            }
        }
        // Certificates first: a bad file fails at once, naming the file and the problem.
        let tls = match &config.tls {
            Some(files) => {
                let loaded = crate::tls::load(files)?;
                Some((
                    files.clone(),
                    axum_server::tls_rustls::RustlsConfig::from_config(loaded),
                ))
            }
            None => None,
        };
        if config.redirect_http.is_some() && tls.is_none() {
            anyhow::bail!("--redirect-http needs --tls-cert and --tls-key (it redirects to HTTPS)");
        }
        let listener = TcpListener::bind(&config.addr).await.with_context(|| {
            format!(
                "while binding {} (is another program using it? pick another with --addr)",
                config.addr
            )
        })?;
        let redirect = match &config.redirect_http {
            Some(addr) => Some(TcpListener::bind(addr).await.with_context(|| {
                format!("while binding the HTTP redirect listener {addr} (--redirect-http)")
            })?),
            None => None,
        };
        let metrics = match &config.metrics_addr {
            Some(addr) => {
                let listener = TcpListener::bind(addr).await.with_context(|| {
                    format!("while binding the metrics listener {addr} (--metrics-addr)")
                })?;
                Some((listener, crate::telemetry::install()?))
            }
            None => None,
        };
        let control = control::bind(&services.paths.socket())
            .context("while creating the control socket in the data directory")?;
        // School sign-ins left in flight by the last run: expired ones go, the rest are indexed.
        services
            .store
            .write(|w| crate::store::sso::sweep(w, crate::clock::now_ms()))?;
        let batch = crate::store::batch::Batcher::start(services.store.clone());
        let mailer = crate::mail::Mailer::new(config.smtp_url.as_deref(), &config.mail_from)?;
        services
            .store
            .write(|w| crate::store::outbox::set_smtp_configured(w, mailer.sends()))?;
        let pusher = crate::push::Pusher::new(
            &config.data_dir,
            config.push_interval,
            &config.mail_from,
            config.push_local_endpoints,
        )
        .context("while reading or making the push key in the data directory")?;
        let comment_words =
            crate::services::comment_words::CommentWords::new(services.paths.comment_words());
        let state = AppState(Arc::new(Inner {
            services,
            // Minors' session cookies never travel over plain HTTP when we serve HTTPS.
            secure_cookies: config.secure_cookies || tls.is_some(),
            login_failures: FailureLimiter::new(10, Duration::from_secs(15 * 60)),
            account_failures: FailureLimiter::new(usize::MAX, Duration::from_secs(15 * 60)),
            ip_failures: FailureLimiter::new(usize::MAX, Duration::from_secs(15 * 60)),
            signin_successes: FailureLimiter::new(usize::MAX, Duration::from_secs(30 * 86_400)),
            account_gate: Default::default(),
            ip_gate: Default::default(),
            trusted_networks: config.trusted_networks.clone(),
            admin_failures: FailureLimiter::new(5, Duration::from_secs(15 * 60)),
            admin_failures_all: FailureLimiter::new(usize::MAX, Duration::from_secs(15 * 60)),
            admin_gate: Default::default(),
            hashing: crate::passwords::HashPool::start(),
            hub: ws::Hub::default(),
            boards: config.boards.clone(),
            batch,
            feed: Default::default(),
            views: Default::default(),
            sessions: Default::default(),
            profile_viewers: Default::default(),
            throttles: crate::limiter::Throttles::new(config.limits),
            signup_hashing: tokio::sync::Semaphore::new(1),
            employer_approval: config.employer_approval,
            comment_words,
            photo_views: Default::default(),
            mailer,
            pusher,
        }));

        Ok(App {
            listener,
            control,
            state,
            jobs_every: config.jobs_every,
            transcode_jobs: config.transcode_jobs,
            tls,
            redirect,
            metrics,
            notes,
            stored_media,
        })
    }

    pub fn port(&self) -> u16 {
        self.local_addr().port()
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.listener.local_addr().expect("a bound listener")
    }

    /// `https` when serving TLS, else `http`.
    pub fn scheme(&self) -> &'static str {
        if self.tls.is_some() { "https" } else { "http" }
    }

    /// The plain-HTTP redirect listener's address, when there is one.
    pub fn redirect_addr(&self) -> Option<SocketAddr> {
        self.redirect.as_ref().and_then(|l| l.local_addr().ok())
    }

    /// The metrics listener's address, when there is one.
    pub fn metrics_addr(&self) -> Option<SocketAddr> {
        self.metrics.as_ref().and_then(|(l, _)| l.local_addr().ok())
    }

    pub fn state(&self) -> AppState {
        self.state.clone()
    }

    /// Serves until `shutdown` completes, then lets in-flight requests finish.
    pub async fn run_until_stopped(
        mut self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let metrics = self.metrics.is_some();
        // One stop signal for every listener and background task.
        let (stop_all, stopping) = tokio::sync::watch::channel(false);
        tokio::spawn(async move {
            shutdown.await;
            let _ = stop_all.send(true);
        });
        let stopped = |mut rx: tokio::sync::watch::Receiver<bool>| async move {
            let _ = rx.wait_for(|s| *s).await;
        };
        let side_servers = {
            let mut tasks = Vec::new();
            if let Some((listener, handle)) = self.metrics {
                let app = crate::telemetry::router(self.state.clone(), handle);
                let stop = stopped(stopping.clone());
                tasks.push(tokio::spawn(async move {
                    let _ = axum::serve(listener, app)
                        .with_graceful_shutdown(stop)
                        .await;
                }));
            }
            if let Some(listener) = self.redirect {
                let services = self.state.services.clone();
                let https_port = self.listener.local_addr()?.port();
                let stop = stopped(stopping.clone());
                tasks.push(tokio::spawn(async move {
                    let _ = axum::serve(
                        listener,
                        crate::http::transport::redirect_router(https_port, services),
                    )
                    .with_graceful_shutdown(stop)
                    .await;
                }));
            }
            tasks
        };
        // The student feed's table (a scan of every posting) is built while the first
        // requests are served, not by the first student to arrive.
        let (feed, services) = (self.state.feed.clone(), self.state.services.clone());
        let feed_table = tokio::task::spawn_blocking(move || {
            if let Err(e) = feed.table(&services) {
                tracing::warn!(error = %e, "could not prepare the feed table");
            }
        });
        // Files left by a crash between writing a file and committing its posting: a scan of
        // every posting, so it runs beside the first requests (it stops with the server).
        let sweep = orphans::start_sweep(
            self.state.services.clone(),
            std::mem::take(&mut self.stored_media),
            stopping.clone(),
        )?;
        // Sockets die with their sessions (a password change, a suspension, a deletion).
        let closer =
            background::close_sockets_of_ended_sessions(self.state.clone(), stopping.clone());
        let control = tokio::spawn(control::serve(
            self.control,
            self.state.services.clone(),
            self.state.boards.clone(),
        ));
        let jobs = self.jobs_every.map(|every| {
            tokio::spawn(crate::jobs::refresh_loop(
                self.state.services.clone(),
                self.state.boards.clone(),
                every,
            ))
        });
        let (stop_transcoder, transcoder_stopped) = tokio::sync::watch::channel(false);
        let transcoder = tokio::spawn(crate::media::worker::run(
            self.state.services.clone(),
            self.transcode_jobs,
            transcoder_stopped,
        ));
        let (stop_mail, mail_stopped) = tokio::sync::watch::channel(false);
        let mail = tokio::spawn(crate::mail::run(
            self.state.services.clone(),
            self.state.mailer.clone(),
            mail_stopped,
        ));
        let (stop_push, push_stopped) = tokio::sync::watch::channel(false);
        let push = tokio::spawn(crate::push::run(
            self.state.services.clone(),
            self.state.pusher.clone(),
            push_stopped,
        ));
        // The unread-messages digest (once a minute) and placements' reminders (hourly).
        let (stop_digest, digest_stopped) = tokio::sync::watch::channel(false);
        let digest = background::digest(self.state.clone(), digest_stopped);
        let socket_path = self.state.paths().socket();
        let result = match self.tls {
            None => {
                // axum's serve loop plus timeouts and connection caps (src/serve.rs).
                crate::serve::serve(
                    self.listener,
                    service::<hyper::body::Incoming>(self.state.clone(), metrics),
                    crate::serve::Caps::for_this_process(),
                    stopped(stopping.clone()),
                )
                .await
            }
            Some((files, live)) => {
                let watcher = tokio::spawn(crate::tls::watch(files, live.clone()));
                let handle = axum_server::Handle::new();
                let on_stop = handle.clone();
                let stop = stopped(stopping.clone());
                tokio::spawn(async move {
                    stop.await;
                    on_stop.graceful_shutdown(Some(Duration::from_secs(30)));
                });
                let acceptor = axum_server::tls_rustls::RustlsAcceptor::new(live).acceptor(
                    crate::serve::CappedAcceptor::new(
                        axum_server::accept::NoDelayAcceptor::new(),
                        crate::serve::Caps::for_this_process(),
                    ),
                );
                let mut server = axum_server::from_tcp(self.listener.into_std()?)?
                    .acceptor(acceptor)
                    .handle(handle);
                // The same header-read (and idle keep-alive) timeout as plain HTTP.
                server
                    .http_builder()
                    .http1()
                    .header_read_timeout(crate::serve::HEADER_TIMEOUT);
                let served = server
                    .serve(
                        Router::new()
                            .fallback_service(service::<axum::body::Body>(
                                self.state.clone(),
                                metrics,
                            ))
                            // Outside the edge, so every answer carries it: its refusals too.
                            .layer(middleware::map_response(
                                crate::http::transport::strict_transport,
                            ))
                            .into_make_service_with_connect_info::<SocketAddr>(),
                    )
                    .await;
                watcher.abort();
                served
            }
        };
        let _ = stopping;
        for task in side_servers {
            let _ = task.await;
        }
        // Stop the background tasks and wait for them to drop their handles on the store.
        closer.abort();
        let _ = closer.await;
        let _ = sweep.await;
        // It holds the store too: a CLI run right after a stop found the directory in use.
        let _ = feed_table.await;
        self.state.batch.shutdown();
        control.abort();
        let _ = control.await;
        // A running ffmpeg is killed; its job stays queued for the next start.
        let _ = stop_transcoder.send(true);
        let _ = transcoder.await;
        // A mail being sent when stopped stays queued and goes out after the next start.
        let _ = stop_mail.send(true);
        mail.abort();
        let _ = mail.await;
        // A push being sent when stopped stays queued and goes out after the next start.
        let _ = stop_push.send(true);
        push.abort();
        let _ = push.await;
        let _ = stop_digest.send(true);
        let _ = digest.await;
        if let Some(jobs) = jobs {
            jobs.abort();
            let _ = jobs.await;
        }
        let _ = std::fs::remove_file(socket_path);
        result.context("while serving")
    }
}
