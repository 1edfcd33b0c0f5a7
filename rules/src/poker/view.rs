//! What one seat at an I-Ching Stud table may see: its own face-down cards, every up card as
//! it lies, the chips, the betting, and the hands shown at the last showdown; never another
//! player's face-down cards or the deck.

use super::hand::Hand;
use super::stud::{DOWN, Settled, Stud};
use crate::core::card::{Card, Orientation};
use crate::play::{Outcome, Seat};
use serde::Serialize;

/// A card as the seat sees it: its number and, once it lies, what it shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CardView {
    pub card: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub orientation: Option<&'static str>,
    /// The King Wen number of the hexagram it shows (face-down cards: dark side up).
    pub shows: u8,
    pub name: &'static str,
}

impl CardView {
    fn of(card: Card, orientation: Option<Orientation>) -> CardView {
        let shows = card.shows(orientation.unwrap_or(Orientation::Dark));
        CardView {
            card: card.number(),
            orientation: orientation.map(Orientation::name),
            shows: shows.number(),
            name: shows.names().en,
        }
    }
}

/// One seat as every seat sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    pub chips: u32,
    /// In this hand and not folded.
    pub in_hand: bool,
    /// Chips put in the pot this hand.
    pub put_in: u32,
    /// Face-down cards held (their faces are the seat's own `down`).
    pub down: usize,
    pub up: Vec<CardView>,
    /// An up card dealt and not yet turned (the variable mode): its face is its owner's.
    pub turning: bool,
}

/// A hand shown at a showdown: its class and its cards as they lay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShownHand {
    pub class: &'static str,
    pub cards: Vec<CardView>,
}

impl ShownHand {
    fn of(hand: &Hand) -> ShownHand {
        let cards = hand.cards.iter().zip(hand.orientations).map(|(&c, o)| CardView::of(c, Some(o))).collect();
        ShownHand { class: hand.class.name(), cards }
    }
}

/// One seat's view of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StudView {
    pub seat: Seat,
    pub mode: &'static str,
    /// The hand being played, from 1, of `hands`.
    pub hand: usize,
    pub hands: usize,
    pub dealer: Seat,
    pub pot: u32,
    /// The betting round, 1 to 3 (cards three, four and five).
    pub round: usize,
    pub bet: u32,
    pub seats: Vec<SeatView>,
    /// The seat's own face-down cards.
    pub down: Vec<CardView>,
    /// The seat's own up card waiting to be turned, as it would lie each way it may be
    /// turned (dark, light); empty when none waits.
    pub turning: Vec<CardView>,
    /// The hands shown at the last showdown, by seat (none: not shown).
    pub showdown: Vec<Option<ShownHand>>,
    /// The best hand the seat's cards make so far, once it has five: its class named as
    /// the rules name it, and its cards as they would lie.
    pub best: Option<ShownHand>,
    /// Chips the seat must put in to stay in the round.
    pub to_call: u32,
    pub to_move: Option<Seat>,
    /// How the last hand ended.
    pub last: Option<Settled>,
    pub outcome: Option<Outcome>,
}

impl StudView {
    pub fn of(game: &Stud, seat: Seat) -> StudView {
        let seats = (0..game.players)
            .map(|s| SeatView {
                chips: game.stacks[s],
                in_hand: game.live[s],
                put_in: game.committed[s],
                down: game.cards[s].len().min(DOWN),
                up: game.cards[s].iter().skip(DOWN).zip(&game.up[s]).map(|(&c, &o)| CardView::of(c, Some(o))).collect(),
                turning: waiting(game, s).is_some(),
            })
            .collect();
        let finished = game.outcome.is_some();
        StudView {
            seat,
            mode: game.mode.name(),
            hand: (game.hand + usize::from(!finished)).min(game.decks.len()),
            hands: game.decks.len(),
            dealer: game.dealer,
            pot: game.pot(),
            round: game.street + 1,
            bet: game.bet_size(),
            seats,
            down: if finished {
                Vec::new()
            } else {
                game.cards[seat].iter().take(DOWN).map(|&c| CardView::of(c, None)).collect()
            },
            turning: waiting(game, seat)
                .map(|c| Orientation::BOTH.iter().map(|&o| CardView::of(c, Some(o))).collect())
                .unwrap_or_default(),
            showdown: game
                .last
                .as_ref()
                .map_or_else(Vec::new, |last| last.shown.iter().map(|hand| hand.as_ref().map(ShownHand::of)).collect()),
            best: (!finished && game.cards[seat].len() == super::stud::CARDS && game.up[seat].len() == 3)
                .then(|| ShownHand::of(&game.best_hand(seat))),
            to_call: if finished { 0 } else { game.to_call(seat) },
            to_move: game.to_move(),
            last: game.last.clone(),
            outcome: game.outcome,
        }
    }
}

/// The up card dealt to `seat` and not yet turned, if one waits.
fn waiting(game: &Stud, seat: Seat) -> Option<Card> {
    let cards = &game.cards[seat];
    (game.outcome.is_none() && cards.len() > DOWN + game.up[seat].len()).then(|| cards[cards.len() - 1])
}
