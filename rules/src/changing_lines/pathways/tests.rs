//! Tests of the Pathways search and checker.

use super::*;
use crate::changing_lines::deck::DeckName;

fn h(n: i64) -> Hexagram {
    Hexagram::from_number(n).unwrap()
}

fn puzzle(from: i64, to: i64, deck: DeckName, mode: Mode) -> Puzzle {
    Puzzle { from: h(from), to: h(to), deck: Deck::named(deck), mode }
}

#[test]
fn full_deck_dark_is_the_hamming_distance_plus_one() {
    let deck = Deck::named(DeckName::SixD);
    for a in Hexagram::all() {
        for b in Hexagram::all() {
            let path = shortest(a, b, &deck, Mode::Dark).unwrap();
            assert_eq!(path.len() as u32, a.distance(b) + 1);
        }
    }
}

#[test]
fn the_start_card_counts_and_must_be_in_the_deck() {
    let three = Deck::named(DeckName::ThreeD);
    assert_eq!(
        shortest(h(1), h(1), &three, Mode::Dark).unwrap(),
        [Laid::new(Card::from_number(1).unwrap(), Orientation::Dark)]
    );
    assert_eq!(shortest(h(2), h(1), &three, Mode::Dark), None);
    // 1 → 11 in 3d: lines 4, 5, 6 change, four cards.
    assert_eq!(shortest(h(1), h(11), &three, Mode::Dark).unwrap().len(), 4);
}

#[test]
fn light_mode_lays_the_inverse_cards() {
    // In light mode 3d shows the upper-heaven hexagrams.
    let path = shortest(h(1), h(12), &Deck::named(DeckName::ThreeD), Mode::Light).unwrap();
    assert_eq!(path.len(), 4);
    for laid in &path {
        assert_eq!(laid.orientation, Orientation::Light);
        assert_eq!(laid.card.shows(Orientation::Light), laid.hexagram);
    }
}

#[test]
fn free_mode_respects_one_card_per_pair() {
    // Deck {5, 6}: card 5 shows 5 dark and 6 light; card 6 (=inverse of 5) is absent.
    // Hexagrams 5 and 6 are 3 lines apart anyway; use a pair of neighbours instead:
    // 43 (lake over heaven) and 44 (heaven over wind) are inverses and differ in lines 1 and 6,
    // so build a deck where the only way uses both members of a contested pair.
    let deck = Deck::custom(&[1, 43]).unwrap();
    // From 1: card 1; 43 by card 43 dark, 44 by card 43 light — but not both.
    let path = shortest(h(1), h(44), &deck, Mode::Free).unwrap();
    assert_eq!(path.len(), 2);
    assert_eq!(path[1], Laid::new(Card::from_number(43).unwrap(), Orientation::Light));
    assert_eq!(shortest(h(43), h(44), &deck, Mode::Free), None);
}

#[test]
fn check_names_each_broken_rule() {
    let six = puzzle(12, 6, DeckName::SixD, Mode::Dark);
    let c = |n: i64| Card::from_number(n).unwrap();
    let dark = |n: i64| Laid::new(c(n), Orientation::Dark);
    let light = |n: i64| Laid::new(c(n), Orientation::Light);
    let cases: Vec<(Puzzle, Vec<Laid>, &str, &str)> = vec![
        (six, vec![], "empty", "the sequence is empty; it must start with a card showing the start hexagram"),
        (
            six,
            vec![dark(12), light(6)],
            "orientation",
            "move 2: card 6 is laid light, but in dark mode every card lies dark side up",
        ),
        (
            puzzle(1, 9, DeckName::ThreeD, Mode::Dark),
            vec![dark(1), dark(44)],
            "not-in-deck",
            "move 2: card 44 is not in the 3d deck",
        ),
        (
            puzzle(12, 12, DeckName::SixD, Mode::Free),
            vec![dark(12), dark(6), light(12)],
            "card-reused",
            "move 3: card 12 was already laid at move 1; each card is laid at most once",
        ),
        (six, vec![dark(11)], "start", "move 1: card 11 shows 11, but the sequence starts from 12"),
        (
            puzzle(12, 40, DeckName::SixD, Mode::Dark),
            vec![dark(12), dark(6), dark(40)],
            "one-line",
            "move 3: card 40 shows 40, which differs from 6 in 2 lines (5, 6); a card must change exactly one line",
        ),
        (
            puzzle(12, 6, DeckName::SixD, Mode::Free),
            vec![dark(12), light(11)],
            "one-line",
            "move 2: card 11, laid light, shows 12, which is the same hexagram as the top of the pile, 12; a card must change exactly one line",
        ),
        (
            puzzle(12, 33, DeckName::SixD, Mode::Dark),
            vec![dark(12), dark(6)],
            "end",
            "the sequence ends on 6, not on the goal 33",
        ),
    ];
    for (p, seq, rule, message) in cases {
        let report = check(&p, &seq);
        assert!(!report.valid);
        assert_eq!(report.violation.as_ref().unwrap().rule(), rule, "{message}");
        assert_eq!(report.errors, [message]);
        assert_eq!(report.length, seq.len());
    }
    let ok = check(&six, &[dark(12), dark(6)]);
    assert!(ok.valid && ok.errors.is_empty());
    assert_eq!((ok.length, ok.shortest), (2, Some(2)));
}

