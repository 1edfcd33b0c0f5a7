//! Dragons of the Ba-Gua: the counts of the seed, the boards read back from their SVG,
//! every print PDF parsed (page sizes, boxes, viewer preferences), the rulebook
//! editions, and byte-identical output from one run to the next.

use hexforge::games::dragons::boards::{BAGUA_MM, board_side_mm};
use hexforge::games::dragons::components::{COMPONENTS, ComponentKind as K, Shape, component, group_total};
use hexforge::games::dragons::pieces::{CELL_MM, COIN_MM, PieceFace, RULER_MM, STONE_MM, TILE_MM, faces};
use hexforge::games::dragons::{Dragons, figures::rulebook_figures};
use hexforge::games::{PrintOptions, PrintedGame as _};
use hexforge::print::fonts;
use hexforge::print::output::Output;
use hexforge::print::paper::Paper as BookPaper;
use hexforge::print::render;
use hexforge::rulebook;
use hexforge_rules::core::trigram::Trigram;
use hexforge_rules::dragons::rules::{self as dragons, Cell, Dragon, PortalColour, StoneColour};
use hexforge_rules::dragons::scenarios::{scenario, scenarios};
use hexforge_rules::dragons::wheel::WHEEL;
use lopdf::{Document, Object};
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::OnceLock;

use crate::pdf_text;
use pdf_text::number;

const MM_PER_PT: f64 = 25.4 / 72.0;

/// Files written by a run: path → (kind, sha256).
type Files = BTreeMap<String, (String, String)>;

/// The print options of the test runs: PNGs at 72 dpi, to keep the tests quick.
fn quick() -> PrintOptions {
    PrintOptions { dpi: hexforge::print::dpi::Dpi::new(72).expect("72 is in range"), ..Default::default() }
}

/// One full `generate` run (PNGs at 72 dpi, to keep the test quick), shared by the tests.
fn generated() -> &'static (PathBuf, Files) {
    static RUN: OnceLock<(PathBuf, Files)> = OnceLock::new();
    RUN.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("dragons-run");
        let _ = std::fs::remove_dir_all(&dir);
        let out = Output::create(&dir).unwrap();
        Dragons.generate(&out, &quick()).expect("dragons generate");
        let entries = out.finish().unwrap();
        let files = entries.into_iter().map(|e| (e.path, (e.kind, e.sha256))).collect();
        (dir, files)
    })
}

