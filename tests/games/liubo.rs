//! Liubo components, checked for meaning: the board read back from its SVG is exactly the
//! graph of docs/conventions.md, The Liubo board, the pieces sheet holds the seed's pieces, the PDFs have the right
//! pages and boxes.

use hexforge::games::liubo::pieces::{Piece, Side};
use hexforge::games::liubo::{board, pieces, sheets};
use hexforge::print::paper::Paper;
use hexforge::print::tiling::{self, TilingOptions};
use hexforge_rules::liubo::rules::{self as liubo, Station};

use crate::art_checks;
use art_checks::{PT, assert_fully_drawn, rect, text_of, viewer_preference};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// One drawn link: from, to, path, and the line's two ends.
type DrawnLink = (u32, u32, String, (f64, f64), (f64, f64));

/// The board as the SVG tells it: station centres and kinds, and directed links.
struct Board {
    stations: BTreeMap<u32, (f64, f64)>,
    kinds: BTreeMap<u32, String>,
    links: Vec<DrawnLink>,
}

fn attr_num(n: &roxmltree::Node, name: &str) -> Option<u32> {
    n.attribute(name).map(|v| v.parse().expect("a number"))
}

fn read_board(svg: &str) -> Board {
    let doc = roxmltree::Document::parse(svg).expect("board svg is well-formed xml");
    let mut stations = BTreeMap::new();
    let mut kinds = BTreeMap::new();
    let mut links = Vec::new();
    for n in doc.descendants() {
        if let Some(s) = attr_num(&n, "data-station") {
            let circle = n.children().find(|c| c.has_tag_name("circle")).expect("a station is drawn as a circle");
            let f = |a| circle.attribute(a).unwrap().parse::<f64>().unwrap();
            assert!(stations.insert(s, (f("cx"), f("cy"))).is_none(), "station {s} appears twice");
            kinds.insert(s, n.attribute("data-kind").unwrap().to_string());
        }
        if let (Some(a), Some(b)) = (attr_num(&n, "data-from"), attr_num(&n, "data-to")) {
            let path = n.attribute("data-path").unwrap_or_default().to_string();
            let f = |a| n.attribute(a).unwrap().parse::<f64>().unwrap();
            links.push((a, b, path, (f("x1"), f("y1")), (f("x2"), f("y2"))));
        }
    }
    Board { stations, kinds, links }
}

fn board() -> Board {
    read_board(&board::board_svg().unwrap())
}

/// Fewest steps from `a` to `b` over the given directed links.
fn steps(links: &[(u32, u32)], a: u32, b: u32) -> Option<usize> {
    let mut dist = BTreeMap::from([(a, 0usize)]);
    let mut queue = VecDeque::from([a]);
    while let Some(s) = queue.pop_front() {
        if s == b {
            return dist.get(&s).copied();
        }
        for &(x, y) in links {
            if x == s && !dist.contains_key(&y) {
                dist.insert(y, dist[&s] + 1);
                queue.push_back(y);
            }
        }
    }
    None
}

#[test]
fn board_svg_has_exactly_the_29_stations() {
    let b = board();
    let numbers: Vec<u32> = b.stations.keys().copied().collect();
    assert_eq!(numbers, (1..=29).collect::<Vec<_>>());
    let cardinal: Vec<u32> = b.kinds.iter().filter(|(_, k)| *k == "cardinal").map(|(n, _)| *n).collect();
    assert_eq!(cardinal, vec![1, 6, 11, 16], "the cardinal stations are marked");
    let centre: Vec<u32> = b.kinds.iter().filter(|(_, k)| *k == "centre").map(|(n, _)| *n).collect();
    assert_eq!(centre, vec![29]);
}

