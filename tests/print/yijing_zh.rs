//! The 易经牌 rulebook in simplified Chinese (`generate --lang zh`): written for both
//! papers beside the other games' English books, with the sections of the English book,
//! in simplified glyph forms the bundled fonts draw, and in its own words (no run of twelve
//! characters shared with the seed). The text is read back with `pdftotext`, as a reader's
//! tools would.

use hexforge::games::PrintOptions;
use hexforge::generate::{GenerateOptions, Part, run_files};
use hexforge_rules::core::lang::Lang;
use std::path::Path;
use std::process::Command;

use crate::han_runs;
use crate::pdf_text;
use crate::temp_dir;

/// The book's headings, in order: the English book's sections in Chinese; the chapter of
/// measured hands ([`MEASURED_SECTION`]) comes after 进阶胜法 once the hands are measured.
const SECTIONS: [&str; 13] = [
    "简介",
    "牌具",
    "爻、二画卦与六画卦",
    "准备：出牌前",
    "出牌",
    "应、碰、听、胡",
    "三次出牌叠成一卦",
    "胡牌与计分：出牌后",
    "点数",
    "谁来付分",
    "进阶胜法",
    "变体：九张牌",
    "术语表",
];

/// The chapter of measured hands.
const MEASURED_SECTION: &str = "实测：一局有多长";

/// Whether the rules crate has pinned its measured rows (before, the book prints none).
fn measured() -> bool {
    hexforge_rules::yijing_pai::measured::MEASURED.iter().all(|m| m.median_turns > 0)
}

/// The headings the book prints.
fn sections() -> Vec<&'static str> {
    let mut all = SECTIONS.to_vec();
    if measured() {
        let at = all.iter().position(|s| *s == "进阶胜法").expect("进阶胜法") + 1;
        all.insert(at, MEASURED_SECTION);
    }
    all
}

