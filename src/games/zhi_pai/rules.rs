//! Zhi Pai (SPEC §3): the rules of laying a card, the exact shortest-sequence solver,
//! the checker of a proposed sequence and the solo score.
//!
//! The table holds two chains growing toward each other: the left chain starts with the
//! start hexagram S, the right chain with its complement. A card laid on the `left` side
//! goes right of the left chain's end; on the `right` side, left of the right chain's end.
//! The sequence is finished when, after a placement, the two ends link.
//!
//! The conditions and the trigram cards are written once, in [`link`] and [`activate`];
//! [`Game::place`] (the checker's step) and the solver both call them, and every solution
//! is replayed through [`Game::place`] before it is returned.

use crate::core::deck::{CardSet, DeckError};
use crate::core::error::CoreError;
use crate::core::hexagram::{Hexagram, Line};
use crate::core::trigram::Trigram;
use serde::{Deserialize, Serialize, Serializer};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::str::FromStr;
use std::sync::OnceLock;
use thiserror::Error;

/// A Zhi Pai question or check the core refuses, naming the value.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ZhiPaiError {
    #[error(transparent)]
    Core(#[from] CoreError),
    #[error(transparent)]
    Deck(#[from] DeckError),
    #[error(
        "card {card} is on the table from the start (start {start}, complement {complement}); list only other cards as available"
    )]
    StartCardAvailable { card: u8, start: u8, complement: u8 },
    #[error("trigram {0} is listed twice; each trigram card is active or not")]
    DuplicateTrigram(Trigram),
    #[error("unknown side {0:?}; expected left (right of the left end) or right (left of the right end)")]
    UnknownSide(String),
    #[error("placement {0:?} is not of the form CARD:SIDE, such as 6:left")]
    BadPlacement(String),
    #[error("a sequence holds at most 62 placements, but this one has {0}")]
    TooManyPlacements(usize),
    #[error(
        "the search from start {start} gave up after {positions} positions without finding a sequence or proving there is none; list fewer available cards or more active trigrams"
    )]
    SearchLimit { start: u8, positions: usize },
    #[error("a common zone of {0} cards is impossible; it holds 6 cards or more")]
    CommonZoneTooSmall(i64),
}

/// Where a card is laid.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// On the left chain: right of the current left end (which starts as S).
    Left,
    /// On the right chain: left of the current right end (which starts as complement(S)).
    Right,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Side {
    type Err = ZhiPaiError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_lowercase().as_str() {
            "left" | "l" => Ok(Side::Left),
            "right" | "r" => Ok(Side::Right),
            _ => Err(ZhiPaiError::UnknownSide(s.to_string())),
        }
    }
}

/// The three ways two cards may link. Serialised as 1, 2 or 3.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Condition {
    /// 1: exactly one line differs.
    OneLine,
    /// 2: exactly two lines differ and they have opposite aspects (a swap).
    Swap,
    /// 3: the same trigram in the same position, its trigram card active; spends it.
    Trigram,
}

impl Condition {
    pub fn number(self) -> u8 {
        match self {
            Condition::OneLine => 1,
            Condition::Swap => 2,
            Condition::Trigram => 3,
        }
    }
}

impl Serialize for Condition {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.number())
    }
}

/// How two cards link: `{"condition":3,"trigram":"water"}`; `trigram` is the trigram
/// card spent, `null` for conditions 1 and 2.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Link {
    pub condition: Condition,
    pub trigram: Option<Trigram>,
}

/// A set of trigram cards (the active ones). Serialised as a list of names.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct TrigramSet(u8);

impl TrigramSet {
    pub const EMPTY: TrigramSet = TrigramSet(0);

    pub fn contains(self, t: Trigram) -> bool {
        self.0 >> t.bits() & 1 == 1
    }

    pub fn insert(&mut self, t: Trigram) {
        self.0 |= 1 << t.bits();
    }

    pub fn remove(&mut self, t: Trigram) {
        self.0 &= !(1 << t.bits());
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// In the order of [`Trigram::ALL`].
    pub fn iter(self) -> impl Iterator<Item = Trigram> {
        Trigram::ALL.into_iter().filter(move |&t| self.contains(t))
    }

    /// From names (any spelling [`Trigram`] parses); a trigram listed twice is refused.
    pub fn from_names<S: AsRef<str>>(names: &[S]) -> Result<TrigramSet, ZhiPaiError> {
        let mut set = TrigramSet::EMPTY;
        for name in names {
            let t: Trigram = name.as_ref().parse()?;
            if set.contains(t) {
                return Err(ZhiPaiError::DuplicateTrigram(t));
            }
            set.insert(t);
        }
        Ok(set)
    }

    /// From a comma-separated list such as `water,fire`.
    pub fn parse_list(text: &str) -> Result<TrigramSet, ZhiPaiError> {
        let names: Vec<&str> = text.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
        TrigramSet::from_names(&names)
    }
}

impl fmt::Debug for TrigramSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(Trigram::name)).finish()
    }
}

impl FromIterator<Trigram> for TrigramSet {
    fn from_iter<I: IntoIterator<Item = Trigram>>(iter: I) -> Self {
        let mut set = TrigramSet::EMPTY;
        for t in iter {
            set.insert(t);
        }
        set
    }
}

impl Serialize for TrigramSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// Which trigram of a hexagram.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Position {
    Lower,
    Upper,
}

impl Position {
    pub fn name(self) -> &'static str {
        match self {
            Position::Lower => "lower",
            Position::Upper => "upper",
        }
    }
}

/// The trigram two different hexagrams have in the same position, if any (two different
/// hexagrams cannot share both).
pub fn shared_trigram(a: Hexagram, b: Hexagram) -> Option<(Position, Trigram)> {
    if a == b {
        None
    } else if a.lower() == b.lower() {
        Some((Position::Lower, a.lower()))
    } else if a.upper() == b.upper() {
        Some((Position::Upper, a.upper()))
    } else {
        None
    }
}

