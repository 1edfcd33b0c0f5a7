//! Recording: the request path puts a record on a bounded queue with `try_send` (never
//! waiting for room) and gets a [`Written`] back; a writer task takes whatever has
//! gathered and writes it in one transaction (a group commit: while one commits, the next
//! gathers), then tells each record's [`Written`]. The request path waits for that, at
//! most [`CONFIRM_WAIT`] and only while the database is connected, before it answers: so a
//! server killed outright (`kill -9`) has written every answer it gave, except those
//! answered after that wait ran out (counted in `hexforge_results_unconfirmed_total`) or
//! while the database was away. When the queue is full (the database is slower than the
//! answers, or away), the record is dropped, counted in `hexforge_results_dropped_total`
//! and logged (at most once a second): under overload the stats lose a few answers, the
//! players lose nothing.
//!
//! When the database is away (not reachable yet at start, restarted, failed over), the
//! writer keeps the batch it holds and tries again with a growing, jittered backoff
//! ([`BACKOFF_FIRST`] doubling up to [`BACKOFF_MAX`]) while the queue takes the new
//! records: nothing is lost until the queue is full. At 300 records a second the default
//! queue and one batch hold 37 s of answers. A batch the database refuses as such (a
//! constraint, a bad value) is tried [`REFUSALS`] times, then counted as failed.
//!
//! At shutdown ([`WriterHandle::finish`]) the writer goes on for a grace period and then
//! counts and logs exactly what it could not write.

use super::{Database, Record, ResultStore};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

/// Records waiting to be written before new ones are dropped (the `--record-queue` flag).
pub const DEFAULT_QUEUE: usize = 10_000;

/// Most records the writer takes from the queue for one transaction.
pub const BATCH: usize = 1024;

/// Longest a check waits for its record to be written before it is answered anyway (the
/// record stays queued, and is counted in `unconfirmed`). A commit takes well under a
/// millisecond on SQLite (no sync to disk per commit, see [`super::store`]); this is for a
/// database that has gone slow, so that the players do not wait on it for long.
pub const CONFIRM_WAIT: Duration = Duration::from_millis(500);

/// The first wait before trying an away database again; it doubles with each failure.
pub const BACKOFF_FIRST: Duration = Duration::from_millis(100);
/// The longest wait between two tries: how long after a database comes back the
/// writer may take to notice.
pub const BACKOFF_MAX: Duration = Duration::from_secs(2);

/// A writer with nothing to write pings the database this often, so that readers learn
/// of an outage without waiting for a connection themselves.
pub const PING_EVERY: Duration = Duration::from_secs(1);

/// Times a batch refused by the database as such is tried before it is given up.
pub const REFUSALS: u32 = 3;

/// How long [`WriterHandle::finish`] goes on writing by default (`--shutdown-grace`).
pub const DEFAULT_GRACE: Duration = Duration::from_secs(5);

/// What happened to the records, for `/metrics`.
#[derive(Debug, Default)]
pub struct RecorderCounters {
    /// Written to the database.
    pub recorded: AtomicU64,
    /// Dropped because the queue was full.
    pub dropped: AtomicU64,
    /// Lost: refused by the database [`REFUSALS`] times, or still unwritten when the
    /// shutdown grace ran out.
    pub failed: AtomicU64,
    /// Not recorded because the client was over its rate.
    pub rate_limited: AtomicU64,
    /// Answered before their record was written: the database was away, or did not
    /// write within [`CONFIRM_WAIT`]. Only these (and the dropped) can a crash lose.
    pub unconfirmed: AtomicU64,
    /// Second of the last log line about drops, so that a flood logs once a second.
    last_drop_logged: AtomicU64,
}

/// The request path's end of the queue; cheap to clone.
#[derive(Clone, Debug)]
pub struct Recorder {
    queue: mpsc::Sender<Queued>,
    counters: Arc<RecorderCounters>,
}

/// A record on the queue, and whom to tell once it is written.
#[derive(Debug)]
pub struct Queued {
    record: Record,
    written: oneshot::Sender<()>,
}

impl std::borrow::Borrow<Record> for Queued {
    fn borrow(&self) -> &Record {
        &self.record
    }
}

/// The news that a record is written (its transaction committed): see [`Written::wait`].
#[derive(Debug)]
pub struct Written(Option<oneshot::Receiver<()>>);

impl Written {
    /// Whether the record went on the queue (false: dropped, the queue was full).
    pub fn queued(&self) -> bool {
        self.0.is_some()
    }

    /// Whether the record is written within `limit`: false at once for a record that was
    /// dropped, false when the writer gave it up or `limit` ran out first.
    pub async fn wait(self, limit: Duration) -> bool {
        let Some(receiver) = self.0 else { return false };
        matches!(tokio::time::timeout(limit, receiver).await, Ok(Ok(())))
    }
}

