//! The fonts hexforge draws with, embedded in the binary.
//!
//! Everything hexforge renders (card PNGs, PDF sheets, rulebooks) uses only the font
//! subsets in the crate's `fonts/` folder, never system fonts, so the same input gives
//! the same pixels on every machine. The files are compiled in with `include_bytes!`, so
//! the binary runs from anywhere. `fonts/README.md` says how each subset was made, and
//! `fonts/make-fonts.sh` remakes them.
//!
//! The font stacks templates name (`font-family`) are in `templates/style.json`
//! (`fonts`), not here, so a designer changes them without recompiling.
//!
//! Family names must be written exactly as the constants below: usvg silently draws
//! with another font when a `font-family` matches nothing (see
//! [`crate::print::text_check::unknown_font_families`]). Characters a font lacks fall back, per
//! character, to a bundled font that has them, in both usvg and typst; check coverage in
//! tests with [`missing_chars`].

use std::collections::HashSet;
use std::sync::{Arc, OnceLock};

use usvg::fontdb;

/// Latin text, cards and UI: Regular, Bold, Italic, Bold Italic.
pub const SANS: &str = "Noto Sans";
/// Latin text, rulebooks: Regular, Bold, Italic, Bold Italic.
pub const SERIF: &str = "Noto Serif";
/// Trigrams ☰–☷, hexagrams ䷀–䷿, monograms and digrams ⚊–⚏, dice, shapes (● ○ ■ ◆ ★),
/// card suits, check marks. Regular only. Note: "Symbols2", no space.
pub const SYMBOLS: &str = "Noto Sans Symbols2";
/// Yin-yang ☯ (and ☮ ☸ ☽ ☾ ☿ ♀ ♁ ♂ ♃ ♄), which Symbols2 lacks. Regular only.
pub const SYMBOLS_EXTRA: &str = "Noto Sans Symbols";
/// Arrows (← ↑ → ↓ ↔ ↺ ↻ ⇄ ⟲ ⟳) and relations (≤ ≥ ≠ ≈ ∞). Regular only.
pub const MATH: &str = "Noto Sans Math";
/// Chinese, traditional glyph forms; the subset also holds the simplified characters
/// listed in `fonts/cjk-chars.txt`. Regular and Bold.
pub const CJK: &str = "Noto Sans CJK TC";
/// Chinese, simplified glyph forms, for the books written in simplified Chinese (the
/// characters of `fonts/cjk-sc-chars.txt`). Regular and Bold.
pub const CJK_SC: &str = "Noto Sans CJK SC";

/// Every bundled family, text faces first.
pub const FAMILIES: [&str; 7] = [SANS, SERIF, SYMBOLS, SYMBOLS_EXTRA, MATH, CJK, CJK_SC];

macro_rules! font_file {
    ($name:literal) => {
        ($name, include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/fonts/", $name)) as &[u8])
    };
}

/// Bundled font files in a fixed order, text faces first (file name, bytes).
static FONT_FILES: [(&str, &[u8]); 15] = [
    font_file!("NotoSans-Regular-subset.ttf"),
    font_file!("NotoSans-Bold-subset.ttf"),
    font_file!("NotoSans-Italic-subset.ttf"),
    font_file!("NotoSans-BoldItalic-subset.ttf"),
    font_file!("NotoSerif-Regular-subset.ttf"),
    font_file!("NotoSerif-Bold-subset.ttf"),
    font_file!("NotoSerif-Italic-subset.ttf"),
    font_file!("NotoSerif-BoldItalic-subset.ttf"),
    font_file!("NotoSansCJKtc-Regular-subset.otf"),
    font_file!("NotoSansCJKtc-Bold-subset.otf"),
    font_file!("NotoSansCJKsc-Regular-subset.otf"),
    font_file!("NotoSansCJKsc-Bold-subset.otf"),
    font_file!("NotoSansSymbols2-Regular-subset.ttf"),
    font_file!("NotoSansMath-Regular-subset.ttf"),
    font_file!("NotoSansSymbols-Regular-subset.ttf"),
];

/// The bundled font files as (file name, bytes), in a fixed order: text faces first,
/// then CJK, then symbols. Hand these to typst or krilla; every file holds one face.
pub fn font_files() -> &'static [(&'static str, &'static [u8])] {
    &FONT_FILES
}

