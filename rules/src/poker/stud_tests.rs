//! I-Ching Stud's rules, checked on hands set up by hand: the betting round, side pots and
//! split pots, the up cards' fixed orientation, the end of a session, and a determinized
//! state that its seat cannot tell from the true one.

use super::hand::{Hand, Mode};
use super::stud::{Action, Event, STACK, Stud, share_pots, shuffled_decks};
use crate::core::card::{Card, Orientation};
use crate::core::hexagram::Hexagram;
use crate::play::bots::Bot;
use crate::play::{Game, Outcome};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn cards(bits: [u8; 5]) -> [Card; 5] {
    bits.map(|b| Card::new(Hexagram::from_bits(b)))
}

fn chips(game: &Stud) -> u32 {
    game.stacks.iter().sum::<u32>() + game.pot()
}

#[test]
fn an_all_in_player_wins_from_each_other_at_most_what_they_put_in() {
    // Seat 0 holds a Five and put in 3 (all it had); seat 1 a Pair-beating hand and seat 2
    // the worst, 10 each. Seat 0 takes 3 from each (9); seat 1 takes the rest (14).
    let five = Hand::best(Mode::Fixed, cards([7, 15, 23, 31, 39]), [None; 5]);
    let four = Hand::best(Mode::Fixed, cards([7, 15, 23, 31, 0b111_110]), [None; 5]);
    let pair = Hand::best(Mode::Fixed, cards([0b000_001, 0b000_010, 0b011_101, 0b110_110, 0b101_011]), [None; 5]);
    assert_eq!(four.class, super::hand::Class::Four, "{four:?}");
    let (won, split) = share_pots(&[3, 10, 10], &[Some(five), Some(four), Some(pair)], vec![1, 2, 0]);
    assert_eq!(won, vec![9, 14, 0]);
    assert!(!split);
    // A folded player's chips go to the pots; it contests none.
    let (won, _) = share_pots(&[3, 10, 6], &[Some(five), Some(pair), None], vec![0, 1, 2]);
    assert_eq!(won, vec![9, 10, 0]);
}

#[test]
fn equal_hands_split_the_pot_and_the_odd_chip_goes_first_from_the_dealers_left() {
    // Five cards dark, and their twins turned light: the same five hexagrams shown.
    let dark = [0b000_001u8, 0b000_011, 0b000_111, 0b001_011, 0b010_111];
    let twins = dark.map(super::features::turned);
    let a = Hand::lying(Mode::Variable, cards(dark), [Orientation::Dark; 5]);
    let b = Hand::lying(Mode::Variable, cards(twins), [Orientation::Light; 5]);
    assert!(a.beats(&b).is_eq(), "{a:?} {b:?}");
    let (won, split) = share_pots(&[3, 2, 2], &[None, Some(b), Some(a)], vec![2, 0, 1]);
    assert!(split);
    assert_eq!(won, vec![0, 3, 4], "seat 2 sits first from the dealer's left: it takes the odd chip");
}

#[test]
fn checking_all_round_reaches_the_showdown_and_the_best_hand_takes_the_antes() {
    let mut game = Stud::new(Mode::Fixed, 2, shuffled_decks(2, 4)).unwrap();
    assert_eq!(game.pot(), 2, "one ante each");
    assert_eq!(game.to_move(), Some(0), "the dealer is seat 1: seat 0 acts first");
    for _ in 0..6 {
        assert_eq!(game.legal_actions(), vec![Action::Check, Action::Bet]);
        game.apply(Action::Check).unwrap();
    }
    let settled = game.last.clone().expect("the first hand settled");
    assert_eq!(settled.hand, 1);
    assert_eq!(settled.won.iter().sum::<u32>(), 2);
    let shown: Vec<Hand> = settled.shown.iter().map(|h| h.expect("both shown")).collect();
    let winner = if settled.won[0] > 0 { 0 } else { 1 };
    assert!(shown[winner].beats(&shown[1 - winner]).is_ge());
    assert_eq!(chips(&game), 2 * STACK);
    assert_eq!(game.dealer, 0, "the deal passed left");
    assert_eq!(game.to_move(), Some(1));
}

