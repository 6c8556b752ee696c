//! The PDFs of a placement for its parties: the signed agreement and the certificate.

use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use super::Party;
use crate::error::{AppError, AppResult};
use crate::services::placements::{self as rules, Who, documents};
use crate::state::AppState;

pub(super) fn pdf_response(bytes: Vec<u8>, name: &str) -> Response {
    let mut res = bytes.into_response();
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/pdf"),
    );
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    if let Ok(v) = HeaderValue::from_str(&format!("inline; filename=\"{name}\"")) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    res
}

pub(super) async fn agreement_pdf(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
) -> AppResult<Response> {
    let r = state.store().read()?;
    let p = rules::visible(&r, id, &who)?;
    Ok(pdf_response(
        documents::agreement_pdf(&r, &p, crate::i18n::current())?,
        &format!("agreement-{id}.pdf"),
    ))
}

pub(super) async fn certificate_pdf(
    State(state): State<AppState>,
    Party(who): Party,
    Path(id): Path<u64>,
) -> AppResult<Response> {
    let r = state.store().read()?;
    let p = rules::visible(&r, id, &who)?;
    if matches!(who, Who::Employer(_)) {
        return Err(AppError::Forbidden(crate::t!(
            "the-certificate-is-the-student-s"
        )));
    }
    Ok(pdf_response(
        documents::certificate_pdf(&r, &p, crate::i18n::current())?,
        &format!("certificate-{id}.pdf"),
    ))
}

/// `GET /api/verify/{code}`: what a certificate states, for anyone who holds its code (an
/// employer or a college checking it); 404 for a code that names none.
pub(super) async fn verify(
    State(state): State<AppState>,
    Path(code): Path<String>,
) -> AppResult<axum::Json<documents::CertificateFacts>> {
    let r = state.store().read()?;
    Ok(axum::Json(documents::verify(
        &r,
        &code,
        crate::i18n::current(),
    )?))
}
