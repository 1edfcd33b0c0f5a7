//! Dragons of the Ba-Gua's facts for its rulebook: the rows of its components table and
//! the data the template `templates/rulebooks/dragons.typ` reads, all computed from the
//! rules (`components.json` and the notes beside each component are [`super::files`]').

use super::boards::{BAGUA_MM, board_side_mm};
use super::components::{COMPONENTS, ComponentKind};
use super::files::{note, print_files};
use super::pieces::{CELL_MM, TILE_MM};
use crate::games;
use crate::games::glance::{Glance, count, row};
use hexforge_rules::dragons::rules::{
    BITE_DAMAGE, BOARD_SIZE, Cell, Dragon, DragonBody, FIRE_MAX, FIRE_STONES, LIFE_MAX, RULER_SLANT, RULER_STRAIGHT,
    SEGMENTS, WATER_STONES, bites, element_name,
};
use hexforge_rules::dragons::scenarios::{scenarios, setup_lines};
use hexforge_rules::dragons::wheel::{Space, WHEEL, starting_wheel};
use serde_json::{Value, json};

/// The rulebook's components table: every component with the PDFs to print it from.
pub fn component_rows() -> Vec<games::ComponentRow> {
    COMPONENTS
        .iter()
        .map(|c| games::ComponentRow::printed(u32::from(c.quantity), c.name, &note(c), print_files(c.kind)))
        .collect()
}

/// The facts the rulebook prints, for `sys.inputs.data`.
pub fn rulebook_data() -> Value {
    let scenarios: Vec<Value> = scenarios()
        .iter()
        .map(|s| {
            let dragon = |d: &DragonBody| {
                json!({
                    "name": d.dragon.name(),
                    "head": d.head().to_string(),
                    "facing": d.facing().key(),
                    "cells": d.cells.iter().map(Cell::to_string).collect::<Vec<_>>(),
                })
            };
            json!({
                "key": s.key,
                "name": s.name,
                "sky": dragon(s.dragon(Dragon::Sky)),
                "earth": dragon(s.dragon(Dragon::Earth)),
                "rock": s.rock.map(|c| c.to_string()),
                "portals": s.portals.iter().map(|p| json!({ "colour": p.colour.key(), "cell": p.cell.to_string() })).collect::<Vec<_>>(),
                "rule": s.portal_rule,
                "lines": setup_lines(s),
            })
        })
        .collect();
    let start = starting_wheel();
    let wheel: Vec<Value> = WHEEL
        .iter()
        .zip(start)
        .map(|(&t, Space { white, black })| {
            json!({
                "element": element_name(t),
                "trigram": t.name(),
                "zh": t.chinese(),
                "pinyin": t.pinyin(),
                "symbol": t.symbol().to_string(),
                "white": white,
                "black": black,
                "bites": bites(t),
            })
        })
        .collect();
    json!({
        "board": {
            "size": BOARD_SIZE,
            "cell_mm": CELL_MM,
            "tile_mm": TILE_MM,
            "side_mm": board_side_mm(),
            "last_column": char::from(b'a' + BOARD_SIZE - 1).to_string(),
        },
        "bagua_mm": [BAGUA_MM.0, BAGUA_MM.1],
        "life_max": LIFE_MAX,
        "fire_max": FIRE_MAX,
        "segments": SEGMENTS,
        "bite": BITE_DAMAGE,
        "water_stones": WATER_STONES,
        "fire_stones": FIRE_STONES,
        "portal_tiles": super::components::group_total("portal tiles"),
        "stones_per_colour": super::components::component(ComponentKind::BaguaStone(hexforge_rules::dragons::rules::StoneColour::White)).quantity,
        "ruler": { "straight": RULER_STRAIGHT, "slant": RULER_SLANT },
        "wheel": wheel,
        "scenarios": scenarios,
        "duration": measured()["duration"].clone(),
        "measured": measured(),
    })
}

