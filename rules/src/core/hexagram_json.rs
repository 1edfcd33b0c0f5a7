//! The JSON shapes the CLI's `--json` and the HTTP API share. They are public
//! interface: fields are only ever added, never renamed.

use crate::core::hexagram::{Hexagram, Kind};
use crate::core::trigram::Trigram;
use serde::Serialize;

/// Everything about one hexagram, as `hexforge hexagram N --json` and
/// `GET /api/hexagrams/{n}` print it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HexagramView {
    pub number: u8,
    /// Bottom to top, `1` = yang.
    pub lines: String,
    pub lower: Trigram,
    pub upper: Trigram,
    pub names: NamesView,
    /// `neighbours[i]` is the hexagram with line `i + 1` changed.
    pub neighbours: [Hexagram; 6],
    pub inverse: Hexagram,
    pub complement: Hexagram,
    pub swapped: Hexagram,
    pub nuclear: Hexagram,
    pub kinds: Vec<Kind>,
    /// The Unicode hexagram character.
    pub symbol: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NamesView {
    pub zh: &'static str,
    pub pinyin: &'static str,
    pub en: &'static str,
    pub fr: &'static str,
}

impl From<Hexagram> for HexagramView {
    fn from(h: Hexagram) -> Self {
        let names = h.names();
        HexagramView {
            number: h.number(),
            lines: h.line_string(),
            lower: h.lower(),
            upper: h.upper(),
            names: NamesView { zh: names.zh, pinyin: names.pinyin, en: names.en, fr: names.fr },
            neighbours: h.neighbours(),
            inverse: h.inverse(),
            complement: h.complement(),
            swapped: h.swapped(),
            nuclear: h.nuclear(),
            kinds: h.kinds(),
            symbol: h.symbol().to_string(),
        }
    }
}

/// All 64, in King Wen order.
pub fn all_hexagrams() -> Vec<HexagramView> {
    Hexagram::all().map(HexagramView::from).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hexagram_12_serialises_as_the_issue_shows() {
        let v = serde_json::to_value(HexagramView::from(Hexagram::from_number(12).unwrap())).unwrap();
        assert_eq!(v["number"], 12);
        assert_eq!(v["lines"], "000111");
        assert_eq!(v["lower"], "earth");
        assert_eq!(v["upper"], "heaven");
        assert_eq!(v["names"]["zh"], "否");
        assert_eq!(v["names"]["pinyin"], "pǐ");
        assert_eq!(v["neighbours"], serde_json::json!([25, 6, 33, 20, 35, 45]));
        assert_eq!(
            (v["inverse"].as_u64(), v["complement"].as_u64(), v["swapped"].as_u64()),
            (Some(11), Some(11), Some(11))
        );
        assert_eq!(v["nuclear"], 53);
        assert_eq!(v["kinds"], serde_json::json!([]));
        let one = serde_json::to_value(HexagramView::from(Hexagram::from_number(1).unwrap())).unwrap();
        assert_eq!(one["kinds"], serde_json::json!(["double", "mirror"]));
    }
}
