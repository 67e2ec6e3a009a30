"""Castle Rock games kept on the table's machine: started, read, saved after each move, listed.

A phone finds only the games it started (see `access.require_solitaire`); here a game is read by
its id, and one that is not there raises NotFoundError (a 404 page).
"""
from __future__ import annotations

import json

from referee.castle_rock import CastleRock

from .clock import now
from .db import get_row, transaction


def start_solitaire(db, mode: str, state: CastleRock) -> int:
    at = now()
    with transaction(db):
        return db["solitaire"].insert({"mode": mode, "state": json.dumps(state.to_json()),
                                       "created_at": at, "updated_at": at, "finished": 0}).last_pk


def load_solitaire(db, game_id: int) -> tuple[dict, CastleRock]:
    """The game's row and its position (NotFoundError when there is no such game)."""
    row = get_row(db, "solitaire", game_id)
    return row, CastleRock.from_json(json.loads(row["state"]))


def save_solitaire(db, game_id: int, state: CastleRock) -> None:
    with transaction(db):
        db["solitaire"].update(game_id, {"state": json.dumps(state.to_json()), "updated_at": now(),
                                         "finished": int(state.is_over())})


def solitaire_listed(db, game_ids: list[int]) -> list[dict]:
    """The games given, newest first."""
    if not game_ids:
        return []
    return list(db.query(f"select * from solitaire where id in ({', '.join('?' * len(game_ids))}) "
                         "order by id desc", game_ids))
