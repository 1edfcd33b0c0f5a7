//! The HTTP service behind `hexforge serve`: a JSON API answering with the same serde
//! types as the CLI's `--json`, card images rendered on demand, the generated files,
//! and a web page (plain HTML, CSS and JS embedded in the binary; it works offline).
//!
//! [`app`] builds the whole router, so tests drive it without a socket
//! (`tower::ServiceExt::oneshot`). Every route is declared through [`Routes`], which
//! also records it: [`route_table`] is what `/openapi.json` is checked against.
//!
//! Behaviour under load and bad input: request bodies are limited to [`BODY_LIMIT`],
//! requests time out after [`REQUEST_TIMEOUT`] (408), request targets and heads are
//! limited ([`MAX_URI`], [`MAX_HEADER_BYTES`], [`MAX_HEADERS`]: JSON 414 and 431), a
//! connection idle or sending a head that never ends for [`HEADER_READ_TIMEOUT`] is
//! closed (within twice that; see [`serve_with`]), at most [`MAX_CONNECTIONS`] connections are served at once
//! and at most [`MAX_CONNECTIONS_PER_ADDRESS`] from one address (503 beyond), solving and rendering
//! run on the blocking pool (searches in a bounded number of slots: 503 with
//! `Retry-After` beyond), and every error is `{"error":"…"}` with a 4xx naming the
//! bad value.
//!
//! Production habits: answers are compressed (gzip or brotli, as the client accepts)
//! except PNG, PDF and ZIP; the page, its scripts and style and the card images carry an
//! `ETag` (crate version and a hash of the content) and answer `304 Not Modified` to a
//! matching `If-None-Match`; `HEAD` is answered wherever `GET` is; `/metrics` counts
//! requests ([`metrics`]); cross-origin calls are allowed only from the origins given
//! ([`ServeOptions::cors_origins`]); the access log is off unless asked for
//! ([`ServeOptions::access_log`]).

mod assets;
mod cards;
mod downloads;
mod edge;
pub mod error;
mod forwarded;
mod games;
mod hexagrams;
mod meta;
pub mod metrics;
mod offline;
mod openapi;
#[cfg(test)]
mod openapi_enums;
mod page;
mod peers;
mod photos;
mod play;
mod play_art;
mod play_rules;
mod puzzles;
mod ready;
mod room_socket;
mod rooms;
mod sequences;
mod serve;

pub use cards::CardCache;
pub use downloads::{DownloadEntry, DownloadList};
pub use edge::Edge;
pub use error::{AppError, ErrorBody};
pub use forwarded::{Network, NetworkError};
pub use games::INLINE_RECORD_BYTES;
pub use hexagrams::{CastRequest, ChangeRequest, HexagramRef, VerifyRequest, VerifyResponse};
pub use metrics::Metrics;
pub use peers::MAX_CONNECTIONS_PER_ADDRESS;
pub use photos::PHOTO_BODY_LIMIT;
pub use serve::{PeerAddr, run, serve, serve_with, shutdown_signal};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::handler::Handler;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::Response;
use axum::routing::MethodRouter;
use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use tower_http::cors::{AllowOrigin, CorsLayer};

/// Largest request body accepted: 64 KiB (413 beyond), except a photo
/// ([`PHOTO_BODY_LIMIT`]).
pub const BODY_LIMIT: usize = 64 * 1024;
/// Longest a request may take: 10 s (408 beyond).
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);
/// Longest request target (path and query) answered: 8 KiB (JSON 414 beyond).
pub const MAX_URI: usize = 8 * 1024;
/// Largest total of header names and values answered: 16 KiB (JSON 431 beyond).
pub const MAX_HEADER_BYTES: usize = 16 * 1024;
/// Most header fields answered: 64 (JSON 431 beyond).
pub const MAX_HEADERS: usize = 64;
/// hyper's own limits, above the router's so that the router answers first: heads larger
/// than 64 KiB or with more than 128 fields get hyper's 431 with an empty body.
pub(crate) const HYPER_MAX_BUF: usize = 64 * 1024;
pub(crate) const HYPER_MAX_HEADERS: usize = 128;
/// A connection on which, for this long, no request started, none was being answered and
/// nothing was written (idle, or sending a head that never ends) is closed: 10 s. It is
/// looked at once a period, so it goes within one to two periods.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// Most photos read at once, whatever the cores: each takes up to about 100 MB while it
/// is decoded ([`crate::photo::decode`]), so four keep the photos of a busy server under
/// half a gigabyte together.
pub const MAX_PHOTO_SLOTS: usize = 4;
/// Most connections served at once (`--max-connections`); more wait in the kernel's
/// listen queue until one closes.
pub const MAX_CONNECTIONS: usize = 1024;

