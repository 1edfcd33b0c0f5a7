//! Issue 27, the puzzle routes the page plays with, without a socket (`app().oneshot`):
//! days not out yet are 404, a date out of range is called so, the wrong kind of answer
//! says what was sent and what is expected, a pass after the deal ran out is refused, a
//! dead end is said, and `?compare=true` counts the player's own answer exactly once.

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use hexforge::http::{AppState, app};
use hexforge_rules::puzzles::Date;
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::temp_dir;
use temp_dir::TempDir;

async fn send(state: AppState, method: Method, uri: &str, body: Option<Value>) -> (StatusCode, Value) {
    let request = Request::builder().method(method).uri(uri);
    let request = match body {
        Some(body) => request.header("content-type", "application/json").body(Body::from(body.to_string())),
        None => request.body(Body::empty()),
    }
    .unwrap();
    let response = app(state).oneshot(request).await.expect("the router never fails");
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

async fn get(uri: &str) -> (StatusCode, Value) {
    send(AppState::default(), Method::GET, uri, None).await
}

async fn post(uri: &str, body: Value) -> (StatusCode, Value) {
    send(AppState::default(), Method::POST, uri, Some(body)).await
}

fn day(days_from_now: i64) -> String {
    let now = hexforge::puzzles::now_seconds() as i64;
    Date::from_unix_seconds((now + days_from_now * 86_400) as u64).to_string()
}

#[tokio::test]
async fn days_not_out_yet_are_404_everywhere_and_tomorrow_is_out() {
    for game in ["pathways", "zhipai"] {
        let (status, body) = get(&format!("/api/puzzles/daily?game={game}&date={}", day(1))).await;
        assert_eq!(status, StatusCode::OK, "tomorrow (UTC) is out for time zones ahead: {body}");
        assert_eq!(get(&format!("/api/puzzles/{game}-{}", day(1))).await.0, StatusCode::OK);
        let later = day(2);
        for uri in [
            format!("/api/puzzles/daily?game={game}&date={later}"),
            format!("/api/puzzles/{game}-{later}"),
            format!("/api/puzzles/{game}-{later}/stats"),
        ] {
            let (status, body) = get(&uri).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{uri}: {body}");
            assert!(body["error"].as_str().unwrap().contains(&format!("{game}-{later} is not out yet")), "{body}");
        }
        let (status, body) = post(&format!("/api/puzzles/{game}-9999-12-31/check"), json!({"turns": []})).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    }
    let (status, body) = get("/api/puzzles/daily?date=1999-12-31").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "1999-12-31 is out of range; puzzles have days from 2000-01-01 to 9999-12-31");
}

