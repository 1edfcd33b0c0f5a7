//! 易经牌 (Yijing Pai), the tile game for four of `yijing-pai.zh.txt` (docs/conventions.md, 易经牌 tiles), as an
//! engine plays it.
//!
//! The points the seed leaves open are settled here (the rulebook and `docs/rules.md` say
//! the same):
//! - **Four players, always.** The seed's players are "generally four" (一般为4人); it gives
//!   no rule for another table (the call round after a double, the self-drawn win paid by
//!   the three others), so the engine seats four.
//! - **Seats.** Seat 0 is the dealer (the dice chose them); seats are numbered in the order
//!   of play, counter-clockwise. The wall is the shuffled set; the deal gives its first
//!   tiles, a hand at a time, to seats 0, 1, 2, 3, and draws take the tiles after them.
//! - **Hiding.** Each player in turn (seat 0 first) sets six of their tiles aside face
//!   down, line 1 first: their hidden hexagram. The rest (two, three in the variant) is
//!   their hand. The choices are made without seeing anyone else's.
//! - **A play.** The player lays their whole hand as a group and draws as many tiles. A
//!   response (应) goes outside the player's column and must not show the same lines, in
//!   the same order, as the group laid just before it (by anyone). A taiji stands for the
//!   line its player names when laying it, and keeps it.
//! - **Pungs (碰).** After a double (a triple of one line in the variant) is laid, the call
//!   goes round counter-clockwise from the next player: each player whose hand can lay the
//!   same lines may pung (lay them at once) or pass; the first to pung takes it and play
//!   goes on after them. If no one does, the next player responds. A next player whose
//!   hand is that very double of line tiles cannot respond (the group would repeat), so
//!   they must pung. A pung is itself a double and can be punged.
//! - **Placing.** A group that starts a hexagram goes outside. Otherwise a yin pung of two
//!   goes together outside or inside the column, a yang pung of two is split (one tile
//!   inside, one outside), and in the variant either pung goes together outside or inside.
//! - **Winning (胡).** When a column reaches six tiles it is a laid hexagram. Its player
//!   wins when they have laid two hexagrams that are their hidden one (a hidden taiji
//!   matches either line), or three hexagrams with the same lines. The hidden hexagram
//!   itself is not one of them. A player is ready (听) when one more group can win.
//! - **Points.** The winning hexagram scores a point a yang tile and half a point a yin
//!   tile; a taiji scores nothing, whatever it stands for. A win by pung is paid by the
//!   player whose double was punged (放炮); a win by response (自摸) by each of the others.
//! - **The end.** A player who has laid and cannot draw a full group (the wall is empty)
//!   ends the hand, drawn (和局), unless that lay won.
//! - **Turns** count groups laid (a pass is no turn).

mod heuristic;
pub mod legal;
pub mod measured;
pub mod record;
pub mod registration;
#[cfg(test)]
mod tests;
pub mod tiles;
pub mod view;
pub mod words;

use crate::play::{Counts, Game, Illegal, Outcome, Seat, check_turn};
use legal::{Call, Group, Laid, Place};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use tiles::{TileKind, TileSet, Variant};

pub use tiles::PLAYERS;

/// Seats at the table.
const SEATS: usize = PLAYERS as usize;

/// The table's two choices: the set and the hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Settings {
    pub set: TileSet,
    pub variant: Variant,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { set: TileSet::Standard144, variant: Variant::Pairs }
    }
}

impl Settings {
    /// Tiles a play lays.
    pub fn group(self) -> usize {
        self.variant.group_size() as usize
    }

    /// Tiles dealt to each player.
    pub fn hand(self) -> usize {
        self.variant.hand_size() as usize
    }
}

/// A play: the call, the group (line 1 side first) and where it goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lay {
    pub call: Call,
    pub group: Group,
    pub place: Place,
}

/// What a seat does; a record holds the same (the wall's order is the only chance, and the
/// record holds the wall).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Set these six tiles aside as the hidden hexagram, line 1 first.
    Hide([TileKind; 6]),
    Lay(Lay),
    /// Decline a pung.
    Pass,
}

impl serde::Serialize for Action {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        record::What::from(*self).serialize(s)
    }
}

/// Where the game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Phase {
    Hiding,
    /// A pung is offered after `from` laid a double.
    Call {
        from: Seat,
    },
    Respond,
}

/// A hexagram laid: its lines and its worth in half points.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Done {
    pub bits: u8,
    pub halves: u32,
}

