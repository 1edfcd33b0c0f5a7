//! Every enum of `web/openapi.json`, checked against the Rust it describes: a word the
//! document lists is one the server reads or writes, and every word the Rust type has is
//! listed. Each enum of the document must be in [`ENUMS`], so a new one is tied to its
//! type when it is written; the words themselves are written once, in Rust.

use super::openapi::OPENAPI_JSON;
use crate::api::fields::Spelled;
use crate::api::{State, Status};
use hexforge_rules::changing_lines::deck::DeckName;
use hexforge_rules::changing_lines::pathways::Mode;
use hexforge_rules::core::card::Orientation;
use hexforge_rules::core::hexagram::{Hexagram, Kind};
use hexforge_rules::core::lang::Lang;
use hexforge_rules::core::trigram::Trigram;
use hexforge_rules::core::verify::LineStatus;
use hexforge_rules::play::Outcome;
use hexforge_rules::puzzles::{PuzzleGame, PuzzleId};
use hexforge_rules::zhi_pai::{Condition, Side};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

/// The words a serde enum reads, from its own refusal of a word it does not know
/// ("unknown variant `?`, expected one of `a`, `b`"): the derive's list, not a copy.
fn read<T: DeserializeOwned>() -> Vec<Value> {
    let err = serde_json::from_value::<T>(json!("\u{1}")).err().expect("a word no enum has").to_string();
    let expected = err.split("expected").nth(1).unwrap_or_else(|| panic!("not a serde enum: {err}"));
    expected.split('`').skip(1).step_by(2).map(|w| json!(w)).collect()
}

/// `values`, as the server writes them.
fn written<T: Serialize>(values: impl IntoIterator<Item = T>) -> Vec<Value> {
    values.into_iter().map(|v| serde_json::to_value(v).expect("serialises")).collect()
}

/// The spellings a request may use for a word (`api::fields`).
fn spelled<T: Spelled>() -> Vec<Value> {
    T::SPELLINGS.iter().map(|s| json!(s)).collect()
}

/// The variants of a type with no list of its own, as the server writes them: the
/// `match` makes a new variant a compile error here until it is listed.
macro_rules! variants {
    ($t:ident: $($v:ident),+) => {{
        let all = [$($t::$v),+];
        all.iter().for_each(|x| match x {
            $($t::$v)|+ => {}
        });
        written(all)
    }};
}

fn line_statuses() -> Vec<Value> {
    variants!(LineStatus: Ok, Mismatch, Unreadable)
}

fn statuses() -> Vec<Value> {
    variants!(Status: Optimal, None, Unknown)
}

fn states() -> Vec<Value> {
    variants!(State: Unfinished, Broken, Solved)
}

fn conditions() -> Vec<Value> {
    variants!(Condition: OneLine, Swap, Trigram)
}

/// Every kind some hexagram has.
fn kinds() -> Vec<Value> {
    let mut kinds: Vec<Kind> = Vec::new();
    for h in Hexagram::all() {
        for k in h.kinds() {
            if !kinds.contains(&k) {
                kinds.push(k);
            }
        }
    }
    written(kinds)
}

/// The line values a cast takes: those six of which cast.
fn cast_values() -> Vec<Value> {
    (0..=20).filter(|&v| hexforge_rules::core::casting::cast(&[v; 6]).is_ok()).map(|v| json!(v)).collect()
}

/// A field of the puzzle `id` as the server shows it.
fn shown(id: &str, field: &str) -> Vec<Value> {
    let view = crate::api::puzzles::show(&id.parse::<PuzzleId>().expect("an id"), false);
    vec![serde_json::to_value(view).expect("serialises")[field].clone()]
}

