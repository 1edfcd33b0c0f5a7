//! `hexforge generate`: every printable asset, written into one output folder.
//!
//! Each part of the product (the data tables, each game's print files, the rulebooks) is
//! one step here; a game's step asks the game for its files ([`PrintedGame::files`]), has it
//! write them ([`PrintedGame::generate`]), and refuses a run where the two disagree.

use crate::cards::sheet::Duplex;
use crate::games::ArtError;
use crate::games::{self, Lane, PrintOptions, PrintedGame};
use crate::print::output::{ManifestEntry, Output, OutputError};
use crate::print::paper::Paper;
use crate::print::preflight::{self, PreflightError, Shop};
use crate::rulebook::{self, RulebookError};
use hexforge_rules::core::hexagram_json::all_hexagrams;
use hexforge_rules::core::lang::Lang;
use hexforge_rules::core::verify::neighbour_table_csv;
use hexforge_rules::play::descriptor::printed;
use rayon::prelude::*;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// The parts `generate` can make; all of them by default: the data tables, what each game
/// is printed on (one part per [`hexforge_rules::play::descriptor::Printed`] the games
/// declare), the rulebooks and the puzzle book.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(into = "&str")]
/// What each one is: [`Part::about`].
pub enum Part {
    Data,
    /// A game's printed part, by its key (`changing-lines`, `zhi-pai`…).
    Printed(&'static str),
    Rulebooks,
    Puzzles,
}

impl From<Part> for &'static str {
    fn from(part: Part) -> &'static str {
        part.key()
    }
}

/// The printed parts, in the order the games declare them.
static PRINTED: std::sync::LazyLock<Vec<(Part, &'static str)>> = std::sync::LazyLock::new(|| {
    printed(&hexforge_rules::games()).into_iter().map(|p| (Part::Printed(p.key), p.about)).collect()
});

/// Every part, in the order `generate` makes them.
static ALL: std::sync::LazyLock<Vec<Part>> = std::sync::LazyLock::new(|| {
    let mut all = vec![Part::Data];
    all.extend(PRINTED.iter().map(|(part, _)| *part));
    all.extend([Part::Rulebooks, Part::Puzzles]);
    all
});

impl Part {
    /// Every part, in the order `generate` makes them.
    pub fn all() -> &'static [Part] {
        &ALL
    }

    /// The part named `key` (`data`, `changing-lines`, `rulebooks`…).
    pub fn named(key: &str) -> Option<Part> {
        Part::all().iter().copied().find(|p| p.key() == key)
    }

    /// The name on the command line and in `--only`: `data`, `changing-lines`, …
    pub fn key(self) -> &'static str {
        match self {
            Part::Data => "data",
            Part::Printed(key) => key,
            Part::Rulebooks => "rulebooks",
            Part::Puzzles => "puzzles",
        }
    }

    /// One line saying what the part holds, for `--help`.
    pub fn about(self) -> &'static str {
        match self {
            Part::Data => "hexagrams.json and neighbours.csv",
            Part::Printed(key) => PRINTED.iter().find(|(p, _)| p.key() == key).map_or("", |(_, about)| about),
            Part::Rulebooks => "one PDF rulebook per game, A4 and Letter editions",
            Part::Puzzles => {
                "the puzzle book: 30 Pathways ladders, 30 Zhi Pai deals and 30 solitaire deals, A4 and Letter"
            }
        }
    }
}

/// What to make and where.
#[derive(Debug, Clone)]
pub struct GenerateOptions {
    /// The output folder (default `output`).
    pub out: PathBuf,
    /// How every game prints (resolution, language, print profiles).
    pub print: PrintOptions,
    /// The parts to make (default: all).
    pub parts: Vec<Part>,
}

impl Default for GenerateOptions {
    fn default() -> Self {
        GenerateOptions { out: PathBuf::from("output"), print: PrintOptions::default(), parts: Part::all().to_vec() }
    }
}

impl Part {
    /// The game this part prints, if it is a game's.
    pub fn game(self) -> Option<&'static dyn PrintedGame> {
        games::by_key(self.key())
    }
}

