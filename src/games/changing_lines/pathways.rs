//! Pathways puzzles (SPEC §2): the fewest cards that lead from one hexagram to another,
//! one changed line per card, and the checking of a proposed sequence.
//!
//! The walk happens on the [`hypercube`](crate::core::hypercube). Cards are a layer on top:
//! card *n* shows *n* dark side up and inverse(*n*) turned light side up. In `free` mode
//! hexagram *h* can be laid with card *h* (dark) or card inverse(*h*) (light), so a pair
//! {*h*, inverse(*h*)} may own only one card of the deck; the search then has to remember
//! which such pairs it has used (see [`shortest`] for why that is exact).

use crate::core::card::{Card, Orientation};
use crate::core::deck::{Deck, DeckError, DeckName};
use crate::core::error::CoreError;
use crate::core::hexagram::Hexagram;
use crate::core::hypercube::hypercube;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A Pathways question or check the core refuses, naming the value.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PathwaysError {
    #[error(transparent)]
    Core(#[from] CoreError),
    #[error(transparent)]
    Deck(#[from] DeckError),
    #[error("unknown orientation mode {0:?}; expected dark, light or free")]
    UnknownMode(String),
    #[error("card {0:?} in the sequence is not of the form CARD:ORIENTATION, such as 44:dark")]
    BadLaidCard(String),
    #[error("give either a named deck or a list of cards, not both")]
    DeckAndCards,
    #[error("a sequence holds at most 64 cards, but this one has {0}")]
    SequenceTooLong(usize),
}

/// Which way cards may be laid.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Every card dark side up: card *n* shows *n*. The default.
    #[default]
    Dark,
    /// Every card turned: card *n* shows inverse(*n*).
    Light,
    /// Each card either way (the seed's advanced option).
    Free,
}

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::Dark, Mode::Light, Mode::Free];

    pub fn name(self) -> &'static str {
        match self {
            Mode::Dark => "dark",
            Mode::Light => "light",
            Mode::Free => "free",
        }
    }

    /// Whether a card may lie this way up in this mode.
    pub fn allows(self, orientation: Orientation) -> bool {
        match self {
            Mode::Dark => orientation == Orientation::Dark,
            Mode::Light => orientation == Orientation::Light,
            Mode::Free => true,
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Mode {
    type Err = PathwaysError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_lowercase().as_str() {
            "dark" => Ok(Mode::Dark),
            "light" => Ok(Mode::Light),
            "free" => Ok(Mode::Free),
            _ => Err(PathwaysError::UnknownMode(s.to_string())),
        }
    }
}

/// One card on the pile: which card, which way up, and the hexagram it then shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Laid {
    pub card: Card,
    pub orientation: Orientation,
    pub hexagram: Hexagram,
}

impl Laid {
    pub fn new(card: Card, orientation: Orientation) -> Laid {
        Laid { card, orientation, hexagram: card.shows(orientation) }
    }
}

/// A validated Pathways question: from, to, deck and orientation mode.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub from: Hexagram,
    pub to: Hexagram,
    pub deck: Deck,
    pub mode: Mode,
}

/// The answer to a shortest-sequence question, as JSON:
/// `{"length":7,"sequence":[{"card":1,"orientation":"dark","hexagram":1},…]}`, or
/// `{"length":null,"sequence":null}` when no sequence exists.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Answer {
    /// Cards laid, the start card included.
    pub length: Option<usize>,
    pub sequence: Option<Vec<Laid>>,
}

impl From<Option<Vec<Laid>>> for Answer {
    fn from(sequence: Option<Vec<Laid>>) -> Self {
        Answer { length: sequence.as_ref().map(Vec::len), sequence }
    }
}

/// The first rule a proposed sequence breaks. Moves count from 1 (the start card).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// No card at all.
    Empty,
    /// The card lies a way the mode does not allow.
    WrongOrientation { step: usize, card: Card, orientation: Orientation, mode: Mode },
    /// The card is not in the deck.
    NotInDeck { step: usize, card: Card, deck: Deck },
    /// The card was laid before.
    CardReused { step: usize, card: Card, first: usize },
    /// The start card does not show the start hexagram.
    WrongStart { laid: Laid, from: Hexagram },
    /// The card does not differ from the top of the pile in exactly one line.
    NotOneLine { step: usize, laid: Laid, top: Hexagram },
    /// Every move is legal but the pile does not end on the goal.
    WrongEnd { top: Hexagram, to: Hexagram },
}

