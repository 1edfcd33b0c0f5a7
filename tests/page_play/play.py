"""Today's puzzles played through the page in Chromium, as a player would (issue 27).

Run by tests/service/e2e.rs (`the_page_plays_todays_puzzles_as_a_player_would`), which starts the
server, works out the answers and the wrong moves from the library and passes them here
as JSON: python3 play.py BASE_URL SCENARIO.json SCREENSHOT_DIR

Debian's Chromium is driven by Playwright (its own browser download is not used). Every
check is an assertion with what the page showed; the first failure exits non-zero.
"""

import json
import sys

from playwright.sync_api import sync_playwright

BASE, SCENARIO, SHOTS = sys.argv[1], sys.argv[2], sys.argv[3]
S = json.load(open(SCENARIO))
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
CHECKED = []


def check(ok, what, seen=""):
    if not ok:
        raise AssertionError(f"{what}; the page showed: {seen}")
    CHECKED.append(what)


def ready(page, path):
    page.goto(BASE + path)
    page.wait_for_selector("body[data-ready='true']", timeout=30000)


def feedback(page):
    return page.eval_on_selector("#today-feedback", "e => [e.dataset.state || '', e.textContent]")


def wait_state(page, state):
    page.wait_for_function(
        "s => document.querySelector('#today-feedback').dataset.state === s", arg=state, timeout=20000
    )


def path_length(page):
    return page.eval_on_selector_all("#today-path li:not(.pending)", "l => l.length")


def card(page, n):
    return page.locator(f"#today-board .pick[data-card='{n}']")


def wait_path(page, n):
    page.wait_for_function(
        "n => document.querySelectorAll('#today-path li:not(.pending)').length === n", arg=n, timeout=20000
    )


def in_view(page, selector):
    box = page.locator(selector).bounding_box()
    view = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= view["height"], box


def checks_sent(page):
    """Collects the bodies of every POST …/check the page sends."""
    sent = []
    page.on("request", lambda r: sent.append(r.post_data) if r.method == "POST" and "/check" in r.url else None)
    return sent


