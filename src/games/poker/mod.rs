//! I-Ching Poker on paper: its rulebook's facts (the hand-rank tables from the rules crate's
//! exact counts, `hexforge_rules::poker::measured`, with the command that counts them again),
//! its player aid (the same tables, on one page) and a sheet of chips to cut out. The game
//! is played with the Changing Lines deck, which that part prints.

use crate::games::glance::{Glance, count, row};
use crate::games::{ArtError, ComponentRow, Figure, PrintFile, PrintOptions, PrintedGame};
use crate::print::output::Output;
use crate::print::paper::Paper;
use hexforge_rules::core::hexagram::Hexagram;
use hexforge_rules::core::thousands;
use hexforge_rules::play::simulate::Rate;
use hexforge_rules::poker::count::HANDS;
use hexforge_rules::poker::hand::Class;
use hexforge_rules::poker::measured::{FIXED, VARIABLE};
use hexforge_rules::poker::strength::{MEASURED, Measured};
use hexforge_rules::poker::stud as poker;
use serde_json::{Value, json};

/// The game's key: its output folder, its rulebook's name.
pub const KEY: &str = "poker";

/// The command that counts every hand in both orientations, as the books print it.
pub const TABLE_COMMAND: &str = "cargo run -p hexforge-rules --release --example poker_table";

/// I-Ching Poker, as a [`PrintedGame`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Poker;

/// One of the sheets Poker prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sheet {
    /// The player aid: both hand-rank tables, ties, the order of a hand.
    Aid,
    /// The chips, one set per seat, to cut out.
    Chips,
}

impl Sheet {
    /// Both sheets, in the order they are written.
    pub const ALL: [Sheet; 2] = [Sheet::Aid, Sheet::Chips];

    /// Its name in file names, and its template `poker-<name>.typ`.
    fn name(self) -> &'static str {
        match self {
            Sheet::Aid => "aid",
            Sheet::Chips => "chips",
        }
    }

    fn template(self) -> &'static str {
        match self {
            Sheet::Aid => "poker-aid",
            Sheet::Chips => "poker-chips",
        }
    }

    /// Where it goes on `paper`, and its manifest kind.
    pub fn file(self, paper: Paper) -> PrintFile {
        PrintFile::new(format!("{KEY}/{}-{}.pdf", self.name(), paper.key()), "sheet-pdf")
    }
}

/// What a class is, in a line, as the book and the aid print it.
pub fn what(class: Class) -> &'static str {
    match class {
        Class::Five => "all five share a trigram, all below or all above",
        Class::Chain => "the five lie in a row, each one changed line from the next",
        Class::TwoTwins => "two pairs of twins (a card and the card showing its hexagram turned over)",
        Class::TwoComplements => "two pairs of complements (all six lines changed)",
        Class::Four => "four share a trigram in the same place",
        Class::House => "three share a trigram, the other two another, in the same place",
        Class::Scatter => "no two share a trigram in the same place",
        Class::Twins => "one pair of twins",
        Class::Three => "three share a trigram in the same place",
        Class::TwoPairs => "two pairs, each sharing a trigram in the same place",
        Class::Pair => "two share a trigram in the same place",
    }
}

/// A table's rows: class, what it is, hands, probability and one hand in how many.
fn table(rows: &[(Class, u64)]) -> Value {
    rows.iter()
        .map(|&(class, hands)| {
            json!({
                "class": class.name(),
                "what": what(class),
                "hands": thousands(hands),
                "count": hands,
                "probability": format!("{:.6}", hands as f64 / HANDS as f64),
                "percent": format!("{:.2}", hands as f64 * 100.0 / HANDS as f64),
                "one_in": format!("{:.1}", HANDS as f64 / hands as f64),
            })
        })
        .collect()
}

/// The first bot against the others of a setting, in words: "search against 3 random".
fn setting(m: &Measured) -> String {
    let bots: Vec<&str> = m.bots.split(',').collect();
    let (first, others) = bots.split_first().expect("a setting names its bots");
    if others.iter().all(|b| b == &others[0]) && others.len() > 1 {
        format!("{first} against {} {}", others.len(), others[0])
    } else {
        format!("{first} against {}", others.join(", "))
    }
}

/// The pinned strengths of the bots (`hexforge_rules::poker::strength`), as the book prints
/// them: the first bot's wins with their 95 % interval, chance, and the command.
fn bots() -> Value {
    let pct = |x: f64| format!("{:.1}", x * 100.0);
    MEASURED
        .iter()
        .map(|m| {
            let rate = Rate::of(m.wins, m.games);
            json!({
                "setting": setting(m),
                "players": m.players,
                "games": thousands(m.games),
                "wins": thousands(m.wins),
                "percent": pct(rate.rate),
                "low": pct(rate.low),
                "high": pct(rate.high),
                "chance": pct(1.0 / m.players as f64),
                "command": m.command(),
            })
        })
        .collect()
}

