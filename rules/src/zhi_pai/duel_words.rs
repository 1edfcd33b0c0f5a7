//! Zhi Pai's actions and events in the players' words (docs/conventions.md, Zhi Pai): the
//! card taken from the Common Zone, the end it joins and by which condition (one line, a
//! swap, a shared trigram whose card it spends), the trigram cards it turns active, the
//! card revealed into the zone, and the end.

use super::duel::{Action, Duel, Event};
use super::rules::{Condition, Placement, TrigramSet};
use crate::core::hexagram::Hexagram;
use crate::play::words::{and, clauses, count, hexagram};
use crate::play::{Game, Outcome, Seat};

/// Why a placement links, in words.
fn condition(p: &Placement, neighbour: Hexagram) -> String {
    match p.condition {
        Condition::OneLine => {
            let line = p.card.differing_lines(neighbour)[0];
            format!("one line differs (line {line})")
        }
        Condition::Swap => {
            let lines = p.card.differing_lines(neighbour);
            format!("lines {} and {} swapped", lines[0], lines[1])
        }
        Condition::Trigram => {
            let t = p.trigram.expect("a trigram placement spends a trigram card");
            format!("the same trigram {} {}, whose active card it spends", t.symbol(), t.name())
        }
    }
}

/// Trigram cards in `after` and not in `before`, in words (empty: none).
fn activated(before: TrigramSet, after: TrigramSet) -> String {
    let new: Vec<String> =
        after.iter().filter(|&t| !before.contains(t)).map(|t| format!("{} {}", t.symbol(), t.name())).collect();
    match new.len() {
        0 => String::new(),
        1 => format!("turns the {} trigram card active", new[0]),
        _ => format!("turns the {} trigram cards active", and(&new)),
    }
}

/// A placement on `seat`'s line, its condition and what it turns up: `None` if illegal.
fn placement(game: &Duel, seat: Seat, card: Hexagram, side: super::rules::Side) -> Option<(String, Vec<String>)> {
    let before = game.table(seat);
    let neighbour = before.end(side);
    let mut after = before.clone();
    let p = after.place(card, side).ok()?;
    let head = format!(
        "{} on the {} of the line, next to {}: {}",
        hexagram(card),
        side.name(),
        hexagram(neighbour),
        condition(&p, neighbour)
    );
    let mut rest = vec![activated(before.active(), after.active())];
    if after.finish().is_some() {
        rest.push("the line is finished".to_string());
    }
    Some((head, rest))
}

/// The action of the seat to move, as its button says it.
pub fn action(game: &Duel, action: &Action) -> String {
    let seat = game.to_move().unwrap_or(0);
    match *action {
        Action::Lay { card, side } => match placement(game, seat, card, side) {
            Some((head, rest)) => clauses(format!("Lay {head}"), rest),
            None => format!("Lay {} on the {}", hexagram(card), side.name()),
        },
        Action::Pass if game.pile() > 0 => "Pass (the next card of the pile is revealed)".to_string(),
        Action::Pass => "Pass".to_string(),
    }
}

/// `seat`'s event on `game` (the state before it), in words every seat reads.
pub fn event(game: &Duel, seat: Seat, event: &Event) -> String {
    let mut after = game.clone();
    if after.replay(seat, event).is_err() {
        return format!("{event:?}");
    }
    let (head, mut rest) = match event.action {
        Action::Lay { card, side } => match placement(game, seat, card, side) {
            Some((head, rest)) => (format!("laid {head}"), rest),
            None => (format!("laid {} on the {}", hexagram(card), side.name()), Vec::new()),
        },
        Action::Pass => ("passed".to_string(), Vec::new()),
    };
    if let Some(card) = event.revealed {
        rest.push(format!("{} is revealed into the Common Zone", hexagram(card)));
    }
    if after.last_turn() && !game.last_turn() {
        rest.push(format!("{} has one last turn", game.seat_name(1)));
    }
    rest.extend(ending(game, &after));
    clauses(head, rest)
}

