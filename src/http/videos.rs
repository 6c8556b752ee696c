//! `GET /api/videos/{file}`: tower-http's ServeDir does Range (206/416), Last-Modified and
//! content types, and refuses paths that leave the folder.

use axum::Router;
use axum::http::{HeaderValue, header};
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::state::{AppState, DataPaths};

pub fn router(paths: &DataPaths) -> Router<AppState> {
    // Stored names are random and never reused, so a file never changes.
    let serve = tower::ServiceBuilder::new()
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        ))
        .service(ServeDir::new(paths.videos()).append_index_html_on_directories(false));
    Router::new().nest_service("/api/videos", serve)
}
