//! Layout models of the Zhi Pai components (docs/conventions.md, Zhi Pai): the 64 hexagram cards, their
//! back, and the two player sets of trigram cards with an active and an inactive face.
//!
//! A hexagram card shows its hexagram large (lines, number, names, and the two trigram
//! names beside the trigrams, since condition 3 of the rules matches trigrams by
//! position) and, smaller below a rule, its complement (lines, number, names). The
//! trigram cards of the two sets differ by colour *and* pattern (dots for set 1, stripes
//! for set 2), so they stay apart in greyscale; the active face is solid, the inactive
//! face pale with hollow lines.

use serde::Serialize;

use crate::cards::aids::Aid;
use crate::cards::{
    Canvas, CardDeck, CardError, Face, Lang, LineShape, NameRoom, PlayerSet, Rect, Stack, TextBox, TextureLine,
    TrigramFace, canvas, draw, r2,
};
use crate::print::plan::Backs;
use hexforge_rules::core::hexagram::Hexagram;
use hexforge_rules::core::trigram::Trigram;

const LEFT: f32 = 7.2;
const RIGHT: f32 = 62.4;
/// Left edge of the complement's number and name.
const COMPLEMENT_LEFT: f32 = 26.0;
/// The hexagram name under the title.
pub(crate) const NAME_ROOM: NameRoom =
    NameRoom { place: "Zhi Pai title", max_width: RIGHT - LEFT, size: 3.6, min_size: 2.6, weight: 700 };
/// The complement's name, at the foot of the card.
pub(crate) const COMPLEMENT_NAME_ROOM: NameRoom =
    NameRoom { place: "Zhi Pai complement", max_width: RIGHT - COMPLEMENT_LEFT, size: 3.0, min_size: 2.2, weight: 700 };

/// The hexagram, large.
const MAIN: Stack =
    Stack { x: 11.5, width: 30.0, top: 28.0, thickness: 3.2, pitch: 5.6, trigram_gap: 1.6, break_fraction: 0.22 };

/// The complement, small.
const SMALL: Stack =
    Stack { x: LEFT, width: 15.0, top: 71.4, thickness: 1.7, pitch: 2.9, trigram_gap: 0.9, break_fraction: 0.24 };

/// A trigram's name and Chinese name beside its three lines.
#[derive(Debug, Clone, Serialize)]
pub struct TrigramSide {
    /// `upper` or `lower`.
    pub position: &'static str,
    /// The trigram's key (`heaven`, …), for machines.
    pub trigram: &'static str,
    /// Name in the card language.
    pub name: TextBox,
    /// Chinese character and pinyin.
    pub zh: TextBox,
    /// A bracket from the first to the last line of the trigram.
    pub bracket: Rect,
}

/// The complement block at the bottom of a hexagram card.
#[derive(Debug, Clone, Serialize)]
pub struct Complement {
    /// The complement's King Wen number.
    pub hexagram: u8,
    /// "COMPLEMENT" / "OPPOSÉ".
    pub heading: TextBox,
    /// Its lines, small.
    pub lines: Vec<LineShape>,
    /// Its number.
    pub number: TextBox,
    /// Its Chinese name.
    pub zh: TextBox,
    /// Its name in the card language.
    pub name: TextBox,
}

/// The layout model of a Zhi Pai hexagram card; `zhi-pai/hexagram.svg.j2` draws it.
#[derive(Debug, Clone, Serialize)]
pub struct HexagramLayout {
    /// Always `zhi-pai`.
    pub deck: &'static str,
    /// The card's hexagram.
    pub number: u8,
    /// `en` or `fr`.
    pub lang: &'static str,
    /// Canvas, trim and safe boxes.
    pub canvas: Canvas,
    /// The number, top left.
    pub title_number: TextBox,
    /// The Chinese name.
    pub zh: TextBox,
    /// The pinyin.
    pub pinyin: TextBox,
    /// The name in the card language.
    pub name: TextBox,
    /// The six lines, line 1 first.
    pub lines: Vec<LineShape>,
    /// Upper and lower trigram beside the lines.
    pub trigrams: Vec<TrigramSide>,
    /// The rule above the complement block: x1, x2, y.
    pub rule: (f32, f32, f32),
    /// The complement.
    pub complement: Complement,
}

