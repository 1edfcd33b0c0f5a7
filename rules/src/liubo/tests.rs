//! Liubo's engine against its rules: whole games between bots end, replay and check as
//! valid; each settled point of the module's doc behaves as settled.

use super::record::simulated;
use super::*;
use crate::play::bots::Bot;
use crate::play::registry::check;

#[test]
fn games_between_bots_end_and_their_records_check_as_valid() {
    for index in 0..200 {
        let bots = [[Bot::Random, Bot::Random], [Bot::Greedy, Bot::Random], [Bot::Greedy, Bot::Greedy]][index % 3];
        let (result, record) = simulated(Variant::ALL[index % 2], &bots, 5, index as u64);
        assert!(result.outcome.is_some(), "game {index} ended");
        let verdict = check(1, &record);
        assert!(verdict.valid, "game {index}: {verdict:?}");
        assert_eq!(verdict.winner, result.outcome.and_then(Outcome::winner));
    }
}

/// A position: White's and Black's places, White to move with `throw` to play.
fn position(white: &[Place], black: &[Place], throw: [u8; 2]) -> Liubo {
    let mut game = Liubo::new(1);
    for (seat, pieces) in [white, black].into_iter().enumerate() {
        for (i, p) in pieces.iter().enumerate() {
            game.places[seat][i] = *p;
        }
    }
    game.replay(0, &Event::Throw(throw)).unwrap();
    game
}

/// The circuit spot of station `n` (1..=20).
fn at(n: u8) -> Place {
    Place::At(n - 1)
}

fn mv(value: u8, from: Option<u8>, to: u8) -> Move {
    Move { value, from, to, owl: false, promote: false }
}

fn owl_mv(value: u8, from: u8, to: u8) -> Move {
    Move { value, from: Some(from), to, owl: true, promote: false }
}

fn play(game: &mut Liubo, m: Move) {
    let seat = game.to_move;
    game.replay(seat, &Event::Move(m)).unwrap_or_else(|e| panic!("{m:?}: {e}"));
}

fn refused(game: &Liubo, m: Move) -> &'static str {
    let mut g = game.clone();
    g.replay(g.to_move, &Event::Move(m)).expect_err("an illegal move").rule
}

#[test]
fn stones_enter_counting_station_1_and_two_different_stones_move() {
    let mut game = Liubo::new(1);
    game.replay(0, &Event::Throw([3, 1])).unwrap();
    let moves = game.legal_actions();
    assert_eq!(moves, vec![Action::Move(mv(3, None, 3)), Action::Move(mv(1, None, 1))]);
    play(&mut game, mv(3, None, 3));
    // The stone on 3 may not take the second value: another stone enters.
    assert_eq!(game.legal_actions(), vec![Action::Move(mv(1, None, 1))]);
    assert_eq!(refused(&game, mv(1, Some(3), 4)), "same-stone");
    play(&mut game, mv(1, None, 1));
    assert_eq!(game.to_move(), Some(1));
    assert_eq!(game.turns(), 1);
}

#[test]
fn the_last_stone_not_held_prisoner_moves_twice() {
    let prisoners = [Place::Prisoner; 5];
    let white: Vec<Place> = std::iter::once(at(2)).chain(prisoners).collect();
    let mut game = position(&white, &[at(15)], [2, 3]);
    play(&mut game, mv(2, Some(2), 4));
    play(&mut game, mv(3, Some(4), 7));
    assert_eq!(game.places(0)[0], at(7));
}

#[test]
fn a_stone_on_6_may_go_across_and_on_the_centre_may_become_the_owl() {
    let game = position(&[at(6), Place::Prisoner], &[at(15)], [3, 2]);
    let to: Vec<(u8, bool)> = game
        .legal_actions()
        .iter()
        .filter_map(|a| match a {
            Action::Move(m) if m.value == 3 && m.from == Some(6) => Some((m.to, m.promote)),
            _ => None,
        })
        .collect();
    assert_eq!(to, vec![(9, false), (29, false), (29, true)]);
    let mut g = game.clone();
    play(&mut g, Move { promote: true, ..mv(3, Some(6), 29) });
    assert_eq!(g.owl(0), Some(29));
    // A stone passing 6 does not cross: from 4 with 3 it lands on 7.
    let game = position(&[at(4)], &[at(15)], [3, 2]);
    assert_eq!(refused(&game, mv(3, Some(4), 21)), "wrong-destination");
}

