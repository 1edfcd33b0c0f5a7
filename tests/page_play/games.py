"""Every game of the registry played to its end on /play/GAME in Chromium (issue 34).

Run by tests/e2e.rs (`the_play_page_plays_every_game_against_the_bots`), which starts the
server and then checks each downloaded record with `hexforge check GAME --record FILE`:
    python3 games.py BASE_URL OUT_DIR [CHROMIUM]

For each game, at 1280 × 900 and at a phone's 390 × 844: seat 0 a person, the other seats
bots (a search bot among them), moves chosen among the offered buttons (`data-move`) and
clicked to the end, with every request to /api aborted and every request after load
counted (none is allowed); no console error; a result shown; the record downloaded; the
replay link stepping through it. Two people on one device see the "pass the device" cover.
Prints JSON: the records, the search bot's slowest move, the time to interactive.
"""

import json
import random
import sys

from playwright.sync_api import sync_playwright

BASE, OUT = sys.argv[1], sys.argv[2]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
CHECKED = []


def check(ok, what, seen=""):
    if not ok:
        raise AssertionError(f"{what}; the page showed: {seen}")
    if what not in CHECKED:
        CHECKED.append(what)


def watch(page):
    """Console errors and uncaught exceptions, and every request made after `ready`."""
    seen = {"errors": [], "requests": [], "ready": False}
    page.on("console", lambda m: seen["errors"].append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: seen["errors"].append(str(e)))
    page.on("request", lambda r: seen["requests"].append(r.url) if seen["ready"] and not r.url.startswith(("blob:", "data:")) else None)
    page.route("**/api/**", lambda route: route.abort())
    return seen


def bots_for(players):
    return ",".join((["search"] + ["greedy", "random"] * 4)[: players - 1])


def play(page, seen, game, players, seed, shots, width):
    page.goto(f"{BASE}/play/{game}?seats={players}&bots={bots_for(players)}&seed={seed}&pace=0")
    page.wait_for_selector("body[data-ready='true']", timeout=30000)
    seen["ready"] = True
    interactive = int(page.get_attribute("body", "data-interactive-ms"))
    rng = random.Random(seed)
    clicks = 0
    shot = False
    while True:
        page.wait_for_function(
            "() => !document.querySelector('#play-end').hidden || document.querySelectorAll('#play-moves button[data-move]').length > 0",
            timeout=60000)
        if not page.locator("#play-end").is_hidden():
            break
        moves = page.locator("#play-moves button[data-move]")
        n = moves.count()
        tags = page.eval_on_selector_all("#play-moves [data-move]", "l => l.map(b => b.tagName + (b.disabled ? ' disabled' : ''))")
        check(all(t == "BUTTON" for t in tags), f"{game} {width}: every offered move is an enabled button", tags)
        if clicks == 3 and not shot:
            page.screenshot(path=f"{shots}/{game}-{width}.png", full_page=True)
            shot = True
            if width <= 390:
                sw = page.evaluate("document.documentElement.scrollWidth")
                check(sw <= 390, f"{game}: the table is no wider than a phone", sw)
        moves.nth(rng.randrange(n)).click()
        clicks += 1
        check(clicks < 3000, f"{game} {width}: the game ends")
    if not shot:
        page.screenshot(path=f"{shots}/{game}-{width}.png", full_page=True)
    page.screenshot(path=f"{shots}/{game}-{width}-end.png", full_page=True)
    result = page.text_content("#play-result")
    check(("won" in result) or ("without a winner" in result), f"{game} {width}: a result is shown", result)
    with page.expect_download() as download:
        page.click("#play-download")
    path = f"{OUT}/{game}-{width}.jsonl"
    download.value.save_as(path)
    record = open(path).read()
    check(record.strip() == page.get_attribute("body", "data-record").strip(), f"{game} {width}: the download is the record")
    check(seen["requests"] == [], f"{game} {width}: no request to the server during play", seen["requests"])
    check(seen["errors"] == [], f"{game} {width}: no console error", seen["errors"])
    timings = page.evaluate("window.hexforgePlay.timings")
    return {"game": game, "width": width, "record": path, "clicks": clicks, "interactive_ms": interactive,
            "search_ms": timings.get("search", []), "result": result}


def replay(page, game):
    page.click("#play-replay-link")
    page.wait_for_selector("body[data-ready='true']", timeout=30000)
    page.wait_for_selector("#play-replay:not([hidden])")
    at = page.text_content("#play-replay-at")
    check(at.startswith("After 0 of"), f"{game}: the replay starts before the first action", at)
    page.click("#play-replay [data-step='next']")
    page.click("#play-replay [data-step='next']")
    check(page.text_content("#play-replay-at").startswith("After 2 of"), f"{game}: the replay steps", page.text_content("#play-replay-at"))
    page.click("#play-replay [data-step='last']")
    check(page.locator("#play-moves button").count() == 0, f"{game}: a replay offers no moves")


def pass_the_device(page):
    page.goto(f"{BASE}/play/zhi-pai?bots=person,person&seed=5&pace=0")
    page.wait_for_selector("body[data-ready='true']")
    check(page.locator("#play-cover").is_visible() and page.locator("#play-table").is_hidden(),
          "two people: the table is covered before the first turn")
    page.click("#play-uncover")
    check(page.locator("#play-moves button[data-move]").count() > 0, "the person shown gets the moves")
    page.locator("#play-moves button[data-move]").first.click()
    text = page.text_content("#play-cover-text")
    check(page.locator("#play-table").is_hidden() and "seat 1" in text, "after a person's move the next person is asked for", text)


def main():
    out = {"games": [], "checked": CHECKED}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=sys.argv[3] if len(sys.argv) > 3 else None, args=ARGS)
        ctx = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
        page = ctx.new_page()
        seen = watch(page)
        page.goto(f"{BASE}/play/tao")
        page.wait_for_selector("body[data-ready='true']")
        games = page.evaluate("[...document.querySelectorAll('#play-games a')].map(a => a.textContent)")
        page.close()
        for k, game in enumerate(games):
            for width, height in ((1280, 900), (390, 844)):
                c = browser.new_context(viewport={"width": width, "height": height}, accept_downloads=True,
                                        is_mobile=width < 500, has_touch=width < 500)
                page = c.new_page()
                seen = watch(page)
                page.goto(f"{BASE}/play/{game}")
                page.wait_for_selector("body[data-ready='true']")
                players = int(page.eval_on_selector("#play-seats", "s => s.value"))
                out["games"].append(play(page, seen, game, players, 11 + k, OUT, width))
                if width == 1280:
                    replay(page, game)
                c.close()
        pass_the_device(ctx.new_page())
        ctx.close()
        browser.close()
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    try:
        main()
    except AssertionError as e:
        print("FAILED:", e, file=sys.stderr)
        print(json.dumps({"checked before": CHECKED}, indent=1), file=sys.stderr)
        sys.exit(1)