def play_ladder(page, ladder, shots, name):
    """Wrong move, undo, then the best answer with a double click on the winning card."""
    sent = checks_sent(page)
    question = page.text_content("#today-question")
    check(ladder["id"] in question, f"{name}: the ladder {ladder['id']} is open", question)
    rules = page.eval_on_selector_all("#today-rules-list li", "l => l.map(e => e.textContent)")
    check(len(rules) >= 3 and any("exactly one line" in r for r in rules), f"{name}: the ladder's rules beside it", rules)
    kinds = {k: page.get_attribute(f"#today-board .pick[data-card='{n}']", "data-kind") for k, n in
             [("start", ladder["from"]), ("goal", ladder["to"]), ("removed", ladder["removed"][0])]}
    check(kinds == {"start": "start", "goal": "goal", "removed": "removed"}, f"{name}: start, goal and removed marked", kinds)
    tags = [card(page, n).inner_text() for n in (ladder["from"], ladder["to"], ladder["removed"][0])]
    check("start" in tags[0] and "goal" in tags[1] and "out" in tags[2], f"{name}: the marks are words, not colour alone", tags)

    # A card two lines from the start: refused with the rule, taken back.
    card(page, ladder["far"]).click()
    wait_state(page, "broken")
    state, text = feedback(page)
    check("Refused" in text and "(one-line)" in text and path_length(page) == 1, f"{name}: a wrong card is refused", text)
    # A good card, then undone, then restarted: the pile is the start alone again.
    first = ladder["solution"][1]
    card(page, first).click()
    wait_path(page, 2)
    page.click("#today-undo")
    wait_path(page, 1)
    card(page, first).click()
    wait_path(page, 2)
    page.click("#today-restart")
    wait_path(page, 1)
    if ladder.get("dead_end"):
        card(page, ladder["dead_end"]).click()
        wait_state(page, "dead-end")
        state, text = feedback(page)
        check("Dead end" in text and "Undo" in text, f"{name}: a dead end is named", text)
        page.click("#today-undo")
        wait_path(page, 1)
    for k, n in enumerate(ladder["solution"][1:-1]):
        card(page, n).click()
        wait_path(page, k + 2)
    numbers = page.eval_on_selector_all("#today-path li:not(.pending) .path-n", "l => l.map(e => e.textContent)")
    check(numbers == [str(i + 1) for i in range(len(ladder["solution"]) - 1)], f"{name}: the path is numbered from the start", numbers)
    before = len(sent)
    card(page, ladder["solution"][-1]).dblclick()
    page.wait_for_selector("#today-result[data-state='solved']", timeout=20000)
    page.wait_for_timeout(700)
    finals = [b for b in sent[before:] if b and json.loads(b).get("sequence") and len(json.loads(b)["sequence"]) == len(ladder["solution"])]
    check(len(sent) - before == 1 and len(finals) == 1, f"{name}: a double click sends the winning answer once", sent[before:])
    state, text = feedback(page)
    check(state == "solved", f"{name}: the win stays after a double click", text)
    # A finished puzzle ignores input.
    card(page, ladder["far"]).click(force=True)  # marked aria-disabled: a player may still tap it
    page.wait_for_timeout(300)
    check(len(sent) - before == 1 and feedback(page)[0] == "solved", f"{name}: a finished puzzle ignores clicks", feedback(page))
    check(page.is_disabled("#today-undo") and page.is_disabled("#today-restart"), f"{name}: no undo after the end")
    result = page.inner_text("#today-result")
    share = page.input_value("#today-share")
    check(share.count("■") == len(ladder["solution"]) and f"{len(ladder['solution'])} cards" in share,
          f"{name}: one square per card in the share text", share)
    check("that is the best" in result, f"{name}: the best answer is called so", result)
    return result, share


def play_deal(page, deal, name):
    sent = checks_sent(page)
    question = page.text_content("#today-question")
    check(deal["id"] in question, f"{name}: the deal {deal['id']} is open", question)
    rules = " ".join(page.eval_on_selector_all("#today-rules-list li", "l => l.map(e => e.textContent)"))
    check("exactly one line differs" in rules and "swap" in rules and "trigram" in rules, f"{name}: the three link conditions are shown", rules)
    wrong_card, wrong_side = deal["wrong"].split(":")
    page.check(f"input[name='today-side'][value='{wrong_side}']")
    card(page, wrong_card).click()
    wait_state(page, "broken")
    check("Refused" in feedback(page)[1], f"{name}: a card that does not link is refused", feedback(page))
    turns = deal["solution"]
    for k, t in enumerate(turns):
        last = k == len(turns) - 1
        if t == "pass":
            page.click("#today-pass")
        else:
            n, side = t.split(":")
            page.check(f"input[name='today-side'][value='{side}']")
            if last:
                before = len(sent)
                card(page, n).dblclick()
            else:
                card(page, n).click()
        if not last:
            wait_path(page, k + 1)
    page.wait_for_selector("#today-result[data-state='solved']", timeout=20000)
    page.wait_for_timeout(700)
    check(len(sent) - before == 1, f"{name}: the winning turn is sent once", sent[before:])
    check(page.is_disabled("#today-pass"), f"{name}: Pass is disabled after the end")
    share = page.input_value("#today-share")
    cards = 2 + sum(1 for t in turns if t != "pass")
    check(share.count("■") == cards and f"{cards} cards" in share, f"{name}: one square per card of the line", share)
    return page.inner_text("#today-result"), share


def move_button(page, m):
    return page.locator(f"#today-board [data-move='{m}']")


