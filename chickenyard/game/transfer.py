"""A game as a document (chickenyard/game-v1) and as a spreadsheet.

Export writes what the sheet shows; import checks a whole document with the
same rules as the score form and the same set-up check as the new-game form
(game_setup.py, whose words follow the name of the document's field), and
refuses it whole, listing every problem.
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field

from referee.games import GAMES
from referee.rulesets import RuleSet, rule_set
from referee.plausibility import TypedEntry, most_points
from referee.tiles import BadTile, Tile, tile_count
from referee.words import _, names

from ..web.filters import double_label
from .game_setup import (MAX_GAME_NAME, check_game, clean_game_name, clean_name, game_name_problem,
                         same_names_problem, seats_problem, written_names_problem)
from .hand_entries import check_entries
from .sheet import Entry, HandRow, Player, Sheet
from .typed import cut, quote

FORMAT = "chickenyard/game-v1"


def export_document(sheet: Sheet) -> dict:
    names = {p.id: p.printed_name for p in sheet.players}
    hands = []
    for hand in sheet.hands:
        if not hand.started():
            continue
        entries = []
        for p in sheet.players:
            e = hand.entry(p.id)
            if not (e.entered or e.went_out):
                continue
            item = {"player": p.printed_name, "points": e.points}
            if e.went_out:
                item["went_out"] = True
            if e.tiles:
                item["tiles"] = [t.as_list() for t in e.tiles]
            if e.tiles_left is not None and not e.went_out:
                item["tiles_left"] = e.tiles_left       # Super 15: what settles a blocked round
            entries.append(item)
        row = {"number": hand.number, "double": hand.double, "entries": entries}
        if sheet.kind.counts_tiles_left:
            winner = sheet.round_winner(hand)
            row["winner"] = names[winner] if winner is not None else None
        hands.append(row)
    totals = sheet.totals
    chosen = sheet.game.get("first_starter")
    return {
        "format": FORMAT, "game": sheet.rules.game, "preset": sheet.rules.preset,
        "set": sheet.set_size, "house_rules": sheet.rules.house_rules,
        "players": [p.printed_name for p in sheet.players], "hands": hands,
        "totals": {names[pid]: t for pid, t in totals.items()},
        "leaders": sheet.printed_names(sheet.leaders), "finished": sheet.finished,
        "created_at": sheet.game["created_at"],
        # added later; a document without them is a game everyone played from start to end
        "name": sheet.game.get("name"),
        "first_starter": None if chosen is None else sheet.first_starter + 1,   # a place in "players"
        # each seat's own total: "totals" is by name, and of a name used twice it keeps the later seat
        "seats": [{"player": p.printed_name, "from_hand": p.joined_hand, "start_points": p.start_points,
                   "left_after_hand": p.left_hand, "total": totals[p.id]} for p in sheet.players],
    }


def export_csv(sheet: Sheet) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    # Super 15 keeps no points: a round's row marks its winner, and the totals are rounds won
    kind = sheet.kind
    writer.writerow([kind.unit, "double"] + [spreadsheet_safe(p.printed_name) for p in sheet.players])
    for hand in sheet.hands:
        writer.writerow([hand.number, double_label(hand.double)] +
                        [kind.score_text(v, won="won") for v in sheet.scores(hand)])
    totals = sheet.totals
    writer.writerow([kind.totals_name, ""] + [totals[p.id] for p in sheet.players])
    return out.getvalue()


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(text: str) -> str:
    """A name a spreadsheet shows as text, never runs as a formula (OWASP, CSV injection): a cell
    that begins like a formula gets a leading apostrophe, and the csv module quotes it."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


@dataclass
class ImportedGame:
    rules: object = None                # the game (Chickenfoot, Super 15, ...) follows from it
    set_size: int = 0
    players: list[str] = field(default_factory=list)
    hand_doubles: list[int] = field(default_factory=list)
    hands: dict[int, dict[int, Entry]] = field(default_factory=dict)  # hand number -> seat -> entry
    seats: list[Player] = field(default_factory=list)   # who joined late (and at what total) or left
    name: str | None = None
    first_starter: int | None = None                    # a seat, when the table chose who starts


MOST_PROBLEMS = 20      # listed in full; a document with thousands of bad entries gets a count of the rest
PROBLEM_LENGTH = 200


def read_document(doc) -> tuple[ImportedGame | None, list[str]]:
    """Check a whole document; returns the game to create, or the problems found, each cut to a
    readable length (a bad value is quoted, never the whole 5 MB of it)."""
    game, problems = _read_document(doc)
    shown = [cut(problem, PROBLEM_LENGTH) for problem in problems[:MOST_PROBLEMS]]
    if len(problems) > MOST_PROBLEMS:
        shown.append(_("... and %(more)s more problems.", more=len(problems) - MOST_PROBLEMS))
    return game, shown


