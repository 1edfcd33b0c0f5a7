//! Tao's game records: one game a line (JSON Lines), as `hexforge simulate tao --record`
//! writes them and `hexforge check tao --record` reads them.
//!
//! ```json
//! {"game":"tao","players":2,"seed":7,"bots":["greedy","random"],
//!  "hands":[[3,9,…],[1,12,…]],"pile":[40,2,…],"first":{"card":12,"orientation":"dark"},
//!  "actions":[{"seat":0,"play":{"card":11,"orientation":"dark"}},{"seat":0,"draw":40},
//!             {"seat":0,"draw":2},…,{"seat":1,"pass":true},…],
//!  "result":{"winner":0}}
//! ```
//! `hands` are seat 0 (the dealer's left) first; `pile` is the draw pile in the order it is
//! drawn (before the first reshuffle a draw must name its next card); `first` is absent
//! with eight players dealt eight (the holder of card 1 leads it). A play that
//! leaves one card and was not announced carries `"announced":false`. `seed` and `bots`
//! are there when a program played; `result` is `{"winner":S}` or `{"stalled":true}`.

use super::deal::Deal;
use super::legal::Laid;
use super::{Event, Tao};
use crate::core::card::{Card, Orientation};
use crate::core::deck::CardSet;
use crate::play::registry::GameRecord;
use crate::play::{Illegal, Outcome, Seat};
use serde::{Deserialize, Serialize};

/// A card as it lies, as a record writes it: its number and which way up (the engine's
/// `Laid` holds the card itself).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LaidCard {
    pub card: u8,
    pub orientation: Orientation,
    /// Whether a last card was announced (absent: yes).
    #[serde(default = "yes", skip_serializing_if = "is_yes")]
    pub announced: bool,
}

fn yes() -> bool {
    true
}

fn is_yes(b: &bool) -> bool {
    *b
}

/// What one entry of `actions` did.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum What {
    Play(LaidCard),
    Draw(u8),
    Pass(bool),
}

/// One entry of `actions`.
pub type Entry = crate::play::Entry<What>;

pub use crate::play::registry::Ending;

crate::play::recorded::game_record! {
    /// One game.
    pub struct Record {
        pub hands: Vec<Vec<u8>>,
        pub pile: Vec<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub first: Option<LaidCard>,
        actions: Vec<Entry>,
        result: Ending,
    }
}

fn card(number: u8) -> Result<Card, Illegal> {
    Card::from_number(number.into())
        .map_err(|_| Illegal::new("bad-card", format!("card {number} is out of range 1..=64")))
}

impl Record {
    /// The record of a game from its deal, before any action.
    pub fn start(deal: &Deal, seed: Option<u64>, bots: Option<Vec<String>>) -> Record {
        Record {
            game: "tao".into(),
            players: deal.hands.len(),
            seed,
            bots,
            hands: deal.hands.iter().map(|h| h.numbers()).collect(),
            pile: deal.pile.iter().map(|c| c.number()).collect(),
            first: deal.first.map(|f| LaidCard { card: f.card.number(), orientation: f.orientation, announced: true }),
            actions: Vec::new(),
            result: None,
        }
    }

    /// Appends what a seat did.
    pub fn push(&mut self, seat: Seat, event: &Event) {
        let what = match *event {
            Event::Play { laid, announced } => {
                What::Play(LaidCard { card: laid.card.number(), orientation: laid.orientation, announced })
            }
            Event::Draw(card) => What::Draw(card.number()),
            Event::Pass => What::Pass(true),
        };
        self.actions.push(Entry { seat, what });
    }

    /// The deal the record holds, checked.
    pub fn deal(&self) -> Result<Deal, Illegal> {
        if self.game != "tao" {
            return Err(Illegal::new("bad-record", format!("a record of {:?}, not of tao", self.game)));
        }
        if self.players != self.hands.len() {
            return Err(Illegal::new("bad-deal", format!("{} players but {} hands", self.players, self.hands.len())));
        }
        let mut hands = Vec::with_capacity(self.hands.len());
        for hand in &self.hands {
            let mut set = CardSet::EMPTY;
            for &n in hand {
                set.insert(card(n)?);
            }
            if set.len() != hand.len() {
                return Err(Illegal::new("bad-deal", "a card is listed twice in one hand"));
            }
            hands.push(set);
        }
        let pile = self.pile.iter().map(|&n| card(n)).collect::<Result<_, _>>()?;
        let first = match self.first {
            Some(f) => Some(Laid::new(card(f.card)?, f.orientation)),
            None => None,
        };
        Deal { hands, pile, first }.checked()
    }
}

/// The event an entry records.
pub fn event(entry: &Entry) -> Result<Event, Illegal> {
    Ok(match entry.what {
        What::Play(face) => {
            Event::Play { laid: Laid::new(card(face.card)?, face.orientation), announced: face.announced }
        }
        What::Draw(n) => Event::Draw(card(n)?),
        What::Pass(true) => Event::Pass,
        What::Pass(false) => return Err(Illegal::new("bad-record", "\"pass\" is always true")),
    })
}

pub use crate::play::registry::Verdict;

/// Replays a record and names the first action that breaks a rule, or a result that is not
/// what the play gives.
pub fn check(number: usize, record: &Record) -> Verdict {
    crate::play::registry::check(number, record)
}

impl GameRecord for Record {
    type Game = Tao;

    fn start(game: &Tao, seed: Option<u64>, bots: Option<Vec<String>>) -> Record {
        Record::start(game.dealt(), seed, bots)
    }

    fn push(&mut self, seat: Seat, event: &Event) {
        Record::push(self, seat, event);
    }

    fn set_result(&mut self, outcome: Option<Outcome>) {
        self.result = outcome.map(Ending::from);
    }

    fn game(&self) -> Result<Tao, Illegal> {
        Ok(Tao::new(&self.deal()?, self.seed.unwrap_or(0)))
    }

    fn events(&self) -> Vec<Result<(Seat, Event), Illegal>> {
        self.actions.iter().map(|entry| event(entry).map(|e| (entry.seat, e))).collect()
    }

    fn result(&self) -> Option<Outcome> {
        self.result.map(Ending::outcome)
    }
}

/// Actions a simulated game may take before it is cut (none of the measured games came
/// near it: a game between random bots takes about 700 actions).
pub const ACTION_LIMIT: usize = 50_000;

/// Game `index` of a simulated run seeded `seed`: its result for the summary, and its
/// record. The bots are turned by `index` seats (see [`crate::play::simulate::seating`]).
pub fn simulated(
    players: usize,
    hand: usize,
    bots: &[crate::play::bots::Bot],
    seed: u64,
    index: u64,
) -> Result<(crate::play::simulate::GameResult, Record), Illegal> {
    let deal = Deal::shuffled_hands(players, hand, crate::play::simulate::game_seed(seed, index))?;
    let game = Tao::new(&deal, crate::play::simulate::game_seed(seed, index));
    Ok(crate::play::registry::simulated(game, bots, seed, index, ACTION_LIMIT))
}
