//! Issue 40: the files `simulate --record` writes and `check --record` reads, through the
//! real binary. A path the user names is never replaced by something else: a symbolic link
//! is followed, a pipe or a device written through (`/dev/full` says "no space"), `-` is
//! standard output; the path is opened before the first game. Records are streamed both
//! ways: the peak memory of `simulate --record` and of `check` does not grow with the
//! number of games, `check` answers each line as it comes, and names a line that is too
//! long or not UTF-8.
//!
//! Devices are only reached through links in a scratch folder (`link -> /dev/full`): a
//! binary that replaced the path would replace the link, never the device.

use crate::peak_memory::{on_linux, run_watched};
use crate::temp_dir::TempDir;
use std::io::{BufRead, Write};
use std::os::unix::fs::{FileTypeExt, symlink};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const MB: u64 = 1024 * 1024;

/// Runs `hexforge ARGS` in `dir`; a run that has not ended after `limit` is killed and
/// fails the test (a pipe or a device must never make it hang).
fn run_in(dir: &Path, args: &[&str], limit: Duration) -> Output {
    let child = Command::new(env!("CARGO_BIN_EXE_hexforge"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let pid = child.id();
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || send.send(child.wait_with_output()));
    match receive.recv_timeout(limit) {
        Ok(output) => output.unwrap(),
        Err(_) => {
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
            panic!("hexforge {args:?} did not end within {limit:?}");
        }
    }
}

/// Six games of Tao written to `record` (a path relative to `dir`), the summary as JSON.
fn simulate_to(dir: &Path, record: &str) -> Output {
    let args = ["simulate", "tao", "--players", "3", "--games", "6", "--seed", "5", "--bots", "greedy", "--json"];
    run_in(dir, &[&args[..], &["--record", record]].concat(), Duration::from_secs(120))
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A FIFO made by `mkfifo`.
fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", path.display());
}

#[test]
fn record_paths_are_followed_and_written_through_never_replaced() {
    let dir = TempDir::new("record-paths");
    let at = |name: &str| dir.0.join(name);
    let is_link = |name: &str| std::fs::symlink_metadata(at(name)).unwrap().file_type().is_symlink();
    let plain = simulate_to(&dir.0, "plain.jsonl");
    assert_eq!(plain.status.code(), Some(0), "{}", stderr(&plain));
    let expected = std::fs::read_to_string(at("plain.jsonl")).unwrap();
    assert_eq!(expected.lines().count(), 6);

    // A link to a file: the file is replaced, the link stays a link.
    std::fs::write(at("target.jsonl"), "old\n").unwrap();
    symlink("target.jsonl", at("link.jsonl")).unwrap();
    // A link whose target does not exist yet: the target is made.
    symlink("made.jsonl", at("dangling.jsonl")).unwrap();
    for (link, target) in [("link.jsonl", "target.jsonl"), ("dangling.jsonl", "made.jsonl")] {
        let out = simulate_to(&dir.0, link);
        assert_eq!(out.status.code(), Some(0), "{link}: {}", stderr(&out));
        assert!(is_link(link), "{link} is still a link");
        assert_eq!(std::fs::read_to_string(at(target)).unwrap(), expected, "{link}");
    }

    // A FIFO, and a link to it: written through, and still a FIFO.
    mkfifo(&at("fifo"));
    symlink("fifo", at("fifo-link")).unwrap();
    for name in ["fifo", "fifo-link"] {
        let fifo = at("fifo");
        let reader = std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap());
        let out = simulate_to(&dir.0, name);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", stderr(&out));
        assert_eq!(reader.join().unwrap(), expected, "{name}");
        assert!(std::fs::metadata(at("fifo")).unwrap().file_type().is_fifo(), "{name}");
    }

    // A link to /dev/null: written through; the link stays and /dev/null a device.
    symlink("/dev/null", at("null")).unwrap();
    let out = simulate_to(&dir.0, "null");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(is_link("null"));
    assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device());

    // `-`: the records on standard output, the summary on standard error.
    let out = simulate_to(&dir.0, "-");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(String::from_utf8(out.stdout.clone()).unwrap(), expected);
    let summary: serde_json::Value = serde_json::from_slice(&out.stderr).expect("the summary on stderr");
    assert_eq!(summary["games"], 6);
    assert!(!at("-").exists(), "no file named -");

    let left: Vec<_> = std::fs::read_dir(&dir.0)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "temporary files left: {left:?}");
}

#[test]
fn a_full_device_fails_with_no_space_and_stays_a_device() {
    let dir = TempDir::new("record-full");
    symlink("/dev/full", dir.0.join("full")).unwrap();
    let out = simulate_to(&dir.0, "full");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("cannot write full") && err.to_lowercase().contains("no space"), "{err}");
    assert!(std::fs::symlink_metadata(dir.0.join("full")).unwrap().file_type().is_symlink());
    assert!(std::fs::metadata("/dev/full").unwrap().file_type().is_char_device());
}

/// The record file is opened before the first game: a billion games (which the run could
/// neither play within the test nor hold) are refused at once.
#[test]
fn an_unwritable_record_path_is_refused_before_any_game() {
    let dir = TempDir::new("record-unwritable");
    let args = ["simulate", "tao", "--games", "1000000000", "--record", "no-such-folder/games.jsonl"];
    let out = run_in(&dir.0, &args, Duration::from_secs(60));
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("cannot write no-such-folder/games.jsonl"), "{}", stderr(&out));
}

