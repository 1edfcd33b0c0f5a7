//! Every file of a deck, written into the output folder by `hexforge generate`.
//!
//! Under `<out>/<deck>/` (deck = `changing-lines` or `zhi-pai`):
//!
//! | Path | Kind | Made for |
//! |---|---|---|
//! | `svg/<face>.svg` | `card-svg` | always |
//! | `png/<face>.png` | `card-png` | `home`: `--dpi`, 3 mm bleed (815×1110 at 300 dpi) |
//! | `tgc/<face>.png` | `card-png-tgc` | `tgc`: 825×1125 |
//! | `mpc/<face>.png` | `card-png-mpc` | `mpc`: 822×1122 |
//! | `aids/<aid>.svg`, `aids/back.svg` | `aid-svg` | always |
//! | `aids/<aid>.png`, `aids/back.png` | `aid-png` | `home`: `--dpi` |
//! | `<deck>-a4.pdf`, `<deck>-letter.pdf` | `sheet-pdf` | `home`; the player aids fill the last sheet |
//! | `contact-sheet.png` | `contact-sheet` | always |
//! | `tts-*.png` | `tts-sheet` | always |
//!
//! `<face>` is [`Face::slug`]: `card-01` … `card-64`, `back`, and for Zhi Pai
//! `trigram-<set>-<trigram>-active|inactive`.
//!
//! Each path and kind is spelled once, in the path functions below ([`svg_file`] …
//! [`tts_file`]); [`files`] lists a deck's files from them and [`write_deck`] writes
//! through them, so the list and the output cannot drift apart. [`write_deck`] reports
//! how far it is through a plain [`Progress`] callback; drawing a bar is the caller's
//! business.
//!
//! Faces are rendered in parallel (rayon); each file's bytes depend only on the inputs,
//! never on scheduling, and [`Output`] sorts the manifest, so runs are byte-identical.

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;
use resvg::tiny_skia::Pixmap;

use super::aids::{self, aid_back_svg, aid_svg};
use super::{BLEED_MM, CardError, Deck, Face, Lang, card_svg_with_backs};
use crate::cards::sheet::{self, ContactSection, SheetError};
use crate::print::output::{Output, OutputError};
use crate::print::paper::Paper;
use crate::print::plan::{PrintFile, PrintOptions};
use crate::print::profile::Profile;
use crate::print::render::{self, RenderError};

