"""Work that takes a core: PDFs drawn one at a time and kept, photos counted two at a time."""
from __future__ import annotations

import io
import threading

import pytest

from chickenyard.printing import pdf
from chickenyard.web import limits
from tests.elements import error_said, text
from tests.sheet_helpers import player_ids, start_game

BLANK = "/print/sheet.pdf?game=chickenfoot&preset=classic&set=9&players=4&paper=letter"


@pytest.fixture(autouse=True)
def nothing_kept(monkeypatch):
    monkeypatch.setattr(pdf, "_kept", pdf.OrderedDict())


def count_drawings(monkeypatch) -> list:
    from weasyprint import HTML
    drawn, real = [], HTML.write_pdf

    def counted(self, *args, **kwargs):
        drawn.append(1)
        return real(self, *args, **kwargs)
    monkeypatch.setattr(HTML, "write_pdf", counted)
    return drawn


def test_a_blank_sheet_pdf_is_drawn_once_for_its_settings(client, monkeypatch):
    drawn = count_drawings(monkeypatch)
    first = client.get(BLANK)
    assert first.status_code == 200 and first.data.startswith(b"%PDF")
    assert client.get(BLANK).data == first.data and len(drawn) == 1
    assert client.get(BLANK.replace("players=4", "players=5")).status_code == 200 and len(drawn) == 2


def test_a_games_pdf_is_drawn_again_once_its_scores_change(client, app, monkeypatch):
    drawn = count_drawings(monkeypatch)
    game_id = start_game(client)
    client.get(f"/games/{game_id}/sheet.pdf")
    client.get(f"/games/{game_id}/sheet.pdf")
    assert len(drawn) == 1
    client.post(f"/games/{game_id}/hands/1", data={f"points-{player_ids(app, game_id)['Ann']}": "7"})
    assert client.get(f"/games/{game_id}/sheet.pdf").status_code == 200 and len(drawn) == 2


def test_the_pdf_fetches_nothing_from_the_host_the_request_named(client, monkeypatch):
    import urllib.request
    fetched = []
    monkeypatch.setattr(urllib.request.OpenerDirector, "open", lambda self, *a, **k: fetched.append(a) or 1 / 0)
    assert client.get(BLANK).status_code == 200 and not fetched


class Admissions:
    """A gate's waiting line that tells the test each time a request gets into it."""

    def __init__(self, line):
        self.line, self.came_in = line, threading.Semaphore(0)

    def acquire(self, blocking=True, timeout=None):
        admitted = self.line.acquire(blocking, timeout)
        if admitted:
            self.came_in.release()
        return admitted

    def release(self):
        self.line.release()

    def wait_for_one(self, who: str):
        assert self.came_in.acquire(timeout=10), f"the {who} request did not get in line within 10 s"


def test_one_pdf_is_drawn_at_a_time_and_a_third_request_is_told_to_wait(client, monkeypatch):
    from weasyprint import HTML
    admissions = Admissions(limits.pdf_drawing.admit)
    monkeypatch.setattr(limits.pdf_drawing, "admit", admissions)
    inside, release, at_once, real = threading.Event(), threading.Event(), [], HTML.write_pdf
    current = []

    def slow(self, *args, **kwargs):
        current.append(1)
        at_once.append(len(current))
        inside.set()
        release.wait(10)
        try:
            return real(self, *args, **kwargs)
        finally:
            current.pop()
    monkeypatch.setattr(HTML, "write_pdf", slow)
    answers = {}

    def fetch(name, players):
        answers[name] = client.application.test_client().get(BLANK.replace("players=4", f"players={players}"))
    first = threading.Thread(target=fetch, args=("first", 3))
    first.start()
    admissions.wait_for_one("first")
    assert inside.wait(10), "the first PDF was not being drawn within 10 s"
    second = threading.Thread(target=fetch, args=("second", 4))
    second.start()
    admissions.wait_for_one("second")              # the second is waiting its turn
    third = client.get(BLANK.replace("players=4", "players=5"))
    assert third.status_code == 503 and third.headers["Retry-After"] == "5"
    assert "another PDF" in error_said(third)
    release.set()
    first.join(20)
    second.join(20)
    assert answers["first"].status_code == answers["second"].status_code == 200
    assert max(at_once) == 1


def test_a_photo_beyond_the_ones_being_counted_and_waiting_is_told_to_wait(client, app, monkeypatch):
    pytest.importorskip("cv2")
    gate = limits.Gate(running=0 + 1, waiting=0, busy_message="counting other photos")
    monkeypatch.setattr("chickenyard.storage.photos.photo_counting", gate)
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    with gate.turn():                                # another photo is being counted
        response = client.post(f"/games/{game_id}/hands/1/players/{ids['Ann']}/photo",
                               data={"photo": (io.BytesIO(b"whatever"), "t.jpg")}, content_type="multipart/form-data")
    assert response.status_code == 503 and "counting other photos" in text(response, "#error-photo")
