//! Every JSON route × each bad body it must refuse: the status and the words the error
//! names (the value, and what is allowed), in one table. A refusal is always a JSON
//! `{"error":…}` (`tests/service/http.rs` sends every route malformed JSON, wrong content
//! types and bodies over the limit).

use axum::http::StatusCode;
use hexforge::http::{AppState, app};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

/// One bad body: the route, the body, the status and the words its error names.
struct Bad {
    route: &'static str,
    body: Value,
    status: StatusCode,
    names: &'static [&'static str],
}

const fn bad(route: &'static str, body: Value, names: &'static [&'static str]) -> Bad {
    Bad { route, body, status: StatusCode::BAD_REQUEST, names }
}

/// The worked example of docs/conventions.md, Zhi Pai, with a Common Zone too small.
fn small_zone() -> Value {
    json!({"start": 12, "placements": [{"card": 6, "side": "left"}, {"card": 22, "side": "right"},
        {"card": 40, "side": "left"}, {"card": 55, "side": "left"}], "common_zone": 3})
}

fn table() -> Vec<Bad> {
    const CHANGE: &str = "/api/change";
    const CAST: &str = "/api/cast";
    const VERIFY: &str = "/api/neighbours/verify";
    const PATHWAYS: &str = "/api/sequences/pathways/shortest";
    const PATHWAYS_CHECK: &str = "/api/sequences/pathways/check";
    const ZHI_PAI: &str = "/api/sequences/zhi-pai/shortest";
    const ZHI_PAI_CHECK: &str = "/api/sequences/zhi-pai/check";
    let unknown_field: &'static [&'static str] = &["unknown field"];
    vec![
        bad(CHANGE, json!({"hexagram": 65, "lines": [1]}), &["65"]),
        bad(CHANGE, json!({"hexagram": "0101", "lines": [1]}), &["0101"]),
        bad(CHANGE, json!({"hexagram": true, "lines": [1]}), &["true"]),
        bad(CHANGE, json!({"hexagram": 1, "lines": [7]}), &["line 7"]),
        bad(CHANGE, json!({"hexagram": 1, "lines": [2, 2]}), &["2"]),
        bad(CHANGE, json!({"hexagram": 1, "lines": []}), &["lines"]),
        bad(CHANGE, json!({"hexagram": 1, "lines": [1, 2, 3, 4, 5, 6, 1]}), &["7 lines"]),
        bad(CHANGE, json!({"hexagram": 1, "lines": ["one"]}), &["lines", "one"]),
        bad(CHANGE, json!({"hexagram": 1}), &["lines"]),
        bad(CHANGE, json!({"hexagram": 1, "lines": [1], "extra": 1}), &["extra"]),
        bad(CAST, json!({"values": [7, 7, 5, 7, 7, 7]}), &["5", "line 3"]),
        bad(CAST, json!({"values": [7, 7]}), &["6", "2"]),
        bad(CAST, json!({"values": [7.5, 7, 7, 7, 7, 7]}), &["values"]),
        bad(CAST, json!({"values": "777777"}), &["values"]),
        bad(CAST, json!({ "values": vec![7; 10_000] }), &["10000"]),
        bad(CAST, json!({"values": [1e300, 7, 7, 7, 7, 7]}), &["values"]),
        bad(VERIFY, json!({"card": 65, "numbers": [1, 2, 3, 4, 5, 6]}), &["65"]),
        bad(VERIFY, json!({"card": 12, "orientation": "up", "numbers": [1, 2, 3, 4, 5, 6]}), &["up", "dark or light"]),
        bad(VERIFY, json!({"card": 12, "numbers": [1, 2, 3]}), &["6", "3"]),
        bad(VERIFY, json!({"card": "twelve", "numbers": [1, 2, 3, 4, 5, 6]}), &["card"]),
        bad(VERIFY, json!({"numbers": [1, 2, 3, 4, 5, 6]}), &["card"]),
        bad(VERIFY, json!({"card": 12, "numbers": [1, 2, "x", 4, 5, 6]}), &["numbers[2]", "invalid type"]),
        bad(PATHWAYS, json!({"from": 0, "to": 2}), &["0"]),
        bad(PATHWAYS, json!({"from": 1, "to": 65}), &["65"]),
        bad(PATHWAYS, json!({"from": 1, "to": 2, "deck": "7d"}), &["7d"]),
        bad(PATHWAYS, json!({"from": 1, "to": 2, "deck": "6d", "cards": [1]}), &["not both"]),
        bad(PATHWAYS, json!({"from": 1, "to": 2, "cards": [1, 99]}), &["99"]),
        bad(PATHWAYS, json!({"from": 1, "to": 2, "cards": [3, 3]}), &["3"]),
        bad(PATHWAYS, json!({"from": 1, "to": 2, "cards": (1..=200).collect::<Vec<i64>>()}), &["200"]),
        bad(PATHWAYS, json!({"from": 1, "to": 2, "orientation": "sideways"}), &["sideways"]),
        bad(PATHWAYS, json!({"from": 1, "to": 2, "dekc": "3d"}), unknown_field),
        bad(PATHWAYS_CHECK, json!({"from": 1, "to": 2}), &["sequence"]),
        bad(PATHWAYS_CHECK, json!({"from": 1, "to": 2, "sequence": [{"card": 70, "orientation": "dark"}]}), &["70"]),
        bad(PATHWAYS_CHECK, json!({"from": 1, "to": 2, "sequence": [{"card": 1, "orientation": "up"}]}), &["up"]),
        bad(
            PATHWAYS_CHECK,
            json!({"from": 1, "to": 2, "sequence": vec![json!({"card": 1, "orientation": "dark"}); 500]}),
            &["500"],
        ),
        bad(
            PATHWAYS_CHECK,
            json!({"from": 1, "to": 2, "sequence": [{"card": 1, "orientation": "dark"}], "orientaton": "free"}),
            unknown_field,
        ),
        bad(PATHWAYS_CHECK, json!({"from": 1, "to": 2, "sequence": [{"card": 1, "orient": "dark"}]}), unknown_field),
        bad(ZHI_PAI, json!({"start": 65}), &["65"]),
        bad(ZHI_PAI, json!({"start": 12, "active": ["fog"]}), &["fog"]),
        bad(ZHI_PAI, json!({"start": 12, "active": ["water", "water"]}), &["water"]),
        bad(ZHI_PAI, json!({"start": 12, "available": [12, 6]}), &["12"]),
        bad(ZHI_PAI, json!({"start": 12, "available": [0]}), &["0"]),
        bad(ZHI_PAI, json!({"start": "12"}), &["start"]),
        bad(ZHI_PAI, json!({"start": 12, "actve": ["water"]}), unknown_field),
        bad(ZHI_PAI_CHECK, json!({"start": 12}), &["placements"]),
        bad(ZHI_PAI_CHECK, json!({"start": 12, "placements": [{"card": 6, "side": "up"}]}), &["up"]),
        bad(ZHI_PAI_CHECK, json!({"start": 12, "placements": [{"card": 600, "side": "left"}]}), &["600"]),
        bad(ZHI_PAI_CHECK, json!({"start": 12, "placements": [{"card": 6, "side": 3}]}), &["placements[0].side"]),
        bad(ZHI_PAI_CHECK, small_zone(), &["3"]),
        bad(ZHI_PAI_CHECK, json!({"start": 12, "placements": vec![json!({"card": 6, "side": "left"}); 300]}), &["300"]),
        bad(
            ZHI_PAI_CHECK,
            json!({"start": 12, "placements": [{"card": 6, "side": "left"}], "availble": [6]}),
            unknown_field,
        ),
        bad(ZHI_PAI_CHECK, json!({"start": 12, "placements": [{"card": 6, "sid": "left"}]}), unknown_field),
    ]
}