/// Condition 2: exactly two lines differ and, in either card, those two lines have
/// opposite aspects, so one card is the other with two lines swapped.
pub fn is_swap(a: Hexagram, b: Hexagram) -> bool {
    let diff = a.bits() ^ b.bits();
    diff.count_ones() == 2 && (a.bits() & diff).count_ones() == 1
}

/// How `a` and `b` link with these trigram cards active, preferring the conditions that
/// spend nothing (1, then 2) over condition 3. `None` when they do not link.
///
/// Preferring a free link is never worse: a trigram card kept is one more chance later,
/// and every rule only asks for active cards, never for inactive ones.
pub fn link(a: Hexagram, b: Hexagram, active: TrigramSet) -> Option<Link> {
    if a.distance(b) == 1 {
        return Some(Link { condition: Condition::OneLine, trigram: None });
    }
    if is_swap(a, b) {
        return Some(Link { condition: Condition::Swap, trigram: None });
    }
    match shared_trigram(a, b) {
        Some((_, t)) if active.contains(t) => Some(Link { condition: Condition::Trigram, trigram: Some(t) }),
        _ => None,
    }
}

/// The trigram cards active after laying `card` by `link`: the spent one turns inactive,
/// then the card's two trigrams turn active, except the one just spent.
pub fn activate(active: TrigramSet, card: Hexagram, link: Link) -> TrigramSet {
    let mut next = active;
    next.insert(card.lower());
    next.insert(card.upper());
    if let Some(spent) = link.trigram {
        next.remove(spent);
    }
    next
}

/// One placement of a solution or a checked sequence.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Placement {
    pub card: Hexagram,
    pub side: Side,
    pub condition: Condition,
    /// The trigram card spent (condition 3), else `null`.
    pub trigram: Option<Trigram>,
}

/// A validated Zhi Pai question: start, cards that may be laid, trigram cards active.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub start: Hexagram,
    pub available: CardSet,
    pub active: TrigramSet,
}

impl Setup {
    /// With the default available cards (the 62 others) and no active trigram card.
    pub fn new(start: Hexagram) -> Setup {
        let mut available = CardSet::ALL;
        for h in [start, start.complement()] {
            available = CardSet::from_mask(available.mask() & !(1 << (h.number() - 1)));
        }
        Setup { start, available, active: TrigramSet::EMPTY }
    }

    /// With these available cards; the start and its complement may not be among them.
    pub fn with_available(start: Hexagram, available: CardSet, active: TrigramSet) -> Result<Setup, ZhiPaiError> {
        for h in [start, start.complement()] {
            if available.contains_hexagram(h) {
                return Err(ZhiPaiError::StartCardAvailable {
                    card: h.number(),
                    start: start.number(),
                    complement: start.complement().number(),
                });
            }
        }
        Ok(Setup { start, available, active })
    }
}

/// The first rule a proposed sequence breaks. Moves count placements from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// No placement: nothing is finished.
    NoPlacements,
    /// A card after the sequence was finished.
    AlreadyFinished { step: usize, finished_at: usize },
    /// The card is already on the table (`laid_at` 0 = a starting card).
    CardInSequence { step: usize, card: Hexagram, laid_at: usize },
    /// The card is not among the available cards.
    NotAvailable { step: usize, card: Hexagram },
    /// The card does not link to the card it touches.
    NoLink { step: usize, card: Hexagram, side: Side, neighbour: Hexagram, why: String },
    /// Every placement is legal, but the ends never link.
    NotFinished { after: usize, left: Hexagram, right: Hexagram, why: String },
}

impl Violation {
    /// A short name of the rule, stable for tests and clients.
    pub fn rule(&self) -> &'static str {
        match self {
            Violation::NoPlacements => "no-placements",
            Violation::AlreadyFinished { .. } => "already-finished",
            Violation::CardInSequence { .. } => "card-reused",
            Violation::NotAvailable { .. } => "not-available",
            Violation::NoLink { .. } => "no-link",
            Violation::NotFinished { .. } => "not-finished",
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::NoPlacements => write!(f, "no card was laid, so the sequence is not finished"),
            Violation::AlreadyFinished { step, finished_at } => write!(
                f,
                "move {step}: the sequence was already finished at move {finished_at}; no card may be laid after that"
            ),
            Violation::CardInSequence { step, card, laid_at: 0 } => {
                write!(f, "move {step}: card {card} is already in the sequence as a starting card")
            }
            Violation::CardInSequence { step, card, laid_at } => {
                write!(f, "move {step}: card {card} is already in the sequence (laid at move {laid_at})")
            }
            Violation::NotAvailable { step, card } => {
                write!(f, "move {step}: card {card} is not among the available cards")
            }
            Violation::NoLink { step, card, side, neighbour, why } => {
                let place = if *side == Side::Left { "right" } else { "left" };
                write!(f, "move {step}: card {card} cannot be laid {place} of {neighbour}: {why}")
            }
            Violation::NotFinished { after, left, right, why } => write!(
                f,
                "after move {after} the ends {left} and {right} do not link, so the sequence is not finished: {why}"
            ),
        }
    }
}

/// The verdict on a proposed sequence, as JSON:
/// `{"valid":true,"finished":true,"length":6,"shortest":4,"errors":[]}`
/// (plus `"solo_score"` when a Common Zone size was given).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    /// Every placement legal and the sequence finished by the last one.
    pub valid: bool,
    /// The ends linked after some placement.
    pub finished: bool,
    /// Cards in the sequence, both starting cards included.
    pub length: usize,
    /// The optimal length, `null` when no sequence exists.
    pub shortest: Option<usize>,
    /// The first broken rule in words; empty when valid.
    pub errors: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solo_score: Option<u32>,
    /// The first broken rule, for programs.
    #[serde(skip)]
    pub violation: Option<Violation>,
}

