"""Changes to a game itself rather than its scores: its name, archiving, deleting it, and players
joining late or leaving. Each is one user action in one transaction, kept in the history."""
from __future__ import annotations

from pathlib import Path

from sqlite_utils.db import NotFoundError

from referee.words import _

from ..storage.clock import now
from ..storage.db import get_row, transaction
from ..storage.store import _next_action, _record, _touch, create_game
from .game_setup import clean_game_name, clean_name, game_name_problem, name_problem
from .people import person_for
from .sheet import Player, Sheet

class CannotChange(ValueError):
    """A change the table asked for that cannot be made; the message says why, in its words."""


class ChangedMeanwhile(CannotChange):
    """Another phone changed it since this form was opened: this change is not made."""


def rename_game(db, game_id: int, name: str, *, was: str | None = None, device: str | None = None) -> bool:
    """`was`: the name the form was opened with; another phone's rename since then is not overwritten.
    Returns whether the name changed: the name it already has is not a change, and nothing is kept."""
    name = clean_game_name(name)
    problem = game_name_problem(name)
    if problem:
        raise CannotChange(problem)
    at = now()
    with transaction(db):
        old = db.execute("select name from games where id = ?", [game_id]).fetchone()[0]
        if (old or "") == name:         # also the same form sent twice: what it asked for is there
            return False
        if was is not None and (old or "") != was:
            raise ChangedMeanwhile(_("Another phone renamed the game just now, to “%(name)s”. Check the name and "
                                     "save again if it should still change.", name=old or _("no name")))
        db.execute("update games set name = ?, updated_at = ?, revision = revision + 1 where id = ?",
                   [name or None, at, game_id])
        _record(db, game_id, _next_action(db, game_id), "name", None, None,
                {"name": old}, {"name": name or None}, at, device)
    return True


def archive_game(db, game_id: int, archived: bool) -> bool:
    """Put a game away (off the home page's lists) or bring it back; False when it already was."""
    with transaction(db):
        put_away = db.execute("update games set archived_at = ?, revision = revision + 1 "
                              "where id = ? and (archived_at is not null) != ?",
                              [now() if archived else None, game_id, archived]).rowcount
    return bool(put_away)


def delete_game(db, game_id: int, photos_folder: str) -> None:
    """The game and everything kept with it, its photos too: nothing of it is left."""
    with transaction(db):
        hands = "select id from hands where game_id = ?"
        db.execute(f"delete from dismissed where hand_id in ({hands})", [game_id])
        db.execute(f"delete from entries where hand_id in ({hands})", [game_id])
        for table in ("photos", "changes", "hands", "players"):
            db.execute(f"delete from {table} where game_id = ?", [game_id])
        db.execute("delete from games where id = ?", [game_id])
        # the game it was played again from no longer offers the way here
        db.execute("update games set next_game_id = null, revision = revision + 1 where next_game_id = ?", [game_id])
    folder = Path(photos_folder) / str(game_id)
    if folder.is_dir():
        for photo in folder.iterdir():
            photo.unlink()
        folder.rmdir()


def late_start(sheet: Sheet, start: str) -> int:
    """A late joiner's total: the table's rule is the highest total so far, or zero."""
    if start == "highest" and sheet.kind.scored_by_pips:
        playing = [t for pid, t in sheet.totals.items() if sheet.player(pid).left_hand is None]
        return max(playing, default=0)
    return 0


def add_player(db, sheet: Sheet, name: str, start: str, *, device: str | None = None) -> int:
    """A player who sits down late: they play from the hand now being played."""
    name = clean_name(name)
    low, high = sheet.rules.players(sheet.set_size)
    if not name:
        raise CannotChange(_("Type the new player's name."))
    if name_problem(name):
        raise CannotChange(name_problem(name))
    there = next((p for p in sheet.playing if p.name.casefold() == name.casefold()), None)
    if there:
        raise CannotChange(_("%(name)s is already at the table; add an initial to tell them apart.", name=there.name))
    if len(sheet.playing) >= high:
        raise CannotChange(_("The %(rules)s rules with a double-%(set)s set seat at most %(high)s players.",
                             rules=_(sheet.rules.title), set=sheet.set_size, high=high))
    current = sheet.current_hand
    if current is None:
        raise CannotChange(_("Every hand of this game is entered: start a new game with them instead."))
    # the hand in play, unless someone's score for it is already in: then from the next one
    joined = current.number + (1 if current.started() else 0)
    if joined > len(sheet.hands):
        raise CannotChange(_("The last hand is already being entered: start a new game with them instead."))
    points = late_start(sheet, start)
    at = now()
    with transaction(db):
        seat = (db.execute("select max(seat) from players where game_id = ?", [sheet.id]).fetchone()[0] or 0) + 1
        player_id = db["players"].insert({"game_id": sheet.id, "seat": seat, "name": name,
                                          "person_id": person_for(db, name),
                                          "joined_hand": joined, "start_points": points}).last_pk
        _record(db, sheet.id, _next_action(db, sheet.id), "joined", None, player_id, None,
                {"name": name, "from_hand": joined, "start_points": points}, at, device)
        _touch_game(db, sheet.id, at)
    return player_id


