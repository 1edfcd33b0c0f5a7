//! `GET /play/{game}`: the page that plays a game of the registry in the browser
//! (`web/play.html`, `web/js/play.js`); `GET /play`, the list of the games, each with a
//! picture and a line; its style sheet (`/play.css`) and the rules module
//! it runs (`/wasm/hexforge_rules.wasm`, built from `rules-wasm/` by
//! `scripts/rules-wasm.sh`). All are embedded in the binary; once loaded, the page plays
//! without asking the server anything. A game with printed boards or tiles gets them in
//! its page ([`super::play_art`]), rendered once from the print templates.

use super::Routes;
use super::assets::Asset;
use super::error::{AppError, Path};
use axum::body::Bytes;
use axum::extract::RawQuery;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use hexforge_rules::play::descriptor::{CardFace, Picture};
use std::sync::LazyLock;

pub(super) fn routes(routes: Routes) -> Routes {
    routes
        .get_from_memory("/play", games_page)
        .get_from_memory("/play/", games_page)
        .get_from_memory("/play/{game}", page)
        .get_from_memory("/play.css", style)
        .get_from_memory("/wasm/{file}", module)
}

const PLAY_HTML: &str = include_str!("../../web/play.html");
pub(super) const PLAY_CSS: &str = include_str!("../../web/play.css");
/// The rules crate compiled to WebAssembly (committed; CI checks it is fresh).
pub const MODULE: &[u8] = include_bytes!("../../web/wasm/hexforge_rules.wasm");
const MODULE_NAME: &str = "hexforge_rules.wasm";

/// Each game's page: `web/play.html` with the game's drawings in place of
/// [`super::play_art::MARK`] (none for a game drawn in words), rendered once.
static PAGES: LazyLock<Vec<(&'static str, Asset)>> = LazyLock::new(|| {
    hexforge_rules::games()
        .iter()
        .map(|rules| {
            let art = match super::play_art::art(rules.name()) {
                Some(Ok(art)) => art,
                Some(Err(err)) => {
                    tracing::error!(game = rules.name(), error = %err, "the play page's drawings did not render");
                    String::new()
                }
                None => String::new(),
            };
            let html = PLAY_HTML
                .replacen(super::play_art::MARK, &art, 1)
                .replacen(super::play_rules::MARK, &super::play_rules::panel(rules.name()), 1)
                .replacen(super::play_rules::BOTS_MARK, &super::play_rules::bot_levels(), 1)
                .replacen(MODULE_MARK, &format!("content=\"{}\"", super::offline::module_version()), 1);
            (rules.name(), Asset::page(Bytes::from(html), super::page::CSP))
        })
        .collect()
});

/// The attribute of `web/play.html`'s `<meta name="hexforge-module">` that the server fills
/// with the rules module's version ([`super::offline::module_version`]).
const MODULE_MARK: &str = "content=\"MODULE\"";

/// Each game's page as served, by the game's name (the service worker precaches them).
pub(super) fn pages() -> impl Iterator<Item = (&'static str, Bytes)> {
    PAGES.iter().map(|(name, page)| (*name, page.plain()))
}

/// `/play` as served.
pub(super) fn games_list_html() -> Bytes {
    GAMES_PAGE.plain()
}

/// The style sheet and the rules module, as stored bytes ([`super::assets`]).
static STYLE: LazyLock<Asset> =
    LazyLock::new(|| Asset::embedded(PLAY_CSS.as_bytes(), "text/css; charset=utf-8", "no-cache"));
static MODULE_ASSET: LazyLock<Asset> = LazyLock::new(|| Asset::embedded(MODULE, "application/wasm", "no-cache"));

/// The game whose key, written without its hyphens, is `name` (`zhipai`, `yijingpai`): the
/// other name its page answers to (redirected to its own), as the decks' aliases.
fn alias_of(name: &str) -> Option<&'static str> {
    hexforge_rules::games().into_iter().map(|g| g.key()).find(|key| key.contains('-') && key.replace('-', "") == name)
}

/// `GET /play/{game}`: the play page, for a game the registry has; an alias is redirected
/// (its query kept); a browser asking for another name gets a page listing the games.
async fn page(headers: HeaderMap, Path(game): Path<String>, RawQuery(query): RawQuery) -> Result<Response, AppError> {
    if let Some(name) = alias_of(&game) {
        let to = match query {
            Some(q) if !q.is_empty() => format!("/play/{name}?{q}"),
            _ => format!("/play/{name}"),
        };
        let location =
            HeaderValue::from_str(&to).map_err(|_| AppError::bad_request("the query is not a valid address"))?;
        return Ok((StatusCode::PERMANENT_REDIRECT, [(header::LOCATION, location)]).into_response());
    }
    let Some((_, asset)) = PAGES.iter().find(|(name, _)| *name == game) else {
        let names: Vec<&str> = hexforge_rules::games().iter().map(|r| r.name()).collect();
        let message = format!("no game {game:?} to play; the games are {}", names.join(", "));
        if wants_html(&headers) {
            return Ok(html_page(StatusCode::NOT_FOUND, &not_found_html(&message)));
        }
        return Err(AppError::not_found(message));
    };
    Ok(asset.respond(&headers))
}

