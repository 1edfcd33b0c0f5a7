//! Casting a hexagram for divination: the 6/7/8/9 line values and the card methods
//! of the Changing Lines seed (section VII).

use crate::core::card::{Card, Orientation};
use crate::core::error::CoreError;
use crate::core::hexagram::{Hexagram, Line, LinePosition};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

/// The outcome of a cast: the primary hexagram and, when lines change, the relating one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Cast {
    pub primary: Hexagram,
    /// `None` when no line changes.
    pub relating: Option<Hexagram>,
    /// Changing lines, bottom first.
    pub changing: Vec<LinePosition>,
}

/// Casts from six line values, bottom first: 6 old yin (changing), 7 young yang,
/// 8 young yin, 9 old yang (changing).
pub fn cast(values: &[i64]) -> Result<Cast, CoreError> {
    if values.len() != 6 {
        return Err(CoreError::WrongCount { expected: 6, got: values.len() });
    }
    let mut primary = 0u8;
    let mut changing = Vec::new();
    for (i, (&value, position)) in values.iter().zip(LinePosition::ALL).enumerate() {
        let (line, changes) = match value {
            6 => (Line::Yin, true),
            7 => (Line::Yang, false),
            8 => (Line::Yin, false),
            9 => (Line::Yang, true),
            _ => return Err(CoreError::BadCastValue { line: i + 1, value }),
        };
        if line == Line::Yang {
            primary |= 1 << i;
        }
        if changes {
            changing.push(position);
        }
    }
    let primary = Hexagram::from_bits(primary);
    let relating = (!changing.is_empty()).then(|| primary.changed_lines(&changing).expect("each line appears once"));
    Ok(Cast { primary, relating, changing })
}

/// The value of one line when three cards vote on it: the majority gives the aspect,
/// and a unanimous vote makes it an old (changing) line.
fn vote(lines: [Line; 3]) -> i64 {
    match lines.iter().filter(|&&l| l == Line::Yang).count() {
        3 => 9,
        2 => 7,
        1 => 8,
        _ => 6,
    }
}

/// A card method of seed section VII.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DrawMethod {
    /// Draw a card for the primary hexagram; shuffle it back and draw again: every
    /// line where the two differ is changing (so the second card is the relating one).
    One,
    /// Turn over three cards; each line takes the majority aspect and is changing
    /// when all three agree.
    Three,
}

/// A card-drawn cast, with the cards drawn so a reading can be laid out again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Draw {
    pub method: DrawMethod,
    pub seed: u64,
    /// Cards in the order drawn, all dark side up.
    pub cards: Vec<Card>,
    #[serde(flatten)]
    pub cast: Cast,
}

/// Draws with a seeded generator, so the same seed always gives the same reading.
/// Cards are read dark side up. In `Three`, the three cards are distinct when
/// `replace` is false (turning over three cards), and may repeat when it is true
/// (the seed's variant that matches tossing coins).
pub fn draw(method: DrawMethod, seed: u64, replace: bool) -> Draw {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pick = |taken: &[Card]| loop {
        let card = Card::from_number(rng.random_range(1..=64)).expect("1..=64 is in range");
        if replace || !taken.contains(&card) {
            return card;
        }
    };
    match method {
        DrawMethod::One => {
            let first = pick(&[]);
            // The first card goes back into the deck before the second draw.
            let second = pick(&[]);
            let primary = first.shows(Orientation::Dark);
            let relating = second.shows(Orientation::Dark);
            let changing = primary.differing_lines(relating);
            let relating = (!changing.is_empty()).then_some(relating);
            Draw { method, seed, cards: vec![first, second], cast: Cast { primary, relating, changing } }
        }
        DrawMethod::Three => {
            let mut cards = Vec::with_capacity(3);
            for _ in 0..3 {
                let card = pick(&cards);
                cards.push(card);
            }
            let cast = cast_three([cards[0], cards[1], cards[2]]);
            Draw { method, seed, cards, cast }
        }
    }
}

/// The cast three cards give, read dark side up (method `Three`): each line takes the
/// majority aspect of the three cards' lines and changes when all three agree. Spreads
/// ([`crate::core::spread`]) read each position with it.
pub fn cast_three(cards: [Card; 3]) -> Cast {
    let shown = cards.map(|c| c.shows(Orientation::Dark));
    let values: Vec<i64> =
        LinePosition::ALL.iter().map(|&p| vote([shown[0].line(p), shown[1].line(p), shown[2].line(p)])).collect();
    cast(&values).expect("votes are always 6, 7, 8 or 9")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(lines: &[LinePosition]) -> Vec<u8> {
        lines.iter().map(|p| p.get()).collect()
    }

    #[test]
    fn all_changing_gives_63_to_64() {
        let c = cast(&[9, 6, 9, 6, 9, 6]).unwrap();
        assert_eq!(c.primary.number(), 63);
        assert_eq!(c.relating.map(|h| h.number()), Some(64));
        assert_eq!(numbers(&c.changing), [1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn young_lines_do_not_change() {
        let c = cast(&[7, 7, 7, 7, 7, 7]).unwrap();
        assert_eq!(c.primary.number(), 1);
        assert_eq!(c.relating, None);
        assert!(c.changing.is_empty());
        let c = cast(&[8, 8, 8, 7, 7, 7]).unwrap();
        assert_eq!(c.primary.number(), 12);
        let c = cast(&[8, 6, 8, 7, 7, 7]).unwrap();
        assert_eq!((c.primary.number(), c.relating.unwrap().number()), (12, 6));
    }

    #[test]
    fn bad_values_name_the_line() {
        assert_eq!(cast(&[7, 7, 5, 7, 7, 7]), Err(CoreError::BadCastValue { line: 3, value: 5 }));
        assert_eq!(cast(&[7, 7, 7, 7, 7]), Err(CoreError::WrongCount { expected: 6, got: 5 }));
    }

    #[test]
    fn votes() {
        use Line::*;
        assert_eq!(vote([Yang, Yang, Yang]), 9);
        assert_eq!(vote([Yang, Yin, Yang]), 7);
        assert_eq!(vote([Yin, Yin, Yang]), 8);
        assert_eq!(vote([Yin, Yin, Yin]), 6);
    }

    #[test]
    fn draws_are_reproducible_and_consistent() {
        for seed in 0..200 {
            for method in [DrawMethod::One, DrawMethod::Three] {
                let d = draw(method, seed, false);
                assert_eq!(d, draw(method, seed, false));
                // The relating hexagram is always the primary with the changing lines flipped.
                let expect = d.cast.primary.changed_lines(&d.cast.changing).unwrap();
                assert_eq!(d.cast.relating.unwrap_or(d.cast.primary), expect);
                if method == DrawMethod::Three {
                    let mut cards = d.cards.clone();
                    cards.dedup();
                    cards.sort();
                    cards.dedup();
                    assert_eq!(cards.len(), 3, "three distinct cards without replacement");
                    for p in LinePosition::ALL {
                        let yang = d.cards.iter().filter(|c| c.shows(Orientation::Dark).line(p) == Line::Yang).count();
                        assert_eq!(d.cast.primary.line(p) == Line::Yang, yang >= 2);
                        assert_eq!(d.cast.changing.contains(&p), yang == 0 || yang == 3);
                    }
                } else {
                    assert_eq!(d.cast.primary, d.cards[0].shows(Orientation::Dark));
                }
            }
        }
    }
}
