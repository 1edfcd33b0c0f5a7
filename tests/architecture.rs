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
    assert!(files.len() >= 7, "expected the API's requests and the games' pure print data, found {files:?}");
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

/// Every printed game's rules live in the rules crate, where the compiler keeps them pure:
/// each folder of `src/games/` has a namesake in `rules/src/` that holds code, and a rules
/// file left in the application's folder only re-exports the rules crate (it defines no rule).
#[test]
fn every_game_folder_has_pure_rules() {
    let mut games = 0;
    for entry in fs::read_dir(src().join("games")).expect("src/games") {
        let dir = entry.expect("directory entry").path();
        if !dir.is_dir() {
            continue;
        }
        games += 1;
        let game = dir.file_name().and_then(|n| n.to_str()).expect("a folder name").to_string();
        let rules = rules_src().join(&game);
        assert!(rules.is_dir() && !rust_files(&rules).is_empty(), "{game}: no rules in {}", rules.display());
        for file in rust_files(&dir) {
            let name = file.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            // The box's contents (`components.rs`) are print data: pure, but not a rule.
            if !PURE_GAME_FILES.contains(&name) || name == "components.rs" {
                continue;
            }
            let defines = code(&file)
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with("pub use hexforge_rules::"))
                .map(str::to_string)
                .collect::<Vec<_>>();
            assert!(defines.is_empty(), "{} holds rules outside the rules crate: {defines:?}", file.display());
        }
    }
    assert!(games >= 5, "src/games holds {games} game folders");
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

/// `"1.92"` or `"1.92.0"` as (major, minor), for comparing Rust versions.
fn rust_version(text: &str) -> (u32, u32) {
    let mut parts = text.split('.').map(|p| p.parse::<u32>().unwrap_or_else(|_| panic!("rust version {text:?}")));
    (parts.next().unwrap_or(0), parts.next().unwrap_or(0))
}

/// The oldest Rust each workspace package declares (`rust-version`) is what its locked
/// dependencies really need (the newest `rust-version` among them, or edition 2024's 1.85),
/// and the README's install line says the application's: a user with an older toolchain
/// gets the honest message from cargo, not a build error deep in a dependency.
#[test]
fn the_declared_minimum_rust_is_what_the_locked_dependencies_need() {
    let output = std::process::Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--locked"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(output.status.success(), "cargo metadata: {}", String::from_utf8_lossy(&output.stderr));
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).expect("cargo metadata is JSON");
    let packages: std::collections::HashMap<&str, &serde_json::Value> =
        metadata["packages"].as_array().expect("packages").iter().map(|p| (p["id"].as_str().expect("id"), p)).collect();
    let nodes: std::collections::HashMap<&str, Vec<&str>> = metadata["resolve"]["nodes"]
        .as_array()
        .expect("resolve nodes")
        .iter()
        .map(|n| {
            // Normal and build dependencies only: what a user's build of the package compiles.
            let deps = n["deps"]
                .as_array()
                .expect("deps")
                .iter()
                .filter(|d| {
                    d["dep_kinds"].as_array().expect("dep_kinds").iter().any(|k| k["kind"].as_str() != Some("dev"))
                })
                .map(|d| d["pkg"].as_str().expect("pkg"))
                .collect();
            (n["id"].as_str().expect("node id"), deps)
        })
        .collect();
    let mut declared_app = None;
    for member in metadata["workspace_members"].as_array().expect("workspace members") {
        let id = member.as_str().expect("member id");
        let package = packages[id];
        let name = package["name"].as_str().expect("name");
        let declared =
            rust_version(package["rust_version"].as_str().unwrap_or_else(|| panic!("{name} declares no rust-version")));
        // Every package the member's build compiles, and the one that needs the newest Rust.
        let mut seen = std::collections::HashSet::new();
        let mut stack = nodes[id].clone();
        let mut needed = ((1, 85), "edition 2024".to_string());
        while let Some(dep) = stack.pop() {
            if !seen.insert(dep) {
                continue;
            }
            if let Some(v) = packages[dep]["rust_version"].as_str() {
                let v = rust_version(v);
                if v > needed.0 {
                    needed = (v, format!("{} {}", packages[dep]["name"], packages[dep]["version"]));
                }
            }
            stack.extend(nodes[dep].iter().copied());
        }
        assert_eq!(
            declared, needed.0,
            "{name} declares rust-version {declared:?}; its locked dependencies need {:?} ({})",
            needed.0, needed.1
        );
        if name == "hexforge" {
            declared_app = Some(declared);
        }
    }
    let (major, minor) = declared_app.expect("the hexforge package is a workspace member");
    let readme = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).expect("README.md");
    assert!(
        readme.contains(&format!("A Rust toolchain ({major}.{minor} or newer")),
        "README.md must give the minimum Rust the package declares, {major}.{minor}"
    );
}

/// The README states the browser module's size; the committed module is that size (it
/// changes with every rebuild, and a stale figure went unnoticed once).
#[test]
fn the_readme_states_the_modules_size() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let size = fs::metadata(root.join("web/wasm/hexforge_rules.wasm")).expect("the committed module").len();
    let readme = fs::read_to_string(root.join("README.md")).expect("README.md");
    let row = readme.lines().find(|l| l.starts_with("| the module, before compression |")).expect("the module's row");
    let stated: u64 = row
        .split('|')
        .nth(2)
        .and_then(|cell| cell.split_whitespace().next())
        .map(|n| n.replace(',', ""))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no byte count in {row:?}"));
    assert_eq!(stated, size, "README.md states {stated} bytes for web/wasm/hexforge_rules.wasm, which has {size}");
}

