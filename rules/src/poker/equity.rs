//! A hand's equity: the share of the pot it wins against opponents whose cards are unseen,
//! estimated by dealing the unseen cards at random (what a search player weighs a hand by).

use super::hand::{Hand, Mode};
use crate::core::card::Card;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use std::cmp::Ordering;

/// The share of the pot `mine` wins, on average over `samples` deals of five cards to each
/// of `opponents` from the cards neither in `mine` nor in `seen` (a tie shares the pot).
/// Every hand lies its best way (`mine` as it is given).
pub fn equity(mode: Mode, mine: &Hand, seen: &[Card], opponents: usize, samples: u32, rng: &mut ChaCha8Rng) -> f64 {
    let mut unseen: Vec<Card> = Card::all().filter(|c| !mine.cards.contains(c) && !seen.contains(c)).collect();
    assert!(unseen.len() >= 5 * opponents, "not enough unseen cards for {opponents} opponents");
    let mut won = 0.0;
    for _ in 0..samples {
        unseen.shuffle(rng);
        let mut best = Ordering::Greater;
        let mut ties = 0;
        for o in 0..opponents {
            let cards: [Card; 5] = std::array::from_fn(|i| unseen[5 * o + i]);
            match mine.beats(&Hand::best(mode, cards, [None; 5])) {
                Ordering::Less => best = Ordering::Less,
                Ordering::Equal => ties += 1,
                Ordering::Greater => {}
            }
            if best == Ordering::Less {
                break;
            }
        }
        if best == Ordering::Greater {
            won += 1.0 / (ties + 1) as f64;
        }
    }
    won / f64::from(samples)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::hexagram::Hexagram;
    use rand::SeedableRng;

    fn hand(mode: Mode, bits: [u8; 5]) -> Hand {
        Hand::best(mode, bits.map(|b| Card::new(Hexagram::from_bits(b))), [None; 5])
    }

    #[test]
    fn a_five_nearly_always_wins_and_a_pair_less_than_half() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let five = hand(Mode::Fixed, [7, 15, 23, 31, 39]);
        assert!(equity(Mode::Fixed, &five, &[], 3, 2000, &mut rng) > 0.99);
        // A Pair (000001 and 000010 share the upper trigram; nothing else is shared) loses
        // to every hand of a higher class: 55 % of them (docs/poker.md).
        let pair = hand(Mode::Fixed, [0b000_001, 0b000_010, 0b011_101, 0b110_110, 0b101_011]);
        assert_eq!(pair.class, super::super::hand::Class::Pair, "{pair:?}");
        assert!(equity(Mode::Fixed, &pair, &[], 1, 2000, &mut rng) < 0.46);
    }

    /// Against one opponent, a hand dealt at random wins half the pot on average: the game
    /// is fair between two seats, and the estimate is not biased.
    #[test]
    fn a_random_hand_wins_half_on_average() {
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        for mode in Mode::BOTH {
            let mut deck: Vec<Card> = Card::all().collect();
            let (mut total, hands) = (0.0, 400);
            for _ in 0..hands {
                deck.shuffle(&mut rng);
                let mine = Hand::best(mode, std::array::from_fn(|i| deck[i]), [None; 5]);
                total += equity(mode, &mine, &[], 1, 50, &mut rng);
            }
            let mean = total / f64::from(hands);
            // 20,000 duels: a standard error of about 0.0035 (each duel's share has a
            // spread of at most 0.5, less the spread between hands).
            assert!((mean - 0.5).abs() < 0.03, "{mode:?}: {mean}");
        }
    }
}
