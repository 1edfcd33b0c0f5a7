//! Each rulebook's components list against what `hexforge generate` writes: every file a
//! row tells the player to print exists, and every PDF of a game is named by some row, so
//! nothing printed is missing from the book (issue 6).

mod temp_dir;

use std::collections::BTreeSet;

use hexforge::generate::{GenerateOptions, Part, generate};
use hexforge::print::profile::Profiles;
use hexforge::rulebook::{self, Game};
use temp_dir::TempDir;

/// The paths of every file one run writes, rulebooks excepted (they are not in a list).
fn written() -> BTreeSet<String> {
    let out = TempDir::new("components");
    let options = GenerateOptions {
        out: out.0.clone(),
        // Low resolution and home print only: the paths are what matter here.
        dpi: 72.0,
        parts: Part::ALL.iter().copied().filter(|&p| p != Part::Rulebooks).collect(),
        profiles: Profiles { home: true, tgc: false, mpc: false },
        ..Default::default()
    };
    generate(&options).expect("generate runs").into_iter().map(|e| e.path).collect()
}

/// The files a game's components list names, row by row (`name`, files).
fn listed(game: Game) -> Vec<(String, Vec<String>)> {
    rulebook::components(game)
        .iter()
        .filter_map(|row| {
            let name = row["name"].as_str().expect("every row has a name").to_string();
            let files = row.get("files")?.as_array().expect("files is a list");
            let files = files.iter().map(|f| f.as_str().expect("a file is a path").to_string()).collect();
            Some((name, files))
        })
        .collect()
}

#[test]
fn every_rulebook_lists_exactly_the_files_generate_prints() {
    let written = written();
    for game in Game::ALL {
        let rows = listed(game);
        assert!(!rows.is_empty(), "{game}: no component names a file to print");
        let mut named = BTreeSet::new();
        for (name, files) in &rows {
            assert!(!files.is_empty(), "{game}: {name:?} is printed but names no file");
            for file in files {
                assert!(written.contains(file), "{game}: {name:?} names {file}, which generate does not write");
                named.insert(file.clone());
            }
        }
        let folder = format!("{}/", game.key());
        let pdfs: BTreeSet<String> =
            written.iter().filter(|p| p.starts_with(&folder) && p.ends_with(".pdf")).cloned().collect();
        assert!(!pdfs.is_empty(), "{game}: generate wrote no PDF under {folder}");
        let unlisted: Vec<&String> = pdfs.difference(&named).collect();
        assert!(unlisted.is_empty(), "{game}: generate prints {unlisted:?}, which the components list omits");
    }
}

#[test]
fn only_printed_rows_name_files() {
    // Coins, dice and the booklet itself are not printed from a sheet.
    for game in Game::ALL {
        for row in rulebook::components(game) {
            let name = row["name"].as_str().unwrap();
            let unprinted = ["Rulebook", "Coins", "Dice"].iter().any(|w| name.starts_with(w));
            assert_eq!(row.get("files").is_none(), unprinted, "{game}: {name:?}");
        }
    }
}
