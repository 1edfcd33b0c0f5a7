//! Issue 41, preflight: every shop's rules pass on what `generate` writes for its profile,
//! and each rule fails on a file made wrong on purpose, with a message naming the rule;
//! `hexforge preflight` exits 0, 1 or 2 as documented (docs/print.md, "Preflight").

use crate::temp_dir;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output};
use std::sync::OnceLock;

use hexforge::generate::{GenerateOptions, Part, generate};
use hexforge::print::dpi::Dpi;
use hexforge::print::plan::PrintOptions;
use hexforge::print::preflight::{self, Report, Shop};
use hexforge::print::profile::Profiles;
use lopdf::{Dictionary, Document, Object, Stream};
use temp_dir::TempDir;

/// One run of the Changing Lines deck with every profile, shared by the tests: what it
/// wrote, by manifest kind and path.
struct Run {
    dir: TempDir,
    files: Vec<(String, String)>,
}

fn run() -> &'static Run {
    static RUN: OnceLock<Run> = OnceLock::new();
    RUN.get_or_init(|| {
        let dir = TempDir::new("preflight");
        let print =
            PrintOptions { dpi: Dpi::new(72).expect("72 is in range"), profiles: Profiles::ALL, ..Default::default() };
        let options = GenerateOptions { out: dir.0.clone(), print, parts: vec![Part::Printed("changing-lines")] };
        let written = generate(&options, &|_, _, _| ()).expect("generate runs, its own preflight passing");
        Run { dir, files: written.into_iter().map(|e| (e.kind, e.path)).collect() }
    })
}

/// The bytes of the first file of manifest kind `kind` (and, if given, a path ending so).
fn written(kind: &str, ending: &str) -> (String, Vec<u8>) {
    let (_, path) = run()
        .files
        .iter()
        .find(|(k, p)| k == kind && p.ends_with(ending))
        .unwrap_or_else(|| panic!("the run wrote no {kind} ending {ending:?}"));
    (path.clone(), std::fs::read(run().dir.0.join(path)).expect("a written file"))
}

/// The rules of `report` that failed.
fn failed(report: &Report) -> Vec<&'static str> {
    report.failures().map(|v| v.rule).collect()
}

/// The detail of `rule` in `report`.
fn detail<'a>(report: &'a Report, rule: &str) -> &'a str {
    &report.verdicts.iter().find(|v| v.rule == rule).unwrap_or_else(|| panic!("no rule {rule}")).detail
}

fn check(bytes: &[u8], shop: Shop) -> Report {
    preflight::check(bytes, shop).expect("the file is read")
}

/// Every rule of `shop` passes on `path`, and each is reported once, in order.
fn assert_passes(path: &str, bytes: &[u8], shop: Shop) -> Report {
    let report = check(bytes, shop);
    let rules: Vec<&str> = report.verdicts.iter().map(|v| v.rule).collect();
    assert_eq!(rules, shop.rules(), "{path}");
    assert!(report.passed(), "{path} for {shop:?}: {:?}", report.failures().collect::<Vec<_>>());
    report
}

// ----------------------------------------------------------------------------------
// What generate writes passes.

#[test]
fn what_generate_writes_passes_its_shop() {
    let (path, dtc) = written("dtc-pdf", "");
    let report = assert_passes(&path, &dtc, Shop::Dtc);
    // The rich black (C60 M40 Y40 K100) is the darkest ink: exactly the shop's 240 %.
    assert!(detail(&report, "total-ink").starts_with("peak 240.0 %"), "{}", detail(&report, "total-ink"));
    assert!(detail(&report, "image-resolution").contains("lowest 300"), "{}", detail(&report, "image-resolution"));
    for (kind, shop) in [("card-png-tgc", Shop::Tgc), ("card-png-mpc", Shop::Mpc), ("tts-sheet", Shop::Tts)] {
        let (path, png) = written(kind, "");
        assert_passes(&path, &png, shop);
    }
    for ending in ["-cards-a4.pdf", "-cards-letter.pdf"] {
        let (path, pdf) = written("sheet-pdf", ending);
        assert_passes(&path, &pdf, Shop::Home);
    }
    for ending in ["spread-three-a4.pdf", "spread-three-letter.pdf", "spread-cross-a4.pdf", "spread-cross-letter.pdf"] {
        let (path, pdf) = written("spread-sheet-pdf", ending);
        assert_passes(&path, &pdf, Shop::Home);
    }
    let (path, pdf) = written("alignment-test-pdf", "-letter.pdf");
    assert_passes(&path, &pdf, Shop::Home);
}

