//! I-Ching Solitaire's game records: one game a line (JSON Lines), as `hexforge simulate
//! solitaire --record` writes them and `hexforge check solitaire --record` reads them.
//!
//! ```json
//! {"game":"solitaire","players":1,"seed":7,"bots":["greedy"],
//!  "piles":[[12,40,…],[…],[…],[…]],"start":33,
//!  "actions":[{"seat":0,"read":"dark"},{"seat":0,"play":{"pile":2,"orientation":"light"}},
//!             {"seat":0,"turn":17},{"seat":0,"read":"light"},…],
//!  "result":{"winner":0}}
//! ```
//! `piles` are piles 1 to 4, each from its bottom card to its top (the card played first)
//! by card number; `start` is the card turned up to start the centre pile. Each stock card
//! turned is in the record (`turn`), so a record replays without its seed, and a game dealt
//! at a table can be typed in and checked. `result` is `{"winner":0}` when the piles were
//! cleared and `{"stalled":true}` when the stock ran out first.

use super::engine::{Event, Solitaire, number};
use super::{DEPTH, Deal, PILES, Variant};
use crate::core::hexagram::Hexagram;
use crate::play::registry::{Ending, GameRecord};
use crate::play::{Illegal, Outcome, Seat};
use serde::{Deserialize, Serialize};

pub use super::engine::Play;
use crate::core::card::Orientation;

/// What one entry of `actions` did.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum What {
    /// The card turned up laid on the centre this way up.
    Read(Orientation),
    /// A pile's top card laid on the centre.
    Play(Play),
    /// The stock card turned, by number.
    Turn(u8),
}

/// One entry of `actions`.
pub type Entry = crate::play::Entry<What>;

crate::play::recorded::game_record! {
    /// One game.
    pub struct Record {
        pub piles: [[u8; DEPTH]; PILES],
        pub start: u8,
        actions: Vec<Entry>,
        result: Ending,
    }
}

/// The record's name for the game.
pub const NAME: &str = "solitaire";

/// Actions a simulated game may take before it is cut: a game has at most 48 plays, 15
/// turns and 16 cards laid from the stock and the start.
pub const ACTION_LIMIT: usize = 1_000;

impl Record {
    /// The deal the record's piles and start card make; the stock is the seed's when the
    /// seed deals these piles, else the other cards in number order (the turns name them).
    fn deal(&self) -> Result<Deal, Illegal> {
        let mut seen = [false; 65];
        for &n in self.piles.iter().flatten().chain(std::iter::once(&self.start)) {
            if !(1..=64).contains(&n) {
                return Err(Illegal::new("bad-card", format!("card {n}: the cards are 1 to 64")));
            }
            if std::mem::replace(&mut seen[n as usize], true) {
                return Err(Illegal::new("card-twice", format!("card {n} is dealt twice")));
            }
        }
        let bits = |n: u8| Hexagram::from_number(i64::from(n)).expect("a card number 1 to 64").bits();
        if let Some(seed) = self.seed {
            let dealt = Deal::shuffled(seed);
            if dealt.piles.map(|pile| pile.map(number)) == self.piles && number(dealt.start) == self.start {
                return Ok(dealt);
            }
        }
        let mut order: Vec<u8> = (0..DEPTH).flat_map(|row| (0..PILES).map(move |p| self.piles[p][row])).collect();
        order.push(self.start);
        order.extend((1..=64).filter(|&n| !seen[n as usize]));
        Ok(Deal::from_bits(&order.into_iter().map(bits).collect::<Vec<u8>>()))
    }
}

impl GameRecord for Record {
    type Game = Solitaire;

    fn start(game: &Solitaire, seed: Option<u64>, bots: Option<Vec<String>>) -> Record {
        let deal = game.deal();
        Record {
            game: NAME.into(),
            players: 1,
            seed,
            bots,
            piles: deal.piles.map(|pile| pile.map(number)),
            start: number(deal.start),
            actions: Vec::new(),
            result: None,
        }
    }

    fn push(&mut self, seat: Seat, event: &Event) {
        let what = match *event {
            Event::Read(o) => What::Read(o),
            Event::Play(play) => What::Play(play),
            Event::Turn(card) => What::Turn(card),
        };
        self.actions.push(Entry { seat, what });
    }

    fn set_result(&mut self, outcome: Option<Outcome>) {
        self.result = outcome.map(Ending::from);
    }

    fn game(&self) -> Result<Solitaire, Illegal> {
        if self.game != NAME {
            return Err(Illegal::new("bad-record", format!("a record of {:?}, not of {NAME}", self.game)));
        }
        if self.players != 1 {
            return Err(Illegal::new("players", format!("{} players: solitaire is played by exactly 1", self.players)));
        }
        Ok(Solitaire::new(self.deal()?, Variant::BOOK))
    }

    fn events(&self) -> Vec<Result<(Seat, Event), Illegal>> {
        self.actions
            .iter()
            .map(|entry| {
                Ok((
                    entry.seat,
                    match entry.what {
                        What::Read(o) => Event::Read(o),
                        What::Play(play) => Event::Play(play),
                        What::Turn(card) => Event::Turn(card),
                    },
                ))
            })
            .collect()
    }

    fn result(&self) -> Option<Outcome> {
        self.result.map(Ending::outcome)
    }
}
