"""The play pages installable and offline (issue 44), in Chromium, at 1280 and 390 pixels wide.

Run by tests/service/e2e.rs (`the_play_pages_open_and_play_offline_after_one_visit`):
    python3 offline.py BASE_URL SHOT_DIR [CHROMIUM]

- The first screen of /play/tao downloads at most 300 KB, fonts included (every request
  begun before the table is ready to play, its transfer size compressed as sent: the page,
  its style sheets, scripts and the rules module; the page asks for its fonts, shared with
  the home page, only once the table is ready, so the first screen holds none: checked, and
  the fonts and card pictures asked for after are printed); the service worker is registered after that and precaches the play
  pages and the rules module of the page's version.
- /sw.js is JavaScript with `Service-Worker-Allowed: /play`, the manifest is
  `application/manifest+json` and linked from the page, its icons are served, and
  Chromium reads the manifest without an error and finds the page installable.
- With the browser context offline after that one visit: /play/tao opens at a new address
  and plays to its end by clicking offered moves, /play and the other games open, and a
  reload mid-game offline resumes the same move; every printed card face on the table (the
  hand, the top card; every hand at the end) loads offline, a picture of its own
  (naturalWidth > 0), cached by the worker whether or not the first visit drew it.
- A game in progress keeps the module version it began with: a game saved with another
  version whose module a cache holds is reopened with that version (the page asks for
  `?v=` of it, and saves it again after a move), that cache outlives the worker's pruning
  while the game is in progress, and once the game is over a reload takes the page's own
  version and the old cache is pruned.
Prints JSON: the bytes of the first screen at each width.
"""

import json

from playwright.sync_api import sync_playwright

from common import ARGS, BASE, CHECKED, CHROMIUM, SHOTS, check, moves_or_end, ready

OLD = "0000000000000000"


def offline_ready(page):
    """Waits for the worker to hold this page's files (it names its cache on the body)."""
    page.wait_for_selector("body[data-offline^='hexforge-play-']", timeout=60000)
    return page.eval_on_selector("body", "b => b.dataset.offline")


def play_to_end(page, where, limit=400):
    """Clicks the first offered move until the game is over; returns the moves clicked."""
    clicked = 0
    for _ in range(limit):
        moves_or_end(page)
        if not page.locator("#play-end").is_hidden():
            return clicked
        page.locator("#play-moves button[data-move]").first.click()
        clicked += 1
    raise AssertionError(f"{where}: the game did not end in {limit} moves")


def first_screen_bytes(page):
    """Bytes transferred (compressed as sent, with headers) by every request the page made
    before its table was ready to play (`data-interactive-ms`), fonts included: the page, its
    style sheets, scripts and rules module; and the fonts among them (none: the page asks for
    its fonts once ready), and apart the fonts and card pictures asked for after."""
    page.wait_for_function("() => document.fonts.status === 'loaded' && [...document.fonts].some((f) => f.status === 'loaded')", timeout=30000)
    return page.evaluate("""() => {
        const at = Number(document.body.dataset.interactiveMs);
        const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
        const sum = (l) => l.reduce((s, e) => s + (e.transferSize || 0), 0);
        const under = (p) => (e) => new URL(e.name).pathname.startsWith(p);
        const first = entries.filter((e) => e.startTime <= at);
        const later = entries.filter((e) => e.startTime > at);
        return [sum(first), sum(first.filter(under('/fonts/'))), sum(later.filter(under('/fonts/'))), sum(later.filter(under('/cards/')))];
    }""")


def faces_offline(page, where):
    """Every printed card face drawn on the table (and the hands shown at the end) loads:
    asked for at once (not when scrolled to), then each a picture (naturalWidth > 0)."""
    sel = "#play-board img.card-face, #play-hands img.card-face"
    n = page.locator(sel).count()
    check(n > 0, f"{where}: the table draws printed card faces", n)
    page.evaluate("sel => document.querySelectorAll(sel).forEach((i) => { i.loading = 'eager'; })", sel)
    page.wait_for_function("sel => [...document.querySelectorAll(sel)].every((i) => i.complete)", arg=sel, timeout=30000)
    broken = page.evaluate("sel => [...document.querySelectorAll(sel)].filter((i) => !(i.naturalWidth > 0)).map((i) => i.getAttribute('src'))", sel)
    check(broken == [], f"{where}: every printed card face on the table loads offline (naturalWidth > 0)", broken)
    return n


