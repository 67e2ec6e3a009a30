"""Hand records (chickenyard/hand-v1): a hand written down, and replayed move by move.

Like a chess game in PGN: the deal, the chicken yard, and the moves. A play
"a-b" joins an open end showing a and leaves b open; a double is "a|a".
"""
from __future__ import annotations

from .actions import Call, Draw, IllegalAction, MissedCall, Pass, Play, TakeBack, notation
from .games import GAMES
from .hand import Hand
from .rulesets import Rule, RuleSet, rule_set
from .tiles import BadTile, Tile, set_tiles

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
    if move.get("take_back") is True:
        return player, TakeBack(player)
    if "call" in move:
        if not isinstance(move["call"], str) or not move["call"].strip():
            raise BadRecord(f'a call names the word said, such as "call": "chickenlittle": {move!r}')
        return player, Call(player, move["call"])
    if "draw" in move:
        return player, Draw(_tile(move["draw"]))
    if move.get("pass") is True:
        return player, Pass()
    raise BadRecord(f"a move is a play, a draw, a pass, a take-back, a call or a missed call's penalty: {move!r}")


def move_record(player: int, action) -> dict:
    if isinstance(action, Play):
        return {"player": player, "play": action.notation()}
    if isinstance(action, MissedCall):
        record = {"player": player, "penalty": "missed_call"}
        if action.tile is not None:
            record["draw"] = str(action.tile)
        return record
    if isinstance(action, TakeBack):
        return {"player": player, "take_back": True}
    if isinstance(action, Call):
        return {"player": player, "call": action.word}
    if isinstance(action, Draw):
        return {"player": player, "draw": str(action.tile)}
    return {"player": player, "pass": True}


def _read_deal(record: dict, fewest: int = 2, most: int | None = None) -> tuple[list, list]:
    """The players' tiles and the yard, as tiles; the moves checked to be a list."""
    deal = record.get("deal")
    if not isinstance(deal, list) or not fewest <= len(deal) <= (most or len(deal)) \
            or not all(isinstance(h, list) for h in deal):
        raise BadRecord('"deal" lists each player\'s tiles, for ' +
                        (f"{fewest} to {most} players" if most else f"at least {fewest} players"))
    if not isinstance(record.get("moves"), list):
        raise BadRecord('"moves" is a list')
    return [[_tile(t) for t in h] for h in deal], [_tile(t) for t in record.get("yard") or []]


def _first_player(record: dict, players: int, default: int = 0) -> int:
    first = record.get("first_player", default)
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < players:
        raise BadRecord('"first_player" is a player\'s number')
    return first


def _rules(record: dict, preset: str) -> tuple[RuleSet, int]:
    """The record's rule set, with the table's house rules ("house_rules"), and its set ("set"; the
    rulebook's games are played with their one set)."""
    if not isinstance(record, dict) or record.get("format", FORMAT) != FORMAT:
        raise BadRecord(f'a hand record is a JSON object with "format": "{FORMAT}"')
    try:
        rules = rule_set(preset, record.get("house_rules") or {})
    except (ValueError, TypeError, AttributeError) as problem:
        raise BadRecord(str(problem)) from problem
    set_size = record.get("set", rules.sets[0] if len(rules.sets) == 1 else None)
    if set_size not in rules.sets:
        raise BadRecord(f'"set" must be one of {list(rules.sets)} for the {rules.title} rules')
    return rules, set_size


def start_hand(record: dict) -> tuple[Hand, list]:
    rules, set_size = _rules(record, str(record.get("preset", "classic")) if isinstance(record, dict) else "")
    hands, yard = _read_deal(record)
    # the hand's double: a record without one is the first hand of the set
    double = record.get("double", record.get("starting_double", set_size))
    if not isinstance(double, int) or isinstance(double, bool) or not 0 <= double <= set_size:
        raise BadRecord(f'"double" is the number of the hand\'s starting double, 0 to {set_size}')
    moves = record.get("moves") or []
    if not isinstance(moves, list) or not moves:
        raise BadRecord('"moves" is a list whose first move places the starting double, or draws to find it')
    parsed = [parse_move(m) for m in moves]
    _check_deal(rules, set_size, hands, yard, Tile(double, double) if _in_centre(rules, record) else None)
    first_player = _first_player(record, len(hands), parsed[0][0])
    try:
        hand = Hand(rules, set_size, hands, yard, double, first_player=first_player)
    except ValueError as problem:
        raise BadRecord(str(problem)) from problem
    _check_starter(rules, record, hand)
    return hand, parsed