#[test]
fn board_svg_links_form_the_spec_graph() {
    let b = board();
    let links: Vec<(u32, u32)> = b.links.iter().map(|l| (l.0, l.1)).collect();
    assert_eq!(links.len(), 32, "20 circuit links and 6 per crossing");
    let unique: BTreeSet<_> = links.iter().collect();
    assert_eq!(unique.len(), 32, "no link drawn twice");

    // The circuit 1 → 2 → … → 20 → 1.
    let circuit: Vec<(u32, u32)> = b.links.iter().filter(|l| l.2 == "circuit").map(|l| (l.0, l.1)).collect();
    let expected: Vec<(u32, u32)> = (1..=20).map(|i| (i, i % 20 + 1)).collect();
    assert_eq!(circuit, expected);
    assert_eq!(steps(&circuit, 6, 16), Some(10), "the circuit from 6 to 16 is 10 steps");
    assert_eq!(steps(&circuit, 11, 1), Some(10));

    // Each crossing is 6 steps through one shared central station.
    for (from, to) in [(6, 16), (11, 1)] {
        assert_eq!(steps(&links, from, to), Some(6), "crossing {from} -> {to}");
        let path: Vec<(u32, u32)> = links.iter().copied().filter(|&(a, c)| a > 20 || c > 20).collect();
        assert_eq!(steps(&path, from, to), Some(6));
    }
    let degree = |s: u32| links.iter().filter(|&&(a, c)| a == s || c == s).count();
    let centre: Vec<u32> = (1..=29).filter(|&s| degree(s) == 4).collect();
    assert_eq!(centre, vec![29], "only the centre joins both crossings");
    for s in 1..=29 {
        let want = match s {
            29 => 4,
            1 | 6 | 11 | 16 => 3,
            _ => 2,
        };
        assert_eq!(degree(s), want, "station {s}");
    }
    assert_eq!(steps(&links, 6, 29), Some(3), "the centre is halfway across");
    assert_eq!(steps(&links, 11, 29), Some(3));

    // And it is the model's graph, path by path.
    let model: BTreeSet<(u32, u32)> =
        liubo::links().iter().map(|l| (u32::from(l.from.number()), u32::from(l.to.number()))).collect();
    assert_eq!(unique.into_iter().copied().collect::<BTreeSet<_>>(), model);
}

#[test]
fn board_lines_join_their_stations() {
    let b = board();
    assert_eq!(b.links.len(), 32);
    for &(a, c, _, p, q) in &b.links {
        let (pa, pc) = (b.stations[&a], b.stations[&c]);
        let near = |x: (f64, f64), y: (f64, f64)| (x.0 - y.0).abs() < 0.01 && (x.1 - y.1).abs() < 0.01;
        assert!(near(p, pa) && near(q, pc), "link {a}->{c}");
    }
}

#[test]
fn circuit_is_numbered_counter_clockwise_from_the_entry() {
    let b = board();
    // Shoelace sum in SVG coordinates (y down): negative means counter-clockwise as seen.
    let area: f64 = (1..=20)
        .map(|i| {
            let (p, q) = (b.stations[&i], b.stations[&(i % 20 + 1)]);
            p.0 * q.1 - q.0 * p.1
        })
        .sum();
    assert!(area < 0.0, "circuit runs counter-clockwise");
    assert_eq!(Station::ENTRY.number(), 1);
    // The entry arrow ends at station 1.
    let svg = board::board_svg().unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let entry = doc.descendants().find(|n| n.attribute("id") == Some("entry")).expect("the board shows the entry");
    let (x2, y2): (f64, f64) =
        (entry.attribute("x2").unwrap().parse().unwrap(), entry.attribute("y2").unwrap().parse().unwrap());
    let one = b.stations[&1];
    assert!(((x2 - one.0).powi(2) + (y2 - one.1).powi(2)).sqrt() < 20.0);
}

#[test]
fn every_character_is_drawn_with_a_bundled_font() {
    let svgs = [
        board::board_svg().unwrap(),
        pieces::pieces_svg().unwrap(),
        pieces::throw_chart_svg().unwrap(),
        pieces::stick_svg().unwrap(),
        pieces::token_svg(Piece::Owl, Side::Black).unwrap(),
    ];
    for (i, svg) in svgs.iter().enumerate() {
        assert_fully_drawn(svg, &format!("svg {i}"));
    }
}

#[test]
fn pieces_sheet_holds_the_pieces_of_the_seed() {
    let svg = pieces::pieces_svg().unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let count = |piece: &str, side: Option<&str>| {
        doc.descendants()
            .filter(|n| n.attribute("data-piece") == Some(piece))
            .filter(|n| side.is_none() || n.attribute("data-side") == side)
            .count()
    };
    assert_eq!(count("stone", Some("white")), 6);
    assert_eq!(count("stone", Some("black")), 6);
    assert_eq!(count("owl", Some("white")), 1);
    assert_eq!(count("owl", Some("black")), 1);
    assert_eq!(count("stick", None), 6);
}

#[test]
fn throw_chart_shows_the_computed_distribution() {
    let svg = pieces::throw_chart_svg().unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let ways: Vec<(u32, u32)> =
        doc.descendants().filter_map(|n| Some((attr_num(&n, "data-score")?, attr_num(&n, "data-ways")?))).collect();
    assert_eq!(ways, vec![(1, 1), (2, 3), (3, 3), (4, 1)]);
    let groups = doc.descendants().filter(|n| n.attribute("data-trigram").is_some()).count();
    assert_eq!(groups, 8, "every way three sticks can fall");
    let text = text_of(&svg);
    for p in ["1/8", "3/8", "37.5 %", "1/64", "1/32"] {
        assert!(text.contains(p), "the chart shows {p}");
    }
}