/// The games are listed once, by the rules crate's registry: every part a game is printed
/// on has its folder in `src/games/` and its `PrintedGame` in `games::all()`, and every
/// folder and printed game there is a part some game declares; every game's key has a
/// folder of rules in `rules/src/` (Pathways' are the Changing Lines deck's).
#[test]
fn every_game_is_declared_once_and_its_files_follow_its_descriptor() {
    let games = hexforge_rules::games();
    let printed: Vec<&str> = hexforge_rules::play::descriptor::printed(&games).iter().map(|p| p.key).collect();
    let folder = |key: &str| key.replace('-', "_");
    let mut folders: Vec<String> = fs::read_dir(src().join("games"))
        .expect("src/games")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.is_dir())
        .map(|p| p.file_name().and_then(|n| n.to_str()).expect("a folder name").to_string())
        .collect();
    folders.sort();
    let mut wanted: Vec<String> = printed.iter().map(|k| folder(k)).collect();
    wanted.sort();
    assert_eq!(folders, wanted, "src/games/ holds one folder per printed part the games declare");
    let mut printing: Vec<&str> = hexforge::games::all().iter().map(|g| g.key()).collect();
    printing.sort();
    let mut declared = printed.clone();
    declared.sort();
    assert_eq!(printing, declared, "games::all() prints exactly the parts the games declare");
    for game in &games {
        let own = rules_src().join(folder(game.key()));
        let deck = rules_src().join(folder(game.printed.key));
        assert!(own.is_dir() || deck.join(folder(game.key())).is_dir(), "{}: no folder of rules", game.key());
    }
}

/// What the output folder's index, the play page's drawings and the glances say of a game
/// is the game's own (`hexforge::games::PrintedGame`): they name no game, by its key or by
/// its folder, so a new game is no edit there.
#[test]
fn the_readers_of_the_games_name_none() {
    let games = hexforge_rules::games();
    let mut words: Vec<String> = Vec::new();
    for key in games.iter().flat_map(|g| [g.key(), g.printed.key]) {
        words.extend([format!("\"{key}\""), format!("{}::", key.replace('-', "_"))]);
    }
    let mut found = Vec::new();
    for file in ["index.rs", "http/play_art.rs", "games/glance.rs"] {
        let code = code(&src().join(file));
        let code = code.split("#[cfg(test)]").next().unwrap_or_default();
        found.extend(words.iter().filter(|w| code.contains(w.as_str())).map(|w| format!("{file} names {w}")));
    }
    assert!(found.is_empty(), "a reader of the games names one:\n{}", found.join("\n"));
    assert!(words.contains(&"\"yijing-pai\"".to_string()) && words.contains(&"changing_lines::".to_string()));
}

/// The words a drawing of the play page asks the rules module for, as written in the
/// scripts: each `say(…, 'key'` and `label(…, 'key'` (`label` asks for `label key`), and
/// whether the key goes on (`'home ' + seat`: any key beginning `home `).
fn asked_words(script: &str) -> Vec<(String, bool)> {
    let mut asked = Vec::new();
    for (call, prefix) in [("say(", ""), ("label(", "label ")] {
        for (at, _) in script.match_indices(call) {
            // `say(ctx, 'key'` or `say(s, 'key'`; a definition (`function say(`) or a key
            // that is not written as a literal is not one.
            let rest = &script[at + call.len()..];
            let Some(comma) = rest.find(", '") else { continue };
            if comma > 4 || !rest[..comma].chars().all(|c| c.is_ascii_alphabetic()) {
                continue;
            }
            let literal = &rest[comma + 3..];
            let Some(end) = literal.find('\'') else { continue };
            let goes_on = literal[end + 1..].trim_start().starts_with('+');
            asked.push((format!("{prefix}{}", &literal[..end]), goes_on));
        }
    }
    asked
}

/// Issue 44: the play page's drawings write no game word of their own; every word they ask
/// the rules module for (a term, or a label of the table's words) is one some game gives,
/// at some state of a game played to its end by bots.
#[test]
fn every_word_the_drawings_ask_for_is_given_by_the_rules_crate() {
    use hexforge_rules::play::bots::Bot;
    use hexforge_rules::play::registry::Setup;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut asked = Vec::new();
    for script in ["drawn.js", "pick.js", "boards.js", "cards_table.js"] {
        let text = fs::read_to_string(root.join("web/js").join(script)).expect("a script of the play page");
        asked.extend(asked_words(&text).into_iter().map(|(key, goes_on)| (script, key, goes_on)));
    }
    assert!(asked.len() > 60, "the drawings' words are found: {asked:?}");
    let mut given = std::collections::BTreeSet::new();
    for rules in hexforge_rules::games() {
        let mut table = rules.table(&Setup::default(), 7).expect("a table of the default setup");
        given.extend(table.terms().into_iter().map(|(k, _)| k.to_string()));
        for step in 0..4000u64 {
            given.extend(table.table_words().labels.into_iter().map(|(key, _)| key));
            let Some(index) = table.choose(Bot::Random, step) else { break };
            table.act(index).expect("a bot's legal action");
        }
    }
    for (script, key, goes_on) in &asked {
        let found = if *goes_on { given.iter().any(|g| g.starts_with(key.as_str())) } else { given.contains(key) };
        assert!(found, "web/js/{script} asks the rules module for {key:?}, which no game gives");
    }
}