// ----------------------------------------------------------------------------------
// DriveThruCards: the written file, spoiled one rule at a time.

fn dtc_doc() -> Document {
    Document::load_mem(&written("dtc-pdf", "").1).expect("the DTC file loads")
}

fn save(mut doc: Document) -> Vec<u8> {
    let mut out = Vec::new();
    doc.save_to(&mut out).expect("lopdf writes the file");
    out
}

/// The page object of page `n` (1-based).
fn page(doc: &Document, n: u32) -> lopdf::ObjectId {
    doc.get_pages()[&n]
}

/// The id of the image drawn on page `n`.
fn image_of(doc: &Document, n: u32) -> lopdf::ObjectId {
    let page = doc.get_dictionary(page(doc, n)).unwrap();
    let resources = page.get(b"Resources").unwrap().as_dict().unwrap();
    let xobjects = resources.get(b"XObject").unwrap().as_dict().unwrap();
    xobjects.iter().next().unwrap().1.as_reference().unwrap()
}

/// A `w`×`h` DeviceCMYK image of one colour, compressed.
fn cmyk_image(w: i64, h: i64, ink: [u8; 4]) -> Stream {
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
    for _ in 0..w * h {
        z.write_all(&ink).unwrap();
    }
    let mut dict = Dictionary::new();
    dict.set("Type", Object::Name(b"XObject".to_vec()));
    dict.set("Subtype", Object::Name(b"Image".to_vec()));
    dict.set("Width", w);
    dict.set("Height", h);
    dict.set("ColorSpace", Object::Name(b"DeviceCMYK".to_vec()));
    dict.set("BitsPerComponent", 8);
    dict.set("Filter", Object::Name(b"FlateDecode".to_vec()));
    Stream::new(dict, z.finish().unwrap())
}

/// The DTC file with `spoil` done to it: exactly `rule` fails, and its message says `says`.
fn assert_only_fails(spoil: impl FnOnce(&mut Document), rule: &str, says: &str) {
    let mut doc = dtc_doc();
    spoil(&mut doc);
    let report = check(&save(doc), Shop::Dtc);
    assert_eq!(failed(&report), [rule], "{:?}", report.verdicts);
    assert!(detail(&report, rule).contains(says), "{rule}: {}", detail(&report, rule));
}

#[test]
fn an_rgb_image_fails_cmyk_only() {
    assert_only_fails(
        |doc| {
            let id = image_of(doc, 3);
            let image = doc.get_object_mut(id).unwrap().as_stream_mut().unwrap();
            image.dict.set("ColorSpace", Object::Name(b"DeviceRGB".to_vec()));
        },
        "cmyk-only",
        "page 3: an image in DeviceRGB",
    );
}

#[test]
fn a_wrong_page_size_fails_page_size() {
    assert_only_fails(
        |doc| {
            let id = page(doc, 2);
            let letter = vec![0.into(), 0.into(), 612.into(), 792.into()];
            doc.get_dictionary_mut(id).unwrap().set("MediaBox", Object::Array(letter));
        },
        "page-size",
        "page 2 is 8.50×11.00 in; make every page 2.75×3.75 in",
    );
}

#[test]
fn too_much_ink_fails_total_ink() {
    assert_only_fails(
        |doc| {
            let id = image_of(doc, 1);
            *doc.get_object_mut(id).unwrap() = Object::Stream(cmyk_image(825, 1125, [255, 255, 255, 77]));
        },
        "total-ink",
        "page 1 reaches 330.2 %",
    );
}

#[test]
fn a_low_resolution_image_fails_image_resolution() {
    assert_only_fails(
        |doc| {
            let id = image_of(doc, 4);
            *doc.get_object_mut(id).unwrap() = Object::Stream(cmyk_image(110, 150, [0, 0, 0, 0]));
        },
        "image-resolution",
        "page 4: a 110×150 px image is placed at 40 dpi",
    );
}