/// Peak memory of `hexforge ARGS` run in `dir` (its output dropped), and its exit code;
/// killed (no exit code) past 1 GB.
fn peak_of(dir: &Path, args: &[&str]) -> (Option<i32>, u64) {
    let child = Command::new(env!("CARGO_BIN_EXE_hexforge"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let (status, peak) = run_watched(child, 1024 * MB);
    (status.code(), peak)
}

/// The records are streamed: 2,000 games take no more memory than 200, in `simulate
/// --record` and in `check` (before, every record was held: 1.85 GB for 20,000 games).
#[test]
fn simulate_and_check_memory_does_not_grow_with_the_games() {
    if !on_linux() {
        return;
    }
    let dir = TempDir::new("record-memory");
    let mut peaks = Vec::new();
    for games in ["200", "2000"] {
        let file = format!("games-{games}.jsonl");
        let simulate = ["simulate", "tao", "--players", "4", "--games", games, "--seed", "1", "--record", &file];
        let (code, simulated) = peak_of(&dir.0, &simulate);
        assert_eq!(code, Some(0), "simulate {games}");
        let (code, checked) = peak_of(&dir.0, &["check", "tao", "--record", &file, "--json"]);
        assert_eq!(code, Some(0), "check {games}");
        let bytes = std::fs::metadata(dir.0.join(&file)).unwrap().len();
        eprintln!(
            "{games} games: {} MB of records; peak RSS simulate {} MB, check {} MB",
            bytes / MB,
            simulated / MB,
            checked / MB
        );
        peaks.push((bytes, simulated, checked));
    }
    let [(small, sim_small, check_small), (large, sim_large, check_large)] = peaks[..] else { unreachable!() };
    // The bound must tell: holding the extra records would take more than twice it.
    let bound = 20 * MB;
    assert!(large - small > 2 * bound, "the records ({} MB) are too few to tell", (large - small) / MB);
    assert!(sim_large <= sim_small + bound, "simulate: {} MB then {} MB", sim_small / MB, sim_large / MB);
    assert!(check_large <= check_small + bound, "check: {} MB then {} MB", check_small / MB, check_large / MB);
}

/// The records of two games of Tao, one a line.
fn two_records(dir: &Path) -> Vec<String> {
    let args = ["simulate", "tao", "--games", "2", "--seed", "3", "--record", "two.jsonl"];
    let out = run_in(dir, &args, Duration::from_secs(60));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    std::fs::read_to_string(dir.join("two.jsonl")).unwrap().lines().map(str::to_string).collect()
}

/// `check` answers each record as it comes: the verdict of the first line is printed
/// while the second has not been written yet.
#[test]
fn check_answers_each_line_as_it_comes() {
    let dir = TempDir::new("record-lines");
    let lines = two_records(&dir.0);
    let mut child = Command::new(env!("CARGO_BIN_EXE_hexforge"))
        .args(["check", "tao", "--record", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "{}", lines[0]).unwrap();
    let (send, receive) = mpsc::channel();
    let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    std::thread::spawn(move || {
        for line in stdout.lines() {
            let _ = send.send(line.unwrap());
        }
    });
    let first = receive.recv_timeout(Duration::from_secs(60));
    if first.is_err() {
        let _ = child.kill();
        let _ = child.wait();
        panic!("no verdict for the first record before the second was sent");
    }
    assert!(first.unwrap().starts_with("game 1: valid"));
    writeln!(stdin, "{}", lines[1]).unwrap();
    drop(stdin);
    assert!(receive.recv_timeout(Duration::from_secs(60)).unwrap().starts_with("game 2: valid"));
    assert_eq!(child.wait().unwrap().code(), Some(0));
}

/// A line that is not UTF-8 is named by its number, after the verdicts of the lines before
/// it; a line without end (`/dev/zero`) stops at the 16 MiB limit, in bounded memory.
#[test]
fn a_line_that_is_not_utf8_or_too_long_is_named() {
    let dir = TempDir::new("record-bad-lines");
    let lines = two_records(&dir.0);
    let mut bad = Vec::new();
    bad.extend_from_slice(format!("{}\n\n", lines[0]).as_bytes());
    bad.extend_from_slice(b"{\"game\": \"tao\xff\"}\n");
    bad.extend_from_slice(format!("{}\n", lines[1]).as_bytes());
    std::fs::write(dir.0.join("bad.jsonl"), bad).unwrap();
    let out = run_in(&dir.0, &["check", "tao", "--record", "bad.jsonl"], Duration::from_secs(60));
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("bad.jsonl line 3") && err.contains("UTF-8"), "{err}");
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("game 1: valid"), "the first record was answered");

    if !on_linux() {
        return;
    }
    symlink("/dev/zero", dir.0.join("zero")).unwrap();
    let (code, peak) = peak_of(&dir.0, &["check", "tao", "--record", "zero"]);
    eprintln!("check /dev/zero: exit {code:?}, peak RSS {} MB", peak / MB);
    assert_eq!(code, Some(2), "refused, not killed at 1 GB");
    assert!(peak <= 128 * MB, "peak RSS {} MB", peak / MB);
    let out = run_in(&dir.0, &["check", "tao", "--record", "zero"], Duration::from_secs(60));
    let err = stderr(&out);
    assert!(err.contains("zero line 1") && err.contains("16 MiB"), "{err}");
}

/// `--help` says how the record file is written and how long a line `check` reads.
#[test]
fn help_says_how_record_files_are_written_and_read() {
    let dir = TempDir::new("record-help");
    let simulate = run_in(&dir.0, &["simulate", "--help"], Duration::from_secs(30));
    let text = String::from_utf8_lossy(&simulate.stdout);
    assert!(text.contains("written through") && text.contains("renamed over it"), "{text}");
    let check = run_in(&dir.0, &["check", "tao", "--record", "x", "--help"], Duration::from_secs(30));
    let text = String::from_utf8_lossy(&check.stdout);
    assert!(text.contains("16 MiB"), "{text}");
}
