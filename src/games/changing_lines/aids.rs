//! The eight player aids of the Changing Lines deck (issue 11): Tao's plays and powers,
//! Pathways and its reduced decks, the divination methods and the trigrams. Every number
//! comes from the rules or the rulebook's data, never typed here.

use super::rulebook::{TAO_CANCEL_DRAWS, TAO_HAND, TAO_MIN_PLAYERS};
use crate::cards::aids::{Aid, Block};
use hexforge_rules::changing_lines::deck::DeckName;
use hexforge_rules::changing_lines::pathways::Mode;
use hexforge_rules::core::hexagram::Hexagram;
use hexforge_rules::core::trigram::Trigram;
use serde_json::Value;

/// The aids, in sheet order.
pub fn aids() -> Vec<Aid> {
    let data = super::rulebook::data();
    vec![
        tao_plays(),
        tao_powers(),
        pathways(),
        decks(&[DeckName::ThreeD, DeckName::FourD]),
        decks(&[DeckName::FiveD]),
        divination_cards(&data),
        divination_lines(&data),
        trigrams(),
    ]
}

fn text(s: impl Into<String>) -> Block {
    Block::Text(s.into())
}

fn heading(s: impl Into<String>) -> Block {
    Block::Heading(s.into())
}

fn rows<const N: usize>(rows: [(&str, String); N]) -> Block {
    Block::Rows(rows.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
}

/// Numbers joined with commas.
pub(crate) fn list(numbers: impl IntoIterator<Item = u8>) -> String {
    numbers.into_iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", ")
}

fn tao_plays() -> Aid {
    let players = Hexagram::all().count() / TAO_HAND;
    let fewer = hexforge_rules::tao::deal::default_hand(players);
    Aid {
        slug: "tao-plays",
        title: "Tao: the four plays".into(),
        blocks: vec![
            text(format!(
                "{TAO_MIN_PLAYERS} to {players} players, {TAO_HAND} cards each ({fewer} with {players}). Lay a card on the top card in one of four ways:"
            )),
            rows([
                ("Change", "keep the orientation; share exactly one trigram, in the same place. Play goes on.".into()),
                ("Match", "the same hexagram, the other orientation. Play reverses; you may lay one more card.".into()),
                (
                    "Cancel",
                    format!(
                        "the complement, every line different. The next player draws {} unless they cancel back.",
                        TAO_CANCEL_DRAWS[0]
                    ),
                ),
                ("Invert", "the same two trigrams, swapped. The next player is skipped.".into()),
            ]),
            text("Cancel or invert with a change of orientation also reverses play."),
            text("Down to one card? Say so, or draw one next turn."),
        ],
    }
}

fn tao_powers() -> Aid {
    let kind = |f: fn(Hexagram) -> bool| list(Hexagram::all().filter(|&h| f(h)).map(Hexagram::number));
    let draws = TAO_CANCEL_DRAWS.iter().map(usize::to_string).collect::<Vec<_>>().join(" → ");
    Aid {
        slug: "tao-powers",
        title: "Tao: cancels and powers".into(),
        blocks: vec![
            heading("Cancel chain"),
            text(format!("Each cancel back passes the draw on, doubled: {draws} cards.")),
            heading("Double"),
            text(format!(
                "{}: lay one more card holding the Double's trigram.",
                kind(|h| h.is_double() && !h.is_mirror())
            )),
            heading("Mirror"),
            text(format!(
                "{}: may be laid in the other orientation, which reverses play.",
                kind(|h| h.is_mirror() && !h.is_double())
            )),
            heading("Double Mirror"),
            text(format!("{}: always legal; then lay one more card, any card.", kind(Hexagram::is_double_mirror))),
            text("Never as your last card; no escape from a cancel's draw."),
        ],
    }
}

