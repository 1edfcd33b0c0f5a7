//! The puzzle routes (docs/puzzles.md): today's puzzle, a puzzle by id (never its answer), the
//! check of an answer, with the JSON of `hexforge puzzle … --json`, and how everyone
//! fared with a puzzle (from the results store, [`crate::results`]).

use super::error::{AppError, Json, Path, Query};
use super::{AppState, PeerAddr, Routes};
use crate::api::puzzles::{self, AnswerError, CheckRequest, Checked, Compared};
use crate::results::{PuzzleStats, Record};
use axum::extract::{Extension, State};
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use hexforge_rules::puzzles::{PuzzleError, PuzzleGame, PuzzleId};
use serde::Deserialize;

pub(super) fn routes(routes: Routes) -> Routes {
    routes
        .get("/api/puzzles/daily", daily)
        .get("/api/puzzles/{id}", one)
        .post("/api/puzzles/{id}/check", check)
        .get("/api/puzzles/{id}/stats", stats)
}

impl From<PuzzleError> for AppError {
    fn from(e: PuzzleError) -> Self {
        match e {
            PuzzleError::BadId(_) | PuzzleError::NotYet(..) => AppError::not_found(e.to_string()),
            PuzzleError::BadDate(_)
            | PuzzleError::OutOfRange(_)
            | PuzzleError::UnknownGame(_)
            | PuzzleError::WrongAnswer(..) => AppError::bad_request(e.to_string()),
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

/// `GET /api/puzzles/daily?game=pathways|zhipai&date=YYYY-MM-DD` (default: pathways, today
/// UTC); a day after tomorrow (UTC) is not out yet, 404.
async fn daily(Query(q): Query<DailyQuery>) -> Result<impl IntoResponse, AppError> {
    let game: PuzzleGame = q.game.as_deref().unwrap_or("pathways").parse()?;
    let date = match q.date {
        Some(text) => text.parse()?,
        None => crate::puzzles::today(),
    };
    Ok(shown(&crate::puzzles::released_now(PuzzleId::daily(game, date))?))
}

/// The puzzle an id in the path names: an id that names none (a bad date, an unknown
/// game, a number out of the series) or a day not out yet is a path that names nothing, 404.
fn path_id(id: &str) -> Result<PuzzleId, AppError> {
    id.parse::<PuzzleId>()
        .and_then(crate::puzzles::released_now)
        .map_err(|e: PuzzleError| AppError::not_found(e.to_string()))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckQuery {
    #[serde(default)]
    compare: Option<bool>,
}

/// `GET /api/puzzles/{id}`: the puzzle, without its answer.
async fn one(Path(id): Path<String>) -> Result<impl IntoResponse, AppError> {
    Ok(shown(&path_id(&id)?))
}

/// The puzzle `id` names as JSON, without its answer.
fn shown(id: &PuzzleId) -> impl IntoResponse + use<> {
    ([(header::CONTENT_TYPE, "application/json")], puzzles::show_json(id))
}

/// `POST /api/puzzles/{id}/check`: the verdict on `{"sequence":[…]}` (a ladder) or
/// `{"turns":[…]}` (a deal). A verdict is recorded when the server keeps results and the
/// client is within its rate, and then answered once its record is written (at most
/// `results::recorder::CONFIRM_WAIT` later, at once while the database is away). With `?compare=true` a
/// solved answer also says how it compares with everyone's: the counts are read before
/// this answer is recorded and it is counted in, so that it is counted exactly once
/// (a record may be refused by the rate).
async fn check(
    State(state): State<AppState>,
    peer: Option<Extension<PeerAddr>>,
    Path(id): Path<String>,
    Query(q): Query<CheckQuery>,
    Json(request): Json<CheckRequest>,
) -> Result<Json<Checked>, AppError> {
    let id = path_id(&id)?;
    let verdict = puzzles::check(&id, &request.answer()?)?;
    let mut compared = None;
    if let Some(results) = &state.results {
        if let (Some(true), Some(distance)) = (q.compare, verdict.distance()) {
            // A store that cannot answer leaves the comparison out, never the verdict.
            if let Ok(counts) = results.store.counts(&id.to_string()).await {
                compared = Some(Compared::new(&counts, distance));
            }
        }
        results
            .record(peer.map(|Extension(PeerAddr(ip))| ip), || Record::of(&id, &verdict, crate::results::now_millis()))
            .await;
    }
    Ok(Json(Checked { verdict, compared }))
}

/// `GET /api/puzzles/{id}/stats`: `{"attempts":…,"solved":…,"optimal":…,"distribution":{…},…}`.
async fn stats(State(state): State<AppState>, Path(id): Path<String>) -> Result<Json<PuzzleStats>, AppError> {
    let id = path_id(&id)?;
    let Some(results) = &state.results else {
        return Err(AppError::Rejected {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: "this server keeps no results (it runs with --database none)".to_string(),
        });
    };
    // A store that is away answers at once: 503 with `Retry-After`.
    let counts = results.store.counts(&id.to_string()).await?;
    Ok(Json(PuzzleStats::new(&id, counts)))
}
