//! The results store: every checked answer to a puzzle, kept so that a puzzle's page can
//! say how everyone else did and how hard the puzzle turned out to be.
//!
//! Three parts, from the request outwards:
//! - [`limiter`]: at most so many records per client and minute (a token bucket per
//!   address), so that one script cannot skew a puzzle's figures;
//! - [`recorder`]: a bounded queue that the request path only ever `try_send`s to, and
//!   a writer task that empties it in batches, and keeps a batch while the database is
//!   away (a full queue drops the record, counted); the check is answered once its
//!   record is written (or after [`recorder::CONFIRM_WAIT`]), so a crash loses no answer
//!   given while the database keeps up;
//! - [`store`]: the database, SQLite (embedded, the default) or PostgreSQL, with one set
//!   of migrations and queries through sqlx's `Any` driver.
//!
//! What a record holds is [`Record`]: the puzzle, the time, the verdict's state, its
//! length or score and its distance from the optimum. Nothing about the client: no
//! address, no account, no cookie (the address is only used in memory, by the limiter).

pub mod limiter;
pub mod recorder;
pub mod store;

pub use limiter::{RecordLimiter, RecordRate};
pub use recorder::{Recorder, RecorderCounters, Writer, WriterHandle};
pub use store::{ResultStore, StoreError};

use crate::api::State;
use crate::api::puzzles::{Counts, PuzzleCheck};
use hexforge_rules::puzzles::PuzzleId;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// The `--database` default: an SQLite file in the working directory.
pub const DEFAULT_DATABASE: &str = "sqlite://hexforge.sqlite3";

/// Solved answers needed before a puzzle's difficulty is measured; below, it is `null`.
pub const MIN_SOLVED_FOR_DIFFICULTY: u64 = 10;

/// Where results are kept: the value of `--database`.
#[derive(Clone, PartialEq, Eq)]
pub enum Database {
    /// `sqlite://PATH` (or `sqlite:PATH`): an SQLite file, created if missing. The URL
    /// as sqlx reads it, with `mode=rwc` added unless a mode is given.
    Sqlite(String),
    /// `postgres://…` or `postgresql://…`: a PostgreSQL server, as libpq URLs name it.
    Postgres(String),
    /// `none`: nothing is recorded and the stats route answers 503.
    None,
}

impl Database {
    /// The SQLite file at `path`, whatever characters its name holds.
    pub fn sqlite_file(path: &std::path::Path) -> Database {
        // sqlx percent-decodes the file name, so these three must be encoded.
        let name = path.to_string_lossy().replace('%', "%25").replace('?', "%3F").replace('#', "%23");
        Database::Sqlite(format!("sqlite://{name}?mode=rwc"))
    }

    /// The URL without its password, for logs and errors.
    pub fn redacted(&self) -> String {
        match self {
            Database::Sqlite(url) => url.clone(),
            Database::Postgres(url) => redact_password(url),
            Database::None => "none".to_string(),
        }
    }
}

/// `postgres://user:secret@host/db` → `postgres://user:***@host/db`.
fn redact_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else { return url.to_string() };
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(authority_end);
    match authority.rsplit_once('@') {
        Some((user_info, host)) => match user_info.split_once(':') {
            Some((user, _)) => format!("{scheme}://{user}:***@{host}{tail}"),
            None => url.to_string(),
        },
        None => url.to_string(),
    }
}

impl fmt::Debug for Database {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.redacted())
    }
}

impl fmt::Display for Database {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.redacted())
    }
}

/// Why a `--database` value was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{given:?} is not a database; expected sqlite://PATH, postgres://USER@HOST[:PORT]/NAME or none ({why})")]
pub struct DatabaseError {
    given: String,
    why: &'static str,
}

impl FromStr for Database {
    type Err = DatabaseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = |why| DatabaseError { given: redact_password(text), why };
        if text == "none" {
            return Ok(Database::None);
        }
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            let rest = text.split_once("://").map_or("", |(_, rest)| rest);
            if rest.is_empty() || rest.starts_with(['/', '?']) && !rest.contains("host=") {
                return Err(bad("no host"));
            }
            return Ok(Database::Postgres(text.to_string()));
        }
        let Some(rest) = text.strip_prefix("sqlite://").or_else(|| text.strip_prefix("sqlite:")) else {
            return Err(bad("unknown scheme"));
        };
        let (path, params) = rest.split_once('?').unwrap_or((rest, ""));
        if path.is_empty() || path == ":memory:" {
            return Err(bad("an SQLite database needs a file name; results in memory would not last"));
        }
        let has_mode = params.split('&').any(|p| p.starts_with("mode="));
        let url = match (params.is_empty(), has_mode) {
            (true, _) => format!("sqlite://{path}?mode=rwc"),
            (false, false) => format!("sqlite://{path}?{params}&mode=rwc"),
            (false, true) => format!("sqlite://{path}?{params}"),
        };
        Ok(Database::Sqlite(url))
    }
}

