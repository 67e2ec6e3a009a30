"""The people who play on this machine, kept across games.

A seat in a game (`players`) belongs to a person (`people`). The seat keeps the
name it had when the game was played; the person's name is the one the app
shows. A typed name that matches a person, ignoring case and spaces at the
ends, is that person.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from sqlite_utils.db import NotFoundError

from referee.words import _

from ..storage.clock import now
from ..storage.db import transaction
from .game_setup import clean_name, name_problem


class PeopleProblem(ValueError):
    """A rename or merge the table cannot do; the message says why, in the table's words."""


@dataclass(frozen=True)
class Person:
    id: int
    name: str
    games: int = 0
    last_played: str | None = None


def name_key(name: str) -> str:
    return name.strip().casefold()


def person_for(db, name: str) -> int:
    """The person with this name, made on first meeting (call inside the action's transaction)."""
    key = name_key(name)
    row = db.execute("select id from people where key = ?", [key]).fetchone()
    if row:
        return row[0]
    return db["people"].insert({"name": name.strip(), "key": key, "created_at": now()}).last_pk


def known_people(db) -> list[Person]:
    """Everyone who has played here, the most recent player first."""
    return [Person(r["id"], r["name"], r["games"], r["last_played"]) for r in db.query(
        "select pe.id, pe.name, count(distinct pl.game_id) as games, max(g.updated_at) as last_played "
        "from people pe left join players pl on pl.person_id = pe.id and not pl.off_sheet "
        "left join games g on g.id = pl.game_id "
        "group by pe.id order by last_played is null, last_played desc, pe.name collate nocase")]


def get_person(db, person_id: int) -> Person:
    """The person of that id (NotFoundError when there is none, as after a merge)."""
    person = next((p for p in known_people(db) if p.id == person_id), None)
    if person is None:
        raise NotFoundError(person_id)
    return person


def game_ids_of(db, person_id: int) -> list[int]:
    return [r[0] for r in db.execute("select distinct game_id from players where person_id = ?", [person_id])]


def names_by_person(db) -> dict[int, str]:
    return {pid: name for pid, name in db.execute("select id, name from people")}


def check_name(name: str) -> str:
    name = clean_name(name)
    if not name:
        raise PeopleProblem(_("Type the new name."))
    problem = name_problem(name)
    if problem:
        raise PeopleProblem(problem)
    return name


class ChangedMeanwhile(PeopleProblem):
    """Another phone renamed this person since the form was opened: the second rename is not saved."""


def rename(db, person_id: int, new_name: str, *, was: str | None = None, device: str | None = None) -> bool:
    """The person's new name, shown at once on every game they played, printed sheets and exports
    too; each of those games' History keeps the old name. `was`: the name the form was opened with.
    Returns whether the name changed: the name they already have is not a change, and nothing is kept."""
    new_name = check_name(new_name)
    with transaction(db):
        current = _name_of(db, person_id)
        if new_name == current:         # also the same form sent twice: what it asked for is there
            return False
        if was is not None and current != was:
            raise ChangedMeanwhile(_("Another phone renamed %(was)s to %(now)s just now. Check the name below and "
                                     "rename again if it should still change.", was=was, now=current))
        other = db.execute("select id, name from people where key = ? and id != ?",
                           [name_key(new_name), person_id]).fetchone()
        if other:
            raise PeopleProblem(_("%(name)s is already a player here. If they are the same person, merge the two "
                                  "instead.", name=other[1]))
        db.execute("update people set name = ?, key = ? where id = ?", [new_name, name_key(new_name), person_id])
        _in_history(db, "person-renamed", _seats_of(db, person_id), {"name": current},
                    {"name": new_name, "person": person_id}, device)
        _touch_games(db, person_id)
    return True


def merge(db, keep_id: int, other_id: int, *, device: str | None = None) -> None:
    """Two players who turned out to be one person: the other's games become the kept one's. Every
    game of either keeps the merge in its History, from which it can be taken back (unmerge)."""
    if keep_id == other_id:
        raise PeopleProblem(_("Choose two different players to merge."))
    with transaction(db):
        shared = db.execute("select a.game_id from players a join players b on a.game_id = b.game_id "
                            "where a.person_id = ? and b.person_id = ? limit 1", [keep_id, other_id]).fetchone()
        if shared:
            raise PeopleProblem(_("These two sat at the same game, so they are two people: rename one of them "
                                  "instead."))
        other = dict(zip(("id", "name", "key", "created_at"), db.execute(
            "select id, name, key, created_at from people where id = ?", [other_id]).fetchone()))
        new = {"name": _name_of(db, keep_id), "person": keep_id, "merged": other_id}
        # the other's seats carry what unmerge needs to give them back; the kept one's only say it
        _in_history(db, "person-merged", _seats_of(db, other_id), {"name": other["name"], "person": other}, new,
                    device)
        _in_history(db, "person-merged", _seats_of(db, keep_id), {"name": other["name"]}, new, device)
        db.execute("update players set person_id = ? where person_id = ?", [keep_id, other_id])
        db.execute("delete from people where id = ?", [other_id])
        _touch_games(db, keep_id)


