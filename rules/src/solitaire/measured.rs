//! What the solver and the greedy player measured of I-Ching Solitaire, pinned: the book
//! prints these, each with its command
//! (`cargo run -p hexforge-rules --release --example solitaire_measure -- DEALS`), and a
//! test solves the first deals again and compares.

use super::greedy;
use super::solve::Solver;
use super::{Deal, Variant};

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

/// The book's rules over deals seeded 0..10,000, as docs/solitaire.md prints them
/// (`cargo run -p hexforge-rules --release --example solitaire_measure -- 10000`; not
/// solved again by a test: a test solves [`sample`]).
pub fn ten_thousand() -> Measured {
    Measured {
        deals: 10_000,
        winnable: 7_995,
        greedy_wins: 151,
        shortest: vec![0, 0, 5, 23, 63, 156, 288, 448, 650, 840, 958, 1_038, 1_034, 938, 810, 744],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// docs/solitaire.md prints the 10,000 deals' figures.
    #[test]
    fn the_docs_print_the_pinned_figures() {
        let doc = include_str!("../../../docs/solitaire.md");
        let m = ten_thousand();
        assert_eq!(m.shortest.iter().sum::<u64>(), m.winnable);
        assert_eq!(m.median_turned(), 11);
        for line in [
            "| deals the solver wins (knowing the stock) | 7,995 (80.0 %) |".to_string(),
            format!("| deals the greedy player wins | {} (1.5 %) |", m.greedy_wins),
            format!(
                "| stock cards the shortest win turns, median | {} of 15 ({} moves) |",
                m.median_turned(),
                48 + m.median_turned()
            ),
            "0, 0, 5, 23, 63, 156, 288, 448, 650, 840, 958, 1,038, 1,034, 938, 810, 744".to_string(),
        ] {
            assert!(doc.contains(&line), "docs/solitaire.md lacks {line:?}");
        }
        assert_eq!(100.0 * m.winnable as f64 / m.deals as f64, 79.95);
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
}
