//! Liubo (六博, `liubo.txt`, docs/conventions.md, The Liubo board) as an engine plays it: the board model
//! ([`rules`]), the engine (here), its walks ([`moves`]), the greedy heuristic, the
//! view, records and the pinned measurements.
//!
//! The points the seventeen rules leave open are settled here (the rulebook's "Points this
//! edition settles" and `docs/rules.md` say the same):
//! - **Seats.** White (seat 0) throws first. A turn is one throw and its two moves, then
//!   every extra throw it earns.
//! - **The two values.** The player plays the two groups in the order they choose, each
//!   on a different piece (rule 4), except that the owl may take both (rule 10) and a
//!   player with a single stone not held prisoner moves it twice. The piece is the one
//!   that moved, whatever it became: a stone promoted with the first value does not move
//!   again as the owl with the second. A move is compulsory; one is always possible
//!   (stones pass each other, and share stations with their own).
//! - **Shortcuts.** A stone standing on 6 or 11 (it can only be there by stopping there)
//!   may go across on a later turn than the one it stopped there ("on the next turn": not
//!   with an extra throw of the same turn), and keeps that right while it waits there
//!   (the rule names no turn after which it lapses); a stone on a crossing, centre
//!   included, goes on along that crossing.
//! - **Captures.** Landing captures; passing never does. A stone landing on enemy stones
//!   sends them all home (rules 7, 8); the owl landing on them takes them all prisoner
//!   (rule 11), and landing on the enemy owl demotes it (rule 14) and sends it home.
//! - **Promotion** is the player's choice, made as the stone stops on the centre, by a
//!   player without an owl (rule 9); any enemy stones there are sent home first.
//! - **The owl's walks.** Each value is walked whole, any way along the links, never
//!   stepping straight back; the second value of the same throw may not begin by stepping
//!   back to where the first one's last step came from (rule 10). The owl completes no
//!   loops (it has no direction of travel).
//! - **Loops.** A stone completes a loop when a step takes it onto station 1 from the
//!   circuit's end or the crossing from 11; entering does not count. One prisoner comes
//!   home, if the opponent holds any (rule 15).
//! - **Extra throws.** A throw earns at most one extra throw, for a 1-1 or 4-4, a loop or
//!   a promotion (rule 16), taken when both values are played.
//! - **Rule 13** is judged when the owl owner's turn ends: five or more enemy ordinary
//!   stones on the board, and no enemy owl, and the owl owner loses.
//! - **The end.** Rule 12 (an ordinary stone lands on the enemy owl) and rule 17 (all six
//!   enemy stones held prisoner) end the game at once; rule 13 at the turn's end.

mod heuristic;
mod illegal;
pub mod measured;
pub mod moves;
pub mod record;
pub mod registration;
pub mod rules;
#[cfg(test)]
mod tests;
pub mod view;
pub mod words;

use crate::play::{Counts, Game, Illegal, Outcome, Seat};
use moves::{Spot, StationNo, walks};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// Seats at the table.
pub const PLAYERS: usize = 2;
/// Stones each player has.
pub const STONES: usize = rules::STONES_PER_PLAYER as usize;
/// The central station, where a stone becomes an owl.
pub const CENTRE: StationNo = 29;

/// Where one stone is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// In front of its owner, off the board, to be entered.
    Home,
    /// An ordinary stone on the board.
    At(Spot),
    /// The owl, on this station.
    Owl(StationNo),
    /// Held prisoner by the opponent.
    Prisoner,
}

/// One move: a value of the throw walked by one piece (as JSON:
/// `{"value":3,"from":6,"to":29,"promote":true}`; no `from` when a stone enters, `"owl":true`
/// when the owl moves).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Move {
    pub value: u8,
    /// The station the piece leaves; absent when a stone enters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<StationNo>,
    pub to: StationNo,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub owl: bool,
    /// A stone stopping on the centre becomes the owl.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub promote: bool,
}

/// What a seat chooses: throw the sticks, or play one value of the throw.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    Throw,
    Move(Move),
}

/// What happened, as a record holds it: the two groups' values, or a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Throw([u8; 2]),
    Move(Move),
}

/// A variant of the rules, as the rulebook offers it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Variant {
    /// As this edition reads the rules: a throw earns at most one extra throw.
    #[default]
    Standard,
    /// Every reason earns its own extra throw (a 4-4 that also completes a loop: two).
    EveryExtraThrow,
}

