//! Game records over HTTP (`POST /api/GAME/check`) against `hexforge check GAME --record`:
//! every record `simulate` writes comes back valid (its 64-bit seed too), and every record
//! route answers each kind of bad record as the command does (docs/rules.md, Game records).

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use hexforge::http::{AppState, app};
use hexforge_rules::play::bots::Bot;
use hexforge_rules::play::registry::{Rules, Setup};
use http_body_util::BodyExt;
use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};
use tower::ServiceExt;

/// Every game: each has a record route, `/api/games/{game}/check`.
fn record_games() -> Vec<&'static dyn Rules> {
    hexforge_rules::games().iter().map(|game| game.rules).collect()
}

/// A record `simulate` writes for `rules`, whose seed is beyond 2^53 − 1 (the largest
/// integer a JavaScript number holds exactly), as most 64-bit seeds are.
fn simulated(rules: &dyn Rules) -> String {
    for index in 0..20 {
        let (_, record) = rules.simulate(&Setup::default(), &[Bot::Greedy], 0x5eed, index, true).expect("simulates");
        let record = record.expect("kept");
        let seed = serde_json::from_str::<Value>(&record).unwrap()["seed"].as_u64().expect("a 64-bit seed");
        if seed > (1 << 53) - 1 {
            return record;
        }
    }
    panic!("no game of {} had a seed beyond 2^53 - 1", rules.name());
}

/// The status and body of `POST /api/games/GAME/check` with `text`.
async fn post(game: &str, text: &str) -> (StatusCode, Value) {
    let (status, _, body) = post_to(AppState::default(), &format!("/api/games/{game}/check"), text).await;
    (status, body)
}

/// The status, headers and body of `POST path` with `text` to a server of `state`.
async fn post_to(state: AppState, path: &str, text: &str) -> (StatusCode, axum::http::HeaderMap, Value) {
    let game = path;
    let request = Request::post(path)
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::CONTENT_LENGTH, text.len())
        .body(Body::from(text.to_string()))
        .unwrap();
    let response = app(state).oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    let body = serde_json::from_slice(&body).unwrap_or_else(|e| panic!("{game}: not JSON ({e})"));
    (status, headers, body)
}