/// A solution, as JSON:
/// `{"length":4,"sequence":[12,17,54,11],"placements":[…],"finish":{"condition":2,"trigram":null}}`,
/// every field `null` when there is none.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Answer {
    /// Cards in the finished sequence, both starting cards included.
    pub length: Option<usize>,
    /// The whole line, left to right.
    pub sequence: Option<Vec<Hexagram>>,
    /// In the order they are laid.
    pub placements: Option<Vec<Placement>>,
    /// The link between the two ends that finishes the sequence.
    pub finish: Option<Link>,
}

/// A finished sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub placements: Vec<Placement>,
    pub finish: Link,
    /// The whole line, left to right.
    pub sequence: Vec<Hexagram>,
}

impl From<Option<Solution>> for Answer {
    fn from(solution: Option<Solution>) -> Self {
        match solution {
            Some(s) => Answer {
                length: Some(s.sequence.len()),
                sequence: Some(s.sequence),
                placements: Some(s.placements),
                finish: Some(s.finish),
            },
            None => Answer { length: None, sequence: None, placements: None, finish: None },
        }
    }
}

/// A game in progress: the rules of one placement, with the history needed to explain a
/// refusal (when each trigram card was last activated or spent).
#[derive(Clone, Debug)]
pub struct Game {
    setup: Setup,
    left: Vec<Hexagram>,
    right: Vec<Hexagram>,
    active: TrigramSet,
    /// Move at which each card was laid (0 = starting card), by King Wen number − 1.
    laid_at: [Option<usize>; 64],
    /// By trigram bits: move at which the card last turned active (0 = at the start).
    activated_at: [Option<usize>; 8],
    spent_at: [Option<usize>; 8],
    placements: Vec<Placement>,
    finish: Option<(usize, Link)>,
    /// The trigram cards the last finish check could use.
    last_usable: TrigramSet,
}

impl Game {
    pub fn new(setup: Setup) -> Game {
        let mut laid_at = [None; 64];
        laid_at[setup.start.number() as usize - 1] = Some(0);
        laid_at[setup.start.complement().number() as usize - 1] = Some(0);
        let mut activated_at = [None; 8];
        for t in setup.active.iter() {
            activated_at[t.bits() as usize] = Some(0);
        }
        Game {
            setup,
            left: vec![setup.start],
            right: vec![setup.start.complement()],
            active: setup.active,
            laid_at,
            activated_at,
            spent_at: [None; 8],
            placements: Vec::new(),
            finish: None,
            last_usable: setup.active,
        }
    }

    /// The current end of a chain.
    pub fn end(&self, side: Side) -> Hexagram {
        match side {
            Side::Left => *self.left.last().expect("chains start with one card"),
            Side::Right => *self.right.last().expect("chains start with one card"),
        }
    }

    pub fn active(&self) -> TrigramSet {
        self.active
    }

    /// The finishing link and the move it happened at, once finished.
    pub fn finish(&self) -> Option<(usize, Link)> {
        self.finish
    }

    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    /// The whole line, left to right.
    pub fn sequence(&self) -> Vec<Hexagram> {
        self.left.iter().chain(self.right.iter().rev()).copied().collect()
    }

    /// Lays `card` on `side`, or says which rule forbids it. After a legal placement the
    /// game may be finished: the two ends link with the trigram cards active before the
    /// placement, less any it spent (cards it activates count from the next move).
    pub fn place(&mut self, card: Hexagram, side: Side) -> Result<Placement, Violation> {
        let step = self.placements.len() + 1;
        if let Some((finished_at, _)) = self.finish {
            return Err(Violation::AlreadyFinished { step, finished_at });
        }
        if let Some(laid_at) = self.laid_at[card.number() as usize - 1] {
            return Err(Violation::CardInSequence { step, card, laid_at });
        }
        if !self.setup.available.contains_hexagram(card) {
            return Err(Violation::NotAvailable { step, card });
        }
        let neighbour = self.end(side);
        let Some(how) = link(card, neighbour, self.active) else {
            let why = self.why_not(card, neighbour, self.active, None);
            return Err(Violation::NoLink { step, card, side, neighbour, why });
        };
        let mut usable = self.active;
        if let Some(spent) = how.trigram {
            usable.remove(spent);
            self.spent_at[spent.bits() as usize] = Some(step);
        }
        let next = activate(self.active, card, how);
        for t in next.iter().filter(|&t| !self.active.contains(t)) {
            self.activated_at[t.bits() as usize] = Some(step);
        }
        self.active = next;
        match side {
            Side::Left => self.left.push(card),
            Side::Right => self.right.push(card),
        }
        self.laid_at[card.number() as usize - 1] = Some(step);
        let placement = Placement { card, side, condition: how.condition, trigram: how.trigram };
        self.placements.push(placement);
        let (left, right) = (self.end(Side::Left), self.end(Side::Right));
        self.last_usable = usable;
        if let Some(finish) = link(left, right, usable) {
            self.finish = Some((step, finish));
        }
        Ok(placement)
    }