impl Variant {
    pub const ALL: [Variant; 2] = [Variant::Standard, Variant::EveryExtraThrow];

    pub fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::EveryExtraThrow => "every-extra-throw",
        }
    }
}

/// How often each rule fired in a game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub throws: u32,
    pub doubles: u32,
    pub extra_throws: u32,
    pub enters: u32,
    pub circuit_moves: u32,
    pub shortcuts: u32,
    pub owl_moves: u32,
    /// Ordinary stones sent home by a capture (rules 7, 8).
    pub sent_home: u32,
    /// Captures (a landing that took at least one stone).
    pub captures: u32,
    pub promotions: u32,
    pub declined_promotions: u32,
    pub prisoners_taken: u32,
    pub owls_demoted: u32,
    pub loops: u32,
    pub prisoners_freed: u32,
    pub owl_taken: u32,
    pub outnumbered: u32,
    pub large_victories: u32,
}

/// A game of Liubo in progress.
#[derive(Clone, Debug)]
pub struct Liubo {
    places: [[Place; STONES]; PLAYERS],
    to_move: Seat,
    /// The values of the throw still to play (0: played); both 0: the seat must throw.
    left: [u8; 2],
    /// The stone moved with the throw's first value.
    moved: Option<usize>,
    /// It moved as the owl (a stone promoted by that move did not: rule 4).
    moved_as_owl: bool,
    /// The seat to move's stones that stopped where they stand during this turn, a bit
    /// each: from 6 or 11 they cross on a later turn (rule 6).
    stopped_this_turn: u8,
    /// The station the owl's last step this throw came from (0: none).
    owl_back: StationNo,
    /// Extra throws earned and not yet taken.
    extra: u8,
    variant: Variant,
    turns: u32,
    outcome: Option<Outcome>,
    rng: ChaCha8Rng,
    tally: Tally,
}

impl Liubo {
    /// A new game; `seed` drives the throws.
    pub fn new(seed: u64) -> Liubo {
        Liubo::with_variant(seed, Variant::Standard)
    }

    /// A new game of a variant; `seed` drives the throws.
    pub fn with_variant(seed: u64, variant: Variant) -> Liubo {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(1);
        Liubo {
            places: [[Place::Home; STONES]; PLAYERS],
            to_move: 0,
            left: [0, 0],
            moved: None,
            moved_as_owl: false,
            stopped_this_turn: 0,
            owl_back: 0,
            extra: 0,
            variant,
            turns: 0,
            outcome: None,
            rng,
            tally: Tally::default(),
        }
    }

    pub fn places(&self, seat: Seat) -> &[Place; STONES] {
        &self.places[seat]
    }

    /// The values still to play this throw (none: the seat to move throws next).
    pub fn left(&self) -> Vec<u8> {
        self.left.iter().copied().filter(|&v| v > 0).collect()
    }

    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// The station of `seat`'s owl, if it has one.
    pub fn owl(&self, seat: Seat) -> Option<StationNo> {
        self.places[seat].iter().find_map(|p| if let Place::Owl(s) = *p { Some(s) } else { None })
    }

    /// `seat`'s stones held prisoner by the opponent.
    pub fn prisoners_of(&self, seat: Seat) -> usize {
        self.places[seat].iter().filter(|p| **p == Place::Prisoner).count()
    }

    /// `seat`'s ordinary stones on the board.
    pub fn on_board(&self, seat: Seat) -> usize {
        self.places[seat].iter().filter(|p| matches!(p, Place::At(_))).count()
    }

    /// `seat`'s stones not held prisoner.
    fn controlled(&self, seat: Seat) -> usize {
        STONES - self.prisoners_of(seat)
    }

    /// The station a piece stands on (0 off the board).
    pub fn station(place: Place) -> StationNo {
        match place {
            Place::At(spot) => walks().station[usize::from(spot)],
            Place::Owl(s) => s,
            Place::Home | Place::Prisoner => 0,
        }
    }

    /// Whether stone `i` of the seat to move may play this value (rule 4): not the piece
    /// that played the throw's other value, unless it moved then as the owl (rule 10) or is
    /// its owner's last stone not held prisoner. A stone promoted by that move is the same
    /// piece: it does not move again.
    fn may_move(&self, i: usize) -> bool {
        match self.moved {
            Some(m) if m == i => self.moved_as_owl || self.controlled(self.to_move) == 1,
            _ => true,
        }
    }