/// One checked answer, as stored: nothing about who sent it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The canonical id (`pathways-2026-11-25`, `zhipai-12`).
    pub puzzle_id: String,
    /// When it was checked, Unix milliseconds.
    pub checked_at: i64,
    pub state: State,
    pub valid: bool,
    /// Cards laid (a ladder: the start included; a deal: the sequence, both starts
    /// included; a solitaire deal: the pile cards laid on the centre).
    pub length: i64,
    /// A finished deal's solo score; a cleared solitaire deal's stock cards turned.
    pub score: Option<i64>,
    /// Cards, points or stock cards beyond the optimum, once solved.
    pub distance: Option<i64>,
}

impl Record {
    /// The record of `verdict` on `id`, checked at `checked_at` (Unix milliseconds).
    pub fn of(id: &PuzzleId, verdict: &PuzzleCheck, checked_at: i64) -> Record {
        let wide = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        let (state, valid, length, score, distance) = match verdict {
            PuzzleCheck::Ladder(c) => (c.state, c.valid, wide(c.length), None, c.distance.map(wide)),
            PuzzleCheck::Deal(c) => {
                (c.state, c.valid, wide(c.length), c.score.map(i64::from), c.distance.map(i64::from))
            }
            // A solitaire deal: the pile cards laid, and once cleared the stock cards turned.
            PuzzleCheck::Solitaire(c) => {
                (c.state, c.valid, wide(c.laid), c.finished.then(|| wide(c.turned)), c.distance.map(wide))
            }
        };
        Record { puzzle_id: id.to_string(), checked_at, state, valid, length, score, distance }
    }

    /// The state as stored: `solved`, `unfinished` or `broken`.
    pub fn state_name(&self) -> &'static str {
        match self.state {
            State::Solved => "solved",
            State::Unfinished => "unfinished",
            State::Broken => "broken",
        }
    }
}

/// A puzzle's difficulty measured from players' results, between 0 (everyone finds the
/// best answer) and 1 (nobody does): the share of solved answers that missed the
/// optimum, with Laplace's rule of succession, `(solved − optimal + 1) / (solved + 2)`,
/// so that a handful of answers does not give 0 or 1. `None` while fewer than
/// [`MIN_SOLVED_FOR_DIFFICULTY`] answers solved it. Rounded to two decimals.
///
/// The page stops a game at its first solved answer, so solved answers are first
/// finishes; the rate limit keeps one client from adding many.
pub fn measured_difficulty(counts: &Counts) -> Option<f64> {
    if counts.solved < MIN_SOLVED_FOR_DIFFICULTY {
        return None;
    }
    let missed = counts.solved.saturating_sub(counts.optimal) as f64;
    let rate = (missed + 1.0) / (counts.solved as f64 + 2.0);
    Some((rate * 100.0).round() / 100.0)
}

/// `GET /api/puzzles/{id}/stats`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PuzzleStats {
    pub id: String,
    pub attempts: u64,
    pub solved: u64,
    pub optimal: u64,
    /// Solved answers by distance from the optimum (keys are distances, as text).
    pub distribution: BTreeMap<u64, u64>,
    /// See [`measured_difficulty`]; `null` until enough answers.
    pub measured_difficulty: Option<f64>,
    /// The generator's estimate, from the puzzle's shape: the puzzle's `difficulty`.
    pub estimated_difficulty: serde_json::Value,
}

impl PuzzleStats {
    pub fn new(id: &PuzzleId, counts: Counts) -> PuzzleStats {
        let estimated_difficulty = match crate::api::puzzles::show(id, false) {
            crate::api::puzzles::PuzzleView::Ladder(l) => serde_json::to_value(l.difficulty),
            crate::api::puzzles::PuzzleView::Deal(d) => serde_json::to_value(d.difficulty),
            crate::api::puzzles::PuzzleView::Solitaire(d) => serde_json::to_value(d.difficulty),
        }
        .unwrap_or(serde_json::Value::Null);
        PuzzleStats {
            id: id.to_string(),
            measured_difficulty: measured_difficulty(&counts),
            attempts: counts.attempts,
            solved: counts.solved,
            optimal: counts.optimal,
            distribution: counts.distribution,
            estimated_difficulty,
        }
    }
}

/// Everything the service needs to record and read results; cheap to clone.
#[derive(Clone)]
pub struct Results {
    pub store: ResultStore,
    pub recorder: Recorder,
    pub limiter: Arc<RecordLimiter>,
}

