//! Rewrites the seeds' fingerprints that the proofreading tests compare the rulebooks with
//! (`tests/reference/seed-runs.txt`, runs of eight words, and `seed-runs-zh.txt`, runs of
//! twelve Chinese characters), from a folder of the seed texts. Run it from the checkout
//! when a seed changes:
//!
//! ```sh
//! cargo run --example seed_fingerprints -- SEEDS_FOLDER
//! ```

#[allow(dead_code)] // the example only writes the fingerprints
#[path = "../tests/han_runs/mod.rs"]
mod han_runs;
#[path = "../tests/word_runs/mod.rs"]
mod word_runs;

fn main() {
    let Some(dir) = std::env::args().nth(1) else {
        eprintln!("usage: seed_fingerprints SEEDS_FOLDER (a folder of the seeds' .txt files)");
        std::process::exit(2);
    };
    write_fingerprints(&dir, word_runs::SEED_RUNS, word_runs::runs_of_eight);
    write_fingerprints(&dir, han_runs::SEED_RUNS_ZH, han_runs::runs);
    println!("wrote {} and {}", word_runs::SEED_RUNS, han_runs::SEED_RUNS_ZH);
}

/// Rewrites `file` with the fingerprints `runs` finds in every `.txt` seed in `dir`, one
/// hexadecimal fingerprint a line, sorted; written beside it first, then renamed over it.
fn write_fingerprints(dir: &str, file: &str, runs: fn(&str) -> std::collections::BTreeSet<u32>) {
    let mut paths: Vec<_> = std::fs::read_dir(dir).expect("seeds folder").flatten().map(|e| e.path()).collect();
    paths.sort();
    let mut all = std::collections::BTreeSet::new();
    for path in paths.iter().filter(|p| p.extension().is_some_and(|e| e == "txt")) {
        all.extend(runs(&std::fs::read_to_string(path).expect("seed text")));
    }
    let lines: Vec<String> = all.iter().map(|h| format!("{h:08x}")).collect();
    let partial = format!("{file}.partial");
    std::fs::write(&partial, lines.join("\n") + "\n").expect("write the fingerprints");
    std::fs::rename(&partial, file).expect("put the fingerprints in place");
}
