//! What simulation measured of Tao, pinned: the rulebook prints these figures, each with
//! the command that reproduces it, and a test plays the games again and compares (the
//! book never runs a simulation at print time).
//!
//! All are games between greedy bots (the `greedy` heuristic plays what a sensible
//! beginner plays: a card rather than a draw, a cancel or an invert when it can, the
//! Double Mirrors last), 10,000 games a setting, seed 1.

use crate::play::bots::Bot;
use crate::play::simulate::{GameResult, Summary};

/// Games a measured setting plays.
pub const GAMES: u64 = 10_000;
/// Seed of every measured setting.
pub const SEED: u64 = 1;
/// The bot at every seat.
pub const BOT: Bot = Bot::Greedy;
/// Seconds a turn that the book's times assume (a turn is one player's plays and draws).
pub const SECONDS_A_TURN: u32 = 10;

/// One measured setting and what it gave.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Measured {
    pub players: usize,
    /// Cards dealt to each player (eight players: 7 as the book deals, 8 as the source).
    pub hand: usize,
    pub median_turns: u32,
    pub p90_turns: u32,
    /// Games won by the player who moved first.
    pub first_player_wins: u64,
    /// Games that stalled (no winner).
    pub stalled: u64,
}

/// The rulebook's table: 2, 3, 4 and 6 players, and eight both as the source deals them
/// (eight cards each, every card in a hand: a third of the games stall) and with seven
/// cards each, as the book deals them.
pub const MEASURED: [Measured; 6] = [
    Measured { players: 2, hand: 8, median_turns: 37, p90_turns: 98, first_player_wins: 5120, stalled: 0 },
    Measured { players: 3, hand: 8, median_turns: 45, p90_turns: 109, first_player_wins: 3483, stalled: 0 },
    Measured { players: 4, hand: 8, median_turns: 49, p90_turns: 110, first_player_wins: 2620, stalled: 0 },
    Measured { players: 6, hand: 8, median_turns: 60, p90_turns: 113, first_player_wins: 1821, stalled: 1 },
    Measured { players: 8, hand: 8, median_turns: 48, p90_turns: 102, first_player_wins: 830, stalled: 3828 },
    Measured { players: 8, hand: 7, median_turns: 59, p90_turns: 103, first_player_wins: 1426, stalled: 166 },
];

impl Measured {
    /// The command that reproduces this setting's figures.
    pub fn command(&self) -> String {
        let usual = super::deal::default_hand(self.players);
        let hand = if self.hand == usual { String::new() } else { format!(" --hand {}", self.hand) };
        format!(
            "hexforge simulate tao --players {}{hand} --games {GAMES} --seed {SEED} --bots {} --json",
            self.players,
            BOT.name()
        )
    }

    /// Minutes at [`SECONDS_A_TURN`], rounded to the nearest minute.
    pub fn minutes(turns: u32) -> u32 {
        (turns * SECONDS_A_TURN + 30) / 60
    }

    /// The figures a summary gives, in this shape (to compare with the pinned ones).
    pub fn of(summary: &Summary, hand: usize) -> Measured {
        Measured {
            players: summary.players,
            hand,
            median_turns: summary.turns.median,
            p90_turns: summary.turns.p90,
            first_player_wins: summary.first_player.wins,
            stalled: summary.stalled,
        }
    }
}

/// Plays a measured setting's games again (one core; the CLI spreads them over all).
pub fn measure(players: usize, hand: usize) -> Measured {
    let results: Vec<GameResult> = (0..GAMES)
        .map(|index| super::record::simulated(players, hand, &[BOT], SEED, index).expect("a valid setting").0)
        .collect();
    Measured::of(&Summary::of("tao", players, SEED, &[BOT], &results), hand)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The figures the rulebook prints are what the games give.
    #[test]
    fn the_pinned_figures_are_what_the_simulations_give() {
        for pinned in MEASURED {
            assert_eq!(measure(pinned.players, pinned.hand), pinned, "{}", pinned.command());
        }
    }

    #[test]
    fn the_commands_name_their_setting() {
        // The book's deal needs no option; the source's eight cards to eight players does.
        assert_eq!(
            MEASURED[5].command(),
            "hexforge simulate tao --players 8 --games 10000 --seed 1 --bots greedy --json"
        );
        assert_eq!(
            MEASURED[4].command(),
            "hexforge simulate tao --players 8 --hand 8 --games 10000 --seed 1 --bots greedy --json"
        );
        assert_eq!(Measured::minutes(49), 8);
    }
}