impl Results {
    /// Opens `database` and starts the writer on the current Tokio runtime, with a
    /// queue of `queue` records. `None` for [`Database::None`]. Stop with
    /// [`WriterHandle::finish`], then [`ResultStore::close`].
    ///
    /// An SQLite file is opened (created and migrated) here, and one that cannot be is
    /// an error: it is this machine's configuration. A PostgreSQL server is only named
    /// here (a URL that cannot name one is an error); the writer connects and migrates
    /// in the background, again and again while the server is away, and the service
    /// answers meanwhile ([`ResultStore::is_connected`] says when it is there).
    pub async fn start(
        database: &Database,
        rate: RecordRate,
        queue: usize,
    ) -> Result<Option<(Results, WriterHandle)>, StoreError> {
        let store = match database {
            Database::Postgres(_) => ResultStore::lazy(database)?,
            _ => ResultStore::open(database).await?,
        };
        let Some(store) = store else { return Ok(None) };
        let (recorder, writer) = Recorder::new(store.clone(), database, queue);
        let results = Results { store, recorder, limiter: Arc::new(RecordLimiter::new(rate)) };
        Ok(Some((results, writer.spawn())))
    }

    /// Records what `record` makes unless `client` is over its rate (then nothing is made),
    /// and waits until it is written: at most [`recorder::CONFIRM_WAIT`], and not at all
    /// while the database is away or when the queue is full. A record answered unwritten
    /// is counted in `unconfirmed` (a full queue's in `dropped`).
    pub async fn record(&self, client: Option<std::net::IpAddr>, record: impl FnOnce() -> Record) {
        use std::sync::atomic::Ordering::Relaxed;
        if !self.limiter.allow(client) {
            self.recorder.counters().rate_limited.fetch_add(1, Relaxed);
            return;
        }
        let written = self.recorder.record(record());
        if !written.queued() {
            return;
        }
        let wait = if self.store.is_connected() { recorder::CONFIRM_WAIT } else { std::time::Duration::ZERO };
        if !written.wait(wait).await {
            self.recorder.counters().unconfirmed.fetch_add(1, Relaxed);
        }
    }
}

/// Now, in Unix milliseconds.
pub fn now_millis() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn database_urls_are_read_and_bad_ones_named() {
        let cases = [
            ("sqlite://hexforge.sqlite3", Database::Sqlite("sqlite://hexforge.sqlite3?mode=rwc".into())),
            ("sqlite:/tmp/r.db", Database::Sqlite("sqlite:///tmp/r.db?mode=rwc".into())),
            ("sqlite://r.db?mode=ro", Database::Sqlite("sqlite://r.db?mode=ro".into())),
            ("sqlite://r.db?cache=private", Database::Sqlite("sqlite://r.db?cache=private&mode=rwc".into())),
            ("postgres://u@localhost:5433/h", Database::Postgres("postgres://u@localhost:5433/h".into())),
            ("postgresql://u@h/x", Database::Postgres("postgresql://u@h/x".into())),
            ("postgres:///h?host=/tmp", Database::Postgres("postgres:///h?host=/tmp".into())),
            ("none", Database::None),
        ];
        for (text, expected) in cases {
            assert_eq!(text.parse::<Database>(), Ok(expected), "{text}");
        }
        for (bad, why) in [
            ("mysql://u@h/x", "unknown scheme"),
            ("hexforge.sqlite3", "unknown scheme"),
            ("sqlite://", "file name"),
            ("sqlite::memory:", "file name"),
            ("postgres://", "no host"),
            ("", "unknown scheme"),
        ] {
            let err = bad.parse::<Database>().unwrap_err().to_string();
            assert!(err.contains(&format!("{bad:?}")) && err.contains(why) && err.contains("sqlite://PATH"), "{err}");
        }
    }

    #[test]
    fn passwords_stay_out_of_messages() {
        let db: Database = "postgres://hex:s3cret@db.example:5432/hexforge".parse().unwrap();
        assert_eq!(db.to_string(), "postgres://hex:***@db.example:5432/hexforge");
        let err = "pg://hex:s3cret@h/x".parse::<Database>().unwrap_err().to_string();
        assert!(!err.contains("s3cret"), "{err}");
    }

    #[test]
    fn sqlite_file_names_with_url_characters_survive() {
        let db = Database::sqlite_file(std::path::Path::new("/tmp/a?b#c%d.db"));
        assert_eq!(db, Database::Sqlite("sqlite:///tmp/a%3Fb%23c%25d.db?mode=rwc".into()));
    }

    #[test]
    fn difficulty_waits_for_enough_answers_and_stays_inside_0_and_1() {
        let counts = |solved, optimal| Counts { attempts: solved * 3, solved, optimal, ..Counts::default() };
        let cases = [
            (0, 0, None),
            (9, 0, None),
            (10, 10, Some(0.08)),
            (10, 0, Some(0.92)),
            (100, 41, Some(0.59)),
            (1000, 500, Some(0.5)),
        ];
        for (solved, optimal, expected) in cases {
            assert_eq!(measured_difficulty(&counts(solved, optimal)), expected, "{solved} solved, {optimal} optimal");
        }
    }
}
