//! What the 易经牌 rulebook in simplified Chinese prints (`generate --lang zh`): the same
//! facts as the English book, from the same rules and constants, in Chinese words; the
//! template is `templates/rulebooks/yijing-pai-zh.typ`.

use super::rulebook::{EXAMPLES, FIRST_PAIR, RESPONSE, YANG_PUNG, main_row, measured_rows, percent};
use super::{YijingPai, art, sheets_file};
use crate::games::{ArtError, ComponentRow, PrintedGame};
use crate::rulebook::Book;
use hexforge_rules::core::hexagram::{Hexagram, LinePosition};
use hexforge_rules::core::lang::Lang;
use hexforge_rules::yijing_pai::tiles::{self as yijing_pai, TileKind, TileSet, Variant};
use serde_json::{Value, json};

/// The book in Chinese, ready for the engine: its data, its components and its figures
/// with Chinese labels.
pub fn book() -> Result<Book, ArtError> {
    Ok(crate::games::book(YijingPai.key(), Lang::Zh, data(), components(), super::figures::figures_in(Lang::Zh)?))
}

/// A tile kind's name on the page: 阳爻牌, 阴爻牌, 太极牌.
fn tile_name(kind: TileKind) -> String {
    let short = match kind {
        TileKind::Yang => "阳爻",
        TileKind::Yin => "阴爻",
        TileKind::Taiji => "太极",
    };
    format!("{short}牌")
}

/// The components list in Chinese; printed rows name the same files as the English one.
pub fn components() -> Vec<ComponentRow> {
    let set = |s: TileSet, note: &str| {
        let tiles = format!(
            "{} {} 张、{} {} 张、{} {} 张；{note}",
            tile_name(TileKind::Yang),
            s.count(TileKind::Yang),
            tile_name(TileKind::Yin),
            s.count(TileKind::Yin),
            tile_name(TileKind::Taiji),
            s.count(TileKind::Taiji),
        );
        let files = crate::print::paper::Paper::HOME.into_iter().map(|p| sheets_file(s, p).path).collect();
        ComponentRow::printed(s.total(), &format!("牌（{} 张一套）", s.total()), &tiles, files)
    };
    vec![
        set(TileSet::Standard144, "标准的一套"),
        set(TileSet::Large162, "大的一套，可代替标准套"),
        ComponentRow::other(2, "骰子（不在打印文件里）", "定庄家用"),
        ComponentRow::other(1, "规则书", "就是本册"),
    ]
}

/// Line words bottom first, as the book reads a column of tiles: "阴、阳".
fn say(lines: &str) -> String {
    lines.chars().map(|c| if c == '1' { "阳" } else { "阴" }).collect::<Vec<_>>().join("、")
}

