//! The database behind the results: SQLite or PostgreSQL through sqlx's `Any` driver.
//!
//! Why `Any` rather than a pool per engine: the table holds only text, integers and a
//! boolean, which `Any` carries for both engines, so one pool type, one set of migrations
//! (`migrations/`, embedded at build time) and one copy of each query serve both; the
//! engine is picked at start from the URL. What `Any` costs (no timestamp or numeric
//! types, a conversion of each value) does not matter here: times are stored as Unix
//! milliseconds and every figure is a count. Queries are plain strings with `$1`-style
//! parameters, which both SQLite and PostgreSQL read; none is checked at build time, so
//! building needs no database.

use super::{Counts, Database, Record};
use sqlx::AnyPool;
use sqlx::any::AnyPoolOptions;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Duration;

/// Rows per `INSERT` (7 parameters each, well under SQLite's 32,766): a batch is cut
/// into these sizes, largest first, so that each connection prepares five statements
/// once and reuses them, rather than a new one for every batch size.
const INSERT_SIZES: [usize; 5] = [256, 64, 16, 4, 1];

/// The embedded migrations, the same for both engines.
static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// Why the store could not be opened, written or read.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot open the results database {database}: {source}")]
    Open {
        database: String,
        #[source]
        source: sqlx::Error,
    },
    #[error("cannot migrate the results database {database}: {source}")]
    Migrate {
        database: String,
        #[source]
        source: sqlx::migrate::MigrateError,
    },
    #[error("results database: {0}")]
    Query(#[from] sqlx::Error),
    /// The database did not answer last time (see [`ResultStore::is_connected`]), or a
    /// read took longer than [`READ_WAIT`]: not tried, or given up.
    #[error("the results database is away")]
    Away,
}

/// Longest a read may take before the database is taken for away.
pub const READ_WAIT: Duration = Duration::from_secs(2);

impl StoreError {
    /// Whether trying again later may succeed: the database was away, busy or being
    /// restarted. A refusal of the rows themselves (a constraint, a value out of range)
    /// would be refused again.
    pub fn is_transient(&self) -> bool {
        let StoreError::Query(sqlx::Error::Database(e)) = self else {
            return !matches!(self, StoreError::Migrate { .. });
        };
        let code = e.code().unwrap_or_default();
        // SQLSTATE classes 22 (data exception) and 23 (integrity constraint violation).
        !(code.starts_with("22") || code.starts_with("23") || e.kind() != sqlx::error::ErrorKind::Other)
    }
}

/// A connection pool on the results database; cheap to clone.
///
/// It knows whether the database answered last time it was asked ([`is_connected`]):
/// the writer keeps that up to date (it connects, migrates, writes and, when idle,
/// pings), and a reader that finds it down answers at once instead of waiting for a
/// connection that will not come.
///
/// [`is_connected`]: ResultStore::is_connected
#[derive(Clone, Debug)]
pub struct ResultStore {
    pool: AnyPool,
    link: Arc<Link>,
}

/// What the clones of one store share about its database.
#[derive(Debug, Default)]
struct Link {
    /// The database answered the last query (and the tables are migrated).
    connected: AtomicBool,
    /// The migrations have run since this process started.
    migrated: AtomicBool,
}

impl ResultStore {
    /// Connects to `database`, creating the SQLite file if missing, and brings its tables
    /// up to date. `None` for [`Database::None`].
    pub async fn open(database: &Database) -> Result<Option<ResultStore>, StoreError> {
        let Some(store) = ResultStore::lazy(database)? else { return Ok(None) };
        store.connect(database).await?;
        Ok(Some(store))
    }

    /// The store on `database` without connecting yet: only a URL that cannot name a
    /// database is an error here. [`ResultStore::connect`] (the writer calls it, again
    /// and again while the database is away) connects and migrates. `None` for
    /// [`Database::None`].
    pub fn lazy(database: &Database) -> Result<Option<ResultStore>, StoreError> {
        let (url, connections, wait) = match database {
            Database::None => return Ok(None),
            // SQLite writes one at a time anyway; a few connections let reads go on
            // beside the writer (WAL).
            Database::Sqlite(url) => (url, 4, Duration::from_secs(5)),
            // A server that is down is retried by the writer with a backoff of its own,
            // so one attempt need not wait long.
            Database::Postgres(url) => (url, 8, Duration::from_secs(2)),
        };
        sqlx::any::install_default_drivers();
        let mut options = AnyPoolOptions::new().max_connections(connections).acquire_timeout(wait);
        if matches!(database, Database::Sqlite(_)) {
            // Readers never wait for the writer (WAL; the setting stays with the file),
            // and a commit costs no sync to disk (`synchronous = NORMAL`, per connection):
            // a committed transaction survives the process being killed, and only an
            // operating-system crash or a power cut can take back the last commits since
            // the log was last synced. Each check waits for its commit (see
            // `recorder`), so a commit must be cheap.
            options = options.after_connect(|connection, _| {
                Box::pin(async move {
                    sqlx::query("PRAGMA journal_mode = WAL").fetch_optional(&mut *connection).await?;
                    sqlx::query("PRAGMA synchronous = NORMAL").execute(&mut *connection).await?;
                    Ok(())
                })
            });
        }
        let pool =
            options.connect_lazy(url).map_err(|source| StoreError::Open { database: database.redacted(), source })?;
        Ok(Some(ResultStore { pool, link: Arc::default() }))
    }