def _check_deal(rules: RuleSet, set_size: int, hands: list, yard: list, centre: Tile | None,
                centre_rule: Rule | None = None) -> None:
    """Any game's deal, as each rule set says to deal it: the players' tiles, the chicken yard or bone
    pile, and a double set in the centre before the deal (`centre`: Chickenfoot's where the rule set
    says so, Mexican Train's engine, set there by `centre_rule`, else the rule set's starting double)
    hold the whole set, each tile once; and each player drew the rule set's count for the number of
    players (or the table's house rule)."""
    pile, title = rules.kind.bone_pile, rules.title
    dealt = [t for h in hands for t in h] + yard
    if centre is not None and centre in dealt:
        rule = centre_rule or rules["starting_double"]
        raise BadRecord(f"the {title} rules set {centre} in the centre before the tiles are drawn, "
                        f"so it is in nobody's hand and not in the {pile} ({rule.source}: \"{rule.quote}\")")
    everything = dealt + ([centre] if centre is not None else [])
    twice = sorted({t for t in everything if everything.count(t) > 1})
    missing = sorted(set(set_tiles(set_size)) - set(everything))
    stray = sorted(t for t in everything if not t.in_set(set_size))
    if twice or missing or stray:
        said = [f"{', '.join(map(str, twice))} twice"] if twice else []
        said += [f"{', '.join(map(str, missing))} missing"] if missing else []
        said += [f"{', '.join(map(str, stray))} not in the set"] if stray else []
        held = f"the deal{f', the {rules.kind.centre_double} in the centre' if centre is not None else ''} and the {pile}"
        raise BadRecord(f"{held} hold the whole double-{set_size} set, each tile once, as the {title} rules "
                        f"deal it ({rules.source}): " + "; ".join(said))
    try:
        rule = rules.tiles_each(set_size, len(hands))
    except ValueError as problem:
        raise BadRecord(str(problem)) from problem
    allowed = {rule.value} | ({s[0]} if (s := rules.proportional_draw(set_size, len(hands))) else set())
    wrong = [i for i, h in enumerate(hands) if len(h) not in allowed]
    if wrong:
        said = "as the table agreed (house rule)" if rule.house else \
            f'({rule.source}: "{rule.quote}"; a different count is a house rule: "tiles_each")'
        raise BadRecord(f"each player draws {rule.value} tiles with {len(hands)} players under the {title} rules "
                        f"{said}; player {wrong[0]} holds {len(hands[wrong[0]])}")


def _in_centre(rules, record: dict) -> bool:
    """The encyclopedia sets only the first round's double in the centre: later rounds start with
    "the highest double drawn that has not yet been used to start a round"."""
    return rules["starting_double"].value == "centre" and not record.get("used_doubles")


def _check_starter(rules, record: dict, hand: Hand) -> None:
    """The encyclopedia's starter and its later rounds' doubles."""
    used = record.get("used_doubles")
    if used:
        if not isinstance(used, list) or not all(isinstance(d, int) for d in used):
            raise BadRecord('"used_doubles" lists the doubles that started earlier rounds')
        drawn = sorted((t.low for h in hand.hands for t in h if t.is_double and t.low not in used), reverse=True)
        if not drawn or drawn[0] != hand.double.low:
            best = f"{drawn[0]}|{drawn[0]}" if drawn else "none"
            raise BadRecord(f"this round starts with the highest double drawn not yet used ({best}), not "
                            f"{hand.double} ({rules['nobody_holds_double'].source}: "
                            f"\"{rules['nobody_holds_double'].quote}\")")
    draw = record.get("starter_draw")
    if draw is not None:
        # encyclopedia: "In the first round only , everyone draws a single domino from the boneyard .
        # The player drawing the highest value begins the round"
        tiles = [_tile(t) for t in draw] if isinstance(draw, list) and len(draw) == hand.players else None
        if tiles is None:
            raise BadRecord('"starter_draw" names the tile each player drew to choose the starter')
        pips = [t.pips for t in tiles]
        starter = pips.index(max(pips))
        placer = (starter - 1) % hand.players
        if hand.turn != placer:
            raise BadRecord(f"player {starter} drew the highest tile and begins: the double is placed "
                            f"before player {starter}'s turn, by player {placer}")


