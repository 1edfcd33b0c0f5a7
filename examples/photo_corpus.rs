//! The whole photo corpus and the figures of docs/photo.md: every Changing Lines card clean
//! (both readings), photographed both ways up, misprinted and photographed, and cards
//! of another maker in fonts the reader has no references for (Liberation, URW base35),
//! clean, photographed and misprinted.
//!
//! `cargo run --release --example photo_corpus` (a few minutes in a debug build);
//! `-- --write DIR` also saves every image, `-- --cards 1,12,64` limits the cards.

#[path = "../tests/photo_corpus/mod.rs"]
mod photo_corpus;

use hexforge::photo::verify_photo;
use photo_corpus::*;
use rayon::prelude::*;
use std::time::Instant;

/// One image of the corpus and what it should read as.
struct Case {
    kind: &'static str,
    name: String,
    bytes: Vec<u8>,
    truth: Vec<Truth>,
    misprint: Option<(usize, u8)>,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let write = args.iter().position(|a| a == "--write").map(|i| std::path::PathBuf::from(&args[i + 1]));
    let cards: Vec<u8> = args
        .iter()
        .position(|a| a == "--cards")
        .map(|i| args[i + 1].split(',').map(|s| s.parse().expect("card number")).collect())
        .unwrap_or_else(|| (1..=64).collect());
    let fonts = available_other_fonts();
    if fonts.len() < OTHER_FONTS.len() {
        eprintln!("some Liberation/URW fonts are missing; install fonts-liberation fonts-urw-base35");
    }
    let cases: Vec<Case> = cards.par_iter().flat_map_iter(|&n| cases_for(n, &fonts)).collect();
    if let Some(dir) = &write {
        std::fs::create_dir_all(dir).expect("output folder");
        for c in &cases {
            std::fs::write(dir.join(&c.name), &c.bytes).expect("write image");
            if c.name.ends_with(".jpg") {
                // A PNG beside each JPEG, for viewers that show PNG only.
                let decoded = image::load_from_memory(&c.bytes).expect("our own jpeg");
                decoded.save(dir.join(format!("{}.png", c.name))).expect("write png");
            }
        }
    }
    let results: Vec<(&Case, Tally, f64, Option<String>)> = cases
        .par_iter()
        .map(|c| {
            let start = Instant::now();
            let result = verify_photo(&c.bytes);
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            match result {
                Ok(report) => (c, score(&report, &c.truth, c.misprint), ms, None),
                Err(e) => {
                    let mut t = Tally::default();
                    for _ in &c.truth {
                        t.numbers += 6;
                        t.unreadable += 6;
                        t.readings_missed += 1;
                    }
                    if c.misprint.is_some() {
                        t.misprints += 1;
                    }
                    (c, t, ms, Some(e.to_string()))
                }
            }
        })
        .collect();
    println!("| corpus | images | numbers | read right | unreadable | misread | misprints caught | readings missed |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for kind in ["clean", "photo", "misprint photo", "other clean", "other photo", "other misprint photo"] {
        let mut tally = Tally::default();
        let mut images = 0;
        for (c, t, _, _) in results.iter().filter(|r| r.0.kind == kind) {
            let _ = c;
            tally.add(*t);
            images += 1;
        }
        if images == 0 {
            continue;
        }
        let pct = |a: usize, b: usize| {
            if b == 0 { "–".to_string() } else { format!("{:.1} %", 100.0 * a as f64 / b as f64) }
        };
        println!(
            "| {kind} | {images} | {} | {} ({}) | {} ({}) | {} | {} | {} |",
            tally.numbers,
            tally.right,
            pct(tally.right, tally.numbers),
            tally.unreadable,
            pct(tally.unreadable, tally.numbers),
            tally.misread,
            if tally.misprints == 0 {
                "–".to_string()
            } else {
                format!(
                    "{}/{} ({})",
                    tally.misprints_caught,
                    tally.misprints,
                    pct(tally.misprints_caught, tally.misprints)
                )
            },
            tally.readings_missed
        );
    }
    for (c, t, _, err) in &results {
        if t.misread > 0 || err.is_some() || t.readings_missed > 0 {
            eprintln!("{}: {:?} {}", c.name, t, err.as_deref().unwrap_or(""));
        }
        if std::env::var_os("HEXFORGE_PHOTO_DEBUG").is_some() && t.right < t.numbers {
            let grey = image::load_from_memory(&c.bytes).expect("image").to_luma8();
            for d in hexforge::photo::read_grey(&grey).unwrap_or_default() {
                let truth = c.truth.iter().find(|t| t.hexagram == d.reading.hexagram);
                eprintln!(
                    "  {} hexagram {} {:?}: read {:?} printed {:?}",
                    c.name,
                    d.reading.hexagram,
                    d.reading.orientation,
                    d.side.numbers,
                    truth.map(|t| t.printed)
                );
                for (line, reads) in d.side.digit_reads.iter().enumerate() {
                    for r in reads {
                        eprintln!(
                            "    line {} digit {:?} score {:.3} margin {:.3}",
                            line + 1,
                            r.digit,
                            r.score,
                            r.margin
                        );
                    }
                }
            }
        }
    }
    if args.iter().any(|a| a == "--why") {
        why_unreadable(&results);
    }
    if let Some(path) = std::env::var_os("HEXFORGE_PHOTO_CALIBRATE") {
        // One row per digit whose number had as many digits as printed: was the closest
        // digit right, its score and margin. For choosing digits::MIN_SCORE and MIN_MARGIN.
        let rows: Vec<String> = cases
            .par_iter()
            .flat_map_iter(|c| {
                let grey = image::load_from_memory(&c.bytes).expect("image").to_luma8();
                let mut rows = Vec::new();
                for d in hexforge::photo::read_grey(&grey).unwrap_or_default() {
                    let same = |t: &&Truth| t.hexagram == d.reading.hexagram && t.orientation == d.reading.orientation;
                    let Some(t) = c.truth.iter().find(same) else { continue };
                    for (line, reads) in d.side.digit_reads.iter().enumerate() {
                        let printed: Vec<u8> = t.printed[line].to_string().bytes().map(|b| b - b'0').collect();
                        if printed.len() != reads.len() {
                            rows.push(format!(
                                "segment {} {} {} {} {}",
                                c.kind.replace(' ', "_"),
                                t.printed[line],
                                reads.len(),
                                line + 1,
                                c.name
                            ));
                            continue;
                        }
                        let expected: Vec<u8> =
                            d.reading.lines[line].expected.to_string().bytes().map(|b| b - b'0').collect();
                        for (i, (r, p)) in reads.iter().zip(&printed).enumerate() {
                            let e = if expected.len() == printed.len() { expected[i] } else { 10 };
                            let scores: Vec<String> = r.scores.iter().map(|s| format!("{s:.4}")).collect();
                            rows.push(format!(
                                "{} {} {:.4} {:.4} {}{} {} {} {} {} {} {}",
                                c.kind.replace(' ', "_"),
                                u8::from(r.closest == *p),
                                r.score,
                                r.margin,
                                width_mark(r, "-"),
                                if r.digit.is_some() { "R" } else { "-" },
                                r.closest,
                                c.name,
                                p,
                                e,
                                r.holes,
                                scores.join(",")
                            ));
                        }
                    }
                }
                rows
            })
            .collect();
        std::fs::write(path, rows.join("\n")).expect("calibration file");
    }
    let mut times: Vec<f64> = results.iter().filter(|r| r.0.kind.contains("photo")).map(|r| r.2).collect();
    times.sort_by(f64::total_cmp);
    if !times.is_empty() {
        eprintln!("time per photo (wall, parallel): median {:.0} ms", times[times.len() / 2]);
    }
}

