//! The Zhi Pai rulebook's part: its facts (the worked example played through the rules,
//! the score table), its components list and its figures.

use crate::cards::export::{self as card_export};
use crate::cards::{self, Face};
use crate::games::ComponentRow;
use crate::rulebook::data::{hexagrams_json, numbers, trigrams_json};
use hexforge_rules::core::hexagram::Hexagram;
use hexforge_rules::core::lang::Lang;
use hexforge_rules::core::trigram::Trigram;
use hexforge_rules::zhi_pai::rules::{Chain, Condition, Setup, Side};
use hexforge_rules::zhi_pai::{score, shared_trigram};
use serde_json::{Value, json};

/// The worked Zhi Pai chain of docs/conventions.md, Zhi Pai, left to right.
pub(super) const ZHI_PAI_SEQUENCE: [u8; 6] = [12, 6, 40, 55, 22, 11];

pub(super) fn hex(n: u8) -> Hexagram {
    Hexagram::from_number(i64::from(n)).expect("rulebook examples use numbers 1..=64")
}

/// The components, in the words and counts `hexforge generate` prints, in `lang`; the
/// printed rows name the home-print PDFs of the deck, in every layout.
pub fn components(lang: Lang) -> Vec<ComponentRow> {
    let deck = super::DECK;
    let sheets = || card_export::home_sheet_paths(deck);
    let pairs = deck.print_pairs();
    let count = |which: fn(&(Face, Face)) -> bool| pairs.iter().filter(|pair| which(pair)).count() as u32;
    vec![
        ComponentRow::printed(
            count(|pair| matches!(pair.0, Face::Card(_))),
            lang.pick("Hexagram cards", "Cartes Hexagramme"),
            lang.pick(
                "each with its complement in the corner; poker size 63\u{a0}×\u{a0}88 mm",
                "chacune avec son opposé dans le coin\u{a0}; format poker 63\u{a0}×\u{a0}88 mm",
            ),
            sheets(),
        ),
        ComponentRow::printed(
            count(|pair| pair.1 == Face::Back),
            lang.pick("Card backs", "Dos de cartes"),
            lang.pick(
                "for the hexagram cards, on the back pages; print double-sided",
                "des cartes Hexagramme, sur les pages de verso\u{a0}; imprimer en recto verso",
            ),
            sheets(),
        ),
        ComponentRow::printed(
            count(|pair| matches!(pair.0, Face::Trigram(_))),
            lang.pick("Trigram cards", "Cartes Trigramme"),
            lang.pick(
                "8 per player, active face and inactive face (front and back)",
                "8 par joueur, face active et face inactive (recto et verso)",
            ),
            sheets(),
        ),
        ComponentRow::printed(
            cards::aids::aids(deck, lang).len() as u32,
            lang.pick("Player aids", "Aides de jeu"),
            lang.pick(
                "reference cards on the last sheet of the same file, where the deck leaves slots free",
                "cartes de rappel sur la dernière planche du même fichier, dans les cases que le paquet laisse libres",
            ),
            sheets(),
        ),
        ComponentRow::other(1, lang.pick("Rulebook", "Livret de règles"), lang.pick("this booklet", "ce livret")),
    ]
}

