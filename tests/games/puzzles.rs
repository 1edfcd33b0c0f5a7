//! The puzzles of docs/puzzles.md through the public interface: a published puzzle never changes
//! (pinned here by its whole JSON, answer included), every ladder's answer is the only
//! shortest one, and `hexforge puzzle` shows and checks them with the documented exit codes.

use hexforge::api::puzzles::{Answer, PuzzleCheck, PuzzleView, check, show};
use hexforge_rules::puzzles::PuzzleId;
use std::process::Command;

/// Puzzles as first published. A change to the generator that reshuffles them fails here:
/// people have played them, and the printed books carry them.
const PINNED: [&str; 7] = [
    r#"{"id":"zhipai-2026-11-24","game":"zhipai","start":57,"deal":[45,59,30,26,54,4,24,63,46,48,35,25,17,58,23,60,27,64,21,6,28,34,18,37,29,56,31,44,49,15,47,20,19,9,8,12,16,32,53,22,36,40,1,62,42,52,2,61,55,13,3,14,43,10,5,7,50,11,41,33,38,39],"optimum":6,"difficulty":{"placements":4,"passes":0,"positions":83,"rating":6},"solution":["59:left","4:left","24:right","46:left"]}"#,
    r#"{"id":"zhipai-1","game":"zhipai","start":57,"deal":[45,44,10,8,15,21,52,32,23,38,26,60,4,11,59,54,6,29,40,42,27,63,22,19,39,1,3,7,18,12,25,41,47,2,31,24,55,50,34,35,48,62,64,5,36,17,43,28,16,49,33,30,58,53,56,14,9,13,46,20,37,61],"optimum":7,"difficulty":{"placements":4,"passes":1,"positions":126,"rating":9},"solution":["44:left","10:left","21:right","pass","38:left"]}"#,
    r#"{"id":"pathways-2026-11-24","game":"pathways","from":38,"to":52,"deck":"6d","orientation":"dark","removed":[4,7,13,14,15,16,18,20,21,22,24,27,33,35,50,53,54],"optimum":7,"difficulty":{"length":7,"detour":2,"dead_ends":2,"rating":13},"solution":[38,64,40,32,62,56,52]}"#,
    r#"{"id":"pathways-1","game":"pathways","from":29,"to":45,"deck":"6d","orientation":"dark","removed":[7,8,39,47,59,60],"optimum":5,"difficulty":{"length":5,"detour":2,"dead_ends":0,"rating":9},"solution":[29,48,28,31,45]}"#,
    r#"{"id":"pathways-2","game":"pathways","from":48,"to":27,"deck":"6d","orientation":"dark","removed":[9,13,14,15,21,23,24,26,28,31,34,36,41,42,43,46,50,52,53,63],"optimum":8,"difficulty":{"length":8,"detour":2,"dead_ends":9,"rating":21},"solution":[48,57,44,33,56,30,22,27]}"#,
    r#"{"id":"solitaire-2026-11-29","game":"solitaire","seed":38400202,"piles":[[46,64,26,44,2,12,34,20,27,19,28,54],[31,47,11,21,33,52,35,38,10,8,45,53],[6,25,42,1,39,51,58,49,9,4,43,62],[30,32,50,18,59,3,41,63,14,23,55,16]],"start":15,"stock":[17,60,7,5,37,56,24,48,36,22,29,57,40,61,13],"light_side":[1,2,4,3,6,5,8,7,10,9,12,11,14,13,16,15,18,17,20,19,22,21,24,23,26,25,27,28,29,30,32,31,34,33,36,35,38,37,40,39,42,41,44,43,46,45,48,47,50,49,52,51,54,53,56,55,58,57,60,59,61,62,64,63],"optimum":12,"difficulty":{"shortest":12,"layouts":10552,"rating":12},"solution":["dark","turn","dark","3:dark","4:light","turn","light","4:dark","turn","dark","turn","light","3:light","4:light","3:light","turn","dark","3:dark","turn","dark","3:light","4:dark","turn","dark","turn","light","3:dark","1:dark","3:dark","1:dark","turn","light","4:light","3:light","2:light","1:dark","1:dark","4:light","1:dark","1:dark","1:light","2:light","2:light","1:dark","3:dark","1:light","turn","dark","1:dark","2:light","2:light","3:dark","4:dark","1:light","2:light","turn","dark","4:light","turn","light","2:dark","4:dark","4:dark","4:dark","2:light","4:dark","2:light","3:light","2:dark","3:light","2:light","1:dark","2:light"]}"#,
    r#"{"id":"solitaire-1","game":"solitaire","seed":1835250071,"piles":[[31,56,13,12,4,1,58,44,24,30,23,11],[64,9,36,16,14,60,32,5,26,46,7,8],[50,47,39,15,22,55,62,38,29,17,33,2],[19,52,41,37,18,10,25,35,57,34,6,51]],"start":53,"stock":[45,20,63,48,40,54,42,3,59,61,28,27,43,21,49],"light_side":[1,2,4,3,6,5,8,7,10,9,12,11,14,13,16,15,18,17,20,19,22,21,24,23,26,25,27,28,29,30,32,31,34,33,36,35,38,37,40,39,42,41,44,43,46,45,48,47,50,49,52,51,54,53,56,55,58,57,60,59,61,62,64,63],"optimum":11,"difficulty":{"shortest":11,"layouts":61868,"rating":11},"solution":["light","3:dark","2:light","turn","light","1:dark","3:light","turn","light","2:dark","2:dark","2:light","3:dark","4:dark","1:light","turn","dark","4:light","turn","dark","2:dark","turn","dark","2:dark","4:dark","3:dark","2:dark","4:light","1:dark","2:dark","3:dark","3:dark","3:dark","4:light","3:dark","4:light","4:light","2:dark","2:light","1:light","1:light","1:dark","4:light","1:dark","2:dark","4:dark","4:light","1:light","2:light","turn","light","4:dark","3:dark","3:dark","3:light","turn","light","4:dark","1:light","turn","dark","3:dark","1:light","turn","dark","1:light","turn","dark","turn","dark","1:light"]}"#,
];

