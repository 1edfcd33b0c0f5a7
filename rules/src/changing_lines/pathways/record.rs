//! Pathways game records: one game a line (JSON Lines), as `hexforge simulate pathways
//! --record` writes them.
//!
//! ```json
//! {"game":"pathways","deck":"4d","mode":"free","players":3,"seed":7,"bots":["greedy","random","greedy"],
//!  "starts":[{"card":9,"orientation":"dark"},{"card":30,"orientation":"light"},{"card":1,"orientation":"dark"}],
//!  "actions":[{"seat":0,"lay":{"card":13,"orientation":"dark"}},{"seat":1,"crash":true}],
//!  "result":{"winner":2}}
//! ```
//! `deck` is `3d` … `6d` or a list of card numbers; `starts` are seat 0 (the dealer's left,
//! who moves first) first; `seed` and `bots` are there when a program played; `result` is
//! `{"winner":S}`, or `{"shared_first":true}` when the last player standing could not make
//! the final play. `"final_play":false` marks the variant where the last player standing
//! wins without it.

use super::Mode;
use super::engine::{Action, Pathways};
use crate::changing_lines::deck::{Deck, DeckName};
use crate::core::card::{Card, Orientation};
use crate::play::registry::GameRecord;
use crate::play::{Game, Illegal, Outcome, Seat};
use serde::{Deserialize, Serialize};

/// A named deck or a list of card numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum DeckField {
    Named(String),
    Cards(Vec<u8>),
}

/// A card as it lies, as a record writes it: its number and which way up (the engine's
/// `Laid` holds the card itself).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LaidCard {
    pub card: u8,
    pub orientation: Orientation,
}

/// What one entry of `actions` did.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum What {
    Lay(LaidCard),
    Crash(bool),
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
    pub shared_first: bool,
}

impl From<Outcome> for Ending {
    fn from(outcome: Outcome) -> Ending {
        Ending { winner: outcome.winner(), shared_first: outcome == Outcome::Stalled }
    }
}

crate::play::recorded::game_record! {
    /// One game.
    pub struct Record {
        after_game {
            pub deck: DeckField,
            pub mode: Mode,
        }
        after_players {
            /// `false` for the variant where the last player standing wins without a final play
            /// (absent: the seed's rule, the final play).
            #[serde(default = "yes", skip_serializing_if = "is_yes")]
            pub final_play: bool,
        }
        pub starts: Vec<LaidCard>,
        actions: Vec<Entry>,
        result: Ending,
    }
}

/// The first action of a record that breaks a rule, counted from 1 (0: the start itself).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failed {
    pub action: usize,
    pub illegal: Illegal,
}

impl Record {
    /// The record of `game` before any action.
    pub fn start(game: &Pathways, seed: Option<u64>, bots: Option<Vec<String>>) -> Record {
        let deck = match game.deck().name() {
            Some(name) => DeckField::Named(name.name().to_string()),
            None => DeckField::Cards(game.deck().cards().numbers()),
        };
        Record {
            game: "pathways".into(),
            deck,
            mode: game.mode(),
            players: game.players(),
            final_play: game.final_play(),
            seed,
            bots,
            starts: (0..game.players())
                .map(|s| {
                    let laid = game.pile(s)[0];
                    LaidCard { card: laid.card.number(), orientation: laid.orientation }
                })
                .collect(),
            actions: Vec::new(),
            result: None,
        }
    }

    /// Appends what a seat did.
    pub fn push(&mut self, seat: Seat, action: &Action) {
        self.actions.push(Entry { seat, what: What::from(*action) });
    }

    /// Plays the record through the engine: the game it ends in, or the first action that
    /// breaks a rule. A `result` that differs from how the game ended is refused as the
    /// action after the last (rule `wrong-result`).
    pub fn replay(&self) -> Result<Pathways, Failed> {
        let (game, failed) = crate::play::registry::replayed(self, usize::MAX);
        let game = game.map_err(|illegal| Failed { action: 0, illegal })?;
        if let Some((action, illegal)) = failed {
            return Err(Failed { action, illegal });
        }
        let ended = game.outcome().map(Ending::from);
        if let Some(result) = self.result.filter(|r| ended != Some(*r)) {
            let message = format!("the record says {result:?}, the game ended {:?}", game.outcome());
            return Err(Failed { action: self.actions.len() + 1, illegal: Illegal::new("wrong-result", message) });
        }
        Ok(game)
    }
}

/// An action as JSON is its record entry's: `{"lay":{"card":13,"orientation":"dark"}}`,
/// `{"crash":true}`.
impl Serialize for Action {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        What::from(*self).serialize(serializer)
    }
}

impl From<Action> for What {
    fn from(action: Action) -> What {
        match action {
            Action::Lay(card, orientation) => What::Lay(LaidCard { card: card.number(), orientation }),
            Action::Crash => What::Crash(true),
        }
    }
}

impl GameRecord for Record {
    type Game = Pathways;

    fn start(game: &Pathways, seed: Option<u64>, bots: Option<Vec<String>>) -> Record {
        Record::start(game, seed, bots)
    }

    fn push(&mut self, seat: Seat, action: &Action) {
        Record::push(self, seat, action);
    }

    fn set_result(&mut self, outcome: Option<Outcome>) {
        self.result = outcome.map(Ending::from);
    }

    fn game(&self) -> Result<Pathways, Illegal> {
        if self.game != "pathways" {
            return Err(Illegal::new("not-pathways", format!("game {:?} is not pathways", self.game)));
        }
        let deck = match &self.deck {
            DeckField::Named(name) => name.parse::<DeckName>().map(Deck::named),
            DeckField::Cards(cards) => Deck::custom(&cards.iter().map(|&c| i64::from(c)).collect::<Vec<_>>()),
        }
        .map_err(|e| Illegal::new("bad-deck", e.to_string()))?;
        if self.starts.len() != self.players {
            let message = format!("{} starting cards for {} players", self.starts.len(), self.players);
            return Err(Illegal::new("players", message));
        }
        let starts =
            self.starts.iter().map(|f| card(f.card).map(|c| (c, f.orientation))).collect::<Result<Vec<_>, _>>()?;
        let game = Pathways::new(deck, self.mode, &starts)?;
        Ok(if self.final_play { game } else { game.last_standing_wins() })
    }

    fn events(&self) -> Vec<Result<(Seat, Action), Illegal>> {
        self.actions
            .iter()
            .map(|entry| {
                let action = match entry.what {
                    What::Lay(face) => Action::Lay(card(face.card)?, face.orientation),
                    What::Crash(true) => Action::Crash,
                    What::Crash(false) => return Err(Illegal::new("bad-action", "\"crash\" is only ever true")),
                };
                Ok((entry.seat, action))
            })
            .collect()
    }

    fn result(&self) -> Option<Outcome> {
        self.result.map(|ending| match ending.winner {
            Some(seat) => Outcome::Won(seat),
            None => Outcome::Stalled,
        })
    }

    /// The last player standing could not make the final play: the first place of the
    /// ranking is shared.
    fn shared_first(game: &Pathways) -> Option<Vec<Seat>> {
        match game.outcome() {
            Some(Outcome::Stalled) => game.ranking().and_then(|places| places.into_iter().next()),
            _ => None,
        }
    }
}

fn yes() -> bool {
    true
}

fn is_yes(b: &bool) -> bool {
    *b
}

fn card(number: u8) -> Result<Card, Illegal> {
    Card::from_number(number.into())
        .map_err(|_| Illegal::new("bad-card", format!("card {number} is out of range 1..=64")))
}
