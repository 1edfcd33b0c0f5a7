//! The card engine: card faces as SVG, and everything made of them (aids, sheets, contact
//! sheets, Tabletop Simulator sets, exports), for any deck that plugs in.
//!
//! It names no game. A deck plugs in by implementing [`CardDeck`] (its faces, its aids,
//! how each face is drawn); the decks are listed in `games/decks.rs`. Stages: the core
//! gives the facts (numbers, names, neighbours), a game's art module turns them into a
//! layout model (every position computed there, in millimetres on the 69×94 mm canvas,
//! with the tools of `geometry.rs`), and a minijinja template (`templates/<deck>/`) only
//! draws that model through [`draw`]. A designer changes the look without recompiling; no
//! template ever works out a game fact.
//!
//! Entry points for other edges (HTTP, rulebooks, `generate`): [`card_svg`] and
//! [`card_png`] for one face, [`PrintedDeck::faces`] for the list of faces, and
//! [`PrintedDeck::print_pairs`] for the fronts and backs of the physical cards.
//!
//! Every card SVG is 69×94 mm (`viewBox="0 0 69 94"`, user unit = 1 mm): a 63×88 mm
//! poker card with 3 mm bleed on each side; content stays 3 mm inside the trim.

pub mod aids;
pub mod deck;
pub mod export;
pub mod layouts;
pub mod names;
pub mod sheet;

pub use hexforge_rules::core::lang::Lang;
pub(crate) mod geometry;
pub use deck::{CardDeck, PrintedDeck};
pub use geometry::{Canvas, LineShape, NameRoom, Rect, TextBox, TextureLine, canvas, text_width};
pub(crate) use geometry::{Stack, r2};

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::print::plan::Backs;
use crate::print::render::{self, RenderError};
use crate::print::template::{self, TemplateError};
use hexforge_rules::core::hexagram::Hexagram;
use hexforge_rules::core::trigram::Trigram;

/// Canvas width, bleed included (mm).
pub const CANVAS_WIDTH_MM: f32 = 69.0;
/// Canvas height, bleed included (mm).
pub const CANVAS_HEIGHT_MM: f32 = 94.0;
/// Bleed on each side (mm): the background runs this far past the cut.
pub const BLEED_MM: f32 = 3.0;
/// Cut card width (mm), poker size.
pub const TRIM_WIDTH_MM: f32 = 63.0;
/// Cut card height (mm), poker size.
pub const TRIM_HEIGHT_MM: f32 = 88.0;
/// Safe margin inside the trim (mm): no text or mark closer to the cut than this.
pub const SAFE_MM: f32 = 3.0;

/// Why a card face could not be made.
#[derive(Debug, thiserror::Error)]
pub enum CardError {
    /// The face does not belong to the deck (e.g. a trigram card of Changing Lines).
    #[error("{face} is not a face of the {deck} deck")]
    NotInDeck {
        /// The deck asked for.
        deck: PrintedDeck,
        /// The face asked for, as its slug.
        face: String,
    },
    /// A face name that means nothing.
    #[error(
        "{0:?} is not a card face; expected a card number 1..=64, card-NN, back, or trigram-S-NAME-active|inactive"
    )]
    BadFace(String),
    /// A deck name that means nothing.
    #[error("{name:?} is not a deck; expected {expected}")]
    BadDeck {
        /// The name asked for.
        name: String,
        /// The decks' names, for the message: `a, b or c`.
        expected: String,
    },
    /// A language that is not offered.
    #[error(transparent)]
    BadLang(#[from] hexforge_rules::core::lang::LangError),
    /// The template failed (missing file, syntax error, misspelt field).
    #[error(transparent)]
    Template(#[from] TemplateError),
    /// The SVG could not be rasterised.
    #[error(transparent)]
    Render(#[from] RenderError),
}

/// One of the two player sets of Zhi Pai trigram cards, told apart by colour and by
/// pattern (so that they stay apart in greyscale and for colour-blind players).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum PlayerSet {
    /// Set 1: vermilion, dotted.
    One,
    /// Set 2: indigo, striped.
    Two,
}

impl PlayerSet {
    /// Both sets.
    pub const ALL: [PlayerSet; 2] = [PlayerSet::One, PlayerSet::Two];

    /// 1 or 2.
    pub fn number(self) -> u8 {
        match self {
            PlayerSet::One => 1,
            PlayerSet::Two => 2,
        }
    }
}

/// One face of a Zhi Pai trigram card.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TrigramFace {
    /// The player set the card belongs to.
    pub set: PlayerSet,
    /// The trigram on the card.
    pub trigram: Trigram,
    /// The active face (true) or the inactive face (false).
    pub active: bool,
}