/// How a hand was won and who pays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Settlement {
    pub winner: Seat,
    /// The winning hexagram's worth in half points.
    pub halves: u32,
    /// By two hexagrams that are the hidden one (else by three alike).
    pub hidden: bool,
    /// The seat that fired the cannon (放炮) and pays alone; `None`: self-drawn (自摸),
    /// each other seat pays.
    pub fired_by: Option<Seat>,
}

/// How often each thing happened in a game (the playtest's counts).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub responses: u32,
    pub yin_pungs: u32,
    pub yang_pungs: u32,
    pub passes: u32,
    pub forced_pungs: u32,
    pub hexagrams: u32,
    pub ready: u32,
    pub taiji_laid: u32,
}

/// A game of 易经牌 in progress.
#[derive(Clone, Debug)]
pub struct YijingPai {
    settings: Settings,
    /// The wall still to draw, the next tile last.
    wall: Vec<TileKind>,
    hands: [Vec<TileKind>; SEATS],
    hidden: [Option<[TileKind; 6]>; SEATS],
    /// Each seat's hexagram in the making, line 1 first.
    columns: [Vec<Laid>; SEATS],
    laid: [Vec<Done>; SEATS],
    /// The last group laid, and by whom.
    last: Option<(Seat, Group)>,
    phase: Phase,
    to_move: Option<Seat>,
    turns: u32,
    outcome: Option<Outcome>,
    settlement: Option<Settlement>,
    tally: Tally,
    /// The wall as shuffled, for the record (shared by the search bots' copies).
    dealt: Arc<Vec<TileKind>>,
}

/// The seat `n` places after `seat` in the order of play.
fn after(seat: Seat, n: usize) -> Seat {
    (seat + n) % SEATS
}

impl YijingPai {
    /// A game from a wall (the whole set in order; [`YijingPai::shuffled`] makes one).
    pub fn new(settings: Settings, wall: &[TileKind]) -> Result<YijingPai, Illegal> {
        let mut expected = [0usize; 3];
        for kind in TileKind::ALL {
            expected[kind as usize] = settings.set.count(kind) as usize;
        }
        if legal::counts(wall) != expected {
            let message =
                format!("a wall of the {}-tile set holds {expected:?} yang, yin and taiji tiles", settings.set.key());
            return Err(Illegal::new("bad-wall", message));
        }
        let hand = settings.hand();
        let hands = std::array::from_fn(|s| wall[s * hand..(s + 1) * hand].to_vec());
        Ok(YijingPai {
            settings,
            wall: wall[SEATS * hand..].iter().rev().copied().collect(),
            hands,
            hidden: [None; SEATS],
            columns: Default::default(),
            laid: Default::default(),
            last: None,
            phase: Phase::Hiding,
            to_move: Some(0),
            turns: 0,
            outcome: None,
            settlement: None,
            tally: Tally::default(),
            dealt: Arc::new(wall.to_vec()),
        })
    }

    /// A game on a wall shuffled from `seed`.
    pub fn shuffled(settings: Settings, seed: u64) -> YijingPai {
        let mut wall = settings.set.tiles();
        wall.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
        YijingPai::new(settings, &wall).expect("a whole set")
    }

    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// The wall as shuffled.
    pub fn dealt(&self) -> &[TileKind] {
        &self.dealt
    }

    pub fn hand(&self, seat: Seat) -> &[TileKind] {
        &self.hands[seat]
    }

    pub fn hidden(&self, seat: Seat) -> Option<&[TileKind; 6]> {
        self.hidden[seat].as_ref()
    }

    pub fn column(&self, seat: Seat) -> &[Laid] {
        &self.columns[seat]
    }

    pub fn laid(&self, seat: Seat) -> &[Done] {
        &self.laid[seat]
    }

    /// Tiles left in the wall.
    pub fn wall(&self) -> usize {
        self.wall.len()
    }

    pub fn last(&self) -> Option<(Seat, Group)> {
        self.last
    }