/// Whether the request comes from a browser opening a page (it accepts HTML).
fn wants_html(headers: &HeaderMap) -> bool {
    headers.get(header::ACCEPT).and_then(|v| v.to_str().ok()).is_some_and(|v| v.contains("text/html"))
}

fn html_page(status: StatusCode, html: &str) -> Response {
    let mut response = (status, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], html.to_string()).into_response();
    response.headers_mut().insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(super::page::CSP));
    response
}

/// A card face's address on the card route (`/cards/{deck}/{number}.svg`).
fn card_address(face: CardFace) -> String {
    let orientation = if face.light { "?orientation=light" } else { "" };
    format!("/cards/{}/{}.svg{orientation}", face.deck, face.number)
}

/// Escapes text for HTML.
pub(super) fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The head and header every page of `/play` shares, titled `title`.
fn shell(title: &str, body: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<link rel=\"icon\" href=\"data:,\">\n<link rel=\"stylesheet\" href=\"/style.css\">\n<link rel=\"stylesheet\" href=\"/play.css\">\n<link rel=\"manifest\" href=\"/manifest.webmanifest\">\n<meta name=\"theme-color\" content=\"#8a2c1b\">\n<script type=\"module\" src=\"/js/install.js\"></script>\n</head>\n<body>\n<a class=\"skip\" href=\"#main\">Skip to content</a>\n<header class=\"site\"><div class=\"wrap\"><p class=\"brand\"><a href=\"/\" aria-label=\"hexforge: home\"><span class=\"brand-mark\" aria-hidden=\"true\">䷀</span> <span class=\"brand-name\">hexforge</span></a></p></div></header>\n<main id=\"main\" class=\"wrap play\">\n{body}\n</main>\n</body>\n</html>\n",
        escape(title)
    )
}

/// The list of the games, each linked to its page.
fn game_list() -> String {
    let mut out = String::from("<ul class=\"game-list\">");
    for rules in hexforge_rules::games() {
        let name = rules.name();
        let (line, picture) = (rules.about, rules.picture);
        let players = rules.players();
        let seats = if players.start() == players.end() {
            format!("{} players", players.start())
        } else {
            format!("{}–{} players", players.start(), players.end())
        };
        let img = match picture {
            Picture::Card(face) => {
                format!("<img src=\"{}\" alt=\"\" width=\"120\" height=\"168\" loading=\"lazy\">", card_address(face))
            }
            Picture::Art => super::play_art::picture(name)
                .map(|svg| {
                    format!("<img src=\"{}\" alt=\"\" width=\"120\" height=\"120\" loading=\"lazy\">", data_uri(&svg))
                })
                .unwrap_or_default(),
        };
        out.push_str(&format!(
            "<li data-game=\"{name}\"><a href=\"/play/{name}\"><span class=\"game-picture\">{img}</span><span class=\"game-text\"><strong>{}</strong>{} <span class=\"muted\">· {seats}</span><br>{}</span></a></li>",
            escape(rules.names.en),
            rules.names.zh.map(|zh| format!(" <span lang=\"zh\">{}</span>", escape(zh))).unwrap_or_default(),
            escape(line)
        ));
    }
    out.push_str("</ul>");
    out
}

