//! `GET /cards/{deck}/{face}.svg|.png`: card faces rendered on demand by the same code
//! as `hexforge generate` ([`card_svg`], [`render::svg_to_png`]), kept in a bounded
//! in-memory cache.
//!
//! `{face}` is a card number (`12`), `card-12`, `back`, or a Zhi Pai trigram face
//! (`trigram-1-water-active`). Query: `orientation=dark|light` (or `d`, `l`; light turns
//! the picture 180°, the way a player turns a Changing Lines card to read its light side),
//! `lang=en|fr`, and for PNG `dpi=72..=600` (default 300; checked on SVG too).

use super::error::{AppError, Path, Query, blocking};
use super::{AppState, Routes};
use crate::cards::{CANVAS_HEIGHT_MM, CANVAS_WIDTH_MM, Face, Lang, PrintedDeck, card_svg};
use crate::print::dpi::Dpi;
use crate::print::render;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue};
use axum::response::Response;
use hexforge_rules::core::card::Orientation;
use serde::Deserialize;
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use tokio::sync::Semaphore;

pub(super) fn routes(routes: Routes) -> Routes {
    routes.get("/cards/{deck}/{file}", card)
}

/// What a face is sent as: the SVG, or a PNG at an export resolution.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Format {
    Svg,
    Png(Dpi),
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    deck: PrintedDeck,
    face: Face,
    orientation: Orientation,
    lang: Lang,
    format: Format,
}

/// A rendered face and its entity tag (crate version and a hash of the bytes).
#[derive(Clone)]
struct Rendered {
    bytes: Bytes,
    etag: HeaderValue,
}

/// Rendered faces, bounded both in entries and in bytes; the oldest entry goes first.
/// Renders run on the blocking pool, at most one per core at a time.
pub struct CardCache {
    inner: Mutex<CacheInner>,
    max_entries: usize,
    max_bytes: usize,
    renders: Semaphore,
    hits: AtomicU64,
    misses: AtomicU64,
}

#[derive(Default)]
struct CacheInner {
    map: HashMap<Key, Rendered>,
    order: VecDeque<Key>,
    bytes: usize,
}

impl CardCache {
    /// A cache of at most `max_entries` faces and `max_bytes` bytes.
    pub fn new(max_entries: usize, max_bytes: usize) -> CardCache {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        CardCache {
            inner: Mutex::default(),
            max_entries,
            max_bytes,
            renders: Semaphore::new(cores),
            hits: AtomicU64::new(0),
            misses: AtomicU64::new(0),
        }
    }

