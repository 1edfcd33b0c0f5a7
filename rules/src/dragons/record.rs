//! Dragons of the Ba-Gua's game records: one game a line (JSON Lines), as
//! `hexforge simulate dragons --record` writes them and `hexforge check dragons --record`
//! reads them.
//!
//! ```json
//! {"game":"dragons","players":2,"seed":7,"bots":["greedy","random"],
//!  "scenario":"introductory","mode":"grasshopper",
//!  "actions":[{"seat":0,"sow":"sky","stones":"ww"},{"seat":0,"move":["c6"],"then":"expel"},
//!             {"seat":1,"sow":"earth","stones":"bb"},{"seat":1,"move":["f3","e3"]},
//!             {"seat":0,"sow":"fire","stones":"wwb"},{"seat":0,"move":["a5>i5>h5"]}],
//!  "result":{"winner":0}}
//! ```
//! Seat 0 is Tianlong (Sky, first to play), seat 1 Dilong. A sowing names the space
//! emptied and the colours in the order they were dropped (`w`, `b`); a move lists the
//! head's squares step by step (none: the dragon stayed still), a step through a portal as
//! `portal entered>portal left>square`; after Fire or Water, `then` is `absorb` or `expel`
//! (absent: neither). The game holds no chance, so the actions are the whole game.
//! `result` is `{"winner":S}` or `{"stalled":true}` (the turn limit came first).

use super::moves::Path;
use super::rules::element_name;
use super::wheel::WHEEL;
use super::{Action, Dragons, NAME, Stones, Then, Variant};
use crate::play::registry::GameRecord;
use crate::play::{Illegal, Outcome, Seat};
use serde::{Deserialize, Serialize};

/// A sowing: the space emptied (its element's name) and the colours dropped, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sowing {
    pub sow: String,
    pub stones: String,
}

/// A move: the head's squares, and after Fire or Water what the dragon did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Moving {
    #[serde(rename = "move")]
    pub path: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub then: Option<Then>,
}

/// What one entry of `actions` did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum What {
    Sow(Sowing),
    Move(Moving),
}

impl What {
    pub fn of(action: &Action) -> What {
        match *action {
            Action::Sow { space, stones } => {
                What::Sow(Sowing { sow: element_name(WHEEL[space as usize]).to_string(), stones: stones.word() })
            }
            Action::Move { path, then } => {
                What::Move(Moving { path: path.words(), then: (then != Then::Nothing).then_some(then) })
            }
        }
    }

    /// The action this entry names.
    pub fn action(&self) -> Result<Action, Illegal> {
        let bad = |m: String| Illegal::new("bad-entry", m);
        match self {
            What::Sow(Sowing { sow, stones }) => {
                let space = WHEEL
                    .iter()
                    .position(|&t| element_name(t) == sow)
                    .ok_or_else(|| bad(format!("{sow:?} is not a space of the wheel")))?;
                let stones = Stones::parse(stones).ok_or_else(|| bad(format!("stones {stones:?}: w and b letters")))?;
                Ok(Action::Sow { space: space as u8, stones })
            }
            What::Move(Moving { path, then }) => {
                let path =
                    Path::parse(path).ok_or_else(|| bad(format!("move {path:?}: squares like c6 or a5>i5>h5")))?;
                Ok(Action::Move { path, then: then.unwrap_or(Then::Nothing) })
            }
        }
    }
}

/// One entry of `actions`.
pub type Entry = crate::play::Entry<What>;

pub use crate::play::registry::Ending;

crate::play::recorded::game_record! {
    /// One game.
    pub struct Record {
        pub scenario: String,
        pub mode: String,
        /// A variant measured against this edition's reading (absent: none).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub variant: Option<String>,
        actions: Vec<Entry>,
        result: Ending,
    }
}

impl GameRecord for Record {
    type Game = Dragons;

    fn start(game: &Dragons, seed: Option<u64>, bots: Option<Vec<String>>) -> Record {
        Record {
            game: NAME.into(),
            players: 2,
            seed,
            bots,
            scenario: game.scenario.into(),
            mode: game.mode.key().into(),
            variant: (game.variant != Variant::FocusByOwner).then(|| game.variant.key().into()),
            actions: Vec::new(),
            result: None,
        }
    }

    fn push(&mut self, seat: Seat, event: &Action) {
        self.actions.push(Entry { seat, what: What::of(event) });
    }

    fn set_result(&mut self, outcome: Option<Outcome>) {
        self.result = outcome.map(Ending::from);
    }

    fn game(&self) -> Result<Dragons, Illegal> {
        if self.game != NAME {
            return Err(Illegal::new("bad-record", format!("a record of {:?}, not of {NAME}", self.game)));
        }
        if self.players != 2 {
            return Err(Illegal::new("players", format!("{} players: dragons is played by exactly 2", self.players)));
        }
        let variant = match &self.variant {
            None => Variant::FocusByOwner,
            Some(v) => Variant::parse(v).ok_or_else(|| Illegal::new("bad-variant", format!("no variant {v:?}")))?,
        };
        Ok(Dragons::named(&self.scenario, &self.mode)?.with_variant(variant))
    }

    fn events(&self) -> Vec<Result<(Seat, Action), Illegal>> {
        self.actions.iter().map(|e| e.what.action().map(|a| (e.seat, a))).collect()
    }

    fn result(&self) -> Option<Outcome> {
        self.result.map(Ending::outcome)
    }
}
