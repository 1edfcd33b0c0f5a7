//! What the 易经牌 Yijing Pai rulebook prints: its facts, its components list and its
//! figures (the tiles as printed, and table diagrams drawn from the same tile faces).

use super::art::{self, TileFace};
use super::rules::{self as yijing_pai, TileKind, TileSet, Variant};
use super::sheets_file;
use crate::core::hexagram::{Hexagram, Line};
use crate::games::ArtError;
use crate::games::{Component, Figure};
use crate::rulebook::figures::{ACCENT, INK, MUTED, PAPER, Svg, TILE_BACK, TILE_BACK_LIGHT, TINT, line_bar, paint};
use serde_json::{Value, json};
use std::fmt::Write;

/// The seed's two scoring examples are worth 5 and 4½: four and three yang lines.
const EXAMPLES: [&str; 2] = ["111010", "101100"];
/// The build example, line 1 first (`1` yang, `0` yin): the first pair, yin inside …
const FIRST_PAIR: &str = "01";
/// … answered by a mixed pair …
const RESPONSE: &str = "0110";
/// … or claimed by a yang pung.
const YANG_PUNG: &str = "1011";

/// The components list; printed rows name the files [`super::YijingPai`] writes.
pub fn components() -> Vec<Component> {
    let set = |s: TileSet, note: &str| {
        let tiles = format!(
            "{} yang 阳爻, {} yin 阴爻 and {} taiji 太极 tiles; {note}",
            s.count(TileKind::Yang),
            s.count(TileKind::Yin),
            s.count(TileKind::Taiji)
        );
        let files = crate::print::paper::Paper::HOME.into_iter().map(|p| sheets_file(s, p).path).collect();
        Component::printed(s.total(), &format!("Tile set of {}", s.total()), &tiles, files)
    };
    vec![
        set(TileSet::Standard144, "the standard set"),
        set(TileSet::Large162, "the larger set, instead of the standard one"),
        Component::other(2, "Dice (not printed)", "to choose the dealer"),
        Component::other(1, "Rulebook", "this booklet"),
    ]
}

/// The facts the rulebook template reads from `sys.inputs.data`.
pub fn data() -> Value {
    let sets: Vec<Value> = TileSet::ALL
        .iter()
        .map(|&s| {
            json!({
                "name": format!("{} tiles", s.total()),
                "yang": s.count(TileKind::Yang),
                "yin": s.count(TileKind::Yin),
                "taiji": s.count(TileKind::Taiji),
                "total": s.total(),
            })
        })
        .collect();
    let variant =
        |v: Variant| json!({ "hand": v.hand_size(), "group": v.group_size(), "plays": v.plays_per_hexagram() });
    let points: Vec<Value> = (0..=6u32)
        .map(|yang| {
            let lines: String = (0..6).map(|i| if i < yang { '1' } else { '0' }).collect();
            let h = Hexagram::from_line_string(&lines).expect("six line characters");
            json!({ "yang": yang, "points": yijing_pai::hexagram_points(h).to_string() })
        })
        .collect();
    let examples: Vec<Value> = EXAMPLES
        .iter()
        .map(|s| {
            let h = Hexagram::from_line_string(s).expect("six line characters");
            let yang = h.bits().count_ones();
            json!({
                "lines": s, "n": h.number(), "yang": yang, "yin": 6 - yang,
                "points": yijing_pai::hexagram_points(h).to_string(),
            })
        })
        .collect();
    let word = |l: &str| if l == "1" { "yang" } else { "yin" };
    let say = |s: &str| s.chars().map(|c| word(&c.to_string())).collect::<Vec<_>>().join(", ");
    json!({
        "tile": {
            "w": art::TILE_W_MM + 2.0 * art::BLEED_MM,
            "h": art::TILE_H_MM + 2.0 * art::BLEED_MM,
            "bleed": art::BLEED_MM,
        },
        "tile_names": TileKind::ALL.iter().map(|k| format!("{} {}", k.key(), k.chinese())).collect::<Vec<_>>(),
        "sets": sets,
        "variants": { "pairs": variant(Variant::Pairs), "triples": variant(Variant::Triples) },
        "pairs": [
            { "inside": "yang", "outside": "yang", "zh": "太阳", "pinyin": "tàiyáng", "en": "great yang: two yang" },
            { "inside": "yin", "outside": "yin", "zh": "太阴", "pinyin": "tàiyīn", "en": "great yin: two yin" },
            { "inside": "yang", "outside": "yin", "zh": "少阴 / 少阳", "pinyin": "shàoyīn / shàoyáng", "en": "a lesser figure: mixed, yang nearer you" },
            { "inside": "yin", "outside": "yang", "zh": "少阳 / 少阴", "pinyin": "shàoyáng / shàoyīn", "en": "the other lesser figure: mixed, yin nearer you" },
        ],
        "build": {
            "first": say(FIRST_PAIR),
            "yang_pung": say(YANG_PUNG),
            "response": say(RESPONSE),
        },
        "points": points,
        "examples": examples,
        "glossary": [
            { "zh": "易经牌", "pinyin": "yìjīng pái", "en": "I Ching tiles, the name of the game" },
            { "zh": "阳爻 / 阴爻", "pinyin": "yáng yáo / yīn yáo", "en": "a yang line / a yin line, the two line tiles" },
            { "zh": "太极", "pinyin": "tàijí", "en": "the supreme pole; the taiji tile" },
            { "zh": "牌墙", "pinyin": "pái qiáng", "en": "the wall of face-down tiles" },
            { "zh": "庄家", "pinyin": "zhuāngjiā", "en": "the dealer" },
            { "zh": "上家 / 下家", "pinyin": "shàngjiā / xiàjiā", "en": "the player before you / after you" },
            { "zh": "出牌前 / 出牌 / 出牌后", "pinyin": "chū pái qián / chū pái / chū pái hòu", "en": "before the play, the play, after the play" },
            { "zh": "从内往外", "pinyin": "cóng nèi wǎng wài", "en": "from the inside outwards: the bottom line nearest you" },
            { "zh": "二画卦 / 三画卦 / 六画卦", "pinyin": "èr / sān / liù huà guà", "en": "figure of two, three, six lines" },
            { "zh": "应", "pinyin": "yìng", "en": "respond: the ordinary play" },
            { "zh": "碰 / 阴碰 / 阳碰", "pinyin": "pèng / yīn pèng / yáng pèng", "en": "pung: claim a double out of turn" },
            { "zh": "听", "pinyin": "tīng", "en": "ready: one pair from winning" },
            { "zh": "胡", "pinyin": "hú", "en": "win" },
            { "zh": "放炮", "pinyin": "fàng pào", "en": "fire the cannon: give the winning double" },
            { "zh": "自摸", "pinyin": "zìmō", "en": "self-drawn win" },
            { "zh": "和局", "pinyin": "héjú", "en": "a drawn hand" },
        ],
    })
}

