//! The HTTP service behind `hexforge serve`: a JSON API answering with the same serde
//! types as the CLI's `--json`, card images rendered on demand, the generated files,
//! and a web page (plain HTML, CSS and JS embedded in the binary; it works offline).
//!
//! [`app`] builds the whole router, so tests drive it without a socket
//! (`tower::ServiceExt::oneshot`). Every route is declared through [`Routes`], which
//! also records it: [`route_table`] is what `/openapi.json` is checked against.
//!
//! Behaviour under load and bad input: request bodies are limited to [`BODY_LIMIT`],
//! requests time out after [`REQUEST_TIMEOUT`] (408), solving and rendering run on the
//! blocking pool, every error is `{"error":"…"}` with a 4xx naming the bad value, and
//! every request is traced (`RUST_LOG=tower_http=debug` for more).

mod cards;
mod downloads;
pub mod error;
mod hexagrams;
mod meta;
mod openapi;
mod page;
mod solver;

pub use cards::CardCache;
pub use downloads::{DownloadEntry, DownloadList};
pub use error::{AppError, ErrorBody};
pub use hexagrams::{CastRequest, ChangeRequest, HexagramRef, VerifyRequest, VerifyResponse};

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::handler::Handler;
use axum::http::{Method, StatusCode, Uri};
use axum::response::Response;
use std::future::Future;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::{DefaultMakeSpan, DefaultOnResponse, TraceLayer};
use tracing::Level;

/// Largest request body accepted: 64 KiB (413 beyond).
pub const BODY_LIMIT: usize = 64 * 1024;
/// Longest a request may take: 10 s (408 beyond).
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// What every handler shares: cheap to clone.
#[derive(Clone)]
pub struct AppState {
    /// The folder served under `/downloads/` (what `hexforge generate` wrote).
    pub downloads: Arc<Path>,
    /// Rendered card faces.
    pub cards: Arc<CardCache>,
}

impl AppState {
    /// A state serving `downloads` under `/downloads/`, with the default card cache.
    pub fn new(downloads: impl Into<PathBuf>) -> AppState {
        AppState { downloads: Arc::from(downloads.into()), cards: Arc::new(CardCache::default()) }
    }
}

impl Default for AppState {
    /// Downloads from `output/`, `generate`'s default folder.
    fn default() -> Self {
        AppState::new("output")
    }
}

/// A router under construction that remembers each route it is given, so the list of
/// routes and the router cannot drift apart.
pub(crate) struct Routes {
    router: Router<AppState>,
    table: Vec<(Method, &'static str)>,
}

impl Routes {
    fn new() -> Routes {
        Routes { router: Router::new(), table: Vec::new() }
    }

    fn add<H, T>(mut self, method: Method, path: &'static str, handler: H) -> Routes
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        let filter = axum::routing::MethodFilter::try_from(method.clone()).expect("GET and POST are filters");
        self.router = self.router.route(path, axum::routing::on(filter, handler));
        self.table.push((method, path));
        self
    }

    pub(crate) fn get<H: Handler<T, AppState>, T: 'static>(self, path: &'static str, handler: H) -> Routes {
        self.add(Method::GET, path, handler)
    }

    pub(crate) fn post<H: Handler<T, AppState>, T: 'static>(self, path: &'static str, handler: H) -> Routes {
        self.add(Method::POST, path, handler)
    }
}

/// Every area's routes, in one place.
fn all_routes() -> Routes {
    let routes = Routes::new();
    let routes = page::routes(routes);
    let routes = meta::routes(routes);
    let routes = hexagrams::routes(routes);
    let routes = solver::routes(routes);
    let routes = cards::routes(routes);
    let routes = downloads::routes(routes);
    openapi::routes(routes)
}

/// Every route the service answers: (method, path template as in `/openapi.json`).
pub fn route_table() -> Vec<(Method, &'static str)> {
    all_routes().table
}

/// The whole service.
pub fn app(state: AppState) -> Router {
    all_routes()
        .router
        .fallback(not_found)
        .with_state(state)
        // axum's own 2 MB limit is replaced by the layer below.
        .layer(DefaultBodyLimit::disable())
        .layer(RequestBodyLimitLayer::new(BODY_LIMIT))
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, REQUEST_TIMEOUT))
        .layer(axum::middleware::map_response(error::json_error_bodies))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(DefaultMakeSpan::new().level(Level::INFO))
                .on_response(DefaultOnResponse::new().level(Level::INFO)),
        )
}

async fn not_found(method: Method, uri: Uri) -> Response {
    use axum::response::IntoResponse;
    AppError::not_found(format!("no route for {method} {}; see /openapi.json", uri.path())).into_response()
}

/// Serves [`app`] on `listener` until `shutdown` completes, then lets the requests in
/// flight finish (each is bounded by [`REQUEST_TIMEOUT`]).
pub async fn serve(
    listener: tokio::net::TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, app(state)).with_graceful_shutdown(shutdown).await
}

/// Completes on Ctrl-C, or on SIGTERM on Unix.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down: finishing requests in flight");
}

/// Binds `addr` and serves until Ctrl-C or SIGTERM. Logs the address actually bound.
pub async fn run(addr: SocketAddr, state: AppState) -> anyhow::Result<()> {
    use anyhow::Context;
    let listener = tokio::net::TcpListener::bind(addr).await.with_context(|| format!("cannot listen on {addr}"))?;
    let bound = listener.local_addr()?;
    tracing::info!(%bound, downloads = %state.downloads.display(), "hexforge serving on http://{bound}/");
    serve(listener, state, shutdown_signal()).await.context("server failed")?;
    tracing::info!("stopped");
    Ok(())
}
