//! Hand-written records of Tao, one edge of the rules each, and each edge's illegal twin:
//! the record the checker must accept, and the one it must refuse (at which move, by which
//! rule). The expected verdicts are written from the rules (docs/rules.md), not from a run.

use super::record::{self, Record};
use crate::play::registry::Verdict;

/// A record: `hands` as dealt (seat 0 first), `first` the card turned up (none: eight
/// players dealt eight), the draw pile every other card in ascending order, then
/// `actions` (JSON entries) and `result` (JSON, or empty for none).
fn record(hands: &[&[u8]], first: Option<(u8, &str)>, actions: &str, result: &str) -> Record {
    let mut dealt: Vec<u8> = hands.iter().flat_map(|h| h.iter().copied()).collect();
    dealt.extend(first.map(|f| f.0));
    let pile: Vec<u8> = (1..=64).filter(|n| !dealt.contains(n)).collect();
    let first = first.map_or(String::new(), |(c, o)| format!(r#","first":{{"card":{c},"orientation":"{o}"}}"#));
    let result = if result.is_empty() { String::new() } else { format!(r#","result":{result}"#) };
    let line = format!(
        r#"{{"game":"tao","players":{},"hands":{hands:?},"pile":{pile:?}{first},"actions":[{actions}]{result}}}"#,
        hands.len()
    );
    serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}"))
}

/// Valid, or the move and rule of the first failure.
fn verdict(record: &Record) -> Result<(), (usize, &'static str)> {
    match record::check(1, record) {
        Verdict { valid: true, .. } => Ok(()),
        Verdict { failed_move: Some(at), rule: Some(rule), .. } => Err((at, rule)),
        other => panic!("an invalid verdict names its move and rule: {other:?}"),
    }
}

const SEAT_0: &[u8] = &[3, 4, 5, 6, 7, 8, 9, 10];
const SEAT_1: &[u8] = &[11, 12, 13, 14, 15, 16, 17, 18];

#[test]
fn before_any_reshuffle_a_draw_takes_the_next_card_of_the_pile() {
    // First card 20 dark: seat 0 moves. The pile, in the order drawn: 1, 2, 19, 21, … 64.
    let draw = |card: u8| record(&[SEAT_0, SEAT_1], Some((20, "dark")), &format!(r#"{{"seat":0,"draw":{card}}}"#), "");
    assert_eq!(verdict(&draw(1)), Ok(()));
    // The pile's second card, and its last.
    assert_eq!(verdict(&draw(2)), Err((1, "not-next-card")));
    assert_eq!(verdict(&draw(64)), Err((1, "not-next-card")));
}

/// Eight players dealt eight (no draw pile): seat 0 leads card 1 dark; seat 1 lays the
/// Double Mirror 29 light (counter-clockwise: back to seat 0) and declines its extra play.
/// From then on seat 0 draws 1 back and lays it, seat 1 draws 29 back and lays it: the
/// position after seat 1's first turn (before the first reshuffle) comes back after its
/// second turn and its third.
const EIGHT: [&[u8]; 8] = [
    &[1, 2, 3, 4, 5, 6, 7, 8],
    &[9, 10, 11, 12, 13, 14, 15, 29],
    &[17, 18, 19, 20, 21, 22, 23, 24],
    &[16, 25, 26, 27, 28, 30, 31, 32],
    &[33, 34, 35, 36, 37, 38, 39, 40],
    &[41, 42, 43, 44, 45, 46, 47, 48],
    &[49, 50, 51, 52, 53, 54, 55, 56],
    &[57, 58, 59, 60, 61, 62, 63, 64],
];
const ONE: &str = r#"{"seat":0,"draw":1},{"seat":0,"play":{"card":1,"orientation":"dark"}},{"seat":0,"pass":true}"#;
const TWENTY_NINE: &str =
    r#"{"seat":1,"draw":29},{"seat":1,"play":{"card":29,"orientation":"light"}},{"seat":1,"pass":true}"#;
const LEAD: &str = r#"{"seat":0,"play":{"card":1,"orientation":"dark"}},
    {"seat":1,"play":{"card":29,"orientation":"light"}},{"seat":1,"pass":true}"#;

#[test]
fn a_position_from_before_the_first_reshuffle_stalls_the_game_at_its_third_occurrence() {
    // Occurrences of the position with seat 0 to move: after action 3, 9 and 15.
    let actions = [LEAD, ONE, TWENTY_NINE, ONE, TWENTY_NINE].join(",");
    let stalled = record(&EIGHT, None, &actions, r#"{"stalled":true}"#);
    assert_eq!(verdict(&stalled), Ok(()));
    // Its twin plays on past the third occurrence.
    let on = record(&EIGHT, None, &format!(r#"{actions},{{"seat":0,"draw":1}}"#), r#"{"stalled":true}"#);
    assert_eq!(verdict(&on), Err((16, "game-over")));
    // And a game cut before it is not over.
    let cut = [LEAD, ONE, TWENTY_NINE, ONE].join(",");
    assert_eq!(verdict(&record(&EIGHT, None, &cut, r#"{"stalled":true}"#)), Err((12, "wrong-result")));
}

/// Two players; 58 dark turned up, seat 0 to move with 57, whose light side shows 58.
const MATCH_AND_DOUBLE: &[u8] = &[57, 51, 2, 3, 4, 5, 6, 7];
const OTHER: &[u8] = &[8, 9, 10, 11, 12, 13, 14, 15];

#[test]
fn a_match_that_shows_a_double_earns_an_extra_card_by_either_condition() {
    // 57 light on 58 dark is a match and shows a Double (58). 51 light shows 52, the
    // complement of 58: legal on the card just laid (a cancel), though it shares no trigram
    // with 58. It shows a Double too (52): the Double Mirror 2 fits, so an extra play is
    // offered again, and seat 0 declines it. Seat 1 owes 2 for the cancel: draws 1 and 16.
    let actions = r#"{"seat":0,"play":{"card":57,"orientation":"light"}},
        {"seat":0,"play":{"card":51,"orientation":"light"}},{"seat":0,"pass":true},
        {"seat":1,"draw":1},{"seat":1,"draw":16}"#;
    assert_eq!(verdict(&record(&[MATCH_AND_DOUBLE, OTHER], Some((58, "dark")), actions, "")), Ok(()));
    // The twin: 3 light shows 4, neither legal on 58 nor sharing its trigram.
    let twin = r#"{"seat":0,"play":{"card":57,"orientation":"light"}},
        {"seat":0,"play":{"card":3,"orientation":"light"}}"#;
    let refused = record(&[MATCH_AND_DOUBLE, OTHER], Some((58, "dark")), twin, "");
    assert_eq!(verdict(&refused), Err((2, "extra-play-not-allowed")));
}

#[test]
fn a_double_mirror_may_be_a_doubles_extra_card() {
    // 52 dark on 58 dark: a cancel, and a Double (mountain on mountain).
    let hand: &[u8] = &[52, 2, 5, 6, 7, 8, 9, 10];
    let then = |card: u8| {
        format!(
            r#"{{"seat":0,"play":{{"card":52,"orientation":"dark"}}}},{{"seat":0,"play":{{"card":{card},"orientation":"dark"}}}}"#
        )
    };
    // The Double Mirror 2 earns its own extra play (any card), which seat 0 declines.
    let valid = record(&[hand, SEAT_1], Some((58, "dark")), &format!(r#"{},{{"seat":0,"pass":true}}"#, then(2)), "");
    assert_eq!(verdict(&valid), Ok(()));
    // The twin: 5 (heaven under water) shares no trigram with 52.
    assert_eq!(verdict(&record(&[hand, SEAT_1], Some((58, "dark")), &then(5), "")), Err((2, "extra-play-not-allowed")));
}

#[test]
fn an_extra_play_no_card_fits_is_not_offered_and_a_record_may_not_pass_there() {
    // 52 dark on 58 dark: a Double and a cancel; no card left in seat 0's hand shares the
    // mountain trigram (nor is a Double Mirror), so the turn ends: seat 1 owes 2.
    let hand: &[u8] = &[52, 5, 6, 7, 8, 9, 10, 11];
    let seat_1: &[u8] = &[12, 13, 14, 15, 16, 17, 18, 19];
    let lay = r#"{"seat":0,"play":{"card":52,"orientation":"dark"}}"#;
    let paid = format!(r#"{lay},{{"seat":1,"draw":1}},{{"seat":1,"draw":2}}"#);
    assert_eq!(verdict(&record(&[hand, seat_1], Some((58, "dark")), &paid, "")), Ok(()));
    let passed = format!(r#"{lay},{{"seat":0,"pass":true}}"#);
    assert_eq!(verdict(&record(&[hand, seat_1], Some((58, "dark")), &passed, "")), Err((2, "not-your-turn")));
}

#[test]
fn only_the_last_card_of_a_turn_sets_the_debt() {
    // 52 dark on 58 dark cancels, and as a Double earns an extra card: 15 dark (mountain
    // under earth) changes a trigram. The turn ends on 15, which cancels nothing: seat 1
    // owes nothing and lays 7 dark on it (another trigram change).
    let hand: &[u8] = &[52, 15, 5, 6, 8, 9, 10, 12];
    let seat_1: &[u8] = &[7, 13, 14, 20, 28, 35, 36, 37];
    let seven = r#"{"seat":1,"play":{"card":7,"orientation":"dark"}}"#;
    let lay = r#"{"seat":0,"play":{"card":52,"orientation":"dark"}}"#;
    let chain = format!(r#"{lay},{{"seat":0,"play":{{"card":15,"orientation":"dark"}}}},{seven}"#);
    assert_eq!(verdict(&record(&[hand, seat_1], Some((58, "dark")), &chain, "")), Ok(()));
    // The twin: seat 0 declines the extra play, so the turn ends on the cancel: seat 1
    // owes 2, and may only cancel or draw.
    let declined = format!(r#"{lay},{{"seat":0,"pass":true}},{seven}"#);
    assert_eq!(verdict(&record(&[hand, seat_1], Some((58, "dark")), &declined, "")), Err((3, "must-cancel-or-draw")));
}

#[test]
fn with_two_players_an_invert_and_cancel_makes_its_player_owe_the_cards() {
    // 11 dark on 12 dark cancels and inverts: seat 1 is skipped, and seat 0, who plays
    // next, owes 2 (the pile's first cards: 1 and 2).
    let hand: &[u8] = &[11, 3, 4, 5, 6, 7, 8, 9];
    let seat_1: &[u8] = &[10, 13, 14, 15, 16, 17, 18, 19];
    let lay = r#"{"seat":0,"play":{"card":11,"orientation":"dark"}}"#;
    let paid = format!(r#"{lay},{{"seat":0,"draw":1}},{{"seat":0,"draw":2}}"#);
    assert_eq!(verdict(&record(&[hand, seat_1], Some((12, "dark")), &paid, "")), Ok(()));
    let other = format!(r#"{lay},{{"seat":1,"draw":1}}"#);
    assert_eq!(verdict(&record(&[hand, seat_1], Some((12, "dark")), &other, "")), Err((2, "not-your-turn")));
}

#[test]
fn eight_players_are_dealt_seven_cards_unless_the_setup_says_eight() {
    use crate::play::registry::{Rules, Setup};
    let rules: &dyn Rules = &super::registration::RULES;
    let sizes = |options: Vec<(String, String)>| {
        let table = rules.table(&Setup { players: Some(8), options }, 1).unwrap();
        table.view(0)["hand_sizes"].clone()
    };
    assert_eq!(sizes(vec![]), serde_json::json!([7, 7, 7, 7, 7, 7, 7, 7]));
    assert_eq!(sizes(vec![("hand".into(), "8".into())]), serde_json::json!([8, 8, 8, 8, 8, 8, 8, 8]));
    let four = rules.table(&Setup { players: Some(4), options: vec![] }, 1).unwrap();
    assert_eq!(four.view(0)["hand_sizes"], serde_json::json!([8, 8, 8, 8]));
}
