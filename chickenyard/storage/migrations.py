"""Numbered schema migrations for the table's database.

Each migration is a function of the database; `schema_version` records the
last one applied. Add new ones at the end, never edit an applied one.
"""
from __future__ import annotations

import re
import sqlite3

import sqlite_utils

from .clock import now
from .db import transaction


def _m1_score_sheet(db: sqlite_utils.Database) -> None:
    db["games"].create({
        "id": int, "game": str, "preset": str, "set_size": int,
        "house_rules": str,  # JSON: only what differs from the preset
        "created_at": str, "updated_at": str, "finished_at": str,
    }, pk="id", not_null={"game", "preset", "set_size", "house_rules", "created_at"})
    db["players"].create({"id": int, "game_id": int, "seat": int, "name": str},
                         pk="id", foreign_keys=[("game_id", "games", "id")],
                         not_null={"game_id", "seat", "name"})
    db["players"].create_index(["game_id", "seat"], unique=True)
    db["hands"].create({"id": int, "game_id": int, "number": int, "double": int, "version": int},
                       pk="id", foreign_keys=[("game_id", "games", "id")],
                       not_null={"game_id", "number", "double", "version"}, defaults={"version": 0})
    db["hands"].create_index(["game_id", "number"], unique=True)
    db["entries"].create({
        "id": int, "hand_id": int, "player_id": int,
        "points": int,          # null while not yet entered
        "tiles": str,           # JSON list of "a|b", or null when entered by total
        "went_out": int,
    }, pk="id", foreign_keys=[("hand_id", "hands", "id"), ("player_id", "players", "id")],
        not_null={"hand_id", "player_id", "went_out"}, defaults={"went_out": 0})
    db["entries"].create_index(["hand_id", "player_id"], unique=True)
    # The audit trail: one row per change to an entry, with the entry before
    # and after as JSON, so that undo restores exactly what was there.
    db["changes"].create({
        "id": int, "game_id": int, "hand_id": int, "player_id": int,
        "action": int,  # the changes of one save share an action: undo takes back all of them
        "what": str, "old": str, "new": str, "at": str, "device": str,
        "undone_by": int, "undoes": int,
    }, pk="id", foreign_keys=[("game_id", "games", "id")], not_null={"game_id", "action", "what", "at"})
    db["changes"].create_index(["game_id", "id"])


def _m2_shared_table(db: sqlite_utils.Database) -> None:
    """Links for the shared table, and a revision that every write bumps.

    The revision makes a phone's poll for changes one primary-key read.
    """
    import secrets
    db["games"].add_column("edit_key", str)
    db["games"].add_column("view_key", str)
    db["games"].add_column("revision", int, not_null_default=0)
    for row in db.query("select id from games"):
        db["games"].update(row["id"], {"edit_key": secrets.token_urlsafe(24),
                                       "view_key": secrets.token_urlsafe(24)})
    db["games"].create_index(["edit_key"], unique=True)
    db["games"].create_index(["view_key"], unique=True)


def _m3_dismissed_warnings(db: sqlite_utils.Database) -> None:
    """The referee's warnings a table has looked at and dismissed, per hand."""
    db["dismissed"].create({"id": int, "hand_id": int, "code": str, "player": str, "at": str},
                           pk="id", foreign_keys=[("hand_id", "hands", "id")],
                           not_null={"hand_id", "code", "at"})
    db["dismissed"].create_index(["hand_id", "code", "player"], unique=True)


def _m4_photos(db: sqlite_utils.Database) -> None:
    """Photos of leftover tiles, kept with their hand so a dispute can be settled later."""
    db["photos"].create({"id": int, "game_id": int, "hand_id": int, "player_id": int, "file": str,
                         "width": int, "height": int, "found": str, "created_at": str},
                        pk="id", foreign_keys=[("game_id", "games", "id"), ("hand_id", "hands", "id"),
                                               ("player_id", "players", "id")],
                        not_null={"game_id", "hand_id", "player_id", "file", "found", "created_at"})
    db["photos"].create_index(["game_id"])


def _m5_solitaire(db: sqlite_utils.Database) -> None:
    """Castle Rock games: practice on screen, or helping a player with real tiles."""
    db["solitaire"].create({"id": int, "mode": str, "state": str, "created_at": str, "updated_at": str,
                            "finished": int}, pk="id", not_null={"mode", "state", "created_at"},
                           defaults={"finished": 0})


def _m6_tiles_left(db: sqlite_utils.Database) -> None:
    """Super 15 settles a blocked round by the number of tiles left, then by pips."""
    db["entries"].add_column("tiles_left", int)


def _m7_people(db: sqlite_utils.Database) -> None:
    """The people who play: a seat in a game belongs to a person on this machine.

    A seat keeps the name it had when the game was played (printed sheets and exports
    show it); the person's name is the one shown everywhere else. Existing seats are
    matched into people by name, ignoring case and spaces at the ends.
    """
    db["people"].create({"id": int, "name": str, "key": str, "created_at": str}, pk="id",
                        not_null={"name", "key", "created_at"})
    db["people"].create_index(["key"], unique=True)
    db.execute("alter table players add column person_id integer references people(id)")
    db["players"].create_index(["person_id"])
    people: dict[str, int] = {}
    for seat in list(db.query("select p.id, p.name from players p join games g on g.id = p.game_id "
                              "order by g.created_at, g.id, p.seat")):
        key = seat["name"].strip().casefold()
        if key not in people:     # the first spelling met becomes the person's name
            people[key] = db["people"].insert({"name": seat["name"].strip(), "key": key,
                                               "created_at": now()}).last_pk
        db.execute("update players set person_id = ? where id = ?", [people[key], seat["id"]])
    # A seat added by any other path (a late player) still joins its person; names are
    # matched again in Python (people.name_key) wherever the app adds seats itself.
    db.execute("""
        create trigger players_join_people after insert on players when new.person_id is null
        begin
            insert or ignore into people (name, key, created_at)
                values (trim(new.name), lower(trim(new.name)), strftime('%Y-%m-%dT%H:%M:%S+00:00', 'now'));
            update players set person_id = (select id from people where key = lower(trim(new.name)))
                where id = new.id;
        end""")