#[test]
fn landing_sends_a_whole_stack_home_and_passing_takes_nothing() {
    let mut game = position(&[at(3), at(1)], &[at(5), at(5), at(4)], [2, 1]);
    play(&mut game, mv(2, Some(3), 5));
    assert_eq!(game.places(1)[..3], [Place::Home, Place::Home, at(4)]);
    play(&mut game, mv(1, Some(1), 2));
    assert_eq!(game.tally().sent_home, 2);
    assert_eq!(game.tally().captures, 1);
}

#[test]
fn the_owl_takes_prisoners_and_six_of_them_are_the_large_victory() {
    let black = [at(9), at(9), Place::Prisoner, Place::Prisoner, Place::Prisoner, Place::Prisoner];
    let mut game = position(&[Place::Owl(6), at(1)], &black, [3, 1]);
    play(&mut game, owl_mv(3, 6, 9));
    assert_eq!(game.outcome(), Some(Outcome::Won(0)));
    assert_eq!(game.tally().large_victories, 1);
    assert_eq!(game.turns(), 1, "the turn that ends the game counts");
}

#[test]
fn a_stone_on_the_enemy_owl_wins_and_an_owl_on_it_demotes_it() {
    let mut game = position(&[at(2), at(1)], &[Place::Owl(4)], [2, 1]);
    play(&mut game, mv(2, Some(2), 4));
    assert_eq!(game.outcome(), Some(Outcome::Won(0)));
    let mut game = position(&[Place::Owl(2), at(1)], &[Place::Owl(4), at(4)], [2, 1]);
    play(&mut game, owl_mv(2, 2, 4));
    assert_eq!(game.outcome(), None);
    assert_eq!(game.owl(1), None);
    assert_eq!(game.places(1)[..2], [Place::Home, Place::Prisoner]);
}

#[test]
fn an_owl_facing_five_enemy_stones_loses_when_its_turn_ends() {
    let black = [at(12), at(13), at(14), at(15), at(17), Place::Home];
    let mut game = position(&[Place::Owl(2), at(1)], &black, [1, 2]);
    play(&mut game, owl_mv(1, 2, 3));
    play(&mut game, mv(2, Some(1), 3));
    assert_eq!(game.outcome(), Some(Outcome::Won(1)));
    assert_eq!(game.tally().outnumbered, 1);
}

#[test]
fn a_loop_frees_a_prisoner_and_earns_one_extra_throw() {
    let mut game = position(&[at(19), at(2), Place::Prisoner], &[at(10)], [2, 1]);
    play(&mut game, mv(2, Some(19), 1));
    assert_eq!(game.places(0)[2], Place::Home);
    play(&mut game, mv(1, Some(2), 3));
    assert_eq!(game.to_move(), Some(0), "the loop earned an extra throw");
    assert_eq!(game.legal_actions(), vec![Action::Throw]);
}

#[test]
fn a_throw_earns_one_extra_throw_or_one_a_reason_in_the_variant() {
    for (variant, throws) in [(Variant::Standard, 1), (Variant::EveryExtraThrow, 2)] {
        let mut game = Liubo::with_variant(1, variant);
        game.places[0][..2].copy_from_slice(&[at(19), at(5)]);
        game.replay(0, &Event::Throw([4, 4])).unwrap();
        play(&mut game, mv(4, Some(19), 3));
        play(&mut game, mv(4, Some(5), 9));
        for _ in 0..throws {
            assert_eq!(game.to_move(), Some(0), "{variant:?}");
            game.replay(0, &Event::Throw([2, 3])).unwrap();
            play(&mut game, mv(2, None, 2));
            play(&mut game, mv(3, None, 3));
        }
        assert_eq!(game.to_move(), Some(1), "{variant:?}");
    }
}

#[test]
fn the_owl_may_take_both_values_but_not_walk_back() {
    let mut game = position(&[Place::Owl(22), at(1)], &[at(15)], [2, 2]);
    play(&mut game, owl_mv(2, 22, 23));
    assert_eq!(refused(&game, owl_mv(2, 23, 22)), "owl-back-and-forth");
    assert_eq!(refused(&game, owl_mv(3, 23, 22)), "no-such-value");
    play(&mut game, owl_mv(2, 23, 16));
    assert_eq!(game.owl(0), Some(16));
}