    pub fn settlement(&self) -> Option<Settlement> {
        self.settlement
    }

    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// `"hide"`, `"call"` (a pung on offer), `"respond"` or `"over"`.
    pub fn phase(&self) -> &'static str {
        match (self.outcome, self.phase) {
            (Some(_), _) => "over",
            (None, Phase::Hiding) => "hide",
            (None, Phase::Call { .. }) => "call",
            (None, Phase::Respond) => "respond",
        }
    }

    /// The double on offer to a pung: its lines' aspect (`true` yang), when one is.
    fn pung_on_offer(&self) -> Option<bool> {
        let (_, group) = self.last?;
        group.double().filter(|_| group.len() == self.settings.group())
    }

    /// Whether `seat`'s hand can lay the double on offer.
    fn can_pung(&self, seat: Seat, yang: bool) -> bool {
        let n = legal::counts(&self.hands[seat]);
        n[usize::from(yang)] == 0 && self.hands[seat].len() == self.settings.group()
    }

    /// Whether `seat` must pung: it is next after the double, and its hand is that double
    /// of line tiles (any other group would show the same lines).
    fn must_pung(&self, seat: Seat, from: Seat) -> bool {
        seat == after(from, 1) && legal::counts(&self.hands[seat])[2] == 0
    }

    /// The pungs and responses the seat to move may lay, in a fixed order.
    fn lays(&self, seat: Seat) -> Vec<Lay> {
        let g = self.settings.group();
        let hand = legal::counts(&self.hands[seat]);
        let mut out = Vec::new();
        match self.phase {
            Phase::Call { .. } => {
                let yang = self.pung_on_offer().expect("a double on offer");
                let bits = if yang { (1u8 << g) - 1 } else { 0 };
                let group = legal::formed(hand, bits, g);
                let column = &self.columns[seat];
                let mut seen: Vec<Vec<Laid>> = Vec::new();
                for &place in legal::pung_places(column.len(), g, yang) {
                    let after = legal::placed(column, &group, place);
                    if !seen.contains(&after) {
                        seen.push(after);
                        out.push(Lay { call: Call::Pung, group, place });
                    }
                }
            }
            Phase::Respond => {
                let last = self.last.map(|(_, group)| group.bits());
                for bits in 0..(1u8 << g) {
                    if legal::can_form(hand, bits, g) && Some(bits) != last {
                        out.push(Lay {
                            call: Call::Response,
                            group: legal::formed(hand, bits, g),
                            place: Place::Outside,
                        });
                    }
                }
            }
            Phase::Hiding => {}
        }
        out
    }

    /// Checks an action of the seat to move against the rules, naming the rule it breaks.
    pub fn judge(&self, seat: Seat, action: &Action) -> Result<(), Illegal> {
        check_turn(self.to_move, seat)?;
        match (*action, self.phase) {
            (Action::Hide(kinds), Phase::Hiding) => {
                let mut rest = self.hands[seat].clone();
                for kind in kinds {
                    let Some(i) = rest.iter().position(|&k| k == kind) else {
                        return Err(Illegal::new(
                            "not-in-hand",
                            format!("seat {seat} has no {kind} tile left to hide"),
                        ));
                    };
                    rest.swap_remove(i);
                }
                Ok(())
            }
            (Action::Hide(_), _) => Err(Illegal::new("not-hiding", "hidden hexagrams are set aside before the play")),
            (_, Phase::Hiding) => Err(Illegal::new("hide-first", format!("seat {seat} has yet to hide a hexagram"))),
            (Action::Pass, Phase::Call { from }) if self.must_pung(seat, from) => Err(Illegal::new(
                "must-pung",
                "the next player's hand is the double just laid: they cannot respond, so they pung",
            )),
            (Action::Pass, Phase::Call { .. }) => Ok(()),
            (Action::Pass, _) => Err(Illegal::new("no-call", "there is no pung to pass on: respond")),
            (Action::Lay(lay), phase) => self.judge_lay(seat, lay, phase),
        }
    }

    fn judge_lay(&self, seat: Seat, lay: Lay, phase: Phase) -> Result<(), Illegal> {
        let g = self.settings.group();
        if lay.group.len() != g {
            return Err(Illegal::new("group-size", format!("a play lays {g} tiles, not {}", lay.group.len())));
        }
        let mut hand = self.hands[seat].clone();
        hand.sort_unstable();
        if lay.group.kinds() != hand {
            let message = format!("seat {seat} holds {}, not {}", legal::kinds_string(&hand), lay.group.string());
            return Err(Illegal::new("not-in-hand", message));
        }
        if let Some(t) =
            lay.group.tiles().iter().find(|t| t.kind != TileKind::Taiji && (t.kind == TileKind::Yang) != t.yang)
        {
            return Err(Illegal::new("tile-line", format!("a {} tile stands for its own line", t.kind)));
        }
        match (lay.call, phase) {
            (Call::Response, Phase::Call { .. }) => {
                Err(Illegal::new("pung-or-pass", format!("a pung is on offer to seat {seat}: pung or pass")))
            }
            (Call::Response, _) => {
                if lay.place != Place::Outside {
                    return Err(Illegal::new("response-outside", "a response goes outside the column"));
                }
                if self.last.is_some_and(|(_, last)| last.bits() == lay.group.bits()) {
                    let message = format!("{} shows the lines just laid: a response must differ", lay.group.string());
                    return Err(Illegal::new("same-as-last", message));
                }
                Ok(())
            }
            (Call::Pung, Phase::Call { .. }) => {
                let yang = self.pung_on_offer().expect("a double on offer");
                if lay.group.double() != Some(yang) {
                    return Err(Illegal::new("pung-differs", "a pung lays the same lines as the double it answers"));
                }
                if !legal::pung_places(self.columns[seat].len(), g, yang).contains(&lay.place) {
                    let message = format!("a pung of this kind cannot go {:?} here", lay.place);
                    return Err(Illegal::new("bad-place", message.to_lowercase()));
                }
                Ok(())
            }
            (Call::Pung, _) => Err(Illegal::new("no-double", "a pung answers a double just laid, with the call")),
        }
    }

    fn act(&mut self, seat: Seat, action: Action) {
        match action {
            Action::Hide(kinds) => {
                for kind in kinds {
                    let i = self.hands[seat].iter().position(|&k| k == kind).expect("judged");
                    self.hands[seat].swap_remove(i);
                }
                self.hands[seat].sort_unstable();
                self.hidden[seat] = Some(kinds);
                self.to_move = Some(after(seat, 1));
                if seat == SEATS - 1 {
                    self.phase = Phase::Respond;
                }
            }
            Action::Pass => {
                self.tally.passes += 1;
                let Phase::Call { from } = self.phase else { unreachable!("judged") };
                self.offer(from, seat);
            }
            Action::Lay(lay) => self.lay(seat, lay),
        }
    }

    fn lay(&mut self, seat: Seat, lay: Lay) {
        let g = self.settings.group();
        let fired_by = match self.phase {
            Phase::Call { from } => {
                if self.must_pung(seat, from) {
                    self.tally.forced_pungs += 1;
                }
                Some(from)
            }
            _ => None,
        };
        match (lay.call, lay.group.double()) {
            (Call::Pung, Some(true)) => self.tally.yang_pungs += 1,
            (Call::Pung, _) => self.tally.yin_pungs += 1,
            (Call::Response, _) => self.tally.responses += 1,
        }
        self.tally.taiji_laid += lay.group.tiles().iter().filter(|t| t.kind == TileKind::Taiji).count() as u32;
        self.turns += 1;
        self.hands[seat].clear();
        self.columns[seat] = legal::placed(&self.columns[seat], &lay.group, lay.place);
        if self.columns[seat].len() == 6 {
            let column = std::mem::take(&mut self.columns[seat]);
            let done = Done {
                bits: legal::column_bits(&column),
                halves: column.iter().map(|t| t.kind.points().halves()).sum(),
            };
            self.tally.hexagrams += 1;
            self.laid[seat].push(done);
            if let Some(hidden) = self.wins(seat, done.bits, 0) {
                self.settlement = Some(Settlement { winner: seat, halves: done.halves, hidden, fired_by });
                self.end(Outcome::Won(seat));
                return;
            }
        } else if self.columns[seat].len() == 6 - g && self.is_ready(seat) {
            self.tally.ready += 1;
        }
        if self.wall.len() < g {
            self.end(Outcome::Stalled);
            return;
        }
        for _ in 0..g {
            let tile = self.wall.pop().expect("counted");
            self.hands[seat].push(tile);
        }
        self.hands[seat].sort_unstable();
        self.last = Some((seat, lay.group));
        self.offer(seat, seat);
    }

    /// Whether `seat`, with a hexagram of lines `bits` laid (`extra` = 1 when it is not yet
    /// among the laid ones), has won; `Some(true)` by the hidden hexagram.
    fn wins(&self, seat: Seat, bits: u8, extra: usize) -> Option<bool> {
        let hidden = self.hidden[seat].as_ref()?;
        let laid = &self.laid[seat];
        if legal::matches_hidden(bits, hidden)
            && laid.iter().filter(|d| legal::matches_hidden(d.bits, hidden)).count() + extra >= 2
        {
            return Some(true);
        }
        (laid.iter().filter(|d| d.bits == bits).count() + extra >= 3).then_some(false)
    }

    /// Whether one more group, of any lines, laid as a response or a pung, would win for
    /// `seat` (听).
    pub fn is_ready(&self, seat: Seat) -> bool {
        let g = self.settings.group();
        let column = &self.columns[seat];
        (0..(1u8 << g)).any(|bits| {
            let group = legal::formed([0, 0, g], bits, g);
            let places: &[Place] = match group.double() {
                Some(yang) => legal::pung_places(column.len(), g, yang),
                None => &[Place::Outside],
            };
            places.iter().any(|&place| {
                let lines = legal::column_bits(&legal::placed(column, &group, place));
                self.wins(seat, lines, 1).is_some()
            })
        })
    }

    /// After `from` laid (or `asked` passed), the next seat offered a pung, or else the
    /// next player's response.
    fn offer(&mut self, from: Seat, asked: Seat) {
        if let Some(yang) = self.pung_on_offer() {
            let start = (asked + SEATS - from) % SEATS + 1;
            for n in start..SEATS {
                let seat = after(from, n);
                if self.can_pung(seat, yang) {
                    self.phase = Phase::Call { from };
                    self.to_move = Some(seat);
                    return;
                }
            }
            // The next player was asked first, so this is only reached in a world a search
            // bot dealt again: a next player left with the very double must still pung.
            let next = after(from, 1);
            if self.can_pung(next, yang) && self.must_pung(next, from) {
                self.phase = Phase::Call { from };
                self.to_move = Some(next);
                return;
            }
        }
        self.phase = Phase::Respond;
        self.to_move = Some(after(from, 1));
    }

    fn end(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
        self.to_move = None;
    }
}

