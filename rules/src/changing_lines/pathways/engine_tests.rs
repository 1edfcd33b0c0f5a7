//! Tests of the Pathways engine: whole games, replays, crashing and re-entry by hand, and
//! agreement with the exact two-player search.

use super::Mode;
use super::duel::{Duel, Value, starts};
use super::engine::{Action, Pathways, simulated};
use super::record::{Record, What};
use crate::changing_lines::deck::{Deck, DeckName};
use crate::core::card::{Card, Orientation};
use crate::core::deck::CardSet;
use crate::core::hexagram::Hexagram;
use crate::play::bots::Bot;
use crate::play::simulate::{Summary, game_seed};
use crate::play::{Game, Outcome};

/// The card that shows these lines dark side up.
fn dark(bits: u8) -> Card {
    Card::showing(Hexagram::from_bits(bits), Orientation::Dark)
}

fn lay(bits: u8) -> Action {
    Action::Lay(dark(bits), Orientation::Dark)
}

fn deck_of(bits: &[u8]) -> Deck {
    Deck::from_set(bits.iter().map(|&b| dark(b)).collect()).unwrap()
}

fn game(deck: &[u8], starts: &[u8]) -> Pathways {
    let starts: Vec<_> = starts.iter().map(|&b| (dark(b), Orientation::Dark)).collect();
    Pathways::new(deck_of(deck), Mode::Dark, &starts).unwrap()
}

#[test]
fn bot_games_end_on_every_deck_mode_and_table_and_their_events_replay() {
    let bots = [Bot::Greedy, Bot::Random, Bot::Search { playouts: 12 }];
    let mut index = 0;
    for deck in DeckName::ALL {
        for mode in Mode::ALL {
            for players in [2, 3, 5, 8] {
                index += 1;
                let deck = Deck::named(deck);
                let (result, record) = simulated(deck, mode, players, &bots, 3, index).unwrap();
                assert!(result.outcome.is_some(), "{deck} {mode} {players}: the game did not end");
                assert_eq!(result.turns as usize, record.actions.len());
                // The record, through JSON and back, replays on a fresh deal event by event.
                let line = serde_json::to_string(&record).unwrap();
                let record: Record = serde_json::from_str(&line).unwrap();
                let mut again = Pathways::dealt(deck, mode, players, game_seed(3, index)).unwrap();
                assert_eq!(Record::start(&again, record.seed, record.bots.clone()).starts, record.starts);
                for (n, entry) in record.actions.iter().enumerate() {
                    let action = match entry.what {
                        What::Lay(f) => Action::Lay(Card::from_number(f.card.into()).unwrap(), f.orientation),
                        What::Crash(_) => Action::Crash,
                    };
                    again
                        .replay(entry.seat, &action)
                        .unwrap_or_else(|e| panic!("{deck} {mode} {players}: event {n}: {e}"));
                }
                assert_eq!(again.outcome(), result.outcome);
                assert_eq!(record.replay().unwrap().outcome(), result.outcome);
                assert_eq!(again.counts(), result.counts);
            }
        }
    }
}

#[test]
fn a_crashed_pile_returns_when_play_passes_its_seat() {
    // Seat 0 walks down from 111111 out of everyone's way; seat 1 starts on 000000, lays
    // 000001 and is then stuck; seat 2 goes 001110, 000110, 000010, next to seat 1's start.
    let deck = [0b111111, 0b111110, 0b111100, 0b111000, 0b110000, 0, 0b000001, 0b001110, 0b000110, 0b000010];
    let mut g = game(&deck, &[0b111111, 0, 0b001110]);
    g.apply(&lay(0b111110)).unwrap();
    g.apply(&lay(0b000001)).unwrap();
    g.apply(&lay(0b000110)).unwrap();
    g.apply(&lay(0b111100)).unwrap();
    assert_eq!(g.to_move(), Some(1));
    assert_eq!(g.legal_actions(), vec![Action::Crash]);
    g.apply(&Action::Crash).unwrap();
    assert!(g.crashed(1));
    // Seat 2 moves next: play has not gone round to seat 1 yet, its pile is still out.
    assert_eq!(g.to_move(), Some(2));
    g.apply(&lay(0b000010)).unwrap();
    assert!(!g.available().contains(dark(0)));
    assert_eq!(g.counts().events[1], ("re-entry", 0));
    // Seat 0 moves, then play passes seat 1: its two cards are back, seat 1 is skipped.
    g.apply(&lay(0b111000)).unwrap();
    assert_eq!(g.to_move(), Some(2));
    assert!(g.available().contains(dark(0)) && g.available().contains(dark(1)));
    assert!(g.pile(1).is_empty());
    assert_eq!(g.counts().events, vec![("crash", 1), ("re-entry", 1), ("shared-first", 0)]);
    assert!(g.legal_actions().contains(&lay(0)));
    g.apply(&lay(0)).unwrap();
    assert_eq!(g.to_move(), Some(0));
}