/// Why a deck could not be exported.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// A face could not be drawn.
    #[error(transparent)]
    Card(#[from] CardError),
    /// A PNG could not be rendered.
    #[error(transparent)]
    Render(#[from] RenderError),
    /// A sheet could not be made.
    #[error(transparent)]
    Sheet(#[from] SheetError),
    /// A file could not be written.
    #[error(transparent)]
    Output(#[from] OutputError),
}

/// Told how far [`write_deck`] is: `(label, done, total)`, with the deck's slug as label.
/// Called once with `done = 0` before the work, then after each face and each sheet, from
/// the worker threads; the last call has `done == total`.
pub type Progress<'a> = &'a (dyn Fn(&str, u64, u64) + Sync);

/// A [`Progress`] that reports nothing.
pub fn no_progress(_label: &str, _done: u64, _total: u64) {}

// --- Where each file goes: the only place the paths and kinds are spelled. -------------

/// A face's SVG: `<deck>/svg/<face>.svg`.
pub fn svg_file(deck: Deck, face: &Face) -> PrintFile {
    PrintFile::new(format!("{}/svg/{}.svg", deck.slug(), face.slug()), "card-svg")
}

/// A face's home-print PNG at `--dpi`: `<deck>/png/<face>.png`.
pub fn png_file(deck: Deck, face: &Face) -> PrintFile {
    PrintFile::new(format!("{}/png/{}.png", deck.slug(), face.slug()), "card-png")
}

/// A face's PNG for a print service: `<deck>/<tgc|mpc>/<face>.png`.
pub fn service_png_file(deck: Deck, service: Profile, face: &Face) -> PrintFile {
    let folder = service.folder();
    PrintFile::new(format!("{}/{folder}/{}.png", deck.slug(), face.slug()), format!("card-png-{folder}"))
}

/// A player aid's SVG: `<deck>/aids/<stem>.svg`, `stem` an aid's slug or `back`.
pub fn aid_svg_file(deck: Deck, stem: &str) -> PrintFile {
    PrintFile::new(format!("{}/aids/{stem}.svg", deck.slug()), "aid-svg")
}

/// A player aid's PNG at `--dpi`: `<deck>/aids/<stem>.png`.
pub fn aid_png_file(deck: Deck, stem: &str) -> PrintFile {
    PrintFile::new(format!("{}/aids/{stem}.png", deck.slug()), "aid-png")
}

/// The file stems of `deck`'s aids, then `back`.
fn aid_stems(deck: Deck) -> Vec<&'static str> {
    aids::aids(deck, Lang::En).iter().map(|a| a.slug).chain(["back"]).collect()
}

/// The home-print PDF of `deck` on `paper`: `<deck>/<deck>-<paper>.pdf`. The rulebooks
/// name it in their components lists.
pub fn sheet_pdf_file(deck: Deck, paper: Paper) -> PrintFile {
    PrintFile::new(format!("{0}/{0}-{1}.pdf", deck.slug(), paper.key()), "sheet-pdf")
}

/// The path of [`sheet_pdf_file`].
pub fn sheet_pdf_path(deck: Deck, paper: Paper) -> String {
    sheet_pdf_file(deck, paper).path
}

/// The contact sheet: `<deck>/contact-sheet.png`.
pub fn contact_sheet_file(deck: Deck) -> PrintFile {
    PrintFile::new(format!("{}/contact-sheet.png", deck.slug()), "contact-sheet")
}

/// Image `i` of the Tabletop Simulator set: `<deck>/tts-….png`.
pub fn tts_file(deck: Deck, i: usize) -> PrintFile {
    PrintFile::new(format!("{}/{}.png", deck.slug(), tts_image(deck, i).0), "tts-sheet")
}

/// Every file [`write_deck`] writes for `deck` with `options`, sorted by path.
pub fn files(deck: Deck, options: &PrintOptions) -> Vec<PrintFile> {
    let home = options.profiles.home;
    let mut files = Vec::new();
    for face in deck.faces() {
        files.push(svg_file(deck, &face));
        if home {
            files.push(png_file(deck, &face));
        }
        files.extend(options.profiles.services().into_iter().map(|s| service_png_file(deck, s, &face)));
    }
    for stem in aid_stems(deck) {
        files.push(aid_svg_file(deck, stem));
        if home {
            files.push(aid_png_file(deck, stem));
        }
    }
    if home {
        files.extend(Paper::HOME.map(|paper| sheet_pdf_file(deck, paper)));
    }
    files.push(contact_sheet_file(deck));
    files.extend((0..tts_sheet_count(deck)).map(|i| tts_file(deck, i)));
    files.sort();
    files
}

/// Writes `bytes` to `file` through `out`.
fn write(out: &Output, file: PrintFile, bytes: &[u8]) -> Result<(), OutputError> {
    out.write(&file.path, &file.kind, bytes)
}

/// The per-face images the sheets are assembled from.
struct Thumbs {
    contact: Pixmap,
    tts: Pixmap,
}

/// Writes every file of `deck` ([`files`]; see the module docs) into `out`, telling
/// `progress` how far it is.
pub fn write_deck(out: &Output, deck: Deck, options: &PrintOptions, progress: Progress) -> Result<(), ExportError> {
    let faces = deck.faces();
    let home = options.profiles.home;
    let sheets = 2 + tts_sheet_count(deck) + if home { Paper::HOME.len() } else { 0 };
    let total = (faces.len() + sheets) as u64;
    let label = deck.slug();
    let done = AtomicU64::new(0);
    let step = || progress(label, done.fetch_add(1, Ordering::Relaxed) + 1, total);
    progress(label, 0, total);

    // One face: its SVG, its PNGs, its thumbnails and (for the PDFs) its parsed tree.
    let rendered: Vec<(Face, Thumbs, Option<usvg::Tree>)> = faces
        .par_iter()
        .map(|face| -> Result<_, ExportError> {
            let svg = card_svg_with_backs(deck, face, options.lang, options.backs)?;
            write(out, svg_file(deck, face), svg.as_bytes())?;
            if home {
                write(out, png_file(deck, face), &render::svg_to_png(&svg, options.dpi.as_f32())?)?;
            }
            for service in options.profiles.services() {
                let profile = service.service().expect("services have a canvas");
                let png = render::svg_to_png_sized(&svg, profile, BLEED_MM)?;
                write(out, service_png_file(deck, service, face), &png)?;
            }
            let thumbs = Thumbs { contact: sheet::contact_face(&svg)?, tts: sheet::tts_face(&svg)? };
            let tree = if home { Some(render::svg_tree(&svg, 72.0)?) } else { None };
            step();
            Ok((*face, thumbs, tree))
        })
        .collect::<Result<_, _>>()?;

    let aid_trees = write_aids(out, deck, options)?;
    step();

    let find = |wanted: &Face| rendered.iter().position(|(f, _, _)| f == wanted).expect("every face was rendered");
    let title = deck_title(deck);

    let mut jobs: Vec<Job> = vec![Job::Contact];
    if home {
        jobs.extend(Paper::HOME.map(Job::Pdf));
    }
    jobs.extend((0..tts_sheet_count(deck)).map(Job::Tts));
    jobs.par_iter()
        .map(|job| -> Result<(), ExportError> {
            match *job {
                Job::Pdf(paper) => {
                    let mut pairs: Vec<(&usvg::Tree, &usvg::Tree)> = deck
                        .print_pairs()
                        .iter()
                        .map(|(front, back)| {
                            let tree =
                                |f: &Face| rendered[find(f)].2.as_ref().expect("trees are parsed for home print");
                            (tree(front), tree(back))
                        })
                        .collect();
                    let (aid_fronts, aid_back) = aid_trees.as_ref().expect("aid trees are parsed for home print");
                    pairs.extend(aid_fronts.iter().map(|front| (front, aid_back)));
                    let pdf = sheet::home_print_pdf(&pairs, paper, title)?;
                    write(out, sheet_pdf_file(deck, paper), &pdf)?;
                }
                Job::Contact => {
                    let sections = contact_sections(deck, options.lang, |f| &rendered[find(f)].1.contact);
                    let png = sheet::contact_sheet(title, &sections, 8)?;
                    write(out, contact_sheet_file(deck), &png)?;
                }
                Job::Tts(i) => {
                    let (_, image) = tts_image(deck, i);
                    let tts = |f: &Face| &rendered[find(f)].1.tts;
                    let png = match image {
                        TtsImage::Single(face) => render::encode_png(tts(&face).clone(), sheet::tts_dpi())?,
                        TtsImage::Sheet { faces, hidden } => {
                            let faces: Vec<&Pixmap> = faces.iter().map(tts).collect();
                            sheet::tts_sheet(&faces, hidden.as_ref().map(tts))?
                        }
                    };
                    write(out, tts_file(deck, i), &png)?;
                }
            }
            step();
            Ok(())
        })
        .collect::<Result<Vec<()>, _>>()?;
    Ok(())
}

/// The parsed fronts and the back of the player aids, for the home-print sheets.
type AidTrees = (Vec<usvg::Tree>, usvg::Tree);

/// Writes the SVG (and, for home print, the PNG) of every player aid of `deck` and of
/// their back; returns their parsed trees when the home-print sheets need them.
fn write_aids(out: &Output, deck: Deck, options: &PrintOptions) -> Result<Option<AidTrees>, ExportError> {
    let home = options.profiles.home;
    let mut svgs: Vec<(&str, String)> = Vec::new();
    for aid in aids::aids(deck, options.lang) {
        svgs.push((aid.slug, aid_svg(deck, &aid)?));
    }
    svgs.push(("back", aid_back_svg(deck, options.backs, options.lang)?));
    let mut trees = Vec::new();
    for (stem, svg) in &svgs {
        write(out, aid_svg_file(deck, stem), svg.as_bytes())?;
        if home {
            write(out, aid_png_file(deck, stem), &render::svg_to_png(svg, options.dpi.as_f32())?)?;
            trees.push(render::svg_tree(svg, 72.0)?);
        }
    }
    Ok(trees.pop().map(|back| (trees, back)))
}

/// A sheet made after the faces.
#[derive(Copy, Clone, Debug)]
enum Job {
    Pdf(Paper),
    Contact,
    Tts(usize),
}

fn deck_title(deck: Deck) -> &'static str {
    match deck {
        Deck::ChangingLines => "Changing Lines",
        Deck::ZhiPai => "Zhi Pai",
    }
}

fn contact_sections<'a>(deck: Deck, lang: Lang, thumb: impl Fn(&Face) -> &'a Pixmap) -> Vec<ContactSection<'a>> {
    let cards: Vec<Face> = deck.faces().into_iter().filter(|f| matches!(f, Face::Card(_))).collect();
    match deck {
        Deck::ChangingLines => vec![
            ContactSection {
                heading: lang.pick("Dark side up", "Côté foncé en haut").to_string(),
                faces: cards.iter().map(|f| (thumb(f), false)).collect(),
            },
            ContactSection {
                heading: lang.pick("Light side up (turned 180°)", "Côté clair en haut (tourné de 180°)").to_string(),
                faces: cards.iter().map(|f| (thumb(f), true)).collect(),
            },
        ],
        Deck::ZhiPai => {
            let others: Vec<Face> = deck.faces().into_iter().filter(|f| !matches!(f, Face::Card(_))).collect();
            vec![
                ContactSection {
                    heading: lang.pick("Hexagram cards", "Cartes Hexagramme").to_string(),
                    faces: cards.iter().map(|f| (thumb(f), false)).collect(),
                },
                ContactSection {
                    heading: lang
                        .pick(
                            "Back; trigram cards, active and inactive",
                            "Dos ; cartes Trigramme, actives et inactives",
                        )
                        .to_string(),
                    faces: others.iter().map(|f| (thumb(f), false)).collect(),
                },
            ]
        }
    }
}

