//! Every request's way in, the same service under the plain-HTTP and the TLS listeners.

use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::middleware;
use axum::routing::get;
use tower_http::csrf::CsrfLayer;

use crate::state::AppState;
use crate::{http, ws};

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
