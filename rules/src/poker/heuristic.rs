//! I-Ching Stud's greedy heuristic, which the `greedy` bot follows and the `search` bot's
//! playouts use: bet by hand strength.
//!
//! A hand's **strength** is the place of its class among all five-card hands of the mode's
//! table (the share of hands in lower classes, plus half its own: a Pair in the fixed mode
//! is 0.22, a Five nearly 1); before the fifth card, the class the cards already make
//! (a Four, a Three, Twins, two Complements, a Pair, or nothing yet: 0.15). Its chance of
//! beating each opponent still in is taken as the strength, so the chance of winning is the
//! strength raised to their number (to half their number before the fifth card, for the
//! cards to come). The bot turns an up card the way that makes the stronger hand; it bets
//! or raises when its chance is at least 0.6 (0.7 to raise), calls when its chance is at
//! least the share of the pot the call would be, checks when it may, and folds otherwise.
//!
//! The search bot's value of a state where its playout stops: its chips, with the pot if
//! its hand wins when the cards of this deal are dealt out to the players still in (the
//! deal is the one the search dealt at random: averaged over its playouts, the hand's
//! equity), as a share of all the chips.

use super::features::turned;
use super::hand::{Class, Hand, Mode};
use super::measured;
use super::stud::{Action, CARDS, DOWN, Stud};
use crate::core::card::{Card, Orientation};
use crate::play::Seat;
use crate::play::bots::Heuristic;

/// Strength of a hand that makes no class yet.
const NOTHING: f64 = 0.15;

/// The place among all hands of the class at `rank` of `mode`'s table, 0 to 1.
pub fn percentile(mode: Mode, rank: usize) -> f64 {
    let table: &[(Class, u64)] = match mode {
        Mode::Fixed => &measured::FIXED,
        Mode::Variable => &measured::VARIABLE,
    };
    let total: u64 = table.iter().map(|r| r.1).sum();
    let below: u64 = table[rank + 1..].iter().map(|r| r.1).sum();
    (below as f64 + table[rank].1 as f64 / 2.0) / total as f64
}

/// The best rank (0 = highest) the cards of an unfinished hand already make in `mode`,
/// each lying as `orientations` says (`None`: the holder may still turn it).
fn made(mode: Mode, cards: &[Card], orientations: &[Option<Orientation>]) -> Option<usize> {
    let dark: Vec<u8> = cards.iter().map(|c| c.shows(Orientation::Dark).bits()).collect();
    let mut twins = 0;
    for (i, &a) in dark.iter().enumerate() {
        twins += dark[i + 1..].iter().filter(|&&b| b != a && turned(a) == b).count();
    }
    let free: Vec<usize> = (0..cards.len()).filter(|&i| mode == Mode::Variable && orientations[i].is_none()).collect();
    let mut best: Option<usize> = None;
    for turn in 0..1u32 << free.len() {
        let shown: Vec<u8> = (0..cards.len())
            .map(|i| {
                let light = match free.iter().position(|&f| f == i) {
                    Some(k) => turn >> k & 1 == 1,
                    None => orientations[i] == Some(Orientation::Light),
                };
                if light { turned(dark[i]) } else { dark[i] }
            })
            .collect();
        let (mut lower, mut upper) = ([0u8; 8], [0u8; 8]);
        let mut complements = 0;
        for (i, &h) in shown.iter().enumerate() {
            lower[(h & 7) as usize] += 1;
            upper[(h >> 3) as usize] += 1;
            complements += shown[i + 1..].iter().filter(|&&g| g ^ h == 63).count();
        }
        let share = *lower.iter().chain(&upper).max().unwrap_or(&0);
        let pairs = |c: &[u8; 8]| c.iter().filter(|&&n| n >= 2).count();
        let has = |class: Class| match class {
            Class::Four => share >= 4,
            Class::Three => share >= 3,
            Class::TwoPairs => pairs(&lower) >= 2 || pairs(&upper) >= 2,
            Class::Pair => share >= 2,
            Class::TwoTwins => twins >= 2,
            Class::Twins => twins >= 1,
            Class::TwoComplements => complements >= 2,
            _ => false,
        };
        if let Some(rank) = mode.ranking().iter().position(|&c| has(c)) {
            best = Some(best.map_or(rank, |b: usize| b.min(rank)));
        }
    }
    best
}

