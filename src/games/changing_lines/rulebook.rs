//! The Changing Lines rulebook's part: its facts (deck lists, cancel chains, casting
//! tables, the Pathways example, all computed from the rules), its components list and its
//! figures.

use crate::cards::export::{self as card_export};
use crate::cards::{self, Face};
use crate::games::ComponentRow;
use crate::rulebook::data::{hexagrams_json, trigrams_json};
use hexforge_rules::changing_lines::deck::{self, Deck, DeckName};
use hexforge_rules::changing_lines::pathways::{self, Laid, Mode};
use hexforge_rules::core::card::{Card, Orientation};
use hexforge_rules::core::casting;
use hexforge_rules::core::hexagram::{Hexagram, Line, LinePosition};
use hexforge_rules::tao;
use serde_json::{Value, json};

/// Card 12 shows 12 dark and 11 light: the booklet's example card.
pub(super) const EXAMPLE_CARD: u8 = 12;

/// Hexagram 3 has four different opposites, so it shows them all.
pub(super) const OPPOSITES_EXAMPLE: u8 = 3;

/// Tao's deal (the engine's, in the rules crate): cards dealt to each player. With the
/// whole deck dealt out this sets the largest table, 64 / 8 = 8 players.
pub const TAO_HAND: usize = tao::HAND;
/// Tao's smallest table.
pub const TAO_MIN_PLAYERS: usize = *tao::PLAYERS.start();
/// Cards drawn as a cancel chain of Tao grows: two, then doubled at each cancel back.
pub const TAO_CANCEL_DRAWS: [usize; 3] = {
    let d = tao::legal::CANCEL_DRAWS;
    [d[0] as usize, d[1] as usize, d[2] as usize]
};

/// What simulation measured of Pathways (pinned in the rules crate, each row with the
/// command that reproduces it): the book's table of game lengths and shared wins.
fn pathways_measured() -> Value {
    use hexforge_rules::changing_lines::pathways::measured::{self, MEASURED, VARIANT};
    let row = |m: &measured::Measured| {
        let percent = |n: u64| format!("{:.1}", n as f64 * 100.0 / measured::GAMES as f64);
        json!({
            "players": m.players,
            "deck": m.deck.to_string().to_uppercase(),
            "mode": m.mode.to_string(),
            "median_turns": m.median_turns,
            "p90_turns": m.p90_turns,
            "first_player": percent(m.first_player_wins),
            "chance": format!("{:.1}", 100.0 / m.players as f64),
            "shared_first": percent(m.shared_first),
            "command": m.command(),
        })
    };
    json!({
        "rows": MEASURED.iter().map(row).collect::<Vec<_>>(),
        "variant": VARIANT.iter().map(row).collect::<Vec<_>>(),
        "bot": measured::BOT.name(),
    })
}

/// What simulation measured of Tao (pinned in the rules crate, with the command that
/// reproduces each row): the book's table of game lengths.
fn tao_measured() -> Value {
    use tao::measured::{MEASURED, Measured, SECONDS_A_TURN};
    let rows: Vec<Value> = MEASURED
        .iter()
        .map(|m| {
            let games = tao::measured::GAMES as f64;
            let percent = |n: u64| format!("{:.1}", n as f64 * 100.0 / games);
            json!({
                "players": m.players,
                "hand": m.hand,
                "median_turns": m.median_turns,
                "p90_turns": m.p90_turns,
                "median_minutes": Measured::minutes(m.median_turns),
                "p90_minutes": Measured::minutes(m.p90_turns),
                "first_player": percent(m.first_player_wins),
                "chance": format!("{:.1}", 100.0 / m.players as f64),
                "stalled": percent(m.stalled),
                "command": m.command(),
            })
        })
        .collect();
    let games = tao::measured::GAMES;
    let games_text = format!("{},{:03}", games / 1000, games % 1000);
    // The cover's time: Tao's shortest median game to its longest 90th percentile, over
    // every table size measured.
    let duration = crate::rulebook::data::cover_time(
        hexforge_rules::core::lang::Lang::En,
        MEASURED.iter().map(|m| Measured::minutes(m.median_turns)).min().expect("measured tables"),
        MEASURED.iter().map(|m| Measured::minutes(m.p90_turns)).max().expect("measured tables"),
    );
    json!({ "rows": rows, "games": games, "games_text": games_text, "seconds_a_turn": SECONDS_A_TURN,
        "bot": tao::measured::BOT.name(), "duration": duration })
}

