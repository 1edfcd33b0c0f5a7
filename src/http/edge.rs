//! What every request crosses once, around the router: the head limits (JSON 414 and
//! 431), the body limit, the request timer of routes that can wait, compression, the
//! JSON body of errors made outside the handlers, the metrics, and the access log when
//! it is on (one line a request, with a request id the response carries as
//! `x-request-id`).
//!
//! Why one hand-written service and not a stack of layers: a layer added with
//! `Router::layer` wraps every route in a boxed service of its own, and each costs a
//! clone of that box, a boxed future and a move of the request and the response per
//! request. [`Edge`] sits outside the router, once, and allocates one future. It finds the
//! request's route template itself ([`RouteIndex`], the router's own matcher on the same
//! table) for the metrics label and the timer. Compression runs only for a client that
//! sent `Accept-Encoding`; for the others the answer only gets the `Vary` header
//! compression would have added.

use super::serve::Activity;
use super::{AppState, BODY_LIMIT, MAX_HEADER_BYTES, MAX_HEADERS, MAX_URI, PHOTO_BODY_LIMIT, REQUEST_TIMEOUT};
use super::{PeerAddr, RouteSpec, error, photos};
use axum::Router;
use axum::body::{Body, Bytes, HttpBody};
use axum::http::{HeaderValue, Method, Request, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::convert::Infallible;
use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, LazyLock};
use std::task::{Context, Poll};
use std::time::Instant;
use tower::Service;
use tower_http::compression::predicate::{And, DefaultPredicate, NotForContentType, Predicate};
use tower_http::compression::{Compression, CompressionLayer};

/// What is compressed: text of 32 bytes and more, not images, PDF or ZIP.
type Compressible = And<And<DefaultPredicate, NotForContentType>, NotForContentType>;

fn compressible() -> Compressible {
    DefaultPredicate::new()
        .and(NotForContentType::const_new("application/pdf"))
        .and(NotForContentType::const_new("application/zip"))
}

/// Every route template of the service, found again from a request's path with the
/// matcher the router itself uses (matchit), on the same table.
pub(crate) struct RouteIndex {
    matcher: matchit::Router<usize>,
    /// The templates, sorted; a request that matches none is counted at `names.len()`.
    pub(crate) names: Vec<&'static str>,
    /// The methods whose answers may wait (a body, a search, a render, a file, the
    /// database), by template: they are cut off at [`REQUEST_TIMEOUT`].
    timed: Vec<Vec<Method>>,
}

/// The index of the service's routes, made once.
pub(crate) static ROUTES: LazyLock<RouteIndex> = LazyLock::new(|| RouteIndex::new(&super::all_routes().table));

impl RouteIndex {
    fn new(table: &[RouteSpec]) -> RouteIndex {
        let mut names: Vec<&'static str> = table.iter().map(|spec| spec.path).collect();
        names.sort_unstable();
        names.dedup();
        let mut matcher = matchit::Router::new();
        for (i, name) in names.iter().enumerate() {
            matcher.insert(*name, i).expect("the router accepted the same templates");
        }
        let timed = names
            .iter()
            .map(|name| {
                table.iter().filter(|spec| spec.path == *name && spec.timed).map(|spec| spec.method.clone()).collect()
            })
            .collect();
        RouteIndex { matcher, names, timed }
    }

    /// The template `path` matches, as an index into `names`.
    pub(crate) fn find(&self, path: &str) -> Option<usize> {
        self.matcher.at(path).ok().map(|found| *found.value)
    }

    /// Whether a `method` request to the template `route` runs under the request timer
    /// (`HEAD` as `GET`, the way the router answers it).
    fn timed(&self, route: usize, method: &Method) -> bool {
        let method = if method == Method::HEAD { &Method::GET } else { method };
        self.timed[route].contains(method)
    }
}

/// The whole service as one [`Service`]: see the module's documentation. Each connection
/// has its own clone (see [`Edge::set_connection`]), and calls it for each of its requests
/// without cloning it again.
#[derive(Clone)]
pub struct Edge {
    routes: Router,
    compressed: Compression<Router, Compressible>,
    shared: Arc<EdgeShared>,
    /// On a socket ([`super::serve_with`] sets it per connection): the client's address,
    /// and the counters of the connection's watchdog.
    connection: Option<(IpAddr, Arc<Activity>)>,
}

/// What a request's answer needs after the router gave it.
#[derive(Clone)]
struct EdgeShared {
    state: AppState,
    access_log: bool,
    /// See [`super::ServeOptions::trusted_proxies`].
    trusted_proxies: Arc<[super::Network]>,
}

impl Edge {
    pub(crate) fn new(routes: Router, state: AppState, access_log: bool, trusted_proxies: Vec<super::Network>) -> Edge {
        let compressed = tower::Layer::layer(&CompressionLayer::new().compress_when(compressible()), routes.clone());
        let shared = Arc::new(EdgeShared { state, access_log, trusted_proxies: trusted_proxies.into() });
        Edge { routes, compressed, shared, connection: None }
    }