fn tts_sheet_count(deck: Deck) -> usize {
    match deck {
        Deck::ChangingLines => 2,
        Deck::ZhiPai => 4,
    }
}

/// One image of a Tabletop Simulator set.
enum TtsImage {
    /// A sheet of 10 columns; `hidden` goes in the last slot (TTS shows it for cards in hand).
    Sheet { faces: Vec<Face>, hidden: Option<Face> },
    /// One card on its own (the common back).
    Single(Face),
}

/// Image `i` of the deck's Tabletop Simulator set, with its file name.
///
/// Hexagram decks get a 10×7 sheet of fronts (the back in the last slot) and the back
/// as its own image. Zhi Pai trigram cards get a sheet of active faces and a sheet of
/// inactive faces in the same slots, for TTS's "unique backs".
fn tts_image(deck: Deck, i: usize) -> (&'static str, TtsImage) {
    let faces = deck.faces();
    let cards: Vec<Face> = faces.iter().copied().filter(|f| matches!(f, Face::Card(_))).collect();
    let trigrams = |active: bool| -> Vec<Face> {
        faces.iter().copied().filter(|f| matches!(f, Face::Trigram(t) if t.active == active)).collect()
    };
    let sheet = |faces, hidden| TtsImage::Sheet { faces, hidden };
    match (deck, i) {
        (Deck::ChangingLines, 0) => ("tts-deck", sheet(cards, Some(Face::Back))),
        (Deck::ZhiPai, 0) => ("tts-hexagrams", sheet(cards, Some(Face::Back))),
        (_, 1) => ("tts-back", TtsImage::Single(Face::Back)),
        (Deck::ZhiPai, 2) => ("tts-trigrams-active", sheet(trigrams(true), None)),
        (Deck::ZhiPai, 3) => ("tts-trigrams-inactive", sheet(trigrams(false), None)),
        _ => unreachable!("tts_sheet_count bounds i"),
    }
}
