"""Schemathesis hooks for the contract test (tests/service/contract.rs).

The schema (web/openapi.json) says what a request may look like; a few rules about what
it means cannot be said in a schema, and the server refuses a request that breaks one
with a 400 (or 422) naming the rule. Such a refusal of a schema-valid request is not a
disagreement between the schema and the server, so it is dropped here: only for the
operation the rule belongs to and only when the error message names that rule. Every
other failure stands. The same rules are listed in docs/service.md ("The API").
"""

import re

import schemathesis

# (operation, statuses, pattern the "error" message must match from its start)
SEMANTIC_RULES = [
    # Zhi Pai: `available` lists neither the start card nor its complement (they are on
    # the table from the start; which card is the complement depends on the start).
    ("POST /api/sequences/zhi-pai/shortest", {400}, r"card \d+ is on the table from the start "),
    ("POST /api/sequences/zhi-pai/check", {400}, r"card \d+ is on the table from the start "),
    ("POST /api/zhipai/shortest", {400}, r"card \d+ is on the table from the start "),
    ("POST /api/zhipai/check", {400}, r"card \d+ is on the table from the start "),
    # A record is one of the game the path names (the game is in the path, the record's
    # shape, which differs from game to game, in the body; each game's own schema is
    # checked on its older address, /api/GAME/check).
    ("POST /api/games/{game}/check", {400}, r"not a record of \S+: "),
    # A puzzle is answered in its game's kind: a pathways id takes a sequence, a zhipai
    # id turns, a solitaire id moves (the kind is in the path, the answer in the body).
    ("POST /api/puzzles/{id}/check", {400}, r"\S+ was sent (a sequence|turns|moves) \(a .+ answer\), but it is a "),
    # A room is of a game the registry has, with as many seats as the game takes and the
    # options it takes (docs/service.md, Rooms).
    ("POST /api/rooms", {400}, r"(?s)(no game |\d+ seats: |\d+ players: |.* is not an option of |.*: expected one of )"),
    # A photo is a PNG or JPEG image in which a card can be read.
    ("POST /api/neighbours/verify-photo", {400, 422}, r""),
]


def names_a_semantic_rule(operation, status, message):
    return any(
        operation == op and status in statuses and re.match(pattern, message)
        for op, statuses, pattern in SEMANTIC_RULES
    )


@schemathesis.hook
def filter_failure(context, failure, case, response):
    """Keep every failure but a schema-valid request refused for a semantic rule."""
    if failure.code != "ST202":  # Schema-valid request rejected (positive_data_acceptance)
        return True
    try:
        message = response.json().get("error", "")
    except Exception:
        return True
    return not names_a_semantic_rule(failure.operation, response.status_code, message)
