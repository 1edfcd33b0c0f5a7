//! Pathways' actions and events in the players' words (docs/rules.md, Pathways): the card
//! laid, the hexagram it shows and the one line it changes on the pile's top; a crash, the
//! piles that come back to the deck, and the end.

use super::engine::{Action, Pathways};
use crate::core::hexagram::Hexagram;
use crate::play::words::{and, clauses, count, hexagram};
use crate::play::{Game, Outcome, Seat};

/// The line that changes from `top` to `shown` (they differ in one line), in words.
fn changed_line(top: Hexagram, shown: Hexagram) -> String {
    let diff = top.bits() ^ shown.bits();
    let line = diff.trailing_zeros() + 1;
    let now = if shown.bits() & diff != 0 { "yang" } else { "yin" };
    format!("line {line} changes to {now}")
}

/// Card `card` laid `orientation` side up on `top`: `21 light side up, showing ䷐ 17
/// Following (line 3 changes to yin)`.
fn laid(card: crate::core::card::Card, o: crate::core::card::Orientation, top: Option<Hexagram>) -> String {
    let shown = card.shows(o);
    let line = top.map(|t| format!(" ({})", changed_line(t, shown))).unwrap_or_default();
    format!("{} {} side up, showing {}{line}", card.number(), o.name(), hexagram(shown))
}

/// What followed `seat`'s action on `before`, giving `after`.
fn followed(before_game: &Pathways, after_game: &Pathways, seat: Seat) -> Vec<String> {
    let (before, after) = (before_game.view(seat), after_game.view(seat));
    let name = |s: Seat| before_game.seat_name(s);
    let mut said = Vec::new();
    let back: Vec<String> = (0..before.piles.len())
        .filter(|&s| !before.piles[s].is_empty() && after.piles[s].is_empty())
        .map(|s| format!("{}'s pile of {}", name(s), count(before.piles[s].len(), "card")))
        .collect();
    if !back.is_empty() {
        said.push(format!("{} back in the deck", and(&back)));
    }
    match after.outcome {
        Some(_) => said.extend(ending(before_game, after_game, seat)),
        None if after.final_turn && !before.final_turn => {
            let last = after.to_move.map(name).unwrap_or_default();
            said.push(format!("{last} is the last standing: one more card laid wins"));
        }
        None => {}
    }
    said
}

/// The rule that ended the game when `seat`'s last event turned `before` into `after`:
/// the final play laid, the last standing, or the last two crashed in one round.
pub fn ending(before: &Pathways, after: &Pathways, seat: Seat) -> Option<String> {
    let name = |s: Seat| before.seat_name(s);
    Some(match after.outcome()? {
        Outcome::Won(winner) if winner == seat && before.view(seat).final_turn => {
            format!("{} made the final play and wins", name(seat))
        }
        Outcome::Won(winner) => format!("{} is the last standing and wins", name(winner)),
        Outcome::Stalled => {
            let first = after.ranking().and_then(|r| r.into_iter().next()).unwrap_or_default();
            let names: Vec<String> = first.iter().map(|&s| name(s)).collect();
            format!("the last standing could not make the final play: the game ends, {} share first place", and(&names))
        }
    })
}

/// A seat's line at the table: its pile and whether it crashed.
pub fn seat(game: &Pathways, seat: Seat) -> String {
    let view = game.view(seat);
    let pile = count(view.piles[seat].len(), "card");
    if view.crashed[seat] { format!("{pile} in the pile · crashed") } else { format!("{pile} in the pile") }
}

/// Every seat's place at the end, from the ranking (the later a seat crashed, the better;
/// seats that crashed in one round share a place), with whether it crashed and its pile.
pub fn standings(game: &Pathways) -> Vec<crate::play::Standing> {
    let ranking = game.ranking().unwrap_or_default();
    let mut place = vec![0; game.players()];
    let mut next = 1;
    for group in &ranking {
        for &s in group {
            place[s] = next;
        }
        next += group.len();
    }
    let view = game.view(0);
    (0..game.players())
        .map(|s| crate::play::Standing {
            seat: s,
            place: place[s].max(1),
            score: Some(match (view.crashed[s], view.piles[s].len()) {
                (false, n) => format!("standing, a pile of {}", count(n, "card")),
                (true, 0) => "crashed, the pile back in the deck".to_string(),
                (true, n) => format!("crashed with a pile of {}", count(n, "card")),
            }),
        })
        .collect()
}

