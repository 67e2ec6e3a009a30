"""The table's SQLite file: one connection per request, WAL, a busy timeout.

Every user action runs inside `with transaction(db):` so that it is stored
whole or not at all. When the disk will not take it (another program holds
the database, the disk is full, the folder is read-only or failing), the
action raises StorageProblem, whose message tells the person what happened;
nothing of it was stored.
"""
from __future__ import annotations

import errno
import shutil
import sqlite3
from contextlib import contextmanager

import click
import sqlite_utils
from flask import current_app, g, has_app_context
from sqlite_utils.db import NotFoundError

from referee.words import N_, _

BUSY_TIMEOUT_MS = 5000

# the person's words, translated when the problem is raised (referee/words.py)
MESSAGES = {
    "busy": N_("The table's machine is busy: another program is using the score database. Nothing was "
             "saved yet, and what you typed is still here: tap save again in a moment."),
    "full": N_("The table's machine has run out of disk space, so nothing was saved. What you typed is still "
             "here: free some space on that machine (old photos, downloads), then save again."),
    "read-only": N_("The table's machine can only read its score database just now (its folder or disk is "
                  "read-only), so nothing can be saved. The sheets can still be read."),
    "failing": N_("The table's machine could not write to its disk, so nothing was saved. What you typed is "
                "still here: try again, and check that machine's disk or memory card."),
}


class GameDeleted(Exception):
    """The game this request was opened on was deleted (on another phone) before its write: nothing
    was written, and nothing lands in another game."""


class StorageProblem(Exception):
    """The database or the photo folder would not take a write; str() is the person's message."""

    def __init__(self, kind: str):
        super().__init__(_(MESSAGES[kind]))
        self.kind = kind


def storage_problem(error: BaseException) -> StorageProblem | None:
    """The StorageProblem a database or file error amounts to, or None for a bug."""
    if isinstance(error, StorageProblem):
        return error
    if isinstance(error, sqlite3.Error):
        name = getattr(error, "sqlite_errorname", "") or ""
        text = str(error).lower()
        if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
            return StorageProblem("busy")
        if name == "SQLITE_FULL" or "disk is full" in text:
            return StorageProblem("full")
        if name.startswith("SQLITE_READONLY") or "readonly" in text:
            return StorageProblem("read-only")
        if name.startswith(("SQLITE_IOERR", "SQLITE_CANTOPEN")) or "disk i/o" in text:
            return StorageProblem("failing")
        return None
    if isinstance(error, OSError):
        if error.errno in (errno.ENOSPC, errno.EDQUOT):
            return StorageProblem("full")
        if error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            return StorageProblem("read-only")
        return StorageProblem("failing")
    return None


ROOM_LEFT = 1024 * 1024    # a disk with less than this beside what was being written is full


def as_full_when_no_room(problem: StorageProblem, folder: str, needed: int = 0) -> StorageProblem:
    """A write that failed as an I/O error ("could not write") on a disk with no room left: a full disk
    may answer either way, and a full disk is what the person can fix, so that is what they are told."""
    if problem.kind != "failing":
        return problem
    try:
        free = shutil.disk_usage(folder).free
    except OSError:
        return problem
    return StorageProblem("full") if free < needed + ROOM_LEFT else problem


def connect(path: str, busy_ms: int = BUSY_TIMEOUT_MS, read_only: bool = False) -> sqlite_utils.Database:
    if read_only:
        return sqlite_utils.Database(_connect_read_only(path, busy_ms))
    conn = sqlite3.connect(path, timeout=busy_ms / 1000, isolation_level=None, check_same_thread=False)
    conn.execute(f"PRAGMA busy_timeout = {int(busy_ms)}")
    conn.execute("PRAGMA journal_mode = WAL")
    # synchronous=FULL: a write answered with success survives a power cut or kill -9
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")
    return sqlite_utils.Database(conn)


