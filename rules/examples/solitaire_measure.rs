//! Solves seeded I-Ching Solitaire deals exactly and plays them greedily; prints the share
//! winnable, the greedy player's wins, the shortest wins and the solver's times:
//! `cargo run -p hexforge-rules --release --example solitaire_measure -- DEALS [variants]`;
//! with `bots [FIRST]`, how often the greedy and search bots win deals FIRST.. (the search
//! bot is slow: a few hundred deals); with `daily`, the daily deals of DEALS days from
//! 2026-01-01 made from their ids as the service makes them (the first winnable deal from the
//! id's seed, proven and with one shortest win): the time a day, and the deals passed over.

use hexforge_rules::solitaire::greedy;
use hexforge_rules::solitaire::solve::Solver;
use hexforge_rules::solitaire::{Deal, Variant};
use std::time::Instant;

fn run(deals: u64, variant: Variant) {
    let mut solver = Solver::new();
    let (mut winnable, mut greedy_wins) = (0u64, 0u64);
    let mut shortest = vec![0u64; hexforge_rules::solitaire::STOCK + 1];
    let mut times = Vec::with_capacity(deals as usize);
    let mut states = Vec::with_capacity(deals as usize);
    for seed in 0..deals {
        let deal = Deal::shuffled(seed);
        let start = Instant::now();
        let result = solver.shortest(&deal, variant);
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        states.push(solver.states);
        if let Some(turned) = result {
            winnable += 1;
            shortest[turned] += 1;
        }
        greedy_wins += u64::from(greedy::play(&deal, variant).is_some());
    }
    times.sort_by(f64::total_cmp);
    states.sort_unstable();
    let pct = |n: u64| 100.0 * n as f64 / deals as f64;
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    println!("{}: {deals} deals (seeds 0..{deals})", variant.name());
    println!("  winnable {winnable} ({:.1} %), greedy wins {greedy_wins} ({:.1} %)", pct(winnable), pct(greedy_wins));
    println!("  shortest win, stock cards turned (0..=15): {shortest:?}");
    println!(
        "  solver ms: median {:.2}, p90 {:.2}, p99 {:.2}, max {:.2}; states median {}, max {}",
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0),
        states[states.len() / 2],
        states[states.len() - 1]
    );
}

/// The daily path: `solitaire-YYYY-MM-DD` to its deal, over `days` days from 2026-01-01.
fn daily(days: u64) {
    use hexforge_rules::puzzles::{Date, Puzzle, PuzzleGame, PuzzleId};
    let first = 1_767_225_600u64; // 2026-01-01 00:00 UTC
    let mut times = Vec::new();
    let mut passed = 0u64;
    for d in 0..days {
        let id = PuzzleId::daily(PuzzleGame::Solitaire, Date::from_unix_seconds(first + d * 86_400));
        let start = Instant::now();
        let Puzzle::Solitaire(p) = Puzzle::from_id(&id) else { unreachable!("a solitaire id") };
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        let seed = id.seed();
        passed += p.seed - u64::from(u32::from_le_bytes([seed[0], seed[1], seed[2], seed[3]]));
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    println!("daily solitaire: {days} days from 2026-01-01, {passed} unwinnable deals passed over");
    println!("  ms a day: median {:.2}, p90 {:.2}, p99 {:.2}, max {:.2}", at(0.5), at(0.9), at(0.99), at(1.0));
}

fn main() {
    let mut args = std::env::args().skip(1);
    let deals: u64 = args.next().map_or(1000, |a| a.parse().expect("DEALS: a number of deals"));
    let mode = args.next();
    if mode.as_deref() == Some("bots") {
        let first: u64 = args.next().map_or(0, |a| a.parse().expect("FIRST: the first deal's seed"));
        let m = hexforge_rules::solitaire::measured::bot_wins(first, deals);
        let rate = |wins: u64| {
            let r = hexforge_rules::play::simulate::Rate::of(wins, deals);
            format!("{wins} ({:.1} %, 95 % interval {:.1} to {:.1} %)", 100.0 * r.rate, 100.0 * r.low, 100.0 * r.high)
        };
        println!("bots: {deals} deals (seeds {first}..{})", first + deals);
        println!("  winnable {}", rate(m.winnable));
        println!("  greedy wins {}", rate(m.greedy));
        println!("  search wins {}", rate(m.search));
        return;
    }
    if mode.as_deref() == Some("daily") {
        daily(deals);
        return;
    }
    let variants = mode.is_some_and(|a| a == "variants");
    run(deals, Variant::BOOK);
    if variants {
        for (readings, complements, mirrors) in
            [(true, false, true), (true, true, false), (false, true, true), (true, false, false)]
        {
            run(deals, Variant { readings, complements, mirrors });
        }
    }
}