/// How [`serve_with`] runs the service (the `serve` command's flags).
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// One log line per request (target `hexforge::access`), with a request id that the
    /// response carries as `x-request-id`. Off by default: logging every request costs
    /// more than answering most of them.
    pub access_log: bool,
    /// Origins whose pages may call the API from a browser (CORS); `*` allows any. None
    /// by default.
    pub cors_origins: Vec<HeaderValue>,
    /// See [`HEADER_READ_TIMEOUT`].
    pub header_read_timeout: Duration,
    /// See [`MAX_CONNECTIONS`].
    pub max_connections: usize,
    /// Most connections one client address holds at once (`--max-connections-per-address`,
    /// [`MAX_CONNECTIONS_PER_ADDRESS`]); a trusted proxy is not capped.
    pub max_connections_per_address: usize,
    /// Proxies whose `Forwarded` / `X-Forwarded-For` name the client (`--trusted-proxy`);
    /// none by default, and from any other peer those headers are ignored.
    pub trusted_proxies: Vec<Network>,
}

impl Default for ServeOptions {
    fn default() -> Self {
        ServeOptions {
            access_log: false,
            cors_origins: Vec::new(),
            header_read_timeout: HEADER_READ_TIMEOUT,
            max_connections: MAX_CONNECTIONS,
            max_connections_per_address: MAX_CONNECTIONS_PER_ADDRESS,
            trusted_proxies: Vec::new(),
        }
    }
}

/// What every handler shares, behind one `Arc`: every request clones it (the extractor,
/// the middleware), and one reference count is cheaper to share between cores than six.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

/// The contents of [`AppState`], reached through it (`state.metrics`, …).
#[derive(Clone)]
pub struct Shared {
    /// The folder served under `/downloads/` (what `hexforge generate` wrote).
    pub downloads: Arc<Path>,
    /// Rendered card faces.
    pub cards: Arc<CardCache>,
    /// What `/metrics` reports.
    pub metrics: Arc<Metrics>,
    /// One permit per search that may run on the blocking pool at once (default: all
    /// cores but one, so heavy searches leave a core to everything else); a puzzle request
    /// finding none free is answered 503 with `Retry-After: 1`.
    pub search_slots: Arc<tokio::sync::Semaphore>,
    /// Where checked puzzle answers are recorded; `None` (the default) records nothing
    /// and the stats route answers 503.
    pub results: Option<crate::results::Results>,
    /// One permit per photo being read at once (default: one per core, at most
    /// [`MAX_PHOTO_SLOTS`]); a photo waits up to two seconds for one, then is answered
    /// 503 with `Retry-After: 1`.
    pub photo_slots: Arc<tokio::sync::Semaphore>,
    /// The rooms' locks, waiting clients, presence and limits (the rooms themselves are in
    /// the results database).
    pub rooms: Arc<crate::rooms::Rooms>,
}

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

impl AppState {
    /// A state serving `downloads` under `/downloads/`, with the default card cache.
    pub fn new(downloads: impl Into<PathBuf>) -> AppState {
        AppState(Arc::new(Shared {
            downloads: Arc::from(downloads.into()),
            cards: Arc::new(CardCache::default()),
            metrics: Arc::new(Metrics::new()),
            search_slots: Arc::new(tokio::sync::Semaphore::new(default_search_slots())),
            results: None,
            photo_slots: Arc::new(tokio::sync::Semaphore::new(cores().min(MAX_PHOTO_SLOTS))),
            rooms: Arc::new(crate::rooms::Rooms::default()),
        }))
    }

    /// This state with `rooms` (a grace period of its own, in tests).
    pub fn with_rooms(self, rooms: crate::rooms::Rooms) -> AppState {
        AppState(Arc::new(Shared { rooms: Arc::new(rooms), ..Arc::unwrap_or_clone(self.0) }))
    }

    /// This state recording checked puzzle answers in `results`.
    pub fn with_results(self, results: crate::results::Results) -> AppState {
        AppState(Arc::new(Shared { results: Some(results), ..Arc::unwrap_or_clone(self.0) }))
    }

