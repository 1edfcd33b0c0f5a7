//! What simulation measured of Pathways, pinned, for the rulebook to print with the command
//! that reproduces each figure; a test plays the games again and compares (nothing is
//! simulated at print time).
//!
//! All are games between greedy bots (the heuristic of [`super::engine`]: keep the most
//! onward moves for yourself and leave the others the fewest), 10,000 games a setting,
//! seed 1: 2, 3 and 4 players on each deck in the dark reading, and on the 4d and 6d decks
//! in free orientation (the seed offers it only for those two). [`VARIANT`]: the same dark
//! settings where the last player standing wins without the final play.

use super::Mode;
use crate::changing_lines::deck::{Deck, DeckName};
use crate::play::bots::Bot;
use crate::play::simulate::{GameResult, Summary};

/// Games a measured setting plays.
pub const GAMES: u64 = 10_000;
/// Seed of every measured setting.
pub const SEED: u64 = 1;
/// The bot at every seat.
pub const BOT: Bot = Bot::Greedy;

/// One measured setting and what it gave.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Measured {
    pub players: usize,
    pub deck: DeckName,
    pub mode: Mode,
    /// The seed's final play (`false`: the variant, `--last-standing-wins`).
    pub final_play: bool,
    pub median_turns: u32,
    pub p90_turns: u32,
    /// Games won by the player who moved first (seat 0).
    pub first_player_wins: u64,
    /// Games where the last player standing could not make the final play: two players
    /// share first place, no single winner (the summary's `stalled`).
    pub shared_first: u64,
}

/// The measured settings.
pub const MEASURED: [Measured; 18] = [
    Measured {
        players: 2,
        deck: DeckName::ThreeD,
        mode: Mode::Dark,
        final_play: true,
        median_turns: 8,
        p90_turns: 8,
        first_player_wins: 0,
        shared_first: 10000,
    },
    Measured {
        players: 3,
        deck: DeckName::ThreeD,
        mode: Mode::Dark,
        final_play: true,
        median_turns: 7,
        p90_turns: 8,
        first_player_wins: 5058,
        shared_first: 2595,
    },
    Measured {
        players: 4,
        deck: DeckName::ThreeD,
        mode: Mode::Dark,
        final_play: true,
        median_turns: 8,
        p90_turns: 8,
        first_player_wins: 432,
        shared_first: 7850,
    },
    Measured {
        players: 2,
        deck: DeckName::FourD,
        mode: Mode::Dark,
        final_play: true,
        median_turns: 14,
        p90_turns: 16,
        first_player_wins: 616,
        shared_first: 7367,
    },
    Measured {
        players: 3,
        deck: DeckName::FourD,
        mode: Mode::Dark,
        final_play: true,
        median_turns: 13,
        p90_turns: 17,
        first_player_wins: 3471,
        shared_first: 2498,
    },
    Measured {
        players: 4,
        deck: DeckName::FourD,
        mode: Mode::Dark,
        final_play: true,
        median_turns: 16,
        p90_turns: 19,
        first_player_wins: 886,
        shared_first: 6263,
    },
    Measured {
        players: 2,
        deck: DeckName::FiveD,
        mode: Mode::Dark,
        final_play: true,
        median_turns: 26,
        p90_turns: 30,
        first_player_wins: 318,
        shared_first: 8461,
    },
    Measured {
        players: 3,
        deck: DeckName::FiveD,
        mode: Mode::Dark,
        final_play: true,
        median_turns: 27,
        p90_turns: 33,
        first_player_wins: 2107,
        shared_first: 3436,
    },
    Measured {
        players: 4,
        deck: DeckName::FiveD,
        mode: Mode::Dark,
        final_play: true,
        median_turns: 29,
        p90_turns: 40,
        first_player_wins: 981,
        shared_first: 4431,
    },
    Measured {
        players: 2,
        deck: DeckName::SixD,
        mode: Mode::Dark,
        final_play: true,
        median_turns: 48,
        p90_turns: 50,
        first_player_wins: 1052,
        shared_first: 8948,
    },
    Measured {
        players: 3,
        deck: DeckName::SixD,
        mode: Mode::Dark,
        final_play: true,
        median_turns: 54,
        p90_turns: 65,
        first_player_wins: 2459,
        shared_first: 2357,
    },
    Measured {
        players: 4,
        deck: DeckName::SixD,
        mode: Mode::Dark,
        final_play: true,
        median_turns: 66,
        p90_turns: 75,
        first_player_wins: 1745,
        shared_first: 2586,
    },
    Measured {
        players: 2,
        deck: DeckName::FourD,
        mode: Mode::Free,
        final_play: true,
        median_turns: 14,
        p90_turns: 15,
        first_player_wins: 1050,
        shared_first: 7439,
    },
    Measured {
        players: 3,
        deck: DeckName::FourD,
        mode: Mode::Free,
        final_play: true,
        median_turns: 15,
        p90_turns: 16,
        first_player_wins: 1179,
        shared_first: 6472,
    },
    Measured {
        players: 4,
        deck: DeckName::FourD,
        mode: Mode::Free,
        final_play: true,
        median_turns: 15,
        p90_turns: 16,
        first_player_wins: 743,
        shared_first: 6658,
    },
    Measured {
        players: 2,
        deck: DeckName::SixD,
        mode: Mode::Free,
        final_play: true,
        median_turns: 50,
        p90_turns: 54,
        first_player_wins: 3118,
        shared_first: 3043,
    },
    Measured {
        players: 3,
        deck: DeckName::SixD,
        mode: Mode::Free,
        final_play: true,
        median_turns: 57,
        p90_turns: 71,
        first_player_wins: 2298,
        shared_first: 2752,
    },
    Measured {
        players: 4,
        deck: DeckName::SixD,
        mode: Mode::Free,
        final_play: true,
        median_turns: 71,
        p90_turns: 81,
        first_player_wins: 1794,
        shared_first: 2765,
    },
];