#[test]
fn a_record_replays_without_its_seed_and_a_broken_one_names_its_move_and_rule() {
    let (result, record) = simulated(Variant::Standard, &[Bot::Greedy, Bot::Random], 3, 0);
    let line = serde_json::to_string(&record).unwrap();
    assert!(line.contains(r#"{"seat":0,"throw":["#), "{}", &line[..200]);
    let mut unseeded: super::record::Record = serde_json::from_str(&line).unwrap();
    unseeded.seed = None;
    let verdict = check(1, &unseeded);
    assert!(verdict.valid && verdict.winner == result.outcome.and_then(Outcome::winner), "{verdict:?}");
    let mut broken = unseeded.clone();
    let super::record::What::Throw([value, _]) = broken.actions[0].what else { panic!("a throw first") };
    broken.actions[1].what = super::record::What::Move(mv(value, Some(20), 4));
    let verdict = check(2, &broken);
    assert_eq!((verdict.failed_move, verdict.rule), (Some(2), Some("no-piece")));
    let mut bad_throw = unseeded.clone();
    bad_throw.actions[0].what = super::record::What::Throw([5, 1]);
    assert_eq!(check(3, &bad_throw).rule, Some("bad-throw"));
    let mut wrong = unseeded;
    wrong.result = Some(super::record::Ending { winner: Some(1 - verdict.winner.unwrap_or(0)), stalled: false });
    assert_eq!(check(4, &wrong).rule, Some("wrong-result"));
}

#[test]
fn the_view_shows_both_sides() {
    let game = position(&[at(3), at(3), Place::Owl(29), Place::Prisoner], &[at(7)], [2, 1]);
    let view = game.view(1);
    assert_eq!(view.sides[0].stones, vec![3, 3]);
    assert_eq!(view.sides[0].owl, Some(29));
    assert_eq!((view.sides[0].home, view.sides[0].prisoners), (2, 1));
    assert_eq!(view.left, vec![2, 1]);
}

/// A recorded move with a value no throw gave (0, or 9) is refused by name, before the
/// board's walks are read with it (a record typed in by hand, or sent to the server).
#[test]
fn a_move_of_a_value_never_thrown_is_refused() {
    for value in [0, 9] {
        for left in [[1, 3], [2, 4]] {
            let mut game = position(&[at(3)], &[at(7)], left);
            let refused = game.replay(0, &super::Event::Move(mv(value, Some(3), 4))).unwrap_err();
            assert_eq!(refused.rule, "no-such-value", "{value} with {left:?}: {refused}");
        }
    }
    // Before any throw: the first action a move of value 0.
    let record = r#"{"game":"liubo","players":2,"actions":[{"seat":0,"move":{"value":0,"from":0,"to":0}}]}"#;
    let verdict = crate::game("liubo").unwrap().check(1, record).unwrap();
    assert_eq!((verdict.failed_move, verdict.rule), (Some(1), Some("throw-first")));
}

/// A record typed in by hand: its actions, one JSON object each, checked by the registry's
/// checker as `hexforge check liubo --record` does.
fn checked(actions: &[&str]) -> crate::play::registry::Verdict {
    let record = format!(r#"{{"game":"liubo","players":2,"actions":[{}]}}"#, actions.join(","));
    crate::game("liubo").unwrap().check(1, &record).unwrap()
}

/// White enters on 2 and 3, Black on 1 and 4; White throws 4-4 (an extra throw) and stops a
/// stone on 6 and one on 7, then throws 3-1 with the extra throw.
const TO_THE_EXTRA_THROW: [&str; 10] = [
    r#"{"seat":0,"throw":[2,3]}"#,
    r#"{"seat":0,"move":{"value":2,"to":2}}"#,
    r#"{"seat":0,"move":{"value":3,"to":3}}"#,
    r#"{"seat":1,"throw":[1,4]}"#,
    r#"{"seat":1,"move":{"value":1,"to":1}}"#,
    r#"{"seat":1,"move":{"value":4,"to":4}}"#,
    r#"{"seat":0,"throw":[4,4]}"#,
    r#"{"seat":0,"move":{"value":4,"from":2,"to":6}}"#,
    r#"{"seat":0,"move":{"value":4,"from":3,"to":7}}"#,
    r#"{"seat":0,"throw":[3,1]}"#,
];

/// Then the extra throw moves the stone on 7 and enters one on 1 (Black's stone there goes
/// home); Black enters on 2 and moves 4 → 7; White throws 3-1 on its next turn.
const TO_THE_NEXT_TURN: [&str; 7] = [
    r#"{"seat":0,"move":{"value":3,"from":7,"to":10}}"#,
    r#"{"seat":0,"move":{"value":1,"to":1}}"#,
    r#"{"seat":1,"throw":[2,3]}"#,
    r#"{"seat":1,"move":{"value":2,"to":2}}"#,
    r#"{"seat":1,"move":{"value":3,"from":4,"to":7}}"#,
    r#"{"seat":0,"throw":[3,1]}"#,
    r#"{"seat":0,"move":{"value":3,"from":6,"to":29}}"#,
];

/// Rule 6: a stone that stopped on 6 "can, on the next turn, move directly across": not
/// with the extra throw of the turn it stopped there, and on the next turn it can.
#[test]
fn a_record_crossing_on_the_turn_after_stopping_on_6_is_valid_and_with_the_extra_throw_is_not() {
    let same_turn: Vec<&str> =
        TO_THE_EXTRA_THROW.iter().copied().chain([r#"{"seat":0,"move":{"value":3,"from":6,"to":29}}"#]).collect();
    let verdict = checked(&same_turn);
    assert_eq!((verdict.valid, verdict.failed_move, verdict.rule), (false, Some(11), Some("cross-next-turn")));
    let next_turn: Vec<&str> = TO_THE_EXTRA_THROW.iter().chain(&TO_THE_NEXT_TURN).copied().collect();
    let verdict = checked(&next_turn);
    assert_eq!((verdict.valid, verdict.rule, verdict.winner), (true, None, None));
}

/// The turn after: the stone on 6 crosses to the centre and becomes the owl.
fn promoted_then(rest: &[&'static str]) -> Vec<&'static str> {
    let promote = r#"{"seat":0,"move":{"value":3,"from":6,"to":29,"promote":true}}"#;
    let upto = TO_THE_NEXT_TURN.len() - 1;
    TO_THE_EXTRA_THROW
        .iter()
        .chain(&TO_THE_NEXT_TURN[..upto])
        .copied()
        .chain([promote])
        .chain(rest.iter().copied())
        .collect()
}

/// Rule 4, where the source forbids one stone to use both groups of sticks in a turn: a
/// stone promoted with the first value is still that stone, and the owl it became does not
/// take the second value.
#[test]
fn a_record_where_a_stone_promoted_with_the_first_value_moves_again_as_the_owl_is_refused() {
    let verdict = checked(&promoted_then(&[r#"{"seat":0,"move":{"value":1,"from":29,"to":26,"owl":true}}"#]));
    assert_eq!((verdict.valid, verdict.failed_move, verdict.rule), (false, Some(18), Some("same-stone")));
    let verdict = checked(&promoted_then(&[r#"{"seat":0,"move":{"value":1,"from":10,"to":11}}"#]));
    assert_eq!((verdict.valid, verdict.rule), (true, None));
}

/// Rule 10: the owl's second value may not begin by stepping back (`owl-back-and-forth`);
/// a station no walk reaches is `wrong-destination`, and a walk onward is legal.
#[test]
fn a_record_of_the_owls_second_value_names_the_rule_it_breaks() {
    let first = [
        r#"{"seat":0,"move":{"value":1,"from":10,"to":11}}"#,
        r#"{"seat":0,"throw":[2,2]}"#,
        r#"{"seat":0,"move":{"value":2,"from":29,"to":25,"owl":true}}"#,
    ];
    let second = |m: &'static str| checked(&promoted_then(&[first[0], first[1], first[2], m]));
    let verdict = second(r#"{"seat":0,"move":{"value":2,"from":25,"to":29,"owl":true}}"#);
    assert_eq!((verdict.failed_move, verdict.rule), (Some(21), Some("owl-back-and-forth")));
    let verdict = second(r#"{"seat":0,"move":{"value":2,"from":25,"to":3,"owl":true}}"#);
    assert_eq!((verdict.failed_move, verdict.rule), (Some(21), Some("wrong-destination")));
    let verdict = second(r#"{"seat":0,"move":{"value":2,"from":25,"to":12,"owl":true}}"#);
    assert_eq!((verdict.valid, verdict.rule), (true, None));
}
