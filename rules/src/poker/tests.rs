//! I-Ching Poker's hands on examples made by hand, and the best orientation against the
//! count's shortcut.

use super::hand::{Class, Hand, Mode, class_of};
use crate::core::card::{Card, Orientation};
use crate::core::hexagram::Hexagram;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use std::cmp::Ordering;

/// Cards named by the bits of their dark faces (bit `i - 1` = line `i`, 1 = yang).
fn cards(bits: [u8; 5]) -> [Card; 5] {
    bits.map(|b| Card::new(Hexagram::from_bits(b)))
}

#[test]
fn five_of_a_lower_trigram_is_a_five() {
    // Heaven below (lines 1-3 yang) under five different uppers.
    let hand = cards([0b000_111, 0b001_111, 0b010_111, 0b011_111, 0b100_111]);
    assert_eq!(class_of(Mode::Fixed, hand), Class::Five);
    assert_eq!(class_of(Mode::Variable, hand), Class::Five);
}

#[test]
fn a_row_of_single_changed_lines_is_a_chain_above_its_four() {
    // 000000 → 000001 → 000011 → 000111 → 001111: four share the upper trigram too.
    let hand = cards([0b000_000, 0b000_001, 0b000_011, 0b000_111, 0b001_111]);
    assert_eq!(class_of(Mode::Fixed, hand), Class::Chain);
}

#[test]
fn no_trigram_shared_is_a_scatter_above_the_twins_it_holds() {
    // The five Doubles 0, 9, 18, 27, 36: lower and upper trigrams all different; 9 and 36
    // are twins (001001 upside down is 100100).
    let hand = cards([0, 9, 18, 27, 36]);
    assert_eq!(class_of(Mode::Fixed, hand), Class::Scatter);
}

#[test]
fn twins_are_a_card_and_the_card_showing_it_turned() {
    // 000001 and 100000 are twins; 000010 shares the upper trigram with 000001, and
    // nothing else is shared: a Pair, with twins.
    let bits = [0b000_001, 0b100_000, 0b000_010, 0b011_101, 0b110_110];
    let fixed = Hand::best(Mode::Fixed, cards(bits), [None; 5]);
    assert_eq!(fixed.class, Class::Twins, "{fixed:?}");
    // Turned so that both show 000001, the twins share both trigrams; the variable game
    // finds its best hand among all 32 ways the cards can lie.
    let variable = Hand::best(Mode::Variable, cards(bits), [None; 5]);
    assert_eq!(variable.class, class_of(Mode::Variable, cards(bits)));
    assert!(variable.rank <= Mode::Variable.ranking().iter().position(|&c| c == Class::Twins).unwrap());
}

#[test]
fn in_one_class_the_higher_numbers_shown_win_and_equal_hands_split() {
    let a = Hand::lying(Mode::Fixed, cards([0, 9, 18, 27, 36]), [Orientation::Dark; 5]);
    let b = Hand::lying(Mode::Fixed, cards([0, 9, 18, 27, 45]), [Orientation::Dark; 5]);
    assert_eq!((a.class, b.class), (Class::Scatter, Class::Scatter));
    let expected = a.shown.cmp(&b.shown);
    assert_ne!(expected, Ordering::Equal);
    assert_eq!(a.beats(&b), expected);
    assert_eq!(b.beats(&a), expected.reverse());
    assert_eq!(a.beats(&a), Ordering::Equal);
    // A higher class wins whatever the numbers.
    let five = Hand::lying(Mode::Fixed, cards([7, 15, 23, 31, 39]), [Orientation::Dark; 5]);
    assert_eq!(five.beats(&a), Ordering::Greater);
}

#[test]
fn a_card_fixed_when_shown_keeps_its_orientation() {
    let bits = [0b000_111, 0b001_111, 0b010_111, 0b011_111, 0b111_000];
    // The fifth card shows 111000 dark and 000111 turned: the first card's face (they are
    // twins). With the fifth turned, five share the lower trigram; with the other four
    // turned, the upper one.
    let free = Hand::best(Mode::Variable, cards(bits), [None; 5]);
    assert_eq!(free.class, Class::Five);
    assert_ne!(free.orientations[0], free.orientations[4]);
    // Both twins shown dark: one has Heaven below and Earth above, the other the reverse,
    // so no trigram is shared by all five.
    let dark = Some(Orientation::Dark);
    let pinned = Hand::best(Mode::Variable, cards(bits), [dark, None, None, None, dark]);
    assert_ne!(pinned.class, Class::Five);
    assert_eq!(pinned.orientations[4], Orientation::Dark);
}

/// The count's shortcut (the union of features over 16 ways, the first card dark) gives the
/// class the game's search over all 32 ways finds, on 20,000 seeded hands.
#[test]
fn the_best_orientation_reaches_the_class_the_count_gives() {
    let mut rng = ChaCha8Rng::seed_from_u64(46);
    let mut deck: Vec<Card> = Card::all().collect();
    for _ in 0..20_000 {
        deck.shuffle(&mut rng);
        let hand: [Card; 5] = std::array::from_fn(|i| deck[i]);
        for mode in Mode::BOTH {
            assert_eq!(Hand::best(mode, hand, [None; 5]).class, class_of(mode, hand), "{mode:?} {hand:?}");
        }
    }
}
