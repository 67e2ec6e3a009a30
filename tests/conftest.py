"""Fixtures: the real Chickenyard app over a real SQLite file in tmp_path."""
from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from app import create_app

TOKEN = re.compile(r'<meta name="csrf-token" content="([^"]+)"')


class TableClient(FlaskClient):
    """A phone at the table: fetches its CSRF token like a browser would."""

    token: str | None = None

    def csrf_token(self) -> str:
        if self.token is None:
            page = self.get("/").get_data(as_text=True)
            self.token = TOKEN.search(page).group(1)
        return self.token

    def open(self, *args, **kwargs):
        method = (kwargs.get("method") or "GET").upper()
        if method == "POST" and kwargs.pop("with_csrf", True):
            data = kwargs.get("data")
            if isinstance(data, dict) and "csrf_token" not in data:
                kwargs["data"] = {**data, "csrf_token": self.csrf_token()}
        else:
            kwargs.pop("with_csrf", None)
        return super().open(*args, **kwargs)


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "chickenyard.db"),
                      "SECRET_KEY": "test-secret", "PHOTOS": str(tmp_path / "photos")})
    app.test_client_class = TableClient
    yield app


@pytest.fixture
def client(app):
    return app.test_client()


# CI runs the property tests and the fuzzing with a fixed derandomised seed, so a submission
# lands or fails on its own merits; a developer's run keeps exploring new examples.
import os  # noqa: E402

from hypothesis import settings  # noqa: E402

settings.register_profile("ci", derandomize=True, deadline=None)
if os.environ.get("CI"):
    settings.load_profile("ci")


UNREAD_STAGES = ("cores unread", "faces unread")


@pytest.fixture
def without_unread_stages(monkeypatch):
    """The pip counter without its stages that read as a tap what no cut held ("cores unread" and
    "faces unread"), as it read before round 20 of the model card's changelog: its first reading
    of briandiaz-01 then misses the 5|6 of a cross of tiles, which "Look closer" finds (no real
    photo in shared/ is left whose missed tile Look closer finds)."""
    pipeline = pytest.importorskip("vision.pipeline")
    monkeypatch.setattr(pipeline, "STAGES", tuple(s for s in pipeline.STAGES if s.name not in UNREAD_STAGES))