impl HexagramLayout {
    /// The layout of the hexagram card of `hexagram`.
    pub fn new(hexagram: Hexagram, lang: Lang) -> HexagramLayout {
        let names = hexagram.names();
        let title_number = TextBox::new(hexagram.number().to_string(), LEFT, 14.6, 8.0, 700);
        let zh = TextBox::new(names.zh, r2(title_number.span().1 + 1.6), 14.6, 5.2, 700);
        let pinyin = TextBox::new(names.pinyin, r2(zh.span().1 + 1.4), 14.6, 2.8, 400);
        let name = NAME_ROOM.text_box(lang.hexagram_name(hexagram), LEFT, 20.4);

        let side = |position: &'static str, trigram: Trigram, lines: [u8; 3]| {
            let x = MAIN.x + MAIN.width + 3.4;
            let top = MAIN.centre(lines[2], 6) - MAIN.thickness / 2.0;
            let bottom = MAIN.centre(lines[0], 6) + MAIN.thickness / 2.0;
            let mid = MAIN.centre(lines[1], 6);
            TrigramSide {
                position,
                trigram: trigram.name(),
                name: TextBox::new(lang.trigram_name(trigram).to_uppercase(), x + 1.8, r2(mid - 0.5), 2.5, 700)
                    .spaced(0.25)
                    .fit(RIGHT - x - 1.8, 1.8),
                zh: TextBox::new(
                    format!("{} {}", trigram.chinese(), trigram.pinyin()),
                    x + 1.8,
                    r2(mid + 3.1),
                    2.4,
                    400,
                ),
                bracket: Rect { x, y: r2(top), w: 0.35, h: r2(bottom - top) },
            }
        };
        let trigrams = vec![side("upper", hexagram.upper(), [4, 5, 6]), side("lower", hexagram.lower(), [1, 2, 3])];

        let c = hexagram.complement();
        let cn = c.names();
        let number = TextBox::new(c.number().to_string(), COMPLEMENT_LEFT, 78.2, 5.4, 700);
        let complement = Complement {
            hexagram: c.number(),
            heading: TextBox::new(lang.pick("COMPLEMENT", "OPPOSÉ"), LEFT, 67.6, 2.2, 700).spaced(0.45),
            lines: SMALL.shapes(c.bits(), 6),
            zh: TextBox::new(cn.zh, r2(number.span().1 + 1.3), 78.2, 3.8, 700),
            number,
            name: COMPLEMENT_NAME_ROOM.text_box(lang.hexagram_name(c), COMPLEMENT_LEFT, 84.2),
        };
        HexagramLayout {
            deck: super::KEY,
            number: hexagram.number(),
            lang: lang.code(),
            canvas: canvas(),
            title_number,
            zh,
            pinyin,
            name,
            lines: MAIN.shapes(hexagram.bits(), 6),
            trigrams,
            rule: (LEFT, RIGHT, 63.8),
            complement,
        }
    }
}

/// Number and pattern of a player set; its colours are `zhi_pai.sets.<number>` in
/// `templates/style.json`.
#[derive(Debug, Clone, Serialize)]
pub struct SetStyle {
    /// 1 or 2.
    pub number: u8,
    /// `dots` or `stripes`.
    pub pattern: &'static str,
}

/// The style of each player set: vermilion with dots, indigo with stripes.
pub fn set_style(set: PlayerSet) -> SetStyle {
    match set {
        PlayerSet::One => SetStyle { number: 1, pattern: "dots" },
        PlayerSet::Two => SetStyle { number: 2, pattern: "stripes" },
    }
}

