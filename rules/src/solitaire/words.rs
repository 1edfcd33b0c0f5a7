//! I-Ching Solitaire's actions and events in the player's words (docs/solitaire.md): the
//! card, the pile it leaves, the way up it lies and the hexagram it then shows, why it
//! fits (one line, all six, a Mirror), and what follows: a pile cleared, the win or the
//! loss.

use super::engine::{Action, Event, Play, Solitaire, number, shown};
use super::{PILES, STOCK};
use crate::core::card::Orientation;
use crate::core::hexagram::Hexagram;
use crate::play::words::{capital, clauses, count, hexagram};
use crate::play::{Game, Outcome};

/// `card 12 dark side up, showing ䷋ 12 Standstill`.
fn lying(card: u8, orientation: Orientation) -> String {
    format!(
        "card {} {orientation} side up, showing {}",
        number(card),
        hexagram(Hexagram::from_bits(shown(card, orientation)))
    )
}

/// Why a card showing `showing` fits the centre card showing `top`.
fn why(showing: u8, top: u8) -> String {
    let changed = showing ^ top;
    if changed.count_ones() == 1 {
        format!("line {} changed", changed.trailing_zeros() + 1)
    } else if changed.count_ones() == 6 {
        "all six lines changed".to_string()
    } else {
        "a Mirror goes on any card".to_string()
    }
}

/// A legal action, as a button says it.
pub fn action(game: &Solitaire, action: &Action) -> String {
    match *action {
        Action::Read(o) => {
            let card = game.pending.expect("a card turned up");
            let head = if game.top.is_none() { "start the centre pile with" } else { "lay" };
            capital(&format!("{head} {}", lying(card, o)))
        }
        Action::Play(Play { pile, orientation }) => {
            let card = game.pile_top(pile - 1).expect("a card on the pile");
            let top = game.top.expect("a centre card");
            format!("Play {} from pile {pile} ({})", lying(card, orientation), why(shown(card, orientation), top))
        }
        Action::Turn => format!("Turn a stock card ({} left)", STOCK - game.turned),
    }
}

/// An event taken on `before`, in words.
pub fn event(before: &Solitaire, event: &Event) -> String {
    let mut after = before.clone();
    if after.replay(0, event).is_err() {
        return "an illegal move".to_string();
    }
    let head = match *event {
        Event::Read(o) => {
            let card = before.pending.expect("a card turned up");
            if before.top.is_none() {
                format!("starts the centre pile with {}", lying(card, o))
            } else {
                format!("lays {}", lying(card, o))
            }
        }
        Event::Play(Play { pile, orientation }) => {
            let card = before.pile_top(pile - 1).expect("a card on the pile");
            let top = before.top.expect("a centre card");
            format!("plays {} from pile {pile} ({})", lying(card, orientation), why(shown(card, orientation), top))
        }
        Event::Turn(card) => format!("turns card {card} from the stock ({} left)", STOCK - after.turned),
    };
    let mut rest = Vec::new();
    if let Event::Play(Play { pile, .. }) = *event {
        if after.heights[pile - 1] == 0 {
            let left = after.heights.iter().filter(|&&h| h > 0).count();
            rest.push(format!("pile {pile} is cleared ({} of {PILES} left)", left));
        }
    }
    match after.outcome() {
        Some(Outcome::Won(_)) => {
            rest.push(format!("the piles are cleared: a win, turning {}", count(after.turned, "stock card")));
        }
        Some(Outcome::Stalled) => {
            let left = after.heights.iter().sum::<usize>();
            rest.push(format!(
                "the stock is empty and no pile card fits: the game is lost, {} left",
                count(left, "pile card")
            ));
        }
        None => {}
    }
    clauses(head, rest)
}

/// The names of the drawn table's parts and what an empty one shows.
pub const TERMS: [(&str, &str); 7] = [
    ("label centre", "Centre pile"),
    ("label stock", "Stock"),
    ("label turned", "Turned up"),
    ("label options", "Ways to lay a card (click one)"),
    ("turned note", "to lay"),
    ("stock spent", "spent"),
    ("pile cleared", "cleared"),
];

/// What the table shows beside its drawing: the score so far, the stock left, and the
/// piles described for a screen reader; the drawing's labels: each pile with its size, the
/// stock's cards left.
pub fn table(game: &Solitaire) -> crate::play::TableWords {
    let view = super::view::SolitaireView::of(game, 0);
    let piles: Vec<String> = view
        .piles
        .iter()
        .enumerate()
        .map(|(p, pile)| format!("pile {}: {}", p + 1, count(pile.len(), "card")))
        .collect();
    crate::play::TableWords::facts([
        ("Stock cards turned (the score: fewer is better)", Some(view.turned.to_string())),
        ("Stock", Some(count(view.stock, "card"))),
    ])
    .part("piles", format!("{}.", capital(&piles.join("; "))))
    .label("stock".into(), format!("{} left", count(view.stock, "card")))
    .labels(
        view.piles
            .iter()
            .enumerate()
            .map(|(p, pile)| (format!("pile {}", p + 1), format!("Pile {} ({})", p + 1, pile.len())))
            .collect(),
    )
}
