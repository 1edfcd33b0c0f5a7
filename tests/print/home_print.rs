//! The home print, read back from what `generate` writes (issue 11): no mark lies in the
//! outer 5 mm of the paper, where most printers print nothing; every cut of a card sheet
//! keeps a printed mark; no seam of a tiled board cuts through a play space.

use crate::home_run;
use crate::outside_tool::PDFTOPPM;
use crate::ppm;
use crate::temp_dir;

use std::collections::BTreeMap;
use std::path::Path;

use hexforge::cards::{TRIM_HEIGHT_MM, TRIM_WIDTH_MM};
use hexforge::generate::generate;
use hexforge::print::paper::Paper;
use hexforge::print::plan::{Layout, Layouts};
use hexforge::print::preflight::{Matrix, multiply};
use lopdf::content::Content;
use lopdf::{Document, ObjectId};
use ppm::ppm;
use temp_dir::TempDir;

const PT_PER_MM: f64 = 72.0 / 25.4;

/// An integer or real PDF operand as a number.
fn number(o: &lopdf::Object) -> f64 {
    match o {
        lopdf::Object::Integer(i) => *i as f64,
        lopdf::Object::Real(r) => f64::from(*r),
        other => panic!("not a number: {other:?}"),
    }
}
/// The outer band of the paper most home printers leave blank.
const SAFE_MM: f64 = 5.0;

/// Every PDF one home-print run writes for the games (rulebooks aside), by path: every
/// layout of the card sheets, so fold-over and print-then-cut sheets are checked too. Made
/// once and shared by the tests of this file.
fn home_pdfs() -> &'static BTreeMap<String, Vec<u8>> {
    static PDFS: std::sync::OnceLock<BTreeMap<String, Vec<u8>>> = std::sync::OnceLock::new();
    PDFS.get_or_init(|| {
        let out = TempDir::new("home-print");
        let mut options = home_run::home_print_options(&out.0);
        options.print.layouts = Layouts::from_list(Layout::ALL);
        let written = generate(&options, &|_, _, _| ()).expect("generate runs");
        written
            .into_iter()
            .filter(|e| e.path.ends_with(".pdf"))
            .map(|e| {
                let bytes = std::fs::read(Path::new(&out.0).join(&e.path)).expect("written file");
                (e.path, bytes)
            })
            .collect()
    })
}

/// An axis-aligned box in page points, y up as in PDF.
#[derive(Clone, Copy, Debug)]
struct Bbox {
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

impl Bbox {
    fn of(points: &[(f64, f64)]) -> Option<Bbox> {
        let first = points.first()?;
        let mut b = Bbox { x0: first.0, y0: first.1, x1: first.0, y1: first.1 };
        for &(x, y) in points {
            b = Bbox { x0: b.x0.min(x), y0: b.y0.min(y), x1: b.x1.max(x), y1: b.y1.max(y) };
        }
        Some(b)
    }

