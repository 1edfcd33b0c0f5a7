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
//! | `<deck>-cards-a4.pdf`, `<deck>-cards-letter.pdf` | `sheet-pdf` | `home` with `--layout duplex` (default); the player aids fill the last sheet |
//! | `<deck>-cards-fold-a4.pdf`, `<deck>-cards-fold-letter.pdf` | `fold-sheet-pdf` | `home` with `--layout fold` |
//! | `cut/<deck>-cards-cut-<paper>.pdf` | `cut-sheet-pdf` | `home` with `--layout cut` |
//! | `cut/<deck>-cards-cut-<paper>-NN.svg` | `cut-svg` | `home` with `--layout cut`: fronts page NN's cut paths |
//! | `dtc/<deck>-dtc.pdf` | `dtc-pdf` | `dtc`: PDF/X-1a, a page a face, front then back |
//! | `contact-sheet.png` | `contact-sheet` | always |
//! | `tts-*.png` | `tts-sheet` | always |
//! | `tts-deck.json` | `tts-deck` | always: a Tabletop Simulator saved object of the deck |
//!
//! `<face>` is [`Face::slug`]: `card-01` … `card-64`, `back`, and for a deck with trigram cards
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
use super::layouts;
use super::{BLEED_MM, CardError, Face, Lang, PrintedDeck, card_svg_with_backs};
use crate::cards::sheet::{self, ContactSection, SheetError};
use crate::print::cmyk::{CmykError, Converter};
use crate::print::output::{Output, OutputError};
use crate::print::paper::Paper;
use crate::print::pdf::MmRect;
use crate::print::pdfx::{self, CmykImage, CmykPage, PdfxError};
use crate::print::plan::{PrintFile, PrintOptions};
use crate::print::preflight::Shop;
use crate::print::profile::Profile;
use crate::print::reframe::{self, Frame};
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
    /// Colours could not be converted to CMYK.
    #[error(transparent)]
    Cmyk(#[from] CmykError),
    /// The DriveThruCards PDF could not be written.
    #[error(transparent)]
    Pdfx(#[from] PdfxError),
}

/// Told how far [`write_deck`] is: `(label, done, total)`, with the deck's slug as label.
/// Called once with `done = 0` before the work, then after each face and each sheet, from
/// the worker threads; the last call has `done == total`.
pub type Progress<'a> = &'a (dyn Fn(&str, u64, u64) + Sync);

/// A [`Progress`] that reports nothing.
pub fn no_progress(_label: &str, _done: u64, _total: u64) {}

// --- Where each file goes: the only place the paths and kinds are spelled. -------------

/// A face's SVG: `<deck>/svg/<face>.svg`.
pub fn svg_file(deck: PrintedDeck, face: &Face) -> PrintFile {
    PrintFile::new(format!("{}/svg/{}.svg", deck.slug(), face.slug()), "card-svg")
}

/// A face's home-print PNG at `--dpi`: `<deck>/png/<face>.png`.
pub fn png_file(deck: PrintedDeck, face: &Face) -> PrintFile {
    PrintFile::new(format!("{}/png/{}.png", deck.slug(), face.slug()), "card-png")
}

/// A face's PNG for a print service: `<deck>/<tgc|mpc>/<face>.png`.
pub fn service_png_file(deck: PrintedDeck, service: Profile, face: &Face) -> PrintFile {
    let folder = service.folder();
    PrintFile::new(format!("{}/{folder}/{}.png", deck.slug(), face.slug()), service_png_kind(service))
}

/// The manifest kind of a print service's face: `card-png-tgc`, `card-png-mpc`.
fn service_png_kind(service: Profile) -> String {
    format!("card-png-{}", service.folder())
}

/// The manifest kind of the DriveThruCards file.
const DTC_PDF_KIND: &str = "dtc-pdf";

/// The manifest kind of a Tabletop Simulator image.
const TTS_SHEET_KIND: &str = "tts-sheet";

/// The shop a deck file of manifest kind `kind` is made for, if any: `generate` checks
/// each such file against that shop's requirements ([`crate::print::preflight`]).
pub fn shop_of_kind(kind: &str) -> Option<Shop> {
    match kind {
        DTC_PDF_KIND => Some(Shop::Dtc),
        TTS_SHEET_KIND => Some(Shop::Tts),
        _ if kind == service_png_kind(Profile::Tgc) => Some(Shop::Tgc),
        _ if kind == service_png_kind(Profile::Mpc) => Some(Shop::Mpc),
        _ => None,
    }
}

/// A player aid's SVG: `<deck>/aids/<stem>.svg`, `stem` an aid's slug or `back`.
pub fn aid_svg_file(deck: PrintedDeck, stem: &str) -> PrintFile {
    PrintFile::new(format!("{}/aids/{stem}.svg", deck.slug()), "aid-svg")
}

/// A player aid's PNG at `--dpi`: `<deck>/aids/<stem>.png`.
pub fn aid_png_file(deck: PrintedDeck, stem: &str) -> PrintFile {
    PrintFile::new(format!("{}/aids/{stem}.png", deck.slug()), "aid-png")
}

/// The file stems of `deck`'s aids, then `back`.
fn aid_stems(deck: PrintedDeck) -> Vec<&'static str> {
    aids::aids(deck, Lang::En).iter().map(|a| a.slug).chain(["back"]).collect()
}

