//! Liubo's actions and events in the players' words (docs/rules.md, Liubo): the throw's
//! values, each move's piece and stations, and what the rules did with it: stones sent
//! home, prisoners taken or freed, a promotion, a loop, an extra throw, the end and the
//! rule that ended it.

use super::{Action, Event, Liubo, Move, Tally};
use crate::play::words::{clauses, count};
use crate::play::{Game, Outcome, Seat};

/// The seats' names: White throws first.
pub fn seat_name(seat: Seat) -> String {
    match seat {
        0 => "White".to_string(),
        1 => "Black".to_string(),
        _ => format!("seat {seat}"),
    }
}

/// A move in words, without its value: `a stone from 6 to 29, becoming the owl`.
fn moved(m: &Move) -> String {
    let piece = if m.owl { "the owl" } else { "a stone" };
    let mut said = match m.from {
        Some(from) => format!("{piece} from {from} to {}", m.to),
        None => format!("a stone enters at {}", m.to),
    };
    if m.promote {
        said.push_str(", becoming the owl");
    }
    said
}

/// What the rules did between `before` and `after` (`seat` acted), from the counts each
/// rule keeps.
fn followed(before: &Liubo, after: &Liubo, seat: Seat) -> Vec<String> {
    let (b, a): (&Tally, &Tally) = (before.tally(), after.tally());
    let them = seat_name(1 - seat);
    let mut said = Vec::new();
    let sent = a.sent_home - b.sent_home;
    if sent > 0 {
        said.push(format!("{} of {them}'s sent home", count(sent as usize, "stone")));
    }
    if a.owls_demoted > b.owls_demoted {
        said.push(format!("{them}'s owl is demoted and sent home"));
    }
    let taken = a.prisoners_taken - b.prisoners_taken;
    if taken > 0 {
        said.push(format!("the owl takes {} of {them}'s prisoner", count(taken as usize, "stone")));
    }
    if a.declined_promotions > b.declined_promotions {
        said.push("stays a stone on the centre".to_string());
    }
    if a.loops > b.loops {
        said.push("completes a loop".to_string());
    }
    if a.prisoners_freed > b.prisoners_freed {
        said.push("a prisoner comes home".to_string());
    }
    if a.doubles > b.doubles {
        said.push("a double: earns an extra throw".to_string());
    } else if after.extra > before.extra && after.outcome.is_none() {
        said.push("earns an extra throw".to_string());
    }
    if a.extra_throws > b.extra_throws {
        said.push(format!("{} throws again", seat_name(seat)));
    }
    match after.outcome {
        Some(_) => said.extend(ending(before, after, seat)),
        None if after.to_move != seat => said.push(format!("{}'s turn", seat_name(after.to_move))),
        None => {}
    }
    said
}

/// The rule that ended the game when `seat`'s last event turned `before` into `after`.
pub fn ending(before: &Liubo, after: &Liubo, seat: Seat) -> Option<String> {
    let (b, a): (&Tally, &Tally) = (before.tally(), after.tally());
    let them = seat_name(1 - seat);
    Some(match after.outcome? {
        Outcome::Won(w) if a.owl_taken > b.owl_taken => {
            format!("a stone lands on {them}'s owl: {} wins (rule 12)", seat_name(w))
        }
        Outcome::Won(w) if a.large_victories > b.large_victories => {
            format!("all six of {them}'s stones are prisoners: {} wins (rule 17)", seat_name(w))
        }
        Outcome::Won(w) if a.outnumbered > b.outnumbered => {
            format!("{}'s owl is outnumbered by five stones or more: {} wins (rule 13)", seat_name(seat), seat_name(w))
        }
        Outcome::Won(w) => format!("{} wins", seat_name(w)),
        Outcome::Stalled => "the game ends without a winner".to_string(),
    })
}

/// The colour of each side's pieces, seat by seat (`colour 0`: White's are white), the
/// name of their printed pieces; and each piece's title on the board (`{}`: the side's name,
/// then the station, filled in by the drawing).
pub const TERMS: [(&str, &str); 6] = [
    ("colour 0", "white"),
    ("colour 1", "black"),
    ("stone on", "{} stone on station {}"),
    ("owl on", "{} owl on station {}"),
    ("stone to enter", "{} stone to enter"),
    ("stone prisoner", "{} stone held prisoner"),
];

/// What decides the game, side by side: the other's stones it holds prisoner (six win,
/// rule 17), its owl (taken, rule 12; outnumbered, rule 13) and its stones on the board.
fn measure(game: &Liubo, seat: Seat) -> String {
    let view = game.view(seat);
    let owl = view.sides[seat].owl.map_or_else(|| "no owl".to_string(), |at| format!("owl on station {at}"));
    format!(
        "{} held prisoner · {owl} · {} on the board",
        count(view.sides[1 - seat].prisoners, "stone"),
        count(view.sides[seat].stones.len(), "stone")
    )
}

/// Every side's place at the end (the winner first; no winner, both first), with what
/// decides it ([`measure`]).
pub fn standings(game: &Liubo) -> Vec<crate::play::Standing> {
    let won = game.outcome().and_then(Outcome::winner);
    (0..game.players())
        .map(|seat| crate::play::Standing {
            seat,
            place: if won.is_none_or(|w| w == seat) { 1 } else { 2 },
            score: Some(measure(game, seat)),
        })
        .collect()
}