/// `hexforge check GAME --record - --json` with `text` on stdin: its exit code and, when
/// it gave one, its verdict.
fn cli(game: &str, text: &str) -> (i32, Option<Value>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hexforge"))
        .args(["check", game, "--record", "-", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().unwrap().write_all(format!("{text}\n").as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let verdicts: Option<Value> = serde_json::from_slice(&out.stdout).ok();
    (out.status.code().expect("exited"), verdicts.map(|v| v[0].clone()))
}

/// simulate → POST check → valid, for every game, with the seed `simulate` wrote.
#[tokio::test]
async fn every_simulated_record_checks_valid_over_http() {
    for rules in record_games() {
        let record = simulated(rules);
        let (status, verdict) = post(rules.name(), &record).await;
        assert_eq!(status, StatusCode::OK, "{}: {verdict}", rules.name());
        assert_eq!(verdict["valid"], Value::Bool(true), "{}: {verdict}", rules.name());
    }
}

/// What a record route answers: a verdict (status 200, its validity and rule), or a
/// refusal (400, the start of its message).
#[derive(Debug, PartialEq)]
enum Expected {
    Verdict { valid: bool, rule: Option<&'static str> },
    Refused { message: &'static str },
}

/// Every record route × {a valid record, a key twice, another game's name, bad seeds, a
/// null}: the same answer on every route, and the CLI's (a verdict exits 0 or 1 with the
/// same verdict; a refusal exits 2).
#[tokio::test]
async fn every_record_route_answers_each_bad_record_as_the_cli_does() {
    use Expected::*;
    let with_seed = |record: &str, seed: &str| {
        let mut value: Value = serde_json::from_str(record).unwrap();
        value.as_object_mut().unwrap().remove("seed");
        let text = value.to_string();
        format!("{{\"seed\":{seed},{}", &text[1..])
    };
    for rules in record_games() {
        let name = rules.name();
        let record = simulated(rules);
        let cases: Vec<(&str, String, Expected)> = vec![
            ("the simulated record", record.clone(), Verdict { valid: true, rule: None }),
            ("the largest seed", with_seed(&record, "18446744073709551615"), Verdict { valid: true, rule: None }),
            ("a seed written 7.0", with_seed(&record, "7.0"), Verdict { valid: true, rule: None }),
            (
                "a key twice",
                format!("{{\"game\":\"{name}\",{}", &record[1..]),
                Refused { message: "the record has the key \"game\" twice" },
            ),
            (
                "another game's name",
                record.replacen(&format!("\"game\":\"{name}\""), "\"game\":\"go\"", 1),
                // Pathways names the rule after itself (docs/rules.md, Pathways).
                Verdict { valid: false, rule: Some(if name == "pathways" { "not-pathways" } else { "bad-record" }) },
            ),
            ("a negative seed", with_seed(&record, "-1"), Refused { message: "invalid value: integer `-1`" }),
            (
                "a seed of 2^64",
                with_seed(&record, "18446744073709551616"),
                Refused { message: "invalid type: floating point" },
            ),
            ("a seed in words", with_seed(&record, "\"seven\""), Refused { message: "invalid type: string \"seven\"" }),
            ("a null seed", with_seed(&record, "null"), Refused { message: "seed is null" }),
        ];
        for (case, text, expected) in cases {
            let (status, body) = post(name, &text).await;
            let answered = if status == StatusCode::OK {
                let rule = body["rule"].as_str().map(|r| -> &'static str { r.to_string().leak() });
                Verdict { valid: body["valid"] == Value::Bool(true), rule }
            } else {
                assert_eq!(status, StatusCode::BAD_REQUEST, "{name}, {case}: {body}");
                let error = body["error"].as_str().expect("an error message");
                let said = error
                    .strip_prefix(&format!("not a record of {name}: "))
                    .unwrap_or_else(|| panic!("{name}, {case}: {error}"));
                match &expected {
                    Refused { message } if said.starts_with(message) => Refused { message },
                    _ => panic!("{name}, {case}: refused with {error:?}, expected {expected:?}"),
                }
            };
            assert_eq!(answered, expected, "{name}, {case}: {body}");
            let (code, verdict) = cli(name, &text);
            match expected {
                Verdict { valid, .. } => {
                    assert_eq!(code, if valid { 0 } else { 1 }, "{name}, {case}: the CLI's exit code");
                    assert_eq!(verdict.as_ref(), Some(&body), "{name}, {case}: the CLI's verdict");
                }
                Refused { .. } => assert_eq!(code, 2, "{name}, {case}: the CLI's exit code"),
            }
        }
    }
}

/// A refusal quotes at most a cut of the record, and says where it failed.
#[tokio::test]
async fn a_refusal_does_not_echo_a_long_record() {
    let long = format!("{{\"game\":\"dragons\",\"{}\":1}}", "y".repeat(60_000));
    let (status, body) = post("dragons", &long).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let error = body["error"].as_str().unwrap();
    assert!(error.starts_with("not a record of dragons: unknown field `yyy"), "{error}");
    assert!(error.chars().count() <= 300, "{} characters", error.len());
    assert!(error.contains("at line 1 column "), "{error}");
}

/// The older addresses (`/api/GAME/check`, every game of the time but Pathways, whose
/// `/api/pathways/check` checks a puzzle's sequence) and a name without its hyphen answer
/// as the new one does;
/// a name that is no game is a 404 listing the games.
#[tokio::test]
async fn the_older_record_addresses_and_aliases_answer_alike() {
    for rules in record_games() {
        let record = simulated(rules);
        let new = post(rules.name(), &record).await;
        assert_eq!(new.0, StatusCode::OK, "{}: {}", rules.name(), new.1);
        let bare = rules.name().replace('-', "");
        assert_eq!(post(&bare, &record).await, new, "/api/games/{bare}/check");
        if ["tao", "zhi-pai", "liubo", "yijing-pai", "dragons"].contains(&rules.name()) {
            let old = post_to(AppState::default(), &format!("/api/{}/check", rules.name()), &record).await;
            assert_eq!((old.0, old.2), new, "{}", rules.name());
        }
    }
    let (status, body) = post("chess", "{}").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert!(body["error"].as_str().unwrap().contains("the games are tao, pathways, zhi-pai"), "{body}");
}

/// Issue 40: a long record is checked in a search slot, off the runtime's threads; with
/// none free it is answered 503 with `Retry-After` (the runtime stays free for `/health`),
/// while a short record is still checked inline. Before, every record was checked on the
/// runtime's threads, whatever its length.
#[tokio::test]
async fn a_long_record_needs_a_slot_and_a_short_one_does_not() {
    let limit = hexforge::http::INLINE_RECORD_BYTES;
    let records = |game: &str, bot: Bot| {
        let rules = hexforge_rules::game(game).expect("a game of the registry");
        (0..20).filter_map(move |i| rules.simulate(&Setup::default(), &[bot], 1, i, true).ok()?.1)
    };
    // As `simulate dragons --record` writes them (random bots): tens of KB.
    let long = records("dragons", Bot::Random)
        .find(|r| (limit..48 * 1024).contains(&r.len()))
        .expect("a Dragons record of 4 to 48 KiB");
    let (short_game, short) = record_games()
        .into_iter()
        .find_map(|rules| Some((rules.name(), records(rules.name(), Bot::Greedy).find(|r| r.len() < limit)?)))
        .expect("a record under 4 KiB");
    let (long, short) = (&long, &short);
    let full = AppState::default().with_search_slots(0);
    let (status, headers, body) = post_to(full.clone(), "/api/games/dragons/check", long).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(headers[header::RETRY_AFTER], "1");
    assert!(body["error"].as_str().unwrap().contains("busy"), "{body}");
    let (status, _, body) = post_to(full.clone(), &format!("/api/games/{short_game}/check"), short).await;
    assert_eq!((status, body["valid"].clone()), (StatusCode::OK, Value::Bool(true)), "{body}");
    assert_eq!(full.metrics.record_checks_pooled.get(), 0);
    let one = AppState::default().with_search_slots(1);
    let (status, _, body) = post_to(one.clone(), "/api/games/dragons/check", long).await;
    assert_eq!((status, body["valid"].clone()), (StatusCode::OK, Value::Bool(true)), "{body}");
    assert_eq!(one.metrics.record_checks_pooled.get(), 1);
}
