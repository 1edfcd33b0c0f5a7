//! The Pathways ladder (docs/puzzles.md): from a hexagram to a hexagram on the 6d deck, dark side
//! up, with cards taken out so that exactly one shortest sequence remains and it is longer
//! than the plain line distance. Generated from a seed; both facts are proved by counting
//! the shortest sequences on what is left of the hypercube.

use crate::core::hexagram::{Hexagram, LinePosition};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

/// The rules of a ladder, short, as the page shows them beside the board (docs/conventions.md, The Changing Lines deck; docs/puzzles.md).
pub const RULES: [&str; 4] = [
    "Start a pile with the start card, dark side up: card n shows hexagram n.",
    "Each card laid on the pile differs from the top card in exactly one line.",
    "Each card is laid at most once, and the removed cards are out of the deck.",
    "Reach the goal with as few cards as you can; the start counts as card 1.",
];

/// A ladder: the question and its one shortest answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ladder {
    pub from: Hexagram,
    pub to: Hexagram,
    /// The cards taken out of the deck, ascending number.
    pub removed: Vec<Hexagram>,
    /// The unique shortest sequence, start and goal included (card n shows n).
    pub solution: Vec<Hexagram>,
    pub difficulty: LadderDifficulty,
}

/// How hard a ladder is, from its shape alone (players' results may rate it otherwise).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LadderDifficulty {
    /// Cards in the shortest sequence, the start included.
    pub length: usize,
    /// Cards beyond 1 + the line distance: the detour the removed cards force.
    pub detour: usize,
    /// Tempting dead ends: cards still in the deck, one line from a card of the answer,
    /// that bring the goal closer by a line yet lie on no shortest sequence.
    pub dead_ends: usize,
    /// `length + 2 × detour + dead_ends`: what the numbered series is sorted by.
    pub rating: usize,
}

/// Shortest sequences counted from `from` over the cards in `deck` (bit n − 1 of the
/// hexagram's bits): the number of moves to each card (`None`: unreachable) and how many
/// shortest sequences reach it, counted up to 2 (enough to tell one from several).
fn count_shortest(deck: u64, from: Hexagram) -> ([Option<u32>; 64], [u8; 64]) {
    let mut dist = [None; 64];
    let mut count = [0u8; 64];
    dist[from.bits() as usize] = Some(0);
    count[from.bits() as usize] = 1;
    let mut layer = vec![from];
    let mut depth = 0;
    while !layer.is_empty() {
        depth += 1;
        let mut next = Vec::new();
        for &h in &layer {
            for n in h.neighbours() {
                let i = n.bits() as usize;
                if deck >> i & 1 == 0 {
                    continue;
                }
                match dist[i] {
                    None => {
                        dist[i] = Some(depth);
                        count[i] = count[h.bits() as usize];
                        next.push(n);
                    }
                    Some(d) if d == depth => count[i] = (count[i] + count[h.bits() as usize]).min(2),
                    Some(_) => {}
                }
            }
        }
        layer = next;
    }
    (dist, count)
}

/// The number of shortest sequences from `from` to `to` over `deck` (up to 2) and their
/// number of moves; `None` when `to` cannot be reached.
pub fn shortest_count(deck: u64, from: Hexagram, to: Hexagram) -> Option<(u32, u8)> {
    let (dist, count) = count_shortest(deck, from);
    dist[to.bits() as usize].map(|d| (d, count[to.bits() as usize]))
}

const FULL: u64 = u64::MAX;

impl Ladder {
    /// The ladder of a seed. Deterministic: the same seed gives the same ladder.
    pub fn generate(seed: [u8; 32]) -> Ladder {
        let mut rng = ChaCha8Rng::from_seed(seed);
        loop {
            if let Some(ladder) = Ladder::attempt(&mut rng) {
                return ladder;
            }
        }
    }