    /// Whether stone `i` of the seat to move may go across from where it stands: it stopped
    /// there on an earlier turn (rule 6, "on the next turn").
    fn may_cross(&self, i: usize) -> bool {
        self.stopped_this_turn >> i & 1 == 0
    }

    /// The legal moves with `value`, in a fixed order: entering, then the stones by spot,
    /// then the owl.
    fn moves_with(&self, value: u8, out: &mut Vec<Move>) {
        let t = walks();
        let me = self.to_move;
        let has_owl = self.owl(me).is_some();
        let enemy_owl = self.owl(1 - me);
        let push = |from: Option<StationNo>, to: StationNo, owl: bool, out: &mut Vec<Move>| {
            out.push(Move { value, from, to, owl, promote: false });
            if !owl && !has_owl && to == CENTRE && enemy_owl != Some(CENTRE) {
                out.push(Move { value, from, to, owl, promote: true });
            }
        };
        if (0..STONES).any(|i| self.places[me][i] == Place::Home && self.may_move(i)) {
            let to = t.station[usize::from(t.enter[usize::from(value) - 1])];
            push(None, to, false, out);
        }
        let mut seen = [false; moves::SPOTS];
        for i in 0..STONES {
            if let Place::At(spot) = self.places[me][i] {
                if seen[usize::from(spot)] || !self.may_move(i) {
                    continue;
                }
                seen[usize::from(spot)] = true;
                let from = Some(t.station[usize::from(spot)]);
                push(from, t.station[usize::from(t.landing(spot, false, value).spot)], false, out);
                if t.shortcut[usize::from(spot)] && self.crosser(spot).is_some() {
                    push(from, t.station[usize::from(t.landing(spot, true, value).spot)], false, out);
                }
            }
        }
        if let Some(i) = (0..STONES).find(|&i| matches!(self.places[me][i], Place::Owl(_))) {
            if self.may_move(i) {
                let from = Self::station(self.places[me][i]);
                let back = if self.moved == Some(i) { self.owl_back } else { 0 };
                for (to, _) in t.owl_walks(from, value, back) {
                    push(Some(from), to, true, out);
                }
            }
        }
    }

    /// A stone of the seat to move on `spot` that may play a value and go across.
    fn crosser(&self, spot: moves::Spot) -> Option<usize> {
        let me = self.to_move;
        (0..STONES).find(|&i| self.places[me][i] == Place::At(spot) && self.may_move(i) && self.may_cross(i))
    }

    /// Throws the sticks: each group of three scores 1 + its yang faces (rule 3).
    fn throw_sticks(&mut self) -> [u8; 2] {
        let faces: u8 = self.rng.random();
        [1 + (faces & 7).count_ones() as u8, 1 + (faces >> 3 & 7).count_ones() as u8]
    }

    fn take_throw(&mut self, values: [u8; 2]) -> Result<(), Illegal> {
        if self.left != [0, 0] {
            return Err(Illegal::new("move-first", "both values of the last throw must be played first"));
        }
        if values.iter().any(|v| !(1..=4).contains(v)) {
            return Err(Illegal::new("bad-throw", format!("a group scores 1 to 4, not {values:?}")));
        }
        self.left = values;
        self.moved = None;
        self.moved_as_owl = false;
        self.owl_back = 0;
        self.tally.throws += 1;
        let double = values[0] == values[1] && rules::EXTRA_THROW_DOUBLES.contains(&u32::from(values[0]));
        self.tally.doubles += u32::from(double);
        self.earn(double);
        Ok(())
    }

