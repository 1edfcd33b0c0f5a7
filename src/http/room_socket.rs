//! `GET /api/rooms/{room}/live`: a room's live updates over a WebSocket
//! ([`crate::rooms::live`]; docs/service.md, Rooms).
//!
//! The socket's first message names the key and the last event number the client has,
//! `{"key":"…","since":N}` (the key never travels in the address, which logs keep). The
//! server then sends, as text, for each event after N the message `GET /api/rooms/{room}`
//! would have answered at it (without `since`, the table as it is), and goes on sending
//! one per event as each is written. A move may come over the socket, `{"seq":N,"action":I}`
//! as `POST …/moves` takes it, with the same checks and limits. A refusal is
//! `{"error":"…","rule":"…"}`; one that ends the socket (no such key, too many spectators)
//! is followed by a close frame of code 4000 + the HTTP status and the rule as its reason.

use super::AppState;
use super::error::Path;
use super::rooms::{Move, Peer, client, pool, read};
use crate::rooms::RoomError;
use crate::rooms::live::{Joined, REREAD};
use axum::extract::State;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use sqlx::AnyPool;
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// Largest frame or message the socket reads at all (beyond, it is closed); a message over
/// [`super::rooms::MAX_MESSAGE`] and within this is refused as `too-large`.
pub(super) const MAX_FRAME: usize = 64 * 1024;
/// How long the first message may take.
const HELLO_WAIT: Duration = Duration::from_secs(10);
/// How long one message may take to be sent (a client that reads nothing is let go).
const SEND_WAIT: Duration = Duration::from_secs(10);
/// Look-ins ([`REREAD`]) between two pings.
const PING_EVERY: u32 = 10;
/// A socket from which nothing was heard for this long (not even the answer to a ping) is
/// closed.
const QUIET: Duration = Duration::from_secs(60);

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Hello {
    key: String,
    /// The last event number the client has; absent: none.
    since: Option<i64>,
}

/// `GET /api/rooms/{room}/live` with `Upgrade: websocket`.
pub(super) async fn live(
    State(state): State<AppState>,
    Path(room): Path<String>,
    peer: Peer,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    let upgrade = match upgrade {
        Ok(upgrade) => upgrade,
        Err(rejection) => {
            let message = format!(
                "this route opens a WebSocket ({}); a client without one polls GET /api/rooms/{{room}}?since=N&wait=8",
                rejection.body_text()
            );
            return RoomError::new(StatusCode::UPGRADE_REQUIRED, "not-websocket", message).into_response();
        }
    };
    let opened = async {
        let pool = pool(&state)?.clone();
        state.rooms.exists(&pool, &room).await?;
        Ok::<_, RoomError>(pool)
    };
    let pool = match opened.await {
        Ok(pool) => pool,
        Err(error) => return error.into_response(),
    };
    let client = client(peer);
    upgrade
        .max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .on_upgrade(move |socket| serve(state, pool, room, client, socket))
}

/// Sends `message` within [`SEND_WAIT`]; false when the client is gone.
async fn send(socket: &mut WebSocket, message: Message) -> bool {
    matches!(tokio::time::timeout(SEND_WAIT, socket.send(message)).await, Ok(Ok(())))
}

fn refusal(error: &RoomError) -> Message {
    Message::Text(serde_json::json!({"error": error.message, "rule": error.rule}).to_string().into())
}

/// Sends `error` and closes the socket with code 4000 + its status.
async fn refuse(mut socket: WebSocket, error: RoomError) {
    if send(&mut socket, refusal(&error)).await {
        let frame = CloseFrame { code: 4000 + error.status.as_u16(), reason: error.rule.into() };
        let _ = send(&mut socket, Message::Close(Some(frame))).await;
    }
}

async fn serve(state: AppState, pool: AnyPool, id: String, client: Option<IpAddr>, mut socket: WebSocket) {
    let bad = |message: String| RoomError::new(StatusCode::BAD_REQUEST, "bad-message", message);
    let hello = match tokio::time::timeout(HELLO_WAIT, socket.recv()).await {
        Ok(Some(Ok(Message::Text(text)))) => read::<Hello>(text.as_str()),
        Ok(Some(Ok(Message::Binary(_)))) => Err(bad("the first message is text: {\"key\":\"…\",\"since\":N}".into())),
        // Gone, or silent: nothing to answer.
        _ => return,
    };
    let hello = match hello {
        Ok(hello) => hello,
        Err(error) => return refuse(socket, error).await,
    };
    let mut joined = match state.rooms.join(&pool, &id, &hello.key, hello.since).await {
        Ok(joined) => joined,
        Err(error) => return refuse(socket, error).await,
    };
    let rooms = &state.rooms;
    let mut sent = hello.since;
    let mut due = true;
    let mut tick = tokio::time::interval(REREAD);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    tick.tick().await;
    let (mut heard, mut ticks) = (Instant::now(), 0u32);
    loop {
        if due {
            joined.news.borrow_and_update();
            match rooms.catch_up(&pool, &joined, sent).await {
                Ok((messages, last)) => {
                    for text in messages {
                        if !send(&mut socket, Message::Text(text.as_ref().into())).await {
                            return;
                        }
                    }
                    sent = Some(last);
                }
                // The database is away: said, and tried again at the next look-in.
                Err(error) if !send(&mut socket, refusal(&error)).await => return,
                Err(_) => {}
            }
            due = false;
        }
        tokio::select! {
            _ = joined.news.changed() => due = true,
            _ = tick.tick() => {
                ticks += 1;
                if heard.elapsed() > QUIET || (ticks % PING_EVERY == 0 && !send(&mut socket, Message::Ping(Default::default())).await) {
                    return;
                }
                if let Err(error) = rooms.keep(&pool, &joined).await
                    && !send(&mut socket, refusal(&error)).await
                {
                    return;
                }
                due |= rooms.replicated();
            }
            received = socket.recv() => {
                heard = Instant::now();
                match received {
                    Some(Ok(Message::Text(text))) => {
                        if let Err(error) = moved(&state, &pool, &joined, &hello.key, client, text.as_str()).await
                            && !send(&mut socket, refusal(&error)).await
                        {
                            return;
                        }
                    }
                    Some(Ok(Message::Binary(_))) => {
                        let error = rooms.over_rate(client).err().unwrap_or_else(|| bad("messages are text (JSON)".into()));
                        if !send(&mut socket, refusal(&error)).await {
                            return;
                        }
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                    // Closed, or broken (a frame over MAX_FRAME among others).
                    Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                }
            }
        }
    }
}

/// A move sent on the socket, played as `POST …/moves` plays it; the table it leads to
/// reaches every socket of the room (this one too) through the room's channel.
async fn moved(
    state: &AppState,
    pool: &AnyPool,
    joined: &Joined<'_>,
    key: &str,
    client: Option<IpAddr>,
    text: &str,
) -> Result<(), RoomError> {
    let request: Move = match read(text) {
        Ok(request) => request,
        Err(error) => return state.rooms.over_rate(client).and(Err(error)),
    };
    state.rooms.play_quietly(pool, &joined.room.id, key, request.seq, request.action, client).await.map(|_| ())
}
