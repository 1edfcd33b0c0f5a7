//! The print tests in one test binary (one link of the application instead of seven):
//! pages printed at home, the palette, figures, components, file names, interrupted runs
//! and the puzzle book. `cargo test --test print`; one file with `cargo test --test print
//! home_print::`.

#[path = "../home_run/mod.rs"]
mod home_run;
#[path = "../pdf_text/mod.rs"]
mod pdf_text;
#[path = "../ppm/mod.rs"]
mod ppm;
#[path = "../temp_dir/mod.rs"]
mod temp_dir;

mod components;
mod figures;
mod home_print;
mod interrupted;
mod named_files;
mod palette;
mod puzzle_book;
