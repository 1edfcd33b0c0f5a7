//! Across replicas on one PostgreSQL database, a committed event is announced with
//! `NOTIFY hexforge_rooms, 'ROOM SEQ'` (the room and the event number only: the log is the
//! truth), and every replica LISTENs, waking its long polls and live sockets at once. A
//! notification that is missed (a replica's listening connection dropped) costs only
//! time: a waiting poll re-reads the log from its last event number twice a second anyway
//! ([`super::referee::REREAD`]), a socket every two seconds ([`super::live::REREAD`]).

use std::time::Duration;

/// The channel's name.
pub const CHANNEL: &str = "hexforge_rooms";

/// Announces event `seq` of room `id` to the other replicas (PostgreSQL only), in the
/// transaction that writes it: the notification is sent when it commits, with no round
/// trip of its own.
pub async fn notify<'c>(
    connection: impl sqlx::Executor<'c, Database = sqlx::Any>,
    id: &str,
    seq: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(CHANNEL)
        .bind(format!("{id} {seq}"))
        .fetch_optional(connection)
        .await?;
    Ok(())
}

/// Listens on `url` for the other replicas' announcements and calls `heard` with each
/// (room, event number), reconnecting after a second whenever the connection is lost.
pub async fn listen(url: String, heard: impl Fn(&str, i64) + Send + 'static) {
    loop {
        match sqlx::postgres::PgListener::connect(&url).await {
            Ok(mut listener) => {
                if let Err(error) = listener.listen(CHANNEL).await {
                    tracing::warn!(%error, "cannot listen for the rooms' announcements");
                } else {
                    loop {
                        match listener.try_recv().await {
                            Ok(Some(note)) => {
                                let mut parts = note.payload().split(' ');
                                if let (Some(room), Some(Ok(seq))) = (parts.next(), parts.next().map(str::parse)) {
                                    heard(room, seq);
                                }
                            }
                            // The connection was lost: notifications may have been missed,
                            // which the polls' re-reading covers; listen again.
                            Ok(None) => heard("", 0),
                            Err(error) => {
                                tracing::debug!(%error, "the rooms' listening connection failed");
                                break;
                            }
                        }
                    }
                }
            }
            Err(error) => tracing::debug!(%error, "cannot connect to listen for the rooms' announcements"),
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}