/// The names of the table's parts, for a table that draws them (`label options`).
pub const TERMS: [(&str, &str); 2] = [("label options", "Cards you can lay (click one)"), ("label crashed", "crashed")];

/// The table's facts in words: the cards left to lay, how cards may be laid, the final turn.
pub fn table(game: &Pathways) -> crate::play::TableWords {
    let view = game.view(0);
    let mode = match view.mode {
        super::Mode::Dark => "every card dark side up",
        super::Mode::Light => "every card light side up",
        super::Mode::Free => "each card either side up",
    };
    crate::play::TableWords::facts([
        ("Cards left to lay", Some(count(view.available.len(), "card"))),
        ("Orientation", Some(mode.to_string())),
        ("Final turn", view.final_turn.then(|| "yes: the last player standing makes the final play".to_string())),
    ])
    .label("available".into(), format!("Cards not yet laid ({})", view.available.len()))
}

/// The action of the seat to move, as its button says it.
pub fn action(game: &Pathways, action: &Action) -> String {
    let seat = game.to_move().unwrap_or(0);
    match *action {
        Action::Lay(card, o) => format!("Lay {}", laid(card, o, game.top(seat))),
        Action::Crash => "Crash: no card in the deck is one line from your pile".to_string(),
    }
}

/// `seat`'s event on `game` (the state before it), in words every seat reads.
pub fn event(game: &Pathways, seat: Seat, event: &Action) -> String {
    let mut after = game.clone();
    if after.apply(event).is_err() {
        return format!("{event:?}");
    }
    let head = match *event {
        Action::Lay(card, o) => format!("laid {}", laid(card, o, game.top(seat))),
        Action::Crash => "crashed: no card in the deck is one line from their pile".to_string(),
    };
    clauses(head, followed(game, &after, seat))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::changing_lines::deck::Deck;
    use crate::changing_lines::pathways::Mode;

    #[test]
    fn a_lay_names_the_card_the_hexagram_and_the_line_it_changes() {
        let game = Pathways::dealt(Deck::default(), Mode::Dark, 2, 7).unwrap();
        let seat = game.to_move().unwrap();
        let top = game.top(seat).unwrap();
        let action = game.legal_actions()[0];
        let Action::Lay(card, _) = action else { panic!("a lay is legal at the start") };
        let words = game.action_words(&action);
        // Dark mode: card n shows hexagram n, one line from the top.
        let line = (top.bits() ^ card.shows(crate::core::card::Orientation::Dark).bits()).trailing_zeros() + 1;
        assert!(words.starts_with(&format!("Lay {} dark side up, showing ", card.number())), "{words}");
        assert!(words.contains(&format!("(line {line} changes to ")), "{words}");
        let logged = game.event_words(seat, &action);
        assert!(logged.starts_with(&format!("laid {} dark side up", card.number())), "{logged}");
    }

    #[test]
    fn a_crash_and_the_end_are_said() {
        // Played to the end by the first legal action each time: every crash is said, and
        // the last event names the winner or the shared first place.
        let mut game = Pathways::dealt(Deck::default(), Mode::Dark, 3, 11).unwrap();
        let mut crashes = 0;
        let mut last = String::new();
        while let Some(seat) = game.to_move() {
            let action = game.legal_actions()[0];
            last = game.event_words(seat, &action);
            if action == Action::Crash {
                crashes += 1;
                assert!(last.starts_with("crashed: no card in the deck"), "{last}");
            }
            game.apply(&action).unwrap();
        }
        assert!(crashes >= 1);
        assert!(last.contains(" wins") || last.contains("share first place"), "{last}");
    }
}
