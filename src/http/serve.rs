//! Serving the service on a socket: the accept loop, the connection limit, graceful
//! shutdown, and the watchdog that closes idle and slow connections.
//!
//! Why a watchdog and not hyper's header read timeout: that timeout arms a timer for
//! every request head (a timer-wheel insert and removal, and a clone of the runtime's
//! handle shared by every core), which cost about 6 % of the requests a second of a small
//! answer in the load test. The watchdog arms one timer per connection and period, and
//! looks at three counters the connection keeps anyway cheaply: requests started,
//! requests finished, bytes written. A connection on which, for a whole period, no request
//! started, none was being answered and nothing was written is closed: an idle keep-alive
//! connection, or one trickling a head that never ends (slowloris), goes within one to two
//! periods; a slow download keeps writing, so it stays.

use super::{AppState, REQUEST_TIMEOUT, ServeOptions, Service, service};
use hyper::rt::{Read, ReadBufCursor, Write};
use std::cell::RefCell;
use std::convert::Infallible;
use std::future::Future;
use std::io::IoSlice;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::task::{Context, Poll};
use std::time::Duration;

/// Serves [`super::app`] on `listener` with the default options; see [`serve_with`].
pub async fn serve(
    listener: tokio::net::TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    serve_with(listener, state, ServeOptions::default(), shutdown).await
}

/// Serves [`super::app_with`] on `listener` (HTTP/1.1, and HTTP/2 with prior knowledge)
/// until `shutdown` completes, then lets the requests in flight finish (each is bounded
/// by [`REQUEST_TIMEOUT`]). At most `options.max_connections` connections are open at
/// once, at most `options.max_connections_per_address` from one address (beyond, the
/// connection is answered 503 and closed); one idle, or sending a head that never ends, for `options.header_read_timeout`
/// is closed within twice that (see the module's documentation).
pub async fn serve_with(
    listener: tokio::net::TcpListener,
    state: AppState,
    options: ServeOptions,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
    use hyper_util::server::conn::auto;
    use hyper_util::server::graceful::GracefulShutdown;

    let metrics = Arc::clone(&state.metrics);
    let service = service(state, &options);
    let mut builder = auto::Builder::new(TokioExecutor::new());
    builder.http1().max_buf_size(super::HYPER_MAX_BUF).max_headers(super::HYPER_MAX_HEADERS);
    builder.http2().timer(TokioTimer::new());
    let graceful = GracefulShutdown::new();
    let permits = Arc::new(tokio::sync::Semaphore::new(options.max_connections.max(1)));
    let peers = super::peers::Peers::new(options.max_connections_per_address, &options.trusted_proxies);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            permit = Arc::clone(&permits).acquire_owned() => permit.expect("the semaphore is never closed"),
            () = &mut shutdown => break,
        };
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors and the like: wait, then go on.
                    tracing::warn!(error = %e, "cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let (stream, peer) = stream;
        let _ = stream.set_nodelay(true);
        let Some(peer_slot) = peers.enter(peer.ip()) else {
            drop(permit);
            metrics.connections_refused.add(1);
            tokio::spawn(super::peers::refuse(stream, options.max_connections_per_address));
            continue;
        };
        let activity = Arc::new(Activity::default());
        let service = ConnectionService(RefCell::new(service.for_connection(peer.ip(), Arc::clone(&activity))));
        let io = Watched { io: TokioIo::new(stream), activity: Arc::clone(&activity), replacing: None };
        let connection = graceful.watch(builder.serve_connection_with_upgrades(io, service).into_owned());
        let metrics = Arc::clone(&metrics);
        metrics.connections_open.fetch_add(1, Relaxed);
        let period = options.header_read_timeout;
        tokio::spawn(async move {
            // Errors here are the client's (reset, bad request line); an idle or slow
            // connection is closed by dropping it.
            let _ = watched(connection, &activity, period).await;
            metrics.connections_open.fetch_sub(1, Relaxed);
            drop(permit);
            drop(peer_slot);
        });
    }
    drop(listener);
    tokio::select! {
        () = graceful.shutdown() => {},
        () = tokio::time::sleep(REQUEST_TIMEOUT + Duration::from_secs(1)) => {
            tracing::warn!("connections still open after the request timeout; stopping anyway");
        }
    }
    Ok(())
}

