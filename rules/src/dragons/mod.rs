//! Dragons of the Ba-Gua, played by the program: the model this project designed and
//! prints ([`rules`]: the board of human and its moves, [`wheel`]: the Ba-Gua wheel,
//! [`scenarios`]: the two setups) and the engine that plays it through
//! [`crate::play::Game`].
//!
//! A turn is a queue of tasks: the spirit phase (a sowing, chosen by the dragon to move),
//! then the monk mode's combinations in the order they formed (a focus is a move chosen
//! by the focused dragon's own player; a balance resolves by itself), then the matter
//! phase (a move, with absorb or expel after Fire and Water), then, after the turn's own
//! Wind or Thunder, a second spirit phase and its matter phase. Each choice is one action:
//! a sowing ([`Action::Sow`]) or a move ([`Action::Move`]). The game holds no chance: the
//! record of a game is its actions. The points this edition settles are in docs/rules.md
//! and the rulebook, each beside the rule it reads.

pub mod heuristic;
pub mod measured;
pub mod moves;
pub mod record;
pub mod registration;
pub mod rules;
pub mod scenarios;
pub mod state;
pub mod view;
pub mod wheel;
pub mod words;

#[cfg(test)]
mod tests;

use crate::core::trigram::Trigram;
use crate::play::{Counts, Game, Illegal, Outcome, Seat, check_turn};
use moves::{Path, bite, paths, possible, ruler_value};
use rules::{Dragon, FIRE_MAX, LIFE_MAX, StoneColour, bites, element_name};
use scenarios::Scenario;
use serde::Serialize;
use state::{Board, Mode};
use wheel::{Combination, Flow, WHEEL, combinations};

pub use record::Record;

/// The game's name in commands, routes and records.
pub const NAME: &str = "dragons";

/// Turns after which a game that has not ended is stopped and counted as stalled (no
/// winner). Simulation measures how often it happens; see docs/rules.md.
pub const TURN_LIMIT: u32 = 400;

/// The stones of one sowing, in the order they are dropped: bit `i` set when the `i`-th
/// stone dropped is black.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stones {
    pub black_bits: u8,
    pub len: u8,
}

impl Stones {
    pub fn colour(self, i: u8) -> StoneColour {
        if self.black_bits >> i & 1 == 1 { StoneColour::Black } else { StoneColour::White }
    }

    pub fn blacks(self) -> u8 {
        (self.black_bits & ((1u16 << self.len) - 1) as u8).count_ones() as u8
    }

    /// `w` and `b` letters, in dropping order.
    pub fn word(self) -> String {
        (0..self.len).map(|i| if self.colour(i) == StoneColour::Black { 'b' } else { 'w' }).collect()
    }

    pub fn parse(word: &str) -> Option<Stones> {
        if word.is_empty() || word.len() > 8 {
            return None;
        }
        let mut bits = 0u8;
        for (i, c) in word.chars().enumerate() {
            match c {
                'w' => {}
                'b' => bits |= 1 << i,
                _ => return None,
            }
        }
        Some(Stones { black_bits: bits, len: word.len() as u8 })
    }
}

/// What is done with the element after a Fire or Water move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Then {
    Nothing,
    Absorb,
    Expel,
}

/// A choice of the seat to move (also the event a record holds: the game has no chance).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The spirit phase: every stone of wheel space `space` (an index of [`WHEEL`]) sown.
    Sow { space: u8, stones: Stones },
    /// The matter phase: the dragon's move, and after Fire or Water what it does.
    Move { path: Path, then: Then },
}

impl Serialize for Action {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        record::What::of(self).serialize(s)
    }
}

/// One task of the turn in progress.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Task {
    Spirit {
        second: bool,
    },
    /// `dragon` performs the element of wheel space `space`; `own`: the turn's own first
    /// matter phase (a Wind or Thunder then earns a second spirit phase).
    Matter {
        dragon: Dragon,
        space: u8,
        own: bool,
    },
    Balance(Dragon),
}

