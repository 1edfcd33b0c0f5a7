//! A room's live socket (`GET /api/rooms/{room}/live`; docs/service.md, Rooms), through the
//! real server on a loopback port with an SQLite store: each seat on a socket of its own is
//! sent every move at once, and exactly what the long poll answers that seat (so what it may
//! see and nothing else); a spectator the public view; a socket that comes back with its
//! last event number is given each event it missed, in order; refusals are JSON.

use serde_json::{Value, json};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::stream::MaybeTlsStream;
use tokio_tungstenite::tungstenite::{self, Message, WebSocket};

use crate::rooms::{Served, call, create, json_of};

pub(crate) type Socket = WebSocket<MaybeTlsStream<TcpStream>>;

/// A socket on `room`, its first message `hello` sent.
pub(crate) fn open(addr: SocketAddr, room: &str, hello: Value) -> Socket {
    let (mut socket, _) = tungstenite::connect(format!("ws://{addr}/api/rooms/{room}/live")).expect("the socket opens");
    if let MaybeTlsStream::Plain(stream) = socket.get_ref() {
        // Long enough for a game's first public view, which finds its private fields
        // (seeded games played once per process; seconds in a debug build).
        stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    }
    socket.send(Message::text(hello.to_string())).unwrap();
    socket
}

/// The socket's next text message, as JSON (pings skipped); a test that times the
/// arrival checks it apart.
pub(crate) fn next(socket: &mut Socket) -> Value {
    loop {
        match socket.read().expect("a message within 30 s") {
            Message::Text(text) => return json_of(text.as_str()),
            Message::Ping(_) | Message::Pong(_) => continue,
            other => panic!("not a text message: {other:?}"),
        }
    }
}

/// What the long poll answers `key`'s holder now.
fn polled(addr: SocketAddr, room: &str, key: &str) -> Value {
    let (status, body) = call(addr, "GET", &format!("/api/rooms/{room}"), Some(key), "");
    assert_eq!(status, 200, "{body}");
    json_of(&body)
}

/// The key of the seat to move now, and the event number.
fn mover<'a>(addr: SocketAddr, room: &str, keys: &'a [(usize, String)]) -> (&'a str, i64) {
    let state = polled(addr, room, &keys[0].1);
    let seat = state["to_move"].as_u64().expect("someone is to move") as usize;
    (&keys.iter().find(|(s, _)| *s == seat).unwrap().1, state["seq"].as_i64().unwrap())
}

#[test]
fn two_seats_on_sockets_are_each_sent_every_move_at_once_as_the_long_poll_says_it() {
    let served = Served::sqlite(None);
    let addr = served.server.addr;
    let (room, keys, _) = create(addr, "tao", &["person", "person"]);
    let mut sockets: Vec<Socket> = keys.iter().map(|(_, key)| open(addr, &room, json!({"key": key}))).collect();
    for (socket, (seat, key)) in sockets.iter_mut().zip(&keys) {
        let first = next(socket);
        assert_eq!(first["you"].as_u64(), Some(*seat as u64), "{first}");
        assert_eq!(first, polled(addr, &room, key), "seat {seat}: the socket says what the long poll says");
    }
    assert_ne!(polled(addr, &room, &keys[0].1)["view"]["hand"], polled(addr, &room, &keys[1].1)["view"]["hand"]);
    // Three moves: two over the mover's socket, one posted; each reaches both sockets.
    for round in 0..3 {
        let (key, seq) = mover(addr, &room, &keys);
        let seat = keys.iter().position(|(_, k)| k == key).unwrap();
        let start = Instant::now();
        let request = json!({"seq": seq, "action": 0});
        if round < 2 {
            sockets[seat].send(Message::text(request.to_string())).unwrap();
        } else {
            let (status, body) =
                call(addr, "POST", &format!("/api/rooms/{room}/moves"), Some(key), &request.to_string());
            assert_eq!(status, 200, "{body}");
        }
        for (socket, (other, key)) in sockets.iter_mut().zip(&keys) {
            let got = next(socket);
            assert_eq!(got["seq"].as_i64(), Some(seq + 1), "seat {other}: {got}");
            assert_eq!(got["last"]["seat"].as_u64(), Some(seat as u64), "{got}");
            // Nothing else was written since: the long poll answers the same bytes.
            assert_eq!(got, polled(addr, &room, key), "seat {other}, event {}", seq + 1);
        }
        assert!(start.elapsed() < Duration::from_secs(2), "the move took {:?} to reach the sockets", start.elapsed());
    }
    let (_, metrics) = call(addr, "GET", "/metrics", None, "");
    assert!(metrics.contains("hexforge_room_sockets_open 2\n"), "{metrics}");
    assert!(metrics.contains("hexforge_room_sockets_opened_total 2\n"), "{metrics}");
}

