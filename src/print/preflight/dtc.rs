//! DriveThruCards: the deck's PDF, checked as the shop's card upload asks (docs/print.md,
//! "Preflight", cites each rule).
//!
//! The page with bleed, the trim and the resolution are those hexforge draws the file at,
//! [`render::DTC_POKER`]; the ink limit, which no generator needs, is [`MAX_INK_PERCENT`].

use lopdf::{Document, Object};
use rayon::prelude::*;

use super::pdf_read::{self, ImageRef, PageScan};
use super::{MM_PER_INCH, PT_PER_INCH, PreflightError, Shop, Verdict, not_format};
use crate::print::render::{self, PrintProfile};

/// The rules, in the order they are reported.
pub const RULES: &[&str] = &[
    "page-size",
    "pdfx-output-intent",
    "pdfx-version",
    "no-transparency",
    "fonts-embedded",
    "cmyk-only",
    "total-ink",
    "image-resolution",
    "page-order",
];

/// DriveThruCards' total ink limit: C + M + Y + K at most 240 % anywhere.
pub const MAX_INK_PERCENT: u32 = 240;

/// How far a page box may be from the size asked, in points (a hundredth of an inch is
/// 0.72 pt: rounding in millimetres stays well inside it).
const BOX_TOLERANCE_PT: f64 = 0.5;

/// The shop's card: the page with bleed, the trim and the dpi, from the canvas hexforge
/// draws DriveThruCards pages on.
fn card() -> &'static PrintProfile {
    &render::DTC_POKER
}

/// Checks a DriveThruCards deck file.
pub fn check(bytes: &[u8]) -> Result<Vec<Verdict>, PreflightError> {
    if !bytes.starts_with(b"%PDF-") {
        return Err(not_format(Shop::Dtc, "it does not start with %PDF-"));
    }
    let doc = Document::load_mem(bytes).map_err(|e| not_format(Shop::Dtc, e))?;
    let pages: Vec<(u32, lopdf::ObjectId)> = doc.get_pages().into_iter().collect();
    if pages.is_empty() {
        return Err(not_format(Shop::Dtc, "it has no pages"));
    }
    let scans: Vec<PageScan> = pages.iter().map(|&(_, id)| pdf_read::scan_page(&doc, id)).collect();
    let verdicts = vec![
        page_size(&doc, &pages),
        output_intent(&doc),
        pdfx_version(&doc),
        no_transparency(&scans),
        fonts_embedded(&scans),
        cmyk_only(&scans),
        total_ink(&scans),
        image_resolution(&scans),
        page_order(pages.len()),
    ];
    Ok(verdicts)
}

/// Inches as the shop writes them: 2.75, 3.5.
fn inches(px: u32, dpi: f64) -> String {
    let v = f64::from(px) / dpi;
    format!("{}", (v * 1000.0).round() / 1000.0)
}

/// Every page is the card with bleed, with a TrimBox of the card centred on it.
fn page_size(doc: &Document, pages: &[(u32, lopdf::ObjectId)]) -> Verdict {
    let c = card();
    let dpi = f64::from(c.dpi.get());
    let pt = |px: u32| f64::from(px) / dpi * PT_PER_INCH;
    let (page_w, page_h, trim_w, trim_h) = (pt(c.width_px), pt(c.height_px), pt(c.trim_width_px), pt(c.trim_height_px));
    let asked = format!(
        "{}×{} in (a {}×{} in card and {} in bleed on each side)",
        inches(c.width_px, dpi),
        inches(c.height_px, dpi),
        inches(c.trim_width_px, dpi),
        inches(c.trim_height_px, dpi),
        inches(c.width_px - c.trim_width_px, 2.0 * dpi)
    );
    let near = |a: f64, b: f64| (a - b).abs() <= BOX_TOLERANCE_PT;
    let size = |b: [f64; 4]| (b[2] - b[0], b[3] - b[1]);
    let shown = |(w, h): (f64, f64)| format!("{:.2}×{:.2} in", w / PT_PER_INCH, h / PT_PER_INCH);
    let mut problems = Vec::new();
    for &(number, id) in pages {
        let Some(media) = pdf_read::page_box(doc, id, b"MediaBox") else {
            problems.push(format!("page {number} has no MediaBox"));
            continue;
        };
        let (w, h) = size(media);
        if !(near(w, page_w) && near(h, page_h)) {
            problems.push(format!("page {number} is {}; make every page {asked}", shown((w, h))));
            continue;
        }
        let Some(trim) = pdf_read::page_box(doc, id, b"TrimBox") else {
            problems.push(format!(
                "page {number} has no TrimBox; PDF/X asks for one, the {} in card",
                shown((trim_w, trim_h))
            ));
            continue;
        };
        let centred = near(trim[0] - media[0], media[2] - trim[2]) && near(trim[1] - media[1], media[3] - trim[3]);
        if !(near(size(trim).0, trim_w) && near(size(trim).1, trim_h) && centred) {
            problems.push(format!(
                "page {number}'s TrimBox is {}{}; the card is {} centred on the page",
                shown(size(trim)),
                if centred { "" } else { " off centre" },
                shown((trim_w, trim_h))
            ));
        }
    }
    let passed = format!(
        "{} pages of {asked}, {:.1}×{:.1} mm, each with its TrimBox",
        pages.len(),
        page_w / PT_PER_INCH * MM_PER_INCH,
        page_h / PT_PER_INCH * MM_PER_INCH
    );
    Verdict::from_problems("page-size", problems, passed)
}