impl Violation {
    /// A short name of the rule, stable for tests and clients.
    pub fn rule(&self) -> &'static str {
        match self {
            Violation::Empty => "empty",
            Violation::WrongOrientation { .. } => "orientation",
            Violation::NotInDeck { .. } => "not-in-deck",
            Violation::CardReused { .. } => "card-reused",
            Violation::WrongStart { .. } => "start",
            Violation::NotOneLine { .. } => "one-line",
            Violation::WrongEnd { .. } => "end",
        }
    }
}

/// "card 40 shows 40", or "card 44, laid light, shows 43".
fn describe_laid(laid: &Laid) -> String {
    match laid.orientation {
        Orientation::Dark => format!("card {} shows {}", laid.card.number(), laid.hexagram),
        Orientation::Light => format!("card {}, laid light, shows {}", laid.card.number(), laid.hexagram),
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Empty => {
                write!(f, "the sequence is empty; it must start with a card showing the start hexagram")
            }
            Violation::WrongOrientation { step, card, orientation, mode } => write!(
                f,
                "move {step}: card {} is laid {orientation}, but in {mode} mode every card lies {}",
                card.number(),
                if *mode == Mode::Dark { "dark side up" } else { "light side up" }
            ),
            Violation::NotInDeck { step, card, deck } => {
                write!(f, "move {step}: card {} is not in {deck}", card.number())
            }
            Violation::CardReused { step, card, first } => write!(
                f,
                "move {step}: card {} was already laid at move {first}; each card is laid at most once",
                card.number()
            ),
            Violation::WrongStart { laid, from } => {
                write!(f, "move 1: {}, but the sequence starts from {from}", describe_laid(laid))
            }
            Violation::NotOneLine { step, laid, top } => {
                let lines = laid.hexagram.distance(*top);
                let differs = if lines == 0 {
                    format!("which is the same hexagram as the top of the pile, {top}")
                } else {
                    format!("which differs from {top} in {lines} lines")
                };
                write!(f, "move {step}: {}, {differs}; a card must change exactly one line", describe_laid(laid))
            }
            Violation::WrongEnd { top, to } => {
                write!(f, "the sequence ends on {top}, not on the goal {to}")
            }
        }
    }
}

/// The verdict on a proposed sequence, as JSON:
/// `{"valid":false,"length":3,"shortest":7,"errors":["move 3: card 40 shows 40, …"]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    /// Every move legal and the pile ends on the goal.
    pub valid: bool,
    /// Cards in the proposed sequence.
    pub length: usize,
    /// The optimal length, `null` when the goal cannot be reached.
    pub shortest: Option<usize>,
    /// The first broken rule in words; empty when valid.
    pub errors: Vec<String>,
    /// The first broken rule, for programs.
    #[serde(skip)]
    pub violation: Option<Violation>,
}

