//! A rulebook's row of measured figures against the `hexforge simulate` command its
//! footnote names: the command is run through the real binary and its summary compared
//! (median and 90th-percentile turns, the first player's wins, the games without a single
//! winner, which the book prints in the column `no_winner_column`).

use std::process::{Command, Stdio};

pub fn check_row(row: &serde_json::Value, no_winner_column: &str) {
    let command = row["command"].as_str().expect("a command");
    let mut words = command.split(' ');
    assert_eq!(words.next(), Some("hexforge"), "{command}");
    let out = Command::new(env!("CARGO_BIN_EXE_hexforge"))
        .args(words)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(0), "{command}: {}", String::from_utf8_lossy(&out.stderr));
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(summary["turns"]["median"], row["median_turns"], "{command}");
    assert_eq!(summary["turns"]["p90"], row["p90_turns"], "{command}");
    let games = summary["games"].as_f64().unwrap();
    let percent = |v: &serde_json::Value| format!("{:.1}", v.as_f64().unwrap() * 100.0 / games);
    assert_eq!(percent(&summary["first_player"]["wins"]), row["first_player"].as_str().unwrap(), "{command}");
    assert_eq!(percent(&summary["stalled"]), row[no_winner_column].as_str().unwrap(), "{command}");
}
