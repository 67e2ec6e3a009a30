"""The instance folder beside the database: its secret key, and whether it can be written.

A laptop's disk can be remounted read-only after an error, a memory card can be locked: the
table then reads its sheets with a banner instead of refusing to start.
"""
from __future__ import annotations

import os
import secrets
import tempfile
import time
from pathlib import Path

from flask import request

from .db import StorageProblem

MIN_SECRET = 32         # characters: a key cut short by a crash, or emptied, is replaced


def writable(folder: Path, database: Path) -> bool:
    """True when files can be made in the folder and beside the database, and the database file
    can be written (a probe, not permission bits: the superuser passes those, and no one writes
    to a read-only disk)."""
    try:
        for place in (folder, database.parent):
            place.mkdir(parents=True, exist_ok=True)
            with tempfile.TemporaryFile(dir=place):
                pass
        if database.exists():
            with open(database, "r+b"):
                pass
    except OSError:
        return False
    return True


def instance_secret(folder: Path) -> str:
    """The secret that signs the phones' sessions: made once and kept, so sessions survive a
    restart. On a read-only folder without one, a secret for this run only."""
    path = folder / "secret_key"
    try:
        secret = path.read_text().strip()
    except (OSError, UnicodeDecodeError):
        secret = ""
    if len(secret) >= MIN_SECRET:
        return secret
    secret = secrets.token_hex(32)
    try:
        write_atomically(path, secret)
    except OSError:
        pass
    return secret


def write_atomically(path: Path, content: str | bytes) -> None:
    """The whole file or the old one, never half: a temporary file, synced, renamed over it."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-")
    try:
        os.fchmod(handle, 0o600)
        with os.fdopen(handle, "wb" if isinstance(content, bytes) else "w") as file:
            file.write(content)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)                # the rename itself survives a power cut
    finally:
        os.close(folder)


RECHECK_SECONDS = 5     # a disk that went read-only while serving is probed again at most this often


def writes_nothing(view):
    """A form that keeps its answer in the phone's cookie only (a watch code, the phone's name): it
    works on a read-only disk too."""
    view.writes_nothing = True
    return view


def went_read_only(app) -> bool:
    """The database would not open for writing: when the disk itself is now read-only, the table goes on
    reading its sheets, as after a restart on that disk (until the disk takes writes again)."""
    if writable(Path(app.instance_path), Path(app.config["DATABASE"])):
        return False
    app.config["READ_ONLY"] = True
    app.extensions["read_only_probed"] = time.monotonic()
    return True


def _writable_again(app) -> None:
    """A disk that went read-only while serving is probed again now and then; when it takes writes
    again the table saves again (a table started on a read-only disk stays so until restarted)."""
    probed = app.extensions.get("read_only_probed")
    if probed is None or time.monotonic() - probed < RECHECK_SECONDS:
        return
    app.extensions["read_only_probed"] = time.monotonic()
    if writable(Path(app.instance_path), Path(app.config["DATABASE"])):
        app.config["READ_ONLY"] = False
        app.extensions.pop("read_only_probed", None)


def refuse_writes_when_read_only(app) -> None:
    """On a read-only instance every page that only reads works; every form that would write answers
    503, saying why."""
    @app.before_request
    def read_only_guard():
        _writable_again(app)
        if (app.config.get("READ_ONLY") and request.method not in ("GET", "HEAD", "OPTIONS")
                and not getattr(app.view_functions.get(request.endpoint), "writes_nothing", False)):
            raise StorageProblem("read-only")
