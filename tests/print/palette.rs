//! One drawing system (issue 10): every colour and font stack lives in
//! `templates/style.json`. No template (SVG or typst) writes a colour of its own, every
//! `style.…` path a template asks for exists, and the low-ink group only overrides
//! colours the sheet has.

use std::path::{Path, PathBuf};

use serde_json::Value;

fn templates() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("templates")
}

/// Every template file (`*.j2`, `*.typ`) under `templates/`, with its text.
fn template_files() -> Vec<(PathBuf, String)> {
    fn walk(dir: &Path, out: &mut Vec<(PathBuf, String)>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "j2" || e == "typ") {
                let text = std::fs::read_to_string(&path).unwrap();
                out.push((path, text));
            }
        }
    }
    let mut out = Vec::new();
    walk(&templates(), &mut out);
    out
}

fn style_sheet() -> Value {
    serde_json::from_str(&std::fs::read_to_string(templates().join("style.json")).unwrap()).unwrap()
}

/// The colour literals in `text`: `#abc`, `#aabbcc` (not part of a longer word) and
/// `rgb(`, each with its line number.
fn colour_literals(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let bytes = line.as_bytes();
        for (i, _) in line.match_indices('#') {
            let hex = bytes[i + 1..].iter().take_while(|b| b.is_ascii_hexdigit()).count();
            let next = bytes.get(i + 1 + hex);
            let ends_word = next.is_none_or(|b| !b.is_ascii_alphanumeric() && *b != b'_');
            if (hex == 3 || hex == 6) && ends_word {
                found.push((n + 1, line[i..i + 1 + hex].to_string()));
            }
        }
        // `rgb("#…")` or `rgb(1, 2, 3)`; `rgb(style.figures.ink)` reads the sheet.
        for (i, _) in line.match_indices("rgb(") {
            if line[i + 4..].starts_with(|c: char| c == '"' || c == '\'' || c.is_ascii_digit()) {
                found.push((n + 1, "rgb(".to_string()));
            }
        }
    }
    found
}

#[test]
fn no_template_writes_a_colour_of_its_own() {
    let mut offenders = Vec::new();
    for (path, text) in template_files() {
        for (line, literal) in colour_literals(&text) {
            offenders.push(format!("{}:{line}: {literal}", path.display()));
        }
    }
    assert!(offenders.is_empty(), "colours belong in templates/style.json:\n{}", offenders.join("\n"));
}

#[test]
fn the_colour_scan_finds_literals() {
    // The scan above can fail: it sees each form of literal, and not hex-looking words.
    let found = colour_literals("fill=\"#1d1d1b\" stroke='#fff' x=rgb(1,2,3) #abcd #add_on #beef rgb(style.ink)");
    let literals: Vec<&str> = found.iter().map(|(_, l)| l.as_str()).collect();
    assert_eq!(literals, ["#1d1d1b", "#fff", "rgb("]);
}

/// The `style.a.b.c` paths in `text`, each as its keys; a path ends at the first
/// character that is not a key character (a `[` subscript stops it there).
fn style_paths(text: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    for (i, _) in text.match_indices("style.") {
        let before = text[..i].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.') {
            continue;
        }
        let rest = &text[i + "style.".len()..];
        let end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.')).unwrap_or(rest.len());
        let mut keys: Vec<String> =
            rest[..end].trim_end_matches('.').split('.').filter(|k| !k.is_empty()).map(str::to_string).collect();
        // A typst method call (`style.fonts.sans.split(", ")`) is not a key.
        if rest[end..].starts_with('(') {
            keys.pop();
        }
        // The file's own name, in comments.
        if keys == ["json"] {
            continue;
        }
        if !keys.is_empty() {
            paths.push(keys);
        }
    }
    paths
}

fn lookup<'a>(sheet: &'a Value, keys: &[String]) -> Option<&'a Value> {
    keys.iter().try_fold(sheet, |v, k| v.get(k))
}

