//! The core subcommands through the real binary: output, JSON shapes and exit codes.

use std::process::{Command, Output};

fn hexforge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hexforge")).args(args).output().expect("the binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {}", stdout(out)))
}

#[test]
fn hexagram_json_matches_the_public_shape() {
    let out = hexforge(&["hexagram", "12", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let v = json(&out);
    assert_eq!(v["number"], 12);
    assert_eq!(v["lines"], "000111");
    assert_eq!(v["lower"], "earth");
    assert_eq!(v["upper"], "heaven");
    assert_eq!(v["names"]["zh"], "否");
    assert_eq!(v["neighbours"], serde_json::json!([25, 6, 33, 20, 35, 45]));
    assert_eq!(v["nuclear"], 53);
    // Six lines written bottom to top name the same hexagram.
    assert_eq!(json(&hexforge(&["hexagram", "000111", "--json"])), v);
}

#[test]
fn hexagram_text_shows_the_neighbours() {
    let out = hexforge(&["hexagram", "12"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.contains("否") && text.contains("Standstill"), "{text}");
    assert!(text.contains("line 2") && text.contains("→ 6"), "{text}");
}

#[test]
fn hexagrams_lists_all_64() {
    let v = json(&hexforge(&["hexagrams", "--json"]));
    let list = v.as_array().unwrap();
    assert_eq!(list.len(), 64);
    for (i, h) in list.iter().enumerate() {
        assert_eq!(h["number"], i as u64 + 1);
    }
    assert_eq!(stdout(&hexforge(&["hexagrams"])).lines().count(), 64);
}

#[test]
fn bad_hexagrams_exit_2_and_name_the_value() {
    for bad in ["0", "65", "x", "-3", "0001"] {
        let out = hexforge(&["hexagram", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = stderr(&out);
        assert!(err.contains(bad), "{bad}: {err}");
    }
    assert!(stderr(&hexforge(&["hexagram", "65"])).contains("1..=64"));
}

#[test]
fn change_applies_every_line() {
    let v = json(&hexforge(&["change", "12", "2", "--json"]));
    assert_eq!(v["number"], 6);
    let v = json(&hexforge(&["change", "1", "1", "2", "3", "4", "5", "6", "--json"]));
    assert_eq!(v["number"], 2);
    for (args, needle) in
        [(&["change", "1", "7"][..], "1..=6"), (&["change", "1", "2", "2"][..], "twice"), (&["change", "1"][..], "")]
    {
        let out = hexforge(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn cast_from_values() {
    let v = json(&hexforge(&["cast", "9", "6", "9", "6", "9", "6", "--json"]));
    assert_eq!(v, serde_json::json!({"primary": 63, "relating": 64, "changing": [1, 2, 3, 4, 5, 6]}));
    let v = json(&hexforge(&["cast", "7", "7", "7", "7", "7", "7", "--json"]));
    assert_eq!(v["relating"], serde_json::Value::Null);
    for bad in [&["cast", "7", "7", "7", "7", "7"][..], &["cast", "7", "7", "7", "7", "7", "5"], &["cast", "x"]] {
        let out = hexforge(bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
    assert!(stderr(&hexforge(&["cast", "7", "7", "7", "7", "7", "5"])).contains("line 6"));
    assert!(stderr(&hexforge(&["cast", "7", "7", "7", "7", "7"])).contains("got 5"));
}

#[test]
fn cast_by_drawing_is_reproducible_with_a_seed() {
    for method in ["one", "three"] {
        let a = json(&hexforge(&["cast", "--draw", method, "--seed", "7", "--json"]));
        let b = json(&hexforge(&["cast", "--draw", method, "--seed", "7", "--json"]));
        assert_eq!(a, b);
        assert_eq!(a["seed"], 7);
        assert_eq!(a["method"], method);
        assert!((1..=64).contains(&a["primary"].as_u64().unwrap()));
    }
    assert_eq!(hexforge(&["cast", "--draw", "five"]).status.code(), Some(2));
}

/// `cast --spread`: a seed repeats the spread, which is the rules crate's reading; text
/// names every position; `--help` lists each spread with its line; a bad name exits 2
/// listing the names; the flag mixes with neither line values nor `--draw`/`--replace`.
#[test]
fn cast_a_spread() {
    use hexforge_rules::core::spread::{SPREADS, draw_spread, spread};
    let a = json(&hexforge(&["cast", "--spread", "three", "--seed", "42", "--json"]));
    assert_eq!(a, json(&hexforge(&["cast", "--spread", "three", "--seed", "42", "--json"])));
    assert_eq!(a, serde_json::to_value(draw_spread(spread("three").unwrap(), 42)).unwrap());
    assert_ne!(a, json(&hexforge(&["cast", "--spread", "three", "--seed", "43", "--json"])));
    let text = stdout(&hexforge(&["cast", "--spread", "cross", "--seed", "42"]));
    for (i, name) in ["heart", "root", "past", "aim", "future"].iter().enumerate() {
        assert!(text.contains(&format!("{} {name}: ", i + 1)), "{name} missing from:\n{text}");
    }
    assert!(text.starts_with("spread cross   seed 42\n"), "{text}");
    assert_eq!(text.matches("cards laid (dark side up): ").count(), 5, "{text}");
    let help = stdout(&hexforge(&["cast", "--help"]));
    for s in SPREADS {
        assert!(help.contains(&format!("- {}: {}", s.name, s.about)), "{} not in --help:\n{help}", s.name);
    }
    let bad = hexforge(&["cast", "--spread", "celtic"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("'celtic'") && stderr(&bad).contains("three, cross"), "{}", stderr(&bad));
    for mixed in [
        &["cast", "--spread", "three", "--draw", "one"][..],
        &["cast", "--spread", "three", "--replace"],
        &["cast", "--spread", "three", "7", "7", "7", "7", "7", "7"],
    ] {
        assert_eq!(hexforge(mixed).status.code(), Some(2), "{mixed:?}");
    }
    // Without a seed, the one drawn is printed and repeats the reading.
    let fresh = json(&hexforge(&["cast", "--spread", "three", "--json"]));
    let seed = fresh["seed"].as_u64().unwrap().to_string();
    assert_eq!(fresh, json(&hexforge(&["cast", "--spread", "three", "--seed", &seed, "--json"])));
}

#[test]
fn verify_neighbours_exit_codes() {
    let ok = hexforge(&["verify-neighbours", "--card", "12", "25", "6", "33", "20", "35", "45"]);
    assert_eq!(ok.status.code(), Some(0), "{}", stderr(&ok));
    let light =
        hexforge(&["verify-neighbours", "--card", "12", "--orientation", "light", "46", "36", "19", "34", "5", "26"]);
    assert_eq!(light.status.code(), Some(0));
    let wrong = hexforge(&["verify-neighbours", "--card", "12", "25", "7", "33", "20", "35", "45", "--json"]);
    assert_eq!(wrong.status.code(), Some(1));
    assert_eq!(
        json(&wrong),
        serde_json::json!({"ok": false, "mismatches": [{"line": 2, "printed": 7, "expected": 6}]})
    );
    let text = hexforge(&["verify-neighbours", "--card", "12", "25", "7", "33", "20", "35", "45"]);
    assert!(stdout(&text).contains("line 2: printed 7, expected 6"));
    for bad in [
        &["verify-neighbours", "--card", "65", "1", "2", "3", "4", "5", "6"][..],
        &["verify-neighbours", "--card", "12", "1", "2", "3"],
        &["verify-neighbours", "--card", "12", "--orientation", "up", "1", "2", "3", "4", "5", "6"],
        &["verify-neighbours"],
    ] {
        assert_eq!(hexforge(bad).status.code(), Some(2), "{bad:?}");
    }
}

#[test]
fn generate_data_then_verify_the_whole_deck() {
    let dir = std::env::temp_dir().join(format!("hexforge-cli-generate-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = hexforge(&["generate", "--only", "data", "--out", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let csv_path = dir.join("neighbours.csv");
    let csv = std::fs::read_to_string(&csv_path).unwrap();
    assert_eq!(csv.lines().count(), 1 + 128);
    assert!(csv.contains("\n12,dark,25,6,33,20,35,45\n"));
    let hexagrams: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("hexagrams.json")).unwrap()).unwrap();
    assert_eq!(hexagrams.as_array().unwrap().len(), 64);
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).unwrap()).unwrap();
    let paths: Vec<&str> = manifest["files"].as_array().unwrap().iter().map(|f| f["path"].as_str().unwrap()).collect();
    // With the index at the top of the folder, which every run writes.
    assert_eq!(paths, ["README.txt", "hexagrams.json", "neighbours.csv"]);

    let ok = hexforge(&["verify-neighbours", "--file", csv_path.to_str().unwrap()]);
    assert_eq!(ok.status.code(), Some(0), "{}", stdout(&ok));
    // One wrong number in the file: exit 1 and the row named.
    std::fs::write(&csv_path, csv.replace("\n12,dark,25,6,", "\n12,dark,25,7,")).unwrap();
    let bad = hexforge(&["verify-neighbours", "--file", csv_path.to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(stdout(&bad).contains("card 12 dark, line 2: printed 7, expected 6"), "{}", stdout(&bad));
    std::fs::write(&csv_path, "12,dark,1,2\n").unwrap();
    assert_eq!(hexforge(&["verify-neighbours", "--file", csv_path.to_str().unwrap()]).status.code(), Some(2));
    assert_eq!(hexforge(&["verify-neighbours", "--file", "/nonexistent/deck.csv"]).status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_subcommand_has_help() {
    for sub in ["hexagram", "hexagrams", "change", "cast", "verify-neighbours", "generate"] {
        let out = hexforge(&[sub, "--help"]);
        assert_eq!(out.status.code(), Some(0), "{sub}");
        assert!(stdout(&out).contains("Usage:"), "{sub}");
    }
}

/// Issue 17: a search that spends its budget is undecided: exit 3 (bad input stays 2),
/// with the same JSON as the server's.
#[test]
fn an_undecided_search_exits_3() {
    let out = hexforge(&["solve", "zhipai", "--start", "12", "--max-positions", "1", "--json"]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let v = json(&out);
    assert_eq!((&v["status"], &v["length"]), (&serde_json::json!("unknown"), &serde_json::Value::Null), "{v}");
    assert!(v["lower_bound"].is_u64() && v["reason"].is_string(), "{v}");
    let text = hexforge(&["solve", "zhipai", "--start", "12", "--max-positions", "1"]);
    assert_eq!(text.status.code(), Some(3));
    assert!(stdout(&text).starts_with("undecided: "), "{}", stdout(&text));
    assert_eq!(hexforge(&["solve", "zhipai", "--start", "65", "--max-positions", "1"]).status.code(), Some(2));

    // A check's verdict does not wait on the search: solved, exit 0, optimum unknown.
    let check = hexforge(&[
        "check-sequence",
        "zhipai",
        "--start",
        "12",
        "--placements",
        "6:left,22:right,40:left,55:left",
        "--max-positions",
        "1",
    ]);
    assert_eq!(check.status.code(), Some(0), "{}", stderr(&check));
    assert!(stdout(&check).contains("solved: 6 cards; the shortest is unknown"), "{}", stdout(&check));
}

#[test]
fn checks_say_unfinished_apart_from_broken() {
    let unfinished = hexforge(&["check-sequence", "zhipai", "--start", "12", "--placements", "6:left", "--json"]);
    assert_eq!(unfinished.status.code(), Some(1));
    assert_eq!(json(&unfinished)["state"], "unfinished");
    let broken = hexforge(&["check-sequence", "zhipai", "--start", "12", "--placements", "6:left,6:right"]);
    assert_eq!(broken.status.code(), Some(1));
    assert!(stdout(&broken).starts_with("not valid: move 2"), "{}", stdout(&broken));
}

/// The older spelling of a sequence check, `check pathways|zhipai` with the puzzle's
/// options and no `--record` (the README of earlier releases printed it), answers as
/// `check-sequence` does; another game or a typo is refused naming what was given.
#[test]
fn the_older_check_spelling_answers_as_check_sequence() {
    for args in [
        ["zhipai", "--start", "12", "--placements", "6:left,22:right,40:left,55:left", "--json"].as_slice(),
        ["pathways", "--from", "12", "--to", "6", "--sequence", "12:dark,6:dark", "--json"].as_slice(),
        ["zhipai", "--json", "--start", "12", "--placements", "6:left"].as_slice(),
    ] {
        let older = hexforge(&[["check"].as_slice(), args].concat());
        let newer = hexforge(&[["check-sequence"].as_slice(), args].concat());
        assert_eq!(older.status.code(), newer.status.code(), "{args:?}: {}", stderr(&older));
        assert_eq!(stdout(&older), stdout(&newer), "{args:?}");
        assert!(json(&older)["state"].is_string(), "{args:?}");
    }
    let other = hexforge(&["check", "tao", "--recrod", "games.jsonl"]);
    assert_eq!(other.status.code(), Some(2));
    assert!(stderr(&other).contains("--recrod") && stderr(&other).contains("--record FILE"), "{}", stderr(&other));
    let neither = hexforge(&["check", "tao"]);
    assert_eq!(neither.status.code(), Some(2));
    assert!(stderr(&neither).contains("--record"), "{}", stderr(&neither));
}

/// A single card is "1 card", not "1 cards".
#[test]
fn one_card_is_singular() {
    let out = hexforge(&["solve", "pathways", "--from", "1", "--to", "1"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).starts_with("1 card from 1 to 1"), "{}", stdout(&out));
}

/// `serve --database` names a bad URL and what is allowed, and a database that cannot be
/// opened, before listening.
#[test]
fn serve_refuses_a_bad_database() {
    let out = hexforge(&["serve", "--addr", "127.0.0.1:0", "--database", "mysql://u@h/x"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("mysql://u@h/x") && err.contains("sqlite://PATH") && err.contains("postgres://"), "{err}");

    let missing = std::env::temp_dir().join(format!("hexforge-no-such-folder-{}", std::process::id()));
    let url = format!("sqlite://{}/results.sqlite3", missing.display());
    let out = hexforge(&["serve", "--addr", "127.0.0.1:0", "--database", &url]);
    assert_ne!(out.status.code(), Some(0));
    let err = stderr(&out);
    assert!(err.contains("cannot open the results database") && err.contains("hexforge-no-such-folder"), "{err}");
}

/// Issue 29: an error is one line that says each cause once (`generate --out /proc/x`
/// said "No such file or directory (os error 2)" three times).
#[test]
fn an_error_says_each_cause_once() {
    if !crate::peak_memory::on_linux() {
        return;
    }
    let out = hexforge(&["generate", "--out", "/proc/x"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.starts_with("error: ") && err.contains("/proc/x"), "{err}");
    assert_eq!(err.matches("(os error").count(), 1, "{err}");
}

/// Regression: `hexforge … --json | head` panicked ("failed printing to stdout: Broken
/// pipe"). A reader that has gone ends the command quietly, with success.
#[test]
fn a_closed_pipe_ends_a_command_quietly() {
    use std::process::Stdio;
    for args in [&["hexagrams", "--json"][..], &["simulate", "liubo", "--games", "50", "--json"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hexforge"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        drop(child.stdout.take()); // the reader leaves before the first line
        let out = child.wait_with_output().expect("the binary ends");
        let err = stderr(&out);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
    }
}

/// Issue 40: a negative number for a numeric option gets the option's own message, naming
/// the value and what is allowed, not clap's tip to write `-- -1`.
#[test]
fn negative_numbers_get_a_message_not_a_tip() {
    let cases: [(&[&str], &str); 12] = [
        (&["simulate", "tao", "--games", "-1"], "expected a whole number, 1 or more"),
        (&["simulate", "tao", "--players", "-2"], "expected a whole number, 0 or more"),
        (&["simulate", "tao", "--seed", "-1"], "expected a whole number, 0 or more"),
        (&["simulate", "tao", "--games", "1.5"], "expected a whole number, 1 or more"),
        (&["cast", "--draw", "one", "--seed", "-7"], "expected a whole number, 0 or more"),
        (&["serve", "--max-connections", "-1"], "expected a whole number from 1 to 1000000"),
        (&["serve", "--record-burst", "-1"], "expected a whole number from 0 to 4294967295"),
        (&["serve", "--record-queue", "-1"], "expected a whole number from 1 to 10000000"),
        (&["serve", "--shutdown-grace", "-1"], "out of range"),
        (&["generate", "--dpi", "-300"], "-300"),
        (&["hexagram", "-3"], "-3"),
        (&["change", "1", "-1"], "1..=6"),
    ];
    for (args, message) in cases {
        let out = hexforge(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(!err.contains("tip:"), "{args:?}: {err}");
        let value = args.iter().rev().find(|a| a.starts_with('-') || a.contains('.')).unwrap();
        assert!(err.contains(value) && err.contains(message), "{args:?}: {err}");
    }
}
