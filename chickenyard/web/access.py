"""Who may see or change a game: the edit link and the view link.

A phone that opens a game's link (`/join/<secret>`) keeps that secret in its
signed session cookie. Every request compares it with the game's current
secrets, so rotating the edit link shuts out every phone that had the old one.
Without a secret a game is not found at all: nothing of it is shown.

A browser keeps a cookie to about 4 KB, so a phone remembers the last
`REMEMBERED` games it opened, each by the first `KEPT_CHARS` characters of its
secret (96 bits, still unguessable); an older game opens again from its link.

A Castle Rock game has no link: it is the phone's own, found only by the phone that started it
(the last `SOLITAIRE_KEPT` of them).

A game this phone may not see is not found (NotFoundError, the one 404 page), so nothing tells a
stranger whether it exists.
"""
from __future__ import annotations

import hmac

from flask import abort, session
from sqlite_utils.db import NotFoundError

from ..storage.db import opened_on

EDIT, VIEW = "edit", "view"
REMEMBERED = 50
KEPT_CHARS = 16
SOLITAIRE_KEPT = 20


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


def grant_role(game: dict, role: str) -> None:
    """This phone holds the game's edit or view link, as if it had opened it (`game`: its row)."""
    grant(game["id"], game[f"{role}_key"])


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


def require(game: dict, need: str) -> str:
    """The phone's role for this game, or NotFoundError (no secret) / 403 (view link, write wanted)."""
    role = role_for(game)
    if role is None:
        raise NotFoundError(game["id"])
    if need == EDIT and role != EDIT:
        abort(403)
    opened_on(game["id"])
    return role


def solitaire_ids() -> list[int]:
    """The Castle Rock games this phone started, oldest first."""
    return list(session.get("solitaire", []))


def keep_solitaire(game_id: int) -> None:
    session["solitaire"] = solitaire_ids()[-(SOLITAIRE_KEPT - 1):] + [game_id]


def require_solitaire(game_id: int) -> None:
    """NotFoundError unless this phone started that Castle Rock game."""
    if game_id not in solitaire_ids():
        raise NotFoundError(game_id)
