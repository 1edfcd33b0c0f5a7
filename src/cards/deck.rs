//! What a deck tells the card engine ([`CardDeck`]), and the handle the engine passes
//! around ([`PrintedDeck`]).
//!
//! The engine (this folder: faces, aids, sheets, contact sheets, Tabletop Simulator sets,
//! exports) names no game. A game plugs its deck in by implementing [`CardDeck`] next to
//! its card art (`games/<game>/art.rs`) and listing it in `games/decks.rs`, which owns the
//! list of decks (and so the parsing of a deck's name).

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

use serde::Serialize;

use super::aids::Aid;
use super::{CardError, Face, Lang, NameRoom};
use crate::print::output::ManifestEntry;
use crate::print::plan::Backs;

/// A deck of cards, as the card engine needs to know it. Every method is a fact of the
/// deck or draws one of its faces; what is done with them (sheets, aids, exports) is the
/// engine's.
pub trait CardDeck: Sync {
    /// The name used in paths, the CLI and the API: `changing-lines`, `zhi-pai`.
    fn slug(&self) -> &'static str;

    /// The deck's name as printed (aid backs, contact sheets, Tabletop Simulator).
    fn title(&self) -> &'static str;

    /// Every face of the deck, in print order.
    fn faces(&self) -> Vec<Face>;

    /// The physical cards as (front, back) pairs, in print order.
    fn print_pairs(&self) -> Vec<(Face, Face)>;

    /// True when `face` is printed in this deck (the same as `faces().contains(face)`,
    /// without listing them).
    fn has(&self, face: &Face) -> bool;

    /// The SVG of `face`, one of [`CardDeck::faces`], with names in `lang` and the back
    /// inked as `backs` asks (usually through [`super::draw`]).
    fn face_svg(&self, face: &Face, lang: Lang, backs: Backs) -> Result<String, CardError>;

    /// The language the deck's aids are printed in when the cards are asked in `lang`.
    fn aid_lang(&self, lang: Lang) -> Lang;

    /// The player aids, in sheet order, in [`CardDeck::aid_lang`] of `lang`.
    fn aids(&self, lang: Lang) -> Vec<Aid>;

    /// The contact sheet's sections: a heading and its faces, each with whether it is
    /// shown turned 180°.
    fn contact_sections(&self, lang: Lang) -> Vec<(String, Vec<(Face, bool)>)>;

    /// Every place a hexagram name is printed on the deck's cards (a user's own names
    /// must fit each).
    fn name_rooms(&self) -> &'static [NameRoom];
}

/// One deck, as the engine passes it around: a copyable handle on its [`CardDeck`].
/// Decks are equal, ordered and hashed by their slug, and serialise as it.
#[derive(Copy, Clone)]
pub struct PrintedDeck(&'static dyn CardDeck);

impl PrintedDeck {
    /// The handle of a deck (`games/decks.rs` makes one for each).
    pub const fn new(deck: &'static dyn CardDeck) -> PrintedDeck {
        PrintedDeck(deck)
    }

    /// The deck's facts and faces.
    pub fn art(self) -> &'static dyn CardDeck {
        self.0
    }

    /// The name used in paths, the CLI and the API: `changing-lines`, `zhi-pai`.
    pub fn slug(self) -> &'static str {
        self.0.slug()
    }

    /// The deck's name as printed.
    pub fn title(self) -> &'static str {
        self.0.title()
    }

    /// Every face of the deck, in print order.
    pub fn faces(self) -> Vec<Face> {
        self.0.faces()
    }

    /// The physical cards as (front, back) pairs, in print order.
    pub fn print_pairs(self) -> Vec<(Face, Face)> {
        self.0.print_pairs()
    }

    /// True when `face` is printed in this deck.
    pub fn has(self, face: &Face) -> bool {
        self.0.has(face)
    }

    /// What the deck's folder holds, as the output folder's index says it: the sheets and
    /// the files beside them, then each sub-folder that the run (`written`) filled.
    pub fn folder_about(self, written: &[ManifestEntry]) -> String {
        let mut parts =
            vec!["the card sheets to print, a contact sheet of every face, Tabletop Simulator files".to_string()];
        let subfolders = [
            ("svg/", "every face as SVG"),
            ("png/", "every face as PNG"),
            ("aids/", "the player aids"),
            ("tgc/", "The Game Crafter's images"),
            ("mpc/", "MakePlayingCards' images"),
            ("dtc/", "the DriveThruCards file"),
            ("cut/", "print-then-cut sheets and their cut files"),
        ];
        for (sub, what) in subfolders {
            let inside = format!("{}/{sub}", self.slug());
            if written.iter().any(|e| e.path.starts_with(&inside)) {
                parts.push(format!("{sub} {what}"));
            }
        }
        parts.join("; ")
    }
}

impl PartialEq for PrintedDeck {
    fn eq(&self, other: &PrintedDeck) -> bool {
        self.slug() == other.slug()
    }
}

impl Eq for PrintedDeck {}

impl Hash for PrintedDeck {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.slug().hash(state);
    }
}

impl PartialOrd for PrintedDeck {
    fn partial_cmp(&self, other: &PrintedDeck) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for PrintedDeck {
    fn cmp(&self, other: &PrintedDeck) -> Ordering {
        self.slug().cmp(other.slug())
    }
}

impl fmt::Display for PrintedDeck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}

impl fmt::Debug for PrintedDeck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PrintedDeck({})", self.slug())
    }
}

impl Serialize for PrintedDeck {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.slug())
    }
}