/// The facts the rulebook and the sheets read from `sys.inputs.data`.
pub fn data() -> Value {
    let p = hexforge_rules::poker::printed::PRINTED;
    let trigrams = crate::rulebook::data::trigrams_json();
    use hexforge_rules::poker::stud::{ANTE, BETS, CAP, CARDS, DOWN, PLAYERS, STACK};
    let seats: Vec<Value> = trigrams.as_array().expect("a list").iter().take(*PLAYERS.end()).cloned().collect();
    // The most one player can put in a hand: the ante and every bet of every round, capped.
    let most = ANTE + BETS.iter().map(|b| b * u32::from(CAP)).sum::<u32>();
    json!({
        "title": p.title.en,
        "title_zh": p.title.zh,
        "deck": Hexagram::all().count(),
        "hand": CARDS,
        "hands": thousands(HANDS),
        "hands_count": HANDS,
        "fixed": table(&FIXED),
        "variable": table(&VARIABLE),
        "command": TABLE_COMMAND,
        "players_min": *PLAYERS.start(),
        "players_max": *PLAYERS.end(),
        "stack": STACK,
        "ante": ANTE,
        "bets": BETS,
        "cap": CAP,
        "raises": CAP - 1,
        "down": DOWN,
        "up": CARDS - DOWN,
        "most": most,
        "chips": STACK as usize * *PLAYERS.end(),
        "seats": seats,
        "bots": bots(),
    })
}

impl PrintedGame for Poker {
    fn key(&self) -> &'static str {
        KEY
    }

    fn files(&self, _options: &PrintOptions) -> Vec<PrintFile> {
        Sheet::ALL.into_iter().flat_map(|s| Paper::HOME.map(|p| s.file(p))).collect()
    }

    fn generate(&self, out: &Output, _options: &PrintOptions) -> Result<(), ArtError> {
        let sheets = Sheet::ALL.into_iter().flat_map(|s| Paper::HOME.map(|p| (s.template(), s.file(p))));
        crate::games::write_sheets(out, sheets, &data())
    }

    fn components(&self) -> Vec<ComponentRow> {
        let files = |s: Sheet| Paper::HOME.into_iter().map(|p| s.file(p).path).collect::<Vec<_>>();
        vec![
            crate::games::changing_lines_deck_row(),
            ComponentRow::printed(
                (hexforge_rules::poker::stud::STACK as usize * *hexforge_rules::poker::stud::PLAYERS.end()) as u32,
                "Chips",
                "one set for each seat, each marked with its trigram; or any tokens",
                files(Sheet::Chips),
            ),
            ComponentRow::printed(
                1,
                "Player aid",
                "both hand-rank tables with their counts, and a hand's order",
                files(Sheet::Aid),
            ),
            ComponentRow::other(1, "Rulebook", "this booklet"),
        ]
    }

    fn rulebook_data(&self) -> Value {
        data()
    }

    fn figures(&self) -> Result<Vec<Figure>, ArtError> {
        Ok(Vec::new())
    }

    fn glances(&self) -> Vec<(&'static str, Glance)> {
        vec![(hexforge_rules::poker::registration::GAME.key(), glance())]
    }
}

/// I-Ching Poker at a glance ([`crate::games::glance`]): the book's box and the play page's panel.
fn glance() -> Glance {
    Glance {
        goal: format!(
            "Hold the most chips when every player has dealt twice (or all of them sooner). Each starts with {}.",
            count(poker::STACK)
        ),
        turn: format!(
            "Ante {}; two cards face down and three face up, one at a time, each up card turned dark or light as it is dealt and kept so. A betting round follows the third, fourth and fifth cards.",
            count(poker::ANTE)
        ),
        moves: vec![
            row("Turn", "turn the up card just dealt dark or light side up: it stays so for the hand."),
            row(
                "Check or bet",
                format!(
                    "with no bet yet this round; the bet is {}, {} and then {} chips.",
                    count(poker::BETS[0]),
                    count(poker::BETS[1]),
                    count(poker::BETS[2])
                ),
            ),
            row(
                "Fold, call or raise",
                format!("after a bet; a round allows {} bets (a bet and two raises).", count(poker::CAP)),
            ),
            row("Showdown", "the best hand by the table of hands takes the pot; equal hands split it."),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_add_up_to_every_hand() {
        let d = data();
        for mode in ["fixed", "variable"] {
            let sum: u64 = d[mode].as_array().unwrap().iter().map(|r| r["count"].as_u64().unwrap()).sum();
            assert_eq!(sum, 7_624_512, "{mode}");
        }
        assert_eq!(d["most"], 13, "docs/poker.md: the most a player can lose in a hand");
    }
}