    /// Serves the connection of a client at `peer` from now on, counting its requests in
    /// `activity`.
    pub(crate) fn set_connection(&mut self, peer: IpAddr, activity: Arc<Activity>) {
        // A connection's own copy: the reference counted for each request is then the
        // connection's, not one that every core's requests write to (a cache line
        // passed between the cores on every request).
        self.shared = Arc::new(EdgeShared::clone(&self.shared));
        self.connection = Some((peer, activity));
    }
}

/// The router's answer on its way: at once (a refusal), plain, or compressed.
enum Answer<P, C> {
    Refused(Response),
    Plain(P),
    Compressed(C),
}

impl<B> Service<Request<B>> for Edge
where
    B: HttpBody<Data = Bytes> + Send + 'static,
    B::Error: Into<axum::BoxError>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Response, Infallible>> + Send>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        // The router is always ready.
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        let start = Instant::now();
        let mut request = request.map(Body::new);
        let in_flight = self.connection.as_ref().map(|(peer, activity)| {
            let client = super::forwarded::client(*peer, request.headers(), &self.shared.trusted_proxies);
            request.extensions_mut().insert(PeerAddr(client));
            activity.start()
        });
        let shared = Arc::clone(&self.shared);
        let route = ROUTES.find(request.uri().path());
        let timed = route.is_some_and(|route| ROUTES.timed(route, request.method()));
        let logged = shared.access_log.then(|| {
            let id = match request.headers().get("x-request-id") {
                Some(v) if v.len() <= 64 && v.to_str().is_ok() => v.clone(),
                _ => HeaderValue::from(shared.state.metrics.next_request_id()),
            };
            (id, request.method().clone(), request.uri().clone())
        });
        let (limit, photo) = body_limit(&request);
        let refused = refused_head(&request)
            .or_else(|| refused_encoding(&request))
            .or_else(|| refused_body(&request, limit, photo));
        let answer = match refused {
            Some(refusal) => Answer::Refused(refusal),
            None if request.headers().contains_key(header::ACCEPT_ENCODING) => {
                Answer::Compressed(self.compressed.call(limit_body(request, limit)))
            }
            None => Answer::Plain(self.routes.call(limit_body(request, limit))),
        };
        Box::pin(async move {
            let respond = async move {
                match answer {
                    Answer::Refused(refusal) => refusal,
                    Answer::Plain(answer) => {
                        let Ok(mut response) = answer.await;
                        vary_on_accept_encoding(&mut response);
                        response
                    }
                    Answer::Compressed(answer) => match answer.await {
                        Ok(response) => response.map(Body::new),
                    },
                }
            };
            let response = if timed { within_time(start, respond).await } else { respond.await };
            let mut response = error::json_error_bodies(response);
            response.headers_mut().insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
            let elapsed = start.elapsed();
            let status = response.status().as_u16();
            shared.state.metrics.record(route, status, elapsed);
            if let Some((id, method, uri)) = logged {
                tracing::info!(
                    target: "hexforge::access",
                    "{} {method} {uri} {status} {}us",
                    id.to_str().unwrap_or("-"),
                    elapsed.as_micros()
                );
                response.headers_mut().insert("x-request-id", id);
            }
            drop(in_flight);
            Ok(response)
        })
    }
}

/// `respond`, cut off with a 408 at [`REQUEST_TIMEOUT`] after `start` (its body is given
/// later, with every other error's). The timer is armed only when the answer is not ready
/// at the first poll, so an answer that is (a file or a render already in the cache)
/// never pays for arming and clearing one. A POST's body reaches the handler through
/// hyper's channel after that first poll, so a POST is always timed.
async fn within_time(start: Instant, respond: impl Future<Output = Response>) -> Response {
    let mut respond = std::pin::pin!(respond);
    let mut timer: Option<Pin<Box<tokio::time::Sleep>>> = None;
    std::future::poll_fn(|cx| {
        if let Poll::Ready(response) = respond.as_mut().poll(cx) {
            return Poll::Ready(response);
        }
        let deadline = tokio::time::Instant::from_std(start + REQUEST_TIMEOUT);
        let timer = timer.get_or_insert_with(|| Box::pin(tokio::time::sleep_until(deadline)));
        timer.as_mut().poll(cx).map(|()| StatusCode::REQUEST_TIMEOUT.into_response())
    })
    .await
}