/// The facts the Chinese template reads from `sys.inputs.data`.
pub fn data() -> Value {
    let sets: Vec<Value> = TileSet::ALL
        .iter()
        .map(|&s| {
            json!({
                "name": format!("{} 张", s.total()),
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
            json!({ "yang": yang, "points": decimal(yijing_pai::hexagram_points(h)) })
        })
        .collect();
    let examples: Vec<Value> = EXAMPLES
        .iter()
        .map(|s| {
            let h = Hexagram::from_line_string(s).expect("six line characters");
            let yang = h.bits().count_ones();
            json!({ "lines": s, "yang": yang, "yin": 6 - yang, "points": decimal(yijing_pai::hexagram_points(h)) })
        })
        .collect();
    json!({
        "tile": {
            "w": art::TILE_W_MM + 2.0 * art::BLEED_MM,
            "h": art::TILE_H_MM + 2.0 * art::BLEED_MM,
            "bleed": art::BLEED_MM,
        },
        "tile_names": TileKind::ALL.map(tile_name),
        "players": yijing_pai::PLAYERS,
        "hexagram_lines": LinePosition::ALL.len(),
        "sets": sets,
        "variants": { "pairs": variant(Variant::Pairs), "triples": variant(Variant::Triples) },
        // The four figures of two lines, inside (line 1) first, as the English book lists them.
        "pairs": [
            { "inside": "阳", "outside": "阳", "symbol": "⚌", "zh": "太阳", "pinyin": "tàiyáng", "meaning": "两张都是阳爻" },
            { "inside": "阳", "outside": "阴", "symbol": "⚍", "zh": "少阴", "pinyin": "shàoyīn", "meaning": "阳爻靠近你，阴爻在外" },
            { "inside": "阴", "outside": "阳", "symbol": "⚎", "zh": "少阳", "pinyin": "shàoyáng", "meaning": "阴爻靠近你，阳爻在外" },
            { "inside": "阴", "outside": "阴", "symbol": "⚏", "zh": "太阴", "pinyin": "tàiyīn", "meaning": "两张都是阴爻" },
        ],
        "build": { "first": say(FIRST_PAIR), "yang_pung": say(YANG_PUNG), "response": say(RESPONSE) },
        "points": points,
        "examples": examples,
        "glossary": glossary(),
        "measured": measured(),
    })
}

/// What simulation measured, from the rows pinned in the rules crate (each with the command
/// that plays its games again), in the Chinese book's words: `none` until every row is
/// measured, so the book never prints a figure that was not.
pub fn measured() -> Value {
    use hexforge_rules::yijing_pai::measured::{GAMES, MEASURED, Measured, SECONDS_A_TURN};
    if MEASURED.iter().any(|m| m.median_turns == 0) {
        return Value::Null;
    }
    let mut facts = measured_rows(|b| match b {
        "greedy" => "四个贪心",
        "random" => "四个随机",
        _ => "贪心、随机各二",
    });
    // Chinese counts large numbers in 万 (ten thousand): 100,000 games are 10万局 (no space before 万).
    let games_text = if GAMES.is_multiple_of(10_000) { format!("{}万", GAMES / 10_000) } else { GAMES.to_string() };
    facts.insert("games_text".into(), json!(games_text));
    facts.insert("seconds_a_turn".into(), json!(SECONDS_A_TURN));
    let main = main_row();
    let cover = crate::rulebook::data::cover_time(
        Lang::Zh,
        Measured::minutes(main.median_turns),
        Measured::minutes(main.p90_turns),
    );
    facts.insert("cover".into(), json!(cover));
    facts.insert("fair_share".into(), json!(percent(1.0 / f64::from(yijing_pai::PLAYERS))));
    Value::Object(facts)
}

/// A score as Chinese print writes it, in decimals ("3.5", "5"): a vulgar fraction ("3½")
/// is the English book's.
fn decimal(points: yijing_pai::Points) -> String {
    points.value().to_string()
}

/// The glossary: each term, its pinyin, the English book's word for it, and what it means.
fn glossary() -> Value {
    json!([
        { "zh": "易经牌", "pinyin": "yìjīng pái", "en": "Yijing Pai", "meaning": "游戏的名字，也指这套牌" },
        { "zh": "阳爻 / 阴爻", "pinyin": "yáng yáo / yīn yáo", "en": "yang / yin line", "meaning": "实线与断线，两种爻牌" },
        { "zh": "太极", "pinyin": "tàijí", "en": "taiji", "meaning": "太极牌，本版当百搭用" },
        { "zh": "牌墙", "pinyin": "pái qiáng", "en": "wall", "meaning": "面朝下砌成两层的牌" },
        { "zh": "庄家", "pinyin": "zhuāngjiā", "en": "dealer", "meaning": "先出牌的人，由掷骰子决定" },
        { "zh": "上家 / 下家", "pinyin": "shàngjiā / xiàjiā", "en": "player before / after you", "meaning": "在你前面 / 后面出牌的人" },
        { "zh": "出牌前 / 出牌 / 出牌后", "pinyin": "chū pái qián / chū pái / chū pái hòu", "en": "setting up, playing, winning", "meaning": "一局的三个阶段" },
        { "zh": "从内往外", "pinyin": "cóng nèi wǎng wài", "en": "from the inside outwards", "meaning": "第一爻离你最近，向外依次升高" },
        { "zh": "暗卦", "pinyin": "àn guà", "en": "hidden hexagram", "meaning": "开局扣在面前的六张牌" },
        { "zh": "二画卦 / 三画卦 / 六画卦", "pinyin": "èr / sān / liù huà guà", "en": "pair, trigram, hexagram", "meaning": "两爻、三爻、六爻的卦" },
        { "zh": "回合", "pinyin": "huíhé", "en": "turn", "meaning": "亮出一组牌并补牌" },
        { "zh": "应", "pinyin": "yìng", "en": "respond", "meaning": "轮到自己时照常出牌" },
        { "zh": "碰 / 阴碰 / 阳碰", "pinyin": "pèng / yīn pèng / yáng pèng", "en": "pung", "meaning": "不等轮次抢出相同的对子" },
        { "zh": "听", "pinyin": "tīng", "en": "ready", "meaning": "再有一组就能胡" },
        { "zh": "胡", "pinyin": "hú", "en": "win", "meaning": "叠成能赢的卦" },
        { "zh": "放炮", "pinyin": "fàng pào", "en": "fire the cannon", "meaning": "亮出的对子让别人碰胡" },
        { "zh": "自摸", "pinyin": "zìmō", "en": "self-drawn win", "meaning": "凭自己摸的牌胡" },
        { "zh": "和局", "pinyin": "héjú", "en": "draw", "meaning": "牌墙摸完仍无人胡" },
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chinese_components_name_the_english_books_files() {
        let files = |rows: Vec<ComponentRow>| rows.into_iter().map(|r| (r.count, r.files)).collect::<Vec<_>>();
        assert_eq!(files(components()), files(super::super::rulebook::components()));
    }

    #[test]
    fn the_build_example_reads_bottom_first() {
        assert_eq!(say("0110"), "阴、阳、阳、阴");
        assert_eq!(data()["build"]["first"], "阴、阳");
    }
}