#[test]
fn sequences_parse_and_refuse_garbage() {
    let seq = parse_sequence("1:dark, 44:l").unwrap();
    assert_eq!(seq[1], Laid::new(Card::from_number(44).unwrap(), Orientation::Light));
    let err = |s: &str| parse_sequence(s).unwrap_err().to_string();
    assert_eq!(err("1"), r#"card "1" in the sequence is not of the form CARD:ORIENTATION, such as 44:dark"#);
    assert_eq!(err("65:dark"), "card 65 is out of range 1..=64");
    assert_eq!(err("1:free"), r#"unknown orientation "free"; expected dark or light"#);
    assert_eq!(err("x:dark"), r#""x" is not a card number; expected a whole number 1..=64"#);
}

/// The cards listed as legal next are exactly those whose laying the judge accepts, in
/// every mode, on an empty pile and part-way (the page highlights these).
#[test]
fn legal_next_is_exactly_what_the_judge_accepts() {
    use crate::core::card::{Card, Orientation};
    for mode in [Mode::Dark, Mode::Light, Mode::Free] {
        let p = puzzle(1, 2, DeckName::SixD, mode);
        let start = judge(&p, &[]).legal_next;
        let mut pile: Vec<Laid> = Vec::new();
        for _ in 0..3 {
            let listed: Vec<Laid> = judge(&p, &pile)
                .legal_next
                .iter()
                .map(|m| {
                    let laid = Laid::new(m.card, m.orientation);
                    assert_eq!(laid.hexagram, m.hexagram);
                    let expected_line = pile.last().map(|top| laid.hexagram.differing_lines(top.hexagram)[0]);
                    assert_eq!(m.line, expected_line);
                    laid
                })
                .collect();
            let accepted: Vec<Laid> = Card::all()
                .flat_map(|card| Orientation::BOTH.map(|o| Laid::new(card, o)))
                .filter(|&laid| {
                    let mut next = pile.clone();
                    next.push(laid);
                    judge(&p, &next).failed_move.is_none()
                })
                .collect();
            assert!(!accepted.is_empty());
            assert_eq!(listed, accepted, "{mode:?} after {pile:?}");
            pile.push(listed[0]);
        }
        assert!(!start.is_empty());
    }
    let done = [Laid::new(Card::from_number(1).unwrap(), Orientation::Dark)];
    assert!(judge(&puzzle(1, 1, DeckName::SixD, Mode::Dark), &done).legal_next.is_empty());
}

/// With perfect play (docs/rules.md, Pathways) two-player Pathways is a tie from every start on the 3d deck
/// (56 ordered start pairs) and the 4d deck (240), and on 4d with free orientation (732
/// starts with orientations). The printed figures are pinned ([`super::duel::SOLVED`]);
/// here the exact search computes them again and must agree, row by row.
#[test]
fn the_pinned_duel_outcomes_are_the_searchs() {
    use super::duel::{Outcomes, SOLVED};
    for pinned in SOLVED {
        assert_eq!(Outcomes::search(pinned.deck, pinned.mode), pinned);
    }
    let starts: Vec<usize> = SOLVED.iter().map(Outcomes::starts).collect();
    assert_eq!(starts, [56, 240, 732]);
    assert!(SOLVED.iter().all(|row| row.ties == row.starts()), "every start is a tie");
}

/// The searcher is not blind: on a small custom deck where the second player's pile is
/// stuck at once, the first player wins by keeping a play in hand for the final turn;
/// without that play it is a tie (both crashed in the same round).
#[test]
fn the_duel_search_finds_a_win_when_there_is_one() {
    use super::duel::{Duel, Start, Value};
    use crate::core::card::{Card, Orientation};
    // 1 → 43 → 34 is a path (one line at a time); 2 has no neighbour in these decks.
    assert_eq!((h(1).distance(h(43)), h(43).distance(h(34)), h(1).distance(h(34))), (1, 1, 2));
    let card = |n| (Card::from_number(n).unwrap(), Orientation::Dark);
    let deck = crate::core::deck::CardSet::from_numbers(&[1, 43, 34, 2]).unwrap();
    let mut duel = Duel::new(deck, Mode::Dark);
    assert_eq!(duel.solve(Start { first: card(1), second: card(2) }), Value::FirstWins);
    assert_eq!(duel.solve(Start { first: card(2), second: card(1) }), Value::SecondWins);
    let short = crate::core::deck::CardSet::from_numbers(&[1, 43, 2]).unwrap();
    assert_eq!(Duel::new(short, Mode::Dark).solve(Start { first: card(1), second: card(2) }), Value::Tie);
}
