//! `GET /play/{game}`: the page that plays a game of the registry in the browser
//! (`web/play.html`, `web/js/play.js`), its style sheet (`/play.css`) and the rules module
//! it runs (`/wasm/hexforge_rules.wasm`, built from `rules-wasm/` by
//! `scripts/rules-wasm.sh`). All are embedded in the binary; once loaded, the page plays
//! without asking the server anything.

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

static ETAGS: LazyLock<[HeaderValue; 3]> =
    LazyLock::new(|| [super::etag(PLAY_HTML.as_bytes()), super::etag(PLAY_CSS.as_bytes()), super::etag(MODULE)]);

/// `GET /play/{game}`: the play page, for a game the registry has.
async fn page(headers: HeaderMap, Path(game): Path<String>) -> Result<Response, AppError> {
    if hexforge_rules::game(&game).is_none_or(|rules| rules.name() != game) {
        let names: Vec<&str> = hexforge_rules::games().iter().map(|r| r.name()).collect();
        return Err(AppError::not_found(format!("no game {game:?} to play; the games are {}", names.join(", "))));
    }
    let mut response = super::cached(
        &headers,
        "text/html; charset=utf-8",
        "no-cache",
        ETAGS[0].clone(),
        Bytes::from_static(PLAY_HTML.as_bytes()),
    );
    response.headers_mut().insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(super::page::CSP));
    Ok(response)
}

async fn style(headers: HeaderMap) -> Response {
    super::cached(
        &headers,
        "text/css; charset=utf-8",
        "no-cache",
        ETAGS[1].clone(),
        Bytes::from_static(PLAY_CSS.as_bytes()),
    )
}

/// `GET /wasm/hexforge_rules.wasm`: the rules module.
async fn module(headers: HeaderMap, Path(file): Path<String>) -> Result<Response, AppError> {
    if file != MODULE_NAME {
        return Err(AppError::not_found(format!("no module {file:?}; the rules module is /wasm/{MODULE_NAME}")));
    }
    Ok(super::cached(&headers, "application/wasm", "no-cache", ETAGS[2].clone(), Bytes::from_static(MODULE)))
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
