//! The Zhi Pai deal (docs/puzzles.md): the solo game with a known deal. A start hexagram, the
//! order in which the other 62 cards are revealed, and the lowest score a player can
//! reach, found by an exact search over turns through the rules' own [`Chain`].

use crate::core::hexagram::Hexagram;
use crate::zhi_pai::{Chain, Setup, Side, TrigramSet, common_zone_penalty};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use std::collections::HashSet;

/// Cards face up in the Common Zone before the first turn.
pub const OPENING_ZONE: usize = 6;

/// Positions the search of a deal may look at. A drawn deal that needs more is put aside
/// and another drawn, so that generating a puzzle stays quick; every published deal's
/// optimum is exact.
pub const SEARCH_BUDGET: usize = 10_000;

/// The rules of a deal, short, as the page shows them beside the board (docs/conventions.md, Zhi Pai; docs/puzzles.md).
pub const RULES: [&str; 6] = [
    "The start lies on the left, its complement on the right. The Common Zone shows 6 cards; after every turn the next card of the deal is revealed.",
    "A turn: take a card of the Common Zone and lay it right of the left end or left of the right end, or pass.",
    "A card links to the card it touches when (1) exactly one line differs, (2) exactly two lines differ, one turning yin and one turning yang (a swap), or (3) both have the same trigram in the same place (both lower or both upper) and that trigram card is active: linking so spends it.",
    "Laying a card activates the trigram cards of its two trigrams (except one just spent), usable from the next turn. None is active at the start.",
    "The game ends when the two ends link. Once all 62 cards are revealed a pass is refused, and with no card that links the game is lost.",
    "Score: cards in the line, both ends included, plus the Common Zone's size at the end: 6 cards add 0, 7 add 1, 8 add 2, 9 add 4, 10 add 8, 11 or more add 16. Lower is better.",
];

/// One turn: a card taken from the Common Zone and laid on a side, or a pass.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Turn {
    Place(Hexagram, Side),
    Pass,
}

/// A deal: the question and one best way to play it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    pub start: Hexagram,
    /// The other 62 cards in the order they are revealed.
    pub deal: Vec<Hexagram>,
    /// The lowest solo score: cards in the sequence plus the Common Zone penalty.
    pub optimum: u32,
    /// One list of turns that reaches it.
    pub solution: Vec<Turn>,
    pub difficulty: DealDifficulty,
}

/// How hard a deal is, from the best play alone.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DealDifficulty {
    /// Cards laid in the best play.
    pub placements: usize,
    /// Turns passed in it.
    pub passes: usize,
    /// Positions the exact search had to look at.
    pub positions: usize,
    /// `optimum + 2 × passes`: what the numbered series is sorted by.
    pub rating: u32,
}

/// The solo score of a finish after `placements` cards laid and `passes` passes.
fn score(placements: usize, passes: usize) -> u32 {
    let penalty = common_zone_penalty((OPENING_ZONE + passes) as i64).expect("six or more");
    (2 + placements) as u32 + penalty
}

/// A position after some turns: the game and the turns that led there.
#[derive(Clone)]
struct Position {
    game: Chain,
    turns: Vec<Turn>,
    used: u64,
}

