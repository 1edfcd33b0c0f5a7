//! 易经牌's greedy heuristic, which the `greedy` bot follows and the `search` bot's
//! playouts use:
//! - **Hiding:** keep the taiji in the hidden hexagram (each matches either line), and
//!   prefer a hidden hexagram whose groups (pairs, or triples in the variant) mix yang and
//!   yin, since a random hand lays a mixed group more often than a double; a little more
//!   when the tiles kept in hand can open it.
//! - **Laying:** a group that wins first (the more points the better); then one that
//!   completes a hexagram matching the hidden one, or one like hexagrams already laid;
//!   then one that keeps the column on the hidden hexagram line by line from line 1; a
//!   pung gets a small bonus (it jumps the queue), and yang lines a smaller one (points).
//! - **Calls:** pung when the pung scores above a pass's fixed score, that is when it
//!   keeps the column on the hidden hexagram or finishes something; else pass.
//!
//! The search bot plays out only the eight hidden hexagrams this heuristic scores best (of
//! up to 729), and every lay and call.

use super::legal::{self, Call};
use super::tiles::{TileKind, Variant};
use super::{Action, YijingPai};
use crate::play::Seat;
use crate::play::bots::Heuristic;

/// A pass's score: a pung must do better.
const PASS: i32 = 12;

/// Hidden hexagrams the search bot plays out, the heuristic's best.
pub const SEARCHED_HIDES: usize = 8;

impl YijingPai {
    /// How many lines of `column`, from line 1, agree with `seat`'s hidden hexagram before
    /// the first that does not.
    fn on_target(&self, seat: Seat, column: &[legal::Laid]) -> usize {
        let Some(hidden) = self.hidden(seat) else { return 0 };
        column
            .iter()
            .zip(hidden)
            .take_while(|(t, k)| match k {
                TileKind::Taiji => true,
                TileKind::Yang => t.yang,
                TileKind::Yin => !t.yang,
            })
            .count()
    }
}

impl Heuristic for YijingPai {
    fn score(&self, action: &Action) -> i32 {
        let seat = self.to_move.unwrap_or(0);
        match *action {
            Action::Hide(kinds) => {
                let g = self.settings().group();
                let taiji = kinds.iter().filter(|&&k| k == TileKind::Taiji).count() as i32;
                let mixed =
                    kinds.chunks(g).filter(|c| c.contains(&TileKind::Yang) && c.contains(&TileKind::Yin)).count()
                        as i32;
                // The tiles kept: the hand minus the hidden ones.
                let mut n = legal::counts(self.hand(seat));
                for k in kinds {
                    n[k as usize] = n[k as usize].saturating_sub(1);
                }
                let opens = (0..(1u8 << g)).any(|bits| {
                    legal::can_form(n, bits, g)
                        && kinds[..g]
                            .iter()
                            .enumerate()
                            .all(|(i, &k)| k == TileKind::Taiji || (k == TileKind::Yang) == (bits >> i & 1 == 1))
                });
                20 * taiji + 4 * mixed + 3 * i32::from(opens)
            }
            Action::Pass => PASS,
            Action::Lay(lay) => {
                let column = legal::placed(self.column(seat), &lay.group, lay.place);
                let tempo = if lay.call == Call::Pung { 3 } else { 0 };
                let yang = column.iter().filter(|t| t.yang).count() as i32;
                if column.len() == 6 {
                    let bits = legal::column_bits(&column);
                    let halves: u32 = column.iter().map(|t| t.kind.points().halves()).sum();
                    if self.wins(seat, bits, 1).is_some() {
                        return 1000 + halves as i32;
                    }
                    let hidden = self.hidden(seat).is_some_and(|h| legal::matches_hidden(bits, h));
                    let alike = self.laid(seat).iter().filter(|d| d.bits == bits).count() as i32;
                    return 60 * i32::from(hidden) + 25 * alike + tempo + yang;
                }
                10 * self.on_target(seat, &column) as i32 + tempo + yang / 2
            }
        }
    }

    /// The search bot weighs only the [`SEARCHED_HIDES`] hidden hexagrams the heuristic
    /// likes best (a hand offers up to 729, most of them poor): its playouts then decide
    /// among them. Every other choice is played out in full.
    fn searched(&self, actions: Vec<Action>) -> Vec<Action> {
        if !matches!(actions.first(), Some(Action::Hide(_))) {
            return actions;
        }
        let mut scored: Vec<(i32, usize)> = actions.iter().enumerate().map(|(i, a)| (-self.score(a), i)).collect();
        scored.sort_unstable();
        scored.iter().take(SEARCHED_HIDES).map(|&(_, i)| actions[i]).collect()
    }

    /// How near `seat` stands to a win: the hidden hexagrams it has laid (two win), the
    /// most hexagrams alike (three win), and its column's lines on the hidden hexagram.
    fn value(&self, seat: Seat) -> f64 {
        let hidden = self.hidden(seat);
        let laid = self.laid(seat);
        let matches = hidden.map_or(0, |h| laid.iter().filter(|d| legal::matches_hidden(d.bits, h)).count());
        let alike = laid.iter().map(|d| laid.iter().filter(|e| e.bits == d.bits).count()).max().unwrap_or(0);
        let column = self.on_target(seat, self.column(seat)) as f64 / 6.0;
        let per_group = if self.settings().variant == Variant::Pairs { 0.1 } else { 0.15 };
        let progress = 0.4 * matches as f64 + 0.2 * alike.saturating_sub(1) as f64 + per_group * column * 3.0;
        progress.min(0.9)
    }
}