/// The names the playtest counts, in order: the elements' actions (plays, in the wheel's
/// order), then events.
pub const PLAYS: [&str; 8] = ["sky", "lake", "fire", "thunder", "earth", "mountain", "water", "wind"];
pub const EVENTS: [&str; 14] = [
    "bite",
    "expel-fire",
    "expel-water",
    "absorb-fire",
    "absorb-water",
    "portal",
    "portal-red",
    "portal-blue",
    "coin-flip",
    "focus",
    "balance",
    "extra-phase",
    "impossible",
    "segment-lost",
];

/// A game of Dragons of the Ba-Gua.
#[derive(Clone, Debug)]
pub struct Dragons {
    pub board: Board,
    pub mode: Mode,
    pub scenario: &'static str,
    mover: Dragon,
    tasks: [Option<Task>; 8],
    turns: u32,
    outcome: Option<Outcome>,
    plays: [u32; 8],
    events: [u32; EVENTS.len()],
    /// The bots' tie-break: among actions the heuristic values equally, the greedy bot
    /// takes the one this number's hash favours. Simulation sets it from the game's seed,
    /// so equal bots play different games; it is no part of the rules.
    pub salt: u64,
    /// The reading of a settled point played (this edition's, or the variant measured
    /// against it).
    pub variant: Variant,
}

/// The readings measured both ways (docs/rules.md): who moves a dragon that a monk's
/// focus sets to act.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Variant {
    /// This edition: the focused dragon's own player chooses its move.
    FocusByOwner,
    /// The player who sowed chooses the move of whichever dragon is focused.
    FocusBySower,
}

impl Variant {
    pub const ALL: [Variant; 2] = [Variant::FocusByOwner, Variant::FocusBySower];

    pub fn key(self) -> &'static str {
        match self {
            Variant::FocusByOwner => "focus-by-owner",
            Variant::FocusBySower => "focus-by-sower",
        }
    }

    pub fn parse(s: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.key() == s)
    }
}

/// The seat that plays a dragon: Tianlong (Sky) is seat 0 and moves first.
pub fn seat(d: Dragon) -> Seat {
    d as Seat
}

pub fn dragon(seat: Seat) -> Dragon {
    if seat == 0 { Dragon::Sky } else { Dragon::Earth }
}

impl Dragons {
    /// A game of `scenario` in `mode`, Tianlong to sow.
    pub fn new(scenario: &Scenario, mode: Mode) -> Dragons {
        let mut tasks = [None; 8];
        tasks[0] = Some(Task::Spirit { second: false });
        Dragons {
            board: Board::new(scenario),
            mode,
            scenario: scenario.key,
            mover: Dragon::Sky,
            tasks,
            turns: 1,
            outcome: None,
            plays: [0; 8],
            events: [0; EVENTS.len()],
            salt: 0,
            variant: Variant::FocusByOwner,
        }
    }

    /// A game by scenario key and mode key.
    pub fn named(scenario: &str, mode: &str) -> Result<Dragons, Illegal> {
        let s = scenarios::scenario(scenario)
            .ok_or_else(|| Illegal::new("bad-scenario", format!("no scenario {scenario:?}: introductory or valley")))?;
        let m = Mode::parse(mode).ok_or_else(|| {
            Illegal::new("bad-mode", format!("no mode {mode:?}: grasshopper, monk, master or chosen-one"))
        })?;
        Ok(Dragons::new(&s, m))
    }

    /// The same game played with `variant`.
    pub fn with_variant(mut self, variant: Variant) -> Dragons {
        self.variant = variant;
        self
    }

    /// The same game with the bots' tie-break `salt`.
    pub fn salted(mut self, salt: u64) -> Dragons {
        self.salt = salt;
        self
    }

    /// The dragon whose turn it is (the one that sows).
    pub fn mover(&self) -> Dragon {
        self.mover
    }

    fn front(&self) -> Option<Task> {
        self.tasks[0]
    }

    fn pop(&mut self) {
        self.tasks.rotate_left(1);
        self.tasks[7] = None;
    }

    fn push(&mut self, task: Task) {
        let free = self.tasks.iter().position(Option::is_none).expect("room for a turn's tasks");
        self.tasks[free] = Some(task);
    }

    fn count(&mut self, event: &str) {
        let i = EVENTS.iter().position(|e| *e == event).expect("a counted event");
        self.events[i] += 1;
    }

