"""The play pages teach and can be played by keyboard (issue 44), in Chromium, at 1280 and 390 px.

Run by tests/service/e2e.rs (`the_play_pages_teach_the_rules_and_play_by_keyboard`):
    python3 learn.py BASE_URL SHOT_DIR [CHROMIUM]      (HEXFORGE_AXE: axe-core's axe.min.js)

- Each /play/GAME has its how-to-play panel (the goal, a turn, the kinds of move: the words
  of its rulebook's At a glance box, rendered by the server) and links its rulebook's PDF;
  /play lists every game with a picture and a line; the home page links to /play.
- The setup form offers the bots by strength, Beginner, Intermediate and Strong, each saying
  what it does, with the rules crate's names as values; and an option to play forced moves
  (`auto=1`): with it, the person never sees a lone move offered.
- One whole game of Tao played with the keyboard only: Tab to the first move, then Enter
  and Space; after each move the focus is on a move again, drawn with a visible ring.
- axe-core finds no violation on /play and on /play/tao (mid-game, the panel open, the setup
  form open).
Prints JSON: what was checked.
"""

import json
import os

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from common import ARGS, BASE, CHECKED, CHROMIUM, SHOTS, check, moves_or_end, ready

AXE = os.environ.get("HEXFORGE_AXE", "")
# Every game and the part its rulebook is printed on, from the rules crate's list of games
# (the test that runs this script passes them: `tao=changing-lines,…`).
BOOKS = dict(pair.split("=") for pair in os.environ["HEXFORGE_GAMES"].split(","))
GAMES = list(BOOKS)


def panels(page, width):
    for game in GAMES:
        ready(page, f"/play/{game}?pace=0&seed=2")
        panel = page.locator("#play-rules")
        check(panel.count() == 1, f"{width}: /play/{game} has its how-to-play panel", game)
        panel.locator("summary").click()
        text = panel.inner_text()
        kinds = panel.locator("dl.kinds dt").count()
        check("Goal." in text and "A turn." in text and kinds >= 2, f"{width}: the panel says the goal, a turn and the kinds of move", (game, text[:300]))
        pdf = panel.locator("a[href$='-rules-a4.pdf']").get_attribute("href")
        book = BOOKS[game]
        check(pdf == f"/downloads/rulebooks/{book}-rules-a4.pdf", f"{width}: the panel links the game's rulebook PDF", pdf)
        if game in ("tao", "liubo"):
            page.screenshot(path=f"{SHOTS}/rules-{game}-{width}.png", full_page=False)
    page.goto(BASE + "/play")
    items = page.locator("ul.game-list li")
    check(items.count() == len(GAMES), f"{width}: /play lists every game", items.count())
    for i in range(items.count()):
        item = items.nth(i)
        check(item.locator("img").count() == 1 and len(item.inner_text().strip()) > 20, f"{width}: each game on /play has a picture and a line", item.inner_text())
    page.screenshot(path=f"{SHOTS}/play-list-{width}.png", full_page=True)
    page.goto(BASE + "/")
    check(page.locator("header a[href='/play']").count() >= 1, f"{width}: the home page links to /play")


def bots(page, width):
    ready(page, "/play/tao?pace=0&seed=4")
    page.locator("#play-setup summary").click()
    levels = page.eval_on_selector_all("#play-bot-levels li", "l => l.map(li => [li.dataset.bot, li.dataset.level, li.textContent])")
    check([(b, lv) for b, lv, _ in levels] == [("random", "Beginner"), ("greedy", "Intermediate"), ("search", "Strong")],
          f"{width}: the setup form lists the bots by strength, weakest first", levels)
    check(all(len(t) > 40 for _, _, t in levels), f"{width}: each bot says what it does", levels)
    options = page.eval_on_selector_all("select[data-seat='1'] option", "l => l.map(o => [o.value, o.textContent])")
    check(options == [["person", "person"], ["random", "Beginner bot (random)"], ["greedy", "Intermediate bot (greedy)"], ["search", "Strong bot (search)"]],
          f"{width}: each seat offers a person or a bot by its strength", options)
    page.screenshot(path=f"{SHOTS}/setup-{width}.png", full_page=False)
    # Forced moves played for the person: Strong bot in seat 1, the box ticked.
    page.select_option("select[data-seat='1']", "search")
    page.check("#play-auto")
    page.fill("#play-seed", "5488528483641578")
    with page.expect_navigation():
        page.locator("#play-form button[type='submit']").click()
    page.wait_for_selector("body[data-ready='true']", timeout=30000)
    check("bots=person%2Csearch" in page.url and "auto=1" in page.url, f"{width}: the address keeps the bots and the forced-moves option", page.url)
    ready(page, page.url[len(BASE):] + "&pace=0")
    lone, clicks = 0, 0
    for _ in range(300):
        moves_or_end(page, 60000)
        if not page.locator("#play-end").is_hidden():
            break
        # The moves offered and the actions taken, read at one instant.
        offered, taken = page.evaluate("() => [document.querySelectorAll('#play-moves button[data-move]').length, document.body.dataset.taken]")
        if offered == 1:
            # A lone move is played for the person: the table moves on without a click
            # (5 s allowed on a loaded machine; without the option it would wait forever).
            try:
                page.wait_for_function("t => document.body.dataset.taken !== t", arg=taken, timeout=5000)
            except PlaywrightTimeout:
                lone += 1
                page.locator("#play-moves button[data-move]").first.click()
                clicks += 1
            continue
        if offered:
            page.locator("#play-moves button[data-move]").first.click()
            clicks += 1
    # The person's actions the page played without a click: the forced ones.
    played = page.evaluate("window.hexforgePlay.trail.filter((t) => t.seat === 0).length") - clicks
    check(not page.locator("#play-end").is_hidden(), f"{width}: the game with forced moves played for the person ends")
    check(lone == 0 and played > 0, f"{width}: a lone move is never left for the person to click (it is played for them)", (lone, played))


