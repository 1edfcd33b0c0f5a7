"""I-Ching Poker's and I-Ching Solitaire's tables drawn with the deck's printed faces (issue 46),
in Chromium, at 1280 and 390 px, each game played by a person against bots to its end.

Run by tests/service/play_pages.rs (`the_poker_and_solitaire_tables_draw_the_cards_the_view_says`):
    python3 cards.py BASE_URL SHOT_DIR [CHROMIUM]

At every turn of the person:
- every card drawn is the one the rules module's view says, as it lies: its printed face
  (`/cards/changing-lines/N.png`, turned when light side up) with the symbol, number and name
  of the hexagram the view says it shows. Poker: each seat's up cards, the person's own face-down
  cards, the other seats' face-down cards as the deck's back (as many as the view counts), the
  card the person turns drawn each way it may lie, the hands shown at the last showdown, the pot.
  Solitaire: the centre card, each pile's cards bottom first, the card turned up, the stock.
- the legal targets are marked on the table, and only they: poker's ways to turn the new card
  and the pot (for a call, a bet or a raise); solitaire's pile tops, the cards as they would lie
  and the stock (to turn a card); a target clicked that one move uses makes that move.
- every word on the table is the rules module's (its labels: `Pile 2 (4)`, `Pot: 12 chips`).
- the table is no wider than the window; no console error; the faces load.
Screenshots at the start, mid-game and the end. Prints JSON: what was checked, the screenshots.
"""

import json
import random

from playwright.sync_api import sync_playwright

from common import ARGS, BASE, CHECKED, CHROMIUM, SHOTS, check, moves_or_end, ready, words_are_the_rules

# A card drawn: [card, hexagram of its symbol, number shown, name, [face, orientation, url]].
DRAWN = """(el) => {
    const face = el.querySelector('img.card-face');
    const name = el.querySelector('.card-name');
    return [Number(el.dataset.card), el.querySelector('.card-symbol').textContent.codePointAt(0) - 0x4dc0 + 1,
            Number(el.querySelector('.card-n').textContent), name ? name.textContent : null,
            face ? [Number(face.dataset.face), face.dataset.orientation, new URL(face.src).pathname + new URL(face.src).search] : null];
}"""