/// The home-print PDF of `deck` on `paper`: `<deck>/<deck>-cards-<paper>.pdf` ("cards",
/// so it is never taken for the rulebook, `rulebooks/<deck>-rules-<paper>.pdf`). The
/// rulebooks name it in their components lists.
pub fn sheet_pdf_file(deck: PrintedDeck, paper: Paper) -> PrintFile {
    PrintFile::new(format!("{0}/{0}-cards-{1}.pdf", deck.slug(), paper.key()), "sheet-pdf")
}

/// The home-print PDFs of `deck` in every layout (two-sided, fold-over, print-then-cut),
/// on both papers: what the rulebooks' components lists name; each book shows the ones
/// its run wrote.
pub fn home_sheet_paths(deck: PrintedDeck) -> Vec<String> {
    Paper::HOME
        .into_iter()
        .flat_map(|p| [sheet_pdf_file(deck, p), fold_pdf_file(deck, p), cut_pdf_file(deck, p)])
        .map(|f| f.path)
        .collect()
}

/// The path of [`sheet_pdf_file`].
pub fn sheet_pdf_path(deck: PrintedDeck, paper: Paper) -> String {
    sheet_pdf_file(deck, paper).path
}

/// The contact sheet: `<deck>/contact-sheet.png`.
pub fn contact_sheet_file(deck: PrintedDeck) -> PrintFile {
    PrintFile::new(format!("{}/contact-sheet.png", deck.slug()), "contact-sheet")
}

/// The fold-over PDF of `deck` on `paper`: `<deck>/<deck>-cards-fold-<paper>.pdf`.
pub fn fold_pdf_file(deck: PrintedDeck, paper: Paper) -> PrintFile {
    PrintFile::new(format!("{0}/{0}-cards-fold-{1}.pdf", deck.slug(), paper.key()), "fold-sheet-pdf")
}

/// The print-then-cut PDF of `deck` on `paper`: `<deck>/cut/<deck>-cards-cut-<paper>.pdf`.
pub fn cut_pdf_file(deck: PrintedDeck, paper: Paper) -> PrintFile {
    PrintFile::new(format!("{0}/cut/{0}-cards-cut-{1}.pdf", deck.slug(), paper.key()), "cut-sheet-pdf")
}

