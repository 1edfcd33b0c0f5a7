//! Issue 12, printing like the best tools: the DriveThruCards PDF/X-1a file, duplex on
//! either edge with a back offset, the alignment test, fold-over sheets, print-then-cut
//! sheets with their cut files, and the Tabletop Simulator saved object. Each test parses
//! what was written.

use crate::outside_tool::{GHOSTSCRIPT, PDFTOPPM, PDFTOTEXT};
use crate::ppm;
use crate::temp_dir;

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::OnceLock;

use hexforge::cards::export::{self, DTC_PAGE_MM};
use hexforge::cards::layouts::{self, CutSheet, FoldSheet};
use hexforge::cards::sheet::{self, Duplex, HomeSheet};
use hexforge::cards::{Face, Lang, PrintedDeck};
use hexforge::games::decks;
use hexforge::generate::{GenerateOptions, Part, generate};
use hexforge::print::cmyk::{self, RICH_BLACK};
use hexforge::print::dpi::Dpi;
use hexforge::print::paper::Paper;
use hexforge::print::pdf::{MmRect, PT_PER_MM};
use hexforge::print::plan::{BackOffset, DuplexEdge, Layouts, PrintOptions};
use hexforge::print::profile::Profiles;
use hexforge::print::render;
use lopdf::{Document, Object};
use temp_dir::TempDir;

/// One run of the Changing Lines deck with every new option on, shared by the tests.
struct Run {
    dir: TempDir,
}

fn run() -> &'static Run {
    static RUN: OnceLock<Run> = OnceLock::new();
    RUN.get_or_init(|| {
        let dir = TempDir::new("print-options");
        let print = PrintOptions {
            dpi: Dpi::new(72).expect("72 is in range"),
            profiles: Profiles { home: true, tgc: false, mpc: false, dtc: true },
            layouts: Layouts { duplex: true, fold: true, cut: true },
            ..Default::default()
        };
        let options = GenerateOptions { out: dir.0.clone(), print, parts: vec![Part::Printed("changing-lines")] };
        generate(&options, &|_, _, _| ()).expect("generate runs");
        Run { dir }
    })
}

