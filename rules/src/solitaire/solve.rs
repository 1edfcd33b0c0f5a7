//! The exact solver: whether a deal can be won, knowing the stock's order, and the fewest
//! stock cards a win turns. It goes stock card by stock card: from every layout reached with
//! the stock at one card, every run of pile cards onto the centre, and what they reach is
//! where the next stock card starts. The first stock card at which the piles can be cleared
//! is the shortest win; a deal whose stock runs out first cannot be won.

use super::{DEPTH, Deal, PILES, STOCK, Variant};

/// Ways the four pile heights can stand: 13⁴.
const LAYOUTS: usize = (DEPTH + 1).pow(PILES as u32);

/// A solver, reusable across deals (its tables are large, and cleared by a generation count).
pub struct Solver {
    /// One bit per (layout, centre card), for the stock card being worked on.
    seen: Vec<u64>,
    layouts: Vec<u32>,
    generation: u32,
    /// States (layout, centre card) looked at by the last solve.
    pub states: u64,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

/// What one card in each pile adds to a layout's index.
const PLACE: [usize; PILES] = {
    let mut place = [1; PILES];
    let mut p = PILES - 1;
    while p > 0 {
        place[p - 1] = place[p] * (DEPTH + 1);
        p -= 1;
    }
    place
};

/// Index of a layout (pile heights) in mixed radix.
fn index(heights: &[u8; PILES]) -> usize {
    heights.iter().fold(0, |k, &h| k * (DEPTH + 1) + h as usize)
}

fn heights(mut index: usize) -> [u8; PILES] {
    let mut out = [0u8; PILES];
    for h in out.iter_mut().rev() {
        *h = (index % (DEPTH + 1)) as u8;
        index /= DEPTH + 1;
    }
    out
}

impl Solver {
    pub fn new() -> Solver {
        Solver { seen: vec![0; LAYOUTS], layouts: vec![0; LAYOUTS], generation: 0, states: 0 }
    }

    fn next_generation(&mut self) -> u32 {
        if self.generation == u32::MAX {
            self.layouts.fill(0);
            self.generation = 0;
        }
        self.generation += 1;
        self.generation
    }

    /// The fewest stock cards a win turns, or `None` if the deal cannot be won.
    pub fn shortest(&mut self, deal: &Deal, variant: Variant) -> Option<usize> {
        self.states = 0;
        let full = index(&[DEPTH as u8; PILES]);
        let mut layer = vec![full];
        let mut stack: Vec<(usize, u8)> = Vec::new();
        for turned in 0..=STOCK {
            let entry = if turned == 0 { deal.start } else { deal.stock[turned - 1] };
            self.seen.fill(0);
            let layout_mark = self.next_generation();
            let mut reached = Vec::new();
            for &layout in &layer {
                for top in variant.readings(entry) {
                    if self.mark(layout, top) {
                        stack.push((layout, top));
                    }
                }
            }
            while let Some((layout, top)) = stack.pop() {
                self.states += 1;
                if layout == 0 {
                    return Some(turned);
                }
                if self.layouts[layout] != layout_mark {
                    self.layouts[layout] = layout_mark;
                    reached.push(layout);
                }
                let h = heights(layout);
                for p in 0..PILES {
                    if h[p] == 0 {
                        continue;
                    }
                    let card = deal.piles[p][h[p] as usize - 1];
                    let next = layout - PLACE[p];
                    for shown in variant.readings(card) {
                        if variant.fits(shown, top) && self.mark(next, shown) {
                            stack.push((next, shown));
                        }
                    }
                }
            }
            layer = reached;
        }
        None
    }

    /// Marks a state seen in this generation; whether it was new.
    fn mark(&mut self, layout: usize, top: u8) -> bool {
        let bit = 1u64 << top;
        let slot = &mut self.seen[layout];
        let new = *slot & bit == 0;
        *slot |= bit;
        new
    }
}
