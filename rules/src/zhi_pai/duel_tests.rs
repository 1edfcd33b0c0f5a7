//! Zhi Pai for two: the table's rules on crafted deals (the worked example of docs/conventions.md, Zhi Pai and
//! short sequences found by the solver), then whole games between bots.

use super::*;
use crate::play::bots::Bot;
use crate::play::simulate::{Summary, game_seed, play};

fn hex(n: i64) -> Hexagram {
    Hexagram::from_number(n).expect("a card number")
}

/// A deal with these starts and this zone; the pile is every other card, ascending.
fn deal(starts: [i64; 2], zone: &[i64]) -> Deal {
    let starts = starts.map(hex);
    let zone: Vec<Hexagram> = zone.iter().map(|&n| hex(n)).collect();
    let taken = |h: &Hexagram| starts.iter().any(|s| *s == *h || s.complement() == *h) || zone.contains(h);
    let pile = Hexagram::all().filter(|h| !taken(h)).collect();
    Deal { starts, zone, pile }
}

fn lay(n: i64, side: Side) -> Action {
    Action::Lay { card: hex(n), side }
}

/// Plays the actions in turn, seat 0 first, each through `apply`.
fn run(game: &mut Duel, actions: &[Action]) {
    for (i, action) in actions.iter().enumerate() {
        assert_eq!(game.to_move(), Some(i % 2), "before action {i}");
        assert!(game.legal_actions().contains(action), "action {i} ({action:?}) is listed as legal");
        game.apply(action).unwrap_or_else(|e| panic!("action {i} ({action:?}): {e}"));
    }
}

use Side::{Left, Right};

// Seat 0 from 12 (the worked example: 12 6 40 55 22 11, four placements); seat 1 from 63
// (63 3 21 64, two placements), or from 32 (32 40 59 42: the same two steps with lines 1
// and 2 of each trigram exchanged, so the same length and trigram cards).

#[test]
fn every_card_is_dealt_once() {
    for seed in 0..50 {
        let d = Deal::shuffled(seed);
        let mut seen: Vec<u8> = d.zone.iter().chain(&d.pile).map(|h| h.number()).collect();
        for s in d.starts {
            seen.push(s.number());
            seen.push(s.complement().number());
        }
        seen.sort_unstable();
        assert_eq!(seen, (1..=64).collect::<Vec<u8>>(), "seed {seed}");
        assert_eq!((d.zone.len(), d.pile.len()), (6, 54));
    }
    assert_eq!(Deal::shuffled(3), Deal::shuffled(3));
    assert_ne!(Deal::shuffled(3), Deal::shuffled(4));
}

#[test]
fn the_second_player_who_finishes_wins_at_once() {
    let mut game = Duel::new(&deal([12, 63], &[6, 22, 40, 55, 3, 21]));
    run(&mut game, &[lay(6, Left), lay(3, Left), lay(22, Right), lay(21, Left)]);
    assert_eq!(game.outcome(), Some(Outcome::Won(1)));
    assert_eq!(game.turns(), 4);
    assert!(game.legal_actions().is_empty());
    assert_eq!(game.table(1).sequence().iter().map(|h| h.number()).collect::<Vec<_>>(), [63, 3, 21, 64]);
}

