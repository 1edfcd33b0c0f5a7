//! Records of Zhi Pai for two: one game a line (JSON Lines), as `hexforge simulate zhi-pai
//! --record` writes them and `hexforge check zhi-pai --record` reads them.
//!
//! ```json
//! {"game":"zhi-pai","players":2,"seed":7,"bots":["greedy","random"],
//!  "starts":[12,40],"zone":[3,9,17,22,50,61],"pile":[33,5,…],
//!  "actions":[{"seat":0,"lay":{"card":17,"side":"left"},"revealed":33},
//!             {"seat":1,"pass":true,"revealed":5}],
//!  "result":{"winner":0}}
//! ```
//! `starts` are each seat's start hexagram (its complement is the other end); `zone` is the
//! Common Zone as dealt; `pile` the face-down pile in the order it is revealed, which a game
//! typed in from a table may leave out (each turn's `revealed` card says what came up). A
//! turn after the pile ran out has no `revealed`. `result` is `{"winner":S}` or
//! `{"tied":true}` (a tie or a stalled game: no winner).

use super::duel::{Action, Deal, Duel, PLAYERS};
use super::rules::Side;
use crate::core::hexagram::Hexagram;
use crate::play::registry::GameRecord;
use crate::play::{Entry, Game, Illegal, Outcome, Seat};
use serde::{Deserialize, Serialize};

/// A placement: the Common Zone card and the side of the seat's sequence.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    pub card: u8,
    pub side: Side,
}

/// A turn: a placement or a pass (exactly one), and the card the reveal turned up.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Turn {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lay: Option<Placement>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pass: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revealed: Option<u8>,
}

/// What a seat chose, as JSON: its turn's entry without the reveal.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
enum Choice {
    Lay(Placement),
    Pass(bool),
}

/// How the game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ending {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Seat>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tied: bool,
}

crate::play::recorded::game_record! {
    /// One game.
    pub struct Record {
        pub starts: [u8; PLAYERS],
        pub zone: Vec<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub pile: Option<Vec<u8>>,
        actions: Vec<Entry<Turn>>,
        result: Ending,
    }
}

fn hexagram(number: u8) -> Result<Hexagram, Illegal> {
    Hexagram::from_number(number.into())
        .map_err(|_| Illegal::new("bad-card", format!("card {number} is out of range 1..=64")))
}

/// An action as JSON is its record entry's: `{"lay":{"card":17,"side":"left"}}`,
/// `{"pass":true}`.
impl Serialize for Action {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Choice::from(*self).serialize(serializer)
    }
}

impl From<Action> for Choice {
    fn from(action: Action) -> Choice {
        match action {
            Action::Lay { card, side } => Choice::Lay(Placement { card: card.number(), side }),
            Action::Pass => Choice::Pass(true),
        }
    }
}

impl Record {
    /// The deal the record holds, checked: six cards in the Common Zone ("les 6 premières
    /// cartes"), every card once, no start the other's complement.
    pub fn deal(&self) -> Result<Deal, Illegal> {
        if self.game != super::KEY {
            return Err(Illegal::new("bad-record", format!("a record of {:?}, not of zhi-pai", self.game)));
        }
        if self.players != PLAYERS {
            return Err(Illegal::new("players", format!("{} players: zhi-pai for two is played by 2", self.players)));
        }
        let starts = [hexagram(self.starts[0])?, hexagram(self.starts[1])?];
        let zone = self.zone.iter().map(|&n| hexagram(n)).collect::<Result<Vec<_>, _>>()?;
        if zone.len() != super::duel::ZONE {
            return Err(Illegal::new(
                "bad-deal",
                format!(
                    "{} cards face up in the Common Zone: the deal turns up the pile's first {}",
                    zone.len(),
                    super::duel::ZONE
                ),
            ));
        }
        let mut used: Vec<Hexagram> = starts.iter().flat_map(|s| [*s, s.complement()]).collect();
        used.extend(&zone);
        let pile = match &self.pile {
            Some(pile) => pile.iter().map(|&n| hexagram(n)).collect::<Result<Vec<_>, _>>()?,
            None => Hexagram::all().filter(|h| !used.contains(h)).collect(),
        };
        used.extend(&pile);
        let mut numbers: Vec<u8> = used.iter().map(|h| h.number()).collect();
        numbers.sort_unstable();
        if numbers != (1..=64).collect::<Vec<u8>>() {
            return Err(Illegal::new(
                "bad-deal",
                "the starts, their complements, zone and pile are not the 64 cards once each",
            ));
        }
        Ok(Deal { starts, zone, pile })
    }
}

impl GameRecord for Record {
    type Game = Duel;

    fn start(game: &Duel, seed: Option<u64>, bots: Option<Vec<String>>) -> Record {
        let deal = game.dealt();
        Record {
            game: super::KEY.into(),
            players: PLAYERS,
            seed,
            bots,
            starts: deal.starts.map(Hexagram::number),
            zone: deal.zone.iter().map(|h| h.number()).collect(),
            pile: Some(deal.pile.iter().map(|h| h.number()).collect()),
            actions: Vec::new(),
            result: None,
        }
    }

    fn push(&mut self, seat: Seat, event: &super::duel::Event) {
        let (lay, pass) = match event.action {
            Action::Lay { card, side } => (Some(Placement { card: card.number(), side }), None),
            Action::Pass => (None, Some(true)),
        };
        let turn = Turn { lay, pass, revealed: event.revealed.map(Hexagram::number) };
        self.actions.push(Entry { seat, what: turn });
    }

    fn set_result(&mut self, outcome: Option<Outcome>) {
        self.result = outcome.map(|o| Ending { winner: o.winner(), tied: o == Outcome::Stalled });
    }

    fn game(&self) -> Result<Duel, Illegal> {
        Ok(Duel::new(&self.deal()?))
    }

    fn events(&self) -> Vec<Result<(Seat, super::duel::Event), Illegal>> {
        self.actions
            .iter()
            .map(|entry| {
                let action = match (entry.what.lay, entry.what.pass) {
                    (Some(p), None) => Action::Lay { card: hexagram(p.card)?, side: p.side },
                    (None, Some(true)) => Action::Pass,
                    (None, Some(false)) => return Err(Illegal::new("bad-record", "\"pass\" is always true")),
                    _ => return Err(Illegal::new("bad-record", "a turn is one of lay or pass")),
                };
                let revealed = entry.what.revealed.map(hexagram).transpose()?;
                Ok((entry.seat, super::duel::Event { action, revealed }))
            })
            .collect()
    }

    fn result(&self) -> Option<Outcome> {
        self.result.map(|ending| ending.winner.map_or(Outcome::Stalled, Outcome::Won))
    }

    /// A tie (both finished, equal in length and in trigram cards: "ex-aequo") is a first
    /// place both seats share; a stalled game is not.
    fn shared_first(game: &Duel) -> Option<Vec<Seat>> {
        (game.outcome() == Some(Outcome::Stalled) && game.tally().ties > 0).then(|| vec![0, 1])
    }
}