    /// Connects and, the first time, brings the tables up to date; then a query that
    /// proves the database answers. Marks the store connected or not.
    pub async fn connect(&self, database: &Database) -> Result<(), StoreError> {
        let outcome = async {
            if !self.link.migrated.load(Relaxed) {
                // A connection first, so that a server that is away is an `Open` error.
                drop(
                    self.pool
                        .acquire()
                        .await
                        .map_err(|source| StoreError::Open { database: database.redacted(), source })?,
                );
                MIGRATOR
                    .run(&self.pool)
                    .await
                    .map_err(|source| StoreError::Migrate { database: database.redacted(), source })?;
                self.link.migrated.store(true, Relaxed);
            }
            sqlx::query("SELECT 1").fetch_one(&self.pool).await?;
            Ok(())
        }
        .await;
        self.link.connected.store(outcome.is_ok(), Relaxed);
        outcome
    }

    /// The connection pool, for the other tables of the same database (the rooms').
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Whether the database answered last time (see the type's documentation).
    pub fn is_connected(&self) -> bool {
        self.link.connected.load(Relaxed)
    }

    /// Marks the database as away (a write or a read failed on it) or back.
    pub fn set_connected(&self, connected: bool) {
        self.link.connected.store(connected && self.link.migrated.load(Relaxed), Relaxed);
    }

    /// Writes `records` in one transaction, in statements of [`INSERT_SIZES`] rows.
    pub async fn insert<R: std::borrow::Borrow<Record>>(&self, records: &[R]) -> Result<(), StoreError> {
        let mut transaction = self.pool.begin().await?;
        let mut rest = records;
        while !rest.is_empty() {
            let size = INSERT_SIZES.into_iter().find(|&n| n <= rest.len()).unwrap_or(1);
            let (chunk, after) = rest.split_at(size);
            rest = after;
            let sql = insert_statement(chunk.len());
            let mut query = sqlx::query(&sql);
            for r in chunk {
                let r: &Record = r.borrow();
                query = query
                    .bind(r.puzzle_id.clone())
                    .bind(r.checked_at)
                    .bind(r.state_name())
                    .bind(r.valid)
                    .bind(r.length)
                    .bind(r.score)
                    .bind(r.distance);
            }
            query.execute(&mut *transaction).await?;
        }
        transaction.commit().await?;
        Ok(())
    }

    /// The counts for the puzzle with canonical id `puzzle_id`.
    /// At once [`StoreError::Away`] while the database is away, so that no reader waits
    /// for a connection that will not come; a read that fails marks it away.
    pub async fn counts(&self, puzzle_id: &str) -> Result<Counts, StoreError> {
        if !self.is_connected() {
            return Err(StoreError::Away);
        }
        let read = tokio::time::timeout(READ_WAIT, self.read_counts(puzzle_id)).await;
        let outcome = read.unwrap_or(Err(StoreError::Away));
        if outcome.as_ref().is_err_and(StoreError::is_transient) {
            self.set_connected(false);
        }
        outcome
    }

    async fn read_counts(&self, puzzle_id: &str) -> Result<Counts, StoreError> {
        use sqlx::Row;
        // `CASE` rather than `FILTER` or `SUM`: the same SQL and the same BIGINT result on
        // both engines (PostgreSQL's SUM of a BIGINT is NUMERIC, which `Any` cannot read).
        let totals = sqlx::query(
            "SELECT COUNT(*), \
                    COUNT(CASE WHEN valid THEN 1 END), \
                    COUNT(CASE WHEN valid AND distance = 0 THEN 1 END) \
             FROM puzzle_results WHERE puzzle_id = $1",
        )
        .bind(puzzle_id)
        .fetch_one(&self.pool)
        .await?;
        let count =
            |i: usize| -> Result<u64, sqlx::Error> { Ok(u64::try_from(totals.try_get::<i64, _>(i)?).unwrap_or(0)) };
        let mut counts = Counts { attempts: count(0)?, solved: count(1)?, optimal: count(2)?, ..Counts::default() };
        let rows = sqlx::query(
            "SELECT distance, COUNT(*) FROM puzzle_results \
             WHERE puzzle_id = $1 AND valid AND distance IS NOT NULL \
             GROUP BY distance ORDER BY distance",
        )
        .bind(puzzle_id)
        .fetch_all(&self.pool)
        .await?;
        for row in rows {
            let distance: i64 = row.try_get(0)?;
            let n: i64 = row.try_get(1)?;
            counts.distribution.insert(u64::try_from(distance).unwrap_or(0), u64::try_from(n).unwrap_or(0));
        }
        Ok(counts)
    }

    /// Closes every connection (after the writer has finished).
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// `INSERT … VALUES ($1, …, $7), ($8, …), …` for `rows` records.
fn insert_statement(rows: usize) -> String {
    let mut sql = String::from(
        "INSERT INTO puzzle_results (puzzle_id, checked_at, state, valid, length, score, distance) VALUES ",
    );
    for row in 0..rows {
        let first = row * 7 + 1;
        if row > 0 {
            sql.push_str(", ");
        }
        let params: Vec<String> = (first..first + 7).map(|n| format!("${n}")).collect();
        sql.push('(');
        sql.push_str(&params.join(", "));
        sql.push(')');
    }
    sql
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_statements_number_their_parameters_in_order() {
        assert_eq!(
            insert_statement(2),
            "INSERT INTO puzzle_results (puzzle_id, checked_at, state, valid, length, score, distance) VALUES \
             ($1, $2, $3, $4, $5, $6, $7), ($8, $9, $10, $11, $12, $13, $14)"
        );
    }
}
