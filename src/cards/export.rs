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
//! | `<deck>-a4.pdf`, `<deck>-letter.pdf` | `sheet-pdf` | `home` |
//! | `contact-sheet.png` | `contact-sheet` | always |
//! | `tts-*.png` | `tts-sheet` | always |
//!
//! `<face>` is [`Face::slug`]: `card-01` … `card-64`, `back`, and for Zhi Pai
//! `trigram-<set>-<trigram>-active|inactive`.
//!
//! Faces are rendered in parallel (rayon); each file's bytes depend only on the inputs,
//! never on scheduling, and [`Output`] sorts the manifest, so runs are byte-identical.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use resvg::tiny_skia::Pixmap;

use super::{BLEED_MM, CardError, Deck, Face, Lang, card_svg};
use crate::print::output::{Output, OutputError};
use crate::print::pdf::Paper;
use crate::print::profile::Profiles;
use crate::print::render::{self, RenderError};
use crate::print::sheet::{self, ContactSection, SheetError};

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

/// What to make of a deck.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DeckOptions {
    /// Resolution of the `png/` images (default 300).
    pub dpi: f32,
    /// Language of the names (default English).
    pub lang: Lang,
    /// Which print profiles to make (default all).
    pub profiles: Profiles,
}

impl Default for DeckOptions {
    fn default() -> Self {
        DeckOptions { dpi: 300.0, lang: Lang::En, profiles: Profiles::ALL }
    }
}

/// Where the home-print PDF of `deck` on `paper` goes, relative to the output folder:
/// `<deck>/<deck>-<paper>.pdf`. The rulebooks name it in their components lists.
pub fn sheet_pdf_path(deck: Deck, paper: Paper) -> String {
    format!("{0}/{0}-{1}.pdf", deck.slug(), paper.slug())
}

/// A progress bar on stderr when it is a terminal, hidden otherwise.
pub fn progress_bar(len: u64, label: &str) -> ProgressBar {
    let target =
        if std::io::stderr().is_terminal() { ProgressDrawTarget::stderr() } else { ProgressDrawTarget::hidden() };
    let style = ProgressStyle::with_template("{msg:>15} [{bar:30}] {pos}/{len} {elapsed}")
        .expect("the template is valid")
        .progress_chars("=> ");
    ProgressBar::with_draw_target(Some(len), target).with_style(style).with_message(label.to_string())
}

/// The per-face images the sheets are assembled from.
struct Thumbs {
    contact: Pixmap,
    tts: Pixmap,
}

/// Writes every file of `deck` (see the module docs) into `out`.
pub fn write_deck(out: &Output, deck: Deck, options: &DeckOptions) -> Result<(), ExportError> {
    let faces = deck.faces();
    let home = options.profiles.home;
    let sheets = 1 + tts_sheet_count(deck) + if home { Paper::ALL.len() } else { 0 };
    let bar = progress_bar((faces.len() + sheets) as u64, deck.slug());
    let dir = deck.slug();

    // One face: its SVG, its PNGs, its thumbnails and (for the PDFs) its parsed tree.
    let rendered: Vec<(Face, Thumbs, Option<usvg::Tree>)> = faces
        .par_iter()
        .map(|face| -> Result<_, ExportError> {
            let svg = card_svg(deck, face, options.lang)?;
            let slug = face.slug();
            out.write(&format!("{dir}/svg/{slug}.svg"), "card-svg", svg.as_bytes())?;
            if home {
                out.write(&format!("{dir}/png/{slug}.png"), "card-png", &render::svg_to_png(&svg, options.dpi)?)?;
            }
            for service in options.profiles.services() {
                let profile = service.service().expect("services have a canvas");
                let png = render::svg_to_png_sized(&svg, profile, BLEED_MM)?;
                let folder = service.folder();
                out.write(&format!("{dir}/{folder}/{slug}.png"), &format!("card-png-{folder}"), &png)?;
            }
            let thumbs = Thumbs { contact: sheet::contact_face(&svg)?, tts: sheet::tts_face(&svg)? };
            let tree = if home { Some(render::svg_tree(&svg, 72.0)?) } else { None };
            bar.inc(1);
            Ok((*face, thumbs, tree))
        })
        .collect::<Result<_, _>>()?;

    let find = |wanted: &Face| rendered.iter().position(|(f, _, _)| f == wanted).expect("every face was rendered");
    let title = deck_title(deck);

    let mut jobs: Vec<Job> = vec![Job::Contact];
    if home {
        jobs.extend(Paper::ALL.map(Job::Pdf));
    }
    jobs.extend((0..tts_sheet_count(deck)).map(Job::Tts));
    jobs.par_iter()
        .map(|job| -> Result<(), ExportError> {
            match *job {
                Job::Pdf(paper) => {
                    let pairs: Vec<(&usvg::Tree, &usvg::Tree)> = deck
                        .print_pairs()
                        .iter()
                        .map(|(front, back)| {
                            let tree =
                                |f: &Face| rendered[find(f)].2.as_ref().expect("trees are parsed for home print");
                            (tree(front), tree(back))
                        })
                        .collect();
                    let pdf = sheet::home_print_pdf(&pairs, paper, title)?;
                    out.write(&sheet_pdf_path(deck, paper), "sheet-pdf", &pdf)?;
                }
                Job::Contact => {
                    let sections = contact_sections(deck, options.lang, |f| &rendered[find(f)].1.contact);
                    let png = sheet::contact_sheet(title, &sections, 8)?;
                    out.write(&format!("{dir}/contact-sheet.png"), "contact-sheet", &png)?;
                }
                Job::Tts(i) => {
                    let (name, image) = tts_image(deck, i);
                    let tts = |f: &Face| &rendered[find(f)].1.tts;
                    let png = match image {
                        TtsImage::Single(face) => render::encode_png(tts(&face).clone(), sheet::tts_dpi())?,
                        TtsImage::Sheet { faces, hidden } => {
                            let faces: Vec<&Pixmap> = faces.iter().map(tts).collect();
                            sheet::tts_sheet(&faces, hidden.as_ref().map(tts))?
                        }
                    };
                    out.write(&format!("{dir}/{name}.png"), "tts-sheet", &png)?;
                }
            }
            bar.inc(1);
            Ok(())
        })
        .collect::<Result<Vec<()>, _>>()?;
    bar.finish_and_clear();
    Ok(())
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