#[test]
fn the_first_player_who_finishes_wins_unless_the_second_finishes_on_its_last_turn() {
    let zone = [6, 22, 40, 55, 3, 21];
    let first = [lay(6, Left), Action::Pass, lay(22, Right), Action::Pass, lay(40, Left), Action::Pass, lay(55, Left)];
    // The second player passes its last turn: the first wins.
    let mut game = Duel::new(&deal([12, 63], &zone));
    run(&mut game, &first);
    assert!(game.last_turn() && game.outcome().is_none(), "the second player has one more turn");
    assert_eq!(game.table(0).sequence().iter().map(|h| h.number()).collect::<Vec<_>>(), [12, 6, 40, 55, 22, 11]);
    game.apply(&Action::Pass).expect("a pass");
    assert_eq!(game.outcome(), Some(Outcome::Won(0)));
    // A placement that does not finish does not save it either.
    let mut game = Duel::new(&deal([12, 63], &zone));
    run(&mut game, &first);
    game.apply(&lay(3, Left)).expect("3 links to 63");
    assert_eq!(game.outcome(), Some(Outcome::Won(0)));
    // The second finishes too, with the shorter sequence (4 cards against 6): it wins.
    let mut game = Duel::new(&deal([12, 63], &zone));
    let both = [lay(6, Left), Action::Pass, lay(22, Right), lay(3, Left), lay(40, Left), Action::Pass, lay(55, Left)];
    run(&mut game, &both);
    assert!(game.last_turn());
    game.apply(&lay(21, Left)).expect("21 finishes");
    assert_eq!(game.outcome(), Some(Outcome::Won(1)));
}

#[test]
fn equal_sequences_and_trigram_cards_tie() {
    let mut game = Duel::new(&deal([63, 32], &[3, 40, 21, 59]));
    run(&mut game, &[lay(3, Left), lay(40, Left), lay(21, Left), lay(59, Left)]);
    assert_eq!(game.table(1).sequence().iter().map(|h| h.number()).collect::<Vec<_>>(), [32, 40, 59, 42]);
    assert_eq!(game.table(0).active().len(), game.table(1).active().len());
    assert_eq!(game.outcome(), Some(Outcome::Stalled));
    assert_eq!(game.tally().ties, 1);
    assert!(game.counts().events.contains(&("ties", 1)));
}

#[test]
fn more_trigram_cards_break_a_tie_of_lengths() {
    for (seat, winner) in [(0, Outcome::Won(0)), (1, Outcome::Won(1))] {
        let mut game = Duel::new(&deal([63, 32], &[3, 40, 21, 59]));
        // One table starts with the heaven card up, which neither sequence uses: the same
        // lengths, one more trigram card at the end.
        let start = game.tables[seat].sequence()[0];
        let heaven = TrigramSet::from_names(&["heaven"]).expect("a trigram");
        let setup = Setup::with_available(start, Setup::new(start).available, heaven).expect("a setup");
        game.tables[seat] = rules::Chain::new(setup);
        run(&mut game, &[lay(3, Left), lay(40, Left), lay(21, Left), lay(59, Left)]);
        assert_eq!(game.table(seat).active().len(), game.table(1 - seat).active().len() + 1);
        assert_eq!(game.outcome(), Some(winner));
    }
}

#[test]
fn an_empty_pile_and_two_passes_stall_the_game() {
    let mut game = Duel::new(&Deal { starts: [hex(12), hex(63)], zone: vec![hex(6)], pile: vec![] });
    game.apply(&lay(6, Left)).expect("6 links to 12");
    assert_eq!(game.legal_actions(), [Action::Pass]);
    game.apply(&Action::Pass).expect("a pass");
    assert!(game.outcome().is_none(), "one pass is not a stall");
    game.apply(&Action::Pass).expect("a pass");
    assert_eq!(game.outcome(), Some(Outcome::Stalled));
    assert_eq!(game.tally().stalls, 1);
}

