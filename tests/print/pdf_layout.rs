//! Proofreading the books as a printer sees them, through poppler: words and where they sit
//! (`pdftotext -bbox`), the fonts of each page (`pdffonts`) and the page itself
//! (`pdftoppm`). Every rulebook edition and the puzzle book, on both papers: no word struck
//! by a rule, no page left holding a line or two, no table's commands printed on another
//! page than the table, no Chinese set in the traditional face in the Chinese book, and
//! the puzzle book's answers never on the back of a puzzle. The tools come with
//! poppler-utils: outside CI a missing one skips these tests with a message; under
//! `CI=true` it fails them.

use hexforge::print::paper::Paper;
use hexforge::rulebook::{self, puzzle_book};
use hexforge_rules::core::lang::Lang;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use crate::outside_tool::PDFTOTEXT as POPPLER;
use crate::temp_dir::TempDir;

/// Points in a millimetre.
const MM: f64 = 72.0 / 25.4;
/// The books' bottom margin, which holds only the running footer.
const FOOT: f64 = 24.0 * MM;
/// The resolution pages are rendered at to find rules, in dots per inch.
const DPI: f64 = 100.0;

/// A word as `pdftotext -bbox` places it, in points from the page's top left.
#[derive(Debug, Clone)]
struct Word {
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
    text: String,
}

/// A page: its height and its words.
struct Page {
    height: f64,
    words: Vec<Word>,
}

impl Page {
    /// The words above the footer.
    fn body(&self) -> impl Iterator<Item = &Word> {
        self.words.iter().filter(|w| w.y1 < self.height - FOOT)
    }

    /// The body's lines, top to bottom: words whose boxes share a bottom edge, joined.
    fn lines(&self) -> Vec<(f64, String)> {
        let mut words: Vec<&Word> = self.body().collect();
        words.sort_by(|a, b| a.y1.total_cmp(&b.y1).then(a.x0.total_cmp(&b.x0)));
        let mut lines: Vec<(f64, String)> = Vec::new();
        for w in words {
            match lines.last_mut() {
                Some((y, line)) if (*y - w.y1).abs() < 2.0 => {
                    line.push(' ');
                    line.push_str(&w.text);
                }
                _ => lines.push((w.y1, w.text.clone())),
            }
        }
        lines
    }
}

/// A book as printed: its name (the file's), its file and its pages.
struct Printed {
    name: String,
    path: PathBuf,
    pages: Vec<Page>,
}

