//! `GET /`: the web page, its ES modules (`/js/{file}`) and its style sheet. All are
//! embedded in the binary from `web/`; the page loads nothing from elsewhere, so it
//! works offline.

use super::Routes;
use super::error::{AppError, Path};
use axum::http::header;
use axum::response::IntoResponse;

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

async fn index() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CONTENT_SECURITY_POLICY, CSP),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        INDEX_HTML,
    )
}

/// `GET /js/{file}`: one of [`SCRIPTS`].
async fn script(Path(file): Path<String>) -> Result<impl IntoResponse, AppError> {
    let (_, text) = SCRIPTS
        .iter()
        .find(|(name, _)| *name == file)
        .ok_or_else(|| AppError::not_found(format!("no script {file:?}; the page's scripts are under /js/")))?;
    Ok(([(header::CONTENT_TYPE, "text/javascript; charset=utf-8"), (header::CACHE_CONTROL, "no-cache")], *text))
}

async fn style() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8"), (header::CACHE_CONTROL, "no-cache")], STYLE_CSS)
}

/// `GET /health`: `{"status":"ok","version":"…"}`.
async fn health() -> impl IntoResponse {
    axum::Json(serde_json::json!({ "status": "ok", "version": env!("CARGO_PKG_VERSION") }))
}