def keyboard(page, width):
    ready(page, "/play/tao?seats=2&bots=person,greedy&seed=9&pace=0")
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.matches('#play-moves button[data-move]')"):
            break
    check(page.evaluate("document.activeElement.matches('#play-moves button[data-move]')"), f"{width}: Tab reaches the moves")
    presses = 0
    for _ in range(400):
        focused = page.evaluate("""() => { const a = document.activeElement; return a && a.matches('#play-moves button[data-move]')
            ? [a.matches(':focus-visible'), getComputedStyle(a).outlineStyle, getComputedStyle(a).outlineWidth] : null; }""")
        check(focused is not None, f"{width}: after every move the focus is on a move", presses)
        check(focused[0] and focused[1] != "none" and focused[2] != "0px", f"{width}: the focused move is drawn with a visible ring", focused)
        if presses == 3:
            page.wait_for_timeout(800)  # the page scrolls smoothly to the focused move
            page.screenshot(path=f"{SHOTS}/keyboard-{width}.png", full_page=False)
        page.keyboard.press("Enter" if presses % 2 == 0 else "Space")
        presses += 1
        page.wait_for_function(
            "() => !document.querySelector('#play-end').hidden || (document.activeElement && document.activeElement.matches('#play-moves button[data-move]'))",
            timeout=30000)
        if not page.locator("#play-end").is_hidden():
            break
    result = page.locator("#play-result").text_content()
    check(not page.locator("#play-end").is_hidden() and "actions" in result, f"{width}: a whole game of Tao is played with the keyboard only", (presses, result))
    return presses


def axe(page, path, width, prepare=None):
    ready(page, path) if path.startswith("/play/") else page.goto(BASE + path)
    if prepare:
        prepare(page)
    page.add_script_tag(path=AXE)
    found = page.evaluate("""async () => (await axe.run(document, { resultTypes: ['violations'] })).violations
        .map(v => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ')) }))""")
    check(found == [], f"{width}: axe-core finds no violation on {path.split('?')[0]}", json.dumps(found, indent=1))


def open_all(page):
    page.locator("#play-rules summary").click()
    page.locator("#play-setup summary").click()
    page.wait_for_selector("#play-moves button[data-move]", timeout=30000)
    page.locator("#play-moves button[data-move]").first.click()
    page.wait_for_selector("#play-moves button[data-move]", timeout=30000)


def main():
    if not AXE or not os.path.isfile(AXE):
        raise SystemExit(f"HEXFORGE_AXE must name axe-core's axe.min.js (.ci/run installs it); it is {AXE!r}")
    report = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for width, height in [(1280, 900), (390, 844)]:
            # axe-core is added to the page as a script of its own: the page's policy allows
            # only its own scripts, so this context bypasses it (the page's scripts are the same).
            c = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 500, has_touch=width < 500, bypass_csp=True)
            page = c.new_page()
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            # Leaving a game in progress asks first: the test leaves.
            page.on("dialog", lambda d: d.accept())
            panels(page, width)
            bots(page, width)
            report[f"keyboard_presses_{width}"] = keyboard(page, width)
            axe(page, "/play", width)
            axe(page, "/play/tao?seats=3&bots=person,greedy,search&seed=21&pace=0", width, open_all)
            check(not errors, f"{width}: no error on the pages", errors)
            c.close()
        browser.close()
    report["checked"] = CHECKED
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