/// The catalog's OutputIntent: subtype GTS_PDFX, with an embedded CMYK press profile.
fn output_intent(doc: &Document) -> Verdict {
    const RULE: &str = "pdfx-output-intent";
    let intents = doc
        .catalog()
        .ok()
        .and_then(|c| c.get(b"OutputIntents").ok())
        .and_then(|o| pdf_read::resolve(doc, o).as_array().ok());
    let pdfx = intents
        .into_iter()
        .flatten()
        .filter_map(|o| pdf_read::resolve(doc, o).as_dict().ok())
        .find(|d| d.get(b"S").and_then(Object::as_name).ok() == Some(b"GTS_PDFX".as_slice()));
    let Some(intent) = pdfx else {
        return Verdict::fail(
            RULE,
            "no OutputIntent of subtype GTS_PDFX in the catalog; export as PDF/X-1a with a CMYK press profile (e.g. US Web Coated SWOP)",
        );
    };
    let condition = intent
        .get(b"OutputConditionIdentifier")
        .ok()
        .and_then(|o| o.as_str().ok())
        .map(|s| String::from_utf8_lossy(s).into_owned());
    let components = intent
        .get(b"DestOutputProfile")
        .ok()
        .and_then(|o| pdf_read::resolve(doc, o).as_stream().ok())
        .map(|s| s.dict.get(b"N").ok().and_then(|n| n.as_i64().ok()));
    match (condition, components) {
        (None, _) => Verdict::fail(RULE, "the GTS_PDFX OutputIntent has no OutputConditionIdentifier"),
        (Some(_), None) => Verdict::fail(RULE, "the GTS_PDFX OutputIntent embeds no press profile (DestOutputProfile)"),
        (Some(_), Some(n)) if n != Some(4) => Verdict::fail(
            RULE,
            format!("the OutputIntent's profile has {} components, not the 4 of a CMYK press", n.unwrap_or(0)),
        ),
        (Some(c), Some(_)) => Verdict::pass(RULE, format!("GTS_PDFX, condition \"{c}\", CMYK press profile embedded")),
    }
}

/// The Info dictionary declares PDF/X-1a and its trapping, in a PDF version PDF/X-1a allows.
fn pdfx_version(doc: &Document) -> Verdict {
    const RULE: &str = "pdfx-version";
    let info = doc.trailer.get(b"Info").ok().and_then(|o| pdf_read::resolve(doc, o).as_dict().ok());
    let text = |key: &[u8]| {
        info.and_then(|d| d.get(key).ok())
            .and_then(|o| o.as_str().ok())
            .map(|s| String::from_utf8_lossy(s).into_owned())
    };
    let version = text(b"GTS_PDFXVersion");
    // PDF/X-1a:2001 says "PDF/X-1:2001" with a conformance of "PDF/X-1a:2001".
    let x1a = match version.as_deref() {
        Some(v) if v.starts_with("PDF/X-1a") => true,
        Some("PDF/X-1:2001") => text(b"GTS_PDFXConformance").is_some_and(|c| c.starts_with("PDF/X-1a")),
        _ => false,
    };
    let max_version = if version.as_deref().is_some_and(|v| v.ends_with("2001")) { "1.3" } else { "1.4" };
    let trapped = info.and_then(|d| d.get(b"Trapped").ok()).and_then(|o| o.as_name().ok());
    let mut problems = Vec::new();
    if !x1a {
        problems.push(match &version {
            Some(v) => format!("the file declares {v}, not PDF/X-1a; export as PDF/X-1a:2001 or :2003"),
            None => "the Info dictionary has no GTS_PDFXVersion; export as PDF/X-1a:2001 or :2003".to_string(),
        });
    }
    if !matches!(trapped, Some(b"True" | b"False")) {
        problems.push("the Info dictionary's Trapped is not True or False (PDF/X-1a asks for one)".to_string());
    }
    if doc.version.as_str() > max_version {
        problems.push(format!("the file is PDF {}; PDF/X-1a allows {max_version} at most", doc.version));
    }
    let passed = format!("{}, PDF {}, Trapped set", version.unwrap_or_default(), doc.version);
    Verdict::from_problems(RULE, problems, passed)
}

