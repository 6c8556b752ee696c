//! Building and running the server: state, router, listeners, graceful shutdown.
//! Over 500 lines: the composition root starts and stops every listener and worker in one
//! place, so their order at start-up and shutdown reads top to bottom.

use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::middleware;
use axum::routing::get;
use tokio::net::{TcpListener, UnixListener};
use tower_http::csrf::CsrfLayer;

use crate::infra::Services;
use crate::limiter::FailureLimiter;
use crate::state::{AppState, Inner};
use crate::store::Reader;
use crate::{control, fixtures, http, ws};

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
    /// The media files found at start-up, for `sweep_orphan_media`.
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
        }
        // A media store that does not answer at start-up is said, not fatal: everything but
        // the videos works, and /api/ready says why.
        // The files there are now: each was written by an earlier process, so a posting that
        // refers to one is committed already. Which of them nothing refers to is worked out
        // while the server runs (`sweep_orphan_media`); files written later are never in it.
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
        let (services, names, stop) = (
            self.state.services.clone(),
            std::mem::take(&mut self.stored_media),
            stopping.clone(),
        );
        // Housekeeping only: its own thread at the lowest priority, so on a busy server it
        // takes the CPU the requests leave (at 1,000,000 postings it ran for seconds under
        // the first requests, at the same priority as the workers).
        let (swept, sweep) = tokio::sync::oneshot::channel::<()>();
        std::thread::Builder::new()
            .name("media-sweep".into())
            .spawn(move || {
                lower_this_threads_priority();
                if let Err(e) = sweep_orphan_media(&services, names, || *stop.borrow()) {
                    tracing::error!(error = %format!("{e:#}"), "could not look for media files nothing refers to");
                }
                let _ = swept.send(());
            })?;
        // Sockets die with their sessions: a password change or reset, a suspension or a
        // deletion (from HTTP or the CLI) closes the user's open sockets at once.
        let mut ended = self.state.services.sessions_ended.subscribe();
        let hub_state = self.state.clone();
        let mut stop_closer = stopping.clone();
        let closer = tokio::spawn(async move {
            use tokio::sync::broadcast::error::RecvError;
            loop {
                tokio::select! {
                    got = ended.recv() => match got {
                        Ok(user_id) => hub_state.hub.close_user(user_id),
                        // Missed some: the sockets' own periodic session check closes them.
                        Err(RecvError::Lagged(_)) => {}
                        Err(RecvError::Closed) => return,
                    },
                    _ = stop_closer.wait_for(|s| *s) => return,
                }
            }
        });
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
        // The unread-messages digest: once a minute, messages unread for 15 minutes.
        let digest_state = self.state.clone();
        let (stop_digest, mut digest_stopped) = tokio::sync::watch::channel(false);
        let digest = tokio::spawn(async move {
            let every = Duration::from_secs(60);
            let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
            let mut minutes = 0u32;
            loop {
                // Stopped between runs, never during one: a run holds the store and index.
                tokio::select! {
                    _ = tick.tick() => {}
                    _ = digest_stopped.changed() => return,
                }
                let s = digest_state.clone();
                let made = tokio::task::spawn_blocking(move || {
                    crate::services::notify::digest_unread(&s.services, crate::clock::now_ms())
                })
                .await;
                match made {
                    Ok(Ok(list)) => {
                        if !list.is_empty() {
                            digest_state.mailer.wake();
                        }
                        http::notifications::push(&digest_state, &list);
                    }
                    Ok(Err(e)) => tracing::warn!(error = %e, "the unread-messages digest failed"),
                    Err(_) => {}
                }
                // Placements' reminders (evaluations due, hours waiting): hourly, one write.
                minutes += 1;
                if minutes % 60 == 1 {
                    let s = digest_state.clone();
                    let sent = tokio::task::spawn_blocking(move || {
                        crate::services::placement_work::remind(&s.services)
                    })
                    .await;
                    if matches!(sent, Ok(true)) {
                        digest_state.mailer.wake();
                    }
                }
            }
        });
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

/// Every request's way in: the edge, then the layers, then the router, for any request body
/// type (hyper's for plain HTTP, axum's under the TLS listener's router).
pub fn service<B>(
    state: AppState,
    metrics: bool,
) -> impl tower::Service<
    axum::http::Request<B>,
    Response = axum::response::Response,
    Error = std::convert::Infallible,
    Future: Send + 'static,
