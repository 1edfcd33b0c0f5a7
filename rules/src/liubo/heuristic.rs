//! Liubo's greedy heuristic, which the `greedy` bot follows and the `search` bot's
//! playouts use. A move scores, highest first:
//! - landing on the enemy owl with an ordinary stone (it wins, rule 12), or taking the last
//!   enemy stone prisoner (rule 17);
//! - taking prisoners with the owl (300 a stone), demoting the enemy owl (400), sending
//!   enemy stones home (40 a stone);
//! - promoting (500), unless the enemy has five stones on the board (rule 13 would lose);
//! - completing a loop (60, and 250 more when it frees a prisoner);
//! - moving the owl out of reach of the enemy's next throw, never into it: a station an
//!   enemy stone reaches with a value costs 3,000 times the chance that one of the two
//!   groups shows that value (15/64 for 1 or 4, 39/64 for 2 or 3); a stone in reach of
//!   the enemy owl costs 300 times its chance, of an enemy stone 40 times;
//! - threatening the enemy owl (200 times the chance), then progress: the value walked,
//!   8 for a shortcut, 6 for a stone entering.
//!
//! A state's value for the search bot: even, moved by prisoners held (8 % each), owls
//! (12 %), and the chance that either owl falls to the next throw (35 %).

use super::moves::{StationNo, walks};
use super::{Action, CENTRE, Liubo, Move, Place, STONES};
use crate::play::bots::Heuristic;
use crate::play::{Game, Outcome, Seat};

/// Ways (of 8) one group scores each value 1..=4.
const WAYS: [i32; 4] = [1, 3, 3, 1];

/// The chance, in 64ths, that at least one of the two groups shows a value in `mask`
/// (bit v - 1 for value v).
fn hit64(mask: u8) -> i32 {
    let ways: i32 = (0..4).filter(|v| mask >> v & 1 == 1).map(|v| WAYS[v]).sum();
    64 - (8 - ways) * (8 - ways)
}

/// Which values bring a side's pieces onto each station: its ordinary stones (entering
/// too) and its owl, one bit a value.
struct Reach {
    stones: [u8; 30],
    owl: [u8; 30],
}

impl Reach {
    fn of(game: &Liubo, seat: Seat) -> Reach {
        let t = walks();
        let mut reach = Reach { stones: [0; 30], owl: [0; 30] };
        let mark = |bits: u32, value: usize, into: &mut [u8; 30]| {
            let mut b = bits;
            while b != 0 {
                let s = b.trailing_zeros() as usize;
                b &= b - 1;
                into[s] |= 1 << value;
            }
        };
        let mut home = false;
        for &place in game.places(seat) {
            match place {
                Place::At(spot) => {
                    for v in 0..4 {
                        mark(t.stone_reach[usize::from(spot)][v], v, &mut reach.stones);
                    }
                }
                Place::Owl(s) => {
                    for v in 0..4 {
                        mark(t.owl_reach[usize::from(s)][v], v, &mut reach.owl);
                    }
                }
                Place::Home => home = true,
                Place::Prisoner => {}
            }
        }
        if home {
            for v in 0..4 {
                reach.stones[usize::from(t.station[usize::from(t.enter[v])])] |= 1 << v;
            }
        }
        reach
    }
}

impl Liubo {
    /// Enemy pieces on `station`: ordinary stones, and whether the owl is there.
    fn enemy_at(&self, station: StationNo) -> (i32, bool) {
        let them = 1 - self.to_move;
        let mut stones = 0;
        let mut owl = false;
        for &p in self.places(them) {
            match p {
                Place::Owl(s) if s == station => owl = true,
                Place::At(_) if Liubo::station(p) == station => stones += 1,
                _ => {}
            }
        }
        (stones, owl)
    }

    /// Whether a stone's move loops and takes the shortcut.
    fn stone_walk(&self, m: &Move) -> (bool, bool) {
        let t = walks();
        for &p in self.places(self.to_move) {
            if let Place::At(spot) = p {
                if Some(t.station[usize::from(spot)]) != m.from {
                    continue;
                }
                for across in [false, true] {
                    if across && !t.shortcut[usize::from(spot)] {
                        continue;
                    }
                    let l = t.landing(spot, across, m.value);
                    if t.station[usize::from(l.spot)] == m.to {
                        return (l.looped, across);
                    }
                }
            }
        }
        (false, false)
    }