/// One printed face of a card.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    /// The front of card *n*: for Changing Lines both readings of card *n*; for Zhi Pai
    /// hexagram *n* with its complement.
    Card(Hexagram),
    /// The deck's common back (Zhi Pai: the back of the hexagram cards).
    Back,
    /// A face of a Zhi Pai trigram card.
    Trigram(TrigramFace),
}

impl Face {
    /// The 64 numbered cards in King Wen order, then the back: the faces of a deck of
    /// hexagram cards.
    pub fn cards_and_back() -> Vec<Face> {
        Hexagram::all().map(Face::Card).chain([Face::Back]).collect()
    }

    /// The faces of the trigram cards: set 1 then set 2, each active then inactive,
    /// trigrams in the order of docs/conventions.md, Hexagrams.
    pub fn trigram_faces() -> Vec<Face> {
        let mut faces = Vec::new();
        for set in PlayerSet::ALL {
            for trigram in Trigram::ALL {
                for active in [true, false] {
                    faces.push(Face::Trigram(TrigramFace { set, trigram, active }));
                }
            }
        }
        faces
    }

    /// The numbered cards as (front, back) pairs: each with the deck's common back.
    pub fn card_pairs() -> Vec<(Face, Face)> {
        Hexagram::all().map(|h| (Face::Card(h), Face::Back)).collect()
    }

    /// The trigram cards as (front, back) pairs: the active face in front, the inactive
    /// face behind.
    pub fn trigram_pairs() -> Vec<(Face, Face)> {
        let mut pairs = Vec::new();
        for set in PlayerSet::ALL {
            for trigram in Trigram::ALL {
                let face = |active| Face::Trigram(TrigramFace { set, trigram, active });
                pairs.push((face(true), face(false)));
            }
        }
        pairs
    }

    /// The file name stem: `card-01` … `card-64`, `back`,
    /// `trigram-1-heaven-active`, `trigram-2-earth-inactive`, …
    pub fn slug(&self) -> String {
        match self {
            Face::Card(h) => format!("card-{:02}", h.number()),
            Face::Back => "back".to_string(),
            Face::Trigram(t) => format!(
                "trigram-{}-{}-{}",
                t.set.number(),
                t.trigram.name(),
                if t.active { "active" } else { "inactive" }
            ),
        }
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.slug())
    }
}

impl FromStr for Face {
    type Err = CardError;

    /// Accepts a slug (`card-12`, `back`, `trigram-1-water-active`) or a bare card
    /// number (`12`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || CardError::BadFace(s.to_string());
        let t = s.trim().to_lowercase();
        if t == "back" {
            return Ok(Face::Back);
        }
        let number = t.strip_prefix("card-").unwrap_or(&t);
        if let Ok(n) = number.parse::<i64>() {
            return Hexagram::from_number(n).map(Face::Card).map_err(|_| bad());
        }
        let parts: Vec<&str> = t.split('-').collect();
        if let ["trigram", set, name, side] = parts.as_slice() {
            let set = match *set {
                "1" => PlayerSet::One,
                "2" => PlayerSet::Two,
                _ => return Err(bad()),
            };
            let trigram: Trigram = name.parse().map_err(|_| bad())?;
            let active = match *side {
                "active" => true,
                "inactive" => false,
                _ => return Err(bad()),
            };
            return Ok(Face::Trigram(TrigramFace { set, trigram, active }));
        }
        Err(bad())
    }
}