def play_solitaire(page, sol, moves, name, wrong=None):
    """Clicks the moves of a solitaire deal, the last with a double click; a refused move first."""
    sent = checks_sent(page)
    question = page.text_content("#today-question")
    check(sol["id"] in question, f"{name}: the solitaire deal {sol['id']} is open", question)
    if wrong:
        rules = " ".join(page.eval_on_selector_all("#today-rules-list li", "l => l.map(e => e.textContent)"))
        check("Mirror" in rules and "all six" in rules, f"{name}: the rules are shown", rules)
        move_button(page, wrong[0]).click()
        wait_path(page, 1)
        move_button(page, wrong[1]).click()
        wait_state(page, "broken")
        check("Refused" in feedback(page)[1] and "does-not-fit" in feedback(page)[1], f"{name}: a card that does not fit is refused", feedback(page))
        page.click("#today-restart")
        wait_path(page, 0)
    before = len(sent)
    for k, m in enumerate(moves):
        if k == len(moves) - 1:
            before = len(sent)
            move_button(page, m).dblclick()
        else:
            move_button(page, m).click()
            wait_path(page, k + 1)
            if k == len(moves) // 2 and wrong:
                page.locator("#today").screenshot(path=f"{SHOTS}/desktop-solitaire-playing.png")
    page.wait_for_selector("#today-result[data-state='solved']", timeout=20000)
    page.wait_for_timeout(700)
    check(len(sent) - before == 1, f"{name}: the winning move is sent once", sent[before:])
    check(page.is_disabled("#today-board [data-move='turn']"), f"{name}: no stock to turn after the end")
    turned = moves.count("turn")
    share = page.input_value("#today-share")
    check(share.count("■") == turned and share.count("□") == 15 - turned and sol["id"] in share,
          f"{name}: one filled square per stock card turned", share)
    return page.inner_text("#today-result"), share


