//! `GET /`: the web page, its ES modules (`/js/{file}`) and its style sheet. All are
//! embedded in the binary from `web/`; the page loads nothing from elsewhere, so it
//! works offline.

use super::Routes;
use super::error::{AppError, Path};
use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use std::sync::LazyLock;

pub(super) fn routes(routes: Routes) -> Routes {
    routes.get("/", index).get("/js/{file}", script).get("/style.css", style).get("/health", health)
}

const INDEX_HTML: &str = include_str!("../../web/index.html");
const STYLE_CSS: &str = include_str!("../../web/style.css");

/// The page's ES modules, by file name under `/js/`; `main.js` is the entry point.
pub const SCRIPTS: [(&str, &str); 9] = [
    ("main.js", include_str!("../../web/js/main.js")),
    ("api.js", include_str!("../../web/js/api.js")),
    ("dom.js", include_str!("../../web/js/dom.js")),
    ("parse.js", include_str!("../../web/js/parse.js")),
    ("deck.js", include_str!("../../web/js/deck.js")),
    ("verdict.js", include_str!("../../web/js/verdict.js")),
    ("pathways.js", include_str!("../../web/js/pathways.js")),
    ("zhipai.js", include_str!("../../web/js/zhipai.js")),
    ("verify.js", include_str!("../../web/js/verify.js")),
];

/// The page may only load what this server serves (no CDN, no inline script).
const CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/// Each embedded file's entity tag, computed once. The files change only with the
/// binary, so the browser keeps them and revalidates (`no-cache`) for a cheap 304.
static ETAGS: LazyLock<Vec<HeaderValue>> = LazyLock::new(|| {
    [INDEX_HTML, STYLE_CSS]
        .into_iter()
        .chain(SCRIPTS.iter().map(|(_, t)| *t))
        .map(|t| super::etag(t.as_bytes()))
        .collect()
});

async fn index(headers: HeaderMap) -> Response {
    let mut response = super::cached(
        &headers,
        "text/html; charset=utf-8",
        "no-cache",
        ETAGS[0].clone(),
        Bytes::from_static(INDEX_HTML.as_bytes()),
    );
    response.headers_mut().insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    response
}

/// `GET /js/{file}`: one of [`SCRIPTS`].
async fn script(headers: HeaderMap, Path(file): Path<String>) -> Result<Response, AppError> {
    let i = SCRIPTS
        .iter()
        .position(|(name, _)| *name == file)
        .ok_or_else(|| AppError::not_found(format!("no script {file:?}; the page's scripts are under /js/")))?;
    Ok(super::cached(
        &headers,
        "text/javascript; charset=utf-8",
        "no-cache",
        ETAGS[2 + i].clone(),
        Bytes::from_static(SCRIPTS[i].1.as_bytes()),
    ))
}

async fn style(headers: HeaderMap) -> Response {
    super::cached(
        &headers,
        "text/css; charset=utf-8",
        "no-cache",
        ETAGS[1].clone(),
        Bytes::from_static(STYLE_CSS.as_bytes()),
    )
}

/// `GET /health`: `{"status":"ok","version":"…"}`.
async fn health() -> impl IntoResponse {
    axum::Json(serde_json::json!({ "status": "ok", "version": env!("CARGO_PKG_VERSION") }))
}