fn read(path: &str) -> Vec<u8> {
    let full = run().dir.0.join(path);
    std::fs::read(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

fn rect(doc: &Document, dict: &lopdf::Dictionary, key: &[u8]) -> [f32; 4] {
    let obj = dict.get(key).unwrap_or_else(|_| panic!("no {}", String::from_utf8_lossy(key)));
    let arr = match obj {
        Object::Reference(id) => doc.get_object(*id).unwrap().as_array().unwrap().clone(),
        o => o.as_array().unwrap().clone(),
    };
    let n: Vec<f32> = arr.iter().map(|o| o.as_float().or_else(|_| o.as_i64().map(|i| i as f32)).unwrap()).collect();
    [n[0], n[1], n[2], n[3]]
}

fn close(a: [f32; 4], b: [f32; 4]) -> bool {
    a.iter().zip(b).all(|(x, y)| (x - y).abs() < 0.05)
}

/// A box in PDF points (bottom-up) from mm (top-down) on a page `h` mm high.
fn pdf_box(r: MmRect, h: f32) -> [f32; 4] {
    [r.x * PT_PER_MM, (h - r.bottom()) * PT_PER_MM, r.right() * PT_PER_MM, (h - r.y) * PT_PER_MM]
}

fn deref<'a>(doc: &'a Document, obj: &'a Object) -> &'a Object {
    match obj {
        Object::Reference(id) => doc.get_object(*id).unwrap(),
        o => o,
    }
}

fn viewer_duplex(doc: &Document) -> Vec<u8> {
    let catalog = doc.catalog().unwrap();
    let prefs = deref(doc, catalog.get(b"ViewerPreferences").unwrap()).as_dict().unwrap();
    assert_eq!(prefs.get(b"PrintScaling").unwrap().as_name().unwrap(), b"None");
    prefs.get(b"Duplex").unwrap().as_name().unwrap().to_vec()
}

// ----------------------------------------------------------------------------------
// DriveThruCards.

#[test]
fn the_dtc_file_is_pdf_x_1a() {
    let bytes = read("changing-lines/dtc/changing-lines-dtc.pdf");
    assert!(bytes.starts_with(b"%PDF-1.4"), "PDF/X-1a:2003 is PDF 1.4");
    let doc = Document::load_mem(&bytes).unwrap();

    // One page a face, front then back, for every card.
    let pages = doc.get_pages();
    assert_eq!(pages.len(), 2 * decks::CHANGING_LINES.print_pairs().len());
    let (w, h) = DTC_PAGE_MM;
    assert!(((w * PT_PER_MM) - 198.0).abs() < 0.01 && ((h * PT_PER_MM) - 270.0).abs() < 0.01, "2.75×3.75 in");
    let bleed = 0.125 * 72.0;
    for id in pages.values() {
        let page = doc.get_dictionary(*id).unwrap();
        assert!(close(rect(&doc, page, b"MediaBox"), [0.0, 0.0, 198.0, 270.0]));
        assert!(close(rect(&doc, page, b"BleedBox"), [0.0, 0.0, 198.0, 270.0]));
        assert!(close(rect(&doc, page, b"TrimBox"), [bleed, bleed, 198.0 - bleed, 270.0 - bleed]), "1/8 in bleed");
        // Each page draws one CMYK image and nothing else: no fonts, no transparency.
        let resources = deref(&doc, page.get(b"Resources").unwrap()).as_dict().unwrap();
        let keys: BTreeSet<Vec<u8>> = resources.iter().map(|(k, _)| k.clone()).collect();
        assert_eq!(keys, BTreeSet::from([b"XObject".to_vec()]), "resources: only the image");
        let xobjects = deref(&doc, resources.get(b"XObject").unwrap()).as_dict().unwrap();
        for (_, image) in xobjects.iter() {
            let image = deref(&doc, image).as_stream().unwrap();
            let d = &image.dict;
            assert_eq!(d.get(b"Subtype").unwrap().as_name().unwrap(), b"Image");
            assert_eq!(d.get(b"ColorSpace").unwrap().as_name().unwrap(), b"DeviceCMYK");
            assert_eq!(d.get(b"BitsPerComponent").unwrap().as_i64().unwrap(), 8);
            assert_eq!(
                (d.get(b"Width").unwrap().as_i64().unwrap(), d.get(b"Height").unwrap().as_i64().unwrap()),
                (825, 1125)
            );
            assert!(!d.has(b"SMask") && !d.has(b"Mask"), "no transparency");
        }
    }
    // Nowhere an RGB or ICC-based colour space, a soft mask, a blend mode or an alpha.
    for (_, obj) in doc.objects.iter() {
        let text = format!("{obj:?}");
        for banned in ["DeviceRGB", "CalRGB", "ICCBased", "SMask", "ExtGState", "BM", "\"CA\"", "\"ca\"", "Font"] {
            assert!(!text.contains(banned), "{banned} in {text:.200}");
        }
    }
    for (_, obj) in doc.objects.iter() {
        if let Ok(stream) = obj.as_stream() {
            if stream.dict.get(b"Subtype").and_then(|s| s.as_name()).ok() == Some(b"Image".as_slice()) {
                continue;
            }
            let content = stream.decompressed_content().unwrap_or_else(|_| stream.content.clone());
            let has = |op: &[u8]| content.windows(op.len()).any(|w| w == op);
            assert!(!has(b" rg") && !has(b" RG") && !has(b" gs") && !has(b" Tf"), "content draws only the image");
        }
    }

    // The OutputIntent: GTS_PDFX with the bundled CMYK profile embedded.
    let catalog = doc.catalog().unwrap();
    let intents = deref(&doc, catalog.get(b"OutputIntents").unwrap()).as_array().unwrap();
    assert_eq!(intents.len(), 1);
    let intent = deref(&doc, &intents[0]).as_dict().unwrap();
    assert_eq!(intent.get(b"S").unwrap().as_name().unwrap(), b"GTS_PDFX");
    assert_eq!(intent.get(b"OutputConditionIdentifier").unwrap().as_str().unwrap(), cmyk::OUTPUT_CONDITION.as_bytes());
    let profile = deref(&doc, intent.get(b"DestOutputProfile").unwrap()).as_stream().unwrap();
    assert_eq!(profile.dict.get(b"N").unwrap().as_i64().unwrap(), 4);
    let icc = profile.decompressed_content().unwrap();
    assert_eq!(icc, cmyk::PROFILE, "the bundled profile, whole");
    assert_eq!(&icc[16..20], b"CMYK", "a CMYK profile");
    assert_eq!(&icc[12..16], b"prtr", "an output (printer) profile");
    assert_eq!(icc[8], 2, "ICC version 2, as PDF 1.4 reads");

    // The Info dictionary's PDF/X keys, and the trailer's ID.
    let info = deref(&doc, doc.trailer.get(b"Info").unwrap()).as_dict().unwrap();
    assert_eq!(info.get(b"GTS_PDFXVersion").unwrap().as_str().unwrap(), b"PDF/X-1a:2003");
    assert_eq!(info.get(b"Trapped").unwrap().as_name().unwrap(), b"False");
    for key in [b"Title".as_slice(), b"CreationDate", b"ModDate"] {
        assert!(info.has(key), "Info has no {}", String::from_utf8_lossy(key));
    }
    assert_eq!(doc.trailer.get(b"ID").unwrap().as_array().unwrap().len(), 2);
}

/// The pixels of the DTC file's page `n` (0-based), CMYK.
fn dtc_page_pixels(n: usize) -> Vec<u8> {
    let doc = Document::load_mem(&read("changing-lines/dtc/changing-lines-dtc.pdf")).unwrap();
    let pages = doc.get_pages();
    let page = doc.get_dictionary(pages[&(n as u32 + 1)]).unwrap();
    let resources = deref(&doc, page.get(b"Resources").unwrap()).as_dict().unwrap();
    let xobjects = deref(&doc, resources.get(b"XObject").unwrap()).as_dict().unwrap();
    let (_, image) = xobjects.iter().next().unwrap();
    deref(&doc, image).as_stream().unwrap().decompressed_content().unwrap()
}

#[test]
fn dtc_pages_print_the_ink_as_rich_black_and_keep_the_readings_apart() {
    // Page 0 is the front of card 1, page 1 its back.
    let front = dtc_page_pixels(0);
    let rich = front.chunks_exact(4).filter(|p| *p == RICH_BLACK).count();
    assert!(rich > 5_000, "the lines and numbers are rich black ({rich} px)");
    // Total ink stays within SWOP's 300 % everywhere.
    let worst = front.chunks_exact(4).map(|p| p.iter().map(|&v| v as u32).sum::<u32>()).max().unwrap();
    assert!(worst * 100 / 255 <= 302, "total ink {} %", worst * 100 / 255);
    // The light reading (pale blue) prints lighter than the dark one, by about as much
    // in greyscale as on screen: proof both inks through the profile.
    let light = cmyk::parse_hex(&hexforge::print::template::style_str(&["cards", "light_ink"]).unwrap()).unwrap();
    let dark = cmyk::parse_hex(&hexforge::print::template::style_str(&["cards", "dark_ink"]).unwrap()).unwrap();
    let converter = cmyk::Converter::for_cards().unwrap();
    let printed =
        cmyk::proof(&[converter.convert(&dark).unwrap(), converter.convert(&light).unwrap()].concat()).unwrap();
    let l = |i: usize| cmyk::lightness([printed[i * 3], printed[i * 3 + 1], printed[i * 3 + 2]]);
    let (screen, paper) = (cmyk::lightness(light) - cmyk::lightness(dark), l(1) - l(0));
    assert!(paper >= 0.9 * screen && paper > 25.0, "greyscale gap: {paper:.1} printed, {screen:.1} on screen");
    // The light ink's pixels are on the front too (the second reading).
    let light_cmyk = converter.convert(&light).unwrap();
    let near = |p: &[u8]| p.iter().zip(&light_cmyk).all(|(a, b)| a.abs_diff(*b) <= 2);
    assert!(front.chunks_exact(4).filter(|p| near(p)).count() > 2_000, "the light reading is printed");
    // The back is not the front.
    assert_ne!(dtc_page_pixels(1), front);
}

#[test]
fn ghostscript_renders_the_dtc_file() {
    let pdf = run().dir.0.join("changing-lines/dtc/changing-lines-dtc.pdf");
    let out = run().dir.0.join("dtc-page-1.png");
    let Some(gs) = GHOSTSCRIPT.or_skip() else { return };
    let status = std::process::Command::new(gs)
        .args(["-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=png16m", "-r100", "-dFirstPage=1", "-dLastPage=1"])
        .arg(format!("-sOutputFile={}", out.display()))
        .arg(&pdf)
        .status()
        .expect("gs runs");
    assert!(status.success(), "gs failed on the DTC file");
    let png = std::fs::read(&out).unwrap();
    let decoder = png::Decoder::new(png.as_slice());
    let mut reader = decoder.read_info().unwrap();
    let (w, h) = (reader.info().width, reader.info().height);
    assert_eq!((w, h), (275, 375), "2.75×3.75 in at 100 dpi");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let px = &buf[..info.buffer_size()];
    // Dark ink shows dark, the cream paper light.
    let dark = px.chunks_exact(3).filter(|p| p.iter().all(|&v| v < 70)).count();
    let light = px.chunks_exact(3).filter(|p| p.iter().all(|&v| v > 225)).count();
    assert!(dark > 300 && light > 20_000, "dark {dark}, light {light}");
}

// ----------------------------------------------------------------------------------
// Duplex: short edge, back offset, alignment test.

fn trees(deck: PrintedDeck) -> Vec<(Face, usvg::Tree)> {
    deck.faces()
        .iter()
        .map(|f| (*f, render::svg_tree(&hexforge::cards::card_svg(deck, f, Lang::En).unwrap(), 72.0).unwrap()))
        .collect()
}

#[test]
fn back_pages_move_by_the_offset_and_turn_for_the_short_edge() {
    let deck = decks::CHANGING_LINES;
    let trees = trees(deck);
    let tree = |f: &Face| &trees.iter().find(|(g, _)| g == f).unwrap().1;
    // Backs that are not the same turned (the next card's front), so a turn shows.
    let faces: Vec<Face> = deck.print_pairs().iter().map(|(front, _)| *front).collect();
    let pairs: Vec<_> = (0..9).map(|i| (tree(&faces[i]), tree(&faces[i + 9]))).collect();
    let paper = Paper::A4;
    let (_, page_h) = paper.size_mm();
    let layout = HomeSheet::new(paper);
    for (edge, name) in
        [(DuplexEdge::Long, b"DuplexFlipLongEdge".as_slice()), (DuplexEdge::Short, b"DuplexFlipShortEdge")]
    {
        let duplex = Duplex { edge, back_offset: BackOffset { x: 3.0, y: -2.0 } };
        let bytes = sheet::home_print_pdf(&pairs, paper, "test", duplex).unwrap();
        let doc = Document::load_mem(&bytes).unwrap();
        assert_eq!(viewer_duplex(&doc), name);
        let pages = doc.get_pages();
        let front = doc.get_dictionary(pages[&1]).unwrap();
        let back = doc.get_dictionary(pages[&2]).unwrap();
        assert!(close(rect(&doc, front, b"TrimBox"), pdf_box(layout.block, page_h)), "fronts do not move");
        let moved = MmRect::new(layout.block.x + 3.0, layout.block.y - 2.0, layout.block.w, layout.block.h);
        assert!(close(rect(&doc, back, b"TrimBox"), pdf_box(moved, page_h)), "{edge:?}: backs move by the offset");
        // What prints: the back page is the plain back page moved by the offset (and, for
        // the short edge, turned 180° first). 127 dpi makes five pixels a millimetre.
        let plain =
            sheet::home_print_pdf(&pairs, paper, "test", Duplex { edge, back_offset: BackOffset::NONE }).unwrap();
        let (Some(moved), Some(plain)) = (render_page(&bytes, 2, 127.0), render_page(&plain, 2, 127.0)) else {
            continue;
        };
        let shifted = |x: i64, y: i64| plain.at(x - 15, y + 10);
        let share = moved.matches(shifted);
        assert!(share > 0.9, "{edge:?}: the back moved by (3, -2) mm ({share})");
        if edge == DuplexEdge::Short {
            let long = sheet::home_print_pdf(&pairs, paper, "test", Duplex::default()).unwrap();
            let long = render_page(&long, 2, 127.0).unwrap();
            // The page is 1050×1485 px; pdftoppm may add a partial last column and row.
            let (w, h) = (paper.size_mm().0 as i64 * 5, paper.size_mm().1 as i64 * 5);
            let turned = |x: i64, y: i64| if x < w && y < h { long.at(w - 1 - x, h - 1 - y) } else { None };
            let share = plain.matches(turned);
            // Glyphs rasterise a little differently upside down, hence the margin.
            assert!(share > 0.75, "the short-edge back is the long-edge back turned 180° ({share})");
            let unturned = |x: i64, y: i64| long.at(x, y);
            let as_is = plain.matches(unturned);
            assert!(as_is < share - 0.2, "and not the long-edge back as it is ({as_is} vs {share})");
        }
    }
}

/// A page rendered by pdftoppm, RGB.
struct Raster {
    w: usize,
    h: usize,
    rgb: Vec<u8>,
}

impl Raster {
    fn at(&self, x: i64, y: i64) -> Option<[u8; 3]> {
        if x < 0 || y < 0 || x as usize >= self.w || y as usize >= self.h {
            return None;
        }
        let i = (y as usize * self.w + x as usize) * 3;
        Some([self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]])
    }

    /// Of the pixels inked in either image (where `other` has one), the share within 48
    /// levels of `other`'s: blank paper, which matches anything, does not count.
    fn matches(&self, other: impl Fn(i64, i64) -> Option<[u8; 3]>) -> f32 {
        let (mut same, mut all) = (0, 0);
        let inked = |p: [u8; 3]| p.iter().map(|&v| v as u32).sum::<u32>() < 3 * 170;
        for y in 0..self.h as i64 {
            for x in 0..self.w as i64 {
                if let (Some(a), Some(b)) = (self.at(x, y), other(x, y)) {
                    if !inked(a) && !inked(b) {
                        continue;
                    }
                    all += 1;
                    same += usize::from(a.iter().zip(b).all(|(p, q)| p.abs_diff(q) <= 48));
                }
            }
        }
        same as f32 / all.max(1) as f32
    }
}

/// Page `page` (1-based) of `pdf` at `dpi`, or None (with a note) where pdftoppm is
/// missing outside CI.
fn render_page(pdf: &[u8], page: u32, dpi: f32) -> Option<Raster> {
    let dir = TempDir::new("render");
    let file = dir.0.join("in.pdf");
    std::fs::write(&file, pdf).unwrap();
    let n = page.to_string();
    let pdftoppm = PDFTOPPM.or_skip()?;
    let out = std::process::Command::new(pdftoppm)
        .args(["-f", &n, "-l", &n, "-r", &dpi.to_string(), "-singlefile"])
        .arg(&file)
        .arg(dir.0.join("page"))
        .output()
        .expect("pdftoppm runs");
    assert!(out.status.success(), "pdftoppm failed");
    let (w, h, rgb) = ppm::ppm(&std::fs::read(dir.0.join("page.ppm")).unwrap());
    Some(Raster { w, h, rgb })
}

#[test]
fn the_alignment_test_has_two_sides_and_says_how_to_use_it() {
    for paper in ["a4", "letter"] {
        let bytes = read(&format!("alignment-test-{paper}.pdf"));
        let doc = Document::load_mem(&bytes).unwrap();
        assert_eq!(doc.get_pages().len(), 2, "a front and a back");
        assert_eq!(viewer_duplex(&doc), b"DuplexFlipLongEdge");
    }
    // Its words, as a reader sees them (pdftotext reads krilla's text).
    let path = run().dir.0.join("alignment-test-a4.pdf");
    if let Some(pdftotext) = PDFTOTEXT.or_skip() {
        let out = std::process::Command::new(pdftotext).arg(&path).arg("-").output().expect("pdftotext runs");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("--back-offset X,Y"), "{text}");
        for label in ["+5", "+10", "-5", "-10", "X (across)", "Y (down)"] {
            assert!(text.contains(label), "no {label} in {text}");
        }
    }
    // The rulebook's print page explains it.
    let book = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/templates/rulebooks/common.typ")).unwrap();
    assert!(book.contains("alignment-test-") && book.contains("--back-offset X,Y") && book.contains("--layout fold"));
}