    /// What the spirit phase offers: `(space, last space)` for every space that holds
    /// stones, with the flow it takes.
    fn sowing(&self, space: usize) -> (Flow, usize) {
        let s = self.board.wheel[space];
        let flow = if self.mode.flux() { s.master_flow(self.board.coin) } else { Flow::CounterClockwise };
        let mut at = space;
        for _ in 0..s.total() {
            at = flow.next(at);
        }
        (flow, at)
    }

    /// The spaces a sowing may start from: those whose element the dragon can carry out,
    /// or, when there is none, every space with stones.
    fn sowable(&self) -> Vec<usize> {
        let mut known = [None; 8];
        let mut ok = |i: usize| *known[i].get_or_insert_with(|| possible(&self.board, self.mover, WHEEL[i]));
        let filled: Vec<usize> = (0..8).filter(|&i| self.board.wheel[i].total() > 0).collect();
        let good: Vec<usize> = filled.iter().copied().filter(|&i| ok(self.sowing(i).1)).collect();
        if good.is_empty() { filled } else { good }
    }

    /// Whether a sowing from `space` may be made (see [`Dragons::sowable`]).
    fn may_sow(&self, space: usize) -> bool {
        possible(&self.board, self.mover, WHEEL[self.sowing(space).1]) || self.sowable().contains(&space)
    }

    /// The moves open to the matter phase at the front of the queue.
    fn moves(&self, d: Dragon, space: u8) -> Vec<(Path, Then, Board)> {
        let t = WHEEL[space as usize];
        let mut out = Vec::new();
        for (path, after) in paths(&self.board, d, t) {
            out.push((path, Then::Nothing, after));
            if t == Trigram::FIRE || t == Trigram::WATER {
                let b = after.beast(d);
                let absorb = if t == Trigram::FIRE {
                    b.fire < FIRE_MAX && after.centre_fire > 0
                } else {
                    b.life < LIFE_MAX && after.centre_water > 0
                };
                if absorb {
                    out.push((path, Then::Absorb, after));
                }
                if ruler_value(&after, d).is_some() {
                    out.push((path, Then::Expel, after));
                }
            }
        }
        out
    }

    fn sow(&mut self, space: usize, stones: Stones, second: bool) {
        let (flow, _) = self.sowing(space);
        if self.mode.flux() && flow != self.board.coin {
            self.board.coin = flow;
            self.count("coin-flip");
        }
        let before = if self.mode.combinations() { combinations(&self.board.wheel) } else { Vec::new() };
        let mut formed: Vec<Combination> = Vec::new();
        let mut at = space;
        self.board.wheel[space] = Default::default();
        for i in 0..stones.len {
            at = flow.next(at);
            match stones.colour(i) {
                StoneColour::White => self.board.wheel[at].white += 1,
                StoneColour::Black => self.board.wheel[at].black += 1,
            }
            if self.mode.combinations() {
                for c in combinations(&self.board.wheel) {
                    if !before.contains(&c) && !formed.contains(&c) {
                        formed.push(c);
                    }
                }
            }
        }
        self.pop();
        if self.mode.combinations() {
            let now = combinations(&self.board.wheel);
            for c in formed.into_iter().filter(|c| now.contains(c)) {
                match c {
                    Combination::Focus { colour, space } => {
                        self.count("focus");
                        self.push(Task::Matter { dragon: colour.dragon(), space: space as u8, own: false });
                    }
                    Combination::Balance { colour } => self.push(Task::Balance(colour.dragon())),
                }
            }
        }
        self.push(Task::Matter { dragon: self.mover, space: at as u8, own: !second });
    }

