//! Proofreading every rulebook as printed: the lines of both editions, read back from the
//! PDF, checked for the slips typst markup invites (a line that starts "6." turns into a
//! list item, a gloss in parentheses gains a second pair) and for words that are not ours
//! (the tool's name in the prose, a seed's own sentences).

use hexforge::print::paper::Paper;
use hexforge::rulebook;
use hexforge_rules::core::lang::Lang;
use lopdf::Document;
use std::collections::{BTreeSet, HashMap};
use std::sync::OnceLock;

use crate::han_runs;
use crate::pdf_text;
use crate::word_runs::{runs_of_eight, seed_runs, words};

/// Every rulebook edition: its name (the template's and the files'), its game and language.
const EDITIONS: [(&str, &str, Lang); 7] = [
    ("changing-lines", "changing-lines", Lang::En),
    ("zhi-pai", "zhi-pai", Lang::En),
    ("yijing-pai", "yijing-pai", Lang::En),
    ("liubo", "liubo", Lang::En),
    ("dragons", "dragons", Lang::En),
    ("zhi-pai-fr", "zhi-pai", Lang::Fr),
    ("yijing-pai-zh", "yijing-pai", Lang::Zh),
];

/// Each edition's printed lines, page by page, by game and paper.
type Editions = HashMap<(&'static str, Paper), Vec<Vec<String>>>;

/// Each edition's headings as its PDF outline lists them: (title, page from 1).
type Headings = HashMap<(&'static str, Paper), Vec<(String, usize)>>;

/// Every edition's lines, compiled once for the whole test binary.
fn editions() -> &'static Editions {
    &compiled().0
}

/// Every edition's headings, from the same compilation as [`editions`].
fn headings() -> &'static Headings {
    &compiled().1
}

/// Every edition compiled once: its lines and its outline.
fn compiled() -> &'static (Editions, Headings) {
    static LINES: OnceLock<(Editions, Headings)> = OnceLock::new();
    LINES.get_or_init(|| {
        let jobs: Vec<(&'static str, &'static str, Lang, Paper)> =
            EDITIONS.iter().flat_map(|&(e, g, l)| Paper::HOME.map(|p| (e, g, l, p))).collect();
        std::thread::scope(|s| {
            let handles: Vec<_> = jobs
                .iter()
                .map(|&(edition, key, lang, paper)| {
                    s.spawn(move || {
                        let game = hexforge::games::by_key(key).expect("a game");
                        let pdf = rulebook::rulebook_pdf(&game.book_in(lang).expect("the book is made"), paper)
                            .unwrap_or_else(|e| panic!("{edition} {paper:?}: {e}"));
                        let doc = Document::load_mem(&pdf).expect("the PDF parses");
                        let toc = doc.get_toc().map(|t| t.toc).unwrap_or_default();
                        let outline = toc.into_iter().map(|t| (t.title, t.page)).collect();
                        ((edition, paper), pdf_text::document_lines(&doc), outline)
                    })
                })
                .collect();
            let mut both = (Editions::new(), Headings::new());
            for h in handles {
                let (key, lines, outline) = h.join().expect("compile thread");
                both.0.insert(key, lines);
                both.1.insert(key, outline);
            }
            both
        })
    })
}

/// Every printed line with where it is: `(game, paper, page from 1, line)`.
fn lines() -> impl Iterator<Item = (&'static str, Paper, usize, &'static str)> {
    let mut keys: Vec<_> = editions().keys().copied().collect();
    keys.sort_by_key(|(g, p)| (*g, p.key()));
    keys.into_iter().flat_map(|(g, p)| {
        editions()[&(g, p)]
            .iter()
            .enumerate()
            .flat_map(move |(i, page)| page.iter().map(move |l| (g, p, i + 1, l.as_str())))
    })
}