/// The cut paths of fronts page `page` (1-based) of [`cut_pdf_file`]:
/// `<deck>/cut/<deck>-cards-cut-<paper>-NN.svg`.
pub fn cut_svg_file(deck: PrintedDeck, paper: Paper, page: usize) -> PrintFile {
    PrintFile::new(format!("{0}/cut/{0}-cards-cut-{1}-{page:02}.svg", deck.slug(), paper.key()), "cut-svg")
}

/// The DriveThruCards PDF/X-1a file: `<deck>/dtc/<deck>-dtc.pdf`.
pub fn dtc_pdf_file(deck: PrintedDeck) -> PrintFile {
    PrintFile::new(format!("{0}/dtc/{0}-dtc.pdf", deck.slug()), DTC_PDF_KIND)
}

/// The Tabletop Simulator saved object: `<deck>/tts-deck.json`.
pub fn tts_deck_file(deck: PrintedDeck) -> PrintFile {
    PrintFile::new(format!("{}/tts-deck.json", deck.slug()), "tts-deck")
}

/// Cards on the home-print sheets of `deck`: its physical cards, then its player aids.
fn sheet_cards(deck: PrintedDeck) -> usize {
    deck.print_pairs().len() + aids::aids(deck, Lang::En).len()
}

/// Image `i` of the Tabletop Simulator set: `<deck>/tts-….png`.
pub fn tts_file(deck: PrintedDeck, i: usize) -> PrintFile {
    PrintFile::new(format!("{}/{}.png", deck.slug(), tts_image(deck, i).0), TTS_SHEET_KIND)
}

/// Every file [`write_deck`] writes for `deck` with `options`, sorted by path.
pub fn files(deck: PrintedDeck, options: &PrintOptions) -> Vec<PrintFile> {
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
    let layouts = options.layouts;
    if home && layouts.duplex {
        files.extend(Paper::HOME.map(|paper| sheet_pdf_file(deck, paper)));
    }
    if home && layouts.fold {
        files.extend(Paper::HOME.map(|paper| fold_pdf_file(deck, paper)));
    }
    if home && layouts.cut {
        for paper in Paper::HOME {
            files.push(cut_pdf_file(deck, paper));
            let pages = sheet_cards(deck).div_ceil(layouts::CUT_COLS * layouts::CUT_ROWS);
            files.extend((1..=pages).map(|page| cut_svg_file(deck, paper, page)));
        }
    }
    if options.profiles.dtc {
        files.push(dtc_pdf_file(deck));
    }
    files.push(contact_sheet_file(deck));
    files.extend((0..tts_sheet_count(deck)).map(|i| tts_file(deck, i)));
    files.push(tts_deck_file(deck));
    files.sort();
    files
}

/// Writes `bytes` to `file` through `out`.
fn write(out: &Output, file: PrintFile, bytes: &[u8]) -> Result<(), OutputError> {
    out.write(&file.path, &file.kind, bytes)
}

/// What the sheets are assembled from, per face, besides its tree. The Tabletop Simulator
/// faces are drawn from the tree when their sheet is made, not kept here: 1 MB each,
/// 150 MB for both decks.
struct Thumbs {
    contact: Pixmap,
    /// The DriveThruCards page, when that profile is made.
    dtc: Option<CmykImage>,
}

/// The dpi a face is parsed at, once: 72, a PDF point per pixel, for the home print PDFs.
/// Its PNG and the print services' canvases are drawn from that tree with the pixels of
/// a parse at their own dpi ([`reframe`]); the contact sheet's thumbnail and the Tabletop
/// Simulator faces, which nobody prints, are drawn from it scaled.
const SHEET_DPI: f32 = 72.0;