#[tokio::test]
async fn the_wrong_kind_of_answer_says_what_was_sent_and_what_is_expected() {
    let (status, body) = post("/api/puzzles/pathways-2026-11-27/check", json!({"turns": ["pass"]})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["error"],
        "pathways-2026-11-27 was sent turns (a Zhi Pai deal's answer), but it is a Pathways ladder: answer it with a sequence of the cards laid, start first (1:dark,44:dark,…)"
    );
    let (status, body) = post("/api/puzzles/zhipai-2026-11-27/check", json!({"sequence": []})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"].as_str().unwrap().starts_with("zhipai-2026-11-27 was sent a sequence"), "{body}");
}

#[tokio::test]
async fn a_pass_after_the_deal_ran_out_is_refused_and_rules_come_with_the_puzzle() {
    let (_, deal) = get("/api/puzzles/zhipai-2026-11-27").await;
    assert!(deal["rules"].as_array().unwrap().iter().any(|r| r.as_str().unwrap().contains("swap")), "{deal}");
    let revealing = deal["deal"].as_array().unwrap().len() - 6;
    let (_, verdict) = post("/api/puzzles/zhipai-2026-11-27/check", json!({"turns": vec!["pass"; revealing]})).await;
    assert_eq!((verdict["state"].as_str(), verdict["passes"].as_u64()), (Some("unfinished"), Some(revealing as u64)));
    assert_eq!(verdict["dead_end"], false, "cards still link: {verdict}");
    let (status, verdict) =
        post("/api/puzzles/zhipai-2026-11-27/check", json!({"turns": vec!["pass"; revealing + 1]})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (verdict["state"].as_str(), verdict["rule"].as_str(), verdict["failed_turn"].as_u64()),
        (Some("broken"), Some("nothing-to-reveal"), Some(revealing as u64 + 1)),
        "{verdict}"
    );
    let (_, ladder) = get("/api/puzzles/pathways-2026-11-27").await;
    assert!(ladder["rules"].as_array().unwrap().iter().any(|r| r.as_str().unwrap().contains("exactly one line")));
}

/// The counts are read before the answer is recorded, and the answer is counted in:
/// the first solver is 1 of 1; a best answer after a longer one is 1 of 2 as good.
#[tokio::test]
async fn a_solved_answer_is_compared_with_itself_counted_once() {
    let folder = TempDir::new("puzzle-routes-compare");
    let database = hexforge::results::Database::sqlite_file(&folder.0.join("results.sqlite3"));
    let (results, writer) = hexforge::results::Results::start(&database, hexforge::results::RecordRate::default(), 100)
        .await
        .unwrap()
        .expect("a store");
    let state = AppState::new(&folder.0).with_results(results.clone());
    let id: hexforge_rules::puzzles::PuzzleId = "pathways-1".parse().unwrap();
    let best: Value = serde_json::from_str(&hexforge::api::puzzles::solution_request(&id)).unwrap();
    let check = |body: Value, compare: bool| {
        let state = state.clone();
        let uri = format!("/api/puzzles/pathways-1/check{}", if compare { "?compare=true" } else { "" });
        async move { send(state, Method::POST, &uri, Some(body)).await }
    };
    // A longer legal answer: the library's own search around one of the answer's cards.
    let hexforge::api::puzzles::PuzzleView::Ladder(shown) = hexforge::api::puzzles::show(&id, true) else { panic!() };
    let answer = shown.solution.unwrap();
    let longer = (1..answer.len() - 1)
        .find_map(|k| {
            let left: Vec<i64> = (1..=64)
                .filter(|&n| {
                    !shown.removed.iter().any(|h| i64::from(h.number()) == n) && n != i64::from(answer[k].number())
                })
                .collect();
            let deck = hexforge_rules::changing_lines::deck::Deck::custom(&left).unwrap();
            let mode = hexforge_rules::changing_lines::pathways::Mode::Dark;
            hexforge_rules::changing_lines::pathways::shortest(shown.from, shown.to, &deck, mode)
        })
        .expect("a detour");
    let longer = json!({"sequence": longer.iter().map(|l| json!({"card": l.card.number(), "orientation": "dark"})).collect::<Vec<_>>()});
    let recorded = |n: u64| {
        let results = results.clone();
        async move {
            let waited = std::time::Instant::now();
            while results.store.counts("pathways-1").await.unwrap().solved < n {
                assert!(waited.elapsed() < std::time::Duration::from_secs(15), "answer {n} is recorded");
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            }
        }
    };
    let (status, first) = check(longer.clone(), true).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(first["compared"], json!({"solved": 1, "as_good": 1, "optimal": 0, "share_as_good": 1.0}));
    recorded(1).await;
    let (_, second) = check(best.clone(), true).await;
    assert_eq!(second["compared"], json!({"solved": 2, "as_good": 1, "optimal": 1, "share_as_good": 0.5}));
    recorded(2).await;
    let (_, third) = check(longer, true).await;
    assert_eq!(third["compared"], json!({"solved": 3, "as_good": 3, "optimal": 1, "share_as_good": 1.0}));
    // Without ?compare, or unsolved, nothing is compared.
    let (_, plain) = check(best, false).await;
    assert!(plain.get("compared").is_none(), "{plain}");
    let start_only = json!({"sequence": [{"card": 29, "orientation": "dark"}]});
    let (_, unsolved) = check(start_only, true).await;
    assert!(unsolved.get("compared").is_none() && unsolved["state"] == "unfinished", "{unsolved}");
    writer.finish(std::time::Duration::from_secs(5)).await;
    results.store.close().await;
}