/// Why `generate` stopped.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    /// The output folder cannot be used or a file cannot be written.
    #[error("cannot write into the output folder: {0}")]
    Output(#[from] OutputError),
    /// A game's print files could not be made.
    #[error("cannot make {game}: {source}")]
    Game {
        /// The game's key.
        game: &'static str,
        /// What failed.
        #[source]
        source: ArtError,
    },
    /// A game wrote other files than it lists: a bug, refused so the list stays the truth.
    #[error("{game} wrote files it does not list ({extra:?}) or listed files it did not write ({missing:?})")]
    Unlisted {
        /// The game's key.
        game: &'static str,
        /// Written but not listed.
        extra: Vec<String>,
        /// Listed but not written.
        missing: Vec<String>,
    },
    /// The hexagram table could not be written as JSON.
    #[error("cannot write the hexagram table: {0}")]
    Data(#[source] serde_json::Error),
    /// The rulebooks could not be made.
    #[error("cannot make the rulebooks: {0}")]
    Rulebook(#[from] RulebookError),
    /// A file the run wrote breaks a rule of the shop it is made for (`hexforge preflight`).
    #[error("preflight: {path} fails the {shop} rule `{rule}`: {detail}")]
    Preflight {
        /// The file, relative to the output folder.
        path: String,
        /// The shop, by name.
        shop: &'static str,
        /// The rule's key.
        rule: &'static str,
        /// What is wrong and what to change.
        detail: String,
    },
    /// A file the run wrote could not be read back for its preflight.
    #[error("preflight: {path}: {source}")]
    PreflightRead {
        /// The file, relative to the output folder.
        path: String,
        /// Why.
        #[source]
        source: PreflightError,
    },
}

/// Makes every requested part and writes the manifest. Returns what was written.
/// `progress(part, done, total)` is called as each part starts (`done` parts finished so
/// far) and once at the end.
///
/// The parts are independent and made in two lanes ([`books_first`]): the typeset books,
/// one typst compile after another on a thread of their own (60–100 MB each); beside them,
/// on every core at a lower priority, the boards, pieces and data, then the card decks
/// ([`Lane`]). Each deck renders its faces and sheets in parallel, so it takes the core
/// the books leave idle while they are made and every core once they are done. Files are
/// written as they are ready, each checked against its shop's rules from its bytes as it is
/// written ([`Output::check_each`]), and the manifest, sorted, is written last, so runs
/// stay byte-identical.
pub fn generate(
    options: &GenerateOptions,
    progress: &(dyn Fn(&str, usize, usize) + Sync),
) -> Result<Vec<ManifestEntry>, GenerateError> {
    let out = Output::create(&options.out)?;
    // Every file made for a shop is checked against that shop's rules from its bytes, on
    // the thread that made it, as it is written: beside the other parts, not read back
    // after them. The failures are told in path order once the parts are made.
    let failures: Arc<Mutex<Vec<GenerateError>>> = Arc::default();
    out.check_each(preflight_check(options, Arc::clone(&failures)));
    let parts: Vec<Part> = Part::all().iter().copied().filter(|p| options.parts.contains(p)).collect();
    let done = AtomicUsize::new(0);
    let make = |part: &Part| {
        progress(part.key(), done.load(Ordering::Relaxed), parts.len());
        write_part(&out, *part, options)?;
        done.fetch_add(1, Ordering::Relaxed);
        Ok::<(), GenerateError>(())
    };
    let of = |wanted: &[Part]| parts.iter().filter(|p| wanted.contains(p)).collect::<Vec<_>>();
    // Two lanes: the typeset books one after another; beside them the boards, pieces and
    // data, then the decks, drawn on every core the books leave idle.
    let lane = |wanted: Lane| parts.iter().filter(move |p| p.game().is_some_and(|g| g.lane() == wanted));
    let typeset: Vec<&Part> = of(&[Part::Rulebooks, Part::Puzzles]);
    let boards: Vec<&Part> = of(&[Part::Data]).into_iter().chain(lane(Lane::Drawn)).collect();
    let deck: Vec<&Part> = lane(Lane::Deck).collect();
    let (typeset, drawn) = books_first(
        boards.is_empty() && deck.is_empty(),
        || typeset.iter().try_for_each(|p| make(p)),
        || {
            boards.par_iter().try_for_each(|p| make(p))?;
            deck.iter().try_for_each(|p| make(p))
        },
    );
    typeset?;
    drawn?;
    for (paper, file) in alignment_tests(options) {
        let duplex = Duplex { edge: options.print.duplex, back_offset: options.print.back_offset };
        let pdf = crate::cards::layouts::alignment_test_pdf(paper, duplex)
            .map_err(|e| GenerateError::Game { game: "cards", source: ArtError::Cards(e.into()) })?;
        out.write(&file.path, &file.kind, &pdf)?;
    }
    progress("preflight", parts.len(), parts.len());
    let mut failures = std::mem::take(&mut *failures.lock().unwrap_or_else(|p| p.into_inner()));
    failures.sort_by(|a, b| failure_path(a).cmp(failure_path(b)));
    if let Some(first) = failures.into_iter().next() {
        return Err(first);
    }
    // Last, so it lists every file the run wrote (the manifest lists it in turn).
    out.write(crate::index::PATH, crate::index::KIND, crate::index::readme(&out.entries(), &options.print).as_bytes())?;
    progress("done", parts.len(), parts.len());
    Ok(out.finish()?)
}

/// Runs `books` and `drawing` at the same time, each in a thread pool of its own: the
/// books on one thread (on every core when `books_alone`, nothing being drawn), the
/// drawing on a thread per core at a lower priority ([`yield_to_the_books`]).
///
/// The books are typeset one typst compile after another, each mostly on one core: they are
/// the run's longest chain. Drawing at a lower priority takes only the cores the books
/// leave idle, and every core once they are done. A pool of their own also keeps the books'
/// thread from drawing cards: typst and krilla wait for a value computed in the background
/// with `rayon::yield_now`, which runs whatever job of the waiting thread's pool is queued
/// until none is. In one shared pool that was the decks' faces, so the books finished
/// last, alone on one core. (A second books thread, for krilla's compression in the
/// background, cost 3 % more CPU and gained no time: docs/performance.md, Generate.)
fn books_first<A: Send, B: Send>(
    books_alone: bool,
    books: impl FnOnce() -> A + Send,
    drawing: impl FnOnce() -> B + Send,
) -> (A, B) {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let pool = |name: &'static str, threads: usize, start: fn()| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(move |i| format!("{name}-{i}"))
            .start_handler(move |_| start())
            .build()
    };
    let books_threads = if books_alone { cores } else { 1 };
    match (pool("books", books_threads, || {}), pool("drawing", cores, yield_to_the_books)) {
        (Ok(books_pool), Ok(drawing_pool)) => std::thread::scope(|s| {
            let books = s.spawn(|| books_pool.install(books));
            let drawing = drawing_pool.install(drawing);
            (books.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)), drawing)
        }),
        // The system would not start the threads: both lanes in the shared pool.
        _ => rayon::join(books, drawing),
    }
}

