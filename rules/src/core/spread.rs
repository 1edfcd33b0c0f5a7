//! Spreads: a reading laid out in named positions, each position read as a three-card
//! cast ([`cast_three`]), the cards of the whole spread dealt from one shuffled deck
//! (docs/divination.md).

use crate::core::card::Card;
use crate::core::casting::{Cast, cast_three};
use crate::core::error::CoreError;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

/// The cards each position takes: one cast of the draw-three method.
pub const CARDS_PER_POSITION: usize = 3;

/// One place of a spread.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Position {
    /// Its name, printed on the sheet and in readings.
    pub name: &'static str,
    /// What the cast laid there speaks of.
    pub asks: &'static str,
    /// Where it lies on the table: column and row of a grid, from the top left.
    pub column: u8,
    pub row: u8,
}

/// A named spread: its positions in the order they are dealt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Spread {
    /// The word that names it on the command line and in the API.
    pub name: &'static str,
    /// One line saying what it is.
    pub about: &'static str,
    pub positions: &'static [Position],
}

const fn at(name: &'static str, asks: &'static str, column: u8, row: u8) -> Position {
    Position { name, asks, column, row }
}

/// Every spread, in the order they are listed.
pub const SPREADS: [Spread; 2] = [
    Spread {
        name: "three",
        about: "three positions in a row, left to right: situation, challenge, outcome",
        positions: &[
            at("situation", "where the matter stands", 0, 0),
            at("challenge", "what stands in the way", 1, 0),
            at("outcome", "where it tends if nothing changes", 2, 0),
        ],
    },
    Spread {
        name: "cross",
        about: "five positions in a cross: heart in the centre, then root below, past left, aim above, future right",
        positions: &[
            at("heart", "the matter itself", 1, 1),
            at("root", "what lies beneath it", 1, 2),
            at("past", "what led here", 0, 1),
            at("aim", "what is hoped for", 1, 0),
            at("future", "what comes next", 2, 1),
        ],
    },
];

/// The spread names, comma separated, as errors and help list them.
pub fn names() -> String {
    SPREADS.iter().map(|s| s.name).collect::<Vec<_>>().join(", ")
}

/// The spread called `name` (any case, surrounding space ignored).
pub fn spread(name: &str) -> Result<&'static Spread, CoreError> {
    let folded = super::folded(name);
    SPREADS
        .iter()
        .find(|s| s.name == folded)
        .ok_or_else(|| CoreError::UnknownSpread { name: name.to_string(), allowed: names() })
}

/// One position as read: its cards in the order laid (dark side up) and their cast.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PositionReading {
    pub position: &'static str,
    pub cards: [Card; CARDS_PER_POSITION],
    #[serde(flatten)]
    pub cast: Cast,
}

/// A whole spread as read, with the seed that repeats it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SpreadReading {
    pub spread: &'static str,
    pub seed: u64,
    pub positions: Vec<PositionReading>,
}

/// Shuffles the 64 cards with a generator seeded by `seed` and deals them three to a
/// position, in the spread's order; no card appears twice in a spread. The same seed
/// always gives the same reading.
pub fn draw_spread(spread: &Spread, seed: u64) -> SpreadReading {
    let mut deck: Vec<Card> = Card::all().collect();
    deck.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    let positions = spread
        .positions
        .iter()
        .zip(deck.chunks_exact(CARDS_PER_POSITION))
        .map(|(p, cards)| {
            let cards = [cards[0], cards[1], cards[2]];
            PositionReading { position: p.name, cards, cast: cast_three(cards) }
        })
        .collect();
    SpreadReading { spread: spread.name, seed, positions }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::card::Orientation;
    use crate::core::casting::cast;
    use crate::core::hexagram::{Hexagram, Line, LinePosition};

    #[test]
    fn names_are_found_in_any_case_and_unknown_ones_list_the_allowed() {
        assert_eq!(spread(" Three ").unwrap().name, "three");
        assert_eq!(spread("CROSS").unwrap().name, "cross");
        let err = spread("celtic").unwrap_err();
        assert_eq!(err.to_string(), "unknown spread \"celtic\"; expected one of three, cross");
    }

    #[test]
    fn every_spread_has_distinct_positions_on_distinct_places_and_fits_the_deck() {
        for s in SPREADS {
            let mut names: Vec<_> = s.positions.iter().map(|p| p.name).collect();
            let mut places: Vec<_> = s.positions.iter().map(|p| (p.column, p.row)).collect();
            names.sort();
            names.dedup();
            places.sort();
            places.dedup();
            assert_eq!(names.len(), s.positions.len(), "{}", s.name);
            assert_eq!(places.len(), s.positions.len(), "{}", s.name);
            assert!(s.positions.len() * CARDS_PER_POSITION <= 64, "{}", s.name);
        }
        assert_eq!(
            spread("three").unwrap().positions.iter().map(|p| p.name).collect::<Vec<_>>(),
            ["situation", "challenge", "outcome"]
        );
    }

    #[test]
    fn a_seed_repeats_its_spread_and_seeds_differ() {
        for s in &SPREADS {
            let a = draw_spread(s, 7);
            assert_eq!(a, draw_spread(s, 7));
            assert_eq!(a.positions.len(), s.positions.len());
            assert_ne!(a, draw_spread(s, 8), "{}: seeds 7 and 8 dealt the same", s.name);
            let mut cards: Vec<Card> = a.positions.iter().flat_map(|p| p.cards).collect();
            cards.sort();
            cards.dedup();
            assert_eq!(cards.len(), s.positions.len() * 3, "{}: a card dealt twice", s.name);
        }
    }

    /// Each position's cast, checked against [`cast`] from line values written here
    /// from the three cards' lines: 9 when all three are yang, 6 when all are yin,
    /// otherwise 7 or 8 by the majority.
    #[test]
    fn each_position_is_the_cast_of_its_three_cards() {
        for seed in 0..300 {
            for s in &SPREADS {
                for p in draw_spread(s, seed).positions {
                    let values: Vec<i64> = LinePosition::ALL
                        .iter()
                        .map(|&l| {
                            let yang = p.cards.iter().filter(|c| c.shows(Orientation::Dark).line(l) == Line::Yang);
                            [6, 8, 7, 9][yang.count()]
                        })
                        .collect();
                    assert_eq!(p.cast, cast(&values).unwrap(), "seed {seed} {}", p.position);
                }
            }
        }
    }

    /// A reading worked by hand: cards 1 (all yang), 2 (all yin) and 63 (yang, yin,
    /// yang, yin, yang, yin from the bottom) vote 1 against 2 on every line: lines 1, 3
    /// and 5 are young yang and 2, 4, 6 young yin, no line changes: hexagram 63.
    #[test]
    fn a_cast_worked_by_hand() {
        let card = |n| Card::from_number(n).unwrap();
        let c = cast_three([card(1), card(2), card(63)]);
        assert_eq!((c.primary.number(), c.relating, c.changing.len()), (63, None, 0));
        // Three times the same card (as drawn with replacement): every line changes.
        let c = cast_three([card(1), card(1), card(1)]);
        assert_eq!((c.primary, c.relating.map(Hexagram::number)), (Hexagram::from_number(1).unwrap(), Some(2)));
    }
}
