//! I-Ching Solitaire on the engine interface ([`crate::play::Game`]), for one player: the
//! deal's piles, the centre card as it lies, the card just turned up (the start card, a
//! stock card) waiting for the reading the player lays it in, and the stock, hidden.
//!
//! A turn is the cards laid between two stock cards: the start card opens the first, each
//! stock card turned opens the next (so a search bot's look-ahead counts stock cards).

use super::{DEPTH, Deal, PILES, STOCK, Variant, inverse};
use crate::core::card::Orientation;
use crate::play::{Counts, Game, Illegal, Outcome, Seat};
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// The one seat.
pub const PLAYERS: usize = 1;

/// What the player chooses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// Lay the card turned up (the start card, a stock card) on the centre this way up.
    Read(Orientation),
    /// Lay the top card of a pile (numbered 1 to 4, left to right) on the centre this way up.
    Play(Play),
    /// Turn the next stock card up.
    Turn,
}

/// A pile card laid on the centre.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Play {
    /// The pile, 1 to 4 from the left.
    pub pile: usize,
    pub orientation: Orientation,
}

/// What happened: as chosen, and for a turned stock card, the card (its number).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Read(Orientation),
    Play(Play),
    Turn(u8),
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Solitaire {
    pub(super) deal: Deal,
    pub(super) variant: Variant,
    /// Cards left in each pile.
    pub(super) heights: [usize; PILES],
    /// The hexagram the centre card shows (bits), once the start card is laid.
    pub(super) top: Option<u8>,
    /// The centre card (bits of its dark face), once the start card is laid.
    pub(super) centre_card: u8,
    /// A card turned up, waiting to be laid in a reading (bits of its dark face).
    pub(super) pending: Option<u8>,
    /// Stock cards turned.
    pub(super) turned: usize,
    /// Pile cards laid by kind of move: one line, all six, a Mirror.
    pub(super) kinds: [u64; 3],
}

/// The hexagram a card (bits of its dark face) shows lying this way up.
pub fn shown(card: u8, orientation: Orientation) -> u8 {
    match orientation {
        Orientation::Dark => card,
        Orientation::Light => inverse(card),
    }
}

/// The King Wen number of the card with this dark face.
pub fn number(card: u8) -> u8 {
    crate::core::hexagram::Hexagram::from_bits(card).number()
}

impl Solitaire {
    /// The deal a seed gives, with the book's rules.
    pub fn dealt(seed: u64) -> Solitaire {
        Solitaire::new(Deal::shuffled(seed), Variant::BOOK)
    }

    /// A game of `deal` under `variant`, the start card turned up.
    pub fn new(deal: Deal, variant: Variant) -> Solitaire {
        let start = deal.start;
        Solitaire {
            deal,
            variant,
            heights: [DEPTH; PILES],
            top: None,
            centre_card: start,
            pending: Some(start),
            turned: 0,
            kinds: [0; 3],
        }
    }

    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    /// Stock cards turned so far: the score (fewer is better).
    pub fn turned(&self) -> usize {
        self.turned
    }

    /// Pile cards laid so far.
    pub fn laid(&self) -> usize {
        PILES * DEPTH - self.heights.iter().sum::<usize>()
    }

    /// The top card of pile `p` (0-based), if any.
    pub fn pile_top(&self, p: usize) -> Option<u8> {
        self.heights[p].checked_sub(1).map(|h| self.deal.piles[p][h])
    }

    /// The readings a card may be laid in: both, but one for a Mirror.
    pub fn readings(&self, card: u8) -> Vec<Orientation> {
        let both = self.variant.readings && inverse(card) != card;
        if both { Orientation::BOTH.to_vec() } else { vec![Orientation::Dark] }
    }

    /// Whether a card showing `shown` goes on the centre now.
    pub fn fits(&self, shown: u8) -> bool {
        self.top.is_some_and(|top| self.variant.fits(shown, top))
    }

    /// How many pile tops, in either reading, would fit a centre card showing `top`, with
    /// pile `taken` one card shorter.
    pub fn fitting(&self, top: u8, taken: Option<usize>) -> usize {
        (0..PILES)
            .filter(|&p| {
                let h = self.heights[p] - usize::from(taken == Some(p));
                h > 0
                    && self
                        .readings(self.deal.piles[p][h - 1])
                        .into_iter()
                        .any(|o| self.variant.fits(shown(self.deal.piles[p][h - 1], o), top))
            })
            .count()
    }

    fn won(&self) -> bool {
        self.heights == [0; PILES]
    }

    /// The stock's cards not yet turned, next first (hidden from the player).
    fn stock_left(&self) -> &[u8] {
        &self.deal.stock[self.turned..]
    }

    fn check_play(&self, play: Play) -> Result<u8, Illegal> {
        if self.pending.is_some() {
            return Err(Illegal::new("lay-first", "the card turned up must be laid on the centre first"));
        }
        if !(1..=PILES).contains(&play.pile) {
            return Err(Illegal::new("no-such-pile", format!("pile {}: the piles are 1 to {PILES}", play.pile)));
        }
        let Some(card) = self.pile_top(play.pile - 1) else {
            return Err(Illegal::new("empty-pile", format!("pile {} is empty", play.pile)));
        };
        let showing = shown(card, play.orientation);
        if !self.readings(card).contains(&play.orientation) && showing != card {
            return Err(Illegal::new("one-reading", "this game lays every card dark side up"));
        }
        if !self.fits(showing) {
            let top = self.top.expect("a centre card once the start card is laid");
            let changed = (showing ^ top).count_ones();
            return Err(Illegal::new(
                "does-not-fit",
                format!(
                    "card {} {} side up changes {changed} lines of the centre card: a card must change one line, all six, or be a Mirror",
                    number(card),
                    play.orientation
                ),
            ));
        }
        Ok(showing)
    }
}

