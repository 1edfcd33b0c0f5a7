//! What I-Ching Solitaire is printed on: its own rulebook and a quick-reference and score
//! sheet, beside the Changing Lines deck it is played with.

use crate::play::descriptor::{Names, Printed};

/// I-Ching Solitaire's printed part (`hexforge generate --only solitaire`).
pub const PRINTED: Printed = Printed {
    key: "solitaire",
    title: Names { en: "I-Ching Solitaire", fr: None, zh: Some("易经接龙") },
    about: "I-Ching Solitaire's quick-reference and score sheet, A4/Letter PDFs",
};
