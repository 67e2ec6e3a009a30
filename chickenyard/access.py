"""Who may see or change a game: the edit link and the view link.

A phone that opens a game's link (`/join/<secret>`) keeps that secret in its
signed session cookie. Every request compares it with the game's current
secrets, so rotating the edit link shuts out every phone that had the old one.
Without a secret a game is not found at all: nothing of it is shown.

A browser keeps a cookie to about 4 KB, so a phone remembers the last
`REMEMBERED` games it opened, each by the first `KEPT_CHARS` characters of its
secret (96 bits, still unguessable); an older game opens again from its link.
"""
from __future__ import annotations

import hmac

from flask import abort, session

EDIT, VIEW = "edit", "view"
REMEMBERED = 50
KEPT_CHARS = 16


def _remembered() -> list[list]:
    """[game id, kept secret] pairs, oldest first (a list: the cookie's JSON sorts a dict's keys)."""
    games = session.get("games", [])
    if isinstance(games, dict):                       # cookies from before the list
        games = [[int(g), k] for g, k in games.items()]
    return [list(pair) for pair in games]


def grant(game_id: int, key: str) -> None:
    games = [pair for pair in _remembered() if pair[0] != game_id]
    games.append([game_id, key[:KEPT_CHARS]])     # the newest goes last
    session["games"] = games[-REMEMBERED:]
    session.permanent = True


def known_game_ids() -> list[int]:
    return [game_id for game_id, _ in _remembered()]


def role_for(game: dict) -> str | None:
    key = next((k for game_id, k in _remembered() if game_id == game["id"]), None)
    if not key:
        return None
    if _same(key, game["edit_key"]):
        return EDIT
    if _same(key, game["view_key"]):
        return VIEW
    return None


def _same(kept: str, secret: str) -> bool:
    return hmac.compare_digest(kept[:KEPT_CHARS], secret[:KEPT_CHARS])


def require(game: dict | None, need: str) -> str:
    """The phone's role for this game, or 404 (no secret) / 403 (view link, write wanted)."""
    role = role_for(game) if game else None
    if role is None:
        abort(404)
    if need == EDIT and role != EDIT:
        abort(403)
    return role
