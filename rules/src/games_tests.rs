//! The registry of games, checked for every game it lists: a simulated game's record
//! checks valid; a game played at a table by bots, action by action, gives a record that
//! checks valid and replays step by step to the same state; setups are refused with the
//! value named.

use crate::play::Outcome;
use crate::play::bots::Bot;
use crate::play::registry::Setup;

#[test]
fn every_simulated_record_checks_valid() {
    for rules in crate::games() {
        for index in 0..6 {
            let (result, record) =
                rules.simulate(&Setup::default(), &[Bot::Greedy, Bot::Random], 11, index, true).unwrap();
            let record = record.expect("a record when asked for");
            let verdict = rules.check(1, &record).unwrap();
            assert!(verdict.valid, "{}: {verdict:?}", rules.name());
            assert_eq!(verdict.winner, result.outcome.and_then(Outcome::winner), "{}", rules.name());
            let (_, none) = rules.simulate(&Setup::default(), &[Bot::Random], 11, index, false).unwrap();
            assert!(none.is_none());
        }
    }
}

#[test]
fn a_table_played_by_bots_gives_a_record_that_checks_and_replays() {
    for rules in crate::games() {
        let mut table = rules.table(&Setup::default(), 5).unwrap();
        let mut views = vec![table.view(0)];
        let mut step = 0u64;
        while let Some(seat) = table.to_move() {
            let offered = table.actions();
            assert!(!offered.is_empty(), "{}: a seat to move with nothing offered", rules.name());
            let bot = if seat == 0 { Bot::Greedy } else { Bot::Random };
            let index = table.choose(bot, step).expect("a choice while the game is on");
            assert!(index < offered.len());
            table.act(index).unwrap();
            views.push(table.view(0));
            step += 1;
            assert!(step < 10_000, "{}: no end", rules.name());
        }
        assert!(table.actions().is_empty());
        assert!(table.act(0).is_err(), "{}: an action after the end", rules.name());
        let record = table.record();
        let verdict = rules.check(1, &record).unwrap();
        assert!(verdict.valid, "{}: {verdict:?}", rules.name());
        assert_eq!(verdict.winner, table.outcome().and_then(Outcome::winner));
        for upto in [0, 1, step as usize / 2, step as usize] {
            let replayed = rules.replay(&record, upto).unwrap();
            assert_eq!(replayed.taken(), upto);
            assert_eq!(replayed.view(0), views[upto], "{}: replay to {upto}", rules.name());
        }
    }
}

#[test]
fn a_broken_record_names_its_first_illegal_action() {
    for rules in crate::games() {
        let (_, record) = rules.simulate(&Setup::default(), &[Bot::Greedy], 3, 0, true).unwrap();
        let mut json: serde_json::Value = serde_json::from_str(&record.unwrap()).unwrap();
        let actions = json["actions"].as_array_mut().unwrap();
        // Another seat than the one to move: the next one round the table, or seat 1 in a
        // game for one player.
        let players = rules.default_players().max(2) as u64;
        let seat = actions[1]["seat"].as_u64().unwrap();
        actions[1]["seat"] = ((seat + 1) % players).into();
        let verdict = rules.check(4, &json.to_string()).unwrap();
        assert_eq!(verdict.game, 4);
        assert!(!verdict.valid);
        assert_eq!(verdict.failed_move, Some(2), "{}", rules.name());
        assert_eq!(verdict.rule, Some("not-your-turn"), "{}", rules.name());
        assert!(rules.check(1, "{\"game\":1}").is_err());
    }
}

