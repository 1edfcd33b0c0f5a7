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
/// once; one idle, or sending a head that never ends, for `options.header_read_timeout`
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
        let activity = Arc::new(Activity::default());
        let service = ConnectionService(RefCell::new(service.for_connection(peer.ip(), Arc::clone(&activity))));
        let io = Watched { io: TokioIo::new(stream), activity: Arc::clone(&activity) };
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

/// The address of the client at the other end of the connection, set by [`serve_with`]
/// in each request's extensions; absent when the router is driven without a socket.
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

/// A connection's socket, counting the bytes written for its watchdog.
struct Watched<T> {
    io: T,
    activity: Arc<Activity>,
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

impl<T: Write + Unpin> Write for Watched<T> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<std::io::Result<usize>> {
        let written = Pin::new(&mut self.io).poll_write(cx, buf);
        self.count(&written);
        written
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

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