    fn score_move(&self, m: &Move) -> i32 {
        let me = self.to_move;
        let them = 1 - me;
        let (stones_there, owl_there) = self.enemy_at(m.to);
        if owl_there && !m.owl {
            return 1_000_000;
        }
        if m.owl && self.prisoners_of(them) + stones_there as usize == STONES {
            return 1_000_000;
        }
        let enemy = Reach::of(self, them);
        let owl_reach = |s: StationNo| if owl_there { 0 } else { hit64(enemy.owl[usize::from(s)]) };
        let stone_reach = |s: StationNo| hit64(enemy.stones[usize::from(s)]);
        let mut score = 0;
        let owl_after = m.owl || m.promote;
        if m.owl {
            score += 300 * stones_there + if owl_there { 400 } else { 0 };
        } else {
            score += 40 * stones_there;
        }
        if owl_after {
            score -= (3000 * stone_reach(m.to) + 400 * owl_reach(m.to)) / 64;
        } else {
            score -= (40 * stone_reach(m.to) + 300 * owl_reach(m.to)) / 64;
        }
        if let Some(from) = m.from {
            score += if m.owl {
                (3000 * stone_reach(from) + 400 * owl_reach(from)) / 64
            } else {
                (40 * stone_reach(from) + 300 * owl_reach(from)) / 64
            };
        }
        let enemy_on_board = self.on_board(them) as i32 - if m.owl { 0 } else { stones_there };
        if m.promote {
            score += if enemy_on_board >= 5 { -5000 } else { 500 };
        }
        let has_owl = self.owl(me).is_some() || m.promote;
        if has_owl && self.owl(them).is_none() && enemy_on_board - if m.owl { stones_there } else { 0 } >= 5 {
            score -= 2000;
        }
        if !m.owl {
            let (looped, across) = self.stone_walk(m);
            if looped {
                score += 60 + if self.prisoners_of(me) > 0 { 250 } else { 0 };
            }
            score += i32::from(m.value) * 2 + if across { 8 } else { 0 } + if m.from.is_none() { 6 } else { 0 };
            if let Some(owl) = self.owl(them) {
                let mut values = 0u8;
                let t = walks();
                let spot = (0..30).find(|&s| t.station[s] == m.to).unwrap_or(0);
                for v in 0..4 {
                    if t.stone_reach[spot][v] >> owl & 1 == 1 {
                        values |= 1 << v;
                    }
                }
                score += 200 * hit64(values) / 64;
            }
            if m.to == CENTRE && !m.promote && self.owl(me).is_none() {
                score -= 5;
            }
        }
        score
    }
}

impl Heuristic for Liubo {
    fn score(&self, action: &Action) -> i32 {
        match action {
            Action::Throw => 0,
            Action::Move(m) => self.score_move(m),
        }
    }

    fn value(&self, seat: Seat) -> f64 {
        if let Some(outcome) = self.outcome() {
            return match outcome {
                Outcome::Won(w) => f64::from(u8::from(w == seat)),
                Outcome::Stalled => 0.5,
            };
        }
        let them = 1 - seat;
        let held = self.prisoners_of(them) as f64 - self.prisoners_of(seat) as f64;
        let owls = f64::from(u8::from(self.owl(seat).is_some())) - f64::from(u8::from(self.owl(them).is_some()));
        let danger = |owner: Seat| {
            self.owl(owner).map_or(0.0, |s| f64::from(hit64(Reach::of(self, 1 - owner).stones[usize::from(s)])) / 64.0)
        };
        (0.5 + 0.08 * held + 0.12 * owls - 0.35 * danger(seat) + 0.35 * danger(them)).clamp(0.02, 0.98)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chance_of_a_value_in_either_group() {
        assert_eq!(hit64(0b0001), 15);
        assert_eq!(hit64(0b0010), 39);
        assert_eq!(hit64(0b1111), 64);
        assert_eq!(hit64(0), 0);
    }
}
