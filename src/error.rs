//! One error type for every HTTP answer: `{"message": ...}` (plus `errors` on validation).

use std::collections::BTreeMap;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// Field name → message, in the order the fields are checked.
pub type FieldErrors = BTreeMap<&'static str, String>;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{0}")]
    BadRequest(String),
    #[error("{message}")]
    Validation {
        message: String,
        errors: FieldErrors,
    },
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    /// 404 that names what the reader can do next (`next`), such as asking for a new copy link.
    #[error("{message}")]
    NotFoundNext { message: String, next: &'static str },
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    Unprocessable(String),
    #[error("{0}")]
    TooLarge(String),
    #[error("{0}")]
    TooManyRequests(String),
    /// 429 with `Retry-After` (seconds).
    #[error("{message}")]
    Throttled { message: String, retry_after: u64 },
    #[error("{0}")]
    Unavailable(String),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

pub type AppResult<T> = Result<T, AppError>;

impl AppError {
    /// 429 for a throttled action, saying when to try again: `message` is the action's text
    /// given when to try again (`|when| said!("too-many-comments-please-try-again-in", when =
    /// when)`).
    pub fn throttled(
        wait: std::time::Duration,
        message: impl FnOnce(crate::domain::said::Text) -> crate::domain::said::Text,
    ) -> Self {
        let secs = wait.as_secs().max(1);
        let when = if secs < 90 {
            crate::said!("n-seconds", n = secs)
        } else {
            crate::said!("n-minutes", n = secs.div_ceil(60))
        };
        Self::Throttled {
            message: message(when).into(),
            retry_after: secs,
        }
    }

    pub fn bad_request(msg: impl Into<String>) -> Self {
        Self::BadRequest(msg.into())
    }
    pub fn forbidden() -> Self {
        Self::Forbidden(crate::t!("you-do-not-have-access-to-this"))
    }
    pub fn unauthorized() -> Self {
        Self::Unauthorized(crate::t!("not-signed-in"))
    }
    pub fn not_found(msg: impl Into<String>) -> Self {
        Self::NotFound(msg.into())
    }

    /// A validation failure; the first field's message becomes the top-level message.
    pub fn validation(errors: FieldErrors) -> Self {
        let message = errors
            .values()
            .next()
            .cloned()
            .unwrap_or_else(|| "Invalid input".into());
        Self::Validation { message, errors }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) | Self::Validation { .. } => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) | Self::NotFoundNext { .. } => StatusCode::NOT_FOUND,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Self::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::TooManyRequests(_) | Self::Throttled { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl From<crate::store::StoreError> for AppError {
    fn from(e: crate::store::StoreError) -> Self {
        Self::Internal(anyhow::Error::new(e))
    }
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    errors: Option<&'a FieldErrors>,
    #[serde(skip_serializing_if = "Option::is_none")]
    next: Option<&'a str>,
}

/// Builds the JSON error response; also used for rejections outside handlers.
/// The message is put in the request's language here (crate::i18n), where every error
/// becomes a response.
pub fn json_error(status: StatusCode, message: &str) -> Response {
    (
        status,
        axum::Json(ErrorBody {
            message: &crate::i18n::tr(message),
            errors: None,
            next: None,
        }),
    )
        .into_response()
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        match &self {
            Self::Internal(e) => {
                tracing::error!(error = ?e, "internal error");
                json_error(
                    status,
                    &crate::t!("something-went-wrong-on-our-side-please"),
                )
            }
            Self::Validation { message, errors } => {
                let lang = crate::i18n::current();
                let errors: FieldErrors = errors
                    .iter()
                    .map(|(k, v)| (*k, lang.tr(v).into_owned()))
                    .collect();
                (
                    status,
                    axum::Json(ErrorBody {
                        message: &lang.tr(message),
                        errors: Some(&errors),
                        next: None,
                    }),
                )
                    .into_response()
            }
            Self::NotFoundNext { message, next } => (
                status,
                axum::Json(ErrorBody {
                    message: &crate::i18n::tr(message),
                    errors: None,
                    next: Some(next),
                }),
            )
                .into_response(),
            Self::Throttled {
                message,
                retry_after,
            } => {
                let mut res = json_error(status, message);
                res.headers_mut().insert(
                    axum::http::header::RETRY_AFTER,
                    axum::http::HeaderValue::from(*retry_after),
                );
                res
            }
            other => json_error(status, &other.to_string()),
        }
    }
}

pub trait OptionExt<T> {
    fn ok_or_not_found(self, msg: impl Into<String>) -> AppResult<T>;
}

impl<T> OptionExt<T> for Option<T> {
    fn ok_or_not_found(self, msg: impl Into<String>) -> AppResult<T> {
        self.ok_or_else(|| AppError::NotFound(msg.into()))
    }
}
