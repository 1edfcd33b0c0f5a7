//! What the Liubo rulebook prints: its facts, its components list and its figures, all
//! computed from [`hexforge_rules::liubo::rules`] and drawn by the same code that draws the print files.

use super::{board_pdf_file, pieces_pdf_file};
use crate::games::ComponentRow;
use crate::games::glance::{Glance, count, row};
use hexforge_rules::core::trigram::Trigram;
use hexforge_rules::liubo::rules::{self as liubo, Path as Road, Station};
use serde_json::{Value, json};

/// The throw charts Liubo prints: one per player, both on the pieces sheet's second page.
const THROW_CHARTS: u32 = 2;

/// The sticks of the rulebook's throw example: a group reading as fire, one as thunder.
pub(super) const STICKS_EXAMPLE: (Trigram, Trigram) = (Trigram::FIRE, Trigram::THUNDER);

fn station(n: u32) -> Station {
    Station::new(n).expect("rulebook examples use stations 1..=29")
}

/// The components list; printed rows name the files [`super::Liubo`] writes.
pub fn components() -> Vec<ComponentRow> {
    let p = liubo::PIECES;
    let board: Vec<String> = crate::print::paper::Paper::HOME
        .into_iter()
        .chain(crate::print::paper::Paper::LARGE)
        .map(|paper| board_pdf_file(paper).path)
        .collect();
    let pieces =
        || crate::print::paper::Paper::HOME.into_iter().map(|paper| pieces_pdf_file(paper).path).collect::<Vec<_>>();
    vec![
        ComponentRow::printed(
            1,
            "Board",
            "29 stations: circuit of 20, two crossings, the centre; tiled on A4/Letter, whole on A3/Tabloid",
            board,
        ),
        ComponentRow::printed(p.white_stones, "White stones", "one player's pieces", pieces()),
        ComponentRow::printed(p.black_stones, "Black stones", "the other player's pieces", pieces()),
        ComponentRow::printed(p.owls, "Owl markers", "one per player, set on a promoted stone", pieces()),
        ComponentRow::printed(p.sticks, "Throwing sticks", "a flat (yang) and a round (yin) face each", pieces()),
        ComponentRow::printed(
            THROW_CHARTS,
            "Throw charts",
            "one per player: what each throw of the sticks scores",
            pieces(),
        ),
        ComponentRow::other(1, "Rulebook", "this booklet"),
    ]
}

/// What simulation measured (pinned in the rules crate, each row with the command that
/// reproduces it): the book's tables of game lengths, the first player's wins, how often
/// each rule fires and how games end; and the cover's time, from the reference setting.
fn measured() -> Value {
    use hexforge_rules::liubo::measured::{self, FIRED, GAMES, MEASURED, Measured, SECONDS_A_TURN};
    let percent = |n: u64| format!("{:.1}", n as f64 * 100.0 / GAMES as f64);
    let per_game = |n: u64| format!("{:.1}", n as f64 / GAMES as f64);
    let rows: Vec<Value> = MEASURED
        .iter()
        .map(|m| {
            let ends = ["owl_taken", "outnumbered", "large_victories"].map(|name| percent(m.fired(name).unwrap_or(0)));
            let fired: serde_json::Map<String, Value> =
                FIRED.iter().zip(m.fired).map(|(name, n)| (name.to_string(), json!(per_game(n)))).collect();
            json!({
                "bots": m.bots.iter().map(|b| b.name()).collect::<Vec<_>>(),
                "variant": m.variant.name(),
                "median_turns": m.median_turns,
                "p90_turns": m.p90_turns,
                "median_minutes": Measured::minutes(m.median_turns),
                "p90_minutes": Measured::minutes(m.p90_turns),
                "first_player": percent(m.first_player_wins),
                "first_bot": percent(m.first_bot_wins),
                "no_winner": percent(m.stalled),
                "fired": fired,
                "ends": ends,
                "command": m.command(),
            })
        })
        .collect();
    let reference = measured::reference();
    json!({
        "rows": rows,
        "games_text": format!("{},{:03}", GAMES / 1000, GAMES % 1000),
        "seconds_a_turn": SECONDS_A_TURN,
        "fired": FIRED,
        "reference": MEASURED.iter().position(|m| m == reference).unwrap_or(0),
    })
}

