"""Chickenyard's web app: the score sheet, the referee and the printed sheets
for a table of domino players, served from a laptop or a Raspberry Pi."""
from __future__ import annotations

import os
from pathlib import Path

from flask import Flask
from flask_compress import Compress

import vision  # noqa: F401 - sets OpenCV's decoding limit before anything imports cv2

from chickenyard.storage import backup
from chickenyard.storage import db as database
from chickenyard.storage.instance import instance_secret, refuse_writes_when_read_only, writable
from chickenyard.storage.migrations import migrate
from chickenyard.web import languages
from chickenyard.web.errors import register_error_pages
from chickenyard.web.filters import register_filters
from chickenyard.web.headers import register_headers
from chickenyard.web.hosts import TrustedHosts
from chickenyard.web import security


def create_app(test_config: dict | None = None) -> Flask:
    # CHICKENYARD_INSTANCE puts the database and photos elsewhere (benchmarks, a USB stick)
    app = Flask(__name__, instance_relative_config=True,
                instance_path=os.environ.get("CHICKENYARD_INSTANCE") or None)
    app.config.from_mapping(
        DATABASE=os.path.join(app.instance_path, "chickenyard.db"),
        PHOTOS=os.path.join(app.instance_path, "photos"),
        MAX_CONTENT_LENGTH=16 * 1024 * 1024,  # a 12 MP phone photo with room to spare
        WTF_CSRF_TIME_LIMIT=None,  # a sheet stays open on a phone for a whole evening
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    # a read-only folder or disk: the sheets are served to read, with a banner, and nothing is written
    app.config.setdefault("READ_ONLY", not writable(Path(app.instance_path), Path(app.config["DATABASE"])))
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = instance_secret(Path(app.instance_path))
    if app.config.get("TRUSTED_HOSTS") is None:      # a Host that is not this machine: 400 (DNS rebinding)
        app.config["TRUSTED_HOSTS"] = TrustedHosts(app.config.get("HOST_NAMES", ()))

    security.init_app(app)
    # pages go out compressed to browsers that accept it: an 8-player double-15 hand page is
    # about 200 KB as HTML, a few KB compressed, over a busy table's Wi-Fi
    Compress(app)
    languages.init_app(app)
    register_error_pages(app)
    register_filters(app)
    register_headers(app)
    refuse_writes_when_read_only(app)

    from chickenyard.web.views import register_blueprints
    register_blueprints(app)

    database.init_app(app)
    backup.init_app(app)
    if not app.config["READ_ONLY"]:  # the table's database is always at this version's schema
        db = database.connect(app.config["DATABASE"])
        migrate(db)
        db.conn.close()
    return app
