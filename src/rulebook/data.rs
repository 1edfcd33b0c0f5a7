//! What the books' templates read beside a game's own facts, shared by the games' rulebook
//! data and the puzzle book: the core's tables (trigrams, hexagrams) as the templates read
//! them, the playing time every cover prints, and which editions a run in another language
//! writes. Plain data from the rules crate: nothing here compiles a book.

use hexforge_rules::core::hexagram::Hexagram;
use hexforge_rules::core::lang::Lang;
use hexforge_rules::core::names::capitalise;
use hexforge_rules::core::trigram::Trigram;
use serde_json::{Value, json};

/// The playing time every cover prints, in one format: the measured median game to the
/// game at the 90th percentile, in minutes, widened to fives as a publisher rounds a box's
/// time (down for the first figure, up for the second, five minutes at least and never a
/// range of nothing): medians of 7 and 12 minutes print "5–15 min", "5–15 分钟" in Chinese.
pub fn cover_time(lang: Lang, median_minutes: u32, p90_minutes: u32) -> String {
    let low = (median_minutes / 5 * 5).max(5);
    let high = p90_minutes.div_ceil(5).max(1) * 5;
    let high = if high <= low { low + 5 } else { high };
    match lang {
        Lang::Zh => format!("{low}–{high} 分钟"),
        _ => format!("{low}–{high} min"),
    }
}

/// Whether a run in `lang` writes a game's book in that language beside its English book
/// rather than instead of it: a Chinese run keeps every card in English, so its players
/// need the English book too; a French run's Zhi Pai deck is French, and so is its book.
pub fn beside_english(lang: Lang) -> bool {
    lang == Lang::Zh
}

/// Hexagrams as their numbers, in order.
pub(crate) fn numbers(hs: impl IntoIterator<Item = Hexagram>) -> Vec<u8> {
    hs.into_iter().map(Hexagram::number).collect()
}

/// The eight trigrams: key, name, Chinese, pinyin, image, symbol and lines.
pub(crate) fn trigrams_json() -> Value {
    Trigram::ALL
        .iter()
        .map(|t| {
            json!({
                "key": t.name(),
                "name": capitalise(t.name()),
                "zh": t.chinese(),
                "pinyin": t.pinyin(),
                "image": t.nature(),
                "symbol": t.symbol().to_string(),
                "lines": t.line_string(),
            })
        })
        .collect()
}

/// The 64 hexagrams: number, names, lines, trigrams, neighbours and the three related
/// hexagrams (inverse, complement, trigrams swapped).
pub(crate) fn hexagrams_json() -> Value {
    Hexagram::all()
        .map(|h| {
            let names = h.names();
            json!({
                "n": h.number(),
                "zh": names.zh,
                "pinyin": names.pinyin,
                "en": names.en,
                "lines": h.line_string(),
                "lower": h.lower().name(),
                "upper": h.upper().name(),
                "neighbours": numbers(h.neighbours()),
                "inverse": h.inverse().number(),
                "complement": h.complement().number(),
                "swap": h.swapped().number(),
            })
        })
        .collect()
}
