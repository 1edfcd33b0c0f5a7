-- Rooms where friends play over the network (src/rooms/): one row a room, and each room's
-- append-only log of what happened at its table, one row an event, numbered from 1.
-- Portable SQL: the same file migrates SQLite and PostgreSQL (sqlx's `Any` driver).
-- Times are Unix milliseconds. The seed is the table's 64 bits, stored as a signed BIGINT.
-- Seat keys are never stored, only their SHA-256 (hex), in `seats` (JSON).
CREATE TABLE rooms (
    id          VARCHAR(32) PRIMARY KEY,
    game        VARCHAR(32) NOT NULL,
    setup       TEXT        NOT NULL,
    seed        BIGINT      NOT NULL,
    seats       TEXT        NOT NULL,
    created_at  BIGINT      NOT NULL,
    last_active BIGINT      NOT NULL
);

CREATE INDEX rooms_by_activity ON rooms (last_active);

-- The primary key is the referee: of two moves written for the same turn (the same room and
-- sequence number), whichever replica tries second is refused.
CREATE TABLE room_events (
    room_id VARCHAR(32) NOT NULL,
    seq     BIGINT      NOT NULL,
    at      BIGINT      NOT NULL,
    event   TEXT        NOT NULL,
    PRIMARY KEY (room_id, seq)
);