/// The rulebook's figures: the table diagrams, then each tile front as printed.
pub fn figures() -> Result<Vec<Figure>, ArtError> {
    let mut out: Vec<Figure> = paint(vec![
        ("cover.svg".into(), cover()),
        ("table.svg".into(), table()),
        ("build.svg".into(), build()),
        ("scoring.svg".into(), scoring(&EXAMPLES)),
    ])?;
    for kind in TileKind::ALL {
        out.push((format!("tile-{}.svg", kind.key()), art::tile_svg(TileFace::Front(kind))?));
    }
    Ok(out)
}

// --- Diagrams: tiles seen from above, 64 × 30 units -----------------------------------

const TILE_W: f64 = 64.0;
const TILE_H: f64 = 30.0;
/// The colour of a tile's back, in the diagrams.
const BACK: &str = TILE_BACK;

const YANG: TileFace = TileFace::Front(TileKind::Yang);
const YIN: TileFace = TileFace::Front(TileKind::Yin);
const TAIJI: TileFace = TileFace::Front(TileKind::Taiji);

fn taiji(svg: &mut Svg, cx: f64, cy: f64, r: f64) {
    svg.circle(cx, cy, r, PAPER, INK, 1.0);
    let _ = writeln!(
        svg.body,
        r#"<path d="M{cx:.2},{top:.2} A{r:.2},{r:.2} 0 0 1 {cx:.2},{bot:.2} A{h:.2},{h:.2} 0 0 1 {cx:.2},{cy:.2} A{h:.2},{h:.2} 0 0 0 {cx:.2},{top:.2} Z" fill="{INK}"/>"#,
        top = cy - r,
        bot = cy + r,
        h = r / 2.0
    );
    svg.circle(cx, cy - r / 2.0, r / 7.0, PAPER, "none", 0.0);
    svg.circle(cx, cy + r / 2.0, r / 7.0, INK, "none", 0.0);
}

fn tile(svg: &mut Svg, face: TileFace, x: f64, y: f64, shade: bool) {
    let fill = match (face, shade) {
        (TileFace::Back, _) => BACK,
        (_, true) => TINT,
        _ => PAPER,
    };
    svg.rect(x, y, TILE_W, TILE_H, fill, INK, 1.0, 4.0);
    match face {
        TileFace::Front(TileKind::Yang) => line_bar(svg, Line::Yang, x + 12.0, y + 11.0, TILE_W - 24.0, 8.0, INK),
        TileFace::Front(TileKind::Yin) => line_bar(svg, Line::Yin, x + 12.0, y + 11.0, TILE_W - 24.0, 8.0, INK),
        TileFace::Front(TileKind::Taiji) => taiji(svg, x + TILE_W / 2.0, y + TILE_H / 2.0, 10.5),
        TileFace::Back => {}
    }
}

