//! The rooms' tables (migrations/20261129000000_rooms.sql, 20261129100000_room_seen.sql)
//! on the results database: a row a room, each room's append-only log of events numbered
//! from 1, and when each seat was last heard from. The log is the
//! truth: every replica rebuilds a table from it, and the primary key (room, sequence
//! number) decides which of two moves written for the same turn stands.

use sqlx::{AnyPool, Row};

/// A room as stored: what it plays and who sits where (key hashes only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomRow {
    pub id: String,
    pub game: String,
    /// JSON: `{"players":3,"options":[["deck","4d"]]}`.
    pub setup: String,
    pub seed: u64,
    /// JSON: see [`super::Seating`].
    pub seats: String,
    pub created_at: i64,
    pub last_active: i64,
}

/// Writes a new room.
pub async fn insert_room(pool: &AnyPool, room: &RoomRow) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO rooms (id, game, setup, seed, seats, created_at, last_active) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(room.id.clone())
    .bind(room.game.clone())
    .bind(room.setup.clone())
    .bind(room.seed as i64)
    .bind(room.seats.clone())
    .bind(room.created_at)
    .bind(room.last_active)
    .execute(pool)
    .await?;
    Ok(())
}

/// The room `id`, if there is one.
pub async fn room(pool: &AnyPool, id: &str) -> Result<Option<RoomRow>, sqlx::Error> {
    let row = sqlx::query("SELECT id, game, setup, seed, seats, created_at, last_active FROM rooms WHERE id = $1")
        .bind(id.to_string())
        .fetch_optional(pool)
        .await?;
    let Some(row) = row else { return Ok(None) };
    Ok(Some(RoomRow {
        id: row.try_get(0)?,
        game: row.try_get(1)?,
        setup: row.try_get(2)?,
        seed: row.try_get::<i64, _>(3)? as u64,
        seats: row.try_get(4)?,
        created_at: row.try_get(5)?,
        last_active: row.try_get(6)?,
    }))
}

/// The events of room `id` after sequence number `since`, in order: (number, event JSON).
pub async fn events(pool: &AnyPool, id: &str, since: i64) -> Result<Vec<(i64, String)>, sqlx::Error> {
    let rows = sqlx::query("SELECT seq, event FROM room_events WHERE room_id = $1 AND seq > $2 ORDER BY seq")
        .bind(id.to_string())
        .bind(since)
        .fetch_all(pool)
        .await?;
    rows.into_iter().map(|row| Ok((row.try_get(0)?, row.try_get(1)?))).collect()
}

/// Appends `event` to room `id` as number `seq`, marks the room active and, with
/// `announce`, announces the event to the other replicas (PostgreSQL's `NOTIFY`, sent when
/// the transaction commits), in one transaction. `Ok(false)`: that number is taken
/// (another move won the turn).
pub async fn append(
    pool: &AnyPool,
    id: &str,
    seq: i64,
    event: &str,
    at: i64,
    announce: bool,
) -> Result<bool, sqlx::Error> {
    let mut transaction = pool.begin().await?;
    let inserted = sqlx::query("INSERT INTO room_events (room_id, seq, at, event) VALUES ($1, $2, $3, $4)")
        .bind(id.to_string())
        .bind(seq)
        .bind(at)
        .bind(event.to_string())
        .execute(&mut *transaction)
        .await;
    match inserted {
        Ok(_) => {}
        Err(sqlx::Error::Database(e)) if taken(e.as_ref()) => return Ok(false),
        Err(e) => return Err(e),
    }
    sqlx::query("UPDATE rooms SET last_active = $1 WHERE id = $2")
        .bind(at)
        .bind(id.to_string())
        .execute(&mut *transaction)
        .await?;
    if announce {
        super::announce::notify(&mut *transaction, id, seq).await?;
    }
    transaction.commit().await?;
    Ok(true)
}

/// Notes that `seat` of room `id` was heard from at `at` (Unix milliseconds; an earlier
/// time than the one stored is ignored).
pub async fn seen(pool: &AnyPool, id: &str, seat: usize, at: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO room_seen (room_id, seat, seen_at) VALUES ($1, $2, $3) \
         ON CONFLICT (room_id, seat) DO UPDATE SET seen_at = excluded.seen_at WHERE room_seen.seen_at < excluded.seen_at",
    )
    .bind(id.to_string())
    .bind(seat as i64)
    .bind(at)
    .execute(pool)
    .await?;
    Ok(())
}

/// When each seat of room `id` was last heard from, by any replica: (seat, Unix milliseconds).
pub async fn seen_at(pool: &AnyPool, id: &str) -> Result<Vec<(usize, i64)>, sqlx::Error> {
    let rows = sqlx::query("SELECT seat, seen_at FROM room_seen WHERE room_id = $1")
        .bind(id.to_string())
        .fetch_all(pool)
        .await?;
    rows.into_iter().map(|row| Ok((row.try_get::<i64, _>(0)? as usize, row.try_get(1)?))).collect()
}

/// Whether a database error is a key already taken (PostgreSQL's 23505, SQLite's
/// extended codes 1555 and 2067).
fn taken(error: &dyn sqlx::error::DatabaseError) -> bool {
    error.is_unique_violation() || matches!(error.code().as_deref(), Some("23505" | "1555" | "2067"))
}

/// Deletes the rooms idle since before `before` (Unix milliseconds) and their logs; how
/// many rooms went.
pub async fn expire(pool: &AnyPool, before: i64) -> Result<u64, sqlx::Error> {
    let mut transaction = pool.begin().await?;
    sqlx::query("DELETE FROM room_events WHERE room_id IN (SELECT id FROM rooms WHERE last_active < $1)")
        .bind(before)
        .execute(&mut *transaction)
        .await?;
    sqlx::query("DELETE FROM room_seen WHERE room_id IN (SELECT id FROM rooms WHERE last_active < $1)")
        .bind(before)
        .execute(&mut *transaction)
        .await?;
    let gone = sqlx::query("DELETE FROM rooms WHERE last_active < $1").bind(before).execute(&mut *transaction).await?;
    transaction.commit().await?;
    Ok(gone.rows_affected())
}

/// Rooms stored now.
pub async fn count(pool: &AnyPool) -> Result<i64, sqlx::Error> {
    sqlx::query("SELECT COUNT(*) FROM rooms").fetch_one(pool).await?.try_get(0)
}