/// The table's facts in words (the throw left to play) and the board described: each
/// side's stones and owl by station.
pub fn table(game: &Liubo) -> crate::play::TableWords {
    let view = game.view(0);
    let left: Vec<String> = view.left.iter().map(u8::to_string).collect();
    let throw = match view.to_move {
        _ if !left.is_empty() => crate::play::words::and(&left),
        Some(s) => format!("none: {} throws next", seat_name(s)),
        None => "none".to_string(),
    };
    let sides: Vec<String> = view
        .sides
        .iter()
        .enumerate()
        .map(|(s, side)| {
            let stations: Vec<String> = side.stones.iter().map(u8::to_string).collect();
            let stones = if stations.is_empty() {
                "no stone on the board".to_string()
            } else {
                format!("{} on {}", count(stations.len(), "stone"), crate::play::words::and(&stations))
            };
            let owl = side.owl.map(|at| format!(", the owl on {at}")).unwrap_or_default();
            format!("{}: {stones}{owl}, {} to enter", seat_name(s), side.home)
        })
        .collect();
    // Each side's letter beside the stations it holds, its row's title and its reserves.
    let letter = |s: Seat| seat_name(s).chars().next().unwrap_or('?');
    let legend: Vec<String> = (0..2).map(|s| format!("{} {}’s stone (seat {s})", letter(s), seat_name(s))).collect();
    let mut said = crate::play::TableWords::facts([("Throw to play", Some(throw))])
        .part("board", format!("The Liubo board, by station: {}", sides.join("; ")))
        .label(
            "legend".into(),
            format!("{}, ★ the owl; the letters stand beside each station held.", legend.join(", ")),
        );
    for (s, side) in view.sides.iter().enumerate() {
        said = said
            .label(format!("letter {s}"), letter(s).to_string())
            .label(format!("side {s}"), format!("{} ({}, seat {s})", seat_name(s), letter(s)))
            .label(format!("home {s}"), format!("{} to enter", count(side.home, "stone")))
            .label(
                format!("prisoners {s}"),
                format!("{} held prisoner by {}", count(side.prisoners, "stone"), seat_name(1 - s)),
            );
    }
    said
}

/// A side's line at the table: its stones on the board and to enter, and its owl.
pub fn seat(game: &Liubo, seat: Seat) -> String {
    let view = game.view(seat);
    let side = &view.sides[seat];
    let owl = side.owl.map(|at| format!(" · owl on station {at}")).unwrap_or_default();
    format!("{} on the board · {} to enter{owl}", count(side.stones.len(), "stone"), side.home)
}

/// The action of the seat to move, as its button says it.
pub fn action(game: &Liubo, action: &Action) -> String {
    match action {
        Action::Throw => "Throw the sticks".to_string(),
        Action::Move(m) => {
            let mut after = game.clone();
            let rest = match after.apply(action) {
                Ok(_) => followed(game, &after, game.to_move).into_iter().filter(|c| !c.ends_with("'s turn")).collect(),
                Err(_) => Vec::new(),
            };
            clauses(format!("Play {}: {}", m.value, moved(m)), rest)
        }
    }
}

/// `seat`'s event on `game` (the state before it), in words every seat reads.
pub fn event(game: &Liubo, seat: Seat, event: &Event) -> String {
    let mut after = game.clone();
    if after.replay(seat, event).is_err() {
        return format!("{event:?}");
    }
    let head = match event {
        Event::Throw([a, b]) => format!("threw {a} and {b}"),
        Event::Move(m) => format!("played {}: {}", m.value, moved(m)),
    };
    clauses(head, followed(game, &after, seat))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_throw_says_its_values_and_a_move_its_stations() {
        let mut game = Liubo::new(3);
        let event = game.clone().apply(&Action::Throw).unwrap();
        let Event::Throw([a, b]) = event else { panic!("a throw") };
        let logged = game.event_words(0, &event);
        assert!(logged.starts_with(&format!("threw {a} and {b}")), "{logged}");
        assert_eq!(game.action_words(&Action::Throw), "Throw the sticks");
        game.replay(0, &event).unwrap();
        let first = game.legal_actions()[0];
        let Action::Move(m) = first else { panic!("a move after a throw") };
        let button = game.action_words(&first);
        assert!(button.starts_with(&format!("Play {}: a stone enters at {}", m.value, m.to)), "{button}");
    }

    #[test]
    fn a_game_ends_with_the_rule_that_ended_it() {
        use rand::SeedableRng;
        let mut game = Liubo::new(17);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
        let mut last = String::new();
        let mut captures = 0;
        while let Some(seat) = game.to_move() {
            assert!(game.turns() < 2000, "a greedy game ends");
            let action = crate::play::bots::Bot::Greedy.choose(&game, &mut rng);
            let mut copy = game.clone();
            let event = copy.apply(&action).unwrap();
            last = game.event_words(seat, &event);
            if copy.tally().sent_home > game.tally().sent_home {
                captures += 1;
                assert!(last.contains("sent home"), "{last}");
            }
            game = copy;
        }
        assert!(captures > 0, "a greedy game captures");
        assert!(last.contains("wins (rule 1"), "{last}");
    }
}
