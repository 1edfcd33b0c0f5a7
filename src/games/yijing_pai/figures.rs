//! The 易经牌 rulebook's figures: tiles seen from above (64 × 30 units) on the table, in a
//! build and in scored hexagrams, then each tile front as printed. Their labels are in the
//! book's language (English, or Chinese for the Chinese book).

use super::art::{self, TileFace};
use super::rulebook::{EXAMPLES, RESPONSE, YANG_PUNG};
use crate::games::{ArtError, Figure};
use crate::print::fonts::CJK_SC;
use crate::rulebook::figures::{Drawing, Ink, Stroke, Weight, rect, stroke};
use hexforge_rules::core::hexagram::{Hexagram, Line};
use hexforge_rules::core::lang::Lang;
use hexforge_rules::yijing_pai::tiles::{self as yijing_pai, TileKind};

/// The English rulebook's figures: the table diagrams, then each tile front as printed.
pub fn figures() -> Result<Vec<Figure>, ArtError> {
    figures_in(Lang::En)
}

/// The figures labelled in `lang`: Chinese for [`Lang::Zh`], English otherwise.
pub fn figures_in(lang: Lang) -> Result<Vec<Figure>, ArtError> {
    let mut out: Vec<Figure> = vec![
        ("cover.svg".into(), cover().svg()?),
        ("table.svg".into(), table(lang).svg()?),
        ("build.svg".into(), build(lang).svg()?),
        ("scoring.svg".into(), scoring(&EXAMPLES, lang).svg()?),
    ];
    for kind in TileKind::ALL {
        out.push((format!("tile-{}.svg", kind.key()), art::tile_svg(TileFace::Front(kind))?));
    }
    if lang == Lang::Zh {
        // The book is set in simplified Chinese glyph forms: its figures are too, or their
        // punctuation sits centred in the traditional face, Taiwan style, beside the text's.
        // The simplified face leads every stack: an SVG's text takes the first family it
        // has, then any bundled face with the glyph (the traditional one comes first), so
        // naming it after "Noto Sans" would not reach it.
        for (_, svg) in &mut out {
            *svg = svg.replace("font-family=\"", &format!("font-family=\"{CJK_SC}, "));
        }
    }
    Ok(out)
}

/// The English or the Chinese of a label.
fn say(lang: Lang, en: &'static str, zh: &'static str) -> &'static str {
    if lang == Lang::Zh { zh } else { en }
}

const TILE_W: f32 = 64.0;
const TILE_H: f32 = 30.0;

const YANG: TileFace = TileFace::Front(TileKind::Yang);
const YIN: TileFace = TileFace::Front(TileKind::Yin);
const TAIJI: TileFace = TileFace::Front(TileKind::Taiji);

/// The taiji: a disc split into a light and a dark half, each with a dot of the other.
fn taiji(d: &mut Drawing, cx: f32, cy: f32, r: f32) {
    d.circle((cx, cy), r, Ink::Paper, stroke(Ink::Ink, 1.0));
    let (top, bottom, half) = (cy - r, cy + r, r / 2.0);
    d.path(
        format!(
            "M{cx},{top} A{r},{r} 0 0 1 {cx},{bottom} A{half},{half} 0 0 1 {cx},{cy} A{half},{half} 0 0 0 {cx},{top} Z"
        ),
        Ink::Ink,
    );
    d.circle((cx, cy - half), r / 7.0, Ink::Paper, None);
    d.circle((cx, cy + half), r / 7.0, Ink::Ink, None);
}

/// One tile seen from above, its top-left corner at (`x`, `y`); `shade` tints a front.
fn tile(d: &mut Drawing, face: TileFace, x: f32, y: f32, shade: bool) {
    let fill = match (face, shade) {
        (TileFace::Back, _) => Ink::TileBack,
        (_, true) => Ink::Tint,
        _ => Ink::Paper,
    };
    d.rect(rect(x, y, TILE_W, TILE_H), 4.0, fill, stroke(Ink::Ink, 1.0));
    let bar = |d: &mut Drawing, line| d.line_bar(line, (x + 12.0, y + 11.0), TILE_W - 24.0, 8.0, Ink::Ink);
    match face {
        TileFace::Front(TileKind::Yang) => bar(d, Line::Yang),
        TileFace::Front(TileKind::Yin) => bar(d, Line::Yin),
        TileFace::Front(TileKind::Taiji) => taiji(d, x + TILE_W / 2.0, y + TILE_H / 2.0, 10.5),
        TileFace::Back => {}
    }
}

/// The tiles of a line string, `1` yang and `0` yin, line 1 first.
fn tiles_of(lines: &str) -> Vec<TileFace> {
    lines.chars().map(|c| if c == '1' { YANG } else { YIN }).collect()
}

/// A column of tiles, first (inside, line 1) at the bottom; `shade` marks tiles by index.
fn column(d: &mut Drawing, tiles: &[TileFace], x: f32, bottom: f32, shade: &[usize]) {
    for (i, t) in tiles.iter().enumerate() {
        let y = bottom - (i as f32 + 1.0) * (TILE_H + 3.0);
        tile(d, *t, x, y, shade.contains(&i));
    }
}