    fn intersect(self, o: Bbox) -> Option<Bbox> {
        let b = Bbox { x0: self.x0.max(o.x0), y0: self.y0.max(o.y0), x1: self.x1.min(o.x1), y1: self.y1.min(o.y1) };
        (b.x0 <= b.x1 && b.y0 <= b.y1).then_some(b)
    }
}

fn apply(m: Matrix, (x, y): (f64, f64)) -> (f64, f64) {
    (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
}

/// The visible part (clipped) of every stroked path on a page, form XObjects included,
/// in page points.
fn visible_strokes(doc: &Document, page: ObjectId) -> Vec<Bbox> {
    let content = doc.get_page_content(page).expect("page content");
    let resources = doc.get_page_resources(page).expect("resources").0.cloned();
    let media = art_box(doc, page);
    let mut out = Vec::new();
    walk(doc, &content, resources.as_ref(), [1.0, 0.0, 0.0, 1.0, 0.0, 0.0], media, &mut out);
    out
}

fn walk(
    doc: &Document,
    content: &[u8],
    resources: Option<&lopdf::Dictionary>,
    ctm0: Matrix,
    clip0: Bbox,
    out: &mut Vec<Bbox>,
) {
    let ops = Content::decode(content).expect("content decodes").operations;
    let (mut ctm, mut clip) = (ctm0, clip0);
    let mut stack = Vec::new();
    // The current path, one list of points per subpath: a mark is one subpath.
    let mut path: Vec<Vec<(f64, f64)>> = Vec::new();
    let mut clip_next = false;
    for op in ops {
        let n = |i: usize| number(&op.operands[i]);
        match op.operator.as_str() {
            "q" => stack.push((ctm, clip)),
            "Q" => (ctm, clip) = stack.pop().expect("balanced q/Q"),
            "cm" => ctm = multiply([n(0), n(1), n(2), n(3), n(4), n(5)], ctm),
            "m" => path.push(vec![apply(ctm, (n(0), n(1)))]),
            "l" => extend(&mut path, [apply(ctm, (n(0), n(1)))]),
            "c" => extend(&mut path, [apply(ctm, (n(0), n(1))), apply(ctm, (n(2), n(3))), apply(ctm, (n(4), n(5)))]),
            "v" | "y" => extend(&mut path, [apply(ctm, (n(0), n(1))), apply(ctm, (n(2), n(3)))]),
            "re" => {
                let (x, y, w, h) = (n(0), n(1), n(2), n(3));
                path.push([(x, y), (x + w, y), (x + w, y + h), (x, y + h)].map(|p| apply(ctm, p)).to_vec());
            }
            "W" | "W*" => clip_next = true,
            "S" | "s" | "B" | "B*" | "b" | "b*" | "f" | "F" | "f*" | "n" => {
                if matches!(op.operator.as_str(), "S" | "s" | "B" | "B*" | "b" | "b*") {
                    out.extend(path.iter().filter_map(|sub| Bbox::of(sub)?.intersect(clip)));
                }
                let bbox = Bbox::of(&path.concat());
                if clip_next {
                    clip =
                        bbox.and_then(|b| b.intersect(clip)).unwrap_or(Bbox { x0: 0.0, y0: 0.0, x1: -1.0, y1: -1.0 });
                    clip_next = false;
                }
                path.clear();
            }
            "Do" => {
                let Some(name) = op.operands.first().and_then(|o| o.as_name().ok()) else { continue };
                let Some(stream) = resources
                    .and_then(|r| r.get(b"XObject").ok())
                    .and_then(|o| doc.dereference(o).ok())
                    .and_then(|(_, o)| o.as_dict().ok())
                    .and_then(|d| d.get(name).ok())
                    .and_then(|o| doc.dereference(o).ok())
                    .and_then(|(_, o)| o.as_stream().ok())
                else {
                    continue;
                };
                if stream.dict.get(b"Subtype").and_then(|o| o.as_name()).ok() != Some(b"Form".as_slice()) {
                    continue;
                }
                let matrix = match stream.dict.get(b"Matrix").and_then(|o| o.as_array()) {
                    Ok(a) => [number(&a[0]), number(&a[1]), number(&a[2]), number(&a[3]), number(&a[4]), number(&a[5])],
                    Err(_) => [1.0, 0.0, 0.0, 1.0, 0.0, 0.0],
                };
                let inner = stream
                    .dict
                    .get(b"Resources")
                    .ok()
                    .and_then(|o| doc.dereference(o).ok())
                    .and_then(|(_, o)| o.as_dict().ok());
                let bytes = stream.decompressed_content().unwrap_or_else(|_| stream.content.clone());
                walk(doc, &bytes, inner.or(resources), multiply(matrix, ctm), clip, out);
            }
            _ => {}
        }
    }
}

/// Adds points to the last subpath (a path that does not start with `m` starts one).
fn extend<const N: usize>(path: &mut Vec<Vec<(f64, f64)>>, points: [(f64, f64); N]) {
    match path.last_mut() {
        Some(sub) => sub.extend(points),
        None => path.push(points.to_vec()),
    }
}

fn page_box(doc: &Document, page: ObjectId, key: &[u8]) -> Option<Bbox> {
    let dict = doc.get_dictionary(page).ok()?;
    let a = dict.get(key).ok()?.as_array().ok()?;
    Some(Bbox { x0: number(&a[0]), y0: number(&a[1]), x1: number(&a[2]), y1: number(&a[3]) })
}

fn art_box(doc: &Document, page: ObjectId) -> Bbox {
    page_box(doc, page, b"MediaBox").expect("every page has a MediaBox")
}

/// The paper a page is, if a home paper in either orientation.
fn home_paper(media: Bbox) -> Option<Paper> {
    let (w, h) = ((media.x1 - media.x0) / PT_PER_MM, (media.y1 - media.y0) / PT_PER_MM);
    Paper::HOME.into_iter().find(|p| {
        let (pw, ph) = p.size_mm();
        let near = |a: f64, b: f32| (a - f64::from(b)).abs() < 0.5;
        (near(w, pw) && near(h, ph)) || (near(w, ph) && near(h, pw))
    })
}

#[test]
fn every_mark_lies_inside_the_printable_area_and_every_card_cut_keeps_a_mark() {
    let pdfs = home_pdfs();
    let safe = SAFE_MM * PT_PER_MM - 0.05;
    let mut home_pages = 0;
    let mut card_sheets = 0;
    for (path, bytes) in pdfs {
        let doc = Document::load_mem(bytes).expect("a PDF");
        for (number, page) in doc.get_pages() {
            let media = art_box(&doc, page);
            let Some(paper) = home_paper(media) else { continue };
            home_pages += 1;
            let strokes = visible_strokes(&doc, page);
            for s in &strokes {
                let from_edge = (s.x0 - media.x0).min(s.y0 - media.y0).min(media.x1 - s.x1).min(media.y1 - s.y1);
                assert!(
                    from_edge >= safe,
                    "{path} page {number} ({paper:?}): a stroke at {:.1} mm from the paper edge: {s:?}",
                    from_edge / PT_PER_MM
                );
            }
            // Card sheets: the TrimBox is the 3×3 block; each of its cut lines needs a
            // visible mark outside the block, on the line.
            let Some(trim) = page_box(&doc, page, b"TrimBox") else { continue };
            let (tw, th) = ((trim.x1 - trim.x0) / PT_PER_MM, (trim.y1 - trim.y0) / PT_PER_MM);
            let is_card_block = (tw - 3.0 * f64::from(TRIM_WIDTH_MM)).abs() < 0.1
                && (th - 3.0 * f64::from(TRIM_HEIGHT_MM)).abs() < 0.1
                && (path.starts_with("changing-lines/") || path.starts_with("zhi-pai/"));
            if !is_card_block {
                continue;
            }
            card_sheets += 1;
            let outside = |s: &&Bbox| s.x1 <= trim.x0 || s.x0 >= trim.x1 || s.y1 <= trim.y0 || s.y0 >= trim.y1;
            let marks: Vec<&Bbox> = strokes.iter().filter(outside).collect();
            let min_length = 1.5 * PT_PER_MM;
            for k in 0..=3 {
                let x = trim.x0 + f64::from(k) * f64::from(TRIM_WIDTH_MM) * PT_PER_MM;
                let y = trim.y1 - f64::from(k) * f64::from(TRIM_HEIGHT_MM) * PT_PER_MM;
                let on_x =
                    marks.iter().any(|m| (m.x0 - x).abs() < 0.3 && (m.x1 - x).abs() < 0.3 && m.y1 - m.y0 >= min_length);
                let on_y =
                    marks.iter().any(|m| (m.y0 - y).abs() < 0.3 && (m.y1 - y).abs() < 0.3 && m.x1 - m.x0 >= min_length);
                assert!(on_x, "{path} page {number}: the cut at column line {k} has no printable mark");
                assert!(on_y, "{path} page {number}: the cut at row line {k} has no printable mark");
            }
        }
    }
    assert!(home_pages > 40, "only {home_pages} A4/Letter pages found");
    // Both decks, both papers, fronts and backs.
    assert!(card_sheets >= 2 * 2 * 2 * 8, "only {card_sheets} card sheet pages found");
}

/// A play space read from a board SVG: left, top, right, bottom in art millimetres.
type Space = (f32, f32, f32, f32);

fn parse(n: &roxmltree::Node, name: &str) -> f32 {
    n.attribute(name).and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("{name} is a number"))
}

/// The Liubo board's stations (their circles) and its title (the first text of the
/// labels, at a generous 0.8 em per character plus its letter spacing).
fn liubo_spaces() -> Vec<(String, Space)> {
    let svg = hexforge::games::liubo::board::board_svg().unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let mut spaces = Vec::new();
    for g in doc.descendants().filter(|n| n.attribute("data-station").is_some()) {
        let c = g.children().find(|c| c.has_tag_name("circle")).expect("a station circle");
        let (x, y, r) = (parse(&c, "cx"), parse(&c, "cy"), parse(&c, "r"));
        spaces.push((format!("station {}", g.attribute("data-station").unwrap()), (x - r, y - r, x + r, y + r)));
    }
    let labels = doc.descendants().find(|n| n.attribute("id") == Some("labels")).expect("the labels group");
    let title = labels.children().find(|n| n.has_tag_name("text")).expect("the title");
    let (x, y, size) = (parse(&title, "x"), parse(&title, "y"), parse(&title, "font-size"));
    let chars = title.text().unwrap_or("").chars().count() as f32;
    let half = chars * (0.8 * size + parse(&title, "letter-spacing")) / 2.0;
    spaces.push(("the title".into(), (x - half, y - size, x + half, y)));
    spaces
}

/// The squares of the Dragons board of human.
fn dragons_spaces() -> Vec<(String, Space)> {
    let svg = hexforge::games::dragons::boards::board_human_svg(None, false).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    doc.descendants()
        .filter(|n| n.attribute("data-cell").is_some())
        .map(|r| {
            let (x, y, w, h) = (parse(&r, "x"), parse(&r, "y"), parse(&r, "width"), parse(&r, "height"));
            (format!("square {}", r.attribute("data-cell").unwrap()), (x, y, x + w, y + h))
        })
        .collect()
}

/// Regression test for issue 11: the Liubo seam ran through station 29 and the title,
/// the Dragons seam through column e and the rock square.
#[test]
fn no_board_seam_cuts_through_a_play_space() {
    use hexforge::games::{dragons, liubo};
    use hexforge::print::tiling::{self, TilingOptions};
    let boards = [
        ("Liubo", liubo::board::BOARD_MM, liubo_spaces(), liubo::sheets::play_spaces()),
        ("Dragons", dragons::boards::board_side_mm(), dragons_spaces(), dragons::sheets::board_human_squares()),
    ];
    for (name, side, spaces, keep_whole) in boards {
        assert!(spaces.len() >= 29, "{name}: the SVG shows its play spaces");
        for paper in Paper::HOME {
            let plan = tiling::plan(side, side, &keep_whole, paper, &TilingOptions::default()).unwrap();
            assert!(plan.tiles.len() > 1, "{name} is tiled on {paper:?}");
            let inside = |at: f32, lo: f32, hi: f32| at > lo + 0.05 && at < hi - 0.05;
            for t in plan.tiles.iter().filter(|t| t.col > 0 && t.row == 0) {
                for (what, (x0, _, x1, _)) in &spaces {
                    assert!(!inside(t.x_mm, *x0, *x1), "{name} on {paper:?}: the seam at x={} cuts {what}", t.x_mm);
                }
            }
            for t in plan.tiles.iter().filter(|t| t.row > 0 && t.col == 0) {
                for (what, (_, y0, _, y1)) in &spaces {
                    assert!(!inside(t.y_mm, *y0, *y1), "{name} on {paper:?}: the seam at y={} cuts {what}", t.y_mm);
                }
            }
        }
    }
}

/// `pdf` rendered by pdftoppm at `dpi`, one (width, height, RGB) a page; None where
/// pdftoppm is missing outside CI (CI installs it: `.ci/run`).
fn render_pages(pdf: &[u8], dpi: u32) -> Option<Vec<(usize, usize, Vec<u8>)>> {
    let dir = TempDir::new("ink");
    let file = dir.0.join("in.pdf");
    std::fs::write(&file, pdf).unwrap();
    let pdftoppm = PDFTOPPM.or_skip()?;
    let out = std::process::Command::new(pdftoppm)
        .args(["-r", &dpi.to_string()])
        .arg(&file)
        .arg(dir.0.join("p"))
        .output()
        .expect("pdftoppm runs");
    assert!(out.status.success(), "pdftoppm failed: {}", String::from_utf8_lossy(&out.stderr));
    let mut names: Vec<_> = std::fs::read_dir(&dir.0).unwrap().map(|e| e.unwrap().path()).collect();
    names.retain(|p| p.extension().is_some_and(|e| e == "ppm"));
    // p-01.ppm … p-NN.ppm: zero-padded to one width, so they sort in page order.
    names.sort();
    Some(names.iter().map(|p| ppm(&std::fs::read(p).unwrap())).collect())
}

/// Issue 28: Letter card sheets had their note 2.8 mm from the bottom edge. Every page of
/// every home-print PDF (card sheets in each layout, the alignment test, pieces, tiles,
/// tiled and whole boards) is rendered and nothing may be inked in its outer 5 mm.
#[test]
fn nothing_is_printed_within_five_millimetres_of_the_paper_edge() {
    const DPI: u32 = 50;
    // Whole pixels lying entirely inside the band (a pixel straddling 5 mm may hold
    // the edge of a mark placed exactly there).
    let band = (SAFE_MM / 25.4 * f64::from(DPI)).floor() as usize;
    let mut pages = 0;
    let mut letter_card_pages = 0;
    for (path, bytes) in home_pdfs() {
        let Some(rendered) = render_pages(bytes, DPI) else { return };
        for (i, (w, h, rgb)) in rendered.iter().enumerate() {
            pages += 1;
            let deck = path.starts_with("changing-lines/") || path.starts_with("zhi-pai/");
            letter_card_pages += usize::from(deck && path.contains("letter"));
            for y in 0..*h {
                for x in 0..*w {
                    let near = x < band || y < band || x >= w - band || y >= h - band;
                    if !near {
                        continue;
                    }
                    let p = &rgb[(y * w + x) * 3..(y * w + x) * 3 + 3];
                    // Paper is 255; a faint anti-aliased fringe of something placed just
                    // inside the band would still be below this.
                    assert!(
                        p.iter().all(|&v| v >= 245),
                        "{path} page {}: ink {p:?} at ({x}, {y}) px of {w}×{h} at {DPI} dpi, {:.1} mm from the edge",
                        i + 1,
                        (x.min(y).min(w - 1 - x).min(h - 1 - y) as f64 + 0.5) * 25.4 / f64::from(DPI)
                    );
                }
            }
        }
    }
    assert!(pages > 100, "only {pages} pages rendered");
    assert!(letter_card_pages > 16, "the Letter card sheets were rendered ({letter_card_pages} pages)");
}
