//! `GET /`: the web page, and its script and style sheet. All three are embedded in the
//! binary from `web/`; the page loads nothing from elsewhere, so it works offline.

use super::Routes;
use axum::http::header;
use axum::response::IntoResponse;

pub(super) fn routes(routes: Routes) -> Routes {
    routes.get("/", index).get("/app.js", script).get("/style.css", style).get("/health", health)
}

const INDEX_HTML: &str = include_str!("../../web/index.html");
const APP_JS: &str = include_str!("../../web/app.js");
const STYLE_CSS: &str = include_str!("../../web/style.css");

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

async fn script() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8"), (header::CACHE_CONTROL, "no-cache")], APP_JS)
}

async fn style() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8"), (header::CACHE_CONTROL, "no-cache")], STYLE_CSS)
}

/// `GET /health`: `{"status":"ok","version":"…"}`.
async fn health() -> impl IntoResponse {
    axum::Json(serde_json::json!({ "status": "ok", "version": env!("CARGO_PKG_VERSION") }))
}