/// The `Vary: Accept-Encoding` that compression adds to what it could compress, on an
/// answer to a client that asked for none: a cache must not give it to one that did.
fn vary_on_accept_encoding(response: &mut Response) {
    let headers = response.headers();
    let could_compress = !headers.contains_key(header::CONTENT_ENCODING)
        && !headers.contains_key(header::CONTENT_RANGE)
        && compressible().should_compress(response);
    let varies = || {
        response.headers().get_all(header::VARY).iter().any(|v| {
            v.to_str().is_ok_and(|v| v.split(',').any(|name| name.trim().eq_ignore_ascii_case("accept-encoding")))
        })
    };
    if could_compress && !varies() {
        response.headers_mut().append(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
}

/// The body limit of this request: [`BODY_LIMIT`], or [`PHOTO_BODY_LIMIT`] on the photo
/// route, and whether it is the photo route.
fn body_limit(request: &Request<Body>) -> (usize, bool) {
    let photo = request.uri().path() == photos::PATH;
    (if photo { PHOTO_BODY_LIMIT } else { BODY_LIMIT }, photo)
}

/// 413 at once for a declared length beyond the body limit.
fn refused_body(request: &Request<Body>, limit: usize, photo: bool) -> Option<Response> {
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_none_or(|n| n <= limit as u64) {
        return None;
    }
    Some(if photo {
        error::error_response(StatusCode::PAYLOAD_TOO_LARGE, photos::too_large())
    } else {
        // json_error_bodies gives it the body every 413 carries.
        StatusCode::PAYLOAD_TOO_LARGE.into_response()
    })
}

/// 415 at once for a body sent compressed (`Content-Encoding` other than `identity`): no
/// route decodes one, and reading it as plain would misread it.
fn refused_encoding(request: &Request<Body>) -> Option<Response> {
    let encoding = request.headers().get(header::CONTENT_ENCODING)?;
    let plain = encoding.to_str().is_ok_and(|v| v.split(',').all(|e| e.trim().eq_ignore_ascii_case("identity")));
    if plain {
        return None;
    }
    let said = String::from_utf8_lossy(encoding.as_bytes()).chars().take(40).collect::<String>();
    Some(error::error_response(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        format!("content-encoding {said:?}: request bodies are read as sent; send the body uncompressed"),
    ))
}

/// A body without a declared length is cut off at the limit while it is read, and the
/// extractor answers 413.
fn limit_body(request: Request<Body>, limit: usize) -> Request<Body> {
    if request.body().is_end_stream() {
        // Nothing to limit (a GET, or a body of declared length 0): no wrapper to allocate.
        return request;
    }
    request.map(|body| Body::new(http_body_util::Limited::new(body, limit)))
}

/// JSON 414 and 431 for request targets and heads beyond [`MAX_URI`],
/// [`MAX_HEADER_BYTES`] and [`MAX_HEADERS`].
fn refused_head(request: &Request<Body>) -> Option<Response> {
    let target = request.uri().path_and_query().map_or(0, |p| p.as_str().len());
    if target > MAX_URI {
        return Some(error::error_response(
            StatusCode::URI_TOO_LONG,
            format!("the request target is {target} bytes long; at most {MAX_URI} are accepted"),
        ));
    }
    let headers = request.headers();
    let bytes: usize = headers.iter().map(|(n, v)| n.as_str().len() + v.len()).sum();
    if headers.len() > MAX_HEADERS || bytes > MAX_HEADER_BYTES {
        return Some(error::error_response(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            format!(
                "the request has {} header fields of {bytes} bytes in all; at most {MAX_HEADERS} fields and {MAX_HEADER_BYTES} bytes are accepted",
                headers.len()
            ),
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread().enable_time().build().unwrap()
    }

    #[test]
    fn an_answer_in_time_is_given_and_a_late_one_is_408() {
        let runtime = runtime();
        let ready = runtime.block_on(within_time(Instant::now(), async { StatusCode::OK.into_response() }));
        assert_eq!(ready.status(), StatusCode::OK);
        // Not ready at the first poll, ready well before the deadline.
        let waited = runtime.block_on(within_time(Instant::now(), async {
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
            StatusCode::CREATED.into_response()
        }));
        assert_eq!(waited.status(), StatusCode::CREATED);
        // Started a whole timeout ago and still waiting: cut off.
        let started = Instant::now().checked_sub(REQUEST_TIMEOUT).expect("the clock is past 10 s");
        let late = runtime
            .block_on(async {
                tokio::time::timeout(std::time::Duration::from_secs(5), within_time(started, std::future::pending()))
                    .await
            })
            .expect("cut off at once, not after another timeout");
        assert_eq!(late.status(), StatusCode::REQUEST_TIMEOUT);
    }

    #[test]
    fn every_route_is_found_again_and_only_waiting_routes_are_timed() {
        assert_eq!(ROUTES.find("/api/hexagrams/12").map(|i| ROUTES.names[i]), Some("/api/hexagrams/{n}"));
        assert_eq!(ROUTES.find("/no/such/route"), None);
        let health = ROUTES.find("/health").expect("a route");
        assert!(!ROUTES.timed(health, &Method::GET), "answered from memory");
        let shortest = ROUTES.find("/api/zhipai/shortest").expect("a route");
        assert!(ROUTES.timed(shortest, &Method::POST), "reads a body and searches");
        for spec in super::super::all_routes().table {
            // A path of the template: "1" for each parameter, "a/b" for a wildcard.
            let path: Vec<&str> = spec
                .path
                .split('/')
                .map(|segment| match segment.strip_prefix('{') {
                    Some(name) if name.starts_with('*') => "a/b",
                    Some(_) => "1",
                    None => segment,
                })
                .collect();
            let found = ROUTES.find(&path.join("/")).map(|i| ROUTES.names[i]);
            assert_eq!(found, Some(spec.path), "{}", path.join("/"));
        }
    }
}