#[test]
fn every_style_key_a_template_uses_exists() {
    let sheet = style_sheet();
    let mut missing = Vec::new();
    let mut used = 0;
    for (path, text) in template_files() {
        for keys in style_paths(&text) {
            used += 1;
            if lookup(&sheet, &keys).is_none() {
                missing.push(format!("{}: style.{}", path.display(), keys.join(".")));
            }
        }
    }
    assert!(used > 100, "only {used} style paths found: is the scan broken?");
    assert!(missing.is_empty(), "not in templates/style.json:\n{}", missing.join("\n"));
}

#[test]
fn every_colour_in_the_sheet_is_a_hex_colour_and_every_stack_names_bundled_fonts() {
    fn leaves(v: &Value, path: String, out: &mut Vec<(String, String)>) {
        match v {
            Value::Object(map) => map.iter().for_each(|(k, v)| leaves(v, format!("{path}.{k}"), out)),
            Value::String(s) => out.push((path, s.clone())),
            other => panic!("{path} is {other}, not a colour or a font stack"),
        }
    }
    let mut all = Vec::new();
    leaves(&style_sheet(), "style".into(), &mut all);
    for (path, value) in all {
        if path.starts_with("style.fonts.") {
            for family in value.split(", ") {
                assert!(hexforge::print::fonts::is_bundled_family(family), "{path}: {family} is not bundled");
            }
        } else {
            let hex = value.strip_prefix('#').unwrap_or_else(|| panic!("{path}: {value} is not #hex"));
            assert!(
                (hex.len() == 3 || hex.len() == 6) && hex.chars().all(|c| c.is_ascii_hexdigit()),
                "{path}: {value} is not a #rgb or #rrggbb colour"
            );
        }
    }
}

#[test]
fn the_low_ink_group_only_overrides_colours_the_sheet_has() {
    fn check(low: &Value, full: &Value, path: &str) {
        match low {
            Value::Object(map) => {
                for (k, v) in map {
                    let next = full.get(k).unwrap_or_else(|| panic!("low_ink{path}.{k} overrides nothing"));
                    check(v, next, &format!("{path}.{k}"));
                }
            }
            _ => assert!(full.is_string(), "low_ink{path} replaces a group with a colour"),
        }
    }
    let sheet = style_sheet();
    let low = sheet.get("low_ink").expect("style.json has a low_ink group");
    check(low, &sheet, "");
}

#[test]
fn the_style_path_scan_reads_templates_as_written() {
    let paths = style_paths(
        r#"fill="{{ style.cards[r.orientation] }}" x="{{ style.liubo.ink }}" mystyle.no style.json style.fonts.sans.split(",")"#,
    );
    let expected: Vec<Vec<&str>> = vec![vec!["cards"], vec!["liubo", "ink"], vec!["fonts", "sans"]];
    assert_eq!(paths, expected);
}

/// The card sheets' own marks (registration marks, the alignment scales, the notes in the
/// margin, the fold and cut lines) take their colours from `sheets.marks` too: the Rust
/// code that draws them writes no colour of its own.
#[test]
fn the_sheets_code_writes_no_colour() {
    for file in ["src/cards/layouts.rs", "src/cards/sheet.rs"] {
        let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file)).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap();
        let mut found = colour_literals(code);
        for (i, _) in code.match_indices("Color::new(") {
            if code[i + "Color::new(".len()..].starts_with(|c: char| c.is_ascii_digit()) {
                found.push((code[..i].lines().count(), "Color::new(…)".to_string()));
            }
        }
        for named in ["Color::black()", "Color::white()"] {
            found.extend(code.match_indices(named).map(|(i, _)| (code[..i].lines().count(), named.to_string())));
        }
        assert!(found.is_empty(), "{file} writes colours of its own: {found:?}");
    }
    assert!(
        style_sheet()["sheets"]["marks"].as_object().is_some_and(|m| m.len() == 4),
        "sheets.marks has the four inks"
    );
}
