//! The index at the top of the output folder, `README.txt`: what a customer opens first.
//!
//! It is written from the files the run wrote (the manifest's entries), so it names
//! only files that are there: for each game, the rulebook to read first and every PDF to
//! print, on which paper, how (one- or two-sided) and what each holds (the rows of the
//! game's components list that name the file); then what each folder holds. What it says
//! of a game's files is the game's own ([`PrintedGame::sheet_duplex`],
//! [`PrintedGame::index_note`], [`PrintedGame::folder_about`]).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use crate::games::{self, PrintedGame};
use crate::print::output::{MANIFEST, ManifestEntry};
use crate::print::paper::Paper;
use crate::print::plan::PrintOptions;

/// Where the index goes, at the top of the output folder.
pub const PATH: &str = "README.txt";

/// Its manifest kind.
pub const KIND: &str = "index";

/// The game's name as its rulebook's cover prints it: the title its games declare.
fn title(game: &dyn PrintedGame) -> &'static str {
    hexforge_rules::games()
        .into_iter()
        .find(|g| g.printed.key == game.key())
        .map_or_else(|| unreachable!("a printed game no game declares: {}", game.key()), |g| g.printed.title.en)
}

/// The paper of a file named `…-<paper>.pdf`, and the name without that ending.
pub(crate) fn paper_of(path: &str) -> Option<(Paper, &str)> {
    let stem = path.strip_suffix(".pdf")?;
    Paper::HOME.into_iter().chain(Paper::LARGE).find_map(|p| Some((p, stem.strip_suffix(&format!("-{}", p.key()))?)))
}

/// A file and the paper it is for: `rulebooks/liubo-rules-a4.pdf (A4)`.
fn with_paper(path: &str) -> String {
    match paper_of(path) {
        Some((paper, _)) => format!("{path} ({})", paper.name()),
        None => path.to_string(),
    }
}

/// How a PDF of `kind` in `game`'s folder is printed.
fn how(game: &dyn PrintedGame, kind: &str, path: &str, print: &PrintOptions) -> String {
    let large = paper_of(path).is_some_and(|(p, _)| Paper::LARGE.contains(&p));
    match kind {
        "sheet-pdf" => match game.sheet_duplex(print) {
            Some(edge) => format!("two-sided, {} (the file presets it)", edge.words()),
            None => "one-sided".to_string(),
        },
        "fold-sheet-pdf" => "one-sided, for printers without duplex: fold on the dashed line, glue, cut".to_string(),
        "cut-sheet-pdf" => {
            "for a print-then-cut machine; the cut paths of each page are the SVGs beside it".to_string()
        }
        "dtc-pdf" => "not for home printing: upload it to DriveThruCards (PDF/X-1a, CMYK)".to_string(),
        "board-pdf" if large => "the whole board on one sheet, one-sided (a copy shop prints it)".to_string(),
        "board-pdf" => "the board in tiles, one-sided: trim and glue along the marks".to_string(),
        _ => "one-sided".to_string(),
    }
}

/// Lines no wider than this, for a text editor's window.
const WIDTH: usize = 88;