#[test]
fn crashing_with_a_move_and_other_broken_rules_are_refused() {
    let mut g = game(&[0, 1, 3, 0b111111], &[0, 0b111111]);
    assert_eq!(g.apply(&Action::Crash).unwrap_err().rule, "crash-with-a-move");
    assert_eq!(g.apply(&lay(3)).unwrap_err().rule, "not-one-line");
    assert_eq!(g.apply(&lay(0b111111)).unwrap_err().rule, "card-laid");
    assert_eq!(g.apply(&lay(0b010101)).unwrap_err().rule, "not-in-deck");
    assert_eq!(g.apply(&Action::Lay(dark(1), Orientation::Light)).unwrap_err().rule, "wrong-orientation");
    assert_eq!(g.replay(1, &lay(1)).unwrap_err().rule, "not-your-turn");
    g.replay(0, &lay(1)).unwrap();
}

#[test]
fn the_last_player_standing_wins_only_with_a_final_play() {
    // Seat 0 is stuck at once; seat 1 can still lay 000011 on 000001: it wins.
    let mut g = game(&[0b111111, 1, 3], &[0b111111, 1]);
    g.apply(&Action::Crash).unwrap();
    assert!(g.final_turn());
    g.apply(&lay(3)).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Won(1)));
    assert_eq!(g.to_move(), None);

    // Seat 1's only move is seat 0's start, still out of the deck on the final turn: both
    // crashed in the same round and share first place, no single winner.
    let mut g = game(&[0, 1], &[0, 1]);
    assert_eq!(g.legal_actions(), vec![Action::Crash]);
    g.apply(&Action::Crash).unwrap();
    assert_eq!(g.legal_actions(), vec![Action::Crash]);
    g.apply(&Action::Crash).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Stalled));
    assert_eq!(g.counts().events[2], ("shared-first", 1));
    assert!(g.legal_actions().is_empty());
    assert_eq!(g.apply(&lay(0)).unwrap_err().rule, "game-over");
}

/// +1 when seat 0 wins with perfect play, 0 shared first place, −1 when seat 1 wins: a
/// plain minimax through the engine.
fn perfect(g: &Pathways) -> i8 {
    match g.outcome() {
        Some(Outcome::Won(0)) => return 1,
        Some(Outcome::Won(_)) => return -1,
        Some(Outcome::Stalled) => return 0,
        None => {}
    }
    let values = g.legal_actions().into_iter().map(|a| {
        let mut next = g.clone();
        next.apply(&a).unwrap();
        perfect(&next)
    });
    if g.to_move() == Some(0) { values.max().unwrap() } else { values.min().unwrap() }
}

#[test]
fn two_player_games_end_as_the_exact_duel_search_says() {
    let decks = [
        (DeckName::ThreeD.cards(), Mode::Dark),
        (DeckName::ThreeD.cards(), Mode::Light),
        (DeckName::ThreeD.cards(), Mode::Free),
        (CardSet::from_numbers(&[1, 43, 34, 2]).unwrap(), Mode::Dark),
        (CardSet::from_numbers(&[1, 43, 34, 2, 14, 44]).unwrap(), Mode::Dark),
        (CardSet::from_numbers(&[1, 43, 14, 5, 9, 2, 24]).unwrap(), Mode::Free),
    ];
    let mut decided = 0;
    for (cards, mode) in decks {
        let mut duel = Duel::new(cards, mode);
        for start in starts(cards, mode) {
            let g = Pathways::new(Deck::from_set(cards).unwrap(), mode, &[start.first, start.second]).unwrap();
            let want = match duel.solve(start) {
                Value::FirstWins => 1,
                Value::Tie => 0,
                Value::SecondWins => -1,
            };
            decided += usize::from(want != 0);
            assert_eq!(perfect(&g), want, "{:?} on {:?} {mode}", start, cards.numbers());
        }
    }
    assert!(decided > 0, "some start must have a winner, or the comparison shows little");
}

