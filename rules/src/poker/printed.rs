//! What I-Ching Poker is printed on: its own rulebook, its player aid (the hand ranks with
//! their exact counts) and a sheet of chips, beside the Changing Lines deck it is played with.

use crate::play::descriptor::{Names, Printed};

/// I-Ching Poker's printed part (`hexforge generate --only poker`).
pub const PRINTED: Printed = Printed {
    key: "poker",
    title: Names { en: "I-Ching Poker", fr: Some("Poker du Yi King"), zh: Some("易经扑克") },
    about: "I-Ching Poker's player aid (hand ranks, counts, probabilities) and chip sheet, A4/Letter PDFs",
};
