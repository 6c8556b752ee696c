//! Prometheus metrics (`--metrics-addr`), on a listener of their own so they are never public
//! by accident. Off by default: without a recorder the `metrics` macros do nothing, and the
//! per-request layer is not even added, so an unmonitored server pays nothing.

use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

use crate::state::AppState;
use crate::store::Reader;

/// Request latency buckets, in seconds.
const BUCKETS: &[f64] = &[
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
];

/// Installs the process-wide recorder; None (with a log line) when one is already installed.
pub fn install() -> anyhow::Result<PrometheusHandle> {
    PrometheusBuilder::new()
        .set_buckets_for_metric(Matcher::Suffix("duration_seconds".into()), BUCKETS)?
        .install_recorder()
        .map_err(|e| anyhow::anyhow!("cannot start the metrics recorder: {e}"))
}

/// Per request: a count by method, route template and status, and the latency by route.
pub async fn track(req: Request, next: Next) -> Response {
    let started = Instant::now();
    let route = req
        .extensions()
        .get::<MatchedPath>()
        .map(|p| p.as_str().to_string())
        .unwrap_or_else(|| "unmatched".into());
    let method = req.method().clone();
    let res = next.run(req).await;
    record(method.as_str(), &route, res.status(), started);
    res
}

/// Counts one answer of `route` (its template) and its time since `started`.
pub fn record(method: &str, route: &str, status: StatusCode, started: Instant) {
    let (method, route) = (method.to_string(), route.to_string());
    let status = status.as_u16().to_string();
    metrics::counter!("internreel_http_requests_total", "method" => method.clone(), "route" => route.clone(), "status" => status)
        .increment(1);
    metrics::histogram!("internreel_http_request_duration_seconds", "method" => method, "route" => route)
        .record(started.elapsed().as_secs_f64());
}

/// The metrics listener's router: `GET /metrics`.
pub fn router(state: AppState, handle: PrometheusHandle) -> axum::Router {
    axum::Router::new()
        .route(
            "/metrics",
            get(move |State(state): State<AppState>| {
                let handle = handle.clone();
                async move {
                    let gauges = state.clone();
                    // The store and index figures are read when scraped, off the async threads.
                    let _ = tokio::task::spawn_blocking(move || sample(&gauges)).await;
                    (
                        [("content-type", "text/plain; version=0.0.4")],
                        handle.render(),
                    )
                        .into_response()
                }
            }),
        )
        .with_state(state)
}

/// Sets the gauges that describe the stored state.
fn sample(state: &AppState) {
    use crate::store::external_jobs::JobSource;
    use crate::store::internships::{Internship, Video};
    use crate::store::transcodes::TranscodeJob;
    let db_bytes = std::fs::metadata(state.paths().db())
        .map(|m| m.len())
        .unwrap_or(0);
    metrics::gauge!("internreel_database_bytes").set(db_bytes as f64);
    metrics::gauge!("internreel_search_documents").set(state.services.search.num_docs() as f64);
    metrics::gauge!("internreel_websockets_open").set(state.hub.sockets() as f64);
    let Ok(r) = state.store().read() else { return };
    let queued = r.count::<TranscodeJob>().unwrap_or(0);
    metrics::gauge!("internreel_transcodes_queued").set(queued as f64);
    let mut failed = 0u64;
    let _ = r.each_rev(|i: Internship| {
        if !i.archived && matches!(i.video, Video::Failed(_)) {
            failed += 1;
        }
        true
    });
    metrics::gauge!("internreel_transcodes_failed").set(failed as f64);
    let now = crate::clock::now_ms();
    if let Ok(sources) = r.scan_rev::<JobSource>(|_| true) {
        for s in sources {
            let provider = format!("{:?}", s.provider).to_lowercase();
            let labels = [("source", format!("{provider}:{}", s.token))];
            metrics::gauge!("internreel_job_source_error", &labels)
                .set(if s.last_error.is_some() { 1.0 } else { 0.0 });
            if let Some(at) = s.last_refresh_at {
                metrics::gauge!("internreel_job_source_refresh_age_seconds", &labels)
                    .set(((now - at) / 1000) as f64);
            }
        }
    }
}
