//! The service's one error type, and the extractors that turn every rejection into it.
//!
//! Every error leaves as `{"error":"…"}`: a 4xx names the value that was wrong and what
//! is allowed (the core's messages, unchanged); a 5xx says little and logs the cause.
//! axum's own extractors answer with plain text, so the handlers use the wrappers
//! [`Json`], [`Path`] and [`Query`] here instead, and [`json_error_bodies`] rewrites the
//! few plain responses produced outside any handler (405, the 413 of the body limit, the
//! 408 of the timeout).

use crate::cards::CardError;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::{HeaderValue, StatusCode, header, request::Parts};
use axum::response::{IntoResponse, Response};
use hexforge_rules::changing_lines::pathways::PathwaysError;
use hexforge_rules::core::deck::DeckError;
use hexforge_rules::core::error::CoreError;
use hexforge_rules::zhi_pai::ZhiPaiError;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// The body of every error response.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorBody {
    /// What was wrong, lowercase, naming the value.
    pub error: String,
}

/// Why a request failed.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// 400: the request named a bad value.
    #[error("{0}")]
    BadRequest(String),
    /// 404: the path names nothing (an unknown route, hexagram 65, a missing file).
    #[error("{0}")]
    NotFound(String),
    /// Another 4xx decided by an extractor (413 too large, 415 not JSON).
    #[error("{message}")]
    Rejected { status: StatusCode, message: String },
    /// 503 with `Retry-After`: a part the answer needs is away for a while (the results
    /// database); the message says which.
    #[error("{message}")]
    Unavailable { message: String, retry_after: u32 },
    /// 500: our fault. The cause is logged, not shown.
    #[error("internal error")]
    Internal(#[source] anyhow::Error),
}

impl AppError {
    pub fn bad_request(message: impl Into<String>) -> AppError {
        AppError::BadRequest(message.into())
    }

    pub fn not_found(message: impl Into<String>) -> AppError {
        AppError::NotFound(message.into())
    }

    pub fn status(&self) -> StatusCode {
        match self {
            AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
            AppError::NotFound(_) => StatusCode::NOT_FOUND,
            AppError::Rejected { status, .. } => *status,
            AppError::Unavailable { .. } => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        if let AppError::Internal(cause) = &self {
            tracing::error!(error = format!("{cause:#}"), "request failed");
        }
        let mut response = error_response(status, self.to_string());
        if let AppError::Unavailable { retry_after, .. } = self {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(retry_after));
        }
        response
    }
}