#[test]
fn no_output_intent_fails_pdfx_output_intent() {
    assert_only_fails(
        |doc| {
            doc.catalog_mut().unwrap().remove(b"OutputIntents");
        },
        "pdfx-output-intent",
        "no OutputIntent of subtype GTS_PDFX",
    );
}

#[test]
fn no_pdfx_version_fails_pdfx_version() {
    assert_only_fails(
        |doc| {
            let info = doc.trailer.get(b"Info").unwrap().as_reference().unwrap();
            doc.get_dictionary_mut(info).unwrap().remove(b"GTS_PDFXVersion");
        },
        "pdfx-version",
        "no GTS_PDFXVersion",
    );
}

#[test]
fn a_soft_mask_fails_no_transparency() {
    assert_only_fails(
        |doc| {
            let id = image_of(doc, 2);
            let mask = doc.add_object(cmyk_image(1, 1, [0, 0, 0, 0]));
            doc.get_object_mut(id).unwrap().as_stream_mut().unwrap().dict.set("SMask", mask);
        },
        "no-transparency",
        "page 2: an image with a soft mask",
    );
}

#[test]
fn a_font_not_embedded_fails_fonts_embedded() {
    assert_only_fails(
        |doc| {
            let id = page(doc, 1);
            let mut font = Dictionary::new();
            font.set("Type", Object::Name(b"Font".to_vec()));
            font.set("Subtype", Object::Name(b"Type1".to_vec()));
            font.set("BaseFont", Object::Name(b"Helvetica".to_vec()));
            let text = doc.add_object(Stream::new(Dictionary::new(), b"BT /F1 9 Tf 20 20 Td (x) Tj ET".to_vec()));
            let page = doc.get_dictionary_mut(id).unwrap();
            let old = page.get(b"Contents").unwrap().clone();
            page.set("Contents", Object::Array(vec![old, text.into()]));
            let resources = page.get_mut(b"Resources").unwrap().as_dict_mut().unwrap();
            resources.set("Font", Dictionary::from_iter(vec![("F1", Object::Dictionary(font))]));
        },
        "fonts-embedded",
        "font Helvetica is not embedded",
    );
}

#[test]
fn an_odd_page_count_fails_page_order() {
    assert_only_fails(
        |doc| {
            let last = doc.get_pages().len() as u32;
            doc.delete_pages(&[last]);
        },
        "page-order",
        "an odd number",
    );
}

// ----------------------------------------------------------------------------------
// The PNG shops.

/// An 8-bit PNG of `w`×`h` in `color`, recording `dpi` if given.
fn png(w: u32, h: u32, color: png::ColorType, dpi: Option<f64>) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, w, h);
    encoder.set_color(color);
    encoder.set_depth(png::BitDepth::Eight);
    if let Some(dpi) = dpi {
        let ppm = (dpi / 0.0254).round() as u32;
        encoder.set_pixel_dims(Some(png::PixelDimensions { xppu: ppm, yppu: ppm, unit: png::Unit::Meter }));
    }
    let samples = match color {
        png::ColorType::Grayscale => 1,
        png::ColorType::Rgb => 3,
        _ => 4,
    };
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(&vec![200; (w * h * samples) as usize]).unwrap();
    writer.finish().unwrap();
    out
}

#[test]
fn card_faces_of_the_wrong_size_or_dpi_fail() {
    let report = check(&png(800, 1100, png::ColorType::Rgba, Some(300.0)), Shop::Tgc);
    assert_eq!(failed(&report), ["pixel-size"]);
    assert!(detail(&report, "pixel-size").contains("takes 825×1125 px"), "{}", detail(&report, "pixel-size"));
    // A TGC face is 3 px too large each way for MakePlayingCards.
    let (_, tgc) = written("card-png-tgc", "");
    let report = check(&tgc, Shop::Mpc);
    assert_eq!(failed(&report), ["pixel-size"]);
    assert!(detail(&report, "pixel-size").starts_with("825×1125 px; MakePlayingCards takes 822×1122 px"));
    let report = check(&png(822, 1122, png::ColorType::Rgb, None), Shop::Mpc);
    assert_eq!(failed(&report), ["dpi"]);
    assert!(detail(&report, "dpi").contains("records no resolution"));
    let report = check(&png(825, 1125, png::ColorType::Rgb, Some(72.0)), Shop::Tgc);
    assert_eq!(failed(&report), ["dpi"]);
    assert!(detail(&report, "dpi").contains("records 72×72 dpi"), "{}", detail(&report, "dpi"));
}

