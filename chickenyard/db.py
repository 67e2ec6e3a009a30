"""The table's SQLite file: one connection per request, WAL, a busy timeout.

Every user action runs inside `with transaction(db):` so that it is stored
whole or not at all.
"""
from __future__ import annotations

import sqlite3
from contextlib import contextmanager

import sqlite_utils
from flask import current_app, g

BUSY_TIMEOUT_MS = 5000


def connect(path: str) -> sqlite_utils.Database:
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                           check_same_thread=False)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA journal_mode = WAL")
    # synchronous=FULL: a write answered with success survives a power cut or kill -9
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")
    return sqlite_utils.Database(conn)


def get_db() -> sqlite_utils.Database:
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


def close_db(_exc=None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.conn.close()


@contextmanager
def transaction(db: sqlite_utils.Database):
    """One user action, stored whole or not at all.

    BEGIN IMMEDIATE takes the write lock up front, so two phones saving at the
    same moment queue behind the busy timeout instead of failing half-way.
    """
    conn = db.conn
    if conn.in_transaction:  # part of a larger action (an import): the outer one commits
        yield db
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    else:
        conn.execute("COMMIT")
