//! The print tests in one test binary (one link of the application instead of eighteen):
//! pages printed at home, the palette, figures, components, file names, interrupted runs,
//! the puzzle book, the card decks and their aids, turn marks, low-ink backs, the print
//! options, the shops' preflight, other editions, reference images, font fallback, the
//! Changing Lines spread sheet, and the
//! rulebooks (their pages, their proofreading, the Chinese book, their layout read back
//! with poppler). `cargo test --test print`; one file with
//! `cargo test --test print home_print::`.

// Shared with the board and tile tests (tests/games/); the cards use only some of it.
#[allow(dead_code)]
#[path = "../art_checks/mod.rs"]
mod art_checks;
#[path = "../han_runs/mod.rs"]
mod han_runs;
#[path = "../home_run/mod.rs"]
mod home_run;
#[path = "../outside_tool/mod.rs"]
mod outside_tool;
#[path = "../pdf_text/mod.rs"]
mod pdf_text;
#[path = "../ppm/mod.rs"]
mod ppm;
#[path = "../reference_faces/mod.rs"]
mod reference_faces;
#[path = "../temp_dir/mod.rs"]
mod temp_dir;
#[path = "../word_runs/mod.rs"]
mod word_runs;

mod aids;
mod cards;
mod components;
mod editions;
mod figures;
mod font_fallback;
mod home_print;
mod interrupted;
mod low_ink;
mod named_files;
mod palette;
mod pdf_layout;
mod preflight;
mod print_options;
mod proofing;
mod puzzle_book;
mod reference_images;
mod rulebooks;
mod spread_sheet;
mod turn_marks;
mod yijing_zh;