/// The fewest cards leading from `from` to `to` (the start card counts), or `None`.
///
/// Ties are broken reproducibly: neighbours are tried in ascending King Wen number and a
/// hexagram is laid with its own card, dark, whenever that card is in the deck.
///
/// Why it is exact. A legal sequence is a walk on the hypercube through hexagrams the deck
/// can show, with distinct cards. A shortest one never repeats a hexagram (cutting the loop
/// leaves a legal, shorter sequence), so it is a simple path. Along a simple path a card can
/// only be wanted twice inside one pair {h, inverse(h)} whose two hexagrams both lie on the
/// path: with both cards of the pair in the deck each hexagram takes its own card dark; a
/// mirror is a single hexagram; so the one conflict is a pair with just one card in the deck
/// ("contested"), and in `dark`/`light` mode there is none. The search is therefore a
/// breadth-first search over (hexagram, contested pairs used), which is exact; a state is
/// skipped when the same hexagram was reached as early with a subset of pairs used, since
/// the earlier state can finish every way the later one can.
pub fn shortest(from: Hexagram, to: Hexagram, deck: &Deck, mode: Mode) -> Option<Vec<Laid>> {
    let table = ShowTable::new(deck, mode);
    let start = table.show[from.bits() as usize]?;
    if from == to {
        return Some(vec![start]);
    }
    struct Node {
        hexagram: Hexagram,
        used: u32,
        parent: u32,
    }
    let mut nodes = vec![Node { hexagram: from, used: table.class_bit(from), parent: u32::MAX }];
    let mut seen: [Vec<u32>; 64] = std::array::from_fn(|_| Vec::new());
    seen[from.bits() as usize].push(nodes[0].used);
    let mut next = 0;
    while next < nodes.len() {
        let (here, used) = (nodes[next].hexagram, nodes[next].used);
        for &(_, there) in hypercube().neighbours(here) {
            if table.show[there.bits() as usize].is_none() {
                continue;
            }
            let bit = table.class_bit(there);
            if used & bit != 0 {
                continue;
            }
            let now_used = used | bit;
            let masks = &mut seen[there.bits() as usize];
            if masks.iter().any(|&m| m & !now_used == 0) {
                continue;
            }
            masks.retain(|&m| now_used & !m != 0);
            masks.push(now_used);
            nodes.push(Node { hexagram: there, used: now_used, parent: next as u32 });
            if there == to {
                let mut path = Vec::new();
                let mut at = nodes.len() as u32 - 1;
                while at != u32::MAX {
                    let node = &nodes[at as usize];
                    path.push(table.show[node.hexagram.bits() as usize].expect("only showable hexagrams are queued"));
                    at = node.parent;
                }
                path.reverse();
                return Some(path);
            }
        }
        next += 1;
    }
    None
}

/// For each hexagram, the card that lays it (if any) and its contested pair (if any).
struct ShowTable {
    show: [Option<Laid>; 64],
    /// `class[bits]`: a bit per contested pair, 0 when not contested.
    class: [u32; 64],
}

impl ShowTable {
    fn new(deck: &Deck, mode: Mode) -> ShowTable {
        let mut show = [None; 64];
        let mut class = [0u32; 64];
        let mut classes = 0;
        for h in Hexagram::all() {
            let dark = Card::showing(h, Orientation::Dark);
            let light = Card::showing(h, Orientation::Light);
            let laid = |card, orientation| deck.contains(card).then(|| Laid::new(card, orientation));
            show[h.bits() as usize] = match mode {
                Mode::Dark => laid(dark, Orientation::Dark),
                Mode::Light => laid(light, Orientation::Light),
                Mode::Free => laid(dark, Orientation::Dark).or_else(|| laid(light, Orientation::Light)),
            };
            let contested = mode == Mode::Free && !h.is_mirror() && deck.contains(dark) != deck.contains(light);
            // Number each pair once, from its member with the lower card number.
            if contested && h.number() < h.inverse().number() {
                let bit = 1 << classes;
                classes += 1;
                class[h.bits() as usize] = bit;
                class[h.inverse().bits() as usize] = bit;
            }
        }
        ShowTable { show, class }
    }

    fn class_bit(&self, h: Hexagram) -> u32 {
        self.class[h.bits() as usize]
    }
}

/// Checks a proposed sequence against the rules, stopping at the first broken one,
/// and reports it with the sequence's length and the optimal length.
pub fn check(puzzle: &Puzzle, sequence: &[Laid]) -> Report {
    let violation = first_violation(puzzle, sequence);
    let shortest = shortest(puzzle.from, puzzle.to, &puzzle.deck, puzzle.mode).map(|s| s.len());
    Report {
        valid: violation.is_none(),
        length: sequence.len(),
        shortest,
        errors: violation.iter().map(ToString::to_string).collect(),
        violation,
    }
}

