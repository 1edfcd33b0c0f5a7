//! Dragons of the Ba-Gua in the registry of games ([`crate::games`]): two seats, its
//! options (the scenario, the mode, the variants measured against this edition's
//! readings), and how a setup deals it.

use super::record::Record;
use super::{Dragons, NAME, Variant};
use crate::play::Illegal;
use crate::play::descriptor::{GameDescriptor, Names, Picture, Printed};
use crate::play::registry::{GameOption, Registered, Setup};
use std::ops::RangeInclusive;

/// Actions a simulated game may take at most; the turn limit ends every game long before.
pub const ACTION_LIMIT: usize = 100_000;

/// Dragons' entry.
pub struct DragonsRules;

pub static RULES: DragonsRules = DragonsRules;

impl Registered for DragonsRules {
    type Record = Record;
    const NAME: &'static str = NAME;
    const PLAYERS: RangeInclusive<usize> = 2..=2;
    const DEFAULT_PLAYERS: usize = 2;
    const OPTIONS: &'static [GameOption] = &[
        GameOption {
            name: "scenario",
            values: &["introductory", "valley"],
            help: "the board of human at the start: introductory (green portals only) or valley (red and blue portals lead anywhere, for a price)",
        },
        GameOption {
            name: "mode",
            values: &["grasshopper", "monk", "master", "chosen-one"],
            help: "grasshopper (the plain game), monk (focus and balance), master (the flux coin), chosen-one (master without the board of human: the same game for the program)",
        },
        GameOption {
            name: "variant",
            values: &["focus-by-owner", "focus-by-sower"],
            help: "monk and later modes: who moves a dragon a focus sets to act: its own player (this edition) or the player who sowed",
        },
    ];
    const ACTION_LIMIT: usize = ACTION_LIMIT;

    fn game(&self, setup: &Setup, seed: u64) -> Result<Dragons, Illegal> {
        let scenario = setup.option("scenario").unwrap_or("introductory");
        let mode = setup.option("mode").unwrap_or("grasshopper");
        let variant = setup.option("variant").and_then(Variant::parse).unwrap_or(Variant::FocusByOwner);
        Ok(Dragons::named(scenario, mode)?.with_variant(variant).salted(seed))
    }
}

/// Dragons of the Ba-Gua, declared once ([`crate::games`] lists it).
pub static GAME: GameDescriptor = GameDescriptor {
    rules: &RULES,
    names: Names { en: "Dragons of the Ba-Gua", fr: None, zh: Some("八卦龍") },
    about: "Dragons of the Ba-Gua: two dragons on the board of human, moved by the stones sown on the Ba-Gua wheel.",
    printed: Printed {
        key: NAME,
        title: Names { en: "Dragons of the Ba-Gua", fr: None, zh: Some("八卦龍") },
        about: "Dragons of the Ba-Gua: both boards, every piece, the setups; A4/Letter and A3/Tabloid PDFs",
    },
    puzzles: None,
    picture: Picture::Art,
    hidden_information: false,
    grace_seconds: 120,
};
