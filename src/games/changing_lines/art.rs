//! Layout model of a Changing Lines card (docs/conventions.md, The Changing Lines deck) and of the deck's back.
//!
//! A card carries two complete readings. The dark reading (card *n* shows hexagram *n*)
//! is laid out upright; the light reading (inverse of *n*) is laid out with exactly the
//! same geometry and drawn inside `rotate(180)` about the card centre, so turning the
//! physical card makes it read upright. The six lines are drawn once and shared: the
//! stack is symmetric about the card centre, so dark line *i* is light line 7 − *i*.
//!
//! In each reading's own frame: number, Chinese name and pinyin top left, the name
//! below; a badge top right on Double, Mirror and Double Mirror cards; the upper
//! trigram's name above line 6 and the lower trigram's name just above line 3 (the gap
//! between lines 3 and 4 is tall enough for both readings' lower names, one upright
//! near line 3 and one turned near line 4); the neighbour numbers to the left of the
//! lines. The light reading's numbers therefore sit to the right of the lines when the
//! card lies dark side up.

use serde::Serialize;

use crate::cards::aids::Aid;
use crate::cards::{
    Canvas, CardDeck, CardError, Face, Lang, LineShape, NameRoom, PrintedDeck, Rect, Stack, TextBox, TextureLine,
    canvas, draw, r2,
};
use crate::print::plan::Backs;
use hexforge_rules::core::card::{Card, Orientation};
use hexforge_rules::core::hexagram::{Hexagram, LinePosition};

/// The stack of six lines, shared by both readings, centred on the card.
const LINES: Stack = Stack {
    x: 19.5,
    width: 30.0,
    // Centre of line 6; chosen so that the stack is centred on y = 47.
    top: 28.8,
    thickness: 3.4,
    pitch: 6.3,
    trigram_gap: 4.9,
    break_fraction: 0.22,
};

/// How far down a card (reading frame, mm) the foot of its lowest line lies: a card laid
/// over it from there on leaves its number, name and six lines in view (the spread sheet).
#[cfg(test)]
pub(crate) fn lines_bottom_mm() -> f32 {
    LINES.centre(1, 6) + LINES.thickness / 2.0
}

/// Left edge of the title texts and right edge of the badge (mm, reading frame).
const TITLE_LEFT: f32 = 7.2;
const TITLE_RIGHT: f32 = 62.4;
/// Baselines of the number row and the name row.
const NUMBER_BASELINE: f32 = 14.6;
const NAME_BASELINE: f32 = 20.4;
/// Font sizes, mm.
const NUMBER_SIZE: f32 = 8.0;
const ZH_SIZE: f32 = 5.2;
const PINYIN_SIZE: f32 = 2.8;
const NAME_SIZE: f32 = 3.6;
const NEIGHBOUR_SIZE: f32 = 3.6;
/// The hexagram name under the title, in each reading.
pub(crate) const NAME_ROOM: NameRoom = NameRoom {
    place: "Changing Lines title",
    max_width: TITLE_RIGHT - TITLE_LEFT,
    size: NAME_SIZE,
    min_size: 2.6,
    weight: 700,
};
const TRIGRAM_SIZE: f32 = 2.4;
const BADGE_SIZE: f32 = 2.2;
/// Distance between the neighbour numbers and the lines.
const NEIGHBOUR_GAP: f32 = 2.3;
/// Distance between a trigram name's baseline and the line below it.
const TRIGRAM_GAP: f32 = 1.1;

/// One of the shared lines, with its number in both readings.
#[derive(Debug, Clone, Serialize)]
pub struct SharedLine {
    /// Line number in the dark reading (1 = bottom when dark side up).
    pub dark_line: u8,
    /// Line number in the light reading: 7 − `dark_line`.
    pub light_line: u8,
    /// The bars, in card coordinates.
    pub shape: LineShape,
}

/// The number beside one line of one reading.
#[derive(Debug, Clone, Serialize)]
pub struct Neighbour {
    /// 1..=6, counted from the bottom of this reading.
    pub line: u8,
    /// The King Wen number reached by changing that line (from [`Card::neighbour_numbers`]).
    pub neighbour: u8,
    /// Where it is printed, in the reading's frame.
    pub text: TextBox,
}

/// A trigram name over its trigram.
#[derive(Debug, Clone, Serialize)]
pub struct TrigramLabel {
    /// `upper` or `lower`.
    pub position: &'static str,
    /// The trigram's key (`heaven`, …), for machines.
    pub trigram: &'static str,
    /// The printed name.
    pub text: TextBox,
}

