//! The edge every request passes once, first: its language, the cross-site `Referer` check,
//! one log line, the security headers, `no-store` on `/api` answers, any `/api` error that was
//! not already JSON rewritten as `{"message": ...}`, and a panic anywhere inside answered as a
//! 500 (tower-http's `CatchPanic` did that as one more layer, boxing every answer's body).
//!
//! A tower layer with its own future rather than axum's `from_fn`: that one boxes its future
//! and the inner service again for every request, and on a cached page the moves and
//! allocations showed (issue #35).
//!
//! A page of postings sent before at this store version (`GET /api/internships`, the feed
//! every phone opens on) is answered here, before the body is boxed, the compression and
//! CSRF layers and the router: those were over a third of the server's own work on that page
//! (callgrind, issue #35). It goes out through the same `finish` as every other answer.

use std::convert::Infallible;
use std::future::Future;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Instant;

use axum::body::{Body, Bytes, HttpBody};
use axum::http::Request;
use axum::http::uri::PathAndQuery;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::Response;
use tower::{Layer, Service};

use super::{add_security_headers, as_json_error, foreign_referer, language, redacted};
use crate::error::json_error;
use crate::i18n::Scoped;
use crate::state::AppState;

#[derive(Clone)]
pub struct EdgeLayer {
    state: AppState,
    metrics: bool,
}

impl EdgeLayer {
    /// `metrics`: whether requests are counted (`--metrics-addr`); the router's route layer
    /// counts the rest, the edge the pages it answers itself.
    pub fn new(state: AppState, metrics: bool) -> Self {
        EdgeLayer { state, metrics }
    }
}

impl<S> Layer<S> for EdgeLayer {
    type Service = Edge<S>;
    fn layer(&self, inner: S) -> Edge<S> {
        Edge {
            inner,
            state: self.state.clone(),
            metrics: self.metrics,
        }
    }
}

#[derive(Clone)]
pub struct Edge<S> {
    inner: S,
    state: AppState,
    metrics: bool,
}

/// The one route answered before routing, and its template for the metrics.
const LISTS: &str = "/api/internships";

impl<S> Edge<S> {
    /// A page of postings sent before (`internship_lists::sent_before_routing`).
    fn sent_before<RB>(&self, req: &Request<RB>) -> Option<Response> {
        if req.method() != Method::GET || req.uri().path() != LISTS {
            return None;
        }
        let query = req.uri().query().unwrap_or("");
        super::internship_lists::sent_before_routing(&self.state, req.headers(), query)
    }
}

impl<S, B, RB> Service<Request<RB>> for Edge<S>
where
    S: Service<Request<RB>, Response = axum::http::Response<B>, Error = Infallible> + Clone,
    B: HttpBody<Data = Bytes> + Send + 'static,
    B::Error: Into<axum::BoxError>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = EdgeFuture<S, RB>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request<RB>) -> EdgeFuture<S, RB> {
        let seen = Seen {
            start: Instant::now(),
            method: req.method().clone(),
            target: req.uri().path_and_query().cloned(),
            is_api: req.uri().path().starts_with("/api"),
            http1: req.version() <= axum::http::Version::HTTP_11,
        };
        let kept = match catch_unwind(AssertUnwindSafe(|| self.sent_before(&req))) {
            Ok(kept) => kept,
            Err(panic) => Some(super::panic_response(panic)),
        };
        if let Some(res) = kept {
            if self.metrics {
                crate::telemetry::record(seen.method.as_str(), LISTS, res.status(), seen.start);
            }
            return EdgeFuture {
                answer: Answering::Kept { res: Some(res) },
                seen: Some(seen),
            };
        }
        // The language the answer's messages are written in (crate::i18n).
        let choose = language::chooser(&self.state, req.headers());
        // The service made ready is the one called; a clone stays for the next request.
        let ready = self.inner.clone();
        let inner = std::mem::replace(&mut self.inner, ready);
        EdgeFuture {
            answer: Answering::Routed {
                answer: crate::i18n::scoped(
                    choose,
                    Answer::Start {
                        inner: Some((inner, req)),
                    },
                ),
            },
            seen: Some(seen),
        }
    }
}

