//! Dragons of the Ba-Gua's actions and events in the players' words (docs/rules.md,
//! Dragons): the space sown and its stones, the dragon moved and its head's squares (a
//! portal crossed said as one), and what followed: a bite, fire or water absorbed or
//! expelled, life, fire and segments gained or lost, a focus or a balance, a second
//! spirit phase, the end.

use super::moves::{Path, Step};
use super::rules::{StoneColour, element_name};
use super::view::View;
use super::wheel::WHEEL;
use super::{Action, Dragons, EVENTS, Then, dragon};
use crate::play::words::{clauses, count};
use crate::play::{Game, Outcome, Seat};

/// The seat's name: its dragon's (`Tianlong`, `Dilong`).
pub fn seat_name(seat: Seat) -> String {
    dragon(seat).name().to_string()
}

/// The stones of a sowing in the order dropped: `white, then black`.
fn stones(s: super::Stones) -> String {
    (0..s.len)
        .map(|i| if s.colour(i) == StoneColour::Black { "black" } else { "white" })
        .collect::<Vec<_>>()
        .join(", then ")
}

/// A head's steps in words: `to c6, then through the portal on a5 and out of i5 to h5`.
pub fn path(p: &Path) -> String {
    p.steps()
        .iter()
        .map(|s| match *s {
            Step::To(c) => format!("to {c}"),
            Step::Through { enter, exit, to } => format!("through the portal on {enter} and out of {exit} to {to}"),
        })
        .collect::<Vec<_>>()
        .join(", then ")
}

/// The words of the rule events counted between two states.
fn event_word(name: &str) -> Option<&'static str> {
    Some(match name {
        "bite" => "bite",
        "expel-fire" => "fire expelled",
        "expel-water" => "water expelled",
        "absorb-fire" => "fire absorbed",
        "absorb-water" => "water absorbed",
        "portal" => "through a portal",
        "coin-flip" => "the coin turns over",
        "focus" => "a monk's focus sets a dragon to act",
        "balance" => "a monk's balance",
        "extra-phase" => "a second spirit phase follows",
        "impossible" => "the element cannot be carried out",
        _ => return None,
    })
}

/// What followed between `before` and `after`: the rule events, then each dragon's life,
/// fire and segments changed, then the end.
fn followed(before: &Dragons, after: &Dragons) -> Vec<String> {
    let mut said: Vec<String> = EVENTS
        .iter()
        .zip(before.events.iter().zip(after.events))
        .filter(|(_, (b, a))| a > *b)
        .filter_map(|(name, _)| event_word(name).map(str::to_string))
        .collect();
    let (b, a): (View, View) = (before.view(0), after.view(0));
    for (x, y) in b.dragons.iter().zip(&a.dragons) {
        let name = x.dragon.name();
        let change = |what: &str, from: u8, to: u8| match to.cmp(&from) {
            std::cmp::Ordering::Less => Some(format!("{name} loses {} {what}", from - to)),
            std::cmp::Ordering::Greater => Some(format!("{name} gains {} {what}", to - from)),
            std::cmp::Ordering::Equal => None,
        };
        said.extend(change("life", x.life, y.life));
        said.extend(change("fire", x.fire, y.fire));
        if y.segments < x.segments {
            said.push(format!("{name} loses {}", count(usize::from(x.segments - y.segments), "segment")));
        }
    }
    said.extend(ending(after));
    said
}

/// The rule that ended the game (`None` while it goes on): a dragon defeated, or the turn
/// limit.
pub fn ending(after: &Dragons) -> Option<String> {
    Some(match after.outcome()? {
        Outcome::Won(w) => {
            let loser = after.view(0).dragons.iter().find(|d| d.defeated).map(|d| d.dragon.name());
            match loser {
                Some(l) => format!("{l} is defeated: {} wins", seat_name(w)),
                None => format!("{} wins", seat_name(w)),
            }
        }
        Outcome::Stalled => "the turn limit is reached: the game ends without a winner".to_string(),
    })
}

/// Each piece's title on the drawn boards (`{}`: filled in by the drawing from the view: a
/// dragon's name, a square, a way, a count).
const TITLES: [(&str, &str); 9] = [
    ("portal", "{} portal on {}"),
    ("rock", "the rock on {}"),
    ("head", "{}'s head on {}, facing {}"),
    ("head defeated", "{}'s head on {}, facing {}, defeated"),
    ("body", "{}'s body on {}"),
    ("life", "{} life {}"),
    ("fire", "{} fire {}"),
    ("lost", "{} segment lost {}"),
    ("coin", "the flux coin, {} face up"),
];

/// The four ways in the order the printed segment tiles name their two edges
/// (`way 0`: `north`), for a table that joins a body's segments; and each piece's title.
pub fn terms() -> Vec<(&'static str, &'static str)> {
    let ways = super::rules::Direction::ALL;
    let mut terms: Vec<_> = ["way 0", "way 1", "way 2", "way 3"].into_iter().zip(ways.map(|w| w.key())).collect();
    terms.extend(TITLES);
    terms
}

