//! The results store against real databases, through the real server on a loopback port:
//! SQLite in a scratch folder always; PostgreSQL when `HEXFORGE_TEST_POSTGRES` holds a
//! URL (`postgres://USER@HOST:PORT/NAME`). Without it the PostgreSQL tests say they
//! skipped, except in CI (`CI=true`), where `.ci/run` starts a throwaway cluster and a
//! missing URL fails them.
//!
//! A PostgreSQL database may hold results from earlier runs, so those tests compare the
//! counts before and after, on a puzzle picked for the run.

use hexforge::api::puzzles::{Answer, PuzzleCheck, PuzzleView};
use hexforge::core::card::{Card, Orientation};
use hexforge::core::hexagram::Hexagram;
use hexforge::games::changing_lines::pathways::Laid;
use hexforge::http::AppState;
use hexforge::results::{Database, RecordRate, Recorder, ResultStore, Results};
use serde_json::{Value, json};
use std::io::Write;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

mod live_server;
mod temp_dir;
use live_server::{AfterStop, LiveServer};
use temp_dir::TempDir;

/// How long the writer may take to make a record visible before a test gives up.
const WRITE_WAIT: Duration = Duration::from_secs(15);

/// `hexforge serve` with a results store, on a thread of its own; stopped (writing what
/// is queued) when dropped.
struct Server(LiveServer);

impl Server {
    fn start(database: &Database, rate: RecordRate) -> Server {
        let database = database.clone();
        let served = LiveServer::start(move || async move {
            let (results, writer) = match Results::start(&database, rate, 10_000).await {
                Ok(Some(started)) => started,
                Ok(None) => panic!("{database} is no store"),
                Err(e) => return Err(e.to_string()),
            };
            let store = results.store.clone();
            let after_stop: AfterStop = Box::pin(async move {
                writer.finish(Duration::from_secs(10)).await;
                store.close().await;
            });
            Ok((AppState::new("output").with_results(results), Some(after_stop)))
        });
        Server(served.expect("the store opens"))
    }

    /// Status and body of a request with an optional JSON body.
    fn request(&self, method: &str, path: &str, body: Option<&Value>) -> (u16, String) {
        self.0.request(method, path, &body.map(Value::to_string).unwrap_or_default())
    }

    fn check(&self, id: &str, answer: &Value) -> Value {
        let (status, body) = self.request("POST", &format!("/api/puzzles/{id}/check"), Some(answer));
        assert_eq!(status, 200, "{body}");
        serde_json::from_str(&body).unwrap()
    }

    fn stats(&self, id: &str) -> Value {
        let (status, body) = self.request("GET", &format!("/api/puzzles/{id}/stats"), None);
        assert_eq!(status, 200, "{body}");
        serde_json::from_str(&body).unwrap()
    }