/// An SVG as a `data:` address for an `<img>` (the page's policy allows data images),
/// percent-encoded where a URL or the HTML attribute holding it would misread a character.
fn data_uri(svg: &str) -> String {
    let mut out = String::from("data:image/svg+xml,");
    for c in svg.trim().chars() {
        match c {
            '%' => out.push_str("%25"),
            '#' => out.push_str("%23"),
            '"' => out.push_str("%22"),
            '&' => out.push_str("%26"),
            '<' => out.push_str("%3C"),
            '>' => out.push_str("%3E"),
            '\n' | '\r' | '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

fn not_found_html(message: &str) -> String {
    shell(
        "No such game — hexforge",
        &format!(
            "<h1>No such game</h1>\n<p class=\"notice\">{}</p>\n<p>The games to play:</p>\n{}",
            escape(message),
            game_list()
        ),
    )
}

/// `GET /play`: every game with a picture and a line, each linked to its page.
static GAMES_PAGE: LazyLock<Asset> = LazyLock::new(|| {
    let html = shell(
        "Play — hexforge",
        &format!(
            "<h1>Play</h1>\n<p class=\"lead\">Every game plays in the browser, against the bots, with friends passing one device, or with friends on their own devices in a room (“Create a room” on each game’s page). Once loaded, a game against the bots asks the server nothing.</p>\n{}",
            game_list()
        ),
    );
    Asset::page(Bytes::from(html), super::page::CSP)
});

async fn games_page(headers: HeaderMap) -> Response {
    GAMES_PAGE.respond(&headers)
}

async fn style(headers: HeaderMap) -> Response {
    STYLE.respond(&headers)
}

/// `GET /wasm/hexforge_rules.wasm`: the rules module, as stored bytes (compressed once,
/// ranges, `HEAD`). `?v=` names the version asked for (a game in progress keeps the module
/// it began with): another version than this server's is not here (404).
async fn module(headers: HeaderMap, Path(file): Path<String>, RawQuery(query): RawQuery) -> Result<Response, AppError> {
    if file != MODULE_NAME {
        return Err(AppError::not_found(format!("no module {file:?}; the rules module is /wasm/{MODULE_NAME}")));
    }
    let ours = super::offline::module_version();
    let query = query.unwrap_or_default();
    let asked = query.split('&').find_map(|pair| pair.strip_prefix("v="));
    if let Some(asked) = asked.filter(|v| *v != ours) {
        return Err(AppError::not_found(format!(
            "no rules module of version {asked:?} here; this server has version {ours} (/wasm/{MODULE_NAME}?v={ours})"
        )));
    }
    Ok(MODULE_ASSET.respond(&headers))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::StatusCode;

    #[tokio::test]
    async fn every_game_of_the_registry_has_a_page_and_no_other_name_does() {
        for rules in hexforge_rules::games() {
            let response =
                page(HeaderMap::new(), Path(rules.name().to_string()), RawQuery(None)).await.expect("a page");
            assert_eq!(response.status(), StatusCode::OK);
            let csp = response.headers()[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
            assert!(csp.contains("'wasm-unsafe-eval'") && !csp.contains("'unsafe-eval'"), "{csp}");
            let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body");
            let html = String::from_utf8(body.to_vec()).expect("utf-8");
            let drawn = super::super::play_art::art(rules.name()).is_some();
            let version = super::super::offline::module_version();
            assert!(
                html.contains(&format!("<meta name=\"hexforge-module\" content=\"{version}\">")),
                "{}",
                rules.name()
            );
            assert_eq!(html.contains("id=\"play-art\""), drawn, "{}", rules.name());
            assert!(!html.contains(super::super::play_art::MARK), "the mark is replaced");
        }
        assert!(page(HeaderMap::new(), Path("chess".into()), RawQuery(None)).await.is_err());
        assert!(page(HeaderMap::new(), Path("TAO".into()), RawQuery(None)).await.is_err(), "one spelling per page");
    }

    #[tokio::test]
    async fn an_alias_is_redirected_and_a_browser_gets_a_page_for_a_wrong_name() {
        let response = page(HeaderMap::new(), Path("zhipai".into()), RawQuery(Some("seed=3".into()))).await.unwrap();
        assert_eq!(response.status(), StatusCode::PERMANENT_REDIRECT);
        assert_eq!(response.headers()[header::LOCATION], "/play/zhi-pai?seed=3");
        let mut browser = HeaderMap::new();
        browser.insert(header::ACCEPT, HeaderValue::from_static("text/html,application/xhtml+xml"));
        let response = page(browser, Path("chess".into()), RawQuery(None)).await.unwrap();
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
        assert!(response.headers()[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/html"));
        let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
        let html = String::from_utf8(body.to_vec()).unwrap();
        assert!(html.contains("&quot;chess&quot;") && html.contains("href=\"/play/tao\""), "{html}");
    }

    #[tokio::test]
    async fn the_games_page_lists_every_game_with_a_picture() {
        let response = games_page(HeaderMap::new()).await;
        assert_eq!(response.status(), StatusCode::OK);
        let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
        let html = String::from_utf8(body.to_vec()).unwrap();
        for rules in hexforge_rules::games() {
            let name = rules.name();
            let item = html.split(&format!("<li data-game=\"{name}\">")).nth(1).expect(name);
            let item = &item[..item.find("</li>").unwrap()];
            assert!(item.contains(&format!("href=\"/play/{name}\"")) && item.contains("<img src="), "{name}: {item}");
            assert!(item.contains(&escape(rules.about)), "{name} has its line");
        }
    }

    #[test]
    fn the_module_is_webassembly_and_within_its_size() {
        assert_eq!(&MODULE[..4], b"\0asm");
        // The bound scripts/rules-wasm.sh holds the module to, read from the script.
        let script = include_str!("../../scripts/rules-wasm.sh");
        let kib: usize = script
            .lines()
            .find_map(|line| line.strip_prefix("limit=$((")?.strip_suffix(" * 1024))")?.parse().ok())
            .expect("scripts/rules-wasm.sh sets limit=$((N * 1024))");
        assert!(MODULE.len() <= kib * 1024, "{} bytes, over {kib} KiB", MODULE.len());
    }
}
