//! Puzzle sequences: the shortest sequence of a Pathways or Zhi Pai question, and a
//! proposed one checked (`/api/sequences/{pathways,zhi-pai}/{shortest,check}`; the older
//! `/api/pathways/…` and `/api/zhipai/…` are aliases). A game record is checked by
//! [`super::games`]; a numbered or daily puzzle by [`super::puzzles`]. The
//! request and answer types are [`crate::api`]'s: the bodies are exactly what
//! `hexforge solve … --json` and `hexforge check … --json` print. This file only moves
//! them over HTTP and runs the searches.
//!
//! Where a search runs: Pathways searches take microseconds and always run inline, on
//! the request's own task. A Zhi Pai search first runs inline within [`INLINE_POSITIONS`]
//! (ordinary questions need a few hundred positions, about a microsecond each); only a
//! question that spends that budget undecided is asked again on the blocking pool, in a
//! search slot, with the full budget. A trip through the pool costs more than a small
//! search, and a bounded inline budget keeps a runtime thread from being held for more
//! than a millisecond or so. `/metrics` counts both kinds.
//!
//! Memory stays bounded under load: at most [`AppState::search_slots`] searches run at
//! once (more are answered 503 with `Retry-After: 1`), each stores at most
//! [`SEARCH_LIMIT`] positions, and a search whose request ended (the client went away,
//! or the request timed out) is told to stop through its cancel flag.

use super::error::{AppError, Json, blocking, error_response};
use super::{AppState, Routes};
use crate::api::Status;
use crate::api::{pathways, zhi_pai};
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use hexforge_rules::zhi_pai::SEARCH_LIMIT;
use serde::Serialize;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

pub(super) fn routes(routes: Routes) -> Routes {
    routes
        .post("/api/sequences/pathways/shortest", pathways_shortest)
        .post("/api/sequences/pathways/check", pathways_check)
        .post("/api/sequences/zhi-pai/shortest", zhipai_shortest)
        .post("/api/sequences/zhi-pai/check", zhipai_check)
        // The older addresses, kept as aliases.
        .post("/api/pathways/shortest", pathways_shortest)
        .post("/api/pathways/check", pathways_check)
        .post("/api/zhipai/shortest", zhipai_shortest)
        .post("/api/zhipai/check", zhipai_check)
}

/// Positions a Zhi Pai search may store inline, before it is moved to the blocking pool.
pub const INLINE_POSITIONS: usize = 1_000;

async fn pathways_shortest(State(state): State<AppState>, Json(request): Json<pathways::ShortestRequest>) -> Response {
    inline(&state, pathways::shortest(&request))
}

async fn pathways_check(State(state): State<AppState>, Json(request): Json<pathways::CheckRequest>) -> Response {
    inline(&state, pathways::check(&request))
}

async fn zhipai_shortest(State(state): State<AppState>, Json(request): Json<zhi_pai::ShortestRequest>) -> Response {
    match zhi_pai::shortest(&request, INLINE_POSITIONS, None) {
        Ok(answer) if answer.status == Status::Unknown && spent_inline_budget(request.max_positions) => {
            in_search_slot(state, move |cancel| zhi_pai::shortest(&request, SEARCH_LIMIT, Some(cancel))).await
        }
        answer => inline(&state, answer),
    }
}

async fn zhipai_check(State(state): State<AppState>, Json(request): Json<zhi_pai::CheckRequest>) -> Response {
    match zhi_pai::check(&request, INLINE_POSITIONS, None) {
        Ok(answer) if answer.shortest_status == Status::Unknown && spent_inline_budget(request.max_positions) => {
            in_search_slot(state, move |cancel| zhi_pai::check(&request, SEARCH_LIMIT, Some(cancel))).await
        }
        answer => inline(&state, answer),
    }
}

/// Whether an undecided inline search may decide with more: not when the request's own
/// `max_positions` is no larger than the inline budget (its answer is final).
fn spent_inline_budget(requested: Option<usize>) -> bool {
    requested.is_none_or(|max| max > INLINE_POSITIONS)
}

/// The answer of a search run on the request's own task.
fn inline<T: Serialize, E: Into<AppError>>(state: &AppState, answer: Result<T, E>) -> Response {
    state.metrics.searches_inline.add(1);
    match answer {
        Ok(body) => Json(body).into_response(),
        Err(err) => err.into().into_response(),
    }
}

/// Sets the flag when dropped: when the handler's future is dropped (client gone,
/// request timed out) or finishes, the search it started is told to stop.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Runs `search` on the blocking pool if a search slot is free, else answers 503. The
/// slot is held until the search itself ends, even if the request ended first.
async fn in_search_slot<T, E>(
    state: AppState,
    search: impl FnOnce(&AtomicBool) -> Result<T, E> + Send + 'static,
) -> Response
where
    T: Serialize + Send + 'static,
    E: Into<AppError> + Send + 'static,
{
    let Ok(slot) = Arc::clone(&state.search_slots).try_acquire_owned() else {
        return busy();
    };
    state.metrics.searches_pooled.add(1);
    let cancel = Arc::new(AtomicBool::new(false));
    let _cancel_on_drop = CancelOnDrop(Arc::clone(&cancel));
    let answer = blocking(move || {
        let _slot = slot;
        search(&cancel).map_err(Into::into)
    })
    .await;
    match answer {
        Ok(body) => Json(body).into_response(),
        Err(err) => err.into_response(),
    }
}

/// 503 with `Retry-After: 1`: every search slot is taken.
pub(super) fn busy() -> Response {
    let mut response =
        error_response(StatusCode::SERVICE_UNAVAILABLE, "every search slot is busy; try again in a second".to_string());
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dropping_the_guard_cancels_the_search() {
        let flag = Arc::new(AtomicBool::new(false));
        let guard = CancelOnDrop(Arc::clone(&flag));
        assert!(!flag.load(Ordering::Relaxed));
        drop(guard);
        assert!(flag.load(Ordering::Relaxed));
    }

    #[tokio::test]
    async fn a_dropped_request_cancels_its_search() {
        let state = AppState::default();
        let seen = Arc::new(AtomicBool::new(false));
        let (started, wait_started) = std::sync::mpsc::channel();
        let seen_inside = Arc::clone(&seen);
        let request = in_search_slot(state, move |cancel: &AtomicBool| {
            started.send(()).expect("the test waits");
            while !cancel.load(Ordering::Relaxed) {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            seen_inside.store(true, Ordering::Relaxed);
            Ok::<_, AppError>(())
        });
        // Drive the request until the search runs, then drop it as a gone client would.
        let request = tokio::spawn(request);
        tokio::task::spawn_blocking(move || wait_started.recv()).await.unwrap().unwrap();
        request.abort();
        for _ in 0..2000 {
            if seen.load(Ordering::Relaxed) {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(1)).await;
        }
        panic!("the search was not told to stop");
    }
}
