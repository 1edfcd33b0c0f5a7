//! The puzzle book (issue 13): every puzzle, optimum and answer it prints is the
//! generator's; two compilations are byte-identical; with a base address, each puzzle's
//! QR code decodes to `<base>/?puzzle=ID` (rendered with `pdftoppm`, decoded with `zbarimg`:
//! run for real under CI=true, skipped elsewhere when the tools are missing).

use crate::outside_tool::{PDFTOPPM, ZBARIMG};
use crate::pdf_text;

use hexforge::print::paper::Paper;
use hexforge::rulebook::{puzzle_book, rulebook_pdf};
use lopdf::Document;
use std::process::Command;

const BASE: &str = "https://puzzles.example.org";

fn text(pdf: &[u8]) -> String {
    let doc = Document::load_mem(pdf).expect("a PDF");
    // Runs are joined with spaces, so a term list's separator reads " : ".
    pdf_text::document_text(&doc).split_whitespace().collect::<Vec<_>>().join(" ").replace(" :", ":")
}

#[test]
fn the_book_prints_every_puzzle_as_generated() {
    let book = puzzle_book::book(None);
    let pdf = rulebook_pdf(&book, Paper::A4).expect("the book compiles");
    assert_eq!(pdf, rulebook_pdf(&book, Paper::A4).unwrap(), "deterministic");
    let t = text(&pdf);
    let ladders = book.data["ladders"].as_array().unwrap();
    let deals = book.data["deals"].as_array().unwrap();
    assert_eq!((ladders.len(), deals.len()), (30, 30));
    for (i, l) in ladders.iter().enumerate() {
        let id: hexforge_rules::puzzles::PuzzleId = l["id"].as_str().unwrap().parse().unwrap();
        let hexforge_rules::puzzles::Puzzle::Ladder(ladder) = hexforge_rules::puzzles::Puzzle::from_id(&id) else {
            panic!()
        };
        let route: Vec<String> = ladder.solution.iter().map(|h| h.number().to_string()).collect();
        let answer = format!("Ladder {}: {} ({} cards)", i + 1, route.join(" → "), route.len());
        let at = t.find("Answers").unwrap_or(0);
        assert!(t.contains(&answer), "{id}'s answer {answer:?} in {}", &t[at..(at + 300).min(t.len())]);
        // A count below 10 in words (docs/conventions.md, "Numbers in the books").
        const WORDS: [&str; 10] = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
        let optimum = WORDS.get(route.len()).map_or(route.len().to_string(), |w| w.to_string());
        assert!(t.contains(&format!("The shortest route has {optimum} cards")), "{id}'s optimum");
        let out: Vec<String> = ladder.removed.iter().map(|h| h.number().to_string()).collect();
        assert!(t.contains(&format!("Taken out: {}.", out.join(", "))), "{id}'s removed cards");
    }
    let ratings: Vec<u64> = ladders.iter().map(|l| l["rating"].as_u64().unwrap()).collect();
    assert!(ratings.windows(2).all(|w| w[0] <= w[1]), "rising difficulty: {ratings:?}");
    for (i, d) in deals.iter().enumerate() {
        let id: hexforge_rules::puzzles::PuzzleId = d["id"].as_str().unwrap().parse().unwrap();
        let hexforge_rules::puzzles::Puzzle::Deal(deal) = hexforge_rules::puzzles::Puzzle::from_id(&id) else {
            panic!()
        };
        let turns: Vec<String> = deal.solution.iter().map(ToString::to_string).collect();
        assert!(t.contains(&format!("Deal {}: {} (score {})", i + 1, turns.join(", "), deal.optimum)), "{id}'s answer");
        let later: Vec<String> = deal.deal[6..].iter().map(|h| h.number().to_string()).collect();
        assert!(t.contains(&later.join(", ")), "{id}'s order of play");
    }
}