/// Every dragon's place at the end (the winner first; no winner, both first) and what
/// decides it: its segments left (the last one lost loses), its life and fire.
pub fn standings(game: &Dragons) -> Vec<crate::play::Standing> {
    let won = game.outcome().and_then(Outcome::winner);
    let view = game.view(0);
    (0..game.players())
        .map(|seat| {
            let score = view.dragons.iter().find(|d| d.seat == seat).map(|d| {
                let left = if d.defeated {
                    "defeated, no segment left".to_string()
                } else {
                    format!("{} left", count(usize::from(d.segments), "segment"))
                };
                format!("{left} · life {} · fire {}", d.life, d.fire)
            });
            crate::play::Standing { seat, place: if won.is_none_or(|w| w == seat) { 1 } else { 2 }, score }
        })
        .collect()
}

/// The flow of the wheel in words, as the flux coin shows it.
fn flow(coin: super::wheel::Flow) -> &'static str {
    match coin {
        super::wheel::Flow::CounterClockwise => "counter-clockwise",
        super::wheel::Flow::Clockwise => "clockwise",
    }
}

/// The table's facts in words (scenario, mode, turn, phase, flow) and both boards
/// described: the dragons, rock and portals on the board of human; the wheel's stones, the
/// centre, each dragon's life, fire and segments lost and the coin on the board of Ba-Gua.
pub fn table(game: &Dragons) -> crate::play::TableWords {
    let view = game.view(0);
    let name = |seat: Seat| seat_name(seat);
    let dragons: Vec<String> = view
        .dragons
        .iter()
        .map(|d| {
            let body: Vec<String> = d.cells[1..].iter().map(ToString::to_string).collect();
            format!("{}'s head on {} facing {}, body on {}", name(d.seat), d.cells[0], d.facing.key(), body.join(" "))
        })
        .collect();
    let mut human = format!("The board of human: {}", dragons.join("; "));
    if let Some(rock) = view.rock {
        human.push_str(&format!("; the rock on {rock}"));
    }
    if !view.portals.is_empty() {
        let portals: Vec<String> = view.portals.iter().map(|p| format!("{} on {}", p.colour.key(), p.cell)).collect();
        human.push_str(&format!("; portals: {}", portals.join(", ")));
    }
    let wheel: Vec<String> =
        view.wheel.iter().map(|s| format!("{} {} white {} black", s.element, s.stones.white, s.stones.black)).collect();
    let meters: Vec<String> = view
        .dragons
        .iter()
        .map(|d| {
            let beaten = if d.defeated { ", defeated" } else { "" };
            format!(
                "{}: life {}, fire {}, {} lost{beaten}",
                name(d.seat),
                d.life,
                d.fire,
                count(usize::from(d.lost), "segment")
            )
        })
        .collect();
    let bagua = format!(
        "The board of Ba-Gua: {}; centre {} water, {} fire; {}; the flux coin {} face up",
        wheel.join(", "),
        view.centre_water,
        view.centre_fire,
        meters.join("; "),
        flow(view.coin)
    );
    let phase = match view.element {
        Some(e) => format!("{} ({e})", view.phase),
        None => view.phase.to_string(),
    };
    crate::play::TableWords::facts([
        ("Scenario", Some(view.scenario.to_string())),
        ("Mode", Some(view.mode.key().replace('-', " "))),
        ("Turn", Some(view.turn.to_string())),
        ("Phase", Some(phase)),
        ("Flow", Some(flow(view.coin).to_string())),
    ])
    .part("human", human)
    .part("bagua", bagua)
    .labels(labels(game, &view))
}

/// The drawing's labels: the stones on each space of the wheel and in the centre, and each
/// dragon's line and its name as the board marks it.
fn labels(game: &Dragons, view: &View) -> Vec<(String, String)> {
    let mut said = Vec::new();
    for (i, s) in view.wheel.iter().enumerate() {
        for (colour, n) in [("white", s.stones.white), ("black", s.stones.black)] {
            said.push((
                format!("{colour} {i}"),
                format!("{} on {}", count(n.into(), &format!("{colour} stone")), s.element),
            ));
        }
    }
    said.push(("centre water".into(), format!("{} in the centre", count(view.centre_water.into(), "water stone"))));
    said.push(("centre fire".into(), format!("{} in the centre", count(view.centre_fire.into(), "fire stone"))));
    for d in &view.dragons {
        let name = seat_name(d.seat);
        let mut line = format!(
            "{name} (seat {}): head on {} facing {} · {}",
            d.seat,
            d.cells[0],
            d.facing.key(),
            seat(game, d.seat)
        );
        if d.lost > 0 {
            line.push_str(&format!(" ({} lost)", d.lost));
        }
        if d.defeated {
            line.push_str(" · ✕ defeated");
        }
        if !d.portals.is_empty() {
            let portals: Vec<String> = d.portals.iter().map(ToString::to_string).collect();
            line.push_str(&format!(" · crossing portals on {}", portals.join(", ")));
        }
        said.push((format!("dragon {}", d.seat), line));
        let badge = name.to_ascii_uppercase() + if d.defeated { " ✕ DEFEATED" } else { "" };
        said.push((format!("badge {}", d.seat), badge));
    }
    said
}

