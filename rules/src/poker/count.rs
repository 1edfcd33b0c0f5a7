//! The exact count of I-Ching Poker's hands: every one of the C(64,5) = 7,624,512 sets of
//! five cards, in each orientation mode, by class, with what each class's probability is.

use super::features::{FEATURES, reachable};
use super::hand::{Class, Mode, rank_of};
use serde::Serialize;

/// Every five-card hand: C(64, 5).
pub const HANDS: u64 = 7_624_512;

/// How many hands reach each combination of features (indexed by the feature bits).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Census {
    pub mode: Mode,
    pub by_features: Vec<u64>,
}

/// One row of the table: a class, the hands whose best class it is, and the hands that can
/// show it at all (a Pair's hands include every Two Pairs, Three…).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Row {
    pub class: Class,
    pub hands: u64,
    pub showing: u64,
}

impl Row {
    /// The chance that five cards dealt from a shuffled deck make this class.
    pub fn probability(&self) -> f64 {
        self.hands as f64 / HANDS as f64
    }
}

impl Census {
    /// Counts every hand (cards as 6-bit hexagrams, in increasing order).
    pub fn take(mode: Mode) -> Census {
        let mut by_features = vec![0u64; 1 << FEATURES];
        for a in 0..64u8 {
            for b in a + 1..64 {
                for c in b + 1..64 {
                    for d in c + 1..64 {
                        for e in d + 1..64 {
                            by_features[reachable(&[a, b, c, d, e], mode == Mode::Variable) as usize] += 1;
                        }
                    }
                }
            }
        }
        Census { mode, by_features }
    }

    /// Hands that can show this class (whatever else they show).
    pub fn showing(&self, class: Class) -> u64 {
        self.by_features.iter().enumerate().filter(|(m, _)| *m as u16 & class.bit() != 0).map(|(_, n)| n).sum()
    }

    /// The mode's table, highest class first.
    pub fn table(&self) -> Vec<Row> {
        let ranking = self.mode.ranking();
        let mut hands = vec![0u64; ranking.len()];
        for (m, n) in self.by_features.iter().enumerate() {
            if *n > 0 {
                hands[rank_of(self.mode, m as u16)] += n;
            }
        }
        ranking.iter().zip(hands).map(|(&class, hands)| Row { class, hands, showing: self.showing(class) }).collect()
    }
}

/// The table as text: class, hands, probability, one hand in how many.
pub fn text(rows: &[Row]) -> String {
    let mut out = format!("{:<16} {:>10} {:>11} {:>10}\n", "class", "hands", "probability", "1 in");
    for row in rows {
        out += &format!(
            "{:<16} {:>10} {:>11.6} {:>10.1}\n",
            row.class.name(),
            row.hands,
            row.probability(),
            HANDS as f64 / row.hands as f64
        );
    }
    out += &format!("{:<16} {:>10}\n", "all", rows.iter().map(|r| r.hands).sum::<u64>());
    out
}

/// Every class, in the order the feature bits hold them (lowest bit first).
pub const CLASSES: [Class; 11] = [
    Class::Pair,
    Class::TwoPairs,
    Class::Three,
    Class::Scatter,
    Class::House,
    Class::Twins,
    Class::Four,
    Class::TwoComplements,
    Class::Chain,
    Class::TwoTwins,
    Class::Five,
];

/// The longest orders of classes (each the best class of its hands) whose counts never fall
/// from the top of the table down, and that leave no hand without a class: the tables that
/// rank by rarity. Searched exhaustively over the census.
pub fn rarity_orders(census: &Census) -> Vec<Vec<Class>> {
    let masks: Vec<(u16, u64)> =
        census.by_features.iter().enumerate().filter(|(_, n)| **n > 0).map(|(m, n)| (m as u16, *n)).collect();
    let mut found = Vec::new();
    search(&masks, 0, &mut Vec::new(), 0, &mut found);
    let longest = found.iter().map(Vec::len).max().unwrap_or(0);
    found.retain(|order| order.len() == longest);
    found
}

fn search(masks: &[(u16, u64)], taken: u16, order: &mut Vec<Class>, last: u64, found: &mut Vec<Vec<Class>>) {
    let left: Vec<(u16, u64)> = masks.iter().copied().filter(|(m, _)| m & taken == 0).collect();
    if left.is_empty() {
        found.push(order.clone());
        return;
    }
    for class in CLASSES {
        if taken & class.bit() != 0 {
            continue;
        }
        let hands: u64 = left.iter().filter(|(m, _)| m & class.bit() != 0).map(|(_, n)| n).sum();
        if hands > 0 && hands >= last {
            order.push(class);
            search(&left, taken | class.bit(), order, hands, found);
            order.pop();
        }
    }
}
