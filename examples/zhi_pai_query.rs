//! Answers one Zhi Pai question with the exact search and says what it cost, for
//! measuring peak memory from outside (`/usr/bin/time -v`), since the library cannot.
//!
//! Run: `cargo run --release --example zhi_pai_query -- START [CARDS] [ACTIVE] [RELAX_AFTER]`
//! with CARDS such as `4,7,8` (default: the 62 others), ACTIVE such as `water,fire`
//! (default none) and RELAX_AFTER a number of positions or `never` (default 5000).

use hexforge_rules::core::deck::CardSet;
use hexforge_rules::core::hexagram::Hexagram;
use hexforge_rules::zhi_pai::{Budget, Outcome, Setup, TrigramSet, Tuning, search_tuned};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("zhi_pai_query: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let start = Hexagram::from_number(args.first().ok_or("give a start card, 1-64")?.parse()?)?;
    let active = TrigramSet::parse_list(args.get(2).map_or("", String::as_str))?;
    let setup = match args.get(1).filter(|cards| !cards.is_empty() && *cards != "all") {
        Some(cards) => Setup::with_available(start, CardSet::parse_list(cards)?, active)?,
        None => Setup { active, ..Setup::new(start) },
    };
    let relax_after = match args.get(3).map(String::as_str) {
        None => Tuning::default().relax_after,
        Some("never") => None,
        Some(n) => Some(n.parse()?),
    };
    let began = Instant::now();
    let (outcome, effort) = search_tuned(&setup, &Budget::default(), Tuning { relax_after, ..Tuning::default() });
    let elapsed = began.elapsed();
    let answer = match outcome {
        Outcome::Optimal(s) => format!("shortest: {} cards", s.sequence.len()),
        Outcome::Impossible => "impossible".to_string(),
        Outcome::Unknown { lower_bound, stop, .. } => format!("unknown: at least {lower_bound} cards ({stop:?})"),
    };
    println!(
        "{answer}; {} positions, {} expansions, {} relaxed states, {} abstract states, {:.1} ms",
        effort.positions,
        effort.expansions,
        effort.relaxed_states,
        effort.abstract_states,
        elapsed.as_secs_f64() * 1000.0
    );
    Ok(())
}