/// A dragon's line at the table: its life, fire and segments.
pub fn seat(game: &Dragons, seat: Seat) -> String {
    let view = game.view(seat);
    view.dragons
        .iter()
        .find(|d| d.seat == seat)
        .map(|d| format!("life {} · fire {} · {}", d.life, d.fire, count(usize::from(d.segments), "segment")))
        .unwrap_or_default()
}

/// The dragon moving now and the element it performs.
fn mover(game: &Dragons) -> (String, &'static str) {
    let view = game.view(0);
    let who = view.moving.map(|d| d.name().to_string()).unwrap_or_else(|| "the dragon".to_string());
    (who, view.element.unwrap_or("its element"))
}

/// An action in words, as its button or the log says it (`log`: lower-case, past tense).
fn said(game: &Dragons, action: &Action, log: bool) -> String {
    match *action {
        Action::Sow { space, stones: s } => {
            let element = element_name(WHEEL[usize::from(space)]);
            let verb = if log { "sowed" } else { "Sow" };
            format!("{verb} the stones of {element}: {}", stones(s))
        }
        Action::Move { path: p, then } => {
            let (who, element) = mover(game);
            let then = match then {
                Then::Nothing => String::new(),
                Then::Absorb => format!(", then absorb {element}"),
                Then::Expel => format!(", then expel {element}"),
            };
            match (p.steps().is_empty(), log) {
                (true, false) => format!("{who} stays where it is ({element}){then}"),
                (true, true) => format!("{who} stayed where it is ({element}){then}"),
                (false, false) => format!("Move {who}'s head {}{then} ({element})", path(&p)),
                (false, true) => format!("moved {who}'s head {}{then} ({element})", path(&p)),
            }
        }
    }
}

/// The action of the seat to move, as its button says it.
pub fn action(game: &Dragons, action: &Action) -> String {
    let mut after = game.clone();
    let rest = match after.apply(action) {
        Ok(_) => followed(game, &after),
        Err(_) => Vec::new(),
    };
    clauses(said(game, action, false), rest)
}

/// `seat`'s event on `game` (the state before it), in words every seat reads.
pub fn event(game: &Dragons, seat: Seat, event: &Action) -> String {
    let mut after = game.clone();
    if after.replay(seat, event).is_err() {
        return format!("{event:?}");
    }
    clauses(said(game, event, true), followed(game, &after))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dragons::scenarios::scenario;
    use crate::dragons::state::Mode;

    #[test]
    fn a_sowing_names_its_space_and_stones_and_a_move_its_dragon_and_squares() {
        let mut game = Dragons::new(&scenario("introductory").unwrap(), Mode::Grasshopper);
        let sow = game.legal_actions()[0];
        let Action::Sow { space, stones: s } = sow else { panic!("a game begins with a sowing") };
        let button = game.action_words(&sow);
        assert!(
            button.starts_with(&format!("Sow the stones of {}: ", element_name(WHEEL[usize::from(space)]))),
            "{button}"
        );
        let colours = button.matches("white").count() + button.matches("black").count();
        assert!(colours >= usize::from(s.len), "{button}");
        game.apply(&sow).unwrap();
        let seat = game.to_move().unwrap();
        let moving = game.legal_actions()[0];
        let logged = game.event_words(seat, &moving);
        let who = game.view(0).moving.unwrap().name();
        assert!(logged.contains(who), "{logged}");
    }

    #[test]
    fn a_bite_says_who_loses_what() {
        // Played by first legal actions until a bite: its words name the bite and a dragon
        // losing life (a bite costs the bitten dragon life).
        let mut game = Dragons::new(&scenario("introductory").unwrap(), Mode::Grasshopper);
        let mut seen = None;
        while let Some(seat) = game.to_move() {
            let action = *game.legal_actions().last().unwrap();
            let mut copy = game.clone();
            copy.apply(&action).unwrap();
            let bites = |g: &Dragons| g.counts().events.iter().find(|e| e.0 == "bite").map_or(0, |e| e.1);
            if bites(&copy) > bites(&game) {
                seen = Some(game.event_words(seat, &action));
                break;
            }
            game = copy;
        }
        let words = seen.expect("a game of last actions bites");
        assert!(words.contains("bite") && words.contains(" loses "), "{words}");
    }
}
