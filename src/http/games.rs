//! The games played: Tao's legal plays on a card, and the check of a game record for every
//! game of the registry (`POST /api/games/{game}/check`; `POST /api/GAME/check`, the
//! older address, for every game but Pathways, whose `/api/pathways/check` checks a
//! puzzle's sequence). A record is checked exactly as
//! `hexforge check GAME --record` checks a line of its file (the rules crate's registry:
//! the rules every record's JSON obeys, then the game's types, then the replay), so the
//! routes and the command agree on every record: a record that cannot be read is a 400, a
//! broken rule (a wrong `"game"` too) a verdict. The answers are the rules crate's, as the
//! CLI prints them with `--json`.
//!
//! Where a check runs: a short record inline, on the request's own task; a longer one
//! ([`INLINE_RECORD_BYTES`] and more: a long game takes about a millisecond to read and
//! replay) on the blocking pool, in one of the search slots the Zhi Pai searches use
//! ([`super::AppState::search_slots`]), waiting at most [`SLOT_WAIT`] for one; beyond, 503
//! with `Retry-After: 1`. The runtime's threads are then never held by checks, and answer
//! everything else (`/health`) at once however many records are posted.

use super::error::{AppError, Json, Path, RawJson, blocking};
use super::{AppState, Routes};
use crate::api::tao;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use hexforge_rules::play::registry::Rules;
use hexforge_rules::tao::plays::LegalPlays;
use std::sync::Arc;
use std::time::Duration;

/// The games whose records had their own address, `/api/GAME/check`, before every game's
/// was `/api/games/{game}/check`; those addresses stay as aliases. Pathways' `/check` is
/// its puzzle's (a pile from one hexagram to another, [`super::sequences`]), and a game
/// added since has only the new address.
const OLDER_ADDRESSES: [&str; 5] = ["tao", "zhi-pai", "liubo", "yijing-pai", "dragons"];

/// Records at least this long are checked on the blocking pool, in a slot.
pub const INLINE_RECORD_BYTES: usize = 4 * 1024;
/// Longest a long record waits for a free slot before it is answered 503.
pub const SLOT_WAIT: Duration = Duration::from_millis(500);

pub(super) fn routes(routes: Routes) -> Routes {
    let mut routes = routes.post("/api/tao/legal", tao_legal).post("/api/games/{game}/check", any_record_check);
    for game in hexforge_rules::games().into_iter().filter(|g| OLDER_ADDRESSES.contains(&g.key())) {
        let rules = game.rules;
        // Routes are made once, at start-up: their paths live as long as the server.
        let path: &'static str = Box::leak(format!("/api/{}/check", game.key()).into_boxed_str());
        routes = routes.post(path, move |state: State<AppState>, body: RawJson| record_check(rules, state, body));
    }
    routes
}

/// `POST /api/games/{game}/check`: a record of any game of the registry (`zhipai`, a
/// name without its hyphen, is the same game); another name is a 404 listing the games.
async fn any_record_check(Path(game): Path<String>, state: State<AppState>, body: RawJson) -> Response {
    match hexforge_rules::game(&game) {
        Some(game) => record_check(game.rules, state, body).await,
        None => {
            let names: Vec<&str> = hexforge_rules::games().iter().map(|g| g.key()).collect();
            AppError::not_found(format!("no game {game:?}; the games are {}", names.join(", "))).into_response()
        }
    }
}

/// `POST /api/GAME/check`: one game record replayed; a broken rule is a verdict (200), a
/// record that cannot be read as one of the game a 400.
async fn record_check(rules: &'static dyn Rules, State(state): State<AppState>, RawJson(text): RawJson) -> Response {
    if text.len() < INLINE_RECORD_BYTES {
        return checked(rules, &text).into_response();
    }
    let Ok(Ok(slot)) = tokio::time::timeout(SLOT_WAIT, Arc::clone(&state.search_slots).acquire_owned()).await else {
        return super::sequences::busy();
    };
    state.metrics.record_checks_pooled.add(1);
    blocking(move || {
        let _slot = slot;
        checked(rules, &text)
    })
    .await
    .into_response()
}

/// The verdict on `text`, or why it is not a record of the game.
fn checked(rules: &dyn Rules, text: &str) -> Result<Json<hexforge_rules::play::registry::Verdict>, AppError> {
    rules.check(1, text).map(Json).map_err(AppError::bad_request)
}

/// `POST /api/tao/legal`: every legal play on a card as it lies, as `hexforge tao legal --json`.
async fn tao_legal(Json(request): Json<tao::LegalRequest>) -> Result<Json<LegalPlays>, AppError> {
    Ok(Json(tao::legal(&request)?))
}
