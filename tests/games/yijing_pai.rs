//! 易经牌 tiles: the sets hold the seed's counts, the sheets print every tile of a set
//! once, and the PDFs have the right pages, boxes and viewer preferences.

use hexforge::games::yijing_pai::art::{self as yijing_pai_art, BLEED_MM, COLS, ROWS, TILE_H_MM, TILE_W_MM, TileFace};
use hexforge::print::paper::Paper;
use hexforge::print::render;
use hexforge_rules::yijing_pai::tiles::{TileKind, TileSet};

use crate::art_checks;
use art_checks::{PT, assert_fully_drawn, rect, viewer_preference};

#[test]
fn sets_hold_the_counts_of_the_seed() {
    let cases = [(TileSet::Standard144, 144, 70), (TileSet::Large162, 162, 79)];
    for (set, total, each) in cases {
        assert_eq!(set.total(), total);
        assert_eq!(set.count(TileKind::Yang), each);
        assert_eq!(set.count(TileKind::Yin), each);
        assert_eq!(set.count(TileKind::Taiji), 4);
    }
}

#[test]
fn sheets_print_every_tile_of_a_set_once() {
    for set in TileSet::ALL {
        let pages = yijing_pai_art::sheet_pages(set);
        for k in TileKind::ALL {
            let printed = pages.iter().flat_map(|p| &p.tiles).filter(|&&t| t == k).count() as u32;
            assert_eq!(printed, set.count(k), "{k} tiles in the {}-tile set", set.total());
        }
        // A sheet holds 6 × 6 tiles, so the fewest sheets are 4 for 144 tiles and 5 for 162
        // (the figures written out, not the sheet's arithmetic again).
        assert_eq!((COLS, ROWS), (6, 6), "the sheet's grid");
        assert!(pages.iter().all(|p| p.tiles.len() <= 36));
        let fewest = match set.total() {
            144 => 4,
            162 => 5,
            other => panic!("a {other}-tile set"),
        };
        assert_eq!(pages.len(), fewest, "sheets for the {}-tile set", set.total());
    }
}

#[test]
fn faces_are_tile_sized_with_bleed_and_fully_drawn() {
    for face in TileFace::ALL {
        let svg = yijing_pai_art::tile_svg(face).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let root = doc.root_element();
        let mm = |a| root.attribute(a).unwrap().strip_suffix("mm").unwrap().parse::<f32>().unwrap();
        assert_eq!((mm("width"), mm("height")), (TILE_W_MM + 2.0 * BLEED_MM, TILE_H_MM + 2.0 * BLEED_MM));
        assert_fully_drawn(&svg, face.key());
        let png = render::svg_to_png(&svg, 300.0).unwrap();
        assert!(!png.is_empty());
    }
}

#[test]
fn yang_shows_one_bar_yin_two_and_taiji_the_disc() {
    let cases = [
        (TileFace::Front(TileKind::Yang), 1, 0),
        (TileFace::Front(TileKind::Yin), 2, 0),
        (TileFace::Front(TileKind::Taiji), 0, 1),
        (TileFace::Back, 0, 0),
    ];
    for (face, bars, discs) in cases {
        let svg = yijing_pai_art::tile_svg(face).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let count = |class| doc.descendants().filter(|n| n.attribute("class") == Some(class)).count();
        assert_eq!((count("bar"), count("taiji")), (bars, discs), "{face:?}");
    }
}

#[test]
fn sheet_pdfs_have_fronts_and_backs_with_boxes_and_preferences() {
    for set in TileSet::ALL {
        for paper in Paper::HOME {
            let bytes = yijing_pai_art::sheets_pdf(set, paper).unwrap();
            let doc = lopdf::Document::load_mem(&bytes).unwrap();
            let sheets = yijing_pai_art::sheet_pages(set);
            let pages = doc.get_pages();
            assert_eq!(pages.len(), 2 * sheets.len(), "fronts and backs, {set:?} {paper:?}");
            let (w, h) = paper.size_mm();
            for (i, id) in pages.values().enumerate() {
                let page = doc.get_dictionary(*id).unwrap();
                let media = rect(&doc, page, b"MediaBox");
                assert!((media[2] - w * PT).abs() < 0.05 && (media[3] - h * PT).abs() < 0.05);
                let trim = rect(&doc, page, b"TrimBox");
                let bleed = rect(&doc, page, b"BleedBox");
                let tiles = sheets[i / 2].tiles.len();
                let rows = tiles.div_ceil(COLS) as f32;
                let cols = tiles.min(COLS) as f32;
                assert!((trim[2] - trim[0] - cols * TILE_W_MM * PT).abs() < 0.05, "page {i}");
                assert!((trim[3] - trim[1] - rows * TILE_H_MM * PT).abs() < 0.05, "page {i}");
                for (t, b) in trim.iter().zip(bleed) {
                    assert!(((t - b).abs() - BLEED_MM * PT).abs() < 0.05, "3 mm bleed around the grid");
                }
                assert!(bleed[0] >= 10.0 * PT && bleed[2] <= (w - 10.0) * PT);
            }
            assert_eq!(viewer_preference(&doc, b"PrintScaling").unwrap(), b"None");
            assert_eq!(viewer_preference(&doc, b"Duplex").unwrap(), b"DuplexFlipLongEdge");
        }
    }
}

#[test]
fn sheets_are_deterministic() {
    let a = yijing_pai_art::sheets_pdf(TileSet::Standard144, Paper::A4).unwrap();
    let b = yijing_pai_art::sheets_pdf(TileSet::Standard144, Paper::A4).unwrap();
    assert_eq!(a, b);
}
