//! Zhi Pai for two players (`zhi-pai.fr.txt`, docs/conventions.md, Zhi Pai), as an engine plays it: each player
//! grows a sequence of their own from a start hexagram to its complement, taking cards from
//! a Common Zone both share. Every placement goes through [`rules::Chain::place`], the same
//! rule the solver and the checker use; this module adds only the table around it.
//!
//! The points the seed leaves open are settled here:
//! - **The deal.** The 64 cards are shuffled once from the seed. The first player's start is
//!   the first card, the second player's the first card after it that is neither that card
//!   nor its complement (the seed has the second player shuffle the 62 others again: the
//!   same draw). The other 60 cards keep the shuffled order: the first 6 form the Common
//!   Zone, the rest are the face-down pile, revealed in that order.
//! - **Each player's table.** A sequence of their own (the drawn card on the left, its
//!   complement on the right: the seed lets the player choose, and since every link is
//!   symmetric the choice changes nothing) and eight trigram cards of their own, all
//!   inactive at the start. The trigram cards on the table are face up: both players see
//!   both sets.
//! - **A turn.** The player to move takes one Common Zone card and lays it right of their
//!   left end or left of their right end by condition 1, 2 or 3 (docs/conventions.md, Zhi Pai), or passes; a
//!   player may pass with a legal placement in hand (the seed's "ne souhaite"). Then the
//!   top card of the pile is revealed into the zone, after a pass too, while the pile
//!   lasts.
//! - **Seats.** Seat 0 is the first player, seat 1 the second (a simulation turns the bots
//!   round the seats, one game each way).
//! - **The end.** When the second player finishes first, it wins at once. When the first
//!   player finishes, the second has one more turn: if it does not finish, the first
//!   wins; if it does, the shorter sequence (both starting cards counted) wins, then the
//!   one with more trigram cards active at the end (those the last placement turned up
//!   included); if both are equal the game is a tie. The engine reports a tie as no winner (the
//!   summary's `stalled`) and counts it apart as the event `ties`.
//! - **The stalled game.** Once the pile is empty, two passes in a row (one by each player)
//!   leave the table exactly as it was, so the game ends there with no winner (the event
//!   `stalls`).
//!
//! The record of a turn is an [`Event`]: the action and the card its reveal turned up, so a
//! game typed in from a table replays without the seed ([`Game::replay`] accepts any card
//! still in the pile).

use super::rules::{self, Condition, Setup, Side, TrigramSet};
use crate::core::hexagram::Hexagram;
use crate::play::bots::Heuristic;
use crate::play::{Counts, Game, Illegal, Outcome, Seat};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

/// Players at the table: Zhi Pai is a duel.
pub const PLAYERS: usize = 2;
/// Cards face up in the Common Zone at the start.
pub const ZONE: usize = 6;
/// Actions a simulated game may take before it is cut (none comes near: at most 54
/// reveals, then at most 58 placements and two passes).
pub const ACTION_LIMIT: usize = 1000;

/// The cards as dealt: each player's start (the complement is the other end), the Common
/// Zone and the pile in the order it is revealed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    pub starts: [Hexagram; PLAYERS],
    pub zone: Vec<Hexagram>,
    pub pile: Vec<Hexagram>,
}

impl Deal {
    /// The deal of a seed (see the module doc).
    pub fn shuffled(seed: u64) -> Deal {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut cards: Vec<Hexagram> = Hexagram::all().collect();
        cards.shuffle(&mut rng);
        let first = cards[0];
        let second = *cards[1..].iter().find(|&&c| c != first.complement()).expect("62 other cards");
        let taken = [first, first.complement(), second, second.complement()];
        let rest: Vec<Hexagram> = cards.into_iter().filter(|c| !taken.contains(c)).collect();
        Deal { starts: [first, second], zone: rest[..ZONE].to_vec(), pile: rest[ZONE..].to_vec() }
    }
}

/// What a seat chooses.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Take this Common Zone card and lay it on this side of the seat's own sequence.
    Lay {
        card: Hexagram,
        side: Side,
    },
    Pass,
}

/// What happened in a turn: the action, and the card the reveal turned up (`None` once the
/// pile is empty).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Event {
    pub action: Action,
    pub revealed: Option<Hexagram>,
}

