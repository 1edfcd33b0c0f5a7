//! One HTTP/1.1 exchange on a kept-alive connection, read whole: what the crash test
//! (tests/service/results.rs) and its load script (examples/results_crash.rs) both send.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;

/// Sends `request` and reads its answer whole: the status, or `None` when the connection
/// broke first.
pub fn exchange(stream: &mut BufReader<TcpStream>, request: &[u8]) -> Option<u16> {
    stream.get_mut().write_all(request).ok()?;
    let mut head = String::new();
    loop {
        let mut line = String::new();
        if stream.read_line(&mut line).ok()? == 0 {
            return None;
        }
        if line == "\r\n" {
            break;
        }
        head.push_str(&line.to_ascii_lowercase());
    }
    let status = head.split(' ').nth(1)?.parse().ok()?;
    let length: usize = head.lines().find_map(|l| l.strip_prefix("content-length:"))?.trim().parse().ok()?;
    let mut body = vec![0; length];
    stream.read_exact(&mut body).ok()?;
    Some(status)
}
