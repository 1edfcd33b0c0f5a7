//! Reading a PDF back as a reader sees it: the text of its pages, decoded through each
//! font's ToUnicode map, and its numbers. Shared by `tests/print/rulebooks.rs` and
//! `tests/games/dragons.rs`.

use lopdf::{Document, Object};
use std::collections::HashMap;

/// All text of `d`, page by page, with runs of whitespace collapsed to one space.
#[allow(dead_code)] // shared by several test binaries; not every one reads the whole text
pub fn document_text(d: &Document) -> String {
    let mut out = String::new();
    for (_, page) in d.get_pages() {
        out.push_str(&page_text(d, page));
        out.push('\n');
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The text shown on one page, decoded through each font's ToUnicode map.
#[allow(dead_code)] // used by `document_text`
fn page_text(d: &Document, page: lopdf::ObjectId) -> String {
    page_runs(d, page).into_iter().map(|(_, text)| text).collect()
}

/// Each page's text as printed lines, top to bottom: runs of text that share a baseline
/// joined with spaces. A line's last character is where the typesetter broke it, which is
/// what proofreading (a list number at the start of a line, a hyphen at its end) looks at.
#[allow(dead_code)] // shared by several test binaries; not every one reads lines
pub fn document_lines(d: &Document) -> Vec<Vec<String>> {
    d.get_pages()
        .into_values()
        .map(|page| {
            let mut lines: Vec<(f64, String)> = Vec::new();
            for (y, text) in page_runs(d, page) {
                match lines.last_mut() {
                    Some((line_y, line)) if (*line_y - y).abs() < 2.0 => line.push_str(&text),
                    _ => lines.push((y, text)),
                }
            }
            lines
                .into_iter()
                .map(|(_, l)| l.split_whitespace().collect::<Vec<_>>().join(" "))
                .filter(|l| !l.is_empty())
                .collect()
        })
        .collect()
}

/// The text runs of one page in content order, each with the baseline height it is drawn at
/// (typst places every run with a `cm` translation), decoded through each font's ToUnicode
/// map.
///
/// lopdf's own `extract_text` rejects typst's ToUnicode maps (it does not accept the
/// `/CMapVersion` and `/WMode` entries), so this reads the two-byte codes of each
/// `Tj`/`TJ` itself. Text positioning operators become spaces.
fn page_runs(d: &Document, page: lopdf::ObjectId) -> Vec<(f64, String)> {
    let fonts = d.get_page_fonts(page).expect("page fonts");
    let maps: HashMap<Vec<u8>, HashMap<u16, String>> = fonts
        .iter()
        .map(|(name, font)| {
            let map = font
                .get(b"ToUnicode")
                .ok()
                .and_then(|o| d.dereference(o).ok())
                .and_then(|(_, o)| o.as_stream().ok())
                .and_then(|s| s.decompressed_content().ok().or_else(|| Some(s.content.clone())))
                .map(|bytes| to_unicode(&String::from_utf8_lossy(&bytes)))
                .unwrap_or_default();
            (name.clone(), map)
        })
        .collect();
    let content =
        lopdf::content::Content::decode(&d.get_page_content(page).expect("content")).expect("content decodes");
    let mut font: Option<&HashMap<u16, String>> = None;
    let mut runs: Vec<(f64, String)> = Vec::new();
    let mut y = 0.0;
    let show = |bytes: &[u8], font: Option<&HashMap<u16, String>>, out: &mut String| {
        let Some(map) = font else { return };
        for pair in bytes.chunks(2) {
            let code = u16::from_be_bytes([pair[0], *pair.get(1).unwrap_or(&0)]);
            if let Some(s) = map.get(&code) {
                out.push_str(s);
            }
        }
    };
    for op in content.operations {
        let mut out = String::new();
        match op.operator.as_str() {
            "cm" if op.operands.len() == 6 => y = number(&op.operands[5]),
            "Tf" => {
                font = op.operands.first().and_then(|o| o.as_name().ok()).and_then(|n| maps.get(n));
            }
            "Tj" | "'" | "\"" => {
                if let Some(Object::String(bytes, _)) = op.operands.last() {
                    show(bytes, font, &mut out);
                }
            }
            "TJ" => {
                for item in op.operands.first().and_then(|o| o.as_array().ok()).into_iter().flatten() {
                    match item {
                        Object::String(bytes, _) => show(bytes, font, &mut out),
                        // A large negative adjustment is a gap between words.
                        o if number(o) < -250.0 => out.push(' '),
                        _ => {}
                    }
                }
            }
            "Td" | "TD" | "T*" | "Tm" | "BT" | "ET" => out.push(' '),
            _ => {}
        }
        if !out.is_empty() {
            runs.push((y, out));
        }
    }
    runs
}

/// Parses the `bfchar` and `bfrange` entries of a ToUnicode CMap.
fn to_unicode(cmap: &str) -> HashMap<u16, String> {
    fn hex_units(h: &str) -> Vec<u16> {
        h.as_bytes().chunks(4).filter_map(|c| u16::from_str_radix(std::str::from_utf8(c).ok()?, 16).ok()).collect()
    }
    let hexes = |line: &str| -> Vec<String> {
        line.split('<').skip(1).filter_map(|p| p.split('>').next()).map(str::to_string).collect()
    };
    let mut map = HashMap::new();
    let mut section = "";
    for line in cmap.lines().map(str::trim) {
        if line.ends_with("beginbfchar") {
            section = "char";
        } else if line.ends_with("beginbfrange") {
            section = "range";
        } else if line.starts_with("endbf") {
            section = "";
        } else if section == "char" {
            if let [src, dst] = hexes(line).as_slice() {
                let code = hex_units(src)[0];
                map.insert(code, String::from_utf16_lossy(&hex_units(dst)));
            }
        } else if section == "range"
            && let [lo, hi, dst] = hexes(line).as_slice()
        {
            let (lo, hi) = (hex_units(lo)[0], hex_units(hi)[0]);
            let base = hex_units(dst);
            for (i, code) in (lo..=hi).enumerate() {
                let mut units = base.clone();
                if let Some(last) = units.last_mut() {
                    *last += i as u16;
                }
                map.insert(code, String::from_utf16_lossy(&units));
            }
        }
    }
    map
}

/// An integer or real PDF object as a number.
pub fn number(o: &Object) -> f64 {
    match o {
        Object::Integer(i) => *i as f64,
        Object::Real(r) => f64::from(*r),
        other => panic!("not a number: {other:?}"),
    }
}