/// The number a line starts with when it reads as a list item ("6. …"), if any.
fn list_number(line: &str) -> Option<u32> {
    let (n, rest) = line.split_once(". ")?;
    if rest.is_empty() || n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    n.parse().ok()
}

/// A line that starts with a number and a full stop is a list item to typst, so a sentence
/// broken before "6." became a one-item list ("line 1 becoming line / 6."). Real lists
/// count 1, 2, 3…; a stray item breaks the count.
#[test]
fn no_line_starts_with_a_stray_list_number() {
    let mut last: HashMap<(&str, Paper), u32> = HashMap::new();
    let mut stray = Vec::new();
    for (game, paper, page, line) in lines() {
        let Some(n) = list_number(line) else { continue };
        let previous = last.insert((game, paper), n).unwrap_or(0);
        if n != 1 && n != previous + 1 {
            stray.push(format!("{game} {paper:?} p{page}: {line:?} follows item {previous}"));
        }
    }
    assert!(stray.is_empty(), "stray list numbers:\n{}", stray.join("\n"));
}

/// A gloss in parentheses inside parentheses prints "((" or "))".
#[test]
fn no_doubled_parentheses() {
    let doubled: Vec<String> = lines()
        .filter(|(_, _, _, l)| {
            let squeezed: String = l.chars().filter(|c| !c.is_whitespace()).collect();
            squeezed.contains("((") || squeezed.contains("))")
        })
        .map(|(g, p, page, l)| format!("{g} {p:?} p{page}: {l:?}"))
        .collect();
    assert!(doubled.is_empty(), "doubled parentheses:\n{}", doubled.join("\n"));
}

const OPERATORS: [char; 6] = ['×', '+', '=', '−', '÷', '→'];