/// `text` wrapped to [`WIDTH`] at spaces: the first line after `first`, the rest after
/// `rest` (both indents).
fn wrapped(t: &mut String, first: &str, rest: &str, text: &str) {
    let mut line = first.to_string();
    let mut empty = true;
    for word in text.split(' ') {
        if !empty && line.chars().count() + 1 + word.chars().count() > WIDTH {
            let _ = writeln!(t, "{line}");
            line = rest.to_string();
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    let _ = writeln!(t, "{line}");
}

/// A heading underlined.
fn heading(t: &mut String, text: &str, rule: char) {
    let _ = writeln!(t);
    let _ = writeln!(t, "{text}");
    let _ = writeln!(t, "{}", rule.to_string().repeat(text.chars().count()));
}

/// Whether a file is for one of the large papers (a copy shop's).
fn is_large(path: &str) -> bool {
    paper_of(path).is_some_and(|(p, _)| Paper::LARGE.contains(&p))
}

/// The text of `README.txt` for a run that wrote `written` with `print`.
pub fn readme(written: &[ManifestEntry], print: &PrintOptions) -> String {
    let has = |path: &str| written.iter().any(|e| e.path == path);
    let mut t = String::new();
    let _ = writeln!(t, "hexforge print-and-play: what is in this folder");
    let _ = writeln!(t, "===============================================");
    let _ = writeln!(t);
    let _ = writeln!(t, "Print every PDF at 100 % (\"actual size\"), never \"fit to page\".");
    let _ = writeln!(t, "Files for home printers come in two paper sizes; print the one your printer holds:");
    let _ = writeln!(t, "  ...-a4.pdf       A4 paper, 210 x 297 mm");
    let _ = writeln!(t, "  ...-letter.pdf   US Letter paper, 8.5 x 11 in");
    if written.iter().any(|e| is_large(&e.path)) {
        let _ = writeln!(t, "Boards printed whole on one large sheet, at a copy shop:");
        let _ = writeln!(t, "  ...-a3.pdf       A3 paper, 297 x 420 mm");
        let _ = writeln!(t, "  ...-tabloid.pdf  Tabloid paper, 11 x 17 in");
    }

    heading(&mut t, "What to print first", '-');
    let mut step = 0;
    let mut next = || {
        step += 1;
        format!("{step}. ")
    };
    let alignment: Vec<&str> =
        written.iter().map(|e| e.path.as_str()).filter(|p| p.starts_with("alignment-test-")).collect();
    if !alignment.is_empty() {
        let files = alignment.iter().map(|p| with_paper(p)).collect::<Vec<_>>().join(" or ");
        let text = format!(
            "Before any two-sided card sheet: {files}, once, two-sided. Held up to the light it shows \
             how far your printer shifts the back; if it does not read 0, make the cards again with \
             --back-offset X,Y."
        );
        wrapped(&mut t, &next(), "   ", &text);
    }
    let text = "The rulebook of the game you want to play, from rulebooks/ (named below with each game): \
                its components list says what to print from which file.";
    wrapped(&mut t, &next(), "   ", text);
    wrapped(&mut t, &next(), "   ", "Then that game's files, as listed below.");

    for game in games::all() {
        let folder = format!("{}/", game.key());
        let books: Vec<&str> = written
            .iter()
            .map(|e| e.path.as_str())
            .filter(|p| {
                p.strip_prefix("rulebooks/").is_some_and(|name| {
                    name.strip_prefix(game.key())
                        .is_some_and(|rest| ["-rules-", "-fr-rules-", "-zh-rules-"].iter().any(|p| rest.starts_with(p)))
                })
            })
            .collect();
        let pdfs: Vec<&ManifestEntry> =
            written.iter().filter(|e| e.path.starts_with(&folder) && e.path.ends_with(".pdf")).collect();
        if books.is_empty() && pdfs.is_empty() {
            continue;
        }
        heading(&mut t, title(game), '-');
        if !books.is_empty() {
            let _ = writeln!(t, "  Read first, the rulebook:");
            // A game with books in two languages says which is which.
            let language = |book: &str| {
                [("-zh-rules-", "in Chinese"), ("-fr-rules-", "in French")]
                    .into_iter()
                    .find(|(infix, _)| book.contains(infix))
                    .map_or("in English", |(_, name)| name)
            };
            let languages: BTreeSet<&str> = books.iter().map(|b| language(b)).collect();
            for book in &books {
                let line = with_paper(book);
                let line = match line.strip_suffix(')') {
                    Some(open) if languages.len() > 1 => format!("{open}, {})", language(book)),
                    _ => line,
                };
                let _ = writeln!(t, "    {line}");
            }
        }
        if pdfs.is_empty() {
            continue;
        }
        let _ = writeln!(t, "  Then print:");
        // The home-paper editions of one file together, the large-paper ones apart
        // (a board tiled on A4 is printed otherwise than the same board whole on A3).
        let mut groups: BTreeMap<(&str, bool), Vec<&ManifestEntry>> = BTreeMap::new();
        for e in &pdfs {
            let stem = paper_of(&e.path).map_or(e.path.as_str(), |(_, stem)| stem);
            groups.entry((stem, is_large(&e.path))).or_default().push(e);
        }
        let components = game.components();
        for files in groups.values() {
            for e in files {
                let _ = writeln!(t, "    {}", with_paper(&e.path));
            }
            let first = files[0];
            let holds: Vec<&str> = components
                .iter()
                .filter(|c| files.iter().any(|e| c.files.contains(&e.path)))
                .map(|c| c.name.as_str())
                .collect();
            let what = if holds.is_empty() { String::new() } else { format!(". Holds: {}", holds.join("; ")) };
            wrapped(&mut t, "      - ", "        ", &format!("{}{what}", how(game, &first.kind, &first.path, print)));
        }
        let paths: Vec<&str> = pdfs.iter().map(|e| e.path.as_str()).collect();
        if let Some(note) = game.index_note(&paths) {
            wrapped(&mut t, "  ", "  ", &note);
        }
    }
    let puzzles: Vec<&str> =
        written.iter().map(|e| e.path.as_str()).filter(|p| p.starts_with("puzzles/") && p.ends_with(".pdf")).collect();
    if !puzzles.is_empty() {
        heading(&mut t, "Puzzle book", '-');
        for p in &puzzles {
            let _ = writeln!(t, "    {}", with_paper(p));
        }
        wrapped(&mut t, "      - ", "        ", "Pathways ladders and Zhi Pai deals; the answers are at the back.");
    }

    heading(&mut t, "What each folder holds", '-');
    let top = |p: &str| p.split_once('/').map(|(f, _)| f.to_string());
    let mut folders: Vec<String> = written.iter().filter_map(|e| top(&e.path)).collect();
    folders.sort();
    folders.dedup();
    for folder in folders {
        let about = match (games::by_key(&folder), folder.as_str()) {
            (Some(game), _) => game.folder_about(written),
            (None, "rulebooks") => "one rulebook per game, for A4 and for US Letter paper: read it first".to_string(),
            (None, "puzzles") => {
                "the puzzle book: Pathways ladders and Zhi Pai deals, with the answers at the back".to_string()
            }
            (None, _) => String::new(),
        };
        wrapped(&mut t, &format!("  {:<17}", format!("{folder}/")), &" ".repeat(19), &about);
    }
    for data in ["hexagrams.json", "neighbours.csv"].into_iter().filter(|p| has(p)) {
        wrapped(
            &mut t,
            &format!("  {data:<17}"),
            &" ".repeat(19),
            "one of the core's tables, for checking a deck by other means",
        );
    }
    wrapped(
        &mut t,
        &format!("  {MANIFEST:<17}"),
        &" ".repeat(19),
        "every file of this run, with its kind, size and SHA-256",
    );
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(path: &str, kind: &str) -> ManifestEntry {
        ManifestEntry { path: path.into(), kind: kind.into(), bytes: 1, sha256: String::new() }
    }

    #[test]
    fn names_only_what_was_written_with_its_paper() {
        let written = [
            entry("changing-lines/changing-lines-cards-a4.pdf", "sheet-pdf"),
            entry("changing-lines/changing-lines-cards-letter.pdf", "sheet-pdf"),
            entry("rulebooks/changing-lines-rules-a4.pdf", "rulebook-pdf"),
            entry("liubo/board-a3.pdf", "board-pdf"),
        ];
        let text = readme(&written, &PrintOptions::default());
        assert!(text.contains("changing-lines/changing-lines-cards-letter.pdf (US Letter)"), "{text}");
        assert!(text.contains("two-sided, flip on long edge"), "{text}");
        assert!(text.contains("rulebooks/changing-lines-rules-a4.pdf (A4)"), "{text}");
        assert!(text.contains("Holds: Changing Lines cards;"), "{text}");
        assert!(text.lines().all(|l| l.chars().count() <= WIDTH), "{text}");
        assert!(text.contains("the whole board on one sheet"), "{text}");
        // Nothing the run did not write: no alignment test, no Zhi Pai, no Letter rulebook.
        assert!(!text.contains("alignment-test") && !text.contains("Zhi Pai"), "{text}");
        assert!(!text.contains("changing-lines-rules-letter"), "{text}");
    }

    #[test]
    fn each_game_says_how_its_sheets_print_and_what_its_folder_holds() {
        let written = [
            entry("zhi-pai/zhi-pai-cards-a4.pdf", "sheet-pdf"),
            entry("zhi-pai/svg/card-01.svg", "card-svg"),
            entry("yijing-pai/sheets-144-a4.pdf", "sheet-pdf"),
            entry("liubo/pieces-a4.pdf", "sheet-pdf"),
        ];
        let print = PrintOptions { duplex: crate::print::plan::DuplexEdge::Short, ..PrintOptions::default() };
        let text = readme(&written, &print);
        // The deck's sheets as --duplex asks, 易经牌's tiles on the long edge, Liubo's pieces one-sided.
        let how: Vec<&str> = text.lines().filter_map(|l| l.trim_start().strip_prefix("- ")).collect();
        assert_eq!(how.len(), 3, "{text}");
        assert!(how[0].starts_with("two-sided, flip on short edge (the file presets it)"), "{text}");
        assert!(how[1].starts_with("two-sided, flip on long edge (the file presets it)"), "{text}");
        assert!(how[2].starts_with("one-sided"), "{text}");
        assert!(text.contains("  zhi-pai/         the card sheets to print"), "{text}");
        assert!(text.contains("svg/ every face as SVG") && !text.contains("png/ every face"), "{text}");
        assert!(text.contains("  liubo/           the board (tiled"), "{text}");
        // One tile set written: no word of choosing between two.
        assert!(!text.contains("two sizes of one set"), "{text}");
        let both = [&written[..], &[entry("yijing-pai/sheets-162-a4.pdf", "sheet-pdf")]].concat();
        let text = readme(&both, &print);
        assert!(text.contains("the larger 162."), "{text}");
    }
}
