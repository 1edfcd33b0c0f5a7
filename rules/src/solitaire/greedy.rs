//! The greedy player: it sees the piles and the centre card, never the stock. It lays a
//! pile card whenever one fits, choosing the one after which the most pile cards fit (then
//! the taller pile, then the leftmost, dark reading first), and turns a stock card, in the
//! reading after which the most pile cards fit, only when no pile card goes.

use super::{DEPTH, Deal, PILES, STOCK, Variant};

/// How many pile tops (in any reading) fit a centre card showing `top`.
fn fitting(deal: &Deal, heights: &[usize; PILES], variant: Variant, top: u8) -> usize {
    (0..PILES)
        .filter(|&p| heights[p] > 0)
        .filter(|&p| variant.readings(deal.piles[p][heights[p] - 1]).any(|shown| variant.fits(shown, top)))
        .count()
}

/// Plays a deal out; the stock cards turned if the piles are cleared, else `None`.
pub fn play(deal: &Deal, variant: Variant) -> Option<usize> {
    let mut heights = [DEPTH; PILES];
    let best_reading = |card: u8, heights: &[usize; PILES]| {
        variant
            .readings(card)
            .max_by_key(|&shown| (fitting(deal, heights, variant, shown), std::cmp::Reverse(shown)))
            .expect("a card has a reading")
    };
    let mut top = best_reading(deal.start, &heights);
    let mut turned = 0;
    loop {
        if heights.iter().all(|&h| h == 0) {
            return Some(turned);
        }
        let mut best: Option<((usize, usize, usize), usize, u8)> = None;
        for p in 0..PILES {
            if heights[p] == 0 {
                continue;
            }
            let card = deal.piles[p][heights[p] - 1];
            for shown in variant.readings(card) {
                if !variant.fits(shown, top) {
                    continue;
                }
                let mut after = heights;
                after[p] -= 1;
                let score = (fitting(deal, &after, variant, shown), heights[p], PILES - p);
                if best.is_none_or(|(s, _, _)| score > s) {
                    best = Some((score, p, shown));
                }
            }
        }
        match best {
            Some((_, p, shown)) => {
                heights[p] -= 1;
                top = shown;
            }
            None if turned < STOCK => {
                top = best_reading(deal.stock[turned], &heights);
                turned += 1;
            }
            None => return None,
        }
    }
}
