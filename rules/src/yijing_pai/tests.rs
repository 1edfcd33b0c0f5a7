//! Tests of the 易经牌 engine: the calls and where groups go, winning and its settlement,
//! the drawn hand, the view and its determinized worlds, records that replay and check,
//! and whole games that end within the wall.

use super::legal::{Call, Group, Laid, Place, kinds_from};
use super::record::{self, Record};
use super::tiles::{TileKind, TileSet, Variant};
use super::*;
use crate::play::bots::{Bot, Heuristic};
use crate::play::registry::check;
use rand::SeedableRng;

const PAIRS: Settings = Settings { set: TileSet::Standard144, variant: Variant::Pairs };

/// A wall whose deal gives these hands (seat 0 first) and whose first draws are `draws`;
/// the rest of the set follows.
fn wall(settings: Settings, hands: [&str; 4], draws: &str) -> Vec<TileKind> {
    let mut front: Vec<TileKind> = hands.iter().flat_map(|h| kinds_from(h).unwrap()).collect();
    front.extend(kinds_from(draws).unwrap());
    let mut rest = settings.set.tiles();
    for k in &front {
        let i = rest.iter().position(|r| r == k).unwrap();
        rest.remove(i);
    }
    front.extend(rest);
    front
}

fn hide(text: &str) -> Action {
    Action::Hide(kinds_from(text).unwrap().try_into().unwrap())
}

fn lay(call: Call, tiles: &str, place: Place) -> Action {
    Action::Lay(Lay { call, group: Group::parse(tiles).unwrap(), place })
}

/// A game past the hiding, each seat keeping the first two tiles of its hand.
fn hidden(hands: [&str; 4], draws: &str) -> YijingPai {
    let mut game = YijingPai::new(PAIRS, &wall(PAIRS, hands, draws)).unwrap();
    for hand in hands {
        game.apply(&hide(&hand[2..])).unwrap();
    }
    game
}

#[test]
fn the_deal_hiding_and_the_view() {
    let game = hidden(["10101010", "11000000", "01t01100", "00110011"], "1100");
    assert_eq!(game.to_move(), Some(0));
    assert_eq!(game.hand(2), &kinds_from("10").unwrap()[..], "hands are kept sorted");
    assert_eq!(game.wall(), 144 - 32);
    let view = game.view(1);
    assert_eq!(view.hand, "11");
    assert_eq!(view.hidden.as_deref(), Some("000000"));
    assert_eq!(view.hand_sizes, vec![2; 4]);
    let text = serde_json::to_string(&view).unwrap();
    assert!(!text.contains("t01100"), "another seat's hidden hexagram leaks: {text}");
    // A hide needs tiles the seat holds.
    let mut start = YijingPai::new(PAIRS, &wall(PAIRS, ["11111111", "00000000", "10101010", "10101010"], "")).unwrap();
    assert_eq!(start.apply(&hide("000000")).unwrap_err().rule, "not-in-hand");
    assert_eq!(start.apply(&lay(Call::Response, "11", Place::Outside)).unwrap_err().rule, "hide-first");
}

#[test]
fn a_response_must_differ_from_the_group_just_laid() {
    let mut game = hidden(["10101010", "10000000", "01010101", "00110011"], "1100");
    game.apply(&lay(Call::Response, "01", Place::Outside)).unwrap();
    assert_eq!(game.to_move(), Some(1));
    let same = lay(Call::Response, "01", Place::Outside);
    assert_eq!(game.apply(&same).unwrap_err().rule, "same-as-last");
    assert_eq!(game.legal_actions(), vec![lay(Call::Response, "10", Place::Outside)]);
    assert_eq!(game.apply(&lay(Call::Response, "10", Place::Inside)).unwrap_err().rule, "response-outside");
    assert_eq!(game.apply(&lay(Call::Response, "11", Place::Outside)).unwrap_err().rule, "not-in-hand");
    assert_eq!(game.apply(&lay(Call::Pung, "10", Place::Outside)).unwrap_err().rule, "no-double");
}

#[test]
fn a_double_is_punged_by_the_first_holder_the_next_player_must_and_the_others_may_pass() {
    // Seat 0 lays a double yang; seat 1 holds it too and must pung; seat 2 holds it and
    // is next after seat 1, so must pung too; then seat 0 (drew 11) may pung or pass.
    let mut game = hidden(["11000000", "11000000", "11000000", "10000000"], "11100000");
    game.apply(&lay(Call::Response, "11", Place::Outside)).unwrap();
    assert_eq!((game.phase(), game.to_move()), ("call", Some(1)));
    assert_eq!(game.legal_actions(), vec![lay(Call::Pung, "11", Place::Outside)]);
    assert_eq!(game.apply(&Action::Pass).unwrap_err().rule, "must-pung");
    game.apply(&lay(Call::Pung, "11", Place::Outside)).unwrap();
    assert_eq!(game.to_move(), Some(2));
    game.apply(&lay(Call::Pung, "11", Place::Outside)).unwrap();
    // Seat 3 holds 10 and cannot pung; seat 0 drew 11 and is offered the pung.
    assert_eq!((game.phase(), game.to_move()), ("call", Some(0)));
    assert!(game.legal_actions().contains(&Action::Pass));
    // A yang pung on a started column is split: one tile inside, one outside.
    assert_eq!(game.legal_actions()[0], lay(Call::Pung, "11", Place::Split));
    assert_eq!(game.apply(&lay(Call::Pung, "11", Place::Outside)).unwrap_err().rule, "bad-place");
    game.apply(&Action::Pass).unwrap();
    // No one else: seat 3, next after seat 2, responds.
    assert_eq!((game.phase(), game.to_move()), ("respond", Some(3)));
    assert_eq!(game.tally().passes, 1);
    assert_eq!(game.tally().forced_pungs, 2);
}