fn id(text: &str) -> PuzzleId {
    text.parse().unwrap()
}

#[test]
fn published_puzzles_never_change() {
    for pinned in PINNED {
        let expected: serde_json::Value = serde_json::from_str(pinned).unwrap();
        let mut shown = serde_json::to_value(show(&id(expected["id"].as_str().unwrap()), true)).unwrap();
        // The rules' wording may be improved; the puzzle itself never changes.
        let rules = shown.as_object_mut().unwrap().remove("rules").expect("the rules come with the puzzle");
        assert!(rules.as_array().is_some_and(|r| r.len() >= 4), "{rules}");
        assert_eq!(shown, expected);
    }
}

#[test]
fn a_longer_legal_answer_is_valid_and_says_how_far_from_the_optimum() {
    // pathways-1 is 29 → 45 without 7, 8, 39, 47, 59, 60; its answer has 5 cards. A
    // longer legal route is found by the library's own Pathways search on a deck that
    // also lacks one of the answer's inner cards.
    let PuzzleView::Ladder(shown) = show(&id("pathways-1"), true) else { panic!("a ladder") };
    let answer = shown.solution.unwrap();
    let mode = hexforge_rules::changing_lines::pathways::Mode::Dark;
    let longer = (1..answer.len() - 1)
        .find_map(|k| {
            let mut out: Vec<i64> = shown.removed.iter().map(|h| i64::from(h.number())).collect();
            out.push(i64::from(answer[k].number()));
            let left: Vec<i64> = (1..=64).filter(|n| !out.contains(n)).collect();
            let deck = hexforge_rules::changing_lines::deck::Deck::custom(&left).unwrap();
            hexforge_rules::changing_lines::pathways::shortest(shown.from, shown.to, &deck, mode)
        })
        .expect("some detour around one of the answer's cards");
    let PuzzleCheck::Ladder(verdict) = check(&id("pathways-1"), &Answer::Sequence(longer.clone())).unwrap() else {
        panic!("a ladder's verdict")
    };
    assert!(verdict.valid, "{:?}", verdict.errors);
    assert_eq!(verdict.distance, Some(longer.len() - answer.len()));
    assert!(longer.len() > answer.len());
}