/// The strength of `seat`'s hand (see the module's words), its up cards lying as they do
/// and the one waiting to be turned lying `turning`, if given.
pub fn strength(game: &Stud, seat: Seat, turning: Option<Orientation>) -> f64 {
    let cards = &game.cards[seat];
    let mut orientations: Vec<Option<Orientation>> = vec![None; DOWN];
    orientations.extend(game.up[seat].iter().map(|&o| Some(o)));
    if orientations.len() < cards.len() {
        orientations.push(turning);
    }
    if cards.len() == CARDS && orientations.iter().skip(DOWN).all(Option::is_some) {
        let cards: [Card; CARDS] = std::array::from_fn(|i| cards[i]);
        let hand = Hand::best(game.mode, cards, std::array::from_fn(|i| orientations[i]));
        return percentile(game.mode, hand.rank);
    }
    made(game.mode, cards, &orientations).map_or(NOTHING, |rank| percentile(game.mode, rank))
}

/// The chance of winning the heuristic gives `seat`'s hand against the others still in.
fn chance(game: &Stud, seat: Seat, turning: Option<Orientation>) -> f64 {
    let others = (0..game.players).filter(|&s| s != seat && game.live[s]).count() as f64;
    let complete = game.cards[seat].len() == CARDS;
    strength(game, seat, turning).powf(if complete { others } else { others / 2.0 })
}

impl Heuristic for Stud {
    fn score(&self, action: &Action) -> i32 {
        let seat = self.to_move().expect("a seat to move");
        if let Action::Show(o) = *action {
            return (1000.0 * strength(self, seat, Some(o))) as i32;
        }
        let chance = chance(self, seat, None);
        let to_call = self.to_call(seat).min(self.stacks[seat]);
        let odds = f64::from(to_call) / f64::from(self.pot() + to_call);
        match action {
            Action::Show(_) => 0,
            Action::Fold => 0,
            Action::Check => 10,
            Action::Call => {
                if chance >= odds {
                    10
                } else {
                    -10
                }
            }
            Action::Bet => {
                if chance >= 0.6 {
                    20
                } else {
                    0
                }
            }
            Action::Raise => {
                if chance >= 0.7 {
                    20
                } else {
                    -20
                }
            }
        }
    }

    fn value(&self, seat: Seat) -> f64 {
        let total: u32 = self.stacks.iter().sum::<u32>() + self.pot();
        let mut mine = f64::from(self.stacks[seat]);
        if self.outcome.is_none() && self.live[seat] {
            let winners = dealt_out_winners(self);
            if winners.contains(&seat) {
                mine += f64::from(self.pot()) / winners.len() as f64;
            }
        }
        mine / f64::from(total)
    }
}

/// The players still in whose hands win when the rest of this hand's deck is dealt to them
/// in turn, each lying its best way (up cards as turned).
fn dealt_out_winners(game: &Stud) -> Vec<Seat> {
    let mut cards = game.cards.clone();
    let mut next = game.dealt;
    let seats: Vec<Seat> = game.order().filter(|&s| game.live[s]).collect();
    while seats.iter().any(|&s| cards[s].len() < CARDS) {
        for &s in &seats {
            cards[s].push(game.decks[game.hand][next]);
            next += 1;
        }
    }
    let hands: Vec<(Seat, Hand)> = seats
        .iter()
        .map(|&s| {
            let hand: [Card; CARDS] = std::array::from_fn(|i| cards[s][i]);
            let fixed = std::array::from_fn(|i| if i >= DOWN { game.up[s].get(i - DOWN).copied() } else { None });
            (s, Hand::best(game.mode, hand, fixed))
        })
        .collect();
    let best = hands.iter().map(|h| h.1).max_by(|a, b| a.beats(b)).expect("a player in");
    hands.into_iter().filter(|h| h.1.beats(&best).is_eq()).map(|h| h.0).collect()
}
