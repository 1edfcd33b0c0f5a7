-- Every checked answer to a puzzle, one row each; nothing about who sent it.
-- Portable SQL: the same file migrates SQLite and PostgreSQL (sqlx's `Any` driver).
-- Times are Unix milliseconds (BIGINT) because `Any` has no timestamp type.
-- No primary key: rows are only appended and counted, never looked up one by one.
CREATE TABLE puzzle_results (
    puzzle_id  VARCHAR(32) NOT NULL,
    checked_at BIGINT      NOT NULL,
    state      VARCHAR(16) NOT NULL,
    valid      BOOLEAN     NOT NULL,
    length     BIGINT      NOT NULL,
    score      BIGINT,
    distance   BIGINT
);

CREATE INDEX puzzle_results_by_puzzle ON puzzle_results (puzzle_id, valid, distance);
