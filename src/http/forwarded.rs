//! The client behind a proxy: with `--trusted-proxy`, a request from a trusted peer (a
//! load balancer, a reverse proxy) names its client in `Forwarded` (RFC 7239) or
//! `X-Forwarded-For`. The client is the right-most address there that is not itself a
//! trusted proxy: each proxy appends the address it received the request from, so the
//! addresses to the left of the last untrusted one were written by the client and may be
//! anything. A request from any other peer is its peer, whatever its headers say.
//!
//! The client found is used for the results' rate limit only.

use axum::http::HeaderMap;
use std::net::IpAddr;
use std::str::FromStr;

/// An address block such as `10.0.0.0/8` or `2001:db8::/32`; a bare address is its own
/// block (`/32` or `/128`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Network {
    base: IpAddr,
    prefix: u8,
}

/// Why a `--trusted-proxy` value was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{given:?} is not an address or network; expected e.g. 10.0.0.0/8, 192.0.2.7 or 2001:db8::/32 ({why})")]
pub struct NetworkError {
    given: String,
    why: &'static str,
}

impl FromStr for Network {
    type Err = NetworkError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = |why| NetworkError { given: text.to_string(), why };
        let (address, prefix) = match text.split_once('/') {
            Some((address, prefix)) => (address, Some(prefix)),
            None => (text, None),
        };
        let base: IpAddr = address.parse().map_err(|_| bad("not an IP address"))?;
        let base = base.to_canonical();
        let width = if base.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => width,
            Some(p) => p.parse::<u8>().ok().filter(|&p| p <= width).ok_or_else(|| {
                bad(if base.is_ipv4() {
                    "the prefix length must be 0..=32"
                } else {
                    "the prefix length must be 0..=128"
                })
            })?,
        };
        Ok(Network { base, prefix })
    }
}

impl Network {
    /// Whether `ip` is in this block (an IPv4-mapped IPv6 address as its IPv4 address).
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.base, ip.to_canonical()) {
            (IpAddr::V4(base), IpAddr::V4(ip)) => prefix_equal(&base.octets(), &ip.octets(), self.prefix),
            (IpAddr::V6(base), IpAddr::V6(ip)) => prefix_equal(&base.octets(), &ip.octets(), self.prefix),
            _ => false,
        }
    }
}

/// Whether the first `bits` bits of `a` and `b` are the same.
fn prefix_equal(a: &[u8], b: &[u8], bits: u8) -> bool {
    let whole = usize::from(bits / 8);
    let rest = bits % 8;
    if a[..whole] != b[..whole] {
        return false;
    }
    rest == 0 || (a[whole] ^ b[whole]) >> (8 - rest) == 0
}

/// The client of a request from `peer`: `peer` itself unless it is in `trusted`, else
/// the right-most address of `Forwarded` (or, without it, `X-Forwarded-For`) that is not
/// in `trusted`. A header that is missing or cannot be read, or that names trusted
/// proxies only, leaves the peer.
pub fn client(peer: IpAddr, headers: &HeaderMap, trusted: &[Network]) -> IpAddr {
    let is_trusted = |ip: IpAddr| trusted.iter().any(|n| n.contains(ip));
    if trusted.is_empty() || !is_trusted(peer) {
        return peer;
    }
    let chain = if headers.contains_key("forwarded") { forwarded_for(headers) } else { x_forwarded_for(headers) };
    let Some(chain) = chain else { return peer };
    chain.into_iter().rev().find(|ip| !is_trusted(*ip)).unwrap_or(peer)
}

/// The `for=` addresses of every `Forwarded` element, in order; `None` when one cannot be
/// read (an obfuscated identifier, `unknown`, garbage): the chain is then not to be trusted.
fn forwarded_for(headers: &HeaderMap) -> Option<Vec<IpAddr>> {
    let mut chain = Vec::new();
    for value in headers.get_all("forwarded") {
        for element in value.to_str().ok()?.split(',') {
            let Some(node) = element.split(';').find_map(|pair| {
                let (name, value) = pair.split_once('=')?;
                name.trim().eq_ignore_ascii_case("for").then_some(value.trim())
            }) else {
                continue;
            };
            chain.push(node_address(node.trim_matches('"'))?);
        }
    }
    Some(chain)
}

