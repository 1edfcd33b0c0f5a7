//! At most so many recorded answers per client: a token bucket per address, in memory.
//!
//! The limit applies to recording only; the check itself is always answered. A client
//! is its IP address, an IPv6 client its /64 (one host usually holds a whole /64, so
//! counting single IPv6 addresses would let a script rotate through them). Requests with
//! no known peer (the router driven without a socket) share one bucket. Addresses are
//! never stored, only held here while their bucket is not full.

use std::cell::RefCell;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How fast one client may add records: `per_minute` on average, `burst` at once.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct RecordRate {
    /// Records regained per minute (the `--record-per-minute` flag).
    pub per_minute: u32,
    /// Records a client may add at once (`--record-burst`): a whole game played on the
    /// page, which checks every move.
    pub burst: u32,
}

impl Default for RecordRate {
    /// 60 a minute with bursts of 120: a Zhi Pai deal played on the page checks each of
    /// its up to 118 turns.
    fn default() -> Self {
        RecordRate { per_minute: 60, burst: 120 }
    }
}

/// Buckets kept before the full ones are forgotten: bounds the memory a flood of
/// addresses can take (about 64 bytes each).
const MAX_CLIENTS: usize = 100_000;

struct Bucket {
    tokens: f64,
    updated: Instant,
}

/// The token buckets, one per client.
pub struct RecordLimiter {
    rate: RecordRate,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
    /// This limiter's own number, for the refusals each thread remembers.
    id: u64,
}

/// The next limiter's number.
static LIMITERS: AtomicU64 = AtomicU64::new(0);

/// Refusals a thread remembers, at most; past it the memory starts over.
const REMEMBERED_REFUSALS: usize = 256;

thread_local! {
    /// By limiter and client: the moment before which the client's bucket cannot hold a
    /// token, learnt when it was last refused. Until then this thread refuses the client
    /// without the lock: buckets only refill with time, and other threads only take from
    /// them, so the refusal is exact. A client over its rate (a script checking answers
    /// in a loop) is the one that asks most often, and the lock, written by every core,
    /// cost it a few percent of the throughput.
    static REFUSED_UNTIL: RefCell<HashMap<(u64, IpAddr), Instant>> = RefCell::new(HashMap::new());
}

impl RecordLimiter {
    pub fn new(rate: RecordRate) -> RecordLimiter {
        RecordLimiter { rate, buckets: Mutex::new(HashMap::new()), id: LIMITERS.fetch_add(1, Ordering::Relaxed) }
    }

    /// Whether `client` may add a record now (taking a token if so).
    pub fn allow(&self, client: Option<IpAddr>) -> bool {
        self.allow_at(client, Instant::now())
    }

    fn allow_at(&self, client: Option<IpAddr>, now: Instant) -> bool {
        if self.rate.burst == 0 {
            return false;
        }
        let key = client.map_or(IpAddr::from([0u8; 4]), client_key);
        let refused =
            REFUSED_UNTIL.with_borrow(|refused| refused.get(&(self.id, key)).is_some_and(|&until| now < until));
        if refused {
            return false;
        }
        let burst = f64::from(self.rate.burst);
        let per_second = f64::from(self.rate.per_minute) / 60.0;
        let mut buckets = self.buckets.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if buckets.len() >= MAX_CLIENTS && !buckets.contains_key(&key) {
            // Forget the clients whose bucket has filled up again: they lose nothing.
            buckets.retain(|_, b| b.tokens + now.duration_since(b.updated).as_secs_f64() * per_second < burst);
            if buckets.len() >= MAX_CLIENTS {
                return false;
            }
        }
        let bucket = buckets.entry(key).or_insert(Bucket { tokens: burst, updated: now });
        let elapsed = now.saturating_duration_since(bucket.updated).as_secs_f64();
        bucket.tokens = (bucket.tokens + elapsed * per_second).min(burst);
        bucket.updated = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            return true;
        }
        // A token comes back in (1 - tokens) / rate seconds (an hour at most: with a rate
        // of 0 none ever does, and an hour's wait only costs a look at the bucket).
        let wait = Duration::try_from_secs_f64((1.0 - bucket.tokens) / per_second)
            .unwrap_or(Duration::MAX)
            .min(Duration::from_secs(3600));
        drop(buckets);
        REFUSED_UNTIL.with_borrow_mut(|refused| {
            crate::api::remember(refused, (self.id, key), now + wait, REMEMBERED_REFUSALS);
        });
        false
    }
}

