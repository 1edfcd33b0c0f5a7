//! The layers the compiler cannot check inside one crate. The rules crate (`rules/`: the
//! core, the games' rules and searches, the puzzles) is kept pure by the compiler; inside
//! the application, each game's rules files still there and the API's request types import
//! nothing that draws, prints or serves, the card engine names no game, and the
//! command-line crates stay in the CLI; in both crates every file is short and says what
//! it is for. Walks `src/` and `rules/src/` as text, so a new file is covered without
//! being listed.

use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).unwrap_or_else(|e| panic!("cannot read {}: {e}", d.display())) {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The rules crate's sources.
fn rules_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/src")
}

/// The file's code with `//` comments removed, so a doc link does not count as an import.
fn code(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// Files of a game folder that hold its rules (pure): everything that is not drawing,
/// printing or rulebook data.
const PURE_GAME_FILES: &[&str] =
    &["rules.rs", "check.rs", "solve.rs", "score.rs", "deck.rs", "components.rs", "scenarios.rs", "wheel.rs"];

/// What pure code may not name.
const IMPURE: &[&str] = &[
    "crate::print",
    "crate::cards",
    "crate::rulebook",
    "crate::cli",
    "crate::http",
    "crate::generate",
    "typst",
    "resvg",
    "usvg",
    "tiny_skia",
    "krilla",
    "minijinja",
    "axum",
    "tokio",
    "std::fs",
    "clap",
];

fn pure_files() -> Vec<PathBuf> {
    let src = src();
    // The core, the searches and the puzzles are the rules crate's (`rules/`): the compiler
    // keeps them pure.
    // The API's requests and answers: shared by the CLI and the server, so neither's.
    let mut files = rust_files(&src.join("api"));
    for file in rust_files(&src.join("games")) {
        let name = file.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        let in_pathways = file.components().any(|c| c.as_os_str() == "pathways");
        if PURE_GAME_FILES.contains(&name) || in_pathways {
            files.push(file);
        }
    }
    files
}

#[test]
fn the_core_and_every_games_rules_import_nothing_that_draws_prints_or_serves() {
    let files = pure_files();
    assert!(files.len() >= 10, "expected the core and the games' rules, found {files:?}");
    let mut found = Vec::new();
    for file in &files {
        let code = code(file);
        for word in IMPURE {
            if code.contains(word) {
                found.push(format!("{} names {word}", file.strip_prefix(src()).unwrap_or(file).display()));
            }
        }
    }
    assert!(found.is_empty(), "pure files import edges:\n{}", found.join("\n"));
}

#[test]
fn every_game_folder_has_pure_rules() {
    for game in ["changing_lines", "zhi_pai", "yijing_pai", "liubo", "dragons"] {
        let dir = src().join("games").join(game);
        // A game whose rules moved into the rules crate (`rules/src/<game>/`) has them there.
        let moved = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/src").join(game);
        let in_rules_crate = moved.is_dir() && !rust_files(&moved).is_empty();
        let has_rules = in_rules_crate
            || rust_files(&dir).iter().any(|f| {
                let name = f.file_name().and_then(|n| n.to_str()).unwrap_or_default();
                PURE_GAME_FILES.contains(&name) || f.components().any(|c| c.as_os_str() == "pathways")
            });
        assert!(has_rules, "{} has no rules file", dir.display());
    }
}

#[test]
fn command_line_crates_are_used_only_by_the_cli() {
    let src = src();
    let mut found = Vec::new();
    for file in rust_files(&src) {
        let rel = file.strip_prefix(&src).unwrap_or(&file).to_path_buf();
        if rel.starts_with("cli") || rel == Path::new("main.rs") {
            continue;
        }
        let code = code(&file);
        for word in ["clap::", "indicatif"] {
            if code.contains(word) {
                found.push(format!("{} uses {word}", rel.display()));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn anyhow_only_at_the_edges() {
    let src = src();
    let mut found = Vec::new();
    for file in rust_files(&src) {
        let rel = file.strip_prefix(&src).unwrap_or(&file).to_path_buf();
        if rel.starts_with("cli") || rel.starts_with("http") || rel == Path::new("main.rs") {
            continue;
        }
        if code(&file).contains("anyhow") {
            found.push(rel.display().to_string());
        }
    }
    assert!(found.is_empty(), "anyhow in library code: {found:?}");
}

#[test]
fn no_source_file_is_too_long_and_each_says_what_it_is_for() {
    let files = [rust_files(&src()), rust_files(&rules_src())].concat();
    assert!(files.len() > 100, "expected both crates' files, found {}", files.len());
    for file in files {
        let text = fs::read_to_string(&file).expect("readable");
        let lines = text.lines().count();
        assert!(lines <= 650, "{} has {lines} lines; split it by what it is for", file.display());
        assert!(text.starts_with("//!"), "{} does not start with a //! line", file.display());
    }
}

/// The card engine (`src/cards/`) names no game: a deck plugs in through
/// `cards::CardDeck`, and the decks are listed in `games/decks.rs`, so the games import
/// the cards and never the other way round. Tests may use the real decks.
#[test]
fn the_card_engine_names_no_game() {
    let mut found = Vec::new();
    for file in rust_files(&src().join("cards")) {
        let code = code(&file);
        let code = code.split("#[cfg(test)]").next().unwrap_or_default();
        for word in
            ["crate::games", "changing_lines", "zhi_pai", "ChangingLines", "ZhiPai", "changing-lines", "zhi-pai"]
        {
            if code.contains(word) {
                found.push(format!("{} names {word}", file.strip_prefix(src()).unwrap_or(&file).display()));
            }
        }
    }
    assert!(found.is_empty(), "the card engine names a game:\n{}", found.join("\n"));
}

/// The checker must be able to fail: a file that imports an edge is caught.
#[test]
fn the_import_check_catches_an_edge() {
    let dir = std::env::temp_dir().join(format!("hexforge-arch-{}", std::process::id()));
    fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("rules.rs");
    fs::write(&file, "//! x\nuse crate::print::render; // a comment naming axum\n").expect("write");
    let code = code(&file);
    assert!(code.contains("crate::print"));
    assert!(!code.contains("axum"), "comments are not imports");
    fs::remove_dir_all(&dir).ok();
}
