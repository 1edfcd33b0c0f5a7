//! Prints the measured strength of I-Ching Poker's bots (docs/poker.md): for each setting
//! of `hexforge_rules::poker::strength::MEASURED`, the first bot's wins over the run and
//! over its first games, as `hexforge simulate poker … --json` gives them.
//!
//! `cargo run -p hexforge-rules --release --example poker_strength [SETTING]`

use hexforge_rules::poker::strength::{MEASURED, SAMPLE, measure};

fn main() {
    // One setting, by its place in the list, or all of them.
    let only: Option<usize> = std::env::args().nth(1).map(|a| a.parse().expect("a setting's place, from 0"));
    for (i, setting) in MEASURED.into_iter().enumerate() {
        if only.is_some_and(|o| o != i) {
            continue;
        }
        let all = measure(&setting, setting.games);
        let sample = measure(&setting, SAMPLE);
        println!(
            "{}\n  wins {} of {} ({:.1} % ({:.1}–{:.1}), chance {:.1} %); first {SAMPLE}: {}",
            setting.command(),
            all.rate.wins,
            all.rate.games,
            100.0 * all.rate.rate,
            100.0 * all.rate.low,
            100.0 * all.rate.high,
            100.0 * all.chance,
            sample.rate.wins
        );
    }
}