#[test]
fn simulation_depends_only_on_the_seed() {
    let run = |seed| {
        let bots = [Bot::Greedy];
        let results: Vec<_> = (0..30)
            .map(|i| simulated(Deck::named(DeckName::FourD), Mode::Free, 3, &bots, seed, i).unwrap().0)
            .collect();
        Summary::of("pathways", 3, seed, &bots, &results)
    };
    assert_eq!(run(5), run(5));
    assert_ne!(run(5).turns, run(6).turns);
}

#[test]
fn dealing_refuses_more_players_than_cards_and_deals_distinct_cards() {
    let deck = Deck::named(DeckName::ThreeD);
    assert_eq!(Pathways::dealt(deck, Mode::Dark, 9, 1).unwrap_err().rule, "players");
    let g = Pathways::dealt(deck, Mode::Dark, 8, 1).unwrap();
    let starts: CardSet = (0..8).map(|s| g.pile(s)[0].card).collect();
    assert_eq!(starts, deck.cards());
    let free = Pathways::dealt(Deck::named(DeckName::SixD), Mode::Free, 8, 2).unwrap();
    let turned = (0..8).filter(|&s| free.pile(s)[0].orientation == Orientation::Light).count();
    assert!(turned > 0 && turned < 8, "free mode turns starting cards at random");
}

#[test]
fn a_broken_record_names_the_action_and_the_rule() {
    let (_, record) = simulated(Deck::named(DeckName::FourD), Mode::Dark, 3, &[Bot::Greedy], 8, 0).unwrap();
    assert!(record.replay().is_ok());
    let mut wrong_seat = record.clone();
    wrong_seat.actions[2].seat = (wrong_seat.actions[2].seat + 1) % 3;
    let failed = wrong_seat.replay().unwrap_err();
    assert_eq!((failed.action, failed.illegal.rule), (3, "not-your-turn"));
    let mut wrong_card = record.clone();
    wrong_card.actions[0].what = What::Lay(record.starts[1]);
    let failed = wrong_card.replay().unwrap_err();
    assert_eq!((failed.action, failed.illegal.rule), (1, "card-laid"));
    let mut wrong_result = record.clone();
    let winner = record.result.unwrap().winner.map_or(0, |w| (w + 1) % 3);
    wrong_result.result = Some(super::record::Ending { winner: Some(winner), shared_first: false });
    assert_eq!(wrong_result.replay().unwrap_err().illegal.rule, "wrong-result");
    let mut custom = record.clone();
    custom.deck = super::record::DeckField::Cards(vec![1, 9]);
    assert_eq!(custom.replay().unwrap_err().illegal.rule, "not-in-deck");
}

#[test]
fn in_the_variant_the_last_player_standing_wins_without_a_final_play() {
    // As in the seed's rule both would crash; in the variant seat 1 wins as seat 0 crashes.
    let mut g = game(&[0, 1], &[0, 1]).last_standing_wins();
    assert!(!g.final_play());
    g.apply(&Action::Crash).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Won(1)));
    assert_eq!(g.to_move(), None);
    // Three players: the game goes on after the first crash.
    let mut g = game(&[0, 1, 0b111111], &[0, 1, 0b111111]).last_standing_wins();
    g.apply(&Action::Crash).unwrap();
    assert_eq!((g.outcome(), g.to_move()), (None, Some(1)));
    // Its records say so and replay as the variant.
    let (result, record) =
        super::engine::simulated_variant(Deck::named(DeckName::SixD), Mode::Dark, 2, false, &[Bot::Greedy], 1, 0)
            .unwrap();
    assert!(!record.final_play);
    let line = serde_json::to_string(&record).unwrap();
    assert!(line.contains("\"final_play\":false"));
    assert_eq!(serde_json::from_str::<Record>(&line).unwrap().replay().unwrap().outcome(), result.outcome);
    assert!(matches!(result.outcome, Some(Outcome::Won(_))));
}