    fn get(&self, key: &Key) -> Option<Rendered> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner()).map.get(key).cloned()
    }

    /// Faces answered from the cache, and faces rendered, since the start.
    pub fn hits_and_misses(&self) -> (u64, u64) {
        (self.hits.load(Relaxed), self.misses.load(Relaxed))
    }

    fn put(&self, key: Key, value: Rendered) {
        if value.bytes.len() > self.max_bytes {
            return;
        }
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if inner.map.contains_key(&key) {
            return;
        }
        while !inner.order.is_empty()
            && (inner.map.len() >= self.max_entries || inner.bytes + value.bytes.len() > self.max_bytes)
        {
            let old = inner.order.pop_front().expect("checked non-empty");
            if let Some(old) = inner.map.remove(&old) {
                inner.bytes -= old.bytes.len();
            }
        }
        inner.bytes += value.bytes.len();
        inner.order.push_back(key);
        inner.map.insert(key, value);
    }

    /// Number of cached faces.
    pub fn len(&self) -> usize {
        self.inner.lock().unwrap_or_else(|e| e.into_inner()).map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Default for CardCache {
    /// 512 faces, 64 MiB.
    fn default() -> Self {
        CardCache::new(512, 64 << 20)
    }
}

#[derive(Debug, Deserialize)]
struct CardQuery {
    orientation: Option<String>,
    lang: Option<String>,
    dpi: Option<String>,
}

async fn card(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path((deck, file)): Path<(String, String)>,
    Query(query): Query<CardQuery>,
) -> Result<Response, AppError> {
    let deck: PrintedDeck = deck.parse()?;
    let (stem, png) = match file.rsplit_once('.') {
        Some((stem, "svg")) => (stem, false),
        Some((stem, "png")) => (stem, true),
        _ => {
            return Err(AppError::not_found(format!(
                "{file:?} is not a card file; expected NUMBER.svg or NUMBER.png, such as 12.svg"
            )));
        }
    };
    let face: Face = stem.parse()?;
    let orientation: Orientation = match &query.orientation {
        Some(o) => crate::api::fields::word(o).map_err(AppError::bad_request)?,
        None => Orientation::Dark,
    };
    let lang: Lang = match &query.lang {
        Some(l) => crate::api::fields::word(l).map_err(AppError::bad_request)?,
        None => Lang::En,
    };
    // Checked for SVG too, where it changes nothing: a request the schema refuses is
    // refused whatever the format.
    let dpi = match &query.dpi {
        None => Dpi::DEFAULT,
        Some(text) => text.parse::<Dpi>().map_err(|e| AppError::bad_request(e.to_string()))?,
    };
    let format = if png { Format::Png(dpi) } else { Format::Svg };
    if !deck.has(&face) {
        return Err(AppError::not_found(format!("{face} is not a face of the {deck} deck")));
    }
    let key = Key { deck, face, orientation, lang, format };
    let rendered = match state.cards.get(&key) {
        Some(rendered) => {
            state.cards.hits.fetch_add(1, Relaxed);
            rendered
        }
        None => {
            let cache = Arc::clone(&state.cards);
            let _permit = cache.renders.acquire().await.map_err(|e| AppError::Internal(e.into()))?;
            // Another request may have rendered it while this one waited for a permit.
            match cache.get(&key) {
                Some(rendered) => {
                    cache.hits.fetch_add(1, Relaxed);
                    rendered
                }
                None => {
                    cache.misses.fetch_add(1, Relaxed);
                    let bytes = blocking(move || render_face(key)).await?;
                    let rendered = Rendered { etag: super::etag(&bytes), bytes };
                    cache.put(key, rendered.clone());
                    rendered
                }
            }
        }
    };
    let content_type = match format {
        Format::Svg => "image/svg+xml",
        Format::Png(_) => "image/png",
    };
    Ok(super::cached(&headers, content_type, "public, max-age=3600", rendered.etag, rendered.bytes))
}

fn render_face(key: Key) -> Result<Bytes, AppError> {
    let mut svg = card_svg(key.deck, &key.face, key.lang)?;
    if key.orientation == Orientation::Light {
        svg = turned(&svg);
    }
    Ok(match key.format {
        Format::Svg => Bytes::from(svg),
        Format::Png(dpi) => {
            Bytes::from(render::svg_to_png(&svg, dpi.as_f32()).map_err(|e| AppError::Internal(e.into()))?)
        }
    })
}

/// The same card turned 180° about its centre: the drawing is wrapped in one rotated
/// group and the root is marked `data-orientation="light"`.
fn turned(svg: &str) -> String {
    let (Some(start), Some(end)) = (svg.find("<svg"), svg.rfind("</svg>")) else {
        return svg.to_string();
    };
    let Some(open_end) = svg[start..].find('>').map(|i| start + i) else {
        return svg.to_string();
    };
    format!(
        "{} data-orientation=\"light\"{}<g transform=\"rotate(180 {} {})\">{}</g>{}",
        &svg[..start + 4],
        &svg[start + 4..=open_end],
        CANVAS_WIDTH_MM / 2.0,
        CANVAS_HEIGHT_MM / 2.0,
        &svg[open_end + 1..end],
        &svg[end..]
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexforge_rules::core::hexagram::Hexagram;

    fn key(n: i64) -> Key {
        Key {
            deck: crate::games::decks::CHANGING_LINES,
            face: Face::Card(Hexagram::from_number(n).unwrap()),
            orientation: Orientation::Dark,
            lang: Lang::En,
            format: Format::Svg,
        }
    }

    fn rendered(len: usize) -> Rendered {
        let bytes = Bytes::from(vec![0u8; len]);
        Rendered { etag: crate::http::etag(&bytes), bytes }
    }

    #[test]
    fn the_cache_is_bounded_by_entries_and_bytes() {
        let cache = CardCache::new(3, 100);
        for n in 1..=5 {
            cache.put(key(n), rendered(10));
        }
        assert_eq!(cache.len(), 3);
        assert!(cache.get(&key(1)).is_none() && cache.get(&key(5)).is_some());
        cache.put(key(6), rendered(95));
        assert_eq!(cache.len(), 1);
        cache.put(key(7), rendered(101));
        assert!(cache.get(&key(7)).is_none(), "larger than the whole cache: not kept");
    }

    #[test]
    fn turning_wraps_the_drawing_in_a_rotation() {
        let svg = "<?xml version=\"1.0\"?>\n<svg viewBox=\"0 0 69 94\" data-card=\"12\"><rect/></svg>\n";
        let t = turned(svg);
        assert_eq!(
            t,
            "<?xml version=\"1.0\"?>\n<svg data-orientation=\"light\" viewBox=\"0 0 69 94\" data-card=\"12\"><g transform=\"rotate(180 34.5 47)\"><rect/></g></svg>\n"
        );
    }
}
