//! The card decks, checked by meaning: every SVG is parsed back and compared with the
//! core; the PDFs are parsed; two runs give the same manifest.

use std::collections::BTreeSet;
use std::path::PathBuf;

use hexforge::cards::sheet;
use hexforge::cards::{self, Face, Lang, PlayerSet, PrintedDeck, TrigramFace};
use hexforge::games::changing_lines::ChangingLines;
use hexforge::games::decks;
use hexforge::games::zhi_pai::ZhiPai;
use hexforge::games::{PrintOptions, PrintedGame};
use hexforge::generate::{GenerateOptions, Part, generate};
use hexforge::print::fonts;
use hexforge::print::paper::Paper;
use hexforge::print::profile::Profiles;
use hexforge::print::render;
use hexforge_rules::core::card::{Card, Orientation};
use hexforge_rules::core::hexagram::Hexagram;
use roxmltree::{Document, Node};

use crate::art_checks;
use art_checks::rect;

fn svg(deck: PrintedDeck, face: Face, lang: Lang) -> String {
    cards::card_svg(deck, &face, lang).unwrap_or_else(|e| panic!("{deck} {face}: {e}"))
}

fn card(n: u8) -> Face {
    Face::Card(Hexagram::from_number(n.into()).unwrap())
}

fn attr<'a>(node: Node<'a, '_>, name: &str) -> &'a str {
    node.attribute(name).unwrap_or_else(|| panic!("<{}> has no {name}", node.tag_name().name()))
}

fn num(node: Node, name: &str) -> f32 {
    attr(node, name).parse().unwrap_or_else(|_| panic!("{name} is not a number"))
}

/// The elements with `data-role="role"` below `node`.
fn role<'a, 'i>(node: Node<'a, 'i>, role: &str) -> Vec<Node<'a, 'i>> {
    node.descendants().filter(|n| n.attribute("data-role") == Some(role)).collect()
}

fn text(node: Node) -> String {
    node.text().unwrap_or_default().to_string()
}

/// The reading group of one orientation.
fn reading<'a, 'i>(doc: &'a Document<'i>, o: Orientation) -> Node<'a, 'i> {
    let groups: Vec<_> = role(doc.root_element(), "reading")
        .into_iter()
        .filter(|g| g.attribute("data-orientation") == Some(o.name()))
        .collect();
    assert_eq!(groups.len(), 1, "one {o} reading");
    groups[0]
}

/// `rotate(180 cx cy)` → (cx, cy); the light reading is the only rotated group.
fn rotation_centre(transform: &str) -> (f32, f32) {
    let inner = transform.strip_prefix("rotate(").and_then(|t| t.strip_suffix(')')).expect("a rotate()");
    let parts: Vec<f32> = inner.split_whitespace().map(|p| p.parse().unwrap()).collect();
    assert_eq!(parts[0], 180.0, "the light reading is turned 180 degrees");
    (parts[1], parts[2])
}