/// A sum or product is read at a glance only if it sits on one line: "9 / × 9" or
/// "1 / + 3 = 4" split across lines is a typesetting accident.
#[test]
fn no_break_inside_a_number_expression() {
    let mut broken = Vec::new();
    for pages in editions().values() {
        for page in pages {
            for pair in page.windows(2) {
                let (end, start) = (pair[0].trim_end(), pair[1].trim_start());
                let digit = |s: &str| s.starts_with(|c: char| c.is_ascii_digit());
                let ends_number = end.ends_with(|c: char| c.is_ascii_digit());
                // An operator stands apart ("9 ×"); "ages 8+" at a cover's foot is no sum.
                let ends_operator =
                    end.ends_with(OPERATORS) && (end.chars().count() == 1 || end.chars().rev().nth(1) == Some(' '));
                // An operator then a number: "× 9", "+ 3 = 4" (not a figure's "= DEFEAT").
                let starts_operation = start.strip_prefix(OPERATORS).is_some_and(|rest| digit(rest.trim_start()));
                if (ends_number && starts_operation) || (ends_operator && digit(start)) {
                    broken.push(format!("{end:?} / {start:?}"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "number expressions broken across lines:\n{}", broken.join("\n"));
}

/// A cover is set large and short; a word hyphenated there looks like a mistake.
#[test]
fn no_hyphenated_word_on_a_cover() {
    for ((game, paper), pages) in editions() {
        for line in &pages[0] {
            assert!(
                !line.ends_with(['-', '\u{ad}', '‐']),
                "{game} {paper:?}: the cover hyphenates a word at the end of {line:?}"
            );
        }
    }
}

/// The prose names "the print files" and the files, not the program that wrote them; the
/// tool's name belongs to the colophon at the foot of the cover.
#[test]
fn the_tools_name_is_only_in_the_colophon() {
    for (game, paper, page, line) in lines() {
        let lower = line.to_lowercase();
        // The colophon, in the English, the French and the Chinese books.
        let colophon = ["made by hexforge", "fait par hexforge", "由 hexforge 制作"];
        if page == 1 && colophon.iter().any(|c| lower.contains(c)) {
            continue;
        }
        // A measured figure's footnote is the command that reproduces it (issue 31).
        // (Its marker, a letter or two, may lead the line or cling to the command.)
        // A sentence may name the command that measured its figure ("The command …").
        if lower.find("hexforge simulate ").is_some_and(|at| at <= 3)
            || ["the command hexforge simulate ", "commande hexforge simulate "].iter().any(|s| lower.contains(s))
        {
            continue;
        }
        assert!(!lower.contains("hexforge"), "{game} {paper:?} p{page}: tool-speak in {line:?}");
    }
}

/// Section numbers typed into the prose go stale when a section moves (Changing Lines once
/// sent readers to 3.4 for what is in 3.3); the templates refer with labels (`@name`).
#[test]
fn no_typed_section_reference() {
    let dir = rulebook::templates_dir().expect("templates folder");
    // "3.4": numbers joined by full stops, as a heading number is printed.
    let heading_number = |w: &str| {
        let parts: Vec<&str> = w.split('.').collect();
        parts.len() >= 2 && parts.iter().all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
    };
    let mut typed = Vec::new();
    for (game, _, _) in EDITIONS {
        let source = std::fs::read_to_string(dir.join(format!("{game}.typ"))).expect("template");
        // Whole words across line ends ("section / 5." once hid a reference), comments left out.
        let prose: Vec<&str> = source
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .flat_map(str::split_whitespace)
            .map(|w| w.trim_matches(|c: char| !c.is_ascii_alphanumeric()))
            .collect();
        for (i, w) in prose.iter().enumerate() {
            let after_section = i > 0 && prose[i - 1].to_lowercase().starts_with("section");
            if heading_number(w) || (after_section && w.starts_with(|c: char| c.is_ascii_digit())) {
                typed.push(format!("{game}.typ: {} {w}", prose[i.saturating_sub(1)]));
            }
        }
    }
    assert!(typed.is_empty(), "typed section numbers (use a label and @ref):\n{}", typed.join("\n"));
}

/// No rulebook repeats eight words in a row from a seed: the facts are the seed's, the
/// sentences are ours.
#[test]
fn no_run_of_eight_words_from_a_seed() {
    let seeds = seed_runs();
    assert!(seeds.len() > 1000, "the seed fingerprints look empty");
    for ((game, paper), pages) in editions() {
        let text: String = pages.iter().flatten().map(|l| format!("{l}\n")).collect();
        let words = words(&text);
        let shared: Vec<String> = words
            .windows(8)
            // A run that is mostly numbers is a list of facts (a deck's cards), not wording.
            .filter(|w| w.iter().filter(|word| word.chars().any(char::is_alphabetic)).count() >= 6)
            .map(|w| w.join(" "))
            .filter(|run| runs_of_eight(run).iter().any(|h| seeds.contains(h)))
            .collect();
        assert!(shared.is_empty(), "{game} {paper:?} repeats the seed's words:\n{}", shared.join("\n"));
    }
}

/// No rulebook repeats twelve Chinese characters in a row from a seed: runs of words cannot
/// see Chinese, which has no spaces, so the Chinese book is checked by characters.
#[test]
fn no_run_of_twelve_chinese_characters_from_a_seed() {
    let seeds = han_runs::seed_runs();
    assert!(seeds.len() > 1000, "the Chinese seed fingerprints look empty");
    for ((game, paper), pages) in editions() {
        let text: String = pages.iter().flatten().map(|l| format!("{l}\n")).collect();
        let shared = han_runs::shared(&text, &seeds);
        assert!(shared.is_empty(), "{game} {paper:?} repeats the seed's characters:\n{}", shared.join("\n"));
    }
}

/// What the templates type as code, `…` or `raw("…")`: options, commands, file names.
fn typed_as_code() -> BTreeSet<String> {
    let dir = rulebook::templates_dir().expect("templates folder");
    let mut spans = BTreeSet::new();
    for entry in std::fs::read_dir(&dir).expect("templates folder").flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "typ") {
            continue;
        }
        let source = std::fs::read_to_string(&path).expect("template");
        for line in source.lines().filter(|l| !l.trim_start().starts_with("//")) {
            spans.extend(line.split('`').skip(1).step_by(2).map(str::to_string));
            spans.extend(line.split("raw(\"").skip(1).filter_map(|r| r.split('"').next()).map(str::to_string));
        }
    }
    spans.retain(|s| s.trim().len() > 1);
    spans
}

/// File extensions the books name files by.
const EXTENSIONS: [&str; 6] = ["pdf", "svg", "png", "json", "csv", "txt"];

/// An option, a command or a file name is read and typed as printed, so it is never split
/// across two lines: "the option --" above "profile dtc", or "option -" above
/// "back-offset X,Y", once sent readers to type the wrong thing.
#[test]
fn no_line_ends_inside_an_option_a_command_or_a_file_name() {
    let code = typed_as_code();
    assert!(code.contains("--back-offset X,Y"), "the templates' code spans: {code:?}");
    let mut broken = Vec::new();
    for ((game, paper), pages) in editions() {
        for (i, page) in pages.iter().enumerate() {
            for pair in page.windows(2) {
                let (end, start) = (pair[0].as_str(), pair[1].as_str());
                let last = end.rsplit(' ').next().unwrap_or("");
                let first = start.split(' ').next().unwrap_or("");
                let joined = format!("{last}{first}");
                // A break after an option's dashes ("--" / "profile dtc"), inside a path
                // ("lines/" / "x.pdf", "sheets-" / "a4.pdf") or before an extension ("test." /
                // "pdf"). A word hyphenated in prose reads "Silhou -" / "ette-style": no option.
                let split_option = ["-", "--", "–"].contains(&last)
                    && !first.is_empty()
                    && code.iter().any(|s| s.strip_prefix("--").is_some_and(|o| o.starts_with(first)));
                // A path is lower case ("A4/" / "Letter" is prose, "(1/32)." a fraction).
                let path_like =
                    joined.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "-_./".contains(c));
                let split_path = last.ends_with(['/', '-', '.'])
                    && path_like
                    && (joined.contains('/') || EXTENSIONS.iter().any(|x| joined.contains(&format!(".{x}"))));
                // A span typed as code that the two lines hold only together.
                let split_span = code.iter().any(|s| {
                    let across = [format!("{end} {start}"), format!("{end}{start}")];
                    !end.contains(s.as_str())
                        && !start.contains(s.as_str())
                        && across.iter().any(|a| a.contains(s.as_str()))
                });
                if split_option || split_path || split_span {
                    broken.push(format!("{game} {paper:?} p{}: {end:?} / {start:?}", i + 1));
                }
            }
            // An option typeset as prose: its "--" became an en dash ("–back-offset").
            for line in page {
                let dashed = line
                    .split(' ')
                    .any(|w| w.strip_prefix('–').is_some_and(|r| r.starts_with(|c: char| c.is_ascii_lowercase())));
                if dashed {
                    broken.push(format!("{game} {paper:?} p{}: an option with an en dash in {line:?}", i + 1));
                }
            }
        }
    }
    assert!(broken.is_empty(), "code broken across lines:\n{}", broken.join("\n"));
}

/// Every cover prints its game's measured playing time, in the one format of
/// `rulebook::data::cover_time` ("5–10 min", "10–15 分钟"): Changing Lines and Dragons once
/// printed none though their books measure one, Zhi Pai an unmeasured "about 15 min", and
/// the four others four formats.
#[test]
fn every_cover_prints_a_measured_time_in_one_format() {
    for ((game, paper), pages) in editions() {
        let cover = pages[0].join(" ");
        let shape = cover.split(' ').zip(cover.split(' ').skip(1)).any(|(range, unit)| {
            let numbers = range
                .split_once('–')
                .filter(|(a, b)| [a, b].iter().all(|n| !n.is_empty() && n.bytes().all(|c| c.is_ascii_digit())));
            numbers.is_some_and(|(a, b)| a.parse::<u32>().unwrap() % 5 == 0 && b.parse::<u32>().unwrap() % 5 == 0)
                && (unit == "min" || unit == "分钟")
        });
        assert!(shape, "{game} {paper:?}: the cover prints no time as \"N–M min\" in fives: {cover:?}");
    }
}

/// A cover prints no playing time that was not measured ("15–45 min" was a guess).
#[test]
fn no_cover_prints_a_guessed_playing_time() {
    for ((game, paper), pages) in editions() {
        let cover = pages[0].join(" ");
        let words: Vec<&str> = cover.split(' ').collect();
        for (i, w) in words.iter().enumerate() {
            if *w != "min" || i == 0 || !words[i - 1].starts_with(|c: char| c.is_ascii_digit()) {
                continue;
            }
            // An edition in another language reads its game's measured time.
            let key = game.trim_end_matches("-fr").trim_end_matches("-zh");
            let measured = hexforge::games::by_key(key)
                .and_then(|g| g.rulebook_data()["duration"].as_str().map(String::from))
                .is_some_and(|time| cover.contains(&time));
            assert!(measured, "{game} {paper:?}: the cover prints {:?}, never measured", words[i - 1..=i].join(" "));
        }
    }
}

/// A cover's subtitle agrees with its count of players: Zhi Pai's said "two-player"
/// over "1–2 players".
#[test]
fn a_covers_subtitle_agrees_with_its_players() {
    let numbers = ["one", "two", "three", "four", "five", "six", "seven", "eight"];
    for ((game, paper), pages) in editions() {
        let cover = pages[0].join(" ");
        let Some(count) = cover.split(" players").next().filter(|_| cover.contains(" players")) else { continue };
        let range = count.rsplit(' ').next().unwrap_or("");
        let (low, high) = range.split_once('–').unwrap_or((range, range));
        for (n, word) in numbers.iter().enumerate() {
            let n = (n + 1).to_string();
            let said = [
                format!("{word}-player"),
                format!("for {word}"),
                format!("à {}", if n == "2" { "deux" } else { word }),
            ];
            if said.iter().any(|s| cover.to_lowercase().contains(s.as_str())) {
                assert!(low == n && high == n, "{game} {paper:?}: the cover says {word} players over {range:?}");
            }
        }
    }
}

/// One player is said as one: I-Ching Solitaire's cover said "1 players".
#[test]
fn a_cover_for_one_player_says_player() {
    for ((game, paper), pages) in editions() {
        let cover = pages[0].join(" ");
        let words: Vec<&str> = cover.split_whitespace().collect();
        let bad = words.windows(2).any(|w| w[0] == "1" && w[1].starts_with("players"));
        assert!(!bad, "{game} {paper:?}: the cover says \"1 players\": {cover}");
    }
}

/// In typst markup `#data.x;` ends the code at the semicolon and prints none: "is worth
/// #data.left; the right one" came out "is worth 3 the right one". A semicolon meant as
/// punctuation there is escaped, `#data.left\;`.
#[test]
fn no_semicolon_is_swallowed_after_a_field() {
    let dir = rulebook::templates_dir().expect("templates folder");
    let mut swallowed = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("templates folder").flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "typ") {
            continue;
        }
        let source = std::fs::read_to_string(&path).expect("template");
        for (n, line) in source.lines().enumerate().filter(|(_, l)| !l.trim_start().starts_with("//")) {
            for (at, _) in line.match_indices(';') {
                // The expression before: `#` then a name with dots, right up to the semicolon.
                let before = &line[..at];
                let start = before.rfind(|c: char| !(c.is_alphanumeric() || "_.-".contains(c)));
                let after = line[at + 1..].chars().next();
                let field = start.is_some_and(|s| before[s..].starts_with('#') && s + 1 < at);
                if field && after.is_none_or(char::is_whitespace) {
                    let name = path.file_name().unwrap_or_default().to_string_lossy();
                    swallowed.push(format!("{name}:{}: {}", n + 1, line.trim()));
                }
            }
        }
    }
    assert!(swallowed.is_empty(), "semicolons typst swallows:\n{}", swallowed.join("\n"));
}