/// The address a client is counted under: IPv4 as is (also when mapped into IPv6),
/// IPv6 by its /64.
pub(crate) fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !((1u128 << 64) - 1)).into()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn ip(text: &str) -> Option<IpAddr> {
        Some(text.parse().unwrap())
    }

    #[test]
    fn a_client_gets_its_burst_then_its_rate() {
        let limiter = RecordLimiter::new(RecordRate { per_minute: 60, burst: 3 });
        let start = Instant::now();
        let allowed: Vec<bool> = (0..5).map(|_| limiter.allow_at(ip("192.0.2.1"), start)).collect();
        assert_eq!(allowed, [true, true, true, false, false]);
        assert!(limiter.allow_at(ip("192.0.2.2"), start), "another client has its own bucket");
        // One a second comes back.
        assert!(limiter.allow_at(ip("192.0.2.1"), start + Duration::from_millis(1100)));
        assert!(!limiter.allow_at(ip("192.0.2.1"), start + Duration::from_millis(1200)));
        // Never more than the burst, however long the wait.
        let later = start + Duration::from_secs(3600);
        let allowed = (0..4).filter(|_| limiter.allow_at(ip("192.0.2.1"), later)).count();
        assert_eq!(allowed, 3);
    }

    #[test]
    fn ipv6_clients_count_by_their_64_and_mapped_ipv4_as_ipv4() {
        let limiter = RecordLimiter::new(RecordRate { per_minute: 1, burst: 2 });
        let now = Instant::now();
        assert!(limiter.allow_at(ip("2001:db8:1:2::1"), now));
        assert!(limiter.allow_at(ip("2001:db8:1:2::ffff"), now));
        assert!(!limiter.allow_at(ip("2001:db8:1:2:aaaa::1"), now), "same /64");
        assert!(limiter.allow_at(ip("2001:db8:1:3::1"), now), "another /64");
        assert!(limiter.allow_at(ip("198.51.100.7"), now));
        assert!(limiter.allow_at(ip("::ffff:198.51.100.7"), now));
        assert!(!limiter.allow_at(ip("198.51.100.7"), now), "the mapped address is the same client");
    }

    #[test]
    fn a_refusal_remembered_by_one_limiter_is_not_another_ones() {
        let rate = RecordRate { per_minute: 60, burst: 1 };
        let (first, second) = (RecordLimiter::new(rate), RecordLimiter::new(rate));
        let now = Instant::now();
        assert!(first.allow_at(ip("192.0.2.9"), now));
        assert!(!first.allow_at(ip("192.0.2.9"), now), "refused, and remembered");
        assert!(second.allow_at(ip("192.0.2.9"), now), "a bucket of its own");
        // Still refused a moment before the token comes back, not after.
        assert!(!first.allow_at(ip("192.0.2.9"), now + Duration::from_millis(990)));
        assert!(first.allow_at(ip("192.0.2.9"), now + Duration::from_millis(1010)));
    }

    #[test]
    fn a_rate_of_zero_refuses_after_the_burst_for_good() {
        let limiter = RecordLimiter::new(RecordRate { per_minute: 0, burst: 2 });
        let now = Instant::now();
        assert!(limiter.allow_at(ip("192.0.2.10"), now));
        assert!(limiter.allow_at(ip("192.0.2.10"), now));
        for later in [0, 1, 3599, 3601, 86_400] {
            assert!(!limiter.allow_at(ip("192.0.2.10"), now + Duration::from_secs(later)), "{later} s later");
        }
    }

    #[test]
    fn a_burst_of_zero_records_nothing() {
        let limiter = RecordLimiter::new(RecordRate { per_minute: 60, burst: 0 });
        assert!(!limiter.allow(None));
    }
}
