//! `GET /play/{game}`: the page that plays a game of the registry in the browser
//! (`web/play.html`, `web/js/play.js`), its style sheet (`/play.css`) and the rules module
//! it runs (`/wasm/hexforge_rules.wasm`, built from `rules-wasm/` by
//! `scripts/rules-wasm.sh`). All are embedded in the binary; once loaded, the page plays
//! without asking the server anything. A game with printed boards or tiles gets them in
//! its page ([`super::play_art`]), rendered once from the print templates.

use super::Routes;
use super::error::{AppError, Path};
use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::Response;
use std::sync::LazyLock;

pub(super) fn routes(routes: Routes) -> Routes {
    routes
        .get_from_memory("/play/{game}", page)
        .get_from_memory("/play.css", style)
        .get_from_memory("/wasm/{file}", module)
}

const PLAY_HTML: &str = include_str!("../../web/play.html");
const PLAY_CSS: &str = include_str!("../../web/play.css");
/// The rules crate compiled to WebAssembly (committed; CI checks it is fresh).
pub const MODULE: &[u8] = include_bytes!("../../web/wasm/hexforge_rules.wasm");
const MODULE_NAME: &str = "hexforge_rules.wasm";

/// Each game's page: `web/play.html` with the game's drawings in place of
/// [`super::play_art::MARK`] (none for a game drawn in words), rendered once.
static PAGES: LazyLock<Vec<(&'static str, Bytes, HeaderValue)>> = LazyLock::new(|| {
    hexforge_rules::games()
        .iter()
        .map(|rules| {
            let art = match super::play_art::art(rules.name()) {
                Some(Ok(art)) => art,
                Some(Err(err)) => {
                    tracing::error!(game = rules.name(), error = %err, "the play page's drawings did not render");
                    String::new()
                }
                None => String::new(),
            };
            let html = PLAY_HTML.replacen(super::play_art::MARK, &art, 1);
            let tag = super::etag(html.as_bytes());
            (rules.name(), Bytes::from(html), tag)
        })
        .collect()
});

static ETAGS: LazyLock<[HeaderValue; 1]> = LazyLock::new(|| [super::etag(PLAY_CSS.as_bytes())]);

/// The rules module, compressed once ([`super::assets`]).
static MODULE_ASSET: LazyLock<super::assets::Asset> =
    LazyLock::new(|| super::assets::Asset::new(Bytes::from_static(MODULE), "application/wasm", "no-cache"));

/// `GET /play/{game}`: the play page, for a game the registry has.
async fn page(headers: HeaderMap, Path(game): Path<String>) -> Result<Response, AppError> {
    let Some((_, html, tag)) = PAGES.iter().find(|(name, _, _)| *name == game) else {
        let names: Vec<&str> = hexforge_rules::games().iter().map(|r| r.name()).collect();
        return Err(AppError::not_found(format!("no game {game:?} to play; the games are {}", names.join(", "))));
    };
    let mut response = super::cached(&headers, "text/html; charset=utf-8", "no-cache", tag.clone(), html.clone());
    response.headers_mut().insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(super::page::CSP));
    Ok(response)
}

async fn style(headers: HeaderMap) -> Response {
    super::cached(
        &headers,
        "text/css; charset=utf-8",
        "no-cache",
        ETAGS[0].clone(),
        Bytes::from_static(PLAY_CSS.as_bytes()),
    )
}

/// `GET /wasm/hexforge_rules.wasm`: the rules module, as stored bytes (compressed once,
/// ranges, `HEAD`).
async fn module(headers: HeaderMap, Path(file): Path<String>) -> Result<Response, AppError> {
    if file != MODULE_NAME {
        return Err(AppError::not_found(format!("no module {file:?}; the rules module is /wasm/{MODULE_NAME}")));
    }
    Ok(MODULE_ASSET.respond(&headers))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::StatusCode;

    #[tokio::test]
    async fn every_game_of_the_registry_has_a_page_and_no_other_name_does() {
        for rules in hexforge_rules::games() {
            let response = page(HeaderMap::new(), Path(rules.name().to_string())).await.expect("a page");
            assert_eq!(response.status(), StatusCode::OK);
            let csp = response.headers()[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
            assert!(csp.contains("'wasm-unsafe-eval'") && !csp.contains("'unsafe-eval'"), "{csp}");
            let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body");
            let html = String::from_utf8(body.to_vec()).expect("utf-8");
            let drawn = ["liubo", "dragons", "yijing-pai"].contains(&rules.name());
            assert_eq!(html.contains("id=\"play-art\""), drawn, "{}", rules.name());
            assert!(!html.contains(super::super::play_art::MARK), "the mark is replaced");
        }
        assert!(page(HeaderMap::new(), Path("chess".into())).await.is_err());
        assert!(page(HeaderMap::new(), Path("TAO".into())).await.is_err(), "one spelling per page");
    }

    #[test]
    fn the_module_is_webassembly_and_within_its_size() {
        assert_eq!(&MODULE[..4], b"\0asm");
        assert!(MODULE.len() <= 700 * 1024, "{} bytes", MODULE.len());
    }
}
