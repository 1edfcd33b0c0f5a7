//! I-Ching Stud's actions and events in words: a button's words for the seat to move, and a
//! log line every seat may read (the face-down cards are named only once shown).

use super::hand::Hand;
use super::stud::{Action, Event, Stud};
use crate::core::card::{Card, Orientation};
use crate::play::words::{and, clauses, count, hexagram};
use crate::play::{Game, Outcome, Seat};

/// A card lying one way up: `12 light side up, showing ䷋ 12 Standstill`.
pub fn lying(card: Card, orientation: Orientation) -> String {
    format!("{} {} side up, showing {}", card.number(), orientation.name(), hexagram(card.shows(orientation)))
}

/// A hand shown: its class and the numbers it shows, highest first.
pub fn hand(hand: &Hand) -> String {
    let numbers: Vec<String> = hand.shown.iter().map(u8::to_string).collect();
    format!("a {} ({})", hand.class.name(), numbers.join(", "))
}

fn chips(n: u32) -> String {
    count(n as usize, "chip")
}

/// A legal action of the seat to move, for that seat.
pub fn action(game: &Stud, action: &Action) -> String {
    let seat = game.to_move().expect("a seat to move");
    let short = game.stacks[seat] <= game.to_call(seat);
    match *action {
        Action::Show(o) => {
            let card = *game.cards[seat].last().expect("an up card");
            format!("Turn card {}: it stays so for the hand", lying(card, o))
        }
        Action::Fold => format!("Fold, leaving the pot of {}", chips(game.pot())),
        Action::Check => "Check".to_string(),
        Action::Call if short => format!("Call with your last {} (all in)", chips(game.stacks[seat])),
        Action::Call => format!("Call {}", chips(game.to_call(seat))),
        Action::Bet => format!("Bet {}", chips(game.bet_size())),
        Action::Raise => {
            format!("Raise by {}, putting in {}", chips(game.bet_size()), chips(game.to_call(seat) + game.bet_size()))
        }
    }
}

/// An event of `seat` on `game` (the state before it), in words every seat may read, with
/// what followed: new cards dealt, a hand settled, the session over.
pub fn event(game: &Stud, seat: Seat, event: &Event) -> String {
    let mut after = game.clone();
    if after.replay(seat, event).is_err() {
        return "an action the rules refuse".to_string();
    }
    let head = match *event {
        Event::Show(card, o) => format!("turned card {}", lying(card, o)),
        Event::Fold => "folded".to_string(),
        Event::Check => "checked".to_string(),
        Event::Call if after.stacks[seat] == 0 => {
            format!("called with their last {} (all in)", chips(game.stacks[seat]))
        }
        Event::Call => format!("called {}", chips(game.to_call(seat))),
        Event::Bet => format!("bet {}", chips(game.bet_size())),
        Event::Raise => format!("raised by {}", chips(game.bet_size())),
    };
    let mut said = Vec::new();
    if after.hand != game.hand {
        let settled = after.last.as_ref().expect("a hand settled");
        for s in 0..game.players {
            if let Some(shown) = &settled.shown[s] {
                said.push(format!("{} shows {}", game.seat_name(s), hand(shown)));
            }
        }
        let winners: Vec<String> = (0..game.players)
            .filter(|&s| settled.won[s] > 0)
            .map(|s| format!("{} takes {}", game.seat_name(s), chips(settled.won[s])))
            .collect();
        said.push(and(&winners));
        match after.outcome {
            Some(Outcome::Won(w)) => {
                said.push(format!("the game is over: {} wins with {}", game.seat_name(w), chips(after.stacks[w])))
            }
            Some(Outcome::Stalled) => {
                let first: Vec<String> =
                    after.shared_first().unwrap_or_default().iter().map(|&s| game.seat_name(s)).collect();
                let most = after.stacks.iter().max().copied().unwrap_or(0);
                said.push(format!("the game is over: {} share first with {} each", and(&first), chips(most)))
            }
            None => said.push(format!("hand {} of {} is dealt", after.hand + 1, after.decks.len())),
        }
    } else if after.street != game.street {
        said.push(format!("card {} is dealt face up to each player still in", after.street + 3));
    }
    clauses(head, said)
}