def _train(value):
    return value if value == "mexican" else int(value)


def parse_train_move(move: dict):
    """(player, action) from a Mexican Train record's move."""
    from .mexican_train import EndTurn, Mark, PlayOn, TrainDraw
    if not isinstance(move, dict) or not isinstance(move.get("player"), int):
        raise BadRecord(f"a move names its player as a number: {move!r}")
    player = move["player"]
    if "play" in move:
        _, play = parse_move({"player": player, "play": move["play"]})
        try:
            return player, PlayOn(play.tile, _train(move.get("train")), play.joins)
        except (TypeError, ValueError) as problem:
            raise BadRecord(f'a play names its "train": a player\'s number or "mexican" ({move!r})') from problem
    if "draw" in move:
        return player, TrainDraw(_tile(move["draw"]))
    if move.get("mark") is True:
        return player, Mark()
    if move.get("end") is True:
        return player, EndTurn()
    raise BadRecord(f"a move is a play, a draw, a mark or the end of a first turn: {move!r}")


def start_train_round(record: dict):
    from .mexican_train import MexicanTrainRound
    rules, set_size = _rules(record, "mexican-train")
    hands, yard = _read_deal(record, 2, 10)
    engine = record.get("engine", set_size)
    if not isinstance(engine, int) or isinstance(engine, bool) or not 0 <= engine <= set_size:
        raise BadRecord(f'"engine" is the engine double, 0 to {set_size}')
    # the first round's engine is the set's highest double, set out in the rulebook's preparation (the
    # sentence the rule set quotes for its set); each later round's is "the next-lowest double"
    first_round = engine == set_size
    _check_deal(rules, set_size, hands, yard, Tile(engine, engine),
                rules["sets"] if first_round else rules["starting_double"])
    game = MexicanTrainRound(hands, yard, engine, first_player=_first_player(record, len(hands)))
    return game, [parse_train_move(m) for m in record["moves"]]


def parse_super15_move(move: dict):
    from .super15 import DrawTwo, PassTurn, Place
    if not isinstance(move, dict) or not isinstance(move.get("player"), int):
        raise BadRecord(f"a move names its player as a number: {move!r}")
    if "play" in move:
        _, play = parse_move({"player": move["player"], "play": move["play"]})
        end = move.get("on", "new")
        if end != "new" and not isinstance(end, int):
            raise BadRecord(f'"on" is an open end\'s number in order of play, or "new" for a new branch: {move!r}')
        others = move.get("others_draw")
        if others is not None:
            if not isinstance(others, dict):
                raise BadRecord(f'"others_draw" maps players to the tiles they drew: {move!r}')
            others = tuple((int(p), _tile(t)) for p, t in others.items())
        return move["player"], Place(play.tile, -1 if end == "new" else end, others)
    if "draw" in move:
        drawn = move["draw"] if isinstance(move["draw"], list) else [move["draw"]]
        return move["player"], DrawTwo(tuple(_tile(t) for t in drawn))
    if move.get("pass") is True:
        return move["player"], PassTurn()
    raise BadRecord(f"a move is a play, a draw or a pass: {move!r}")


def start_super15(record: dict):
    from .super15 import Super15Round
    rules, set_size = _rules(record, "super-15")
    hands, yard = _read_deal(record, 2, 10)
    _check_deal(rules, set_size, hands, yard, None)
    game = Super15Round(hands, yard, first_player=_first_player(record, len(hands)))
    return game, [parse_super15_move(m) for m in record["moves"]]