    /// One try: a random start, a goal 2 to 5 lines away, a simple path that detours by
    /// one or two extra lines (each changed and changed back), then cards off that path
    /// taken out, one at a time from the other shortest sequences, until the path is the
    /// only shortest one; then every card that can go back in does. `None` when the path
    /// has a shortcut through its own cards.
    fn attempt(rng: &mut ChaCha8Rng) -> Option<Ladder> {
        let from = Hexagram::from_bits(rng.random_range(0..64));
        let mut lines = LinePosition::ALL.to_vec();
        lines.shuffle(rng);
        let distance = rng.random_range(2..=5);
        let extra = rng.random_range(1..=2.min(6 - distance));
        let mut flips: Vec<LinePosition> = lines[..distance].to_vec();
        for &line in &lines[distance..distance + extra] {
            flips.push(line);
            flips.push(line);
        }
        flips.shuffle(rng);
        let mut path = vec![from];
        for line in flips {
            path.push(path.last().expect("a start").changed(line));
        }
        let to = *path.last().expect("a goal");
        let on_path: u64 = path.iter().fold(0, |m, h| m | 1 << h.bits());
        if on_path.count_ones() as usize != path.len() {
            return None; // the path crosses itself
        }
        let moves = path.len() as u32 - 1;
        let mut deck = FULL;
        loop {
            let (d, count) = shortest_count(deck, from, to)?;
            if d == moves && count == 1 {
                break;
            }
            // Cards on some shortest sequence, off the path: take one out.
            let (from_start, _) = count_shortest(deck, from);
            let (from_goal, _) = count_shortest(deck, to);
            let candidates: Vec<u8> = (0..64u8)
                .filter(|&i| on_path >> i & 1 == 0 && deck >> i & 1 == 1)
                .filter(|&i| match (from_start[i as usize], from_goal[i as usize]) {
                    (Some(a), Some(b)) => a + b == d,
                    _ => false,
                })
                .collect();
            let &pick = candidates.choose(rng)?;
            deck &= !(1 << pick);
        }
        // Put back every card the answer can spare, in a random order: fewer cards out
        // leaves more tempting wrong turns on the table.
        let mut out: Vec<u8> = (0..64u8).filter(|&i| deck >> i & 1 == 0).collect();
        out.shuffle(rng);
        for i in out {
            if shortest_count(deck | 1 << i, from, to) == Some((moves, 1)) {
                deck |= 1 << i;
            }
        }
        let removed = {
            let mut r: Vec<Hexagram> = (0..64u8).filter(|&i| deck >> i & 1 == 0).map(Hexagram::from_bits).collect();
            r.sort_by_key(|h| h.number());
            r
        };
        let difficulty = difficulty(deck, &path, to);
        Some(Ladder { from, to, removed, solution: path, difficulty })
    }

    /// The cards left in the deck, as hexagram bits.
    pub fn deck(&self) -> u64 {
        self.removed.iter().fold(FULL, |m, h| m & !(1 << h.bits()))
    }
}

fn difficulty(deck: u64, path: &[Hexagram], to: Hexagram) -> LadderDifficulty {
    let length = path.len();
    let detour = length - 1 - path[0].distance(to) as usize;
    let on_path: u64 = path.iter().fold(0, |m, h| m | 1 << h.bits());
    let mut tempting = 0u64;
    for h in path {
        for n in h.neighbours() {
            let i = n.bits();
            if deck >> i & 1 == 1 && on_path >> i & 1 == 0 && n.distance(to) < h.distance(to) {
                tempting |= 1 << i;
            }
        }
    }
    let dead_ends = tempting.count_ones() as usize;
    LadderDifficulty { length, detour, dead_ends, rating: length + 2 * detour + dead_ends }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ladder_has_one_shortest_answer_that_detours() {
        for n in 0u8..200 {
            let ladder = Ladder::generate([n; 32]);
            let deck = ladder.deck();
            let (moves, count) = shortest_count(deck, ladder.from, ladder.to).expect("reachable");
            assert_eq!(count, 1, "seed {n}: exactly one shortest sequence");
            assert_eq!(moves as usize + 1, ladder.solution.len(), "seed {n}: the solution is shortest");
            assert!(ladder.solution.len() > 1 + ladder.from.distance(ladder.to) as usize, "seed {n}: a detour");
            assert!(deck >> ladder.from.bits() & 1 == 1 && deck >> ladder.to.bits() & 1 == 1, "ends stay in");
            for pair in ladder.solution.windows(2) {
                assert_eq!(pair[0].distance(pair[1]), 1);
                assert!(deck >> pair[1].bits() & 1 == 1);
            }
            assert_eq!(ladder, Ladder::generate([n; 32]), "deterministic");
        }
    }

    /// The counter itself, against a brute force over every simple path on a small deck.
    #[test]
    fn shortest_sequences_are_counted_right() {
        fn all_paths(deck: u64, at: Hexagram, to: Hexagram, seen: u64, len: u32, out: &mut Vec<u32>) {
            if at == to {
                out.push(len);
                return;
            }
            for n in at.neighbours() {
                if deck >> n.bits() & 1 == 1 && seen >> n.bits() & 1 == 0 {
                    all_paths(deck, n, to, seen | 1 << n.bits(), len + 1, out);
                }
            }
        }
        // The 16 hexagrams with lines 1 and 6 yang: a 4-cube, less two cards.
        let cube: u64 = (0..64u8).filter(|b| b & 0b100001 == 0b100001).fold(0, |m, b| m | 1 << b);
        for removed in [0u64, 1 << 0b100011, 1 << 0b100011 | 1 << 0b110001] {
            let deck = cube & !removed;
            let from = Hexagram::from_bits(0b100001);
            for to in (0..64u8).filter(|&b| deck >> b & 1 == 1).map(Hexagram::from_bits) {
                let mut lengths = Vec::new();
                all_paths(deck, from, to, 1 << from.bits(), 0, &mut lengths);
                let best = lengths.iter().min().copied();
                let ways = lengths.iter().filter(|&&l| Some(l) == best).count().min(2) as u8;
                assert_eq!(shortest_count(deck, from, to), best.map(|b| (b, ways)), "to {to:?}");
            }
        }
    }
}
