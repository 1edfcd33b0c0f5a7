//! How strong I-Ching Poker's bots are, pinned: docs/poker.md prints these figures, each
//! with the command that reproduces it (`hexforge simulate poker … --json`, whose
//! `wins_by_bot` they are), and a test plays the first games of each setting again.
//!
//! A setting seats the listed bots turned one seat a game (each sits in each seat equally
//! often); a bot's wins are the sessions it ended with the most chips alone, against
//! chance: its seats over the players. The interval is Wilson's, at 95 %.

use super::registration::RULES;
use crate::play::bots::Bot;
use crate::play::registry::{Rules, Setup};
use crate::play::simulate::{BotWins, Summary};

/// The seed of every setting.
pub const SEED: u64 = 1;
/// Games the test plays again of each setting (the first of its run).
pub const SAMPLE: u64 = 12;

/// One setting and what it gave: the first bot's wins.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Measured {
    pub players: usize,
    /// The bots, by name, as `--bots` lists them.
    pub bots: &'static str,
    pub games: u64,
    /// The first bot's wins over the run, and over its first [`SAMPLE`] games.
    pub wins: u64,
    pub sample_wins: u64,
}

/// The settings docs/poker.md prints (variable orientation, the usual game).
pub const MEASURED: [Measured; 4] = [
    Measured { players: 2, bots: "greedy,random", games: 2000, wins: 1206, sample_wins: 6 },
    Measured { players: 4, bots: "greedy,random,random,random", games: 2000, wins: 474, sample_wins: 0 },
    Measured { players: 2, bots: "search,greedy", games: 400, wins: 258, sample_wins: 6 },
    Measured { players: 4, bots: "search,random,random,random", games: 100, wins: 80, sample_wins: 10 },
];

impl Measured {
    pub fn bots(&self) -> Vec<Bot> {
        self.bots.split(',').map(|b| b.parse().expect("a bot's name")).collect()
    }

    /// The command that reproduces the setting.
    pub fn command(&self) -> String {
        format!(
            "hexforge simulate poker --players {} --games {} --seed {SEED} --bots {} --json",
            self.players, self.games, self.bots
        )
    }
}

/// The first bot's line of the summary of the setting's first `games` games, as
/// `hexforge simulate` gives it (one core; the command spreads the games over all).
pub fn measure(setting: &Measured, games: u64) -> BotWins {
    let setup = Setup { players: Some(setting.players), options: Vec::new() };
    let bots = setting.bots();
    let results: Vec<_> =
        (0..games).map(|index| RULES.simulate(&setup, &bots, SEED, index, false).expect("a valid setting").0).collect();
    let summary = Summary::of("poker", setting.players, SEED, &bots, &results);
    summary.wins_by_bot[0].clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first games of each setting give the pinned wins again.
    #[test]
    fn the_first_games_of_each_setting_give_the_pinned_wins() {
        for setting in MEASURED {
            let wins = measure(&setting, SAMPLE);
            assert_eq!(wins.rate.wins, setting.sample_wins, "{}", setting.command());
        }
    }

    /// docs/poker.md prints each setting's figures beside its command.
    #[test]
    fn the_docs_print_the_pinned_figures_with_their_commands() {
        let docs = include_str!("../../../docs/poker.md");
        for setting in MEASURED {
            let rate = crate::play::simulate::Rate::of(setting.wins, setting.games);
            let line = docs
                .lines()
                .find(|l| l.contains(&setting.command()))
                .unwrap_or_else(|| panic!("{}", setting.command()));
            let shown = format!("{:.1} % ({:.1}–{:.1})", 100.0 * rate.rate, 100.0 * rate.low, 100.0 * rate.high);
            assert!(line.contains(&shown), "{line}: {shown}");
        }
    }
}
