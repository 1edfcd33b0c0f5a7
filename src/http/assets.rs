//! Embedded files served as stored bytes: the pages, their scripts, style sheets and
//! fonts, the OpenAPI document and the rules module. Each is compressed once, at its first
//! request (gzip and brotli, the same bytes on every run), and every later request is
//! answered with the bytes its `Accept-Encoding` asks for, with their `Content-Length`;
//! `Range` is answered from the plain bytes (`206`, or `416` beyond the end), and `HEAD`
//! gets the headers `GET` would. Compressing the rules module (647 KB) on each request
//! took 12 ms (gzip) to 23 ms (brotli) of a core: 20 visitors loading play pages held both
//! cores (docs/performance.md, Assets under load). The edge's compression leaves these
//! answers alone: it does not compress what already has a `Content-Encoding`, and asks
//! for gzip or brotli only when the client accepts one, which [`Asset`] then sends.

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::Response;
use std::io::Write;
use std::sync::OnceLock;

/// An embedded file, and its compressed forms once made.
pub(crate) struct Asset {
    plain: Bytes,
    content_type: &'static str,
    cache_control: &'static str,
    etag: HeaderValue,
    /// The `Content-Security-Policy` of a page.
    policy: Option<&'static str>,
    encoded: OnceLock<[Bytes; 2]>,
}

/// The encodings kept, in the order preferred when a client accepts several.
const ENCODINGS: [&str; 2] = ["br", "gzip"];

impl Asset {
    pub(crate) fn new(plain: Bytes, content_type: &'static str, cache_control: &'static str) -> Asset {
        let etag = super::etag(&plain);
        Asset { plain, content_type, cache_control, etag, policy: None, encoded: OnceLock::new() }
    }

    /// An embedded file.
    pub(crate) fn embedded(bytes: &'static [u8], content_type: &'static str, cache_control: &'static str) -> Asset {
        Asset::new(Bytes::from_static(bytes), content_type, cache_control)
    }

    /// A page, with the policy every answer of it carries.
    pub(crate) fn page(html: Bytes, policy: &'static str) -> Asset {
        Asset { policy: Some(policy), ..Asset::new(html, "text/html; charset=utf-8", "no-cache") }
    }

    /// The bytes as embedded, uncompressed.
    pub(crate) fn plain(&self) -> Bytes {
        self.plain.clone()
    }

    /// The brotli and gzip forms, made at the first request that needs them.
    fn encoded(&self) -> &[Bytes; 2] {
        self.encoded.get_or_init(|| {
            let mut br = Vec::new();
            {
                let mut writer = brotli::CompressorWriter::new(&mut br, 64 * 1024, 9, 22);
                writer.write_all(&self.plain).expect("writing to memory");
            }
            let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
            gzip.write_all(&self.plain).expect("writing to memory");
            [Bytes::from(br), Bytes::from(gzip.finish().expect("writing to memory"))]
        })
    }

    /// The answer to a GET (or HEAD) with `request`'s headers.
    pub(crate) fn respond(&self, request: &HeaderMap) -> Response {
        let mut response = Response::new(Body::empty());
        let headers = response.headers_mut();
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(self.cache_control));
        headers.insert(header::ETAG, self.etag.clone());
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        headers.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
        if let Some(policy) = self.policy {
            headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(policy));
        }
        if super::not_modified(request, &self.etag) {
            *response.status_mut() = StatusCode::NOT_MODIFIED;
            return response;
        }
        response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(self.content_type));
        let total = self.plain.len() as u64;
        match range(request, total) {
            Some(Ok((start, end))) => {
                *response.status_mut() = StatusCode::PARTIAL_CONTENT;
                let said = format!("bytes {start}-{end}/{total}");
                response.headers_mut().insert(header::CONTENT_RANGE, HeaderValue::try_from(said).expect("ASCII"));
                *response.body_mut() = Body::from(self.plain.slice(start as usize..=end as usize));
            }
            Some(Err(())) => {
                *response.status_mut() = StatusCode::RANGE_NOT_SATISFIABLE;
                let said = format!("bytes */{total}");
                response.headers_mut().insert(header::CONTENT_RANGE, HeaderValue::try_from(said).expect("ASCII"));
            }
            None => match accepted(request) {
                Some(i) => {
                    let body = self.encoded()[i].clone();
                    response.headers_mut().insert(header::CONTENT_ENCODING, HeaderValue::from_static(ENCODINGS[i]));
                    *response.body_mut() = Body::from(body);
                }
                None => *response.body_mut() = Body::from(self.plain.clone()),
            },
        }
        response
    }
}

