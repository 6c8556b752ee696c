//! Building and running the server: state, router, listeners, graceful shutdown.

use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::middleware;
use axum::routing::get;
use axum::serve::ListenerExt;
use tokio::net::{TcpListener, UnixListener};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::csrf::CsrfLayer;

use crate::limiter::FailureLimiter;
use crate::state::{AppState, Inner, Services};
use crate::store::Reader;
use crate::{assets, control, fixtures, http, ws};

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
    /// Videos converted at once.
    pub transcode_jobs: usize,
}

pub struct App {
    listener: TcpListener,
    control: UnixListener,
    state: AppState,
    jobs_every: Option<Duration>,
    transcode_jobs: usize,
    /// Lines for the operator: demo accounts, the demo pin.
    pub notes: Vec<String>,
}

impl App {
    pub async fn build(config: Config) -> anyhow::Result<App> {
        let services = Services::open_with(&config.data_dir, config.ffmpeg_dir.as_deref())?;
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
        }
        fixtures::ensure_landing_videos(&services)?;
        sweep_orphan_media(&services)?;
        let listener = TcpListener::bind(&config.addr).await.with_context(|| {
            format!(
                "while binding {} (is another program using it? pick another with --addr)",
                config.addr
            )
        })?;
        let control = control::bind(&services.paths.socket())
            .context("while creating the control socket in the data directory")?;
        let batch = crate::store::batch::Batcher::start(services.store.clone());
        let state = AppState(Arc::new(Inner {
            services,
            secure_cookies: config.secure_cookies,
            login_failures: FailureLimiter::new(10, Duration::from_secs(15 * 60)),
            ip_failures: FailureLimiter::new(100, Duration::from_secs(15 * 60)),
            admin_failures: FailureLimiter::new(5, Duration::from_secs(15 * 60)),
            hashing: crate::passwords::HashPool::start(),
            hub: ws::Hub::default(),
            boards: config.boards.clone(),
            batch,
            feed: crate::feed::FeedCache::default(),
            views: Default::default(),
            sessions: Default::default(),
        }));

        Ok(App {
            listener,
            control,
            state,
            jobs_every: config.jobs_every,
            transcode_jobs: config.transcode_jobs,
            notes,
        })
    }

    pub fn port(&self) -> u16 {
        self.local_addr().port()
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.listener.local_addr().expect("a bound listener")
    }

    pub fn state(&self) -> AppState {
        self.state.clone()
    }

    /// Serves until `shutdown` completes, then lets in-flight requests finish.
    pub async fn run_until_stopped(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let router = router(self.state.clone());
        // The student feed's table (a scan of every posting) is built while the first
        // requests are served, not by the first student to arrive.
        let warm = self.state.clone();
        tokio::task::spawn_blocking(move || {
            if let Err(e) = http::internships::feed_table(&warm) {
                tracing::warn!(error = %e, "could not prepare the feed table");
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
        let (stop_transcoder, stopped) = tokio::sync::watch::channel(false);
        let transcoder = tokio::spawn(crate::media::worker::run(
            self.state.services.clone(),
            self.transcode_jobs,
            stopped,
        ));
        let socket_path = self.state.paths().socket();
        let listener = self.listener.tap_io(|tcp| {
            // Small JSON answers otherwise wait on Nagle's algorithm.
            let _ = tcp.set_nodelay(true);
        });
        let result = axum::serve(
            listener,
            router.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(shutdown)
        .await;
        // Stop the background tasks and wait for them to drop their handles on the store.
        self.state.batch.shutdown();
        control.abort();
        let _ = control.await;
        // A running ffmpeg is killed; its job stays queued for the next start.
        let _ = stop_transcoder.send(true);
        let _ = transcoder.await;
        if let Some(jobs) = jobs {
            jobs.abort();
            let _ = jobs.await;
        }
        let _ = std::fs::remove_file(socket_path);
        result.context("while serving")
    }
}

pub fn router(state: AppState) -> Router {
    let csrf = CsrfLayer::new().with_rejection_response(|_| {
        let body = r#"{"message":"Cross-site requests are not allowed"}"#;
        axum::http::Response::builder()
            .status(StatusCode::FORBIDDEN)
            .header("content-type", "application/json")
            .body(axum::body::Body::from(body))
            .expect("static response")
    });
    Router::new()
        .route("/ws", get(ws::upgrade))
        .merge(http::router())
        .fallback(assets::serve)
        .layer(csrf)
        .layer(middleware::from_fn(http::edge))
        .layer(DefaultBodyLimit::max(http::JSON_LIMIT))
        .layer(CatchPanicLayer::custom(http::panic_response))
        .with_state(state)
}

/// Deletes media files no posting points at (left by a crash between writing a file and
/// committing its posting). Runs before the server accepts uploads.
fn sweep_orphan_media(s: &Services) -> anyhow::Result<()> {
    use crate::store::internships::Internship;
    let r = s.store.read()?;
    let mut keep = std::collections::HashSet::new();
    // One posting decoded at a time: collecting 100,000 of them cost ~100 MB at start-up.
    r.each_rev(|i: Internship| {
        keep.extend(i.video.files().into_iter().map(str::to_string));
        true
    })?;
    keep.extend(fixtures::landing_files());
    for name in s.media.store.names()? {
        if !keep.contains(&name) {
            tracing::warn!(file = %name, "removing a media file no posting refers to");
            s.media.store.remove(&name);
        }
    }
    Ok(())
}