/// The lowest score with one best list of turns, and the positions looked at; `None` when
/// every way to play is lost, or when the search passed [`SEARCH_BUDGET`] (then the
/// positions looked at exceed it). Exact: turn by turn, every card of the zone on either side
/// and the pass, positions merged when the ends, active trigram cards and used cards are
/// the same (the zone then is too); stopped once no unfinished position can still beat the
/// best score found (one more card and the penalty of the passes already made).
pub fn best_play(start: Hexagram, deal: &[Hexagram]) -> (Option<(u32, Vec<Turn>)>, usize) {
    let setup = Setup::new(start);
    let mut layer = vec![Position { game: Chain::new(setup), turns: Vec::new(), used: 0 }];
    let mut best: Option<(u32, Vec<Turn>)> = None;
    let mut looked = 0;
    for turn in 0..=deal.len() - OPENING_ZONE {
        let revealed = &deal[..OPENING_ZONE + turn];
        let mut next = Vec::new();
        let mut seen = HashSet::new();
        for position in &layer {
            let placed = position.used.count_ones() as usize;
            let passes = turn - placed;
            if best.as_ref().is_some_and(|(b, _)| score(placed + 1, passes) >= *b) {
                continue;
            }
            for &card in revealed.iter().filter(|c| position.used >> (c.number() - 1) & 1 == 0) {
                for side in [Side::Left, Side::Right] {
                    let mut game = position.game.clone();
                    if game.place(card, side).is_err() {
                        continue;
                    }
                    looked += 1;
                    if looked > SEARCH_BUDGET {
                        return (None, looked);
                    }
                    let mut turns = position.turns.clone();
                    turns.push(Turn::Place(card, side));
                    if game.finish().is_some() {
                        let s = score(placed + 1, passes);
                        if best.as_ref().is_none_or(|(b, _)| s < *b) {
                            best = Some((s, turns));
                        }
                        continue;
                    }
                    let used = position.used | 1 << (card.number() - 1);
                    let key = (game.end(Side::Left), game.end(Side::Right), game.active(), used);
                    if seen.insert(key) {
                        next.push(Position { game, turns, used });
                    }
                }
            }
            // Pass: the same position, one card more in the zone.
            let key =
                (position.game.end(Side::Left), position.game.end(Side::Right), position.game.active(), position.used);
            if turn + OPENING_ZONE < deal.len() && seen.insert(key) {
                let mut turns = position.turns.clone();
                turns.push(Turn::Pass);
                next.push(Position { game: position.game.clone(), turns, used: position.used });
            }
        }
        layer = next;
        if layer.is_empty() {
            break;
        }
    }
    (best, looked)
}

impl Deal {
    /// The deal of a seed: deals are drawn until one can be won with a score of at least 5
    /// (one that the opening zone finishes at once is no puzzle).
    pub fn generate(seed: [u8; 32]) -> Deal {
        let mut rng = ChaCha8Rng::from_seed(seed);
        loop {
            let start = Hexagram::from_bits(rng.random_range(0..64));
            let mut deal: Vec<Hexagram> = Hexagram::all().filter(|&h| h != start && h != start.complement()).collect();
            deal.shuffle(&mut rng);
            let (best, positions) = best_play(start, &deal);
            let Some((optimum, solution)) = best else { continue };
            debug_assert!(positions <= SEARCH_BUDGET);
            if optimum < 5 {
                continue;
            }
            let placements = solution.iter().filter(|t| matches!(t, Turn::Place(..))).count();
            let passes = solution.len() - placements;
            let difficulty = DealDifficulty { placements, passes, positions, rating: optimum + 2 * passes as u32 };
            return Deal { start, deal, optimum, solution, difficulty };
        }
    }
}

/// The verdict of the rules on a proposed list of turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The sequence finished after the last turn.
    pub finished: bool,
    /// Cards in the sequence, both starting cards included.
    pub length: usize,
    pub passes: usize,
    /// Once finished: the solo score.
    pub score: Option<u32>,
    /// The first turn that breaks a rule (from 1), with the rule's code and words.
    pub failure: Option<(usize, &'static str, String)>,
    /// The trigram cards active after the last legal turn.
    pub active: TrigramSet,
    /// Legal so far and not finished, but no turn is left: no card of the Common Zone
    /// links on either side, and every card of the deal is revealed (a pass reveals none).
    pub dead_end: bool,
}

