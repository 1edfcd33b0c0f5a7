//! The service's production habits: compression, ETag and 304, HEAD, /metrics, CORS,
//! JSON 414 and 431, the access-log request id, and slow connections closed.

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, HeaderValue, Request, StatusCode, header};
use hexforge::http::{AppState, ServeOptions, app, app_with, serve_with};
use http_body_util::BodyExt;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower::ServiceExt;

use crate::temp_dir;

async fn send(router: axum::Router, request: Request<Body>) -> (StatusCode, HeaderMap, Bytes) {
    let response = router.oneshot(request).await.expect("the router never fails");
    let (parts, body) = response.into_parts();
    (parts.status, parts.headers, body.collect().await.unwrap().to_bytes())
}

fn get(uri: &str) -> axum::http::request::Builder {
    Request::get(uri)
}

#[tokio::test]
async fn text_is_compressed_and_png_is_not() {
    for (uri, encoding) in [("/", "gzip"), ("/js/main.js", "br"), ("/style.css", "gzip"), ("/openapi.json", "br")] {
        let (status, headers, body) = send(
            app(AppState::default()),
            get(uri).header(header::ACCEPT_ENCODING, encoding).body(Body::empty()).unwrap(),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        assert_eq!(headers[header::CONTENT_ENCODING], encoding, "{uri}");
        assert!(!body.is_empty());
    }
    let (_, headers, _) = send(
        app(AppState::default()),
        get("/cards/changing-lines/12.svg").header(header::ACCEPT_ENCODING, "gzip").body(Body::empty()).unwrap(),
    )
    .await;
    assert_eq!(headers[header::CONTENT_ENCODING], "gzip", "svg");
    let (status, headers, _) = send(
        app(AppState::default()),
        get("/cards/changing-lines/12.png?dpi=72")
            .header(header::ACCEPT_ENCODING, "gzip, br")
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(headers.get(header::CONTENT_ENCODING).is_none(), "PNG is not compressed again");
}

#[tokio::test]
async fn static_files_and_cards_answer_304_to_their_etag() {
    let state = AppState::default();
    for uri in ["/", "/js/main.js", "/style.css", "/cards/changing-lines/12.svg"] {
        let (status, headers, _) = send(app(state.clone()), get(uri).body(Body::empty()).unwrap()).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        let etag = headers[header::ETAG].clone();
        assert!(etag.to_str().unwrap().contains(env!("CARGO_PKG_VERSION")), "{etag:?}");
        assert!(headers.contains_key(header::CACHE_CONTROL), "{uri}");
        let (status, again, body) =
            send(app(state.clone()), get(uri).header(header::IF_NONE_MATCH, etag.clone()).body(Body::empty()).unwrap())
                .await;
        assert_eq!(status, StatusCode::NOT_MODIFIED, "{uri}");
        assert!(body.is_empty());
        assert_eq!(again[header::ETAG], etag);
        let (status, _, _) = send(
            app(state.clone()),
            get(uri).header(header::IF_NONE_MATCH, "W/\"0.0.0-0000\"").body(Body::empty()).unwrap(),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{uri}: another tag is not a match");
    }
}

/// A generated file carries a tag of its content: the same bytes answer 304, and a file
/// that `generate` rewrote answers 200 with a new tag (`no-cache`: always revalidated).
#[tokio::test]
async fn downloads_answer_304_until_the_file_changes() {
    let folder = temp_dir::TempDir::new("downloads-etag");
    std::fs::write(folder.0.join("sheet.pdf"), b"%PDF-1.7 first").unwrap();
    let state = AppState::new(&folder.0);
    let fetch = |tag: Option<HeaderValue>| {
        let mut request = get("/downloads/sheet.pdf");
        if let Some(tag) = tag {
            request = request.header(header::IF_NONE_MATCH, tag);
        }
        send(app(state.clone()), request.body(Body::empty()).unwrap())
    };
    let (status, headers, body) = fetch(None).await;
    assert_eq!((status, &body[..]), (StatusCode::OK, &b"%PDF-1.7 first"[..]));
    assert_eq!(
        (&headers[header::CONTENT_TYPE], &headers[header::CACHE_CONTROL]),
        (&"application/pdf".parse::<HeaderValue>().unwrap(), &"no-cache".parse::<HeaderValue>().unwrap())
    );
    let tag = headers[header::ETAG].clone();
    let (status, _, body) = fetch(Some(tag.clone())).await;
    assert_eq!((status, body.is_empty()), (StatusCode::NOT_MODIFIED, true));
    std::fs::write(folder.0.join("sheet.pdf"), b"%PDF-1.7 second").unwrap();
    let (status, headers, body) = fetch(Some(tag.clone())).await;
    assert_eq!((status, &body[..]), (StatusCode::OK, &b"%PDF-1.7 second"[..]));
    assert_ne!(headers[header::ETAG], tag);
}

#[tokio::test]
async fn head_is_answered_wherever_get_is() {
    for uri in [
        "/",
        "/health",
        "/js/main.js",
        "/style.css",
        "/openapi.json",
        "/metrics",
        "/api/hexagrams/12",
        "/cards/changing-lines/12.svg",
    ] {
        let (status, headers, body) =
            send(app(AppState::default()), Request::head(uri).body(Body::empty()).unwrap()).await;
        assert_eq!(status, StatusCode::OK, "HEAD {uri}");
        assert!(body.is_empty(), "HEAD {uri} has no body");
        assert!(headers.contains_key(header::CONTENT_TYPE), "HEAD {uri}");
    }
}

#[tokio::test]
async fn metrics_count_requests_by_route_and_status_and_cache_hits() {
    let state = AppState::default();
    for uri in [
        "/api/hexagrams/12",
        "/api/hexagrams/12",
        "/api/hexagrams/65",
        "/nowhere",
        "/cards/changing-lines/1.svg",
        "/cards/changing-lines/1.svg",
    ] {
        send(app(state.clone()), get(uri).body(Body::empty()).unwrap()).await;
    }
    assert_eq!(state.metrics.requests("/api/hexagrams/{n}", 200), 2, "by route template");
    let (status, headers, body) = send(app(state.clone()), get("/metrics").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(headers[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/plain; version=0.0.4"));
    let text = String::from_utf8(body.to_vec()).unwrap();
    for line in [
        "hexforge_http_requests_total{route=\"/api/hexagrams/{n}\",status=\"200\"} 2",
        "hexforge_http_requests_total{route=\"/api/hexagrams/{n}\",status=\"404\"} 1",
        "hexforge_http_requests_total{route=\"unmatched\",status=\"404\"} 1",
        "hexforge_http_request_duration_seconds_count{route=\"/api/hexagrams/{n}\"} 3",
        "hexforge_http_request_duration_seconds_bucket{route=\"/api/hexagrams/{n}\",le=\"+Inf\"} 3",
        "hexforge_card_cache_hits_total 1",
        "hexforge_card_cache_misses_total 1",
        "# TYPE hexforge_http_request_duration_seconds histogram",
    ] {
        assert!(text.lines().any(|l| l == line), "{line:?} missing from\n{text}");
    }
}

#[tokio::test]
async fn a_check_remembers_the_optimum_of_its_question() {
    use hexforge::api::zhi_pai::{OPTIMUM_CACHE_HITS, OPTIMUM_CACHE_MISSES};
    // A question no other test asks; a current-thread runtime, so both checks run on this
    // thread and meet its memory.
    let body = r#"{"start":33,"available":[13,44,1,10,9,14,43,34],"placements":[{"card":13,"side":"left"}]}"#;
    let check = || Request::post("/api/zhipai/check").header(header::CONTENT_TYPE, "application/json");
    let state = AppState::default();
    let misses = OPTIMUM_CACHE_MISSES.get();
    let (status, _, first) = send(app(state.clone()), check().body(Body::from(body)).unwrap()).await;
    assert_eq!(status, StatusCode::OK, "{}", String::from_utf8_lossy(&first));
    assert!(OPTIMUM_CACHE_MISSES.get() > misses, "the first check searches");
    let hits = OPTIMUM_CACHE_HITS.get();
    let (_, _, second) = send(app(state.clone()), check().body(Body::from(body)).unwrap()).await;
    assert!(OPTIMUM_CACHE_HITS.get() > hits, "the second remembers");
    assert_eq!(first, second, "the same answer either way");
    let (_, _, metrics) = send(app(state), get("/metrics").body(Body::empty()).unwrap()).await;
    let metrics = String::from_utf8(metrics.to_vec()).unwrap();
    for name in ["hexforge_optimum_cache_hits_total ", "hexforge_optimum_cache_misses_total "] {
        let value = metrics.lines().find_map(|l| l.strip_prefix(name)).expect(name);
        assert!(value.parse::<u64>().unwrap() >= 1, "{name}{value}");
    }
}

#[tokio::test]
async fn a_photo_may_be_larger_than_axums_own_limit_and_json_may_not_pass_64_kib() {
    // axum refuses extracted bodies over 2 MB unless told otherwise; the photo route is.
    let photo = vec![0u8; 3 * 1024 * 1024];
    let request = Request::post("/api/neighbours/verify-photo").header(header::CONTENT_TYPE, "image/png");
    let (status, _, body) = send(app(AppState::default()), request.body(Body::from(photo)).unwrap()).await;
    assert_ne!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(String::from_utf8_lossy(&body).contains("not an image"), "read, then refused as no image: {body:?}");
    let json = format!(r#"{{"values":[{}]}}"#, "9,".repeat(40_000));
    let request = Request::post("/api/cast").header(header::CONTENT_TYPE, "application/json");
    let (status, _, _) = send(app(AppState::default()), request.body(Body::from(json)).unwrap()).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn cors_only_for_the_origins_given() {
    let preflight = || {
        Request::options("/api/zhipai/shortest")
            .header(header::ORIGIN, "https://puzzles.example")
            .header(header::ACCESS_CONTROL_REQUEST_METHOD, "POST")
            .header(header::ACCESS_CONTROL_REQUEST_HEADERS, "content-type")
            .body(Body::empty())
            .unwrap()
    };
    let (_, headers, _) = send(app(AppState::default()), preflight()).await;
    assert!(headers.get(header::ACCESS_CONTROL_ALLOW_ORIGIN).is_none(), "no CORS by default");
    let options = ServeOptions {
        cors_origins: vec![HeaderValue::from_static("https://puzzles.example")],
        ..ServeOptions::default()
    };
    let (status, headers, _) = send(app_with(AppState::default(), &options), preflight()).await;
    assert!(status.is_success(), "{status}");
    assert_eq!(headers[header::ACCESS_CONTROL_ALLOW_ORIGIN], "https://puzzles.example");
    let (_, headers, _) = send(
        app_with(AppState::default(), &options),
        get("/health").header(header::ORIGIN, "https://other.example").body(Body::empty()).unwrap(),
    )
    .await;
    assert!(headers.get(header::ACCESS_CONTROL_ALLOW_ORIGIN).is_none(), "an origin not listed");
}

#[tokio::test]
async fn long_targets_and_heads_are_json_414_and_431() {
    let long = format!("/api/hexagrams/{}", "1".repeat(9000));
    let (status, headers, body) = send(app(AppState::default()), get(&long).body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::URI_TOO_LONG);
    assert_eq!(headers[header::CONTENT_TYPE], "application/json");
    assert!(String::from_utf8_lossy(&body).contains("\"error\":\"the request target is"));
    let mut request = get("/health");
    for i in 0..70 {
        request = request.header(format!("x-h{i}"), "v");
    }
    let (status, _, body) = send(app(AppState::default()), request.body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE);
    assert!(String::from_utf8_lossy(&body).contains("\"error\":\"the request has 70 header fields"));
}

#[tokio::test]
async fn the_access_log_gives_each_request_an_id() {
    let (_, headers, _) = send(app(AppState::default()), get("/health").body(Body::empty()).unwrap()).await;
    assert!(headers.get("x-request-id").is_none(), "no access log, no id by default");
    let options = ServeOptions { access_log: true, ..ServeOptions::default() };
    let (_, headers, _) =
        send(app_with(AppState::default(), &options), get("/health").body(Body::empty()).unwrap()).await;
    assert!(headers.get("x-request-id").is_some());
    let (_, headers, _) = send(
        app_with(AppState::default(), &options),
        get("/health").header("x-request-id", "abc-1").body(Body::empty()).unwrap(),
    )
    .await;
    assert_eq!(headers["x-request-id"], "abc-1", "the client's id is kept");
}

/// A real listener: connections that never finish their head are closed after the header
/// read timeout, the connection limit holds, and a normal request is answered after.
#[tokio::test]
async fn slow_connections_are_closed_and_connections_are_limited() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let options =
        ServeOptions { header_read_timeout: Duration::from_millis(300), max_connections: 4, ..ServeOptions::default() };
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(serve_with(listener, AppState::default(), options, async {
        let _ = stopped.await;
    }));
    let mut slow = Vec::new();
    for _ in 0..6 {
        let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
        s.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\n").await.unwrap();
        slow.push(s);
    }
    let start = std::time::Instant::now();
    for mut s in slow {
        let mut buf = Vec::new();
        // Closed by the server (EOF, possibly after a 408), not left open.
        let read = tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut buf)).await;
        assert!(read.is_ok(), "a slow connection stayed open for 5 s");
    }
    assert!(start.elapsed() < Duration::from_secs(3), "closed after {:?}", start.elapsed());
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await.unwrap();
    let mut buf = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut buf)).await.unwrap().unwrap();
    assert!(String::from_utf8_lossy(&buf).starts_with("HTTP/1.1 200"), "{}", String::from_utf8_lossy(&buf));
    stop.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(5), server).await.unwrap().unwrap().unwrap();
}

/// Serves `state` with `options` on a loopback port until the returned sender is used.
async fn on_a_socket(
    state: AppState,
    options: ServeOptions,
) -> (std::net::SocketAddr, tokio::sync::oneshot::Sender<()>, tokio::task::JoinHandle<std::io::Result<()>>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(serve_with(listener, state, options, async {
        let _ = stopped.await;
    }));
    (addr, stop, server)
}

/// Writes `raw` on a connection of its own and reads the whole answer (the server closes).
async fn raw_exchange(addr: std::net::SocketAddr, raw: &[u8]) -> String {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    // The server may answer and close before the whole head is written.
    let _ = s.write_all(raw).await;
    let mut buf = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut buf)).await.expect("answered and closed");
    String::from_utf8_lossy(&buf).into_owned()
}

