//! The test vectors natively: every game of the registry answers its requests (the fixed
//! requests are refused unless they say `"expect":"ok"`), and the same requests give the
//! same bytes twice, so the module's answers under Node can be compared with them.

use hexforge_rules_wasm::vectors::vectors;

const FIXED: &str = include_str!("requests.jsonl");

#[test]
fn every_game_answers_its_vectors_and_the_answers_repeat() {
    let first = vectors(FIXED);
    let games = first.iter().filter(|(r, _)| r.contains("\"op\":\"simulate\"")).count();
    assert!(games >= 6, "two simulated games of each of at least three games: {games}");
    for (request, answer) in &first[..first.len() - FIXED.lines().count()] {
        assert!(answer.starts_with("{\"ok\":"), "{request} → {answer:.300}");
    }
    for (request, answer) in &first[first.len() - FIXED.lines().count()..] {
        // A fixed request is refused unless it says it expects an answer.
        let refused = answer.starts_with("{\"error\":");
        assert_eq!(refused, !request.contains("\"expect\":\"ok\""), "{request} → {answer}");
    }
    assert_eq!(first, vectors(FIXED), "the same requests, the same answers");
}