/// A font database holding exactly the bundled faces, built once.
///
/// Generic families map to bundled ones: `serif` and `cursive` → Noto Serif,
/// `sans-serif`, `monospace` and `fantasy` → Noto Sans.
pub fn fontdb() -> Arc<fontdb::Database> {
    static DB: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = fontdb::Database::new();
        for (_, data) in font_files() {
            db.load_font_source(fontdb::Source::Binary(Arc::new(*data)));
        }
        db.set_serif_family(SERIF);
        db.set_sans_serif_family(SANS);
        db.set_monospace_family(SANS);
        db.set_cursive_family(SERIF);
        db.set_fantasy_family(SANS);
        Arc::new(db)
    })
    .clone()
}

/// True when `family` names a bundled family (exact match, as fontdb compares).
pub fn is_bundled_family(family: &str) -> bool {
    coverage().iter().any(|face| face.families.iter().any(|f| f == family))
}

/// The characters of `text` that no bundled face of `families` can draw, each once, in
/// order of first appearance. An empty `families` means every bundled family. Control
/// characters (newline, tab) are skipped, as renderers do not draw them.
///
/// Call it from tests with all the text a card, board or rulebook uses:
/// `assert!(missing_chars(&text, &[]).is_empty())`.
pub fn missing_chars(text: &str, families: &[&str]) -> Vec<char> {
    let faces: Vec<&FaceCoverage> = coverage()
        .iter()
        .filter(|face| families.is_empty() || face.families.iter().any(|f| families.contains(&f.as_str())))
        .collect();
    let mut seen = HashSet::new();
    text.chars()
        .filter(|c| !c.is_control())
        .filter(|c| seen.insert(*c))
        .filter(|c| !faces.iter().any(|face| face.chars.contains(c)))
        .collect()
}

/// The bundled fonts as typst sees them, one per file, in [`font_files`] order.
pub fn typst_fonts() -> Vec<typst::text::Font> {
    font_files().iter().flat_map(|(_, data)| typst::text::Font::iter(typst::foundations::Bytes::new(*data))).collect()
}

/// The family names and character map of one bundled face.
struct FaceCoverage {
    families: Vec<String>,
    chars: HashSet<char>,
}

/// Coverage of every bundled face, read once from the fontdb and the faces' cmaps.
fn coverage() -> &'static [FaceCoverage] {
    static COVERAGE: OnceLock<Vec<FaceCoverage>> = OnceLock::new();
    COVERAGE.get_or_init(|| {
        let db = fontdb();
        db.faces()
            .map(|info| {
                let chars = db.with_face_data(info.id, face_chars).unwrap_or_default();
                FaceCoverage { families: info.families.iter().map(|(name, _)| name.clone()).collect(), chars }
            })
            .collect()
    })
}

/// Every character the face maps to a glyph other than .notdef.
fn face_chars(data: &[u8], index: u32) -> HashSet<char> {
    let mut chars = HashSet::new();
    let Ok(face) = ttf_parser::Face::parse(data, index) else {
        return chars;
    };
    let Some(cmap) = face.tables().cmap else {
        return chars;
    };
    for subtable in cmap.subtables {
        if !subtable.is_unicode() {
            continue;
        }
        subtable.codepoints(|cp| {
            let mapped = subtable.glyph_index(cp).is_some_and(|g| g.0 != 0);
            if let (true, Some(c)) = (mapped, char::from_u32(cp)) {
                chars.insert(c);
            }
        });
    }
    chars
}

#[cfg(test)]
mod tests {
    use super::*;

    const TRIGRAMS: &str = "☰☱☲☳☴☵☶☷";
    const FRENCH: &str = "éèêàçôîûïëœÉÀÇâùüÿæŒÈÊÔÎÛ«»";

    fn hexagram_symbols() -> String {
        (0x4DC0..=0x4DFF).filter_map(char::from_u32).collect()
    }

    fn cjk_list() -> String {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/fonts/cjk-chars.txt"))
            .lines()
            .filter(|line| !line.starts_with('#'))
            .collect()
    }

