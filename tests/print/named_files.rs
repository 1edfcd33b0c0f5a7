//! The files the rulebooks and the output folder's index name are files their run wrote
//! (issue 28): with `--layout fold` the books once said "print changing-lines-a4.pdf",
//! which that run had not made. Every layout and profile is tried; the books are compiled
//! with the list of files `generate` gives them, and their text is read back.

use crate::pdf_text;
use crate::temp_dir;

use std::collections::BTreeSet;

use hexforge::games::PrintOptions;
use hexforge::generate::{GenerateOptions, Part, books, generate, run_files};
use hexforge::print::dpi::Dpi;
use hexforge::print::paper::Paper;
use hexforge::print::plan::{Layout, Layouts};
use hexforge::print::profile::{Profile, Profiles};
use hexforge::rulebook;
use temp_dir::TempDir;

/// Every file name in `text`: a run of letters, digits, `.`, `/`, `-`, `_` that starts with
/// a letter or digit and ends in a file extension the output folder uses.
fn file_names(text: &str) -> BTreeSet<String> {
    let is_name_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '/' | '-' | '_');
    text.split(|c: char| !is_name_char(c))
        .map(|w| w.trim_end_matches('.'))
        .filter(|w| w.starts_with(|c: char| c.is_ascii_alphanumeric()))
        .filter(|w| [".pdf", ".svg", ".png", ".json", ".csv", ".txt"].iter().any(|e| w.ends_with(e)))
        .map(str::to_string)
        .collect()
}

/// Whether `name`, as a book prints it, is one of `written`: the whole path, or its end
/// after a `/` (books name files inside their game's folder).
fn is_written(name: &str, written: &[String]) -> bool {
    written.iter().any(|w| w == name || w.ends_with(&format!("/{name}")))
}

/// Folders a book names by their own name, `tgc/` …: each must hold a file of the run.
const FOLDERS: [&str; 4] = ["tgc/", "mpc/", "cut/", "dtc/"];

fn options(out: &std::path::Path, layouts: &[Layout], profiles: Profiles, parts: Vec<Part>) -> GenerateOptions {
    GenerateOptions {
        out: out.to_path_buf(),
        print: PrintOptions {
            dpi: Dpi::new(72).expect("72 is in range"),
            profiles,
            layouts: Layouts::from_list(layouts),
            ..Default::default()
        },
        parts,
    }
}