/// The Double / Mirror / Double Mirror mark.
#[derive(Debug, Clone, Serialize)]
pub struct Badge {
    /// `double`, `mirror` or `double-mirror`.
    pub kind: &'static str,
    /// The outline.
    pub pill: Rect,
    /// Corner radius of the outline.
    pub radius: f32,
    /// Symbol and word.
    pub text: TextBox,
}

/// Everything one reading prints, in its own upright frame.
#[derive(Debug, Clone, Serialize)]
pub struct Reading {
    /// `dark` or `light`.
    pub orientation: &'static str,
    /// The hexagram this reading shows.
    pub hexagram: u8,
    /// `rotate(180 cx cy)` for the light reading, empty for the dark one.
    pub transform: String,
    /// The King Wen number, top left.
    pub number: TextBox,
    /// The Chinese name, after the number.
    pub zh: TextBox,
    /// The pinyin, after the Chinese name (left out when it would touch the badge).
    pub pinyin: Option<TextBox>,
    /// The name in the card language, under the number.
    pub name: TextBox,
    /// Upper then lower trigram name.
    pub trigrams: Vec<TrigramLabel>,
    /// Lines 1..=6 of this reading.
    pub neighbours: Vec<Neighbour>,
    /// Present on Double, Mirror and Double Mirror readings.
    pub badge: Option<Badge>,
}

/// The layout model of the front of one Changing Lines card; `changing-lines/card.svg.j2`
/// draws it.
#[derive(Debug, Clone, Serialize)]
pub struct CardLayout {
    /// Always `changing-lines`.
    pub deck: &'static str,
    /// The card number (its dark hexagram).
    pub number: u8,
    /// `en` or `fr`.
    pub lang: &'static str,
    /// Canvas, trim and safe boxes.
    pub canvas: Canvas,
    /// The six lines, dark line 1 first.
    pub lines: Vec<SharedLine>,
    /// The dark reading, then the light one.
    pub readings: Vec<Reading>,
}

impl CardLayout {
    /// The layout of card `dark` (the card that shows `dark` dark side up).
    pub fn new(dark: Hexagram, lang: Lang) -> CardLayout {
        let card = Card::new(dark);
        let lines = LINES
            .shapes(dark.bits(), 6)
            .into_iter()
            .map(|shape| SharedLine { dark_line: shape.line, light_line: 7 - shape.line, shape: round_shape(shape) })
            .collect();
        let c = canvas();
        let readings = Orientation::BOTH.into_iter().map(|o| reading(card, o, lang, &c)).collect();
        CardLayout { deck: super::KEY, number: card.number(), lang: lang.code(), canvas: c, lines, readings }
    }
}

fn round_shape(mut shape: LineShape) -> LineShape {
    for bar in &mut shape.bars {
        *bar = Rect { x: r2(bar.x), y: r2(bar.y), w: r2(bar.w), h: r2(bar.h) };
    }
    shape.cy = r2(shape.cy);
    shape
}

/// Baseline that centres digits (cap height ≈ 0.714 em) on `cy`.
fn centred_baseline(cy: f32, size: f32) -> f32 {
    r2(cy + 0.357 * size)
}

