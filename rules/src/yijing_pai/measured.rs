//! What simulation measured of 易经牌, pinned: the rulebooks (English and Chinese) print
//! these figures, each with the command that reproduces it, and tests play the games again
//! and compare (a book never runs a simulation at print time).
//!
//! Every row is [`GAMES`] games from seed [`SEED`], four seats, the listed bots turned one
//! seat a game. The `greedy` bot follows the documented heuristic (`heuristic.rs`); the
//! `random` bot picks any legal action.

use super::Settings;
use super::record::{self, settings};
use crate::play::bots::Bot;
use crate::play::simulate::{GameResult, Summary};

/// Games a measured row plays.
pub const GAMES: u64 = 100_000;
/// Seed of every measured row.
pub const SEED: u64 = 1;
/// Seconds a turn that the books' times assume: a turn is one group laid and its draw,
/// with the others' look for a pung.
pub const SECONDS_A_TURN: u32 = 10;

/// One measured row: a setting, a pairing of bots, and what the games gave.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Measured {
    /// The set: 144 or 162 tiles.
    pub set: u32,
    /// Tiles dealt: 8 (pairs, the main game) or 9 (triples, the variant).
    pub hand: u32,
    /// The bots, as the command's `--bots` lists them.
    pub bots: &'static str,
    pub median_turns: u32,
    pub p90_turns: u32,
    /// Games won by the dealer (the first player).
    pub first_player_wins: u64,
    /// Games drawn: the wall ran out before anyone won (和局).
    pub drawn: u64,
}

/// The rulebooks' table: each setting between four greedy bots, between four random bots,
/// and two greedy against two random.
pub const MEASURED: [Measured; 12] = [
    Measured {
        set: 144,
        hand: 8,
        bots: "greedy",
        median_turns: 57,
        p90_turns: 57,
        first_player_wins: 3451,
        drawn: 88421,
    },
    Measured {
        set: 144,
        hand: 8,
        bots: "random",
        median_turns: 57,
        p90_turns: 57,
        first_player_wins: 507,
        drawn: 98275,
    },
    Measured {
        set: 144,
        hand: 8,
        bots: "greedy,random",
        median_turns: 57,
        p90_turns: 57,
        first_player_wins: 3383,
        drawn: 88048,
    },
    Measured {
        set: 162,
        hand: 8,
        bots: "greedy",
        median_turns: 66,
        p90_turns: 66,
        first_player_wins: 4349,
        drawn: 84956,
    },
    Measured {
        set: 162,
        hand: 8,
        bots: "random",
        median_turns: 66,
        p90_turns: 66,
        first_player_wins: 797,
        drawn: 97236,
    },
    Measured {
        set: 162,
        hand: 8,
        bots: "greedy,random",
        median_turns: 66,
        p90_turns: 66,
        first_player_wins: 4347,
        drawn: 84108,
    },
    Measured {
        set: 144,
        hand: 9,
        bots: "greedy",
        median_turns: 37,
        p90_turns: 37,
        first_player_wins: 15371,
        drawn: 56454,
    },
    Measured {
        set: 144,
        hand: 9,
        bots: "random",
        median_turns: 37,
        p90_turns: 37,
        first_player_wins: 499,
        drawn: 98455,
    },
    Measured {
        set: 144,
        hand: 9,
        bots: "greedy,random",
        median_turns: 37,
        p90_turns: 37,
        first_player_wins: 12543,
        drawn: 59402,
    },
    Measured {
        set: 162,
        hand: 9,
        bots: "greedy",
        median_turns: 40,
        p90_turns: 43,
        first_player_wins: 16203,
        drawn: 47642,
    },
    Measured {
        set: 162,
        hand: 9,
        bots: "random",
        median_turns: 43,
        p90_turns: 43,
        first_player_wins: 649,
        drawn: 97625,
    },
    Measured {
        set: 162,
        hand: 9,
        bots: "greedy,random",
        median_turns: 43,
        p90_turns: 43,
        first_player_wins: 13378,
        drawn: 51263,
    },
];

impl Measured {
    /// The row's settings.
    pub fn settings(&self) -> Settings {
        settings(self.set, self.hand).expect("a measured setting")
    }

    /// The row's bots.
    pub fn bot_list(&self) -> Vec<Bot> {
        self.bots.split(',').map(|b| b.parse().expect("a bot")).collect()
    }

    /// The command that reproduces the row.
    pub fn command(&self) -> String {
        let set = if self.set == 144 { String::new() } else { format!(" --option set={}", self.set) };
        let hand = if self.hand == 8 { String::new() } else { format!(" --hand {}", self.hand) };
        format!("hexforge simulate yijing-pai{set}{hand} --games {GAMES} --seed {SEED} --bots {} --json", self.bots)
    }

    /// Minutes at [`SECONDS_A_TURN`], rounded to the nearest minute.
    pub fn minutes(turns: u32) -> u32 {
        (turns * SECONDS_A_TURN + 30) / 60
    }

    /// The dealer's wins, as a share of all games.
    pub fn first_player_rate(&self) -> f64 {
        self.first_player_wins as f64 / GAMES as f64
    }

    /// The dealer's wins, as a share of the games someone won (a quarter is a fair share).
    pub fn first_player_share_of_wins(&self) -> f64 {
        self.first_player_wins as f64 / (GAMES - self.drawn) as f64
    }

    /// The drawn games, as a share of all games.
    pub fn drawn_rate(&self) -> f64 {
        self.drawn as f64 / GAMES as f64
    }

    /// The figures a summary gives, in this row's shape (to compare with the pinned ones).
    pub fn of(&self, summary: &Summary) -> Measured {
        Measured {
            median_turns: summary.turns.median,
            p90_turns: summary.turns.p90,
            first_player_wins: summary.first_player.wins,
            drawn: summary.stalled,
            ..*self
        }
    }
}

/// The summary of `games` games of a row's setting and bots (one core; the CLI spreads
/// them over all).
pub fn summary(row: &Measured, games: u64) -> Summary {
    let bots = row.bot_list();
    let results: Vec<GameResult> =
        (0..games).map(|index| record::simulated(row.settings(), &bots, SEED, index).0).collect();
    Summary::of(record::NAME, super::SEATS, SEED, &bots, &results)
}

/// Plays a row's games again.
pub fn measure(row: &Measured) -> Measured {
    row.of(&summary(row, GAMES))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commands_name_their_setting() {
        assert_eq!(MEASURED[0].command(), "hexforge simulate yijing-pai --games 100000 --seed 1 --bots greedy --json");
        assert_eq!(
            MEASURED[11].command(),
            "hexforge simulate yijing-pai --option set=162 --hand 9 --games 100000 --seed 1 --bots greedy,random --json"
        );
        assert_eq!(Measured::minutes(57), 10);
    }

    /// Prints every row as measured, to pin (`cargo test --release -p hexforge-rules
    /// yijing_pai::measured -- --ignored --nocapture`).
    #[test]
    #[ignore]
    fn print_the_rows() {
        for row in MEASURED {
            println!("{:?},", measure(&row));
        }
    }
}