/// `--why`: for every number left unreadable, the test it failed, counted per corpus
/// kind, and one line per number with the case's name.
fn why_unreadable(results: &[(&Case, Tally, f64, Option<String>)]) {
    use std::collections::BTreeMap;
    let rows: Vec<(String, String, String)> = results
        .par_iter()
        .filter(|r| r.1.unreadable > 0)
        .flat_map_iter(|(c, _, _, _)| {
            let grey = image::load_from_memory(&c.bytes).expect("image").to_luma8();
            let mut rows = Vec::new();
            for d in hexforge::photo::read_grey(&grey).unwrap_or_default() {
                let same = |t: &&Truth| t.hexagram == d.reading.hexagram && t.orientation == d.reading.orientation;
                let Some(t) = c.truth.iter().find(same) else { continue };
                for line in 0..6 {
                    if d.reading.lines[line].read.is_some() {
                        continue;
                    }
                    let why = d.side.why[line].map_or("?".to_string(), |w| format!("{w:?}"));
                    let digits: Vec<String> = d.side.digit_reads[line]
                        .iter()
                        .map(|r| format!("{}:{:.2}/{:.2}{}", r.closest, r.score, r.margin, width_mark(r, "")))
                        .collect();
                    rows.push((
                        c.kind.to_string(),
                        why.clone(),
                        format!(
                            "{} line {} printed {} {why} [{}]",
                            c.name,
                            line + 1,
                            t.printed[line],
                            digits.join(" ")
                        ),
                    ));
                }
            }
            rows
        })
        .collect();
    let mut counts: BTreeMap<(String, String), usize> = BTreeMap::new();
    for (kind, why, line) in &rows {
        *counts.entry((kind.clone(), why.clone())).or_default() += 1;
        eprintln!("  {line}");
    }
    for ((kind, why), n) in counts {
        eprintln!("{kind:>22} {why:>12} {n}");
    }
}