/// The words a drawn table says of the seat's own cards and choices (`{}`: the hand's class,
/// filled in by the drawing).
pub const TERMS: [(&str, &str); 5] = [
    ("back", "face down"),
    ("back yours", "face down, yours"),
    ("back turning", "to be turned"),
    ("label turn", "Turn your new card (click the way it will lie)"),
    ("best", "Your best hand so far: {}"),
];

/// What the table shows beside its drawing, alike for every seat: the hand and round, the
/// bet, the pot, and how the cards lie; the pot described for a screen reader; and the
/// drawing's labels: each seat's title, stack and chips in the pot, the last hand's end.
pub fn table(game: &Stud) -> crate::play::TableWords {
    use super::hand::Mode;
    let view = super::view::StudView::of(game, 0);
    let on = view.outcome.is_none();
    let lie = match game.mode {
        Mode::Fixed => "fixed: every card dark side up",
        Mode::Variable => "variable: each card as its player turns it",
    };
    crate::play::TableWords::facts([
        ("Hand", Some(format!("{} of {}", view.hand, view.hands))),
        ("Betting round", on.then(|| format!("{} of {}", view.round, super::stud::BETS.len()))),
        ("Bet", on.then(|| count(view.bet as usize, "chip"))),
        ("Cards lie", Some(lie.to_string())),
    ])
    .part("pot", format!("the pot: {}", count(view.pot as usize, "chip")))
    .label("pot".into(), format!("Pot: {}", chips(view.pot)))
    .labels(seats(game, &view))
}

/// Each seat's labels: its title (the dealer, a fold), its stack and its chips in the pot;
/// what it showed and won at the last hand's end.
fn seats(game: &Stud, view: &super::view::StudView) -> Vec<(String, String)> {
    let mut said = Vec::new();
    if let Some(last) = &view.last {
        let shared = if last.split { ", the pot shared" } else { "" };
        said.push(("last".to_string(), format!("Hand {} ended{shared}", last.hand)));
    }
    for (s, seat) in view.seats.iter().enumerate() {
        let name = crate::play::words::capital(&game.seat_name(s));
        let dealer = if s == view.dealer { " — dealer" } else { "" };
        let folded = if seat.in_hand { "" } else { " — folded" };
        said.push((format!("seat {s}"), format!("{name}{dealer}{folded}")));
        said.push((format!("stack {s}"), format!("Stack: {}", chips(seat.chips))));
        said.push((format!("put in {s}"), format!("In the pot this hand: {}", chips(seat.put_in))));
        let Some(last) = &view.last else { continue };
        let won = last.won.get(s).filter(|&&n| n > 0).map(|&n| format!(", won {}", chips(n))).unwrap_or_default();
        match last.shown.get(s).and_then(Option::as_ref) {
            Some(hand) => said.push((format!("shown {s}"), format!("{name} showed {}{won}", hand.class.name()))),
            None if !won.is_empty() => said.push((format!("shown {s}"), format!("{name}{won}, showing nothing"))),
            None => {}
        }
    }
    said
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::hexagram::Hexagram;
    use crate::poker::hand::Mode;

    #[test]
    fn a_card_and_a_hand_read_as_words() {
        let card = Card::new(Hexagram::from_number(12).unwrap());
        assert_eq!(lying(card, Orientation::Dark), "12 dark side up, showing ䷋ 12 Standstill");
        let five = Hand::best(Mode::Fixed, [7, 15, 23, 31, 39].map(|b| Card::new(Hexagram::from_bits(b))), [None; 5]);
        assert!(hand(&five).starts_with("a Five ("), "{}", hand(&five));
    }
}
