//! `/api/rooms/…`: rooms where friends play over the network, the server as referee
//! ([`crate::rooms`]; docs/service.md, Rooms), their live socket ([`super::room_socket`]),
//! and `GET /room/{room}`, the page that plays in one (`web/room.html`, `web/js/room.js`,
//! `web/js/live.js`).
//!
//! A request names its seat by the key of its invite link, in the header `x-room-key`;
//! every refusal is `{"error":"…","rule":"…"}` with a 4xx (503 while the database is away).

use super::error::{Path, Query, RawJson};
use super::{AppState, PeerAddr, Routes};
use crate::rooms::RoomError;
use crate::rooms::referee::CreateRequest;
use axum::extract::{Extension, FromRequest, FromRequestParts, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use std::time::Duration;

/// Largest message a client may send about a room: 2 KiB (413 beyond).
pub const MAX_MESSAGE: usize = 2 * 1024;
/// The header that carries a seat's or the spectators' key.
pub const KEY_HEADER: &str = "x-room-key";

pub(super) fn routes(routes: Routes) -> Routes {
    routes
        .post("/api/rooms", create)
        .get("/api/rooms/{room}", state)
        .get("/api/rooms/{room}/live", super::room_socket::live)
        .post("/api/rooms/{room}/moves", play)
        .post("/api/rooms/{room}/rematch", rematch)
        .post("/api/rooms/{room}/undo", undo)
        .get("/api/rooms/{room}/record", record)
        .get_from_memory("/room/{room}", page)
}

pub(super) type Peer = Option<Extension<PeerAddr>>;

pub(super) fn client(peer: Peer) -> Option<std::net::IpAddr> {
    peer.map(|Extension(PeerAddr(ip))| ip)
}

pub(super) fn pool(state: &AppState) -> Result<&sqlx::AnyPool, RoomError> {
    let Some(results) = &state.results else {
        let message = "rooms live in the results database, and this server runs without one (--database none)";
        return Err(RoomError::new(StatusCode::SERVICE_UNAVAILABLE, "no-database", message));
    };
    Ok(results.store.pool())
}

fn key(headers: &HeaderMap) -> Result<&str, RoomError> {
    headers.get(KEY_HEADER).and_then(|v| v.to_str().ok()).filter(|k| !k.is_empty()).ok_or_else(|| {
        RoomError::new(
            StatusCode::UNAUTHORIZED,
            "no-key",
            format!("the header {KEY_HEADER} must hold the key of an invite link"),
        )
    })
}

/// A message's JSON, within [`MAX_MESSAGE`].
pub(super) fn read<T: DeserializeOwned>(text: &str) -> Result<T, RoomError> {
    if text.len() > MAX_MESSAGE {
        let message = format!("a message about a room is at most {MAX_MESSAGE} bytes; this one is {}", text.len());
        return Err(RoomError::new(StatusCode::PAYLOAD_TOO_LARGE, "too-large", message));
    }
    // JSON as the records read it (docs/rules.md): `12.0` is the whole number 12, no null.
    let bad = |e: String| RoomError::new(StatusCode::BAD_REQUEST, "bad-message", e);
    let text = hexforge_rules::play::json::plain(text).map_err(bad)?;
    serde_json::from_str(&text).map_err(|e| bad(e.to_string()))
}

fn answered(result: Result<serde_json::Value, RoomError>) -> Response {
    match result {
        Ok(value) => (StatusCode::OK, axum::Json(value)).into_response(),
        Err(error) => error.into_response(),
    }
}

/// `POST /api/rooms`: a room; 201 with its invite links.
async fn create(State(state): State<AppState>, peer: Peer, RawJson(text): RawJson) -> Response {
    let result = async {
        let request: CreateRequest = read(&text)?;
        state.rooms.create(pool(&state)?, request, client(peer)).await
    }
    .await;
    match result {
        Ok(value) => (StatusCode::CREATED, axum::Json(value)).into_response(),
        Err(error) => error.into_response(),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Since {
    since: Option<i64>,
    /// Seconds to wait for news after `since` (at most 8).
    wait: Option<f64>,
}

/// `GET /api/rooms/{room}`: what the key's holder sees; a long poll with `since`.
async fn state(
    State(state): State<AppState>,
    Path(room): Path<String>,
    Query(query): Query<Since>,
    headers: HeaderMap,
) -> Response {
    let wait = query
        .wait
        .filter(|w| w.is_finite() && *w > 0.0)
        .map_or(Duration::ZERO, |w| Duration::from_secs_f64(w.min(8.0)));
    answered(
        async {
            let key = key(&headers)?;
            state.rooms.state(pool(&state)?, &room, key, query.since, wait).await
        }
        .await,
    )
}

/// A write about a room: its id, the key of the seat writing and the message, read in that
/// order of refusals (the body's size and JSON, then the key).
struct Written<T> {
    room: String,
    key: String,
    message: T,
}

impl<T: DeserializeOwned> FromRequest<AppState> for Written<T> {
    type Rejection = Response;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, Response> {
        let (mut parts, body) = request.into_parts();
        let Path(room) =
            Path::<String>::from_request_parts(&mut parts, state).await.map_err(IntoResponse::into_response)?;
        let headers = parts.headers.clone();
        let RawJson(text) = RawJson::from_request(Request::from_parts(parts, body), state)
            .await
            .map_err(IntoResponse::into_response)?;
        let message = read(&text).map_err(IntoResponse::into_response)?;
        let key = key(&headers).map_err(IntoResponse::into_response)?.to_string();
        Ok(Written { room, key, message })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Move {
    /// The event number the client's table is at.
    pub(super) seq: i64,
    /// The index of the action, in the order the room listed them.
    pub(super) action: usize,
}

/// `POST /api/rooms/{room}/moves`.
async fn play(State(state): State<AppState>, peer: Peer, w: Written<Move>) -> Response {
    let (seq, action) = (w.message.seq, w.message.action);
    answered(async { state.rooms.play(pool(&state)?, &w.room, &w.key, seq, action, client(peer)).await }.await)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Rematch {
    seq: i64,
}

/// `POST /api/rooms/{room}/rematch`.
async fn rematch(State(state): State<AppState>, peer: Peer, w: Written<Rematch>) -> Response {
    answered(async { state.rooms.rematch(pool(&state)?, &w.room, &w.key, w.message.seq, client(peer)).await }.await)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Undo {
    seq: i64,
    /// Absent: ask to take back your last move; true or false: answer the undo asked.
    yes: Option<bool>,
}

/// `POST /api/rooms/{room}/undo`.
async fn undo(State(state): State<AppState>, peer: Peer, w: Written<Undo>) -> Response {
    let (seq, yes) = (w.message.seq, w.message.yes);
    answered(async { state.rooms.undo(pool(&state)?, &w.room, &w.key, seq, yes, client(peer)).await }.await)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Which {
    table: Option<u32>,
}

/// `GET /api/rooms/{room}/record`: a finished game's record, as `hexforge check` reads it.
async fn record(
    State(state): State<AppState>,
    Path(room): Path<String>,
    Query(query): Query<Which>,
    headers: HeaderMap,
) -> Response {
    let result = async {
        let key = key(&headers)?;
        state.rooms.record(pool(&state)?, &room, key, query.table).await
    }
    .await;
    match result {
        Ok(line) => ([(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], line).into_response(),
        Err(error) => error.into_response(),
    }
}

const ROOM_HTML: &str = include_str!("../../web/room.html");

/// `GET /room/{room}`: the room's page (the key stays in the link's fragment, never sent).
async fn page(headers: HeaderMap, Path(_room): Path<String>) -> Response {
    let tag = super::etag(ROOM_HTML.as_bytes());
    let mut response = super::cached(
        &headers,
        "text/html; charset=utf-8",
        "no-cache",
        tag,
        axum::body::Bytes::from_static(ROOM_HTML.as_bytes()),
    );
    response.headers_mut().insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(super::page::CSP));
    response
}
