//! `hexforge serve` started as a child process on a free loopback port, for the load
//! scripts that measure it from outside (examples/results_crash.rs, examples/rooms_load.rs).

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::time::Duration;

/// Starts `binary serve` on 127.0.0.1 with `args` (the database and the like); the child
/// and the address it says it listens on.
pub fn start(binary: &std::path::Path, args: &[&str]) -> (std::process::Child, SocketAddr) {
    let mut child = std::process::Command::new(binary)
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(args)
        .env("RUST_LOG", "warn,hexforge=info")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start hexforge serve");
    let stderr = child.stderr.take().expect("piped");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if let Some((_, rest)) = line.split_once("serving on http://") {
                let _ = tx.send(rest.split('/').next().unwrap_or_default().parse::<SocketAddr>());
            }
        }
    });
    let addr = rx.recv_timeout(Duration::from_secs(30)).expect("the server says where it listens").expect("an address");
    (child, addr)
}