fn reading(card: Card, orientation: Orientation, lang: Lang, c: &Canvas) -> Reading {
    let hexagram = card.shows(orientation);
    let names = hexagram.names();
    let transform = match orientation {
        Orientation::Dark => String::new(),
        Orientation::Light => format!("rotate(180 {} {})", c.cx, c.cy),
    };

    let number = TextBox::new(hexagram.number().to_string(), TITLE_LEFT, NUMBER_BASELINE, NUMBER_SIZE, 700);
    let zh_x = r2(number.span().1 + 1.6);
    let zh = TextBox::new(names.zh, zh_x, NUMBER_BASELINE, ZH_SIZE, 700);
    let pinyin = TextBox::new(names.pinyin, r2(zh.span().1 + 1.4), NUMBER_BASELINE, PINYIN_SIZE, 400);
    let name = NAME_ROOM.text_box(lang.hexagram_name(hexagram), TITLE_LEFT, NAME_BASELINE);

    let badge = badge(hexagram, lang);
    // The pinyin is the first thing to give way if a badge needs the room.
    let pinyin = match &badge {
        Some(b) if pinyin.span().1 + 1.5 > b.pill.x => None,
        _ => Some(pinyin),
    };

    let label = |position: &'static str, trigram: hexforge_rules::core::trigram::Trigram, line_below: u8| {
        let top_edge = LINES.centre(line_below, 6) - LINES.thickness / 2.0;
        TrigramLabel {
            position,
            trigram: trigram.name(),
            text: TextBox::new(
                lang.trigram_name(trigram).to_uppercase(),
                LINES.x,
                r2(top_edge - TRIGRAM_GAP),
                TRIGRAM_SIZE,
                700,
            )
            .spaced(0.35),
        }
    };
    let trigrams = vec![label("upper", hexagram.upper(), 6), label("lower", hexagram.lower(), 3)];

    let numbers = card.neighbour_numbers(orientation);
    let neighbours = LinePosition::ALL
        .into_iter()
        .map(|p| {
            let i = p.get();
            let neighbour = numbers[i as usize - 1];
            let y = centred_baseline(LINES.centre(i, 6), NEIGHBOUR_SIZE);
            Neighbour {
                line: i,
                neighbour,
                text: TextBox::new(neighbour.to_string(), LINES.x - NEIGHBOUR_GAP, y, NEIGHBOUR_SIZE, 700)
                    .anchored("end"),
            }
        })
        .collect();

    Reading {
        orientation: orientation.name(),
        hexagram: hexagram.number(),
        transform,
        number,
        zh,
        pinyin,
        name,
        trigrams,
        neighbours,
        badge,
    }
}

/// The badge of a Double, Mirror or Double Mirror hexagram, top right of its reading.
fn badge(hexagram: Hexagram, lang: Lang) -> Option<Badge> {
    let (kind, symbol, word) = match (hexagram.is_double(), hexagram.is_mirror()) {
        (true, true) => ("double-mirror", "◆◆↻", lang.pick("DOUBLE MIRROR", "DOUBLE MIROIR")),
        (true, false) => ("double", "◆◆", "DOUBLE"),
        (false, true) => ("mirror", "↻", lang.pick("MIRROR", "MIROIR")),
        (false, false) => return None,
    };
    let (pad, top, height) = (1.4, 9.4, 4.4);
    let mut text = TextBox::new(format!("{symbol} {word}"), 0.0, 0.0, BADGE_SIZE, 700).spaced(0.2);
    let width = r2(text.width() + 2.0 * pad);
    let pill = Rect { x: r2(TITLE_RIGHT - width), y: top, w: width, h: height };
    text.x = r2(pill.x + pad);
    text.y = centred_baseline(top + height / 2.0, BADGE_SIZE);
    Some(Badge { kind, pill, radius: height / 2.0, text })
}

/// The layout model of the back; `changing-lines/back.svg.j2` draws it.
#[derive(Debug, Clone, Serialize)]
pub struct BackLayout {
    /// Canvas, trim and safe boxes.
    pub canvas: Canvas,
    /// Rows of yang and yin bars over the whole canvas (dashed lines), point-symmetric
    /// about the centre.
    pub texture: Vec<TextureLine>,
    /// Thickness of the texture's bars, mm.
    pub texture_width: f32,
    /// Title plaques: the upright one, and the same turned 180°.
    pub plaques: Vec<Plaque>,
    /// Medallion radius (outer ring) and inner ring, mm.
    pub medallion: (f32, f32),
    /// The hexagram in the medallion: 61 (Inner Truth), its own inverse, so the back
    /// reads the same both ways up.
    pub emblem: Vec<LineShape>,
}

/// A title plaque on the back.
#[derive(Debug, Clone, Serialize)]
pub struct Plaque {
    /// `rotate(180 cx cy)` for the turned copy, empty for the upright one.
    pub transform: String,
    /// The plaque's outline.
    pub frame: Rect,
    /// The title.
    pub text: TextBox,
}