/// A components row of more than one names them in the plural ("2 Throw chart" once).
#[test]
fn a_component_counted_more_than_once_is_named_in_the_plural() {
    let mut singular = Vec::new();
    for game in hexforge::games::all() {
        for row in game.components().into_iter().filter(|r| r.count > 1) {
            // The head noun is the last word before any "(…)", ", …" or "of …": "Tiles (set
            // of 144)", "Portal tiles, green".
            let head = row.name.split([',', '(']).next().unwrap_or("").split(" of ").next().unwrap_or("").trim();
            let noun = head.rsplit(' ').next().unwrap_or("");
            if !(noun.ends_with('s') || noun.eq_ignore_ascii_case("dice")) {
                singular.push(format!("{}: {} {}", game.key(), row.count, row.name));
            }
        }
    }
    assert!(singular.is_empty(), "counted in the singular:\n{}", singular.join("\n"));
}

/// The English Zhi Pai book says where the solo penalty starts doubling, as the core scores
/// it: it once said "from nine on" while the core doubles it from seven cards to eight.
#[test]
fn zhi_pai_says_where_the_penalty_doubles() {
    use hexforge_rules::zhi_pai::SOLO_PENALTIES;
    let first = SOLO_PENALTIES
        .windows(2)
        .find(|w| w[0].penalty > 0 && w[1].penalty == 2 * w[0].penalty)
        .map(|w| w[1].common_zone)
        .expect("the penalty doubles somewhere");
    let words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven"];
    for paper in Paper::HOME {
        let t = editions()[&("zhi-pai", paper)].iter().flatten().map(String::as_str).collect::<Vec<_>>().join(" ");
        let said = format!("From {} cards on, each extra card doubles the penalty", words[first as usize]);
        assert!(t.contains(&said), "{paper:?}: {said:?} is not in the book");
    }
}