/// The database's end of the queue: run it with [`Writer::spawn`].
pub struct Writer {
    queue: mpsc::Receiver<Queued>,
    store: ResultStore,
    database: Database,
    counters: Arc<RecorderCounters>,
    /// The batch being written, kept while the database is away.
    held: Vec<Queued>,
    /// Times the database refused `held` as such.
    refusals: u32,
    backoff: Backoff,
}

/// A running writer: [`WriterHandle::finish`] writes what is queued and stops it;
/// dropping the handle leaves it running.
pub struct WriterHandle {
    stop: oneshot::Sender<Instant>,
    task: tokio::task::JoinHandle<()>,
}

/// Waits between tries: doubling from [`BACKOFF_FIRST`] up to [`BACKOFF_MAX`], each a
/// random time between half and all of it, so that servers sharing a database do not
/// all come back at the same instant.
#[derive(Debug)]
struct Backoff {
    next: Duration,
}

impl Backoff {
    fn new() -> Backoff {
        Backoff { next: BACKOFF_FIRST }
    }

    fn reset(&mut self) {
        self.next = BACKOFF_FIRST;
    }

    fn wait(&mut self) -> Duration {
        let full = self.next;
        self.next = (self.next * 2).min(BACKOFF_MAX);
        full.mul_f64(rand::random_range(0.5..=1.0))
    }
}

impl Recorder {
    /// A queue of `capacity` records (at least 1) in front of `store`, which is
    /// `database` (named in the log).
    pub fn new(store: ResultStore, database: &Database, capacity: usize) -> (Recorder, Writer) {
        let (sender, receiver) = mpsc::channel(capacity.max(1));
        let counters = Arc::new(RecorderCounters::default());
        let writer = Writer {
            queue: receiver,
            store,
            database: database.clone(),
            counters: Arc::clone(&counters),
            held: Vec::with_capacity(BATCH),
            refusals: 0,
            backoff: Backoff::new(),
        };
        (Recorder { queue: sender, counters }, writer)
    }

    /// Records waiting in the queue now.
    pub fn queued(&self) -> usize {
        self.queue.max_capacity() - self.queue.capacity()
    }

    /// Queues `record` for writing, or drops it if the queue is full; never waits. What
    /// it gives back says when the record is written.
    pub fn record(&self, record: Record) -> Written {
        let (written, told) = oneshot::channel();
        if self.queue.try_send(Queued { record, written }).is_ok() {
            Written(Some(told))
        } else {
            let dropped = self.counters.dropped.fetch_add(1, Relaxed) + 1;
            let second = super::now_millis().unsigned_abs() / 1000;
            if self.counters.last_drop_logged.swap(second, Relaxed) != second {
                tracing::warn!(dropped, "the results queue is full (or closed): a checked answer was not recorded");
            }
            Written(None)
        }
    }

    pub fn counters(&self) -> &RecorderCounters {
        &self.counters
    }
}

impl Writer {
    /// Runs the writer on the current Tokio runtime.
    pub fn spawn(self) -> WriterHandle {
        let (stop, stopped) = oneshot::channel();
        WriterHandle { stop, task: tokio::spawn(self.run(Some(stopped))) }
    }

    /// Steps until stopped (or until the queue closes and all is written), then flushes.
    /// The stop is looked at only while waiting, never in the middle of a write, so a
    /// batch is never cut off mid-commit and written twice.
    async fn run(mut self, mut stop: Option<oneshot::Receiver<Instant>>) {
        let deadline = loop {
            if let Some(deadline) = self.step(&mut stop).await {
                break deadline;
            }
            if self.queue.is_closed() && self.queue.is_empty() && self.held.is_empty() {
                // Every recorder is gone and everything is written.
                return;
            }
        };
        self.flush(deadline).await;
    }

    /// One step of the writer's life: connect if away, else write the batch held, else
    /// gather one (or ping when none comes). The waits end early when `stop` says to
    /// stop: then the deadline of the flush.
    async fn step(&mut self, stop: &mut Option<oneshot::Receiver<Instant>>) -> Option<Instant> {
        if !self.store.is_connected() {
            let wait = match self.store.connect(&self.database).await {
                Ok(()) => {
                    // The backoff is reset by a write that succeeds, not here: a database
                    // that answers a ping but refuses writes is not tried in a tight loop.
                    let queued = self.queue.len() + self.held.len();
                    tracing::info!(database = %self.database, queued, "the results database is connected");
                    return None;
                }
                Err(e) => {
                    let wait = self.backoff.wait();
                    let queued = self.queue.len() + self.held.len();
                    let retry_in_ms = u64::try_from(wait.as_millis()).unwrap_or(u64::MAX);
                    tracing::warn!(error = %e, queued, retry_in_ms, "the results database is away; results wait in the queue");
                    wait
                }
            };
            return pause(wait, stop).await;
        }
        if self.held.is_empty() {
            tokio::select! {
                received = self.queue.recv_many(&mut self.held, BATCH) => {
                    if received == 0 {
                        // Closed: nothing more will come.
                        return None;
                    }
                    if self.held.len() < BATCH {
                        // What the other requests on the runtime are about to queue joins
                        // this commit; no wait beyond (each record's check waits for it).
                        tokio::task::yield_now().await;
                        self.gather();
                    }
                }
                deadline = stopped(stop) => return Some(deadline),
                () = tokio::time::sleep(PING_EVERY) => {
                    // Marks the store away when the database does not answer in time.
                    if tokio::time::timeout(PING_EVERY, self.store.connect(&self.database)).await.is_err() {
                        self.store.set_connected(false);
                    }
                    return None;
                }
            }
        }
        if self.write().await { None } else { pause(self.backoff.wait(), stop).await }
    }

