//! The README's table of bot strength is a measurement: every row names the command that
//! plays its games, and this test runs each one and compares the stronger bot's win rate
//! and interval with the row, and checks that the interval lies above chance.

use std::process::{Command, Stdio};

/// The rows between the table's markers: (command, rate, interval, chance).
fn rows() -> Vec<(String, String, String, String)> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README.md");
    let table = readme
        .split("<!-- bot-strength -->")
        .nth(1)
        .and_then(|rest| rest.split("<!-- /bot-strength -->").next())
        .expect("the README's bot-strength table");
    table
        .lines()
        .filter(|l| l.contains("`hexforge simulate"))
        .map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let cell = |i: usize| cells[i].to_string();
            (cell(2).trim_matches('`').to_string(), cell(3), cell(4), cell(5))
        })
        .collect()
}

/// `n / d` as a percentage with one decimal, rounded half up (the README's rounding).
fn percent(n: u64, d: u64) -> String {
    let tenths = (n * 1000 + d / 2) / d;
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// A rate given to four decimals (the summary's interval ends) as a percentage.
fn percent_of(x: f64) -> String {
    percent((x * 10_000.0).round() as u64, 10_000)
}

#[test]
fn every_bot_strength_in_the_readme_is_what_its_command_gives_and_above_chance() {
    let rows = rows();
    assert_eq!(rows.len(), 10, "two rows for each of Tao, Pathways, Zhi Pai, Liubo and Dragons");
    for (command, rate, interval, chance) in rows {
        let mut args: Vec<&str> = command.split(' ').collect();
        assert_eq!(args.remove(0), "hexforge");
        args.push("--json");
        let out = Command::new(env!("CARGO_BIN_EXE_hexforge"))
            .args(&args)
            .stdin(Stdio::null())
            .output()
            .expect("the binary runs");
        assert_eq!(out.status.code(), Some(0), "{command}: {}", String::from_utf8_lossy(&out.stderr));
        let summary: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        let measured =
            args.iter().position(|a| *a == "--bots").map(|i| args[i + 1].split(',').next().unwrap()).unwrap();
        let bot = summary["wins_by_bot"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["bot"] == measured)
            .unwrap_or_else(|| panic!("{command}: no {measured} in wins_by_bot"));
        let (low, high) = (bot["low"].as_f64().unwrap(), bot["high"].as_f64().unwrap());
        let (wins, games) = (bot["wins"].as_u64().unwrap(), bot["games"].as_u64().unwrap());
        assert_eq!(format!("{} %", percent(wins, games)), rate, "{command}");
        assert_eq!(format!("{}–{} %", percent_of(low), percent_of(high)), interval, "{command}");
        let chance_value = bot["chance"].as_f64().unwrap();
        assert_eq!(format!("{} %", (chance_value * 100.0).round()), chance, "{command}");
        assert!(low > chance_value, "{command}: {measured} is not above chance ({low} <= {chance_value})");
    }
}
