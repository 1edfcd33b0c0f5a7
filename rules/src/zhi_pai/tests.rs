//! Tests of the Zhi Pai rules, search, checker and score.

use super::*;
use crate::core::deck::CardSet;
use crate::core::hexagram::Hexagram;
use crate::core::trigram::Trigram;

fn h(n: i64) -> Hexagram {
    Hexagram::from_number(n).unwrap()
}

fn t(name: &str) -> Trigram {
    name.parse().unwrap()
}

fn setup(start: i64) -> Setup {
    Setup::new(h(start))
}

fn moves(list: &[(i64, Side)]) -> Vec<(Hexagram, Side)> {
    list.iter().map(|&(n, s)| (h(n), s)).collect()
}

use Side::{Left as L, Right as R};

#[test]
fn the_seed_example_is_legal_with_six_cards() {
    let report = check(&setup(12), &moves(&[(6, L), (22, R), (40, L), (55, L)])).unwrap();
    assert_eq!(report.errors, Vec::<String>::new());
    assert!(report.valid && report.finished);
    assert_eq!(report.length, 6);
    assert_eq!(report.shortest, Some(4));

    let mut game = Chain::new(setup(12));
    let placed: Vec<Placement> =
        moves(&[(6, L), (22, R), (40, L), (55, L)]).into_iter().map(|(c, s)| game.place(c, s).unwrap()).collect();
    let conditions: Vec<(u8, Option<Trigram>)> = placed.iter().map(|p| (p.condition.number(), p.trigram)).collect();
    assert_eq!(conditions, [(1, None), (2, None), (3, Some(t("water"))), (3, Some(t("thunder")))]);
    // The seed finishes 55–22 by fire (both have fire below, fire active since move 2).
    // They also differ in lines 4 and 6 with opposite aspects, a free swap, which the
    // rules prefer because it keeps the fire card.
    assert_eq!(shared_trigram(h(55), h(22)), Some((Position::Lower, t("fire"))));
    assert!(game.active().contains(t("fire")));
    assert_eq!(game.finish(), Some((4, Link { condition: Condition::Swap, trigram: None })));
    assert_eq!(game.sequence().iter().map(|h| h.number()).collect::<Vec<_>>(), [12, 6, 40, 55, 22, 11]);
}

#[test]
fn start_12_finishes_in_four() {
    let solution = shortest(&setup(12)).unwrap().unwrap();
    assert_eq!(solution.sequence.len(), 4);
    let replayed =
        check(&setup(12), &solution.placements.iter().map(|p| (p.card, p.side)).collect::<Vec<_>>()).unwrap();
    assert!(replayed.valid);
}

#[test]
fn the_issue_example_sequence_checks() {
    let report = check(&setup(12), &moves(&[(17, L), (54, R)])).unwrap();
    assert!(report.valid, "{:?}", report.errors);
    let mut game = Chain::new(setup(12));
    game.place(h(17), L).unwrap();
    game.place(h(54), R).unwrap();
    assert_eq!(game.finish(), Some((2, Link { condition: Condition::Swap, trigram: None })));
    assert_eq!(game.sequence().iter().map(|h| h.number()).collect::<Vec<_>>(), [12, 17, 54, 11]);
}

#[test]
fn conditions_follow_the_spec() {
    // 12 → 6 changes line 2; 22 ↔ 11 swap lines 2 and 6; 2 and 8 differ in line 2 only.
    assert_eq!(link(h(6), h(12), TrigramSet::EMPTY).unwrap().condition, Condition::OneLine);
    assert_eq!(link(h(22), h(11), TrigramSet::EMPTY).unwrap().condition, Condition::Swap);
    // 2 (all yin) and 7 (line 2 yang... ) — two lines both yang in one card are no swap.
    // 2 = 000000 and 19 = 110000: lines 1 and 2 both yin in 2.
    assert!(!is_swap(h(2), h(19)));
    assert_eq!(link(h(2), h(19), TrigramSet::EMPTY), None);
    // 40 and 6 share the lower trigram water: needs the water card.
    assert_eq!(link(h(40), h(6), TrigramSet::EMPTY), None);
    let water: TrigramSet = [t("water")].into_iter().collect();
    assert_eq!(link(h(40), h(6), water), Some(Link { condition: Condition::Trigram, trigram: Some(t("water")) }));
    // Same trigram in different positions does not count: 5 (heaven below water) and 6 (water below heaven).
    let all: TrigramSet = Trigram::ALL.into_iter().collect();
    assert_eq!(shared_trigram(h(5), h(6)), None);
    assert_eq!(link(h(5), h(6), all), None);
}