    #[test]
    fn every_file_loads_as_one_face() {
        let db = fontdb();
        assert_eq!(db.len(), font_files().len());
        for (name, data) in font_files() {
            assert!(data.len() < 1024 * 1024, "{name} is over 1 MiB");
        }
    }

    #[test]
    fn family_names_are_as_documented() {
        let families: HashSet<String> = coverage().iter().flat_map(|f| f.families.iter().cloned()).collect();
        let expected: HashSet<String> = FAMILIES.iter().map(|s| s.to_string()).collect();
        assert_eq!(families, expected);
        for family in FAMILIES {
            assert!(is_bundled_family(family));
        }
        assert!(!is_bundled_family("Noto Sans Symbols 2"));
    }

    #[test]
    fn typst_sees_the_same_family_names() {
        let fonts = typst_fonts();
        assert_eq!(fonts.len(), font_files().len());
        let families: HashSet<&str> = fonts.iter().map(|f| f.info().family.as_str()).collect();
        assert_eq!(families, FAMILIES.iter().copied().collect());
    }

    #[test]
    fn generic_families_resolve_to_bundled_faces() {
        let db = fontdb();
        for (generic, want) in
            [(fontdb::Family::Serif, SERIF), (fontdb::Family::SansSerif, SANS), (fontdb::Family::Monospace, SANS)]
        {
            let id = db
                .query(&fontdb::Query { families: &[generic], ..Default::default() })
                .expect("generic family resolves");
            assert_eq!(db.face(id).unwrap().families[0].0, want);
        }
    }

    #[test]
    fn text_faces_have_regular_bold_and_italic() {
        let db = fontdb();
        for family in [SANS, SERIF] {
            for (weight, style) in [
                (400, fontdb::Style::Normal),
                (700, fontdb::Style::Normal),
                (400, fontdb::Style::Italic),
                (700, fontdb::Style::Italic),
            ] {
                let id = db
                    .query(&fontdb::Query {
                        families: &[fontdb::Family::Name(family)],
                        weight: fontdb::Weight(weight),
                        style,
                        ..Default::default()
                    })
                    .unwrap();
                let face = db.face(id).unwrap();
                assert_eq!((face.weight.0, face.style), (weight, style), "{family}");
            }
        }
    }

    #[test]
    fn cjk_list_is_covered() {
        let list = cjk_list();
        assert!(list.chars().count() > 800);
        assert_eq!(missing_chars(&list, &[CJK]), Vec::<char>::new());
        for term in ["易經牌", "易经牌", "应碰听胡", "太極", "太极", "六博", "八卦", "龍", "龙"] {
            assert_eq!(missing_chars(term, &[CJK]), Vec::<char>::new(), "{term}");
        }
    }

    #[test]
    fn trigram_and_hexagram_symbols_are_covered() {
        assert_eq!(missing_chars(TRIGRAMS, &[SYMBOLS]), Vec::<char>::new());
        assert_eq!(missing_chars(&hexagram_symbols(), &[SYMBOLS]), Vec::<char>::new());
        assert_eq!(missing_chars("⚊⚋⚌⚍⚎⚏", &[SYMBOLS]), Vec::<char>::new());
        assert_eq!(missing_chars("☯", &[SYMBOLS_EXTRA]), Vec::<char>::new());
        assert_eq!(missing_chars("←↑→↓↺↻≤≥", &[MATH]), Vec::<char>::new());
    }

    #[test]
    fn latin_text_faces_cover_french_pinyin_and_punctuation() {
        let text = format!("{FRENCH} qián kūn lǚ xiǎo guò – — ‘’ “” • … · × ½ ¼ € fi ﬁ");
        for family in [SANS, SERIF] {
            assert_eq!(missing_chars(&text, &[family]), Vec::<char>::new(), "{family}");
        }
    }

    #[test]
    fn missing_chars_reports_each_gap_once_in_order() {
        assert_eq!(missing_chars("a龍b龍☰\n", &[SANS]), vec!['龍', '☰']);
        assert_eq!(missing_chars("a龍b龍☰\n", &[]), Vec::<char>::new());
        assert_eq!(missing_chars("\u{E000}x", &[]), vec!['\u{E000}']);
    }
}
