-- When each person seat of a room was last heard from (src/rooms/presence.rs), in Unix
-- milliseconds: written by whichever replica the seat's player is connected to, read by the
-- others before a stand-in bot takes the seat, so a replica never stands in for a player
-- connected to another one. Portable SQL, as the other migrations.
CREATE TABLE room_seen (
    room_id VARCHAR(32) NOT NULL,
    seat    BIGINT      NOT NULL,
    seen_at BIGINT      NOT NULL,
    PRIMARY KEY (room_id, seat)
);