# Each card the view says is on the table, beside the card drawn in its place.
SEEN = """(game) => {
    const view = window.hexforgePlay.view;
    const drawn = %s;
    const all = (sel) => [...document.querySelectorAll('#play-board ' + sel)].map(drawn);
    const want = (c, o, shows, name) => [c, shows, shows, name, o];
    const pairs = (wanted, got) => wanted.map((w, i) => [w, got[i] || null]).concat(got.slice(wanted.length).map((g) => [null, g]));
    const out = { pairs: [], backs: [], marks: {} };
    const marked = (sel, key) => [...document.querySelectorAll('#play-board ' + sel + '.legal-target')].map(key).sort();
    const acts = [...document.querySelectorAll('#play-moves [data-move]')].map(b => JSON.parse(b.dataset.move));
    const kind = (a) => typeof a === 'string' ? [a, true] : Object.entries(a)[0];
    if (game === 'poker') {
        view.seats.forEach((s, seat) => {
            const own = seat === view.seat && view.down.length;
            const w = (own ? view.down.map(c => want(c.card, 'dark', c.shows, c.name)) : [])
                .concat(s.up.map(c => want(c.card, c.orientation, c.shows, c.name)));
            out.pairs.push(...pairs(w, all('[data-stud-seat="' + seat + '"] .card.printed:not(.back)')));
            const backs = document.querySelectorAll('#play-board [data-stud-seat="' + seat + '"] .card.back').length;
            out.backs.push([(own ? 0 : s.down) + (s.turning && seat !== view.seat ? 1 : 0), backs]);
        });
        out.pairs.push(...pairs(view.turning.map(c => want(c.card, c.orientation, c.shows, c.name)), all('[data-turn] .card')));
        (view.showdown || []).forEach((h, seat) => out.pairs.push(...pairs(h ? h.cards.map(c => want(c.card, c.orientation, c.shows, c.name)) : [],
            all('[data-shown-seat="' + seat + '"] .card'))));
        out.pot = [view.pot, document.querySelector('#play-board [data-pot]').textContent];
        out.marks.turn = [acts.filter(a => kind(a)[0] === 'show').map(a => a.show).sort(), marked('[data-turn]', e => e.dataset.turn)];
        out.marks.pot = [acts.some(a => ['call', 'bet', 'raise'].includes(kind(a)[0])), marked('[data-pot]', () => 1).length === 1];
    } else {
        const c = view.centre;
        out.pairs.push(...pairs(c ? [want(c.card, c.orientation, c.shows, c.name)] : [], all('.sol-centre .card')));
        view.piles.forEach((pile, p) => out.pairs.push(...pairs(pile.map(n => want(n, 'dark', n, null)), all('[data-sol-pile="' + (p + 1) + '"] .card'))));
        out.pairs.push(...pairs(view.turned_up ? [want(view.turned_up, 'dark', view.turned_up, null)] : [], all('.sol-turned .card')));
        out.backs.push([view.stock ? 1 : 0, document.querySelectorAll('#play-board [data-stock] .card.back').length]);
        const plays = acts.filter(a => kind(a)[0] === 'play').map(a => a.play);
        out.marks.tops = [[...new Set(plays.map(p => String(p.pile)))].sort(), marked('[data-pile-top]', e => e.dataset.pileTop)];
        out.marks.lay = [plays.map(p => p.pile + '-' + p.orientation).concat(acts.filter(a => kind(a)[0] === 'read').map(a => 'read-' + a.read)).sort(),
            marked('[data-lay]', e => e.dataset.lay)];
        out.marks.stock = [acts.includes('turn'), marked('[data-stock]', () => 1).length === 1];
        // The faces drawn for the ways to lay: the pile's top card (or the card turned up) as it would lie.
        out.lays = [...document.querySelectorAll('#play-board [data-lay] img.card-face')].map(i => [i.closest('[data-lay]').dataset.lay, Number(i.dataset.face), i.dataset.orientation]);
        out.laysWant = acts.map(a => { const [k, v] = kind(a); if (k === 'read') return ['read-' + v, view.turned_up, v];
            if (k === 'play') { const pile = view.piles[v.pile - 1]; return [v.pile + '-' + v.orientation, pile[pile.length - 1], v.orientation]; } return null; }).filter(Boolean);
    }
    return out;
}""" % DRAWN


def same_card(want, got):
    """The card drawn is the view's: its number, the symbol, number and name of the hexagram the
    view says it shows, and its printed face turned as it lies."""
    if want is None or got is None:
        return False
    card, shows, n, name, orientation = want
    face = got[4]
    url_ok = face is not None and face[2].startswith(f"/cards/changing-lines/{card}.png?") and (("orientation=light" in face[2]) == (orientation == "light"))
    return got[:4] == [card, shows, n, name] and face is not None and face[:2] == [card, orientation] and url_ok


def table(page, game, width, turned):
    """Every card drawn as the view says; the legal targets marked, and only they."""
    seen = page.evaluate(SEEN, game)
    for want, got in seen["pairs"]:
        check(same_card(want, got), f"{game} {width}: each card on the table is its printed face, turned as the view says it lies, with the symbol, number and name of the hexagram the view says it shows", (want, got))
        turned[0] += int(want is not None and want[0] != want[1])
    for want, got in seen["backs"]:
        check(want == got, f"{game} {width}: the cards lying face down are drawn as the deck's back, as many as the view says", seen["backs"])
    for what, (want, got) in seen["marks"].items():
        check(want == got, f"{game} {width}: the legal targets ({what}) are marked on the table, and only they", seen["marks"])
    words_are_the_rules(page, f"{game} {width}", check)
    if game == "poker":
        check(f"Pot: {seen['pot'][0]} chip" in seen["pot"][1], f"poker {width}: the pot is drawn with the view's chips", seen["pot"])
    else:
        check(sorted(seen["lays"]) == sorted(seen["laysWant"]), f"solitaire {width}: each way to lay a card is drawn as the card would lie", (seen["lays"], seen["laysWant"]))
    return seen


