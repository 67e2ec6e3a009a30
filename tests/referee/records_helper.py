"""Hand records for the rulings' tests, written as a table would write them down."""
from __future__ import annotations

from referee.tiles import Tile, set_tiles


def whole_set_record(preset: str, set_size: int, deal: list[list[str]], moves: list[dict],
                     house: dict | None = None, centre: str | None = None, **fields) -> dict:
    """A record whose chicken yard holds the rest of the set (less a double set in the centre)."""
    dealt = {Tile.parse(t) for hand in deal for t in hand} | ({Tile.parse(centre)} if centre else set())
    yard = [str(t) for t in set_tiles(set_size) if t not in dealt]
    return {"format": "chickenyard/hand-v1", "preset": preset, "set": set_size, "house_rules": house or {},
            "deal": deal, "yard": yard, "moves": moves, **fields}


def plays(*moves: tuple[int, str]) -> list[dict]:
    """Moves from (player, notation): "a-b" a play, "a|a" a double, "pass", "draw x|y", "take back",
    "missed call"."""
    out = []
    for player, text in moves:
        if text == "pass":
            out.append({"player": player, "pass": True})
        elif text.startswith("draw "):
            out.append({"player": player, "draw": text[5:]})
        elif text == "take back":
            out.append({"player": player, "take_back": True})
        elif text == "missed call":
            out.append({"player": player, "penalty": "missed_call"})
        else:
            out.append({"player": player, "play": text})
    return out