/// What a path parameter or schema's `enum` must hold: (JSON pointer, the Rust words).
type Source = (&'static str, fn() -> Vec<Value>);

const ENUMS: &[Source] = &[
    ("/paths/~1api~1puzzles~1daily/get/parameters/0/schema", || written(PuzzleGame::ALL.map(PuzzleGame::name))),
    ("/paths/~1cards~1{deck}~1{file}/get/parameters/0/schema", || {
        written(crate::games::decks::ALL.iter().map(|d| d.slug()))
    }),
    ("/paths/~1cards~1{deck}~1{file}/get/parameters/2/schema", spelled::<Orientation>),
    ("/paths/~1cards~1{deck}~1{file}/get/parameters/3/schema", spelled::<Lang>),
    ("/paths/~1fonts~1{file}/get/parameters/0/schema", || {
        written(crate::print::fonts::font_files().iter().map(|(name, _)| *name))
    }),
    ("/components/schemas/Ready/properties/results", || written(super::ready::RESULTS)),
    ("/components/schemas/Trigram", || written(Trigram::ALL.map(Trigram::name))),
    ("/components/schemas/Hexagram/properties/kinds/items", kinds),
    ("/components/schemas/CastRequest/properties/values/items", cast_values),
    ("/paths/~1api~1cast/get/parameters/0/schema", || written(hexforge_rules::core::spread::SPREADS.map(|s| s.name))),
    ("/components/schemas/Orientation", read::<Orientation>),
    ("/components/schemas/PhotoLine/properties/status", line_statuses),
    ("/components/schemas/PathwaysQuery/properties/deck", spelled::<DeckName>),
    ("/components/schemas/PathwaysQuery/properties/orientation", spelled::<Mode>),
    ("/components/schemas/PathwaysCheckQuery/properties/deck", spelled::<DeckName>),
    ("/components/schemas/PathwaysCheckQuery/properties/orientation", spelled::<Mode>),
    ("/components/schemas/PlacementInput/properties/side", spelled::<Side>),
    ("/components/schemas/Link/properties/condition", conditions),
    ("/components/schemas/Placement/properties/side", read::<Side>),
    ("/components/schemas/Placement/properties/condition", conditions),
    ("/components/schemas/SearchStatus", statuses),
    ("/components/schemas/CheckState", states),
    ("/components/schemas/ZhiPaiMove/properties/side", read::<Side>),
    // A move that breaks a rule has no condition: null.
    ("/components/schemas/ZhiPaiMove/properties/condition", || {
        let mut words = conditions();
        words.push(Value::Null);
        words
    }),
    ("/components/schemas/PuzzleLadder/properties/game", || shown("pathways-1", "game")),
    ("/components/schemas/PuzzleLadder/properties/deck", || shown("pathways-1", "deck")),
    ("/components/schemas/PuzzleLadder/properties/orientation", || shown("pathways-1", "orientation")),
    ("/components/schemas/PuzzleDeal/properties/game", || shown("zhipai-1", "game")),
    ("/components/schemas/PuzzleSolitaire/properties/game", || shown("solitaire-1", "game")),
    // A solitaire table's end: won by the player (an object), stalled (this word), or on.
    ("/components/schemas/SolitaireTable/properties/outcome/oneOf/1", || written([Outcome::Stalled])),
    ("/components/schemas/OrientationInput", spelled::<Orientation>),
    ("/components/schemas/TaoPlay/properties/kinds/items", || written(hexforge_rules::tao::legal::PlayKind::ALL)),
    ("/components/schemas/TaoFace/properties/orientation", read::<Orientation>),
    ("/components/schemas/LiuboRecord/properties/variant", read::<hexforge_rules::liubo::Variant>),
    ("/components/schemas/YijingPaiLay/properties/call", read::<hexforge_rules::yijing_pai::legal::Call>),
    ("/components/schemas/YijingPaiLay/properties/place", read::<hexforge_rules::yijing_pai::legal::Place>),
    ("/components/schemas/ZhiPaiTurn/properties/lay/properties/side", read::<Side>),
    ("/components/schemas/DragonsAction/properties/then", read::<hexforge_rules::dragons::Then>),
    ("/components/schemas/RoomCreate/properties/seats/items", || {
        written(std::iter::once(crate::rooms::PERSON).chain(hexforge_rules::play::bots::Bot::NAMES))
    }),
];

/// Every `enum` in `value`, by JSON pointer.
fn enums(value: &Value, at: &str, found: &mut Vec<(String, Vec<Value>)>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::Array(words)) = map.get("enum") {
                found.push((at.to_string(), words.clone()));
            }
            for (key, inner) in map {
                enums(inner, &format!("{at}/{}", key.replace('~', "~0").replace('/', "~1")), found);
            }
        }
        Value::Array(items) => {
            for (i, inner) in items.iter().enumerate() {
                enums(inner, &format!("{at}/{i}"), found);
            }
        }
        _ => {}
    }
}

/// The words as a sorted list of their JSON, so that order does not count.
fn set(words: &[Value]) -> Vec<String> {
    let mut words: Vec<String> = words.iter().map(Value::to_string).collect();
    words.sort();
    words
}

#[test]
fn every_enum_of_the_document_is_its_rust_types_words() {
    let doc: Value = serde_json::from_str(OPENAPI_JSON).expect("web/openapi.json is JSON");
    let mut found = Vec::new();
    enums(&doc, "", &mut found);
    let mut wrong = Vec::new();
    for (at, words) in &found {
        match ENUMS.iter().find(|(pointer, _)| pointer == at) {
            None => wrong.push(format!("{at}: an enum tied to no Rust type (add it to ENUMS)")),
            Some((_, rust)) if set(words) != set(&rust()) => {
                wrong.push(format!("{at}: the document lists {:?}, the Rust type {:?}", set(words), set(&rust())))
            }
            Some(_) => {}
        }
    }
    for (pointer, _) in ENUMS {
        if !found.iter().any(|(at, _)| at == pointer) {
            wrong.push(format!("{pointer}: no enum there in the document"));
        }
    }
    assert!(wrong.is_empty(), "web/openapi.json and the Rust types disagree:\n{}", wrong.join("\n"));
}

#[test]
fn the_check_catches_a_word_the_rust_type_lacks() {
    assert_eq!(set(&read::<Orientation>()), set(&[json!("dark"), json!("light")]));
    assert_ne!(set(&[json!("dark"), json!("light"), json!("dusk")]), set(&read::<Orientation>()));
    assert_eq!(cast_values(), [json!(6), json!(7), json!(8), json!(9)]);
}