    /// This state with room for `slots` searches at once (0 refuses every search).
    pub fn with_search_slots(self, slots: usize) -> AppState {
        let search_slots = Arc::new(tokio::sync::Semaphore::new(slots));
        AppState(Arc::new(Shared { search_slots, ..Arc::unwrap_or_clone(self.0) }))
    }
}

/// Searches on the blocking pool at once: all cores but one (at least one). They are
/// CPU-bound, so more at once would only share the cores and add up their memory, and
/// the core left over keeps the quick requests quick while heavy searches run.
fn default_search_slots() -> usize {
    cores().saturating_sub(1).max(1)
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(2, usize::from)
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
    table: Vec<RouteSpec>,
}

/// One route as declared: its method, its path template, and whether it may wait and so
/// runs under the request timer ([`REQUEST_TIMEOUT`], kept by [`Edge`]).
pub(crate) struct RouteSpec {
    pub(crate) method: Method,
    pub(crate) path: &'static str,
    pub(crate) timed: bool,
}

impl Routes {
    fn new() -> Routes {
        Routes { router: Router::new(), table: Vec::new() }
    }

    /// Adds `route` at `path`. Every route is cut off at [`REQUEST_TIMEOUT`] (408) unless
    /// it answers from memory ([`Routes::get_from_memory`]).
    pub(crate) fn add(
        mut self,
        method: Method,
        path: &'static str,
        route: MethodRouter<AppState>,
        timed: bool,
    ) -> Routes {
        self.router = self.router.route(path, route);
        self.table.push(RouteSpec { method, path, timed });
        self
    }

    fn handler<H: Handler<T, AppState>, T: 'static>(method: &Method, handler: H) -> MethodRouter<AppState> {
        let filter = axum::routing::MethodFilter::try_from(method.clone()).expect("GET and POST are filters");
        axum::routing::on(filter, handler)
    }

    /// A GET route whose handler may wait (a render, a file, the database): timed.
    pub(crate) fn get<H: Handler<T, AppState>, T: 'static>(self, path: &'static str, handler: H) -> Routes {
        let route = Routes::handler(&Method::GET, handler);
        self.add(Method::GET, path, route, true)
    }

    /// A GET route answered from memory at once, without the request timer: a timer
    /// costs about half a microsecond a request, a tenth of what such a request costs.
    pub(crate) fn get_from_memory<H: Handler<T, AppState>, T: 'static>(self, path: &'static str, handler: H) -> Routes {
        let route = Routes::handler(&Method::GET, handler);
        self.add(Method::GET, path, route, false)
    }

    /// A POST route: timed, since reading its body alone may take a slow client long.
    pub(crate) fn post<H: Handler<T, AppState>, T: 'static>(self, path: &'static str, handler: H) -> Routes {
        let route = Routes::handler(&Method::POST, handler);
        self.add(Method::POST, path, route, true)
    }
}

/// Every area's routes, in one place.
fn all_routes() -> Routes {
    let routes = Routes::new();
    let routes = page::routes(routes);
    let routes = play::routes(routes);
    let routes = offline::routes(routes);
    let routes = ready::routes(routes);
    let routes = meta::routes(routes);
    let routes = hexagrams::routes(routes);
    let routes = photos::routes(routes);
    let routes = sequences::routes(routes);
    let routes = puzzles::routes(routes);
    let routes = games::routes(routes);
    let routes = rooms::routes(routes);
    let routes = cards::routes(routes);
    let routes = downloads::routes(routes);
    let routes = metrics::routes(routes);
    openapi::routes(routes)
}

/// Every route the service answers: (method, path template as in `/openapi.json`).
pub fn route_table() -> Vec<(Method, &'static str)> {
    all_routes().table.into_iter().map(|spec| (spec.method, spec.path)).collect()
}

/// The whole service with the default options.
pub fn app(state: AppState) -> Router {
    app_with(state, &ServeOptions::default())
}

/// The whole service as a router: the routes and everything around them (limits,
/// timeout, JSON errors, compression, CORS, metrics and the access log); see
/// [`service`].
pub fn app_with(state: AppState, options: &ServeOptions) -> Router {
    Router::new().fallback_service(service(state, options))
}