    fn act(&mut self, d: Dragon, space: u8, own: bool, path: Path, then: Then, after: Board) {
        let t = WHEEL[space as usize];
        self.board = after;
        self.plays[space as usize] += 1;
        for s in path.steps() {
            if let moves::Step::Through { enter, .. } = *s {
                self.count("portal");
                let colour = self.board.portals().iter().find(|p| p.cell == enter).map(|p| p.colour);
                match colour {
                    Some(rules::PortalColour::Red) => self.count("portal-red"),
                    Some(rules::PortalColour::Blue) => self.count("portal-blue"),
                    _ => {}
                }
            }
        }
        let foe = d.opponent();
        if bites(t) && bite(&self.board, d) {
            self.count("bite");
            self.hurt(foe, rules::BITE_DAMAGE);
        }
        let fire = t == Trigram::FIRE;
        match then {
            Then::Nothing => {}
            Then::Absorb => {
                let b = &mut self.board;
                if fire {
                    b.centre_fire -= 1;
                    b.beast_mut(d).fire += 1;
                } else {
                    b.centre_water -= 1;
                    b.beast_mut(d).life += 1;
                }
                self.count(if fire { "absorb-fire" } else { "absorb-water" });
            }
            Then::Expel => {
                let value = ruler_value(&self.board, d).expect("an expel that reaches");
                let bonus = if fire {
                    let returned = self.board.beast(d).fire;
                    self.board.beast_mut(d).fire = 0;
                    self.board.centre_fire += returned;
                    returned
                } else {
                    self.board.centre_water
                };
                self.count(if fire { "expel-fire" } else { "expel-water" });
                self.hurt(foe, value + bonus);
            }
        }
        self.pop();
        if own && (t == Trigram::WIND || t == Trigram::THUNDER) {
            self.count("extra-phase");
            self.push(Task::Spirit { second: true });
        }
    }

    fn hurt(&mut self, d: Dragon, n: u8) {
        let lost = self.board.hurt(d, n);
        for _ in 0..lost {
            self.count("segment-lost");
        }
    }

    fn balance(&mut self, d: Dragon) {
        let (life, fire) = {
            let o = self.board.beast(d.opponent());
            (o.life, o.fire)
        };
        let b = &mut self.board;
        let me = b.beasts[d as usize];
        b.centre_water = b.centre_water + me.life - life;
        b.centre_fire = b.centre_fire + me.fire - fire;
        b.beast_mut(d).life = life;
        b.beast_mut(d).fire = fire;
        self.count("balance");
    }

    /// Resolves what needs no choice, up to the next choice or the end.
    fn settle(&mut self) {
        loop {
            if let Some(loser) = self.board.defeated() {
                self.outcome = Some(Outcome::Won(seat(loser.opponent())));
                self.tasks = [None; 8];
                return;
            }
            match self.front() {
                None => {
                    if self.turns >= TURN_LIMIT {
                        self.outcome = Some(Outcome::Stalled);
                        return;
                    }
                    self.mover = self.mover.opponent();
                    self.turns += 1;
                    self.push(Task::Spirit { second: false });
                    return;
                }
                Some(Task::Spirit { .. }) => return,
                Some(Task::Balance(d)) => {
                    self.pop();
                    self.balance(d);
                }
                Some(Task::Matter { dragon, space, .. }) => {
                    if possible(&self.board, dragon, WHEEL[space as usize]) {
                        return;
                    }
                    self.pop();
                    self.count("impossible");
                    self.hurt(dragon, 1);
                }
            }
        }
    }

    /// The phase awaiting a choice, for the view: `spirit`, `matter` or `over`.
    pub fn phase(&self) -> (&'static str, Option<&'static str>) {
        match self.front() {
            Some(Task::Spirit { .. }) => ("spirit", None),
            Some(Task::Matter { space, .. }) => ("matter", Some(element_name(WHEEL[space as usize]))),
            _ => ("over", None),
        }
    }
}

/// Every order of dropping `white` white and `black` black stones (one order, whites
/// first, when `all` is false: the colours change nothing in the grasshopper mode).
fn orders(white: u8, black: u8, all: bool) -> Vec<Stones> {
    let len = white + black;
    if !all {
        let bits = (((1u16 << black) - 1) << white) as u8;
        return vec![Stones { black_bits: bits, len }];
    }
    (0u16..1 << len)
        .filter(|b| b.count_ones() == u32::from(black))
        .map(|b| Stones { black_bits: b as u8, len })
        .collect()
}

impl Game for Dragons {
    type Action = Action;
    type Event = Action;
    type View = view::View;