/// The Pathways example: from 1 to 11 in the 3D deck, dark reading, by the solver.
pub(super) fn pathways_example() -> Vec<Laid> {
    pathways::shortest(hex(1), hex(11), &Deck::named(DeckName::ThreeD), Mode::Dark)
        .expect("1 and 11 are joined in the 3d deck")
}

pub(super) fn hex(n: u8) -> Hexagram {
    Hexagram::from_number(i64::from(n)).expect("rulebook examples use numbers 1..=64")
}

/// The components, in the words and counts `hexforge generate` prints; the printed rows
/// name the home-print PDFs of the deck, in every layout.
pub fn components() -> Vec<ComponentRow> {
    let deck = super::DECK;
    let sheets = || card_export::home_sheet_paths(deck);
    let pairs = deck.print_pairs();
    let numbered = pairs.iter().filter(|(front, _)| matches!(front, Face::Card(_))).count() as u32;
    let backed = pairs.iter().filter(|(_, back)| *back == Face::Back).count() as u32;
    vec![
        ComponentRow::printed(
            numbered,
            "Changing Lines cards",
            "one per hexagram, two readings each; poker size 63\u{a0}×\u{a0}88 mm",
            sheets(),
        ),
        ComponentRow::printed(
            backed,
            "Card backs",
            "on the back pages of the same file; print double-sided, flip on the long edge",
            sheets(),
        ),
        ComponentRow::printed(
            cards::aids::aids(deck, hexforge_rules::core::lang::Lang::En).len() as u32,
            "Player aids",
            "reference cards on the last sheet of the same file, where the deck leaves slots free",
            sheets(),
        ),
        ComponentRow::printed(
            1,
            "Spread sheet",
            "a page to lay a spread of three on: a column of three card-sized boxes for each position",
            crate::print::paper::Paper::HOME.map(|p| super::spread_sheet::sheet_file(p).path).to_vec(),
        ),
        ComponentRow::printed(
            1,
            "Cross spread sheet",
            "three pages, laid one below the other, to lay the cross spread on: a column of three card-sized boxes for each of its five positions",
            crate::print::paper::Paper::HOME.map(|p| super::spread_sheet::spread_file("cross", p).path).to_vec(),
        ),
        ComponentRow::other(1, "Rulebook", "this booklet"),
        ComponentRow::other(3, "Coins (optional)", "for the 6/7/8/9 method of divination; not printed"),
    ]
}

/// The facts the Changing Lines rulebook prints (`sys.inputs.data`).
pub fn data() -> Value {
    let decks = deck_lists();
    let example = Card::from_number(i64::from(EXAMPLE_CARD)).expect("a card number");
    let opp = hex(OPPOSITES_EXAMPLE);
    let special = |f: fn(Hexagram) -> bool| -> Vec<u8> {
        let mut v: Vec<u8> = Hexagram::all().filter(|&h| f(h)).map(Hexagram::number).collect();
        v.sort_unstable();
        v
    };
    let path = pathways_example();
    let tao = tao_measured();
    json!({
        // The cover's time, Tao's (every cover's data names its time `duration`).
        "duration": tao["duration"].clone(),
        "card": crate::cards::rulebook_card_size(),
        "deck_size": Hexagram::all().count(),
        "tao": {
            "hand": TAO_HAND,
            "min_players": TAO_MIN_PLAYERS,
            "max_players": Hexagram::all().count() / TAO_HAND,
            "cancel_draws": TAO_CANCEL_DRAWS,
            "measured": tao,
        },
        "pathways_measured": pathways_measured(),
        "trigrams": trigrams_json(),
        "hexagrams": hexagrams_json(),
        "example_card": {
            "card": example.number(),
            "light": example.shows(Orientation::Light).number(),
            "lower": example.shows(Orientation::Dark).lower().name(),
            "upper": example.shows(Orientation::Dark).upper().name(),
            "dark_neighbours": example.neighbour_numbers(Orientation::Dark),
            "light_neighbours": example.neighbour_numbers(Orientation::Light),
        },
        "opposites": {
            "n": opp.number(),
            "complement": opp.complement().number(),
            "inverse": opp.inverse().number(),
            "swap": opp.swapped().number(),
        },
        "special": {
            "doubles": special(|h| h.is_double() && !h.is_mirror()),
            "mirrors": special(|h| h.is_mirror() && !h.is_double()),
            "double_mirrors": special(Hexagram::is_double_mirror),
        },
        "cancel_chain": cancel_chain(3),
        "decks": decks.iter().map(|(k, v)| (k.to_string(), json!(v))).collect::<serde_json::Map<_, _>>(),
        "deck_3d_lower": hex(deck::THREE_D[0]).lower().name(),
        "deck_closure": decks.iter().map(|(k, v)| (k.to_uppercase(), json!(closed_under_inverse(v)))).collect::<serde_json::Map<_, _>>(),
        "path": {
            "deck": "3D",
            "mode": Mode::Dark.name(),
            "from": path[0].hexagram.number(),
            "to": path[path.len() - 1].hexagram.number(),
            "cards": path.iter().map(|l| json!({
                "card": l.card.number(), "reading": l.orientation.name(), "shows": l.hexagram.number(),
            })).collect::<Vec<_>>(),
        },
        "draw_three": draw_three_table(),
        "casting": casting_table(),
        "casting_example": casting_example(),
        "duel": duel_table(),
        "spreads": spreads(),
    })
}

