//! I-Ching Poker's tables, pinned: docs/poker.md prints them, and the tests count every
//! hand again (`cargo run -p hexforge-rules --release --example poker_table` prints them).

use super::count::Row;
use super::hand::Class;

/// The fixed-orientation table: (class, hands whose best class it is).
pub const FIXED: [(Class, u64); 11] = [
    (Class::Five, 896),
    (Class::Chain, 18_432),
    (Class::TwoTwins, 22_584),
    (Class::TwoComplements, 28_488),
    (Class::Four, 59_264),
    (Class::House, 164_864),
    (Class::Scatter, 368_736),
    (Class::Twins, 926_112),
    (Class::Three, 1_043_976),
    (Class::TwoPairs, 1_592_928),
    (Class::Pair, 3_398_232),
];

/// The variable-orientation table.
pub const VARIABLE: [(Class, u64); 8] = [
    (Class::Five, 24_024),
    (Class::TwoComplements, 168_768),
    (Class::Chain, 183_648),
    (Class::Four, 469_992),
    (Class::Twins, 722_208),
    (Class::House, 1_064_256),
    (Class::Scatter, 1_805_856),
    (Class::Pair, 3_185_760),
];

/// A table's (class, hands) pairs.
pub fn pairs(rows: &[Row]) -> Vec<(Class, u64)> {
    rows.iter().map(|r| (r.class, r.hands)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poker::count::{Census, HANDS, rarity_orders};
    use crate::poker::hand::Mode;

    /// docs/poker.md prints the pinned tables, row by row, in order.
    #[test]
    fn the_docs_print_the_pinned_tables() {
        let doc = include_str!("../../../docs/poker.md");
        let mut from = 0;
        for (class, hands) in FIXED.iter().chain(VARIABLE.iter()) {
            let row = format!(
                "| {} | {} | {:.6} |",
                class.name(),
                crate::core::thousands(*hands),
                *hands as f64 / 7_624_512.0
            );
            let at = doc[from..].find(&row).unwrap_or_else(|| panic!("docs/poker.md lacks {row:?} after byte {from}"));
            from += at + row.len();
        }
    }

    fn binomial(n: u64, k: u64) -> u64 {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }

    /// Every hand counted again, in both modes: the pinned tables are what the count gives,
    /// the tables rank by rarity, and the counts that have a closed form have it.
    #[test]
    fn every_hand_counted_gives_the_pinned_tables() {
        assert_eq!(binomial(64, 5), HANDS);
        for (mode, pinned) in [(Mode::Fixed, &FIXED[..]), (Mode::Variable, &VARIABLE[..])] {
            let census = Census::take(mode);
            assert_eq!(census.by_features.iter().sum::<u64>(), HANDS);
            let table = census.table();
            assert_eq!(pairs(&table), pinned, "{mode:?}");
            assert!(pinned.windows(2).all(|w| w[0].1 < w[1].1), "{mode:?}: rarest first");
            // Two twin pairs: 2 of the 28 pairs of twins, and any of the 60 other cards.
            assert_eq!(census.showing(Class::TwoTwins), binomial(28, 2) * 60);
            // A twin pair at least: inclusion and exclusion over the 28 pairs.
            assert_eq!(census.showing(Class::Twins), 28 * binomial(62, 3) - binomial(28, 2) * 60);
            // The tables are among the longest that rank by rarity (found by search).
            let orders = rarity_orders(&census);
            assert!(orders.contains(&mode.ranking().to_vec()), "{mode:?}: {orders:?}");
            if mode == Mode::Fixed {
                // Five of a trigram: a place, a trigram, 5 of its 8 hexagrams.
                assert_eq!(census.showing(Class::Five), 2 * 8 * binomial(8, 5));
                // No trigram shared: 5 of 8 lower trigrams, 5 of 8 upper, matched.
                assert_eq!(census.showing(Class::Scatter), binomial(8, 5) * binomial(8, 5) * 120);
                assert_eq!(orders.len(), 1, "one longest table");
            } else {
                // Two longest tables: Five or Two Twins at the top.
                assert_eq!(orders.len(), 2, "{orders:?}");
                assert!(orders.iter().any(|o| o[0] == Class::TwoTwins));
            }
        }
    }
}
