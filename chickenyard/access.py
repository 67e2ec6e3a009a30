"""Who may see or change a game: the edit link and the view link.

A phone that opens a game's link (`/join/<secret>`) keeps that secret in its
signed session cookie. Every request compares it with the game's current
secrets, so rotating the edit link shuts out every phone that had the old one.
Without a secret a game is not found at all: nothing of it is shown.
"""
from __future__ import annotations

from flask import abort, session

EDIT, VIEW = "edit", "view"


def grant(game_id: int, key: str) -> None:
    keys = dict(session.get("games", {}))
    keys[str(game_id)] = key
    session["games"] = keys
    session.permanent = True


def known_game_ids() -> list[int]:
    return [int(g) for g in session.get("games", {})]


def role_for(game: dict) -> str | None:
    key = session.get("games", {}).get(str(game["id"]))
    if not key:
        return None
    if key == game["edit_key"]:
        return EDIT
    if key == game["view_key"]:
        return VIEW
    return None


def require(game: dict | None, need: str) -> str:
    """The phone's role for this game, or 404 (no secret) / 403 (view link, write wanted)."""
    role = role_for(game) if game else None
    if role is None:
        abort(404)
    if need == EDIT and role != EDIT:
        abort(403)
    return role