#[test]
fn pungs_go_inside_or_outside_and_a_yang_pair_is_split() {
    let column = [Laid { kind: TileKind::Yin, yang: false }, Laid { kind: TileKind::Yang, yang: true }];
    let yin = Group::parse("00").unwrap();
    let yang = Group::parse("1T").unwrap();
    let s = |v: Vec<Laid>| Group::string_of(&v);
    assert_eq!(s(legal::placed(&column, &yin, Place::Outside)), "0100");
    assert_eq!(s(legal::placed(&column, &yin, Place::Inside)), "0001");
    assert_eq!(s(legal::placed(&column, &yang, Place::Split)), "101T");
    assert_eq!(legal::pung_places(0, 2, true), &[Place::Outside]);
    assert_eq!(legal::pung_places(4, 3, true), &[Place::Outside, Place::Inside]);
}

/// Seat 0 about to lay `hand` on `column`, with `laid` hexagrams and `hidden`.
fn about_to_win(hidden: &str, laid: &[&str], column: &str, hand: &str) -> YijingPai {
    let mut game = self::hidden(["10101010", "10000000", "01010101", "00110011"], "");
    game.hidden[0] = Some(kinds_from(hidden).unwrap().try_into().unwrap());
    let bits = |s: &str| s.chars().enumerate().map(|(i, c)| u8::from(c == '1') << i).sum::<u8>();
    game.laid[0] = laid.iter().map(|s| Done { bits: bits(s), halves: 0 }).collect();
    game.columns[0] = column.chars().map(|c| Laid::from_char(c).unwrap()).collect();
    game.hands[0] = kinds_from(hand).unwrap();
    game
}

#[test]
fn two_hidden_hexagrams_win_and_score_the_last_one() {
    let mut game = about_to_win("1t1010", &["111010"], "1010", "01");
    assert!(game.is_ready(0));
    game.apply(&lay(Call::Response, "10", Place::Outside)).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Won(0)));
    let won = game.settlement().unwrap();
    // 101010: three yang tiles (3 points) and three yin (1½).
    assert_eq!((won.halves, won.hidden, won.fired_by), (9, true, None));
    assert_eq!(game.to_move(), None);
    assert_eq!(game.legal_actions(), vec![]);
}

#[test]
fn three_alike_win_and_a_taiji_scores_nothing() {
    let mut game = about_to_win("000000", &["111111", "111111"], "1111", "1t");
    let win = lay(Call::Response, "1T", Place::Outside);
    assert!(game.score(&win) >= 1000, "greedy sees the win");
    game.apply(&win).unwrap();
    let won = game.settlement().unwrap();
    assert_eq!((won.halves, won.hidden), (10, false));
}

#[test]
fn a_win_by_pung_is_paid_by_the_player_who_laid_the_double() {
    let mut game = about_to_win("000000", &["000000"], "0000", "00");
    game.columns[3] = vec![];
    game.last = Some((3, Group::parse("00").unwrap()));
    game.phase = Phase::Call { from: 3 };
    game.apply(&lay(Call::Pung, "00", Place::Inside)).unwrap();
    assert_eq!(game.settlement().unwrap().fired_by, Some(3));
}

#[test]
fn a_lay_that_cannot_draw_ends_the_hand_drawn() {
    let mut game = hidden(["10101010", "10000000", "01010101", "00110011"], "");
    game.wall.clear();
    game.apply(&lay(Call::Response, "01", Place::Outside)).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Stalled));
}

#[test]
fn a_determinized_world_keeps_what_the_seat_sees_and_every_tile() {
    let mut game = YijingPai::shuffled(PAIRS, 5);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    for _ in 0..30 {
        let action = Bot::Random.choose(&game, &mut rng);
        game.apply(&action).unwrap();
    }
    let seat = game.to_move().unwrap();
    let all = |g: &YijingPai| {
        let mut tiles: Vec<TileKind> = g.wall.clone();
        for s in 0..4 {
            tiles.extend(&g.hands[s]);
            tiles.extend(g.hidden[s].iter().flatten());
            tiles.extend(g.columns[s].iter().map(|t| t.kind));
        }
        legal::counts(&tiles)
    };
    for seed in 0..20 {
        let world = game.determinized(seat, &mut rand_chacha::ChaCha8Rng::seed_from_u64(seed));
        assert_eq!(world.view(seat), game.view(seat));
        assert_eq!(all(&world), all(&game));
        assert_eq!(world.legal_actions(), game.legal_actions());
    }
}