/// The French Zhi Pai speaks as its French source: typographic apostrophes ("L’Abondance",
/// once "L'Abondance"), the source's trigram names (Ravine and Lumière, once Eau and Feu),
/// the source's hexagram names, given once where the book retells its example (12
/// Adversité, beside the cards' La Stagnation), and "n’éveille aucune" where a turn wakes no trigram card.
#[test]
fn the_french_zhi_pai_names_things_as_its_source() {
    use hexforge_rules::core::hexagram::Hexagram;
    use hexforge_rules::core::trigram::Trigram;
    for h in Hexagram::all() {
        assert!(!h.names().fr.contains('\''), "hexagram {}: {:?} has a straight apostrophe", h.number(), h.names().fr);
    }
    assert_eq!(Lang::Fr.trigram_name(Trigram::WATER), "Ravine");
    assert_eq!(Lang::Fr.trigram_name(Trigram::FIRE), "Lumière");
    for paper in Paper::HOME {
        let lines = editions()[&("zhi-pai-fr", paper)].iter().flatten().collect::<Vec<_>>();
        let text = lines.iter().map(|l| l.as_str()).collect::<Vec<_>>().join(" ");
        let straight: Vec<&&String> = lines.iter().filter(|l| l.contains('\'')).collect();
        assert!(straight.is_empty(), "{paper:?}: straight apostrophes in {straight:?}");
        for word in text.split(|c: char| !c.is_alphabetic()) {
            assert!(word != "Eau" && word != "Feu", "{paper:?}: the trigram {word:?}, not the source's name");
        }
        for name in ["Ravine", "Lumière", "12 Adversité", "11 Prospérité", "6 Plaider sa cause", "22 Embellir"] {
            assert!(text.contains(name), "{paper:?}: {name:?} is not in the book");
        }
        for (at, _) in text.match_indices("éveille aucune") {
            assert!(text[..at].ends_with("n’"), "{paper:?}: {:?}", &text[at.saturating_sub(20)..at + 20]);
        }
    }
}