/// Which of [`ENCODINGS`] the client takes (the first it accepts with a weight above 0),
/// or none: the plain bytes.
fn accepted(request: &HeaderMap) -> Option<usize> {
    let mut weights = [None::<bool>; 2];
    let mut any = None::<bool>;
    for value in request.get_all(header::ACCEPT_ENCODING).iter().filter_map(|v| v.to_str().ok()) {
        for item in value.split(',') {
            let mut parts = item.split(';');
            let name = parts.next().unwrap_or("").trim();
            let weight = parts
                .filter_map(|p| p.trim().strip_prefix("q=").or_else(|| p.trim().strip_prefix("Q=")))
                .filter_map(|q| q.trim().parse::<f32>().ok())
                .next()
                .unwrap_or(1.0);
            let wanted = weight > 0.0;
            if name == "*" {
                any = Some(wanted);
            } else if let Some(i) = ENCODINGS.iter().position(|e| e.eq_ignore_ascii_case(name)) {
                weights[i] = Some(wanted);
            }
        }
    }
    (0..ENCODINGS.len()).find(|&i| weights[i].or(any).unwrap_or(false))
}

/// The one byte range asked for (`Range: bytes=a-b`, `a-` or `-n`), inclusive, within
/// `total` bytes: `None` to send the whole (no range, several ranges, another unit, an
/// `If-Range`: the entity tags are weak, so it never matches), `Err` when it starts past
/// the end.
fn range(request: &HeaderMap, total: u64) -> Option<Result<(u64, u64), ()>> {
    if request.contains_key(header::IF_RANGE) {
        return None;
    }
    let spec = request.get(header::RANGE)?.to_str().ok()?.trim().strip_prefix("bytes=")?;
    if spec.contains(',') {
        return None;
    }
    let (first, last) = spec.split_once('-')?;
    let (first, last) = (first.trim(), last.trim());
    let (start, end) = if first.is_empty() {
        let suffix: u64 = last.parse().ok()?;
        if suffix == 0 {
            return Some(Err(()));
        }
        (total.saturating_sub(suffix), total.checked_sub(1)?)
    } else {
        let start: u64 = first.parse().ok()?;
        let end = if last.is_empty() { u64::MAX } else { last.parse().ok()? };
        if end < start {
            return None;
        }
        (start, end.min(total.saturating_sub(1)))
    };
    if start >= total { Some(Err(())) } else { Some(Ok((start, end))) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        pairs.iter().map(|(n, v)| (header::HeaderName::from_static(n), HeaderValue::from_static(v))).collect()
    }

    #[test]
    fn the_encoding_is_the_first_accepted_with_a_weight() {
        assert_eq!(accepted(&headers(&[("accept-encoding", "gzip, deflate, br")])), Some(0));
        assert_eq!(accepted(&headers(&[("accept-encoding", "gzip")])), Some(1));
        assert_eq!(accepted(&headers(&[("accept-encoding", "br;q=0, gzip;q=0.5")])), Some(1));
        assert_eq!(accepted(&headers(&[("accept-encoding", "*")])), Some(0));
        assert_eq!(accepted(&headers(&[("accept-encoding", "*, br;q=0")])), Some(1));
        assert_eq!(accepted(&headers(&[("accept-encoding", "identity")])), None);
        assert_eq!(accepted(&HeaderMap::new()), None);
    }

    #[test]
    fn an_asset_is_compressed_once_and_the_same_way_every_time() {
        let text = "a line of a page that repeats, ".repeat(200);
        let asset = Asset::new(Bytes::from(text.clone()), "text/plain", "no-cache");
        let first = asset.encoded().clone();
        // The stored bytes themselves, not a new compression of them.
        assert_eq!(asset.encoded()[0].as_ptr(), first[0].as_ptr());
        assert_eq!(asset.encoded()[1].as_ptr(), first[1].as_ptr());
        let again = Asset::new(Bytes::from(text), "text/plain", "no-cache");
        assert_eq!(again.encoded(), &first, "another process compresses to the same bytes");
        assert!(first.iter().all(|b| b.len() < asset.plain.len() / 4));
    }

    #[test]
    fn ranges_are_read_as_http_says() {
        let r = |v: &'static str| range(&headers(&[("range", v)]), 100);
        assert_eq!(r("bytes=0-9"), Some(Ok((0, 9))));
        assert_eq!(r("bytes=90-"), Some(Ok((90, 99))));
        assert_eq!(r("bytes=-10"), Some(Ok((90, 99))));
        assert_eq!(r("bytes=-1000"), Some(Ok((0, 99))));
        assert_eq!(r("bytes=50-5000"), Some(Ok((50, 99))));
        assert_eq!(r("bytes=100-"), Some(Err(())));
        assert_eq!(r("bytes=-0"), Some(Err(())));
        assert_eq!(r("bytes=0-1,5-6"), None);
        assert_eq!(r("items=0-1"), None);
        assert_eq!(r("bytes=9-1"), None);
        assert_eq!(range(&headers(&[("range", "bytes=0-1"), ("if-range", "W/\"x\"")]), 100), None);
    }
}
