//! `POST /api/neighbours/verify-photo`: a photo or scan of cards in, the numbers read
//! and checked out (the JSON of `hexforge verify-photo --json`).
//!
//! The body is the image itself (`image/png` or `image/jpeg`, at most
//! [`PHOTO_BODY_LIMIT`]). Decoding and recognition run on the blocking pool, at most
//! [`photo_slots`](super::AppState::photo_slots) at once; a request that finds no slot
//! free within [`SLOT_WAIT`] is answered 503 with `Retry-After`. Memory is bounded by
//! the decoder's limits ([`crate::photo::decode`]): the header's dimensions are checked
//! before a pixel is decoded, so a decompression bomb costs nothing.

use super::error::{AppError, Json, blocking};
use super::{AppState, Routes};
use crate::photo::{PhotoError, PhotoReport, verify_photo};
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::time::Duration;

/// The route's path.
pub const PATH: &str = "/api/neighbours/verify-photo";
/// Largest photo accepted: 8 MB (413 beyond).
pub const PHOTO_BODY_LIMIT: usize = 8 * 1024 * 1024;
/// How long a request waits for a free recognition slot before a 503.
pub const SLOT_WAIT: Duration = Duration::from_secs(2);

pub(super) fn routes(routes: Routes) -> Routes {
    // axum's own 2 MB limit on extracted bodies is lifted here: `edge` applies
    // PHOTO_BODY_LIMIT to this route (BODY_LIMIT, under 2 MB, everywhere else).
    let route = axum::routing::post(verify).layer(axum::extract::DefaultBodyLimit::disable());
    routes.add(axum::http::Method::POST, PATH, route, true)
}

/// The message of a 413 on this route.
pub fn too_large() -> String {
    format!("the photo is larger than the limit of {} MB; send a smaller JPEG", PHOTO_BODY_LIMIT / (1024 * 1024))
}

async fn verify(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<PhotoReport>, Response> {
    let content_type = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
    let essence = content_type.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
    if !matches!(essence.as_str(), "image/png" | "image/jpeg" | "image/jpg") {
        let shown = if content_type.is_empty() { "none".to_string() } else { format!("{content_type:?}") };
        return Err(rejected(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            format!(
                "content-type {shown} is not accepted; send the photo as the body with content-type image/png or image/jpeg"
            ),
        ));
    }
    let bytes = body.map_err(|rejection| {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            rejected(StatusCode::PAYLOAD_TOO_LARGE, too_large())
        } else {
            rejected(StatusCode::BAD_REQUEST, format!("the photo could not be received: {}", rejection.body_text()))
        }
    })?;
    let permit = match tokio::time::timeout(SLOT_WAIT, state.photo_slots.clone().acquire_owned()).await {
        Ok(Ok(permit)) => permit,
        _ => {
            let mut busy = rejected(
                StatusCode::SERVICE_UNAVAILABLE,
                "every photo slot is busy; try again in a second".to_string(),
            );
            busy.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            return Err(busy);
        }
    };
    let report = blocking(move || {
        let _permit = permit;
        verify_photo(&bytes).map_err(photo_error)
    })
    .await
    .map_err(IntoResponse::into_response)?;
    Ok(Json(report))
}

fn rejected(status: StatusCode, message: String) -> Response {
    AppError::Rejected { status, message }.into_response()
}

/// 400 for bytes that are not the image they claim, 413 for an image too large to
/// decode, 422 for an image in which no card can be read.
fn photo_error(err: PhotoError) -> AppError {
    let status = match err {
        PhotoError::NotAnImage { .. } | PhotoError::Decode { .. } => StatusCode::BAD_REQUEST,
        PhotoError::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
        PhotoError::TooSmall { .. } | PhotoError::NoCard | PhotoError::LinesNotFound { .. } | PhotoError::NoNumbers => {
            StatusCode::UNPROCESSABLE_ENTITY
        }
    };
    AppError::Rejected { status, message: err.to_string() }
}