#[test]
fn simulated_games_end_within_the_wall_and_their_records_check() {
    for (settings, most) in [
        (PAIRS, 57),
        (Settings { set: TileSet::Large162, variant: Variant::Pairs }, 66),
        (Settings { set: TileSet::Standard144, variant: Variant::Triples }, 37),
        (Settings { set: TileSet::Large162, variant: Variant::Triples }, 43),
    ] {
        for index in 0..40 {
            let (result, rec) = record::simulated(settings, &[Bot::Greedy, Bot::Random], 3, index);
            assert!(result.outcome.is_some() && result.turns <= most, "{settings:?} game {index}");
            let text = serde_json::to_string(&rec).unwrap();
            let back: Record = serde_json::from_str(&text).unwrap();
            assert_eq!(back, rec);
            let verdict = check(1, &back);
            assert!(verdict.valid, "{verdict:?}");
            assert_eq!(verdict.stalled, result.outcome == Some(Outcome::Stalled));
        }
    }
}

#[test]
fn a_record_that_breaks_a_rule_is_refused_at_that_action() {
    let (_, mut rec) = record::simulated(PAIRS, &[Bot::Random], 4, 0);
    // The dealer's first lay, claimed by another seat.
    let at = rec.actions.iter().position(|e| matches!(e.what, record::What::Lay(_))).unwrap();
    rec.actions[at].seat = 2;
    let verdict = check(1, &rec);
    assert_eq!((verdict.failed_move, verdict.rule), (Some(at + 1), Some("not-your-turn")));
    // A claimed winner the play does not give.
    let (_, mut rec) = record::simulated(PAIRS, &[Bot::Random], 4, 1);
    let winner = check(1, &rec).winner.map_or(0, |w| (w + 1) % 4);
    rec.result = Some(record::Ending { winner: Some(winner), drawn: false });
    assert_eq!(check(1, &rec).rule, Some("wrong-result"));
    rec.wall.pop();
    assert_eq!(check(1, &rec).rule, Some("bad-wall"));
}

#[test]
fn greedy_beats_random_and_hides_its_taiji() {
    let mut game = YijingPai::new(PAIRS, &wall(PAIRS, ["1t000011", "10101010", "10101010", "10101010"], "")).unwrap();
    let choice = Bot::Greedy.choose(&game, &mut rand_chacha::ChaCha8Rng::seed_from_u64(0));
    let Action::Hide(kinds) = choice else { panic!("a hide") };
    assert!(kinds.contains(&TileKind::Taiji));
    game.apply(&choice).unwrap();
    let results: Vec<_> = (0..400).map(|i| record::simulated(PAIRS, &[Bot::Greedy, Bot::Random], 2, i).0).collect();
    let wins = |bot: Bot| {
        results.iter().filter(|r| r.outcome.and_then(Outcome::winner).is_some_and(|w| r.seats[w] == bot)).count()
    };
    assert!(wins(Bot::Greedy) > 3 * wins(Bot::Random), "{} {}", wins(Bot::Greedy), wins(Bot::Random));
}

/// The search bot plans on worlds dealt again, where a hand may differ from the real one;
/// every such world must still offer its seat to move an action.
#[test]
fn the_search_bot_plays_whole_games() {
    for variant in [Variant::Pairs, Variant::Triples] {
        let settings = Settings { set: TileSet::Standard144, variant };
        for index in 0..3 {
            let bots = [Bot::Search { playouts: 24 }, Bot::Greedy];
            let (result, rec) = record::simulated(settings, &bots, 8, index);
            assert!(result.outcome.is_some());
            assert!(check(1, &rec).valid);
        }
    }
}

/// The search bot plays out the heuristic's best few hidden hexagrams, greedy's own choice
/// first, and every lay.
#[test]
fn the_search_bot_weighs_the_best_hidden_hexagrams_and_every_lay() {
    let game = YijingPai::new(PAIRS, &wall(PAIRS, ["1t000011", "10101010", "10101010", "10101010"], "")).unwrap();
    let actions = game.legal_actions();
    let searched = game.searched(actions.clone());
    assert!(actions.len() > 100 && searched.len() == heuristic::SEARCHED_HIDES, "{}", actions.len());
    assert_eq!(searched[0], Bot::Greedy.choose(&game, &mut rand_chacha::ChaCha8Rng::seed_from_u64(0)));
    let worst = |a: &Action| searched.iter().all(|s| game.score(s) >= game.score(a));
    assert!(actions.iter().filter(|a| !searched.contains(a)).all(worst));
    let game = hidden(["10100000", "10101111", "10101010", "10101010"], "");
    let actions = game.legal_actions();
    assert_eq!(game.searched(actions.clone()), actions);
}
