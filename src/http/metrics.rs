//! `GET /metrics`: counters in the Prometheus text format (version 0.0.4), kept in a
//! small registry of atomics so that counting costs a few uncontended atomic adds per
//! request and no lock.
//!
//! | name | type | labels |
//! |---|---|---|
//! | `hexforge_http_requests_total` | counter | `route` (the matched path template, `unmatched` otherwise), `status` |
//! | `hexforge_http_request_duration_seconds` | histogram | `route` |
//! | `hexforge_http_connections_open` | gauge | |
//! | `hexforge_card_cache_hits_total` | counter | |
//! | `hexforge_card_cache_misses_total` | counter | |
//! | `hexforge_card_cache_entries` | gauge | |
//! | `hexforge_searches_inline_total` | counter | |
//! | `hexforge_searches_pooled_total` | counter | |
//! | `hexforge_optimum_cache_hits_total` | counter | |
//! | `hexforge_optimum_cache_misses_total` | counter | |
//! | `hexforge_results_recorded_total` | counter | |
//! | `hexforge_results_dropped_total` | counter | |
//! | `hexforge_results_failed_total` | counter | |
//! | `hexforge_results_rate_limited_total` | counter | |
//!
//! The `hexforge_results_*` counters say what became of checked puzzle answers
//! ([`crate::results`]): written, dropped on a full queue, lost to a database error,
//! or not recorded because the client was over its rate. All stay 0 without a store.
//!
//! The middleware every request crosses (`edge` in `http/mod.rs`) records them, and
//! writes the access log when it is on: one line per request at target
//! `hexforge::access`, with a request id that the response also carries as
//! `x-request-id`.

use super::{AppState, Routes};
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use std::collections::HashMap;
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
struct RouteStats {
    name: &'static str,
    by_status: Box<[AtomicU64]>,
    buckets: [AtomicU64; LATENCY_BUCKETS.len()],
    count: AtomicU64,
    sum_micros: AtomicU64,
}

impl RouteStats {
    fn new(name: &'static str) -> RouteStats {
        RouteStats {
            name,
            by_status: (100..600).map(|_| AtomicU64::new(0)).collect(),
            buckets: std::array::from_fn(|_| AtomicU64::new(0)),
            count: AtomicU64::new(0),
            sum_micros: AtomicU64::new(0),
        }
    }
}

/// The service's counters.
pub struct Metrics {
    routes: Vec<RouteStats>,
    index: HashMap<&'static str, usize>,
    next_id: AtomicU64,
    /// Connections accepted and not yet closed (kept by [`super::serve_with`]).
    pub connections_open: AtomicU64,
    /// Puzzle searches answered on the request's own task.
    pub searches_inline: AtomicU64,
    /// Puzzle searches moved to the blocking pool (in a search slot).
    pub searches_pooled: AtomicU64,
}

impl Metrics {
    /// Counters for every route of [`super::route_table`], plus [`UNMATCHED`].
    pub fn new() -> Metrics {
        let mut names: Vec<&'static str> = super::route_table().into_iter().map(|(_, path)| path).collect();
        names.sort_unstable();
        names.dedup();
        names.push(UNMATCHED);
        let index = names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
        Metrics {
            routes: names.into_iter().map(RouteStats::new).collect(),
            index,
            next_id: AtomicU64::new(1),
            connections_open: AtomicU64::new(0),
            searches_inline: AtomicU64::new(0),
            searches_pooled: AtomicU64::new(0),
        }
    }

    /// A fresh id for a request that came without one (the access log's).
    pub(super) fn next_request_id(&self) -> u64 {
        self.next_id.fetch_add(1, Relaxed)
    }