/// How often each thing happened in a game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Placements by condition 1, 2, 3.
    pub conditions: [u32; 3],
    pub passes: u32,
    pub reveals: u32,
    pub ties: u32,
    pub stalls: u32,
}

/// A two-player game of Zhi Pai in progress.
#[derive(Clone, Debug)]
pub struct Duel {
    /// Each seat's own sequence and trigram cards; seat 0 plays first.
    tables: [rules::Chain; PLAYERS],
    /// The Common Zone, in the order its cards were revealed.
    zone: Vec<Hexagram>,
    /// The face-down pile, the next card to reveal last.
    pile: Vec<Hexagram>,
    to_move: Seat,
    /// The first player has finished: this is the second player's last turn.
    last_turn: bool,
    /// Passes in a row with nothing left to reveal.
    idle_passes: u8,
    turns: u32,
    outcome: Option<Outcome>,
    tally: Tally,
    /// The deal the game started from, for its record (shared by a search bot's copies).
    dealt: std::sync::Arc<Deal>,
}

impl Duel {
    pub fn new(deal: &Deal) -> Duel {
        Duel {
            tables: deal.starts.map(|start| rules::Chain::new(Setup::new(start))),
            zone: deal.zone.clone(),
            pile: deal.pile.iter().rev().copied().collect(),
            to_move: 0,
            last_turn: false,
            idle_passes: 0,
            turns: 0,
            outcome: None,
            tally: Tally::default(),
            dealt: std::sync::Arc::new(deal.clone()),
        }
    }

    /// The deal the game started from.
    pub fn dealt(&self) -> &Deal {
        &self.dealt
    }

    /// A seat's own sequence and trigram cards.
    pub fn table(&self, seat: Seat) -> &rules::Chain {
        &self.tables[seat]
    }

    /// The Common Zone, in the order revealed.
    pub fn zone(&self) -> &[Hexagram] {
        &self.zone
    }

    /// Cards still face down.
    pub fn pile(&self) -> usize {
        self.pile.len()
    }

    /// The first player has finished and the second is taking its last turn.
    pub fn last_turn(&self) -> bool {
        self.last_turn
    }

    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    fn lay(&mut self, seat: Seat, card: Hexagram, side: Side) -> Result<(), Illegal> {
        let Some(at) = self.zone.iter().position(|&c| c == card) else {
            return Err(Illegal::new("not-in-zone", format!("card {card} is not in the Common Zone")));
        };
        let placement = self.tables[seat].place(card, side).map_err(|v| Illegal::new(v.rule(), v.to_string()))?;
        self.zone.remove(at);
        let i = match placement.condition {
            Condition::OneLine => 0,
            Condition::Swap => 1,
            Condition::Trigram => 2,
        };
        self.tally.conditions[i] += 1;
        self.idle_passes = 0;
        Ok(())
    }

    /// The end of a turn: the reveal (already checked against the pile), then who moves
    /// or who won.
    fn end_turn(&mut self, seat: Seat, revealed: Option<Hexagram>) {
        if let Some(card) = revealed {
            let at = self.pile.iter().rposition(|&c| c == card).expect("a revealed card checked to be in the pile");
            self.pile.remove(at);
            self.zone.push(card);
            self.tally.reveals += 1;
        }
        self.turns += 1;
        let finished = self.tables[seat].finish().is_some();
        if seat == 0 {
            self.last_turn = finished;
        } else if finished {
            self.outcome = if self.last_turn { self.compare() } else { Some(Outcome::Won(1)) };
        } else if self.last_turn {
            self.outcome = Some(Outcome::Won(0));
        }
        if self.outcome.is_none() && self.idle_passes >= 2 {
            self.outcome = Some(Outcome::Stalled);
            self.tally.stalls += 1;
        }
        self.to_move = 1 - seat;
    }

    /// Both finished: the shorter sequence, then more trigram cards active; else a tie.
    fn compare(&mut self) -> Option<Outcome> {
        let key = |seat: Seat| {
            let t = &self.tables[seat];
            (t.placements().len(), std::cmp::Reverse(t.active().len()))
        };
        match key(0).cmp(&key(1)) {
            std::cmp::Ordering::Less => Some(Outcome::Won(0)),
            std::cmp::Ordering::Greater => Some(Outcome::Won(1)),
            std::cmp::Ordering::Equal => {
                self.tally.ties += 1;
                Some(Outcome::Stalled)
            }
        }
    }
}