/// The solitaire deals: each prints the piles and stock its seed deals, and the number of
/// stock cards the shortest win turns is the exact solver's, asked here again on the deal
/// dealt from the printed seed; the printed answer, replayed through the game's engine,
/// clears the piles turning exactly that many.
#[test]
fn the_books_solitaire_deals_state_the_solvers_shortest_win() {
    use hexforge_rules::puzzles::solitaire::{parse_moves, play};
    use hexforge_rules::solitaire::{Deal, Variant, engine::number, solve::Solver};
    let book = puzzle_book::book(None);
    let pdf = rulebook_pdf(&book, Paper::Letter).expect("the book compiles");
    // An answer may run over a page: its footer ("Puzzles 36 US Letter edition") left out.
    let mut t = String::new();
    for (i, part) in text(&pdf).split(" US Letter edition").enumerate() {
        let cut = part.rfind(" Puzzles ").filter(|&at| part[at + 9..].bytes().all(|b| b.is_ascii_digit()));
        t.push_str(if i > 0 { " " } else { "" });
        t.push_str(cut.map_or(part, |at| &part[..at]));
    }
    let t = t.split_whitespace().collect::<Vec<_>>().join(" ");
    let solitaires = book.data["solitaires"].as_array().unwrap();
    assert_eq!(solitaires.len(), 30);
    let mut solver = Solver::new();
    let mut ratings = Vec::new();
    for (i, s) in solitaires.iter().enumerate() {
        let id: hexforge_rules::puzzles::PuzzleId = s["id"].as_str().unwrap().parse().unwrap();
        let hexforge_rules::puzzles::Puzzle::Solitaire(p) = hexforge_rules::puzzles::Puzzle::from_id(&id) else {
            panic!("{id} is a solitaire deal")
        };
        let deal = Deal::shuffled(p.seed);
        let shortest = solver.shortest(&deal, Variant::BOOK).expect("a printed deal can be won");
        let piles: Vec<Vec<u8>> = deal.piles.iter().map(|pile| pile.iter().map(|&c| number(c)).collect()).collect();
        assert_eq!(s["piles"], serde_json::json!(piles), "{id}'s piles");
        let stock: Vec<String> = deal.stock.iter().map(|&c| number(c).to_string()).collect();
        assert!(t.contains(&format!("Stock, first card turned first: {}.", stock.join(", "))), "{id}'s stock");
        const WORDS: [&str; 10] = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
        let said = WORDS.get(shortest).map_or(shortest.to_string(), |w| w.to_string());
        let unit = if shortest == 1 { "card" } else { "cards" };
        let stated = format!("The shortest win turns {said} stock {unit}");
        let at = t.find(&format!("{id} ")).unwrap_or(0);
        assert!(t.contains(&stated), "{id}'s shortest win, {shortest}: {}", &t[at..(at + 900).min(t.len())]);
        let moves: Vec<String> =
            s["solution"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_string()).collect();
        let answer = format!("Solitaire {}: {} ({shortest} stock {unit})", i + 1, moves.join(", "));
        let at = t.find(&format!("Solitaire {}:", i + 1)).unwrap_or(0);
        assert!(t.contains(&answer), "{id}'s answer {answer}: {}", &t[at..(at + answer.len() + 40).min(t.len())]);
        let played = play(&deal, &parse_moves(&moves.join(",")).unwrap());
        assert_eq!((played.cleared, played.turned, played.failure), (true, shortest, None), "{id}'s answer wins");
        ratings.push(s["rating"].as_u64().unwrap());
    }
    assert!(ratings.windows(2).all(|w| w[0] <= w[1]), "rising difficulty: {ratings:?}");
}