impl Game for Solitaire {
    type Action = Action;
    type Event = Event;
    type View = super::view::SolitaireView;

    fn players(&self) -> usize {
        PLAYERS
    }

    fn to_move(&self) -> Option<Seat> {
        self.outcome().is_none().then_some(0)
    }

    fn legal_actions(&self) -> Vec<Action> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        if let Some(card) = self.pending {
            return self.readings(card).into_iter().map(Action::Read).collect();
        }
        let mut actions = Vec::new();
        for p in 0..PILES {
            let Some(card) = self.pile_top(p) else { continue };
            for orientation in self.readings(card) {
                if self.fits(shown(card, orientation)) {
                    actions.push(Action::Play(Play { pile: p + 1, orientation }));
                }
            }
        }
        if self.turned < STOCK {
            actions.push(Action::Turn);
        }
        actions
    }

    fn apply(&mut self, action: &Action) -> Result<Event, Illegal> {
        let event = match *action {
            Action::Read(o) => Event::Read(o),
            Action::Play(play) => Event::Play(play),
            Action::Turn => Event::Turn(self.stock_left().first().map_or(0, |&c| number(c))),
        };
        self.replay(0, &event)?;
        Ok(event)
    }

    fn replay(&mut self, seat: Seat, event: &Event) -> Result<(), Illegal> {
        crate::play::check_turn(self.to_move(), seat)?;
        match *event {
            Event::Read(orientation) => {
                let Some(card) = self.pending else {
                    return Err(Illegal::new(
                        "no-card-turned-up",
                        "no card is waiting to be laid: play a pile card or turn the stock",
                    ));
                };
                if !self.readings(card).contains(&orientation) && shown(card, orientation) != card {
                    return Err(Illegal::new("one-reading", "this game lays every card dark side up"));
                }
                self.top = Some(shown(card, orientation));
                self.centre_card = card;
                self.pending = None;
            }
            Event::Play(play) => {
                let showing = self.check_play(play)?;
                let top = self.top.expect("a centre card once the start card is laid");
                let changed = (showing ^ top).count_ones();
                let kinds = [changed == 1, changed == 6, inverse(showing) == showing];
                for (n, hit) in self.kinds.iter_mut().zip(kinds) {
                    *n += u64::from(hit);
                }
                self.centre_card = self.pile_top(play.pile - 1).expect("a card on the pile played");
                self.heights[play.pile - 1] -= 1;
                self.top = Some(showing);
            }
            Event::Turn(card) => {
                if self.pending.is_some() {
                    return Err(Illegal::new("lay-first", "the card turned up must be laid on the centre first"));
                }
                if self.turned == STOCK {
                    return Err(Illegal::new("stock-empty", "the stock is empty"));
                }
                let turned = self.turned;
                let Some(at) = self.stock_left().iter().position(|&c| number(c) == card) else {
                    return Err(Illegal::new("not-in-stock", format!("card {card} is not in the stock")));
                };
                self.deal.stock.swap(turned, turned + at);
                self.pending = Some(self.deal.stock[turned]);
                self.turned += 1;
            }
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.won() {
            return Some(Outcome::Won(0));
        }
        let stuck = self.pending.is_none()
            && self.turned == STOCK
            && (0..PILES).all(|p| {
                self.pile_top(p).is_none_or(|c| self.readings(c).into_iter().all(|o| !self.fits(shown(c, o))))
            });
        stuck.then_some(Outcome::Stalled)
    }

    fn view(&self, seat: Seat) -> super::view::SolitaireView {
        super::view::SolitaireView::of(self, seat)
    }

    fn determinized(&self, _seat: Seat, rng: &mut ChaCha8Rng) -> Solitaire {
        let mut world = self.clone();
        world.deal.stock[self.turned..].shuffle(rng);
        world
    }

    fn turns(&self) -> u32 {
        self.turned as u32 + 1
    }

    fn counts(&self) -> Counts {
        Counts {
            plays_by_kind: vec![("one-line", self.kinds[0]), ("complement", self.kinds[1]), ("mirror", self.kinds[2])],
            events: vec![("stock-turned", self.turned as u64)],
        }
    }

    fn action_words(&self, action: &Action) -> String {
        super::words::action(self, action)
    }

    fn event_words(&self, _seat: Seat, event: &Event) -> String {
        super::words::event(self, event)
    }

    fn seat_name(&self, _seat: Seat) -> String {
        "the player".to_string()
    }

    fn ending_words(&self, _before: &Solitaire, _seat: Seat) -> Option<String> {
        match self.outcome()? {
            Outcome::Won(_) => Some(format!("every pile is cleared: the player wins, with {} stock cards turned", self.turned)),
            _ => Some("the stock is spent and no pile's top card fits the centre card either way up: the game ends without a winner".to_string()),
        }
    }

    fn standings(&self) -> Vec<crate::play::Standing> {
        let score = format!("{} of {} pile cards laid, {} stock cards turned", self.laid(), PILES * DEPTH, self.turned);
        vec![crate::play::Standing { seat: 0, place: 1, score: Some(score) }]
    }

    fn table_words(&self) -> crate::play::TableWords {
        super::words::table(self)
    }

    fn terms(&self) -> Vec<(&'static str, &'static str)> {
        crate::play::words::with_cards(&super::words::TERMS)
    }
}
