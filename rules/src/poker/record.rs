//! I-Ching Stud's game records: one session a line (JSON Lines), as
//! `hexforge simulate poker --record` writes them and `hexforge check poker --record` reads
//! them.
//!
//! ```json
//! {"game":"poker","players":3,"orientation":"variable","seed":7,"bots":["greedy","random","random"],
//!  "decks":[[12,40,3,…],…],
//!  "actions":[{"seat":0,"show":{"card":40,"orientation":"light"}},…,{"seat":0,"bet":true},
//!             {"seat":1,"call":true},{"seat":2,"fold":true},…],
//!  "result":{"winner":0}}
//! ```
//! `decks` holds one deck for each hand of the session (each player deals twice), its
//! first 5 × players cards in the order they are dealt: a card to each player in turn from
//! the dealer's left, twice face down, then face up, then one face up to each player still
//! in before each later round. A `show` names the up card just dealt and how it was turned
//! (the variable mode only; in the fixed mode every card lies dark side up).
//! `result` is `{"winner":S}`, or `{"shared_first":true}` when the most chips are shared.

use super::hand::Mode;
use super::stud::{Event, Stud};
use crate::core::card::{Card, Orientation};
use crate::play::registry::GameRecord;
use crate::play::{Illegal, Outcome, Seat};
use serde::{Deserialize, Serialize};

/// An up card as it was turned.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shown {
    pub card: u8,
    pub orientation: Orientation,
}

/// What one entry of `actions` did (`true` for the actions that carry nothing more).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum What {
    Show(Shown),
    Fold(bool),
    Check(bool),
    Call(bool),
    Bet(bool),
    Raise(bool),
}

/// One entry of `actions`.
pub type Entry = crate::play::Entry<What>;

/// How a session ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ending {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Seat>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub shared_first: bool,
}

crate::play::recorded::game_record! {
    /// One session.
    pub struct Record {
        after_players {
            pub orientation: Mode,
        }
        pub decks: Vec<Vec<u8>>,
        actions: Vec<Entry>,
        result: Ending,
    }
}

fn card(number: u8) -> Result<Card, Illegal> {
    Card::from_number(number.into())
        .map_err(|_| Illegal::new("bad-card", format!("card {number} is out of range 1..=64")))
}

/// The event an entry records.
pub fn event(what: What) -> Result<Event, Illegal> {
    let flag = |set: bool, name: &str, event: Event| {
        if set { Ok(event) } else { Err(Illegal::new("bad-record", format!("\"{name}\" is always true"))) }
    };
    match what {
        What::Show(s) => Ok(Event::Show(card(s.card)?, s.orientation)),
        What::Fold(b) => flag(b, "fold", Event::Fold),
        What::Check(b) => flag(b, "check", Event::Check),
        What::Call(b) => flag(b, "call", Event::Call),
        What::Bet(b) => flag(b, "bet", Event::Bet),
        What::Raise(b) => flag(b, "raise", Event::Raise),
    }
}

impl GameRecord for Record {
    type Game = Stud;

    fn start(game: &Stud, seed: Option<u64>, bots: Option<Vec<String>>) -> Record {
        Record {
            game: "poker".into(),
            players: game.players,
            orientation: game.mode,
            seed,
            bots,
            decks: game.decks.iter().map(|d| d.iter().map(|c| c.number()).collect()).collect(),
            actions: Vec::new(),
            result: None,
        }
    }

    fn push(&mut self, seat: Seat, event: &Event) {
        let what = match *event {
            Event::Show(card, orientation) => What::Show(Shown { card: card.number(), orientation }),
            Event::Fold => What::Fold(true),
            Event::Check => What::Check(true),
            Event::Call => What::Call(true),
            Event::Bet => What::Bet(true),
            Event::Raise => What::Raise(true),
        };
        self.actions.push(Entry { seat, what });
    }

    fn set_result(&mut self, outcome: Option<Outcome>) {
        self.result = outcome.map(|o| Ending { winner: o.winner(), shared_first: o == Outcome::Stalled });
    }

    fn game(&self) -> Result<Stud, Illegal> {
        if self.game != "poker" {
            return Err(Illegal::new("bad-record", format!("a record of {:?}, not of poker", self.game)));
        }
        let decks = self.decks.iter().map(|d| d.iter().map(|&n| card(n)).collect()).collect::<Result<_, _>>()?;
        Stud::new(self.orientation, self.players, decks)
    }

    fn events(&self) -> Vec<Result<(Seat, Event), Illegal>> {
        self.actions.iter().map(|e| event(e.what).map(|ev| (e.seat, ev))).collect()
    }

    fn result(&self) -> Option<Outcome> {
        self.result.map(|e| match e.winner {
            Some(w) if !e.shared_first => Outcome::Won(w),
            _ => Outcome::Stalled,
        })
    }

    fn shared_first(game: &Stud) -> Option<Vec<Seat>> {
        game.shared_first()
    }
}

/// Actions a simulated session may take before it is cut (far beyond any session: a hand
/// takes at most a few dozen actions).
pub const ACTION_LIMIT: usize = 20_000;
