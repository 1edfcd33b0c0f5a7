//! Every field of `web/openapi.json`, checked against what the server writes and reads
//! (the enums' words are checked in `src/http/openapi_enums.rs`).
//!
//! - **Answers.** Every route that answers JSON is called on the real server (SQLite
//!   store, rooms) with the document's own examples, plus [`EXTRA`] calls for the other
//!   shapes an answer takes; each JSON answer is read against the schema of its status:
//!   every key it has is a property the schema lists, every required property is there,
//!   and each value has the JSON type the schema gives, all the way down. Every property
//!   the document lists for an answer must be seen in some answer, so a field the Rust
//!   type no longer writes fails too.
//! - **Requests.** Every JSON request body's schema is read against the Rust type behind
//!   its route, through the route: the example is accepted; the fields the Rust type
//!   reads (serde's own list, from its refusal of an unknown field) are the schema's
//!   properties; a required property left out is refused and an optional one is not.

use serde_json::{Map, Value};
use std::collections::BTreeSet;
use std::net::SocketAddr;

use crate::rooms::{Served, call, json_of};

/// The document, as the server embeds it.
fn document() -> Value {
    serde_json::from_str(include_str!("../../web/openapi.json")).expect("web/openapi.json is JSON")
}

/// Calls beyond the examples, for shapes of an answer the examples do not reach:
/// (method, path as in the document, request target, JSON body).
const EXTRA: &[(&str, &str, &str, &str)] = &[
    ("GET", "/api/puzzles/{id}", "/api/puzzles/zhipai-1", ""),
    ("GET", "/api/puzzles/daily", "/api/puzzles/daily?game=zhipai&date=2026-11-24", ""),
    ("POST", "/api/puzzles/{id}/check", "/api/puzzles/zhipai-1/check?compare=true", r#"{"turns":["pass"]}"#),
    ("POST", "/api/puzzles/{id}/check", "/api/puzzles/pathways-1/check?compare=true", r#"{"sequence":[]}"#),
    ("GET", "/api/hexagrams/{n}", "/api/hexagrams/65", ""),
    ("POST", "/api/cast", "/api/cast", r#"{"values":[5]}"#),
    ("POST", "/api/neighbours/verify", "/api/neighbours/verify", r#"{"card":12,"numbers":[1,2,3,4,5,6]}"#),
    (
        "POST",
        "/api/sequences/pathways/check",
        "/api/sequences/pathways/check",
        r#"{"from":1,"to":2,"sequence":[{"card":1,"orientation":"dark"}]}"#,
    ),
    (
        "POST",
        "/api/sequences/zhi-pai/check",
        "/api/sequences/zhi-pai/check",
        r#"{"start":12,"placements":[{"card":6,"side":"left"},{"card":22,"side":"right"},{"card":40,"side":"left"},{"card":55,"side":"left"}],"common_zone":8}"#,
    ),
    ("GET", "/api/puzzles/{id}/stats", "/api/puzzles/zhipai-1/stats", ""),
    ("GET", "/api/puzzles/{id}", "/api/puzzles/solitaire-1", ""),
    ("GET", "/api/puzzles/daily", "/api/puzzles/daily?game=solitaire&date=2026-11-29", ""),
    ("POST", "/api/puzzles/{id}/check", "/api/puzzles/solitaire-1/check?compare=true", r#"{"moves":["dark","turn"]}"#),
    ("GET", "/api/puzzles/{id}/stats", "/api/puzzles/solitaire-1/stats", ""),
];

/// The solved answers of two puzzles, compared with everyone's: (request target, body).
fn solved_answers() -> Vec<(String, String)> {
    ["pathways-1", "zhipai-1", "solitaire-1"]
        .into_iter()
        .map(|id| {
            let body = hexforge::api::puzzles::solution_request(&id.parse().expect("a puzzle id"));
            (format!("/api/puzzles/{id}/check?compare=true"), body)
        })
        .collect()
}

/// Answers of routes whose request the check cannot write as text, made by the same
/// Rust the route answers with: (method, path, status, answer).
fn made_answers() -> Vec<(&'static str, &'static str, u16, Value)> {
    use crate::photo_corpus::{changing_lines_card, png};
    let report = hexforge::photo::verify_photo(&png(&changing_lines_card(12, None))).expect("a clean card reads");
    vec![("POST", "/api/neighbours/verify-photo", 200, serde_json::to_value(report).expect("serialises"))]
}

/// A JSON pointer's step for `key`.
fn step(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// The schema `schema` names through `$ref` (followed until none is left), with its pointer.
fn resolve<'a>(doc: &'a Value, mut schema: &'a Value, mut at: String) -> (&'a Value, String) {
    while let Some(Value::String(target)) = schema.get("$ref") {
        let pointer = target.trim_start_matches('#');
        schema = doc.pointer(pointer).unwrap_or_else(|| panic!("{at}: $ref {target} names nothing"));
        at = pointer.to_string();
    }
    (schema, at)
}

/// The JSON types `schema` allows (none: any).
fn types(schema: &Value) -> Vec<&str> {
    match schema.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

/// Whether `value` is of the JSON type `name`.
fn is_type(value: &Value, name: &str) -> bool {
    match name {
        "null" => value.is_null(),
        "boolean" => value.is_boolean(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        "string" => value.is_string(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        other => panic!("a JSON type the check does not know: {other}"),
    }
}

/// Reads `value` against `schema` (at pointer `at` of the document): where it differs,
/// a line in `wrong`; each property seen, by its pointer, in `seen`.
fn read(doc: &Value, schema: &Value, at: String, value: &Value, seen: &mut BTreeSet<String>, wrong: &mut Vec<String>) {
    let (schema, at) = resolve(doc, schema, at);
    for (i, part) in schema.get("allOf").and_then(Value::as_array).into_iter().flatten().enumerate() {
        read(doc, part, format!("{at}/allOf/{i}"), value, seen, wrong);
    }
    for word in ["oneOf", "anyOf"] {
        let Some(Value::Array(choices)) = schema.get(word) else { continue };
        let (mut why, mut fits) = (Vec::new(), None);
        for (i, choice) in choices.iter().enumerate() {
            let (mut s, mut w) = (BTreeSet::new(), Vec::new());
            read(doc, choice, format!("{at}/{word}/{i}"), value, &mut s, &mut w);
            if w.is_empty() {
                fits = Some(s);
                break;
            }
            why.extend(w);
        }
        match fits {
            Some(s) => seen.extend(s),
            None => wrong.push(format!("{at}: {value} fits none of its {word}: {}", why.join("; "))),
        }
    }
    let allowed = types(schema);
    if !allowed.is_empty() && !allowed.iter().any(|t| is_type(value, t)) {
        wrong.push(format!("{at}: {value} is not of the type {allowed:?}"));
        return;
    }
    if let Some(Value::Array(words)) = schema.get("enum")
        && !words.contains(value)
    {
        wrong.push(format!("{at}: {value} is none of {words:?}"));
    }
    match value {
        Value::Object(fields) => read_object(doc, schema, &at, fields, seen, wrong),
        Value::Array(items) => {
            if let Some(item) = schema.get("items") {
                for v in items {
                    read(doc, item, format!("{at}/items"), v, seen, wrong);
                }
            }
        }
        _ => {}
    }
}

/// The object part of [`read`]: keys listed, required keys there, values read.
fn read_object(
    doc: &Value,
    schema: &Value,
    at: &str,
    fields: &Map<String, Value>,
    seen: &mut BTreeSet<String>,
    wrong: &mut Vec<String>,
) {
    let properties = schema.get("properties").and_then(Value::as_object);
    for required in schema.get("required").and_then(Value::as_array).into_iter().flatten() {
        let name = required.as_str().expect("a required name");
        if !fields.contains_key(name) {
            wrong.push(format!("{at}: the answer lacks the required `{name}`"));
        }
    }
    for (key, v) in fields {
        match properties.and_then(|p| p.get(key)) {
            Some(property) => {
                let pointer = format!("{at}/properties/{}", step(key));
                seen.insert(pointer.clone());
                read(doc, property, pointer, v, seen, wrong);
            }
            None => match schema.get("additionalProperties") {
                Some(extra @ Value::Object(_)) => {
                    read(doc, extra, format!("{at}/additionalProperties"), v, seen, wrong)
                }
                Some(Value::Bool(true)) => {}
                // A schema with no properties listed is an object of any keys.
                None if properties.is_none() => {}
                _ => wrong.push(format!("{at}: `{key}` is in the answer but not in the schema")),
            },
        }
    }
}

/// Every property under `schema` (through `$ref`, choices and items), by pointer.
fn properties(doc: &Value, schema: &Value, at: String, found: &mut BTreeSet<String>, visited: &mut BTreeSet<String>) {
    let (schema, at) = resolve(doc, schema, at);
    if !visited.insert(at.clone()) {
        return;
    }
    for word in ["allOf", "oneOf", "anyOf"] {
        for (i, part) in schema.get(word).and_then(Value::as_array).into_iter().flatten().enumerate() {
            properties(doc, part, format!("{at}/{word}/{i}"), found, visited);
        }
    }
    if let Some(item) = schema.get("items") {
        properties(doc, item, format!("{at}/items"), found, visited);
    }
    if let Some(extra @ Value::Object(_)) = schema.get("additionalProperties") {
        properties(doc, extra, format!("{at}/additionalProperties"), found, visited);
    }
    for (key, property) in schema.get("properties").and_then(Value::as_object).into_iter().flatten() {
        let pointer = format!("{at}/properties/{}", step(key));
        found.insert(pointer.clone());
        properties(doc, property, pointer, found, visited);
    }
}

/// An operation of the document: its method, path and object.
fn operations(doc: &Value) -> Vec<(String, String, &Value)> {
    let mut all = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("a path item") {
            if ["get", "post", "put", "delete", "patch"].contains(&method.as_str()) {
                all.push((method.to_uppercase(), path.clone(), operation));
            }
        }
    }
    all
}

/// The JSON schema an operation's answer of `status` has, with its pointer (none: not JSON).
fn answer_schema<'a>(doc: &'a Value, operation: &'a Value, status: u16) -> Option<(&'a Value, String)> {
    let response = operation["responses"].get(status.to_string())?;
    let (response, at) = resolve(doc, response, String::new());
    let schema = response.pointer("/content/application~1json/schema")?;
    Some((schema, format!("{at}/content/application~1json/schema")))
}

/// Whether every answer an operation gives on success is JSON (the others are files and
/// pages; their errors are the same `Error` the JSON routes give).
fn answers_json(doc: &Value, operation: &Value) -> bool {
    operation["responses"].as_object().expect("responses").iter().filter(|(status, _)| status.starts_with('2')).all(
        |(_, response)| {
            let (response, _) = resolve(doc, response, String::new());
            response["content"].as_object().is_some_and(|c| c.keys().all(|k| k == "application/json"))
        },
    )
}

/// The example of a parameter (its own, or its schema's, or its first word).
fn parameter_example(parameter: &Value) -> Option<String> {
    let example = parameter
        .get("example")
        .or_else(|| parameter.pointer("/schema/example"))
        .or_else(|| parameter.pointer("/schema/enum/0"))?;
    Some(example.as_str().map(str::to_string).unwrap_or_else(|| example.to_string()))
}

/// A real room and one of its seats' keys, for the room routes' calls (their examples
/// name a room that does not exist).
struct Room {
    id: String,
    key: String,
}

impl Room {
    /// A Tao room for two people, and the first seat's key.
    fn open(addr: SocketAddr) -> Room {
        let body = r#"{"game":"tao","seats":["person","person"]}"#;
        let created = json_of(&call(addr, "POST", "/api/rooms", None, body).1);
        Room {
            id: created["room"].as_str().expect("a room id").to_string(),
            key: created["seats"][0]["key"].as_str().expect("a seat's key").to_string(),
        }
    }
}

/// The request target an operation's examples make, with a real room for `{room}`.
fn target(path: &str, operation: &Value, room: &Room) -> String {
    let mut uri = path.to_string();
    let mut query = Vec::new();
    for parameter in operation.get("parameters").and_then(Value::as_array).into_iter().flatten() {
        let name = parameter["name"].as_str().expect("a parameter's name");
        let value = if name == "room" { Some(room.id.clone()) } else { parameter_example(parameter) };
        match (parameter["in"].as_str(), value) {
            (Some("path"), Some(value)) => uri = uri.replace(&format!("{{{name}}}"), &value),
            (Some("path"), None) => panic!("{path}: the path parameter `{name}` has no example"),
            (Some("query"), Some(value)) => query.push(format!("{name}={value}")),
            _ => {}
        }
    }
    if query.is_empty() { uri } else { format!("{uri}?{}", query.join("&")) }
}

/// The example of an operation's JSON request body, if it has one.
fn body_example(operation: &Value) -> Option<&Value> {
    let content = operation.pointer("/requestBody/content/application~1json")?;
    content.get("example").or_else(|| content.pointer("/schema/example"))
}

/// Calls `method target` on the server with the room's key and reads a JSON answer
/// against the schema its operation gives for the status.
#[allow(clippy::too_many_arguments)]
fn exchange(
    doc: &Value,
    addr: SocketAddr,
    room: &Room,
    (method, path, operation): (&str, &str, &Value),
    uri: &str,
    body: &str,
    seen: &mut BTreeSet<String>,
    wrong: &mut Vec<String>,
) -> u16 {
    let (status, answer) = call(addr, method, uri, Some(&room.key), body);
    let Ok(value) = serde_json::from_str::<Value>(&answer) else { return status };
    match answer_schema(doc, operation, status) {
        Some((schema, at)) => {
            let before = wrong.len();
            read(doc, schema, at, &value, seen, wrong);
            for line in &mut wrong[before..] {
                *line = format!("{method} {uri} → {status}: {line}");
            }
        }
        None => wrong.push(format!("{method} {path}: answered {status} with JSON the document does not describe")),
    }
    status
}

#[test]
fn every_json_answer_has_the_fields_and_types_the_document_lists() {
    let doc = document();
    let served = Served::sqlite(None);
    let addr = served.server.addr;
    let downloads = served.downloads();
    std::fs::create_dir_all(downloads.join("rulebooks")).expect("a downloads folder");
    std::fs::write(downloads.join("rulebooks/tao-rules-a4.pdf"), b"%PDF-1.4\n%%EOF\n").expect("a file to list");
    let room = Room::open(addr);
    let (mut seen, mut wrong, mut listed) = (BTreeSet::new(), Vec::new(), BTreeSet::new());
    for (method, path, operation) in operations(&doc) {
        if !answers_json(&doc, operation) {
            continue;
        }
        let op = (method.as_str(), path.as_str(), operation);
        let body = body_example(operation).map(Value::to_string).unwrap_or_default();
        let status = exchange(&doc, addr, &room, op, &target(&path, operation, &room), &body, &mut seen, &mut wrong);
        // 400 and 415: the body was not read (a refusal after reading it, as a room's 409
        // for a rematch before the end, is an answer about the state).
        if [400, 415].contains(&status) && operation.pointer("/requestBody/content/application~1json").is_some() {
            wrong.push(format!("{method} {path}: its example could not be read ({status})"));
        }
        for (m, p, uri, body) in EXTRA.iter().filter(|(m, p, ..)| *m == method && *p == path) {
            exchange(&doc, addr, &room, (m, p, operation), uri, body, &mut seen, &mut wrong);
        }
        // Every JSON answer a route may give: its properties are what must be seen.
        for status in operation["responses"].as_object().expect("responses").keys() {
            if let Some((schema, at)) = status.parse().ok().and_then(|s| answer_schema(&doc, operation, s)) {
                properties(&doc, schema, at, &mut listed, &mut BTreeSet::new());
            }
        }
    }
    for (uri, body) in solved_answers() {
        let operation = &doc["paths"]["/api/puzzles/{id}/check"]["post"];
        exchange(&doc, addr, &room, ("POST", "/api/puzzles/{id}/check", operation), &uri, &body, &mut seen, &mut wrong);
    }
    for (method, path, status, value) in made_answers() {
        let operation = &doc["paths"][path][method.to_lowercase()];
        let (schema, at) = answer_schema(&doc, operation, status).expect("a JSON answer");
        read(&doc, schema, at, &value, &mut seen, &mut wrong);
    }
    let unseen: Vec<&String> = listed.difference(&seen).collect();
    assert!(wrong.is_empty(), "answers and web/openapi.json disagree:\n{}", wrong.join("\n"));
    assert!(unseen.is_empty(), "properties web/openapi.json lists that no answer had:\n{unseen:#?}");
}

/// The fields a request body's Rust type reads, from its refusal of a field it does not
/// know (serde's "unknown field `…`, expected one of `a`, `b`"); none when the answer
/// does not list them.
fn fields_read(status: u16, answer: &str) -> Option<BTreeSet<String>> {
    let message = serde_json::from_str::<Value>(answer).ok()?["error"].as_str()?.to_string();
    if status != 400 || !message.contains("unknown field") {
        return None;
    }
    if message.contains("there are no fields") {
        return Some(BTreeSet::new());
    }
    let expected = message.split("expected").nth(1)?;
    Some(expected.split('`').skip(1).step_by(2).map(str::to_string).collect())
}

#[test]
fn every_request_body_lists_the_fields_its_rust_type_reads() {
    let doc = document();
    let served = Served::sqlite(None);
    let addr = served.server.addr;
    let room = Room::open(addr);
    let (mut wrong, mut read_names) = (Vec::new(), 0);
    for (method, path, operation) in operations(&doc) {
        let Some(content) = operation.pointer("/requestBody/content/application~1json") else { continue };
        let (schema, _) = resolve(&doc, &content["schema"], String::new());
        // The properties the document lists: the schema's, or those of its choices (a
        // puzzle's answer is a ladder's or a deal's). A body of no listed properties is
        // `/api/games/{game}/check`'s record, read as each game's own route reads it.
        let choices: Vec<&Value> = match schema.get("oneOf").and_then(Value::as_array) {
            Some(choices) => choices.iter().map(|c| resolve(&doc, c, String::new()).0).collect(),
            None => vec![schema],
        };
        let listed: BTreeSet<String> = choices
            .iter()
            .filter_map(|c| c.get("properties").and_then(Value::as_object))
            .flat_map(|p| p.keys().cloned())
            .collect();
        if listed.is_empty() {
            continue;
        }
        let uri = target(&path, operation, &room);
        let send = |body: &Value| call(addr, &method, &uri, Some(&room.key), &body.to_string());
        let (status, answer) = send(&serde_json::json!({"\u{1}": 0}));
        match fields_read(status, &answer) {
            Some(rust) => {
                read_names += 1;
                if rust != listed {
                    wrong.push(format!("{method} {path}: the document lists {listed:?}, the Rust type reads {rust:?}"));
                }
            }
            None => {
                wrong.push(format!("{method} {path}: an unknown field was not refused by name ({status} {answer})"))
            }
        }
        if choices.len() > 1 {
            // Which fields a choice requires is the choice's, not the body's.
            continue;
        }
        let example = body_example(operation).expect("a JSON request body has an example");
        let required: Vec<&str> =
            schema.get("required").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
        for name in example.as_object().expect("an object example").keys() {
            let mut without = example.clone();
            without.as_object_mut().expect("an object").remove(name);
            let (status, answer) = send(&without);
            let refused = [400, 415].contains(&status);
            if refused != required.contains(&name.as_str()) {
                let said = if refused { "refused" } else { "accepted" };
                wrong.push(format!("{method} {path}: without `{name}` the body is {said} ({status} {answer})"));
            }
        }
    }
    assert!(wrong.is_empty(), "request bodies and web/openapi.json disagree:\n{}", wrong.join("\n"));
    assert!(read_names > 20, "only {read_names} request types named their fields");
}