    /// Plays a legal move.
    fn play_move(&mut self, m: &Move) -> Result<(), Illegal> {
        // A value no throw left to play is refused before any table is read with it.
        if !(1..=4).contains(&m.value) || !self.left.contains(&m.value) {
            return Err(self.why_illegal(m));
        }
        let mut legal = Vec::with_capacity(16);
        self.moves_with(m.value, &mut legal);
        if !legal.contains(m) || !self.left.contains(&m.value) {
            return Err(self.why_illegal(m));
        }
        let t = walks();
        let me = self.to_move;
        let lands = |spot: moves::Spot, across| t.station[usize::from(t.landing(spot, across, m.value).spot)] == m.to;
        let found = (0..STONES).filter(|&i| self.may_move(i)).find_map(|i| match (self.places[me][i], m.from) {
            (Place::Home, None) => Some(i),
            (Place::At(spot), Some(from)) if !m.owl && t.station[usize::from(spot)] == from => {
                if lands(spot, false) {
                    // Of stones alike, the one that could not cross goes round.
                    let waits =
                        |j: usize| self.places[me][j] == Place::At(spot) && self.may_move(j) && !self.may_cross(j);
                    Some((0..STONES).find(|&j| waits(j)).unwrap_or(i))
                } else {
                    self.crosser(spot).filter(|_| t.shortcut[usize::from(spot)] && lands(spot, true))
                }
            }
            (Place::Owl(s), Some(from)) if m.owl && s == from => Some(i),
            _ => None,
        });
        let i = found.expect("a legal move has its piece");
        self.moved_as_owl = matches!(self.places[me][i], Place::Owl(_));
        let mut looped = false;
        match self.places[me][i] {
            Place::Home => {
                self.places[me][i] = Place::At(t.enter[usize::from(m.value) - 1]);
                self.stopped_this_turn |= 1 << i;
                self.tally.enters += 1;
            }
            Place::At(spot) => {
                let round = t.landing(spot, false, m.value);
                let landing =
                    if t.station[usize::from(round.spot)] == m.to { round } else { t.landing(spot, true, m.value) };
                let across = landing != round;
                self.tally.shortcuts += u32::from(across);
                self.tally.circuit_moves += u32::from(!across);
                self.places[me][i] = Place::At(landing.spot);
                self.stopped_this_turn |= 1 << i;
                looped = landing.looped;
            }
            Place::Owl(from) => {
                let back = if self.moved == Some(i) { self.owl_back } else { 0 };
                let walk = t.owl_walks(from, m.value, back);
                self.owl_back = walk.iter().find(|w| w.0 == m.to).map_or(0, |w| w.1);
                self.places[me][i] = Place::Owl(m.to);
                self.tally.owl_moves += 1;
            }
            Place::Prisoner => unreachable!("a prisoner is never a legal move's piece"),
        }
        self.moved = Some(i);
        let slot = if self.left[0] == m.value { 0 } else { 1 };
        self.left[slot] = 0;
        self.land(i, m);
        if self.outcome.is_some() {
            return Ok(());
        }
        if looped {
            self.tally.loops += 1;
            self.earn(true);
            if let Some(p) = self.places[me].iter().position(|p| *p == Place::Prisoner) {
                self.places[me][p] = Place::Home;
                self.tally.prisoners_freed += 1;
            }
        }
        if self.left == [0, 0] {
            self.end_throw();
        }
        Ok(())
    }

    /// What landing on `m.to` does: captures (rules 7, 8, 11, 12, 14), promotion (rule 9),
    /// the large victory (rule 17).
    fn land(&mut self, i: usize, m: &Move) {
        let me = self.to_move;
        let them = 1 - me;
        let mut took = false;
        for j in 0..STONES {
            let there = self.places[them][j];
            if Self::station(there) != m.to {
                continue;
            }
            took = true;
            match (there, m.owl) {
                (Place::Owl(_), false) => {
                    self.tally.owl_taken += 1;
                    self.outcome = Some(Outcome::Won(me));
                    return;
                }
                (Place::Owl(_), true) => {
                    self.places[them][j] = Place::Home;
                    self.tally.owls_demoted += 1;
                }
                (_, true) => {
                    self.places[them][j] = Place::Prisoner;
                    self.tally.prisoners_taken += 1;
                }
                (_, false) => {
                    self.places[them][j] = Place::Home;
                    self.tally.sent_home += 1;
                }
            }
        }
        self.tally.captures += u32::from(took);
        if m.to == CENTRE && !m.owl && self.owl(me).is_none() {
            if m.promote {
                self.places[me][i] = Place::Owl(CENTRE);
                self.owl_back = 0;
                self.tally.promotions += 1;
                self.earn(true);
            } else {
                self.tally.declined_promotions += 1;
            }
        }
        if self.prisoners_of(them) == STONES {
            self.tally.large_victories += 1;
            self.outcome = Some(Outcome::Won(me));
        }
    }