#[test]
fn a_socket_back_with_its_last_event_number_is_sent_each_event_it_missed() {
    let served = Served::sqlite(None);
    let addr = served.server.addr;
    let (room, keys, _) = create(addr, "tao", &["person", "person"]);
    let mut socket = open(addr, &room, json!({"key": keys[1].1}));
    let had = next(&mut socket)["seq"].as_i64().unwrap();
    drop(socket);
    // Four moves while seat 1's socket is gone.
    for _ in 0..4 {
        let (key, seq) = mover(addr, &room, &keys);
        let request = json!({"seq": seq, "action": 0}).to_string();
        let (status, body) = call(addr, "POST", &format!("/api/rooms/{room}/moves"), Some(key), &request);
        assert_eq!(status, 200, "{body}");
    }
    let now = polled(addr, &room, &keys[1].1);
    let last = now["seq"].as_i64().unwrap();
    assert_eq!(last, had + 4);
    let mut socket = open(addr, &room, json!({"key": keys[1].1, "since": had}));
    let missed: Vec<Value> = (0..4).map(|_| next(&mut socket)).collect();
    let numbers: Vec<i64> = missed.iter().map(|m| m["seq"].as_i64().unwrap()).collect();
    assert_eq!(numbers, (had + 1..=last).collect::<Vec<_>>(), "each missed event, in order, never a reset");
    assert!(missed.iter().all(|m| m["you"] == 1 && m["table"] == 0), "{missed:?}");
    assert_eq!(missed[3], now, "the last is the table as it is");
    let (_, metrics) = call(addr, "GET", "/metrics", None, "");
    assert!(metrics.contains("hexforge_room_socket_reconnects_total 1\n"), "{metrics}");
}

#[test]
fn a_spectators_socket_is_sent_the_public_view_only() {
    let served = Served::sqlite(None);
    let addr = served.server.addr;
    let (room, keys, spectators) = create(addr, "tao", &["person", "person"]);
    let mut watching = open(addr, &room, json!({"key": spectators}));
    let first = next(&mut watching);
    assert!(first["you"].is_null() && first["view"].get("hand").is_none() && first["actions"] == json!([]), "{first}");
    assert_eq!(first, polled(addr, &room, &spectators));
    let (key, seq) = mover(addr, &room, &keys);
    let request = json!({"seq": seq, "action": 0}).to_string();
    let (status, body) = call(addr, "POST", &format!("/api/rooms/{room}/moves"), Some(key), &request);
    assert_eq!(status, 200, "{body}");
    let seen = next(&mut watching);
    assert_eq!(seen["seq"].as_i64(), Some(seq + 1), "{seen}");
    assert!(seen["view"].get("hand").is_none() && !seen.to_string().contains("\"seed\""), "{seen}");
    assert_eq!(seen, polled(addr, &room, &spectators));
    // A spectator's move over the socket is refused, and the socket stays open.
    watching.send(Message::text(json!({"seq": seq + 1, "action": 0}).to_string())).unwrap();
    assert_eq!(next(&mut watching)["rule"], "spectator");
}

#[test]
fn socket_refusals_are_json_errors() {
    let served = Served::sqlite(None);
    let addr = served.server.addr;
    let (room, keys, _) = create(addr, "tao", &["person", "person"]);
    let mut socket = open(addr, &room, json!({"key": keys[0].1}));
    let state = next(&mut socket);
    let seq = state["seq"].as_i64().unwrap();
    // Over the 2 KiB of a message about a room, unreadable, stale: refused, the socket stays.
    let long = format!("{{\"seq\":{seq},\"action\":0,\"pad\":\"{}\"}}", "x".repeat(3000));
    let stale = json!({"seq": seq - 1, "action": 0}).to_string();
    for (sent, rule) in [(long.as_str(), "too-large"), ("{\"seq\":", "bad-message"), (stale.as_str(), "stale")] {
        socket.send(Message::text(sent)).unwrap();
        let refused = next(&mut socket);
        assert_eq!(refused["rule"], rule, "{refused}");
        assert!(refused["error"].as_str().is_some_and(|e| !e.is_empty()), "{refused}");
    }
    // A key of nobody here: refused, then closed with 4000 + 403.
    let mut stranger = open(addr, &room, json!({"key": "not-a-key"}));
    assert_eq!(next(&mut stranger)["rule"], "bad-key");
    match stranger.read() {
        Ok(Message::Close(Some(frame))) => assert_eq!(u16::from(frame.code), 4403),
        other => panic!("not closed: {other:?}"),
    }
    // No such room: 404 before any upgrade; no upgrade asked: 426, both JSON.
    match tungstenite::connect(format!("ws://{addr}/api/rooms/nosuchroom/live")) {
        Err(tungstenite::Error::Http(response)) => assert_eq!(response.status(), 404),
        other => panic!("a socket on no room: {:?}", other.map(|(_, r)| r.status())),
    }
    let (status, body) = call(addr, "GET", &format!("/api/rooms/{room}/live"), None, "");
    assert_eq!((status, json_of(&body)["rule"].as_str()), (426, Some("not-websocket")), "{body}");
}