    /// The stats once `attempts` answers are counted (the writer is not instantaneous).
    #[track_caller]
    fn stats_when(&self, id: &str, attempts: u64) -> Value {
        let start = Instant::now();
        loop {
            let stats = self.stats(id);
            if stats["attempts"] == attempts || start.elapsed() > WRITE_WAIT {
                assert_eq!(stats["attempts"], attempts, "{stats}");
                return stats;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// A counter's value from `/metrics`.
    fn metric(&self, name: &str) -> u64 {
        let (_, text) = self.request("GET", "/metrics", None);
        text.lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
            .unwrap_or_else(|| panic!("{name} is not in /metrics:\n{text}"))
    }
}

/// The answers one scenario posts to a ladder, and what they should add to its stats.
struct Answers {
    optimal: Value,
    detour: Value,
    unfinished: Value,
    broken: Value,
}

fn sequence(cards: &[Hexagram]) -> Value {
    json!({ "sequence": cards.iter().map(|h| json!({"card": h.number(), "orientation": "dark"})).collect::<Vec<_>>() })
}

/// The ladder `id`'s answer, a legal answer two cards longer, an unfinished start and a
/// broken one; each checked by the library first so that a wrong guess here fails loudly.
fn answers(id: &str) -> Answers {
    let puzzle_id = id.parse().unwrap();
    let PuzzleView::Ladder(ladder) = hexforge::api::puzzles::show(&puzzle_id, true) else { panic!("{id} is a ladder") };
    let solution = ladder.solution.clone().unwrap();
    let distance = |cards: &[Hexagram]| {
        let laid = cards.iter().map(|h| Laid::new(Card::from_number(h.number().into()).unwrap(), Orientation::Dark));
        match hexforge::api::puzzles::check(&puzzle_id, &Answer::Sequence(laid.collect())).unwrap() {
            PuzzleCheck::Ladder(c) => c.distance,
            PuzzleCheck::Deal(_) => unreachable!(),
        }
    };
    // A path two cards longer: one line at a time, no card twice, none removed.
    fn longer(path: &mut Vec<Hexagram>, to: Hexagram, removed: &[Hexagram], length: usize) -> bool {
        let top = *path.last().unwrap();
        if path.len() == length {
            return top == to;
        }
        for next in top.neighbours() {
            if removed.contains(&next) || path.contains(&next) || (next == to && path.len() + 1 != length) {
                continue;
            }
            path.push(next);
            if longer(path, to, removed, length) {
                return true;
            }
            path.pop();
        }
        false
    }
    let mut detour = vec![ladder.from];
    assert!(longer(&mut detour, ladder.to, &ladder.removed, solution.len() + 2), "{id} has a longer answer");
    assert_eq!((distance(&solution), distance(&detour)), (Some(0), Some(2)));
    let broken = [ladder.from, ladder.to];
    assert_eq!(distance(&broken), None);
    Answers {
        optimal: sequence(&solution),
        detour: sequence(&detour),
        unfinished: sequence(&solution[..1]),
        broken: sequence(&broken),
    }
}

/// Posts 2 optimal answers, 1 two from the optimum, 1 unfinished and 1 broken to `id`
/// on `server`; returns what the stats should then be, given those before.
fn post_scenario(server: &Server, id: &str, before: &Value) -> Value {
    let a = answers(id);
    for (answer, state) in [
        (&a.optimal, "solved"),
        (&a.unfinished, "unfinished"),
        (&a.detour, "solved"),
        (&a.broken, "broken"),
        (&a.optimal, "solved"),
    ] {
        assert_eq!(server.check(id, answer)["state"], state);
    }
    let n = |field: &str| before[field].as_u64().unwrap();
    let bucket = |d: &str| before["distribution"].get(d).and_then(Value::as_u64).unwrap_or(0);
    let mut expected = before.clone();
    expected["attempts"] = json!(n("attempts") + 5);
    expected["solved"] = json!(n("solved") + 3);
    expected["optimal"] = json!(n("optimal") + 2);
    expected["distribution"]["0"] = json!(bucket("0") + 2);
    expected["distribution"]["2"] = json!(bucket("2") + 1);
    // The measured difficulty moves with the counts; compared apart.
    expected["measured_difficulty"] = Value::Null;
    expected
}

fn without_measured(mut stats: Value) -> Value {
    stats["measured_difficulty"] = Value::Null;
    stats
}

/// Record, read the stats, restart the server on the same database: the stats remain.
fn results_survive_a_restart(database: &Database, id: &str) {
    let server = Server::start(database, RecordRate::default());
    let before = server.stats(id);
    let expected = post_scenario(&server, id, &before);
    let after = server.stats_when(id, expected["attempts"].as_u64().unwrap());
    assert_eq!(without_measured(after.clone()), expected);
    assert_eq!(server.metric("hexforge_results_recorded_total"), 5);
    assert_eq!(server.metric("hexforge_results_dropped_total"), 0);
    drop(server);

    let restarted = Server::start(database, RecordRate::default());
    assert_eq!(restarted.stats(id), after, "the stats outlive the server");
    restarted.check(id, &answers(id).optimal);
    let again = restarted.stats_when(id, expected["attempts"].as_u64().unwrap() + 1);
    assert_eq!(again["optimal"], expected["optimal"].as_u64().unwrap() + 1);
}

#[test]
fn sqlite_results_are_recorded_and_survive_a_restart() {
    let dir = TempDir::new("sqlite");
    let database = Database::sqlite_file(&dir.0.join("results.sqlite3"));
    let id = "pathways-2026-11-24";
    results_survive_a_restart(&database, id);

    // A fresh file: exactly this run's answers, and the generator's estimate beside.
    let server = Server::start(&database, RecordRate::default());
    let stats = server.stats(id);
    assert_eq!(
        (stats["attempts"].clone(), stats["solved"].clone(), stats["optimal"].clone()),
        (json!(6), json!(4), json!(3))
    );
    assert_eq!(stats["distribution"], json!({"0": 3, "2": 1}));
    assert_eq!(stats["measured_difficulty"], Value::Null, "4 solved answers are too few to measure");
    let PuzzleView::Ladder(ladder) = hexforge::api::puzzles::show(&id.parse().unwrap(), false) else { panic!() };
    assert_eq!(stats["estimated_difficulty"], serde_json::to_value(ladder.difficulty).unwrap());
    let untouched = server.stats("pathways-1");
    assert_eq!((untouched["attempts"].clone(), untouched["distribution"].clone()), (json!(0), json!({})));
    let (status, body) = server.request("GET", "/api/puzzles/pathways-0/stats", None);
    assert_eq!(status, 404, "{body}");
    assert!(body.contains("pathways-0"), "{body}");
}

/// Enough solved answers give a measured difficulty: 12 solved, 9 optimal →
/// (12 − 9 + 1) / (12 + 2) = 0.29.
#[test]
fn the_difficulty_is_measured_once_enough_answers_solved_it() {
    let dir = TempDir::new("difficulty");
    let database = Database::sqlite_file(&dir.0.join("results.sqlite3"));
    let server = Server::start(&database, RecordRate::default());
    let id = "pathways-7";
    let a = answers(id);
    for answer in std::iter::repeat_n(&a.optimal, 9).chain(std::iter::repeat_n(&a.detour, 3)) {
        server.check(id, answer);
    }
    let stats = server.stats_when(id, 12);
    assert_eq!(stats["measured_difficulty"], json!(0.29), "{stats}");
}

#[test]
fn recording_is_rate_limited_per_client_yet_every_check_is_answered() {
    let dir = TempDir::new("rate");
    let database = Database::sqlite_file(&dir.0.join("results.sqlite3"));
    let server = Server::start(&database, RecordRate { per_minute: 1, burst: 3 });
    let id = "pathways-2";
    let optimal = answers(id).optimal;
    for _ in 0..7 {
        assert_eq!(server.check(id, &optimal)["distance"], 0);
    }
    assert_eq!(server.stats_when(id, 3)["solved"], 3);
    assert_eq!(server.metric("hexforge_results_rate_limited_total"), 4);
    assert_eq!(server.metric("hexforge_results_recorded_total"), 3);
}

/// The request path never waits for the database: a full queue drops the record.
#[tokio::test]
async fn a_full_queue_drops_records_and_counts_them() {
    let dir = TempDir::new("queue");
    let database = Database::sqlite_file(&dir.0.join("results.sqlite3"));
    let store = ResultStore::open(&database).await.unwrap().unwrap();
    let (recorder, writer) = Recorder::new(store.clone(), 2);
    let id: hexforge::puzzles::PuzzleId = "zhipai-1".parse().unwrap();
    let verdict = hexforge::api::puzzles::check(&id, &Answer::Turns(vec![hexforge::puzzles::Turn::Pass])).unwrap();
    // The writer is not running yet, so the queue fills up.
    for _ in 0..5 {
        recorder.record(hexforge::results::Record::of(&id, &verdict, 0));
    }
    assert_eq!(recorder.counters().dropped.load(Ordering::Relaxed), 3);
    writer.spawn().finish(Duration::from_secs(10)).await;
    assert_eq!(recorder.counters().recorded.load(Ordering::Relaxed), 2);
    let counts = store.counts("zhipai-1").await.unwrap();
    assert_eq!((counts.attempts, counts.solved), (2, 0));
    store.close().await;
}

#[tokio::test]
async fn a_database_that_cannot_be_opened_is_named() {
    let dir = TempDir::new("missing");
    let database = Database::sqlite_file(&dir.0.join("no-such-folder").join("results.sqlite3"));
    let err = ResultStore::open(&database).await.unwrap_err().to_string();
    assert!(err.contains("cannot open the results database") && err.contains("no-such-folder"), "{err}");
}

// ---------------------------------------------------------------- PostgreSQL

/// `HEXFORGE_TEST_POSTGRES`, or `None` after saying the test is skipped (outside CI).
fn postgres_or_skip(test: &str) -> Option<Database> {
    let url = std::env::var("HEXFORGE_TEST_POSTGRES").ok().filter(|u| !u.is_empty());
    if url.is_none() {
        let in_ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
        assert!(
            !in_ci,
            "CI=true but HEXFORGE_TEST_POSTGRES is not set; .ci/run starts a PostgreSQL cluster and sets it"
        );
        // Straight to stderr, past the test harness's capture, so the skip is seen.
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED {test}: HEXFORGE_TEST_POSTGRES is not set (postgres://USER@HOST:PORT/NAME); CI sets it and runs this test"
        );
    }
    url.map(|u| u.parse().expect("HEXFORGE_TEST_POSTGRES is a postgres:// URL"))
}

/// A ladder of the numbered series that earlier runs are unlikely to have used.
fn fresh_ladder(offset: u32) -> String {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
    format!("pathways-{}", 1 + (nanos / 1000 + std::process::id() + offset) % 99_000)
}

#[test]
fn postgres_results_are_recorded_and_survive_a_restart() {
    let Some(database) = postgres_or_skip("postgres_results_are_recorded_and_survive_a_restart") else { return };
    results_survive_a_restart(&database, &fresh_ladder(0));
}

#[test]
fn two_servers_on_one_postgres_agree() {
    let Some(database) = postgres_or_skip("two_servers_on_one_postgres_agree") else { return };
    let id = fresh_ladder(500);
    let one = Server::start(&database, RecordRate::default());
    let two = Server::start(&database, RecordRate::default());
    let before = one.stats(&id);
    assert_eq!(two.stats(&id), before);
    let a = answers(&id);
    for _ in 0..3 {
        one.check(&id, &a.optimal);
    }
    two.check(&id, &a.detour);
    two.check(&id, &a.broken);
    let attempts = before["attempts"].as_u64().unwrap() + 5;
    let seen_by_one = one.stats_when(&id, attempts);
    let seen_by_two = two.stats_when(&id, attempts);
    assert_eq!(seen_by_one, seen_by_two);
    assert_eq!(seen_by_one["solved"], before["solved"].as_u64().unwrap() + 4);
    assert_eq!(seen_by_one["optimal"], before["optimal"].as_u64().unwrap() + 3);
}

/// Regression: dropping the writer's handle stopped the writer, so nothing was written.
#[tokio::test]
async fn a_writer_whose_handle_is_dropped_keeps_writing() {
    let dir = TempDir::new("dropped-handle");
    let database = Database::sqlite_file(&dir.0.join("results.sqlite3"));
    let (results, writer) = Results::start(&database, RecordRate::default(), 100).await.unwrap().unwrap();
    drop(writer);
    let id: hexforge::puzzles::PuzzleId = "zhipai-2".parse().unwrap();
    let verdict = hexforge::api::puzzles::check(&id, &Answer::Turns(vec![hexforge::puzzles::Turn::Pass])).unwrap();
    results.record(None, || hexforge::results::Record::of(&id, &verdict, 0));
    let start = Instant::now();
    while results.store.counts("zhipai-2").await.unwrap().attempts == 0 {
        assert!(start.elapsed() < WRITE_WAIT, "the record is written");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(results.recorder.counters().recorded.load(Ordering::Relaxed), 1);
}
