//! Any other edition, without forking (issue 11): `generate --names FILE` puts a user's
//! hexagram names on every card and contact sheet, `--templates DIR` lets a designer
//! replace any template and colour. The small Spanish edition in
//! `tests/fixtures/edition-es/` is both: `names.csv` (a few real Spanish names, the rest
//! marked `ES`) and `templates/` (the Changing Lines back, two colours and the Liubo
//! rulebook).

use crate::pdf_text;
use crate::temp_dir;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use hexforge::cards::names::parse_names;
use hexforge::cards::{Face, Lang, card_svg};
use hexforge::games::decks;
use hexforge_rules::core::hexagram::Hexagram;
use temp_dir::TempDir;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/edition-es").join(name)
}

fn names_csv() -> String {
    std::fs::read_to_string(fixture("names.csv")).expect("the fixture reads")
}

fn hexforge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hexforge")).args(args).output().expect("the binary runs")
}

fn hex(n: u8) -> Hexagram {
    Hexagram::from_number(n.into()).unwrap()
}

/// The text of every `<text>` element of an SVG, in document order.
fn texts(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed svg");
    doc.descendants().filter(|n| n.has_tag_name("text")).map(|n| n.text().unwrap_or_default().to_string()).collect()
}

/// A small generate run of the Changing Lines deck (SVGs, contact sheet, no print-service
/// PNGs beyond the home set at low resolution) into a fresh folder.
fn generate(out: &Path, extra: &[&str]) -> Output {
    let out = out.to_str().unwrap();
    let mut args = vec!["generate", "--only", "changing-lines", "--profile", "home", "--dpi", "72", "--out", out];
    args.extend_from_slice(extra);
    hexforge(&args)
}

#[test]
fn edition_names_replace_the_english_on_both_decks() {
    let edition: &'static _ = Box::leak(Box::new(
        parse_names(&names_csv(), Lang::En, &hexforge::games::decks::name_rooms()).expect("the fixture parses"),
    ));
    let lang = Lang::Edition(edition);
    // Standstill (12) turns into Peace (11); its Zhi Pai complement is Peace too.
    let changing = texts(&card_svg(decks::CHANGING_LINES, &Face::Card(hex(12)), lang).unwrap());
    for name in ["El Estancamiento", "La Paz", "否", "泰"] {
        assert!(changing.iter().any(|t| t == name), "changing lines card 12 lacks {name}: {changing:?}");
    }
    let zhi = texts(&card_svg(decks::ZHI_PAI, &Face::Card(hex(12)), lang).unwrap());
    for name in ["El Estancamiento", "La Paz", "否"] {
        assert!(zhi.iter().any(|t| t == name), "zhi pai card 12 lacks {name}: {zhi:?}");
    }
    // Every card carries its edition name and none of the English names it replaced.
    for n in 1..=64 {
        let svg = card_svg(decks::ZHI_PAI, &Face::Card(hex(n)), lang).unwrap();
        let texts = texts(&svg);
        assert!(texts.iter().any(|t| t == edition.name(hex(n))), "card {n}");
        assert!(!texts.iter().any(|t| t == hex(n).names().en), "card {n} still says {}", hex(n).names().en);
    }
    // The other words stay in the base language: trigram names in English.
    assert!(changing.iter().any(|t| t == "HEAVEN"), "{changing:?}");
}