/// A page's lines without its footer (title, page number, edition).
fn body(page: &[String]) -> Vec<&str> {
    let footer = ["A4 edition", "US Letter edition", "Édition A4", "Édition US Letter", "A4 纸版", "US Letter 纸版"];
    page.iter().map(String::as_str).filter(|l| !footer.iter().any(|f| l.ends_with(f))).collect()
}

/// No heading ends a page: each has at least two lines of its own text below it on its
/// page ("6 Variant" with one line under it once ended a page of Yijing Pai).
#[test]
fn no_heading_ends_a_page() {
    let mut stranded = Vec::new();
    let mut found = 0;
    for ((game, paper), outline) in headings() {
        let pages = &editions()[&(*game, *paper)];
        for (title, page) in outline {
            let Some(lines) = pages.get(page.wrapping_sub(1)) else { continue };
            let lines = body(lines);
            let Some(at) = lines.iter().position(|l| *l == title || l.ends_with(&format!(" {title}"))) else {
                continue;
            };
            found += 1;
            if lines.len() - at - 1 < 2 {
                stranded.push(format!("{game} {paper:?} p{page}: {title:?} ends the page"));
            }
        }
    }
    assert!(found > 50, "headings found on their pages: {found}");
    assert!(stranded.is_empty(), "headings at the foot of a page:\n{}", stranded.join("\n"));
}