impl Game for Duel {
    type Action = Action;
    type Event = Event;
    type View = DuelView;

    fn players(&self) -> usize {
        PLAYERS
    }

    fn to_move(&self) -> Option<Seat> {
        self.outcome.is_none().then_some(self.to_move)
    }

    /// Each placement by card number then side (left, right), then the pass.
    fn legal_actions(&self) -> Vec<Action> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let table = &self.tables[self.to_move];
        let mut cards = self.zone.clone();
        cards.sort_unstable_by_key(|c| c.number());
        let mut actions: Vec<Action> = cards
            .into_iter()
            .flat_map(|card| {
                [Side::Left, Side::Right]
                    .into_iter()
                    .filter(move |&side| rules::link(card, table.end(side), table.active()).is_some())
                    .map(move |side| Action::Lay { card, side })
            })
            .collect();
        actions.push(Action::Pass);
        actions
    }

    fn apply(&mut self, action: &Action) -> Result<Event, Illegal> {
        let event = Event { action: *action, revealed: self.pile.last().copied() };
        self.replay(self.to_move, &event)?;
        Ok(event)
    }

    fn replay(&mut self, seat: Seat, event: &Event) -> Result<(), Illegal> {
        crate::play::check_turn(self.to_move(), seat)?;
        // Checked before anything changes, so a refused event leaves the state as it was.
        match event.revealed {
            Some(card) if !self.pile.contains(&card) => {
                let why = if self.pile.is_empty() { "the pile is empty" } else { "it is not in the face-down pile" };
                return Err(Illegal::new("not-in-pile", format!("card {card} cannot be revealed: {why}")));
            }
            None if !self.pile.is_empty() => {
                return Err(Illegal::new("must-reveal", "a turn ends by revealing the top card of the pile"));
            }
            _ => {}
        }
        match event.action {
            Action::Lay { card, side } => self.lay(seat, card, side)?,
            Action::Pass => {
                self.tally.passes += 1;
                if self.pile.is_empty() {
                    self.idle_passes += 1;
                } else {
                    self.idle_passes = 0;
                }
            }
        }
        self.end_turn(seat, event.revealed);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn view(&self, seat: Seat) -> DuelView {
        DuelView::of(self, seat)
    }

    /// The pile is the only hidden thing: its cards dealt again in a random order.
    fn determinized(&self, _seat: Seat, rng: &mut ChaCha8Rng) -> Duel {
        let mut game = self.clone();
        game.pile.shuffle(rng);
        game
    }

    fn turns(&self) -> u32 {
        self.turns
    }

    fn action_words(&self, action: &Action) -> String {
        super::duel_words::action(self, action)
    }

    fn event_words(&self, seat: Seat, event: &Event) -> String {
        super::duel_words::event(self, seat, event)
    }

    fn seat_words(&self, seat: Seat) -> String {
        super::duel_words::seat(self, seat)
    }

    fn ending_words(&self, before: &Duel, _seat: Seat) -> Option<String> {
        super::duel_words::ending(before, self)
    }

    fn standings(&self) -> Vec<crate::play::Standing> {
        super::duel_words::standings(self)
    }

    fn table_words(&self) -> crate::play::TableWords {
        super::duel_words::table(self)
    }

    fn terms(&self) -> Vec<(&'static str, &'static str)> {
        crate::play::words::with_cards(&super::duel_words::TERMS)
    }

    fn counts(&self) -> Counts {
        let t = &self.tally;
        Counts {
            plays_by_kind: vec![
                ("one-line", u64::from(t.conditions[0])),
                ("swap", u64::from(t.conditions[1])),
                ("trigram", u64::from(t.conditions[2])),
            ],
            events: vec![
                ("placements", u64::from(t.conditions.iter().sum::<u32>())),
                ("passes", u64::from(t.passes)),
                ("reveals", u64::from(t.reveals)),
                ("ties", u64::from(t.ties)),
                ("stalls", u64::from(t.stalls)),
            ],
        }
    }
}

