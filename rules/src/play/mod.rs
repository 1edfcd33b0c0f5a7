//! The one interface every game's engine implements, and what drives it: simulation,
//! game records and their checking, and bots. Each is written once, for every game.
//!
//! A game is a state with the seat to move, the actions legal for that seat, a way to
//! apply one, whether it is over and who won, and what each seat may see (OpenSpiel's
//! `State`). Chance (the order of a shuffled pile) lives in the state, drawn from a seed
//! the caller gives, so a game replays exactly; what chance decided is written into the
//! game's record as an event (`{"seat":1,"draw":33}`), so a record replays without the seed.

pub mod bots;
pub mod descriptor;
pub mod json;
pub mod public;
pub mod recorded;
pub mod registry;
pub mod simulate;
pub mod words;

use serde::Serialize;
use std::fmt;

/// A seat at the table, 0-based, numbered clockwise from the dealer's left.
pub type Seat = usize;

/// How a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// This seat won.
    Won(Seat),
    /// The game could no longer progress: no winner.
    Stalled,
}

impl Outcome {
    pub fn winner(self) -> Option<Seat> {
        match self {
            Outcome::Won(seat) => Some(seat),
            Outcome::Stalled => None,
        }
    }
}

/// An action or event that breaks a rule: the rule's name (kebab-case, stable, the names
/// the checkers and the API print) and a sentence for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal {
    pub rule: &'static str,
    pub message: String,
}

impl Illegal {
    pub fn new(rule: &'static str, message: impl Into<String>) -> Illegal {
        Illegal { rule, message: message.into() }
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.rule)
    }
}

impl std::error::Error for Illegal {}

/// One entry of a game record's `actions`: the seat and, beside it, what it did
/// (`{"seat":1,"draw":33}`); each game's record names its own `What`, which reads every
/// field but `seat` (so a field it does not know is refused, as serde's flattening would
/// not).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Entry<W> {
    pub seat: Seat,
    #[serde(flatten)]
    pub what: W,
}

impl<'de, W: serde::de::DeserializeOwned> serde::Deserialize<'de> for Entry<W> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Entry<W>, D::Error> {
        use serde::de::Error;
        let mut fields = serde_json::Map::deserialize(deserializer)?;
        let seat = fields.remove("seat").ok_or_else(|| D::Error::missing_field("seat"))?;
        let seat = Seat::deserialize(seat).map_err(|e| D::Error::custom(format!("seat: {e}")))?;
        let what = W::deserialize(serde_json::Value::Object(fields)).map_err(D::Error::custom)?;
        Ok(Entry { seat, what })
    }
}

/// The flow rules every engine checks before an event: the game is not over, and the
/// event's seat is the seat to move (`to_move` is `None` once the game is over).
pub fn check_turn(to_move: Option<Seat>, seat: Seat) -> Result<(), Illegal> {
    match to_move {
        None => Err(Illegal::new("game-over", "the game is already over")),
        Some(s) if s != seat => Err(Illegal::new("not-your-turn", format!("it is seat {s}'s turn, not seat {seat}'s"))),
        Some(_) => Ok(()),
    }
}

/// A game's engine.
///
/// `Action` is what a seat chooses ("draw a card"); `Event` is what happened, as a record
/// holds it ("drew card 33"). [`Game::apply`] turns an action into its event, resolving
/// chance from the state's own seeded generator; [`Game::replay`] applies a recorded event,
/// checking it against the rules, so a game played at a table can be typed in and checked.
pub trait Game: Clone {
    type Action: Clone + PartialEq + fmt::Debug;
    type Event: Clone + PartialEq + fmt::Debug;
    type View: Serialize;

    /// Seats at the table.
    fn players(&self) -> usize;

    /// The seat to act, or `None` once the game is over.
    fn to_move(&self) -> Option<Seat>;

    /// Every action legal for the seat to move (empty once the game is over), in a fixed
    /// order, so that a seeded bot chooses the same way every time.
    fn legal_actions(&self) -> Vec<Self::Action>;

    /// Applies an action of the seat to move.
    fn apply(&mut self, action: &Self::Action) -> Result<Self::Event, Illegal>;

    /// Applies a recorded event, as the seat it names (which must be the seat to move).
    fn replay(&mut self, seat: Seat, event: &Self::Event) -> Result<(), Illegal>;

    /// How the game ended, once it has.
    fn outcome(&self) -> Option<Outcome>;

    /// What `seat` may see: its own hidden cards, never another's.
    fn view(&self, seat: Seat) -> Self::View;

    /// A state `seat` cannot tell from this one: every card hidden from `seat` dealt again
    /// at random among the places it could be. Search bots plan on such states, so that
    /// they never use what they cannot see.
    fn determinized(&self, seat: Seat, rng: &mut rand_chacha::ChaCha8Rng) -> Self;

