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