#[test]
fn every_printed_neighbour_number_is_the_cores() {
    let mut checked = 0;
    for lang in [Lang::En, Lang::Fr] {
        for c in Card::all() {
            let svg = svg(decks::CHANGING_LINES, Face::Card(c.shows(Orientation::Dark)), lang);
            let doc = Document::parse(&svg).unwrap();
            let root = doc.root_element();
            assert_eq!(attr(root, "data-card"), c.number().to_string());
            let printed: Vec<Node> = doc.descendants().filter(|n| n.has_attribute("data-neighbour")).collect();
            assert_eq!(printed.len(), 12, "card {}: six numbers per reading", c.number());
            let mut seen = BTreeSet::new();
            for n in printed {
                let o: Orientation = attr(n, "data-orientation").parse().unwrap();
                let line: usize = attr(n, "data-line").parse().unwrap();
                let neighbour: u8 = attr(n, "data-neighbour").parse().unwrap();
                let expected = c.neighbour_numbers(o)[line - 1];
                assert_eq!(neighbour, expected, "card {} {o} line {line}", c.number());
                assert_eq!(text(n), expected.to_string(), "card {} {o} line {line}: printed text", c.number());
                // The number belongs to the reading it says it does.
                let group = n.ancestors().find(|a| a.attribute("data-role") == Some("reading")).unwrap();
                assert_eq!(attr(group, "data-orientation"), o.name());
                assert!(seen.insert((o, line)), "card {} {o} line {line} printed twice", c.number());
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 2 * 64 * 2 * 6);
}

/// Beside the right stroke: a number's vertical centre, once the light reading's turn is
/// applied, falls inside the bar of its line; dark numbers sit left of the lines and
/// light numbers right of them (left once the card is turned).
#[test]
fn every_number_sits_beside_its_own_line() {
    for c in Card::all() {
        let svg = svg(decks::CHANGING_LINES, Face::Card(c.shows(Orientation::Dark)), Lang::En);
        let doc = Document::parse(&svg).unwrap();
        let lines = role(doc.root_element(), "lines")[0];
        let bar = |dark_line: u8| {
            let g = lines
                .children()
                .find(|g| g.attribute("data-dark-line") == Some(&dark_line.to_string()))
                .unwrap_or_else(|| panic!("line {dark_line} drawn"));
            let rects: Vec<Node> = g.children().filter(|r| r.has_tag_name("rect")).collect();
            let aspect = attr(g, "data-aspect");
            assert_eq!(rects.len(), if aspect == "yang" { 1 } else { 2 });
            let shows_yang = c
                .shows(Orientation::Dark)
                .line(hexforge_rules::core::hexagram::LinePosition::new(dark_line.into()).unwrap())
                == hexforge_rules::core::hexagram::Line::Yang;
            assert_eq!(aspect == "yang", shows_yang, "card {} line {dark_line}", c.number());
            let (y, h) = (num(rects[0], "y"), num(rects[0], "height"));
            let left = num(rects[0], "x");
            let last = rects[rects.len() - 1];
            (y, y + h, left, num(last, "x") + num(last, "width"))
        };
        for o in Orientation::BOTH {
            let group = reading(&doc, o);
            let centre = group.attribute("transform").map(rotation_centre);
            assert_eq!(centre.is_some(), o == Orientation::Light);
            for n in group.children().filter(|n| n.has_attribute("data-neighbour")) {
                let line: u8 = attr(n, "data-line").parse().unwrap();
                let size = num(n, "font-size");
                let (x, y) = (num(n, "x"), num(n, "y") - 0.357 * size);
                let (x, y) = match centre {
                    Some((cx, cy)) => (2.0 * cx - x, 2.0 * cy - y),
                    None => (x, y),
                };
                let dark_line = if o == Orientation::Dark { line } else { 7 - line };
                let (top, bottom, left, right) = bar(dark_line);
                assert!(
                    (top..bottom).contains(&y),
                    "card {} {o} line {line}: y {y} not in {top}..{bottom}",
                    c.number()
                );
                match o {
                    Orientation::Dark => assert!(x < left, "card {}: dark number right of the lines", c.number()),
                    Orientation::Light => assert!(x > right, "card {}: light number left of the lines", c.number()),
                }
            }
        }
    }
}

#[test]
fn both_readings_carry_number_names_and_trigrams() {
    for lang in [Lang::En, Lang::Fr] {
        for c in Card::all() {
            let svg = svg(decks::CHANGING_LINES, Face::Card(c.shows(Orientation::Dark)), lang);
            let doc = Document::parse(&svg).unwrap();
            for o in Orientation::BOTH {
                let h = c.shows(o);
                let g = reading(&doc, o);
                let what = format!("card {} {o} {lang:?}", c.number());
                assert_eq!(attr(g, "data-hexagram"), h.number().to_string(), "{what}");
                assert_eq!(text(role(g, "number")[0]), h.number().to_string(), "{what}");
                assert_eq!(text(role(g, "name")[0]), lang.hexagram_name(h), "{what}");
                assert_eq!(text(role(g, "zh")[0]), h.names().zh, "{what}");
                let trigrams = role(g, "trigram");
                assert_eq!(trigrams.len(), 2, "{what}");
                for t in trigrams {
                    let want = if attr(t, "data-position") == "upper" { h.upper() } else { h.lower() };
                    assert_eq!(attr(t, "data-trigram"), want.name(), "{what}");
                    assert_eq!(text(t), lang.trigram_name(want).to_uppercase(), "{what}");
                }
                // Double / Mirror / Double Mirror, marked in both readings.
                let badge: Vec<&str> = role(g, "badge").iter().map(|b| attr(*b, "data-kind")).collect();
                let want = match (h.is_double(), h.is_mirror()) {
                    (true, true) => vec!["double-mirror"],
                    (true, false) => vec!["double"],
                    (false, true) => vec!["mirror"],
                    (false, false) => vec![],
                };
                assert_eq!(badge, want, "{what}");
            }
        }
    }
}

#[test]
fn light_text_uses_the_light_ink_and_dark_text_the_dark_ink() {
    let svg = svg(decks::CHANGING_LINES, card(12), Lang::En);
    let doc = Document::parse(&svg).unwrap();
    let dark = attr(reading(&doc, Orientation::Dark), "fill");
    let light = attr(reading(&doc, Orientation::Light), "fill");
    let style = hexforge::print::template::style().unwrap();
    assert_eq!(
        (dark, light),
        (style["cards"]["dark_ink"].as_str().unwrap(), style["cards"]["light_ink"].as_str().unwrap())
    );
    // Rec. 601 grey: about 10 % and 56 %: far apart in greyscale, the light one legible.
    let grey = |hex: &str| {
        let c = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap() as f32;
        (0.299 * c(1) + 0.587 * c(3) + 0.114 * c(5)) / 255.0
    };
    assert!(grey(dark) < 0.15 && (0.5..0.62).contains(&grey(light)), "{} {}", grey(dark), grey(light));
}

#[test]
fn zhi_pai_cards_show_the_hexagram_and_its_complement() {
    for lang in [Lang::En, Lang::Fr] {
        for h in Hexagram::all() {
            let svg = svg(decks::ZHI_PAI, Face::Card(h), lang);
            let doc = Document::parse(&svg).unwrap();
            let root = doc.root_element();
            assert_eq!(attr(root, "data-card"), h.number().to_string());
            let comp = role(root, "complement");
            assert_eq!(comp.len(), 1);
            let c = h.complement();
            assert_eq!(attr(comp[0], "data-hexagram"), c.number().to_string());
            assert_eq!(text(role(comp[0], "number")[0]), c.number().to_string());
            assert_eq!(text(role(comp[0], "name")[0]), lang.hexagram_name(c));
            assert_eq!(text(role(comp[0], "zh")[0]), c.names().zh);
            // The main hexagram: number, names, six lines that are its lines.
            let main_number = role(root, "number")[0];
            assert_eq!(text(main_number), h.number().to_string());
            assert!(role(root, "name").iter().any(|n| text(*n) == lang.hexagram_name(h)));
            assert_eq!(text(role(root, "zh")[0]), h.names().zh);
            for (lines, hex) in [(role(root, "lines")[0], h), (role(comp[0], "lines")[0], c)] {
                let drawn: String = (1..=6)
                    .map(|i| {
                        let g = lines.children().find(|g| g.attribute("data-line") == Some(&i.to_string())).unwrap();
                        if attr(g, "data-aspect") == "yang" { '1' } else { '0' }
                    })
                    .collect();
                assert_eq!(drawn, hex.line_string(), "card {}", h.number());
            }
        }
    }
}

#[test]
fn zhi_pai_trigram_cards_come_in_two_sets_with_two_faces() {
    let mut patterns = BTreeSet::new();
    for set in PlayerSet::ALL {
        for trigram in hexforge_rules::core::trigram::Trigram::ALL {
            for active in [true, false] {
                let face = Face::Trigram(TrigramFace { set, trigram, active });
                let svg = svg(decks::ZHI_PAI, face, Lang::Fr);
                let doc = Document::parse(&svg).unwrap();
                let root = doc.root_element();
                assert_eq!(attr(root, "data-set"), set.number().to_string());
                assert_eq!(attr(root, "data-trigram"), trigram.name());
                assert_eq!(attr(root, "data-side"), if active { "active" } else { "inactive" });
                assert_eq!(text(role(root, "zh")[0]), trigram.chinese());
                assert_eq!(text(role(root, "name")[0]), Lang::Fr.trigram_name(trigram));
                let pattern = role(root, "pattern")[0];
                patterns.insert((set.number(), attr(pattern, "data-pattern").to_string()));
            }
        }
    }
    // Each set has one pattern, and the two sets' patterns differ.
    assert_eq!(patterns.len(), 2);
    assert_eq!(patterns.iter().map(|(_, p)| p.as_str()).collect::<BTreeSet<_>>().len(), 2);
}

#[test]
fn every_character_on_every_card_is_in_the_bundled_fonts() {
    let mut all_text = String::new();
    for lang in [Lang::En, Lang::Fr] {
        for deck in decks::ALL {
            for face in deck.faces() {
                let svg = svg(deck, face, lang);
                let doc = Document::parse(&svg).unwrap();
                for n in doc.descendants().filter(|n| n.has_tag_name("text")) {
                    all_text.push_str(&text(n));
                }
                if matches!(face, Face::Card(h) if h.number() % 16 == 1) || !matches!(face, Face::Card(_)) {
                    assert_eq!(render::unknown_font_families(&svg).unwrap(), Vec::<String>::new(), "{deck} {face}");
                }
                // A font can hold a character and usvg still draw a box for it (its
                // fallback gives up on a whole run after a ligature), so check the drawing too.
                assert_eq!(render::unresolved_glyphs(&svg).unwrap(), Vec::<String>::new(), "{deck} {face} {lang:?}");
            }
        }
    }
    assert!(all_text.contains("乾") && all_text.contains("Tonnerre") && all_text.contains("↻"));
    assert_eq!(fonts::missing_chars(&all_text, &[]), Vec::<char>::new());
}

#[test]
fn the_changing_lines_back_reads_the_same_both_ways_up() {
    // 127 dpi = 5 px per mm: 345×470 px, so the turn maps pixels onto pixels exactly.
    let pixmap = render::svg_to_pixmap(&svg(decks::CHANGING_LINES, Face::Back, Lang::En), 127.0).unwrap();
    let (w, h) = (pixmap.width() as usize, pixmap.height() as usize);
    assert_eq!((w, h), (345, 470));
    // Compare 1 mm cells (5×5 px averages) with the cell the turn brings there:
    // anti-aliasing may differ by a pixel, the design may not.
    let cell = |cx: usize, cy: usize| -> [f32; 3] {
        let mut sum = [0f32; 3];
        for y in cy * 5..cy * 5 + 5 {
            for x in cx * 5..cx * 5 + 5 {
                let p = pixmap.pixels()[y * w + x];
                sum[0] += f32::from(p.red());
                sum[1] += f32::from(p.green());
                sum[2] += f32::from(p.blue());
            }
        }
        sum.map(|s| s / 25.0)
    };
    let (cw, ch) = (w / 5, h / 5);
    let mut worst = 0f32;
    let mut total = 0f32;
    for cy in 0..ch {
        for cx in 0..cw {
            let (a, b) = (cell(cx, cy), cell(cw - 1 - cx, ch - 1 - cy));
            let d = (0..3).map(|i| (a[i] - b[i]).abs()).fold(0f32, f32::max);
            worst = worst.max(d);
            total += d;
        }
    }
    let mean = total / (cw * ch) as f32;
    assert!(worst < 16.0 && mean < 1.0, "the turned back differs: worst cell {worst}, mean {mean}");
}

// ----------------------------------------------------------------------------------
// PDFs, parsed with lopdf.

fn print_pdf(deck: PrintedDeck, paper: Paper) -> Vec<u8> {
    let faces = deck.faces();
    let trees: Vec<(Face, usvg::Tree)> =
        faces.iter().map(|f| (*f, render::svg_tree(&svg(deck, *f, Lang::En), 72.0).unwrap())).collect();
    let tree = |f: &Face| &trees.iter().find(|(g, _)| g == f).unwrap().1;
    let pairs: Vec<_> = deck.print_pairs().iter().map(|(a, b)| (tree(a), tree(b))).collect();
    sheet::home_print_pdf(&pairs, paper, "test", sheet::Duplex::default()).unwrap()
}

fn close(a: [f32; 4], b: [f32; 4]) -> bool {
    a.iter().zip(b).all(|(x, y)| (x - y).abs() < 0.05)
}

#[test]
fn home_print_pdfs_have_pages_boxes_fonts_and_viewer_preferences() {
    let pt = hexforge::print::pdf::PT_PER_MM;
    for (deck, pages) in [(decks::CHANGING_LINES, 16), (decks::ZHI_PAI, 18)] {
        for paper in Paper::HOME {
            let bytes = print_pdf(deck, paper);
            let doc = lopdf::Document::load_mem(&bytes).unwrap();
            let page_ids = doc.get_pages();
            assert_eq!(page_ids.len(), pages, "{deck} {paper:?}");
            let (w, h) = paper.size_mm();
            let layout = sheet::HomeSheet::new(paper);
            // PDF boxes are bottom-up.
            let pdf_box =
                |r: hexforge::print::pdf::MmRect| [r.x * pt, (h - r.bottom()) * pt, r.right() * pt, (h - r.y) * pt];
            for id in page_ids.values() {
                let page = doc.get_dictionary(*id).unwrap();
                assert!(close(rect(&doc, page, b"MediaBox"), [0.0, 0.0, w * pt, h * pt]), "{paper:?}");
                assert!(close(rect(&doc, page, b"TrimBox"), pdf_box(layout.block)), "{paper:?} trim");
                assert!(close(rect(&doc, page, b"BleedBox"), pdf_box(layout.bleed_box())), "{paper:?} bleed");
            }
            // Viewer preferences: print at 100 %, duplex flipped on the long edge.
            let catalog = doc.catalog().unwrap();
            let prefs = match catalog.get(b"ViewerPreferences").unwrap() {
                lopdf::Object::Reference(id) => doc.get_dictionary(*id).unwrap().clone(),
                o => o.as_dict().unwrap().clone(),
            };
            assert_eq!(prefs.get(b"PrintScaling").unwrap().as_name().unwrap(), b"None");
            assert_eq!(prefs.get(b"Duplex").unwrap().as_name().unwrap(), b"DuplexFlipLongEdge");
            // Every font is embedded, each once.
            let mut names = Vec::new();
            for (_, obj) in doc.objects.iter() {
                let Ok(dict) = obj.as_dict() else { continue };
                if dict.get(b"Type").and_then(|t| t.as_name()).ok() != Some(b"FontDescriptor".as_slice()) {
                    continue;
                }
                let name = String::from_utf8_lossy(dict.get(b"FontName").unwrap().as_name().unwrap()).to_string();
                let embedded = [b"FontFile".as_slice(), b"FontFile2", b"FontFile3"].iter().any(|k| dict.has(k));
                assert!(embedded, "{name} is not embedded");
                names.push(name);
            }
            assert!(names.iter().any(|n| n.contains("NotoSans-Bold")), "{names:?}");
            assert!(names.iter().any(|n| n.contains("CJK")), "{names:?}");
            let unique: BTreeSet<_> = names.iter().collect();
            assert_eq!(unique.len(), names.len(), "a font is embedded twice: {names:?}");
            // Text stays text: some content stream selects a font and shows glyphs.
            // (lopdf cannot read krilla's ToUnicode maps, so no extract_text here;
            // pdftotext reads them fine.)
            let shows_text = doc.objects.values().any(|o| {
                let Ok(stream) = o.as_stream() else { return false };
                let content = stream.decompressed_content().unwrap_or_else(|_| stream.content.clone());
                let has = |op: &[u8]| content.windows(op.len()).any(|w| w == op);
                has(b" Tf") && (has(b"TJ") || has(b"Tj"))
            });
            assert!(shows_text, "{deck} {paper:?}: no text operators");
        }
    }
}

// ----------------------------------------------------------------------------------
// Whole runs.

fn temp_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hexforge-cards-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Two runs, one on a single thread and one on the default pool, write identical
/// manifests (every file's sha256), so output does not depend on scheduling.
#[test]
fn two_runs_give_the_same_manifest() {
    let print = PrintOptions {
        dpi: hexforge::print::dpi::Dpi::new(72).expect("72 is in range"),
        lang: Lang::En,
        profiles: Profiles::HOME,
        backs: hexforge::print::plan::Backs::Full,
        // The default `file:///` image paths name the output folder; a base address keeps
        // the two folders' manifests comparable.
        tts_base_url: Some("https://example.org/decks"),
        ..Default::default()
    };
    let options = |out: PathBuf| GenerateOptions {
        out,
        print,
        parts: vec![Part::Printed("changing-lines"), Part::Printed("zhi-pai")],
    };
    let (a, b) = (temp_dir("run-a"), temp_dir("run-b"));
    let one_thread = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let first = one_thread.install(|| generate(&options(a.clone()), &|_, _, _| ())).unwrap();
    let second = generate(&options(b.clone()), &|_, _, _| ()).unwrap();
    assert_eq!(first, second);
    let manifest_a = std::fs::read(a.join("manifest.json")).unwrap();
    assert_eq!(manifest_a, std::fs::read(b.join("manifest.json")).unwrap());
    // Everything announced is there: per deck, faces × (svg + png), 2 PDFs, contact, TTS.
    let count =
        |prefix: &str, kind: &str| first.iter().filter(|e| e.path.starts_with(prefix) && e.kind == kind).count();
    assert_eq!(count("changing-lines/", "card-svg"), 65);
    assert_eq!(count("changing-lines/", "card-png"), 65);
    assert_eq!(count("zhi-pai/", "card-svg"), 97);
    assert_eq!(count("changing-lines/", "sheet-pdf"), 2);
    assert_eq!(count("zhi-pai/", "tts-sheet"), 4);
    assert_eq!(count("zhi-pai/", "contact-sheet"), 1);
    assert!(first.iter().all(|e| e.sha256.len() == 64));
    // Each deck's `PrintedGame::files` lists exactly what the run wrote, path and kind.
    let mut listed: Vec<(String, String)> =
        ChangingLines.files(&print).into_iter().chain(ZhiPai.files(&print)).map(|f| (f.path, f.kind)).collect();
    listed.sort();
    let in_deck = |path: &str| path.starts_with("changing-lines/") || path.starts_with("zhi-pai/");
    let mut wrote: Vec<(String, String)> =
        first.iter().filter(|e| in_deck(&e.path)).map(|e| (e.path.clone(), e.kind.clone())).collect();
    wrote.sort();
    assert_eq!(listed, wrote);
    // Beside the decks, the run's other outputs: the duplex alignment test and the index.
    let others: Vec<&str> = first.iter().filter(|e| !in_deck(&e.path)).map(|e| e.path.as_str()).collect();
    assert_eq!(others, ["README.txt", "alignment-test-a4.pdf", "alignment-test-letter.pdf"]);
    // A PNG at 72 dpi is 196×266 px and says so.
    let png = std::fs::read(a.join("changing-lines/png/card-12.png")).unwrap();
    let reader = png::Decoder::new(png.as_slice()).read_info().unwrap();
    assert_eq!((reader.info().width, reader.info().height), (196, 266));
    let _ = std::fs::remove_dir_all(&a);
    let _ = std::fs::remove_dir_all(&b);
}