#[test]
fn a_pass_reveals_a_card_and_the_rules_refuse_by_name() {
    let mut game = Duel::new(&deal([12, 63], &[6, 22, 40, 55, 3, 21]));
    let next = *game.pile.last().expect("a pile");
    let event = game.apply(&Action::Pass).expect("a pass");
    assert_eq!(event.revealed, Some(next));
    assert_eq!(game.zone().len(), 7);
    assert_eq!(game.pile(), 53);
    let before = game.clone();
    let refused =
        |game: &mut Duel, seat, action, revealed| game.replay(seat, &Event { action, revealed }).unwrap_err().rule;
    let top = game.pile.last().copied();
    assert_eq!(refused(&mut game, 0, Action::Pass, top), "not-your-turn");
    assert_eq!(refused(&mut game, 1, lay(12, Left), top), "not-in-zone");
    assert_eq!(refused(&mut game, 1, lay(6, Left), top), "no-link", "6 does not link to 63");
    assert_eq!(refused(&mut game, 1, Action::Pass, None), "must-reveal");
    assert_eq!(refused(&mut game, 1, Action::Pass, Some(hex(6))), "not-in-pile");
    assert_eq!(game.zone(), before.zone(), "a refused event changes nothing");
    assert_eq!(game.pile(), before.pile());
    // A card anywhere in the pile may be revealed (a table's own shuffle), not only the top.
    let deep = game.pile[0];
    game.replay(1, &Event { action: lay(3, Left), revealed: Some(deep) }).expect("a legal turn");
    assert_eq!(game.zone().last(), Some(&deep));
}

#[test]
fn the_view_shows_the_table_and_hides_the_pile_order() {
    let game = Duel::new(&Deal::shuffled(8));
    let view = serde_json::to_value(game.view(1)).expect("a view");
    assert_eq!(view["pile"], 54);
    assert_eq!(view["zone"].as_array().map(Vec::len), Some(6));
    assert_eq!(view["tables"][1]["sequence"].as_array().map(Vec::len), Some(2));
    let text = view.to_string();
    // The pile's cards are nowhere in the view (only its size).
    let mut determinized = game.determinized(1, &mut ChaCha8Rng::seed_from_u64(5));
    assert_eq!(serde_json::to_value(determinized.view(1)).expect("a view").to_string(), text);
    assert_ne!(determinized.pile, game.pile, "the hidden order is dealt again");
    let mut a = determinized.pile.clone();
    a.sort_unstable_by_key(|h| h.number());
    let mut b = game.pile.clone();
    b.sort_unstable_by_key(|h| h.number());
    assert_eq!(a, b, "the same cards");
    determinized.apply(&Action::Pass).expect("a pass");
}

/// Plays a game between bots and replays its events on a fresh table: same end, same view.
fn played_and_replayed(bots: [Bot; 2], seed: u64) -> Outcome {
    let deal = Deal::shuffled(seed);
    let played = play(Duel::new(&deal), &bots, seed, ACTION_LIMIT);
    let outcome = played.outcome.expect("the game ends before the action limit");
    let mut again = Duel::new(&deal);
    for (seat, event) in &played.events {
        again.replay(*seat, event).unwrap_or_else(|e| panic!("seed {seed}: {event:?} replays: {e}"));
    }
    assert_eq!(again.outcome(), Some(outcome));
    assert_eq!(serde_json::to_value(again.view(0)).unwrap(), serde_json::to_value(played.game.view(0)).unwrap());
    assert_eq!(again.turns() as usize, played.events.len(), "one event a turn");
    outcome
}

#[test]
fn games_between_bots_end_and_replay() {
    let pairs = [
        [Bot::Random, Bot::Random],
        [Bot::Greedy, Bot::Greedy],
        [Bot::Greedy, Bot::Random],
        [Bot::Random, Bot::Greedy],
    ];
    for bots in pairs {
        for index in 0..60 {
            played_and_replayed(bots, game_seed(11, index));
        }
    }
    for index in 0..3 {
        played_and_replayed([Bot::Search { playouts: 40 }, Bot::Greedy], game_seed(12, index));
    }
}

