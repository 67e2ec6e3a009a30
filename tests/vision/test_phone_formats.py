"""Every kind of file a phone sends is read: each made here, in the test, from one photo of
tiles, and read as the same tiles as that photo's plain JPEG."""
from __future__ import annotations

import io
import sys
from collections import Counter

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")
Image = pytest.importorskip("PIL.Image")

from tests.vision.synthetic import photo_of, scattered  # noqa: E402
from vision import count_pips, load  # noqa: E402

pytestmark = pytest.mark.vision

TILES = [(1, 2), (3, 5), (4, 6), (0, 6)]


@pytest.fixture(scope="module")
def photo():
    """An 8-bit BGR photo of four tiles on a table, and what the counter reads in it as a JPEG."""
    jpeg = photo_of(scattered(TILES, seed=3))
    bgr = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    read = Counter(count_pips(jpeg, 6).tiles)
    assert read == Counter(TILES)
    return bgr, read


def _opencv(ext, image, *flags):
    return cv2.imencode(ext, image, list(flags))[1].tobytes()


def _pillow(image, fmt, **options):
    out = io.BytesIO()
    image.save(out, fmt, **options)
    return out.getvalue()


def _rgb(bgr):
    return Image.fromarray(cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB))


def _mpo(bgr):
    """A JPEG with a second picture after it, as a phone writes a gain map or depth image
    (iPhone 15 Pro, many Android phones): Pillow calls it MPO. The second is of other tiles."""
    other = Image.open(io.BytesIO(photo_of(scattered([(5, 5), (2, 2)], seed=4))))
    return _pillow(_rgb(bgr), "MPO", save_all=True, append_images=[other], quality=92)


def _cmyk(bgr):
    return _pillow(_rgb(bgr).convert("CMYK"), "JPEG", quality=92)


def _progressive(bgr):
    return _pillow(_rgb(bgr), "JPEG", quality=92, progressive=True)


def _png_16_bit(bgr):
    return _opencv(".png", bgr.astype(np.uint16) * 257)


def _grey_png(bgr):
    return _opencv(".png", cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY))


def _heic(bgr):
    pytest.importorskip("pillow_heif").register_heif_opener()
    return _pillow(_rgb(bgr), "HEIF", quality=92)


FORMATS = {"MPO": _mpo, "CMYK JPEG": _cmyk, "progressive JPEG": _progressive,
           "16-bit PNG": _png_16_bit, "grey PNG": _grey_png, "HEIC": _heic}


@pytest.mark.parametrize("kind", FORMATS)
def test_a_phone_photo_of_each_kind_is_decoded_as_its_picture(photo, kind):
    bgr, _ = photo
    decoded = load.decode(FORMATS[kind](bgr))
    assert decoded.shape == bgr.shape and decoded.dtype == np.uint8
    want = cv2.cvtColor(cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR) if kind == "grey PNG" else bgr
    assert np.abs(decoded.astype(int) - want).mean() < 4, kind


@pytest.mark.parametrize("kind", FORMATS)
def test_a_phone_photo_of_each_kind_reads_the_same_tiles(photo, kind):
    bgr, read = photo
    assert Counter(count_pips(FORMATS[kind](bgr), 6).tiles) == read


def test_an_mpo_is_read_as_its_first_picture_not_its_second(photo):
    bgr, _ = photo
    data = _mpo(bgr)
    with Image.open(io.BytesIO(data)) as im:
        assert (im.format, getattr(im, "n_frames", 1)) == ("MPO", 2)
    assert load.header(data) == ("MPO", bgr.shape[1], bgr.shape[0])


def _refusal() -> str:
    with pytest.raises(load.UnreadableImage) as refused:
        load.decode(b"not a picture at all")
    return str(refused.value)


def test_the_refusal_names_heic_only_where_it_can_be_read(monkeypatch):
    pytest.importorskip("pillow_heif")
    assert _refusal() == "the file is not a JPEG, PNG, WebP or HEIC picture Chickenyard can read"
    monkeypatch.setitem(sys.modules, "pillow_heif", None)     # as on a machine where no wheel installs
    assert _refusal() == "the file is not a JPEG, PNG or WebP picture Chickenyard can read"