def _read_document(doc) -> tuple[ImportedGame | None, list[str]]:
    problems: list[str] = []
    if not isinstance(doc, dict):
        return None, [_("The document must be a JSON object like the one Chickenyard exports.")]
    if doc.get("format") != FORMAT:
        problems.append(_('"format" must be "%(format)s".', format=FORMAT))
    rules, set_size = _rules(doc, problems)
    # what can be checked without the rules is checked all the same, so one reading lists every kind of problem
    players = _players(doc.get("players"), problems)
    name = _game_name(doc.get("name"), problems)
    doubles = None
    if rules is not None:
        try:
            doubles = rules.hand_doubles(set_size)
        except ValueError as problem:
            problems.append(str(problem))
    seats = None if players is None else _seats(doc.get("seats"), players, rules, set_size, doubles, problems)
    if seats is not None:
        _seating(seats, "seats" in doc, rules, set_size, doubles, problems)
    first = _first_starter(doc.get("first_starter"), players, problems)
    if rules is None or doubles is None:
        if not isinstance(doc.get("hands", []), list):
            problems.append(_('"hands" must be a list.'))
        return None, problems
    if seats is None:
        return None, problems
    result = ImportedGame(rules, set_size, players, doubles, seats=seats, name=name, first_starter=first)
    _hands(doc.get("hands", []), result, problems)
    return (None, problems) if problems else (result, [])


def _field(key: str, problem: str) -> str:
    """A set-up problem in the new-game form's words, after the name of the document's field."""
    return f'"{key}": {problem}'


def _rules(doc: dict, problems: list[str]) -> tuple[RuleSet | None, int | None]:
    """The document's game, rule set, set and house rules, checked as the new-game form checks them."""
    house, house_ok = _house_rules(doc.get("house_rules") or {}, problems)
    preset = doc.get("preset") if isinstance(doc.get("preset"), str) else ""
    set_size = doc.get("set")
    whole = isinstance(set_size, int) and not isinstance(set_size, bool)
    setup: dict[str, str] = {}
    base, set_size = check_game(setup, _game(doc.get("game"), preset, problems), preset,
                                str(set_size) if whole else "", as_given=True)
    problems.extend(_field(key, problem) for key, problem in setup.items())
    if setup or not house_ok:
        return None, None
    try:
        return rule_set(base.preset, house), set_size
    except (ValueError, TypeError) as problem:
        problems.append(f'"house_rules": {problem}')
        return None, None


def _house_rules(house, problems: list[str]) -> tuple[dict, bool]:
    if not isinstance(house, dict):
        problems.append(_('"house_rules" must be an object, like {"double_blank": 25}.'))
        return {}, True
    floats = [_('"house_rules": %(key)s must be a whole number or a word, not %(value)s.', key=quote(key),
                value=quote(value)) for key, value in house.items() if isinstance(value, float)]   # 25.0 would be stored as a float
    problems.extend(floats)
    return house, not floats


def _game(named, preset: str, problems: list[str]) -> str:
    """The game whose set-up is checked. The rule set decides the game (a "classic" Super 15 would be
    scored with Chickenfoot's rows); a game it does not know is checked as named, and the form's
    words list the games; without either, Chickenfoot's rule sets are listed."""
    known = named if isinstance(named, str) and named in GAMES else None
    of_rules = next((key for key, kind in GAMES.items() if preset in kind.presets), None)
    if known and of_rules and known != of_rules:
        problems.append(_('"game" %(game)s does not go with the "%(preset)s" rules, which are %(rules_game)s\'s: leave '
                          '"game" out or name the rules of %(game_name)s.', game=quote(known), preset=preset,
                          rules_game=GAMES[of_rules].name, game_name=GAMES[known].name))
    if named is not None and known is None:
        return named if isinstance(named, str) else ""
    return of_rules or known or next(iter(GAMES))


def _players(names, problems) -> list[str] | None:
    if not isinstance(names, list) or not all(isinstance(n, str) and n.strip() for n in names):
        problems.append(_('"players" must be a list of names.'))
        return None
    names = [clean_name(n) for n in names]
    problem = written_names_problem(names)
    if problem:
        problems.append(_field("players", problem))
    return names


def _game_name(name, problems) -> str | None:
    if name is None:
        return None
    if not isinstance(name, str):
        problems.append(_('"name" must be the name of the game, on one line of at most %(most)s characters, or '
                          'null, not %(value)s.', most=MAX_GAME_NAME, value=_shown(name)))
        return None
    name = clean_game_name(name)
    problem = game_name_problem(name)
    if problem:
        problems.append(_field("name", problem))
        return None
    return name or None