#[test]
fn a_tts_sheet_too_large_or_grey_fails() {
    let report = check(&png(5000, 8, png::ColorType::Rgb, None), Shop::Tts);
    assert_eq!(failed(&report), ["sheet-size"]);
    assert!(detail(&report, "sheet-size").contains("5000×8 px"));
    for (w, h) in [(4096, 2), (2, 4096)] {
        let report = check(&png(w, h, png::ColorType::Rgba, None), Shop::Tts);
        assert!(report.passed(), "4096 px is allowed: {:?}", report.verdicts);
    }
    let report = check(&png(2, 4097, png::ColorType::Rgba, None), Shop::Tts);
    assert_eq!(failed(&report), ["sheet-size"]);
    let report = check(&png(40, 40, png::ColorType::Grayscale, None), Shop::Tts);
    assert_eq!(failed(&report), ["rgb"]);
    assert!(detail(&report, "rgb").starts_with("8-bit grey"));
}

// ----------------------------------------------------------------------------------
// Home print.

/// A one-page PDF of `size_pt` with a black 10×10 pt square at `at` (points from the
/// bottom left).
fn pdf_with_square(size_pt: (f32, f32), at: (f32, f32)) -> Vec<u8> {
    use pdf_writer::{Content, Finish, Pdf, Rect, Ref};
    let mut pdf = Pdf::new();
    let (catalog, tree, page_id, content_id) = (Ref::new(1), Ref::new(2), Ref::new(3), Ref::new(4));
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree).kids([page_id]).count(1);
    let mut page = pdf.page(page_id);
    page.parent(tree).media_box(Rect::new(0.0, 0.0, size_pt.0, size_pt.1)).contents(content_id);
    page.finish();
    let mut content = Content::new();
    content.set_fill_gray(0.0);
    content.rect(at.0, at.1, 10.0, 10.0);
    content.fill_nonzero();
    pdf.stream(content_id, &content.finish());
    pdf.finish()
}

const MM: f32 = 72.0 / 25.4;
const A4_PT: (f32, f32) = (210.0 * MM, 297.0 * MM);

#[test]
fn ink_inside_the_home_margin_fails_margin() {
    // 2 mm from the left edge: inside the 5 mm; 6 mm: outside it.
    let report = check(&pdf_with_square(A4_PT, (2.0 * MM, 400.0)), Shop::Home);
    assert_eq!(failed(&report), ["margin"]);
    assert!(detail(&report, "margin").contains("mm from the left edge"), "{}", detail(&report, "margin"));
    assert!(check(&pdf_with_square(A4_PT, (6.0 * MM, 400.0)), Shop::Home).passed());
    // The same on a written card sheet: a mark added 3 mm from its bottom edge.
    let (_, sheet) = written("sheet-pdf", "-cards-letter.pdf");
    let mut doc = Document::load_mem(&sheet).unwrap();
    let first = doc.get_pages()[&1];
    let mark =
        doc.add_object(Stream::new(Dictionary::new(), format!("q 0 g 300 {} 20 2 re f Q", 3.0 * MM).into_bytes()));
    let page = doc.get_dictionary_mut(first).unwrap();
    let old = page.get(b"Contents").unwrap().clone();
    let contents = match old {
        Object::Array(mut a) => {
            a.push(mark.into());
            a
        }
        one => vec![one, mark.into()],
    };
    page.set("Contents", Object::Array(contents));
    let report = check(&save(doc), Shop::Home);
    assert_eq!(failed(&report), ["margin"]);
    assert!(detail(&report, "margin").starts_with("page 1: ink"), "{}", detail(&report, "margin"));
}

#[test]
fn a_page_that_is_not_a4_or_letter_fails_paper() {
    let a3 = (297.0 * MM, 420.0 * MM);
    let report = check(&pdf_with_square(a3, (100.0, 100.0)), Shop::Home);
    assert_eq!(failed(&report), ["paper"]);
    assert!(detail(&report, "paper").contains("297.0×420.0 mm, not A4 or Letter"), "{}", detail(&report, "paper"));
}