#[test]
fn generate_with_names_prints_them_on_cards_and_contact_sheet() {
    let (plain, spanish) = (TempDir::new("plain"), TempDir::new("es"));
    let csv = fixture("names.csv");
    assert!(generate(&plain.0, &[]).status.success());
    let out = generate(&spanish.0, &["--names", csv.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let svg = |dir: &Path, n: u8| {
        std::fs::read_to_string(dir.join(format!("changing-lines/svg/{}.svg", Face::Card(hex(n)).slug()))).unwrap()
    };
    assert!(texts(&svg(&spanish.0, 1)).contains(&"El Cielo".to_string()));
    assert!(
        texts(&svg(&spanish.0, 2)).contains(&"ES The Receptive".to_string())
            || texts(&svg(&spanish.0, 2)).contains(&"La Tierra".to_string())
    );
    assert!(texts(&svg(&plain.0, 1)).contains(&hex(1).names().en.to_string()));
    // The contact sheet is drawn from the same faces: same size, other pixels.
    let sheet = |dir: &Path| std::fs::read(dir.join("changing-lines/contact-sheet.png")).unwrap();
    let (a, b) = (image_size(&sheet(&plain.0)), image_size(&sheet(&spanish.0)));
    assert_eq!(a, b);
    assert_ne!(sheet(&plain.0), sheet(&spanish.0), "the contact sheet shows the edition's names");
    // The backs carry no names, so they are the same bytes.
    let back = |dir: &Path| std::fs::read(dir.join(format!("changing-lines/svg/{}.svg", Face::Back.slug()))).unwrap();
    assert_eq!(back(&plain.0), back(&spanish.0));
}

/// Width and height from a PNG's IHDR chunk.
fn image_size(png: &[u8]) -> (u32, u32) {
    let be = |i: usize| u32::from_be_bytes(png[i..i + 4].try_into().unwrap());
    (be(16), be(20))
}

/// Runs `generate --names` on the fixture with `line` replaced; it must exit 2 with a
/// message holding every piece of `expected`.
fn refused(from: &str, to: &str, expected: &[&str]) {
    let dir = TempDir::new("bad-names");
    let text = names_csv();
    assert!(text.contains(from), "{from}");
    let file = dir.0.join("names.csv");
    std::fs::write(&file, text.replacen(from, to, 1)).unwrap();
    let out = generate(&dir.0.join("out"), &["--names", file.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    for piece in expected {
        assert!(stderr.contains(piece), "{stderr} lacks {piece}");
    }
    assert!(!dir.0.join("out/changing-lines").exists(), "nothing is drawn from a bad file");
}

#[test]
fn a_missing_number_is_refused() {
    refused("\n30,El Fuego\n", "\n", &["no name for hexagram 30", "all 64"]);
}

#[test]
fn a_duplicate_number_is_refused() {
    refused("\n30,El Fuego\n", "\n29,El Fuego\n", &["line 31", "hexagram 29 is named again", "first on line 30"]);
}

#[test]
fn a_name_too_long_for_the_card_is_refused() {
    let long = "La Paz Perfecta y Duradera del Cielo y la Tierra";
    refused("\n11,La Paz\n", &format!("\n11,{long}\n"), &["line 12", long, "mm", "shorten it"]);
}

#[test]
fn an_out_of_range_number_is_refused() {
    refused("\n30,El Fuego\n", "\n65,El Fuego\n", &["line 31", "\"65\"", "1 to 64"]);
}

#[test]
fn templates_folder_overrides_one_template_and_some_colours() {
    let (plain, designed) = (TempDir::new("plain-t"), TempDir::new("designed"));
    let templates = fixture("templates");
    assert!(generate(&plain.0, &[]).status.success());
    let out = generate(&designed.0, &["--templates", templates.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let svg = |dir: &Path, face: Face| {
        std::fs::read_to_string(dir.join(format!("changing-lines/svg/{}.svg", face.slug()))).unwrap()
    };
    // The overridden template, with the overridden gold and the bundled ground.
    let back = svg(&designed.0, Face::Back);
    assert!(back.contains("<title>Cambios, reverso</title>"), "{back}");
    assert!(back.contains("#c9c9c9") && !back.contains("#d1b06b"), "gold from the designer's style.json");
    assert!(back.contains("#1f2d4a"), "ground from the bundled style.json (laid under)");
    // A bundled template sees the designer's colour and keeps the rest.
    let (plain_card, card) = (svg(&plain.0, Face::Card(hex(12))), svg(&designed.0, Face::Card(hex(12))));
    assert!(plain_card.contains("#7593b6") && !card.contains("#7593b6") && card.contains("#2e7d32"));
    assert_eq!(plain_card.replace("#7593b6", "#2e7d32"), card, "only the light ink changes");
}

#[test]
fn bad_templates_folders_are_refused() {
    let dir = TempDir::new("bad-templates");
    let missing = dir.0.join("nowhere");
    let out = generate(&dir.0.join("out"), &["--templates", missing.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("nowhere") && stderr.contains("not a folder"), "{stderr}");

    let broken = dir.0.join("broken");
    std::fs::create_dir_all(broken.join("zhi-pai")).unwrap();
    std::fs::write(broken.join("zhi-pai/back.svg.j2"), "<svg>{% if %}</svg>").unwrap();
    let out = generate(&dir.0.join("out"), &["--templates", broken.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("zhi-pai/back.svg.j2"), "{stderr}");

    let bad_style = dir.0.join("bad-style");
    std::fs::create_dir_all(&bad_style).unwrap();
    std::fs::write(bad_style.join("style.json"), "[1, 2]").unwrap();
    let out = generate(&dir.0.join("out"), &["--templates", bad_style.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("style.json") && stderr.contains("object"), "{stderr}");
}

#[test]
fn templates_folder_reaches_the_rulebooks() {
    let dir = TempDir::new("designed-books");
    let templates = fixture("templates");
    let out = hexforge(&[
        "generate",
        "--only",
        "rulebooks",
        "--templates",
        templates.to_str().unwrap(),
        "--out",
        dir.0.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = |name: &str| {
        let pdf = lopdf::Document::load(dir.0.join("rulebooks").join(name)).expect("the rulebook parses");
        pdf_text::document_text(&pdf)
    };
    // The designer's Liubo book, which imports the bundled common.typ and reads the
    // designer's colour through the layered style sheet.
    let liubo = text("liubo-rules-a4.pdf");
    assert!(liubo.contains("Liubo, edición de prueba"), "{liubo}");
    assert!(liubo.contains("Tinta clara: #2e7d32"), "{liubo}");
    // A book the folder does not replace is the bundled one.
    assert!(text("zhi-pai-rules-a4.pdf").contains("Zhi Pai"));
    assert!(!text("zhi-pai-rules-a4.pdf").contains("edición de prueba"));
}