#[test]
fn activation_skips_the_spent_card() {
    let water: TrigramSet = [t("water")].into_iter().collect();
    let how = link(h(40), h(6), water).unwrap();
    let after = activate(water, h(40), how);
    assert_eq!(after, [t("thunder")].into_iter().collect());
}

#[test]
fn every_rule_is_named() {
    let s12 = setup(12);
    let few = Setup::with_available(h(12), CardSet::from_numbers(&[6, 22]).unwrap(), TrigramSet::EMPTY).unwrap();
    type Case = (Setup, Vec<(Hexagram, Side)>, &'static str, &'static str);
    let cases: Vec<Case> = vec![
        (s12, vec![], "no-placements", "no card was laid, so the sequence is not finished"),
        (
            s12,
            moves(&[(17, L), (54, R), (1, L)]),
            "already-finished",
            "move 3: the sequence was already finished at move 2; no card may be laid after that",
        ),
        (s12, moves(&[(6, L), (6, R)]), "card-reused", "move 2: card 6 is already in the sequence (laid at move 1)"),
        (s12, moves(&[(11, L)]), "card-reused", "move 1: card 11 is already in the sequence as a starting card"),
        (few, moves(&[(6, L), (25, L)]), "not-available", "move 2: card 25 is not among the available cards"),
        (
            s12,
            moves(&[(6, L), (22, R), (40, R)]),
            "no-link",
            "move 3: card 40 cannot be laid left of 22: 40 differs from 22 in 5 lines (1, 2, 3, 4, 6), and they share no trigram in the same position",
        ),
        (
            s12,
            moves(&[(40, L)]),
            "no-link",
            "move 1: card 40 cannot be laid right of 12: 40 differs from 12 in 3 lines (2, 5, 6), and they share no trigram in the same position",
        ),
        (
            s12,
            moves(&[(10, L)]),
            "no-link",
            "move 1: card 10 cannot be laid right of 12: 10 differs from 12 in lines 1 and 2, both yang in 10, so they are not a swap, and they share the upper trigram heaven, but the heaven trigram card is not active",
        ),
        (
            s12,
            moves(&[(2, L)]),
            "no-link",
            "move 1: card 2 cannot be laid right of 12: 2 differs from 12 in 3 lines (4, 5, 6), and they share the lower trigram earth, but the earth trigram card is not active",
        ),
        (
            s12,
            moves(&[(6, L), (22, R), (40, L), (59, L)]),
            "no-link",
            "move 4: card 59 cannot be laid right of 40: 59 differs from 40 in 3 lines (4, 5, 6), and they share the lower trigram water, but the water trigram card is not active (spent at move 3)",
        ),
        (
            s12,
            moves(&[(6, L), (22, R)]),
            "not-finished",
            "after move 2 the ends 6 and 22 do not link, so the sequence is not finished: 6 differs from 22 in 5 lines (1, 2, 3, 4, 5), and they share no trigram in the same position",
        ),
        (
            setup(1),
            moves(&[(7, R), (11, R)]),
            "not-finished",
            "after move 2 the ends 1 and 11 do not link, so the sequence is not finished: 1 differs from 11 in 3 lines (4, 5, 6), and they share the lower trigram heaven, but the heaven trigram card is not active (activated by this move, usable from the next)",
        ),
        (
            s12,
            moves(&[(25, L), (1, R)]),
            "not-finished",
            "after move 2 the ends 25 and 1 do not link, so the sequence is not finished: 25 differs from 1 in lines 2 and 3, both yin in 25, so they are not a swap, and they share the upper trigram heaven, but the heaven trigram card is not active (spent by this move)",
        ),
    ];
    for (setup, placements, rule, message) in cases {
        let report = check(&setup, &placements).unwrap();
        assert!(!report.valid, "{message}");
        assert_eq!(report.violation.as_ref().unwrap().rule(), rule, "{message}");
        assert_eq!(report.errors, [message]);
        assert_eq!(report.length, placements.len() + 2);
    }
}

