"""What a phone or a file sends, read strictly: whole numbers, JSON, names.

`str.isdigit()` is true for '²' and '٣', which `int()` refuses or reads as another number, and
`int()` refuses a string of 5000 digits; a JSON document nested ten thousand deep overflows
Python's stack. Each of these was a 500; here each is a plain refusal the form can explain.
"""
from __future__ import annotations

import json
import unicodedata

from werkzeug.routing import IntegerConverter

from referee.words import _

MAX_DEPTH = 20          # a Chickenyard game document is 6 deep
MAX_QUOTE = 60          # characters of a bad value quoted back in a message


def whole_number(text: str | None, digits: int = 6) -> int | None:
    """The number written in ASCII digits, or None for anything else (empty, '²', '-1', '1.0')."""
    text = (text or "").strip()
    if not text or len(text) > digits or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


# The bidi embeddings, overrides and isolates reorder the text after them: U+202E printed
# "evil15" as "51live" on a PDF. A name has no use for them (a browser sets Arabic or Hebrew
# right to left by itself).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _control(ch: str) -> bool:
    return unicodedata.category(ch) in ("Cc", "Zl", "Zp") or ch in BIDI_CONTROLS


def has_control_characters(text: str) -> bool:
    """NUL, line breaks, tabs, the bidi overrides and the other control characters: no place in a
    name on one line."""
    return any(_control(ch) for ch in text)


def printable(text: str) -> str:
    """The text without control characters (a device name from a cookie, say)."""
    return "".join(ch for ch in text if not _control(ch))


class RowId(IntegerConverter):
    """`<int:...>` in an address: a whole number SQLite can hold (below 2^63); any longer one is no
    row at all, a 404 like any other id that is not there, not an OverflowError."""

    def __init__(self, url_map, *args, **kwargs):
        kwargs.setdefault("max", SQLITE_MAX_INT)
        super().__init__(url_map, *args, **kwargs)


SQLITE_MAX_INT = 2**63 - 1


class BadJSON(ValueError):
    """Not a JSON document Chickenyard reads; the message says why in words."""


def load_json(text: str | bytes):
    """A JSON value, refused (BadJSON) when it is malformed or nested deeper than any game is."""
    try:
        value = json.loads(text)
    except RecursionError as problem:
        raise BadJSON(_("it is nested far deeper than a game (more than %(most)s levels)", most=MAX_DEPTH)) from problem
    except (ValueError, TypeError) as problem:          # JSONDecodeError and UnicodeDecodeError among them
        raise BadJSON(cut(str(problem))) from problem
    if depth(value) > MAX_DEPTH:
        raise BadJSON(_("it is nested deeper than a game (more than %(most)s levels)", most=MAX_DEPTH))
    return value


def load_bounded_json(body: bytes, *, containers: int, values: int):
    """A JSON document of at most that many objects and lists, and about that many values, refused
    (BadJSON) before parsing when it has more: `[{},{},...]` of a megabyte is 300,000 dicts and tens
    of megabytes of memory once parsed. Counting brackets and commas overcounts (they may sit in a
    string), never undercounts, and costs no memory."""
    found = body.count(b"{") + body.count(b"[")
    if found > containers:
        raise BadJSON(_("it holds %(found)s objects and lists, far more than any game (%(most)s at most)",
                        found=f"{found:,}", most=f"{containers:,}"))
    if body.count(b",") > values:
        raise BadJSON(_("it holds far more values than any game (%(most)s at most)", most=f"{values:,}"))
    return load_json(body)


def depth(value) -> int:
    """How deeply lists and objects nest in a JSON value, counted without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, level)
            stack.extend((child, level + 1) for child in item)
    return deepest


def quote(value) -> str:
    """A bad value as a message can quote it back: its repr, cut to a sensible length."""
    return cut(repr(value))


def cut(text: str, most: int = MAX_QUOTE) -> str:
    return text if len(text) <= most else text[:most - 1] + "…"
