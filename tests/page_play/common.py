"""What the play-page scripts learn.py and offline.py share: the command line (BASE_URL
SHOT_DIR [CHROMIUM]), Chromium's arguments, the checks said, and a page opened until ready."""

import sys

BASE, SHOTS = sys.argv[1], sys.argv[2]
CHROMIUM = sys.argv[3] if len(sys.argv) > 3 else None
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
CHECKED = []


def check(ok, what, seen=""):
    """Passes, noting what was checked once, or fails saying what the page showed."""
    if not ok:
        raise AssertionError(f"{what}; the page showed: {seen}")
    if what not in CHECKED:
        CHECKED.append(what)


def ready(page, path):
    """Opens `path` and waits for the play page to be ready."""
    page.goto(BASE + path)
    page.wait_for_selector("body[data-ready='true']", timeout=30000)


def moves_or_end(page, timeout=30000):
    """Waits until the game is over or the person has moves offered."""
    page.wait_for_function(
        "() => !document.querySelector('#play-end').hidden || document.querySelectorAll('#play-moves button[data-move]').length > 0",
        timeout=timeout)


# The few words the drawing of a table writes itself: who is you, who is to move, an empty
# row. Every other word on the table is the rules module's (issue 44).
GENERIC = {"you", "to", "move", "none", "empty"}

# Each word the table shows (its text, and each label and title a screen reader says, on the
# board, the hidden-hexagram picker and the hands shown at the end; not the printed boards'
# own artwork, which is the print's) that the state it was drawn
# from does not hold: its terms, its table words (facts, parts, labels), the seats' names and
# lines, the view's values, the move buttons' words; and every word the module failed to give
# (drawn as `⟦key⟧`).
UNSAID = """(generic) => {
    const s = window.hexforgePlay.drawn;
    const known = new Set(generic);
    const words = (text) => (text.toLowerCase().match(/\\p{L}+/gu) || []);
    const add = (v) => {
        if (typeof v === 'string') words(v).forEach((w) => known.add(w));
        else if (Array.isArray(v)) v.forEach(add);
        else if (v && typeof v === 'object') Object.values(v).forEach(add);
    };
    const table = s.table_words || {};
    // The labels' words, not their keys (`home 0`).
    [s.terms, table.facts, table.parts, (table.labels || []).map(([, v]) => v), s.seat_names, s.seat_words, s.view, s.words].forEach(add);
    const said = [];
    for (const root of document.querySelectorAll('#play-board, #play-moves .picker, #play-hands [data-hand-seat]')) {
        const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        // A printed board's own words (its artwork, as printed) are the print's; the pieces'
        // titles and the badges placed on it are the drawing's.
        const printed = (n) => n.parentElement.closest('svg[data-drawn]') && !n.parentElement.closest('.drawn-badge, use[data-piece]');
        while (walk.nextNode()) if (!printed(walk.currentNode)) said.push(walk.currentNode.data);
        for (const e of root.querySelectorAll('[aria-label], [title]')) said.push(e.getAttribute('aria-label') || '', e.getAttribute('title') || '');
    }
    const unknown = new Set(said.flatMap(words).filter((w) => !known.has(w)));
    return { unknown: [...unknown].sort(), missing: said.filter((t) => t.includes('⟦')) };
}"""


def words_are_the_rules(page, where, check=check):
    """Every word the table shows is the rules module's (UNSAID finds none other, and no word
    the module failed to give)."""
    seen = page.evaluate(UNSAID, sorted(GENERIC))
    check(not seen["missing"], f"{where}: every label the table asks the rules module for is given", seen["missing"][:5])
    check(not seen["unknown"], f"{where}: every word the table shows is the rules module's", seen["unknown"])