/// The variant where the last player standing wins at once: every game has a winner, but
/// two players hand the game to the second player (who can always answer the first's line).
pub const VARIANT: [Measured; 12] = [
    Measured {
        players: 2,
        deck: DeckName::ThreeD,
        mode: Mode::Dark,
        final_play: false,
        median_turns: 7,
        p90_turns: 7,
        first_player_wins: 0,
        shared_first: 0,
    },
    Measured {
        players: 3,
        deck: DeckName::ThreeD,
        mode: Mode::Dark,
        final_play: false,
        median_turns: 6,
        p90_turns: 7,
        first_player_wins: 5779,
        shared_first: 0,
    },
    Measured {
        players: 4,
        deck: DeckName::ThreeD,
        mode: Mode::Dark,
        final_play: false,
        median_turns: 7,
        p90_turns: 7,
        first_player_wins: 1463,
        shared_first: 0,
    },
    Measured {
        players: 2,
        deck: DeckName::FourD,
        mode: Mode::Dark,
        final_play: false,
        median_turns: 13,
        p90_turns: 15,
        first_player_wins: 616,
        shared_first: 0,
    },
    Measured {
        players: 3,
        deck: DeckName::FourD,
        mode: Mode::Dark,
        final_play: false,
        median_turns: 12,
        p90_turns: 16,
        first_player_wins: 4313,
        shared_first: 0,
    },
    Measured {
        players: 4,
        deck: DeckName::FourD,
        mode: Mode::Dark,
        final_play: false,
        median_turns: 15,
        p90_turns: 18,
        first_player_wins: 1216,
        shared_first: 0,
    },
    Measured {
        players: 2,
        deck: DeckName::FiveD,
        mode: Mode::Dark,
        final_play: false,
        median_turns: 25,
        p90_turns: 29,
        first_player_wins: 318,
        shared_first: 0,
    },
    Measured {
        players: 3,
        deck: DeckName::FiveD,
        mode: Mode::Dark,
        final_play: false,
        median_turns: 26,
        p90_turns: 32,
        first_player_wins: 3344,
        shared_first: 0,
    },
    Measured {
        players: 4,
        deck: DeckName::FiveD,
        mode: Mode::Dark,
        final_play: false,
        median_turns: 28,
        p90_turns: 39,
        first_player_wins: 1661,
        shared_first: 0,
    },
    Measured {
        players: 2,
        deck: DeckName::SixD,
        mode: Mode::Dark,
        final_play: false,
        median_turns: 47,
        p90_turns: 49,
        first_player_wins: 1850,
        shared_first: 0,
    },
    Measured {
        players: 3,
        deck: DeckName::SixD,
        mode: Mode::Dark,
        final_play: false,
        median_turns: 53,
        p90_turns: 64,
        first_player_wins: 3239,
        shared_first: 0,
    },
    Measured {
        players: 4,
        deck: DeckName::SixD,
        mode: Mode::Dark,
        final_play: false,
        median_turns: 65,
        p90_turns: 74,
        first_player_wins: 2260,
        shared_first: 0,
    },
];

impl Measured {
    /// The command that reproduces this setting's figures.
    pub fn command(&self) -> String {
        let mode = if self.mode == Mode::Dark { String::new() } else { format!(" --mode {}", self.mode) };
        let variant = if self.final_play { "" } else { " --last-standing-wins" };
        format!(
            "hexforge simulate pathways --players {} --deck {}{mode}{variant} --games {GAMES} --seed {SEED} --bots {} --json",
            self.players,
            self.deck,
            BOT.name()
        )
    }

    /// The figures a summary gives, in this shape (to compare with the pinned ones).
    pub fn of(summary: &Summary, deck: DeckName, mode: Mode, final_play: bool) -> Measured {
        Measured {
            players: summary.players,
            deck,
            mode,
            final_play,
            median_turns: summary.turns.median,
            p90_turns: summary.turns.p90,
            first_player_wins: summary.first_player.wins,
            shared_first: summary.stalled,
        }
    }
}

/// Plays a measured setting's games again (one core; the CLI spreads them over all).
pub fn measure(players: usize, deck: DeckName, mode: Mode, final_play: bool) -> Measured {
    let results: Vec<GameResult> = (0..GAMES)
        .map(|index| {
            super::engine::simulated_variant(Deck::named(deck), mode, players, final_play, &[BOT], SEED, index)
                .expect("a valid setting")
                .0
        })
        .collect();
    Measured::of(&Summary::of("pathways", players, SEED, &[BOT], &results), deck, mode, final_play)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pinned figures are what the games give.
    #[test]
    fn the_pinned_figures_are_what_the_simulations_give() {
        for pinned in MEASURED.into_iter().chain(VARIANT) {
            let measured = measure(pinned.players, pinned.deck, pinned.mode, pinned.final_play);
            assert_eq!(measured, pinned, "{}", pinned.command());
        }
    }

    #[test]
    fn the_commands_name_their_setting() {
        assert_eq!(
            MEASURED[0].command(),
            "hexforge simulate pathways --players 2 --deck 3d --games 10000 --seed 1 --bots greedy --json"
        );
        assert_eq!(
            MEASURED[17].command(),
            "hexforge simulate pathways --players 4 --deck 6d --mode free --games 10000 --seed 1 --bots greedy --json"
        );
        assert_eq!(
            VARIANT[4].command(),
            "hexforge simulate pathways --players 3 --deck 4d --last-standing-wins --games 10000 --seed 1 --bots greedy --json"
        );
    }
}