fn cases_for(n: u8, fonts: &[OtherFont]) -> Vec<Case> {
    let mut cases = Vec::new();
    let seed = u64::from(n);
    let clean = changing_lines_card(n, None);
    let truth = changing_lines_truth(n, None);
    let photo = |seed: u64, turned: bool| PhotoParams { turned, ..PhotoParams::from_seed(seed) };
    cases.push(Case {
        kind: "clean",
        name: format!("clean-{n:02}.png"),
        bytes: png(&clean),
        truth: truth.clone(),
        misprint: None,
    });
    for turned in [false, true] {
        let p = photo(1000 + seed * 2 + u64::from(turned), turned);
        cases.push(Case {
            kind: "photo",
            name: format!("photo-{n:02}-{}.jpg", if turned { "light" } else { "dark" }),
            bytes: photograph(&clean, &p, 1000 + seed * 2 + u64::from(turned)),
            truth: truth.clone(),
            misprint: None,
        });
    }
    let m = misprint_for(n, 7);
    let misprinted = changing_lines_card(n, Some(m));
    cases.push(Case {
        kind: "misprint photo",
        name: format!("misprint-{n:02}.jpg"),
        bytes: photograph(&misprinted, &PhotoParams::from_seed(5000 + seed), 5000 + seed),
        truth: changing_lines_truth(n, Some(m)),
        misprint: Some(misprint_index(&m)),
    });
    for (f, font) in fonts.iter().enumerate() {
        let style = (usize::from(n) + f) as u8 % 2;
        let (card, truth) = other_maker_card(n, font, style, None);
        let slug = font.family.replace(' ', "-").to_lowercase();
        cases.push(Case {
            kind: "other clean",
            name: format!("other-{slug}-{}-{n:02}.png", font.weight),
            bytes: png(&card),
            truth: vec![truth.clone()],
            misprint: None,
        });
        let s = 9000 + seed * 16 + f as u64;
        cases.push(Case {
            kind: "other photo",
            name: format!("other-photo-{slug}-{}-{n:02}.jpg", font.weight),
            bytes: photograph(&card, &photo(s, false), s),
            truth: vec![truth],
            misprint: None,
        });
        let line = (n + f as u8) % 6 + 1;
        let right = hexforge_rules::core::hexagram::Hexagram::from_number(i64::from(n)).unwrap().neighbours()
            [line as usize - 1]
            .number();
        let wrong = if right == 64 { 1 } else { right + 1 };
        let (card, truth) = other_maker_card(n, font, style, Some((line, wrong)));
        cases.push(Case {
            kind: "other misprint photo",
            name: format!("other-misprint-{slug}-{}-{n:02}.jpg", font.weight),
            bytes: photograph(&card, &photo(s + 7, false), s + 7),
            truth: vec![truth],
            misprint: Some((0, line)),
        });
    }
    cases
}

/// `W` for a digit too wide for its shape, `N` too narrow, else `fits`.
fn width_mark(read: &hexforge::photo::digits::DigitRead, fits: &'static str) -> &'static str {
    if read.too_wide {
        "W"
    } else if read.too_narrow {
        "N"
    } else {
        fits
    }
}
