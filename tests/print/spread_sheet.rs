//! The Changing Lines spread sheets (docs/divination.md, The spread sheet): the `three`
//! spread on one home page of A4 and of Letter, passing the home preflight, its fonts
//! embedded, a column of three card-sized boxes for each position, headed by the position's
//! name; the `cross` spread on three pages whose columns line up into the cross.

use crate::outside_tool::{PDFTOPPM, PDFTOTEXT};
use crate::ppm::ppm;
use crate::temp_dir::TempDir;

use hexforge::games::changing_lines::spread_sheet::{self, CARD_STEP_MM, layout, sheet_pdf};
use hexforge::print::paper::Paper;
use hexforge::print::preflight::{self, Shop};
use lopdf::Document;

const PT_PER_MM: f64 = 72.0 / 25.4;

/// The position names of the spread of three, in the order the docs give them, left to right.
const POSITIONS: [&str; 3] = ["situation", "challenge", "outcome"];

fn number(o: &lopdf::Object) -> f64 {
    match o {
        lopdf::Object::Integer(i) => *i as f64,
        lopdf::Object::Real(r) => f64::from(*r),
        other => panic!("not a number: {other:?}"),
    }
}

#[test]
fn each_sheet_is_one_page_of_its_paper_passing_the_home_preflight_with_its_fonts_embedded() {
    for paper in Paper::HOME {
        let pdf = sheet_pdf(paper).expect("the sheet renders");
        assert_eq!(sheet_pdf(paper).unwrap(), pdf, "{paper:?}: two renders differ");
        let doc = Document::load_mem(&pdf).unwrap();
        let pages = doc.get_pages();
        assert_eq!(pages.len(), 1, "{paper:?}");
        let page = doc.get_dictionary(pages[&1]).unwrap();
        let media: Vec<f64> = page.get(b"MediaBox").unwrap().as_array().unwrap().iter().map(number).collect();
        let (w, h) = paper.size_mm();
        let expect = [0.0, 0.0, f64::from(w) * PT_PER_MM, f64::from(h) * PT_PER_MM];
        assert!(media.iter().zip(expect).all(|(a, b)| (a - b).abs() < 0.5), "{paper:?}: MediaBox {media:?}");
        let report = preflight::check(&pdf, Shop::Home).expect("the file is read");
        assert!(report.passed(), "{paper:?}: {:?}", report.failures().collect::<Vec<_>>());
        let mut fonts = 0;
        for obj in doc.objects.values() {
            let Ok(dict) = obj.as_dict() else { continue };
            if dict.get(b"Type").and_then(|t| t.as_name()).ok() != Some(b"FontDescriptor".as_slice()) {
                continue;
            }
            fonts += 1;
            let embedded = [b"FontFile".as_slice(), b"FontFile2", b"FontFile3"].iter().any(|k| dict.has(k));
            assert!(embedded, "{paper:?}: a font is not embedded");
        }
        assert!(fonts > 0, "{paper:?}: no text");
    }
    assert_eq!(
        spread_sheet::sheet_file(Paper::Letter).path,
        "changing-lines/spread-three-letter.pdf",
        "beside the deck's sheets"
    );
}

#[test]
fn every_position_has_a_column_of_three_card_sized_boxes_inside_the_margin() {
    for paper in Paper::HOME {
        let l = layout(paper);
        let names: Vec<&str> = l.columns.iter().map(|c| c.name).collect();
        assert_eq!(names, POSITIONS, "{paper:?}");
        let mut right_of_previous = 0.0;
        for c in &l.columns {
            assert_eq!(c.boxes.len(), 3, "{paper:?} {}", c.name);
            assert!(c.boxes[0].x >= right_of_previous, "{paper:?}: {} overlaps the column before", c.name);
            right_of_previous = c.boxes[0].x + c.boxes[0].width;
            for (k, b) in c.boxes.iter().enumerate() {
                // The deck's cards: 63 × 88 mm.
                assert_eq!((b.width, b.height), (63.0, 88.0), "{paper:?} {}", c.name);
                assert_eq!(b.x, c.boxes[0].x, "{paper:?} {}: a column is straight", c.name);
                assert!((b.y - c.boxes[0].y - k as f32 * CARD_STEP_MM).abs() < 1e-3);
                assert!(b.x >= 5.0 && b.x + b.width <= l.width - 5.0, "{paper:?}: a box in the margin");
                assert!(b.y >= 5.0 && b.y + b.height <= l.height - 5.0, "{paper:?}: a box in the margin");
            }
        }
    }
}

