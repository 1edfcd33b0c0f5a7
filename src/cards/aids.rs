//! Player aids (issue 11): poker-size reference cards printed in the slots a deck's last
//! home-print sheet would otherwise leave empty, with a light "player aid" back behind them.
//!
//! Each game says what its aids hold ([`Aid`], built from its rules and rulebook data in
//! `games/<game>/aids.rs`); this module lays the words out on the card, wrapping and
//! shrinking the text until it fits the safe area, and `templates/cards/aid.svg.j2` draws
//! the result. A deck has exactly as many aids as its sheets have spare slots
//! ([`spare_slots`]), so no sheet goes out half empty.

use serde::Serialize;

use super::geometry::{Canvas, Rect, TextBox, canvas, text_width};
use super::sheet::{HOME_COLS, HOME_ROWS};
use super::{CardError, Lang, PrintedDeck, draw};
use crate::print::plan::Backs;

/// One player aid: a title and blocks of text, in reading order.
#[derive(Debug, Clone, PartialEq)]
pub struct Aid {
    /// File name stem, e.g. `tao-plays`.
    pub slug: &'static str,
    /// Printed at the top.
    pub title: String,
    /// The body.
    pub blocks: Vec<Block>,
}

/// A piece of an aid's body.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    /// A bold line.
    Heading(String),
    /// A paragraph, wrapped to the card.
    Text(String),
    /// A two-column table: a bold key and its explanation, wrapped beside it.
    Rows(Vec<(String, String)>),
}

/// The aids of `deck`, in sheet order, in the language the deck prints them in under
/// `lang` ([`CardDeck::aid_lang`](super::CardDeck::aid_lang)).
pub fn aids(deck: PrintedDeck, lang: Lang) -> Vec<Aid> {
    deck.art().aids(lang)
}

/// Slots left empty on the last home-print sheet of `deck` by its cards alone.
pub fn spare_slots(deck: PrintedDeck) -> usize {
    let per_sheet = HOME_COLS * HOME_ROWS;
    (per_sheet - deck.print_pairs().len() % per_sheet) % per_sheet
}

/// Largest and smallest body text (mm): 2.6 mm is about 7.4 pt; 1.9 mm (5.4 pt) is the
/// least that still reads comfortably held at arm's length.
const BODY_SIZES: (f32, f32) = (2.6, 1.9);
/// Line pitch as a multiple of the font size.
const LEADING: f32 = 1.3;
/// Title size (mm).
const TITLE_SIZE: f32 = 3.6;

/// What `cards/aid.svg.j2` draws: every position in mm on the 69×94 canvas.
#[derive(Debug, Clone, Serialize)]
pub struct AidLayout {
    /// The card.
    pub canvas: Canvas,
    /// `data-face` of the SVG: `aid-<slug>` or `aid-back`.
    pub face: String,
    /// The deck's slug, for `data-deck`.
    pub deck: &'static str,
    /// True on the back.
    pub back: bool,
    /// The frame just inside the safe area's edge.
    pub frame: Rect,
    /// The title, bold.
    pub title: TextBox,
    /// Thin rules: under the title and between blocks.
    pub rules: Vec<Rect>,
    /// Every other text line.
    pub texts: Vec<TextBox>,
}

impl AidLayout {
    /// The face of `aid`, with the largest body size at which everything fits.
    pub fn new(deck: PrintedDeck, aid: &Aid) -> AidLayout {
        let c = canvas();
        let safe = c.safe;
        let title = TextBox::new(aid.title.clone(), c.cx, safe.y + 4.2, TITLE_SIZE, 700)
            .anchored("middle")
            .fit(safe.w - 3.0, 2.4);
        let top = safe.y + 6.6;
        let mut size = BODY_SIZES.0;
        let (texts, rules) = loop {
            let (texts, rules, bottom) = body(&aid.blocks, safe, top, size);
            if bottom <= safe.y + safe.h - 1.2 || size <= BODY_SIZES.1 {
                break (texts, rules);
            }
            size = (size - 0.05).max(BODY_SIZES.1);
        };
        let mut all_rules = vec![Rect { x: safe.x + 1.5, y: top - 1.6, w: safe.w - 3.0, h: 0.2 }];
        all_rules.extend(rules);
        AidLayout {
            canvas: c.clone(),
            face: format!("aid-{}", aid.slug),
            deck: deck.slug(),
            back: false,
            frame: frame(&c),
            title,
            rules: all_rules,
            texts,
        }
    }

