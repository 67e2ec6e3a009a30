"""Hand records (chickenyard/hand-v1): a hand written down, and replayed move by move.

Like a chess game in PGN: the deal, the chicken yard, and the moves. A play
"a-b" joins an open end showing a and leaves b open; a double is "a|a".
"""
from __future__ import annotations

from .actions import Draw, IllegalAction, MissedCall, Pass, Play
from .hand import Hand
from .rulesets import rule_set
from .tiles import BadTile, Tile

FORMAT = "chickenyard/hand-v1"


class BadRecord(ValueError):
    """A record that cannot even be set up (not a move that breaks a rule)."""


def _tile(text) -> Tile:
    try:
        return Tile.coerce(text.replace("-", "|") if isinstance(text, str) else text)
    except BadTile as problem:
        raise BadRecord(str(problem)) from problem


def parse_move(move: dict):
    """(player, action) from a record's move."""
    if not isinstance(move, dict) or not isinstance(move.get("player"), int):
        raise BadRecord(f"a move names its player as a number: {move!r}")
    player = move["player"]
    if "play" in move:
        text = str(move["play"])
        if "|" in text:
            tile = _tile(text)
            if not tile.is_double:
                raise BadRecord(f'"{text}": write a play as "a-b" (a joins the open end); only doubles use "|"')
            return player, Play(tile, tile.low)
        parts = text.split("-")
        if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
            raise BadRecord(f'"{text}" is not a play; write it as "a-b"')
        a, b = int(parts[0]), int(parts[1])
        return player, Play(Tile(a, b), a)
    if move.get("penalty") == "missed_call":
        return player, MissedCall(player, _tile(move["draw"]) if move.get("draw") else None)
    if "draw" in move:
        return player, Draw(_tile(move["draw"]))
    if move.get("pass") is True:
        return player, Pass()
    raise BadRecord(f"a move is a play, a draw or a pass: {move!r}")


def move_record(player: int, action) -> dict:
    if isinstance(action, Play):
        return {"player": player, "play": action.notation()}
    if isinstance(action, MissedCall):
        record = {"player": player, "penalty": "missed_call"}
        if action.tile is not None:
            record["draw"] = str(action.tile)
        return record
    if isinstance(action, Draw):
        return {"player": player, "draw": str(action.tile)}
    return {"player": player, "pass": True}


def start_hand(record: dict) -> tuple[Hand, list]:
    if not isinstance(record, dict) or record.get("format", FORMAT) != FORMAT:
        raise BadRecord(f'a hand record is a JSON object with "format": "{FORMAT}"')
    try:
        rules = rule_set(str(record.get("preset", "classic")), record.get("house_rules") or {})
    except (ValueError, TypeError) as problem:
        raise BadRecord(str(problem)) from problem
    set_size = record.get("set")
    if set_size not in rules.sets:
        raise BadRecord(f'"set" must be one of {list(rules.sets)} for the {rules.title} rules')
    deal = record.get("deal")
    if not isinstance(deal, list) or len(deal) < 2 or not all(isinstance(h, list) for h in deal):
        raise BadRecord('"deal" lists each player\'s tiles, for at least two players')
    moves = record.get("moves") or []
    if not isinstance(moves, list) or not moves:
        raise BadRecord('"moves" is a list whose first move places the starting double')
    parsed = [parse_move(m) for m in moves]
    # the first play places the starting double (draws may come first while players seek it)
    first_player, first = next(((p, a) for p, a in parsed if isinstance(a, Play)), (None, None))
    if first is None or not first.tile.is_double or \
            any(not isinstance(a, Draw) for _, a in parsed[:parsed.index((first_player, first))]):
        raise BadRecord("the first move places the hand's starting double")
    first_player = parsed[0][0]
    try:
        hand = Hand(rules, set_size, [[_tile(t) for t in h] for h in deal],
                    [_tile(t) for t in record.get("yard") or []], first.tile.low,
                    first_player=first_player % len(deal))
    except ValueError as problem:
        raise BadRecord(str(problem)) from problem
    return hand, parsed


def replay(record: dict) -> dict:
    """Replay a record: the first illegal move, or the state reached."""
    try:
        hand, moves = start_hand(record)
    except BadRecord as problem:
        return {"legal": False, "move": None, "reason": str(problem), "rule": None, "source": None,
                "over": False, "ended_by": None, "points": None, "next_player": None}
    for index, (player, action) in enumerate(moves):
        expected = action.player if isinstance(action, MissedCall) else hand.turn
        try:
            if player != expected or hand.is_over():
                raise IllegalAction("The hand is over." if hand.is_over() else
                                    f"It is player {hand.turn}'s turn, not player {player}'s.",
                                    hand.rules["hand_ends"] if hand.is_over() else None)
            hand.apply(action)
        except IllegalAction as problem:
            return {"legal": False, "move": index, "reason": str(problem),
                    "rule": problem.rule.quote if problem.rule else None,
                    "source": problem.rule.source if problem.rule else None,
                    "over": hand.is_over(), "ended_by": None, "points": None, "next_player": hand.turn}
    outcome = hand.outcome()
    return {"legal": True, "move": None, "reason": None, "rule": None, "source": None,
            "over": hand.is_over(), "ended_by": outcome.ended_by if outcome else None,
            "detail": outcome.detail if outcome else None,
            "points": list(outcome.points) if outcome else None,
            "next_player": None if hand.is_over() else hand.turn}


def write_record(hand: Hand, deal, yard, preset: str, house_rules: dict | None = None) -> dict:
    return {"format": FORMAT, "preset": preset, "set": hand.set_size, "house_rules": house_rules or {},
            "deal": [[str(t) for t in tiles] for tiles in deal], "yard": sorted(str(t) for t in yard),
            "moves": [move_record(p, a) for p, a in hand.log]}