/// The text of a PDF as `pdftotext` reads it.
fn pdftotext(pdf: &Path) -> String {
    let out = Command::new("pdftotext").arg(pdf).arg("-").output().expect("pdftotext runs (poppler-utils)");
    assert!(out.status.success(), "pdftotext {}: {}", pdf.display(), String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8 text")
}

/// Chinese text and punctuation: what the SC face must draw and what no space may split.
fn is_cjk(c: char) -> bool {
    han_runs::is_han(c) || matches!(c as u32, 0x3000..=0x303F | 0xFF00..=0xFFEF)
}

/// One run of `generate --only rulebooks --lang zh`, its books read back.
#[test]
fn generate_lang_zh_writes_the_chinese_book_in_both_sizes() {
    let dir = temp_dir::TempDir::new("zh");
    let out = Command::new(env!("CARGO_BIN_EXE_hexforge"))
        .args(["generate", "--only", "rulebooks", "--lang", "zh", "--out"])
        .arg(&dir.0)
        .output()
        .expect("hexforge runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let books = dir.0.join("rulebooks");
    // Every book is written in English (the cards stay English); 易经牌's Chinese edition
    // beside its English one.
    for english in ["changing-lines", "zhi-pai", "liubo", "dragons", "yijing-pai"] {
        assert!(books.join(format!("{english}-rules-a4.pdf")).is_file(), "{english}");
    }
    let seeds = han_runs::seed_runs();
    for paper in ["a4", "letter"] {
        let pdf = books.join(format!("yijing-pai-zh-rules-{paper}.pdf"));
        assert!(pdf.is_file(), "{} is not written", pdf.display());
        let text = pdftotext(&pdf);
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        // Every section, as a numbered heading of its own, in order.
        let mut at = 0;
        for (i, section) in sections().iter().enumerate() {
            let found = lines[at..].iter().position(|l| {
                l.split_once(' ').is_some_and(|(n, t)| t == *section && n.starts_with(|c: char| c.is_ascii_digit()))
            });
            let Some(found) = found else {
                panic!("{paper}: section {} {section:?} is missing or out of order", i + 1)
            };
            at += found + 1;
        }
        // The facts, from the rules: both sets' counts and the four calls (a half point in
        // decimals, as Chinese print writes it).
        for fact in
            ["阳爻牌 70 张", "阴爻牌 79 张", "太极牌 4 张", "应（", "碰（", "听（", "胡（", "4 × 1 + 2 × 0.5 = 5"]
        {
            assert!(text.contains(fact), "{paper}: {fact:?} is not in the book");
        }
        // A percentage keeps its sign: "88.4" above "% 一直打到" once split one.
        let orphan: Vec<&&str> = lines.iter().filter(|l| l.starts_with('%')).collect();
        assert!(orphan.is_empty(), "{paper}: lines starting with a percent sign: {orphan:?}");
        // Each measured row's command, in its footnote (numbers from the pinned rows).
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for row in hexforge_rules::yijing_pai::measured::MEASURED.iter().filter(|_| measured()) {
            assert!(flat.contains(&row.command()), "{paper}: {:?} is not in a footnote", row.command());
            let turns = format!("{}（{}）", row.median_turns, row.p90_turns);
            assert!(flat.contains(&turns), "{paper}: the turns {turns} are not in the table");
        }
        let shared = han_runs::shared(&text, &seeds);
        assert!(shared.is_empty(), "{paper}: runs of the seed's characters:\n{}", shared.join("\n"));
        // Simplified glyph forms: the SC face draws every Chinese character printed.
        let chinese: String = text.chars().filter(|&c| is_cjk(c)).collect();
        let missing = hexforge::print::fonts::missing_chars(&chinese, &[hexforge::print::fonts::CJK_SC]);
        assert!(missing.is_empty(), "{paper}: add {missing:?} to fonts/cjk-sc-chars.txt and run make-fonts.sh");
    }
}

/// The Chinese books are made only by a Chinese run, beside the English 易经牌 book: an
/// English run (the default) spends no time on them.
#[test]
fn only_a_chinese_run_makes_the_chinese_book() {
    let options = |lang| GenerateOptions {
        print: PrintOptions { lang, ..PrintOptions::default() },
        parts: vec![Part::Rulebooks],
        ..GenerateOptions::default()
    };
    let en = run_files(&options(Lang::En));
    assert!(en.contains(&"rulebooks/yijing-pai-rules-a4.pdf".to_string()), "{en:?}");
    assert!(!en.iter().any(|f| f.contains("-zh-")), "{en:?}");
    let zh = run_files(&options(Lang::Zh));
    for paper in ["a4", "letter"] {
        assert!(zh.contains(&format!("rulebooks/yijing-pai-zh-rules-{paper}.pdf")), "{zh:?}");
        assert!(zh.contains(&format!("rulebooks/yijing-pai-rules-{paper}.pdf")), "{zh:?}");
    }
    assert!(zh.contains(&"rulebooks/liubo-rules-a4.pdf".to_string()), "{zh:?}");
}

/// The figures follow the book's language: Chinese labels, and no English left in them.
#[test]
fn the_chinese_figures_are_labelled_in_chinese() {
    let figures = hexforge::games::yijing_pai::figures::figures_in(Lang::Zh).expect("figures draw");
    let svg = |name: &str| &figures.iter().find(|(n, _)| n == name).expect(name).1;
    assert!(svg("table.svg").contains("暗卦") && !svg("table.svg").contains("hidden"));
    assert!(svg("build.svg").contains("阳碰") && !svg("build.svg").contains("pung"));
    assert!(svg("scoring.svg").contains("分") && !svg("scoring.svg").contains("points"));
    let text: String = figures.iter().map(|(_, s)| s.as_str()).collect();
    assert!(
        hexforge::print::fonts::missing_chars(&han_runs::han(&text).into_iter().collect::<String>(), &[]).is_empty()
    );
}

/// typst prints a line break of the template as a space, even between Chinese characters
/// ("一样可以抢先“碰”。 没打过" once): a sentence of the Chinese template is one line,
/// and breaks only where the markup starts something new (a list item, a figure).
#[test]
fn no_sentence_of_the_chinese_template_is_broken_across_lines() {
    let source = std::fs::read_to_string("templates/rulebooks/yijing-pai-zh.typ").expect("the template");
    let lines: Vec<&str> = source.lines().collect();
    let markup = ["#fig", "#example", "#aside", "#block", "#ruled", "#let", "#set", "#show", "#import", "//"];
    let broken: Vec<String> = lines
        .windows(2)
        .filter(|w| !w[0].trim_start().starts_with("//"))
        .filter(|w| w[0].ends_with(is_cjk) || w[0].ends_with(['“', '”']))
        .filter(|w| {
            let next = w[1].trim_start();
            next.starts_with(is_cjk) || (next.starts_with('#') && !markup.iter().any(|m| next.starts_with(m)))
        })
        .map(|w| format!("{} / {}", w[0], w[1]))
        .collect();
    assert!(broken.is_empty(), "sentences broken across lines (join them):\n{}", broken.join("\n"));
}

/// The SC subset draws every character its list names (the list is what make-fonts.sh kept).
#[test]
fn the_simplified_font_holds_its_list() {
    let list: String = include_str!("../../fonts/cjk-sc-chars.txt").lines().filter(|l| !l.starts_with('#')).collect();
    assert!(list.chars().count() > 400);
    assert_eq!(hexforge::print::fonts::missing_chars(&list, &[hexforge::print::fonts::CJK_SC]), Vec::<char>::new());
}

/// The Chinese book as the engine makes it: the same bytes twice (generate stays
/// deterministic), every page its paper's size, every font embedded.
#[test]
fn the_chinese_book_repeats_fits_its_paper_and_embeds_its_fonts() {
    use hexforge::print::paper::Paper;
    let game = hexforge::games::by_key("yijing-pai").expect("the game");
    for paper in Paper::HOME {
        let book = game.book_in(Lang::Zh).expect("the book is made");
        assert_eq!(book.edition(), "yijing-pai-zh");
        let pdf = hexforge::rulebook::rulebook_pdf(&book, paper).expect("the book compiles");
        assert!(pdf == hexforge::rulebook::rulebook_pdf(&book, paper).expect("again"), "{paper:?}: two runs differ");
        let d = lopdf::Document::load_mem(&pdf).expect("the PDF parses");
        let (w, h) = paper.size_pt();
        for (n, id) in d.get_pages() {
            let page = d.get_dictionary(id).expect("page dictionary");
            let mb = page.get(b"MediaBox").expect("MediaBox").as_array().expect("array");
            let size = (
                pdf_text::number(&mb[2]) - pdf_text::number(&mb[0]),
                pdf_text::number(&mb[3]) - pdf_text::number(&mb[1]),
            );
            assert!((size.0 - w).abs() < 0.1 && (size.1 - h).abs() < 0.1, "{paper:?} page {n} is {size:?}");
        }
        for (_, obj) in d.objects.iter() {
            let Ok(dict) = obj.as_dict() else { continue };
            if dict.get(b"Type").ok().and_then(|t| t.as_name().ok()) == Some(b"FontDescriptor") {
                let embedded = [&b"FontFile"[..], b"FontFile2", b"FontFile3"].iter().any(|k| dict.has(k));
                assert!(embedded, "{paper:?}: a font is not embedded: {dict:?}");
            }
        }
    }
}