/// One player's side of the table, as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableView {
    /// The sequence left to right, by King Wen number.
    pub sequence: Vec<u8>,
    pub left_end: u8,
    pub right_end: u8,
    /// The trigram cards active (face up).
    pub active: TrigramSet,
    pub finished: bool,
}

/// What a seat sees: everything on the table (both sequences, both sets of trigram cards,
/// the Common Zone) and the pile's size, never its order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DuelView {
    pub seat: Seat,
    pub tables: Vec<TableView>,
    /// The Common Zone, in the order revealed.
    pub zone: Vec<u8>,
    pub pile: usize,
    pub to_move: Option<Seat>,
    /// The first player has finished: the second's last turn.
    pub last_turn: bool,
    pub outcome: Option<Outcome>,
}

impl DuelView {
    pub fn of(game: &Duel, seat: Seat) -> DuelView {
        DuelView {
            seat,
            tables: game
                .tables
                .iter()
                .map(|t| TableView {
                    sequence: t.sequence().iter().map(|h| h.number()).collect(),
                    left_end: t.end(Side::Left).number(),
                    right_end: t.end(Side::Right).number(),
                    active: t.active(),
                    finished: t.finish().is_some(),
                })
                .collect(),
            zone: game.zone.iter().map(|h| h.number()).collect(),
            pile: game.pile.len(),
            to_move: game.to_move(),
            last_turn: game.last_turn,
            outcome: game.outcome,
        }
    }
}

/// How far a table's two ends are from linking: the lines in which they differ, one less
/// when they share a trigram in the same position whose card is active (a placement on
/// that trigram's side can then finish by condition 3).
fn gap(table: &rules::Chain) -> i32 {
    let (left, right) = (table.end(Side::Left), table.end(Side::Right));
    let mut gap = left.distance(right) as i32;
    if let Some((_, t)) = rules::shared_trigram(left, right) {
        if table.active().contains(t) {
            gap -= 1;
        }
    }
    gap
}

/// The greedy heuristic, which the `greedy` bot follows and the `search` bot's playouts
/// use: finish when a placement finishes (and, on the second player's last turn, only a
/// finish counts); otherwise the placement that leaves the seat's two ends closest to
/// linking ([`gap`]), ties to the one that leaves more trigram cards active (a card that
/// keeps the gap is laid for the trigram cards it turns up, unless it spends one); pass
/// rather than lay a card that leaves the ends further apart.
impl Heuristic for Duel {
    fn score(&self, action: &Action) -> i32 {
        let seat = self.to_move;
        let table = &self.tables[seat];
        match *action {
            Action::Pass => 1000 - 100 * gap(table),
            Action::Lay { card, side } => {
                let mut after = table.clone();
                let Ok(placement) = after.place(card, side) else { return i32::MIN };
                if after.finish().is_some() {
                    // A shorter finish first, then more trigram cards kept.
                    return 100_000 - 100 * after.placements().len() as i32 + after.active().len() as i32;
                }
                if self.last_turn {
                    return 0;
                }
                let closer = gap(table) - gap(&after);
                let spent = i32::from(placement.condition == Condition::Trigram);
                if closer < 0 || (closer == 0 && spent == 1) {
                    return 0;
                }
                1000 - 100 * gap(&after) + 10 * after.active().len() as i32 - 20 * spent + 5
            }
        }
    }

    /// The seat's nearness to linking against the other's, 0 to 1.
    fn value(&self, seat: Seat) -> f64 {
        let near = |s: Seat| f64::from(8 - gap(&self.tables[s]).clamp(0, 7));
        let (mine, theirs) = (near(seat), near(1 - seat));
        mine / (mine + theirs)
    }
}

/// One simulated game: game `index` of a run seeded `seed`, the bots seated by
/// [`crate::play::simulate::seating`] (each bot plays first in every other game); its
/// result and its record.
pub fn simulated(
    bots: &[crate::play::bots::Bot],
    seed: u64,
    index: u64,
) -> (crate::play::simulate::GameResult, super::duel_record::Record) {
    let deal = Deal::shuffled(crate::play::simulate::game_seed(seed, index));
    crate::play::registry::simulated(Duel::new(&deal), bots, seed, index, ACTION_LIMIT)
}

#[cfg(test)]
#[path = "duel_tests.rs"]
mod tests;
