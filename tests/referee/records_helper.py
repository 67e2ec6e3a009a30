"""Hand records for the rulings' tests, written as a table would write them down."""
from __future__ import annotations

from referee.rulesets import rule_set
from referee.tiles import Tile, set_tiles


def whole_set_record(preset: str, set_size: int, deal: list[list[str]], moves: list[dict],
                     house: dict | None = None, centre: str | None = None, **fields) -> dict:
    """A record whose chicken yard holds the rest of the set (less a double set in the centre)."""
    dealt = {Tile.parse(t) for hand in deal for t in hand} | ({Tile.parse(centre)} if centre else set())
    yard = [str(t) for t in set_tiles(set_size) if t not in dealt]
    return {"format": "chickenyard/hand-v1", "preset": preset, "set": set_size, "house_rules": house or {},
            "deal": deal, "yard": yard, "moves": moves, **fields}


def rulebook_record(game: str, deal: list[list[str]], moves: list[dict], drawn: tuple[str, ...] = (),
                    avoid: dict[int, set] | None = None, engine: int | None = None, **fields) -> dict:
    """A Mexican Train or Super 15 record dealt from the whole double-15 set, as the rulebook deals it:
    each hand is the tiles named, filled up to the draw table's count with the first tiles of the set
    named nowhere else and showing no number in `avoid[player]` (nor a double, where it holds
    "double"); the bone pile holds the rest, `drawn` (the tiles the moves draw) among them."""
    each = rule_set(game).tiles_each(15, len(deal)).value
    named = {Tile.parse(t) for t in [*drawn, *(t for hand in deal for t in hand)]}
    spare = [t for t in set_tiles(15) if t not in named and (engine is None or t != Tile(engine, engine))]
    hands = []
    for player, hand in enumerate(deal):
        bar = (avoid or {}).get(player, set())
        fill = [t for t in spare if not (t.low in bar or t.high in bar or ("double" in bar and t.is_double))]
        fill = fill[:each - len(hand)]
        assert len(fill) == each - len(hand), f"not enough tiles to fill player {player}'s hand"
        spare = [t for t in spare if t not in fill]
        hands.append(hand + [str(t) for t in fill])
    record = {"format": "chickenyard/hand-v1", "game": game, "set": 15, "deal": hands,
              "yard": [*drawn, *(str(t) for t in spare)], "moves": moves, **fields}
    return record | ({"engine": engine} if engine is not None else {})


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