#[test]
fn both_seats_win_and_the_summary_is_the_same_for_the_same_seed() {
    let bots = [Bot::Greedy, Bot::Greedy];
    let run = |seed| {
        let results: Vec<_> = (0..300).map(|i| simulated(&bots, seed, i).0).collect();
        Summary::of("zhi-pai", PLAYERS, seed, &bots, &results)
    };
    let summary = run(1);
    assert_eq!(summary.games, 300);
    assert_eq!(summary.unfinished, 0);
    assert!(summary.wins_by_seat[0] > 0 && summary.wins_by_seat[1] > 0, "{:?}", summary.wins_by_seat);
    assert_eq!(summary.wins_by_seat.iter().sum::<u64>(), summary.finished);
    assert_eq!(summary.first_player.wins, summary.wins_by_seat[0], "seat 0 moves first");
    assert!(summary.plays_by_kind["one-line"] > 0 && summary.plays_by_kind["trigram"] > 0);
    assert_eq!(summary, run(1));
    assert_ne!(summary, run(2));
}

#[test]
fn greedy_beats_random() {
    let bots = [Bot::Greedy, Bot::Random];
    let results: Vec<_> = (0..400).map(|i| simulated(&bots, 3, i).0).collect();
    let summary = Summary::of("zhi-pai", PLAYERS, 3, &bots, &results);
    let greedy = &summary.wins_by_bot[0];
    assert_eq!(greedy.bot, "greedy");
    assert!(greedy.rate.low > 0.5, "greedy wins {:?}", greedy.rate);
}

/// A record of the duel typed in by hand, checked as `hexforge check zhi-pai --record` does.
fn checked(zone: &str, actions: &str, result: &str) -> crate::play::registry::Verdict {
    let record =
        format!(r#"{{"game":"zhi-pai","players":2,"starts":[63,32],"zone":[{zone}],"actions":[{actions}]{result}}}"#);
    crate::game("zhi-pai").unwrap().check(1, &record).unwrap()
}

/// The tie above as a record: both finish with four cards and as many trigram cards.
const TIED: &str = r#"{"seat":0,"lay":{"card":3,"side":"left"},"revealed":5},
    {"seat":1,"lay":{"card":40,"side":"left"},"revealed":6},
    {"seat":0,"lay":{"card":21,"side":"left"},"revealed":7},
    {"seat":1,"lay":{"card":59,"side":"left"},"revealed":8}"#;

/// "retournent face visible les 6 premières cartes de la pile dans la Zone Commune": a deal
/// with six cards in the zone checks, one with seven is refused before the first turn.
#[test]
fn a_record_dealing_six_cards_to_the_zone_checks_and_seven_is_a_bad_deal() {
    let verdict = checked("3,40,21,59,1,2", TIED, r#","result":{"tied":true}"#);
    assert_eq!((verdict.valid, verdict.winner, verdict.stalled), (true, None, false), "{verdict:?}");
    assert_eq!(verdict.shared_first, Some(vec![0, 1]), "a tie is a first place both share");
    let verdict = checked("3,40,21,59,1,2,4", TIED, r#","result":{"tied":true}"#);
    assert_eq!((verdict.valid, verdict.failed_move, verdict.rule), (false, Some(0), Some("bad-deal")));
    let verdict = checked("3,40,21,59,1", TIED, "");
    assert_eq!((verdict.valid, verdict.failed_move, verdict.rule), (false, Some(0), Some("bad-deal")));
}

/// A game stalled on an empty pile is no shared first place; a tie is.
#[test]
fn only_a_tie_is_a_shared_first_place() {
    use crate::play::registry::GameRecord;
    let shared = |game: &Duel| <crate::zhi_pai::duel_record::Record as GameRecord>::shared_first(game);
    let mut game = Duel::new(&Deal { starts: [hex(12), hex(63)], zone: vec![hex(6)], pile: vec![] });
    run(&mut game, &[lay(6, Left), Action::Pass, Action::Pass]);
    assert_eq!((game.outcome(), shared(&game)), (Some(Outcome::Stalled), None));
    let mut game = Duel::new(&deal([63, 32], &[3, 40, 21, 59]));
    run(&mut game, &[lay(3, Left), lay(40, Left), lay(21, Left), lay(59, Left)]);
    assert_eq!((game.outcome(), shared(&game)), (Some(Outcome::Stalled), Some(vec![0, 1])));
}