/// The worked example of docs/conventions.md, Zhi Pai, played through the rules engine so that every
/// placement is checked, with what each one does to the trigram cards; the words in `lang`.
fn zhi_pai_example(lang: Lang) -> Value {
    let start = hex(ZHI_PAI_SEQUENCE[0]);
    let moves = [(6, Side::Left), (22, Side::Right), (40, Side::Left), (55, Side::Left)];
    let mut game = Chain::new(Setup::new(start));
    // The turn on which each trigram card last woke, by trigram bits.
    let mut woke_on = [0usize; 8];
    let mut rows = Vec::new();
    for (turn, (card, side)) in moves.into_iter().enumerate() {
        let (card, turn) = (hex(card), turn + 1);
        let touching = game.end(side);
        let before = game.active();
        let placed = game.place(card, side).expect("the source's worked example is legal");
        let after = game.active();
        let woke: Vec<Trigram> =
            [card.lower(), card.upper()].into_iter().filter(|&t| after.contains(t) && !before.contains(t)).collect();
        for t in &woke {
            woke_on[t.bits() as usize] = turn;
        }
        let lines: Vec<u8> = card.differing_lines(touching).iter().map(|p| p.get()).collect();
        let link = match placed.condition {
            Condition::OneLine => format!("1 ({} {})", lang.pick("line", "trait"), lines[0]),
            Condition::Swap => {
                format!("2 ({} {} {} {})", lang.pick("lines", "traits"), lines[0], lang.pick("and", "et"), lines[1])
            }
            Condition::Trigram => format!("3 ({})", placed.trigram.map_or(String::new(), |t| lang.trigram_name(t))),
        };
        rows.push(json!({
            "card": card.number(),
            // A card on the left chain goes right of its end, and the other way round.
            "side": match side { Side::Left => "right", Side::Right => "left" },
            "touching": touching.number(),
            "lines": lines,
            "link": link,
            "activated": woke.iter().map(|t| t.name()).collect::<Vec<_>>(),
            "spent": placed.trigram.map(|t| t.name()),
        }));
    }
    let (_, finish) = game.finish().expect("the source's worked example finishes");
    let (left, right) = (game.end(Side::Left), game.end(Side::Right));
    let lines: Vec<u8> = left.differing_lines(right).iter().map(|p| p.get()).collect();
    // The ends may also share a trigram whose card is active: the seed's own reading.
    let shared = shared_trigram(left, right).map(|(_, t)| t).filter(|&t| game.active().contains(t));
    json!({
        "start": start.number(),
        "end": start.complement().number(),
        "placements": rows,
        "finish": {
            "left": left.number(),
            "right": right.number(),
            "condition": finish.condition.number(),
            "lines": lines,
            "trigram": finish.trigram.map(|t| t.name()),
            "shared": shared.map(|t| t.name()),
            "shared_active_since": shared.map(|t| woke_on[t.bits() as usize]),
        },
        "sequence": numbers(game.sequence()),
        "gaps": gaps(&game, lang),
    })
}

/// A label for each gap of a finished line, left to right: the condition and what it
/// used (lines or trigram), as the chain figure prints them.
fn gaps(game: &Chain, lang: Lang) -> Vec<Value> {
    let seq = game.sequence();
    let (_, finish) = game.finish().expect("a finished game");
    let junction = seq.iter().position(|&h| h == game.end(Side::Left)).expect("the left end is in the line");
    let placement = |card: Hexagram| {
        let p = game.placements().iter().find(|p| p.card == card).expect("every inner card was placed");
        (p.condition, p.trigram)
    };
    seq.windows(2)
        .enumerate()
        .map(|(i, w)| {
            // Left of the junction the right card of a pair was laid last; right of it,
            // the left one; at the junction the two ends closed the line.
            let (condition, trigram) = match i.cmp(&junction) {
                std::cmp::Ordering::Less => placement(w[1]),
                std::cmp::Ordering::Equal => (finish.condition, finish.trigram),
                std::cmp::Ordering::Greater => placement(w[0]),
            };
            let lines: Vec<String> = w[0].differing_lines(w[1]).iter().map(|p| p.to_string()).collect();
            let detail = match (condition, trigram) {
                (Condition::Trigram, Some(t)) => lang.trigram_name(t),
                (Condition::OneLine, _) => format!("{} {}", lang.pick("line", "trait"), lines.join(", ")),
                _ => format!("{} {}", lang.pick("lines", "traits"), lines.join(", ")),
            };
            json!({ "condition": condition.number(), "detail": detail, "finish": i == junction })
        })
        .collect()
}

/// How long a two-player game lasts, measured: `simulate zhi-pai` with both seats held by
/// the greedy bot, 10,000 games from seed 1, gives a median game of 6 turns and a 90th
/// percentile of 12 (pinned here; `tests/games/zhi_pai_duel.rs` runs the command again).
/// The book's minutes assume [`SECONDS_A_TURN`] a turn: a look along the Common Zone, a
/// card laid and checked against the conditions.
pub const MEASURED_TURNS: (u32, u32) = (6, 12);
/// The command that measures [`MEASURED_TURNS`].
pub const MEASURED_COMMAND: &str = "hexforge simulate zhi-pai --games 10000 --seed 1 --bots greedy";
/// Seconds a turn the cover's time assumes.
pub const SECONDS_A_TURN: u32 = 30;