// ----------------------------------------------------------------------------------
// Fold-over and print-then-cut sheets.

#[test]
fn fold_sheets_mirror_each_back_across_the_fold() {
    for paper in Paper::HOME {
        let bytes = read(&format!("changing-lines/changing-lines-cards-fold-{}.pdf", paper.key()));
        let doc = Document::load_mem(&bytes).unwrap();
        let cards = decks::CHANGING_LINES.print_pairs().len()
            + hexforge::cards::aids::aids(decks::CHANGING_LINES, Lang::En).len();
        assert_eq!(doc.get_pages().len(), cards.div_ceil(4), "four cards a page");
        assert_eq!(viewer_duplex(&doc), b"Simplex", "one-sided");
        let sheet = FoldSheet::new(paper);
        let (w, h) = sheet.page;
        assert!(w > h, "landscape");
        for k in 0..4 {
            let (front, back) = sheet.cells(k);
            // Mirror images about the fold line, same row.
            assert!((front.x + back.right() - 2.0 * sheet.fold_x).abs() < 0.01, "card {k}: back mirrors front");
            assert_eq!(front.y, back.y);
            assert!(front.right() <= sheet.fold_x - layouts::FOLD_GAP_MM + 0.01, "fronts left of the fold");
        }
        let page = doc.get_dictionary(doc.get_pages()[&1]).unwrap();
        let trim = rect(&doc, page, b"TrimBox");
        assert!(((trim[0] + trim[2]) / 2.0 - w / 2.0 * PT_PER_MM).abs() < 0.05, "centred on the fold");
        assert!(trim[0] >= 5.0 * PT_PER_MM, "inside the printable page");
    }
}

