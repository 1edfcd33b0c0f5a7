//! The daily solitaire: a deal a day, proven winnable by the solver, and the player's result
//! set beside the shortest win, with the words a player shares. The day's id is
//! `solitaire-YYYY-MM-DD`; its text, through SHA-256 like the other puzzles' ids, gives a
//! seed, and the day's deal is the first deal from that seed on that the solver wins. The
//! deal's seed is below 2³², so the play page plays it as `/play/solitaire?seed=N`.

use super::solve::Solver;
use super::{Deal, Variant};
use crate::puzzles::Date;
use sha2::{Digest, Sha256};

/// A day's deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Daily {
    /// `solitaire-YYYY-MM-DD`.
    pub id: String,
    /// The seed that deals it ([`Deal::shuffled`]).
    pub seed: u64,
    pub deal: Deal,
    /// The fewest stock cards a win turns.
    pub shortest: usize,
}

impl Daily {
    /// The deal of `date`.
    pub fn of(date: Date) -> Daily {
        let id = format!("solitaire-{date}");
        let digest: [u8; 32] = Sha256::digest(id.as_bytes()).into();
        let first = u64::from(u32::from_le_bytes([digest[0], digest[1], digest[2], digest[3]]));
        let mut solver = Solver::new();
        // Four deals in five are winnable: a winnable one comes within a few seeds.
        let (seed, deal, shortest) = (first..)
            .map(|seed| (seed, Deal::shuffled(seed)))
            .find_map(|(seed, deal)| solver.shortest(&deal, Variant::BOOK).map(|n| (seed, deal, n)))
            .expect("a winnable deal");
        Daily { id, seed, deal, shortest }
    }

    /// The player's result in words, beside the shortest win: `turned` is the stock cards
    /// the player turned when they cleared the piles, `None` when the stock ran out first.
    pub fn result(&self, turned: Option<usize>) -> String {
        match turned {
            Some(n) if n == self.shortest => format!("cleared turning {n} stock cards: the shortest win"),
            Some(n) => format!("cleared turning {n} stock cards; the shortest win turns {}", self.shortest),
            None => format!("not cleared; the shortest win turns {} stock cards", self.shortest),
        }
    }

    /// The text a player shares: the day, the result and a bar of the stock, one mark a
    /// card: ■ turned by the player, □ left; never the deal.
    pub fn share(&self, turned: Option<usize>) -> String {
        let bar: String = match turned {
            Some(n) => (0..super::STOCK).map(|i| if i < n { '■' } else { '□' }).collect(),
            None => "✗".to_string(),
        };
        format!("I-Ching Solitaire {}: {}\n{bar}", &self.id["solitaire-".len()..], self.result(turned))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_deals_a_deal_the_solver_wins_and_says_the_result_beside_the_shortest() {
        let day = Daily::of(Date::new(2026, 11, 29).unwrap());
        assert_eq!(day.id, "solitaire-2026-11-29");
        assert!(day.seed < 1 << 32);
        assert_eq!(day.deal, Deal::shuffled(day.seed));
        assert_eq!(Solver::new().shortest(&day.deal, Variant::BOOK), Some(day.shortest));
        assert_eq!(Daily::of(Date::new(2026, 11, 29).unwrap()), day, "the same day, the same deal");
        assert_ne!(Daily::of(Date::new(2026, 11, 30).unwrap()).deal, day.deal);
        let n = day.shortest;
        assert!(day.result(Some(n)).ends_with("the shortest win"));
        assert!(day.result(Some(n + 1)).contains(&format!("shortest win turns {n}")));
        let share = day.share(Some(n));
        assert!(share.starts_with("I-Ching Solitaire 2026-11-29: cleared"), "{share}");
        assert_eq!(share.chars().filter(|&c| c == '■').count(), n);
        assert!(day.share(None).contains("not cleared"));
    }
}
