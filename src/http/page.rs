//! `GET /`: the web page, its ES modules (`/js/{file}`), its style sheet and the bundled
//! fonts (`/fonts/{file}`). All are embedded in the binary (the page from `web/`, the
//! fonts from `fonts/`, the same files the renderer draws with); the page loads nothing
//! from elsewhere, so it works offline and shows the Chinese names on a machine without
//! a CJK font.

use super::Routes;
use super::assets::Asset;
use super::error::{AppError, Path};
use crate::print::fonts;
use axum::body::Bytes;
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use std::sync::LazyLock;

pub(super) fn routes(routes: Routes) -> Routes {
    routes
        .get_from_memory("/", index)
        .get_from_memory("/js/{file}", script)
        .get_from_memory("/style.css", style)
        .get_from_memory("/health", health)
        .get_from_memory("/fonts/{file}", font)
}

const INDEX_HTML: &str = include_str!("../../web/index.html");
pub(super) const STYLE_CSS: &str = include_str!("../../web/style.css");

/// The page's ES modules, by file name under `/js/`; `main.js` is the entry point.
pub const SCRIPTS: [(&str, &str); 27] = [
    ("main.js", include_str!("../../web/js/main.js")),
    ("api.js", include_str!("../../web/js/api.js")),
    ("dom.js", include_str!("../../web/js/dom.js")),
    ("parse.js", include_str!("../../web/js/parse.js")),
    ("deck.js", include_str!("../../web/js/deck.js")),
    ("verdict.js", include_str!("../../web/js/verdict.js")),
    ("table.js", include_str!("../../web/js/table.js")),
    ("pathways.js", include_str!("../../web/js/pathways.js")),
    ("zhipai.js", include_str!("../../web/js/zhipai.js")),
    ("verify.js", include_str!("../../web/js/verify.js")),
    ("photo.js", include_str!("../../web/js/photo.js")),
    ("today.js", include_str!("../../web/js/today.js")),
    ("today-solitaire.js", include_str!("../../web/js/today-solitaire.js")),
    ("spread.js", include_str!("../../web/js/spread.js")),
    ("rules.js", include_str!("../../web/js/rules.js")),
    ("boards.js", include_str!("../../web/js/boards.js")),
    ("drawn.js", include_str!("../../web/js/drawn.js")),
    ("cards_table.js", include_str!("../../web/js/cards_table.js")),
    ("play.js", include_str!("../../web/js/play.js")),
    ("ending.js", include_str!("../../web/js/ending.js")),
    ("saved.js", include_str!("../../web/js/saved.js")),
    ("offline.js", include_str!("../../web/js/offline.js")),
    ("install.js", include_str!("../../web/js/install.js")),
    ("levels.js", include_str!("../../web/js/levels.js")),
    ("pick.js", include_str!("../../web/js/pick.js")),
    ("room.js", include_str!("../../web/js/room.js")),
    ("live.js", include_str!("../../web/js/live.js")),
];

/// The page may only load what this server serves (no CDN, no inline script); it may
/// compile the rules module (WebAssembly), nothing else (`'wasm-unsafe-eval'`).
pub(super) const CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self' 'wasm-unsafe-eval'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The page, its style sheet and its scripts (in the order of [`SCRIPTS`]), as stored
/// bytes ([`super::assets`]). The files change only with the binary, so the browser keeps
/// them and revalidates (`no-cache`) for a cheap 304.
static INDEX: LazyLock<Asset> = LazyLock::new(|| Asset::page(Bytes::from_static(INDEX_HTML.as_bytes()), CSP));
static STYLE: LazyLock<Asset> =
    LazyLock::new(|| Asset::embedded(STYLE_CSS.as_bytes(), "text/css; charset=utf-8", "no-cache"));
static SCRIPT_ASSETS: LazyLock<Vec<Asset>> = LazyLock::new(|| {
    SCRIPTS.iter().map(|(_, t)| Asset::embedded(t.as_bytes(), "text/javascript; charset=utf-8", "no-cache")).collect()
});