/// The cover's time: the reference setting's median game to its 90th percentile.
fn duration() -> String {
    use hexforge_rules::liubo::measured::{Measured, reference};
    let m = reference();
    crate::rulebook::data::cover_time(
        hexforge_rules::core::lang::Lang::En,
        Measured::minutes(m.median_turns),
        Measured::minutes(m.p90_turns),
    )
}

/// The facts the rulebook template reads from `sys.inputs.data`.
pub fn data() -> Value {
    let table: Vec<Value> = liubo::throw_table()
        .iter()
        .map(|r| {
            json!({
                "score": r.score,
                "ways": r.ways,
                "probability": r.probability.to_string(),
                "percent": format!("{}", r.probability.percent()),
                "trigrams": r.trigrams.iter().map(|t| t.name()).collect::<Vec<_>>(),
            })
        })
        .collect();
    let prob = |p: liubo::Probability| json!({ "fraction": p.to_string(), "denominator": p.denominator() });
    let double_one = liubo::double_probability(1).expect("1 is a score");
    let crossing = Road::Crossing6To16;
    let shortcut = liubo::shortcut(crossing).expect("a crossing is a shortcut");
    let across = liubo::walk(station(6), crossing, 4);
    let owl_first = [22, 29, 27];
    let owl_second = [28, 1];
    // The owl's walk must follow the board's links.
    let owl_ok = std::iter::once(21)
        .chain(owl_first)
        .chain(owl_second)
        .collect::<Vec<u32>>()
        .windows(2)
        .all(|w| liubo::neighbours(station(w[0])).contains(&station(w[1])));
    assert!(owl_ok, "the owl example walks along the board's links");
    let (sticks_left, sticks_right) = STICKS_EXAMPLE;
    json!({
        "trigrams": crate::rulebook::data::trigrams_json(),
        "measured": measured(),
        "duration": duration(),
        "board": {
            "stations": liubo::STATION_COUNT,
            "circuit": liubo::CIRCUIT_LEN,
            "inner": liubo::STATION_COUNT - liubo::CIRCUIT_LEN,
            "cardinals": Station::CARDINALS.iter().map(|s| s.number()).collect::<Vec<_>>(),
            "crossing_steps": shortcut.across,
            "around_steps": shortcut.around,
            "shortcut_saves": shortcut.saves(),
        },
        "stones_each": liubo::STONES_PER_PLAYER,
        "owl_outnumbered": liubo::OWL_OUTNUMBERED_BY,
        "sticks": liubo::STICK_COUNT,
        "sticks_per_group": liubo::STICKS_PER_GROUP,
        "owl_promotion": liubo::OWL_PROMOTION,
        "throw_table": table,
        "double_one": prob(double_one),
        "extra_throw": prob(liubo::extra_throw_probability()),
        "sticks_example": {
            "left": liubo::group_score(sticks_left),
            "left_yang": sticks_left.bits().count_ones(),
            "right": liubo::group_score(sticks_right),
            "right_yang": sticks_right.bits().count_ones(),
        },
        "move_example": {
            "a": 4,
            "b": 2,
            "across": std::iter::once(6).chain(across.iter().map(|s| u32::from(s.number()))).collect::<Vec<_>>(),
            "enter": 2,
            "owl_from": 21,
            "owl_a": owl_first.len(),
            "owl_b": owl_second.len(),
            "owl_first": std::iter::once(21).chain(owl_first).collect::<Vec<_>>(),
            "owl_second": owl_second,
        },
    })
}

/// Liubo at a glance ([`crate::games::glance`]): the book's box and the play page's panel.
pub fn glance() -> Glance {
    Glance {
        goal: format!(
            "Land an ordinary stone on the enemy owl, leave the enemy owl facing {} of your stones, or take all {} enemy stones prisoner.",
            count(liubo::OWL_OUTNUMBERED_BY as u64),
            count(liubo::STONES_PER_PLAYER as u64)
        ),
        turn: format!(
            "Throw the {} sticks, read as two groups of three (each worth 1 more than its yang faces), and move two stones, one with each group.",
            count(liubo::STICK_COUNT as u64)
        ),
        moves: vec![
            row("Enter", "bring a stone on at station 1 (it counts as the first step)."),
            row(
                "Move",
                "a stone counter-clockwise round the circuit; from 6 or 11, where it stopped, across the board.",
            ),
            row("Capture", "end on an enemy stone: it goes home (taken by your owl, it is your prisoner)."),
            row("Owl", "a stone ending on the centre may become your one owl, free to go either way."),
            row("Throw again", "after 1 and 1 or 4 and 4, a loop completed or an owl made."),
        ],
    }
}