    /// Why `card` does not link to `neighbour`, in words. `this_move` is the move whose
    /// finish check is being explained (its own activations do not count yet).
    fn why_not(&self, card: Hexagram, neighbour: Hexagram, usable: TrigramSet, this_move: Option<usize>) -> String {
        let lines = card.differing_lines(neighbour);
        let listed = lines.iter().map(|l| l.to_string()).collect::<Vec<_>>().join(", ");
        let lines_part = if lines.len() == 2 {
            let aspect = if card.line(lines[0]) == Line::Yang { "yang" } else { "yin" };
            format!(
                "{card} differs from {neighbour} in lines {} and {}, both {aspect} in {card}, so they are not a swap",
                lines[0], lines[1]
            )
        } else {
            format!("{card} differs from {neighbour} in {} lines ({listed})", lines.len())
        };
        let trigram_part = match shared_trigram(card, neighbour) {
            None => "and they share no trigram in the same position".to_string(),
            Some((position, t)) => {
                debug_assert!(!usable.contains(t));
                let i = t.bits() as usize;
                let when = match (self.spent_at[i], self.activated_at[i]) {
                    (Some(s), _) if Some(s) == this_move => " (spent by this move)".to_string(),
                    (_, Some(a)) if Some(a) == this_move => {
                        " (activated by this move, usable from the next)".to_string()
                    }
                    (Some(s), _) => format!(" (spent at move {s})"),
                    _ => String::new(),
                };
                format!(
                    "and they share the {} trigram {t}, but the {t} trigram card is not active{when}",
                    position.name()
                )
            }
        };
        format!("{lines_part}, {trigram_part}")
    }
}

/// Checks a proposed sequence of placements, stopping at the first broken rule, and
/// reports it with the sequence's length and the optimal length. Errs only when the
/// search for the optimal length passes [`SEARCH_LIMIT`].
pub fn check(setup: &Setup, placements: &[(Hexagram, Side)]) -> Result<Report, ZhiPaiError> {
    let mut game = Game::new(*setup);
    let mut violation = None;
    for &(card, side) in placements {
        if let Err(v) = game.place(card, side) {
            violation = Some(v);
            break;
        }
    }
    if violation.is_none() && game.finish().is_none() {
        violation = Some(if placements.is_empty() {
            Violation::NoPlacements
        } else {
            let (left, right) = (game.end(Side::Left), game.end(Side::Right));
            let last = game.placements().len();
            let why = game.why_not(left, right, game.last_usable, Some(last));
            Violation::NotFinished { after: last, left, right, why }
        });
    }
    Ok(Report {
        valid: violation.is_none(),
        finished: game.finish().is_some(),
        length: setup_length(placements.len()),
        shortest: shortest(setup)?.map(|s| s.sequence.len()),
        errors: violation.iter().map(ToString::to_string).collect(),
        solo_score: None,
        violation,
    })
}

fn setup_length(placements: usize) -> usize {
    placements + 2
}

/// Per-hexagram link masks, by King Wen index (bit `n - 1` = card `n`), derived once
/// from the rule functions above.
struct Tables {
    hexagram: [Hexagram; 64],
    /// Conditions 1 or 2: links that spend nothing.
    free: [u64; 64],
    same_lower: [u64; 64],
    same_upper: [u64; 64],
    /// By trigram bits: the cards with that trigram, lower or upper.
    with_trigram: [u64; 8],
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let hexagram: [Hexagram; 64] = std::array::from_fn(|i| Hexagram::from_number(i as i64 + 1).expect("1..=64"));
        let mask = |f: &dyn Fn(Hexagram, Hexagram) -> bool| -> [u64; 64] {
            std::array::from_fn(|i| (0..64).filter(|&j| f(hexagram[i], hexagram[j])).fold(0, |m, j| m | 1 << j))
        };
        let everything = TrigramSet(u8::MAX);
        Tables {
            hexagram,
            free: mask(&|a, b| link(a, b, TrigramSet::EMPTY).is_some()),
            same_lower: mask(&|a, b| {
                matches!(shared_trigram(a, b), Some((Position::Lower, _))) && link(a, b, everything).is_some()
            }),
            same_upper: mask(&|a, b| {
                matches!(shared_trigram(a, b), Some((Position::Upper, _))) && link(a, b, everything).is_some()
            }),
            with_trigram: std::array::from_fn(|bits| {
                (0..64)
                    .filter(|&j| {
                        hexagram[j].lower().bits() as usize == bits || hexagram[j].upper().bits() as usize == bits
                    })
                    .fold(0, |m, j| m | 1 << j)
            }),
        }
    })
}

/// A small, fast hasher for the solver's packed states (FxHash's mixing step).
#[derive(Default)]
struct StateHasher(u64);

impl Hasher for StateHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// How many positions [`shortest`] may store before it gives up. A few adversarial
/// restricted decks (whose cards can wander for long without ever finishing) would
/// otherwise take exponential time; ordinary questions store a few hundred positions.
pub const SEARCH_LIMIT: usize = 1_000_000;

/// The fewest cards in a finished sequence, with one such sequence; `Ok(None)` when
/// there is none; an error only when the search passes [`SEARCH_LIMIT`] positions.
///
/// Why it is exact. A* over the complete game state: the two ends, the active trigram
/// cards and the set of cards used. Nothing else decides which placements are legal next
/// or whether a placement finishes, so two histories reaching the same state have the same
/// futures; and every history of a state has the same length (one card per placement), so
/// keeping the first is safe. At each placement only the canonical link of [`link`] is
/// tried (a free condition before condition 3), which loses nothing: keeping a trigram
/// card active only ever allows more. The estimate of the placements still needed
/// ([`lower_bound`]) is the number of cards on the shortest chain of links from one end to
/// the other through unused available cards, counting a condition-3 link only when its
/// trigram card could be active then, and at least 1. It never overestimates, and all
/// histories of a position have the same length, so a position on an optimal line is
/// always waiting with an estimated total no larger than the optimum: the first finish,
/// found from the position of lowest estimated total, is optimal. Ties go to the deeper
/// position, then to the first stored: left side before right, lower card numbers first.
pub fn shortest(setup: &Setup) -> Result<Option<Solution>, ZhiPaiError> {
    shortest_within(setup, SEARCH_LIMIT)
}