async fn index(headers: HeaderMap) -> Response {
    INDEX.respond(&headers)
}

/// `GET /js/{file}`: one of [`SCRIPTS`].
async fn script(headers: HeaderMap, Path(file): Path<String>) -> Result<Response, AppError> {
    let i = SCRIPTS
        .iter()
        .position(|(name, _)| *name == file)
        .ok_or_else(|| AppError::not_found(format!("no script {file:?}; the page's scripts are under /js/")))?;
    Ok(SCRIPT_ASSETS[i].respond(&headers))
}

async fn style(headers: HeaderMap) -> Response {
    STYLE.respond(&headers)
}

/// The fonts never change within one binary and their names are the page's own, so the
/// browser keeps them for a year without asking again.
const FONT_CACHE: &str = "public, max-age=31536000, immutable";

/// Each bundled font as stored bytes, in the order of [`fonts::font_files`].
static FONT_ASSETS: LazyLock<Vec<Asset>> = LazyLock::new(|| {
    fonts::font_files()
        .iter()
        .map(|(name, bytes)| {
            let content_type = if name.ends_with(".otf") { "font/otf" } else { "font/ttf" };
            Asset::embedded(bytes, content_type, FONT_CACHE)
        })
        .collect()
});

/// `GET /fonts/{file}`: one of the bundled fonts, for the page's `@font-face` rules.
async fn font(headers: HeaderMap, Path(file): Path<String>) -> Result<Response, AppError> {
    let files = fonts::font_files();
    let i = files.iter().position(|(name, _)| *name == file).ok_or_else(|| {
        let names: Vec<&str> = files.iter().map(|(name, _)| *name).collect();
        AppError::not_found(format!("no font {file:?}; the fonts are {}", names.join(", ")))
    })?;
    Ok(FONT_ASSETS[i].respond(&headers))
}

/// `GET /health`: `{"status":"ok","version":"…"}`, the same bytes every time.
async fn health() -> impl IntoResponse {
    const HEALTH: &str = concat!(r#"{"status":"ok","version":""#, env!("CARGO_PKG_VERSION"), r#""}"#);
    ([(header::CONTENT_TYPE, "application/json")], HEALTH)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::StatusCode;

    #[tokio::test]
    async fn every_bundled_font_is_served_with_its_type_and_a_long_cache() {
        for (name, bytes) in fonts::font_files() {
            let response = font(HeaderMap::new(), Path(name.to_string())).await.expect("a bundled font");
            assert_eq!(response.status(), StatusCode::OK);
            let header = |h| response.headers()[h].to_str().unwrap().to_owned();
            let expected = if name.ends_with(".otf") { "font/otf" } else { "font/ttf" };
            assert_eq!(header(header::CONTENT_TYPE), expected, "{name}");
            assert!(header(header::CACHE_CONTROL).contains("max-age=31536000"), "{name}");
            let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
            assert_eq!(&body[..], *bytes, "{name}");
        }
    }

    #[tokio::test]
    async fn an_unknown_font_is_named_with_the_list() {
        let err = font(HeaderMap::new(), Path("Arial.ttf".into())).await.unwrap_err();
        let text = format!("{err:?}");
        assert!(text.contains("Arial.ttf") && text.contains("NotoSans-Regular-subset.ttf"), "{text}");
    }

    #[test]
    fn the_style_sheet_names_only_fonts_that_are_served() {
        let urls: Vec<&str> = STYLE_CSS.split("url(/fonts/").skip(1).map(|s| &s[..s.find(')').unwrap()]).collect();
        assert!(urls.len() >= 4, "the page loads the bundled fonts: {urls:?}");
        for url in urls {
            assert!(fonts::font_files().iter().any(|(name, _)| *name == url), "style.css asks for {url}");
        }
    }
}