    pub(super) fn record(&self, route: Option<&str>, status: u16, elapsed: std::time::Duration) {
        let i = route.and_then(|r| self.index.get(r)).copied().unwrap_or(self.routes.len() - 1);
        let stats = &self.routes[i];
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

    /// Requests counted for `route` with `status` so far.
    pub fn requests(&self, route: &str, status: u16) -> u64 {
        self.index
            .get(route)
            .and_then(|&i| self.routes[i].by_status.get(usize::from(status.saturating_sub(100))))
            .map_or(0, |c| c.load(Relaxed))
    }

    /// Everything, in the Prometheus text format.
    pub fn render(&self, state: &AppState) -> String {
        let mut out = String::with_capacity(8192);
        out.push_str("# HELP hexforge_http_requests_total HTTP requests answered, by route template and status.\n");
        out.push_str("# TYPE hexforge_http_requests_total counter\n");
        for r in &self.routes {
            for (offset, c) in r.by_status.iter().enumerate() {
                let n = c.load(Relaxed);
                if n > 0 {
                    let _ = writeln!(
                        out,
                        "hexforge_http_requests_total{{route=\"{}\",status=\"{}\"}} {n}",
                        r.name,
                        offset + 100
                    );
                }
            }
        }
        out.push_str(
            "# HELP hexforge_http_request_duration_seconds Time from request to response head, by route template.\n",
        );
        out.push_str("# TYPE hexforge_http_request_duration_seconds histogram\n");
        for r in &self.routes {
            let count = r.count.load(Relaxed);
            if count == 0 {
                continue;
            }
            let mut cumulative = 0;
            for (le, b) in LATENCY_BUCKETS.iter().zip(&r.buckets) {
                cumulative += b.load(Relaxed);
                let _ = writeln!(
                    out,
                    "hexforge_http_request_duration_seconds_bucket{{route=\"{}\",le=\"{le}\"}} {cumulative}",
                    r.name
                );
            }
            let _ = writeln!(
                out,
                "hexforge_http_request_duration_seconds_bucket{{route=\"{}\",le=\"+Inf\"}} {count}",
                r.name
            );
            let sum = r.sum_micros.load(Relaxed) as f64 / 1e6;
            let _ = writeln!(out, "hexforge_http_request_duration_seconds_sum{{route=\"{}\"}} {sum}", r.name);
            let _ = writeln!(out, "hexforge_http_request_duration_seconds_count{{route=\"{}\"}} {count}", r.name);
        }
        let (hits, misses) = state.cards.hits_and_misses();
        let load = |counter: &AtomicU64| counter.load(Relaxed);
        let results = state.results.as_ref().map(|r| r.recorder.counters());
        let result = |pick: fn(&crate::results::RecorderCounters) -> &AtomicU64| results.map_or(0, |c| load(pick(c)));
        let gauges = [
            ("hexforge_http_connections_open", "gauge", "Connections open now.", self.connections_open.load(Relaxed)),
            ("hexforge_card_cache_hits_total", "counter", "Card faces answered from the cache.", hits),
            ("hexforge_card_cache_misses_total", "counter", "Card faces rendered because not cached.", misses),
            ("hexforge_card_cache_entries", "gauge", "Card faces in the cache now.", state.cards.len() as u64),
            ("hexforge_searches_inline_total", "counter", "Puzzle searches run inline.", load(&self.searches_inline)),
            (
                "hexforge_searches_pooled_total",
                "counter",
                "Puzzle searches moved to the blocking pool.",
                load(&self.searches_pooled),
            ),
            (
                "hexforge_optimum_cache_hits_total",
                "counter",
                "Zhi Pai checks answered with a remembered optimum.",
                load(&crate::api::zhipai::OPTIMUM_CACHE_HITS),
            ),
            (
                "hexforge_optimum_cache_misses_total",
                "counter",
                "Zhi Pai checks that searched for the optimum.",
                load(&crate::api::zhipai::OPTIMUM_CACHE_MISSES),
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
                "Checked puzzle answers lost because the results database refused them.",
                result(|c| &c.failed),
            ),
            (
                "hexforge_results_rate_limited_total",
                "counter",
                "Checked puzzle answers not recorded because the client was over its rate.",
                result(|c| &c.rate_limited),
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