/// Lowers the calling thread's priority by ten steps of niceness (to 19 at most), so that
/// it runs on the cores the books' threads leave idle. Linux only, where a thread's id
/// names that thread alone (elsewhere it would lower the whole process). If the system
/// refuses, the thread keeps its priority: the run is the same, only its timing differs.
#[cfg(target_os = "linux")]
fn yield_to_the_books() {
    use rustix::process::{getpriority_process, setpriority_process};
    let this_thread = Some(rustix::thread::gettid());
    if let Ok(nice) = getpriority_process(this_thread) {
        let _ = setpriority_process(this_thread, (nice + 10).min(19));
    }
}

#[cfg(not(target_os = "linux"))]
fn yield_to_the_books() {}

/// The shop a file the run wrote is made for: the decks' files for DriveThruCards, The Game
/// Crafter, MakePlayingCards and Tabletop Simulator by their kind
/// ([`crate::cards::export::shop_of_kind`]), and every other PDF on A4 or Letter but the
/// books (`books`: rulebooks and the puzzle book, typeset with wide margins) for the home
/// printer.
pub fn preflight_shop(entry: &ManifestEntry, books: &[String]) -> Option<Shop> {
    shop_of(&entry.path, &entry.kind, books)
}

/// [`preflight_shop`] of a file by its path and kind.
fn shop_of(path: &str, kind: &str, books: &[String]) -> Option<Shop> {
    if let Some(shop) = crate::cards::export::shop_of_kind(kind) {
        return Some(shop);
    }
    let home_paper = crate::index::paper_of(path).is_some_and(|(p, _)| Paper::HOME.contains(&p));
    (home_paper && !books.iter().any(|b| b == path)).then_some(Shop::Home)
}