/// `problems` of every page, each said with its page number.
fn per_page<'a>(scans: &'a [PageScan<'a>], of: impl Fn(&'a PageScan<'a>) -> &'a Vec<String>) -> Vec<String> {
    let mut out = Vec::new();
    for (i, scan) in scans.iter().enumerate() {
        let mut seen: Vec<&String> = of(scan).iter().collect();
        seen.sort();
        seen.dedup();
        out.extend(seen.into_iter().map(|p| format!("page {}: {p}", i + 1)));
    }
    out
}

fn no_transparency(scans: &[PageScan]) -> Verdict {
    let mut problems = per_page(scans, |s| &s.transparency);
    if !problems.is_empty() {
        problems.push("flatten transparency before export (PDF/X-1a allows none)".into());
    }
    Verdict::from_problems("no-transparency", problems, "no soft masks, alpha, blend modes or transparency groups")
}

fn fonts_embedded(scans: &[PageScan]) -> Verdict {
    let mut fonts: Vec<&(String, bool)> = scans.iter().flat_map(|s| &s.fonts).collect();
    fonts.sort();
    fonts.dedup();
    let missing: Vec<String> = fonts
        .iter()
        .filter(|(_, embedded)| !embedded)
        .map(|(name, _)| format!("font {name} is not embedded; embed it or convert the text to outlines"))
        .collect();
    let passed = match fonts.len() {
        0 => "no fonts (the text is in the images)".to_string(),
        n => format!("{n} fonts, all embedded"),
    };
    Verdict::from_problems("fonts-embedded", missing, passed)
}

fn cmyk_only(scans: &[PageScan]) -> Verdict {
    let mut problems = per_page(scans, |s| &s.colours);
    problems.extend(per_page(scans, |s| &s.unreadable));
    if !problems.is_empty() {
        problems.push("convert every colour and image to CMYK (DeviceCMYK) before export".into());
    }
    let images: usize = scans.iter().map(|s| s.images.len()).sum();
    Verdict::from_problems(
        "cmyk-only",
        problems,
        format!("no RGB or ICC-based colour; {images} images, all CMYK or grey"),
    )
}

/// The most ink one image uses: (percent, pixel x, pixel y), or why it cannot be measured.
/// `None` for an image that is not CMYK (grey or a mask: one ink at most).
fn image_ink(image: &ImageRef) -> Option<Result<(f64, u32, u32), String>> {
    let space = image.entry(b"ColorSpace", b"CS")?.as_name().ok()?;
    if !matches!(space, b"DeviceCMYK" | b"CMYK") {
        return None;
    }
    let dim = |full: &[u8], short: &[u8]| image.entry(full, short).and_then(|o| o.as_i64().ok()).unwrap_or(0);
    let (w, h, bpc) = (dim(b"Width", b"W"), dim(b"Height", b"H"), dim(b"BitsPerComponent", b"BPC"));
    if bpc != 8 {
        return Some(Err(format!("a CMYK image of {bpc} bits a component cannot be measured (8 can)")));
    }
    let stream = image.stream();
    let filters = stream.filters().unwrap_or_default();
    if filters.iter().any(|f| !matches!(*f, b"FlateDecode" | b"Fl" | b"LZWDecode" | b"LZW")) {
        let names: Vec<String> = filters.iter().map(|f| String::from_utf8_lossy(f).into_owned()).collect();
        return Some(Err(format!("a CMYK image compressed with {} cannot be measured here", names.join(", "))));
    }
    let data = if filters.is_empty() { Ok(stream.content.clone()) } else { stream.decompressed_content() };
    let Ok(data) = data else { return Some(Err("a CMYK image whose data cannot be decompressed".into())) };
    let (w, h) = (w.max(0) as usize, h.max(0) as usize);
    if data.len() < w * h * 4 || w == 0 {
        return Some(Err(format!("a {w}×{h} CMYK image with {} bytes of data", data.len())));
    }
    let (mut worst, mut at) = (0u32, 0usize);
    for (i, px) in data[..w * h * 4].chunks_exact(4).enumerate() {
        let sum = px.iter().map(|&v| u32::from(v)).sum::<u32>();
        if sum > worst {
            (worst, at) = (sum, i);
        }
    }
    Some(Ok((f64::from(worst) * 100.0 / 255.0, (at % w) as u32, (at / w) as u32)))
}