/// The spreads `hexforge cast --spread` deals and the sheets lay out, each position with
/// what it asks, in the order they are dealt.
fn spreads() -> serde_json::Value {
    hexforge_rules::core::spread::SPREADS
        .iter()
        .map(|s| {
            json!({
                "name": s.name,
                "positions": s.positions.iter().map(|p| json!({ "name": p.name, "asks": p.asks })).collect::<Vec<_>>(),
            })
        })
        .collect()
}

/// Two-player Pathways with perfect play (docs/rules.md, Pathways), by deck and mode: how many starts
/// there are and how many end each way. The pinned figures ([`pathways::duel::SOLVED`]),
/// which a test proves with the search; printing never solves the game.
fn duel_table() -> serde_json::Value {
    pathways::duel::SOLVED
        .iter()
        .map(|row| {
            json!({
                "deck": row.deck.name().to_uppercase(),
                "mode": row.mode.name(),
                "starts": row.starts(),
                "ties": row.ties,
                "first_wins": row.first_wins,
                "second_wins": row.second_wins,
            })
        })
        .collect()
}

/// The Pathways decks, by card number, from the deck module.
fn deck_lists() -> Vec<(&'static str, Vec<u8>)> {
    DeckName::ALL.iter().map(|d| (d.name(), d.cards().numbers())).collect()
}

/// Whether turning every card of a deck over gives hexagrams of the same deck.
fn closed_under_inverse(deck: &[u8]) -> bool {
    deck.iter().all(|&n| deck.contains(&hex(n).inverse().number()))
}

/// The longest cancel chain of Tao from card `start` read dark: the four cards that
/// show the start hexagram or its complement, alternating.
fn cancel_chain(start: u8) -> Value {
    let h = hex(start);
    let c = h.complement();
    let steps = [(h, Orientation::Dark), (c, Orientation::Dark), (h, Orientation::Light), (c, Orientation::Light)];
    steps
        .iter()
        .map(|&(shows, o)| {
            let card = Card::showing(shows, o);
            json!({ "card": card.number(), "reading": o.name(), "shows": shows.number() })
        })
        .collect()
}

fn fraction(num: u64, den: u64) -> String {
    fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 { a } else { gcd(b, a % b) }
    }
    let g = gcd(num, den).max(1);
    format!("{}/{}", num / g, den / g)
}