/// [`shortest`] with another limit on the positions stored (each costs about 70 bytes).
pub fn shortest_within(setup: &Setup, max_positions: usize) -> Result<Option<Solution>, ZhiPaiError> {
    let t = tables();
    let index = |h: Hexagram| h.number() as usize - 1;
    #[derive(Copy, Clone)]
    struct Node {
        left: u8,
        right: u8,
        active: TrigramSet,
        used: u64,
        parent: u32,
        card: u8,
        side: Side,
    }
    let start = Node {
        left: index(setup.start) as u8,
        right: index(setup.start.complement()) as u8,
        active: setup.active,
        used: 0,
        parent: u32::MAX,
        card: 0,
        side: Side::Left,
    };
    let available = setup.available.mask();
    let estimate = |n: &Node| lower_bound(t, n.left as usize, n.right as usize, n.active, available & !n.used);
    let key = |n: &Node| {
        u128::from(n.used) | u128::from(n.left) << 64 | u128::from(n.right) << 72 | u128::from(n.active.0) << 80
    };
    // Lowest estimated total first, then the deepest, then the first stored.
    let priority =
        |g: u32, h: u32, index: usize| Reverse(u64::from(g + h) << 40 | u64::from(63 - g) << 32 | index as u64);
    let Some(h0) = estimate(&start) else {
        return Ok(None);
    };
    let mut seen: HashSet<u128, BuildHasherDefault<StateHasher>> = HashSet::default();
    seen.insert(key(&start));
    let mut nodes = vec![start];
    let mut open = BinaryHeap::new();
    open.push(priority(0, h0, 0));
    while let Some(Reverse(entry)) = open.pop() {
        let at = (entry & 0xffff_ffff) as usize;
        let node = nodes[at];
        let depth = node.used.count_ones();
        let free_cards = available & !node.used;
        for side in [Side::Left, Side::Right] {
            let (end, other) = match side {
                Side::Left => (node.left as usize, node.right as usize),
                Side::Right => (node.right as usize, node.left as usize),
            };
            let end_hex = t.hexagram[end];
            let mut candidates = t.free[end];
            if node.active.contains(end_hex.lower()) {
                candidates |= t.same_lower[end];
            }
            if node.active.contains(end_hex.upper()) {
                candidates |= t.same_upper[end];
            }
            candidates &= free_cards;
            while candidates != 0 {
                let card = candidates.trailing_zeros() as usize;
                candidates &= candidates - 1;
                let card_hex = t.hexagram[card];
                let how = link(card_hex, end_hex, node.active).expect("candidates link by construction");
                let mut usable = node.active;
                if let Some(spent) = how.trigram {
                    usable.remove(spent);
                }
                let child = Node {
                    left: if side == Side::Left { card as u8 } else { node.left },
                    right: if side == Side::Right { card as u8 } else { node.right },
                    active: activate(node.active, card_hex, how),
                    used: node.used | 1 << card,
                    parent: at as u32,
                    card: card as u8,
                    side,
                };
                if link(card_hex, t.hexagram[other], usable).is_some() {
                    nodes.push(child);
                    return Ok(Some(replay(setup, &nodes)));
                }
                let Some(h) = estimate(&child) else { continue };
                if seen.insert(key(&child)) {
                    if nodes.len() >= max_positions {
                        return Err(ZhiPaiError::SearchLimit { start: setup.start.number(), positions: max_positions });
                    }
                    open.push(priority(depth + 1, h, nodes.len()));
                    nodes.push(child);
                }
            }
        }
    }
    return Ok(None);

    /// Rebuilds the last node's history and replays it through the rules.
    fn replay(setup: &Setup, nodes: &[Node]) -> Solution {
        let mut moves = Vec::new();
        let mut at = nodes.len() - 1;
        while nodes[at].parent != u32::MAX {
            moves.push((tables().hexagram[nodes[at].card as usize], nodes[at].side));
            at = nodes[at].parent as usize;
        }
        moves.reverse();
        let mut game = Game::new(*setup);
        for (card, side) in moves {
            game.place(card, side).expect("the solver only makes legal moves");
        }
        let (_, finish) = game.finish().expect("the solver stops at a finish");
        Solution { placements: game.placements().to_vec(), finish, sequence: game.sequence() }
    }
}

/// A lower bound on the placements still needed to finish: the cards on the shortest
/// chain of links from the left end to the right end through `unused` cards; at least 1.
/// `None` when no such chain exists: the position is dead.
///
/// A condition-3 link by trigram t counts when t's card could be active at that moment.
/// Between two unused cards: t is active now or some unused card carries it. On a link
/// that touches a current end, the unused card x is laid (or, finishing, checked) with the
/// trigram cards active *before* x is laid, so t must be active now or carried by an unused
/// card other than x: at least two unused cards carry it.
fn lower_bound(t: &Tables, left: usize, right: usize, active: TrigramSet, unused: u64) -> Option<u32> {
    let (mut interior, mut at_end) = (active.0, active.0);
    for (bits, cards) in t.with_trigram.iter().enumerate() {
        match (cards & unused).count_ones() {
            0 => {}
            1 => interior |= 1 << bits,
            _ => {
                interior |= 1 << bits;
                at_end |= 1 << bits;
            }
        }
    }
    let links = |x: usize, usable: u8| -> u64 {
        let h = t.hexagram[x];
        let mut m = t.free[x];
        if usable >> h.lower().bits() & 1 == 1 {
            m |= t.same_lower[x];
        }
        if usable >> h.upper().bits() & 1 == 1 {
            m |= t.same_upper[x];
        }
        m
    };
    let target = 1u64 << right;
    if links(left, interior) & target != 0 {
        return Some(1);
    }
    let mut frontier = links(left, at_end) & unused;
    let mut visited = frontier | 1 << left;
    let mut placements = 1;
    while frontier != 0 {
        let mut reach = 0;
        let mut rest = frontier;
        while rest != 0 {
            let x = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if links(x, at_end) & target != 0 {
                return Some(placements);
            }
            reach |= links(x, interior);
        }
        frontier = reach & unused & !visited;
        visited |= frontier;
        placements += 1;
    }
    None
}

