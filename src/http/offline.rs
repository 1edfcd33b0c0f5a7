//! The play pages installable and offline: `GET /manifest.webmanifest` (the web app
//! manifest, `web/manifest.webmanifest`), its icons (`/icon.svg`, and `/icon-192.png` and
//! `/icon-512.png` drawn from it once), and `GET /sw.js`, the service worker
//! (`web/sw.js`) with its three values written in: the rules module's input hash
//! ([`module_version`], written by `scripts/rules-wasm.sh` beside the module), a hash of
//! every file it precaches, and their addresses ([`precache`]): every play page (their
//! boards and tiles are drawn in them), `/play`, their style sheets and scripts, the rules
//! module of that version and the pictures of `/play`; and, without holding the install up
//! when one fails, the printed card faces the tables draw ([`table_faces`]). The worker's scope is `/play` (the
//! list and every game's page); `Service-Worker-Allowed` says so.

use super::Routes;
use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderValue};
use axum::response::Response;
use std::sync::LazyLock;

pub(super) fn routes(routes: Routes) -> Routes {
    routes
        .get_from_memory("/sw.js", worker)
        .get_from_memory("/manifest.webmanifest", manifest)
        .get_from_memory("/icon.svg", icon)
        .get_from_memory("/icon-192.png", icon_192)
        .get_from_memory("/icon-512.png", icon_512)
}

const WORKER_JS: &str = include_str!("../../web/sw.js");
const MANIFEST: &str = include_str!("../../web/manifest.webmanifest");
const ICON_SVG: &str = include_str!("../../web/icon.svg");
/// What `scripts/rules-wasm.sh --write` wrote beside the module: `inputs HASH` first.
const MODULE_INPUTS: &str = include_str!("../../web/wasm/hexforge_rules.wasm.inputs");
/// The worker's scope: the play pages.
pub(super) const SCOPE: &str = "/play";

/// The rules module's version: the first 16 hex digits of its input hash. A play page
/// asks for the module by it (`/wasm/hexforge_rules.wasm?v=…`) and saves it with each game.
pub(super) fn module_version() -> &'static str {
    static VERSION: LazyLock<String> = LazyLock::new(|| {
        let hash = MODULE_INPUTS.lines().find_map(|l| l.strip_prefix("inputs ")).unwrap_or("unknown").trim();
        hash.chars().take(16).collect()
    });
    &VERSION
}

/// The addresses the worker precaches, and the bytes each is answered with.
fn precache() -> Vec<(String, Bytes)> {
    let mut out: Vec<(String, Bytes)> =
        super::play::pages().map(|(name, html)| (format!("/play/{name}"), html)).collect();
    let list = super::play::games_list_html();
    // The pictures of `/play` (card faces; the drawn ones are inline).
    let text = String::from_utf8_lossy(&list).into_owned();
    for src in text.split("<img src=\"").skip(1).filter_map(|rest| rest.split('"').next()) {
        if src.starts_with('/') {
            out.push((src.replace("&amp;", "&"), Bytes::new()));
        }
    }
    out.push(("/play".into(), list));
    out.push(("/play.css".into(), Bytes::from_static(super::play::PLAY_CSS.as_bytes())));
    out.push(("/style.css".into(), Bytes::from_static(super::page::STYLE_CSS.as_bytes())));
    for (name, text) in super::page::SCRIPTS {
        out.push((format!("/js/{name}"), Bytes::from_static(text.as_bytes())));
    }
    out.push((format!("/wasm/hexforge_rules.wasm?v={}", module_version()), Bytes::from_static(super::play::MODULE)));
    out.push(("/manifest.webmanifest".into(), Bytes::from_static(MANIFEST.as_bytes())));
    out.push(("/icon.svg".into(), Bytes::from_static(ICON_SVG.as_bytes())));
    out
}

/// The resolution of the card faces the tables draw (`web/js/boards.js`, `FACE_DPI`).
const FACE_DPI: u32 = 72;

/// The printed card faces the tables draw (every Changing Lines card, dark and light side
/// up, and the deck's back, which poker's hidden cards and solitaire's stock show), at the
/// addresses the page asks for them (`web/js/boards.js`, `face`; `web/js/cards_table.js`,
/// `back`), so that a table offline shows its cards: 129 pictures of a few KB each,
/// fetched by the worker once the page is ready, never by the first screen.
fn table_faces() -> Vec<String> {
    (1..=64)
        .flat_map(|n| {
            let dark = format!("/cards/changing-lines/{n}.png?dpi={FACE_DPI}");
            let light = format!("{dark}&orientation=light");
            [dark, light]
        })
        .chain([format!("/cards/changing-lines/back.png?dpi={FACE_DPI}")])
        .collect()
}

/// The worker with its values written in, and its entity tag.
static WORKER: LazyLock<(Bytes, HeaderValue)> = LazyLock::new(|| {
    use sha2::Digest;
    let files = precache();
    let mut hash = sha2::Sha256::new();
    for (url, bytes) in &files {
        hash.update(url.as_bytes());
        hash.update([0]);
        hash.update(bytes);
    }
    // The faces are drawn by this build of the server: a new build, a new cache.
    let faces = table_faces();
    hash.update(env!("CARGO_PKG_VERSION").as_bytes());
    for url in &faces {
        hash.update(url.as_bytes());
    }
    let version: String = hash.finalize()[..8].iter().map(|b| format!("{b:02x}")).collect();
    let urls: Vec<&str> = files.iter().map(|(url, _)| url.as_str()).collect();
    let js = WORKER_JS
        .replacen("'__MODULE__'", &format!("'{}'", module_version()), 1)
        .replacen("'__VERSION__'", &format!("'{version}'"), 1)
        .replacen("__PRECACHE__", &serde_json::to_string(&urls).expect("strings"), 1)
        .replacen("__FACES__", &serde_json::to_string(&faces).expect("strings"), 1);
    let tag = super::etag(js.as_bytes());
    (Bytes::from(js), tag)
});

