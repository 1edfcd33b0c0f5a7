//! The puzzle routes (SPEC §8): today's puzzle, a puzzle by id (never its answer) and the
//! check of an answer, with the JSON of `hexforge puzzle … --json`.

use super::Routes;
use super::error::{AppError, Json, Path, Query};
use crate::api::puzzles::{self, AnswerError, CheckRequest, PuzzleCheck, PuzzleView};
use crate::puzzles::{Date, PuzzleError, PuzzleGame, PuzzleId};
use serde::Deserialize;

pub(super) fn routes(routes: Routes) -> Routes {
    routes.get("/api/puzzles/daily", daily).get("/api/puzzles/{id}", one).post("/api/puzzles/{id}/check", check)
}

impl From<PuzzleError> for AppError {
    fn from(e: PuzzleError) -> Self {
        match e {
            PuzzleError::BadId(_) => AppError::not_found(e.to_string()),
            PuzzleError::BadDate(_) | PuzzleError::UnknownGame(_) | PuzzleError::WrongAnswer(..) => {
                AppError::bad_request(e.to_string())
            }
        }
    }
}

impl From<AnswerError> for AppError {
    fn from(e: AnswerError) -> Self {
        match e {
            AnswerError::Pathways(e) => e.into(),
            AnswerError::ZhiPai(e) => e.into(),
            AnswerError::Shape(why) => AppError::bad_request(why),
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
async fn daily(Query(q): Query<DailyQuery>) -> Result<Json<PuzzleView>, AppError> {
    let game: PuzzleGame = q.game.as_deref().unwrap_or("pathways").parse()?;
    let date = match q.date {
        Some(text) => text.parse()?,
        None => today(),
    };
    Ok(Json(puzzles::show(&PuzzleId::daily(game, date), false)))
}

/// `GET /api/puzzles/{id}`: the puzzle, without its answer.
async fn one(Path(id): Path<String>) -> Result<Json<PuzzleView>, AppError> {
    Ok(Json(puzzles::show(&id.parse()?, false)))
}

/// `POST /api/puzzles/{id}/check`: the verdict on `{"sequence":[…]}` (a ladder) or
/// `{"turns":[…]}` (a deal).
async fn check(Path(id): Path<String>, Json(request): Json<CheckRequest>) -> Result<Json<PuzzleCheck>, AppError> {
    let id: PuzzleId = id.parse()?;
    Ok(Json(puzzles::check(&id, &request.answer()?)?))
}

/// Today's date, UTC.
fn today() -> Date {
    let seconds = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    Date::from_unix_seconds(seconds)
}
