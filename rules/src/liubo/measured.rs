//! What simulation measured of Liubo, pinned: the rulebook prints these figures, each with
//! the command that reproduces it, and a test (`tests/games/liubo_play.rs`) runs the commands
//! and compares (the book never runs a simulation at print time).
//!
//! 100,000 games a setting, seed 1: random bots against each other, the greedy bot
//! (`heuristic.rs`) against a random one, greedy against greedy, and greedy against
//! greedy in the variant where every reason earns its own extra throw. Seats turn every
//! game, so each bot throws first in half the games.

use super::Variant;
use crate::play::bots::Bot;

/// Games a measured setting plays.
pub const GAMES: u64 = 100_000;
/// Seed of every measured setting.
pub const SEED: u64 = 1;
/// Seconds a turn that the book's times assume: a throw of the sticks, sorting them into
/// two groups and two moves (a turn with extra throws takes longer, and counts once).
pub const SECONDS_A_TURN: u32 = 15;

/// The rules whose firings the book counts, by the names `simulate` prints them
/// (`plays_by_kind` and `events`).
pub const FIRED: [&str; 12] = [
    "shortcut",
    "captures",
    "sent_home",
    "promotions",
    "prisoners_taken",
    "owls_demoted",
    "loops",
    "prisoners_freed",
    "extra_throws",
    "owl_taken",
    "outnumbered",
    "large_victories",
];

/// One measured setting and what it gave.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Measured {
    /// The bots, as `--bots` lists them (one bot: at both seats).
    pub bots: &'static [Bot],
    pub variant: Variant,
    pub median_turns: u32,
    pub p90_turns: u32,
    /// Games won by the player who threw first.
    pub first_player_wins: u64,
    /// Games without a winner.
    pub stalled: u64,
    /// Games won by the first bot listed (of two different bots).
    pub first_bot_wins: u64,
    /// How often each rule of [`FIRED`] fired over all the games, in that order.
    pub fired: [u64; 12],
}

/// The rulebook's settings.
pub const MEASURED: [Measured; 4] = [
    Measured {
        bots: &[Bot::Random],
        variant: Variant::Standard,
        median_turns: 39,
        p90_turns: 89,
        first_player_wins: 49_200,
        stalled: 0,
        first_bot_wins: 100_000,
        fired: [405_060, 2_206_810, 2_567_535, 111_918, 72_583, 6_000, 419_985, 26_174, 669_866, 37_848, 62_086, 66],
    },
    Measured {
        bots: &[Bot::Greedy, Bot::Random],
        variant: Variant::Standard,
        median_turns: 65,
        p90_turns: 123,
        first_player_wins: 49_796,
        stalled: 0,
        first_bot_wins: 69_534,
        fired: [
            746_132, 4_008_833, 4_103_599, 160_296, 416_958, 25_733, 650_132, 104_835, 1_017_958, 65_617, 10_566,
            23_817,
        ],
    },
    Measured {
        bots: &[Bot::Greedy],
        variant: Variant::Standard,
        median_turns: 96,
        p90_turns: 244,
        first_player_wins: 49_638,
        stalled: 0,
        first_bot_wins: 100_000,
        fired: [
            1_240_141, 4_827_202, 4_770_578, 294_675, 541_961, 131_447, 1_292_629, 392_552, 1_922_258, 79_300, 16_905,
            3_795,
        ],
    },
    Measured {
        bots: &[Bot::Greedy],
        variant: Variant::EveryExtraThrow,
        median_turns: 92,
        p90_turns: 230,
        first_player_wins: 49_703,
        stalled: 0,
        first_bot_wins: 100_000,
        fired: [
            1_189_528, 4_642_836, 4_597_799, 286_986, 517_978, 123_911, 1_238_823, 371_978, 1_932_722, 79_993, 16_339,
            3_668,
        ],
    },
];

impl Measured {
    /// The command that reproduces this setting's figures.
    pub fn command(&self) -> String {
        let bots: Vec<&str> = self.bots.iter().map(|b| b.name()).collect();
        let variant = match self.variant {
            Variant::Standard => String::new(),
            v => format!(" --variant {}", v.name()),
        };
        format!("hexforge simulate liubo --games {GAMES} --seed {SEED} --bots {}{variant} --json", bots.join(","))
    }

    /// Minutes at [`SECONDS_A_TURN`], rounded to the nearest minute.
    pub fn minutes(turns: u32) -> u32 {
        (turns * SECONDS_A_TURN + 30) / 60
    }

    /// How often a rule of [`FIRED`] fired, by name.
    pub fn fired(&self, name: &str) -> Option<u64> {
        FIRED.iter().position(|n| *n == name).map(|i| self.fired[i])
    }
}

/// The setting the book's times and the cover come from: greedy against greedy, the
/// standard rules (the bot a careful beginner plays like).
pub fn reference() -> &'static Measured {
    &MEASURED[2]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commands_name_their_setting() {
        assert_eq!(
            MEASURED[1].command(),
            "hexforge simulate liubo --games 100000 --seed 1 --bots greedy,random --json"
        );
        assert_eq!(
            MEASURED[3].command(),
            "hexforge simulate liubo --games 100000 --seed 1 --bots greedy --variant every-extra-throw --json"
        );
        assert_eq!(Measured::minutes(96), 24);
        assert_eq!(reference().bots, &[Bot::Greedy]);
    }

    /// Each game ends by rule 12, 13 or 17, and none stalls: the endings add up.
    #[test]
    fn every_game_ends_by_one_of_the_three_rules() {
        for m in MEASURED {
            let ends =
                m.fired("owl_taken").unwrap() + m.fired("outnumbered").unwrap() + m.fired("large_victories").unwrap();
            assert_eq!(ends + m.stalled, GAMES, "{}", m.command());
        }
    }

    /// The reference setting's first games (the pinned run begins with them) all end.
    #[test]
    fn a_short_run_of_the_reference_setting_ends_every_game() {
        let bots = reference().bots;
        for index in 0..50 {
            let (result, _) = super::super::record::simulated(Variant::Standard, bots, SEED, index);
            assert!(result.outcome.is_some());
        }
    }
}