def _m8_first_starter(db: sqlite_utils.Database) -> None:
    """The player designated to start the game, by seat (none: the first seat), where the
    starter rotates clockwise each round."""
    db["games"].add_column("first_starter", int)


def _m9_games_kept_and_players_joining(db: sqlite_utils.Database) -> None:
    """A game's own name and its archiving; players who join late (from a hand, with a starting
    total) or leave (after a hand)."""
    db["games"].add_column("name", str)
    db["games"].add_column("archived_at", str)
    db["players"].add_column("joined_hand", int, not_null_default=1)
    db["players"].add_column("start_points", int, not_null_default=0)
    db["players"].add_column("left_hand", int)


def _m10_ids_never_reused(db: sqlite_utils.Database) -> None:
    """A deleted game's id (and its hands', seats', photos'...) is never given to a new one, so a phone
    still holding an old link can never write into a stranger's game (SQLite's AUTOINCREMENT).

    SQLite cannot add AUTOINCREMENT to a table in place: each table is made again with it, its
    rows copied with their ids, and its indexes and triggers made again (migrate() runs this with
    foreign keys off and checks them before committing, SQLite's own recipe for changing a table).
    """
    for table in ("games", "players", "hands", "entries", "changes", "dismissed", "photos", "solitaire",
                  "people"):
        _with_autoincrement(db, table)


def _with_autoincrement(db: sqlite_utils.Database, table: str) -> None:
    create = db.execute("select sql from sqlite_master where type = 'table' and name = ?", [table]).fetchone()[0]
    if "AUTOINCREMENT" in create.upper():
        return
    primary_key = re.compile(r"(\[id\]|\"id\"|\bid\b)\s+INTEGER\s+PRIMARY\s+KEY", re.IGNORECASE)
    assert primary_key.search(create), create
    companions = [sql for (sql,) in db.execute(
        "select sql from sqlite_master where tbl_name = ? and type in ('index', 'trigger') and sql is not null",
        [table])]
    new_table = f"{table}_autoincrement"
    db.execute(primary_key.sub(r"\g<0> AUTOINCREMENT", create, count=1).replace(
        f"[{table}]", f"[{new_table}]", 1).replace(f'"{table}"', f'"{new_table}"', 1))
    db.execute(f"insert into [{new_table}] select * from [{table}]")
    db.execute(f"drop table [{table}]")
    # the legacy rename leaves other tables' triggers alone (one on players names people, gone meanwhile)
    db.execute("PRAGMA legacy_alter_table = ON")
    db.execute(f"alter table [{new_table}] rename to [{table}]")
    db.execute("PRAGMA legacy_alter_table = OFF")
    for sql in companions:
        db.execute(sql)


def _m11_play_again_undo_and_redo(db: sqlite_utils.Database) -> None:
    """The game Play again started from a game (and the game's revision then, so that only a phone
    that watched it before follows); a seat taken off the sheet (a player added by mistake or whose
    joining was undone), kept so that its history stays and Redo can seat it again; a redo's
    change, pointing at the undo it takes back."""
    db["games"].add_column("next_game_id", int)
    db["games"].add_column("next_game_revision", int)
    db["players"].add_column("off_sheet", int, not_null_default=0)
    db["changes"].add_column("redoes", int)


def _m12_started_by_form(db: sqlite_utils.Database) -> None:
    """The new-game form a game was started from (its token), so that the same form sent again finds
    that game instead of starting another."""
    db["games"].add_column("started_by_form", str)
    db["games"].create_index(["started_by_form"], unique=True)


MIGRATIONS = [_m1_score_sheet, _m2_shared_table, _m3_dismissed_warnings, _m4_photos, _m5_solitaire,
              _m6_tiles_left, _m7_people, _m8_first_starter, _m9_games_kept_and_players_joining,
              _m10_ids_never_reused, _m11_play_again_undo_and_redo, _m12_started_by_form]


def schema_version(db: sqlite_utils.Database) -> int:
    if "schema_version" not in db.table_names():
        return 0
    row = db.execute("select max(version) from schema_version").fetchone()
    return row[0] or 0


def migrate(db: sqlite_utils.Database) -> int:
    """Apply every migration not yet applied; returns the schema version.

    Foreign keys are off while a migration remakes a table (they cannot be turned off inside a
    transaction) and checked whole before it commits."""
    foreign_keys = db.execute("PRAGMA foreign_keys").fetchone()[0]
    db.execute("PRAGMA foreign_keys = OFF")
    broken_before = len(db.execute("PRAGMA foreign_key_check").fetchall())
    try:
        with transaction(db):
            if "schema_version" not in db.table_names():
                db["schema_version"].create({"version": int, "applied_at": str}, pk="version")
            current = schema_version(db)
            for number, step in enumerate(MIGRATIONS, start=1):
                if number > current:
                    step(db)
                    db["schema_version"].insert({"version": number,
                                                 "applied_at": now()})
            broken = db.execute("PRAGMA foreign_key_check").fetchall()
            if len(broken) > broken_before:
                raise sqlite3.IntegrityError(f"a migration left rows pointing nowhere: {broken[:5]}")
    finally:
        db.execute(f"PRAGMA foreign_keys = {'ON' if foreign_keys else 'OFF'}")
    return schema_version(db)