/// Writes every file of `deck` ([`files`]; see the module docs) into `out`, telling
/// `progress` how far it is.
pub fn write_deck(
    out: &Output,
    deck: PrintedDeck,
    options: &PrintOptions,
    progress: Progress,
) -> Result<(), ExportError> {
    let faces = deck.faces();
    let home = options.profiles.home;
    let jobs = sheet_jobs(deck, options);
    let sheets = 1 + jobs.len();
    let total = (faces.len() + sheets) as u64;
    let label = deck.slug();
    let done = AtomicU64::new(0);
    let step = || progress(label, done.fetch_add(1, Ordering::Relaxed) + 1, total);
    progress(label, 0, total);

    let cmyk = if options.profiles.dtc { Some(Converter::for_cards()?) } else { None };
    let svgs: Vec<String> = faces
        .par_iter()
        .map(|face| card_svg_with_backs(deck, face, options.lang, options.backs))
        .collect::<Result<_, _>>()?;
    // Faces that share a backdrop (one player's trigram cards) are drawn one after another,
    // so that its pixels are made once per size ([`reframe::backdrop`]); the others first.
    let mut order: Vec<usize> = (0..faces.len()).collect();
    order.sort_by_cached_key(|&i| reframe::backdrop(&svgs[i]).map(|(under, _)| under));
    // One face: its SVG, its PNGs, its thumbnails and (for the sheets) its parsed tree.
    let mut rendered: Vec<(usize, Face, Thumbs, usvg::Tree)> = order
        .par_iter()
        .map(|&i| -> Result<_, ExportError> {
            let (face, svg) = (&faces[i], &svgs[i]);
            write(out, svg_file(deck, face), svg.as_bytes())?;
            // One tree for every image of the face: its PNG at the run's dpi, every print
            // service's canvas and the sheets, each with the pixels of a parse at its own dpi.
            let tree = render::svg_tree(svg, SHEET_DPI)?;
            let frame = Frame::of(svg, SHEET_DPI)?;
            if home {
                write(out, png_file(deck, face), &reframe::svg_to_png_from(svg, &tree, &frame, options.dpi.as_f32())?)?;
            }
            for service in options.profiles.services() {
                let profile = service.service().expect("services have a canvas");
                let pixmap = reframe::pixmap_sized_from(svg, &tree, &frame, profile, BLEED_MM)?;
                write(out, service_png_file(deck, service, face), &render::encode_png(pixmap, profile.dpi.as_f32())?)?;
            }
            let dtc = match &cmyk {
                Some(converter) => Some(dtc_page(converter, svg, &tree, &frame)?),
                None => None,
            };
            let thumbs = Thumbs { contact: sheet::contact_face(svg, &tree, SHEET_DPI)?, dtc };
            step();
            Ok((i, *face, thumbs, tree))
        })
        .collect::<Result<_, _>>()?;
    reframe::forget_backdrops();
    rendered.sort_by_key(|(i, ..)| *i);
    let rendered: Vec<(Face, Thumbs, usvg::Tree)> = rendered.into_iter().map(|(_, f, t, tree)| (f, t, tree)).collect();

    let aid_trees = write_aids(out, deck, options)?;
    step();

    let find = |wanted: &Face| rendered.iter().position(|(f, _, _)| f == wanted).expect("every face was rendered");
    let title = deck.title();

    let pairs = || -> Vec<(&usvg::Tree, &usvg::Tree)> {
        let tree = |f: &Face| &rendered[find(f)].2;
        let mut pairs: Vec<(&usvg::Tree, &usvg::Tree)> =
            deck.print_pairs().iter().map(|(front, back)| (tree(front), tree(back))).collect();
        let (aid_fronts, aid_back) = aid_trees.as_ref().expect("aid trees are parsed for home print");
        pairs.extend(aid_fronts.iter().map(|front| (front, aid_back)));
        pairs
    };
    let duplex = sheet::Duplex { edge: options.duplex, back_offset: options.back_offset };
    jobs.par_iter()
        .map(|job| -> Result<(), ExportError> {
            match *job {
                Job::Pdf(paper) => {
                    let pdf = sheet::home_print_pdf(&pairs(), paper, title, duplex)?;
                    write(out, sheet_pdf_file(deck, paper), &pdf)?;
                }
                Job::Fold(paper) => {
                    let pdf = layouts::fold_pdf(&pairs(), paper, title)?;
                    write(out, fold_pdf_file(deck, paper), &pdf)?;
                }
                Job::Cut(paper) => {
                    let pairs = pairs();
                    write(out, cut_pdf_file(deck, paper), &layouts::cut_pdf(&pairs, paper, title, duplex)?)?;
                    for (i, svg) in layouts::cut_svgs(pairs.len(), paper)?.iter().enumerate() {
                        write(out, cut_svg_file(deck, paper, i + 1), svg.as_bytes())?;
                    }
                }
                Job::Dtc => {
                    let image = |f: &Face| rendered[find(f)].1.dtc.as_ref().expect("dtc pages are made for dtc");
                    let images: Vec<&CmykImage> =
                        deck.print_pairs().iter().flat_map(|(front, back)| [image(front), image(back)]).collect();
                    write(out, dtc_pdf_file(deck), &dtc_pdf(&images, title)?)?;
                }
                Job::TtsDeck => {
                    let json = tts_deck_json(deck, out.root(), options.tts_base_url);
                    write(out, tts_deck_file(deck), json.as_bytes())?;
                }
                Job::Contact => {
                    let sections = contact_sections(deck, options.lang, |f| &rendered[find(f)].1.contact);
                    let png = sheet::contact_sheet(title, &sections, 8)?;
                    write(out, contact_sheet_file(deck), &png)?;
                }
                Job::Tts(i) => {
                    let (_, image) = tts_image(deck, i);
                    // `rendered` is in the order of `faces`, so a face's SVG has its index.
                    let face = |f: &Face| {
                        let i = find(f);
                        sheet::SheetFace { svg: &svgs[i], tree: &rendered[i].2, dpi: SHEET_DPI }
                    };
                    let png = match image {
                        TtsImage::Single(f) => render::encode_png(sheet::tts_face(face(&f))?, sheet::tts_dpi())?,
                        TtsImage::Sheet { faces, hidden } => {
                            let faces: Vec<sheet::SheetFace<'_>> = faces.iter().map(face).collect();
                            sheet::tts_sheet(&faces, hidden.as_ref().map(face))?
                        }
                    };
                    write(out, tts_file(deck, i), &png)?;
                }
            }
            step();
            Ok(())
        })
        .collect::<Result<Vec<()>, _>>()?;
    // The Tabletop Simulator faces' backdrops.
    reframe::forget_backdrops();
    Ok(())
}

