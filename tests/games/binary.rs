//! The application's binary run from the games' tests: its output, and that output read as JSON.

use std::process::{Command, Output, Stdio};

/// `hexforge ARGS`, with nothing on standard input.
pub fn hexforge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hexforge")).args(args).stdin(Stdio::null()).output().expect("the binary runs")
}

/// Standard output read as JSON (a test failure shows the text when it is not).
pub fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)))
}