/// One row of the solo penalty table: a Common Zone of `common_zone` cards at the end
/// (or more, when `or_more`) costs `penalty` points.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SoloPenalty {
    pub common_zone: u32,
    pub or_more: bool,
    pub penalty: u32,
}

/// The solo penalty by Common Zone size at the end of the game (SPEC §3).
pub const SOLO_PENALTIES: [SoloPenalty; 6] = [
    SoloPenalty { common_zone: 6, or_more: false, penalty: 0 },
    SoloPenalty { common_zone: 7, or_more: false, penalty: 1 },
    SoloPenalty { common_zone: 8, or_more: false, penalty: 2 },
    SoloPenalty { common_zone: 9, or_more: false, penalty: 4 },
    SoloPenalty { common_zone: 10, or_more: false, penalty: 8 },
    SoloPenalty { common_zone: 11, or_more: true, penalty: 16 },
];

/// The penalty for a Common Zone of this size at the end; below 6 is an error.
pub fn common_zone_penalty(common_zone: i64) -> Result<u32, ZhiPaiError> {
    SOLO_PENALTIES
        .iter()
        .rev()
        .find(|row| {
            i64::from(row.common_zone) == common_zone || row.or_more && common_zone >= i64::from(row.common_zone)
        })
        .map(|row| row.penalty)
        .ok_or(ZhiPaiError::CommonZoneTooSmall(common_zone))
}

/// The solo score of a finished game (lower is better): one point per card in the
/// sequence plus the Common Zone penalty.
pub fn solo_score(sequence_length: usize, common_zone: i64) -> Result<u32, ZhiPaiError> {
    Ok(sequence_length as u32 + common_zone_penalty(common_zone)?)
}

/// A shortest-sequence question as the HTTP API receives it:
/// `{"start":12,"available":[…],"active":["water"]}`; `available` defaults to the 62
/// cards other than the start and its complement, `active` to none.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Query {
    pub start: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub available: Option<Vec<i64>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub active: Vec<String>,
}

impl Query {
    /// Validates every field into a [`Setup`].
    pub fn setup(&self) -> Result<Setup, ZhiPaiError> {
        let start = Hexagram::from_number(self.start)?;
        let active = TrigramSet::from_names(&self.active)?;
        match &self.available {
            None => Ok(Setup { active, ..Setup::new(start) }),
            Some(numbers) => Setup::with_available(start, CardSet::from_numbers(numbers)?, active),
        }
    }
}

/// One placement as the API receives it: `{"card":6,"side":"left"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacementInput {
    pub card: i64,
    pub side: String,
}

/// A check request: the question's fields plus `"placements":[{"card":6,"side":"left"},…]`
/// and, optionally, `"common_zone"` (its size at the end) for the solo score.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "CheckWire")]
pub struct CheckQuery {
    #[serde(flatten)]
    pub query: Query,
    pub placements: Vec<PlacementInput>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub common_zone: Option<i64>,
}

/// The flat form of a check request on the wire. It exists so that a misspelt field is
/// refused (serde cannot deny unknown fields through `flatten`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckWire {
    start: i64,
    #[serde(default)]
    available: Option<Vec<i64>>,
    #[serde(default)]
    active: Vec<String>,
    placements: Vec<PlacementInput>,
    #[serde(default)]
    common_zone: Option<i64>,
}

impl From<CheckWire> for CheckQuery {
    fn from(w: CheckWire) -> Self {
        let query = Query { start: w.start, available: w.available, active: w.active };
        CheckQuery { query, placements: w.placements, common_zone: w.common_zone }
    }
}

impl CheckQuery {
    /// The placements, validated as cards and sides (not yet against the rules).
    pub fn placements(&self) -> Result<Vec<(Hexagram, Side)>, ZhiPaiError> {
        if self.placements.len() > 62 {
            return Err(ZhiPaiError::TooManyPlacements(self.placements.len()));
        }
        self.placements
            .iter()
            .map(|p| {
                let card = Hexagram::from_number(p.card).map_err(|_| DeckError::CardOutOfRange(p.card))?;
                Ok((card, p.side.parse()?))
            })
            .collect()
    }
}

/// Parses `6:left,22:right,…` (side `left`/`right`, or `l`/`r`).
pub fn parse_placements(text: &str) -> Result<Vec<(Hexagram, Side)>, ZhiPaiError> {
    let items: Vec<&str> = text.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
    if items.len() > 62 {
        return Err(ZhiPaiError::TooManyPlacements(items.len()));
    }
    items
        .into_iter()
        .map(|item| {
            let (card, side) = item.split_once(':').ok_or_else(|| ZhiPaiError::BadPlacement(item.to_string()))?;
            let number: i64 = card.trim().parse().map_err(|_| DeckError::NotACardNumber(card.trim().to_string()))?;
            let card = Hexagram::from_number(number).map_err(|_| DeckError::CardOutOfRange(number))?;
            Ok((card, side.parse()?))
        })
        .collect()
}

/// Answers a question from the API: the same body the CLI prints with `--json`.
pub fn solve_query(query: &Query) -> Result<Answer, ZhiPaiError> {
    Ok(shortest(&query.setup()?)?.into())
}

/// Checks placements from the API: the same body the CLI prints with `--json`. The solo
/// score is filled in when `common_zone` is given and the sequence is valid.
pub fn check_query(query: &CheckQuery) -> Result<Report, ZhiPaiError> {
    check_scored(&query.query.setup()?, &query.placements()?, query.common_zone)
}

