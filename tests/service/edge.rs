//! What every answer carries and what the edge refuses (issue 40): `nosniff` everywhere,
//! `form-action` in the pages' policy, a compressed request body refused with 415, the
//! rules module as stored bytes (each encoding, `Range`, `HEAD` as `GET`), and the cap on
//! the connections of one address, over a real socket.

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use hexforge::http::{AppState, ServeOptions, app, serve_with};
use http_body_util::BodyExt;
use std::io::{Read, Write};
use std::time::Duration;
use tower::ServiceExt;

const MODULE: &str = "/wasm/hexforge_rules.wasm";
const MODULE_BYTES: &[u8] = include_bytes!("../../web/wasm/hexforge_rules.wasm");

async fn send(request: Request<Body>) -> (StatusCode, HeaderMap, Bytes) {
    let response = app(AppState::default()).oneshot(request).await.unwrap();
    let (parts, body) = response.into_parts();
    (parts.status, parts.headers, body.collect().await.unwrap().to_bytes())
}

fn request(method: Method, uri: &str, headers: &[(&str, &str)]) -> Request<Body> {
    let mut builder = Request::builder().method(method).uri(uri);
    for (name, value) in headers {
        builder = builder.header(*name, *value);
    }
    builder.body(Body::empty()).unwrap()
}

#[tokio::test]
async fn every_answer_says_nosniff_and_pages_limit_their_forms() {
    let post = Request::post("/api/cast").header("content-type", "application/json").body(Body::from("{")).unwrap();
    for request in [
        request(Method::GET, "/health", &[]),
        request(Method::GET, "/no/such/page", &[]),
        request(Method::DELETE, "/health", &[]),
        request(Method::GET, MODULE, &[("accept-encoding", "gzip")]),
        request(Method::HEAD, "/", &[]),
        post,
    ] {
        let uri = request.uri().clone();
        let (status, headers, _) = send(request).await;
        assert_eq!(
            headers.get(header::X_CONTENT_TYPE_OPTIONS).map(|v| v.as_bytes()),
            Some(&b"nosniff"[..]),
            "{uri} {status}"
        );
    }
    for page in ["/", "/play/tao"] {
        let (_, headers, _) = send(request(Method::GET, page, &[])).await;
        let csp = headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
        assert!(csp.contains("form-action 'self'"), "{page}: {csp}");
    }
}