#[test]
fn setups_are_checked_and_name_the_value() {
    let tao = crate::game("Tao").unwrap();
    let refused = |setup: Setup| tao.table(&setup, 1).err().expect("refused").to_string();
    assert!(refused(Setup { players: Some(9), options: vec![] }).contains("9 players"));
    let wrong = refused(Setup { players: None, options: vec![("scenario".into(), "valley".into())] });
    assert!(wrong.contains("scenario") && wrong.contains("hand"), "{wrong}");
    let bad = refused(Setup { players: None, options: vec![("hand".into(), "6".into())] });
    assert!(bad.contains("\"6\"") && bad.contains("8, 7"), "{bad}");
    assert!(crate::game("zhi_pai").is_some());
    assert!(crate::game("chess").is_none());
    let pathways = crate::game("pathways").unwrap();
    let setup = Setup { players: Some(3), options: vec![("deck".into(), "9d".into())] };
    assert!(pathways.table(&setup, 1).err().unwrap().to_string().contains("9d"));
}

#[test]
fn every_game_is_declared_once_with_one_key_and_one_printed_title() {
    let games = crate::games();
    for (i, game) in games.iter().enumerate() {
        assert!(games[..i].iter().all(|g| g.key() != game.key()), "{} is listed twice", game.key());
        assert!(!game.names.en.is_empty() && !game.about.is_empty(), "{}: a name and a line", game.key());
        for other in &games[..i] {
            if other.printed.key == game.printed.key {
                assert_eq!(
                    other.printed,
                    game.printed,
                    "{} and {} print {} alike",
                    other.key(),
                    game.key(),
                    game.printed.key
                );
            }
        }
    }
    let printed: Vec<&str> = crate::play::descriptor::printed(&games).iter().map(|p| p.key).collect();
    assert_eq!(printed, ["changing-lines", "zhi-pai", "liubo", "yijing-pai", "dragons", "poker", "solitaire"]);
    for kind in crate::puzzles::PuzzleGame::ALL {
        let of: Vec<&str> = games.iter().filter(|g| g.puzzles == Some(kind)).map(|g| g.key()).collect();
        assert_eq!(of.len(), 1, "{kind:?} puzzles belong to one game: {of:?}");
    }
}

#[test]
fn a_game_is_found_by_its_key_and_by_its_key_without_hyphens() {
    assert_eq!(crate::game("zhi-pai").map(|g| g.key()), Some("zhi-pai"));
    assert_eq!(crate::game("ZhiPai").map(|g| g.key()), Some("zhi-pai"));
    assert_eq!(crate::game("yijing_pai").map(|g| g.key()), Some("yijing-pai"));
    assert!(crate::game("zhi").is_none() && crate::game("chess").is_none());
}

#[test]
fn every_action_and_event_of_every_game_is_said_in_words() {
    // A game played at a table: a button's words for every action offered, a log line for
    // every action taken (the same when the record is replayed), never a debug dump.
    for rules in crate::games() {
        let mut table = rules.table(&Setup::default(), 8).unwrap();
        let mut step = 0u64;
        while let Some(seat) = table.to_move() {
            let words = table.action_words();
            assert_eq!(words.len(), table.actions().len(), "{}", rules.name());
            for w in &words {
                assert!(!w.is_empty() && !w.contains('{') && !w.contains("Some("), "{}: {w:?}", rules.name());
            }
            let index = table.choose(if seat == 0 { Bot::Greedy } else { Bot::Random }, step).unwrap();
            table.act(index).unwrap();
            step += 1;
            let said = table.log().last().unwrap();
            assert!(!said.is_empty() && !said.contains('{') && !said.contains("Some("), "{}: {said:?}", rules.name());
            assert!(step < 10_000, "{}: no end", rules.name());
        }
        assert_eq!(table.log().len(), table.taken());
        let replayed = rules.replay(&table.record(), usize::MAX).unwrap();
        assert_eq!(replayed.log(), table.log(), "{}", rules.name());
        assert_eq!(table.seat_names().len(), table.players());
    }
}

#[test]
fn places_share_a_place_and_skip_the_next() {
    assert_eq!(crate::play::places(&[3, 1, 1, 5]), [3, 1, 1, 4]);
    assert_eq!(crate::play::places(&[0, 0]), [1, 1]);
}

