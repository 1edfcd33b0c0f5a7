//! Recording without waiting: the request path puts a record on a bounded queue with
//! `try_send` and goes on; a writer task takes whatever has gathered and writes it in one
//! transaction. When the queue is full (the database is slower than the answers), the
//! record is dropped, counted in `hexforge_results_dropped_total` and logged (at most
//! once a second): under overload the stats lose a few answers, the players lose nothing.

use super::{Record, ResultStore};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// Records waiting to be written before new ones are dropped (the `--record-queue` flag).
pub const DEFAULT_QUEUE: usize = 10_000;

/// Most records the writer takes from the queue for one transaction.
pub const BATCH: usize = 1024;

/// How long the writer lets records gather after the first before writing them: a
/// commit costs a sync to disk, so at most 20 commits a second, whatever the load;
/// the stats lag by as much.
pub const GATHER: Duration = Duration::from_millis(50);

/// What happened to the records, for `/metrics`.
#[derive(Debug, Default)]
pub struct RecorderCounters {
    /// Written to the database.
    pub recorded: AtomicU64,
    /// Dropped because the queue was full.
    pub dropped: AtomicU64,
    /// Lost because the database refused them (twice).
    pub failed: AtomicU64,
    /// Not recorded because the client was over its rate.
    pub rate_limited: AtomicU64,
    /// Second of the last log line about drops, so that a flood logs once a second.
    last_drop_logged: AtomicU64,
}

/// The request path's end of the queue; cheap to clone.
#[derive(Clone, Debug)]
pub struct Recorder {
    queue: mpsc::Sender<Record>,
    counters: Arc<RecorderCounters>,
}

/// The database's end of the queue: run it with [`Writer::spawn`].
pub struct Writer {
    queue: mpsc::Receiver<Record>,
    store: ResultStore,
    counters: Arc<RecorderCounters>,
}

/// A running writer: [`WriterHandle::finish`] writes what is queued and stops it;
/// dropping the handle leaves it running.
pub struct WriterHandle {
    stop: oneshot::Sender<()>,
    task: tokio::task::JoinHandle<()>,
}

impl Recorder {
    /// A queue of `capacity` records (at least 1) in front of `store`.
    pub fn new(store: ResultStore, capacity: usize) -> (Recorder, Writer) {
        let (sender, receiver) = mpsc::channel(capacity.max(1));
        let counters = Arc::new(RecorderCounters::default());
        (Recorder { queue: sender, counters: Arc::clone(&counters) }, Writer { queue: receiver, store, counters })
    }

    /// Queues `record` for writing, or drops it if the queue is full; never waits.
    pub fn record(&self, record: Record) {
        if self.queue.try_send(record).is_err() {
            let dropped = self.counters.dropped.fetch_add(1, Relaxed) + 1;
            let second = super::now_millis().unsigned_abs() / 1000;
            if self.counters.last_drop_logged.swap(second, Relaxed) != second {
                tracing::warn!(dropped, "the results queue is full (or closed): a checked answer was not recorded");
            }
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
        WriterHandle { stop, task: tokio::spawn(self.run(stopped)) }
    }

    async fn run(mut self, mut stop: oneshot::Receiver<()>) {
        let mut batch = Vec::with_capacity(BATCH);
        // A handle dropped without `finish` leaves the writer running until the queue closes.
        let mut handle_alive = true;
        loop {
            tokio::select! {
                received = self.queue.recv_many(&mut batch, BATCH) => {
                    if received == 0 {
                        break;
                    }
                    if batch.len() < BATCH {
                        tokio::time::sleep(GATHER).await;
                        while batch.len() < BATCH {
                            match self.queue.try_recv() {
                                Ok(record) => batch.push(record),
                                Err(_) => break,
                            }
                        }
                    }
                    self.write(&mut batch).await;
                }
                finish = &mut stop, if handle_alive => match finish {
                    Ok(()) => break,
                    Err(_) => handle_alive = false,
                },
            }
        }
        // What was queued before the stop is still written.
        while let Ok(record) = self.queue.try_recv() {
            batch.push(record);
            if batch.len() == BATCH {
                self.write(&mut batch).await;
            }
        }
        self.write(&mut batch).await;
    }

    /// Writes `batch` and empties it; one retry, then the records are counted as lost.
    async fn write(&self, batch: &mut Vec<Record>) {
        if batch.is_empty() {
            return;
        }
        let n = batch.len() as u64;
        let mut outcome = self.store.insert(batch).await;
        if let Err(e) = &outcome {
            tracing::warn!(error = %e, records = n, "cannot write results; trying once more");
            tokio::time::sleep(Duration::from_millis(200)).await;
            outcome = self.store.insert(batch).await;
        }
        match outcome {
            Ok(()) => self.counters.recorded.fetch_add(n, Relaxed),
            Err(e) => {
                tracing::error!(error = %e, records = n, "cannot write results; they are lost");
                self.counters.failed.fetch_add(n, Relaxed)
            }
        };
        batch.clear();
    }
}

impl WriterHandle {
    /// Writes the records queued so far and stops; gives up after `timeout`.
    pub async fn finish(self, timeout: Duration) {
        let _ = self.stop.send(());
        if tokio::time::timeout(timeout, self.task).await.is_err() {
            tracing::warn!("the results writer did not finish in time; queued results are lost");
        }
    }
}