/// The layout model of one face of a trigram card; `zhi-pai/trigram.svg.j2` draws it.
#[derive(Debug, Clone, Serialize)]
pub struct TrigramLayout {
    /// Always `zhi-pai`.
    pub deck: &'static str,
    /// `en` or `fr`.
    pub lang: &'static str,
    /// The trigram's key.
    pub trigram: &'static str,
    /// `active` or `inactive`.
    pub side: &'static str,
    /// True on the active face.
    pub active: bool,
    /// Canvas, trim and safe boxes.
    pub canvas: Canvas,
    /// The player set's colours and pattern.
    pub set: SetStyle,
    /// The set's pattern over the whole card: rows of dots (set 1) or diagonal stripes
    /// (set 2), as lines.
    pub texture: Vec<TextureLine>,
    /// Stroke width of the texture lines (dot diameter or stripe width), mm.
    pub texture_width: f32,
    /// `round` for dots, `butt` for stripes.
    pub texture_cap: &'static str,
    /// The light panel in the middle of the card.
    pub panel: Rect,
    /// "ACTIVE" / "INACTIVE" at the top of the panel.
    pub state: TextBox,
    /// The three lines, large (line 1 first).
    pub lines: Vec<LineShape>,
    /// The trigram's Chinese character, large.
    pub zh: TextBox,
    /// The name in the card language.
    pub name: TextBox,
    /// Pinyin and the character of the natural image.
    pub pinyin: TextBox,
    /// "PLAYER 1" / "JOUEUR 1".
    pub owner: TextBox,
}

impl TrigramLayout {
    /// The layout of one face of a trigram card.
    pub fn new(face: TrigramFace, lang: Lang) -> TrigramLayout {
        let c = canvas();
        let t = face.trigram;
        let lines = Stack {
            x: 19.5,
            width: 30.0,
            top: 26.5,
            thickness: 4.4,
            pitch: 7.6,
            trigram_gap: 0.0,
            break_fraction: 0.22,
        };
        let state = if face.active { lang.pick("ACTIVE", "ACTIVE") } else { lang.pick("INACTIVE", "INACTIVE") };
        TrigramLayout {
            deck: super::KEY,
            lang: lang.code(),
            trigram: t.name(),
            side: if face.active { "active" } else { "inactive" },
            active: face.active,
            canvas: c.clone(),
            set: set_style(face.set),
            texture: texture(face.set, &c),
            texture_width: match face.set {
                PlayerSet::One => 1.2,
                PlayerSet::Two => 1.1,
            },
            texture_cap: match face.set {
                PlayerSet::One => "round",
                PlayerSet::Two => "butt",
            },
            panel: Rect { x: 9.5, y: 9.5, w: 50.0, h: 75.0 },
            state: TextBox::new(state, c.cx, 16.6, 2.6, 700).anchored("middle").spaced(0.7),
            lines: lines.shapes(t.bits(), 3),
            zh: TextBox::new(t.chinese(), c.cx, 61.0, 11.0, 700).anchored("middle"),
            name: TextBox::new(lang.trigram_name(t), c.cx, 69.6, 4.6, 700).anchored("middle").fit(46.0, 3.0),
            pinyin: TextBox::new(format!("{} · {}", t.pinyin(), t.nature()), c.cx, 75.0, 3.0, 400).anchored("middle"),
            owner: TextBox::new(
                format!("{} {}", lang.pick("PLAYER", "JOUEUR"), face.set.number()),
                c.cx,
                81.0,
                2.2,
                700,
            )
            .anchored("middle")
            .spaced(0.5),
        }
    }
}

/// The set's texture: set 1 a grid of dots 3 mm apart (each row one dashed line with
/// round caps and dashes of almost no length), set 2 stripes at 45°, 3 mm apart.
fn texture(set: PlayerSet, c: &Canvas) -> Vec<TextureLine> {
    let pitch = 3.0;
    match set {
        PlayerSet::One => (0..=(c.height / pitch) as i32)
            .map(|k| {
                let y = r2(pitch / 2.0 + k as f32 * pitch);
                TextureLine { x1: pitch / 2.0, y1: y, x2: c.width, y2: y, dash: format!("0.01 {}", pitch - 0.01) }
            })
            .collect(),
        PlayerSet::Two => {
            // Lines x − y = const, spaced `pitch` apart across their direction.
            let step = pitch * std::f32::consts::SQRT_2;
            let n = ((c.width + c.height) / step).ceil() as i32;
            (0..=n)
                .map(|k| {
                    let x = r2(-c.height + k as f32 * step);
                    TextureLine { x1: x, y1: 0.0, x2: r2(x + c.height), y2: c.height, dash: String::new() }
                })
                .collect()
        }
    }
}