/// A JSON error response.
pub fn error_response(status: StatusCode, message: String) -> Response {
    let body = serde_json::to_vec(&ErrorBody { error: message }).expect("a string always serialises");
    (status, [(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], body).into_response()
}

/// Seconds a client is told to wait before asking again while the results database is away.
pub const STORE_RETRY_AFTER: u32 = 5;

impl From<crate::results::StoreError> for AppError {
    fn from(err: crate::results::StoreError) -> Self {
        // Whatever went wrong, the database is what failed, not the request, and it may be
        // back in a moment: 503, the cause logged.
        if !matches!(err, crate::results::StoreError::Away) {
            tracing::warn!(error = %err, "the results database failed a read");
        }
        AppError::Unavailable {
            message: "the results database is not reachable at the moment; the stats are back when it is".to_string(),
            retry_after: STORE_RETRY_AFTER,
        }
    }
}

impl From<CoreError> for AppError {
    fn from(err: CoreError) -> Self {
        AppError::BadRequest(err.to_string())
    }
}

impl From<DeckError> for AppError {
    fn from(err: DeckError) -> Self {
        AppError::BadRequest(err.to_string())
    }
}

impl From<PathwaysError> for AppError {
    fn from(err: PathwaysError) -> Self {
        AppError::BadRequest(err.to_string())
    }
}

impl From<ZhiPaiError> for AppError {
    fn from(err: ZhiPaiError) -> Self {
        match err {
            // Well-formed, but too large a search: the request names a question the
            // solver will not answer.
            ZhiPaiError::SearchLimit { .. } => {
                AppError::Rejected { status: StatusCode::UNPROCESSABLE_ENTITY, message: err.to_string() }
            }
            other => AppError::BadRequest(other.to_string()),
        }
    }
}

impl From<CardError> for AppError {
    fn from(err: CardError) -> Self {
        match err {
            CardError::BadDeck { .. } | CardError::BadFace(_) | CardError::NotInDeck { .. } => {
                AppError::NotFound(err.to_string())
            }
            CardError::BadLang(_) => AppError::BadRequest(err.to_string()),
            CardError::Template(_) | CardError::Render(_) => AppError::Internal(err.into()),
        }
    }
}

/// `Failed to parse …` → `failed to parse …`: our messages start lowercase.
fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

impl From<JsonRejection> for AppError {
    fn from(rejection: JsonRejection) -> Self {
        let status = match &rejection {
            // Wrong types and missing fields are as much a bad request as bad syntax;
            // one status for every malformed body keeps clients simple.
            JsonRejection::JsonDataError(_) | JsonRejection::JsonSyntaxError(_) => StatusCode::BAD_REQUEST,
            other => other.status(),
        };
        let message = match &rejection {
            JsonRejection::BytesRejection(_) if status == StatusCode::PAYLOAD_TOO_LARGE => too_large(),
            JsonRejection::MissingJsonContentType(_) => {
                "expected a request with the header content-type: application/json".to_string()
            }
            // A message quoting a value (a long string) is cut, keeping where it failed.
            other => hexforge_rules::play::json::cut(&lowercase_first(&other.body_text())),
        };
        AppError::Rejected { status, message }
    }
}

impl From<PathRejection> for AppError {
    fn from(rejection: PathRejection) -> Self {
        AppError::Rejected { status: StatusCode::NOT_FOUND, message: lowercase_first(&rejection.body_text()) }
    }
}

impl From<QueryRejection> for AppError {
    fn from(rejection: QueryRejection) -> Self {
        AppError::BadRequest(lowercase_first(&rejection.body_text()))
    }
}

fn too_large() -> String {
    format!("the request body is larger than the limit of {} KiB", super::BODY_LIMIT / 1024)
}

/// `axum::Json`, but a rejection is an [`AppError`] (JSON) instead of plain text.
#[derive(Debug, Clone, Copy, Default)]
pub struct Json<T>(pub T);

/// Whether a request says its body is `application/json` (with parameters or not).
fn plain_json(req: &Request) -> bool {
    req.headers().get(header::CONTENT_TYPE).is_some_and(|v| {
        let v = v.as_bytes();
        v.len() >= 16
            && v[..16].eq_ignore_ascii_case(b"application/json")
            && (v.len() == 16 || v[16] == b';' || v[16] == b' ')
    })
}

/// The whole body, read straight from it: [`super::Edge`] has already limited it (axum's
/// own limit would wrap it once more).
async fn body_bytes(req: Request) -> Result<axum::body::Bytes, AppError> {
    match http_body_util::BodyExt::collect(req.into_body()).await {
        Ok(collected) => Ok(collected.to_bytes()),
        Err(err) if find_cause::<http_body_util::LengthLimitError>(&err).is_some() => {
            Err(AppError::Rejected { status: StatusCode::PAYLOAD_TOO_LARGE, message: too_large() })
        }
        Err(err) => Err(AppError::BadRequest(format!("the request body could not be read: {err}"))),
    }
}

/// A JSON body as its text, for a reader of its own (a game record, read as the CLI reads
/// a line of its file): `content-type: application/json` (415 otherwise) and UTF-8 (400
/// otherwise, naming the first byte that is not).
#[derive(Debug, Clone)]
pub struct RawJson(pub String);

impl<S: Send + Sync> FromRequest<S> for RawJson {
    type Rejection = AppError;

    async fn from_request(req: Request, _: &S) -> Result<Self, Self::Rejection> {
        if !plain_json(&req) {
            return Err(AppError::Rejected {
                status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
                message: "expected a request with the header content-type: application/json".to_string(),
            });
        }
        let bytes = body_bytes(req).await?;
        match String::from_utf8(bytes.into()) {
            Ok(text) => Ok(RawJson(text)),
            Err(err) => Err(AppError::BadRequest(format!(
                "the request body is not UTF-8 text: byte {} is not",
                err.utf8_error().valid_up_to() + 1
            ))),
        }
    }
}

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Json<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        // The common case, `content-type: application/json`, skips axum's mime parsing and
        // path tracking; only a body that fails goes through `axum::Json` again, for the
        // message that names the field.
        if !plain_json(&req) {
            let axum::Json(value) = axum::Json::<T>::from_request(req, state).await?;
            return Ok(Json(value));
        }
        let bytes = body_bytes(req).await?;
        match serde_json::from_slice(&bytes) {
            Ok(value) => Ok(Json(value)),
            Err(_) => {
                let axum::Json(value) = axum::Json::<T>::from_bytes(&bytes)?;
                Ok(Json(value))
            }
        }
    }
}

/// The first error in `err`'s chain of sources that is an `E`.
fn find_cause<'a, E: std::error::Error + 'static>(err: &'a (dyn std::error::Error + 'static)) -> Option<&'a E> {
    let mut cause = Some(err);
    while let Some(err) = cause {
        if let Some(found) = err.downcast_ref::<E>() {
            return Some(found);
        }
        cause = err.source();
    }
    None
}

/// An answer's JSON is written once into a buffer of its usual size (axum's starts at
/// 128 bytes and grows): most answers take a few hundred bytes, a puzzle's verdict on a
/// ladder of seven cards about 600.
const ANSWER_CAPACITY: usize = 1024;

impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        let mut body = Vec::with_capacity(ANSWER_CAPACITY);
        match serde_json::to_writer(&mut body, &self.0) {
            Ok(()) => ([(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], body).into_response(),
            Err(err) => {
                AppError::Internal(anyhow::anyhow!("the answer could not be written as JSON: {err}")).into_response()
            }
        }
    }
}