def headers(page, width):
    sw = page.request.get(BASE + "/sw.js")
    check(sw.ok and sw.headers["content-type"].startswith("text/javascript"), "/sw.js is JavaScript", sw.headers)
    check(sw.headers.get("service-worker-allowed") == "/play", "/sw.js allows the scope /play", sw.headers)
    m = page.request.get(BASE + "/manifest.webmanifest")
    check(m.ok and m.headers["content-type"] == "application/manifest+json", "the manifest is served as a web app manifest", m.headers)
    manifest = m.json()
    check(manifest["start_url"] == "/play" and manifest["display"] == "standalone", "the manifest opens /play as an app", manifest)
    for icon in manifest["icons"]:
        r = page.request.get(BASE + icon["src"])
        check(r.ok and r.headers["content-type"] == icon["type"], "every icon of the manifest is served as its type", (icon, r.status))
    link = page.eval_on_selector("link[rel='manifest']", "l => l.getAttribute('href')")
    check(link == "/manifest.webmanifest", "the play page links the manifest", link)
    scope = page.evaluate("navigator.serviceWorker.getRegistration('/play/tao').then(r => r && r.scope)")
    check(scope == BASE + "/play", "the worker's scope is /play", scope)
    # Chromium's own verdict: the manifest parses, and nothing but the test's private
    # profile keeps the page from being installed.
    cdp = page.context.new_cdp_session(page)
    errors = cdp.send("Page.getAppManifest").get("errors")
    check(errors == [], "Chromium reads the manifest without an error", errors)
    blocking = [e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]]
    check(set(blocking) <= {"in-incognito"}, "Chromium finds the play page installable (the test's private profile apart)", blocking)
    cdp.detach()


def offline_play(browser, width, height):
    c = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 500, has_touch=width < 500)
    page = c.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    ready(page, "/play/tao?seats=2&bots=person,greedy&seed=7&pace=0")
    sent, fonts, fonts_after, cards_after = first_screen_bytes(page)
    check(0 < sent <= 300 * 1024, f"{width}: the first screen of /play/tao downloads at most 300 KB, fonts included", sent)
    check(fonts == 0 and fonts_after > 0, f"{width}: the first screen asks for no font; the fonts load once the table is ready", (fonts, fonts_after))
    cache = offline_ready(page)
    headers(page, width)
    c.set_offline(True)
    check(page.evaluate("navigator.onLine") is False, f"{width}: the context is offline")
    # A new address (another seed): the page is the precached one, the deal the seed's.
    ready(page, "/play/tao?seats=3&bots=person,greedy,random&seed=11&pace=0")
    check(not errors, f"{width}: the page opens offline without an error", errors)
    clicked = 0
    for _ in range(3):
        page.wait_for_selector("#play-moves button[data-move]", timeout=30000)
        page.locator("#play-moves button[data-move]").first.click()
        clicked += 1
    page.wait_for_selector("#play-moves button[data-move]", timeout=30000)
    taken = page.eval_on_selector("body", "b => b.dataset.taken")
    ready(page, "/play/tao?seats=3&bots=person,greedy,random&seed=11&pace=0")
    page.wait_for_selector("#play-moves button[data-move]", timeout=30000)
    again = page.eval_on_selector("body", "b => b.dataset.taken")
    check(again == taken, f"{width}: a reload offline resumes the game at the same move", (taken, again))
    faces = faces_offline(page, f"offline tao {width} mid-game")
    page.screenshot(path=f"{SHOTS}/offline-tao-mid-{width}.png", full_page=False)
    clicked += play_to_end(page, f"offline tao {width}")
    result = page.locator("#play-result").text_content()
    check("actions" in result, f"{width}: /play/tao played offline to its end", result)
    check(not errors, f"{width}: no error playing offline", errors)
    faces += faces_offline(page, f"offline tao {width} at the end")
    page.screenshot(path=f"{SHOTS}/offline-tao-end-{width}.png", full_page=True)
    # The list and every other game open offline too.
    page.goto(BASE + "/play")
    check(page.locator("ul.game-list li").count() >= 6, f"{width}: /play opens offline with its games")
    for game in ["pathways", "zhi-pai", "liubo", "yijing-pai", "dragons"]:
        ready(page, f"/play/{game}?pace=0&seed=3")
        check(page.locator("#play-table").is_visible() and not page.locator("#play-problem").is_visible(),
              f"{width}: every game's page opens offline", game)
    check(not errors, f"{width}: no error opening the games offline", errors)
    c.close()
    return {"width": width, "first_screen_bytes": sent, "fonts_in_first_screen": fonts, "font_bytes_after": fonts_after,
            "card_bytes_after": cards_after, "cache": cache, "moves_offline": clicked,
            "faces_loaded_offline": faces}