#[test]
fn dead_positions_are_seen_at_once() {
    // Start 2 (all yin) with every card of one or two yang lines, plus 11 (heaven below
    // earth). 11 links to 1 only by heaven, and no other card could activate heaven
    // before 11 is laid: there is no sequence, and the estimate sees it before searching
    // the many orders of the small cards.
    let mut cards: Vec<i64> =
        Hexagram::all().filter(|h| (1..=2).contains(&h.bits().count_ones())).map(|h| h.number().into()).collect();
    cards.push(11);
    let setup = Setup::with_available(h(2), CardSet::from_numbers(&cards).unwrap(), TrigramSet::EMPTY).unwrap();
    assert_eq!(shortest_within(&setup, 1000), Ok(None));
}

#[test]
fn the_search_limit_is_an_error_not_a_hang() {
    let err = shortest_within(&setup(2), 5).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the search from start 2 gave up after 5 positions without finding a sequence or proving there is none; \
         list fewer available cards or more active trigrams"
    );
}

#[test]
fn solo_penalties_follow_the_table() {
    let table: Vec<(i64, u32)> = vec![(6, 0), (7, 1), (8, 2), (9, 4), (10, 8), (11, 16), (40, 16)];
    for (zone, penalty) in table {
        assert_eq!(common_zone_penalty(zone), Ok(penalty), "{zone}");
    }
    assert_eq!(solo_score(6, 8), Ok(8));
    assert_eq!(
        common_zone_penalty(5).unwrap_err().to_string(),
        "a common zone of 5 cards is impossible; it holds 6 cards or more"
    );
}

#[test]
fn placements_parse_and_refuse_garbage() {
    let err = |s: &str| parse_placements(s).unwrap_err().to_string();
    assert_eq!(err("6"), r#"placement "6" is not of the form CARD:SIDE, such as 6:left"#);
    assert_eq!(
        err("6:up"),
        r#"unknown side "up"; expected left (right of the left end) or right (left of the right end)"#
    );
    assert_eq!(err("0:left"), "card 0 is out of range 1..=64");
}

/// The legal next placements are exactly those `Chain::place` accepts, at every step of
/// the seed's worked example (a wrong list here would point the page at the wrong cards).
#[test]
fn legal_next_is_exactly_what_place_accepts() {
    let seed = moves(&[(6, Side::Left), (22, Side::Right), (40, Side::Left)]);
    let mut game = Chain::new(setup(12));
    for step in 0..=seed.len() {
        let listed: Vec<(Hexagram, Side)> = game.legal_next().iter().map(|p| (p.card, p.side)).collect();
        let accepted: Vec<(Hexagram, Side)> = Hexagram::all()
            .flat_map(|card| [Side::Left, Side::Right].map(|side| (card, side)))
            .filter(|&(card, side)| game.clone().place(card, side).is_ok())
            .collect();
        assert!(!accepted.is_empty(), "step {step}: some card can be laid");
        assert_eq!(listed, accepted, "step {step}");
        for p in game.legal_next() {
            assert_eq!(game.clone().place(p.card, p.side).unwrap(), p, "the link the list names");
        }
        if let Some(&(card, side)) = seed.get(step) {
            game.place(card, side).unwrap();
        }
    }
    game.place(h(55), Side::Left).unwrap();
    assert!(game.finish().is_some() && game.legal_next().is_empty(), "nothing is legal once finished");
}

#[test]
fn a_judgement_lists_legal_moves_only_while_unfinished() {
    let unfinished = judge(&setup(12), &moves(&[(6, Side::Left)]));
    assert!(unfinished.legal_next.iter().any(|p| p.card == h(22) && p.side == Side::Right));
    let broken = judge(&setup(12), &moves(&[(6, Side::Left), (6, Side::Right)]));
    assert!(broken.legal_next.is_empty());
}