fn first_violation(puzzle: &Puzzle, sequence: &[Laid]) -> Option<Violation> {
    let Some(last) = sequence.last() else {
        return Some(Violation::Empty);
    };
    for (i, laid) in sequence.iter().enumerate() {
        let step = i + 1;
        let card = laid.card;
        if !puzzle.mode.allows(laid.orientation) {
            return Some(Violation::WrongOrientation { step, card, orientation: laid.orientation, mode: puzzle.mode });
        }
        if !puzzle.deck.contains(card) {
            return Some(Violation::NotInDeck { step, card, deck: puzzle.deck });
        }
        if let Some(first) = sequence[..i].iter().position(|earlier| earlier.card == card) {
            return Some(Violation::CardReused { step, card, first: first + 1 });
        }
        if i == 0 {
            if laid.hexagram != puzzle.from {
                return Some(Violation::WrongStart { laid: *laid, from: puzzle.from });
            }
        } else {
            let top = sequence[i - 1].hexagram;
            if laid.hexagram.distance(top) != 1 {
                return Some(Violation::NotOneLine { step, laid: *laid, top });
            }
        }
    }
    (last.hexagram != puzzle.to).then_some(Violation::WrongEnd { top: last.hexagram, to: puzzle.to })
}

/// A shortest-sequence question as the HTTP API receives it:
/// `{"from":1,"to":2,"deck":"6d","orientation":"dark"}`, or `"cards":[1,5,9]` instead of
/// `deck`. Both `deck` and `cards` absent means `6d`; `orientation` defaults to `dark`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Query {
    pub from: i64,
    pub to: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<Vec<i64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub orientation: Option<String>,
}

impl Query {
    /// Validates every field into a [`Puzzle`].
    pub fn puzzle(&self) -> Result<Puzzle, PathwaysError> {
        let from = Hexagram::from_number(self.from)?;
        let to = Hexagram::from_number(self.to)?;
        let deck = match (&self.deck, &self.cards) {
            (Some(_), Some(_)) => return Err(PathwaysError::DeckAndCards),
            (Some(name), None) => name.parse::<Deck>()?,
            (None, Some(cards)) => Deck::custom(cards)?,
            (None, None) => Deck::named(DeckName::SixD),
        };
        let mode = match &self.orientation {
            Some(text) => text.parse()?,
            None => Mode::default(),
        };
        Ok(Puzzle { from, to, deck, mode })
    }
}

/// One card of a proposed sequence as the API receives it: `{"card":1,"orientation":"dark"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LaidInput {
    pub card: i64,
    pub orientation: String,
}

/// A check request: the question's fields plus `"sequence":[{"card":1,"orientation":"dark"},…]`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "CheckWire")]
pub struct CheckQuery {
    #[serde(flatten)]
    pub query: Query,
    pub sequence: Vec<LaidInput>,
}

/// The flat form of a check request on the wire. It exists so that a misspelt field is
/// refused (serde cannot deny unknown fields through `flatten`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckWire {
    from: i64,
    to: i64,
    #[serde(default)]
    deck: Option<String>,
    #[serde(default)]
    cards: Option<Vec<i64>>,
    #[serde(default)]
    orientation: Option<String>,
    sequence: Vec<LaidInput>,
}

impl From<CheckWire> for CheckQuery {
    fn from(w: CheckWire) -> Self {
        let query = Query { from: w.from, to: w.to, deck: w.deck, cards: w.cards, orientation: w.orientation };
        CheckQuery { query, sequence: w.sequence }
    }
}

impl CheckQuery {
    /// The sequence, validated as cards and orientations (not yet against the rules).
    pub fn sequence(&self) -> Result<Vec<Laid>, PathwaysError> {
        if self.sequence.len() > 64 {
            return Err(PathwaysError::SequenceTooLong(self.sequence.len()));
        }
        self.sequence
            .iter()
            .map(|item| {
                let card = Card::from_number(item.card).map_err(|_| DeckError::CardOutOfRange(item.card))?;
                Ok(Laid::new(card, item.orientation.parse()?))
            })
            .collect()
    }
}

/// Parses `1:dark,44:dark,…` (orientation `dark`/`light`, or `d`/`l`).
pub fn parse_sequence(text: &str) -> Result<Vec<Laid>, PathwaysError> {
    let items: Vec<&str> = text.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
    if items.len() > 64 {
        return Err(PathwaysError::SequenceTooLong(items.len()));
    }
    items
        .into_iter()
        .map(|item| {
            let (card, orientation) =
                item.split_once(':').ok_or_else(|| PathwaysError::BadLaidCard(item.to_string()))?;
            let number: i64 = card.trim().parse().map_err(|_| DeckError::NotACardNumber(card.trim().to_string()))?;
            let card = Card::from_number(number).map_err(|_| DeckError::CardOutOfRange(number))?;
            Ok(Laid::new(card, orientation.parse()?))
        })
        .collect()
}

