//! The exact solver: whether a deal can be won, knowing the stock's order, and the fewest
//! stock cards a win turns. It goes stock card by stock card: from every layout reached with
//! the stock at one card, every run of pile cards onto the centre, and what they reach is
//! where the next stock card starts. The first stock card at which the piles can be cleared
//! is the shortest win; a deal whose stock runs out first cannot be won.
//!
//! A layout (the four pile heights) is looked at once a stock card, with the set of centre
//! cards it can be reached with as 64 bits; a move takes one card off a pile, so the layouts
//! are worked through from the fullest down, each after every layout that leads to it.

use super::{DEPTH, Deal, PILES, STOCK, Variant};

/// Ways the four pile heights can stand: 13⁴.
pub(super) const LAYOUTS: usize = (DEPTH + 1).pow(PILES as u32);
/// Cards in the piles at the start.
const FULL: usize = PILES * DEPTH;

/// A solver, reusable across deals (its tables are large, and cleared by a generation count).
pub struct Solver {
    /// The centre cards each layout is reached with, for the stock card being worked on.
    tops: Vec<u64>,
    /// The generation `tops` was last written in, a layout each.
    written: Vec<u32>,
    /// Layouts by the cards left in them, for the stock card being worked on.
    buckets: Vec<Vec<u32>>,
    generation: u32,
    /// Layouts looked at by the last solve (a layout once a stock card).
    pub states: u64,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

/// What one card in each pile adds to a layout's index.
pub(super) const PLACE: [usize; PILES] = {
    let mut place = [1; PILES];
    let mut p = PILES - 1;
    while p > 0 {
        place[p - 1] = place[p] * (DEPTH + 1);
        p -= 1;
    }
    place
};

/// Index of a layout (pile heights) in mixed radix.
pub(super) fn index(heights: &[u8; PILES]) -> usize {
    heights.iter().fold(0, |k, &h| k * (DEPTH + 1) + h as usize)
}

pub(super) fn heights(mut index: usize) -> [u8; PILES] {
    let mut out = [0u8; PILES];
    for h in out.iter_mut().rev() {
        *h = (index % (DEPTH + 1)) as u8;
        index /= DEPTH + 1;
    }
    out
}

/// A variant's moves as bit sets: the readings of each card, and the centre cards each shown
/// hexagram may go onto.
struct Moves {
    readings: [u64; 64],
    onto: [u64; 64],
}

impl Moves {
    fn of(variant: Variant) -> Moves {
        let mut moves = Moves { readings: [0; 64], onto: [0; 64] };
        for card in 0..64u8 {
            moves.readings[card as usize] = variant.readings(card).fold(0, |m, r| m | 1 << r);
            moves.onto[card as usize] = (0..64u8).filter(|&top| variant.fits(card, top)).fold(0, |m, t| m | 1 << t);
        }
        moves
    }

    /// The readings of `card` that go onto one of the centre cards `tops`.
    fn laid(&self, card: u8, tops: u64) -> u64 {
        let mut readings = self.readings[card as usize];
        let mut out = 0;
        while readings != 0 {
            let r = readings.trailing_zeros();
            readings &= readings - 1;
            if self.onto[r as usize] & tops != 0 {
                out |= 1 << r;
            }
        }
        out
    }
}

impl Solver {
    pub fn new() -> Solver {
        Solver {
            tops: vec![0; LAYOUTS],
            written: vec![0; LAYOUTS],
            buckets: vec![Vec::new(); FULL + 1],
            generation: 0,
            states: 0,
        }
    }

    fn next_generation(&mut self) -> u32 {
        if self.generation == u32::MAX {
            self.written.fill(0);
            self.generation = 0;
        }
        self.generation += 1;
        self.generation
    }

    /// Adds centre cards `tops` to `layout` in generation `now`.
    fn reach(&mut self, layout: usize, cards: usize, tops: u64, now: u32) {
        if self.written[layout] != now {
            self.written[layout] = now;
            self.tops[layout] = 0;
            self.buckets[cards].push(layout as u32);
        }
        self.tops[layout] |= tops;
    }

    /// The fewest stock cards a win turns, or `None` if the deal cannot be won.
    pub fn shortest(&mut self, deal: &Deal, variant: Variant) -> Option<usize> {
        self.run(deal, variant, None)
    }

    /// One shortest win, as the player's actions (see [`super::answer`]), or `None` if the
    /// deal cannot be won.
    pub fn shortest_win(&mut self, deal: &Deal, variant: Variant) -> Option<Vec<super::engine::Action>> {
        self.shortest_with_win(deal, variant).map(|(_, win)| win)
    }

    /// [`Solver::shortest`] and [`Solver::shortest_win`] from one solve.
    pub fn shortest_with_win(&mut self, deal: &Deal, variant: Variant) -> Option<(usize, Vec<super::engine::Action>)> {
        let mut layers = Vec::new();
        let turned = self.run(deal, variant, Some(&mut layers))?;
        Some((turned, super::answer::walk_back(deal, variant, &layers)))
    }

    /// [`Solver::shortest`], keeping in `layers`, when given, the centre cards each layout
    /// is reached with (0: not reached) once the piles are played out at each stock card.
    fn run(&mut self, deal: &Deal, variant: Variant, mut layers: Option<&mut Vec<Vec<u64>>>) -> Option<usize> {
        let moves = Moves::of(variant);
        self.states = 0;
        let mut layer: Vec<(u32, u8)> = vec![(index(&[DEPTH as u8; PILES]) as u32, FULL as u8)];
        for turned in 0..=STOCK {
            let entry = if turned == 0 { deal.start } else { deal.stock[turned - 1] };
            let now = self.next_generation();
            for bucket in &mut self.buckets {
                bucket.clear();
            }
            for &(layout, cards) in &layer {
                self.reach(layout as usize, cards as usize, moves.readings[entry as usize], now);
            }
            for cards in (1..=FULL).rev() {
                let mut i = 0;
                while i < self.buckets[cards].len() {
                    let layout = self.buckets[cards][i] as usize;
                    i += 1;
                    self.states += 1;
                    let tops = self.tops[layout];
                    let h = heights(layout);
                    for p in 0..PILES {
                        if h[p] == 0 {
                            continue;
                        }
                        let laid = moves.laid(deal.piles[p][h[p] as usize - 1], tops);
                        if laid != 0 {
                            self.reach(layout - PLACE[p], cards - 1, laid, now);
                        }
                    }
                }
            }
            if let Some(layers) = layers.as_deref_mut() {
                let mut reached = vec![0u64; LAYOUTS];
                for &layout in self.buckets.iter().flatten() {
                    reached[layout as usize] = self.tops[layout as usize];
                }
                layers.push(reached);
            }
            if !self.buckets[0].is_empty() {
                self.states += 1;
                return Some(turned);
            }
            layer.clear();
            for (cards, bucket) in self.buckets.iter().enumerate() {
                layer.extend(bucket.iter().map(|&layout| (layout, cards as u8)));
            }
        }
        None
    }
}