/// The PDF draws what the layout says: each position's name printed over its column, and
/// the outline of each column's last box inked along its bottom edge.
#[test]
fn the_page_prints_each_name_over_its_column_and_each_box_where_the_layout_puts_it() {
    let (Some(pdftotext), Some(pdftoppm)) = (PDFTOTEXT.or_skip(), PDFTOPPM.or_skip()) else { return };
    for paper in Paper::HOME {
        let dir = TempDir::new("spread-sheet");
        let file = dir.0.join("sheet.pdf");
        std::fs::write(&file, sheet_pdf(paper).unwrap()).unwrap();
        let out = std::process::Command::new(&pdftotext).arg("-bbox").arg(&file).arg("-").output().unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        let l = layout(paper);
        for c in &l.columns {
            let word = text
                .lines()
                .find(|line| line.trim_end().ends_with(&format!(">{}</word>", c.name)))
                .unwrap_or_else(|| panic!("{paper:?}: {} is not printed", c.name));
            let attr = |name: &str| -> f64 {
                let at = word.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
                word[at..].split('"').next().unwrap().parse().unwrap()
            };
            let centre_mm = (attr("xMin") + attr("xMax")) / 2.0 / PT_PER_MM;
            let bottom_mm = attr("yMax") / PT_PER_MM;
            let b = &c.boxes[0];
            assert!(
                centre_mm > f64::from(b.x) && centre_mm < f64::from(b.x + b.width),
                "{paper:?}: {} is printed at {centre_mm:.1} mm, not over its column",
                c.name
            );
            assert!(bottom_mm < f64::from(b.y), "{paper:?}: {} is not above its column", c.name);
        }
        const DPI: f64 = 100.0;
        let render =
            std::process::Command::new(&pdftoppm).args(["-r", "100"]).arg(&file).arg(dir.0.join("p")).output().unwrap();
        assert!(render.status.success());
        let name = std::fs::read_dir(&dir.0)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.extension().is_some_and(|e| e == "ppm"));
        let (w, _, rgb) = ppm(&std::fs::read(name.unwrap()).unwrap());
        let px = |mm: f32| (f64::from(mm) / 25.4 * DPI) as usize;
        for c in &l.columns {
            let last = c.boxes.last().unwrap();
            let x = px(last.x + last.width / 2.0);
            let y = px(last.y + last.height);
            let inked = (y.saturating_sub(2)..=y + 2)
                .any(|y| rgb[(y * w + x) * 3..(y * w + x) * 3 + 3].iter().any(|&v| v < 200));
            assert!(inked, "{paper:?}: no outline at the foot of {}'s last box", c.name);
            let inside = px(last.y + last.height - 10.0);
            let blank = rgb[(inside * w + px(last.x + 5.0)) * 3..][..3].iter().all(|&v| v > 240);
            assert!(blank, "{paper:?}: {}'s last box is not left blank inside", c.name);
        }
    }
}

/// The cross spread's sheet (docs/divination.md, The spread sheet): three pages of its paper,
/// laid one below the other: aim alone on the first, past, heart and future across the
/// second, root alone on the third; aim, heart and root in one line down the middle, each
/// column of three card-sized boxes inside the margin, and each page passing the home
/// preflight with its fonts embedded.
#[test]
fn the_cross_sheet_is_three_pages_whose_columns_line_up_into_the_cross() {
    let rows: [&[&str]; 3] = [&["aim"], &["past", "heart", "future"], &["root"]];
    for paper in Paper::HOME {
        let pages = spread_sheet::pages("cross", paper);
        let names: Vec<Vec<&str>> = pages.iter().map(|p| p.columns.iter().map(|c| c.name).collect()).collect();
        assert_eq!(names, rows, "{paper:?}");
        let x = |page: usize, name: &str| pages[page].columns.iter().find(|c| c.name == name).unwrap().boxes[0].x;
        assert_eq!(x(0, "aim"), x(1, "heart"), "{paper:?}: aim over heart");
        assert_eq!(x(2, "root"), x(1, "heart"), "{paper:?}: root under heart");
        assert!(x(1, "past") + 63.0 <= x(1, "heart") && x(1, "heart") + 63.0 <= x(1, "future"), "{paper:?}");
        for (k, page) in pages.iter().enumerate() {
            assert!(page.title.contains(&format!("page {} of 3", k + 1)), "{paper:?}: {}", page.title);
            for c in &page.columns {
                assert_eq!(c.boxes.len(), 3, "{paper:?} {}", c.name);
                for b in &c.boxes {
                    assert_eq!((b.width, b.height), (63.0, 88.0), "{paper:?} {}", c.name);
                    assert!(b.x >= 5.0 && b.x + b.width <= page.width - 5.0, "{paper:?}: a box in the margin");
                    assert!(b.y >= 5.0 && b.y + b.height <= page.height - 5.0, "{paper:?}: a box in the margin");
                }
            }
        }
        let pdf = spread_sheet::spread_pdf("cross", paper).expect("the sheet renders");
        assert_eq!(spread_sheet::spread_pdf("cross", paper).unwrap(), pdf, "{paper:?}: two renders differ");
        let doc = Document::load_mem(&pdf).unwrap();
        assert_eq!(doc.get_pages().len(), 3, "{paper:?}");
        let report = preflight::check(&pdf, Shop::Home).expect("the file is read");
        assert!(report.passed(), "{paper:?}: {:?}", report.failures().collect::<Vec<_>>());
    }
    assert_eq!(spread_sheet::spread_file("cross", Paper::A4).path, "changing-lines/spread-cross-a4.pdf");
    // Every page names its positions in its text, over their columns' centres.
    let Some(pdftotext) = PDFTOTEXT.or_skip() else { return };
    let dir = TempDir::new("spread-cross");
    let file = dir.0.join("cross.pdf");
    std::fs::write(&file, spread_sheet::spread_pdf("cross", Paper::Letter).unwrap()).unwrap();
    for (k, row) in rows.iter().enumerate() {
        let page = (k + 1).to_string();
        let out = std::process::Command::new(&pdftotext)
            .args(["-f", &page, "-l", &page])
            .arg(&file)
            .arg("-")
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        for name in *row {
            assert!(text.contains(&format!("· {name}")), "page {page} does not print {name}: {text}");
        }
    }
}