/// The SVG of one face of a card, with names in `lang` (both decks; Chinese names are
/// always printed). 69×94 mm, 3 mm bleed. The root element carries `data-deck` and
/// `data-face`, and `data-card="N"` on numbered cards; see `templates/` for the rest of
/// the markup a machine can read (`data-orientation`, `data-line`, `data-neighbour`, …).
///
/// Errors: the face is not in the deck, or the template is missing or broken.
pub fn card_svg(deck: PrintedDeck, face: &Face, lang: Lang) -> Result<String, CardError> {
    card_svg_with_backs(deck, face, lang, Backs::Full)
}

/// [`card_svg`] with the back drawn as `backs` asks; fronts are the same either way.
pub fn card_svg_with_backs(deck: PrintedDeck, face: &Face, lang: Lang, backs: Backs) -> Result<String, CardError> {
    if !deck.has(face) {
        return Err(CardError::NotInDeck { deck, face: face.slug() });
    }
    deck.art().face_svg(face, lang, backs)
}

/// Renders `template` with the layout model under the name `key`, backs inked as `backs`:
/// how a deck's [`CardDeck::face_svg`] draws a face.
///
/// The model goes through JSON first so that every measurement reaches the template
/// rounded to 0.01 mm: `f32` values would otherwise print as `14.600000381469727`.
pub fn draw(template: &str, key: &str, layout: impl Serialize, backs: Backs) -> Result<String, TemplateError> {
    let mut value = serde_json::to_value(layout).expect("layout models always serialise");
    round_numbers(&mut value);
    let mut ctx = serde_json::Map::new();
    ctx.insert(key.to_string(), value);
    template::render_with(template, serde_json::Value::Object(ctx), backs)
}

/// Rounds every non-integer number in `value` to two decimals.
fn round_numbers(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Number(n) if n.is_f64() => {
            let v = n.as_f64().unwrap_or_default();
            let rounded = (v * 100.0).round() / 100.0;
            *value = if rounded.fract() == 0.0 && rounded.abs() < 1e9 {
                serde_json::Value::from(rounded as i64)
            } else {
                serde_json::Value::from(rounded)
            };
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(round_numbers),
        serde_json::Value::Object(map) => map.values_mut().for_each(round_numbers),
        _ => {}
    }
}

/// The PNG of one face at `dpi` (3 mm bleed included: 815×1110 px at 300 dpi), with
/// the dpi recorded in the file.
pub fn card_png(deck: PrintedDeck, face: &Face, lang: Lang, dpi: f32) -> Result<Vec<u8>, CardError> {
    Ok(render::svg_to_png(&card_svg(deck, face, lang)?, dpi)?)
}

/// The print size of a card file, for the rulebook templates' `trimmed` helper (mm).
pub(crate) fn rulebook_card_size() -> serde_json::Value {
    serde_json::json!({ "w": CANVAS_WIDTH_MM, "h": CANVAS_HEIGHT_MM, "bleed": BLEED_MM })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_measured_with_the_bundled_fonts() {
        let w = text_width("Peace", 10.0, false);
        assert!((20.0..40.0).contains(&w), "{w}");
        assert!(text_width("Peace", 10.0, true) > w);
        // CJK characters are one em wide.
        assert!((text_width("泰", 10.0, false) - 10.0).abs() < 0.01);
        let t = TextBox::new("The Marrying Maiden", 0.0, 0.0, 4.0, 700).fit(30.0, 2.0);
        assert!(t.width() <= 30.01 && t.size < 4.0, "{}", t.width());
        // Never below the minimum size, even if that means too wide.
        assert_eq!(TextBox::new("The Marrying Maiden", 0.0, 0.0, 4.0, 700).fit(5.0, 2.0).size, 2.0);
    }
}