/// Plays `turns` on the deal: the first turn that takes a card not in the Common Zone, lays
/// a card that does not link, passes when no card is left to reveal, or comes after the
/// finish is named.
pub fn play(start: Hexagram, deal: &[Hexagram], turns: &[Turn]) -> Played {
    let mut game = Chain::new(Setup::new(start));
    let (mut placed, mut passes) = (0usize, 0usize);
    let mut used = 0u64;
    let mut failure = None;
    for (i, &turn) in turns.iter().enumerate() {
        let step = i + 1;
        if game.finish().is_some() {
            failure = Some((step, "already-finished", format!("turn {step}: the sequence was already finished")));
            break;
        }
        let revealed = &deal[..(OPENING_ZONE + placed + passes).min(deal.len())];
        match turn {
            Turn::Pass if OPENING_ZONE + placed + passes >= deal.len() => {
                let why = format!(
                    "turn {step}: all {} cards of the deal are revealed, so a pass reveals nothing; lay a card of the Common Zone",
                    deal.len()
                );
                failure = Some((step, "nothing-to-reveal", why));
                break;
            }
            Turn::Pass => passes += 1,
            Turn::Place(card, side) => {
                if !revealed.contains(&card) || used >> (card.number() - 1) & 1 == 1 {
                    let zone: Vec<String> = revealed
                        .iter()
                        .filter(|c| used >> (c.number() - 1) & 1 == 0)
                        .map(|c| c.number().to_string())
                        .collect();
                    let why =
                        format!("turn {step}: card {} is not in the Common Zone ({})", card.number(), zone.join(", "));
                    failure = Some((step, "not-in-zone", why));
                    break;
                }
                if let Err(violation) = game.place(card, side) {
                    // The game counts placements ("move 3: …"); a deal counts turns, passes
                    // included, so the rule is named at its turn alone.
                    let words = violation.to_string();
                    let words = words
                        .split_once(": ")
                        .filter(|(head, _)| head.starts_with("move "))
                        .map_or(words.as_str(), |(_, rest)| rest);
                    failure = Some((step, violation.rule(), format!("turn {step}: {words}")));
                    break;
                }
                used |= 1 << (card.number() - 1);
                placed += 1;
            }
        }
    }
    let finished = failure.is_none() && game.finish().is_some();
    let active = game.active();
    let dead_end = failure.is_none() && !finished && {
        let shown = OPENING_ZONE + placed + passes;
        let zone = deal[..shown.min(deal.len())].iter().filter(|c| used >> (c.number() - 1) & 1 == 0);
        shown >= deal.len()
            && !zone
                .flat_map(|&c| [(c, Side::Left), (c, Side::Right)])
                .any(|(card, side)| game.clone().place(card, side).is_ok())
    };
    let score = finished.then(|| score(placed, passes));
    Played { finished, length: 2 + placed, passes, score, failure, active, dead_end }
}

impl std::fmt::Display for Turn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Turn::Place(card, side) => write!(f, "{}:{}", card.number(), side.name()),
            Turn::Pass => f.write_str("pass"),
        }
    }
}

