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
    word_runs::write_fingerprints(&dir);
    han_runs::write_fingerprints(&dir);
    println!("wrote {} and {}", word_runs::SEED_RUNS, han_runs::SEED_RUNS_ZH);
}