def leaving(sheet: Sheet, player_id: int) -> int | None:
    """The hand a player who leaves now played up to (None: no score yet, so they come off the sheet
    altogether); CannotChange when they cannot leave."""
    player = sheet.player(player_id)
    if player.left_hand is not None:
        raise CannotChange(_("That player is not at the table."))
    if len(sheet.playing) - 1 < sheet.rules.players(sheet.set_size)[0]:
        raise CannotChange(_("The %(rules)s rules need at least %(low)s players.", rules=_(sheet.rules.title),
                             low=sheet.rules.players(sheet.set_size)[0]))
    scored = [h.number for h in sheet.hands if h.entry(player_id).snapshot() is not None]
    if not scored:
        return None
    current = sheet.current_hand
    return max([*scored, (current.number - 1) if current else len(sheet.hands)])


def remove_player(db, sheet: Sheet, player_id: int, *, device: str | None = None) -> str:
    """A player who left the table: their scores so far stay on the sheet, the hands after are
    played without them. One with no score at all (added by mistake) goes off the sheet altogether,
    kept in History so that Undo can seat them again."""
    player, last = sheet.player(player_id), leaving(sheet, player_id)
    at = now()
    with transaction(db):
        if last is None:
            db.execute("update players set off_sheet = 1 where id = ?", [player_id])
            _record(db, sheet.id, _next_action(db, sheet.id), "removed", None, player_id,
                    {"name": player.name, "seat": player.seat}, None, at, device)
            result = "removed"
        else:
            db.execute("update players set left_hand = ? where id = ?", [last, player_id])
            _record(db, sheet.id, _next_action(db, sheet.id), "left", None, player_id,
                    None, {"name": player.name, "after_hand": last}, at, device)
            result = _("left after %(unit)s %(number)s", unit=sheet.unit, number=last)
        _touch_game(db, sheet.id, at)
    return result


def seat_as_recorded(db, game_id: int, players: list[Player], *, device: str | None = None) -> None:
    """An imported game's players who joined late or left, as its document records them (checked by the
    import), each kept in the history as when the table adds or removes a player. Before any score."""
    at = now()
    with transaction(db):
        for p in players:
            if (p.joined_hand, p.start_points, p.left_hand) == (1, 0, None):
                continue
            player_id = db.execute("select id from players where game_id = ? and seat = ?",
                                   [game_id, p.seat]).fetchone()[0]
            db.execute("update players set joined_hand = ?, start_points = ?, left_hand = ? where id = ?",
                       [p.joined_hand, p.start_points, p.left_hand, player_id])
            if p.joined_hand > 1 or p.start_points:
                _record(db, game_id, _next_action(db, game_id), "joined", None, player_id, None,
                        {"name": p.name, "from_hand": p.joined_hand, "start_points": p.start_points}, at, device)
            if p.left_hand is not None:
                _record(db, game_id, _next_action(db, game_id), "left", None, player_id, None,
                        {"name": p.name, "after_hand": p.left_hand}, at, device)
        _touch_game(db, game_id, at)


def start_next_game(db, sheet: Sheet, *, device: str | None = None) -> tuple[int, bool]:
    """A new game for the same table (the players still seated, the rule set and house rules), the
    first start one seat clockwise. The finished game points at it, so phones watching it follow.
    Returns the game and whether it is new: a second "Play again" (a double tap, another phone)
    finds the game the first one started."""
    with transaction(db):
        already = next_game(db, get_row(db, "games", sheet.id))
        if already is not None:
            return already["id"], False
        new_id = create_game(db, rules=sheet.rules, set_size=sheet.set_size,
                             players=[p.name for p in sheet.playing],
                             hand_doubles=sheet.rules.hand_doubles(sheet.set_size), device=device,
                             first_starter=sheet.next_first_starter())
        db.execute("update games set next_game_id = ?, next_game_revision = revision + 1, "
                   "revision = revision + 1 where id = ?", [new_id, sheet.id])
    return new_id, True


def next_game(db, game: dict) -> dict | None:
    """The game Play again started from this one, if it is still here."""
    if game.get("next_game_id") is None:
        return None
    try:
        return get_row(db, "games", game["next_game_id"])
    except NotFoundError:
        return None


def watched_before_next(game: dict, seen_revision: int) -> bool:
    """A sheet showing this revision was open before Play again started the next game."""
    return game.get("next_game_id") is not None and seen_revision < game["next_game_revision"]


def _touch_game(db, game_id: int, at: str) -> None:
    """The seating changed: the game may now be finished, or open again."""
    _touch(db, game_id, [], at)