def _first_starter(first, players, problems) -> int | None:
    """The place in "players" of the player the table chose to start (null: not chosen)."""
    if first is None:
        return None
    if isinstance(first, bool) or not isinstance(first, int) or players is None or not 1 <= first <= len(players):
        problems.append(_('"first_starter" must be a place in "players" from 1 to %(most)s (or null), not %(value)s.',
                          most=len(players), value=_shown(first)) if players else
                        _('"first_starter" must be a place in "players" (or null), not %(value)s.', value=_shown(first)))
        return None
    return first


def _seats(items, names, rules, set_size, doubles, problems) -> list[Player] | None:
    """Each player's seat: from which hand they played, at what starting total, and after which hand
    they left. A document without "seats" is a game everyone played from the first hand to the last."""
    if items is None:
        return [Player(seat, seat, name) for seat, name in enumerate(names, start=1)]
    if not isinstance(items, list) or len(items) != len(names):
        problems.append(_('"seats" must be a list with one object per name in "players", in the same order.'))
        return None
    hands = len(doubles) if doubles else None
    units = rules.kind.units if rules is not None else _("hands")
    seats, ok = [], True
    for seat, (item, name) in enumerate(zip(items, names), start=1):
        where = f'"seats", {quote(name)}'
        if not isinstance(item, dict) or not isinstance(item.get("player"), str) or clean_name(item["player"]) != name:
            problems.append(_('"seats": place %(seat)s must be an object naming %(name)s, the player in that place of '
                              '"players".', seat=seat, name=quote(name)))
            ok = False
            continue
        joined, joined_ok = _count(item, "from_hand", 1, 1, hands, where, problems)
        left, left_ok = _count(item, "left_after_hand", None, joined if joined_ok else 1, hands, where, problems)
        by_pips = rules is not None and rules.kind.scored_by_pips
        most = most_points(rules, set_size) * hands if by_pips and hands else None
        points, points_ok = _count(item, "start_points", 0, 0, most, where, problems)
        if points_ok and points and rules is not None and not by_pips:
            problems.append(_("%(where)s: start_points must be 0: a late player in %(game)s starts with no %(units)s won.",
                              where=where, game=GAMES[rules.game].name, units=units))
            points_ok = False
        ok = ok and joined_ok and left_ok and points_ok
        seats.append(Player(seat, seat, name, joined_hand=joined, start_points=points, left_hand=left))
    return seats if ok else None


def _count(item: dict, key: str, default, low: int, high: int | None, where: str, problems) -> tuple:
    """item[key], a whole number from `low` to `high` (when known), or `default` when absent or null."""
    value = item.get(key)
    if value is None:
        return default, True
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        problems.append(_("%(where)s: %(key)s must be a whole number from %(low)s to %(high)s, not %(value)s.", where=where,
                          key=key, low=low, high=high, value=_shown(value)) if high is not None else
                        _("%(where)s: %(key)s must be a whole number from %(low)s up, not %(value)s.", where=where,
                          key=key, low=low, value=_shown(value)))
        return default, False
    return value, True


def _seating(seats: list[Player], with_seats: bool, rules, set_size, doubles, problems) -> None:
    """Every hand seats as many players as the rules allow, and no two of them with the same name."""
    numbers = range(1, len(doubles) + 1) if doubles else [1]
    at_table = [[p for p in seats if p.plays(n)] for n in numbers]
    if rules is not None and not with_seats:
        problem = seats_problem(rules, set_size, len(seats))
        if problem:
            problems.append(_field("players", problem))
    elif rules is not None:
        problem = next(filter(None, (seats_problem(rules, set_size, len(seated), hand=number)
                                     for number, seated in zip(numbers, at_table))), None)
        if problem:
            problems.append(_field("seats", problem))
    problem = next(filter(None, (same_names_problem([p.name for p in seated]) for seated in at_table)), None)
    if problem:
        problems.append(_field("players", problem))