/// The service of one connection. hyper calls it with `&self` for each request, from the
/// connection's task only and one call at a time, so a `RefCell` gives the `&mut` that
/// [`Service`] takes without cloning it for each request, as hyper-util's
/// `TowerToHyperService` does. That clone, and the ones it leads to, each wrote a
/// reference count shared by every connection: a cache line passed between the cores on
/// every request, about 3 % of a small answer's throughput.
struct ConnectionService(RefCell<Service>);

impl hyper::service::Service<hyper::Request<hyper::body::Incoming>> for ConnectionService {
    type Response = axum::response::Response;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, Infallible>> + Send>>;

    fn call(&self, request: hyper::Request<hyper::body::Incoming>) -> Self::Future {
        tower::Service::call(&mut *self.0.borrow_mut(), request)
    }
}

/// The address of the client: the peer at the other end of the connection or, from a
/// trusted proxy (`--trusted-proxy`), the client its `Forwarded` / `X-Forwarded-For`
/// names. Set by [`Edge`](super::Edge) in each request's extensions on a socket;
/// absent when the router is driven without one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PeerAddr(pub std::net::IpAddr);

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
pub async fn run(addr: SocketAddr, state: AppState, options: ServeOptions) -> anyhow::Result<()> {
    use anyhow::Context;
    let listener = tokio::net::TcpListener::bind(addr).await.with_context(|| format!("cannot listen on {addr}"))?;
    let bound = listener.local_addr()?;
    tracing::info!(%bound, downloads = %state.downloads.display(), "hexforge serving on http://{bound}/");
    serve_with(listener, state, options, shutdown_signal()).await.context("server failed")?;
    tracing::info!("stopped");
    Ok(())
}

/// What a connection's watchdog looks at: kept by [`super::Edge`] (requests) and
/// [`Watched`] (bytes written).
#[derive(Debug, Default)]
pub struct Activity {
    started: AtomicU64,
    finished: AtomicU64,
    written: AtomicU64,
}

impl Activity {
    /// A request of this connection starts; it counts as finished when the returned
    /// guard is dropped (answered, or abandoned).
    pub(crate) fn start(self: &Arc<Activity>) -> InFlight {
        self.started.fetch_add(1, Relaxed);
        InFlight(Arc::clone(self))
    }

    fn now(&self) -> [u64; 3] {
        [self.started.load(Relaxed), self.finished.load(Relaxed), self.written.load(Relaxed)]
    }
}

/// A request being answered; see [`Activity::start`].
pub(crate) struct InFlight(Arc<Activity>);

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.finished.fetch_add(1, Relaxed);
    }
}

/// Runs `connection` until it ends, or until a whole `period` passes in which no request
/// started, none was being answered and nothing was written.
async fn watched<F: Future>(connection: F, activity: &Activity, period: Duration) -> Option<F::Output> {
    let mut connection = std::pin::pin!(connection);
    let mut seen = activity.now();
    loop {
        tokio::select! {
            biased;
            output = connection.as_mut() => return Some(output),
            () = tokio::time::sleep(period) => {
                let now = activity.now();
                let [started, finished, written] = now;
                if started == seen[0] && finished == started && written == seen[2] {
                    return None;
                }
                seen = now;
            }
        }
    }
}

/// A connection's socket, counting the bytes written for its watchdog, and giving the
/// answers hyper makes itself the JSON body every other error carries.
///
/// Why here: a head larger than hyper's buffer ([`super::HYPER_MAX_BUF`]), with more
/// fields than it parses ([`super::HYPER_MAX_HEADERS`]) or that is not HTTP never
/// reaches the service; hyper answers it (431, 414 or 400) with an empty body and closes
/// the connection, with no hook to change that. Such an answer is recognised in what
/// hyper writes (an error status, `content-length: 0`, nothing after the head) and
/// replaced by the same status with `{"error":…}`.
struct Watched<T> {
    io: T,
    activity: Arc<Activity>,
    /// The JSON answer being written in place of hyper's bare one, how much of it is
    /// written, and how many of hyper's bytes it stands for.
    replacing: Option<(Vec<u8>, usize, usize)>,
}

