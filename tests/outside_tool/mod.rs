//! The outside programs and files some tests need (Chromium, schemathesis, poppler,
//! Ghostscript, zbar, fonts): found by an environment variable or on `PATH`. A test whose
//! program is missing prints a visible `SKIPPED` line, except in CI (`CI=true`, which
//! `.ci/run` exports), where `.ci/run` installs every one and a missing one is a failure.
//! Every skip in the suite goes through [`missing`], so none is silent.

#![allow(dead_code)] // each test binary uses some of the programs

use std::io::Write;
use std::path::PathBuf;

/// A program the tests need: where to look for it and how it is installed.
pub struct OutsideTool {
    /// The environment variable that names it, looked at first.
    pub variable: &'static str,
    /// Its names on `PATH`, in order.
    pub names: &'static [&'static str],
    /// How a person installs it (for the skip message), and how CI does (for the failure).
    pub install: &'static str,
    pub ci_installs: &'static str,
}

/// Poppler's page renderer.
pub const PDFTOPPM: OutsideTool = OutsideTool {
    variable: "HEXFORGE_PDFTOPPM",
    names: &["pdftoppm"],
    install: "apt-get install poppler-utils",
    ci_installs: ".ci/run installs poppler-utils",
};

/// Poppler's text extractor.
pub const PDFTOTEXT: OutsideTool = OutsideTool {
    variable: "HEXFORGE_PDFTOTEXT",
    names: &["pdftotext"],
    install: "apt-get install poppler-utils",
    ci_installs: ".ci/run installs poppler-utils",
};

/// Poppler's font lister.
pub const PDFFONTS: OutsideTool = OutsideTool {
    variable: "HEXFORGE_PDFFONTS",
    names: &["pdffonts"],
    install: "apt-get install poppler-utils",
    ci_installs: ".ci/run installs poppler-utils",
};

/// Ghostscript, the second PDF renderer.
pub const GHOSTSCRIPT: OutsideTool = OutsideTool {
    variable: "HEXFORGE_GS",
    names: &["gs"],
    install: "apt-get install ghostscript",
    ci_installs: ".ci/run installs ghostscript",
};

/// zbar's QR code reader.
pub const ZBARIMG: OutsideTool = OutsideTool {
    variable: "HEXFORGE_ZBARIMG",
    names: &["zbarimg"],
    install: "apt-get install zbar-tools",
    ci_installs: ".ci/run installs zbar-tools",
};

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

    /// The program; `None` (with a visible message) when it is missing outside CI; a panic
    /// when it is missing in CI.
    pub fn or_skip(&self) -> Option<PathBuf> {
        let found = self.find();
        if found.is_none() {
            missing(self.names[0], self.install, self.ci_installs);
        }
        found
    }
}

/// Whether the tests run in CI, where nothing may be skipped.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// Reports that `what` is missing for the running test: a failure under `CI=true`, else a
/// `SKIPPED` line written straight to stderr, past the test harness's capture, so the skip
/// is seen. The test then returns without checking.
pub fn missing(what: &str, install: &str, ci_installs: &str) {
    assert!(!in_ci(), "CI=true but {what} is not installed; {ci_installs}");
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED {test}: {what} is not installed ({install}); CI installs it and runs this test"
    );
}