def _connect_read_only(path: str, busy_ms: int) -> sqlite3.Connection:
    """A database on a read-only folder: opened read-only, or as immutable when SQLite cannot make
    the WAL's shared-memory file beside it."""
    for options in ("mode=ro", "mode=ro&immutable=1"):
        conn = sqlite3.connect(f"file:{path}?{options}", uri=True, timeout=busy_ms / 1000,
                               isolation_level=None, check_same_thread=False)
        try:
            conn.execute("select count(*) from sqlite_master").fetchone()
            return conn
        except sqlite3.Error:
            conn.close()
    raise StorageProblem("failing")


def get_row(db: sqlite_utils.Database, table: str, row_id: int) -> dict:
    """A row by its id, or NotFoundError (the one 404 page): Table.get's contract, without reading the
    table's schema again on every call (each phone's live poll reads its game this way)."""
    cursor = db.execute(f"select * from [{table}] where id = ?", [row_id])
    row = cursor.fetchone()
    if row is None:
        raise NotFoundError(f"{table} {row_id}")
    return dict(zip((column[0] for column in cursor.description), row))


def get_db() -> sqlite_utils.Database:
    if "db" not in g:
        config = current_app.config
        busy_ms = config.get("DATABASE_BUSY_MS", BUSY_TIMEOUT_MS)
        try:
            g.db = connect(config["DATABASE"], busy_ms, read_only=config.get("READ_ONLY", False))
        except sqlite3.Error as error:
            problem = storage_problem(error) or error
            from .instance import went_read_only     # the instance folder's probe; it needs this module
            if getattr(problem, "kind", None) not in ("read-only", "failing") or not went_read_only(current_app):
                raise problem
            g.db = connect(config["DATABASE"], busy_ms, read_only=True)
    return g.db


def init_app(app) -> None:
    """One connection per request, closed when it ends; `flask init-db` creates or upgrades the file."""
    app.teardown_appcontext(close_db)

    @app.cli.command("init-db")
    def init_db_command():
        """Create or upgrade the table's database."""
        from .migrations import migrate
        version = migrate(connect(app.config["DATABASE"]))
        click.echo(f"Database ready at {app.config['DATABASE']} (schema version {version}).")


def close_db(_exc=None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.conn.close()


@contextmanager
def snapshot(db: sqlite_utils.Database):
    """Several reads that must agree (a sheet and its versions): one read transaction."""
    conn = db.conn
    if conn.in_transaction:
        yield db
        return
    conn.execute("BEGIN")
    try:
        yield db
    finally:
        conn.execute("COMMIT")


def opened_on(game_id: int) -> None:
    """This request reads and writes the game of that id (its link was checked)."""
    g.opened_game = game_id


def _check_game_still_there(conn: sqlite3.Connection) -> None:
    game_id = g.get("opened_game") if has_app_context() else None
    if game_id is not None and conn.execute("select 1 from games where id = ?", [game_id]).fetchone() is None:
        raise GameDeleted(game_id)


@contextmanager
def transaction(db: sqlite_utils.Database):
    """One user action, stored whole or not at all.

    BEGIN IMMEDIATE takes the write lock up front, so two phones saving at the
    same moment queue behind the busy timeout instead of failing half-way. A request
    opened on a game (`opened_on`) writes only while that game is still there: the
    check and the write are one transaction, so a delete cannot slip between them.
    """
    conn = db.conn
    if conn.in_transaction:  # part of a larger action (an import): the outer one commits
        yield db
        return
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as error:
        raise storage_problem(error) or error
    try:
        _check_game_still_there(conn)
        yield db
        conn.execute("COMMIT")
    except BaseException as error:
        if conn.in_transaction:      # SQLite rolls back by itself after some errors (a full disk)
            conn.execute("ROLLBACK")
        problem = storage_problem(error) if isinstance(error, sqlite3.Error) else None
        if problem is not None:
            raise problem from error
        raise
