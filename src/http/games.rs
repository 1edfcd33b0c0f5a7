//! The games played: Tao's legal plays on a card and the check of a Tao game record. The
//! answers are the rules crate's, as the CLI prints them with `--json`.

use super::Routes;
use super::error::{AppError, Json};
use crate::api::tao;
use hexforge_rules::tao::plays::LegalPlays;
use hexforge_rules::tao::record::Verdict;

pub(super) fn routes(routes: Routes) -> Routes {
    routes.post("/api/tao/legal", tao_legal).post("/api/tao/check", tao_check)
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