/// `GET /sw.js`: the service worker of the play pages.
async fn worker(headers: HeaderMap) -> Response {
    let (js, tag) = &*WORKER;
    let mut response = super::cached(&headers, "text/javascript; charset=utf-8", "no-cache", tag.clone(), js.clone());
    response.headers_mut().insert("service-worker-allowed", HeaderValue::from_static(SCOPE));
    response
}

static ETAGS: LazyLock<[HeaderValue; 2]> =
    LazyLock::new(|| [super::etag(MANIFEST.as_bytes()), super::etag(ICON_SVG.as_bytes())]);

/// `GET /manifest.webmanifest`: the web app manifest (start `/play`, scope `/play`).
async fn manifest(headers: HeaderMap) -> Response {
    super::cached(
        &headers,
        "application/manifest+json",
        "no-cache",
        ETAGS[0].clone(),
        Bytes::from_static(MANIFEST.as_bytes()),
    )
}

/// `GET /icon.svg`: the app's icon, the hexagram of the brand on the accent colour.
async fn icon(headers: HeaderMap) -> Response {
    super::cached(&headers, "image/svg+xml", "no-cache", ETAGS[1].clone(), Bytes::from_static(ICON_SVG.as_bytes()))
}

/// The icon drawn at `side` pixels, as PNG (empty if it could not be drawn).
fn icon_png(side: u32) -> (Bytes, HeaderValue) {
    let png = (|| {
        let tree = resvg::usvg::Tree::from_str(ICON_SVG, &resvg::usvg::Options::default()).ok()?;
        let mut pixmap = resvg::tiny_skia::Pixmap::new(side, side)?;
        let scale = side as f32 / tree.size().width();
        resvg::render(&tree, resvg::tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
        pixmap.encode_png().ok()
    })()
    .unwrap_or_else(|| {
        tracing::error!(side, "the app icon did not render");
        Vec::new()
    });
    let tag = super::etag(&png);
    (Bytes::from(png), tag)
}

static ICON_192: LazyLock<(Bytes, HeaderValue)> = LazyLock::new(|| icon_png(192));
static ICON_512: LazyLock<(Bytes, HeaderValue)> = LazyLock::new(|| icon_png(512));

async fn icon_192(headers: HeaderMap) -> Response {
    super::cached(&headers, "image/png", "no-cache", ICON_192.1.clone(), ICON_192.0.clone())
}

async fn icon_512(headers: HeaderMap) -> Response {
    super::cached(&headers, "image/png", "no-cache", ICON_512.1.clone(), ICON_512.0.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::header;

    async fn body(response: Response) -> Vec<u8> {
        axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body").to_vec()
    }

    #[tokio::test]
    async fn the_worker_names_the_module_version_and_precaches_every_play_page() {
        let response = worker(HeaderMap::new()).await;
        assert_eq!(response.headers()[header::CONTENT_TYPE], "text/javascript; charset=utf-8");
        assert_eq!(response.headers()["service-worker-allowed"], "/play");
        let js = String::from_utf8(body(response).await).unwrap();
        assert!(!js.contains("__MODULE__") && !js.contains("__VERSION__") && !js.contains("__PRECACHE__"), "{js}");
        let inputs = MODULE_INPUTS.lines().next().unwrap().strip_prefix("inputs ").unwrap();
        assert_eq!(module_version().len(), 16);
        assert!(inputs.starts_with(module_version()));
        assert!(js.contains(&format!("const MODULE = '{}';", module_version())), "the cache is keyed by the module");
        let list = js.split("const PRECACHE = ").nth(1).unwrap().split(";\n").next().unwrap();
        let urls: Vec<String> = serde_json::from_str(list).expect("a JSON list");
        for rules in hexforge_rules::games() {
            assert!(urls.contains(&format!("/play/{}", rules.name())), "{}: {urls:?}", rules.name());
        }
        for url in ["/play", "/play.css", "/style.css", "/js/play.js", "/js/offline.js", "/manifest.webmanifest"] {
            assert!(urls.iter().any(|u| u == url), "{url}: {urls:?}");
        }
        assert!(urls.contains(&format!("/wasm/hexforge_rules.wasm?v={}", module_version())), "{urls:?}");
    }

    #[tokio::test]
    async fn the_manifest_is_json_with_its_icons_served() {
        let response = manifest(HeaderMap::new()).await;
        assert_eq!(response.headers()[header::CONTENT_TYPE], "application/manifest+json");
        let manifest: serde_json::Value = serde_json::from_slice(&body(response).await).expect("JSON");
        assert_eq!(manifest["start_url"], "/play");
        assert_eq!(manifest["scope"], SCOPE);
        let png = body(icon_512(HeaderMap::new()).await).await;
        assert_eq!(&png[1..4], b"PNG");
        let decoded = image::load_from_memory(&png).expect("a PNG");
        assert_eq!((decoded.width(), decoded.height()), (512, 512));
        assert_eq!(manifest["icons"].as_array().unwrap().len(), 3);
    }
}