/// The books of a run (rulebooks and the puzzle book), which no shop's rule is for.
fn run_books(options: &GenerateOptions) -> Vec<String> {
    Part::all().iter().flat_map(|&p| books_of(p, options)).collect()
}

/// The check [`generate`] runs on each file as it is written ([`Output::check_each`]):
/// [`preflight`]'s, on the bytes in memory, each failure added to `failures`.
fn preflight_check(options: &GenerateOptions, failures: Arc<Mutex<Vec<GenerateError>>>) -> crate::print::output::Check {
    let books = run_books(options);
    let offset = options.print.back_offset;
    let drift = offset.x.abs().max(offset.y.abs());
    Arc::new(move |path: &str, kind: &str, bytes: &[u8]| {
        let Some(shop) = shop_of(path, kind, &books) else { return };
        if let Err(e) = check_bytes(path, bytes, shop, drift) {
            failures.lock().unwrap_or_else(|p| p.into_inner()).push(e);
        }
    })
}

/// The file a preflight failure names.
fn failure_path(e: &GenerateError) -> &str {
    match e {
        GenerateError::Preflight { path, .. } | GenerateError::PreflightRead { path, .. } => path,
        _ => "",
    }
}

/// Checks the bytes of the file at `path` (relative to the output folder) against `shop`.
fn check_bytes(path: &str, bytes: &[u8], shop: Shop, drift: f32) -> Result<(), GenerateError> {
    let report = preflight::check_allowing(bytes, shop, drift)
        .map_err(|source| GenerateError::PreflightRead { path: path.to_string(), source })?;
    match report.failures().next() {
        Some(v) => Err(GenerateError::Preflight {
            path: path.to_string(),
            shop: shop.name(),
            rule: v.rule,
            detail: v.detail.clone(),
        }),
        None => Ok(()),
    }
}

/// Checks every file of `entries` (under `root`) that is made for a shop
/// ([`preflight_shop`]) against that shop's requirements, reading each back (the checks
/// [`generate`] runs on each file's bytes as it writes it); the first file in path order
/// that breaks a rule stops the run, named with the rule. A `--back-offset` narrows the home margin by its largest component
/// ([`preflight::check_allowing`]).
pub fn preflight(root: &Path, entries: &[ManifestEntry], options: &GenerateOptions) -> Result<(), GenerateError> {
    let books = run_books(options);
    let offset = options.print.back_offset;
    let drift = offset.x.abs().max(offset.y.abs());
    let targets: Vec<(&ManifestEntry, Shop)> =
        entries.iter().filter_map(|e| preflight_shop(e, &books).map(|shop| (e, shop))).collect();
    let results: Vec<Result<(), GenerateError>> = targets
        .par_iter()
        .map(|(entry, shop)| {
            let bytes = std::fs::read(root.join(&entry.path)).map_err(|source| GenerateError::PreflightRead {
                path: entry.path.clone(),
                source: PreflightError::Io { path: root.join(&entry.path).display().to_string(), source },
            })?;
            check_bytes(&entry.path, &bytes, *shop, drift)
        })
        .collect();
    results.into_iter().collect()
}

/// Makes one part.
fn write_part(out: &Output, part: Part, options: &GenerateOptions) -> Result<(), GenerateError> {
    match (part, part.game()) {
        (Part::Data, _) => write_data(out),
        (Part::Rulebooks, _) => Ok(rulebook::write_rulebooks(out, &books(options)?)?),
        (Part::Puzzles, _) => Ok(rulebook::puzzle_book::write(out, options.print.base_url)?),
        (_, Some(game)) => write_game(out, game, &options.print),
        (_, None) => unreachable!("every part but data and rulebooks is a game"),
    }
}

/// The duplex alignment test, `alignment-test-a4.pdf` and `alignment-test-letter.pdf`
/// in the output folder: made with the card decks' two-sided home sheets.
pub fn alignment_test_files(options: &GenerateOptions) -> Vec<crate::print::plan::PrintFile> {
    alignment_tests(options).into_iter().map(|(_, file)| file).collect()
}