// PDFs, parsed with lopdf.

#[test]
fn tiled_board_pdfs_have_paper_sized_pages_and_tile_boxes() {
    let opts = TilingOptions::default();
    for paper in Paper::HOME {
        let bytes = sheets::board_tiled_pdf(paper).unwrap();
        let doc = lopdf::Document::load_mem(&bytes).unwrap();
        let plan = tiling::plan(board::BOARD_MM, board::BOARD_MM, &sheets::play_spaces(), paper, &opts).unwrap();
        assert!(plan.tiles.len() > 1, "the board is larger than {paper:?}");
        let pages = doc.get_pages();
        assert_eq!(pages.len(), plan.tiles.len());
        let (w, h) = (plan.page_width_mm, plan.page_height_mm);
        for (tile, id) in plan.tiles.iter().zip(pages.values()) {
            let page = doc.get_dictionary(*id).unwrap();
            let media = rect(&doc, page, b"MediaBox");
            assert!((media[2] - w * PT).abs() < 0.05 && (media[3] - h * PT).abs() < 0.05);
            let trim = rect(&doc, page, b"TrimBox");
            let want = [
                tile.page_x_mm * PT,
                (h - tile.page_y_mm - tile.height_mm) * PT,
                (tile.page_x_mm + tile.width_mm) * PT,
                (h - tile.page_y_mm) * PT,
            ];
            for (a, b) in trim.iter().zip(want) {
                assert!((a - b).abs() < 0.05, "{paper:?} tile {}: {trim:?} vs {want:?}", tile.label());
            }
            // The tile stays clear of the 12 mm margin, where home printers cannot print.
            assert!(trim[0] >= 12.0 * PT - 0.05 && trim[2] <= (w - 12.0) * PT + 0.05);
            assert_eq!(rect(&doc, page, b"BleedBox"), trim);
        }
        assert_eq!(plan.min_overlap_mm(), Some(opts.overlap_mm));
        assert!(viewer_preference(&doc, b"PrintScaling").as_deref() == Some(b"None".as_slice()));
    }
}

#[test]
fn poster_board_pdfs_hold_the_board_at_full_size() {
    for paper in Paper::LARGE {
        let bytes = sheets::board_poster_pdf(paper).unwrap();
        let doc = lopdf::Document::load_mem(&bytes).unwrap();
        let pages = doc.get_pages();
        assert_eq!(pages.len(), 1);
        let page = doc.get_dictionary(pages[&1]).unwrap();
        let (w, h) = paper.size_mm();
        let media = rect(&doc, page, b"MediaBox");
        assert!((media[2] - w * PT).abs() < 0.05 && (media[3] - h * PT).abs() < 0.05, "{paper:?} portrait");
        let trim = rect(&doc, page, b"TrimBox");
        let side = board::BOARD_MM * PT;
        assert!((trim[2] - trim[0] - side).abs() < 0.05 && (trim[3] - trim[1] - side).abs() < 0.05);
        assert!((trim[0] + trim[2] - media[2]).abs() < 0.05, "centred across");
        assert!((trim[1] + trim[3] - media[3]).abs() < 0.05, "centred down");
        assert!(viewer_preference(&doc, b"PrintScaling").as_deref() == Some(b"None".as_slice()));
    }
}

#[test]
fn pieces_pdfs_have_two_pages_per_paper() {
    for paper in Paper::HOME {
        let doc = lopdf::Document::load_mem(&sheets::pieces_pdf(paper).unwrap()).unwrap();
        let (w, h) = paper.size_mm();
        for id in doc.get_pages().values() {
            let page = doc.get_dictionary(*id).unwrap();
            let media = rect(&doc, page, b"MediaBox");
            assert!((media[2] - w * PT).abs() < 0.05 && (media[3] - h * PT).abs() < 0.05);
            let trim = rect(&doc, page, b"TrimBox");
            assert!(trim[0] >= 10.0 * PT && trim[2] <= (w - 10.0) * PT, "{paper:?}");
            assert!(trim[1] >= 10.0 * PT && trim[3] <= (h - 10.0) * PT, "{paper:?}");
        }
        assert_eq!(doc.get_pages().len(), 2);
        assert!(viewer_preference(&doc, b"PrintScaling").as_deref() == Some(b"None".as_slice()));
    }
}

#[test]
fn output_is_deterministic() {
    assert_eq!(board::board_svg().unwrap(), board::board_svg().unwrap());
    assert_eq!(sheets::board_tiled_pdf(Paper::A4).unwrap(), sheets::board_tiled_pdf(Paper::A4).unwrap());
}
