//! Where the tiles of a board meet: seams placed between play spaces, never through one.
//!
//! A tiled board is glued from pages; the cut edge of each page (the seam) stays visible
//! on the finished board. Through a station, a grid square or the title it splits what a
//! player reads or puts a piece on, so a seam is moved to a gap between play spaces. Tiles
//! may then differ in length, each still fits the printable area, and neighbours always
//! overlap by the glue strip.
//!
//! Everything is along one axis, in art millimetres: the tiling calls [`split`] once for
//! the columns and once for the rows, with the play spaces' extents on that axis.

/// A stretch of one axis, `start..end`, no seam may fall strictly inside (a seam on its
/// edge, a grid line, is fine).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Span {
    /// Where it starts.
    pub start: f32,
    /// Where it ends.
    pub end: f32,
}

impl Span {
    /// Whether a seam at `at` would cut through this span.
    pub fn is_cut_by(&self, at: f32) -> bool {
        at > self.start + EPSILON_MM && at < self.end - EPSILON_MM
    }
}

/// Tolerance on positions, well under what anyone cuts or sees.
const EPSILON_MM: f32 = 0.01;

/// How many more tiles than the fewest are tried before giving up on a clean seam.
const EXTRA_TILES: usize = 2;

/// One tile along the axis: `start..end` in art millimetres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Piece {
    /// Where the tile starts (for every tile but the first, the seam).
    pub start: f32,
    /// Where it ends (for every tile but the last, the next seam plus the overlap).
    pub end: f32,
}

/// Splits `art` mm into tiles at most `usable` mm long, neighbours overlapping by
/// `overlap`, with no seam inside any of `avoid`. Seams go as near as allowed to where an
/// even split would put them. Uses the fewest tiles that allow clean seams (trying up to
/// two more than the fewest possible); `None` if even those cannot avoid every span.
/// Art that fits is one tile. Expects `usable > overlap >= 0`.
pub fn split(art: f32, usable: f32, overlap: f32, avoid: &[Span]) -> Option<Vec<Piece>> {
    if art <= usable {
        return Some(vec![Piece { start: 0.0, end: art }]);
    }
    let fewest = (((art - overlap) / (usable - overlap)).ceil() as usize).max(2);
    (fewest..=fewest + EXTRA_TILES).find_map(|n| split_into(n, art, usable, overlap, avoid))
}

/// [`split`] into exactly `n` tiles.
fn split_into(n: usize, art: f32, usable: f32, overlap: f32, avoid: &[Span]) -> Option<Vec<Piece>> {
    let step = usable - overlap;
    let even = (art - overlap) / n as f32;
    let mut seams = vec![0.0f32];
    for k in 1..n {
        let previous = *seams.last()?;
        // Far enough that the tiles after this seam can still reach the end of the art,
        // near enough that the tile before it fits the page.
        let lowest = (art - usable - (n - 1 - k) as f32 * step).max(previous + EPSILON_MM);
        let highest = previous + step;
        if lowest > highest {
            return None;
        }
        let wanted = k as f32 * even;
        let candidates =
            std::iter::once(wanted.clamp(lowest, highest)).chain(avoid.iter().flat_map(|s| [s.start, s.end]));
        let seam = candidates
            .filter(|&c| c >= lowest - EPSILON_MM && c <= highest + EPSILON_MM)
            .filter(|&c| !avoid.iter().any(|s| s.is_cut_by(c)))
            .min_by(|a, b| (a - wanted).abs().total_cmp(&(b - wanted).abs()))?;
        seams.push(seam);
    }
    if art - seams.last()? > usable + EPSILON_MM {
        return None;
    }
    let ends = seams.iter().skip(1).map(|s| s + overlap).chain(std::iter::once(art));
    Some(seams.iter().zip(ends).map(|(&start, end)| Piece { start, end }).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(pieces: &[Piece], art: f32, usable: f32, overlap: f32, avoid: &[Span]) {
        assert_eq!(pieces.first().unwrap().start, 0.0);
        assert_eq!(pieces.last().unwrap().end, art);
        for p in pieces {
            assert!(p.end - p.start <= usable + 1e-3, "{p:?} longer than {usable}");
        }
        for w in pieces.windows(2) {
            assert!((w[0].end - w[1].start - overlap).abs() < 1e-3, "overlap {w:?}");
            assert!(!avoid.iter().any(|s| s.is_cut_by(w[1].start)), "seam {} cuts a span", w[1].start);
        }
    }

    #[test]
    fn without_spans_the_split_is_even() {
        let pieces = split(300.0, 186.0, 15.0, &[]).unwrap();
        assert_eq!(pieces.len(), 2);
        check(&pieces, 300.0, 186.0, 15.0, &[]);
        assert!((pieces[1].start - 142.5).abs() < 1e-3);
    }

    #[test]
    fn a_seam_moves_to_the_nearest_edge_of_a_span() {
        let avoid = [Span { start: 130.0, end: 150.0 }, Span { start: 100.0, end: 128.0 }];
        let pieces = split(300.0, 186.0, 15.0, &avoid).unwrap();
        check(&pieces, 300.0, 186.0, 15.0, &avoid);
        assert_eq!(pieces[1].start, 150.0, "the even seam 142.5 lies in 130..150");
    }

    #[test]
    fn spans_covering_every_reachable_seam_need_another_tile() {
        // With two tiles the seam must lie in 114..171; the span covers it all.
        let avoid = [Span { start: 100.0, end: 180.0 }];
        let pieces = split(300.0, 186.0, 15.0, &avoid).unwrap();
        assert_eq!(pieces.len(), 3);
        check(&pieces, 300.0, 186.0, 15.0, &avoid);
        assert_eq!(split(300.0, 186.0, 15.0, &[Span { start: 1.0, end: 299.0 }]), None);
    }

    #[test]
    fn art_that_fits_is_one_piece() {
        assert_eq!(split(100.0, 186.0, 15.0, &[]).unwrap(), vec![Piece { start: 0.0, end: 100.0 }]);
    }
}
