//! Zhi Pai (docs/conventions.md, Zhi Pai): the rules of laying a card: the three link conditions, the trigram
//! cards, and a game in progress that refuses an illegal placement with the reason.
//!
//! The table holds two chains growing toward each other: the left chain starts with the
//! start hexagram S, the right chain with its complement. A card laid on the `left` side
//! goes right of the left chain's end; on the `right` side, left of the right chain's end.
//! The sequence is finished when, after a placement, the two ends link.
//!
//! The conditions and the trigram cards are written once, in [`link`] and [`activate`];
//! [`Chain::place`] (the checker's step) and the solver both call them, and every solution
//! is replayed through [`Chain::place`] before it is returned.

use crate::core::deck::{CardSet, DeckError};
use crate::core::error::CoreError;
use crate::core::hexagram::{Hexagram, Line};
use crate::core::trigram::Trigram;
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;
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
        match &*crate::core::folded(s) {
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

    /// The set as a bit mask, bit `t.bits()` for trigram `t`: the solver's state key.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The set of a bit mask (every `u8` is a set).
    pub const fn from_bits(bits: u8) -> TrigramSet {
        TrigramSet(bits)
    }

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

/// A chain in progress: the start card and the cards placed left and right of it, each
/// linked to its neighbour, with the rules of one placement and the history needed to
/// explain a refusal (when each trigram card was last activated or spent).
#[derive(Clone, Debug)]
pub struct Chain {
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

impl Chain {
    pub fn new(setup: Setup) -> Chain {
        let mut laid_at = [None; 64];
        laid_at[setup.start.number() as usize - 1] = Some(0);
        laid_at[setup.start.complement().number() as usize - 1] = Some(0);
        let mut activated_at = [None; 8];
        for t in setup.active.iter() {
            activated_at[t.bits() as usize] = Some(0);
        }
        Chain {
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

    /// Every placement legal next, by card number then side, each with the link it would
    /// make: what a player may do now. Empty once the sequence is finished.
    pub fn legal_next(&self) -> Vec<Placement> {
        if self.finish.is_some() {
            return Vec::new();
        }
        let unused = self.setup.available.iter().filter(|c| self.laid_at[c.number() as usize - 1].is_none());
        unused
            .filter_map(|c| Hexagram::from_number(i64::from(c.number())).ok())
            .flat_map(|card| {
                [Side::Left, Side::Right].into_iter().filter_map(move |side| {
                    let how = link(card, self.end(side), self.active)?;
                    Some(Placement { card, side, condition: how.condition, trigram: how.trigram })
                })
            })
            .collect()
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

    /// The trigram cards the last finish check could use: those active before the last
    /// placement, less any it spent.
    pub fn last_usable(&self) -> TrigramSet {
        self.last_usable
    }

    /// Why `card` does not link to `neighbour`, in words. `this_move` is the move whose
    /// finish check is being explained (its own activations do not count yet).
    pub fn why_not(&self, card: Hexagram, neighbour: Hexagram, usable: TrigramSet, this_move: Option<usize>) -> String {
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
