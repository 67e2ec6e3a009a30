"""Undo and Redo: the last change to a game taken back, whatever it was, and put back again.

Every change is kept in `changes` with the state before (old) and after (new); the changes of
one user action share an action number. Undo takes back the newest action still in effect by
putting each change's old state back, and is kept as an action of its own whose changes point at
what they undo. Redo takes back the newest undo, as long as no new change was made since: its
changes point at the undo they take back, and the action undone is in effect again.

Each kind of change (`changes.what`) says how its state is put back; a kind not listed here (a
merge of two people, which their player's page takes back) is kept in the history but not taken
back. A person's rename is in the History of each of their games: taken back from one game, it is
taken back in all of them.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from referee.words import _

from ..storage.clock import now
from ..storage.db import transaction
from ..storage.store import _next_action, _put_entry, _record, _touch
from .people import name_key


class CannotTakeBack(ValueError):
    """Undo or Redo would clash with what happened since; the message says what, in the table's words."""


class ShownBefore(CannotTakeBack):
    """The button was for another change than the one Undo (or Redo) would take now: another phone
    changed the game since this phone's sheet was shown. Nothing is taken back; `now` is what the
    button would name today (None: nothing)."""

    def __init__(self, now: "Step | None"):
        super().__init__("changed since shown")
        self.now = now


def _put_name(db, change: dict, state: dict | None) -> None:
    db.execute("update games set name = ? where id = ?", [(state or {}).get("name"), change["game_id"]])


def _put_seated(db, change: dict, state: dict | None) -> None:
    """A seat on the sheet (joined, or not yet taken off) or off it (a join undone, a player taken off)."""
    db.execute("update players set off_sheet = ? where id = ?", [0 if state else 1, change["player_id"]])


def _put_left(db, change: dict, state: dict | None) -> None:
    db.execute("update players set left_hand = ? where id = ?",
               [state["after_hand"] if state else None, change["player_id"]])


def _put_entry_change(db, change: dict, state: dict | None) -> None:
    _put_entry(db, change["hand_id"], change["player_id"], state)


def _put_person_name(db, change: dict, state: dict | None) -> None:
    """A person's name, on every game at once (as their player's page renames them)."""
    person_id = _person_of(db, change)
    if db.execute("select 1 from people where id = ?", [person_id]).fetchone() is None:
        raise CannotTakeBack(_("%(name)s was merged with another player since: take the merge back on their "
                               "player's page first.", name=state['name']))
    if db.execute("select 1 from people where key = ? and id != ?", [name_key(state["name"]), person_id]).fetchone():
        raise CannotTakeBack(_("%(name)s is the name of another player here now: rename or merge them on their "
                               "player's page instead.", name=state['name']))
    db.execute("update people set name = ?, key = ? where id = ?", [state["name"], name_key(state["name"]), person_id])
    db.execute("update games set revision = revision + 1 where id in "
               "(select game_id from players where person_id = ?)", [person_id])


def _person_of(db, change: dict) -> int:
    for side in ("new", "old"):
        person = json.loads(change[side] or "{}").get("person")
        if isinstance(person, int):
            return person
    return db.execute("select person_id from players where id = ?", [change["player_id"]]).fetchone()[0]


PUT_BACK = {"entry": _put_entry_change, "name": _put_name, "joined": _put_seated, "removed": _put_seated,
            "left": _put_left, "person-renamed": _put_person_name}
EVERY_GAME = {"person-renamed"}     # one change kept in each of the person's games

_KINDS = ", ".join(f"'{what}'" for what in PUT_BACK)
_FIRST_HAND = "select min(h.number) from changes c join hands h on h.id = c.hand_id where c.game_id = ? and c.action = ?"


@dataclass(frozen=True)
class Step:
    """An action Undo or Redo would take, told as the change the table made."""
    what: str
    name: str | None = None             # the player's, for a seat; the name before, for a rename
    hand_number: int | None = None      # the first hand, for scores
    new_name: str | None = None         # the name after, for a rename
    action: int | None = None           # the action it takes back: what the button's form names


def _in_effect(db, game_id: int) -> int | None:
    """The newest action Undo can take back: a change as the table made it, not taken back."""
    return db.execute(f"select max(action) from changes where game_id = ? and undoes is null and redoes is null "
                      f"and undone_by is null and what in ({_KINDS})", [game_id]).fetchone()[0]


def _redoable(db, game_id: int) -> int | None:
    """The newest undo not yet taken back, when no new change was made after it."""
    return db.execute(
        f"select max(action) from changes where game_id = ? and undoes is not null and undone_by is null "
        f"and what in ({_KINDS}) and action > (select coalesce(max(action), 0) from changes where game_id = ? "
        f"                                    and undoes is null and redoes is null)", [game_id, game_id]).fetchone()[0]