/// What simulation measured (pinned in the rules crate, each row with the command that
/// reproduces it): the book's table of game lengths, the first player's wins, bites and
/// portals, and the rarest action.
fn measured() -> Value {
    use hexforge_rules::dragons::measured::{GAMES, MEASURED, Measured, SECONDS_A_TURN};
    use hexforge_rules::dragons::{PLAYS, TURN_LIMIT};
    let per_game = |n: u64| format!("{:.1}", n as f64 / GAMES as f64);
    let greedy: Vec<&Measured> = MEASURED.iter().filter(|m| m.bot.name() == "greedy").collect();
    let rows: Vec<Value> = greedy
        .iter()
        .map(|m| {
            let scenario = hexforge_rules::dragons::scenarios::scenario(m.scenario).expect("a measured scenario");
            json!({
                "scenario": m.scenario,
                "scenario_name": scenario.name,
                "mode": m.mode,
                "mode_name": mode_name(m.mode),
                "variant": m.variant,
                "median_turns": m.median_turns,
                "p90_turns": m.p90_turns,
                "median_minutes": Measured::minutes(m.median_turns),
                "p90_minutes": Measured::minutes(m.p90_turns),
                "first_player": format!("{:.1}", m.first_player_wins as f64 * 100.0 / GAMES as f64),
                "stalled": format!("{:.1}", m.stalled as f64 * 100.0 / GAMES as f64),
                "bites": per_game(m.count("bite")),
                "portals": per_game(m.count("portal")),
                "command": m.command(),
            })
        })
        .collect();
    // The action used least often, over the settings this edition plays.
    let (rarest, at) = greedy
        .iter()
        .filter(|m| m.variant.is_none())
        .flat_map(|m| PLAYS.iter().enumerate().map(move |(i, name)| ((m.plays[i], *name), *m)))
        .min_by_key(|(key, _)| *key)
        .expect("measured settings");
    let at_name = hexforge_rules::dragons::scenarios::scenario(at.scenario).expect("a scenario").name;
    // The cover's time: the shortest median to the longest 90th percentile of the settings
    // this edition plays.
    let played = || greedy.iter().filter(|m| m.variant.is_none());
    let duration = crate::rulebook::data::cover_time(
        hexforge_rules::core::lang::Lang::En,
        played().map(|m| Measured::minutes(m.median_turns)).min().expect("measured settings"),
        played().map(|m| Measured::minutes(m.p90_turns)).max().expect("measured settings"),
    );
    json!({
        "duration": duration,
        "games": GAMES,
        "games_text": format!("{},{:03}", GAMES / 1000, GAMES % 1000),
        "seconds_a_turn": SECONDS_A_TURN,
        "turn_limit": TURN_LIMIT,
        "longest": greedy.iter().map(|m| m.max_turns).max(),
        "rows": rows,
        "rarest": {
            "name": rarest.1,
            "per_game": per_game(rarest.0),
            "where": format!("{at_name}, {} mode", mode_name(at.mode).to_lowercase()),
        },
    })
}

/// A mode's name as the book prints it.
fn mode_name(key: &str) -> &'static str {
    match key {
        "grasshopper" => "Grasshopper",
        "monk" => "Monk",
        "master" => "Master",
        _ => "The Chosen One",
    }
}

/// Dragons of the Ba-Gua at a glance ([`crate::games::glance`]); its kinds of move are the
/// book's Quick reference too.
pub fn glance() -> Glance {
    Glance {
        goal: format!(
            "Strip the other dragon of its body: each has a head and {} segments, and the first to lose its last segment is defeated.",
            count(SEGMENTS)
        ),
        turn:
            "Two phases: stir the wheel of the Ba-Gua (spirit), then move your dragon as the element it names (matter)."
                .into(),
        moves: vec![
            row(
                "Spirit",
                "pick up every stone of one space; drop them one by one on the next spaces, counter-clockwise. The last space names the element.",
            ),
            row(
                "Matter",
                "move your dragon as the element says, step by step: tail off, head on, tail where the head was.",
            ),
            row(
                "Bite",
                format!(
                    "after Sky, Earth, Wind, Thunder, Lake or Mountain: if a tile of the other dragon is right in front of your dragon's mouth, the other dragon loses {BITE_DAMAGE} life."
                ),
            ),
            row(
                "Fire, Water",
                format!(
                    "absorb one stone (at most {FIRE_MAX} of each), or expel: best ruler value on the target plus the bonus."
                ),
            ),
            row(
                "Life",
                "each damage: a water stone to the centre. An empty meter costs a segment and refills. No segment left: defeat.",
            ),
        ],
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_glance_counts_in_the_books_words() {
        assert!(super::glance().goal.contains("a head and three segments"), "{:?}", super::glance());
    }
}