#[test]
fn every_game_says_its_seats_the_rule_that_ended_it_and_every_place() {
    // The games that say them (a game joining the registry says them by its own methods).
    for key in ["tao", "pathways", "zhi-pai", "liubo", "dragons", "yijing-pai"] {
        let rules = crate::game(key).expect("a game of the registry");
        for seed in [3, 8] {
            let mut table = rules.table(&Setup::default(), seed).unwrap();
            let mut step = 0u64;
            while let Some(seat) = table.to_move() {
                assert!(table.ending().is_none() && table.standings().is_empty(), "{key}: over before the end");
                let lines = table.seat_words();
                assert_eq!(lines.len(), table.players());
                assert!(lines.iter().all(|l| !l.is_empty() && !l.contains('{')), "{key}: {lines:?}");
                if key == "yijing-pai" {
                    tiles_are_said(&table.view(seat), &table.terms());
                }
                let index = table.choose(if seat == 0 { Bot::Greedy } else { Bot::Random }, step).unwrap();
                table.act(index).unwrap();
                step += 1;
                assert!(step < 10_000, "{key}: no end");
            }
            let ending = table.ending().expect("the rule that ended the game").to_string();
            assert!(table.log().last().unwrap().contains(&ending), "{key}: the last event says the ending too");
            let standings = table.standings();
            let mut seats: Vec<_> = standings.iter().map(|s| s.seat).collect();
            seats.sort_unstable();
            assert_eq!(seats, (0..table.players()).collect::<Vec<_>>(), "{key}: every seat once");
            assert!(standings.iter().all(|s| s.place >= 1 && s.place <= table.players()), "{key}: {standings:?}");
            let first: Vec<_> = standings.iter().filter(|s| s.place == 1).map(|s| s.seat).collect();
            if let Some(Outcome::Won(w)) = table.outcome() {
                assert_eq!(first, [w], "{key}: the winner alone is first ({ending})");
            }
            assert!(!first.is_empty(), "{key}: someone is first");
            // Each seat's row says what decides the game, in words.
            assert!(
                standings.iter().all(|s| s.score.as_ref().is_some_and(|w| !w.is_empty() && !w.contains('{'))),
                "{key}: every place has its score: {standings:?}"
            );
            // The table's facts and drawn parts in words, every value said.
            let said = table.table_words();
            assert!(!said.facts.is_empty(), "{key}: the table's facts");
            assert!(
                said.facts.iter().all(|(l, v)| !l.is_empty() && !v.is_empty() && !v.contains('{')),
                "{key}: {said:?}"
            );
            // The drawing's labels (`home 0`: `5 stones to enter`), each said whole.
            assert!(
                said.labels.iter().all(|(k, v)| !k.is_empty() && !v.is_empty() && !v.contains('{')),
                "{key}: {said:?}"
            );
            let parts: Vec<&str> = said.parts.keys().copied().collect();
            let drawn: &[&str] = match key {
                "tao" => &["seats"],
                "liubo" => &["board"],
                "dragons" => &["bagua", "human"],
                _ => &[],
            };
            assert_eq!(parts, drawn, "{key}: each drawn part described");
            let replayed = rules.replay(&table.record(), usize::MAX).unwrap();
            assert_eq!(replayed.ending(), Some(ending.as_str()), "{key}: the replayed record ends alike");
            assert_eq!(replayed.standings(), standings, "{key}");
        }
    }
}

