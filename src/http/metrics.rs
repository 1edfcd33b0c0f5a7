//! `GET /metrics`: counters in the Prometheus text format (version 0.0.4), kept in a
//! small registry of atomics so that counting costs a few uncontended atomic adds per
//! request and no lock.
//!
//! | name | type | labels |
//! |---|---|---|
//! | `hexforge_http_requests_total` | counter | `route` (the matched path template, `unmatched` otherwise), `status` |
//! | `hexforge_http_request_duration_seconds` | histogram | `route` |
//! | `hexforge_http_connections_open` | gauge | |
//! | `hexforge_http_connections_refused_total` | counter | |
//! | `hexforge_card_cache_hits_total` | counter | |
//! | `hexforge_card_cache_misses_total` | counter | |
//! | `hexforge_card_cache_entries` | gauge | |
//! | `hexforge_searches_inline_total` | counter | |
//! | `hexforge_searches_pooled_total` | counter | |
//! | `hexforge_record_checks_pooled_total` | counter | |
//! | `hexforge_optimum_cache_hits_total` | counter | |
//! | `hexforge_optimum_cache_misses_total` | counter | |
//! | `hexforge_results_recorded_total` | counter | |
//! | `hexforge_results_dropped_total` | counter | |
//! | `hexforge_results_failed_total` | counter | |
//! | `hexforge_results_rate_limited_total` | counter | |
//! | `hexforge_results_unconfirmed_total` | counter | |
//! | `hexforge_rooms_created_total` | counter | |
//! | `hexforge_room_seats_created_total` | counter | |
//! | `hexforge_room_moves_total` | counter | |
//! | `hexforge_room_server_moves_total` | counter | |
//! | `hexforge_room_stale_moves_total` | counter | |
//! | `hexforge_room_reconnects_total` | counter | |
//! | `hexforge_room_sockets_open` | gauge | |
//! | `hexforge_room_sockets_opened_total` | counter | |
//! | `hexforge_room_socket_reconnects_total` | counter | |
//!
//! The `hexforge_results_*` counters say what became of checked puzzle answers
//! ([`crate::results`]): written, dropped on a full queue, lost to a database error,
//! or not recorded because the client was over its rate. All stay 0 without a store.
//!
//! The service every request crosses ([`super::Edge`]) records them, and
//! writes the access log when it is on: one line per request at target
//! `hexforge::access`, with a request id that the response also carries as
//! `x-request-id`.

use super::{AppState, Routes};
use crate::counter::{Counter, SLOTS, slot_of_this_thread};
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

pub(super) fn routes(routes: Routes) -> Routes {
    routes.get_from_memory("/metrics", metrics)
}

/// Upper bounds of the latency histogram's buckets, in seconds (`+Inf` is implied).
pub const LATENCY_BUCKETS: [f64; 14] =
    [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];

/// The label of requests that matched no route.
pub const UNMATCHED: &str = "unmatched";

/// One route's counters: requests by status (100..=599) and its latency histogram.
/// Aligned apart, so that two routes' counters never share a cache line.
#[repr(align(128))]
struct RouteStats {
    by_status: Box<[AtomicU64]>,
    buckets: [AtomicU64; LATENCY_BUCKETS.len()],
    count: AtomicU64,
    sum_micros: AtomicU64,
}

impl RouteStats {
    fn new() -> RouteStats {
        RouteStats {
            by_status: (100..600).map(|_| AtomicU64::new(0)).collect(),
            buckets: std::array::from_fn(|_| AtomicU64::new(0)),
            count: AtomicU64::new(0),
            sum_micros: AtomicU64::new(0),
        }
    }
}

/// The request counters kept by one group of threads: every route of
/// [`super::edge::ROUTES`], then [`UNMATCHED`].
type Shard = Box<[RouteStats]>;

/// The service's counters.
///
/// The request counters are kept in one shard per core (threads share them beyond, as
/// [`crate::counter`] says why) and summed when read.
pub struct Metrics {
    names: &'static [&'static str],
    shards: Box<[Shard]>,
    next_id: AtomicU64,
    /// Connections accepted and not yet closed (kept by [`super::serve_with`]).
    pub connections_open: AtomicU64,
    /// Puzzle searches answered on the request's own task.
    pub searches_inline: Counter,
    /// Puzzle searches moved to the blocking pool (in a search slot).
    pub searches_pooled: Counter,
    /// Connections answered 503 and closed: their address held its cap.
    pub connections_refused: Counter,
    /// Long game records checked on the blocking pool (in a search slot).
    pub record_checks_pooled: Counter,
}