    fn players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Option<Seat> {
        if self.outcome.is_some() {
            return None;
        }
        match self.front()? {
            Task::Spirit { .. } => Some(seat(self.mover)),
            Task::Matter { own: false, .. } if self.variant == Variant::FocusBySower => Some(seat(self.mover)),
            Task::Matter { dragon, .. } => Some(seat(dragon)),
            Task::Balance(_) => None,
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        match self.front() {
            Some(Task::Spirit { .. }) => {
                let mut out = Vec::new();
                for space in self.sowable() {
                    let s = self.board.wheel[space];
                    for stones in orders(s.white, s.black, self.mode.combinations()) {
                        out.push(Action::Sow { space: space as u8, stones });
                    }
                }
                out
            }
            Some(Task::Matter { dragon, space, .. }) => {
                self.moves(dragon, space).into_iter().map(|(path, then, _)| Action::Move { path, then }).collect()
            }
            _ => Vec::new(),
        }
    }

    fn apply(&mut self, action: &Action) -> Result<Action, Illegal> {
        if self.outcome.is_some() {
            return Err(Illegal::new("game-over", "the game is already over"));
        }
        match (self.front(), *action) {
            (Some(Task::Spirit { second }), Action::Sow { space, stones }) => {
                let s =
                    *self.board.wheel.get(space as usize).ok_or_else(|| Illegal::new("bad-space", "no such space"))?;
                if s.total() == 0 {
                    return Err(Illegal::new("empty-space", "the space sown holds no stone"));
                }
                if stones.len != s.total() || stones.blacks() != s.black {
                    let message = format!("the space holds {} white and {} black stones", s.white, s.black);
                    return Err(Illegal::new("wrong-stones", message));
                }
                if !self.may_sow(space as usize) {
                    let message = "this sowing names an action the dragon cannot carry out, and another sowing \
                                   would name one it can";
                    return Err(Illegal::new("impossible-action", message));
                }
                self.sow(space as usize, stones, second);
            }
            (Some(Task::Matter { dragon, space, own }), Action::Move { path, then }) => {
                let found = self.moves(dragon, space).into_iter().find(|m| m.0 == path && m.1 == then);
                let Some((path, then, after)) = found else {
                    let message =
                        format!("{} cannot {} now with {path}", dragon.name(), element_name(WHEEL[space as usize]));
                    return Err(Illegal::new("illegal-move", message));
                };
                self.act(dragon, space, own, path, then, after);
            }
            (Some(Task::Spirit { .. }), _) => return Err(Illegal::new("wrong-phase", "a sowing is due, not a move")),
            _ => return Err(Illegal::new("wrong-phase", "a move is due, not a sowing")),
        }
        self.settle();
        Ok(*action)
    }

    fn replay(&mut self, seat: Seat, event: &Action) -> Result<(), Illegal> {
        check_turn(self.to_move(), seat)?;
        self.apply(event).map(|_| ())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn view(&self, seat: Seat) -> view::View {
        view::View::of(self, seat)
    }

    /// Nothing is hidden: the same state, with a fresh tie-break for the bots, so that a
    /// search bot's playouts sample the ways equal-looking moves may be chosen.
    fn determinized(&self, _seat: Seat, rng: &mut rand_chacha::ChaCha8Rng) -> Dragons {
        self.clone().salted(rand::Rng::random(rng))
    }

    fn turns(&self) -> u32 {
        self.turns
    }

    fn action_words(&self, action: &Action) -> String {
        words::action(self, action)
    }

    fn event_words(&self, seat: Seat, event: &Action) -> String {
        words::event(self, seat, event)
    }

    fn seat_words(&self, seat: Seat) -> String {
        words::seat(self, seat)
    }

    fn ending_words(&self, _before: &Dragons, _seat: Seat) -> Option<String> {
        words::ending(self)
    }

    fn seat_name(&self, seat: Seat) -> String {
        words::seat_name(seat)
    }

    fn standings(&self) -> Vec<crate::play::Standing> {
        words::standings(self)
    }

    fn table_words(&self) -> crate::play::TableWords {
        words::table(self)
    }

    fn terms(&self) -> Vec<(&'static str, &'static str)> {
        words::terms()
    }

    fn counts(&self) -> Counts {
        let plays = PLAYS.iter().map(|&n| (n, u64::from(self.plays[wheel_slot(n)]))).collect();
        let events = EVENTS.iter().zip(self.events).map(|(&n, c)| (n, u64::from(c))).collect();
        Counts { plays_by_kind: plays, events }
    }
}

/// The wheel index of an element by name.
fn wheel_slot(name: &str) -> usize {
    WHEEL.iter().position(|&t| element_name(t) == name).expect("an element")
}
