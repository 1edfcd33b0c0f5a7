//! `GET /openapi.json`: a hand-written OpenAPI 3.1 document (`web/openapi.json`)
//! describing every route and schema. A test checks it against [`super::route_table`], and
//! another each of its enums against the Rust type it describes ([`super::openapi_enums`]).

use super::Routes;
use super::assets::Asset;
use axum::http::HeaderMap;
use axum::response::Response;
use std::sync::LazyLock;

/// The document, as served.
pub const OPENAPI_JSON: &str = include_str!("../../web/openapi.json");

pub(super) fn routes(routes: Routes) -> Routes {
    routes.get_from_memory("/openapi.json", document)
}

/// The document as stored bytes ([`super::assets`]).
static DOCUMENT: LazyLock<Asset> =
    LazyLock::new(|| Asset::embedded(OPENAPI_JSON.as_bytes(), "application/json", "no-cache"));

async fn document(headers: HeaderMap) -> Response {
    DOCUMENT.respond(&headers)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_document_is_json_and_openapi_3_1() {
        let doc: serde_json::Value = serde_json::from_str(OPENAPI_JSON).expect("web/openapi.json is JSON");
        assert_eq!(doc["openapi"], "3.1.0");
    }
}