/// No step of a numbered procedure stands alone on a page: Dragons' portal step 4 once
/// opened a page by itself, the other three on the page before.
#[test]
fn no_step_of_a_procedure_stands_alone_on_a_page() {
    let mut alone = Vec::new();
    for ((game, paper), pages) in editions() {
        for (i, page) in pages.iter().enumerate() {
            let numbers: Vec<u32> = body(page).iter().filter_map(|l| list_number(l)).collect();
            let first = body(page).first().and_then(|l| list_number(l));
            // A page that opens with step n > 1 and holds no step n + 1: the last step, alone.
            if let Some(n) = first.filter(|&n| n > 1)
                && !numbers.contains(&(n + 1))
                && numbers.iter().filter(|&&m| m == n).count() == 1
            {
                alone.push(format!("{game} {paper:?} p{}: step {n} alone at the top", i + 1));
            }
            // A page whose last step is 1, its step 2 on the next page: the first step, alone.
            let next_first = pages.get(i + 1).and_then(|p| body(p).first().and_then(|l| list_number(l)));
            if numbers.last() == Some(&1) && next_first == Some(2) {
                alone.push(format!("{game} {paper:?} p{}: step 1 alone at the foot", i + 1));
            }
        }
    }
    assert!(alone.is_empty(), "steps alone:\n{}", alone.join("\n"));
}

/// The table of the sixty-four hexagrams starts with its header and at least three rows
/// on one page: it once started with a single row at the foot of a page.
#[test]
fn the_hexagram_table_starts_with_three_rows() {
    for paper in Paper::HOME {
        let pages = &editions()[&("changing-lines", paper)];
        let (page, at) = pages
            .iter()
            .enumerate()
            .find_map(|(i, p)| {
                let lines = body(p);
                lines.iter().position(|l| l.starts_with("No.") && l.contains("Swap")).map(|at| (i, at))
            })
            .expect("the hexagram table's header");
        let lines = body(&pages[page]);
        let rows = lines[at + 1..].iter().filter(|l| l.starts_with(|c: char| c.is_ascii_digit())).count();
        assert!(rows >= 3, "{paper:?} p{}: the table starts with {rows} rows", page + 1);
    }
}
