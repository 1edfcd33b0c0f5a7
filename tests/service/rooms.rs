//! Rooms over the network (docs/service.md, Rooms): through the real server on a loopback
//! port with an SQLite results database, a whole Tao game for two people and a bot whose
//! record checks; moves racing for one turn (exactly one wins) and every refusal a JSON
//! error; and, without the server, that what a seat is sent is a function of what it may
//! see: over seeded games of every game, each message to seat s is byte for byte the same
//! when everything s cannot see is dealt again consistently with its view.

use hexforge::http::AppState;
use hexforge::results::{Database, RecordRate, Results};
use hexforge::rooms::{Built, Room, Seating, Sitter, Who, message};
use hexforge_rules::play::bots::Bot;
use hexforge_rules::play::public::bytes;
use hexforge_rules::play::registry::Setup;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::Duration;

use crate::live_server::{AfterStop, LiveServer};
use crate::temp_dir::TempDir;

/// The server with an SQLite store in a scratch folder (kept while the server runs).
pub struct Served {
    pub server: LiveServer,
    _dir: Option<TempDir>,
}

impl Served {
    pub fn sqlite(grace: Option<Duration>) -> Served {
        let dir = TempDir::new("rooms");
        let database = Database::sqlite_file(&dir.0.join("rooms.sqlite3"));
        let downloads = dir.0.join("downloads");
        Served { server: serve(database, grace, downloads), _dir: Some(dir) }
    }

    /// The folder the server serves `/downloads` from (made by whoever needs it).
    pub fn downloads(&self) -> std::path::PathBuf {
        self._dir.as_ref().expect("a scratch folder").0.join("downloads")
    }
}

