//! What the solver and the greedy player measured of I-Ching Solitaire, pinned: the book
//! prints these, each with its command
//! (`cargo run -p hexforge-rules --release --example solitaire_measure -- DEALS`), and a
//! test solves the first deals again and compares.

use super::greedy;
use super::solve::Solver;
use super::{Deal, Variant};
use crate::play::bots::{Bot, SEARCH_PLAYOUTS};

/// What a run over deals seeded 0, 1, … gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Measured {
    pub deals: u64,
    /// Deals the solver wins.
    pub winnable: u64,
    /// Deals the greedy player wins.
    pub greedy_wins: u64,
    /// Stock cards turned by the shortest win, deal by deal of the winnable ones: how many
    /// wins turn 0, 1, … 15.
    pub shortest: Vec<u64>,
}

impl Measured {
    /// The median of the shortest wins' stock cards turned.
    pub fn median_turned(&self) -> usize {
        let half = self.shortest.iter().sum::<u64>().div_ceil(2);
        let mut seen = 0;
        self.shortest
            .iter()
            .position(|&n| {
                seen += n;
                seen >= half
            })
            .unwrap_or(0)
    }
}

/// Solves deals `0..deals` in `variant` (and plays them greedily).
pub fn measure(deals: u64, variant: Variant) -> Measured {
    let mut solver = Solver::new();
    let mut m = Measured { deals, winnable: 0, greedy_wins: 0, shortest: vec![0; super::STOCK + 1] };
    for seed in 0..deals {
        let deal = Deal::shuffled(seed);
        if let Some(turned) = solver.shortest(&deal, variant) {
            m.winnable += 1;
            m.shortest[turned] += 1;
        }
        if greedy::play(&deal, variant).is_some() {
            m.greedy_wins += 1;
        }
    }
    m
}

/// The book's rules over deals seeded 0..2,000: the sample a test solves again (the book's
/// figures over 100,000 deals are in docs/solitaire.md, with their command).
pub fn sample() -> Measured {
    Measured {
        deals: 2_000,
        winnable: 1_595,
        greedy_wins: 30,
        shortest: vec![0, 0, 1, 4, 16, 31, 56, 99, 126, 160, 193, 210, 213, 171, 176, 139],
    }
}

/// The book's rules over deals seeded 0..100,000, as docs/solitaire.md prints them
/// (`cargo run -p hexforge-rules --release --example solitaire_measure -- 100000`; not
/// solved again by a test: a test solves [`sample`]).
pub fn hundred_thousand() -> Measured {
    Measured {
        deals: 100_000,
        winnable: 79_651,
        greedy_wins: 1_556,
        shortest: vec![
            2, 9, 57, 207, 621, 1_440, 2_827, 4_366, 6_544, 8_391, 9_524, 10_258, 10_203, 9_650, 8_504, 7_048,
        ],
    }
}

/// How often the engine's bots win deals seeded `first..first + deals`, and how many of
/// those deals the solver wins: the `greedy` bot, and the `search` bot (the play page's
/// Strong bot) with its default playouts, each seeded by the deal's seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotWins {
    pub first: u64,
    pub deals: u64,
    pub winnable: u64,
    pub greedy: u64,
    pub search: u64,
}

/// Plays the bots on deals `first..first + deals`.
pub fn bot_wins(first: u64, deals: u64) -> BotWins {
    let mut solver = Solver::new();
    let mut m = BotWins { first, deals, winnable: 0, greedy: 0, search: 0 };
    let search = Bot::Search { playouts: SEARCH_PLAYOUTS };
    for seed in first..first + deals {
        let deal = Deal::shuffled(seed);
        m.winnable += u64::from(solver.shortest(&deal, Variant::BOOK).is_some());
        m.greedy += u64::from(greedy::play(&deal, Variant::BOOK).is_some());
        m.search += u64::from(greedy::play_with(search, &deal, Variant::BOOK, seed).is_some());
    }
    m
}

/// The bots on deals seeded 0..1,000, as docs/solitaire.md prints them
/// (`cargo run -p hexforge-rules --release --example solitaire_measure -- 1000 bots`; not
/// played again by a test: a test plays [`bots_sample`]).
pub fn bots_thousand() -> BotWins {
    BotWins { first: 0, deals: 1_000, winnable: 802, greedy: 13, search: 22 }
}

/// The bots on deals seeded 0..20: the sample a test plays again.
pub fn bots_sample() -> BotWins {
    BotWins { first: 0, deals: 20, winnable: 18, greedy: 1, search: 1 }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// docs/solitaire.md prints the 100,000 deals' figures.
    #[test]
    fn the_docs_print_the_pinned_figures() {
        let doc = include_str!("../../../docs/solitaire.md");
        let m = hundred_thousand();
        assert_eq!(m.shortest.iter().sum::<u64>(), m.winnable);
        assert_eq!(m.median_turned(), 11);
        let thousands = crate::core::thousands;
        let pct = |n: u64| format!("{:.1} %", 100.0 * n as f64 / m.deals as f64);
        let shortest: Vec<String> = m.shortest.iter().map(|&n| thousands(n)).collect();
        for line in [
            format!("| deals the solver wins (knowing the stock) | {} ({}) |", thousands(m.winnable), pct(m.winnable)),
            format!("| deals the greedy player wins | {} ({}) |", thousands(m.greedy_wins), pct(m.greedy_wins)),
            format!(
                "| stock cards the shortest win turns, median | {} of 15 ({} moves) |",
                m.median_turned(),
                48 + m.median_turned()
            ),
            shortest.join(", "),
        ] {
            assert!(doc.contains(&line), "docs/solitaire.md lacks {line:?}");
        }
    }

    /// The pinned sample is what solving the deals again gives.
    #[test]
    fn the_pinned_sample_is_what_the_solver_gives() {
        let pinned = sample();
        let measured = measure(pinned.deals, Variant::BOOK);
        assert_eq!(measured, pinned, "cargo run -p hexforge-rules --release --example solitaire_measure -- 2000");
        assert_eq!(measured.shortest.iter().sum::<u64>(), measured.winnable);
        assert_eq!(measured.median_turned(), 11);
    }

    /// The bots' pinned sample is what playing the deals again gives
    /// (`cargo run -p hexforge-rules --release --example solitaire_measure -- 20 bots`).
    #[test]
    fn the_bots_sample_is_what_the_bots_give() {
        let pinned = bots_sample();
        assert_eq!(bot_wins(pinned.first, pinned.deals), pinned);
        let doc = include_str!("../../../docs/solitaire.md");
        let m = bots_thousand();
        for (who, wins) in
            [("the solver (knowing the stock)", m.winnable), ("the search bot", m.search), ("the greedy bot", m.greedy)]
        {
            let line = format!("| {who} | {wins} ({:.1} %) |", 100.0 * wins as f64 / m.deals as f64);
            assert!(doc.contains(&line), "docs/solitaire.md lacks {line:?}");
        }
        assert!(pinned.greedy <= pinned.winnable && pinned.search <= pinned.winnable);
    }
}