def kept_module(browser):
    """A game in progress keeps the module version it began with, and its cache."""
    c = browser.new_context(viewport={"width": 1280, "height": 900})
    page = c.new_page()
    address = "/play/tao?seats=2&bots=person%2Cgreedy&seed=5"
    ready(page, address + "&pace=0")
    ours = page.eval_on_selector("meta[name='hexforge-module']", "m => m.content")
    check(len(ours) == 16 and ours != OLD, "the page names its module version", ours)
    offline_ready(page)
    page.wait_for_selector("#play-moves button[data-move]", timeout=30000)
    page.locator("#play-moves button[data-move]").first.click()
    page.wait_for_selector("#play-moves button[data-move]", timeout=30000)
    key = "hexforge-play:" + address
    entry = page.evaluate("k => JSON.parse(localStorage.getItem(k))", key)
    check(entry and entry.get("module") == ours, "a saved game names the module version it runs", entry)
    # As if the game had begun with an older module, kept in an older version's cache.
    page.evaluate("""async ([key, old]) => {
        const bytes = await (await fetch('/wasm/hexforge_rules.wasm?v=' + document.querySelector('meta[name=hexforge-module]').content)).arrayBuffer();
        const cache = await caches.open('hexforge-play-' + old + '-0');
        await cache.put('/wasm/hexforge_rules.wasm?v=' + old, new Response(bytes, { headers: { 'content-type': 'application/wasm' } }));
        const entry = JSON.parse(localStorage.getItem(key));
        entry.module = old;
        localStorage.setItem(key, JSON.stringify(entry));
    }""", [key, OLD])
    page.reload()
    page.wait_for_selector("body[data-ready='true']", timeout=30000)
    offline_ready(page)
    asked = page.evaluate("() => performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/wasm/'))")
    check(any(a.endswith("?v=" + OLD) for a in asked), "a game in progress is reopened with the module version it began with", asked)
    check(not page.locator("#play-problem").is_visible(), "the kept module resumes the game without a word", page.locator("#play-problem").text_content())
    names = page.evaluate("caches.keys()")
    check(any(OLD in n for n in names), "the old version's cache is kept while its game is in progress", names)
    page.locator("#play-moves button[data-move]").first.click()
    page.wait_for_function("k => JSON.parse(localStorage.getItem(k)).actions.length >= 2", arg=key, timeout=30000)
    entry = page.evaluate("k => JSON.parse(localStorage.getItem(k))", key)
    check(entry["module"] == OLD, "the game stays with its module after a move", entry)
    play_to_end(page, "kept module")
    page.reload()
    page.wait_for_selector("body[data-ready='true']", timeout=30000)
    offline_ready(page)
    asked = page.evaluate("() => performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/wasm/'))")
    check(all(a.endswith("?v=" + ours) for a in asked), "once the game is over, a reload takes the page's own module", asked)
    names = page.evaluate("caches.keys()")
    check(not any(OLD in n for n in names) and any(ours in n for n in names),
          "once no game in progress uses it, the old version's cache is pruned", names)
    missing = page.request.get(BASE + "/wasm/hexforge_rules.wasm?v=" + OLD)
    check(missing.status == 404, "the server has no module of another version", missing.status)
    c.close()


def main():
    report = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for width, height in [(1280, 900), (390, 844)]:
            report.append(offline_play(browser, width, height))
        kept_module(browser)
        browser.close()
    print(json.dumps({"offline": report, "checked": CHECKED}, indent=1))


if __name__ == "__main__":
    main()
