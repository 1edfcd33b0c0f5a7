//! The small `generate` run several tests read back: home print only, at 72 dpi, every
//! part but the rulebooks. Shared by `tests/print/components.rs` and `tests/print/home_print.rs`.

use std::path::Path;

use hexforge::games::PrintOptions;
use hexforge::generate::{GenerateOptions, Part};
use hexforge::print::dpi::Dpi;
use hexforge::print::profile::Profiles;

/// Options for that run into `out`: low resolution, since paths and vector sheets are
/// what these tests look at.
pub fn home_print_options(out: &Path) -> GenerateOptions {
    GenerateOptions {
        out: out.to_path_buf(),
        print: PrintOptions {
            dpi: Dpi::new(72).expect("72 is in range"),
            profiles: Profiles::HOME,
            ..Default::default()
        },
        parts: Part::all().iter().copied().filter(|&p| !matches!(p, Part::Rulebooks | Part::Puzzles)).collect(),
    }
}