def _hands(hands, result: ImportedGame, problems: list[str]) -> None:
    if not isinstance(hands, list):
        problems.append(_('"hands" must be a list.'))
        return
    unit = result.rules.kind.unit
    if len(hands) > len(result.hand_doubles):
        problems.append(_('"hands": this game has %(count)s %(units)s, the document %(found)s.',
                          count=len(result.hand_doubles), units=result.rules.kind.units, found=len(hands)))
        hands = hands[:len(result.hand_doubles)]        # the entries of those it has are checked still
    sheet = Sheet({"id": 0, "set_size": result.set_size}, result.rules, result.seats, [])
    for index, hand in enumerate(hands):
        where = f"{unit} {index + 1}"
        if not isinstance(hand, dict) or not isinstance(hand.get("entries", []), list):
            problems.append(_("%(where)s: must be an object with a list of entries.", where=where))
            continue
        number = hand.get("number", index + 1)
        double = hand.get("double")
        expected = result.hand_doubles[index]
        double_ok = isinstance(double, int) and not isinstance(double, bool) and number == index + 1 \
            and double == expected
        if not double_ok:
            problems.append(_("%(where)s: this game's %(unit)s %(number)s starts with %(double)s, not %(value)s.",
                              where=where, unit=unit, number=index + 1, double=double_label(expected),
                              value=_shown(double)))
        # a name stands for the player of that name at the table in this hand (one who left may come back)
        seats = {p.name: p.seat for p in result.seats if p.plays(index + 1)}
        away = {p.name: p for p in result.seats if p.name not in seats}
        typed = _typed_entries(hand.get("entries", []), seats, away, where, result.set_size, result.rules, problems)
        if typed is None or not double_ok:
            continue
        entries, errors = check_entries(sheet, HandRow(0, number, double, 0), typed)
        for message in errors.values():
            problems.append(f"{where} ({double_label(double)}): {message}")
        result.hands[number] = entries


def _typed_entries(entries, seats, away, where, set_size, rules, problems) -> dict[int, TypedEntry] | None:
    """The document's entries as typed values, by seat: the referee checks them like the score form's.
    `seats`: the players at the table in this hand, by name; `away`: the others."""
    typed, ok = {}, True
    most = most_points(rules, set_size)
    for number, item in enumerate(entries, start=1):
        if not isinstance(item, dict):
            problems.append(_("%(where)s, entry %(number)s: must be an object naming a player.", where=where, number=number))
            ok = False
            continue
        named = item.get("player")
        if isinstance(named, str):
            named = clean_name(named)       # as the names in "players" are read
        if not isinstance(named, str) or named not in seats:
            if isinstance(named, str) and named in away:
                problems.append(_('%(where)s, entry %(number)s: %(name)s is not at the table in this %(unit)s (%(span)s, '
                                  'by "seats").', where=where, number=number, name=named, unit=rules.kind.unit,
                                  span=_span(away[named], rules.kind.unit)))
            else:
                problems.append(_("%(where)s, entry %(number)s: %(name)s is not a player of this game.", where=where,
                                  number=number, name=quote(named)) if isinstance(named, str) else
                                _("%(where)s, entry %(number)s: it does not name a player of this game.", where=where,
                                  number=number))
            ok = False
            continue
        name, seat = named, seats[named]
        if seat in typed:
            problems.append(_("%(where)s: %(name)s has two entries.", where=where, name=name))
            ok = False
            continue
        left, left_ok = _whole_number(item, "tiles_left", tile_count(set_size), where, problems)
        tiles = item.get("tiles")
        if tiles is not None and not isinstance(tiles, list):
            problems.append(_("%(where)s, %(name)s: tiles must be a list like [[3, 4], [0, 0]].", where=where, name=name))
            ok = False
            continue
        try:
            tiles = None if tiles is None else tuple(Tile.coerce(tile) for tile in tiles) or None
        except (BadTile, TypeError) as problem:
            problems.append(f"{where}, {name}: {problem}")
            ok = False
            continue
        # with tiles, the points are derived from them
        points, points_ok = (None, True) if tiles is not None else _whole_number(item, "points", most, where, problems)
        ok = ok and left_ok and points_ok
        typed[seat] = TypedEntry(name, tiles, points, item.get("went_out") is True, left)
    return typed if ok else None


def _span(player: Player, unit: str) -> str:
    joined = _("joins from %(unit)s %(number)s", unit=unit, number=player.joined_hand) if player.joined_hand > 1 else ""
    left = _("left after %(unit)s %(number)s", unit=unit, number=player.left_hand) if player.left_hand is not None else ""
    return names(part for part in (joined, left) if part)


def _whole_number(item: dict, key: str, most: int, where: str, problems: list) -> tuple[int | None, bool]:
    """item[key] when it is a whole number from 0 to `most` (or absent); False (and a problem) if not."""
    value = item.get(key)
    if value is None:
        return None, True
    if isinstance(value, bool) or not isinstance(value, int):
        problems.append(_("%(where)s, %(name)s: %(key)s must be a whole number, not %(value)s.", where=where,
                          name=item['player'], key=key, value=_shown(value)))
        return None, False
    if value < 0:
        problems.append(_("%(where)s, %(name)s: %(key)s must be a whole number from 0 to %(most)s, not %(value)s.",
                          where=where, name=item['player'], key=key, most=most, value=_shown(value)))
        return None, False
    return value, True


def _shown(value) -> str:
    """A value from the document as a person reads it in a message: never a raw structure."""
    if isinstance(value, (dict, list)):
        return _("a list") if isinstance(value, list) else _("an object")
    return quote(value)