/// Every book, compiled once and read back with `pdftotext -bbox`; `None` when poppler is
/// missing outside CI.
fn books() -> Option<&'static [Printed]> {
    static BOOKS: OnceLock<Option<(TempDir, Vec<Printed>)>> = OnceLock::new();
    BOOKS
        .get_or_init(|| {
            let pdftotext = POPPLER.or_skip()?;
            let dir = TempDir::new("pdf-layout");
            let editions: [(&str, Lang); 7] = [
                ("changing-lines", Lang::En),
                ("zhi-pai", Lang::En),
                ("yijing-pai", Lang::En),
                ("liubo", Lang::En),
                ("dragons", Lang::En),
                ("zhi-pai", Lang::Fr),
                ("yijing-pai", Lang::Zh),
            ];
            let jobs: Vec<(String, rulebook::Book, Paper)> = editions
                .iter()
                .flat_map(|&(key, lang)| {
                    let book = hexforge::games::by_key(key).expect("a game").book_in(lang).expect("the book is made");
                    Paper::HOME.map(move |paper| (rulebook::output_path(&book.edition(), paper), book.clone(), paper))
                })
                .chain(Paper::HOME.map(|p| (puzzle_book::output_path(p), puzzle_book::book(None), p)))
                .collect();
            let printed = std::thread::scope(|s| {
                let handles: Vec<_> = jobs
                    .iter()
                    .map(|(name, book, paper)| {
                        let (dir, pdftotext) = (&dir.0, &pdftotext);
                        s.spawn(move || {
                            let pdf = rulebook::rulebook_pdf(book, *paper).unwrap_or_else(|e| panic!("{name}: {e}"));
                            let path = dir.join(name.replace('/', "-"));
                            std::fs::write(&path, pdf).unwrap();
                            let pages = read_pages(pdftotext, &path);
                            Printed { name: name.clone(), path, pages }
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().expect("compile thread")).collect()
            });
            Some((dir, printed))
        })
        .as_ref()
        .map(|(_, books)| books.as_slice())
}

/// A poppler program beside `pdftotext` (the same package).
fn poppler(pdftotext: &Path, name: &str) -> PathBuf {
    pdftotext.with_file_name(name)
}

/// The pages of a PDF, word by word.
fn read_pages(pdftotext: &Path, pdf: &Path) -> Vec<Page> {
    let out = Command::new(pdftotext).arg("-bbox").arg(pdf).arg("-").output().expect("pdftotext runs");
    assert!(out.status.success(), "pdftotext {}: {}", pdf.display(), String::from_utf8_lossy(&out.stderr));
    let html = String::from_utf8_lossy(&out.stdout);
    let attr = |tag: &str, name: &str| -> f64 {
        let start = tag.find(&format!("{name}=\"")).unwrap_or_else(|| panic!("{name} in {tag}")) + name.len() + 2;
        tag[start..].split('"').next().unwrap().parse().unwrap()
    };
    let unescape = |s: &str| s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&");
    html.split("<page ")
        .skip(1)
        .map(|page| {
            let head = page.split('>').next().unwrap();
            let words = page
                .split("<word ")
                .skip(1)
                .map(|w| {
                    let (tag, rest) = w.split_once('>').unwrap();
                    let text = unescape(rest.split("</word>").next().unwrap());
                    Word {
                        x0: attr(tag, "xMin"),
                        y0: attr(tag, "yMin"),
                        x1: attr(tag, "xMax"),
                        y1: attr(tag, "yMax"),
                        text,
                    }
                })
                .collect();
            Page { height: attr(head, "height"), words }
        })
        .collect()
}

/// The horizontal rules of a page: (y in points, x from, x to), found on the page rendered
/// in grey as rows of ink running unbroken for at least half the page's width (a table's
/// rules; words never run that long without a space) and thin: paper a few pixels above
/// and below the run's middle (a figure's filled shapes are not rules).
fn rules(pdftotext: &Path, pdf: &Path, page: usize) -> Vec<(f64, f64, f64)> {
    let out = Command::new(poppler(pdftotext, "pdftoppm"))
        .args(["-gray", "-r", &DPI.to_string(), "-f", &page.to_string(), "-l", &page.to_string()])
        .arg(pdf)
        .output()
        .expect("pdftoppm runs");
    assert!(out.status.success(), "pdftoppm: {}", String::from_utf8_lossy(&out.stderr));
    let (w, h, pixels) = crate::ppm::pgm(&out.stdout);
    let pt = 72.0 / DPI;
    let mut found = Vec::new();
    for y in 0..h {
        let row = &pixels[y * w..(y + 1) * w];
        let mut x = 0;
        while x < w {
            if row[x] < 235 {
                let start = x;
                while x < w && row[x] < 235 {
                    x += 1;
                }
                let mid = (start + x) / 2;
                let paper = |yy: usize| pixels[yy * w + mid] >= 235;
                let thin = y >= 3 && y + 3 < h && paper(y - 3) && paper(y + 3);
                if x - start >= w / 2 && thin {
                    found.push((y as f64 * pt, start as f64 * pt, x as f64 * pt));
                }
            } else {
                x += 1;
            }
        }
    }
    found
}

/// A rule through a word's letters: the rule crosses the word's x-height band (the box of
/// `pdftotext` runs from the ascenders' top to the descenders' foot).
fn struck(word: &Word, rule: (f64, f64, f64)) -> bool {
    let (y, x0, x1) = rule;
    let h = word.y1 - word.y0;
    x0 < word.x1 && x1 > word.x0 && y > word.y0 + 0.3 * h && y < word.y1 - 0.3 * h
}

#[test]
fn no_rule_strikes_through_a_word() {
    let Some(books) = books() else { return };
    let pdftotext = POPPLER.find().unwrap();
    let mut struck_words = Vec::new();
    for book in books {
        // The cover is a drawing, not set text.
        for (i, page) in book.pages.iter().enumerate().skip(1) {
            let found = rules(&pdftotext, &book.path, i + 1);
            for w in page.body() {
                if let Some(r) = found.iter().find(|&&r| struck(w, r)) {
                    struck_words.push(format!(
                        "{} p{}: {:?} under the rule at {:.1} pt",
                        book.name,
                        i + 1,
                        w.text,
                        r.0
                    ));
                }
            }
        }
    }
    assert!(struck_words.is_empty(), "rules through words:\n{}", struck_words.join("\n"));
}

/// The rule's own check: a word a rule runs through is found, one it passes under is not.
#[test]
fn a_rule_through_the_letters_is_a_strike() {
    let w = Word { x0: 62.0, y0: 284.2, x1: 102.8, y1: 298.5, text: "column.".into() };
    assert!(struck(&w, (292.8, 62.0, 533.0)), "the Changing Lines table's top rule through \"column.\"");
    assert!(!struck(&w, (302.0, 62.0, 533.0)), "a rule a paragraph's space below");
    assert!(!struck(&w, (292.8, 200.0, 533.0)), "a rule beside the word");
}

/// A page other than the cover that holds words at all holds at least three lines and
/// fills at least a fifth of its text block: a page holding one table row, or the last two
/// lines of a list, is a page a publisher would take out. (A page with no words is left
/// blank on purpose, as before the puzzle book's answers.)
#[test]
fn no_page_holds_only_a_line_or_two() {
    let Some(books) = books() else { return };
    let mut thin = Vec::new();
    for book in books {
        for (i, page) in book.pages.iter().enumerate().skip(1) {
            let lines = page.lines();
            let Some((last, _)) = lines.last() else { continue };
            let top = 22.0 * MM;
            let filled = (last - top) / (page.height - top - FOOT);
            if lines.len() < 3 || filled < 0.2 {
                let first = &lines[0].1;
                thin.push(format!(
                    "{} p{}: {} lines, {:.0} % of the page, from {first:?}",
                    book.name,
                    i + 1,
                    lines.len(),
                    filled * 100.0
                ));
            }
        }
    }
    assert!(thin.is_empty(), "near-empty pages:\n{}", thin.join("\n"));
}

/// Whether a line is a table's caption ("Table 4:", "Tableau 2 :", "表 4").
fn caption(line: &str) -> bool {
    ["Table ", "Tableau ", "表 "]
        .iter()
        .any(|p| line.starts_with(p) && line[p.len()..].starts_with(|c: char| c.is_ascii_digit()))
}

/// The commands printed under a measured table (as its footnotes or its notes, lines that
/// start with their marker) share a page with the table: a page holding two or more such
/// lines holds a table's caption. (A single command may be a sentence's footnote.) (The 易经牌 Chinese book once printed eleven of its table's twelve commands on
/// the next page, under the glossary.)
#[test]
fn a_tables_commands_print_on_the_tables_page() {
    let Some(books) = books() else { return };
    let mut apart = Vec::new();
    for book in books {
        for (i, page) in book.pages.iter().enumerate() {
            let lines = page.lines();
            let table = lines.iter().position(|(_, l)| caption(l));
            let commands: Vec<usize> = lines
                .iter()
                .enumerate()
                .filter(|(_, (_, l))| {
                    let words: Vec<&str> = l.split_whitespace().collect();
                    // A note's line: its marker, then the command (the marker may cling to it).
                    let marked = (words.len() > 2 && words[0].len() <= 2 && words[1] == "hexforge")
                        || words.first().is_some_and(|w| w.len() <= 10 && w.ends_with("hexforge") && w != &"hexforge");
                    marked && words.contains(&"simulate")
                })
                .map(|(n, _)| n)
                .collect();
            if commands.len() >= 2 && table.is_none() {
                apart.push(format!("{} p{}: {} commands, no table above them", book.name, i + 1, commands.len()));
            }
        }
    }
    assert!(apart.is_empty(), "commands away from their table:\n{}", apart.join("\n"));
}

/// The fonts `pdffonts` lists for `pdf`: every page, or only `page`.
fn fonts(pdftotext: &Path, pdf: &Path, page: Option<usize>) -> Vec<String> {
    let mut cmd = Command::new(poppler(pdftotext, "pdffonts"));
    if let Some(page) = page {
        cmd.args(["-f", &page.to_string(), "-l", &page.to_string()]);
    }
    let out = cmd.arg(pdf).output().expect("pdffonts runs");
    assert!(out.status.success(), "pdffonts {}: {}", pdf.display(), String::from_utf8_lossy(&out.stderr));
    let list = String::from_utf8_lossy(&out.stdout);
    list.lines().skip(2).filter_map(|l| l.split_whitespace().next()).map(str::to_owned).collect()
}

/// A traditional Chinese (TC) face, by its embedded name (`ABCDEF+NotoSansCJKtc-Bold-…`).
fn traditional(font: &str) -> bool {
    font.to_ascii_lowercase().contains("cjktc")
}

/// The Chinese book draws its Chinese in the simplified glyph forms throughout, its
/// figures too (the tile faces, the labels of the diagrams): on no page a traditional (TC)
/// face, whose punctuation sits centred in the square, Taiwan style. One `pdffonts` over
/// the whole file sees every page's fonts (the pages are named only on a failure); the
/// English 易经牌 book, whose tile faces print their characters in the TC face, shows
/// that figure text is among what it sees.
#[test]
fn the_chinese_book_sets_no_chinese_in_the_traditional_face() {
    let Some(books) = books() else { return };
    let pdftotext = POPPLER.find().unwrap();
    let zh: Vec<&Printed> = books.iter().filter(|b| b.name.contains("-zh-")).collect();
    assert_eq!(zh.len(), 2, "the Chinese book on both papers");
    let mut found = Vec::new();
    for book in zh {
        if !fonts(&pdftotext, &book.path, None).iter().any(|f| traditional(f)) {
            continue;
        }
        for page in 1..=book.pages.len() {
            for font in fonts(&pdftotext, &book.path, Some(page)).into_iter().filter(|f| traditional(f)) {
                found.push(format!("{} p{page}: {font}", book.name));
            }
        }
    }
    assert!(found.is_empty(), "traditional faces in the Chinese book:\n{}", found.join("\n"));
    // The control: the English book's tile faces (p3, figures drawn from SVG) are in TC.
    let english = books.iter().find(|b| b.name.contains("yijing-pai-rules-a4")).expect("the English 易经牌 book");
    let figures = fonts(&pdftotext, &english.path, Some(3));
    assert!(figures.iter().any(|f| traditional(f)), "p3 of {} lists a TC face: {figures:?}", english.name);
}

/// The nouns a count in running text is checked before, per language.
const COUNTED_EN: &[&str] = &[
    "player", "players", "card", "cards", "tile", "tiles", "stone", "stones", "stick", "sticks", "segment", "segments",
    "pile", "piles", "hand", "hands", "piece", "pieces", "people",
];
const COUNTED_FR: &[&str] =
    &["joueur", "joueurs", "carte", "cartes", "tuile", "tuiles", "pierre", "pierres", "baguette", "baguettes"];
/// Counts of 10 and more, spelled out: words no book may use for a count.
const SPELLED_EN: &[&str] = &[
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
    "thirty",
    "forty",
    "fifty",
    "sixty",
    "seventy",
    "eighty",
    "ninety",
    "hundred",
];
const SPELLED_FR: &[&str] = &[
    "dix",
    "onze",
    "douze",
    "treize",
    "quatorze",
    "quinze",
    "seize",
    "vingt",
    "trente",
    "quarante",
    "cinquante",
    "soixante",
    "cent",
];
/// Chinese measure words a count is written before.
const MEASURE_ZH: &[char] = &['张', '人', '家', '个', '组', '次', '轮', '局', '副', '条'];

/// The counts of one line of running text that break the numbers convention
/// (docs/conventions.md, "Numbers in the books"). A line holding a calculation, the
/// answers' notation, the cover's line or a command is not running text.
fn convention_breaks(line: &str, lang: &str) -> Vec<String> {
    if ["×", "=", "→", "·", "hexforge"].iter().any(|m| line.contains(m)) {
        return Vec::new();
    }
    let mut found = Vec::new();
    if lang == "zh" {
        // Outside quotations (“…”): a lone digit 1–9 before a measure word.
        let mut quoted = false;
        let chars: Vec<char> = line.chars().collect();
        for (i, &c) in chars.iter().enumerate() {
            match c {
                '“' => quoted = true,
                '”' => quoted = false,
                '1'..='9' if !quoted => {
                    let lone = i == 0 || !(chars[i - 1].is_ascii_digit() || chars[i - 1] == '.');
                    let next = chars[i + 1..].iter().find(|c| **c != ' ');
                    let before_digit = chars.get(i + 1).is_some_and(|c| c.is_ascii_digit() || *c == '.');
                    if lone && !before_digit && i > 0 && next.is_some_and(|n| MEASURE_ZH.contains(n)) {
                        found.push(format!("{c}{}", next.unwrap()));
                    }
                }
                _ => {}
            }
        }
        return found;
    }
    let (counted, spelled) = if lang == "fr" { (COUNTED_FR, SPELLED_FR) } else { (COUNTED_EN, SPELLED_EN) };
    let words: Vec<&str> = line.split_whitespace().collect();
    let bare = |w: &str| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-').to_lowercase();
    for (i, w) in words.iter().enumerate() {
        let word = bare(w);
        // A digit 1–9 alone (not a heading's number, which leads its line, nor "Figure 1:")
        // before a counted noun in lower case (a figure's labels are in capitals).
        let digit = w.trim_start_matches('(');
        if i > 0
            && digit.len() == 1
            && digit.chars().all(|c| ('1'..='9').contains(&c))
            && let Some(next) = words.get(i + 1)
            && next.starts_with(|c: char| c.is_lowercase())
            && counted.contains(&bare(next).as_str())
        {
            found.push(format!("{w} {next}"));
        }
        // A number of 10 or more in words (sixty-four: its first part).
        if spelled.contains(&word.split('-').next().unwrap_or("")) {
            found.push((*w).to_owned());
        }
    }
    found
}

#[test]
fn the_numbers_convention_sees_digits_and_words() {
    assert_eq!(convention_breaks("Each dragon starts with a head and 3 segments.", "en"), ["3 segments."]);
    assert_eq!(convention_breaks("the remaining sixty-two cards", "en"), ["sixty-two"]);
    assert_eq!(convention_breaks("deal eight cards to each of the 10 players", "en"), Vec::<String>::new());
    assert_eq!(convention_breaks("A game for 4 players · ages 10+", "en"), Vec::<String>::new());
    assert_eq!(convention_breaks("Figure 1: Card 12 as dealt; SEGMENT 1 SEGMENT 2", "en"), Vec::<String>::new());
    assert_eq!(convention_breaks("La séquence compte 6 cartes.", "fr"), ["6 cartes."]);
    assert_eq!(convention_breaks("une partie sur dix", "fr"), ["dix"]);
    assert_eq!(convention_breaks("每人摸 8 张牌", "zh"), ["8张"]);
    assert_eq!(convention_breaks("原规则说“玩家一般为 4 人”", "zh"), Vec::<String>::new());
    assert_eq!(convention_breaks("牌（144 张一套）", "zh"), Vec::<String>::new());
}

/// Every book writes its counts by one convention per language (docs/conventions.md,
/// "Numbers in the books"): in running text no count of players, cards, tiles, stones,
/// sticks or segments below 10 in digits (characters in Chinese), no count of 10 or more
/// in words.
#[test]
fn counts_in_running_text_follow_the_numbers_convention() {
    let Some(books) = books() else { return };
    let mut found = Vec::new();
    for book in books {
        let lang = ["zh", "fr"].into_iter().find(|l| book.name.contains(&format!("-{l}-"))).unwrap_or("en");
        for (i, page) in book.pages.iter().enumerate() {
            for (_, line) in page.lines() {
                for hit in convention_breaks(&line, lang) {
                    found.push(format!("{} p{}: {hit:?} in {line:?}", book.name, i + 1));
                }
            }
        }
    }
    assert!(found.is_empty(), "counts against the numbers convention:\n{}", found.join("\n"));
}

/// The puzzle book's answers start where no puzzle can be seen through them or beside
/// them: their first page neither backs a puzzle page (the page before it, when it is a
/// left-hand page) nor faces one (the page before it, when it is a right-hand page); so in
/// both papers the page before the answers holds no puzzle.
#[test]
fn the_answers_never_back_or_face_a_puzzle() {
    let Some(books) = books() else { return };
    let puzzles: Vec<&Printed> = books.iter().filter(|b| b.name.starts_with("puzzles/")).collect();
    assert_eq!(puzzles.len(), 2, "the puzzle book on both papers");
    for book in puzzles {
        let holds = |page: &Page, word: &str| page.body().any(|w| w.text == word);
        let answers = book
            .pages
            .iter()
            .position(|p| p.lines().iter().any(|(_, l)| l.ends_with("Answers")))
            .unwrap_or_else(|| panic!("{}: an Answers heading", book.name));
        let before = &book.pages[answers - 1];
        let puzzle = holds(before, "Ladder") || holds(before, "Deal") || holds(before, "Start:");
        assert!(
            !puzzle,
            "{}: the answers start on p{} ({} page), and p{} before it holds a puzzle",
            book.name,
            answers + 1,
            if (answers + 1) % 2 == 0 { "a left-hand" } else { "a right-hand" },
            answers
        );
    }
}