#[tokio::test]
async fn a_compressed_request_body_is_refused_not_read_as_plain() {
    let body = {
        let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gzip.write_all(br#"{"values":[9,6,9,6,9,6]}"#).unwrap();
        gzip.finish().unwrap()
    };
    for encoding in ["gzip", "br", "gzip, identity"] {
        let request = Request::post("/api/cast")
            .header("content-type", "application/json")
            .header("content-encoding", encoding)
            .body(Body::from(body.clone()))
            .unwrap();
        let (status, _, answer) = send(request).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{encoding}");
        let error: serde_json::Value = serde_json::from_slice(&answer).unwrap();
        assert!(error["error"].as_str().unwrap().contains("content-encoding"), "{error}");
    }
    let plain = Request::post("/api/cast")
        .header("content-type", "application/json")
        .header("content-encoding", "identity")
        .body(Body::from(r#"{"values":[9,6,9,6,9,6]}"#))
        .unwrap();
    assert_eq!(send(plain).await.0, StatusCode::OK);
}

/// The module decoded from what was sent, as `encoding` says.
fn decoded(encoding: Option<&str>, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    match encoding {
        None => out.extend_from_slice(body),
        Some("gzip") => {
            flate2::read::GzDecoder::new(body).read_to_end(&mut out).unwrap();
        }
        Some("br") => {
            brotli::Decompressor::new(body, 4096).read_to_end(&mut out).unwrap();
        }
        Some(other) => panic!("unexpected encoding {other}"),
    }
    out
}

#[tokio::test]
async fn the_module_is_sent_in_the_encoding_asked_and_head_says_what_get_sends() {
    for (accept, expected) in
        [(None, None), (Some("gzip"), Some("gzip")), (Some("gzip, deflate, br"), Some("br")), (Some("identity"), None)]
    {
        let asked: Vec<(&str, &str)> = accept.map(|a| ("accept-encoding", a)).into_iter().collect();
        let (status, get_headers, body) = send(request(Method::GET, MODULE, &asked)).await;
        assert_eq!(status, StatusCode::OK);
        let encoding = get_headers.get(header::CONTENT_ENCODING).map(|v| v.to_str().unwrap());
        assert_eq!(encoding, expected, "{accept:?}");
        assert_eq!(decoded(encoding, &body), MODULE_BYTES, "{accept:?}");
        assert_eq!(get_headers[header::CONTENT_LENGTH], body.len().to_string().as_str(), "{accept:?}");
        assert_eq!(get_headers[header::ACCEPT_RANGES], "bytes");
        let (status, head_headers, head_body) = send(request(Method::HEAD, MODULE, &asked)).await;
        assert_eq!(status, StatusCode::OK);
        assert!(head_body.is_empty());
        for name in [
            header::CONTENT_LENGTH,
            header::CONTENT_TYPE,
            header::CONTENT_ENCODING,
            header::ETAG,
            header::ACCEPT_RANGES,
            header::VARY,
        ] {
            assert_eq!(head_headers.get(&name), get_headers.get(&name), "{name} for {accept:?}");
        }
    }
}

#[tokio::test]
async fn the_module_answers_ranges() {
    let total = MODULE_BYTES.len();
    let (status, headers, body) =
        send(request(Method::GET, MODULE, &[("range", "bytes=0-3"), ("accept-encoding", "br")])).await;
    assert_eq!(status, StatusCode::PARTIAL_CONTENT);
    assert_eq!(&body[..], b"\0asm");
    assert_eq!(headers[header::CONTENT_RANGE], format!("bytes 0-3/{total}").as_str());
    assert!(headers.get(header::CONTENT_ENCODING).is_none(), "a range of the plain bytes");
    let (status, headers, body) = send(request(Method::GET, MODULE, &[("range", "bytes=-10")])).await;
    assert_eq!(status, StatusCode::PARTIAL_CONTENT);
    assert_eq!(&body[..], &MODULE_BYTES[total - 10..]);
    assert_eq!(headers[header::CONTENT_RANGE], format!("bytes {}-{}/{total}", total - 10, total - 1).as_str());
    let past = format!("bytes={total}-");
    let (status, headers, body) = send(request(Method::GET, MODULE, &[("range", &past)])).await;
    assert_eq!(status, StatusCode::RANGE_NOT_SATISFIABLE);
    assert_eq!(headers[header::CONTENT_RANGE], format!("bytes */{total}").as_str());
    assert!(serde_json::from_slice::<serde_json::Value>(&body).unwrap()["error"].is_string());
}

/// Reads what a socket answers until it closes or a second passes.
fn answer(stream: &mut std::net::TcpStream) -> String {
    stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut out = Vec::new();
    let _ = stream.read_to_end(&mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// One address holding its cap of connections gets a 503 for the next, and the other
/// clients are served; a connection closed gives its slot back.
#[test]
fn one_address_cannot_hold_every_connection() {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let listener = runtime.block_on(tokio::net::TcpListener::bind("127.0.0.1:0")).unwrap();
    let addr = listener.local_addr().unwrap();
    let options = ServeOptions { max_connections_per_address: 3, max_connections: 8, ..ServeOptions::default() };
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    runtime.spawn(serve_with(listener, AppState::default(), options, async move {
        let _ = stopped.await;
    }));
    let health = "GET /health HTTP/1.1\r\nhost: t\r\nconnection: close\r\n\r\n";
    // Three idle connections (each proven served by a request on it, kept alive).
    let mut held: Vec<std::net::TcpStream> = (0..3)
        .map(|_| {
            let mut s = std::net::TcpStream::connect(addr).unwrap();
            s.write_all(b"GET /health HTTP/1.1\r\nhost: t\r\n\r\n").unwrap();
            let mut buf = [0u8; 512];
            s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
            let n = s.read(&mut buf).unwrap();
            assert!(buf[..n].starts_with(b"HTTP/1.1 200"), "{}", String::from_utf8_lossy(&buf[..n]));
            s
        })
        .collect();
    let mut fourth = std::net::TcpStream::connect(addr).unwrap();
    let _ = fourth.write_all(health.as_bytes());
    let refused = answer(&mut fourth);
    assert!(refused.starts_with("HTTP/1.1 503"), "{refused}");
    assert!(refused.contains("retry-after: 1") && refused.contains("--max-connections-per-address"), "{refused}");
    // Another address (the same machine as 127.0.0.2) is served at once.
    if let Ok(mut other) = std::net::TcpStream::connect(("127.0.0.2", addr.port())) {
        other.write_all(health.as_bytes()).unwrap();
        assert!(answer(&mut other).starts_with("HTTP/1.1 200"));
    }
    drop(held.pop());
    std::thread::sleep(Duration::from_millis(200));
    let mut again = std::net::TcpStream::connect(addr).unwrap();
    again.write_all(health.as_bytes()).unwrap();
    let served = answer(&mut again);
    assert!(served.starts_with("HTTP/1.1 200"), "{served}");
    let _ = stop.send(());
}

/// Over HTTP/2 (prior knowledge) a body beyond the limit gets its 413 with the JSON body
/// whole before the stream ends: declared too long (3 MB, answered before the body is
/// read, while the client is still sending), and streamed without a length until past
/// the limit. The server then resets the stream with `NO_ERROR`, which RFC 9113 (8.1)
/// tells a client not to take for a failure of the answer.
#[test]
fn over_http2_a_413_arrives_with_its_json_body() {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let listener = runtime.block_on(tokio::net::TcpListener::bind("127.0.0.1:0")).unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    runtime.spawn(serve_with(listener, AppState::default(), ServeOptions::default(), async move {
        let _ = stopped.await;
    }));
    runtime.block_on(async move {
        let tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
        let (client, connection) = h2::client::handshake(tcp).await.unwrap();
        tokio::spawn(connection);
        let chunk = Bytes::from(vec![b' '; 16 * 1024]);
        for declared in [true, false] {
            let mut client = client.clone().ready().await.unwrap();
            let mut builder =
                axum::http::Request::post(format!("http://{addr}/api/cast")).header("content-type", "application/json");
            let chunks = if declared { 3_000_000 / chunk.len() + 1 } else { 5 };
            if declared {
                builder = builder.header("content-length", (chunks * chunk.len()).to_string());
            }
            let (response, mut body) = client.send_request(builder.body(()).unwrap(), false).unwrap();
            // Sent in the background as the window allows; 80 KiB is past the 64 KiB limit.
            let chunk = chunk.clone();
            tokio::spawn(async move {
                for _ in 0..chunks {
                    body.reserve_capacity(chunk.len());
                    if body.send_data(chunk.clone(), false).is_err() {
                        return;
                    }
                    tokio::task::yield_now().await;
                }
                let _ = body.send_data(Bytes::new(), true);
            });
            let response = tokio::time::timeout(Duration::from_secs(20), response).await.unwrap().unwrap();
            assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE, "declared: {declared}");
            let mut stream = response.into_body();
            let mut got = Vec::new();
            while let Some(data) = tokio::time::timeout(Duration::from_secs(20), stream.data()).await.unwrap() {
                let data =
                    data.unwrap_or_else(|e| panic!("declared {declared}: the stream ended early: {e} after {got:?}"));
                let _ = stream.flow_control().release_capacity(data.len());
                got.extend_from_slice(&data);
            }
            let error: serde_json::Value = serde_json::from_slice(&got)
                .unwrap_or_else(|e| panic!("declared {declared}: {e}: {:?}", String::from_utf8_lossy(&got)));
            assert!(error["error"].as_str().unwrap().contains("64 KiB"), "{error}");
        }
    });
    let _ = stop.send(());
}

/// Every embedded file the server sends: the pages, their scripts, style sheets and fonts,
/// the OpenAPI document and the rules module.
fn embedded_paths() -> Vec<String> {
    let mut paths: Vec<String> =
        ["/", "/style.css", "/play", "/play.css", MODULE, "/openapi.json"].iter().map(|p| p.to_string()).collect();
    let scripts = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/web/js")).unwrap();
    let mut scripts: Vec<String> = scripts.map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    scripts.sort();
    paths.extend(scripts.iter().filter(|s| s.ends_with(".js")).map(|s| format!("/js/{s}")));
    paths.extend(hexforge::print::fonts::font_files().iter().map(|(name, _)| format!("/fonts/{name}")));
    paths.extend(hexforge_rules::games().iter().map(|r| format!("/play/{}", r.name())));
    paths
}

/// Issue 40: every embedded file is sent as stored bytes, compressed once: each encoding
/// with its `Content-Length` and `Accept-Ranges` (compressing on the way out sent neither),
/// the same bytes every time, decoding to the plain file; `HEAD` says what `GET` sends.
#[tokio::test]
async fn every_embedded_file_is_sent_as_stored_bytes_and_head_says_what_get_sends() {
    let paths = embedded_paths();
    assert!(paths.len() > 30, "{paths:?}");
    for path in &paths {
        let (status, _, plain) = send(request(Method::GET, path, &[])).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        for (accept, expected) in [(None, None), (Some("gzip"), Some("gzip")), (Some("br, gzip"), Some("br"))] {
            let asked: Vec<(&str, &str)> = accept.map(|a| ("accept-encoding", a)).into_iter().collect();
            let (status, get_headers, body) = send(request(Method::GET, path, &asked)).await;
            assert_eq!(status, StatusCode::OK, "{path}");
            let encoding = get_headers.get(header::CONTENT_ENCODING).map(|v| v.to_str().unwrap());
            assert_eq!(encoding, expected, "{path} with {accept:?}");
            assert_eq!(decoded(encoding, &body), plain, "{path} with {accept:?}");
            assert_eq!(
                get_headers.get(header::CONTENT_LENGTH).map(|v| v.to_str().unwrap().to_string()),
                Some(body.len().to_string()),
                "{path} with {accept:?}"
            );
            assert_eq!(get_headers.get(header::ACCEPT_RANGES).map(|v| v.as_bytes()), Some(&b"bytes"[..]), "{path}");
            let (_, _, again) = send(request(Method::GET, path, &asked)).await;
            assert_eq!(again, body, "{path} with {accept:?}: the same bytes every time");
            let (status, mut head_headers, head_body) = send(request(Method::HEAD, path, &asked)).await;
            assert_eq!(status, StatusCode::OK, "{path}");
            assert!(head_body.is_empty(), "{path}");
            let mut get_headers = get_headers;
            for headers in [&mut get_headers, &mut head_headers] {
                headers.remove(header::DATE);
                headers.remove("x-request-id");
            }
            assert_eq!(head_headers, get_headers, "{path} with {accept:?}: HEAD and GET");
        }
    }
}
