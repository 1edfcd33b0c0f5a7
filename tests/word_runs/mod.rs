//! The shared-run check for words: a book shares no run of eight words with a seed. The
//! seeds are the source of the games' facts, never of our sentences, and are not part of
//! this repository, so only their runs' fingerprints are kept (`tests/reference/`).
//! Shared by `tests/print/proofing.rs` and `examples/seed_fingerprints.rs`, which rewrites
//! the fingerprints when a seed changes.

use std::collections::BTreeSet;

/// The seeds' 8-word runs, as fingerprints; `examples/seed_fingerprints.rs` makes the file.
pub const SEED_RUNS: &str = "tests/reference/seed-runs.txt";

/// The words of a text, lower-case, letters and digits only: what an 8-word run compares.
pub fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
}

/// The fingerprint of each run of eight words: FNV-1a of the words joined by spaces.
pub fn runs_of_eight(text: &str) -> BTreeSet<u32> {
    words(text)
        .windows(8)
        .map(|w| w.join(" ").bytes().fold(0x811c_9dc5_u32, |h, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193)))
        .collect()
}

/// The fingerprints in [`SEED_RUNS`].
#[allow(dead_code)] // the example only writes them
pub fn seed_runs() -> BTreeSet<u32> {
    let text = std::fs::read_to_string(SEED_RUNS).expect("tests/reference/seed-runs.txt");
    text.split_whitespace().map(|h| u32::from_str_radix(h, 16).expect("hex fingerprint")).collect()
}