impl BackLayout {
    /// The back: rotationally symmetric (180°), so it never tells which way up the
    /// front lies.
    pub fn new() -> BackLayout {
        let c = canvas();
        // Rows of bars, yang rows at cy + 2k·pitch and yin rows between, bars centred
        // on cx + m·col. A turn about the centre maps row k to row −k (same kind) and
        // bar m to bar −m, so the texture reads the same both ways up.
        let (row_pitch, bar_h, col_pitch, bar_w) = (3.3, 0.9, 7.0, 5.2);
        let rows = (c.height / 2.0 / row_pitch).ceil() as i32;
        let cols = (c.width / 2.0 / col_pitch).ceil() + 1.0;
        let (x1, x2) = (c.cx - bar_w / 2.0 - cols * col_pitch, c.cx + bar_w / 2.0 + cols * col_pitch);
        let yin = bar_w * 0.4;
        let yang_dash = format!("{} {}", bar_w, r2(col_pitch - bar_w));
        let yin_dash = format!("{} {} {} {}", r2(yin), r2(bar_w - 2.0 * yin), r2(yin), r2(col_pitch - bar_w));
        let texture = (-rows..=rows)
            .map(|k| {
                let y = r2(c.cy + k as f32 * row_pitch);
                let dash = if k % 2 == 0 { yang_dash.clone() } else { yin_dash.clone() };
                TextureLine { x1: r2(x1), y1: y, x2: r2(x2), y2: y, dash }
            })
            .collect();
        let title = "CHANGING LINES";
        let plaque = |transform: String| {
            let frame = Rect { x: 13.5, y: 10.5, w: 42.0, h: 8.0 };
            let text = TextBox::new(title, c.cx, centred_baseline(frame.y + frame.h / 2.0, 3.2), 3.2, 700)
                .anchored("middle")
                .spaced(0.6);
            Plaque { transform, frame, text }
        };
        let emblem_stack = Stack {
            x: c.cx - 7.5,
            width: 15.0,
            top: c.cy - (5.0 * 3.3 + 1.2) / 2.0,
            thickness: 2.0,
            pitch: 3.3,
            trigram_gap: 1.2,
            break_fraction: 0.24,
        };
        let inner_truth = Hexagram::from_line_string("110011").expect("a valid line string");
        debug_assert!(inner_truth.is_mirror());
        BackLayout {
            canvas: c.clone(),
            texture,
            texture_width: bar_h,
            plaques: vec![plaque(String::new()), plaque(format!("rotate(180 {} {})", c.cx, c.cy))],
            medallion: (15.0, 13.6),
            emblem: emblem_stack.shapes(inner_truth.bits(), 6).into_iter().map(round_shape).collect(),
        }
    }
}

impl Default for BackLayout {
    fn default() -> Self {
        Self::new()
    }
}

/// The Changing Lines deck as the card engine knows it: 64 dual-orientation cards and one
/// back (docs/conventions.md, The Changing Lines deck), eight player aids in English.
pub struct Cards;

