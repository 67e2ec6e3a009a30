"""Hostile photos sent to the real app: refused before decoding, with a message, never a 500."""
from __future__ import annotations

import io
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chickenyard.storage.db import connect
from tests.hostile_images import bomb_hiding_its_size, chunk, jpeg_claiming, png
from tests.sheet_helpers import player_ids, start_game

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")


def upload_for_hand(client, app, data):
    game_id = start_game(client)
    ann = player_ids(app, game_id)["Ann"]
    return client.post(f"/games/{game_id}/hands/1/players/{ann}/photo",
                       data={"photo": (io.BytesIO(data), "tiles.png")}, content_type="multipart/form-data")


def upload_for_castle_rock(client, data):
    created = client.post("/castle-rock/new", data={"mode": "table", "set": "15"})
    return client.post(created.headers["Location"] + "/photo",
                       data={"photo": (io.BytesIO(data), "row.png")}, content_type="multipart/form-data")


def refusal(response) -> str:
    assert response.status_code == 400, response.status_code
    return response.get_data(as_text=True)


@pytest.mark.parametrize("route", ["hand", "castle rock"])
def test_a_bomb_whose_header_cannot_be_read_is_refused_before_decoding(client, app, route):
    bomb = bomb_hiding_its_size()
    assert len(bomb) < 200_000
    response = upload_for_hand(client, app, bomb) if route == "hand" else upload_for_castle_rock(client, bomb)
    # refused as unreadable, or as too large once WeasyPrint (imported by an earlier PDF) has made
    # Pillow skip the broken chunk: refused before decoding either way
    page = refusal(response)
    assert "not a photo Chickenyard can read" in page or "too large" in page
    assert connect(app.config["DATABASE"])["photos"].count == 0


def test_opencv_refuses_a_bomb_by_itself_once_chickenyard_is_loaded():
    """The second guard: OpenCV's own limit, whatever the header check does."""
    program = ("import app, cv2, numpy, sys; from tests.hostile_images import png\n"
               "try:\n    cv2.imdecode(numpy.frombuffer(png(8000, 6000), numpy.uint8), cv2.IMREAD_COLOR)\n"
               "except cv2.error as e:\n    sys.exit(3 if 'validateInputImageSize' in str(e) else 4)\n")
    done = subprocess.run([sys.executable, "-c", program], env={"OPENCV_IO_MAX_IMAGE_PIXELS": "2000000000"},
                          capture_output=True, text=True)
    assert done.returncode == 3, done.stderr
    from vision import MAX_DECODE_PIXELS
    from vision.params import Params
    assert Params().max_pixels <= MAX_DECODE_PIXELS


@pytest.mark.parametrize("data, message", [
    (b"", "not a photo"),
    (png(9000, 6000), "too large"),
    (jpeg_claiming(65000, 65000), "too large"),
    (png(800, 600, rows=40), "not a photo"),                     # cut short
    (png(800, 600)[:-30], "not a photo"),
    (b"BM" + b"\x00" * 60, "not a photo"),                        # formats Chickenyard does not read
    (b"II*\x00" + b"\x00" * 60, "not a photo"),
], ids=["empty", "54 MP", "JPEG claiming 4 GP", "PNG cut short", "PNG without its end", "BMP", "TIFF"])
@pytest.mark.parametrize("truncated_allowed", [False, True])
def test_odd_and_hostile_files_get_a_message(client, app, monkeypatch, data, message, truncated_allowed):
    from PIL import ImageFile
    # WeasyPrint turns this on for the whole process: it must not let a broken photo through
    monkeypatch.setattr(ImageFile, "LOAD_TRUNCATED_IMAGES", truncated_allowed)
    assert message in refusal(upload_for_hand(client, app, data))


def test_a_bomb_is_refused_when_pillow_tolerates_broken_files(monkeypatch):
    from PIL import ImageFile

    from vision.load import ImageTooLarge, decode
    monkeypatch.setattr(ImageFile, "LOAD_TRUNCATED_IMAGES", True)     # now Pillow reads the bomb's header
    with pytest.raises(ImageTooLarge):
        decode(bomb_hiding_its_size())


# --- hostile files nobody has written yet: every mutation of a real photo is read or refused ---

def _good_files():
    ok, jpeg = cv2.imencode(".jpg", np.random.default_rng(3).integers(0, 255, (60, 80, 3), np.uint8))
    ok, webp = cv2.imencode(".webp", np.full((60, 80, 3), 90, np.uint8))
    return [jpeg.tobytes(), webp.tobytes(), png(80, 60, extra=chunk(b"tEXt", b"Comment\x00x"))]


GOOD = _good_files()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.sampled_from(range(len(GOOD))), edits=st.lists(
    st.tuples(st.integers(0, 400), st.binary(min_size=1, max_size=4)), max_size=6), cut=st.integers(0, 2000))
def test_mutated_photos_are_read_within_the_limits_or_refused(which, edits, cut):
    from vision.load import ImageTooLarge, UnreadableImage, decode
    from vision.params import Params
    data = bytearray(GOOD[which])
    for at, new in edits:                   # overwrite bytes, the header's sizes among them
        data[at:at + len(new)] = new
    data = bytes(data[:len(data) - cut] if cut < len(data) else data)
    try:
        image = decode(data)
    except (UnreadableImage, ImageTooLarge):
        return
    assert image.ndim == 3 and image.shape[0] * image.shape[1] <= Params().max_pixels