fn read(rel: &str) -> Vec<u8> {
    std::fs::read(generated().0.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

fn read_str(rel: &str) -> String {
    String::from_utf8(read(rel)).unwrap()
}

/// A page box as (x0, y0, x1, y1) in millimetres.
fn page_box(d: &Document, page: lopdf::ObjectId, name: &[u8]) -> Option<[f64; 4]> {
    let dict = d.get_dictionary(page).ok()?;
    let arr = dict.get(name).ok()?.as_array().ok()?;
    let v: Vec<f64> = arr.iter().map(|o| number(o) * MM_PER_PT).collect();
    Some([v[0], v[1], v[2], v[3]])
}

/// Whether the document's catalog (in its last revision) asks for no print scaling.
fn asks_no_scaling(pdf: &[u8]) -> bool {
    let d = Document::load_mem(pdf).unwrap();
    let catalog = d.catalog().unwrap();
    let prefs = match catalog.get(b"ViewerPreferences") {
        Ok(Object::Reference(id)) => d.get_dictionary(*id).unwrap().clone(),
        Ok(Object::Dictionary(dict)) => dict.clone(),
        _ => return false,
    };
    prefs.get(b"PrintScaling").ok().and_then(|o| o.as_name().ok()) == Some(b"None".as_slice())
}

// ---------------------------------------------------------------------------------------
// The seed's counts

#[test]
fn component_counts_match_the_seed() {
    let expect = [
        ("board of human", 1),
        ("board of ba-gua", 1),
        ("ba-gua stones", 8),
        ("dragon tiles", 8),
        ("water stones", 8),
        ("fire stones", 8),
        ("distance ruler", 1),
        ("rock tile", 1),
        ("portal tiles", 4),
        ("flux coin", 1),
    ];
    for (group, n) in expect {
        assert_eq!(group_total(group), n, "{group}");
    }
    let q = |k| component(k).quantity;
    let portals =
        (q(K::Portal(PortalColour::Green)), q(K::Portal(PortalColour::Red)), q(K::Portal(PortalColour::Blue)));
    assert_eq!(portals, (2, 1, 1));
    assert_eq!((q(K::BaguaStone(StoneColour::White)), q(K::BaguaStone(StoneColour::Black))), (4, 4));
    assert_eq!(q(K::DragonHead(Dragon::Sky)) + q(K::DragonSegment(Dragon::Sky)), 4);
    assert_eq!(q(K::DragonHead(Dragon::Earth)) + q(K::DragonSegment(Dragon::Earth)), 4);
}

#[test]
fn components_json_lists_every_component_with_its_files() {
    let v: serde_json::Value = serde_json::from_str(&read_str("dragons/components.json")).unwrap();
    let list = v["components"].as_array().unwrap();
    assert_eq!(list.len(), COMPONENTS.len());
    let total: u64 = list.iter().map(|c| c["count"].as_u64().unwrap()).sum();
    let seed_total: u32 = COMPONENTS.iter().map(|c| u32::from(c.quantity)).sum();
    assert_eq!(total, u64::from(seed_total));
    let files = &generated().1;
    for c in list {
        let listed = c["files"].as_array().unwrap();
        assert!(!listed.is_empty(), "{} has files", c["key"]);
        for f in listed {
            let path = format!("dragons/{}", f.as_str().unwrap());
            assert!(files.contains_key(&path), "{path} is in the manifest");
            assert!(files.contains_key(&path.replace(".svg", ".png")), "{path} has a PNG");
        }
    }
}

// ---------------------------------------------------------------------------------------
// Boards, read back from their SVG

fn svg_doc(text: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(text).expect("well-formed SVG")
}

#[test]
fn board_of_human_has_every_square_named() {
    let text = read_str("dragons/board-human.svg");
    let doc = svg_doc(&text);
    let cells: Vec<&str> = doc.descendants().filter_map(|n| n.attribute("data-cell")).collect();
    let n = usize::from(dragons::BOARD_SIZE);
    assert_eq!(cells.len(), n * n);
    for col in 0..dragons::BOARD_SIZE {
        for row in 0..dragons::BOARD_SIZE {
            let name = Cell::new(col, row).unwrap().to_string();
            assert!(cells.contains(&name.as_str()), "{name}");
        }
    }
    // 9 × 9 squares of 25 mm in a 12 mm frame.
    let root = doc.root_element();
    let width: f64 = root.attribute("width").unwrap().trim_end_matches("mm").parse().unwrap();
    assert_eq!(width, 249.0);
    let a1 = doc.descendants().find(|n| n.attribute("data-cell") == Some("a1")).unwrap();
    let i9 = doc.descendants().find(|n| n.attribute("data-cell") == Some("i9")).unwrap();
    let at = |n: roxmltree::Node, a| n.attribute(a).unwrap().parse::<f64>().unwrap();
    assert_eq!((at(a1, "x"), at(a1, "y")), (12.0, 212.0), "a1 is bottom left");
    assert_eq!((at(i9, "x"), at(i9, "y")), (212.0, 12.0), "i9 is top right");
    assert_eq!(at(a1, "width"), CELL_MM as f64);
}

#[test]
fn setups_show_every_scenario_tile_on_its_square() {
    for s in scenarios() {
        let text = read_str(&format!("dragons/setup-{}.svg", s.key));
        let doc = svg_doc(&text);
        let pieces: Vec<roxmltree::Node> = doc.descendants().filter(|n| n.has_attribute("data-piece")).collect();
        let on = |cell: Cell| -> Vec<(String, String)> {
            pieces
                .iter()
                .filter(|n| n.attribute("data-cell") == Some(cell.to_string().as_str()))
                .map(|n| {
                    (n.attribute("data-piece").unwrap().to_string(), n.attribute("data-face").unwrap().to_string())
                })
                .collect()
        };
        for d in &s.dragons {
            let key = if d.dragon == Dragon::Sky { "sky" } else { "earth" };
            for (i, &c) in d.cells.iter().enumerate() {
                let found = on(c);
                assert_eq!(found.len(), 1, "{} {c}", s.key);
                assert_eq!(found[0].0, if i == 0 { "head" } else { "segment" }, "{} {c}", s.key);
                let node = pieces.iter().find(|n| n.attribute("data-cell") == Some(c.to_string().as_str())).unwrap();
                assert_eq!(node.attribute("data-dragon"), Some(key));
            }
            assert_eq!(on(d.head())[0].1, "alive");
        }
        let rock = s.rock.unwrap();
        assert_eq!(on(rock), [("rock".to_string(), "face".to_string())]);
        for p in &s.portals {
            let node = pieces.iter().find(|n| n.attribute("data-cell") == Some(p.cell.to_string().as_str())).unwrap();
            assert_eq!(node.attribute("data-piece"), Some("portal"));
            assert_eq!(node.attribute("data-colour"), Some(p.colour.key()));
            assert_eq!(node.attribute("data-face"), Some("free"));
        }
        let tiles = pieces.iter().filter(|n| matches!(n.attribute("data-piece"), Some("head" | "segment"))).count();
        assert_eq!(tiles, 8, "{}: 8 dragon tiles", s.key);
        let portals = pieces.iter().filter(|n| n.attribute("data-piece") == Some("portal")).count();
        assert_eq!(portals, s.portals.len());
    }
    let valley = scenario("valley").unwrap();
    assert_eq!(valley.portals.len(), 4, "the valley uses all four portals");
    assert!(valley.portals.iter().any(|p| p.colour == PortalColour::Red));
}

#[test]
fn the_wheel_is_earlier_heaven_and_flows_counter_clockwise() {
    let text = read_str("dragons/board-bagua.svg");
    let doc = svg_doc(&text);
    let spaces: Vec<roxmltree::Node> = doc.descendants().filter(|n| n.has_attribute("data-trigram")).collect();
    assert_eq!(spaces.len(), 8);
    let mut by_angle = Vec::new();
    for n in &spaces {
        let t: Trigram = n.attribute("data-trigram").unwrap().parse().unwrap();
        let i: usize = n.attribute("data-wheel-index").unwrap().parse().unwrap();
        assert_eq!(WHEEL[i], t);
        // transform="rotate(a cx cy)": a = -45 i, turning counter-clockwise from the top.
        let tr = n.attribute("transform").unwrap();
        let a: f64 = tr.trim_start_matches("rotate(").split_whitespace().next().unwrap().parse().unwrap();
        assert_eq!(a, -45.0 * i as f64, "{t}");
        by_angle.push((a as i64, t));
    }
    let at = |deg: i64| by_angle.iter().find(|(a, _)| (a - deg).rem_euclid(360) == 0).unwrap().1;
    assert_eq!(at(0), Trigram::HEAVEN, "heaven at the top");
    assert_eq!(at(180), Trigram::EARTH, "earth at the bottom");
    assert_eq!(at(-90), Trigram::FIRE, "fire on the left");
    assert_eq!(at(90), Trigram::WATER, "water on the right");
    for (a, t) in &by_angle {
        assert_eq!(at(a + 180), t.complement(), "{t} faces its complement");
    }
    let main: Vec<&str> = spaces
        .iter()
        .filter(|n| n.attribute("data-main") == Some("true"))
        .map(|n| n.attribute("data-element").unwrap())
        .collect();
    assert_eq!(main.len(), 4);
    for e in ["sky", "earth", "fire", "water"] {
        assert!(main.contains(&e));
    }
    let flow = doc.descendants().find(|n| n.has_attribute("data-flow")).unwrap();
    assert_eq!(flow.attribute("data-flow"), Some("counter-clockwise"));
    // Both dragons' areas, with 4 life, 4 fire and 3 lost-segment slots each.
    for d in ["sky", "earth"] {
        let area = doc
            .descendants()
            .find(|n| n.attribute("data-area") == Some("dragon") && n.attribute("data-dragon") == Some(d))
            .unwrap();
        let slots: Vec<&str> = area.descendants().filter_map(|n| n.attribute("data-slot")).collect();
        for kind in ["life", "fire", "lost"] {
            let n = slots.iter().filter(|s| s.starts_with(kind)).count();
            assert_eq!(n, if kind == "lost" { 3 } else { 4 }, "{d} {kind}");
        }
    }
    assert!(doc.descendants().any(|n| n.attribute("data-area") == Some("centre")));
}

#[test]
fn every_face_is_drawn_with_bundled_fonts_and_characters() {
    let mut all = vec![
        read_str("dragons/board-human.svg"),
        read_str("dragons/board-bagua.svg"),
        read_str("dragons/setup-introductory.svg"),
        read_str("dragons/setup-valley.svg"),
    ];
    for f in faces() {
        all.push(read_str(&format!("dragons/pieces/{}.svg", f.stem())));
    }
    for (name, svg) in rulebook_figures().unwrap() {
        all.push(svg);
        assert!(!name.is_empty());
    }
    for svg in &all {
        let doc = svg_doc(svg);
        assert!(
            render::unknown_font_families(svg).unwrap().is_empty(),
            "{:?}",
            doc.root_element().attributes().collect::<Vec<_>>()
        );
        let text: String = doc.descendants().filter(|n| n.is_text()).filter_map(|n| n.text()).collect();
        assert_eq!(fonts::missing_chars(&text, &[]), Vec::<char>::new());
    }
}

#[test]
fn piece_files_have_their_physical_size() {
    for f in faces() {
        let text = read_str(&format!("dragons/pieces/{}.svg", f.stem()));
        let doc = svg_doc(&text);
        let root = doc.root_element();
        let size = |a| root.attribute(a).unwrap().trim_end_matches("mm").parse::<f32>().unwrap();
        let (w, h) = (size("width"), size("height"));
        let want = match f.component.shape {
            Shape::Tile => (TILE_MM, TILE_MM),
            Shape::Ruler => RULER_MM,
            _ if f.component.kind == K::FluxCoin => (COIN_MM, COIN_MM),
            _ => (STONE_MM, STONE_MM),
        };
        assert_eq!((w, h), want, "{}", f.stem());
        assert_eq!(root.attribute("data-face"), Some(f.face.key()));
        // The PNG has the same proportions.
        let png = read(&format!("dragons/pieces/{}.png", f.stem()));
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let info = decoder.read_info().unwrap().info().clone();
        let expect_w = (w / 25.4 * 72.0).round() as u32;
        assert!(info.width.abs_diff(expect_w) <= 1, "{}: {} px", f.stem(), info.width);
    }
    // Faces of two-faced pieces differ.
    let stems: Vec<String> = faces().iter().map(PieceFace::stem).collect();
    assert!(stems.contains(&"dragon-white-head-defeated".to_string()));
    assert!(stems.contains(&"portal-red-occupied".to_string()));
    assert!(stems.contains(&"flux-coin-clockwise".to_string()));
    assert_ne!(read("dragons/pieces/flux-coin-clockwise.svg"), read("dragons/pieces/flux-coin-counter-clockwise.svg"));
}

#[test]
fn the_ruler_prints_the_designed_values() {
    for (face, values) in [("straight", &dragons::RULER_STRAIGHT[..]), ("slant", &dragons::RULER_SLANT[..])] {
        let text = read_str(&format!("dragons/pieces/distance-ruler-{face}.svg"));
        let doc = svg_doc(&text);
        let printed: Vec<u8> =
            doc.descendants().filter_map(|n| n.attribute("data-value")).map(|v| v.parse().unwrap()).collect();
        assert_eq!(printed, values, "{face}");
        assert!(doc.descendants().any(|n| n.attribute("data-mark") == Some("mouth")));
    }
}

// ---------------------------------------------------------------------------------------
// PDFs

#[test]
fn home_print_pdfs_have_paper_size_boxes_and_no_scaling() {
    for (file, (w, h)) in
        [("dragons/dragons-pieces-a4.pdf", (210.0, 297.0)), ("dragons/dragons-pieces-letter.pdf", (215.9, 279.4))]
    {
        let bytes = read(file);
        let d = Document::load_mem(&bytes).unwrap();
        let pages = d.get_pages();
        assert_eq!(pages.len(), 5, "{file}: board of Ba-Gua, two piece sheets, two setups");
        for (n, &id) in &pages {
            let media = page_box(&d, id, b"MediaBox").unwrap();
            assert!((media[2] - w).abs() < 0.05 && (media[3] - h).abs() < 0.05, "{file} page {n}: {media:?}");
            let trim = page_box(&d, id, b"TrimBox").expect("TrimBox");
            let bleed = page_box(&d, id, b"BleedBox").expect("BleedBox");
            // The trim lies inside the bleed, the bleed inside the page, 10 mm clear of its edges.
            for i in 0..2 {
                assert!(bleed[i] <= trim[i] + 1e-3 && trim[i + 2] <= bleed[i + 2] + 1e-3);
                assert!(bleed[i] >= 10.0 && bleed[i + 2] <= media[i + 2] - 10.0, "{file} page {n}: {bleed:?}");
            }
        }
        // Page 1 is the board of Ba-Gua, trimmed to its size.
        let trim = page_box(&d, pages[&1], b"TrimBox").unwrap();
        let (bw, bh) = BAGUA_MM;
        assert!((trim[2] - trim[0] - f64::from(bw)).abs() < 0.05 && (trim[3] - trim[1] - f64::from(bh)).abs() < 0.05);
        assert!(asks_no_scaling(&bytes), "{file}");
    }
}

#[test]
fn the_board_of_human_is_tiled_on_home_paper_and_whole_on_large_paper() {
    let side = f64::from(board_side_mm());
    for (file, pages, (w, h)) in [
        ("dragons/board-human-a4.pdf", 2, (210.0, 297.0)),
        ("dragons/board-human-letter.pdf", 2, (215.9, 279.4)),
        ("dragons/board-human-a3.pdf", 1, (297.0, 420.0)),
        ("dragons/board-human-tabloid.pdf", 1, (279.4, 431.8)),
    ] {
        let bytes = read(file);
        let d = Document::load_mem(&bytes).unwrap();
        let ids = d.get_pages();
        assert_eq!(ids.len(), pages, "{file}");
        let mut covered = 0.0;
        for &id in ids.values() {
            let media = page_box(&d, id, b"MediaBox").unwrap();
            let (pw, ph) = (media[2] - media[0], media[3] - media[1]);
            assert!(
                ((pw - w).abs() < 0.05 && (ph - h).abs() < 0.05) || ((pw - h).abs() < 0.05 && (ph - w).abs() < 0.05),
                "{file}: {pw} x {ph}"
            );
            let trim = page_box(&d, id, b"TrimBox").expect("TrimBox");
            assert!(trim[0] >= media[0] && trim[2] <= media[2] && trim[1] >= media[1] && trim[3] <= media[3]);
            covered += trim[2] - trim[0];
            if pages == 1 {
                assert!((trim[2] - trim[0] - side).abs() < 0.05 && (trim[3] - trim[1] - side).abs() < 0.05);
            }
        }
        if pages > 1 {
            assert!(covered > side + 10.0, "{file}: the tiles overlap ({covered} mm for {side} mm)");
        }
    }
}

#[test]
fn output_is_deterministic() {
    let first = &generated().1;
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("dragons-run-again");
    let _ = std::fs::remove_dir_all(&dir);
    let out = Output::create(&dir).unwrap();
    Dragons.generate(&out, &quick()).unwrap();
    let second: Files = out.finish().unwrap().into_iter().map(|e| (e.path, (e.kind, e.sha256))).collect();
    assert_eq!(first, &second);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn generate_writes_exactly_the_listed_files() {
    let written: Vec<(String, String)> = generated().1.iter().map(|(p, (k, _))| (p.clone(), k.clone())).collect();
    let mut listed: Vec<(String, String)> = Dragons.files(&quick()).into_iter().map(|f| (f.path, f.kind)).collect();
    listed.sort();
    assert_eq!(written, listed);
}

#[test]
fn component_rows_name_files_generate_writes() {
    let written = &generated().1;
    for row in Dragons.components() {
        assert!(!row.files.is_empty(), "{}", row.name);
        for f in &row.files {
            assert!(written.contains_key(f), "{}: {f}", row.name);
        }
    }
}

#[test]
fn every_file_is_under_dragons_with_a_kind() {
    let files = &generated().1;
    // Boards and setups (SVG + PNG), every face (SVG + PNG), six PDFs, components.json.
    assert_eq!(files.len(), 4 * 2 + faces().len() * 2 + 6 + 1);
    for (path, (kind, _)) in files {
        assert!(path.starts_with("dragons/"), "{path}");
        let ext = path.rsplit('.').next().unwrap();
        assert!(kind.ends_with(ext) || (ext == "json" && kind == "data"), "{path}: {kind}");
    }
}

// ---------------------------------------------------------------------------------------
// The rulebook

fn rulebooks() -> &'static HashMap<BookPaper, Vec<u8>> {
    static BOOKS: OnceLock<HashMap<BookPaper, Vec<u8>>> = OnceLock::new();
    BOOKS.get_or_init(|| {
        let books: HashMap<BookPaper, Vec<u8>> = BookPaper::HOME
            .iter()
            .map(|&p| {
                (
                    p,
                    rulebook::rulebook_pdf(&Dragons.book().expect("the book is made"), p)
                        .unwrap_or_else(|e| panic!("{p:?}: {e}")),
                )
            })
            .collect();
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("rulebooks");
        if std::fs::create_dir_all(&dir).is_ok() {
            for (p, pdf) in &books {
                let _ = std::fs::write(dir.join(format!("{}-{}.pdf", Dragons.key(), p.key())), pdf);
            }
        }
        books
    })
}

#[test]
fn rulebook_editions_have_their_paper_and_page_numbers() {
    for paper in BookPaper::HOME {
        let d = Document::load_mem(&rulebooks()[&paper]).unwrap();
        let (w, h) = paper.size_pt();
        let pages = d.get_pages();
        assert!(pages.len() >= 10, "{paper:?}: {} pages", pages.len());
        for (n, id) in pages {
            let media = page_box(&d, id, b"MediaBox").unwrap();
            let (pw, ph) = ((media[2] - media[0]) / MM_PER_PT, (media[3] - media[1]) / MM_PER_PT);
            assert!((pw - w).abs() < 0.1 && (ph - h).abs() < 0.1, "{paper:?} page {n}");
        }
    }
}

#[test]
fn rulebook_covers_the_issue() {
    let text = pdf_text::document_text(&Document::load_mem(&rulebooks()[&BookPaper::A4]).unwrap());
    for needle in [
        "Dragons of the Ba-Gua",
        "Components",
        "Setting up",
        "spirit phase",
        "matter phase",
        "Bites",
        "Absorb",
        "Expel",
        "distance ruler",
        "Portals",
        "occupied",
        "Grasshopper",
        "Monk",
        "Focus",
        "Balance",
        "Master",
        "flux coin",
        "The Chosen One",
        "Introductory",
        "The Valley",
        "What this edition designed",
        "Tianlong",
        "Dilong",
        "counter-clockwise",
    ] {
        assert!(text.contains(needle), "the rulebook mentions {needle:?}");
    }
    for t in Trigram::ALL {
        let name = dragons::element_name(t);
        let capital = format!("{}{}", name[..1].to_uppercase(), &name[1..]);
        assert!(text.contains(&capital), "the rulebook names the {name} action");
    }
    // The designed numbers, from the core: the ruler and the setups.
    let straight: Vec<String> = dragons::RULER_STRAIGHT.iter().map(u8::to_string).collect();
    assert!(text.contains(&straight.join(", ")[..]), "straight ruler values");
    for s in scenarios() {
        for d in &s.dragons {
            assert!(text.contains(&format!("head {}", d.head())), "{} head square", s.key);
        }
    }
    // The components list is the one generate prints.
    for c in COMPONENTS {
        assert!(text.contains(c.name), "component {:?}", c.name);
    }
}

#[test]
fn rulebook_figures_are_vector_art() {
    // The setup figures are SVG drawn by hexforge: no raster image in the PDF.
    let d = Document::load_mem(&rulebooks()[&BookPaper::A4]).unwrap();
    let images = d
        .objects
        .values()
        .filter_map(|o| o.as_stream().ok())
        .filter(|s| s.dict.get(b"Subtype").ok().and_then(|t| t.as_name().ok()) == Some(b"Image".as_slice()))
        .count();
    assert_eq!(images, 0);
    let names: Vec<String> = rulebook_figures().unwrap().into_iter().map(|(n, _)| n).collect();
    for want in ["setup-introductory.svg", "setup-valley.svg", "bagua-setup.svg", "board.svg", "moves.svg"] {
        assert!(names.iter().any(|n| n == want), "{want}");
    }
}

#[test]
fn rulebook_is_deterministic() {
    let again = rulebook::rulebook_pdf(&Dragons.book().expect("the book is made"), BookPaper::Letter).unwrap();
    assert_eq!(again, rulebooks()[&BookPaper::Letter]);
}

/// A piece group's centre and drawn size from its transform,
/// `translate(x y) rotate(r) scale(s)`, and the box its kind is drawn in.
fn placed_piece(g: roxmltree::Node) -> Option<(f64, f64, f64)> {
    let t = g.attribute("transform")?;
    let numbers = |name: &str| -> Vec<f64> {
        let inner = t.split(&format!("{name}(")).nth(1).and_then(|r| r.split(')').next()).unwrap_or("");
        inner.split([' ', ',']).filter_map(|n| n.parse().ok()).collect()
    };
    let (at, scale) = (numbers("translate"), numbers("scale"));
    let box_mm = match g.attribute("data-piece")? {
        "head" | "segment" | "portal" | "rock" => 24.0,
        "coin" => 30.0,
        _ => 16.0,
    };
    Some((*at.first()?, *at.get(1)?, scale.first()? * box_mm))
}

/// The rulebook's figure of every face shows each one clear of the others: the two faces
/// of the flux coin, drawn larger than a tile, once overlapped.
#[test]
fn the_pieces_figure_shows_no_face_over_another() {
    let figures = rulebook_figures().unwrap();
    let svg = &figures.iter().find(|(n, _)| n == "pieces.svg").expect("the pieces figure").1;
    let doc = svg_doc(svg);
    let pieces: Vec<(f64, f64, f64)> =
        doc.descendants().filter(|n| n.has_attribute("data-piece")).filter_map(placed_piece).collect();
    assert!(pieces.len() > 20, "pieces found: {}", pieces.len());
    for (i, a) in pieces.iter().enumerate() {
        for b in &pieces[i + 1..] {
            let reach = (a.2 + b.2) / 2.0;
            let apart = (a.0 - b.0).abs() >= reach || (a.1 - b.1).abs() >= reach;
            assert!(apart, "pieces at ({:.1}, {:.1}) and ({:.1}, {:.1}) overlap", a.0, a.1, b.0, b.1);
        }
    }
}

/// On every flux coin drawing the arrow keeps clear of the words "FLUX COIN": it once ran
/// through them. The arrow's arc (centred on the coin) and its head are checked against the
/// words' box, estimated wide (0.62 em a letter plus the letter spacing).
#[test]
fn the_flux_coin_arrow_keeps_clear_of_its_words() {
    let coins: Vec<String> = faces()
        .into_iter()
        .filter(|f| f.component.kind == K::FluxCoin)
        .map(|f| read_str(&format!("dragons/pieces/{}.svg", f.stem())))
        .collect();
    assert_eq!(coins.len(), 2, "two faces of the coin");
    for svg in &coins {
        let doc = svg_doc(svg);
        let words = doc.descendants().find(|n| n.text() == Some("FLUX COIN")).expect("the coin's words");
        let attr = |n: roxmltree::Node, a: &str| n.attribute(a).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
        let (size, y) = (attr(words, "font-size"), attr(words, "y"));
        let half = 9.0 * (0.62 * size + attr(words, "letter-spacing")) / 2.0;
        // The words' box: cap height above the baseline, a little below it.
        let (x0, x1, y0, y1) = (-half, half, y - 0.75 * size, y + 0.2 * size);
        let paths: Vec<&str> = doc.descendants().filter_map(|n| n.attribute("d")).collect();
        let mut points = Vec::new();
        for d in &paths {
            let n: Vec<f64> = d
                .split(|c: char| c.is_ascii_alphabetic() || c == ' ' || c == ',')
                .filter_map(|v| v.parse().ok())
                .collect();
            if d.contains('A') {
                // M x y A r r rot large sweep x y: the arc round the coin's centre.
                let (r, from, to) = (n[2], n[1].atan2(n[0]), n[8].atan2(n[7]));
                let (large, sweep) = (n[5] != 0.0, n[6] != 0.0);
                let mut span = to - from;
                if sweep && span < 0.0 {
                    span += std::f64::consts::TAU;
                }
                if !sweep && span > 0.0 {
                    span -= std::f64::consts::TAU;
                }
                assert_eq!(span.abs() > std::f64::consts::PI, large, "the arc's flags in {d}");
                points.extend((0..=200).map(|k| {
                    let a = from + span * f64::from(k) / 200.0;
                    (r * a.cos(), r * a.sin(), 0.55)
                }));
            } else {
                points.extend(n.chunks(2).filter(|p| p.len() == 2).map(|p| (p[0], p[1], 0.0)));
            }
        }
        assert!(points.len() > 200, "the arrow's points: {paths:?}");
        for (px, py, stroke) in points {
            let dx = (x0 - px).max(px - x1).max(0.0);
            let dy = (y0 - py).max(py - y1).max(0.0);
            let gap = dx.hypot(dy) - stroke;
            assert!(gap > 0.5, "the arrow passes {gap:.2} from the words FLUX COIN, at ({px:.2}, {py:.2})");
        }
    }
}