def main():
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium" if not S.get("chromium") else S["chromium"], args=ARGS)
        desk = browser.new_context(viewport={"width": 1280, "height": 900}, timezone_id="UTC", bypass_csp=True)
        desk.grant_permissions(["clipboard-read", "clipboard-write"], origin=BASE)
        page = desk.new_page()

        # Today's ladder, at 1280 × 900: rules beside the board.
        ready(page, "/")
        board = page.locator("#today-board").bounding_box()
        rules = page.locator("#today-rules").bounding_box()
        check(rules["x"] > board["x"] + board["width"] - 1, "desktop: the rules are beside the board", (board, rules))
        ladder = S["ladder"]
        result, share = play_ladder(page, ladder, SHOTS, "today's ladder")
        check("2 of the 2 players who solved it (100 %) did as well, you included" in result,
              "the comparison counts the player's own answer", result)
        check("Pathways streak: 1 day" in result, "solving today's ladder starts a streak", result)
        page.click("#today-copy")
        page.wait_for_function("document.querySelector('#today-result .share [role=status]').textContent.includes('Cop')")
        page.locator("#today").screenshot(path=f"{SHOTS}/desktop-ladder-solved.png")
        # After a reload: still solved, same result and share text, nothing sent again.
        page.reload()
        page.wait_for_selector("body[data-ready='true']")
        page.wait_for_selector("#today-result[data-state='solved']", timeout=20000)
        check(page.input_value("#today-share") == share and feedback(page)[0] == "solved",
              "a solved puzzle stays solved after a reload", page.inner_text("#today-result"))

        # Today's deal.
        page.select_option("#today-game", "zhipai")
        page.wait_for_function("q => document.querySelector('#today-question').textContent.includes(q)", arg=S["deal"]["id"])
        result, share = play_deal(page, S["deal"], "today's deal")
        check("Zhi Pai streak: 1 day" in result, "solving today's deal starts its streak", result)
        page.locator("#today").screenshot(path=f"{SHOTS}/desktop-deal-solved.png")

        # Today's solitaire deal: a refused card, a restart, then the shortest win.
        page.select_option("#today-game", "solitaire")
        sol = S["solitaire"]
        page.wait_for_function("q => document.querySelector('#today-question').textContent.includes(q)", arg=sol["id"])
        result, share = play_solitaire(page, sol, sol["solution"], "today's solitaire", sol["wrong"])
        check("that is the best" in result and "Solitaire streak: 1 day" in result, "solving today's solitaire starts its streak", result)
        check(f"{sol['optimum']} stock card" in result, "the result names the stock cards of the best", result)
        page.locator("#today").screenshot(path=f"{SHOTS}/desktop-solitaire-solved.png")

        # Two tabs on one deal: the best win in one, then a worse win in the older one; the
        # browser keeps the best, and the older tab shows it after a reload.
        tabs = S["solitaire_tabs"]
        older = desk.new_page()
        ready(older, "/?puzzle=" + tabs["id"])
        ready(page, "/?puzzle=" + tabs["id"])
        play_solitaire(page, tabs, tabs["best"], "the newer tab")
        result, share = play_solitaire(older, tabs, tabs["worse"], "the older tab")
        check("from the best" in result, "the older tab's own result is worse", result)
        kept = older.evaluate(f"() => JSON.parse(localStorage.getItem('hexforge-played'))['{tabs['id']}']")
        check(kept["distance"] == 0 and "(optimal)" in kept["share"], "a worse result in an older tab never overwrites a better one", kept)
        older.reload()
        older.wait_for_selector("#today-result[data-state='solved']", timeout=20000)
        text = older.inner_text("#today-result")
        check("that is the best" in text, "after a reload the older tab shows the best result", text)
        older.close()
        ready(page, "/")

        # The archive: yesterday's ladder, played after its day, leaves the streak alone.
        page.select_option("#today-game", "pathways")
        page.wait_for_function("q => document.querySelector('#today-question').textContent.includes(q)", arg=ladder["id"])
        page.click("#today-archive summary")
        day = page.locator(f"#archive-calendar button.day[data-day='{S['today']}']")
        check("P★" in day.inner_text() and "Z★" in day.inner_text() and "S★" in day.inner_text(), "the calendar shows today's results", day.inner_text())
        if S.get("tomorrow_same_month"):
            check(page.is_disabled(f"#archive-calendar button.day[data-day='{S['tomorrow']}']"), "tomorrow cannot be opened")
        page.locator("#archive-calendar").screenshot(path=f"{SHOTS}/desktop-archive.png")
        if S["yesterday"][:7] != S["today"][:7]:
            page.click("#archive-calendar button[data-step='prev']")
        page.click(f"#archive-calendar button.day[data-day='{S['yesterday']}']")
        past = S["past_ladder"]
        page.wait_for_function("q => document.querySelector('#today-question').textContent.includes(q)", arg=past["id"])
        result, _ = play_ladder(page, past, SHOTS, "yesterday's ladder")
        check("leaves it as it was" in result and "streak: 1" not in result, "a past day does not touch the streak", result)
        page.click("#today-archive summary") if not page.is_visible("#archive-calendar") else None
        calendar = page.inner_text("#archive-calendar")
        check("Streaks: Pathways 1, Zhi Pai 1, Solitaire 1" in calendar, "the streaks after an archive game", calendar)
        day = page.inner_text(f"#archive-calendar button.day[data-day='{S['yesterday']}']")
        check("P★" in day, "the calendar marks yesterday's ladder solved", day)
        page.locator("#today").screenshot(path=f"{SHOTS}/desktop-archive-played.png")

        # A day not out yet: refused by the service, said on the page; tomorrow (UTC), which
        # the service serves to time zones ahead, waits here for its day too.
        ready(page, "/?puzzle=" + S["future_id"])
        text = feedback(page)[1]
        check("not out yet" in text, "a future puzzle is refused", text)
        ready(page, "/?puzzle=pathways-" + S["tomorrow"])
        text = feedback(page)[1]
        check("has not begun in your time zone" in text and page.text_content("#today-question") == "",
              "tomorrow's puzzle waits for its day", text)
        desk.close()

        # The linked puzzle (the puzzle book's QR codes) wins every time, its moves kept.
        for k in range(4):
            ctx = browser.new_context(viewport={"width": 1280, "height": 900}, timezone_id="UTC", bypass_csp=True)
            page = ctx.new_page()
            ready(page, f"/?puzzle={S['deal']['id']}&play={','.join(S['deal']['solution'][:2])}")
            question = page.text_content("#today-question")
            trail = page.get_attribute("#today-feedback", "data-trail")
            check(S["deal"]["id"] in question and trail == "unfinished unfinished", f"load {k + 1}: the linked deal and its moves", (question, trail))
            ctx.close()

        # A phone, 390 × 844: no sideways scrolling, feedback in sight after a tap at the bottom.
        phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                    device_scale_factor=2, timezone_id="UTC", bypass_csp=True)
        page = phone.new_page()
        ready(page, "/")
        width = page.evaluate("document.documentElement.scrollWidth")
        check(width <= 390, "phone: the page is no wider than the screen", width)
        nav = page.locator("nav a[href='#downloads']").bounding_box()
        check(nav["x"] + nav["width"] <= 390, "phone: Downloads is not clipped", nav)
        page.screenshot(path=f"{SHOTS}/phone-top.png")
        # A card tapped at the bottom edge of the screen (the board's last visible row): the
        # feedback line, below the board, must be in sight after the tap. Where the card ends
        # up depends on the page's length, fonts and Chromium's version, so the check asks only
        # that the card is on screen and as low as the page lets it go, never a position.
        top = page.locator(f"#today-board .pick[data-card='{ladder['far_top']}']")
        # "instant": the page scrolls smoothly, and the check must not measure mid-scroll.
        top.evaluate("e => e.scrollIntoView({block: 'end', behavior: 'instant'})")
        shown, box = in_view(page, f"#today-board .pick[data-card='{ladder['far_top']}']")
        check(shown, "phone: the card to tap is on screen", box)
        top.tap()
        wait_state(page, "broken")
        seen, box = in_view(page, "#today-feedback")
        check(seen, "phone: a refused tap's message is on screen", box)
        page.screenshot(path=f"{SHOTS}/phone-refused.png")
        # Today's deal on the phone too, wrong move first.
        page.select_option("#today-game", "zhipai")
        page.wait_for_function("q => document.querySelector('#today-question').textContent.includes(q)", arg=S["deal"]["id"])
        wrong_card, wrong_side = S["deal"]["wrong"].split(":")
        page.check(f"input[name='today-side'][value='{wrong_side}']")
        card(page, wrong_card).tap()
        wait_state(page, "broken")
        seen, box = in_view(page, "#today-feedback")
        check(seen, "phone: a refused deal card's message is on screen", box)
        page.screenshot(path=f"{SHOTS}/phone-deal.png")
        # The card sheet, closed, stays closed after the deck is switched.
        page.locator("#deck-grid .card-button").first.click()
        check("open" in page.get_attribute("#card-detail", "class"), "phone: a card opens the sheet")
        page.click("#card-detail .sheet-close")
        page.select_option("#deck-choice", index=1)
        page.wait_for_timeout(300)
        check("open" not in page.get_attribute("#card-detail", "class"), "phone: a closed sheet stays closed after a deck switch",
              page.get_attribute("#card-detail", "class"))
        phone.close()
        browser.close()
    print(json.dumps({"checked": CHECKED}, indent=1))


if __name__ == "__main__":
    try:
        main()
    except AssertionError as e:
        print("FAILED:", e, file=sys.stderr)
        print(json.dumps({"checked before": CHECKED}, indent=1), file=sys.stderr)
        sys.exit(1)