/// Answers a question from the API: the same body the CLI prints with `--json`.
pub fn solve_query(query: &Query) -> Result<Answer, PathwaysError> {
    let p = query.puzzle()?;
    Ok(shortest(p.from, p.to, &p.deck, p.mode).into())
}

/// Checks a sequence from the API: the same body the CLI prints with `--json`.
pub fn check_query(query: &CheckQuery) -> Result<Report, PathwaysError> {
    let puzzle = query.query.puzzle()?;
    let sequence = query.sequence()?;
    Ok(check(&puzzle, &sequence))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(n: i64) -> Hexagram {
        Hexagram::from_number(n).unwrap()
    }

    fn puzzle(from: i64, to: i64, deck: DeckName, mode: Mode) -> Puzzle {
        Puzzle { from: h(from), to: h(to), deck: Deck::named(deck), mode }
    }

    #[test]
    fn full_deck_dark_is_the_hamming_distance_plus_one() {
        let deck = Deck::named(DeckName::SixD);
        for a in Hexagram::all() {
            for b in Hexagram::all() {
                let path = shortest(a, b, &deck, Mode::Dark).unwrap();
                assert_eq!(path.len() as u32, a.distance(b) + 1);
            }
        }
    }

    #[test]
    fn the_start_card_counts_and_must_be_in_the_deck() {
        let three = Deck::named(DeckName::ThreeD);
        assert_eq!(
            shortest(h(1), h(1), &three, Mode::Dark).unwrap(),
            [Laid::new(Card::from_number(1).unwrap(), Orientation::Dark)]
        );
        assert_eq!(shortest(h(2), h(1), &three, Mode::Dark), None);
        // 1 → 11 in 3d: lines 4, 5, 6 change, four cards.
        assert_eq!(shortest(h(1), h(11), &three, Mode::Dark).unwrap().len(), 4);
    }

    #[test]
    fn light_mode_lays_the_inverse_cards() {
        // In light mode 3d shows the upper-heaven hexagrams.
        let path = shortest(h(1), h(12), &Deck::named(DeckName::ThreeD), Mode::Light).unwrap();
        assert_eq!(path.len(), 4);
        for laid in &path {
            assert_eq!(laid.orientation, Orientation::Light);
            assert_eq!(laid.card.shows(Orientation::Light), laid.hexagram);
        }
    }

    #[test]
    fn free_mode_respects_one_card_per_pair() {
        // Deck {5, 6}: card 5 shows 5 dark and 6 light; card 6 (=inverse of 5) is absent.
        // Hexagrams 5 and 6 are 3 lines apart anyway; use a pair of neighbours instead:
        // 43 (lake over heaven) and 44 (heaven over wind) are inverses and differ in lines 1 and 6,
        // so build a deck where the only way uses both members of a contested pair.
        let deck = Deck::custom(&[1, 43]).unwrap();
        // From 1: card 1; 43 by card 43 dark, 44 by card 43 light — but not both.
        let path = shortest(h(1), h(44), &deck, Mode::Free).unwrap();
        assert_eq!(path.len(), 2);
        assert_eq!(path[1], Laid::new(Card::from_number(43).unwrap(), Orientation::Light));
        assert_eq!(shortest(h(43), h(44), &deck, Mode::Free), None);
    }

    #[test]
    fn check_names_each_broken_rule() {
        let six = puzzle(12, 6, DeckName::SixD, Mode::Dark);
        let c = |n: i64| Card::from_number(n).unwrap();
        let dark = |n: i64| Laid::new(c(n), Orientation::Dark);
        let light = |n: i64| Laid::new(c(n), Orientation::Light);
        let cases: Vec<(Puzzle, Vec<Laid>, &str, &str)> = vec![
            (six, vec![], "empty", "the sequence is empty; it must start with a card showing the start hexagram"),
            (
                six,
                vec![dark(12), light(6)],
                "orientation",
                "move 2: card 6 is laid light, but in dark mode every card lies dark side up",
            ),
            (
                puzzle(1, 9, DeckName::ThreeD, Mode::Dark),
                vec![dark(1), dark(44)],
                "not-in-deck",
                "move 2: card 44 is not in the 3d deck",
            ),
            (
                puzzle(12, 12, DeckName::SixD, Mode::Free),
                vec![dark(12), dark(6), light(12)],
                "card-reused",
                "move 3: card 12 was already laid at move 1; each card is laid at most once",
            ),
            (six, vec![dark(11)], "start", "move 1: card 11 shows 11, but the sequence starts from 12"),
            (
                puzzle(12, 40, DeckName::SixD, Mode::Dark),
                vec![dark(12), dark(6), dark(40)],
                "one-line",
                "move 3: card 40 shows 40, which differs from 6 in 2 lines; a card must change exactly one line",
            ),
            (
                puzzle(12, 6, DeckName::SixD, Mode::Free),
                vec![dark(12), light(11)],
                "one-line",
                "move 2: card 11, laid light, shows 12, which is the same hexagram as the top of the pile, 12; a card must change exactly one line",
            ),
            (
                puzzle(12, 33, DeckName::SixD, Mode::Dark),
                vec![dark(12), dark(6)],
                "end",
                "the sequence ends on 6, not on the goal 33",
            ),
        ];
        for (p, seq, rule, message) in cases {
            let report = check(&p, &seq);
            assert!(!report.valid);
            assert_eq!(report.violation.as_ref().unwrap().rule(), rule, "{message}");
            assert_eq!(report.errors, [message]);
            assert_eq!(report.length, seq.len());
        }
        let ok = check(&six, &[dark(12), dark(6)]);
        assert!(ok.valid && ok.errors.is_empty());
        assert_eq!((ok.length, ok.shortest), (2, Some(2)));
    }

    #[test]
    fn queries_validate_their_fields() {
        let q = |json: &str| serde_json::from_str::<Query>(json).unwrap().puzzle().map_err(|e| e.to_string());
        assert_eq!(q(r#"{"from":1,"to":2}"#).unwrap().deck, Deck::named(DeckName::SixD));
        assert_eq!(q(r#"{"from":1,"to":2,"cards":[1,2],"orientation":"free"}"#).unwrap().mode, Mode::Free);
        assert_eq!(q(r#"{"from":65,"to":2}"#).unwrap_err(), "hexagram number 65 is out of range 1..=64");
        assert_eq!(
            q(r#"{"from":1,"to":2,"deck":"7d"}"#).unwrap_err(),
            r#"unknown deck "7d"; expected 3d, 4d, 5d, 6d or a list of card numbers"#
        );
        assert_eq!(
            q(r#"{"from":1,"to":2,"cards":[1,1]}"#).unwrap_err(),
            "card 1 is listed twice; each card may appear once"
        );
        assert_eq!(
            q(r#"{"from":1,"to":2,"orientation":"up"}"#).unwrap_err(),
            r#"unknown orientation mode "up"; expected dark, light or free"#
        );
        assert_eq!(
            q(r#"{"from":1,"to":2,"deck":"3d","cards":[1]}"#).unwrap_err(),
            "give either a named deck or a list of cards, not both"
        );
        let check = serde_json::from_str::<CheckQuery>(
            r#"{"from":12,"to":6,"sequence":[{"card":12,"orientation":"dark"},{"card":6,"orientation":"dark"}]}"#,
        )
        .unwrap();
        assert!(check_query(&check).unwrap().valid);
    }

    #[test]
    fn sequences_parse_and_refuse_garbage() {
        let seq = parse_sequence("1:dark, 44:l").unwrap();
        assert_eq!(seq[1], Laid::new(Card::from_number(44).unwrap(), Orientation::Light));
        let err = |s: &str| parse_sequence(s).unwrap_err().to_string();
        assert_eq!(err("1"), r#"card "1" in the sequence is not of the form CARD:ORIENTATION, such as 44:dark"#);
        assert_eq!(err("65:dark"), "card 65 is out of range 1..=64");
        assert_eq!(err("1:free"), r#"unknown orientation "free"; expected dark or light"#);
        assert_eq!(err("x:dark"), r#""x" is not a card number; expected a whole number 1..=64"#);
    }
}
