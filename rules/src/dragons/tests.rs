//! Tests of the Dragons engine: sowing, steps and portals, bites, expelling, damage and
//! lost segments, the impossible action, the modes' combinations and flux coin, records.

use super::moves::{Path, Step, paths, ruler_value};
use super::record::Record;
use super::rules::{Cell, Direction, Dragon, LIFE_MAX};
use super::scenarios::scenario;
use super::state::{Board, Mode};
use super::wheel::{Flow, Space, WHEEL, wheel_index};
use super::{Action, Dragons, Stones, Then, dragon};
use crate::core::trigram::Trigram;
use crate::play::bots::Bot;
use crate::play::registry::{GameRecord, check, simulated};
use crate::play::{Game, Outcome};

fn c(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

fn intro(mode: Mode) -> Dragons {
    Dragons::new(&scenario("introductory").unwrap(), mode)
}

fn sow(space: Trigram, word: &str) -> Action {
    Action::Sow { space: wheel_index(space) as u8, stones: Stones::parse(word).unwrap() }
}

#[test]
fn the_first_sowing_names_fire_and_the_sky_dragon_moves() {
    let mut g = intro(Mode::Grasshopper);
    assert_eq!(g.to_move(), Some(0));
    g.apply(&sow(Trigram::HEAVEN, "ww")).unwrap();
    assert_eq!(g.phase(), ("matter", Some("fire")));
    // Fire: one step any way; the Sky dragon at c8 facing south can go b8, d8 or c7.
    let moves = g.legal_actions();
    let heads: Vec<String> = moves
        .iter()
        .filter_map(|a| match a {
            Action::Move { path, then: Then::Nothing } => Some(path.words().join(" ")),
            _ => None,
        })
        .collect();
    assert_eq!(heads.len(), 3, "{heads:?}");
    assert!(moves.contains(&Action::Move { path: Path::of(&[Step::To(c("c7"))]), then: Then::Absorb }));
    g.apply(&Action::Move { path: Path::of(&[Step::To(c("c7"))]), then: Then::Absorb }).unwrap();
    assert_eq!(g.board.beast(Dragon::Sky).fire, 1);
    assert_eq!(g.board.centre_fire, 7);
    assert_eq!(g.to_move(), Some(1), "Dilong's turn");
    assert_eq!(g.turns(), 2);
}

#[test]
fn wrong_sowings_are_refused_by_rule() {
    let mut g = intro(Mode::Grasshopper);
    assert_eq!(g.apply(&sow(Trigram::LAKE, "w")).unwrap_err().rule, "empty-space");
    assert_eq!(g.apply(&sow(Trigram::FIRE, "ww")).unwrap_err().rule, "wrong-stones");
    assert_eq!(g.replay(1, &sow(Trigram::EARTH, "bb")).unwrap_err().rule, "not-your-turn");
    let still = Action::Move { path: Path::STILL, then: Then::Nothing };
    assert_eq!(g.apply(&still).unwrap_err().rule, "wrong-phase");
}

#[test]
fn damage_empties_the_meter_then_costs_a_segment_and_refills() {
    let s = scenario("introductory").unwrap();
    let mut b = Board::new(&s);
    assert_eq!(b.hurt(Dragon::Earth, 3), 0);
    assert_eq!(b.beast(Dragon::Earth).life, 1);
    assert_eq!(b.centre_water, 3);
    assert_eq!(b.hurt(Dragon::Earth, 2), 1, "the fourth point costs the tail");
    let e = b.beast(Dragon::Earth);
    assert_eq!((e.segments(), e.life), (2, LIFE_MAX - 1));
    assert_eq!(b.centre_water, 1);
    assert_eq!(e.tail(), c("h1"), "i1, the tail, is gone");
    assert_eq!(b.hurt(Dragon::Earth, 20), 2);
    assert_eq!(b.defeated(), Some(Dragon::Earth));
}

#[test]
fn a_dragon_crosses_a_portal_and_frees_it_behind_its_tail() {
    let s = scenario("introductory").unwrap();
    let mut b = Board::new(&s);
    // Put the Sky dragon beside the west portal (a5), heading west along row 5.
    let sky = b.beast_mut(Dragon::Sky);
    sky.cells = [c("b5"), c("c5"), c("d5"), c("d6")];
    sky.facing = Direction::West;
    let through = paths(&b, Dragon::Sky, Trigram::FIRE);
    let exits: Vec<String> =
        through.iter().filter(|(p, _)| p.through_portal()).map(|(p, _)| p.words()[0].clone()).collect();
    assert_eq!(exits, ["a5>i5>i6", "a5>i5>i4", "a5>i5>h5"], "out beside the twin, facing away from it");
    let (_, after) = through.iter().find(|(p, _)| p.words() == ["a5>i5>h5"]).unwrap();
    let sky = after.beast(Dragon::Sky);
    assert_eq!(sky.body(), [c("h5"), c("b5"), c("c5"), c("d5")]);
    assert_eq!(sky.facing, Direction::West);
    assert_eq!(after.crossing(0), Some(Dragon::Sky));
    assert!(after.grid().at(c("a5")).of(Dragon::Sky), "an occupied portal is the dragon's tile");
    // Three more steps west: the tail leaves b5 on the third, and both portals turn free.
    let mut now = *after;
    for (i, to) in ["g5", "f5", "e5"].into_iter().enumerate() {
        if to == "e5" {
            now.rock = None;
        }
        let next = paths(&now, Dragon::Sky, Trigram::FIRE).into_iter().find(|(p, _)| p.words() == [to]).unwrap().1;
        now = next;
        assert_eq!(now.crossing(0).is_some(), i < 2, "after {to}");
    }
}

#[test]
fn biting_and_expelling() {
    let s = scenario("introductory").unwrap();
    let mut g = Dragons::new(&s, Mode::Grasshopper);
    {
        let b = &mut g.board;
        b.beast_mut(Dragon::Sky).cells = [c("e7"), c("e8"), c("e9"), c("d9")];
        b.beast_mut(Dragon::Earth).cells = [c("f4"), c("f3"), c("f2"), c("f1")];
        b.rock = None;
    }
    // Straight down from e7: e6, e5, e4, e3, e2: nothing of Dilong; the right diagonal
    // (f6, g5, h4) neither; but from e6 facing south the diagonal f5 is empty and g4…
    assert_eq!(ruler_value(&g.board, Dragon::Sky), None);
    g.board.beast_mut(Dragon::Sky).cells = [c("f6"), c("f7"), c("f8"), c("f9")];
    assert_eq!(ruler_value(&g.board, Dragon::Sky), Some(2), "f5 empty, f4 is Dilong's head: 2");
    // A sky move of one step brings the mouth against Dilong: a bite.
    g.board.wheel = [Space::default(); 8];
    g.board.wheel[wheel_index(Trigram::WIND)] = Space { white: 1, black: 0 };
    g.apply(&Action::Sow { space: wheel_index(Trigram::WIND) as u8, stones: Stones::parse("w").unwrap() }).unwrap();
    assert_eq!(g.phase().1, Some("sky"));
    let one = Action::Move { path: Path::of(&[Step::To(c("f5"))]), then: Then::Nothing };
    g.apply(&one).unwrap();
    assert_eq!(g.board.beast(Dragon::Earth).life, LIFE_MAX - 1, "bitten");
    assert_eq!(g.counts().events.iter().find(|e| e.0 == "bite").unwrap().1, 1);
}

/// The introductory game with the Sky dragon boxed in (its head in the corner a9 facing
/// north, the rock beside it) and the wheel emptied.
fn boxed_sky() -> Dragons {
    let s = scenario("introductory").unwrap();
    let mut g = Dragons::new(&s, Mode::Grasshopper);
    g.board.beast_mut(Dragon::Sky).cells = [c("a9"), c("a8"), c("a7"), c("a6")];
    g.board.rock = Some(c("b9"));
    g.board.beast_mut(Dragon::Sky).facing = Direction::North;
    g.board.wheel = [Space::default(); 8];
    g
}

#[test]
fn an_impossible_action_is_sown_only_when_nothing_else_is_and_costs_a_life() {
    let mut g = boxed_sky();
    g.board.wheel[wheel_index(Trigram::HEAVEN)] = Space { white: 2, black: 2 };
    g.board.wheel[wheel_index(Trigram::WATER)] = Space { white: 2, black: 2 };
    // Sky's four stones end on earth (counter-clockwise lake, fire, thunder, earth), water's
    // on lake: earth is impossible, lake (on the vertical axis: any step) too; every sowing
    // is impossible, so any may be sown, and the matter phase is lost with a life.
    let actions = g.legal_actions();
    assert_eq!(actions.len(), 2);
    g.apply(&actions[0]).unwrap();
    assert_eq!(g.board.beast(Dragon::Sky).life, LIFE_MAX - 1);
    assert_eq!(g.to_move(), Some(1));
}

#[test]
fn master_flow_turns_the_coin_and_monk_combinations_fire() {
    let mut g = intro(Mode::Master);
    // Sky holds two white stones: a white majority flows clockwise, against the coin.
    g.apply(&sow(Trigram::HEAVEN, "ww")).unwrap();
    assert_eq!(g.board.coin, Flow::Clockwise);
    assert_eq!(g.phase().1, Some("water"), "clockwise from sky: wind, then water");
    let mut g = intro(Mode::Monk);
    g.board.wheel = [Space::default(); 8];
    g.board.wheel[wheel_index(Trigram::HEAVEN)] = Space { white: 3, black: 0 };
    g.board.wheel[wheel_index(Trigram::WIND)] = Space { white: 1, black: 4 };
    // Sowing wind's five stones counter-clockwise: sky, lake, fire, thunder, earth.
    let before = g.board.beast(Dragon::Earth).fire;
    g.apply(&sow(Trigram::WIND, "wbbbb")).unwrap();
    // White now has four on sky: a focus for Tianlong, sky's action first.
    assert_eq!(g.phase(), ("matter", Some("sky")));
    assert_eq!(g.to_move(), Some(0));
    assert_eq!(g.board.beast(Dragon::Earth).fire, before);
}

#[test]
fn games_between_bots_end_and_their_records_check() {
    for (key, mode) in [("introductory", Mode::Grasshopper), ("valley", Mode::Master), ("valley", Mode::Monk)] {
        for index in 0..12 {
            let game = Dragons::new(&scenario(key).unwrap(), mode).salted(index);
            let (result, record) = simulated::<Record>(game, &[Bot::Greedy, Bot::Random], 3, index, 100_000);
            assert!(result.outcome.is_some());
            let line = serde_json::to_string(&record).unwrap();
            let back: Record = serde_json::from_str(&line).unwrap();
            let verdict = check(1, &back);
            assert!(verdict.valid, "{key} {index}: {verdict:?}");
            assert_eq!(verdict.winner, result.outcome.and_then(Outcome::winner));
        }
    }
}

#[test]
fn a_tampered_record_is_caught_at_its_move() {
    let game = intro(Mode::Grasshopper).salted(5);
    let (_, mut record) = simulated::<Record>(game, &[Bot::Greedy, Bot::Greedy], 1, 0, 100_000);
    record.actions[1].what = super::record::What::Move(super::record::Moving { path: vec!["a1".into()], then: None });
    let verdict = check(1, &record);
    assert_eq!((verdict.failed_move, verdict.rule), (Some(2), Some("illegal-move")));
    let mut bad = Record::start(&intro(Mode::Grasshopper), None, None);
    bad.scenario = "mountains".into();
    assert_eq!(check(1, &bad).rule, Some("bad-scenario"));
}

#[test]
fn every_seat_maps_to_its_dragon() {
    assert_eq!(dragon(0), Dragon::Sky);
    assert_eq!(super::seat(Dragon::Earth), 1);
    assert_eq!(WHEEL.len(), 8);
}

#[test]
fn a_focus_is_moved_by_its_dragons_player_or_in_the_variant_by_the_sower() {
    for (variant, seat) in [(super::Variant::FocusByOwner, 1), (super::Variant::FocusBySower, 0)] {
        let mut g = intro(Mode::Monk).with_variant(variant);
        g.board.wheel = [Space::default(); 8];
        g.board.wheel[wheel_index(Trigram::HEAVEN)] = Space { white: 0, black: 3 };
        g.board.wheel[wheel_index(Trigram::WIND)] = Space { white: 0, black: 1 };
        g.board.wheel[wheel_index(Trigram::FIRE)] = Space { white: 4, black: 0 };
        // Tianlong sows wind's black stone onto sky: four black there, a focus for Dilong.
        g.apply(&sow(Trigram::WIND, "b")).unwrap();
        assert_eq!(g.phase(), ("matter", Some("sky")));
        assert_eq!(g.to_move(), Some(seat), "{variant:?}");
        let first = g.legal_actions()[0];
        g.apply(&first).unwrap();
        // Then Tianlong's own sky action.
        assert_eq!((g.to_move(), g.phase().1), (Some(0), Some("sky")));
    }
}

#[test]
fn an_entry_with_a_field_it_does_not_know_is_refused() {
    let line = r#"{"game":"dragons","players":2,"scenario":"introductory","mode":"grasshopper","actions":[{"seat":0,"sow":"sky","stones":"ww","extra":1}]}"#;
    assert!(serde_json::from_str::<Record>(line).is_err());
    let line = line.replace(r#","extra":1"#, "");
    let record: Record = serde_json::from_str(&line).unwrap();
    assert!(check(1, &record).valid);
}

#[test]
fn the_view_names_segments_lost_the_defeated_dragon_and_the_dragon_moving() {
    let mut g = intro(Mode::Grasshopper);
    let v = g.view(0);
    assert_eq!(v.moving, None, "the spirit phase moves no dragon");
    assert!(v.dragons.iter().all(|d| d.lost == 0 && !d.defeated));
    g.apply(&sow(Trigram::HEAVEN, "ww")).unwrap();
    assert_eq!(g.view(1).moving, Some(Dragon::Sky), "fire: the Sky dragon moves");
    g.board.hurt(Dragon::Earth, 5);
    let earth = |g: &Dragons| g.view(0).dragons.into_iter().find(|d| d.dragon == Dragon::Earth).unwrap();
    assert_eq!((earth(&g).segments, earth(&g).lost, earth(&g).defeated), (2, 1, false));
    g.board.hurt(Dragon::Earth, 20);
    assert_eq!((earth(&g).segments, earth(&g).lost, earth(&g).defeated), (0, 3, true));
    let json = serde_json::to_value(g.view(0)).unwrap();
    assert_eq!(json["dragons"][1]["lost"], 3);
    assert_eq!(json["dragons"][1]["defeated"], true);
    assert_eq!(json["moving"], "sky");
}

/// A sowing that names an action the dragon cannot carry out is refused while another
/// sowing names one it can, and the refusal says so; the other sowing is taken.
#[test]
fn an_impossible_sowing_is_refused_while_a_possible_one_exists() {
    let mut g = boxed_sky();
    // Sky's four stones end on earth (impossible: a horizontal step); thunder's two on
    // mountain, which a dragon facing north carries out by staying still.
    g.board.wheel[wheel_index(Trigram::HEAVEN)] = Space { white: 2, black: 2 };
    g.board.wheel[wheel_index(Trigram::THUNDER)] = Space { white: 1, black: 1 };
    let refused = g.clone().apply(&sow(Trigram::HEAVEN, "wwbb")).unwrap_err();
    assert_eq!(refused.rule, "impossible-action");
    assert!(refused.message.ends_with("another sowing would name one it can"), "{}", refused.message);
    g.apply(&sow(Trigram::THUNDER, "wb")).unwrap();
    assert_eq!(g.phase(), ("matter", Some("mountain")));
}