/// `axum::extract::Path`, with JSON rejections.
#[derive(Debug)]
pub struct Path<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for Path<T> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let axum::extract::Path(value) = axum::extract::Path::<T>::from_request_parts(parts, state).await?;
        Ok(Path(value))
    }
}

/// `axum::extract::Query`, with JSON rejections.
#[derive(Debug)]
pub struct Query<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for Query<T> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let axum::extract::Query(value) = axum::extract::Query::<T>::from_request_parts(parts, state).await?;
        Ok(Query(value))
    }
}

/// Gives a JSON body to error responses made outside the handlers: axum's 405, the body
/// limit's 413 and the timeout's 408 come out empty or as plain text. A handler's own error
/// body, JSON or an HTML page made for a browser (the play page's unknown game), is kept.
pub fn json_error_bodies(response: Response) -> Response {
    let status = response.status();
    let written = response.headers().get(header::CONTENT_TYPE).is_some_and(|v| {
        let v = v.as_bytes();
        v.starts_with(b"application/json") || v.starts_with(b"text/html")
    });
    if !(status.is_client_error() || status.is_server_error()) || written {
        return response;
    }
    let message = match status {
        StatusCode::PAYLOAD_TOO_LARGE => too_large(),
        StatusCode::REQUEST_TIMEOUT => {
            format!("the request took longer than {} s and was stopped", super::REQUEST_TIMEOUT.as_secs())
        }
        StatusCode::METHOD_NOT_ALLOWED => "this method is not allowed on this path".to_string(),
        other => other.canonical_reason().unwrap_or("error").to_lowercase(),
    };
    let (mut parts, _) = response.into_parts();
    let mut fresh = error_response(status, message);
    // Keep headers such as `allow` on a 405.
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.remove(header::CONTENT_TYPE);
    // The body it replaces may have been compressed; the new one is not.
    parts.headers.remove(header::CONTENT_ENCODING);
    for (name, value) in parts.headers.drain().filter_map(|(n, v)| n.map(|n| (n, v))) {
        fresh.headers_mut().entry(name).or_insert(value);
    }
    fresh
}

/// Runs CPU-heavy work (solving, rendering) on the blocking pool, so the async threads
/// keep answering. A panic inside becomes a logged 500, never a dead server.
pub async fn blocking<T, F>(work: F) -> Result<T, AppError>
where
    T: Send + 'static,
    F: FnOnce() -> Result<T, AppError> + Send + 'static,
{
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| AppError::Internal(anyhow::anyhow!("blocking task failed: {e}")))?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_start_lowercase() {
        assert_eq!(lowercase_first("Failed to parse"), "failed to parse");
        assert_eq!(lowercase_first(""), "");
    }

    #[test]
    fn core_errors_are_bad_requests_and_keep_their_message() {
        let err = AppError::from(CoreError::HexagramOutOfRange(65));
        assert_eq!(err.status(), StatusCode::BAD_REQUEST);
        assert_eq!(err.to_string(), "hexagram number 65 is out of range 1..=64");
    }

    #[tokio::test]
    async fn plain_error_responses_get_a_json_body() {
        for (status, needle) in [
            (StatusCode::REQUEST_TIMEOUT, "10 s"),
            (StatusCode::PAYLOAD_TOO_LARGE, "64 KiB"),
            (StatusCode::METHOD_NOT_ALLOWED, "method"),
            (StatusCode::IM_A_TEAPOT, "teapot"),
        ] {
            let plain = (status, [(header::ALLOW, "GET")], "plain text").into_response();
            let fixed = json_error_bodies(plain);
            assert_eq!(fixed.status(), status);
            assert_eq!(fixed.headers()[header::CONTENT_TYPE], "application/json");
            assert_eq!(fixed.headers()[header::ALLOW], "GET");
            let body = axum::body::to_bytes(fixed.into_body(), 1 << 16).await.unwrap();
            let parsed: ErrorBody = serde_json::from_slice(&body).unwrap();
            assert!(parsed.error.contains(needle), "{parsed:?}");
        }
        let ok = json_error_bodies((StatusCode::OK, "fine").into_response());
        assert_eq!(ok.headers()[header::CONTENT_TYPE], "text/plain; charset=utf-8");
    }

    #[tokio::test]
    async fn a_handlers_html_error_page_is_kept() {
        let page = (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], "<p>no game</p>");
        let kept = json_error_bodies(page.into_response());
        assert_eq!(kept.headers()[header::CONTENT_TYPE], "text/html; charset=utf-8");
        let body = axum::body::to_bytes(kept.into_body(), 1 << 16).await.unwrap();
        assert_eq!(&body[..], b"<p>no game</p>");
    }

    #[test]
    fn internal_errors_say_little() {
        let err = AppError::Internal(anyhow::anyhow!("disk on fire at /secret/path"));
        assert_eq!(err.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(err.to_string(), "internal error");
    }
}