/// [`check`], plus the solo score when a Common Zone size is given and the sequence is
/// valid. A Common Zone below 6 is an error.
pub fn check_scored(
    setup: &Setup,
    placements: &[(Hexagram, Side)],
    common_zone: Option<i64>,
) -> Result<Report, ZhiPaiError> {
    let penalty = common_zone.map(common_zone_penalty).transpose()?;
    let mut report = check(setup, placements)?;
    if report.valid {
        report.solo_score = penalty.map(|p| report.length as u32 + p);
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(n: i64) -> Hexagram {
        Hexagram::from_number(n).unwrap()
    }

    fn t(name: &str) -> Trigram {
        name.parse().unwrap()
    }

    fn setup(start: i64) -> Setup {
        Setup::new(h(start))
    }

    fn moves(list: &[(i64, Side)]) -> Vec<(Hexagram, Side)> {
        list.iter().map(|&(n, s)| (h(n), s)).collect()
    }

    use Side::{Left as L, Right as R};

    #[test]
    fn the_seed_example_is_legal_with_six_cards() {
        let report = check(&setup(12), &moves(&[(6, L), (22, R), (40, L), (55, L)])).unwrap();
        assert_eq!(report.errors, Vec::<String>::new());
        assert!(report.valid && report.finished);
        assert_eq!(report.length, 6);
        assert_eq!(report.shortest, Some(4));

        let mut game = Game::new(setup(12));
        let placed: Vec<Placement> =
            moves(&[(6, L), (22, R), (40, L), (55, L)]).into_iter().map(|(c, s)| game.place(c, s).unwrap()).collect();
        let conditions: Vec<(u8, Option<Trigram>)> = placed.iter().map(|p| (p.condition.number(), p.trigram)).collect();
        assert_eq!(conditions, [(1, None), (2, None), (3, Some(t("water"))), (3, Some(t("thunder")))]);
        // The seed finishes 55–22 by fire (both have fire below, fire active since move 2).
        // They also differ in lines 4 and 6 with opposite aspects, a free swap, which the
        // rules prefer because it keeps the fire card.
        assert_eq!(shared_trigram(h(55), h(22)), Some((Position::Lower, t("fire"))));
        assert!(game.active().contains(t("fire")));
        assert_eq!(game.finish(), Some((4, Link { condition: Condition::Swap, trigram: None })));
        assert_eq!(game.sequence().iter().map(|h| h.number()).collect::<Vec<_>>(), [12, 6, 40, 55, 22, 11]);
    }

    #[test]
    fn start_12_finishes_in_four() {
        let solution = shortest(&setup(12)).unwrap().unwrap();
        assert_eq!(solution.sequence.len(), 4);
        let replayed =
            check(&setup(12), &solution.placements.iter().map(|p| (p.card, p.side)).collect::<Vec<_>>()).unwrap();
        assert!(replayed.valid);
    }

    #[test]
    fn the_issue_example_sequence_checks() {
        let report = check(&setup(12), &moves(&[(17, L), (54, R)])).unwrap();
        assert!(report.valid, "{:?}", report.errors);
        let mut game = Game::new(setup(12));
        game.place(h(17), L).unwrap();
        game.place(h(54), R).unwrap();
        assert_eq!(game.finish(), Some((2, Link { condition: Condition::Swap, trigram: None })));
        assert_eq!(game.sequence().iter().map(|h| h.number()).collect::<Vec<_>>(), [12, 17, 54, 11]);
    }

    #[test]
    fn conditions_follow_the_spec() {
        // 12 → 6 changes line 2; 22 ↔ 11 swap lines 2 and 6; 2 and 8 differ in line 2 only.
        assert_eq!(link(h(6), h(12), TrigramSet::EMPTY).unwrap().condition, Condition::OneLine);
        assert_eq!(link(h(22), h(11), TrigramSet::EMPTY).unwrap().condition, Condition::Swap);
        // 2 (all yin) and 7 (line 2 yang... ) — two lines both yang in one card are no swap.
        // 2 = 000000 and 19 = 110000: lines 1 and 2 both yin in 2.
        assert!(!is_swap(h(2), h(19)));
        assert_eq!(link(h(2), h(19), TrigramSet::EMPTY), None);
        // 40 and 6 share the lower trigram water: needs the water card.
        assert_eq!(link(h(40), h(6), TrigramSet::EMPTY), None);
        let water: TrigramSet = [t("water")].into_iter().collect();
        assert_eq!(link(h(40), h(6), water), Some(Link { condition: Condition::Trigram, trigram: Some(t("water")) }));
        // Same trigram in different positions does not count: 5 (heaven below water) and 6 (water below heaven).
        let all: TrigramSet = Trigram::ALL.into_iter().collect();
        assert_eq!(shared_trigram(h(5), h(6)), None);
        assert_eq!(link(h(5), h(6), all), None);
    }

    #[test]
    fn activation_skips_the_spent_card() {
        let water: TrigramSet = [t("water")].into_iter().collect();
        let how = link(h(40), h(6), water).unwrap();
        let after = activate(water, h(40), how);
        assert_eq!(after, [t("thunder")].into_iter().collect());
    }

    #[test]
    fn every_rule_is_named() {
        let s12 = setup(12);
        let few = Setup::with_available(h(12), CardSet::from_numbers(&[6, 22]).unwrap(), TrigramSet::EMPTY).unwrap();
        type Case = (Setup, Vec<(Hexagram, Side)>, &'static str, &'static str);
        let cases: Vec<Case> = vec![
            (s12, vec![], "no-placements", "no card was laid, so the sequence is not finished"),
            (
                s12,
                moves(&[(17, L), (54, R), (1, L)]),
                "already-finished",
                "move 3: the sequence was already finished at move 2; no card may be laid after that",
            ),
            (
                s12,
                moves(&[(6, L), (6, R)]),
                "card-reused",
                "move 2: card 6 is already in the sequence (laid at move 1)",
            ),
            (s12, moves(&[(11, L)]), "card-reused", "move 1: card 11 is already in the sequence as a starting card"),
            (few, moves(&[(6, L), (25, L)]), "not-available", "move 2: card 25 is not among the available cards"),
            (
                s12,
                moves(&[(6, L), (22, R), (40, R)]),
                "no-link",
                "move 3: card 40 cannot be laid left of 22: 40 differs from 22 in 5 lines (1, 2, 3, 4, 6), and they share no trigram in the same position",
            ),
            (
                s12,
                moves(&[(40, L)]),
                "no-link",
                "move 1: card 40 cannot be laid right of 12: 40 differs from 12 in 3 lines (2, 5, 6), and they share no trigram in the same position",
            ),
            (
                s12,
                moves(&[(10, L)]),
                "no-link",
                "move 1: card 10 cannot be laid right of 12: 10 differs from 12 in lines 1 and 2, both yang in 10, so they are not a swap, and they share the upper trigram heaven, but the heaven trigram card is not active",
            ),
            (
                s12,
                moves(&[(2, L)]),
                "no-link",
                "move 1: card 2 cannot be laid right of 12: 2 differs from 12 in 3 lines (4, 5, 6), and they share the lower trigram earth, but the earth trigram card is not active",
            ),
            (
                s12,
                moves(&[(6, L), (22, R), (40, L), (59, L)]),
                "no-link",
                "move 4: card 59 cannot be laid right of 40: 59 differs from 40 in 3 lines (4, 5, 6), and they share the lower trigram water, but the water trigram card is not active (spent at move 3)",
            ),
            (
                s12,
                moves(&[(6, L), (22, R)]),
                "not-finished",
                "after move 2 the ends 6 and 22 do not link, so the sequence is not finished: 6 differs from 22 in 5 lines (1, 2, 3, 4, 5), and they share no trigram in the same position",
            ),
            (
                setup(1),
                moves(&[(7, R), (11, R)]),
                "not-finished",
                "after move 2 the ends 1 and 11 do not link, so the sequence is not finished: 1 differs from 11 in 3 lines (4, 5, 6), and they share the lower trigram heaven, but the heaven trigram card is not active (activated by this move, usable from the next)",
            ),
            (
                s12,
                moves(&[(25, L), (1, R)]),
                "not-finished",
                "after move 2 the ends 25 and 1 do not link, so the sequence is not finished: 25 differs from 1 in lines 2 and 3, both yin in 25, so they are not a swap, and they share the upper trigram heaven, but the heaven trigram card is not active (spent by this move)",
            ),
        ];
        for (setup, placements, rule, message) in cases {
            let report = check(&setup, &placements).unwrap();
            assert!(!report.valid, "{message}");
            assert_eq!(report.violation.as_ref().unwrap().rule(), rule, "{message}");
            assert_eq!(report.errors, [message]);
            assert_eq!(report.length, placements.len() + 2);
        }
    }

    #[test]
    fn dead_positions_are_seen_at_once() {
        // Start 2 (all yin) with every card of one or two yang lines, plus 11 (heaven below
        // earth). 11 links to 1 only by heaven, and no other card could activate heaven
        // before 11 is laid: there is no sequence, and the estimate sees it before searching
        // the many orders of the small cards.
        let mut cards: Vec<i64> =
            Hexagram::all().filter(|h| (1..=2).contains(&h.bits().count_ones())).map(|h| h.number().into()).collect();
        cards.push(11);
        let setup = Setup::with_available(h(2), CardSet::from_numbers(&cards).unwrap(), TrigramSet::EMPTY).unwrap();
        assert_eq!(shortest_within(&setup, 1000), Ok(None));
    }

    #[test]
    fn the_search_limit_is_an_error_not_a_hang() {
        let err = shortest_within(&setup(2), 5).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the search from start 2 gave up after 5 positions without finding a sequence or proving there is none; \
             list fewer available cards or more active trigrams"
        );
    }

    #[test]
    fn solo_penalties_follow_the_table() {
        let table: Vec<(i64, u32)> = vec![(6, 0), (7, 1), (8, 2), (9, 4), (10, 8), (11, 16), (40, 16)];
        for (zone, penalty) in table {
            assert_eq!(common_zone_penalty(zone), Ok(penalty), "{zone}");
        }
        assert_eq!(solo_score(6, 8), Ok(8));
        assert_eq!(
            common_zone_penalty(5).unwrap_err().to_string(),
            "a common zone of 5 cards is impossible; it holds 6 cards or more"
        );
    }

    #[test]
    fn queries_validate_their_fields() {
        let q = |json: &str| serde_json::from_str::<Query>(json).unwrap().setup().map_err(|e| e.to_string());
        assert_eq!(q(r#"{"start":12}"#).unwrap().available.len(), 62);
        assert_eq!(q(r#"{"start":65}"#).unwrap_err(), "hexagram number 65 is out of range 1..=64");
        assert_eq!(
            q(r#"{"start":12,"active":["lava"]}"#).unwrap_err(),
            r#"unknown trigram "lava"; expected one of heaven, lake, fire, thunder, wind, water, mountain, earth"#
        );
        assert_eq!(
            q(r#"{"start":12,"active":["water","kan"]}"#).unwrap_err(),
            "trigram water is listed twice; each trigram card is active or not"
        );
        assert_eq!(
            q(r#"{"start":12,"available":[6,11]}"#).unwrap_err(),
            "card 11 is on the table from the start (start 12, complement 11); list only other cards as available"
        );
        assert_eq!(
            q(r#"{"start":12,"available":[6,6]}"#).unwrap_err(),
            "card 6 is listed twice; each card may appear once"
        );
        let err = |s: &str| parse_placements(s).unwrap_err().to_string();
        assert_eq!(err("6"), r#"placement "6" is not of the form CARD:SIDE, such as 6:left"#);
        assert_eq!(
            err("6:up"),
            r#"unknown side "up"; expected left (right of the left end) or right (left of the right end)"#
        );
        assert_eq!(err("0:left"), "card 0 is out of range 1..=64");
    }
}