/// [`alignment_test_files`], each with its paper.
fn alignment_tests(options: &GenerateOptions) -> Vec<(Paper, crate::print::plan::PrintFile)> {
    let print = &options.print;
    let decks = options.parts.iter().any(|p| games::decks::ALL.iter().any(|deck| deck.slug() == p.key()));
    if !(decks && print.profiles.home && (print.layouts.duplex || print.layouts.cut)) {
        return Vec::new();
    }
    Paper::HOME.map(|paper| (paper, crate::cards::layouts::alignment_test_file(paper))).to_vec()
}

/// The languages `game`'s rulebooks are made in for a run in `lang`: `lang` where the game
/// has that edition (with English beside it, for a Chinese run: [`rulebook::data::beside_english`]),
/// English otherwise.
fn book_langs(game: &dyn PrintedGame, lang: Lang) -> Vec<Lang> {
    match game.rulebook_langs().contains(&lang) {
        false => vec![Lang::En],
        true if lang != Lang::En && rulebook::data::beside_english(lang) => vec![Lang::En, lang],
        true => vec![lang],
    }
}

/// The books `part` writes: every rulebook edition, or the puzzle book, on both papers.
fn books_of(part: Part, options: &GenerateOptions) -> Vec<String> {
    match part {
        Part::Rulebooks => games::all()
            .iter()
            .flat_map(|game| book_langs(*game, options.print.lang).into_iter().map(|lang| (game.key(), lang)))
            .flat_map(|(key, lang)| {
                let edition = rulebook::edition_name(key, lang);
                Paper::HOME.map(|paper| rulebook::output_path(&edition, paper))
            })
            .collect(),
        Part::Puzzles => Paper::HOME.map(rulebook::puzzle_book::output_path).to_vec(),
        _ => Vec::new(),
    }
}

/// Every file the run writes, by path: the parts' files as each lists them (a game that
/// writes others stops the run, [`write_game`]), the alignment test and the index. The
/// parts are made at the same time, so the rulebooks, which name the files to print,
/// learn them from here rather than from what is on disk when they are made.
pub fn run_files(options: &GenerateOptions) -> Vec<String> {
    let mut files = Vec::new();
    for part in options.parts.iter().copied().filter(|p| Part::all().contains(p)) {
        match (part, part.game()) {
            (Part::Data, _) => files.extend(["hexagrams.json".to_string(), "neighbours.csv".to_string()]),
            (Part::Rulebooks | Part::Puzzles, _) => files.extend(books_of(part, options)),
            (_, Some(game)) => files.extend(game.files(&options.print).into_iter().map(|f| f.path)),
            (_, None) => unreachable!("every part but data, rulebooks and puzzles is a game"),
        }
    }
    files.extend(alignment_test_files(options).into_iter().map(|f| f.path));
    files.push(crate::index::PATH.to_string());
    files.sort();
    files.dedup();
    files
}

/// Every game's rulebook, ready for the engine: in the run's language where the game has
/// that edition, in English otherwise ([`book_langs`]). Each book is told the files of its
/// game's folder and of the top of the output folder that this run writes (`written` in
/// its data), so it names only those.
pub fn books(options: &GenerateOptions) -> Result<Vec<rulebook::Book>, GenerateError> {
    let files = run_files(options);
    games::all()
        .iter()
        .flat_map(|g| book_langs(*g, options.print.lang).into_iter().map(move |lang| (*g, lang)))
        .map(|(g, lang)| {
            let mut book = g.book_in(lang).map_err(|source| GenerateError::Game { game: g.key(), source })?;
            let folder = format!("{}/", g.key());
            let own: Vec<&String> = files.iter().filter(|f| f.starts_with(&folder) || !f.contains('/')).collect();
            book.data["written"] = serde_json::json!(own);
            Ok(book)
        })
        .collect()
}

/// Has `game` write its files, and checks they are exactly the ones it lists. The game
/// writes through a scope of the run's output, so the files other parts write meanwhile
/// are not counted as its own.
fn write_game(out: &Output, game: &dyn PrintedGame, print: &PrintOptions) -> Result<(), GenerateError> {
    let scope = out.scope();
    game.generate(&scope, print).map_err(|source| GenerateError::Game { game: game.key(), source })?;
    let written: std::collections::BTreeSet<String> = scope.written().into_iter().collect();
    let listed: std::collections::BTreeSet<String> = game.files(print).into_iter().map(|f| f.path).collect();
    if written != listed {
        return Err(GenerateError::Unlisted {
            game: game.key(),
            extra: written.difference(&listed).cloned().collect(),
            missing: listed.difference(&written).cloned().collect(),
        });
    }
    Ok(())
}

