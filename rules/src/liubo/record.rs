//! Liubo's game records: one game a line (JSON Lines), as `hexforge simulate liubo
//! --record` writes them and `hexforge check liubo --record` reads them.
//!
//! ```json
//! {"game":"liubo","players":2,"seed":7,"bots":["greedy","random"],
//!  "actions":[{"seat":0,"throw":[2,3]},{"seat":0,"move":{"value":3,"to":3}},
//!             {"seat":0,"move":{"value":2,"to":2}},{"seat":1,"throw":[4,1]},…],
//!  "result":{"winner":0}}
//! ```
//! Every throw is in the record, so a game replays exactly without its seed: a record
//! typed in from a table game is checked the same way. A move names its value, the station
//! it leaves (`from`, absent when a stone enters) and the station it ends on (`to`), with
//! `"owl":true` when the owl moves and `"promote":true` when a stone becomes the owl.
//! `seed` and `bots` are there when a program played; `result` is `{"winner":S}`.

use super::{Event, Liubo, Move, Variant};
use crate::play::registry::GameRecord;
use crate::play::{Illegal, Outcome, Seat};
use serde::{Deserialize, Serialize};

/// What one entry of `actions` did.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum What {
    /// The two groups' values, as thrown.
    Throw([u8; 2]),
    Move(Move),
}

/// One entry of `actions`.
pub type Entry = crate::play::Entry<What>;

pub use crate::play::registry::Ending;

crate::play::recorded::game_record! {
    /// One game.
    pub struct Record {
        /// The variant played (absent: the standard rules).
        #[serde(default, skip_serializing_if = "is_standard")]
        pub variant: Variant,
        actions: Vec<Entry>,
        result: Ending,
    }
}

fn is_standard(variant: &Variant) -> bool {
    *variant == Variant::Standard
}

/// The record's name for the game.
pub const NAME: &str = "liubo";

impl GameRecord for Record {
    type Game = Liubo;

    fn start(game: &Liubo, seed: Option<u64>, bots: Option<Vec<String>>) -> Record {
        let variant = game.variant();
        Record { game: NAME.into(), players: super::PLAYERS, seed, bots, variant, actions: Vec::new(), result: None }
    }

    fn push(&mut self, seat: Seat, event: &Event) {
        let what = match *event {
            Event::Throw(values) => What::Throw(values),
            Event::Move(m) => What::Move(m),
        };
        self.actions.push(Entry { seat, what });
    }

    fn set_result(&mut self, outcome: Option<Outcome>) {
        self.result = outcome.map(Ending::from);
    }

    fn game(&self) -> Result<Liubo, Illegal> {
        if self.game != NAME {
            return Err(Illegal::new("bad-record", format!("a record of {:?}, not of {NAME}", self.game)));
        }
        if self.players != super::PLAYERS {
            return Err(Illegal::new("players", format!("{} players: liubo is played by exactly 2", self.players)));
        }
        Ok(Liubo::with_variant(self.seed.unwrap_or(0), self.variant))
    }

    fn events(&self) -> Vec<Result<(Seat, Event), Illegal>> {
        self.actions
            .iter()
            .map(|entry| {
                Ok((
                    entry.seat,
                    match entry.what {
                        What::Throw(values) => Event::Throw(values),
                        What::Move(m) => Event::Move(m),
                    },
                ))
            })
            .collect()
    }

    fn result(&self) -> Option<Outcome> {
        self.result.map(Ending::outcome)
    }
}

/// Actions a simulated game may take before it is cut.
pub const ACTION_LIMIT: usize = 100_000;

/// Game `index` of a simulated run seeded `seed`: its result for the summary, and its
/// record. The bots are turned by `index` seats (see [`crate::play::simulate::seating`]).
pub fn simulated(
    variant: Variant,
    bots: &[crate::play::bots::Bot],
    seed: u64,
    index: u64,
) -> (crate::play::simulate::GameResult, Record) {
    let game = Liubo::with_variant(crate::play::simulate::game_seed(seed, index), variant);
    crate::play::registry::simulated(game, bots, seed, index, ACTION_LIMIT)
}
