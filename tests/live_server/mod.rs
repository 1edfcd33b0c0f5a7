//! The real server on a loopback port, for tests that talk to it over TCP (a browser, a
//! database round trip): `hexforge::http::serve` on a runtime of its own thread, stopped
//! gracefully when dropped.

use hexforge::http::{self, AppState};
use std::future::Future;
use std::io::{Read, Write};
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// What to do once the server has stopped (write what is queued, close a store).
pub type AfterStop = Pin<Box<dyn Future<Output = ()> + Send>>;

pub struct LiveServer {
    pub addr: SocketAddr,
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl LiveServer {
    /// Serves the state `prepare` makes, on the server's own runtime (so that a results
    /// store opened there runs there), with what to do after stopping; an error from
    /// `prepare` is returned instead of a server.
    pub fn start<F, Fut>(prepare: F) -> Result<LiveServer, String>
    where
        F: FnOnce() -> Fut + Send + 'static,
        Fut: Future<Output = Result<(AppState, Option<AfterStop>), String>>,
    {
        let (tx, rx) = std::sync::mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
            runtime.block_on(async move {
                let (state, after_stop) = match prepare().await {
                    Ok(prepared) => prepared,
                    Err(e) => {
                        tx.send(Err(e)).unwrap();
                        return;
                    }
                };
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind a loopback port");
                tx.send(Ok(listener.local_addr().unwrap())).unwrap();
                let shutdown = async move {
                    while !stopped.load(Ordering::Relaxed) {
                        tokio::time::sleep(Duration::from_millis(20)).await;
                    }
                };
                http::serve(listener, state, shutdown).await.expect("server runs");
                if let Some(after_stop) = after_stop {
                    after_stop.await;
                }
            });
        });
        let addr = rx.recv_timeout(Duration::from_secs(60)).expect("the server starts")?;
        Ok(LiveServer { addr, stop, thread: Some(thread) })
    }
}

impl LiveServer {
    /// Status and body of a request with a JSON `body` (none when empty), on a connection
    /// of its own.
    pub fn request(&self, method: &str, path: &str, body: &str) -> (u16, String) {
        call(self.addr, method, path, &[], body)
    }
}

/// Status and body (unchunked) of a request to `addr` with extra `headers` and a JSON
/// `body` (none when empty), on a connection of its own.
pub fn call(addr: SocketAddr, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> (u16, String) {
    let mut stream = std::net::TcpStream::connect(addr).expect("connect");
    let extra: String = headers.iter().map(|(name, value)| format!("{name}: {value}\r\n")).collect();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n{extra}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").expect("a response head");
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).expect("a status line");
    let chunked = head.to_ascii_lowercase().contains("transfer-encoding: chunked");
    (status, if chunked { unchunk(body) } else { body.to_owned() })
}

/// A chunked body's content.
fn unchunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let Ok(size) = usize::from_str_radix(size.trim(), 16) else { break };
        if size == 0 || rest.len() < size + 2 {
            break;
        }
        out.push_str(&rest[..size]);
        body = &rest[size + 2..];
    }
    out
}

impl Drop for LiveServer {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