/// The parsed fronts and the back of the player aids, for the home-print sheets.
type AidTrees = (Vec<usvg::Tree>, usvg::Tree);

/// Writes the SVG (and, for home print, the PNG) of every player aid of `deck` and of
/// their back; returns their parsed trees when the home-print sheets need them.
fn write_aids(out: &Output, deck: PrintedDeck, options: &PrintOptions) -> Result<Option<AidTrees>, ExportError> {
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
            let tree = render::svg_tree(svg, SHEET_DPI)?;
            let png = reframe::svg_to_png_from(svg, &tree, &Frame::of(svg, SHEET_DPI)?, options.dpi.as_f32())?;
            write(out, aid_png_file(deck, stem), &png)?;
            trees.push(tree);
        }
    }
    Ok(trees.pop().map(|back| (trees, back)))
}

/// A sheet made after the faces.
#[derive(Copy, Clone, Debug)]
enum Job {
    Pdf(Paper),
    Fold(Paper),
    Cut(Paper),
    Dtc,
    Contact,
    Tts(usize),
    TtsDeck,
}

/// The sheets `options` asks for, in the order of [`files`].
fn sheet_jobs(deck: PrintedDeck, options: &PrintOptions) -> Vec<Job> {
    let (home, layouts) = (options.profiles.home, options.layouts);
    let mut jobs = vec![Job::Contact, Job::TtsDeck];
    if home && layouts.duplex {
        jobs.extend(Paper::HOME.map(Job::Pdf));
    }
    if home && layouts.fold {
        jobs.extend(Paper::HOME.map(Job::Fold));
    }
    if home && layouts.cut {
        jobs.extend(Paper::HOME.map(Job::Cut));
    }
    if options.profiles.dtc {
        jobs.push(Job::Dtc);
    }
    jobs.extend((0..tts_sheet_count(deck)).map(Job::Tts));
    jobs
}