/// Regression: a head beyond hyper's own limits (64 KiB, 128 fields) got hyper's 431 with
/// an empty body; it carries `{"error":…}` like every other error now.
#[tokio::test]
async fn a_head_too_large_for_hyper_is_a_json_431_too() {
    let (addr, stop, server) = on_a_socket(AppState::default(), ServeOptions::default()).await;
    let huge = format!("GET /health HTTP/1.1\r\nHost: x\r\nX-Big: {}\r\n\r\n", "a".repeat(100 * 1024));
    let many: String = (0..200).map(|i| format!("x-h{i}: v\r\n")).collect();
    let many = format!("GET /health HTTP/1.1\r\nHost: x\r\n{many}\r\n");
    for raw in [huge, many] {
        let answer = raw_exchange(addr, raw.as_bytes()).await;
        let (head, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
        assert!(head.starts_with("HTTP/1.1 431 "), "{head}");
        assert!(head.to_ascii_lowercase().contains("content-type: application/json"), "{head}");
        let parsed: serde_json::Value = serde_json::from_str(body).expect("a JSON body");
        assert!(parsed["error"].as_str().unwrap().contains("header fields"), "{body}");
    }
    // A line that is not HTTP: hyper's 400, with a JSON body too.
    let answer = raw_exchange(addr, b"GARBAGE\x01 / HTTP/1.1\r\n\r\n").await;
    assert!(answer.starts_with("HTTP/1.1 400 ") && answer.contains("{\"error\":"), "{answer}");
    // An ordinary request on the same server is untouched.
    let answer = raw_exchange(addr, b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await;
    assert!(answer.starts_with("HTTP/1.1 200 ") && answer.contains("\"status\":\"ok\""), "{answer}");
    stop.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(5), server).await.unwrap().unwrap().unwrap();
}

/// `--trusted-proxy`: from a trusted peer the client named in `X-Forwarded-For` or
/// `Forwarded` is the rate limit's key (two clients behind one proxy each get their own
/// burst); from an untrusted peer those headers change nothing (one key, one burst).
#[tokio::test]
async fn clients_behind_a_trusted_proxy_are_told_apart_and_nobody_else_is() {
    use hexforge::results::{Database, RecordRate, Results};
    let dir = temp_dir::TempDir::new("proxy");
    for (trusted, expected_recorded) in [(vec!["127.0.0.0/8".parse().unwrap()], 2), (vec![], 1)] {
        let database = Database::sqlite_file(&dir.0.join(format!("results-{expected_recorded}.sqlite3")));
        let rate = RecordRate { per_minute: 1, burst: 1 };
        let (results, writer) = Results::start(&database, rate, 100).await.unwrap().unwrap();
        let counters = results.recorder.clone();
        let options = ServeOptions { trusted_proxies: trusted, ..ServeOptions::default() };
        let (addr, stop, server) = on_a_socket(AppState::default().with_results(results), options).await;
        let body = r#"{"turns":["pass"]}"#;
        for forwarded in ["X-Forwarded-For: 203.0.113.1", "Forwarded: for=203.0.113.2;proto=http"] {
            let raw = format!(
                "POST /api/puzzles/zhipai-1/check HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{forwarded}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
                body.len()
            );
            let answer = raw_exchange(addr, raw.as_bytes()).await;
            assert!(answer.starts_with("HTTP/1.1 200 "), "{answer}");
        }
        stop.send(()).unwrap();
        tokio::time::timeout(Duration::from_secs(5), server).await.unwrap().unwrap().unwrap();
        writer.finish(Duration::from_secs(5)).await;
        let counters = counters.counters();
        let recorded = counters.recorded.load(std::sync::atomic::Ordering::Relaxed);
        let limited = counters.rate_limited.load(std::sync::atomic::Ordering::Relaxed);
        assert_eq!(
            (recorded, limited),
            (expected_recorded, 2 - expected_recorded),
            "trusted: {}",
            expected_recorded == 2
        );
    }
}