def merges_into(db, person_id: int) -> list[dict]:
    """The merges into this person not taken back, the latest first: {"person": id, "name": ..., "at": ...}."""
    return [{"person": r[0], "name": r[1], "at": r[2]} for r in db.execute(
        "select json_extract(new, '$.merged'), json_extract(old, '$.name'), max(at) from changes "
        "where what = 'person-merged' and undone_by is null and json_extract(new, '$.person') = ? "
        "group by json_extract(new, '$.merged') order by max(id) desc", [person_id])]


def unmerge(db, keep_id: int, other_id: int, *, device: str | None = None) -> str:
    """Take a merge back: the other person again, with their own games; returns their name."""
    with transaction(db):
        rows = list(db.query("select * from changes where what = 'person-merged' and undone_by is null "
                             "and json_extract(new, '$.person') = ? and json_extract(new, '$.merged') = ?",
                             [keep_id, other_id]))
        moved = [(r, json.loads(r["old"])["person"]) for r in rows if "person" in json.loads(r["old"])]
        if not moved:
            raise PeopleProblem(_("That merge is already taken back."))
        other = moved[0][1]
        taken = db.execute("select name from people where key = ?", [other["key"]]).fetchone()
        if taken:
            raise PeopleProblem(_("There is a player called %(name)s again since the merge. Rename them first, "
                                  "then take the merge back.", name=taken[0]))
        db["people"].insert(other)
        for row, _person in moved:
            db.execute("update players set person_id = ? where id = ?", [other_id, row["player_id"]])
        for row in rows:
            undo_id = _in_history(db, "person-unmerged", [(row["game_id"], row["player_id"])], json.loads(row["new"]),
                                  {"name": other["name"], "person": other_id}, device, undoes=row["id"])[0]
            db.execute("update changes set undone_by = ? where id = ?", [undo_id, row["id"]])
        _touch_games(db, keep_id)
        _touch_games(db, other_id)
    return other["name"]


def _name_of(db, person_id: int) -> str:
    row = db.execute("select name from people where id = ?", [person_id]).fetchone()
    if row is None:
        raise NotFoundError(person_id)
    return row[0]


def _seats_of(db, person_id: int) -> list[tuple[int, int]]:
    return [tuple(r) for r in db.execute("select game_id, id from players where person_id = ? order by game_id",
                                         [person_id])]


def _in_history(db, what: str, seats: list[tuple[int, int]], old: dict, new: dict, device: str | None,
                undoes: int | None = None) -> list[int]:
    """The change in the History of each game of these seats (one line per game)."""
    from ..storage.store import _next_action, _record     # the sheet's history; store itself needs people
    at = now()
    return [_record(db, game_id, _next_action(db, game_id), what, None, seat, old, new, at, device, undoes=undoes)
            for game_id, seat in seats]


def _touch_games(db, person_id: int) -> None:
    """A watching phone's next poll shows the new name (the sheet's revision changes)."""
    db.execute("update games set revision = revision + 1 where id in "
               "(select game_id from players where person_id = ?)", [person_id])


def games_played(db, *, since: str | None = None, only: list[int] | None = None) -> list[tuple[int, int]]:
    """Games with players, oldest first, each as (id, revision); since: changed at or after that UTC time."""
    sql, args = "select id, revision from games where exists (select 1 from players where game_id = games.id)", []
    if since:
        sql += " and coalesce(updated_at, created_at) >= ?"
        args.append(since)
    if only is not None:
        sql += f" and id in ({', '.join('?' * len(only))})"
        args.extend(only)
    return [(r[0], r[1]) for r in db.execute(sql + " order by created_at, id", args)]


def games_by_id(db, game_ids: list[int]) -> list[dict]:
    """The games a phone holds links to (for the access rule of the players' pages)."""
    if not game_ids:
        return []
    return list(db.query(f"select id, edit_key, view_key from games where id in ({', '.join('?' * len(game_ids))})",
                         game_ids))


def games_mark(db, since: str) -> str:
    """Changes whenever a game played since then changes (or a player is renamed): the big screen's
    tonight standings are rebuilt only then."""
    count, last, revisions = db.execute(
        "select count(*), max(updated_at), total(revision) from games where coalesce(updated_at, created_at) >= ?",
        [since]).fetchone()
    return f"{count}.{last}.{int(revisions)}"