    /// An extra throw earned (rule 16): one a throw, or one a reason in the variant.
    fn earn(&mut self, earned: bool) {
        if earned {
            self.extra = match self.variant {
                Variant::Standard => 1,
                Variant::EveryExtraThrow => self.extra + 1,
            };
        }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Both values played: an extra throw if one was earned, or the turn ends.
    fn end_throw(&mut self) {
        if self.extra > 0 {
            self.extra -= 1;
            self.tally.extra_throws += 1;
            return;
        }
        let me = self.to_move;
        let them = 1 - me;
        self.turns += 1;
        if self.owl(me).is_some()
            && self.owl(them).is_none()
            && self.on_board(them) >= rules::OWL_OUTNUMBERED_BY as usize
        {
            self.tally.outnumbered += 1;
            self.outcome = Some(Outcome::Won(them));
            return;
        }
        self.to_move = them;
        self.stopped_this_turn = 0;
    }
}

impl Game for Liubo {
    type Action = Action;
    type Event = Event;
    type View = view::LiuboView;

    fn players(&self) -> usize {
        PLAYERS
    }

    fn to_move(&self) -> Option<Seat> {
        self.outcome.is_none().then_some(self.to_move)
    }

    fn legal_actions(&self) -> Vec<Action> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        if self.left == [0, 0] {
            return vec![Action::Throw];
        }
        let mut moves = Vec::with_capacity(16);
        self.moves_with(self.left[0].max(self.left[1]), &mut moves);
        let other = self.left[0].min(self.left[1]);
        if other > 0 && other != self.left[0].max(self.left[1]) {
            self.moves_with(other, &mut moves);
        }
        moves.into_iter().map(Action::Move).collect()
    }

    fn apply(&mut self, action: &Action) -> Result<Event, Illegal> {
        crate::play::check_turn(self.to_move(), self.to_move)?;
        let event = match *action {
            Action::Throw => {
                if self.left != [0, 0] {
                    return Err(Illegal::new("move-first", "both values of the last throw must be played first"));
                }
                Event::Throw(self.throw_sticks())
            }
            Action::Move(m) => Event::Move(m),
        };
        self.replay(self.to_move, &event)?;
        Ok(event)
    }

    fn replay(&mut self, seat: Seat, event: &Event) -> Result<(), Illegal> {
        crate::play::check_turn(self.to_move(), seat)?;
        match event {
            Event::Throw(values) => self.take_throw(*values),
            Event::Move(m) => self.play_move(m),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn view(&self, seat: Seat) -> view::LiuboView {
        view::LiuboView::of(self, seat)
    }

    /// Nothing is hidden in Liubo but the throws to come: the same position, its future
    /// throws drawn from `rng`.
    fn determinized(&self, _seat: Seat, rng: &mut ChaCha8Rng) -> Liubo {
        let mut game = self.clone();
        game.rng = ChaCha8Rng::from_rng(rng);
        game
    }

    fn turns(&self) -> u32 {
        self.turns + u32::from(self.outcome.is_some() && self.turns_ended_early())
    }

    fn action_words(&self, action: &Action) -> String {
        words::action(self, action)
    }

    fn event_words(&self, seat: Seat, event: &Event) -> String {
        words::event(self, seat, event)
    }

    fn seat_words(&self, seat: Seat) -> String {
        words::seat(self, seat)
    }

    fn ending_words(&self, before: &Liubo, seat: Seat) -> Option<String> {
        words::ending(before, self, seat)
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
        words::TERMS.to_vec()
    }

    fn counts(&self) -> Counts {
        let t = &self.tally;
        let n = |x: u32| u64::from(x);
        Counts {
            plays_by_kind: vec![
                ("enter", n(t.enters)),
                ("circuit", n(t.circuit_moves)),
                ("shortcut", n(t.shortcuts)),
                ("owl", n(t.owl_moves)),
            ],
            events: vec![
                ("throws", n(t.throws)),
                ("doubles", n(t.doubles)),
                ("extra_throws", n(t.extra_throws)),
                ("captures", n(t.captures)),
                ("sent_home", n(t.sent_home)),
                ("promotions", n(t.promotions)),
                ("declined_promotions", n(t.declined_promotions)),
                ("prisoners_taken", n(t.prisoners_taken)),
                ("owls_demoted", n(t.owls_demoted)),
                ("loops", n(t.loops)),
                ("prisoners_freed", n(t.prisoners_freed)),
                ("owl_taken", n(t.owl_taken)),
                ("outnumbered", n(t.outnumbered)),
                ("large_victories", n(t.large_victories)),
            ],
        }
    }
}

impl Liubo {
    /// The game ended inside a turn (rules 12, 17), which [`Liubo::end_throw`] did not count.
    fn turns_ended_early(&self) -> bool {
        self.tally.outnumbered == 0
    }
}