#[test]
fn players_rank_in_reverse_order_of_crashing_sharing_a_round() {
    // Seat 0 wins with its final play after seat 1 crashed: [0], [1].
    let mut g = game(&[0b111111, 1, 3], &[0b111111, 1]);
    assert_eq!(g.ranking(), None);
    g.apply(&Action::Crash).unwrap();
    g.apply(&lay(3)).unwrap();
    assert_eq!(g.ranking(), Some(vec![vec![1], vec![0]]));
    // Both crash in the same round: one shared first place.
    let mut g = game(&[0, 1], &[0, 1]);
    g.apply(&Action::Crash).unwrap();
    g.apply(&Action::Crash).unwrap();
    assert_eq!(g.ranking(), Some(vec![vec![0, 1]]));
    // Three players, all stuck at once: seat 0 and seat 1 crash in one round (seat 0's pile
    // is still out), seat 2 cannot make the final play: all three share first place.
    let mut g = game(&[0, 0b111111, 0b010101], &[0, 0b111111, 0b010101]);
    for _ in 0..3 {
        g.apply(&Action::Crash).unwrap();
    }
    assert_eq!(g.ranking(), Some(vec![vec![0, 1, 2]]));
    // In the re-entry game, seat 1's pile is back before anyone else crashes: seat 1 ranks
    // alone, last.
    let deck = [0b111111, 0b111110, 0b111100, 0b111000, 0b110000, 0, 0b000001, 0b001110, 0b000110, 0b000010];
    let mut g = game(&deck, &[0b111111, 0, 0b001110]);
    for action in [lay(0b111110), lay(0b000001), lay(0b000110), lay(0b111100), Action::Crash, lay(0b000010)] {
        g.apply(&action).unwrap();
    }
    g.apply(&lay(0b111000)).unwrap();
    g.apply(&lay(0)).unwrap();
    while g.outcome().is_none() {
        let action = g.legal_actions()[0];
        g.apply(&action).unwrap();
    }
    let ranking = g.ranking().unwrap();
    assert_eq!(ranking.last(), Some(&vec![1]), "{ranking:?}");
    assert_eq!(ranking.iter().map(Vec::len).sum::<usize>(), 3);
}

#[test]
fn every_seat_sees_the_whole_table() {
    let mut g = game(&[0, 1, 3, 0b111111], &[0, 0b111111]);
    g.apply(&lay(1)).unwrap();
    let view = serde_json::to_value(g.view(1)).unwrap();
    assert_eq!(view, serde_json::to_value(g.view(0)).unwrap(), "Pathways hides nothing");
    assert_eq!(view["available"], serde_json::json!([dark(3).number()]));
    assert_eq!(view["piles"][0].as_array().unwrap().len(), 2);
    assert_eq!((view["to_move"].as_u64(), view["mode"].as_str()), (Some(1), Some("dark")));
    assert!(view["ranking"].is_null());
}

/// A record typed in by hand on a deck of two cards, 000000 and 000001, one each: both
/// seats crash in the same round, so they share first place, and the checker says so.
fn shared_first_record(result: &str) -> crate::play::registry::Verdict {
    let (a, b) = (dark(0).number(), dark(1).number());
    let record = format!(
        r#"{{"game":"pathways","deck":[{a},{b}],"mode":"dark","players":2,
        "starts":[{{"card":{a},"orientation":"dark"}},{{"card":{b},"orientation":"dark"}}],
        "actions":[{{"seat":0,"crash":true}},{{"seat":1,"crash":true}}],"result":{result}}}"#
    );
    crate::game("pathways").unwrap().check(1, &record).unwrap()
}

#[test]
fn a_shared_first_place_is_checked_as_one_naming_its_seats() {
    let verdict = shared_first_record(r#"{"shared_first":true}"#);
    assert_eq!((verdict.valid, verdict.winner, verdict.stalled), (true, None, false), "{verdict:?}");
    assert_eq!(verdict.shared_first, Some(vec![0, 1]));
    let json = serde_json::to_value(&verdict).unwrap();
    assert_eq!(json["shared_first"], serde_json::json!([0, 1]));
    let verdict = shared_first_record(r#"{"winner":1}"#);
    assert_eq!((verdict.valid, verdict.failed_move, verdict.rule), (false, Some(2), Some("wrong-result")));
}