/// The rule that ended the game when `before` became `after` (`None` while it goes on):
/// a line finished first, the two finished lines compared, or the pile empty and both passed.
pub fn ending(before: &Duel, after: &Duel) -> Option<String> {
    let name = |s: Seat| before.seat_name(s);
    let finished = |s: Seat| after.view(s).tables[s].finished;
    Some(match after.outcome()? {
        Outcome::Won(w) if finished(0) && finished(1) => format!(
            "both lines are finished: {} wins with the shorter line (or as long, with more trigram cards active)",
            name(w)
        ),
        Outcome::Won(1) => format!("{} finished their line before {}: {} wins", name(1), name(0), name(1)),
        Outcome::Won(w) => {
            format!("{} finished their line and {}'s last turn did not: {} wins", name(w), name(1 - w), name(w))
        }
        Outcome::Stalled if after.tally().ties > before.tally().ties => {
            "both lines are finished, as long and with as many trigram cards active: a tie".to_string()
        }
        Outcome::Stalled => "the pile is empty and both passed: the game ends without a winner".to_string(),
    })
}

/// Every seat's place at the end (the winner first; a tie, or a stall, both first) and
/// what decides it: whether its line is finished, its length (both starting cards
/// counted) and its trigram cards active.
pub fn standings(game: &Duel) -> Vec<crate::play::Standing> {
    let won = game.outcome().and_then(Outcome::winner);
    (0..game.players())
        .map(|seat| {
            let t = &game.view(seat).tables[seat];
            let line = count(t.sequence.len(), "card");
            let active = count(t.active.len(), "trigram card");
            let score = if t.finished {
                format!("finished, a line of {line} · {active} active")
            } else {
                format!("not finished, {line} in line · {active} active")
            };
            crate::play::Standing { seat, place: if won.is_none_or(|w| w == seat) { 1 } else { 2 }, score: Some(score) }
        })
        .collect()
}

/// The names of the table's parts, for a table that draws them (`label zone`): a line's
/// first card is its player's start, its last the start's complement.
pub const TERMS: [(&str, &str); 7] = [
    ("label zone", "Common Zone"),
    ("label active", "Trigram cards active"),
    ("label start", "start"),
    ("label target", "the start's complement"),
    ("label left end", "left end"),
    ("label right end", "right end"),
    ("label finished", "finished"),
];

/// The table's facts in words: the pile left, and the second player's last turn.
pub fn table(game: &Duel) -> crate::play::TableWords {
    let view = game.view(0);
    crate::play::TableWords::facts([
        ("Draw pile", Some(count(view.pile, "card"))),
        ("Last turn", view.last_turn.then(|| format!("{} has one last turn", game.seat_name(1)))),
    ])
}

/// A seat's line at the table: its line's length, finished or not.
pub fn seat(game: &Duel, seat: Seat) -> String {
    let t = &game.view(seat).tables[seat];
    let line = format!("{} in line", crate::play::words::count(t.sequence.len(), "card"));
    if t.finished { format!("{line} · finished") } else { line }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zhi_pai::duel::Deal;

    #[test]
    fn a_placement_names_its_condition_and_the_reveal_follows() {
        let mut game = Duel::new(&Deal::shuffled(5));
        // Play the first lay offered until one is, passing otherwise: every lay's words name
        // the card, the side and a condition; every event names the card revealed.
        let mut lays = 0;
        while game.to_move().is_some() {
            let action = game.legal_actions()[0];
            let button = game.action_words(&action);
            game.apply(&action).unwrap();
            if let Action::Lay { card, side } = action {
                lays += 1;
                assert!(button.starts_with(&format!("Lay {} on the {}", hexagram(card), side.name())), "{button}");
                assert!(
                    ["one line differs (line ", "swapped", "whose active card it spends"]
                        .iter()
                        .any(|w| button.contains(w)),
                    "{button}"
                );
            } else {
                assert!(button.starts_with("Pass"), "{button}");
            }
        }
        assert!(lays > 0);
    }

    #[test]
    fn the_log_says_the_card_revealed_and_the_end() {
        let mut game = Duel::new(&Deal::shuffled(9));
        let mut last = String::new();
        while let Some(seat) = game.to_move() {
            let action = game.legal_actions()[0];
            let mut copy = game.clone();
            let event = copy.apply(&action).unwrap();
            last = game.event_words(seat, &event);
            if let Some(card) = event.revealed {
                assert!(last.contains(&format!("{} is revealed into the Common Zone", hexagram(card))), "{last}");
            }
            game = copy;
        }
        assert!(last.ends_with(" wins") || last.contains("a tie") || last.contains("without a winner"), "{last}");
    }
}
