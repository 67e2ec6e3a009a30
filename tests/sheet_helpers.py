"""Helpers the score-sheet tests share: start a game, read its ids back."""
from __future__ import annotations

import re

from chickenyard.storage.db import connect
from tests.elements import elements, texts
from tests.elements import texts


def start_game(client, players=("Ann", "Bo", "Cy", "Di"), preset="classic", set_size=9, game="chickenfoot",
               **house):
    data = {"game": game, "preset": preset, "set": str(set_size),
            "double_blank": str(house.pop("double_blank", 50)), "hands": str(house.pop("hands", "")),
            "player": list(players)}
    for flag in ("long_game", "alternate_beginning"):
        if house.pop(flag, False):
            data[flag] = "1"
    response = client.post("/games/new", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return int(re.search(r"/games/(\d+)$", response.headers["Location"]).group(1))


def player_ids(app, game_id) -> dict[str, int]:
    db = connect(app.config["DATABASE"])
    return {r["name"]: r["id"] for r in db.query("select * from players where game_id = ?", [game_id])}


def hand_form(ids, points=None, tiles=None, went_out=None) -> dict:
    """A posted hand form: points and tiles by player name."""
    data: dict = {"went_out": str(ids[went_out]) if went_out else ""}
    for name, value in (points or {}).items():
        data[f"points-{ids[name]}"] = str(value)
    for name, value in (tiles or {}).items():
        data[f"tiles-{ids[name]}"] = list(value)
    return data


def column_heads(html) -> list[str]:
    """The sheet's players as its columns are headed (the title: the name, and when one left)."""
    return [head["title"] for head in elements(html, 'thead th[scope="col"][title]')]


def sheet_actions(html) -> list[str]:
    """The buttons and links under the sheet, as they read: entering a hand, Undo, Redo, printing, saving."""
    return texts(html, ".actions a, .actions button")


WATCHING = ["Print", "PDF (Letter)", "Save a copy (JSON)", "Spreadsheet (CSV)"]   # the actions of a watch phone


def totals_row(html) -> list[str]:
    """The sheet's totals at its foot, one per player (the leader's star left out)."""
    return [total.replace("★", "").strip() for total in texts(html, "tfoot td")]