/// `hexforge serve` on `database` with the files of `downloads`, the rooms with `grace`
/// for every game if given.
pub fn serve(database: Database, grace: Option<Duration>, downloads: std::path::PathBuf) -> LiveServer {
    LiveServer::start(move || async move {
        let (results, writer) = match Results::start(&database, RecordRate::default(), 1000).await {
            Ok(Some(started)) => started,
            Ok(None) => return Err(format!("{database} is no store")),
            Err(e) => return Err(e.to_string()),
        };
        let start = std::time::Instant::now();
        while !results.store.is_connected() {
            if start.elapsed() > Duration::from_secs(15) {
                return Err(format!("{database} did not connect"));
            }
            let _ = results.store.connect(&database).await;
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let store = results.store.clone();
        let after_stop: AfterStop = Box::pin(async move {
            writer.finish(Duration::from_secs(5)).await;
            store.close().await;
        });
        let state = AppState::new(downloads).with_results(results).with_rooms(hexforge::rooms::Rooms::new(grace));
        Ok((state, Some(after_stop)))
    })
    .expect("the server starts")
}

/// Status and JSON body of a request with the room key `key` (if any) and a JSON `body`.
pub fn call(addr: SocketAddr, method: &str, path: &str, key: Option<&str>, body: &str) -> (u16, String) {
    let headers: Vec<(&str, &str)> = key.map(|k| ("x-room-key", k)).into_iter().collect();
    crate::live_server::call(addr, method, path, &headers, body)
}

pub fn json_of(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {body}"))
}

/// A room of `game` with these seats; its id, the person seats' keys (by seat) and the
/// spectators' key.
pub fn create(addr: SocketAddr, game: &str, seats: &[&str]) -> (String, Vec<(usize, String)>, String) {
    let (status, body) = call(addr, "POST", "/api/rooms", None, &json!({"game": game, "seats": seats}).to_string());
    assert_eq!(status, 201, "{body}");
    let room = json_of(&body);
    let keys = room["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["seat"].as_u64().unwrap() as usize, s["key"].as_str().unwrap().to_string()))
        .collect();
    (room["room"].as_str().unwrap().to_string(), keys, room["spectators"]["key"].as_str().unwrap().to_string())
}

/// A small generator for the players' choices (xorshift), so the games are the same each run.
pub struct Choices(u64);

impl Choices {
    pub fn new(seed: u64) -> Choices {
        Choices(seed | 1)
    }

    pub fn pick(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Plays the room to its end as its people (each picking among its actions with
/// `choices`); the last state seen.
pub fn play_out(addr: SocketAddr, room: &str, keys: &[(usize, String)], choices: &mut Choices) -> Value {
    for _ in 0..5000 {
        let mut moved = false;
        for (_, key) in keys {
            let (status, body) = call(addr, "GET", &format!("/api/rooms/{room}"), Some(key), "");
            assert_eq!(status, 200, "{body}");
            let state = json_of(&body);
            if !state["outcome"].is_null() {
                return state;
            }
            let actions = state["actions"].as_array().unwrap();
            if actions.is_empty() {
                continue;
            }
            let action = choices.pick(actions.len());
            let request = json!({"seq": state["seq"], "action": action}).to_string();
            let (status, body) = call(addr, "POST", &format!("/api/rooms/{room}/moves"), Some(key), &request);
            assert_eq!(status, 200, "{body}");
            moved = true;
        }
        assert!(moved, "nobody could move and the game is not over");
    }
    panic!("the game did not end in 5000 rounds");
}

#[test]
fn a_whole_tao_game_for_two_people_and_a_bot_is_refereed_and_its_record_checks() {
    let served = Served::sqlite(None);
    let addr = served.server.addr;
    let (room, keys, spectators) = create(addr, "tao", &["person", "person", "search"]);
    assert_eq!(keys.iter().map(|(s, _)| *s).collect::<Vec<_>>(), [0, 1]);
    // Before the end the record (with the seed and every hand) is not given out.
    let (status, body) = call(addr, "GET", &format!("/api/rooms/{room}/record"), Some(&keys[0].1), "");
    assert_eq!((status, json_of(&body)["rule"].as_str()), (409, Some("not-over")), "{body}");
    // A spectator sees the table, and no hand.
    let (status, body) = call(addr, "GET", &format!("/api/rooms/{room}"), Some(&spectators), "");
    assert_eq!(status, 200, "{body}");
    let watched = json_of(&body);
    assert!(watched["you"].is_null() && watched["view"]["hand"].is_null(), "{body}");
    // The 64 cards of the deck are all accounted for, in counts only.
    let sizes: Vec<u64> =
        watched["view"]["hand_sizes"].as_array().unwrap().iter().map(|n| n.as_u64().unwrap()).collect();
    let piles = watched["view"]["draw_pile"].as_u64().unwrap() + watched["view"]["play_pile"].as_u64().unwrap();
    assert_eq!((sizes.len(), sizes.iter().sum::<u64>() + piles), (3, 64), "{body}");
    let end = play_out(addr, &room, &keys, &mut Choices::new(45));
    let winner = end["outcome"]["won"].as_u64();
    let (status, record) = call(addr, "GET", &format!("/api/rooms/{room}/record"), Some(&keys[1].1), "");
    assert_eq!(status, 200, "{record}");
    let verdict = hexforge_rules::game("tao").unwrap().check(1, &record).expect("a record of tao");
    assert!(verdict.valid, "{verdict:?}\n{record}");
    assert_eq!(verdict.winner.map(|w| w as u64), winner, "{record}");
    let parsed = json_of(&record);
    let by_bot = parsed["actions"].as_array().unwrap().iter().filter(|a| a["seat"] == 2).count();
    assert!(by_bot > 0, "the bot seat played: {record}");
    // The spectators may download it too, and a rematch deals a new game at the same table.
    let (status, _) = call(addr, "GET", &format!("/api/rooms/{room}/record?table=0"), Some(&spectators), "");
    assert_eq!(status, 200);
    let rematch = json!({"seq": end["seq"]}).to_string();
    let (status, body) = call(addr, "POST", &format!("/api/rooms/{room}/rematch"), Some(&spectators), &rematch);
    assert_eq!((status, json_of(&body)["rule"].as_str()), (403, Some("spectator")), "{body}");
    let (status, body) = call(addr, "POST", &format!("/api/rooms/{room}/rematch"), Some(&keys[0].1), &rematch);
    assert_eq!(status, 200, "{body}");
    let again = json_of(&body);
    assert_eq!((again["table"].as_u64(), again["outcome"].is_null()), (Some(1), true), "{body}");
    let (status, metrics) = call(addr, "GET", "/metrics", None, "");
    assert_eq!(status, 200);
    assert!(metrics.contains("hexforge_rooms_created_total 1\n"), "{metrics}");
}

/// A request that must be refused: method, path, key, body, status and the rule named.
type Refusal<'a> = (&'a str, &'a str, Option<&'a str>, String, u16, &'a str);

#[test]
fn of_moves_racing_for_one_turn_exactly_one_wins_and_every_refusal_is_a_json_error() {
    let served = Served::sqlite(None);
    let addr = served.server.addr;
    let (room, keys, spectators) = create(addr, "tao", &["person", "person"]);
    let path = format!("/api/rooms/{room}");
    let (_, body) = call(addr, "GET", &path, Some(&keys[0].1), "");
    let state = json_of(&body);
    let (mover, other) = if state["to_move"] == 0 { (&keys[0].1, &keys[1].1) } else { (&keys[1].1, &keys[0].1) };
    let moves = format!("/api/rooms/{room}/moves");
    let seq = state["seq"].as_i64().unwrap();
    // Eight copies of the same turn's move at once (two tabs, a double click): one stands.
    let answers: Vec<(u16, String)> = std::thread::scope(|scope| {
        let racers: Vec<_> = (0..8)
            .map(|_| {
                let (moves, mover) = (&moves, mover.clone());
                scope.spawn(move || {
                    call(addr, "POST", moves, Some(&mover), &json!({"seq": seq, "action": 0}).to_string())
                })
            })
            .collect();
        racers.into_iter().map(|r| r.join().unwrap()).collect()
    });
    let won = answers.iter().filter(|(status, _)| *status == 200).count();
    assert_eq!(won, 1, "{answers:?}");
    for (status, body) in answers.iter().filter(|(status, _)| *status != 200) {
        assert_eq!((*status, json_of(body)["rule"].as_str()), (409, Some("stale")), "{body}");
    }
    let (_, body) = call(addr, "GET", &path, Some(mover), "");
    let now = json_of(&body);
    assert_eq!(now["seq"].as_i64(), Some(seq + 1), "{body}");
    // Tao may give the same seat another action (a draw, then a play): who moves now.
    let (next, waiting) = if now["to_move"] == now["you"] { (mover, other) } else { (other, mover) };
    let refusals: [Refusal; 10] = [
        ("POST", moves.as_str(), Some(mover.as_str()), json!({"seq": seq, "action": 0}).to_string(), 409, "stale"),
        ("GET", path.as_str(), Some("not-a-key"), String::new(), 403, "bad-key"),
        ("GET", path.as_str(), None, String::new(), 401, "no-key"),
        ("GET", "/api/rooms/nosuchroom", Some(other.as_str()), String::new(), 404, "no-room"),
        (
            "POST",
            moves.as_str(),
            Some(spectators.as_str()),
            json!({"seq": seq + 1, "action": 0}).to_string(),
            403,
            "spectator",
        ),
        (
            "POST",
            moves.as_str(),
            Some(next.as_str()),
            json!({"seq": seq + 1, "action": 9999}).to_string(),
            422,
            "no-such-action",
        ),
        (
            "POST",
            moves.as_str(),
            Some(waiting.as_str()),
            json!({"seq": seq + 1, "action": 0}).to_string(),
            409,
            "not-your-turn",
        ),
        (
            "POST",
            moves.as_str(),
            Some(next.as_str()),
            json!({"seq": seq + 1, "move": 0}).to_string(),
            400,
            "bad-message",
        ),
        (
            "POST",
            moves.as_str(),
            Some(other.as_str()),
            format!("{{\"seq\":1,\"action\":0,\"pad\":\"{}\"}}", "x".repeat(3000)),
            413,
            "too-large",
        ),
        ("POST", "/api/rooms", None, json!({"game": "chess", "seats": ["person"]}).to_string(), 400, "unknown-game"),
    ];
    for (method, path, key, body, status, rule) in refusals {
        let (got, answer) = call(addr, method, path, key, &body);
        let answer = json_of(&answer);
        assert_eq!((got, answer["rule"].as_str()), (status, Some(rule)), "{method} {path}: {answer}");
        assert!(answer["error"].as_str().is_some_and(|e| !e.is_empty()), "{answer}");
    }
}

/// The bytes a message is sent as, as text.
fn as_sent(message: Value) -> String {
    String::from_utf8(bytes(message)).expect("JSON is UTF-8")
}

/// Seeded games of `game` played by greedy bots; at every position, each seat's message
/// (built by the server's one function, [`message`], and serialised as it is sent) must be
/// the same, byte for byte, when what the seat cannot see is dealt again consistently with
/// its view; the spectators' too. The number of messages compared. The table work (views,
/// re-deals, bots) and the messages' bytes are the rules crate's, which the workspace
/// builds optimised, so a thousand games of each hidden-card game take seconds.
fn nothing_leaks(game: &str, players: usize, games: u64) -> usize {
    let rules = hexforge_rules::game(game).unwrap().rules;
    let mut compared = 0;
    for index in 0..games {
        let room = Room {
            id: format!("leak{index}"),
            rules,
            setup: Setup { players: Some(players), options: Vec::new() },
            seed: 1000 + index,
            seating: Seating {
                seats: (0..players).map(|s| Sitter::Person { key: format!("{s}") }).collect(),
                spectators: String::new(),
            },
        };
        let mut table = rules.table(&room.setup, room.table_seed(0)).unwrap();
        for step in 0..5000u64 {
            let at = |table| Built { table, seq: step as i64, table_no: 0, moves: Vec::new(), undo: None };
            let real = at(table);
            let sent: Vec<String> = (0..players).map(|s| as_sent(message(&room, &real, Who::Seat(s), &[]))).collect();
            let watched = as_sent(message(&room, &real, Who::Spectator, &[]));
            table = real.table;
            for (seat, sent) in sent.iter().enumerate() {
                let other = at(table.determinized(seat, index * 7919 + step * 31 + seat as u64));
                let again = as_sent(message(&room, &other, Who::Seat(seat), &[]));
                assert_eq!(
                    *sent, again,
                    "{game} game {index}, step {step}: seat {seat} was sent something it cannot see"
                );
                compared += 1;
                // The spectators see less than any seat: their message is compared at one
                // seat's re-deal a step, each seat's in turn.
                if seat as u64 != step % players as u64 {
                    continue;
                }
                let again = as_sent(message(&room, &other, Who::Spectator, &[]));
                assert_eq!(
                    watched, again,
                    "{game} game {index}, step {step}: the spectators were sent what seat {seat} cannot see"
                );
                compared += 1;
            }
            let Some(action) = table.choose(Bot::Greedy, index * 1_000_003 + step) else { break };
            table.act(action).unwrap();
        }
        assert!(table.outcome().is_some(), "{game} game {index} ended");
    }
    compared
}

/// Games checked of each game: 1,000 of each game with hidden information (its
/// descriptor's `hidden_information`: Tao's hands and pile, Zhi Pai's pile, 易经牌's hands
/// and wall, I-Ching Poker's face-down cards and deck, I-Ching Solitaire's stock), and a few
/// of the others, where nothing is hidden but the throws and draws to come (their
/// determinized tables differ in chance alone).
fn leak_games(game: &hexforge_rules::play::descriptor::GameDescriptor) -> u64 {
    if game.hidden_information { 1000 } else { 10 }
}

#[test]
fn nothing_a_seat_cannot_see_reaches_it_in_seeded_games_of_every_game() {
    let mut compared = 0;
    for rules in hexforge_rules::games() {
        let games = leak_games(rules);
        let start = std::time::Instant::now();
        compared += nothing_leaks(rules.name(), rules.default_players(), games);
        eprintln!("{}: {games} games in {:.1?}", rules.name(), start.elapsed());
    }
    assert!(compared > 100_000, "{compared} messages compared");
}

/// Issue 45: two browser contexts play a Tao room (two people and a bot) through its invite
/// links on `/room/…`, a third watches as a spectator, one player reloads mid-game and
/// resumes (tests/page_play/room.py). Screenshots are left in the target folder's tmp (room/).
#[test]
fn two_browsers_play_a_room_through_its_invite_links() {
    let Some(chromium) = crate::e2e::CHROMIUM.or_skip() else { return };
    let Some(python) = crate::e2e::playwright_python() else { return };
    let served = Served::sqlite(None);
    let shots = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("room");
    std::fs::create_dir_all(&shots).unwrap();
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/page_play/room.py");
    let out = std::process::Command::new(&python)
        .arg(&script)
        .arg(format!("http://{}", served.server.addr))
        .arg(&shots)
        .arg(&chromium)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("python runs");
    let said = format!("{}\n{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the room's page play failed:\n{said}");
    assert!(said.contains("\"reloaded\": {"), "{said}");
}

/// A player gone longer than the grace period (1 s here) is played by the strong bot while
/// it is their turn, the room says so, and the seat is theirs again once they are back.
#[test]
fn an_absent_players_seat_is_played_by_the_strong_bot_and_handed_back() {
    let served = Served::sqlite(Some(Duration::from_secs(1)));
    let addr = served.server.addr;
    let (room, keys, _) = create(addr, "tao", &["person", "person"]);
    let path = format!("/api/rooms/{room}");
    // Seat 0 stays (a long poll keeps it seen); seat 1 asks nothing for 3 s.
    let start = std::time::Instant::now();
    let mut stood_in = None;
    while start.elapsed() < Duration::from_secs(3) {
        let (status, body) = call(addr, "GET", &format!("{path}?since=0&wait=0.5"), Some(&keys[0].1), "");
        assert_eq!(status, 200, "{body}");
        let state = json_of(&body);
        if state["to_move"] == 0 {
            let request = json!({"seq": state["seq"], "action": 0}).to_string();
            let (status, body) = call(addr, "POST", &format!("{path}/moves"), Some(&keys[0].1), &request);
            assert_eq!(status, 200, "{body}");
        }
        if state["last"]["by"] == "stand-in" {
            stood_in = Some(state);
        }
    }
    let state = stood_in.expect("the strong bot moved for the absent seat 1");
    assert_eq!(
        (state["last"]["seat"].as_u64(), state["seats"][1]["stand_in"].as_bool()),
        (Some(1), Some(true)),
        "{state}"
    );
    // Seat 1 is back: its seat is its own again.
    let (status, body) = call(addr, "GET", &path, Some(&keys[1].1), "");
    assert_eq!(status, 200, "{body}");
    assert_eq!(json_of(&body)["seats"][1]["stand_in"], json!(false), "{body}");
}

/// An undo takes a move back only with the other person's consent, and never a move that
/// told anyone something hidden or drew by chance: in Dragons of the Ba-Gua (nothing hidden,
/// no chance in a move) it is asked, holds the game, and once agreed gives the table as it
/// was; in Tao (every play shows a card from a hand, every draw draws) it is refused.
#[test]
fn an_undo_needs_consent_and_never_follows_a_reveal() {
    let served = Served::sqlite(None);
    let addr = served.server.addr;
    for (game, allowed) in [("dragons", true), ("tao", false)] {
        let (room, keys, _) = create(addr, game, &["person", "person"]);
        let path = format!("/api/rooms/{room}");
        let state_of = |key: &str| {
            let (status, body) = call(addr, "GET", &path, Some(key), "");
            assert_eq!(status, 200, "{body}");
            json_of(&body)
        };
        let first = state_of(&keys[0].1);
        let seat = first["to_move"].as_u64().unwrap() as usize;
        let (mover, other) = (&keys[seat].1, &keys[1 - seat].1);
        let before = state_of(mover);
        let request = json!({"seq": before["seq"], "action": 0}).to_string();
        let (status, body) = call(addr, "POST", &format!("{path}/moves"), Some(mover), &request);
        assert_eq!(status, 200, "{body}");
        let moved = json_of(&body);
        let ask = json!({"seq": moved["seq"]}).to_string();
        let (status, body) = call(addr, "POST", &format!("{path}/undo"), Some(mover), &ask);
        if !allowed {
            assert_eq!((status, json_of(&body)["rule"].as_str()), (409, Some("undo-after-reveal")), "{game}: {body}");
            continue;
        }
        assert_eq!(status, 200, "{game}: {body}");
        let asked = json_of(&body);
        assert_eq!(asked["undo"]["asked_by"].as_u64(), Some(seat as u64), "{body}");
        // The game waits for the answer.
        let waiting = state_of(other);
        if !waiting["actions"].as_array().unwrap().is_empty() {
            let request = json!({"seq": waiting["seq"], "action": 0}).to_string();
            let (status, body) = call(addr, "POST", &format!("{path}/moves"), Some(other), &request);
            assert_eq!((status, json_of(&body)["rule"].as_str()), (409, Some("undo-pending")), "{body}");
        }
        let yes = json!({"seq": asked["seq"], "yes": true}).to_string();
        let (status, body) = call(addr, "POST", &format!("{path}/undo"), Some(other), &yes);
        assert_eq!(status, 200, "{body}");
        let after = state_of(mover);
        assert!(after["undo"].is_null(), "{after}");
        assert_eq!(
            (&after["view"], &after["actions"], &after["to_move"]),
            (&before["view"], &before["actions"], &before["to_move"])
        );
        assert_eq!(after["seq"].as_i64(), Some(before["seq"].as_i64().unwrap() + 3), "a move, the ask and the answer");
    }
}

/// Rooms idle past the expiry (7 days) are deleted with their logs; a room active since stays.
#[tokio::test]
async fn idle_rooms_expire_with_their_logs() {
    use hexforge::rooms::store::{self, RoomRow};
    let dir = TempDir::new("rooms-expiry");
    let database = Database::sqlite_file(&dir.0.join("rooms.sqlite3"));
    let store = hexforge::results::ResultStore::open(&database).await.unwrap().unwrap();
    let pool = store.pool();
    let day = 24 * 3600 * 1000;
    let now = hexforge::results::now_millis();
    for (id, idle_days) in [("old", 8), ("recent", 6)] {
        let row = RoomRow {
            id: id.to_string(),
            game: "tao".to_string(),
            setup: r#"{"players":2,"options":[]}"#.to_string(),
            seed: u64::MAX,
            seats: "{}".to_string(),
            created_at: now - idle_days * day,
            last_active: now - idle_days * day,
        };
        store::insert_room(pool, &row).await.unwrap();
        assert!(store::append(pool, id, 1, r#"{"seat":0,"action":0}"#, row.last_active, false).await.unwrap());
        // The same event number again is refused: the log's key decides a race.
        assert!(!store::append(pool, id, 1, r#"{"seat":0,"action":1}"#, row.last_active, false).await.unwrap());
        // A seat's last-seen time: a later one replaces it, an earlier one does not.
        store::seen(pool, id, 1, row.last_active).await.unwrap();
        store::seen(pool, id, 1, row.last_active + 5).await.unwrap();
        store::seen(pool, id, 1, row.last_active + 2).await.unwrap();
        assert_eq!(store::seen_at(pool, id).await.unwrap(), vec![(1, row.last_active + 5)]);
    }
    let expiry = hexforge::rooms::referee::IDLE_EXPIRY.as_millis() as i64;
    assert_eq!(expiry, 7 * day);
    assert_eq!(store::expire(pool, now - expiry).await.unwrap(), 1);
    assert!(store::room(pool, "old").await.unwrap().is_none());
    assert!(store::events(pool, "old", 0).await.unwrap().is_empty());
    assert!(store::seen_at(pool, "old").await.unwrap().is_empty());
    assert_eq!(store::seen_at(pool, "recent").await.unwrap().len(), 1);
    let kept = store::room(pool, "recent").await.unwrap().expect("the recent room stays");
    assert_eq!((kept.seed, store::events(pool, "recent", 0).await.unwrap().len()), (u64::MAX, 1));
    store.close().await;
}
