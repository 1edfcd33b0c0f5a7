//! Rooms across replicas (docs/service.md, Rooms): two `hexforge serve` processes on one
//! real PostgreSQL cluster of the test's own (skipped, saying so, where PostgreSQL is not
//! installed; failed in CI), the two players of a Tao game (with a bot) on different
//! replicas; one replica is killed mid-game (SIGKILL), its player carries on through the
//! other, and the game ends with every acknowledged move in a record that checks.

use serde_json::json;
use std::time::{Duration, Instant};

use crate::pg_cluster::Cluster;
use crate::results::Served;
use crate::rooms::{Choices, call, create, json_of};

/// Waits until `served` answers rooms (PostgreSQL is connected to in the background).
fn wait_ready(served: &Served) {
    let start = Instant::now();
    loop {
        let (status, _) = call(served.addr, "GET", "/ready", None, "");
        if status == 200 {
            return;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "the replica did not connect");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn two_replicas_on_one_postgresql_referee_one_game_and_a_killed_replica_loses_no_move() {
    let Some(cluster) = Cluster::new_or_skip("rooms") else { return };
    cluster.start();
    let mut a = Served::start(&["--database", &cluster.url()]);
    let b = Served::start(&["--database", &cluster.url()]);
    wait_ready(&a);
    wait_ready(&b);
    let (room, keys, _) = create(a.addr, "tao", &["person", "person", "search"]);
    // Seat 0 plays through replica A, seat 1 through B; after 3 of its moves A is killed.
    let mut at = [a.addr, b.addr];
    let mut acknowledged = [0usize; 2];
    let mut choices = Choices::new(7);
    let mut killed = false;
    let path = format!("/api/rooms/{room}");
    let end = 'game: loop {
        let mut moved = false;
        for (i, (seat, key)) in keys.iter().enumerate() {
            // A long poll from the seat's last view: news written on the other replica
            // must reach it (a notification, or the poll's re-reading).
            let (status, body) = call(at[i], "GET", &path, Some(key), "");
            assert_eq!(status, 200, "{body}");
            let state = json_of(&body);
            if !state["outcome"].is_null() {
                break 'game state;
            }
            let actions = state["actions"].as_array().unwrap();
            if actions.is_empty() {
                continue;
            }
            let request = json!({"seq": state["seq"], "action": choices.pick(actions.len())}).to_string();
            let (status, body) = call(at[i], "POST", &format!("{path}/moves"), Some(key), &request);
            assert_eq!(status, 200, "seat {seat}: {body}");
            acknowledged[i] += 1;
            moved = true;
            if !killed && acknowledged[0] == 3 {
                a.child.kill().unwrap();
                a.child.wait().unwrap();
                killed = true;
                at[0] = b.addr;
            }
        }
        assert!(moved, "nobody could move and the game is not over");
    };
    assert!(killed, "the game ended before replica A was killed; pick another seed");
    let (status, record) = call(b.addr, "GET", &format!("{path}/record"), Some(&keys[0].1), "");
    assert_eq!(status, 200, "{record}");
    let verdict = hexforge_rules::game("tao").unwrap().check(1, &record).unwrap();
    assert!(verdict.valid, "{verdict:?}");
    assert_eq!(verdict.winner.map(|w| w as u64), end["outcome"]["won"].as_u64());
    let actions = json_of(&record)["actions"].as_array().unwrap().clone();
    for (i, (seat, _)) in keys.iter().enumerate() {
        let written = actions.iter().filter(|a| a["seat"] == *seat).count();
        assert_eq!(written, acknowledged[i], "seat {seat}: every acknowledged move is in the record");
    }
}

/// The grace period both replicas are started with in the next test, seconds.
const GRACE: f64 = 6.0;

/// Who is here is shared (docs/service.md, Rooms): a player connected to replica A, silent
/// and to move, is never stood in for by replica B, however long B has not heard from them
/// itself; once that player's socket is gone, B's stand-in plays for them after the grace.
#[test]
fn a_player_connected_to_one_replica_is_not_stood_in_for_by_the_other_until_truly_gone() {
    use crate::rooms_live::{next, open};
    let Some(cluster) = Cluster::new_or_skip("rooms-presence") else { return };
    cluster.start();
    let grace = GRACE.to_string();
    let a = Served::start(&["--database", &cluster.url(), "--room-grace", &grace]);
    let b = Served::start(&["--database", &cluster.url(), "--room-grace", &grace]);
    wait_ready(&a);
    wait_ready(&b);
    let (room, keys, _) = create(a.addr, "tao", &["person", "person"]);
    let path = format!("/api/rooms/{room}");
    let (_, body) = call(a.addr, "GET", &path, Some(&keys[0].1), "");
    let mover = json_of(&body)["to_move"].as_u64().expect("someone is to move") as usize;
    let other = 1 - mover;
    // The seat to move holds a socket on A and sends nothing; the other seat one on B.
    let mut here = open(a.addr, &room, json!({"key": keys[mover].1}));
    assert_eq!(next(&mut here)["seq"], 0);
    let mut watching = open(b.addr, &room, json!({"key": keys[other].1}));
    assert_eq!(next(&mut watching)["seq"], 0);
    // Two and a half grace periods: B's sockets look in every 2 s and would stand in for a
    // seat B itself has not heard from.
    std::thread::sleep(Duration::from_secs_f64(GRACE * 2.5));
    let (status, body) = call(b.addr, "GET", &path, Some(&keys[other].1), "");
    assert_eq!(status, 200, "{body}");
    let state = json_of(&body);
    assert_eq!(state["seq"], 0, "nothing was played for the connected player: {state}");
    assert_eq!(state["seats"][mover]["stand_in"], false, "{state}");
    // The player leaves (the socket is dropped): B plays for them once the grace is over.
    drop(here);
    let left = Instant::now();
    let played = loop {
        let got = next(&mut watching);
        if got["seq"].as_i64() >= Some(1) {
            break got;
        }
        assert!(left.elapsed() < Duration::from_secs(90), "no stand-in played for the gone player");
    };
    let after = left.elapsed();
    assert_eq!(played["last"]["seat"].as_u64(), Some(mover as u64), "{played}");
    assert_eq!(played["last"]["by"], "stand-in", "{played}");
    assert_eq!(played["seats"][mover]["stand_in"], true, "{played}");
    assert!(after >= Duration::from_secs_f64(GRACE - 0.5), "a stand-in played {after:?} after the player left");
}
