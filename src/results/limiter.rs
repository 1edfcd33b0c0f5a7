//! At most so many recorded answers per client: a token bucket per address, in memory.
//!
//! The limit applies to recording only; the check itself is always answered. A client
//! is its IP address, an IPv6 client its /64 (one host usually holds a whole /64, so
//! counting single IPv6 addresses would let a script rotate through them). Requests with
//! no known peer (the router driven without a socket) share one bucket. Addresses are
//! never stored, only held here while their bucket is not full.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

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
}

impl RecordLimiter {
    pub fn new(rate: RecordRate) -> RecordLimiter {
        RecordLimiter { rate, buckets: Mutex::new(HashMap::new()) }
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
            true
        } else {
            false
        }
    }
}

/// The address a client is counted under: IPv4 as is (also when mapped into IPv6),
/// IPv6 by its /64.
fn client_key(ip: IpAddr) -> IpAddr {
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
    fn a_burst_of_zero_records_nothing() {
        let limiter = RecordLimiter::new(RecordRate { per_minute: 60, burst: 0 });
        assert!(!limiter.allow(None));
    }
}
