//! A child process's peak resident memory (`VmHWM` in `/proc/PID/status`), read all along
//! its run: the memory tests of photos (`tests/service/photo_memory.rs`) and of streamed
//! records (`tests/games/record_files.rs`). Linux only.

use std::process::{Child, ExitStatus};
use std::time::Duration;

/// The peak resident memory of process `pid` so far, or `None` once it is gone.
pub fn peak_rss(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kb: u64 =
        status.lines().find_map(|l| l.strip_prefix("VmHWM:"))?.trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kb * 1024)
}

/// Runs `child` to its end, reading its peak memory all along (the last reading comes
/// within 2 ms of its exit), and kills it once its peak passes `kill_above` bytes (a run
/// whose memory grows without bound must not take the machine's): its status then says
/// it was killed.
pub fn run_watched(mut child: Child, kill_above: u64) -> (ExitStatus, u64) {
    let mut peak = 0;
    loop {
        if let Some(rss) = peak_rss(child.id()) {
            peak = peak.max(rss);
            if peak > kill_above {
                let _ = child.kill();
            }
        }
        if let Some(status) = child.try_wait().unwrap() {
            return (status, peak);
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Whether `/proc` can be read; if not, the skip goes through the one helper for what a
/// test needs from outside ([`crate::outside_tool::missing`]: a visible `SKIPPED` line, a
/// failure under `CI=true`). The running test's name is in that line.
pub fn on_linux() -> bool {
    let linux = std::path::Path::new("/proc/self/status").exists();
    if !linux {
        crate::outside_tool::missing("/proc (Linux's process files)", "run the tests on Linux", "CI runs on Linux");
    }
    linux
}
