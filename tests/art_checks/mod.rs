//! Helpers shared by the board and tile tests (`tests/games/liubo.rs`, `tests/games/yijing_pai.rs`).

use hexforge::print::fonts;
use hexforge::print::render;

/// PDF points per millimetre.
pub const PT: f32 = 72.0 / 25.4;

/// All the text of an SVG, as a reader sees it.
pub fn text_of(svg: &str) -> String {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants().filter(|n| n.is_text()).filter_map(|n| n.text()).collect::<Vec<_>>().join(" ")
}

/// Asserts that every family named in `svg` is bundled and every character is drawn.
pub fn assert_fully_drawn(svg: &str, what: &str) {
    assert_eq!(render::unknown_font_families(svg).unwrap(), Vec::<String>::new(), "{what}");
    let missing = fonts::missing_chars(&text_of(svg), &[]);
    assert!(missing.is_empty(), "{what}: no bundled font has {missing:?}");
    assert_eq!(render::unresolved_glyphs(svg).unwrap(), Vec::<String>::new(), "{what}: drawn as boxes");
}

/// A page box (`MediaBox`, `TrimBox`, …) as `[x0, y0, x1, y1]` in points.
pub fn rect(doc: &lopdf::Document, dict: &lopdf::Dictionary, key: &[u8]) -> [f32; 4] {
    let obj = dict.get(key).unwrap_or_else(|_| panic!("page has {}", String::from_utf8_lossy(key)));
    let arr = match obj {
        lopdf::Object::Reference(id) => doc.get_object(*id).unwrap().as_array().unwrap().clone(),
        o => o.as_array().unwrap().clone(),
    };
    let v: Vec<f32> = arr.iter().map(|o| o.as_float().unwrap()).collect();
    [v[0], v[1], v[2], v[3]]
}

/// The document's `/ViewerPreferences` entry `key`, as a name.
pub fn viewer_preference(doc: &lopdf::Document, key: &[u8]) -> Option<Vec<u8>> {
    let prefs = match doc.catalog().ok()?.get(b"ViewerPreferences").ok()? {
        lopdf::Object::Reference(id) => doc.get_dictionary(*id).ok()?.clone(),
        o => o.as_dict().ok()?.clone(),
    };
    Some(prefs.get(key).ok()?.as_name().ok()?.to_vec())
}