    /// Takes what is queued into the held batch, up to [`BATCH`] records.
    fn gather(&mut self) {
        while self.held.len() < BATCH {
            match self.queue.try_recv() {
                Ok(record) => self.held.push(record),
                Err(_) => break,
            }
        }
    }

    /// Writes the held batch; true when it is done with (written, or given up after
    /// [`REFUSALS`] refusals), false when it is still held and should be tried later.
    async fn write(&mut self) -> bool {
        let n = self.held.len() as u64;
        match self.store.insert(&self.held).await {
            Ok(()) => {
                self.counters.recorded.fetch_add(n, Relaxed);
                self.backoff.reset();
                for queued in self.held.drain(..) {
                    // A check that stopped waiting has dropped its end: nothing to tell.
                    let _ = queued.written.send(());
                }
            }
            Err(e) if e.is_transient() => {
                if self.store.is_connected() {
                    tracing::warn!(error = %e, records = n, "cannot write results; they are kept and tried again");
                }
                self.store.set_connected(false);
                return false;
            }
            Err(e) => {
                self.refusals += 1;
                if self.refusals < REFUSALS {
                    tracing::warn!(error = %e, records = n, "the results database refused a batch; trying again");
                    return false;
                }
                tracing::error!(error = %e, records = n, "the results database refused a batch {REFUSALS} times; it is lost");
                self.counters.failed.fetch_add(n, Relaxed);
            }
        }
        self.held.clear();
        self.refusals = 0;
        true
    }

    /// Stops taking records, writes what is held and queued until `deadline`, and counts
    /// and logs what is left then.
    async fn flush(&mut self, deadline: Instant) {
        // New records are refused from now on (counted as dropped by the recorder).
        self.queue.close();
        let pending = self.held.len() + self.queue.len();
        if pending == 0 {
            return;
        }
        tracing::info!(records = pending, "writing the queued results before stopping");
        let drained = tokio::time::timeout_at(deadline, async {
            loop {
                self.gather();
                if self.held.is_empty() {
                    break;
                }
                if self.store.is_connected() && self.write().await {
                    continue;
                }
                if !self.store.is_connected() && self.store.connect(&self.database).await.is_ok() {
                    continue;
                }
                tokio::time::sleep(self.backoff.wait()).await;
            }
        })
        .await;
        if drained.is_ok() {
            tracing::info!(records = pending, "the queued results are written");
            return;
        }
        // A batch cut off while its transaction was committing may in fact be written;
        // it is counted as lost, the safe side for a count of losses.
        let lost = (self.held.len() + self.queue.len()) as u64;
        self.held.clear();
        while self.queue.try_recv().is_ok() {}
        self.counters.failed.fetch_add(lost, Relaxed);
        tracing::error!(
            lost,
            written = pending as u64 - lost,
            "the results database did not take the queued results before the shutdown grace ran out: {lost} results are lost"
        );
    }
}

/// Sleeps for `wait`, or less if `stop` says to stop: then its deadline.
async fn pause(wait: Duration, stop: &mut Option<oneshot::Receiver<Instant>>) -> Option<Instant> {
    tokio::select! {
        () = tokio::time::sleep(wait) => None,
        deadline = stopped(stop) => Some(deadline),
    }
}

/// The deadline `stop` is sent; never, if its sender is dropped without sending (the
/// writer then runs until the queue closes).
async fn stopped(stop: &mut Option<oneshot::Receiver<Instant>>) -> Instant {
    if let Some(receiver) = stop {
        match receiver.await {
            Ok(deadline) => return deadline,
            Err(_) => *stop = None,
        }
    }
    std::future::pending().await
}

impl WriterHandle {
    /// Writes the records queued so far, for at most `grace`, and stops; what is still
    /// unwritten then is counted in `failed` and logged.
    pub async fn finish(self, grace: Duration) {
        let _ = self.stop.send(Instant::now() + grace);
        // The writer keeps to its deadline; this only guards against a hung task.
        let _ = tokio::time::timeout(grace + Duration::from_secs(2), self.task).await;
    }
}