fn pathways() -> Aid {
    let sizes: Vec<(String, String)> = DeckName::ALL
        .iter()
        .map(|d| (d.name().to_uppercase(), format!("{} cards", d.cards().numbers().len())))
        .collect();
    Aid {
        slug: "pathways",
        title: "Pathways".into(),
        blocks: vec![
            text(
                "Lay a card that differs from the top of your pile in exactly one line: one of the six neighbours printed on it. Each card is laid once.",
            ),
            heading("Orientation"),
            rows([
                (Mode::Dark.name(), "card n shows n.".into()),
                (Mode::Light.name(), "card n shows its inverse.".into()),
                (Mode::Free.name(), "either way, card by card.".into()),
            ]),
            heading("Decks"),
            Block::Rows(sizes),
        ],
    }
}

/// What sets each reduced deck apart, in words (docs/conventions.md, The Changing Lines deck).
fn deck_rule(deck: DeckName) -> String {
    match deck {
        DeckName::ThreeD => {
            let lower = Hexagram::from_number(i64::from(deck.cards().numbers()[0])).expect("a card number").lower();
            format!("all with {} below", lower.name())
        }
        DeckName::FourD => "lines 1 and 6 fixed".into(),
        DeckName::FiveD => "line 1 yang".into(),
        DeckName::SixD => "the whole deck".into(),
    }
}

fn decks(names: &[DeckName]) -> Aid {
    let (slug, title) = match names {
        [DeckName::ThreeD, DeckName::FourD] => ("pathways-3d-4d", "Pathways: 3D and 4D"),
        _ => ("pathways-5d", "Pathways: 5D deck"),
    };
    let mut blocks = Vec::new();
    for &deck in names {
        let numbers = deck.cards().numbers();
        blocks.push(heading(format!("{} · {} cards · {}", deck.name().to_uppercase(), numbers.len(), deck_rule(deck))));
        blocks.push(text(list(numbers)));
    }
    Aid { slug, title: title.into(), blocks }
}

fn divination_cards(data: &Value) -> Aid {
    let table = data["draw_three"].as_array().expect("draw_three is a table");
    let chance = |r: &Value| format!("coins {} · replaced {}", str(&r["coins"]), str(&r["with_replacement"]));
    Aid {
        slug: "divination-cards",
        title: "Divination with cards".into(),
        blocks: vec![
            heading("Pick a card"),
            text("Draw one: your hexagram. Put it back, draw again: lines that differ are changing."),
            heading("Draw three"),
            text(
                "Each line takes the majority of three cards; a line all three agree on is changing. Put each card back to match three coins.",
            ),
            Block::Rows(table.iter().map(|r| (format!("{} {}", r["value"], str(&r["label"])), chance(r))).collect()),
        ],
    }
}

fn divination_lines(data: &Value) -> Aid {
    let table = data["casting"].as_array().expect("casting is a table");
    Aid {
        slug: "divination-lines",
        title: "Sixes to nines".into(),
        blocks: vec![
            text("Cast six lines from the bottom up. Three coins: heads 3, tails 2, add them."),
            Block::Rows(
                table
                    .iter()
                    .map(|r| {
                        let v = format!(
                            "{}: {}, {}; coins {}",
                            str(&r["name"]),
                            str(&r["line"]),
                            str(&r["becomes"]),
                            str(&r["coins"])
                        );
                        (r["value"].to_string(), v)
                    })
                    .collect(),
            ),
            text("Changing lines turned over give the relating hexagram."),
        ],
    }
}

fn trigrams() -> Aid {
    let rows = Trigram::ALL
        .iter()
        .map(|t| {
            let lines =
                t.line_string().chars().map(|c| if c == '1' { "yang" } else { "yin" }).collect::<Vec<_>>().join(" ");
            (format!("{} {}", t.symbol(), t.chinese()), format!("{} · {}", t.name(), lines))
        })
        .collect();
    Aid {
        slug: "trigrams",
        title: "The eight trigrams".into(),
        blocks: vec![text("Lines from the bottom up."), Block::Rows(rows)],
    }
}

fn str(v: &Value) -> &str {
    v.as_str().unwrap_or_default()
}