def write_super15(game, deal, yard, first_player: int) -> dict:
    from .super15 import DrawTwo, Place
    moves = []
    for player, action in game.log:
        if isinstance(action, Place):
            move = {"player": player, "play": notation(action.tile, action.tile.low), "on": "new" if action.end == -1 else action.end}
            if action.others_draw:
                move["others_draw"] = {str(p): str(t) for p, t in action.others_draw}
            moves.append(move)
        elif isinstance(action, DrawTwo):
            moves.append({"player": player, "draw": [str(t) for t in action.tiles]})
        else:
            moves.append({"player": player, "pass": True})
    return {"format": FORMAT, "game": "super-15", "set": 15, "first_player": first_player,
            "deal": [[str(t) for t in h] for h in deal], "yard": sorted(str(t) for t in yard), "moves": moves}


def replay(record: dict) -> dict:
    """Replay a record: the first illegal move, or the state reached."""
    try:
        game = record.get("game", "chickenfoot") if isinstance(record, dict) else "chickenfoot"
        if game not in GAMES:
            raise BadRecord(f'"game" is one of {", ".join(GAMES)}')
        hand, moves = GAMES[game].read_record(record)
    except BadRecord as problem:
        return {"legal": False, "move": None, "reason": str(problem), "rule": None, "source": None,
                "over": False, "ended_by": None, "points": None, "next_player": None}
    for index, (player, action) in enumerate(moves):
        expected = action.player if isinstance(action, (MissedCall, TakeBack, Call)) else hand.turn
        try:
            if player != expected and getattr(hand, "phase", None) == "place":
                raise IllegalAction(f"The hand starts with {hand.double}, set by player {hand.turn}.",
                                    hand.rules["starting_double"])
            if player != expected or hand.is_over():
                raise IllegalAction("The hand is over." if hand.is_over() else
                                    f"It is player {hand.turn}'s turn, not player {player}'s.",
                                    hand.rules["hand_ends"] if hand.is_over() else None)
            hand.apply(action)
        except IllegalAction as problem:
            rule = problem.rule
            return {"legal": False, "move": index, "reason": str(problem),
                    "rule": rule.quote or None if rule else None,
                    "source": rule.source if rule else None,
                    # where the rule set is silent: Chickenyard's reading, and the words it rests on
                    "suggested": rule.how if rule and not rule.stated else None,
                    "over": hand.is_over(), "ended_by": None, "points": None, "next_player": hand.turn}
    outcome = hand.outcome()
    return {"legal": True, "move": None, "reason": None, "rule": None, "source": None,
            "over": hand.is_over(), "ended_by": outcome.ended_by if outcome else None,
            "detail": outcome.detail if outcome else None,
            "points": list(outcome.points) if outcome else None,
            "next_player": None if hand.is_over() else hand.turn}


def write_train_round(game, deal, yard, first_player: int) -> dict:
    from .mexican_train import EndTurn, Mark, PlayOn
    moves = []
    for player, action in game.log:
        if isinstance(action, PlayOn):
            moves.append({"player": player, "play": notation(action.tile, action.joins), "train": action.train})
        elif isinstance(action, Mark):
            moves.append({"player": player, "mark": True})
        elif isinstance(action, EndTurn):
            moves.append({"player": player, "end": True})
        else:
            moves.append({"player": player, "draw": str(action.tile)})
    return {"format": FORMAT, "game": "mexican-train", "set": 15, "engine": game.engine,
            "first_player": first_player, "deal": [[str(t) for t in h] for h in deal],
            "yard": sorted(str(t) for t in yard), "moves": moves}


def write_hand(hand: Hand, deal, yard, first_player: int) -> dict:
    return {"format": FORMAT, "preset": hand.rules.preset, "set": hand.set_size, "double": hand.row_double,
            "house_rules": hand.rules.house_rules, "first_player": first_player,
            "deal": [[str(t) for t in tiles] for tiles in deal], "yard": sorted(str(t) for t in yard),
            "moves": [move_record(p, a) for p, a in hand.log]}


def write_record(round_, deal, yard, first_player: int | None = None) -> dict:
    """The record of a round played: any game's, read back by `replay`."""
    first = round_.log[0][0] if first_player is None and round_.log else (first_player or 0)
    return round_.rules.kind.write_record(round_, deal, yard, first)