/// Chance of each line value in the draw-three method, with and without replacing
/// the cards, counted over the 64 cards (for one line position).
fn draw_three_table() -> Value {
    let line1 = LinePosition::ALL[0];
    let yang = Hexagram::all().filter(|h| h.line(line1) == Line::Yang).count() as u64;
    let total = 64u64;
    let yin = total - yang;
    // With replacement: independent draws. Without: ordered distinct triples.
    let with = |k: u64| -> u64 {
        let choose = [1, 3, 3, 1][k as usize];
        choose * yang.pow(k as u32) * yin.pow(3 - k as u32)
    };
    let without = |k: u64| -> u64 {
        let choose = [1, 3, 3, 1][k as usize];
        let falling = |n: u64, r: u64| (0..r).map(|i| n - i).product::<u64>();
        choose * falling(yang, k) * falling(yin, 3 - k)
    };
    let coins = |k: u64| fraction([1, 3, 3, 1][k as usize], 8);
    let rows = [(6, "old yin", 0), (7, "young yang", 2), (8, "young yin", 1), (9, "old yang", 3)];
    rows.iter()
        .map(|&(value, label, k)| {
            json!({
                "value": value,
                "label": label,
                "coins": coins(k),
                "with_replacement": fraction(with(k), total.pow(3)),
                "without_replacement": fraction(without(k), total * (total - 1) * (total - 2)),
            })
        })
        .collect()
}

fn casting_table() -> Value {
    let rows = [
        (6, "old yin", "yin, changing", "becomes yang", "1/8"),
        (7, "young yang", "yang", "stays yang", "3/8"),
        (8, "young yin", "yin", "stays yin", "3/8"),
        (9, "old yang", "yang, changing", "becomes yin", "1/8"),
    ];
    // The line and its fate come from the core's caster: a value on every line.
    rows.iter()
        .map(|&(value, name, _, _, coins)| {
            let c = casting::cast(&[value; 6]).expect("6..=9 are line values");
            let line = if c.primary.line(LinePosition::ALL[0]) == Line::Yang { "yang" } else { "yin" };
            let changing = !c.changing.is_empty();
            let becomes = match (line, changing) {
                ("yang", true) => "becomes yin",
                ("yin", true) => "becomes yang",
                (l, _) => {
                    if l == "yang" {
                        "stays yang"
                    } else {
                        "stays yin"
                    }
                }
            };
            json!({
                "value": value,
                "name": name,
                "line": if changing { format!("{line}, changing") } else { line.to_string() },
                "becomes": becomes,
                "coins": coins,
            })
        })
        .collect()
}

fn casting_example() -> Value {
    let values = [7, 8, 9, 7, 6, 8];
    let c = casting::cast(&values).expect("a valid cast");
    let lines_text =
        c.primary.lines().iter().map(|l| if *l == Line::Yang { "yang" } else { "yin" }).collect::<Vec<_>>().join(", ");
    json!({
        "values": values,
        "lines_text": lines_text,
        "primary": c.primary.number(),
        "changing": c.changing.iter().map(|p| p.get()).collect::<Vec<_>>(),
        "relating": c.relating.map(Hexagram::number),
    })
}

// --- Figures ---------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_5d_deck_is_the_seed_list() {
        let decks = deck_lists();
        let seed: Vec<u8> = vec![
            1, 3, 5, 9, 10, 11, 13, 14, 17, 19, 21, 22, 24, 25, 26, 27, 30, 34, 36, 37, 38, 41, 42, 43, 49, 51, 54, 55,
            58, 60, 61, 63,
        ];
        assert_eq!(decks[2].1, seed);
    }

    #[test]
    fn only_4d_and_6d_survive_turning_over() {
        let closed: Vec<bool> = deck_lists().iter().map(|(_, d)| closed_under_inverse(d)).collect();
        assert_eq!(closed, vec![false, true, false, true]);
    }

    #[test]
    fn the_cancel_chain_uses_four_cards() {
        let chain = cancel_chain(3);
        let cards: Vec<u64> = chain.as_array().unwrap().iter().map(|s| s["card"].as_u64().unwrap()).collect();
        assert_eq!(cards, vec![3, 50, 4, 49]);
    }

    /// Every cancel after the first card of the chain costs the next player a draw, each
    /// twice the last; the whole deck dealt in hands of `TAO_HAND` seats eight.
    #[test]
    fn tao_draws_follow_the_cancel_chain() {
        let cancels = cancel_chain(3).as_array().unwrap().len() - 1;
        assert_eq!(TAO_CANCEL_DRAWS.len(), cancels);
        assert!(TAO_CANCEL_DRAWS.windows(2).all(|w| w[1] == 2 * w[0]));
        assert_eq!(Hexagram::all().count() / TAO_HAND, 8);
    }

    #[test]
    fn the_casting_example_is_55_to_17() {
        let ex = casting_example();
        assert_eq!(ex["primary"], 55);
        assert_eq!(ex["relating"], 17);
    }
}