impl Metrics {
    /// Counters for every route of [`super::route_table`], plus [`UNMATCHED`].
    pub fn new() -> Metrics {
        let names = super::edge::ROUTES.names.as_slice();
        let shards = std::thread::available_parallelism().map_or(2, usize::from).clamp(1, SLOTS);
        Metrics {
            names,
            shards: (0..shards).map(|_| (0..=names.len()).map(|_| RouteStats::new()).collect()).collect(),
            next_id: AtomicU64::new(1),
            connections_open: AtomicU64::new(0),
            searches_inline: Counter::new(),
            searches_pooled: Counter::new(),
            connections_refused: Counter::new(),
            record_checks_pooled: Counter::new(),
        }
    }

    /// A fresh id for a request that came without one (the access log's).
    pub(super) fn next_request_id(&self) -> u64 {
        self.next_id.fetch_add(1, Relaxed)
    }

    /// Counts a request to the route template `route` (an index into the route index's
    /// names; `None` when it matched none).
    pub(super) fn record(&self, route: Option<usize>, status: u16, elapsed: std::time::Duration) {
        let shard = &self.shards[slot_of_this_thread() % self.shards.len()];
        let stats = &shard[route.unwrap_or(self.names.len())];
        if let Some(counter) = stats.by_status.get(usize::from(status.saturating_sub(100))) {
            counter.fetch_add(1, Relaxed);
        }
        let seconds = elapsed.as_secs_f64();
        if let Some(b) = LATENCY_BUCKETS.iter().position(|&le| seconds <= le) {
            stats.buckets[b].fetch_add(1, Relaxed);
        }
        stats.count.fetch_add(1, Relaxed);
        stats.sum_micros.fetch_add(u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX), Relaxed);
    }

    /// A counter of route number `route`, summed over the shards.
    fn total(&self, route: usize, counter: impl Fn(&RouteStats) -> &AtomicU64) -> u64 {
        self.shards.iter().map(|shard| counter(&shard[route]).load(Relaxed)).sum()
    }

    /// The route templates, then [`UNMATCHED`], with their numbers.
    fn labelled(&self) -> impl Iterator<Item = (usize, &'static str)> {
        self.names.iter().copied().chain([UNMATCHED]).enumerate()
    }

    /// Requests counted for `route` with `status` so far.
    pub fn requests(&self, route: &str, status: u16) -> u64 {
        let Some(i) = self.labelled().find(|(_, name)| *name == route).map(|(i, _)| i) else { return 0 };
        let Some(status) = usize::from(status).checked_sub(100).filter(|s| *s < 500) else { return 0 };
        self.total(i, |stats| &stats.by_status[status])
    }

    /// Everything, in the Prometheus text format.
    pub fn render(&self, state: &AppState) -> String {
        let mut out = String::with_capacity(8192);
        out.push_str("# HELP hexforge_http_requests_total HTTP requests answered, by route template and status.\n");
        out.push_str("# TYPE hexforge_http_requests_total counter\n");
        for (i, name) in self.labelled() {
            for status in 0..500 {
                let n = self.total(i, |stats| &stats.by_status[status]);
                if n > 0 {
                    let _ = writeln!(
                        out,
                        "hexforge_http_requests_total{{route=\"{name}\",status=\"{}\"}} {n}",
                        status + 100
                    );
                }
            }
        }
        out.push_str(
            "# HELP hexforge_http_request_duration_seconds Time from request to response head, by route template.\n",
        );
        out.push_str("# TYPE hexforge_http_request_duration_seconds histogram\n");
        for (i, name) in self.labelled() {
            let count = self.total(i, |stats| &stats.count);
            if count == 0 {
                continue;
            }
            let mut cumulative = 0;
            for (b, le) in LATENCY_BUCKETS.iter().enumerate() {
                cumulative += self.total(i, |stats| &stats.buckets[b]);
                let _ = writeln!(
                    out,
                    "hexforge_http_request_duration_seconds_bucket{{route=\"{name}\",le=\"{le}\"}} {cumulative}"
                );
            }
            let _ =
                writeln!(out, "hexforge_http_request_duration_seconds_bucket{{route=\"{name}\",le=\"+Inf\"}} {count}");
            let sum = self.total(i, |stats| &stats.sum_micros) as f64 / 1e6;
            let _ = writeln!(out, "hexforge_http_request_duration_seconds_sum{{route=\"{name}\"}} {sum}");
            let _ = writeln!(out, "hexforge_http_request_duration_seconds_count{{route=\"{name}\"}} {count}");
        }
        let (hits, misses) = state.cards.hits_and_misses();
        let load = |counter: &AtomicU64| counter.load(Relaxed);
        let results = state.results.as_ref().map(|r| r.recorder.counters());
        let result = |pick: fn(&crate::results::RecorderCounters) -> &AtomicU64| results.map_or(0, |c| load(pick(c)));
        let rooms = &state.rooms.counters;
        let room = |counter: &AtomicU64| counter.load(Relaxed);
        let gauges = [
            ("hexforge_http_connections_open", "gauge", "Connections open now.", self.connections_open.load(Relaxed)),
            (
                "hexforge_http_connections_refused_total",
                "counter",
                "Connections refused: their address held --max-connections-per-address.",
                self.connections_refused.get(),
            ),
            ("hexforge_card_cache_hits_total", "counter", "Card faces answered from the cache.", hits),
            ("hexforge_card_cache_misses_total", "counter", "Card faces rendered because not cached.", misses),
            ("hexforge_card_cache_entries", "gauge", "Card faces in the cache now.", state.cards.len() as u64),
            ("hexforge_searches_inline_total", "counter", "Puzzle searches run inline.", self.searches_inline.get()),
            (
                "hexforge_searches_pooled_total",
                "counter",
                "Puzzle searches moved to the blocking pool.",
                self.searches_pooled.get(),
            ),
            (
                "hexforge_record_checks_pooled_total",
                "counter",
                "Long game records checked on the blocking pool.",
                self.record_checks_pooled.get(),
            ),
            (
                "hexforge_optimum_cache_hits_total",
                "counter",
                "Zhi Pai questions and checks answered with a remembered optimum.",
                crate::api::zhi_pai::OPTIMUM_CACHE_HITS.get(),
            ),
            (
                "hexforge_optimum_cache_misses_total",
                "counter",
                "Zhi Pai questions and checks that searched for the optimum.",
                crate::api::zhi_pai::OPTIMUM_CACHE_MISSES.get(),
            ),
            (
                "hexforge_results_recorded_total",
                "counter",
                "Checked puzzle answers written to the results store.",
                result(|c| &c.recorded),
            ),
            (
                "hexforge_results_dropped_total",
                "counter",
                "Checked puzzle answers not recorded because the results queue was full.",
                result(|c| &c.dropped),
            ),
            (
                "hexforge_results_failed_total",
                "counter",
                "Checked puzzle answers lost: refused by the results database 3 times, or unwritten when the shutdown grace ran out.",
                result(|c| &c.failed),
            ),
            (
                "hexforge_results_rate_limited_total",
                "counter",
                "Checked puzzle answers not recorded because the client was over its rate.",
                result(|c| &c.rate_limited),
            ),
            (
                "hexforge_results_unconfirmed_total",
                "counter",
                "Checked puzzle answers given before their record was written (the database away or slower than 500 ms): a crash may lose these.",
                result(|c| &c.unconfirmed),
            ),
            ("hexforge_rooms_created_total", "counter", "Rooms created by this process.", room(&rooms.rooms_created)),
            (
                "hexforge_room_seats_created_total",
                "counter",
                "Seats for people in the rooms this process created.",
                room(&rooms.seats_created),
            ),
            ("hexforge_room_moves_total", "counter", "Moves of people written to a room's log.", room(&rooms.moves)),
            (
                "hexforge_room_server_moves_total",
                "counter",
                "Moves the server wrote: bot seats, and the strong bot standing in for absent players.",
                room(&rooms.server_moves),
            ),
            (
                "hexforge_room_stale_moves_total",
                "counter",
                "Moves refused because another event came first (a stale table, or a race for the turn).",
                room(&rooms.stale),
            ),
            (
                "hexforge_room_reconnects_total",
                "counter",
                "Polls that arrived behind a room's log and were given what they missed.",
                room(&rooms.reconnects),
            ),
            ("hexforge_room_sockets_open", "gauge", "Live sockets open on rooms now.", room(&rooms.sockets_open)),
            (
                "hexforge_room_sockets_opened_total",
                "counter",
                "Live sockets opened on rooms (a seat's or a spectator's key given).",
                room(&rooms.sockets_opened),
            ),
            (
                "hexforge_room_socket_reconnects_total",
                "counter",
                "Live sockets opened with the last event number the client had, and given what it missed.",
                room(&rooms.socket_reconnects),
            ),
        ];
        for (name, kind, help, value) in gauges {
            let _ = write!(out, "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}\n");
        }
        out
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8"), (header::CACHE_CONTROL, "no-store")],
        state.metrics.render(&state),
    )
}
