//! Each rulebook's components list against what `hexforge generate` writes: every file a
//! row tells the player to print exists, and every PDF of a game is named by some row, so
//! nothing printed is missing from the book (issue 6).

use crate::home_run;
use crate::temp_dir;

use std::collections::BTreeSet;

use hexforge::games::{self, PrintedGame};
use hexforge::generate::generate;
use temp_dir::TempDir;

/// The paths of every file one run writes, rulebooks excepted (they are not in a list).
fn written() -> BTreeSet<String> {
    let out = TempDir::new("components");
    let mut options = home_run::home_print_options(&out.0);
    // Every layout: the card decks' rows name their fold-over and print-then-cut sheets too.
    options.print.layouts = hexforge::print::plan::Layouts::from_list(hexforge::print::plan::Layout::ALL);
    generate(&options, &|_, _, _| ()).expect("generate runs").into_iter().map(|e| e.path).collect()
}

/// The files a game's components list names, row by row (`name`, files).
fn listed(game: &dyn PrintedGame) -> Vec<(String, Vec<String>)> {
    game.components().into_iter().filter(|row| !row.files.is_empty()).map(|row| (row.name, row.files)).collect()
}

#[test]
fn every_rulebook_lists_exactly_the_files_generate_prints() {
    let written = written();
    for game in games::all() {
        let rows = listed(game);
        let game_key = game.key();
        assert!(!rows.is_empty(), "{game_key}: no component names a file to print");
        let mut named = BTreeSet::new();
        for (name, files) in &rows {
            for file in files {
                assert!(written.contains(file), "{game_key}: {name:?} names {file}, which generate does not write");
                named.insert(file.clone());
            }
        }
        let folder = format!("{}/", game.key());
        let pdfs: BTreeSet<String> =
            written.iter().filter(|p| p.starts_with(&folder) && p.ends_with(".pdf")).cloned().collect();
        assert!(!pdfs.is_empty(), "{game_key}: generate wrote no PDF under {folder}");
        let unlisted: Vec<&String> = pdfs.difference(&named).collect();
        assert!(unlisted.is_empty(), "{game_key}: generate prints {unlisted:?}, which the components list omits");
    }
}

#[test]
fn only_printed_rows_name_files() {
    // Coins, dice and the booklet itself are not printed from a sheet.
    for game in games::all() {
        let key = game.key();
        for row in game.components() {
            let name = &row.name;
            let unprinted = ["Rulebook", "Coins", "Dice"].iter().any(|w| name.starts_with(w));
            assert_eq!(row.files.is_empty(), unprinted, "{key}: {name:?}");
        }
    }
}