#[test]
fn a_bet_must_be_answered_and_a_round_allows_a_bet_and_two_raises() {
    let mut game = Stud::new(Mode::Fixed, 2, shuffled_decks(2, 9)).unwrap();
    game.apply(Action::Bet).unwrap();
    let refused = game.clone().replay(1, &Event::Check).unwrap_err();
    assert_eq!(refused.rule, "must-call");
    assert_eq!(game.legal_actions(), vec![Action::Fold, Action::Call, Action::Raise]);
    game.apply(Action::Raise).unwrap();
    game.apply(Action::Raise).unwrap();
    assert_eq!(game.legal_actions(), vec![Action::Fold, Action::Call], "the cap: one bet and two raises");
    assert_eq!(game.clone().replay(1, &Event::Raise).unwrap_err().rule, "cap");
    game.apply(Action::Fold).unwrap();
    // Seat 1 folded after putting in 1 + 2: seat 0 took 1 + 3 + 3 = 7, showing nothing.
    let settled = game.last.clone().unwrap();
    assert_eq!(settled.won, vec![7, 0]);
    assert!(settled.shown.iter().all(Option::is_none));
    assert_eq!(game.stacks, vec![STACK + 3 - 1, STACK - 3 - 1], "the second hand's antes are in");
}

#[test]
fn an_up_card_keeps_the_orientation_it_was_turned_to() {
    let mut game = Stud::new(Mode::Variable, 3, shuffled_decks(3, 2)).unwrap();
    // Each player turns the up card just dealt, from the dealer's left.
    let up = game.cards[0][2];
    let refused = game.clone().replay(0, &Event::Show(game.cards[1][2], Orientation::Dark)).unwrap_err();
    assert_eq!(refused.rule, "wrong-card");
    assert_eq!(game.apply(Action::Show(Orientation::Light)).unwrap(), Event::Show(up, Orientation::Light));
    game.apply(Action::Show(Orientation::Dark)).unwrap();
    game.apply(Action::Show(Orientation::Dark)).unwrap();
    assert_eq!(game.legal_actions(), vec![Action::Check, Action::Bet]);
    let refused = game.clone().replay(0, &Event::Show(up, Orientation::Dark)).unwrap_err();
    assert_eq!(refused.rule, "no-card-to-show");
    // Everyone checks and turns the later cards dark: at the showdown seat 0's third card
    // still lies light, whatever would have made a better hand.
    while game.hand == 0 {
        let action =
            if game.legal_actions().contains(&Action::Check) { Action::Check } else { Action::Show(Orientation::Dark) };
        game.apply(action).unwrap();
    }
    let shown = game.last.as_ref().unwrap().shown[0].expect("seat 0 shown");
    assert_eq!(shown.cards[2], up);
    assert_eq!(shown.orientations[2..], [Orientation::Light, Orientation::Dark, Orientation::Dark]);
}

#[test]
fn sessions_keep_every_chip_and_end_after_each_player_deals_twice() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for (players, mode) in [(2, Mode::Fixed), (4, Mode::Variable), (6, Mode::Variable)] {
        for seed in 0..6 {
            let mut game = Stud::new(mode, players, shuffled_decks(players, seed)).unwrap();
            while game.to_move().is_some() {
                let action = Bot::Random.choose(&game, &mut rng);
                game.apply(action).unwrap();
                assert_eq!(chips(&game), STACK * players as u32);
            }
            let holding = game.stacks.iter().filter(|&&s| s > 0).count();
            assert!(game.hand == 2 * players || holding == 1, "{players}: {} hands", game.hand);
            let most = *game.stacks.iter().max().unwrap();
            match game.outcome.unwrap() {
                Outcome::Won(w) => assert_eq!(game.stacks[w], most),
                Outcome::Stalled => assert!(game.shared_first().unwrap().len() > 1),
            }
        }
    }
}

#[test]
fn a_determinized_state_looks_the_same_to_its_seat() {
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut game = Stud::new(Mode::Variable, 4, shuffled_decks(4, 8)).unwrap();
    let mut changed = 0;
    for _ in 0..40 {
        let Some(seat) = game.to_move() else { break };
        let world = game.determinized(seat, &mut rng);
        assert_eq!(serde_json::to_value(world.view(seat)).unwrap(), serde_json::to_value(game.view(seat)).unwrap());
        assert_eq!(world.legal_actions(), game.legal_actions());
        let other = (seat + 1) % 4;
        changed += usize::from(world.cards[other][..2] != game.cards[other][..2]);
        let action = Bot::Random.choose(&game, &mut rng);
        game.apply(action).unwrap();
    }
    assert!(changed > 30, "the others' face-down cards are dealt again: {changed} of 40");
}
