//! `GET /ready`: whether the service has everything it serves, for a load balancer or an
//! orchestrator's readiness probe. `/health` says the process answers (it always does,
//! whatever the database); `/ready` says whether the results store is connected too, so
//! that a balancer may prefer instances whose stats answer.

use super::error::AppError;
use super::{AppState, Routes};
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

pub(super) fn routes(routes: Routes) -> Routes {
    routes.get_from_memory("/ready", ready)
}

/// The answer of a ready service.
#[derive(Debug, Serialize)]
pub struct Ready {
    /// Always `ready` (a service that is not answers 503).
    pub status: &'static str,
    /// `connected`, or `none` when the server keeps no results (`--database none`).
    pub results: &'static str,
}

/// What `results` says: the database is connected, or the server keeps none.
pub(crate) const RESULTS: [&str; 2] = ["connected", "none"];

/// 200 `{"status":"ready","results":"connected"|"none"}`, or 503 with `Retry-After`
/// while the results database is away (not reachable yet, or lost).
async fn ready(State(state): State<AppState>) -> Response {
    let results = match &state.results {
        None => RESULTS[1],
        Some(results) if results.store.is_connected() => RESULTS[0],
        Some(_) => {
            return AppError::Unavailable {
                message: "the results database is not connected yet; the service answers, the stats wait for it"
                    .to_string(),
                retry_after: super::error::STORE_RETRY_AFTER,
            }
            .into_response();
        }
    };
    ([(header::CACHE_CONTROL, "no-store")], super::error::Json(Ready { status: "ready", results })).into_response()
}