/// One trigram of the ring on the Zhi Pai back, drawn at the top and turned into place.
#[derive(Debug, Clone, Serialize)]
pub struct RingTrigram {
    /// The trigram's key.
    pub trigram: &'static str,
    /// Degrees clockwise from the top.
    pub angle: f32,
    /// Its lines, drawn above the centre (line 1 innermost).
    pub lines: Vec<LineShape>,
}

/// The layout model of the back of the Zhi Pai hexagram cards; `zhi-pai/back.svg.j2`
/// draws it: the eight trigrams in the Earlier Heaven order around a taiji.
#[derive(Debug, Clone, Serialize)]
pub struct BackLayout {
    /// Canvas, trim and safe boxes.
    pub canvas: Canvas,
    /// Ring radii: outer and inner circle.
    pub rings: (f32, f32),
    /// The eight trigrams, Qian at the top, clockwise: Qian, Xun, Kan, Gen, Kun, Zhen,
    /// Li, Dui (south at the top, as the Earlier Heaven diagram is drawn).
    pub ring: Vec<RingTrigram>,
    /// Taiji radius.
    pub taiji_r: f32,
    /// SVG path of the taiji's dark half.
    pub taiji_path: String,
    /// Title at the top.
    pub title: TextBox,
    /// Chinese title at the bottom.
    pub subtitle: TextBox,
}

impl BackLayout {
    /// The back of the hexagram cards.
    pub fn new() -> BackLayout {
        let c = canvas();
        let order = [
            Trigram::HEAVEN,
            Trigram::WIND,
            Trigram::WATER,
            Trigram::MOUNTAIN,
            Trigram::EARTH,
            Trigram::THUNDER,
            Trigram::FIRE,
            Trigram::LAKE,
        ];
        let (outer, inner) = (25.0, 10.5);
        let stack = |t: Trigram| {
            // Centre of the middle line at radius 18, line 1 innermost.
            let s = Stack {
                x: c.cx - 4.5,
                width: 9.0,
                top: c.cy - 18.0 - 2.0,
                thickness: 1.3,
                pitch: 2.0,
                trigram_gap: 0.0,
                break_fraction: 0.26,
            };
            s.shapes(t.bits(), 3)
        };
        let ring = order
            .iter()
            .enumerate()
            .map(|(i, t)| RingTrigram { trigram: t.name(), angle: i as f32 * 45.0, lines: stack(*t) })
            .collect();
        let r = 8.5;
        let (x, y) = (c.cx, c.cy);
        let taiji_path = format!(
            "M {x} {t} A {r} {r} 0 0 1 {x} {b} A {h} {h} 0 0 1 {x} {y} A {h} {h} 0 0 0 {x} {t} Z",
            t = r2(y - r),
            b = r2(y + r),
            h = r / 2.0,
        );
        BackLayout {
            canvas: c.clone(),
            rings: (outer, inner),
            ring,
            taiji_r: r,
            taiji_path,
            title: TextBox::new("ZHI PAI", c.cx, 15.2, 4.0, 700).anchored("middle").spaced(1.2),
            subtitle: TextBox::new("易經紙牌", c.cx, 84.0, 4.4, 700).anchored("middle").spaced(0.8),
        }
    }
}

impl Default for BackLayout {
    fn default() -> Self {
        Self::new()
    }
}

/// The Zhi Pai deck as the card engine knows it: 64 hexagram cards, their back, and two
/// player sets of 8 two-faced trigram cards (docs/conventions.md, Zhi Pai); its aid follows the language asked.
pub struct Cards;