def _step(db, game_id: int, action: int | None) -> Step | None:
    if action is None:
        return None
    what, old, new, undoes = db.execute(
        "select what, old, new, undoes from changes where game_id = ? and action = ? order by id limit 1",
        [game_id, action]).fetchone()
    if undoes is not None:          # an undo Redo would take back: told as the change it undid
        old, new = new, old
    if what == "entry":
        return Step(what, hand_number=db.execute(_FIRST_HAND, [game_id, action]).fetchone()[0], action=action)
    if what == "person-renamed":      # "Dave, now David": undo gives back the first, redo the second
        return Step(what, name=json.loads(old)["name"], new_name=json.loads(new)["name"], action=action)
    state = json.loads(new or old or "null") or {}
    return Step(what, name=state.get("name"), action=action)


def undo_step(db, game_id: int) -> Step | None:
    """What "Undo last change" would take back (None: nothing)."""
    return _step(db, game_id, _in_effect(db, game_id))


def redo_step(db, game_id: int) -> Step | None:
    """What "Redo" would put back (None: nothing)."""
    return _step(db, game_id, _redoable(db, game_id))


def _as_shown(step: Step | None, shown: int | None) -> Step | None:
    """The step, if it is the one the button was shown for (`shown`: its action; None: not said)."""
    if shown is not None and (step.action if step else None) != shown:
        raise ShownBefore(step)
    return step


def undo_last(db, game_id: int, *, shown: int | None = None, device: str | None = None) -> Step | None:
    """Take back the newest change still in effect; returns what it was (None: nothing to undo).
    `shown`: the action the Undo button named (0: one that cannot be); ShownBefore if it is no longer
    the newest."""
    with transaction(db):
        action = _in_effect(db, game_id)
        step = _as_shown(_step(db, game_id, action), shown)
        if action is not None:
            changes = db.query("select * from changes where game_id = ? and action = ? and undoes is null "
                               "and redoes is null order by id desc", [game_id, action])
            _take_back(db, game_id, list(changes), "undoes", device)
    return step


def redo_last(db, game_id: int, *, shown: int | None = None, device: str | None = None) -> Step | None:
    """Put back what the newest undo took back, if nothing changed since; returns what it was.
    `shown`: the undo the Redo button named, as for undo_last."""
    with transaction(db):
        action = _redoable(db, game_id)
        step = _as_shown(_step(db, game_id, action), shown)
        if action is not None:
            undos = list(db.query("select * from changes where game_id = ? and action = ? order by id desc",
                                  [game_id, action]))
            _take_back(db, game_id, undos, "redoes", device)
    return step


def _take_back(db, game_id: int, changes: list[dict], pointer: str, device: str | None) -> None:
    """Each change's old state put back, kept as one new action whose changes point at them; a change
    kept in several games is marked there too."""
    at = now()
    for change in changes:
        PUT_BACK[change["what"]](db, change, json.loads(change["old"]) if change["old"] else None)
    _mark(db, game_id, changes, pointer, device, at)        # after: whether the game is finished follows
    for other_game, same in _in_other_games(db, game_id, changes).items():
        _mark(db, other_game, same, pointer, device, at)


def _mark(db, game_id: int, changes: list[dict], pointer: str, device: str | None, at: str) -> None:
    action = _next_action(db, game_id)
    for change in changes:
        old = json.loads(change["old"]) if change["old"] else None
        new = json.loads(change["new"]) if change["new"] else None
        taken_back_by = _record(db, game_id, action, change["what"], change["hand_id"], change["player_id"],
                                new, old, at, device, **{pointer: change["id"]})
        db["changes"].update(change["id"], {"undone_by": taken_back_by})
        if pointer == "redoes":         # the change the undo took back is in effect again
            db["changes"].update(change["undoes"], {"undone_by": None})
    _touch(db, game_id, sorted({c["hand_id"] for c in changes if c["hand_id"] is not None}), at)


def _in_other_games(db, game_id: int, changes: list[dict]) -> dict[int, list[dict]]:
    """The same change in other games' History (a rename is kept in each of the person's games)."""
    found: dict[int, list[dict]] = {}
    for change in changes:
        if change["what"] not in EVERY_GAME:
            continue
        for row in db.query("select * from changes where what = ? and at = ? and old is ? and new is ? "
                            "and game_id != ? and undone_by is null and (undoes is null) = ? "
                            "and (redoes is null) = ?",
                            [change["what"], change["at"], change["old"], change["new"], game_id,
                             change["undoes"] is None, change["redoes"] is None]):
            found.setdefault(row["game_id"], []).append(row)
    return found