/// The whole service: the routes inside [`Edge`] (limits, timeout, JSON errors,
/// compression, metrics and the access log), and CORS outermost when asked for, so that
/// refusals carry its headers too.
pub fn service(state: AppState, options: &ServeOptions) -> Service {
    let routes = all_routes().router.fallback(not_found).with_state(state.clone());
    let edge = Edge::new(routes, state, options.access_log, options.trusted_proxies.clone());
    if options.cors_origins.is_empty() {
        return Service::Plain(Box::new(edge));
    }
    let origins = if options.cors_origins.iter().any(|o| o == "*") {
        AllowOrigin::any()
    } else {
        AllowOrigin::list(options.cors_origins.iter().cloned())
    };
    let cors = CorsLayer::new()
        .allow_origin(origins)
        .allow_methods([Method::GET, Method::HEAD, Method::POST])
        .allow_headers([header::CONTENT_TYPE])
        .expose_headers([header::ETAG, header::HeaderName::from_static("x-request-id")])
        .max_age(Duration::from_secs(3600));
    Service::Cors(Box::new(tower::Layer::layer(&cors, edge)))
}

/// [`Edge`], behind CORS when it is on.
#[derive(Clone)]
pub enum Service {
    Plain(Box<Edge>),
    Cors(Box<tower_http::cors::Cors<Edge>>),
}

impl Service {
    /// This service for the connection of a client at `peer` (the results rate limit's
    /// key, and nothing else), counting its requests in `activity`.
    fn for_connection(&self, peer: std::net::IpAddr, activity: Arc<serve::Activity>) -> Service {
        let mut service = self.clone();
        match &mut service {
            Service::Plain(edge) => edge.set_connection(peer, activity),
            Service::Cors(cors) => cors.get_mut().set_connection(peer, activity),
        }
        service
    }
}

impl<B> tower::Service<Request<B>> for Service
where
    B: axum::body::HttpBody<Data = Bytes> + Send + 'static,
    B::Error: Into<axum::BoxError>,
{
    type Response = Response;
    type Error = std::convert::Infallible;
    type Future = std::pin::Pin<Box<dyn Future<Output = Result<Response, Self::Error>> + Send>>;

    fn poll_ready(&mut self, _: &mut std::task::Context<'_>) -> std::task::Poll<Result<(), Self::Error>> {
        // Edge, and CORS around it, are always ready.
        std::task::Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        match self {
            Service::Plain(edge) => edge.call(request),
            Service::Cors(cors) => {
                // CORS answers a preflight itself, without Edge, which sets this on the rest.
                let answer = cors.call(request);
                Box::pin(async move {
                    let Ok(mut response) = answer.await;
                    response.headers_mut().insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
                    Ok(response)
                })
            }
        }
    }
}

/// The entity tag of content that changes only with the binary or its inputs: the crate
/// version and the start of the content's SHA-256. Weak (`W/`), because compression
/// changes the bytes sent but not what they mean.
pub fn etag(content: &[u8]) -> HeaderValue {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(content);
    let hex: String = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
    HeaderValue::try_from(format!("W/\"{}-{hex}\"", env!("CARGO_PKG_VERSION"))).expect("ASCII")
}

/// Whether `If-None-Match` in `headers` names `etag` (weak comparison) or is `*`.
pub fn not_modified(headers: &HeaderMap, etag: &HeaderValue) -> bool {
    let strip = |t: &str| t.trim().trim_start_matches("W/").to_string();
    let ours = strip(etag.to_str().unwrap_or(""));
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|t| t.trim() == "*" || strip(t) == ours)
}

/// A 200 with `body`, or a 304 when the client already holds it; both carry the
/// entity tag and the caching rule.
pub(crate) fn cached(
    request: &HeaderMap,
    content_type: &'static str,
    cache_control: &'static str,
    etag: HeaderValue,
    body: Bytes,
) -> Response {
    let fresh = not_modified(request, &etag);
    let mut response = Response::new(if fresh { Body::empty() } else { Body::from(body) });
    if fresh {
        *response.status_mut() = StatusCode::NOT_MODIFIED;
    } else {
        response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    }
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(cache_control));
    response.headers_mut().insert(header::ETAG, etag);
    response
}

async fn not_found(method: Method, uri: Uri) -> Response {
    use axum::response::IntoResponse;
    AppError::not_found(format!("no route for {method} {}; see /openapi.json", uri.path())).into_response()
}