> + Clone
+ Send
+ Sync
+ 'static
where
    B: axum::body::HttpBody<Data = axum::body::Bytes> + Send + 'static,
    B::Error: Into<axum::BoxError>,
{
    let csrf = CsrfLayer::new().with_rejection_response(|_| {
        use axum::response::IntoResponse;
        crate::error::AppError::Forbidden("Cross-site requests are not allowed".into())
            .into_response()
    });
    // Client routes get their first screen's answers from the API's own routes.
    let first_screen =
        http::first_screen::FirstScreen::new(http::router().with_state(state.clone()));
    let mut app = Router::new()
        .route("/ws", get(ws::upgrade))
        .merge(http::router());
    if metrics {
        // On matched routes only, where the route's template is known.
        app = app.route_layer(middleware::from_fn(crate::telemetry::track));
    }
    app = app.fallback(move |req: axum::extract::Request| first_screen.clone().serve(req));
    // The layers wrap the router once, as one service, rather than through `Router::layer`,
    // which wraps every route and boxes each layer's service and future again per request:
    // a request went through seven boxed levels, a third of the server's own time on a cached
    // page (issue #35). They run before routing; only the metrics need the matched route, and
    // they stay a route layer.
    tower::ServiceBuilder::new()
        // First, so it catches a panic anywhere inside, and can answer a page sent before
        // with no more work (http/edge.rs).
        .layer(http::edge::EdgeLayer::new(state.clone(), metrics))
        // A body that trickles in (a byte every so often, which the connections' idle timeout
        // does not catch) is cut off; 10 minutes carry a 40 MB video over a slow school line.
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(
            Duration::from_secs(600),
        ))
        // The routes take axum's body type.
        .map_request(|req: axum::http::Request<_>| req.map(axum::body::Body::new))
        .layer(DefaultBodyLimit::max(http::JSON_LIMIT))
        .layer(crate::http::transport::json_compression())
        .layer(csrf)
        .service(app.with_state(state))
}

/// The calling thread's nice value to 19 (Linux threads each have their own).
fn lower_this_threads_priority() {
    // SAFETY: setpriority takes plain integers and no pointer, so it cannot touch our memory;
    // with this thread's own id it changes only this thread's nice value.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t, 19);
    }
}

/// Deletes those of `names` (the media files there were at start-up) no posting points at:
/// left by a crash between writing a file and committing its posting. Stops early (removing
/// nothing) when `stopping` says so.
/// More files than a crash could leave behind (uploads are taken two at a time).
const MAX_ORPHANS_REMOVED: usize = 50;

fn sweep_orphan_media(
    s: &Services,
    names: Vec<String>,
    stopping: impl Fn() -> bool,
) -> anyhow::Result<()> {
    use crate::store::internships::Internship;
    // Only names of the server's own form: whatever else lies in the folder or under the
    // prefix is not the server's to remove.
    let mut orphans: std::collections::HashSet<String> = names
        .into_iter()
        .filter(|n| crate::media::files::own_name(n))
        .collect();
    for name in crate::embedded::landing_files() {
        orphans.remove(name.as_str());
    }
    if orphans.is_empty() {
        return Ok(());
    }
    let r = s.store.read()?;
    let mut stopped = false;
    // One posting decoded at a time: collecting 100,000 of them cost ~100 MB at start-up.
    r.each_rev(|i: Internship| {
        for f in i.video.files() {
            orphans.remove(f);
        }
        stopped = stopping();
        !stopped && !orphans.is_empty()
    })?;
    if stopped {
        return Ok(());
    }
    if orphans.len() > MAX_ORPHANS_REMOVED {
        // A crash leaves a few; this many means the store is not the one this database
        // wrote (another data directory's, a shared bucket): nothing is removed.
        tracing::warn!(
            files = orphans.len(),
            "media files no posting refers to: more than {MAX_ORPHANS_REMOVED}, so none is \
             removed; check --data and --media-store/--s3-prefix"
        );
        return Ok(());
    }
    for name in orphans {
        tracing::warn!(file = %name, "removing a media file no posting refers to");
        s.media.store.remove(&name);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    /// The calling thread's nice value: field 19 of /proc/thread-self/stat.
    fn this_threads_nice() -> i64 {
        let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap();
        // Fields after the command's closing parenthesis start at field 3.
        let after = stat.rsplit_once(')').unwrap().1;
        after
            .split_whitespace()
            .nth(19 - 3)
            .unwrap()
            .parse()
            .unwrap()
    }

    #[test]
    fn lowering_a_threads_priority_sets_its_nice_to_19_and_leaves_the_others() {
        let before = this_threads_nice();
        let niced = std::thread::spawn(|| {
            super::lower_this_threads_priority();
            this_threads_nice()
        })
        .join()
        .unwrap();
        assert_eq!(niced, 19);
        assert_eq!(
            this_threads_nice(),
            before,
            "the calling thread keeps its own"
        );
    }
}