// ----------------------------------------------------------------------------------
// generate's own preflight.

/// What `generate` does after writing: a file that breaks its shop's rule stops the run,
/// and the message names the file and the rule.
#[test]
fn generate_stops_on_a_file_that_breaks_its_shops_rule() {
    use hexforge::generate::preflight_shop;
    use hexforge::print::output::ManifestEntry;
    let entry = |path: &str, kind: &str| ManifestEntry {
        path: path.into(),
        kind: kind.into(),
        bytes: 0,
        sha256: String::new(),
    };
    // Which shop each file is held to.
    let books = vec!["rulebooks/liubo-rules-a4.pdf".to_string()];
    let cases = [
        (entry("changing-lines/dtc/changing-lines-dtc.pdf", "dtc-pdf"), Some(Shop::Dtc)),
        (entry("zhi-pai/tgc/back.png", "card-png-tgc"), Some(Shop::Tgc)),
        (entry("zhi-pai/mpc/back.png", "card-png-mpc"), Some(Shop::Mpc)),
        (entry("zhi-pai/tts-back.png", "tts-sheet"), Some(Shop::Tts)),
        (entry("liubo/pieces-letter.pdf", "sheet-pdf"), Some(Shop::Home)),
        (entry("liubo/board-a3.pdf", "board-pdf"), None),
        (entry("rulebooks/liubo-rules-a4.pdf", "rulebook-pdf"), None),
        (entry("zhi-pai/png/back.png", "card-png"), None),
    ];
    for (e, shop) in &cases {
        assert_eq!(preflight_shop(e, &books), *shop, "{}", e.path);
    }

    let dir = TempDir::new("preflight-generate");
    let sheet = "changing-lines/tts-sheet-1.png";
    std::fs::create_dir_all(dir.0.join("changing-lines")).unwrap();
    std::fs::write(dir.0.join(sheet), png(5000, 8, png::ColorType::Rgb, None)).unwrap();
    let options = GenerateOptions { out: dir.0.clone(), ..Default::default() };
    let err = hexforge::generate::preflight(&dir.0, &[entry(sheet, "tts-sheet")], &options).unwrap_err();
    let message = err.to_string();
    assert!(message.contains(sheet) && message.contains("`sheet-size`"), "{message}");
    assert!(message.contains("Tabletop Simulator"), "{message}");
}

// ----------------------------------------------------------------------------------
// The command.

fn hexforge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hexforge")).args(args).output().expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn the_command_exits_0_1_or_2() {
    let dir = TempDir::new("preflight-cli");
    let good = dir.0.join("sheet.png");
    std::fs::write(&good, png(409, 571, png::ColorType::Rgba, None)).unwrap();
    let good = good.to_str().unwrap();
    let out = hexforge(&["preflight", good, "--shop", "tts"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("pass  rgb") && text(&out.stdout).contains("all 2 rules pass"));

    let big = dir.0.join("big.png");
    std::fs::write(&big, png(5000, 8, png::ColorType::Rgb, None)).unwrap();
    let out = hexforge(&["preflight", big.to_str().unwrap(), "--shop", "tts"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("FAIL  sheet-size"), "{}", text(&out.stdout));
    let out = hexforge(&["preflight", big.to_str().unwrap(), "--shop", "tts", "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["pass"], false);
    assert_eq!(json["shop"], "tts");
    assert_eq!(json["rules"][1]["rule"], "sheet-size");
    assert_eq!(json["rules"][1]["pass"], false);

    let out = hexforge(&["preflight", good, "--shop", "printshop"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("printshop"), "{err}");
    for shop in ["dtc", "tgc", "mpc", "tts", "home"] {
        assert!(err.contains(shop), "the allowed values are named: {err}");
    }

    let missing = dir.0.join("no-such-file.pdf");
    let out = hexforge(&["preflight", missing.to_str().unwrap(), "--shop", "dtc"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no-such-file.pdf"), "{}", text(&out.stderr));

    // A PNG is not a DriveThruCards file: bad input, not a failed rule.
    let out = hexforge(&["preflight", good, "--shop", "dtc"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("not a PDF file"), "{}", text(&out.stderr));
    assert!(Path::new(good).exists());
}
