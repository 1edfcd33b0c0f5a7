//! What the service's own code costs per request, in process (no sockets, one thread):
//! each route of the loopback load test through `hexforge::http::service(…).oneshot(…)`
//! (what `hexforge serve` serves), the body read to its end, against a bare axum router
//! answering "Hello, World!" and echoing a body the same way. `scripts/loadtest.sh` measures the whole over loopback; this isolates what the
//! layers, the routing, the JSON and the searches add to what axum costs anyway.
//!
//! Run: `cargo bench --bench service`.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, header};
use axum::routing::get;
use criterion::{Criterion, criterion_group, criterion_main};
use hexforge::http::{AppState, ServeOptions, service};
use http_body_util::BodyExt;
use std::hint::black_box;
use tower::ServiceExt;

/// (name, method, path, JSON body): the load test's targets.
const ROUTES: [(&str, &str, &str, &str); 7] = [
    ("GET /health", "GET", "/health", ""),
    ("GET /api/hexagrams/12", "GET", "/api/hexagrams/12", ""),
    (
        "POST /api/neighbours/verify",
        "POST",
        "/api/neighbours/verify",
        r#"{"card":12,"orientation":"dark","numbers":[25,6,33,20,35,45]}"#,
    ),
    (
        "POST /api/zhipai/shortest (10 cards)",
        "POST",
        "/api/zhipai/shortest",
        r#"{"start":12,"available":[6,22,40,55,3,17,29,47,51,60]}"#,
    ),
    (
        "POST /api/zhipai/check",
        "POST",
        "/api/zhipai/check",
        r#"{"start":12,"placements":[{"card":6,"side":"left"},{"card":22,"side":"right"},{"card":40,"side":"left"},{"card":55,"side":"left"}]}"#,
    ),
    (
        "POST /api/pathways/shortest",
        "POST",
        "/api/pathways/shortest",
        r#"{"from":1,"to":2,"deck":"6d","orientation":"dark"}"#,
    ),
    (
        "POST /api/pathways/check",
        "POST",
        "/api/pathways/check",
        r#"{"from":1,"to":14,"deck":"3d","orientation":"dark","sequence":[{"card":1,"orientation":"dark"},{"card":14,"orientation":"dark"}]}"#,
    ),
];

/// The load test's puzzle (a daily ladder) and its solved answer: the puzzle routes'
/// targets, as (name, method, path, body).
fn puzzle_routes() -> [(&'static str, &'static str, String, String); 2] {
    const PUZZLE: &str = "pathways-2026-11-24";
    let body = hexforge::api::puzzles::solution_request(&PUZZLE.parse().expect("an id"));
    [
        ("GET /api/puzzles/{id}", "GET", format!("/api/puzzles/{PUZZLE}"), String::new()),
        ("POST /api/puzzles/{id}/check", "POST", format!("/api/puzzles/{PUZZLE}/check"), body),
    ]
}

fn request(method: &str, path: &str, body: &str) -> Request<Body> {
    let builder = Request::builder().method(method).uri(path);
    if body.is_empty() {
        builder.body(Body::empty()).unwrap()
    } else {
        builder.header(header::CONTENT_TYPE, "application/json").body(Body::from(body.to_string())).unwrap()
    }
}

/// Sends one request and reads the whole answer; panics on anything but 200.
async fn exchange<S>(service: S, request: Request<Body>) -> usize
where
    S: tower::Service<Request<Body>, Response = axum::response::Response, Error = std::convert::Infallible>,
{
    let response = service.oneshot(request).await.unwrap();
    assert_eq!(response.status(), 200);
    response.into_body().collect().await.unwrap().to_bytes().len()
}

fn service_benches(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let bare = Router::new()
        .route("/", get(|| async { "Hello, World!" }))
        .route("/echo", axum::routing::post(|body: axum::body::Bytes| async move { body }));
    let service = service(AppState::default(), &ServeOptions::default());
    let mut group = c.benchmark_group("service");
    group.bench_function("bare axum GET /", |b| {
        b.iter(|| black_box(runtime.block_on(exchange(bare.clone(), request("GET", "/", "")))))
    });
    group.bench_function("bare axum POST /echo", |b| {
        let body = ROUTES[4].3;
        b.iter(|| black_box(runtime.block_on(exchange(bare.clone(), request("POST", "/echo", body)))))
    });
    for (name, method, path, body) in ROUTES {
        group.bench_function(name, |b| {
            b.iter(|| black_box(runtime.block_on(exchange(service.clone(), request(method, path, body)))))
        });
    }
    for (name, method, path, body) in puzzle_routes() {
        group.bench_function(name, |b| {
            b.iter(|| black_box(runtime.block_on(exchange(service.clone(), request(method, &path, &body)))))
        });
    }
    group.finish();
}

criterion_group!(benches, service_benches);
criterion_main!(benches);