/// `192.0.2.7`, `192.0.2.7:4711`, `[2001:db8::1]` or `[2001:db8::1]:4711`.
fn node_address(node: &str) -> Option<IpAddr> {
    if let Some(rest) = node.strip_prefix('[') {
        return rest.split_once(']')?.0.parse().ok();
    }
    if let Ok(ip) = node.parse() {
        return Some(ip);
    }
    let (host, port) = node.rsplit_once(':')?;
    port.parse::<u16>().ok()?;
    host.parse::<std::net::Ipv4Addr>().ok().map(IpAddr::V4)
}

/// The addresses of every `X-Forwarded-For` line, in order; `None` if one cannot be read.
fn x_forwarded_for(headers: &HeaderMap) -> Option<Vec<IpAddr>> {
    let mut chain = Vec::new();
    for value in headers.get_all("x-forwarded-for") {
        for node in value.to_str().ok()?.split(',') {
            chain.push(node_address(node.trim())?);
        }
    }
    (!chain.is_empty()).then_some(chain)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nets(list: &[&str]) -> Vec<Network> {
        list.iter().map(|n| n.parse().unwrap()).collect()
    }

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, value.parse().unwrap());
        }
        map
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn networks_are_read_and_bad_ones_named() {
        let ten: Network = "10.0.0.0/8".parse().unwrap();
        assert!(ten.contains(ip("10.200.3.4")) && !ten.contains(ip("11.0.0.1")));
        assert!(ten.contains(ip("::ffff:10.1.2.3")), "an IPv4-mapped peer is its IPv4 address");
        let one: Network = "192.0.2.7".parse().unwrap();
        assert!(one.contains(ip("192.0.2.7")) && !one.contains(ip("192.0.2.8")));
        let v6: Network = "2001:db8::/33".parse().unwrap();
        assert!(v6.contains(ip("2001:db8:7fff::1")) && !v6.contains(ip("2001:db8:8000::1")));
        assert!("0.0.0.0/0".parse::<Network>().unwrap().contains(ip("203.0.113.9")));
        for (bad, why) in [("10.0.0.0/33", "0..=32"), ("::/129", "0..=128"), ("example.org", "IP"), ("10/8", "IP")] {
            let err = bad.parse::<Network>().unwrap_err().to_string();
            assert!(err.contains(&format!("{bad:?}")) && err.contains(why), "{err}");
        }
    }

    #[test]
    fn the_client_is_the_right_most_untrusted_address_from_a_trusted_peer_only() {
        let trusted = nets(&["127.0.0.1", "10.0.0.0/8"]);
        let proxy = ip("10.0.0.5");
        let stranger = ip("198.51.100.1");
        type Case = (IpAddr, &'static [(&'static str, &'static str)], &'static str);
        let cases: [Case; 10] = [
            // A client's own header is ignored.
            (stranger, &[("x-forwarded-for", "203.0.113.1")], "198.51.100.1"),
            (proxy, &[("x-forwarded-for", "203.0.113.1")], "203.0.113.1"),
            // What the client wrote on the left does not count; the proxies on the right do not either.
            (proxy, &[("x-forwarded-for", "1.2.3.4, 203.0.113.1, 10.0.0.9")], "203.0.113.1"),
            (proxy, &[("x-forwarded-for", "1.2.3.4"), ("x-forwarded-for", "203.0.113.2")], "203.0.113.2"),
            (proxy, &[("forwarded", "for=1.2.3.4, for=\"[2001:db8::7]:443\";proto=https")], "2001:db8::7"),
            (
                proxy,
                &[("forwarded", "for=203.0.113.3:8080;by=10.0.0.5"), ("x-forwarded-for", "1.1.1.1")],
                "203.0.113.3",
            ),
            // Unreadable: the peer.
            (proxy, &[("x-forwarded-for", "203.0.113.1, garbage")], "10.0.0.5"),
            (proxy, &[("forwarded", "for=_hidden")], "10.0.0.5"),
            (proxy, &[], "10.0.0.5"),
            (proxy, &[("x-forwarded-for", "10.0.0.1")], "10.0.0.5"),
        ];
        for (peer, pairs, expected) in cases {
            assert_eq!(client(peer, &headers(pairs), &trusted), ip(expected), "{peer} {pairs:?}");
        }
        assert_eq!(client(proxy, &headers(&[("x-forwarded-for", "203.0.113.1")]), &[]), proxy, "nobody trusted");
    }
}