/// The core's tables, for people who check a deck by other means.
fn write_data(out: &Output) -> Result<(), GenerateError> {
    let json = serde_json::to_string_pretty(&all_hexagrams()).map_err(GenerateError::Data)?;
    out.write("hexagrams.json", "data", format!("{json}\n").as_bytes())?;
    out.write("neighbours.csv", "data", neighbour_table_csv().as_bytes())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_file_for_a_shop_is_checked_from_its_bytes_as_it_is_written() {
        let dir = std::env::temp_dir().join(format!("hexforge-check-each-{}", std::process::id()));
        let out = Output::create(&dir).expect("the folder is made");
        let failures: Arc<Mutex<Vec<GenerateError>>> = Arc::default();
        out.check_each(preflight_check(&GenerateOptions::default(), Arc::clone(&failures)));
        // Written through a scope, as the games write: a Tabletop Simulator sheet that is
        // no PNG at all, then a home sheet that is no PDF; a file for no shop is not checked.
        let scope = out.scope();
        scope.write("zhi-pai/tts-back.png", "tts-sheet", b"not a png").expect("written");
        scope.write("liubo/pieces-a4.pdf", "sheet-pdf", b"not a pdf").expect("written");
        out.write("hexagrams.json", "data", b"[]").expect("written");
        let mut found: Vec<String> = failures.lock().unwrap().iter().map(ToString::to_string).collect();
        found.sort();
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found[0].starts_with("preflight: liubo/pieces-a4.pdf:") && found[0].contains("PDF"), "{found:?}");
        assert!(found[1].starts_with("preflight: zhi-pai/tts-back.png:") && found[1].contains("PNG"), "{found:?}");
        // The files are written all the same, for the user to look at.
        assert_eq!(std::fs::read(dir.join("zhi-pai/tts-back.png")).expect("on disk"), b"not a png");
        std::fs::remove_dir_all(&dir).expect("removed");
    }

    /// The books' lane and the drawing lane each run in a pool of their own, so a wait in
    /// typst or krilla never runs a card's drawing on the books' thread.
    #[test]
    fn each_lane_runs_in_a_pool_of_its_own() {
        let name = || std::thread::current().name().unwrap_or_default().to_string();
        let drawn_on = || (0..64).into_par_iter().map(|_| name()).collect::<std::collections::BTreeSet<_>>();
        let ((books, books_jobs), (drawing, drawing_jobs)) =
            books_first(false, || (name(), drawn_on()), || (name(), drawn_on()));
        assert_eq!(books, "books-0");
        assert_eq!(books_jobs, ["books-0".to_string()].into(), "one thread for the books beside the drawing");
        assert!(drawing_jobs.iter().all(|n| n.starts_with("drawing-")), "{drawing_jobs:?}");
        // Each lane's own closure runs in its pool too.
        assert!(drawing.starts_with("drawing-"), "{drawing}");
        // With nothing to draw, the books have every core.
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
        assert_eq!(books_first(true, rayon::current_num_threads, || ()).0, cores);
        assert_eq!(books_first(false, rayon::current_num_threads, || ()).0, 1);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_drawing_threads_run_below_the_books_threads() {
        let nice = || rustix::process::getpriority_process(Some(rustix::thread::gettid())).expect("its own priority");
        let (books, drawing) = books_first(false, nice, || rayon::join(nice, nice));
        // (A process already at the lowest priority, 19, has nothing below it.)
        assert!(books == 19 || (drawing.0 > books && drawing.1 > books), "books at {books}, drawing at {drawing:?}");
    }

    #[test]
    fn every_game_is_a_part_and_every_part_but_two_is_a_game() {
        for game in games::all() {
            assert!(Part::all().iter().any(|p| p.key() == game.key()), "{} is not a part", game.key());
        }
        for part in Part::all() {
            let is_game = part.game().is_some();
            assert_eq!(is_game, !matches!(part, Part::Data | Part::Rulebooks | Part::Puzzles), "{part:?}");
        }
    }
}