/// Parses `17:left,pass,54:right`.
pub fn parse_turns(text: &str) -> Result<Vec<Turn>, crate::zhi_pai::ZhiPaiError> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|item| {
            if item == "pass" {
                return Ok(Turn::Pass);
            }
            let placed = crate::zhi_pai::parse_placements(item)?;
            Ok(Turn::Place(placed[0].0, placed[0].1))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every deal's best play checks as finished at the optimum through [`play`], and
    /// no play of at most three turns beats it (a brute force over every turn).
    #[test]
    fn the_best_play_reaches_the_optimum_and_nothing_short_beats_it() {
        for n in 0u8..20 {
            let deal = Deal::generate([n; 32]);
            let played = play(deal.start, &deal.deal, &deal.solution);
            assert_eq!((played.finished, played.score), (true, Some(deal.optimum)), "seed {n}: {played:?}");
            assert_eq!(deal, Deal::generate([n; 32]), "deterministic");
            let mut plays: Vec<Vec<Turn>> = vec![Vec::new()];
            for _ in 0..3 {
                let mut longer = Vec::new();
                for p in &plays {
                    let zone = &deal.deal[..OPENING_ZONE + p.len()];
                    let mut options = vec![Turn::Pass];
                    for &c in zone {
                        options.extend([Turn::Place(c, Side::Left), Turn::Place(c, Side::Right)]);
                    }
                    for t in options {
                        let mut q = p.clone();
                        q.push(t);
                        let r = play(deal.start, &deal.deal, &q);
                        if r.failure.is_some() {
                            continue;
                        }
                        if let Some(s) = r.score {
                            assert!(s >= deal.optimum, "seed {n}: {q:?} scores {s} < {}", deal.optimum);
                        } else {
                            longer.push(q);
                        }
                    }
                }
                plays = longer;
            }
        }
    }

    /// Once every card is revealed a pass is refused; the turns before it stand.
    #[test]
    fn a_pass_after_the_deal_ran_out_is_refused() {
        let deal = Deal::generate([5; 32]);
        let last = deal.deal.len() - OPENING_ZONE;
        let passes = vec![Turn::Pass; last];
        let played = play(deal.start, &deal.deal, &passes);
        assert_eq!((played.failure, played.passes), (None, last), "{last} passes reveal the whole deal");
        let mut more = passes.clone();
        more.push(Turn::Pass);
        let (turn, rule, why) = play(deal.start, &deal.deal, &more).failure.expect("refused");
        assert_eq!((turn, rule), (last + 1, "nothing-to-reveal"));
        assert!(why.contains("all 62 cards of the deal are revealed"), "{why}");
    }

    /// A dead end is a position with no turn left: found by trying every turn.
    #[test]
    fn a_dead_end_has_no_legal_turn() {
        for n in 0u8..6 {
            let deal = Deal::generate([n; 32]);
            let mut turns = vec![Turn::Pass; deal.deal.len() - OPENING_ZONE];
            let played = play(deal.start, &deal.deal, &turns);
            let any_legal =
                deal.deal.iter().flat_map(|&c| [Turn::Place(c, Side::Left), Turn::Place(c, Side::Right)]).any(|t| {
                    let mut longer = turns.clone();
                    longer.push(t);
                    play(deal.start, &deal.deal, &longer).failure.is_none()
                });
            assert_eq!(played.dead_end, !any_legal && !played.finished, "seed {n}");
            turns.truncate(1);
            assert!(!play(deal.start, &deal.deal, &turns).dead_end, "seed {n}: a pass is still possible");
        }
    }

    /// A card that does not link is named at its turn, counted as the deal counts them
    /// (passes included), not at the game's count of placements.
    #[test]
    fn a_refused_card_is_named_at_its_turn_alone() {
        let deal = Deal::generate([3; 32]);
        let mut refused = None;
        for &card in &deal.deal[..OPENING_ZONE + 1] {
            for side in [Side::Left, Side::Right] {
                let played = play(deal.start, &deal.deal, &[Turn::Pass, Turn::Place(card, side)]);
                if let Some((2, "no-link", why)) = played.failure {
                    refused = Some(why);
                }
            }
        }
        let why = refused.expect("some card of the zone does not link on some side");
        assert!(why.starts_with("turn 2: card ") && !why.contains("move 1"), "{why}");
    }

    #[test]
    fn a_card_not_in_the_zone_is_named() {
        let deal = Deal::generate([3; 32]);
        let hidden = deal.deal[OPENING_ZONE];
        let played = play(deal.start, &deal.deal, &[Turn::Place(hidden, Side::Left)]);
        let (turn, rule, why) = played.failure.expect("refused");
        assert_eq!((turn, rule), (1, "not-in-zone"));
        assert!(why.contains(&hidden.number().to_string()), "{why}");
        let turns = parse_turns("pass, 17:left ,pass").unwrap();
        assert_eq!(turns.iter().map(ToString::to_string).collect::<Vec<_>>(), ["pass", "17:left", "pass"]);
    }
}
