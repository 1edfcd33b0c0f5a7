//! The puzzle routes (SPEC §8): today's puzzle, a puzzle by id (never its answer) and the
//! check of an answer, with the JSON of `hexforge puzzle … --json`.

use super::Routes;
use super::error::{AppError, Json, Path, Query};
use crate::api::puzzles::{self, CheckRequest, LadderCheck, LadderView};
use crate::puzzles::{Date, PuzzleError, PuzzleGame, PuzzleId};
use serde::Deserialize;

pub(super) fn routes(routes: Routes) -> Routes {
    routes.get("/api/puzzles/daily", daily).get("/api/puzzles/{id}", one).post("/api/puzzles/{id}/check", check)
}

impl From<PuzzleError> for AppError {
    fn from(e: PuzzleError) -> Self {
        match e {
            PuzzleError::BadId(_) | PuzzleError::NotYet => AppError::not_found(e.to_string()),
            PuzzleError::BadDate(_) | PuzzleError::UnknownGame(_) => AppError::bad_request(e.to_string()),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DailyQuery {
    #[serde(default)]
    game: Option<String>,
    #[serde(default)]
    date: Option<String>,
}

/// `GET /api/puzzles/daily?game=pathways|zhipai&date=YYYY-MM-DD` (default: pathways, today UTC).
async fn daily(Query(q): Query<DailyQuery>) -> Result<Json<LadderView>, AppError> {
    let game: PuzzleGame = q.game.as_deref().unwrap_or("pathways").parse()?;
    let date = match q.date {
        Some(text) => text.parse()?,
        None => today(),
    };
    Ok(Json(puzzles::show(&PuzzleId::daily(game, date), false)?))
}

/// `GET /api/puzzles/{id}`: the puzzle, without its answer.
async fn one(Path(id): Path<String>) -> Result<Json<LadderView>, AppError> {
    Ok(Json(puzzles::show(&id.parse()?, false)?))
}

/// `POST /api/puzzles/{id}/check`: the verdict on `{"sequence":[…]}`.
async fn check(Path(id): Path<String>, Json(request): Json<CheckRequest>) -> Result<Json<LadderCheck>, AppError> {
    let id: PuzzleId = id.parse()?;
    Ok(Json(puzzles::check(&id, &request.sequence()?)?))
}

/// Today's date, UTC.
fn today() -> Date {
    let seconds = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    Date::from_unix_seconds(seconds)
}