/// Every tile letter of a 易经牌 view has its words: in a hand as held, on the table as laid.
fn tiles_are_said(view: &serde_json::Value, terms: &[(&str, &str)]) {
    let said = |how: &str, text: &str| {
        for c in text.chars() {
            let key = format!("{how} {c}");
            assert!(terms.iter().any(|(k, _)| *k == key), "no words for the letter {key:?}");
        }
    };
    said("held", view["hand"].as_str().unwrap());
    said("held", view["hidden"].as_str().unwrap_or(""));
    for column in view["columns"].as_array().unwrap() {
        said("laid", column.as_str().unwrap());
    }
    for laid in view["laid"].as_array().unwrap().iter().flat_map(|l| l.as_array().unwrap()) {
        said("laid", laid.as_str().unwrap());
    }
    said("laid", view["last"]["tiles"].as_str().unwrap_or(""));
}

/// A game that says it hides nothing (`hidden_information: false`) shows every seat the
/// same at a table dealt again for any seat: what differs is the chance to come alone.
#[test]
fn a_game_without_hidden_information_shows_the_same_at_every_determinized_table() {
    let open: Vec<_> = crate::games().into_iter().filter(|g| !g.hidden_information).collect();
    assert!(!open.is_empty());
    for rules in open {
        let mut table = rules.table(&Setup::default(), 7).unwrap();
        let mut step = 0u64;
        while let Some(_seat) = table.to_move() {
            for seat in 0..table.players() {
                let other = table.determinized(seat, step);
                for looking in 0..table.players() {
                    assert_eq!(other.view(looking), table.view(looking), "{}: step {step}", rules.name());
                }
            }
            let index = table.choose(Bot::Random, step).expect("a choice while the game is on");
            table.act(index).unwrap();
            step += 1;
            assert!(step < 10_000, "{}: no end", rules.name());
        }
    }
}

/// A drawn 易经牌 hand has no winner and no shared first place: the ending says the hand is
/// drawn, no seat is named sharing first place, and each seat's row says no one pays.
#[test]
fn a_drawn_hand_is_not_a_shared_first_place() {
    let rules = crate::game("yijing-pai").unwrap();
    let drawn = (1..400u64)
        .find_map(|seed| {
            let mut table = rules.table(&Setup::default(), seed).unwrap();
            let mut step = 0;
            while table.to_move().is_some() {
                let index = table.choose(Bot::Greedy, step).unwrap();
                table.act(index).unwrap();
                step += 1;
            }
            (table.outcome() == Some(Outcome::Stalled)).then_some(table)
        })
        .expect("a drawn hand among 400 greedy games");
    assert!(drawn.ending().unwrap().contains("the hand is drawn"), "{:?}", drawn.ending());
    assert_eq!(drawn.shared_first(), None);
    assert!(
        drawn.standings().iter().all(|s| s.score.as_deref() == Some("a drawn hand: no one pays")),
        "{:?}",
        drawn.standings()
    );
    // A Pathways game whose last two players share first place says so (two greedy bots on
    // the 3d deck, as the play page's test plays it).
    let pathways = crate::game("pathways").unwrap();
    let setup = Setup { players: Some(2), options: vec![("deck".into(), "3d".into())] };
    let shared = (1..400u64).find_map(|seed| {
        let mut table = pathways.table(&setup, seed).unwrap();
        let mut step = 0;
        while table.to_move().is_some() {
            let index = table.choose(Bot::Greedy, step).unwrap();
            table.act(index).unwrap();
            step += 1;
        }
        table.shared_first()
    });
    assert!(shared.as_ref().is_some_and(|seats| seats.len() >= 2), "{shared:?}");
}

/// The names a drawing takes from the rules crate: Liubo's colours, the ways of Dragons.
#[test]
fn the_drawings_names_are_the_rules_crates() {
    let terms = |key: &str| crate::game(key).unwrap().table(&Setup::default(), 1).unwrap().terms();
    assert!(terms("liubo").contains(&("colour 0", "white")) && terms("liubo").contains(&("colour 1", "black")));
    let ways: Vec<&str> = terms("dragons").iter().filter(|(k, _)| k.starts_with("way ")).map(|(_, v)| *v).collect();
    assert_eq!(ways, ["north", "east", "south", "west"]);
}
