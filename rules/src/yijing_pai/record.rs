//! 易经牌's game records: one game a line (JSON Lines), as `hexforge simulate yijing-pai
//! --record` writes them and `hexforge check yijing-pai --record` reads them (the game's
//! entry in the registry of games is [`super::registration`]).
//!
//! ```json
//! {"game":"yijing-pai","players":4,"seed":7,"bots":["greedy","random","random","random"],
//!  "set":144,"hand":8,"wall":"10t0110…",
//!  "actions":[{"seat":0,"hide":"101100"},…,
//!             {"seat":0,"lay":{"tiles":"01","call":"response","place":"outside"}},
//!             {"seat":2,"lay":{"tiles":"11","call":"pung","place":"split"}},
//!             {"seat":3,"pass":true}],
//!  "result":{"winner":2}}
//! ```
//! `wall` is the whole set in the order it was shuffled (`1` yang, `0` yin, `t` taiji): the
//! deal gives its first tiles, a hand at a time, to seats 0 (the dealer) to 3, and draws
//! take the rest in order, so the record replays without a seed. `hide` is the hidden
//! hexagram, line 1 first; a lay's `tiles` are as laid, line 1 side first (`T`/`t` a taiji
//! standing for yang/yin). `result` is `{"winner":S}` or `{"drawn":true}` (the wall ran
//! out: 和局).

use super::legal::{self, Call, Group, Place};
use super::tiles::{TileSet, Variant};
use super::{Action, Lay, Settings, YijingPai};
use crate::play::bots::Bot;
use crate::play::registry::{self as records, GameRecord};
use crate::play::simulate::{GameResult, game_seed};
use crate::play::{Game, Illegal, Outcome, Seat};
use serde::{Deserialize, Serialize};

/// The game's name in commands, routes and records.
pub const NAME: &str = "yijing-pai";

/// A lay as a record holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LayEntry {
    pub tiles: String,
    pub call: Call,
    pub place: Place,
}

/// What one entry of `actions` did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum What {
    Hide(String),
    Lay(LayEntry),
    Pass(bool),
}

impl From<Action> for What {
    fn from(action: Action) -> What {
        match action {
            Action::Hide(kinds) => What::Hide(legal::kinds_string(&kinds)),
            Action::Lay(lay) => What::Lay(LayEntry { tiles: lay.group.string(), call: lay.call, place: lay.place }),
            Action::Pass => What::Pass(true),
        }
    }
}

impl What {
    /// The action an entry records.
    pub fn action(&self) -> Result<Action, Illegal> {
        Ok(match self {
            What::Hide(text) => {
                let kinds = legal::kinds_from(text)?;
                let six: [_; 6] = kinds
                    .try_into()
                    .map_err(|_| Illegal::new("hide-six", format!("{text:?}: a hidden hexagram is six tiles")))?;
                Action::Hide(six)
            }
            What::Lay(entry) => {
                Action::Lay(Lay { call: entry.call, group: Group::parse(&entry.tiles)?, place: entry.place })
            }
            What::Pass(true) => Action::Pass,
            What::Pass(false) => return Err(Illegal::new("bad-record", "\"pass\" is always true")),
        })
    }
}

/// One entry of `actions`.
pub type Entry = crate::play::Entry<What>;

/// How the game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ending {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Seat>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub drawn: bool,
}

crate::play::recorded::game_record! {
    /// One game.
    pub struct Record {
        /// The set: 144 or 162.
        pub set: u32,
        /// Tiles dealt to each player: 8, or 9 in the variant.
        pub hand: u32,
        pub wall: String,
        actions: Vec<Entry>,
        result: Ending,
    }
}

/// The settings a set's size and a hand's size name.
pub fn settings(set: u32, hand: u32) -> Result<Settings, Illegal> {
    let set = TileSet::ALL
        .into_iter()
        .find(|s| s.total() == set)
        .ok_or_else(|| Illegal::new("bad-set", format!("a set of {set} tiles: expected 144 or 162")))?;
    let variant = [Variant::Pairs, Variant::Triples]
        .into_iter()
        .find(|v| v.hand_size() == hand)
        .ok_or_else(|| Illegal::new("bad-hand", format!("a hand of {hand}: expected 8 or 9")))?;
    Ok(Settings { set, variant })
}

impl GameRecord for Record {
    type Game = YijingPai;

    fn start(game: &YijingPai, seed: Option<u64>, bots: Option<Vec<String>>) -> Record {
        let s = game.settings();
        Record {
            game: NAME.into(),
            players: game.players(),
            seed,
            bots,
            set: s.set.total(),
            hand: s.variant.hand_size(),
            wall: legal::kinds_string(game.dealt()),
            actions: Vec::new(),
            result: None,
        }
    }

    fn push(&mut self, seat: Seat, event: &Action) {
        self.actions.push(Entry { seat, what: What::from(*event) });
    }

    fn set_result(&mut self, outcome: Option<Outcome>) {
        self.result = outcome.map(|o| Ending { winner: o.winner(), drawn: o == Outcome::Stalled });
    }

    fn game(&self) -> Result<YijingPai, Illegal> {
        if self.game != NAME {
            return Err(Illegal::new("bad-record", format!("a record of {:?}, not of {NAME}", self.game)));
        }
        if self.players != super::SEATS {
            return Err(Illegal::new("players", format!("{NAME} is played by exactly 4, not {}", self.players)));
        }
        YijingPai::new(settings(self.set, self.hand)?, &legal::kinds_from(&self.wall)?)
    }

    fn events(&self) -> Vec<Result<(Seat, Action), Illegal>> {
        self.actions.iter().map(|e| e.what.action().map(|a| (e.seat, a))).collect()
    }

    fn result(&self) -> Option<Outcome> {
        self.result.map(|ending| match ending.winner {
            Some(seat) => Outcome::Won(seat),
            None => Outcome::Stalled,
        })
    }
}

/// Actions a simulated game may take before it is cut; a hand of the larger set takes at
/// most 4 hides, 66 lays and three passes a lay, far below it.
pub const ACTION_LIMIT: usize = 2_000;

/// Game `index` of a run seeded `seed`: its result for the summary and its record.
pub fn simulated(settings: Settings, bots: &[Bot], seed: u64, index: u64) -> (GameResult, Record) {
    let game = YijingPai::shuffled(settings, game_seed(seed, index));
    records::simulated::<Record>(game, bots, seed, index, ACTION_LIMIT)
}