#[test]
fn cut_files_match_their_sheets() {
    let cards =
        decks::CHANGING_LINES.print_pairs().len() + hexforge::cards::aids::aids(decks::CHANGING_LINES, Lang::En).len();
    for paper in Paper::HOME {
        let key = paper.key();
        let doc = Document::load_mem(&read(&format!("changing-lines/cut/changing-lines-cards-cut-{key}.pdf"))).unwrap();
        let fronts = cards.div_ceil(6);
        assert_eq!(doc.get_pages().len(), 2 * fronts, "a fronts and a backs page per six cards");
        let sheet = CutSheet::new(paper);
        let (w, h) = sheet.page;
        let page = doc.get_dictionary(doc.get_pages()[&1]).unwrap();
        assert!(close(rect(&doc, page, b"MediaBox"), [0.0, 0.0, w * PT_PER_MM, h * PT_PER_MM]));
        let marks = sheet.registration_marks();
        for i in 1..=fronts {
            let svg = String::from_utf8(read(&format!("changing-lines/cut/changing-lines-cards-cut-{key}-{i:02}.svg")))
                .unwrap();
            let xml = roxmltree::Document::parse(&svg).unwrap();
            let root = xml.root_element();
            let mm = |a: &str| root.attribute(a).unwrap().trim_end_matches("mm").parse::<f32>().unwrap();
            assert!((mm("width") - w).abs() < 0.01 && (mm("height") - h).abs() < 0.01, "the page's size in mm");
            let group = |id: &str| xml.descendants().find(|n| n.attribute("id") == Some(id)).unwrap();
            let rects = |id: &str| -> Vec<MmRect> {
                group(id)
                    .children()
                    .filter(|n| n.has_tag_name("rect"))
                    .map(|n| {
                        let f = |a: &str| n.attribute(a).unwrap().parse::<f32>().unwrap();
                        MmRect::new(f("x"), f("y"), f("width"), f("height"))
                    })
                    .collect()
            };
            assert_eq!(rects("registration-marks"), marks, "the marks printed on the sheet");
            let cuts = rects("cut");
            let on_page = (cards - (i - 1) * 6).min(6);
            assert_eq!(cuts.len(), on_page);
            for (k, cut) in cuts.iter().enumerate() {
                let expected = sheet.cut(k % 3, k / 3);
                assert!(
                    (cut.x - expected.x).abs() < 0.001 && (cut.w - 63.0).abs() < 0.001 && (cut.h - 88.0).abs() < 0.001
                );
                // Every cut keeps clear of every mark.
                for m in &marks {
                    let apart = cut.right() < m.x || m.right() < cut.x || cut.bottom() < m.y || m.bottom() < cut.y;
                    assert!(apart, "cut {k} touches a registration mark");
                }
            }
        }
        // The PDF's fronts page prints the same marks where the SVG has them: black in the
        // middle of each mark, white just outside it (254 dpi: ten pixels a millimetre).
        let bytes = read(&format!("changing-lines/cut/changing-lines-cards-cut-{key}.pdf"));
        if let Some(page) = render_page(&bytes, 1, 254.0) {
            let px = |x: f32, y: f32| page.at((x * 10.0) as i64, (y * 10.0) as i64).unwrap();
            for m in &marks {
                let (cx, cy) = (m.x + m.w / 2.0, m.y + m.h / 2.0);
                assert!(px(cx, cy).iter().all(|&v| v < 60), "{key}: mark at {cx},{cy} is printed");
                assert!(px(m.x - 1.0, m.y - 1.0).iter().all(|&v| v > 200), "{key}: paper outside the mark");
            }
        }
    }
}