/// The status and the error message of `POST route` with `body`.
async fn refused(route: &str, body: &Value) -> (StatusCode, Value) {
    let request = axum::http::Request::post(route)
        .header(axum::http::header::CONTENT_TYPE, "application/json")
        .body(axum::body::Body::from(body.to_string()))
        .unwrap();
    let response = app(AppState::default()).oneshot(request).await.expect("the router never fails");
    let status = response.status();
    let bytes = response.into_body().collect().await.expect("a body").to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

#[tokio::test]
async fn every_route_refuses_each_bad_body_naming_the_value() {
    let mut wrong = Vec::new();
    for Bad { route, body, status, names } in table() {
        let (answered, answer) = refused(route, &body).await;
        let message = answer["error"].as_str().unwrap_or_default();
        let missing: Vec<&&str> = names.iter().filter(|n| !message.contains(**n)).collect();
        if answered != status || message.is_empty() || !missing.is_empty() {
            let shown = body.to_string();
            let shown = if shown.len() > 80 { format!("{}…", &shown[..80]) } else { shown };
            wrong.push(format!("{route} {shown}: {answered} {answer}, expected {status} naming {names:?}"));
        }
    }
    assert!(wrong.is_empty(), "bad bodies answered otherwise:\n{}", wrong.join("\n"));
}

/// The older addresses of the sequence routes refuse alike (they are the same handlers).
#[tokio::test]
async fn the_older_sequence_addresses_refuse_alike() {
    for Bad { route, body, .. } in table().into_iter().filter(|b| b.route.starts_with("/api/sequences/")) {
        let older = route.replace("/api/sequences/", "/api/").replace("/zhi-pai/", "/zhipai/");
        assert_eq!(refused(&older, &body).await, refused(route, &body).await, "{older} {body}");
    }
}