impl CardDeck for Cards {
    fn slug(&self) -> &'static str {
        super::KEY
    }

    fn title(&self) -> &'static str {
        "Zhi Pai"
    }

    fn faces(&self) -> Vec<Face> {
        [Face::cards_and_back(), Face::trigram_faces()].concat()
    }

    fn print_pairs(&self) -> Vec<(Face, Face)> {
        [Face::card_pairs(), Face::trigram_pairs()].concat()
    }

    fn has(&self, _face: &Face) -> bool {
        true
    }

    fn face_svg(&self, face: &Face, lang: Lang, backs: Backs) -> Result<String, CardError> {
        Ok(match face {
            Face::Card(h) => draw("zhi-pai/hexagram.svg.j2", "card", HexagramLayout::new(*h, lang), Backs::Full)?,
            Face::Back => draw("zhi-pai/back.svg.j2", "back", BackLayout::new(), backs)?,
            Face::Trigram(t) => draw("zhi-pai/trigram.svg.j2", "card", TrigramLayout::new(*t, lang), Backs::Full)?,
        })
    }

    fn aid_lang(&self, lang: Lang) -> Lang {
        lang
    }

    fn aids(&self, lang: Lang) -> Vec<Aid> {
        super::aids::aids(lang)
    }

    fn contact_sections(&self, lang: Lang) -> Vec<(String, Vec<(Face, bool)>)> {
        let (cards, others): (Vec<Face>, Vec<Face>) =
            self.faces().into_iter().partition(|f| matches!(f, Face::Card(_)));
        vec![
            (lang.pick("Hexagram cards", "Cartes Hexagramme").to_string(), cards.iter().map(|f| (*f, false)).collect()),
            (
                lang.pick("Back; trigram cards, active and inactive", "Dos ; cartes Trigramme, actives et inactives")
                    .to_string(),
                others.iter().map(|f| (*f, false)).collect(),
            ),
        ]
    }

    fn name_rooms(&self) -> &'static [NameRoom] {
        &[NAME_ROOM, COMPLEMENT_NAME_ROOM]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_complement_is_the_cores() {
        for h in Hexagram::all() {
            let layout = HexagramLayout::new(h, Lang::En);
            assert_eq!(layout.complement.hexagram, h.complement().number());
            assert_eq!(layout.complement.number.text, h.complement().number().to_string());
            // The small lines are the complement's lines.
            for (shape, big) in layout.complement.lines.iter().zip(&layout.lines) {
                assert_ne!(shape.aspect, big.aspect);
            }
        }
    }

    #[test]
    fn hexagram_card_text_stays_inside_the_safe_area() {
        let safe = canvas().safe;
        for lang in [Lang::En, Lang::Fr] {
            for h in Hexagram::all() {
                let l = HexagramLayout::new(h, lang);
                let mut boxes = vec![&l.title_number, &l.zh, &l.pinyin, &l.name, &l.complement.name, &l.complement.zh];
                for t in &l.trigrams {
                    boxes.push(&t.name);
                    boxes.push(&t.zh);
                }
                for b in boxes {
                    let (a, z) = b.span();
                    assert!(a >= safe.x - 0.01 && z <= safe.x + safe.w + 0.01, "{h:?} {lang:?} {:?}: {a}..{z}", b.text);
                }
                let bottom = l.complement.lines[0].cy + SMALL.thickness / 2.0;
                assert!(bottom <= safe.y + safe.h, "{bottom}");
            }
        }
    }

    #[test]
    fn the_ring_is_earlier_heaven_with_complements_opposite() {
        let back = BackLayout::new();
        assert_eq!(back.ring[0].trigram, "heaven");
        for i in 0..4 {
            let a: Trigram = back.ring[i].trigram.parse().unwrap();
            let b: Trigram = back.ring[i + 4].trigram.parse().unwrap();
            assert_eq!(a.complement(), b);
        }
    }

    #[test]
    fn the_two_sets_differ_in_colour_and_pattern() {
        let (a, b) = (set_style(PlayerSet::One), set_style(PlayerSet::Two));
        assert_ne!(a.pattern, b.pattern);
        assert_ne!(a.number, b.number);
        // The colours live in the shared style sheet: every colour of one set differs
        // from the same colour of the other.
        let style = crate::print::template::style().expect("the style sheet loads");
        let sets = &style["zhi_pai"]["sets"];
        let (one, two) = (&sets[a.number.to_string()], &sets[b.number.to_string()]);
        let keys = one.as_object().expect("set 1 is an object");
        assert!(keys.len() >= 5, "set colours: {keys:?}");
        for (key, colour) in keys {
            assert!(colour.is_string(), "{key}");
            assert_ne!(Some(colour), two.get(key), "both sets print {key} in {colour}");
        }
    }
}
