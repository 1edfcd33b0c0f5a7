//! Prints the test vectors with the native answers, one `{"request":…,"answer":…}` a line,
//! for `scripts/wasm-vectors.mjs` to compare the module's answers with:
//! `cargo run -p hexforge-rules-wasm --example vectors > vectors.jsonl`.

fn main() {
    let fixed = include_str!("../tests/requests.jsonl");
    for (request, answer) in hexforge_rules_wasm::vectors::vectors(fixed) {
        println!("{{\"request\":{request},\"answer\":{answer}}}");
    }
}