// ----------------------------------------------------------------------------------
// Tabletop Simulator.

#[test]
fn the_tts_deck_is_a_saved_object_pointing_at_the_sheets() {
    let json: serde_json::Value = serde_json::from_slice(&read("changing-lines/tts-deck.json")).unwrap();
    let deck = &json["ObjectStates"][0];
    assert_eq!(deck["Name"], "Deck");
    let custom = &deck["CustomDeck"]["1"];
    assert_eq!(custom["NumWidth"], 10);
    assert_eq!(custom["NumHeight"], 7);
    let ids: Vec<u64> = deck["DeckIDs"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(ids, (100..164).collect::<Vec<u64>>(), "ids from 100, one a card");
    assert_eq!(deck["ContainedObjects"].as_array().unwrap().len(), 64);
    // The images are the sheets as written, by file:/// address.
    for (key, file) in [("FaceURL", "tts-deck.png"), ("BackURL", "tts-back.png")] {
        let url = custom[key].as_str().unwrap();
        let path = url.strip_prefix("file://").unwrap_or_else(|| panic!("{url}"));
        assert!(path.ends_with(&format!("changing-lines/{file}")), "{url}");
        assert!(Path::new(path).is_file(), "{url} exists");
    }
    // With a base address, the same object points there; Zhi Pai adds its trigram deck.
    let zhi = export::tts_deck_json(decks::ZHI_PAI, Path::new("out"), Some("https://example.org/pnp"));
    let zhi: serde_json::Value = serde_json::from_str(&zhi).unwrap();
    assert_eq!(
        zhi["ObjectStates"][0]["CustomDeck"]["1"]["FaceURL"],
        "https://example.org/pnp/zhi-pai/tts-hexagrams.png"
    );
    let trigrams = &zhi["ObjectStates"][1];
    assert_eq!(trigrams["CustomDeck"]["2"]["UniqueBack"], true);
    assert_eq!(trigrams["CustomDeck"]["2"]["NumHeight"], 2);
    assert_eq!(trigrams["DeckIDs"][0], 200);
    assert_eq!(trigrams["DeckIDs"].as_array().unwrap().len(), 16);
}

// ----------------------------------------------------------------------------------
// The command line.

#[test]
fn every_option_is_in_help_and_bad_offsets_are_refused() {
    let bin = env!("CARGO_BIN_EXE_hexforge");
    let help = std::process::Command::new(bin).args(["generate", "--help"]).output().unwrap();
    let text = String::from_utf8_lossy(&help.stdout);
    for word in
        ["--layout", "fold", "cut", "--duplex", "short", "--back-offset", "--tts-base-url", "dtc", "DriveThruCards"]
    {
        assert!(text.contains(word), "--help has no {word}");
    }
    let bad = std::process::Command::new(bin)
        .args(["generate", "--back-offset", "12,0", "--out", "/nonexistent/x"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("\"12,0\"") && err.contains("-10 to 10"), "{err}");
}