    /// Turns taken so far (a turn is one seat's consecutive actions).
    fn turns(&self) -> u32;

    /// How often each kind of play and each rule event happened so far, by name: the
    /// playtest's counts (`plays_by_kind`, then the other events).
    fn counts(&self) -> Counts;

    /// A legal `action` of the seat to move, in words for that seat (a move button, after
    /// OpenSpiel's `ActionToString`): what it does and, where the rules make it worth
    /// saying, why it is legal and what follows. It may name what only that seat sees.
    fn action_words(&self, action: &Self::Action) -> String;

    /// `event`, taken by `seat` on this state (the state just before it), in words every
    /// seat may read (the move log, the screen reader): what the seat did and what followed
    /// by the rules, never what the event hides from the others (the card drawn, a hidden
    /// hexagram). Called only with an event legal here.
    fn event_words(&self, seat: Seat, event: &Self::Event) -> String;

    /// A seat's name in the game's words (`seat 2`; Liubo's White and Black).
    fn seat_name(&self, seat: Seat) -> String {
        format!("seat {seat}")
    }

    /// What every seat may read of `seat` at the table, in words (`7 cards`; a pile's
    /// length and whether it crashed): the line beside its name.
    fn seat_words(&self, _seat: Seat) -> String {
        String::new()
    }

    /// The rule that ended the game, in words, when `seat`'s last event turned `before`
    /// into this state (`None` while the game goes on, or when the game names none).
    fn ending_words(&self, _before: &Self, _seat: Seat) -> Option<String> {
        None
    }

    /// Every seat's place once the game is over, seat by seat: by default the winner
    /// first and every other seat second, all first when no one won.
    fn standings(&self) -> Vec<Standing> {
        let winner = self.outcome().and_then(Outcome::winner);
        (0..self.players())
            .map(|seat| Standing { seat, place: if winner.is_none_or(|w| w == seat) { 1 } else { 2 }, score: None })
            .collect()
    }

    /// The letters and names the game's views and actions use, each with its words
    /// (易经牌's `1`: `yang line`), for a table that draws them.
    fn terms(&self) -> Vec<(&'static str, &'static str)> {
        Vec::new()
    }

    /// What the table shows in words beside its drawing, alike for every seat (never a
    /// hand): its facts and each drawn part described for a screen reader.
    fn table_words(&self) -> TableWords {
        TableWords::default()
    }
}

/// What a table shows in words beside its drawing ([`Game::table_words`]): the same for
/// every seat, so that a page, a room and a spectator show it alike.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TableWords {
    /// Its public facts, each a label and its value (`Draw pile`, `30 cards`), in order.
    pub facts: Vec<(String, String)>,
    /// Each drawn part by its name (`board`, `seats`), described in one sentence: what a
    /// screen reader says of the picture.
    pub parts: std::collections::BTreeMap<&'static str, String>,
    /// The words of the drawing's changing labels, each a key and its words (`pile 1`,
    /// `Pile 1 (4)`), each count with its noun, so that a drawing writes none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub labels: Vec<(String, String)>,
}

impl TableWords {
    /// Facts from `(label, value)` pairs; a pair without a value is left out.
    pub fn facts<'a>(pairs: impl IntoIterator<Item = (&'a str, Option<String>)>) -> TableWords {
        let facts = pairs.into_iter().filter_map(|(label, value)| value.map(|v| (label.to_string(), v))).collect();
        TableWords { facts, ..TableWords::default() }
    }

    /// With the drawn part `name` described as `words`.
    pub fn part(mut self, name: &'static str, words: String) -> TableWords {
        self.parts.insert(name, words);
        self
    }

    /// With the drawing's label `key` said as `words`.
    pub fn label(mut self, key: String, words: String) -> TableWords {
        self.labels.push((key, words));
        self
    }

    /// With each `(key, words)` label.
    pub fn labels(mut self, labels: Vec<(String, String)>) -> TableWords {
        self.labels.extend(labels);
        self
    }
}

/// A seat's place at the end (1 the best; a shared place given to each seat sharing it)
/// and what it scored, in the game's words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Standing {
    pub seat: Seat,
    pub place: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<String>,
}

/// Places from each seat's key, the smallest first; equal keys share a place (1, 1, 3).
pub fn places<K: Ord + Copy>(keys: &[K]) -> Vec<usize> {
    keys.iter().map(|k| 1 + keys.iter().filter(|other| *other < k).count()).collect()
}

/// A game's counts by name, in a fixed order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Plays by kind (a play of several kinds counts once in each).
    pub plays_by_kind: Vec<(&'static str, u64)>,
    /// Other events: draws, passes, reshuffles, penalties…
    pub events: Vec<(&'static str, u64)>,
}