def click_target(page, game, width):
    """A target on the table that one move uses, clicked: that move is made (True), or none such."""
    sel = "[data-turn].legal-target" if game == "poker" else "[data-lay].legal-target"
    targets = page.locator(f"#play-board {sel}")
    if not targets.count():
        return False
    logged = page.locator("#play-log li").count()
    key = targets.first.get_attribute("data-turn" if game == "poker" else "data-lay")
    targets.first.click()
    page.wait_for_function(f"() => document.querySelectorAll('#play-log li').length > {logged}", timeout=30000)
    said = page.locator("#play-log li").nth(logged).text_content()
    word = key.split("-")[-1]
    check("(person): " in said and word in said, f"{game} {width}: a card clicked on the table makes the move that lays it that way", (key, said))
    return True


def play(browser, game, setup, width, height, shots):
    c = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 500, has_touch=width < 500)
    page = c.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    ready(page, f"/play/{game}?{setup}&pace=0")
    rng = random.Random(width)
    turned, turns, clicked = [0], 0, 0
    name = f"{game}-{setup.split('orientation=')[1].split('&')[0] if 'orientation' in setup else 'book'}-{width}"
    while True:
        moves_or_end(page, 60000)
        if not page.locator("#play-end").is_hidden():
            break
        table(page, game, width, turned)
        if turns in (0, 15):
            page.locator("#play-board img.card-face").first.scroll_into_view_if_needed()
            page.wait_for_function("() => [...document.querySelectorAll('#play-board img.card-face')].some(i => i.complete && i.naturalWidth > 0)", timeout=60000)
            page.screenshot(path=f"{shots}/{name}-{'start' if turns == 0 else 'mid'}.png", full_page=True)
            sw = page.evaluate("document.documentElement.scrollWidth")
            check(sw <= width, f"{game} {width}: the table is no wider than the window", sw)
        turns += 1
        if turns % 2 and click_target(page, game, width):
            clicked += 1
            continue
        moves = page.locator("#play-moves button[data-move]")
        moves.nth(rng.randrange(moves.count())).click()
        check(turns < 3000, f"{game} {width}: the game ends")
    page.screenshot(path=f"{shots}/{name}-end.png", full_page=True)
    result = page.text_content("#play-result")
    check(len(result) > 10, f"{game} {width}: the end is said", result)
    check(errors == [], f"{game} {width}: no console error", errors)
    c.close()
    return {"game": game, "setup": setup, "width": width, "turns": turns, "clicked": clicked, "turned": turned[0], "result": result}


def main():
    out = {"games": [], "checked": CHECKED}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for game, setup in (("poker", "seats=3&bots=search,greedy&orientation=variable&seed=5"),
                            ("poker", "seats=2&bots=greedy&orientation=fixed&seed=6"),
                            ("solitaire", "bots=person&seed=8")):
            for width, height in ((1280, 900), (390, 844)):
                out["games"].append(play(browser, game, setup, width, height, SHOTS))
        browser.close()
    for g in out["games"]:
        check(g["clicked"] > 0 or g["setup"].endswith("fixed&seed=6"), f"{g['game']} {g['width']}: a card on the table was clicked to move", g)
    check(any(g["turned"] > 0 for g in out["games"] if g["game"] == "poker"),
          "poker: cards turned light side up, showing another hexagram than their number's, were seen and drawn so", out["games"])
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
