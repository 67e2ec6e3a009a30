"""Online backup and restore of the table's database (SQLite's backup API).

A backup is consistent even while phones keep writing: SQLite copies the pages
under its own locking. A restore checks that the file really is a Chickenyard
database before it replaces anything.
"""
from __future__ import annotations

import sqlite3
from pathlib import Path

import click

from .migrations import migrate, schema_version


class NotABackup(ValueError):
    """The file is not a Chickenyard database."""


def backup(database: str, target: str) -> int:
    """Copy the live database to `target`; returns the number of games in it."""
    Path(target).parent.mkdir(parents=True, exist_ok=True)
    source = sqlite3.connect(database, timeout=30)
    dest = sqlite3.connect(target)
    try:
        with dest:
            source.backup(dest)
        dest.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
        return dest.execute("select count(*) from games").fetchone()[0]
    finally:
        dest.close()
        source.close()


def check_backup(path: str) -> int:
    """The backup's schema version; raises NotABackup for anything else."""
    if not Path(path).is_file():
        raise NotABackup(f"{path} does not exist.")
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            if conn.execute("pragma integrity_check").fetchone()[0] != "ok":
                raise NotABackup(f"{path} is damaged (integrity check failed).")
            tables = {r[0] for r in conn.execute("select name from sqlite_master where type = 'table'")}
            if not {"schema_version", "games", "hands", "entries"} <= tables:
                raise NotABackup(f"{path} is an SQLite file, but not a Chickenyard backup.")
            return conn.execute("select max(version) from schema_version").fetchone()[0] or 0
        finally:
            conn.close()
    except sqlite3.DatabaseError as problem:
        raise NotABackup(f"{path} is not a Chickenyard backup ({problem}).") from problem


def _highest_revision(database: str) -> int:
    if not Path(database).is_file():
        return 0
    conn = sqlite3.connect(database, timeout=30)
    try:
        return conn.execute("select max(revision) from games").fetchone()[0] or 0
    except sqlite3.DatabaseError:          # no games table yet: nothing was ever served
        return 0
    finally:
        conn.close()


def restore(database: str, source_path: str) -> int:
    """Replace the live database's contents with the backup; returns the games restored."""
    check_backup(source_path)
    seen = _highest_revision(database)
    source = sqlite3.connect(f"file:{source_path}?mode=ro", uri=True)
    dest = sqlite3.connect(database, timeout=30)
    try:
        source.backup(dest)
    finally:
        source.close()
        dest.close()
    from .db import connect, transaction
    db = connect(database)
    try:
        migrate(db)  # an older backup is brought up to this version of Chickenyard
        # every game moves past any revision a phone (or the served sheet) has seen, so that the
        # restored games are shown, not taken for the ones the phones already hold
        with transaction(db):
            db.execute("update games set revision = revision + ?", [seen + 1])
        return db.execute("select count(*) from games").fetchone()[0]
    finally:
        db.conn.close()


def init_app(app) -> None:
    """`flask backup PATH` and `flask restore PATH`."""
    @app.cli.command("backup")
    @click.argument("path")
    def backup_command(path):
        """Copy the database to PATH, safely, even while the table is playing."""
        games = backup(app.config["DATABASE"], path)
        click.echo(f"Backed up {games} games to {path}.")

    @app.cli.command("restore")
    @click.argument("path")
    def restore_command(path):
        """Replace the database with the backup at PATH."""
        try:
            games = restore(app.config["DATABASE"], path)
        except NotABackup as problem:
            raise click.ClickException(str(problem))
        click.echo(f"Restored {games} games from {path}.")


__all__ = ["NotABackup", "backup", "check_backup", "init_app", "restore", "schema_version"]
