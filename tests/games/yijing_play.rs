//! 易经牌 played through the real binary: `simulate yijing-pai` with its options, its records
//! checked by `check yijing-pai --record`, a broken record refused naming the rule, and the
//! rulebook's measured rows against the commands its footnotes print.

use crate::binary::{hexforge, json};

use crate::book_row;
use crate::temp_dir;
use temp_dir::TempDir;

#[test]
fn simulate_is_the_same_for_the_same_seed_and_its_records_check_as_valid() {
    let dir = TempDir::new("yijing-sim");
    let records = dir.0.join("games.jsonl");
    let records = records.to_str().unwrap();
    let args =
        ["simulate", "yijing-pai", "--hand", "9", "--games", "60", "--seed", "9", "--bots", "greedy,random", "--json"];
    let first = hexforge(&[&args[..], &["--record", records]].concat());
    assert_eq!(first.status.code(), Some(0), "{}", String::from_utf8_lossy(&first.stderr));
    let summary = json(&first);
    assert_eq!(json(&hexforge(&args)), summary, "same seed, same bots: same summary");
    assert_eq!((summary["games"].clone(), summary["players"].clone()), (60.into(), 4.into()));
    assert_eq!(summary["finished"].as_u64().unwrap() + summary["stalled"].as_u64().unwrap(), 60);
    assert_eq!(summary["unfinished"], 0);
    assert!(summary["turns"]["max"].as_u64().unwrap() <= 37, "144 tiles in triples: at most 37 lays");
    assert!(summary["plays_by_kind"]["response"].as_u64().unwrap() > 0);

    let check = hexforge(&["check", "yijing-pai", "--record", records, "--json"]);
    assert_eq!(check.status.code(), Some(0), "{}", String::from_utf8_lossy(&check.stdout));
    let verdicts = json(&check);
    assert_eq!(verdicts.as_array().unwrap().len(), 60);
    assert!(verdicts.as_array().unwrap().iter().all(|v| v["valid"] == true));

    // Game 2's first lay claimed by another seat, and a response that repeats the group
    // before it: the checker names the game, the action and the rule.
    let text = std::fs::read_to_string(records).unwrap();
    let mut lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[1]["set"], 144);
    assert_eq!(lines[1]["hand"], 9);
    assert_eq!(lines[1]["wall"].as_str().unwrap().len(), 144);
    lines[1]["actions"][4]["seat"] = 3.into();
    let broken = dir.0.join("broken.jsonl");
    std::fs::write(&broken, lines.iter().map(|l| format!("{l}\n")).collect::<String>()).unwrap();
    let check = hexforge(&["check", "yijing-pai", "--record", broken.to_str().unwrap(), "--json"]);
    assert_eq!(check.status.code(), Some(1));
    let second = &json(&check)[1];
    assert_eq!((second["valid"].clone(), second["failed_move"].clone()), (false.into(), 5.into()));
    assert_eq!(second["rule"], "not-your-turn");
}

#[test]
fn options_are_checked() {
    let out = hexforge(&["simulate", "yijing-pai", "--option", "set=150", "--games", "1"]);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    let out = hexforge(&["simulate", "yijing-pai", "--players", "3", "--games", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let out = hexforge(&["simulate", "yijing-pai", "--option", "set=162", "--games", "3", "--seed", "2", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(json(&out)["turns"]["max"].as_u64().unwrap() <= 66);
}

/// The book's cover time is its main row's median, at the stated seconds a turn.
#[test]
fn the_cover_prints_the_measured_time() {
    use hexforge_rules::yijing_pai::measured::{MEASURED, Measured};
    let data = hexforge::games::yijing_pai::rulebook::data();
    let main = MEASURED.iter().find(|m| (m.set, m.hand, m.bots) == (144, 8, "greedy")).unwrap();
    let cover = hexforge::rulebook::data::cover_time(
        hexforge_rules::core::lang::Lang::En,
        Measured::minutes(main.median_turns),
        Measured::minutes(main.p90_turns),
    );
    assert_eq!(data["measured"]["cover"], cover);
    let rows = data["measured"]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), MEASURED.len());
}

/// The rulebook's table names, under each row, the command that plays its hands again: run
/// the main game's (four greedy players, 144 tiles, hands of eight) and the nine-tile
/// variant's, and compare with what the book prints. (`cargo test --release --test
/// yijing_play -- --ignored` runs every row.)
#[test]
fn the_rulebooks_simulate_commands_give_its_figures() {
    let data = hexforge::games::yijing_pai::rulebook::data();
    let rows = data["measured"]["rows"].as_array().expect("the measured rows").clone();
    for row in rows.iter().filter(|r| r["bots_key"] == "greedy" && r["set"] == 144) {
        book_row::check_row(row, "drawn");
    }
}

#[test]
#[ignore]
fn every_row_of_the_rulebook_is_what_its_command_gives() {
    let data = hexforge::games::yijing_pai::rulebook::data();
    for row in data["measured"]["rows"].as_array().unwrap() {
        book_row::check_row(row, "drawn");
    }
}

/// `n / d` as a percentage with one decimal, rounded half up (the README's rounding).
fn percent(n: u64, d: u64) -> String {
    let tenths = (n * 1000 + d / 2) / d;
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// The README's bot strength of 易经牌 is a measurement: each row's command is run, and the
/// stronger bot's share of the hands won, its 95 % (Wilson) interval and its share of the
/// seats are compared with the row; the interval must lie above that share.
#[test]
fn the_readmes_bot_strength_rows_are_what_their_commands_give() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let table = readme
        .split("<!-- bot-strength-yijing -->")
        .nth(1)
        .unwrap()
        .split("<!-- /bot-strength-yijing -->")
        .next()
        .unwrap();
    let rows: Vec<Vec<String>> = table
        .lines()
        .filter(|l| l.contains("`hexforge simulate"))
        .map(|l| l.split('|').map(|c| c.trim().trim_matches('`').to_string()).collect())
        .collect();
    assert_eq!(rows.len(), 4, "greedy against random, and search against greedy, for both hands");
    for row in rows {
        let command = &row[2];
        let mut args: Vec<&str> = command.split(' ').collect();
        assert_eq!(args.remove(0), "hexforge");
        args.push("--json");
        let out = hexforge(&args);
        assert_eq!(out.status.code(), Some(0), "{command}");
        let summary = json(&out);
        let won = summary["finished"].as_u64().unwrap();
        let bot = &summary["wins_by_bot"][0];
        let wins = bot["wins"].as_u64().unwrap();
        assert_eq!(format!("{} %", percent(wins, won)), row[3], "{command}");
        let (p, n, z) = (wins as f64 / won as f64, won as f64, 1.959_964f64);
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
        let end = |x: f64| percent((x * 10_000.0).round() as u64, 10_000);
        assert_eq!(format!("{}–{} %", end(centre - half), end(centre + half)), row[4], "{command}");
        let chance = bot["chance"].as_f64().unwrap();
        assert_eq!(format!("{} %", (chance * 100.0).round()), row[5], "{command}");
        assert!(centre - half > chance, "{command}: not above its share of the seats");
    }
}