fn total_ink(scans: &[PageScan]) -> Verdict {
    const RULE: &str = "total-ink";
    let limit = f64::from(MAX_INK_PERCENT);
    // The worst of each page: (percent, where), and what could not be measured.
    let pages: Vec<(f64, String, Vec<String>)> = scans
        .par_iter()
        .map(|scan| {
            let (mut worst, mut at, mut unmeasured) = (scan.operator_ink, "a colour operator".to_string(), Vec::new());
            for (image, _) in &scan.images {
                match image_ink(image) {
                    Some(Ok((ink, x, y))) if ink > worst => (worst, at) = (ink, format!("pixel ({x}, {y})")),
                    Some(Err(why)) => unmeasured.push(why),
                    _ => {}
                }
            }
            (worst, at, unmeasured)
        })
        .collect();
    // 255 levels a channel: 240 % is 612 levels, which prints as 240.0.
    let over = |ink: f64| ink > limit + 1e-9;
    let mut problems = Vec::new();
    for (i, (ink, at, unmeasured)) in pages.iter().enumerate() {
        if over(*ink) {
            problems.push(format!("page {} reaches {ink:.1} % at {at}", i + 1));
        }
        problems.extend(unmeasured.iter().map(|u| format!("page {}: {u}", i + 1)));
    }
    if !problems.is_empty() {
        problems.insert(
            0,
            format!("DriveThruCards allows {MAX_INK_PERCENT} % total ink (C+M+Y+K); lower the darkest colours, e.g. rich black as C60 M40 Y40 K100 (240 %)"),
        );
        return Verdict::fail(RULE, problems.join("; "));
    }
    let (peak, page) =
        pages.iter().enumerate().fold((0.0f64, 0), |acc, (i, p)| if p.0 > acc.0 { (p.0, i + 1) } else { acc });
    Verdict::pass(RULE, format!("peak {peak:.1} % (page {page}), limit {MAX_INK_PERCENT} %"))
}

fn image_resolution(scans: &[PageScan]) -> Verdict {
    let wanted = f64::from(card().dpi.get());
    let mut problems = Vec::new();
    let mut lowest = f64::INFINITY;
    for (i, scan) in scans.iter().enumerate() {
        for (image, ctm) in &scan.images {
            let dim = |full: &[u8], short: &[u8]| image.entry(full, short).and_then(|o| o.as_i64().ok()).unwrap_or(0);
            let (w, h) = (dim(b"Width", b"W"), dim(b"Height", b"H"));
            let (x, y) = pdf_read::placed_ppi((w as f64, h as f64), *ctm);
            let ppi = x.min(y);
            lowest = lowest.min(ppi);
            // Half a dot per inch of slack for rounding in the page size.
            if ppi < wanted - 0.5 {
                problems.push(format!(
                    "page {}: a {w}×{h} px image is placed at {ppi:.0} dpi; DriveThruCards asks for {wanted:.0}",
                    i + 1
                ));
            }
        }
    }
    let passed = if lowest.is_finite() {
        format!("every image at {wanted:.0} dpi or more (lowest {lowest:.0})")
    } else {
        "no images".to_string()
    };
    Verdict::from_problems("image-resolution", problems, passed)
}

/// One page a face, front then back for every card: an even number of pages.
fn page_order(pages: usize) -> Verdict {
    const RULE: &str = "page-order";
    if pages % 2 == 1 {
        return Verdict::fail(
            RULE,
            format!(
                "{pages} pages, an odd number; DriveThruCards takes one page a face, the front then the back of each card (2 pages a card)"
            ),
        );
    }
    Verdict::pass(RULE, format!("{pages} pages: {} cards, each a front page then its back", pages / 2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_is_the_card_with_an_eighth_of_an_inch_of_bleed() {
        let c = card();
        assert_eq!(inches(c.width_px, 300.0), "2.75");
        assert_eq!(inches(c.trim_height_px, 300.0), "3.5");
        assert_eq!(inches(c.width_px - c.trim_width_px, 600.0), "0.125");
    }

    #[test]
    fn rich_black_is_at_the_limit_not_over_it() {
        let sum: u32 = crate::print::cmyk::RICH_BLACK.iter().map(|&v| u32::from(v)).sum();
        assert_eq!(sum * 100, MAX_INK_PERCENT * 255, "rich black is exactly 240 %");
    }
}