impl<T: Read + Unpin> Read for Watched<T> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: ReadBufCursor<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.io).poll_read(cx, buf)
    }
}

impl<T: Write + Unpin> Watched<T> {
    fn count(&self, written: &Poll<std::io::Result<usize>>) {
        if let Poll::Ready(Ok(n)) = written {
            self.activity.written.fetch_add(*n as u64, Relaxed);
        }
    }
}

impl<T: Write + Unpin> Watched<T> {
    /// Writes the JSON answer standing for hyper's bare `head` (`len` bytes of hyper's),
    /// over as many calls as it takes; hyper calls again with the same bytes while this
    /// is pending.
    fn poll_replaced(&mut self, cx: &mut Context<'_>, head: &[u8], len: usize) -> Poll<std::io::Result<usize>> {
        if self.replacing.is_none() {
            let json = json_parse_error(head).expect("checked by the caller");
            self.replacing = Some((json, 0, len));
        }
        loop {
            let Some((json, done, len)) = &mut self.replacing else { unreachable!("set above") };
            if *done == json.len() {
                let len = *len;
                self.replacing = None;
                return Poll::Ready(Ok(len));
            }
            let written = Pin::new(&mut self.io).poll_write(cx, &json[*done..]);
            let Poll::Ready(Ok(n)) = written else { return written };
            *done += n;
            self.activity.written.fetch_add(n as u64, Relaxed);
            if n == 0 {
                return Poll::Ready(Ok(0));
            }
        }
    }
}

impl<T: Write + Unpin> Write for Watched<T> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<std::io::Result<usize>> {
        if self.replacing.is_some() || is_bare_error(buf) {
            return self.poll_replaced(cx, buf, buf.len());
        }
        let written = Pin::new(&mut self.io).poll_write(cx, buf);
        self.count(&written);
        written
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        // A bare error is a head alone, in one buffer: an answer with a body (a buffer
        // more) is written as it is, never copied (copying and scanning a 200 KB module
        // on every download cost two thirds of its rate).
        let mut filled = bufs.iter().filter(|b| !b.is_empty());
        let first = filled.next().map_or(&[][..], |b| &b[..]);
        let alone = filled.next().is_none();
        if alone && (self.replacing.is_some() || is_bare_error(first)) {
            return self.poll_replaced(cx, first, first.len());
        }
        if self.replacing.is_some() {
            let whole: Vec<u8> = bufs.iter().flat_map(|b| b.iter().copied()).collect();
            return self.poll_replaced(cx, &whole, whole.len());
        }
        let written = Pin::new(&mut self.io).poll_write_vectored(cx, bufs);
        self.count(&written);
        written
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }
}

/// Whether `bytes` are a whole response head of an error status with an empty body and
/// nothing after: what hyper writes for a request it could not parse. Every answer of the
/// service to an error carries a JSON body, so it never looks like this.
fn is_bare_error(bytes: &[u8]) -> bool {
    let Some(status) = bytes.strip_prefix(b"HTTP/1.1 ").or_else(|| bytes.strip_prefix(b"HTTP/1.0 ")) else {
        return false;
    };
    matches!(status.first(), Some(b'4' | b'5'))
        && bytes.ends_with(b"\r\n\r\n")
        && bytes.windows(4).filter(|w| w == b"\r\n\r\n").count() == 1
        && bytes.to_ascii_lowercase().windows(21).any(|w| w == b"\r\ncontent-length: 0\r\n")
        && !bytes.to_ascii_lowercase().windows(14).any(|w| w == b"\r\ncontent-type")
}