/// One face as a DriveThruCards page: drawn on the shop's 825×1125 px canvas (the card
/// scaled so its trim fills 2.5×3.5 in, as for TGC), laid on white, converted to CMYK.
/// `tree` is the face `svg` parsed in `frame` ([`reframe::draw_as`]).
fn dtc_page(converter: &Converter, svg: &str, tree: &usvg::Tree, frame: &Frame) -> Result<CmykImage, ExportError> {
    let profile = &render::DTC_POKER;
    let pixmap = reframe::pixmap_sized_from(svg, tree, frame, profile, BLEED_MM)?;
    let cmyk = converter.convert_pixmap(&pixmap)?;
    render::recycle(pixmap);
    Ok(CmykImage::new((profile.width_px, profile.height_px), &cmyk)?)
}

/// DriveThruCards' page: 2.75×3.75 in, the card's 2.5×3.5 in trim centred on it.
pub const DTC_PAGE_MM: (f32, f32) = (69.85, 95.25);

/// The DriveThruCards PDF of `images` (front, back, front, back …).
fn dtc_pdf(images: &[&CmykImage], title: &str) -> Result<Vec<u8>, ExportError> {
    let bleed = 3.175;
    let trim = MmRect::new(bleed, bleed, DTC_PAGE_MM.0 - 2.0 * bleed, DTC_PAGE_MM.1 - 2.0 * bleed);
    let pages: Vec<CmykPage> = images.iter().map(|image| CmykPage { image, page_mm: DTC_PAGE_MM, trim }).collect();
    Ok(pdfx::cmyk_pdf(&format!("{title} (DriveThruCards)"), &pages)?)
}

/// The Tabletop Simulator saved object of `deck`: a deck object of its hexagram cards,
/// faces from the deck's first TTS sheet and the back from `tts-back.png`, and for Zhi
/// Pai a second deck of the trigram cards, active faces up and inactive faces as their
/// own ("unique") backs. Card ids are the sheet's number × 100 + its slot, so the
/// first deck's run from 100. Image addresses are `base_url/<deck>/tts-….png` when
/// given, otherwise `file:///` paths into `root`.
pub fn tts_deck_json(deck: PrintedDeck, root: &std::path::Path, base_url: Option<&str>) -> String {
    let url = |i: usize| {
        let rel = tts_file(deck, i).path;
        match base_url {
            Some(base) => format!("{base}/{rel}"),
            None => {
                let abs = std::path::absolute(root).unwrap_or_else(|_| root.to_path_buf()).join(&rel);
                let path = abs.to_string_lossy().replace('\\', "/");
                format!("file:///{}", path.trim_start_matches('/'))
            }
        }
    };
    let faces = deck.faces();
    let count = |pick: fn(&Face) -> bool| faces.iter().filter(|f| pick(f)).count() as u32;
    let hexagrams = count(|f| matches!(f, Face::Card(_)));
    // (number, name, face sheet, back image, cards, unique backs)
    let mut decks = vec![(1u32, deck.title().to_string(), 0, 1, hexagrams, false)];
    if has_trigram_cards(deck) {
        let trigrams = count(|f| matches!(f, Face::Trigram(t) if t.active));
        decks[0].1 = format!("{} hexagram cards", deck.title());
        decks.push((2, format!("{} trigram cards", deck.title()), 2, 3, trigrams, true));
    }
    let objects: Vec<serde_json::Value> = decks
        .iter()
        .enumerate()
        .map(|(k, (number, name, face_sheet, back, cards, unique))| {
            let ids: Vec<u32> = (0..*cards).map(|i| number * 100 + i).collect();
            let slots = cards + u32::from(!unique);
            let contained: Vec<serde_json::Value> = ids
                .iter()
                .map(|id| serde_json::json!({ "Name": "Card", "Nickname": "", "CardID": id, "Transform": tts_transform(0.0) }))
                .collect();
            serde_json::json!({
                "Name": "Deck",
                "Nickname": name,
                "Description": "made by hexforge",
                "Transform": tts_transform(k as f32 * 3.0),
                "SidewaysCard": false,
                "HideWhenFaceDown": true,
                "DeckIDs": ids,
                "CustomDeck": {
                    number.to_string(): {
                        "FaceURL": url(*face_sheet),
                        "BackURL": url(*back),
                        "NumWidth": sheet::TTS_COLS,
                        "NumHeight": slots.div_ceil(sheet::TTS_COLS),
                        "BackIsHidden": !unique,
                        "UniqueBack": unique,
                    }
                },
                "ContainedObjects": contained,
            })
        })
        .collect();
    let save = serde_json::json!({
        "SaveName": deck.title(),
        "GameMode": "",
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": objects,
        "TabStates": {},
        "VersionNumber": "",
    });
    let mut text = serde_json::to_string_pretty(&save).expect("a JSON value serialises");
    text.push('\n');
    text
}

