//! The contract: `/openapi.json` says what the server does. schemathesis (PyPI) runs
//! against `hexforge serve` (the binary cargo built for the tests) with every check:
//! schema-valid requests must be accepted, schema-violating ones refused, and every
//! answer must have a status, content type, headers and body the schema lists, never a
//! 5xx. Any failure fails this test, with schemathesis's report and a command to
//! reproduce it.
//!
//! The few rules no schema can express are excused one by one in
//! `tests/contract/hooks.py` (and listed in docs/service.md); `tests/contract/schemathesis.toml`
//! holds the run's settings. The run is bounded: [`MAX_EXAMPLES`] cases per operation and
//! phase, a fixed seed (`HEXFORGE_CONTRACT_SEED` picks another), one worker, and a hard
//! stop after [`RUN_LIMIT`].
//!
//! schemathesis is `HEXFORGE_SCHEMATHESIS` or `schemathesis` on `PATH`. Without it the
//! test is skipped with a message, except in CI (`CI=true`), where `.ci/run` installs it
//! and a missing schemathesis fails the test.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::outside_tool;
use crate::temp_dir;
use outside_tool::OutsideTool;
use temp_dir::TempDir;

/// Generated cases per operation in each phase: about a minute against a debug build on
/// two cores.
const MAX_EXAMPLES: u32 = 250;
/// The seed of the run unless `HEXFORGE_CONTRACT_SEED` gives one.
const SEED: &str = "15";
/// Longest the whole schemathesis run may take before it is stopped and the test fails.
const RUN_LIMIT: Duration = Duration::from_secs(240);

/// `HEXFORGE_SCHEMATHESIS` (set by `.ci/run`), or `schemathesis` on `PATH`.
const SCHEMATHESIS: OutsideTool = OutsideTool {
    variable: "HEXFORGE_SCHEMATHESIS",
    names: &["schemathesis"],
    install: "pip install schemathesis",
    ci_installs: ".ci/run installs it from PyPI",
};

/// `hexforge serve` on a free loopback port, killed when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    /// Starts the server with `folder` holding its downloads and its results database,
    /// and waits for the log line that names the port it bound.
    fn start(folder: &Path) -> Server {
        let database = format!("sqlite://{}", folder.join("results.sqlite3").display());
        let mut child = Command::new(env!("CARGO_BIN_EXE_hexforge"))
            .args(["serve", "--addr", "127.0.0.1:0", "--database", &database, "--downloads"])
            .arg(folder.join("downloads"))
            .env("RUST_LOG", "info")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("hexforge serve starts");
        let mut log = BufReader::new(child.stderr.take().expect("piped"));
        let mut seen = String::new();
        let port = loop {
            let mut line = String::new();
            if log.read_line(&mut line).unwrap_or(0) == 0 {
                let _ = child.kill();
                panic!("hexforge serve stopped before it served; its log:\n{seen}");
            }
            seen.push_str(&line);
            let port = line
                .split_once("serving on http://127.0.0.1:")
                .and_then(|(_, rest)| rest.split('/').next())
                .and_then(|port| port.parse().ok());
            if let Some(port) = port {
                break port;
            }
        };
        // Keep reading the log so the server never blocks on a full pipe.
        std::thread::spawn(move || std::io::copy(&mut log, &mut std::io::sink()));
        Server { child, port }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs `command` to its end or until `limit`, and returns whether it succeeded and all
/// it wrote (stdout and stderr together).
fn run_bounded(mut command: Command, limit: Duration) -> (bool, String) {
    let output = log_to_file(&mut command);
    let mut child = command.spawn().expect("schemathesis starts");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("schemathesis can be waited for") {
            break Some(status);
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    let mut text = String::new();
    let _ = std::fs::File::open(&output).and_then(|mut f| f.read_to_string(&mut text));
    match status {
        Some(status) => (status.success(), text),
        None => (false, format!("{text}\nstopped: the run took longer than {limit:?}")),
    }
}

/// Sends the command's stdout and stderr to one file in its working folder (a file, not
/// a pipe, so a long report never blocks it); returns the file's path.
fn log_to_file(command: &mut Command) -> PathBuf {
    let folder = command.get_current_dir().expect("a working folder is set").to_path_buf();
    let path = folder.join("schemathesis.log");
    let file = std::fs::File::create(&path).expect("the log file can be created");
    command.stdout(file.try_clone().expect("the log file can be shared")).stderr(file).stdin(Stdio::null());
    path
}

#[test]
fn the_server_does_what_openapi_json_says() {
    let Some(schemathesis) = SCHEMATHESIS.or_skip() else { return };
    let folder = TempDir::new("contract");
    // The file the schema's example names, so that the examples reach a real download.
    let example = folder.0.join("downloads/rulebooks/zhi-pai-rules-a4.pdf");
    std::fs::create_dir_all(example.parent().unwrap()).unwrap();
    std::fs::write(&example, b"%PDF-1.4\n%%EOF\n").unwrap();
    let work = folder.0.join("work");
    std::fs::create_dir_all(&work).unwrap();

    let server = Server::start(&folder.0);
    let contract = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/contract");
    let seed = std::env::var("HEXFORGE_CONTRACT_SEED").unwrap_or_else(|_| SEED.to_string());
    let mut command = Command::new(&schemathesis);
    command
        // schemathesis keeps its caches (.hypothesis, .schemathesis) in the working folder.
        .current_dir(&work)
        .env("SCHEMATHESIS_HOOKS", contract.join("hooks.py"))
        .arg("--config-file")
        .arg(contract.join("schemathesis.toml"))
        .arg("run")
        .arg(format!("http://127.0.0.1:{}/openapi.json", server.port))
        .args(["--checks", "all", "--max-examples", &MAX_EXAMPLES.to_string(), "--seed", &seed])
        // One request at a time: the server's search slots (one per core) never run out.
        .args(["--workers", "1", "--request-timeout", "20", "--wait-for-schema", "30"])
        .args(["--generation-database", "none", "--no-color"]);
    let shown = format!("{command:?}");
    let started = Instant::now();
    let (passed, report) = run_bounded(command, RUN_LIMIT);
    drop(server);
    assert!(passed, "schemathesis found the server and /openapi.json disagreeing:\n{report}\ncommand: {shown}");
    let summary = report.lines().rev().find(|l| l.contains("passed") || l.contains("generated")).unwrap_or("");
    let _ = writeln!(std::io::stderr(), "contract: {} in {:.0?}", summary.trim_matches(['=', ' ']), started.elapsed());
}
