//! The puzzle routes: Pathways and Zhi Pai shortest-sequence queries and checks. The
//! rules and the request and response types are the solver's ([`crate::games::changing_lines::pathways`],
//! [`crate::games::zhi_pai`]): the bodies are exactly what `hexforge solve … --json` and
//! `hexforge check … --json` print. This file only moves them over HTTP and runs the
//! searches on the blocking pool. Their size is bounded by the solver's own validation
//! (at most 64 cards, 62 placements, a cap on positions searched).

use super::Routes;
use super::error::{AppError, Json, blocking};
use crate::games::changing_lines::pathways;
use crate::games::zhi_pai as zhipai;

pub(super) fn routes(routes: Routes) -> Routes {
    routes
        .post("/api/pathways/shortest", pathways_shortest)
        .post("/api/pathways/check", pathways_check)
        .post("/api/zhipai/shortest", zhipai_shortest)
        .post("/api/zhipai/check", zhipai_check)
}

async fn pathways_shortest(Json(query): Json<pathways::Query>) -> Result<Json<pathways::Answer>, AppError> {
    Ok(Json(blocking(move || Ok(pathways::solve_query(&query)?)).await?))
}

async fn pathways_check(Json(query): Json<pathways::CheckQuery>) -> Result<Json<pathways::Report>, AppError> {
    Ok(Json(blocking(move || Ok(pathways::check_query(&query)?)).await?))
}

async fn zhipai_shortest(Json(query): Json<zhipai::Query>) -> Result<Json<zhipai::Answer>, AppError> {
    Ok(Json(blocking(move || Ok(zhipai::solve_query(&query)?)).await?))
}

async fn zhipai_check(Json(query): Json<zhipai::CheckQuery>) -> Result<Json<zhipai::Report>, AppError> {
    Ok(Json(blocking(move || Ok(zhipai::check_query(&query)?)).await?))
}