/// Where TTS puts an object: `x` along the table, face down like a dealt deck.
fn tts_transform(x: f32) -> serde_json::Value {
    serde_json::json!({
        "posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
        "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0,
    })
}

/// The contact sheet's sections as the deck lays them out, each face drawn by `thumb`.
fn contact_sections<'a>(deck: PrintedDeck, lang: Lang, thumb: impl Fn(&Face) -> &'a Pixmap) -> Vec<ContactSection<'a>> {
    let sections = deck.art().contact_sections(lang);
    sections
        .into_iter()
        .map(|(heading, faces)| ContactSection {
            heading,
            faces: faces.iter().map(|(face, turned)| (thumb(face), *turned)).collect(),
        })
        .collect()
}

/// True when the deck has trigram cards, whose two faces are a Tabletop Simulator deck
/// of their own with "unique backs".
fn has_trigram_cards(deck: PrintedDeck) -> bool {
    deck.has(&Face::trigram_faces()[0])
}

/// Images of the deck's Tabletop Simulator set: the fronts and the back, then (with
/// trigram cards) their active and their inactive faces.
fn tts_sheet_count(deck: PrintedDeck) -> usize {
    if has_trigram_cards(deck) { 4 } else { 2 }
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
/// as its own image. Trigram cards get a sheet of active faces and a sheet of
/// inactive faces in the same slots, for TTS's "unique backs".
fn tts_image(deck: PrintedDeck, i: usize) -> (&'static str, TtsImage) {
    let faces = deck.faces();
    let cards: Vec<Face> = faces.iter().copied().filter(|f| matches!(f, Face::Card(_))).collect();
    let trigrams = |active: bool| -> Vec<Face> {
        faces.iter().copied().filter(|f| matches!(f, Face::Trigram(t) if t.active == active)).collect()
    };
    let sheet = |faces, hidden| TtsImage::Sheet { faces, hidden };
    match (has_trigram_cards(deck), i) {
        (false, 0) => ("tts-deck", sheet(cards, Some(Face::Back))),
        (true, 0) => ("tts-hexagrams", sheet(cards, Some(Face::Back))),
        (_, 1) => ("tts-back", TtsImage::Single(Face::Back)),
        (true, 2) => ("tts-trigrams-active", sheet(trigrams(true), None)),
        (true, 3) => ("tts-trigrams-inactive", sheet(trigrams(false), None)),
        _ => unreachable!("tts_sheet_count bounds i"),
    }
}