/// What the log line and the headers need of the request, taken before it is handed on.
struct Seen {
    start: Instant,
    method: Method,
    target: Option<PathAndQuery>,
    is_api: bool,
    /// HTTP/1: a connection the server closes after this answer must say so.
    http1: bool,
}

pin_project_lite::pin_project! {
    pub struct EdgeFuture<S: Service<Request<RB>>, RB> {
        #[pin]
        answer: Answering<S, RB>,
        seen: Option<Seen>,
    }
}

pin_project_lite::pin_project! {
    /// Answered at the edge (a page sent before), or by the layers and routes inside it.
    #[project = AnsweringProj]
    pub enum Answering<S: Service<Request<RB>>, RB> {
        Kept { res: Option<Response> },
        Routed { #[pin] answer: Scoped<Answer<S, RB>> },
    }
}

pin_project_lite::pin_project! {
    /// The inner service is called at the first poll, inside the language's scope, as the
    /// refusal is written: whatever answers in `call` (the CSRF layer's refusal) is translated.
    #[project = AnswerProj]
    pub enum Answer<S: Service<Request<RB>>, RB> {
        Start { inner: Option<(S, Request<RB>)> },
        Inner { #[pin] future: S::Future },
    }
}

impl<S, B, RB> Future for Answer<S, RB>
where
    S: Service<Request<RB>, Response = axum::http::Response<B>, Error = Infallible>,
    B: HttpBody<Data = Bytes> + Send + 'static,
    B::Error: Into<axum::BoxError>,
{
    type Output = Response;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Response> {
        loop {
            match self.as_mut().project() {
                AnswerProj::Start { inner } => {
                    let (mut service, req) = inner.take().expect("polled after it answered");
                    if foreign_referer(&req) {
                        return Poll::Ready(json_error(
                            StatusCode::FORBIDDEN,
                            &crate::t!("cross-site-requests-are-not-allowed"),
                        ));
                    }
                    let future = service.call(req);
                    self.set(Answer::Inner { future });
                }
                AnswerProj::Inner { future } => {
                    return future.poll(cx).map(|r| match r {
                        // One body type for the edge's rewrites (a compressed body is boxed).
                        Ok(res) => res.map(Body::new),
                        Err(never) => match never {},
                    });
                }
            }
        }
    }
}

impl<S, B, RB> Future for EdgeFuture<S, RB>
where
    S: Service<Request<RB>, Response = axum::http::Response<B>, Error = Infallible>,
    B: HttpBody<Data = Bytes> + Send + 'static,
    B::Error: Into<axum::BoxError>,
{
    type Output = Result<Response, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let res = match this.answer.project() {
            AnsweringProj::Kept { res } => res.take().expect("polled after it answered"),
            // A panic in a layer or handler is answered here, and the future is not polled
            // again (it is done: `seen` is taken below).
            AnsweringProj::Routed { answer } => {
                match catch_unwind(AssertUnwindSafe(|| answer.poll(cx))) {
                    Ok(Poll::Ready(res)) => res,
                    Ok(Poll::Pending) => return Poll::Pending,
                    Err(panic) => super::panic_response(panic),
                }
            }
        };
        let seen = this.seen.take().expect("polled after it answered");
        Poll::Ready(Ok(finish(res, seen)))
    }
}

fn finish(mut res: Response, seen: Seen) -> Response {
    let status = res.status();
    if seen.is_api && (status.is_client_error() || status.is_server_error()) {
        res = as_json_error(res);
    }
    if seen.is_api && !res.headers().contains_key(header::CACHE_CONTROL) {
        // API answers are personal (a student's flags, messages, applications) or change with
        // every write: never kept by a browser or a proxy on a shared school computer.
        res.headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    add_security_headers(res.headers_mut());
    if status == StatusCode::PAYLOAD_TOO_LARGE && seen.http1 {
        // The body was not read to its end, so the connection cannot carry another request
        // and hyper closes it: a client that knows reconnects instead of losing its next one.
        res.headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    let micros = seen.start.elapsed().as_micros();
    let target = redacted(seen.target.as_ref().map_or("", |t| t.as_str()));
    let code = status.as_u16();
    let method = &seen.method;
    if status.is_server_error() {
        tracing::error!("{method} {target} {code} {micros}µs");
    } else {
        crate::logging::request(method.as_str(), &target, code, micros);
    }
    res
}