impl CardDeck for Cards {
    fn slug(&self) -> &'static str {
        super::KEY
    }

    fn title(&self) -> &'static str {
        "Changing Lines"
    }

    fn faces(&self) -> Vec<Face> {
        Face::cards_and_back()
    }

    fn print_pairs(&self) -> Vec<(Face, Face)> {
        Face::card_pairs()
    }

    fn has(&self, face: &Face) -> bool {
        !matches!(face, Face::Trigram(_))
    }

    fn face_svg(&self, face: &Face, lang: Lang, backs: Backs) -> Result<String, CardError> {
        Ok(match face {
            Face::Card(h) => draw("changing-lines/card.svg.j2", "card", CardLayout::new(*h, lang), Backs::Full)?,
            Face::Back => draw("changing-lines/back.svg.j2", "back", BackLayout::new(), backs)?,
            Face::Trigram(_) => {
                return Err(CardError::NotInDeck { deck: PrintedDeck::new(&Cards), face: face.slug() });
            }
        })
    }

    /// The deck is English but for its names, so its aids stay English.
    fn aid_lang(&self, _lang: Lang) -> Lang {
        Lang::En
    }

    fn aids(&self, _lang: Lang) -> Vec<Aid> {
        super::aids::aids()
    }

    fn contact_sections(&self, lang: Lang) -> Vec<(String, Vec<(Face, bool)>)> {
        let cards: Vec<Face> = Hexagram::all().map(Face::Card).collect();
        vec![
            (lang.pick("Dark side up", "Côté foncé en haut").to_string(), cards.iter().map(|f| (*f, false)).collect()),
            (
                lang.pick("Light side up (turned 180°)", "Côté clair en haut (tourné de 180°)").to_string(),
                cards.iter().map(|f| (*f, true)).collect(),
            ),
        ]
    }

    fn name_rooms(&self) -> &'static [NameRoom] {
        &[NAME_ROOM]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn overlap(a: (f32, f32), b: (f32, f32)) -> bool {
        a.0 < b.1 && b.0 < a.1
    }

    #[test]
    fn readings_carry_the_cores_numbers() {
        let layout = CardLayout::new(Hexagram::from_number(12).unwrap(), Lang::En);
        let dark: Vec<u8> = layout.readings[0].neighbours.iter().map(|n| n.neighbour).collect();
        let light: Vec<u8> = layout.readings[1].neighbours.iter().map(|n| n.neighbour).collect();
        assert_eq!(dark, [25, 6, 33, 20, 35, 45]);
        assert_eq!(light, [46, 36, 19, 34, 5, 26]);
        assert_eq!((layout.readings[0].hexagram, layout.readings[1].hexagram), (12, 11));
        assert_eq!(layout.readings[1].transform, "rotate(180 34.5 47)");
    }

    #[test]
    fn the_line_stack_is_symmetric_about_the_centre() {
        // Dark line i and light line 7 - i are the same stroke.
        for i in 1..=6u8 {
            let y = LINES.centre(i, 6);
            let turned = 94.0 - LINES.centre(7 - i, 6);
            assert!((y - turned).abs() < 1e-4, "line {i}: {y} vs {turned}");
        }
        assert!((LINES.x + LINES.width / 2.0 - 34.5).abs() < 1e-4);
    }

    #[test]
    fn nothing_leaves_the_safe_area_or_collides() {
        let safe = canvas().safe;
        for lang in [Lang::En, Lang::Fr] {
            for h in Hexagram::all() {
                let layout = CardLayout::new(h, lang);
                for r in &layout.readings {
                    let mut row: Vec<(f32, f32)> = vec![r.number.span(), r.zh.span()];
                    row.extend(r.pinyin.as_ref().map(TextBox::span));
                    if let Some(b) = &r.badge {
                        row.push((b.pill.x, b.pill.x + b.pill.w));
                        assert!(b.pill.x + b.pill.w <= safe.x + safe.w);
                    }
                    for pair in row.windows(2) {
                        assert!(pair[0].1 <= pair[1].0, "card {h:?} {lang:?}: {pair:?}");
                    }
                    let (l, rt) = r.name.span();
                    assert!(l >= safe.x && rt <= safe.x + safe.w + 0.01, "name of {h:?} {lang:?}: {rt}");
                    for n in &r.neighbours {
                        assert!(n.text.span().0 >= safe.x);
                    }
                    // Trigram names end before the opposite reading's numbers begin.
                    for t in &r.trigrams {
                        assert!(t.text.span().1 < 69.0 - (LINES.x - NEIGHBOUR_GAP), "{h:?} {lang:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_two_lower_trigram_names_fit_in_the_middle_gap() {
        let (size, descent, cap) = (TRIGRAM_SIZE, 0.3 * TRIGRAM_SIZE, 0.75 * TRIGRAM_SIZE);
        let line4_bottom = LINES.centre(4, 6) + LINES.thickness / 2.0;
        let line3_top = LINES.centre(3, 6) - LINES.thickness / 2.0;
        let dark_baseline = line3_top - TRIGRAM_GAP;
        let dark = (dark_baseline - cap, dark_baseline + descent);
        // The light label, turned: its baseline at 94 - dark_baseline, glyphs hanging below.
        let light = (94.0 - dark_baseline - descent, 94.0 - dark_baseline + cap);
        assert!(light.0 > line4_bottom && dark.1 < line3_top, "{light:?} {dark:?}");
        assert!(!overlap(dark, light), "{dark:?} overlaps {light:?} at size {size}");
    }

    #[test]
    fn badges_only_on_special_cards() {
        for h in Hexagram::all() {
            let layout = CardLayout::new(h, Lang::En);
            let kinds: Vec<_> = layout.readings.iter().map(|r| r.badge.as_ref().map(|b| b.kind)).collect();
            let want = match (h.is_double(), h.is_mirror()) {
                (true, true) => Some("double-mirror"),
                (true, false) => Some("double"),
                (false, true) => Some("mirror"),
                (false, false) => None,
            };
            // A card's light reading is the inverse, which is a Double exactly when the
            // dark one is; mirrors show the same hexagram both ways.
            assert_eq!(kinds[0], want, "{h:?}");
            assert_eq!(kinds[1], want, "{h:?}");
        }
    }
}
