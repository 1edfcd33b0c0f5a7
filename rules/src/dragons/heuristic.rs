//! Dragons of the Ba-Gua's greedy heuristic, which the `greedy` bot follows and the
//! `search` bot's playouts use. An action is worth the position it leads to, seen by the
//! dragon that acts: a sowing is worth the best move its element then allows (one move
//! ahead, no further); a move is worth where it leaves the two dragons. A position is
//! worth, from most to least: a won game; the damage each dragon can still take (its
//! health: life now plus four for each segment beyond the last), 100 a point; the fire
//! stones each holds, 30 each; a mouth against the other dragon, 20 (and the other
//! dragon's mouth against this one, −20); being near the other dragon's head, −3 a square.
//! Actions worth the same are told apart by a hash of the game's salt, the turn and the
//! action (a seeded coin, so that two greedy bots do not play the same game every time).

use super::moves::{bite, distance};
use super::rules::Dragon;
use super::{Action, Dragons, Task, dragon, seat};
use crate::play::bots::Heuristic;
use crate::play::{Game, Outcome, Seat};

/// Where the position stands for `me`, higher is better.
fn worth(g: &Dragons, me: Dragon) -> i32 {
    match g.outcome {
        Some(Outcome::Won(s)) => return if s == seat(me) { 100_000 } else { -100_000 },
        Some(Outcome::Stalled) => return 0,
        None => {}
    }
    let foe = me.opponent();
    let (a, b) = (g.board.beast(me), g.board.beast(foe));
    let mut w = 100 * (i32::from(a.health()) - i32::from(b.health()));
    w += 30 * (i32::from(a.fire) - i32::from(b.fire));
    if bite(&g.board, me) {
        w += 20;
    }
    if bite(&g.board, foe) {
        w -= 20;
    }
    w - 3 * i32::from(distance(a.head(), b.head()))
}

/// The best worth `me` can reach by its next move, if the game now waits on its move;
/// otherwise the worth of the position as it stands.
fn best_next(g: &Dragons, me: Dragon) -> i32 {
    if let Some(Task::Matter { dragon, space, own }) = g.front() {
        if dragon == me && g.outcome.is_none() {
            return g
                .moves(dragon, space)
                .into_iter()
                .map(|(path, then, after)| {
                    let mut next = g.clone();
                    next.act(dragon, space, own, path, then, after);
                    next.settle();
                    worth(&next, me)
                })
                .max()
                .unwrap_or(i32::MIN / 2);
        }
    }
    worth(g, me)
}

/// Below 1,024: the tie-break of `action` in `g`.
fn tie_break(g: &Dragons, action: &Action) -> i32 {
    let mut z = g.salt ^ u64::from(g.turns).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let words: [u64; 4] = match *action {
        Action::Sow { space, stones } => [1, u64::from(space), u64::from(stones.black_bits), u64::from(stones.len)],
        Action::Move { path, then } => {
            let mut h = 2u64;
            for s in path.steps() {
                let c = match *s {
                    super::moves::Step::To(c) => c,
                    super::moves::Step::Through { to, .. } => to,
                };
                h = h * 131 + u64::from(c.col()) * 9 + u64::from(c.row()) + 1;
            }
            [2, h, then as u64, u64::from(g.board.wheel[0].total())]
        }
    };
    for w in words {
        z = (z ^ w).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z ^= z >> 29;
    }
    (z & 1023) as i32
}

impl Dragons {
    /// What `action` is worth to the seat that takes it, before the tie-break.
    fn worth_of(&self, action: &Action) -> i32 {
        let Some(at) = self.to_move() else { return 0 };
        let me = dragon(at);
        let mut next = self.clone();
        match *action {
            Action::Sow { space, stones } => {
                let second = matches!(self.front(), Some(Task::Spirit { second: true }));
                next.sow(space as usize, stones, second);
                next.settle();
                best_next(&next, me)
            }
            Action::Move { .. } => {
                if next.apply(action).is_err() {
                    return i32::MIN / 2;
                }
                worth(&next, me)
            }
        }
    }
}

impl Heuristic for Dragons {
    fn score(&self, action: &Action) -> i32 {
        self.worth_of(action).saturating_mul(1024).saturating_add(tie_break(self, action))
    }

    fn value(&self, at: Seat) -> f64 {
        match self.outcome {
            Some(Outcome::Won(s)) => return f64::from(u8::from(s == at)),
            Some(Outcome::Stalled) => return 0.5,
            None => {}
        }
        let me = dragon(at);
        let (a, b) = (self.board.beast(me), self.board.beast(me.opponent()));
        let health = f64::from(a.health()) - f64::from(b.health());
        let fire = f64::from(a.fire) - f64::from(b.fire);
        (0.5 + health / 24.0 + fire / 48.0).clamp(0.02, 0.98)
    }
}
