//! The puzzle routes: Pathways and Zhi Pai shortest-sequence queries and checks. The
//! request and answer types are [`crate::api`]'s: the bodies are exactly what
//! `hexforge solve … --json` and `hexforge check … --json` print. This file only moves
//! them over HTTP and runs the searches, each in a search slot on the blocking pool.
//!
//! Memory stays bounded under load: at most [`AppState::search_slots`] searches run at
//! once (more are answered 503 with `Retry-After: 1`), each stores at most
//! [`SEARCH_LIMIT`] positions, and a search whose request ended (the client went away,
//! or the request timed out) is told to stop through its cancel flag.

use super::error::{AppError, Json, blocking, error_response};
use super::{AppState, Routes};
use crate::api::{pathways, zhipai};
use crate::games::zhi_pai::SEARCH_LIMIT;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

pub(super) fn routes(routes: Routes) -> Routes {
    routes
        .post("/api/pathways/shortest", pathways_shortest)
        .post("/api/pathways/check", pathways_check)
        .post("/api/zhipai/shortest", zhipai_shortest)
        .post("/api/zhipai/check", zhipai_check)
}

async fn pathways_shortest(State(state): State<AppState>, Json(request): Json<pathways::ShortestRequest>) -> Response {
    in_search_slot(state, move |_| pathways::shortest(&request)).await
}

async fn pathways_check(State(state): State<AppState>, Json(request): Json<pathways::CheckRequest>) -> Response {
    in_search_slot(state, move |_| pathways::check(&request)).await
}

async fn zhipai_shortest(State(state): State<AppState>, Json(request): Json<zhipai::ShortestRequest>) -> Response {
    in_search_slot(state, move |cancel| zhipai::shortest(&request, SEARCH_LIMIT, Some(cancel))).await
}

async fn zhipai_check(State(state): State<AppState>, Json(request): Json<zhipai::CheckRequest>) -> Response {
    in_search_slot(state, move |cancel| zhipai::check(&request, SEARCH_LIMIT, Some(cancel))).await
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
fn busy() -> Response {
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