#[test]
fn each_puzzle_carries_a_qr_code_to_its_page() {
    let (Some(pdftoppm), Some(zbarimg)) = (PDFTOPPM.or_skip(), ZBARIMG.or_skip()) else { return };
    let book = puzzle_book::book(Some(BASE));
    let pdf = rulebook_pdf(&book, Paper::Letter).expect("the book compiles");
    let dir = std::env::temp_dir().join(format!("hexforge-qr-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("book.pdf"), &pdf).unwrap();
    // The first pages of ladders and of deals: each holds several puzzles.
    let status = Command::new(pdftoppm)
        .args(["-r", "150", "-png", "-f", "2", "-l", "4"])
        .arg(dir.join("book.pdf"))
        .arg(dir.join("page"))
        .status()
        .unwrap();
    assert!(status.success());
    let mut decoded = Vec::new();
    for page in std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "png"))
    {
        let out = Command::new(&zbarimg).args(["--quiet", "--raw"]).arg(page.path()).output().unwrap();
        decoded.extend(String::from_utf8(out.stdout).unwrap().lines().map(str::to_string));
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(decoded.len() >= 4, "QR codes found: {decoded:?}");
    let expected: Vec<String> = book.data["ladders"]
        .as_array()
        .unwrap()
        .iter()
        .chain(book.data["deals"].as_array().unwrap())
        .map(|p| format!("{BASE}/?puzzle={}", p["id"].as_str().unwrap()))
        .collect();
    for url in &decoded {
        assert!(expected.contains(url), "{url} is not a puzzle of the book");
    }
    assert!(decoded.contains(&expected[0]), "the first ladder's code: {decoded:?}");
}

/// The answers start on a page of their own after a blank page, so no answer is printed
/// under, faces or backs a puzzle: once the book ran "4 Answers" straight under deals
/// 27–30, and the Letter edition began them on the back of its last puzzle page.
#[test]
fn the_answers_never_share_a_spread_with_a_puzzle() {
    let book = puzzle_book::book(None);
    for paper in Paper::HOME {
        let pdf = rulebook_pdf(&book, paper).expect("the book compiles");
        let pages = pdf_text::document_lines(&Document::load_mem(&pdf).expect("a PDF"));
        // Page numbers from 1; pages 2n and 2n + 1 face each other.
        let spread = |page: usize| page / 2;
        let heading = pages
            .iter()
            .position(|lines| lines.iter().any(|l| l.ends_with(" Answers")))
            .map(|i| i + 1)
            .unwrap_or_else(|| panic!("{paper:?}: no Answers heading"));
        assert!(pages[heading - 2].is_empty(), "{paper:?}: page {} before the answers is not blank", heading - 1);
        assert!(
            pages[heading - 1][0].ends_with(" Answers"),
            "{paper:?}: the answers start under other text on page {heading}: {:?}",
            &pages[heading - 1][..3]
        );
        let is_puzzle = |l: &str| {
            l.starts_with("The shortest route has")
                || l.starts_with("Best score:")
                || l.starts_with("The shortest win turns")
        };
        let is_answer = |l: &str| {
            ["Ladder ", "Deal ", "Solitaire "]
                .iter()
                .any(|k| l.strip_prefix(k).is_some_and(|r| r.contains(':') && r.contains('(')))
        };
        let puzzles: Vec<usize> = (1..=pages.len()).filter(|&p| pages[p - 1].iter().any(|l| is_puzzle(l))).collect();
        let answers: Vec<usize> = (1..=pages.len()).filter(|&p| pages[p - 1].iter().any(|l| is_answer(l))).collect();
        assert!(puzzles.len() > 5 && answers.len() > 1, "{paper:?}: puzzles {puzzles:?}, answers {answers:?}");
        for a in &answers {
            assert!(*a >= heading, "{paper:?}: an answer on page {a}, before the Answers heading (page {heading})");
            for p in &puzzles {
                assert_ne!(spread(*a), spread(*p), "{paper:?}: answers on page {a} face the puzzles of page {p}");
            }
        }
    }
}

/// The cover says what the book is, and prints no guessed time a puzzle: it once called
/// itself "a print-and-play rulebook" and promised "5–15 min a puzzle".
#[test]
fn the_cover_calls_it_a_puzzle_book() {
    let pdf = rulebook_pdf(&puzzle_book::book(None), Paper::A4).expect("the book compiles");
    let cover = pdf_text::document_lines(&Document::load_mem(&pdf).unwrap())[0].join(" ");
    assert!(cover.contains("puzzle book") && !cover.contains("rulebook"), "the cover: {cover}");
    assert!(!cover.contains(" min"), "a playing time on the cover: {cover}");
}