/// Minutes of `turns` turns at [`SECONDS_A_TURN`], to the nearest minute.
fn minutes(turns: u32) -> u32 {
    (turns * SECONDS_A_TURN + 30) / 60
}

/// The names the French rules give the hexagrams of their worked example: the French book
/// retells that example with the names its cards print ("La Stagnation" for 12), and
/// gives these once beside them.
const FRENCH_EXAMPLE_NAMES: [(u8, &str); 6] = [
    (12, "Adversité"),
    (11, "Prospérité"),
    (6, "Plaider sa cause"),
    (22, "Embellir"),
    (40, "Délivrance"),
    (55, "Abondance"),
];

/// The facts the Zhi Pai rulebook prints (`sys.inputs.data`), its words in `lang`: each
/// trigram's and hexagram's `name` is the one the cards of that language print;
/// `example_names` (French only) the rules' own names of the worked example's cards.
pub fn data(lang: Lang) -> Value {
    let example = zhi_pai_example(lang);
    let mut trigrams = trigrams_json();
    for (json, t) in trigrams.as_array_mut().into_iter().flatten().zip(Trigram::ALL) {
        json["name"] = json!(lang.trigram_name(t));
    }
    let mut hexagrams = hexagrams_json();
    for (json, h) in hexagrams.as_array_mut().into_iter().flatten().zip(Hexagram::all()) {
        json["name"] = json!(lang.hexagram_name(h));
    }
    let length = example["sequence"].as_array().map_or(0, Vec::len);
    json!({
        "card": crate::cards::rulebook_card_size(),
        "counts": {
            "hexagram_cards": Hexagram::all().count(),
            // Each player's setup takes a start card and its complement out of the deck.
            "after_one_setup": Hexagram::all().count() - 2,
            "draw_pile": Hexagram::all().count() - 2 * 2,
            "trigram_cards": Trigram::ALL.len(),
            "common_zone": score::SOLO_PENALTIES[0].common_zone,
        },
        "trigrams": trigrams,
        "hexagrams": hexagrams,
        "card_example": {
            "n": ZHI_PAI_SEQUENCE[0],
            "complement": hex(ZHI_PAI_SEQUENCE[0]).complement().number(),
        },
        "score_table": score::SOLO_PENALTIES.iter().map(|row| json!({
            "zone": if row.or_more {
                format!("{} {}", row.common_zone, lang.pick("or more", "et plus"))
            } else {
                row.common_zone.to_string()
            },
            "penalty": row.penalty,
        })).collect::<Vec<_>>(),
        "example": example,
        "duration": crate::rulebook::data::cover_time(lang, minutes(MEASURED_TURNS.0), minutes(MEASURED_TURNS.1)),
        "measured": {
            "command": MEASURED_COMMAND,
            "seconds_a_turn": SECONDS_A_TURN,
            "median_turns": MEASURED_TURNS.0,
            "p90_turns": MEASURED_TURNS.1,
        },
        "example_names": match lang {
            Lang::Fr => FRENCH_EXAMPLE_NAMES.iter().map(|(n, name)| (n.to_string(), json!(name))).collect(),
            _ => serde_json::Map::new(),
        },
        "example_score": {
            "penalty": score::common_zone_penalty(6).expect("6 is a valid zone"),
            "total": score::solo_score(length, 6).expect("6 is a valid zone"),
        },
        "example_score_two_passes": score::solo_score(length, 8).expect("8 is a valid zone"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_zhi_pai_example_wakes_what_the_spec_says() {
        let ex = zhi_pai_example(Lang::En);
        let woke: Vec<Value> = ex["placements"].as_array().unwrap().iter().map(|p| p["activated"].clone()).collect();
        assert_eq!(woke[0], json!(["water", "heaven"]));
        assert_eq!(woke[1], json!(["fire", "mountain"]));
        assert_eq!(woke[2], json!(["thunder"]));
        assert_eq!(woke[3], json!([]));
    }
}
