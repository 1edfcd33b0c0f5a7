//! The games played: Tao's legal plays on a card, and the check of a game record for every
//! game with an engine (`POST /api/GAME/check`; Tao's reads its record field by field, the
//! others through the rules crate's registry). The answers are the rules crate's, as the
//! CLI prints them with `--json`.

use super::Routes;
use super::error::{AppError, Json};
use super::openapi::OPENAPI_JSON;
use crate::api::tao;
use hexforge_rules::play::record::{Rules, Verdict};
use hexforge_rules::tao::plays::LegalPlays;
use serde_json::Value;

pub(super) fn routes(routes: Routes) -> Routes {
    let mut routes = routes.post("/api/tao/legal", tao_legal).post("/api/tao/check", tao_check);
    let document: Value = serde_json::from_str(OPENAPI_JSON).unwrap_or_default();
    for rules in hexforge_rules::games() {
        // Pathways' `/check` is its puzzle's (a pile from one hexagram to another).
        if ["tao", "pathways"].contains(&rules.name()) {
            continue;
        }
        // Routes are made once, at start-up: their paths live as long as the server.
        let path: &'static str = Box::leak(format!("/api/{}/check", rules.name()).into_boxed_str());
        let schema: &'static Option<jsonschema::Validator> = Box::leak(Box::new(request_schema(&document, path)));
        routes = routes.post(path, move |body: Json<Value>| record_check(rules, schema.as_ref(), body));
    }
    routes
}

/// The schema `/openapi.json` gives a route's request body, ready to validate (`None` when
/// the document has none: the test that compares routes with the document then fails).
fn request_schema(document: &Value, path: &str) -> Option<jsonschema::Validator> {
    let schema = &document["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"];
    let mut root = serde_json::json!({ "components": document["components"] });
    for (key, value) in schema.as_object()? {
        root[key] = value.clone();
    }
    jsonschema::draft202012::new(&root).ok()
}

/// `POST /api/GAME/check`: one game record replayed; a broken rule is a verdict (200), a
/// record of the wrong shape (by its schema in `/openapi.json`, then by its type) a 400.
async fn record_check(
    rules: &'static dyn Rules,
    schema: Option<&jsonschema::Validator>,
    Json(body): Json<Value>,
) -> Result<Json<Verdict>, AppError> {
    if let Some(error) = schema.and_then(|schema| schema.iter_errors(&body).next()) {
        let at = error.instance_path().to_string();
        let at = if at.is_empty() { "the record".to_string() } else { at.trim_start_matches('/').replace('/', ".") };
        return Err(AppError::bad_request(format!("{at}: {error}")));
    }
    crate::api::records::check(rules, body).map(Json).map_err(AppError::bad_request)
}

/// `POST /api/tao/legal`: every legal play on a card as it lies, as `hexforge tao legal --json`.
async fn tao_legal(Json(request): Json<tao::LegalRequest>) -> Result<Json<LegalPlays>, AppError> {
    Ok(Json(tao::legal(&request)?))
}

/// `POST /api/tao/check`: one game record replayed; a broken rule is a verdict (200), a
/// record of the wrong shape a 400.
async fn tao_check(Json(request): Json<tao::CheckRequest>) -> Result<Json<Verdict>, AppError> {
    tao::check(&request).map(Json).map_err(|e| AppError::bad_request(e.to_string()))
}