/// The tiles of a line string, `1` yang and `0` yin, line 1 first.
fn tiles_of(lines: &str) -> Vec<TileFace> {
    lines.chars().map(|c| if c == '1' { YANG } else { YIN }).collect()
}

/// A column of tiles, first (inside, line 1) at the bottom; `shade` marks tiles by index.
fn column(svg: &mut Svg, tiles: &[TileFace], x: f64, bottom: f64, shade: &[usize]) {
    for (i, t) in tiles.iter().enumerate() {
        let y = bottom - (i as f64 + 1.0) * (TILE_H + 3.0);
        tile(svg, *t, x, y, shade.contains(&i));
    }
}

fn cover() -> String {
    let mut svg = Svg::new(260.0, 260.0);
    column(&mut svg, &tiles_of("101101"), 40.0, 230.0, &[]);
    column(&mut svg, &[TileFace::Back; 6], 150.0, 230.0, &[]);
    tile(&mut svg, TAIJI, 95.0, 10.0, false);
    svg.finish()
}

fn table() -> String {
    let mut svg = Svg::new(640.0, 330.0);
    // The wall: two tiers, drawn as a strip of tile backs along the top.
    svg.text(10.0, 16.0, 12.0, "start", INK, "bold", "wall (two tiers)");
    for i in 0..9 {
        let x = 10.0 + i as f64 * (TILE_W * 0.55 + 2.0);
        svg.rect(x, 26.0, TILE_W * 0.55, 16.0, BACK, INK, 0.8, 2.0);
        svg.rect(x + 2.0, 22.0, TILE_W * 0.55, 16.0, TILE_BACK_LIGHT, INK, 0.8, 2.0);
    }
    let bottom = 290.0;
    column(&mut svg, &[TileFace::Back; 6], 20.0, bottom, &[]);
    svg.text(52.0, bottom + 18.0, 11.0, "middle", MUTED, "normal", "hidden hexagram");
    column(&mut svg, &tiles_of("011010"), 120.0, bottom, &[]);
    column(&mut svg, &tiles_of("1101"), 200.0, bottom, &[]);
    svg.text(192.0, bottom + 18.0, 11.0, "middle", MUTED, "normal", "hexagrams laid, left to right");
    tile(&mut svg, TileFace::Back, 330.0, bottom - 33.0, false);
    tile(&mut svg, TileFace::Back, 400.0, bottom - 33.0, false);
    svg.text(397.0, bottom + 18.0, 11.0, "middle", MUTED, "normal", "your hand: two tiles");
    // Inside and outside.
    svg.line(560.0, bottom, 560.0, bottom - 190.0, ACCENT, 1.4);
    let _ = writeln!(
        svg.body,
        r#"<path d="M560,{:.1} L556,{:.1} L564,{:.1} Z" fill="{ACCENT}"/>"#,
        bottom - 196.0,
        bottom - 186.0,
        bottom - 186.0
    );
    svg.text(570.0, bottom - 180.0, 11.0, "start", ACCENT, "normal", "outside 外");
    svg.text(570.0, bottom, 11.0, "start", ACCENT, "normal", "inside 内");
    svg.text(320.0, bottom + 36.0, 13.0, "middle", INK, "bold", "you sit here");
    svg.finish()
}

fn build() -> String {
    let mut svg = Svg::new(600.0, 200.0);
    let bottom = 160.0;
    // The first pair: yin inside, yang outside.
    let panels: [(&str, &str, Vec<usize>); 4] = [
        ("response", RESPONSE, vec![0, 1]),
        ("yin pung, outside", "0100", vec![0, 1]),
        ("yin pung, inside", "0001", vec![2, 3]),
        ("yang pung", YANG_PUNG, vec![1, 2]),
    ];
    for (i, (title, lines, shade)) in panels.iter().enumerate() {
        let x = 30.0 + i as f64 * 150.0;
        column(&mut svg, &tiles_of(lines), x, bottom, shade);
        svg.text(x + TILE_W / 2.0, bottom + 24.0, 12.0, "middle", INK, "bold", title);
    }
    svg.finish()
}

fn scoring(examples: &[&str]) -> String {
    let mut svg = Svg::new(300.0, 260.0);
    for (i, s) in examples.iter().enumerate() {
        let h = Hexagram::from_line_string(s).expect("six line characters");
        let x = 30.0 + i as f64 * 150.0;
        column(&mut svg, &tiles_of(s), x, 210.0, &[]);
        let points = yijing_pai::hexagram_points(h);
        svg.text(x + TILE_W / 2.0, 236.0, 14.0, "middle", ACCENT, "bold", &format!("{points} points"));
    }
    svg.finish()
}