impl Game for YijingPai {
    type Action = Action;
    type Event = Action;
    type View = view::View;

    fn players(&self) -> usize {
        SEATS
    }

    fn to_move(&self) -> Option<Seat> {
        self.to_move
    }

    fn legal_actions(&self) -> Vec<Action> {
        let Some(seat) = self.to_move else { return Vec::new() };
        match self.phase {
            Phase::Hiding => legal::hides(legal::counts(&self.hands[seat])).into_iter().map(Action::Hide).collect(),
            Phase::Call { from } => {
                let mut out: Vec<Action> = self.lays(seat).into_iter().map(Action::Lay).collect();
                if !self.must_pung(seat, from) {
                    out.push(Action::Pass);
                }
                out
            }
            Phase::Respond => self.lays(seat).into_iter().map(Action::Lay).collect(),
        }
    }

    fn apply(&mut self, action: &Action) -> Result<Action, Illegal> {
        let seat = self.to_move.ok_or_else(|| Illegal::new("game-over", "the game is already over"))?;
        self.judge(seat, action)?;
        self.act(seat, *action);
        Ok(*action)
    }

    fn replay(&mut self, seat: Seat, event: &Action) -> Result<(), Illegal> {
        self.judge(seat, event)?;
        self.act(seat, *event);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn view(&self, seat: Seat) -> view::View {
        view::View::of(self, seat)
    }

    fn determinized(&self, seat: Seat, rng: &mut ChaCha8Rng) -> YijingPai {
        view::determinized(self, seat, rng)
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

    fn ending_words(&self, _before: &YijingPai, _seat: Seat) -> Option<String> {
        words::ending(self)
    }

    fn standings(&self) -> Vec<crate::play::Standing> {
        words::standings(self)
    }

    fn terms(&self) -> Vec<(&'static str, &'static str)> {
        words::TERMS.to_vec()
    }

    fn table_words(&self) -> crate::play::TableWords {
        words::table(self)
    }

    fn counts(&self) -> Counts {
        let t = &self.tally;
        let s = self.settlement;
        let won = |f: fn(&Settlement) -> bool| u64::from(s.as_ref().is_some_and(f));
        Counts {
            plays_by_kind: vec![
                ("response", t.responses.into()),
                ("yin-pung", t.yin_pungs.into()),
                ("yang-pung", t.yang_pungs.into()),
            ],
            events: vec![
                ("pass", t.passes.into()),
                ("forced-pung", t.forced_pungs.into()),
                ("hexagram", t.hexagrams.into()),
                ("ready", t.ready.into()),
                ("taiji-laid", t.taiji_laid.into()),
                ("win-hidden", won(|s| s.hidden)),
                ("win-three-alike", won(|s| !s.hidden)),
                ("fired-cannon", won(|s| s.fired_by.is_some())),
                ("self-drawn", won(|s| s.fired_by.is_none())),
                ("drawn-game", u64::from(self.outcome == Some(Outcome::Stalled))),
                ("points-halves", s.map_or(0, |s| s.halves.into())),
            ],
        }
    }
}
