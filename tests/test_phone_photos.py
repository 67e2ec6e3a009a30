"""Photos as phones send them, through the real app: accepted, reviewed, and shown back."""
from __future__ import annotations

import io
from pathlib import Path

import pytest

from tests.sheet_helpers import player_ids, start_game
from tests.test_photos import points_line, upload

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")
Image = pytest.importorskip("PIL.Image")

from tests.vision.synthetic import photo_of, scattered  # noqa: E402

pytestmark = pytest.mark.vision


def _as(fmt: str, jpeg: bytes, **options) -> bytes:
    out = io.BytesIO()
    Image.open(io.BytesIO(jpeg)).save(out, fmt, quality=92, **options)
    return out.getvalue()


def _review_of(client, app, data, name):
    game_id = start_game(client)
    response = upload(client, game_id, player_ids(app, game_id)["Ann"], data, name=name)
    assert response.status_code == 303, response.get_data(as_text=True)
    review = client.get(response.headers["Location"])
    return review, client.get(response.headers["Location"] + "/image")


def test_an_iphone_jpeg_with_a_second_picture_is_counted(client, app):
    jpeg = photo_of(scattered([(1, 2), (3, 5)], seed=5))
    second = Image.open(io.BytesIO(photo_of(scattered([(6, 6)], seed=6))))
    mpo = _as("MPO", jpeg, save_all=True, append_images=[second])
    review, image = _review_of(client, app, mpo, "IMG_0001.JPG")
    assert points_line(review.get_data(as_text=True)).startswith("2 tiles recognised")
    assert (image.mimetype, image.data) == ("image/jpeg", mpo)


def test_a_heic_photo_is_counted_and_shown_back_as_a_jpeg(client, app):
    heif = pytest.importorskip("pillow_heif")
    heif.register_heif_opener()
    heic = _as("HEIF", photo_of(scattered([(1, 2), (3, 5)], seed=5)))
    review, image = _review_of(client, app, heic, "IMG_0002.HEIC")
    assert points_line(review.get_data(as_text=True)).startswith("2 tiles recognised")
    assert image.mimetype == "image/jpeg"
    shown = cv2.imdecode(np.frombuffer(image.data, np.uint8), cv2.IMREAD_COLOR)
    assert shown.shape == (750, 1000, 3)


def test_a_heic_photo_is_made_into_a_jpeg_once_and_shown_again_from_it(client, app, monkeypatch):
    # the review shows the photo again after every tap: the JPEG made at its first showing is
    # kept beside the HEIC, and deleting the game's photos deletes it too
    heif = pytest.importorskip("pillow_heif")
    heif.register_heif_opener()
    import vision.load
    heic = _as("HEIF", photo_of(scattered([(1, 2), (3, 5)], seed=5)))
    game_id = start_game(client)
    response = upload(client, game_id, player_ids(app, game_id)["Ann"], heic, name="IMG_0003.HEIC")
    first = client.get(response.headers["Location"] + "/image")
    decoded = []
    real_decode = vision.load.decode
    monkeypatch.setattr(vision.load, "decode", lambda data: decoded.append(1) or real_decode(data))
    again = client.get(response.headers["Location"] + "/image")
    assert (again.mimetype, again.data) == ("image/jpeg", first.data)
    assert decoded == []
    folder = Path(app.config["PHOTOS"]) / str(game_id)
    assert sorted(p.suffix for p in folder.iterdir()) == [".img", ".jpg"]
    from chickenyard.storage.db import get_db
    from chickenyard.storage.photos import delete_photos
    with app.app_context():
        assert delete_photos(get_db(), app.config["PHOTOS"], game_id) == 1
    assert list(folder.iterdir()) == []


def test_a_heic_photo_is_shown_where_its_jpeg_cannot_be_kept(client, app, monkeypatch):
    # a full disk: the JPEG made from the HEIC is shown all the same, and nothing half-written is left
    heif = pytest.importorskip("pillow_heif")
    heif.register_heif_opener()
    import errno
    import tempfile
    heic = _as("HEIF", photo_of(scattered([(1, 2)], seed=7)))
    game_id = start_game(client)
    response = upload(client, game_id, player_ids(app, game_id)["Ann"], heic, name="IMG_0004.HEIC")

    def no_room(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(tempfile, "mkstemp", no_room)
    image = client.get(response.headers["Location"] + "/image")
    assert image.status_code == 200 and image.mimetype == "image/jpeg"
    assert [p.suffix for p in (Path(app.config["PHOTOS"]) / str(game_id)).iterdir()] == [".img"]
