//! What the 易经牌 Yijing Pai rulebook prints: its facts, its components list and its
//! figures (the tiles as printed, and table diagrams drawn from the same tile faces).

use super::art::{self};
use super::sheets_file;
use crate::games::ComponentRow;
use crate::games::glance::{Glance, row};
use hexforge_rules::core::hexagram::Hexagram;
use hexforge_rules::yijing_pai::tiles::{self as yijing_pai, TileKind, TileSet, Variant};
use serde_json::{Value, json};

/// The seed's two scoring examples are worth 5 and 4½: four and three yang lines.
pub(super) const EXAMPLES: [&str; 2] = ["111010", "101100"];
/// The build example, line 1 first (`1` yang, `0` yin): the first pair, yin inside …
pub(super) const FIRST_PAIR: &str = "01";
/// … answered by a mixed pair …
pub(super) const RESPONSE: &str = "0110";
/// … or claimed by a yang pung.
pub(super) const YANG_PUNG: &str = "1011";

/// The components list; printed rows name the files [`super::YijingPai`] writes.
pub fn components() -> Vec<ComponentRow> {
    let set = |s: TileSet, note: &str| {
        let tiles = format!(
            "{} yang 阳爻, {} yin 阴爻 and {} taiji 太极 tiles; {note}",
            s.count(TileKind::Yang),
            s.count(TileKind::Yin),
            s.count(TileKind::Taiji)
        );
        let files = crate::print::paper::Paper::HOME.into_iter().map(|p| sheets_file(s, p).path).collect();
        ComponentRow::printed(s.total(), &format!("Tiles (set of {})", s.total()), &tiles, files)
    };
    vec![
        set(TileSet::Standard144, "the standard set"),
        set(TileSet::Large162, "the larger set, instead of the standard one"),
        ComponentRow::other(2, "Dice (not printed)", "to choose the dealer"),
        ComponentRow::other(1, "Rulebook", "this booklet"),
    ]
}

/// What simulation measured (pinned in the rules crate, each row with the command that
/// plays its games again): the book's table of hands, and the time its cover prints.
pub fn measured() -> Value {
    use hexforge_rules::yijing_pai::measured::{GAMES, Measured, SECONDS_A_TURN};
    let mut facts = measured_rows(|b| match b {
        "greedy" => "four greedy",
        "random" => "four random",
        _ => "two greedy, two random",
    });
    facts.insert("games_text".into(), json!(format!("{},{:03}", GAMES / 1000, GAMES % 1000)));
    facts.insert("seconds_a_turn".into(), json!(SECONDS_A_TURN));
    let main = main_row();
    let cover = crate::rulebook::data::cover_time(
        hexforge_rules::core::lang::Lang::En,
        Measured::minutes(main.median_turns),
        Measured::minutes(main.p90_turns),
    );
    facts.insert("cover".into(), json!(cover));
    facts.insert("fair_share".into(), json!(100 / yijing_pai::PLAYERS));
    Value::Object(facts)
}

/// The measured row the books lead with: 144 tiles, hands of eight, four greedy players.
pub(super) fn main_row() -> &'static hexforge_rules::yijing_pai::measured::Measured {
    use hexforge_rules::yijing_pai::measured::MEASURED;
    MEASURED.iter().find(|m| m.set == 144 && m.hand == 8 && m.bots == "greedy").expect("the main row")
}

/// The measured hands as both books read them: every row (`rows`) and the rows the prose
/// names (`main`, `main_random`, `large`, `triples`, `triples_large`), each with its
/// players in `bots`' words and the longest a hand can last.
pub(super) fn measured_rows(bots: impl Fn(&str) -> &'static str) -> serde_json::Map<String, Value> {
    use hexforge_rules::yijing_pai::measured::{MEASURED, Measured};
    let row = |m: &Measured| {
        json!({
            "set": m.set,
            "hand": m.hand,
            "group": m.settings().group(),
            // Every lay draws a group from the wall left after the deal; the lay that finds
            // it empty is the last.
            "max_turns": (m.set - yijing_pai::PLAYERS * m.hand) / m.settings().group() as u32 + 1,
            "bots": bots(m.bots),
            "bots_key": m.bots,
            "median_turns": m.median_turns,
            "p90_turns": m.p90_turns,
            "median_minutes": Measured::minutes(m.median_turns),
            "p90_minutes": Measured::minutes(m.p90_turns),
            "drawn": percent(m.drawn_rate()),
            "won": percent(1.0 - m.drawn_rate()),
            "first_player": percent(m.first_player_rate()),
            "first_share": percent(m.first_player_share_of_wins()),
            "command": m.command(),
        })
    };
    let find = |set: u32, hand: u32, bots: &str| {
        MEASURED.iter().find(|m| m.set == set && m.hand == hand && m.bots == bots).map(row).expect("a measured row")
    };
    let mut facts = serde_json::Map::new();
    facts.insert("rows".into(), MEASURED.iter().map(row).collect());
    facts.insert("main".into(), row(main_row()));
    facts.insert("main_random".into(), find(144, 8, "random"));
    facts.insert("large".into(), find(162, 8, "greedy"));
    facts.insert("triples".into(), find(144, 9, "greedy"));
    facts.insert("triples_large".into(), find(162, 9, "greedy"));
    facts
}

/// A rate as the books print it: a percentage with one decimal.
pub(super) fn percent(x: f64) -> String {
    format!("{:.1}", x * 100.0)
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
        "players": yijing_pai::PLAYERS,
        "hexagram_lines": hexforge_rules::core::hexagram::LinePosition::ALL.len(),
        "sets": sets,
        "variants": { "pairs": variant(Variant::Pairs), "triples": variant(Variant::Triples) },
        "pairs": [
            // The seed names the four: 太阳 ⚌, 少阴 ⚍, 少阳 ⚎, 太阴 ⚏. A digram is drawn
            // bottom line first, like a trigram, so ⚍ is yang below yin.
            { "inside": "yang", "outside": "yang", "symbol": "⚌", "zh": "太阳", "pinyin": "tàiyáng", "en": "greater yang: two yang" },
            { "inside": "yang", "outside": "yin", "symbol": "⚍", "zh": "少阴", "pinyin": "shàoyīn", "en": "lesser yin: yang nearer you, yin beyond" },
            { "inside": "yin", "outside": "yang", "symbol": "⚎", "zh": "少阳", "pinyin": "shàoyáng", "en": "lesser yang: yin nearer you, yang beyond" },
            { "inside": "yin", "outside": "yin", "symbol": "⚏", "zh": "太阴", "pinyin": "tàiyīn", "en": "greater yin: two yin" },
        ],
        "build": {
            "first": say(FIRST_PAIR),
            "yang_pung": say(YANG_PUNG),
            "response": say(RESPONSE),
        },
        "points": points,
        "examples": examples,
        "duration": measured()["cover"].clone(),
        "measured": measured(),
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

/// 易经牌 at a glance ([`crate::games::glance`]): the book's box and the play page's panel.
pub fn glance() -> Glance {
    Glance {
        goal: "Lay two hexagrams identical to your hidden hexagram, or three identical hexagrams of any kind.".into(),
        turn: "You hold two tiles: lay them as a pair and draw two from the wall. Three plays build a six-line hexagram, in a column of your own.".into(),
        moves: vec![
            row("Respond", "answer the pair just played with a pair that is not the same, in the same order."),
            row("Pung", "when a double is laid, lay the same double at once, even out of turn."),
            row("Place", "a pung goes outside or inside the lines already laid (a yang pung: one tile each side)."),
            row("Win", "complete the winning hexagrams, reveal your hidden one and call it."),
        ],
    }
}