fn hexforge(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_hexforge")).args(args).output().unwrap();
    (out.status.code().unwrap(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn the_command_line_shows_and_checks_puzzles() {
    let (code, out, _) = hexforge(&["puzzle", "daily", "--date", "2026-11-24", "--json"]);
    assert_eq!(code, 0);
    let daily: serde_json::Value = serde_json::from_str(&out).unwrap();
    let pinned: serde_json::Value = serde_json::from_str(PINNED[2]).unwrap();
    assert_eq!(daily["removed"], pinned["removed"]);
    assert!(daily.get("solution").is_none(), "the answer only with --reveal");

    let answer: Vec<String> =
        pinned["solution"].as_array().unwrap().iter().map(|n| format!("{}:dark", n.as_u64().unwrap())).collect();
    let (code, out, _) =
        hexforge(&["puzzle", "check", "pathways-2026-11-24", "--sequence", &answer.join(","), "--json"]);
    assert_eq!(code, 0, "{out}");
    let verdict: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((verdict["valid"].clone(), verdict["distance"].clone()), (true.into(), 0.into()));

    // A card taken out of the deck is named at the move that lays it.
    let (code, out, _) =
        hexforge(&["puzzle", "check", "pathways-2026-11-24", "--sequence", "38:dark,4:dark", "--json"]);
    assert_eq!(code, 1, "{out}");
    let verdict: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((verdict["failed_move"].clone(), verdict["rule"].clone()), (2.into(), "not-in-deck".into()));

    // A Zhi Pai deal: its best turns score the optimum; a pass alone leaves it unfinished.
    let (code, out, _) = hexforge(&["puzzle", "check", "zhipai-1", "--turns", "44:left,10:left,21:right,pass,38:left"]);
    assert_eq!((code, out.trim()), (0, "solved, score 7: the optimum"));
    let (code, out, _) = hexforge(&["puzzle", "check", "zhipai-1", "--turns", "45:left,pass", "--json"]);
    let verdict: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(code, 1);
    assert!(verdict["failed_turn"] == 1 || verdict["state"] == "unfinished", "{verdict}");

    let (code, _, err) = hexforge(&["puzzle", "show", "pathways-2026-02-30"]);
    assert_eq!(code, 2);
    assert!(err.contains("2026-02-30"), "{err}");

    // A solitaire deal: its pinned shortest win clears it at the optimum; a card that does
    // not fit is named at its move; a move misspelt is bad input, named.
    let pinned: serde_json::Value = serde_json::from_str(PINNED[5]).unwrap();
    let (code, out, _) = hexforge(&["puzzle", "daily", "--game", "solitaire", "--date", "2026-11-29", "--json"]);
    let daily: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((code, daily["piles"].clone(), daily.get("solution")), (0, pinned["piles"].clone(), None));
    let moves: Vec<&str> = pinned["solution"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    let (code, out, _) = hexforge(&["puzzle", "check", "solitaire-2026-11-29", "--moves", &moves.join(",")]);
    assert_eq!((code, out.trim()), (0, "solved, 12 stock cards turned: the optimum"));
    let (code, out, _) = hexforge(&["puzzle", "check", "solitaire-2026-11-29", "--moves", "dark,1:dark", "--json"]);
    let verdict: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((code, verdict["failed_move"].clone(), verdict["rule"].clone()), (1, 2.into(), "does-not-fit".into()));
    let (code, _, err) = hexforge(&["puzzle", "check", "solitaire-1", "--moves", "dark,9:dark"]);
    assert!(code == 2 && err.contains("\"9:dark\" is not a move"), "{err}");
}

/// Issue 27: a day after tomorrow (UTC) is refused, tomorrow is allowed (time zones);
/// a date out of the calendar's range is called so; bare card numbers answer a ladder;
/// the wrong kind of answer says what was sent and what is expected.
#[test]
fn the_command_line_refuses_future_days_and_reads_bare_cards() {
    use hexforge_rules::puzzles::Date;
    let now = hexforge::puzzles::now_seconds();
    let day = |n: u64| Date::from_unix_seconds(now + n * 86_400).to_string();
    let (code, _, err) = hexforge(&["puzzle", "daily", "--date", &day(2)]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains(&format!("pathways-{} is not out yet", day(2))) && err.contains(&day(1)), "{err}");
    assert_eq!(hexforge(&["puzzle", "daily", "--date", &day(1)]).0, 0, "tomorrow, for time zones ahead of UTC");
    let (code, _, err) = hexforge(&["puzzle", "show", &format!("zhipai-{}", day(3))]);
    assert!(code == 2 && err.contains("not out yet"), "{err}");
    let (code, _, err) = hexforge(&["puzzle", "check", &format!("pathways-{}", day(2)), "--sequence", "1"]);
    assert!(code == 2 && err.contains("not out yet"), "{err}");

    let (code, _, err) = hexforge(&["puzzle", "daily", "--date", "1999-12-31"]);
    assert!(code == 2 && err.contains("1999-12-31 is out of range"), "{err}");
    let (code, _, err) = hexforge(&["puzzle", "daily", "--date", "2026-02-30"]);
    assert!(code == 2 && err.contains("is not a date"), "{err}");

    // pathways-1 is 29, 48, 28, 31, 45: bare numbers lie dark side up, as a ladder's cards do.
    let (code, out, _) = hexforge(&["puzzle", "check", "pathways-1", "--sequence", "29,48,28,31,45"]);
    assert_eq!((code, out.trim()), (0, "solved, 5 cards: the optimum"));
    let (code, out, _) = hexforge(&["puzzle", "check", "pathways-1", "--sequence", "29, 48:dark, 28"]);
    assert!(code == 1 && out.starts_with("unfinished"), "{out}");

    let (code, _, err) = hexforge(&["puzzle", "check", "pathways-1", "--turns", "pass"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("pathways-1 was sent turns (a Zhi Pai deal's answer), but it is a Pathways ladder: answer it with a sequence"),
        "{err}"
    );
    let (_, out, _) = hexforge(&["puzzle", "show", "pathways-2026-11-24"]);
    assert!(out.contains("2 tempting dead ends"), "{out}");
    let one = (1..=200)
        .map(|n| format!("pathways-{n}"))
        .find(|text| matches!(show(&id(text), false), PuzzleView::Ladder(l) if l.difficulty.dead_ends == 1))
        .expect("some ladder of the first 200 has one tempting dead end");
    let (_, out, _) = hexforge(&["puzzle", "show", &one]);
    assert!(out.contains("1 tempting dead end)"), "{out}");
}