/// The text of the books of `keys` for `options`, by (key, paper), compiled in parallel.
fn book_texts(options: &GenerateOptions, keys: &[&str]) -> Vec<(String, Paper, String)> {
    let books = books(options).expect("the books are made");
    let jobs: Vec<(&rulebook::Book, Paper)> =
        books.iter().filter(|b| keys.contains(&b.key)).flat_map(|b| Paper::HOME.map(|p| (b, p))).collect();
    std::thread::scope(|s| {
        let handles: Vec<_> = jobs
            .iter()
            .map(|&(book, paper)| {
                s.spawn(move || {
                    let pdf = rulebook::rulebook_pdf(book, paper).unwrap_or_else(|e| panic!("{}: {e}", book.key));
                    let doc = lopdf::Document::load_mem(&pdf).expect("a PDF");
                    (book.key.to_string(), paper, pdf_text::document_text(&doc))
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("compile thread")).collect()
    })
}

/// Checks that every file and folder the books of `keys` name is in the run's list, and
/// returns the names found, by (key, paper).
fn check(what: &str, options: &GenerateOptions, keys: &[&str]) -> Vec<(String, Paper, BTreeSet<String>)> {
    let written = run_files(options);
    book_texts(options, keys)
        .into_iter()
        .map(|(key, paper, text)| {
            let names = file_names(&text);
            for name in &names {
                assert!(is_written(name, &written), "{what}: the {key} book ({paper:?}) names {name}, not written");
            }
            for folder in FOLDERS {
                if text.contains(&format!("`{folder}`")) || text.contains(&format!(" {folder} ")) {
                    let inside = format!("{key}/{folder}");
                    assert!(
                        written.iter().any(|w| w.starts_with(&inside)),
                        "{what}: the {key} book ({paper:?}) names the folder {folder}, which this run left empty"
                    );
                }
            }
            (key, paper, names)
        })
        .collect()
}

#[test]
fn card_books_name_only_the_files_of_their_run_for_every_layout_and_profile() {
    let out = TempDir::new("named");
    let layouts: [&[Layout]; 4] = [&[Layout::Duplex], &[Layout::Fold], &[Layout::Cut], Layout::ALL];
    // The defaults; `--profile dtc` (which adds to them); home print alone (the library
    // allows it, and a book must then not send the reader to the shops' images).
    let profiles = [
        ("default", Profiles::from_list(&[])),
        ("--profile dtc", Profiles::from_list(&[Profile::Dtc])),
        ("home only", Profiles::HOME),
    ];
    for layout in layouts {
        for (profile, chosen) in profiles {
            let what = format!("--layout {layout:?}, {profile}");
            let options = options(&out.0, layout, chosen, Part::all().to_vec());
            for (key, paper, names) in check(&what, &options, &["changing-lines", "zhi-pai"]) {
                // And the book does name the files that are there, for its paper.
                let p = paper.key();
                let expect = |name: String, present: bool| {
                    let named = names.iter().any(|n| *n == name || n.ends_with(&format!("/{name}")));
                    assert_eq!(named, present, "{what}: the {key} book ({paper:?}) and {name}");
                };
                expect(format!("{key}-cards-{p}.pdf"), layout.contains(&Layout::Duplex));
                expect(format!("{key}-cards-fold-{p}.pdf"), layout.contains(&Layout::Fold));
                expect(format!("cut/{key}-cards-cut-{p}.pdf"), layout.contains(&Layout::Cut));
                expect(format!("dtc/{key}-dtc.pdf"), chosen.dtc);
                let alignment = layout.contains(&Layout::Duplex) || layout.contains(&Layout::Cut);
                expect(format!("alignment-test-{p}.pdf"), alignment);
            }
        }
    }
}

#[test]
fn books_made_without_their_games_name_no_print_file() {
    let out = TempDir::new("named-only");
    let options = options(&out.0, &[], Profiles::DEFAULT, vec![Part::Rulebooks]);
    let keys: Vec<&str> = hexforge::games::all().iter().map(|g| g.key()).collect();
    for (key, paper, names) in check("--only rulebooks", &options, &keys) {
        assert!(names.is_empty(), "the {key} book ({paper:?}) names {names:?}");
    }
}

/// A real run with `--layout fold`, read back from the folder: the books and the index
/// name only files in the manifest, and name the fold-over sheets.
#[test]
fn a_fold_run_names_its_fold_sheets_and_nothing_it_did_not_write() {
    let out = TempDir::new("named-fold");
    let options =
        options(&out.0, &[Layout::Fold], Profiles::HOME, vec![Part::Printed("changing-lines"), Part::Rulebooks]);
    let written: Vec<String> =
        generate(&options, &|_, _, _| ()).expect("generate runs").into_iter().map(|e| e.path).collect();
    assert_eq!(written, run_files(&options), "the books were told what the run wrote");
    for paper in Paper::HOME {
        let path = rulebook::output_path("changing-lines", paper);
        let doc = lopdf::Document::load(out.0.join(&path)).expect("the rulebook is written");
        let names = file_names(&pdf_text::document_text(&doc));
        for name in &names {
            assert!(is_written(name, &written), "{path} names {name}, not written");
        }
        assert!(names.contains(&format!("changing-lines-cards-fold-{}.pdf", paper.key())), "{path}: {names:?}");
    }
    let index = std::fs::read_to_string(out.0.join("README.txt")).expect("the index is written");
    let names = file_names(&index);
    assert!(names.contains("changing-lines/changing-lines-cards-fold-a4.pdf"), "{index}");
    assert!(names.contains("rulebooks/changing-lines-rules-letter.pdf"), "{index}");
    for name in &names {
        assert!(is_written(name, &written) || name == "manifest.json", "README.txt names {name}, not written");
    }
}