    /// The back of every aid of `deck`: "Player aid" and the deck's name, centred.
    pub fn back(deck: PrintedDeck, lang: Lang) -> AidLayout {
        let c = canvas();
        let name = deck.title();
        AidLayout {
            canvas: c.clone(),
            face: "aid-back".to_string(),
            deck: deck.slug(),
            back: true,
            frame: frame(&c),
            title: TextBox::new(deck.art().aid_lang(lang).pick("Player aid", "Aide de jeu"), c.cx, c.cy, 5.0, 700)
                .anchored("middle"),
            rules: vec![Rect { x: c.cx - 12.0, y: c.cy + 3.0, w: 24.0, h: 0.25 }],
            texts: vec![TextBox::new(name, c.cx, c.cy + 8.0, 3.2, 400).anchored("middle")],
        }
    }
}

fn frame(c: &Canvas) -> Rect {
    Rect { x: c.safe.x - 0.8, y: c.safe.y - 0.8, w: c.safe.w + 1.6, h: c.safe.h + 1.6 }
}

/// Lays out `blocks` from `top` at body size `size`: the text lines, the rules between
/// blocks, and the baseline-plus-descent where the last line ends.
fn body(blocks: &[Block], safe: Rect, top: f32, size: f32) -> (Vec<TextBox>, Vec<Rect>, f32) {
    let (left, width) = (safe.x + 1.5, safe.w - 3.0);
    let pitch = size * LEADING;
    let mut y = top;
    let mut texts = Vec::new();
    let mut rules = Vec::new();
    for (i, block) in blocks.iter().enumerate() {
        if i > 0 {
            y += size * 0.5;
            if matches!(block, Block::Heading(_)) {
                // Clear of the descenders above, so the rule reads as a divider, not an underline.
                rules.push(Rect { x: left, y: y + size * 0.15, w: width, h: 0.12 });
                y += size * 0.6;
            }
        }
        match block {
            Block::Heading(text) => {
                y += pitch;
                texts.push(TextBox::new(text.clone(), left, y, size * 1.05, 700).fit(width, size * 0.8));
            }
            Block::Text(text) => {
                for line in wrap(text, size, false, width) {
                    y += pitch;
                    texts.push(TextBox::new(line, left, y, size, 400));
                }
            }
            Block::Rows(rows) => {
                let key_w = rows.iter().map(|(k, _)| text_width(k, size, true)).fold(0.0, f32::max) + size * 0.8;
                for (key, value) in rows {
                    y += pitch;
                    texts.push(TextBox::new(key.clone(), left, y, size, 700));
                    for (n, line) in wrap(value, size, false, width - key_w).into_iter().enumerate() {
                        if n > 0 {
                            y += pitch;
                        }
                        texts.push(TextBox::new(line, left + key_w, y, size, 400));
                    }
                }
            }
        }
    }
    (texts, rules, y + size * 0.3)
}

/// `text` broken at spaces into lines at most `width` mm wide (a word longer than the
/// width gets a line of its own).
fn wrap(text: &str, size: f32, bold: bool, width: f32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if !line.is_empty() && text_width(&candidate, size, bold) > width {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The SVG of `aid` (69×94 mm, like every card face).
pub fn aid_svg(deck: PrintedDeck, aid: &Aid) -> Result<String, CardError> {
    Ok(draw("cards/aid.svg.j2", "aid", AidLayout::new(deck, aid), Backs::Full)?)
}

/// The SVG of the back of `deck`'s aids, inked as `backs` asks.
pub fn aid_back_svg(deck: PrintedDeck, backs: Backs, lang: Lang) -> Result<String, CardError> {
    Ok(draw("cards/aid.svg.j2", "aid", AidLayout::back(deck, lang), backs)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_every_word_and_the_width() {
        let text = "lay a card whose hexagram differs from the top of your pile in exactly one line";
        let lines = wrap(text, 2.6, false, 30.0);
        assert!(lines.len() > 1);
        assert_eq!(lines.join(" "), text);
        assert!(lines.iter().all(|l| text_width(l, 2.6, false) <= 30.0));
    }

    #[test]
    fn every_deck_has_one_aid_per_spare_slot() {
        use crate::games::decks;
        assert_eq!(spare_slots(decks::CHANGING_LINES), 8);
        assert_eq!(spare_slots(decks::ZHI_PAI), 1);
        for deck in decks::ALL {
            assert_eq!(aids(deck, Lang::En).len(), spare_slots(deck), "{deck}");
        }
    }
}