/// A hexagram of tiles beside a hidden one, the taiji above.
fn cover() -> Drawing {
    let mut d = Drawing::new(260.0, 260.0);
    column(&mut d, &tiles_of("101101"), 40.0, 230.0, &[]);
    column(&mut d, &[TileFace::Back; 6], 150.0, 230.0, &[]);
    tile(&mut d, TAIJI, 95.0, 10.0, false);
    d
}

/// A player's place at the table: the wall, the hidden and laid hexagrams, the hand.
fn table(lang: Lang) -> Drawing {
    let mut d = Drawing::new(640.0, 330.0);
    // The wall: two tiers, drawn as a strip of tile backs along the top.
    d.text((10.0, 16.0), 12.0, "start", Ink::Ink, Weight::Bold, say(lang, "wall (two tiers)", "牌墙（两层）"));
    for i in 0..9 {
        let x = 10.0 + i as f32 * (TILE_W * 0.55 + 2.0);
        d.rect(rect(x, 26.0, TILE_W * 0.55, 16.0), 2.0, Ink::TileBack, stroke(Ink::Ink, 0.8));
        d.rect(rect(x + 2.0, 22.0, TILE_W * 0.55, 16.0), 2.0, Ink::TileBackLight, stroke(Ink::Ink, 0.8));
    }
    let bottom = 290.0;
    column(&mut d, &[TileFace::Back; 6], 20.0, bottom, &[]);
    d.text((52.0, bottom + 18.0), 11.0, "middle", Ink::Muted, Weight::Regular, say(lang, "hidden hexagram", "暗卦"));
    column(&mut d, &tiles_of("011010"), 120.0, bottom, &[]);
    column(&mut d, &tiles_of("1101"), 200.0, bottom, &[]);
    let laid = say(lang, "hexagrams laid, left to right", "亮出的六画卦，从左往右");
    d.text((192.0, bottom + 18.0), 11.0, "middle", Ink::Muted, Weight::Regular, laid);
    tile(&mut d, TileFace::Back, 330.0, bottom - 33.0, false);
    tile(&mut d, TileFace::Back, 400.0, bottom - 33.0, false);
    let hand = say(lang, "your hand: two tiles", "手牌：两张");
    d.text((397.0, bottom + 18.0), 11.0, "middle", Ink::Muted, Weight::Regular, hand);
    // Inside and outside.
    d.line((560.0, bottom), (560.0, bottom - 190.0), Stroke { ink: Ink::Accent, width: 1.4 });
    d.path(format!("M560,{} L556,{} L564,{} Z", bottom - 196.0, bottom - 186.0, bottom - 186.0), Ink::Accent);
    d.text((570.0, bottom - 180.0), 11.0, "start", Ink::Accent, Weight::Regular, say(lang, "outside 外", "外"));
    d.text((570.0, bottom), 11.0, "start", Ink::Accent, Weight::Regular, say(lang, "inside 内", "内"));
    d.text((320.0, bottom + 36.0), 13.0, "middle", Ink::Ink, Weight::Bold, say(lang, "you sit here", "你坐在这一边"));
    d
}

/// Where the tiles of a response and of each pung go.
fn build(lang: Lang) -> Drawing {
    let mut d = Drawing::new(600.0, 200.0);
    let bottom = 160.0;
    // The first pair: yin inside, yang outside.
    let panels: [(&str, &str, Vec<usize>); 4] = [
        (say(lang, "response", "应"), RESPONSE, vec![0, 1]),
        (say(lang, "yin pung, outside", "阴碰，放外侧"), "0100", vec![0, 1]),
        (say(lang, "yin pung, inside", "阴碰，放内侧"), "0001", vec![2, 3]),
        (say(lang, "yang pung", "阳碰"), YANG_PUNG, vec![1, 2]),
    ];
    for (i, (title, lines, shade)) in panels.iter().enumerate() {
        let x = 30.0 + i as f32 * 150.0;
        column(&mut d, &tiles_of(lines), x, bottom, shade);
        d.text((x + TILE_W / 2.0, bottom + 24.0), 12.0, "middle", Ink::Ink, Weight::Bold, title);
    }
    d
}

/// Hexagrams of tiles with the points each scores.
fn scoring(examples: &[&str], lang: Lang) -> Drawing {
    let mut d = Drawing::new(300.0, 260.0);
    for (i, s) in examples.iter().enumerate() {
        let h = Hexagram::from_line_string(s).expect("six line characters");
        let x = 30.0 + i as f32 * 150.0;
        column(&mut d, &tiles_of(s), x, 210.0, &[]);
        let points = yijing_pai::hexagram_points(h);
        // Chinese print writes a half in decimals ("3.5 分"), English as a fraction ("3½").
        let label = if lang == Lang::Zh { format!("{} 分", points.value()) } else { format!("{points} points") };
        d.text((x + TILE_W / 2.0, 236.0), 14.0, "middle", Ink::Accent, Weight::Bold, &label);
    }
    d
}
