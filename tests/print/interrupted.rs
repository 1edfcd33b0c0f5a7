//! An interrupted `generate` leaves nothing behind (issue 26): a run killed with SIGKILL
//! leaves no `manifest.json` that disagrees with the files, and the next run removes the
//! temporary files killed runs left (their names carry another process id, so no run
//! would ever replace them).

use crate::temp_dir;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use hexforge::print::output::sha256_hex;
use temp_dir::TempDir;

/// `generate` of the Changing Lines deck, home print only, into `out` at `dpi`.
fn generate(out: &Path, dpi: &str) -> Child {
    Command::new(env!("CARGO_BIN_EXE_hexforge"))
        .args(["generate", "--only", "changing-lines", "--profile", "home", "--dpi", dpi, "--out"])
        .arg(out)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs")
}

/// Every file under `dir`, as paths relative to it.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else {
                found.push(path.strip_prefix(dir).unwrap().to_path_buf());
            }
        }
    }
    found.sort();
    found
}

/// Files named like a temporary file of an atomic write: `.<name>.<pid>-<n>.tmp`.
fn temporary_files(dir: &Path) -> Vec<PathBuf> {
    files(dir)
        .into_iter()
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with('.') && name.ends_with(".tmp")
        })
        .collect()
}

/// The manifest's entries, if there is one: each must name a file with exactly its
/// length and hash. Returns how many entries it has (0 without a manifest).
fn manifest_agrees(dir: &Path) -> usize {
    let Ok(text) = std::fs::read(dir.join("manifest.json")) else { return 0 };
    let manifest: serde_json::Value = serde_json::from_slice(&text).expect("the manifest is whole JSON");
    let entries = manifest["files"].as_array().expect("a list of files");
    for entry in entries {
        let path = entry["path"].as_str().unwrap();
        let bytes = std::fs::read(dir.join(path)).unwrap_or_else(|e| panic!("{path} is in the manifest: {e}"));
        assert_eq!(entry["bytes"].as_u64(), Some(bytes.len() as u64), "{path}: length");
        assert_eq!(entry["sha256"].as_str(), Some(sha256_hex(&bytes).as_str()), "{path}: hash");
    }
    entries.len()
}

/// Kills `child` with SIGKILL once the run has started (its manifest removed) and `after`
/// has passed. Returns whether it was still running when killed.
fn kill_mid_run(mut child: Child, dir: &Path, after: Duration) -> bool {
    let started = Instant::now();
    while dir.join("manifest.json").exists() && started.elapsed() < Duration::from_secs(60) {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    std::thread::sleep(after);
    let running = child.try_wait().unwrap().is_none();
    child.kill().unwrap(); // SIGKILL on Unix
    child.wait().unwrap();
    running
}

#[test]
fn a_killed_run_leaves_no_stale_manifest_and_the_next_run_no_temporary_files() {
    let dir = TempDir::new("killed");
    let out = dir.0.join("out");
    assert!(generate(&out, "72").wait().unwrap().success());
    let complete = manifest_agrees(&out);
    assert!(complete > 100, "a whole deck is listed: {complete}");
    assert!(temporary_files(&out).is_empty(), "{:?}", temporary_files(&out));

    // What runs killed long ago left, beside the card SVGs and at the top, with a file of
    // the user's that only looks alike.
    let svg = files(&out).into_iter().find(|p| p.extension().is_some_and(|e| e == "svg")).expect("card SVGs");
    let svg_dir = svg.parent().unwrap();
    let planted = [svg_dir.join(".card-15.svg.4790-117.tmp"), PathBuf::from(".manifest.json.4790-201.tmp")];
    for path in &planted {
        std::fs::write(out.join(path), b"half a file").unwrap();
    }
    std::fs::write(out.join("notes.tmp"), b"mine").unwrap();

    // Runs at another resolution (other PNG bytes), killed at several points: whatever
    // they leave, the manifest never describes files that are not there as listed.
    let mut killed_running = 0;
    for ms in [0, 150, 400, 1000] {
        if kill_mid_run(generate(&out, "96"), &out, Duration::from_millis(ms)) {
            killed_running += 1;
            assert!(!out.join("manifest.json").exists(), "killed after {ms} ms: the old manifest is gone");
        }
        manifest_agrees(&out);
    }
    assert!(killed_running > 0, "at least one run was killed while it was running");

    // The next whole run cleans up after them all.
    assert!(generate(&out, "96").wait().unwrap().success());
    assert!(temporary_files(&out).is_empty(), "left behind: {:?}", temporary_files(&out));
    assert_eq!(manifest_agrees(&out), complete);
    assert_eq!(std::fs::read(out.join("notes.tmp")).unwrap(), b"mine", "a file not of our naming stays");
}