/// The JSON answer standing for hyper's bare error `head` (see [`is_bare_error`]): the
/// same status line and date, a body saying what was wrong, and the connection closed
/// (hyper closes it after such an answer).
fn json_parse_error(head: &[u8]) -> Option<Vec<u8>> {
    use super::{MAX_HEADER_BYTES, MAX_HEADERS, MAX_URI};
    if !is_bare_error(head) {
        return None;
    }
    let text = String::from_utf8_lossy(head);
    let status_line = text.split("\r\n").next()?;
    let code = status_line.split(' ').nth(1)?;
    let message = match code {
        "431" => format!(
            "the request head is too large; at most {MAX_HEADERS} header fields and {MAX_HEADER_BYTES} bytes in all are accepted"
        ),
        "414" => format!("the request target is too long; at most {MAX_URI} bytes are accepted"),
        "400" => "the request could not be read as HTTP/1.1".to_string(),
        _ => status_line.split_once(' ').map_or("error", |(_, s)| s).to_lowercase(),
    };
    let body = serde_json::to_vec(&super::ErrorBody { error: message }).ok()?;
    let date = text.split("\r\n").find(|l| l.len() > 5 && l[..5].eq_ignore_ascii_case("date:"));
    let mut out = format!(
        "{status_line}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nx-content-type-options: nosniff\r\nconnection: close\r\n",
        body.len()
    );
    if let Some(date) = date {
        out.push_str(date);
        out.push_str("\r\n");
    }
    out.push_str("\r\n");
    let mut out = out.into_bytes();
    out.extend_from_slice(&body);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    #[test]
    fn hypers_bare_error_answers_get_a_json_body_and_nothing_else_is_touched() {
        let bare = b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\ndate: Fri, 27 Nov 2026 06:00:00 GMT\r\n\r\n";
        let json = String::from_utf8(json_parse_error(bare).expect("replaced")).unwrap();
        let (head, body) = json.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 431 Request Header Fields Too Large\r\n"), "{head}");
        assert!(head.contains("content-type: application/json") && head.contains("date: Fri, 27 Nov 2026"), "{head}");
        assert!(head.contains(&format!("content-length: {}", body.len())), "{head}");
        let parsed: super::super::ErrorBody = serde_json::from_str(body).unwrap();
        assert!(parsed.error.contains("64 header fields"), "{parsed:?}");
        for kept in [
            &b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n"[..],
            b"HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\ncontent-length: 12\r\n\r\n",
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\nHTTP/1.1 200 OK\r\n\r\n",
            b"{\"error\":\"HTTP/1.1 400\"}",
        ] {
            assert!(!is_bare_error(kept), "{}", String::from_utf8_lossy(kept));
        }
    }

    const PERIOD: Duration = Duration::from_millis(40);

    #[tokio::test]
    async fn an_idle_connection_is_closed_within_two_periods() {
        let activity = Activity::default();
        let start = Instant::now();
        assert!(watched(std::future::pending::<()>(), &activity, PERIOD).await.is_none());
        assert!(start.elapsed() >= PERIOD && start.elapsed() < 4 * PERIOD, "{:?}", start.elapsed());
    }

    #[tokio::test]
    async fn a_request_being_answered_keeps_its_connection_open() {
        let activity = Arc::new(Activity::default());
        let in_flight = activity.start();
        let long = tokio::time::timeout(5 * PERIOD, watched(std::future::pending::<()>(), &activity, PERIOD)).await;
        assert!(long.is_err(), "closed while a request was being answered");
        drop(in_flight);
        let start = Instant::now();
        assert!(watched(std::future::pending::<()>(), &activity, PERIOD).await.is_none(), "then idle");
        assert!(start.elapsed() < 4 * PERIOD);
    }

    #[tokio::test]
    async fn a_connection_still_writing_stays_open_and_one_that_ends_is_returned() {
        let activity = Arc::new(Activity::default());
        let writer = {
            let activity = Arc::clone(&activity);
            tokio::spawn(async move {
                for _ in 0..10 {
                    activity.written.fetch_add(100, Relaxed);
                    tokio::time::sleep(PERIOD / 2).await;
                }
            })
        };
        let slow_download = tokio::time::timeout(4 * PERIOD, watched(std::future::pending::<()>(), &activity, PERIOD));
        assert!(slow_download.await.is_err(), "closed while it was writing");
        writer.abort();
        assert_eq!(watched(async { 7 }, &activity, PERIOD).await, Some(7));
    }
}
