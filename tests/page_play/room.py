"""A room played through its page by two people and a bot in Chromium (issue 45).

Run by tests/service/rooms.rs (`two_browsers_play_a_room_through_its_invite_links`), which
starts the server with a database:
    python3 room.py BASE_URL OUT_DIR [CHROMIUM]

One browser context creates a Tao room on /room/new (seats person, person, search) and
reads the invite links; a second context opens seat 1's link, a third the spectators'.
The two players click offered moves (buttons with data-action) until the game is over;
seat 0 reloads its page mid-game and resumes at the same event number. The spectator's
page shows the table and no move buttons; seat 1's and the spectator's pages follow the
room on a live socket; a page waiting for a move is not redrawn; at 390 px nothing on the
table overflows its box; no console error anywhere. Prints JSON: the
moves clicked, the reload, the final status.
"""

import json
import random
import sys

from playwright.sync_api import sync_playwright

BASE, OUT = sys.argv[1], sys.argv[2]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]


def check(ok, what, seen=""):
    if not ok:
        print(json.dumps({"failed": what, "seen": str(seen)[:2000]}))
        sys.exit(1)


def seq_of(page):
    return int(page.get_attribute("#room-status", "data-seq") or "-1")


def main():
    errors = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=sys.argv[3] if len(sys.argv) > 3 else None, args=ARGS)
        one, two, watcher = (browser.new_context() for _ in range(3))
        host = one.new_page()
        for page in [host]:
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        # The play page links to a room for its game.
        host.goto(BASE + "/play/dragons")
        link = host.get_attribute("#play-room-link", "href")
        check(link == "/room/new?game=dragons", "the play page links to a room of its game", link)
        host.goto(BASE + link)
        check(host.eval_on_selector("#room-game", "e => e.value") == "dragons", "the room page opens on that game")
        host.goto(BASE + "/room/new")
        host.select_option("#room-game", "tao")
        host.fill("#room-seats", "person,person,search")
        host.click("#room-form button[type=submit]")
        host.wait_for_selector("#room-link-list li a")
        links = host.eval_on_selector_all("#room-link-list a", "els => els.map(e => e.getAttribute('href'))")
        check(len(links) == 3, "two seat links and the spectators'", links)
        host.screenshot(path=OUT + "/room-links.png")
        first = host
        first.goto(BASE + links[0])
        sockets = []
        second = two.new_page()
        second.on("websocket", lambda ws: sockets.append(ws.url))
        second.goto(BASE + links[1])
        spectator = watcher.new_page()
        spectator.on("websocket", lambda ws: sockets.append(ws.url))
        spectator.goto(BASE + links[2])
        for page in [second, spectator]:
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        for page in [first, second, spectator]:
            page.wait_for_selector("#room-status[data-seq]")
        # Waiting for a move, a page is not drawn again (the socket and the long poll send
        # nothing new); and on a phone's width (390 px) nothing on the table, not even the
        # words on the top card, runs out of its box.
        second.set_viewport_size({"width": 390, "height": 844})
        second.evaluate("""() => { window.roomDraws = 0; new MutationObserver(() => window.roomDraws++)
            .observe(document.getElementById('room-view'), {childList: true}); }""")
        second.wait_for_timeout(3000)
        check(second.evaluate("window.roomDraws") == 0, "a waiting page is not redrawn", second.evaluate("window.roomDraws"))
        wide = second.evaluate("""() => [...document.querySelectorAll('#room-table *')]
            .filter(e => e.getBoundingClientRect().right > innerWidth + 0.5 || e.scrollWidth > e.clientWidth + 1)
            .map(e => e.tagName + '.' + e.className + ': ' + e.scrollWidth + ' > ' + e.clientWidth)""")
        check(not wide and second.evaluate("document.documentElement.scrollWidth") <= 390, "nothing overflows at 390 px", wide)
        second.screenshot(path=OUT + "/room-seat-1-390px.png", full_page=True)
        second.set_viewport_size({"width": 1280, "height": 800})
        rng = random.Random(45)
        clicks, reloaded = 0, None
        for _ in range(3000):
            if "over" in (first.text_content("#room-status") or ""):
                break
            moved = False
            for page in [first, second]:
                buttons = page.query_selector_all("#room-moves button[data-action]")
                if not buttons:
                    continue
                before = seq_of(page)
                page.click('#room-moves button[data-action="%d"]' % rng.randrange(len(buttons)))
                page.wait_for_function("s => Number(document.querySelector('#room-status').dataset.seq) > s", arg=before)
                clicks += 1
                moved = True
                if clicks == 10 and reloaded is None:
                    at = seq_of(first)
                    first.reload()
                    first.wait_for_selector("#room-status[data-seq]")
                    reloaded = {"before": at, "after": seq_of(first)}
                    check(reloaded["after"] >= at, "a reload resumes where the room is", reloaded)
            if not moved:
                first.wait_for_timeout(200)
        status = first.text_content("#room-status")
        check("over" in status, "the game ended", status)
        spectator.wait_for_function("() => document.querySelector('#room-status').textContent.includes('over')")
        check(not spectator.query_selector_all("#room-moves button"), "a spectator has no moves")
        # The spectator's table is drawn as the seats' is (boards.js), never shown as JSON.
        check(spectator.query_selector("#room-view .tao [data-ring-seat]") is not None, "the spectator sees a drawn table")
        check(spectator.query_selector("#room-view pre") is None, "no JSON on the spectator's table")
        check(spectator.is_visible("#room-record"), "the record is offered at the end")
        for name, page in [("seat-0", first), ("seat-1", second), ("spectator", spectator)]:
            page.screenshot(path=OUT + "/room-" + name + ".png", full_page=True)
        check(not errors, "no console error", errors)
        check(len([u for u in sockets if u.endswith("/live")]) >= 2, "seat 1 and the spectator follow on a live socket", sockets)
        check(reloaded is not None, "seat 0 reloaded mid-game")
        print(json.dumps({"clicks": clicks, "reloaded": reloaded, "status": status}))
        browser.close()


main()
