//! The outside programs some tests drive (Chromium, schemathesis): found by an environment
//! variable or on `PATH`. A test whose program is missing says it skipped, except in CI
//! (`CI=true`), where `.ci/run` installs every one and a missing one is a failure.

use std::io::Write;
use std::path::PathBuf;

/// A program the tests need: where to look for it and how it is installed.
pub struct OutsideTool {
    /// The test (file) that needs it, for the skip message.
    pub test: &'static str,
    /// The environment variable that names it, looked at first.
    pub variable: &'static str,
    /// Its names on `PATH`, in order.
    pub names: &'static [&'static str],
    /// How a person installs it (for the skip message), and how CI does (for the failure).
    pub install: &'static str,
    pub ci_installs: &'static str,
}

impl OutsideTool {
    /// The program, if installed.
    pub fn find(&self) -> Option<PathBuf> {
        if let Some(path) = std::env::var_os(self.variable) {
            return Some(PathBuf::from(path));
        }
        let path = std::env::var_os("PATH")?;
        std::env::split_paths(&path)
            .flat_map(|dir| self.names.iter().map(move |name| dir.join(name)))
            .find(|candidate| candidate.is_file())
    }

    /// The program; `None` (with a message) when it is missing outside CI; a panic when it
    /// is missing in CI.
    pub fn or_skip(&self) -> Option<PathBuf> {
        let found = self.find();
        if found.is_none() {
            let name = self.names[0];
            let in_ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
            assert!(!in_ci, "CI=true but {name} is not installed; {}", self.ci_installs);
            // Straight to stderr, past the test harness's capture, so the skip is seen.
            let _ = writeln!(
                std::io::stderr(),
                "SKIPPED {}: {name} is not installed ({}); CI installs it and runs this test",
                self.test,
                self.install
            );
        }
        found
    }
}
