//! The connections each client address holds (`--max-connections-per-address`): one
//! client opening connection after connection must not take every one the server serves
//! ([`super::MAX_CONNECTIONS`]), or every other client waits in the listen queue. An
//! address is an IPv4 address, or an IPv6 /64 (as the results rate limit counts them); a
//! trusted proxy (`--trusted-proxy`) speaks for many clients and is not capped.
//!
//! A connection beyond the cap is answered at once, `503` with `Retry-After: 1` and a JSON
//! body saying why, and closed.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use tokio::io::AsyncWriteExt;

/// Connections one address may hold at once by default: a browser opens about six, a
/// household or an office behind one address a few tens.
pub const MAX_CONNECTIONS_PER_ADDRESS: usize = 64;

/// The open connections of every address that holds one.
pub(crate) struct Peers {
    cap: usize,
    exempt: Arc<[super::Network]>,
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One connection of an address, given back when dropped.
pub(crate) struct PeerSlot(Option<(Arc<Peers>, IpAddr)>);

impl Peers {
    pub(crate) fn new(cap: usize, exempt: &[super::Network]) -> Arc<Peers> {
        Arc::new(Peers { cap: cap.max(1), exempt: exempt.into(), open: Mutex::new(HashMap::new()) })
    }

    /// A slot for a connection from `peer`, or `None` when its address holds the cap.
    pub(crate) fn enter(self: &Arc<Peers>, peer: IpAddr) -> Option<PeerSlot> {
        if self.exempt.iter().any(|proxy| proxy.contains(peer)) {
            return Some(PeerSlot(None));
        }
        let key = crate::results::limiter::client_key(peer);
        let mut open = self.open.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let count = open.entry(key).or_insert(0);
        if *count >= self.cap {
            return None;
        }
        *count += 1;
        Some(PeerSlot(Some((Arc::clone(self), key))))
    }
}

impl Drop for PeerSlot {
    fn drop(&mut self) {
        let Some((peers, key)) = self.0.take() else { return };
        let mut open = peers.open.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(count) = open.get_mut(&key) {
            *count -= 1;
            if *count == 0 {
                open.remove(&key);
            }
        }
    }
}

/// Answers a connection over its address's cap (HTTP/1.1, whatever it meant to speak) and
/// closes it.
pub(crate) async fn refuse(mut stream: tokio::net::TcpStream, cap: usize) {
    let body = serde_json::to_string(&super::ErrorBody {
        error: format!(
            "your address holds {cap} connections already, the most one address may hold (--max-connections-per-address); reuse one, or close one and try again"
        ),
    })
    .expect("a string serialises");
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {}\r\nretry-after: 1\r\nx-content-type-options: nosniff\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let write = async {
        stream.write_all(answer.as_bytes()).await?;
        stream.shutdown().await
    };
    // A client that does not read within a second is not waited for.
    let _ = tokio::time::timeout(std::time::Duration::from_secs(1), write).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_holds_at_most_the_cap_and_gets_its_slots_back() {
        let peers = Peers::new(2, &["10.0.0.0/8".parse().unwrap()]);
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let first = peers.enter(a).expect("a slot");
        let second = peers.enter(a).expect("a slot");
        assert!(peers.enter(a).is_none(), "over the cap");
        assert!(peers.enter("192.0.2.2".parse().unwrap()).is_some(), "another address");
        let v6 = [peers.enter("2001:db8::1".parse().unwrap()), peers.enter("2001:db8::2".parse().unwrap())];
        assert!(v6.iter().all(Option::is_some) && peers.enter("2001:db8::3".parse().unwrap()).is_none(), "one /64");
        drop(first);
        assert!(peers.enter(a).is_some(), "a slot given back");
        drop(second);
        let proxy: IpAddr = "10.1.2.3".parse().unwrap();
        let held: Vec<_> = (0..10).map(|_| peers.enter(proxy).expect("a proxy is not capped")).collect();
        assert_eq!(held.len(), 10);
        assert!(peers.open.lock().unwrap().get(&proxy).is_none());
    }
}
