"""Stage 0: bytes from a phone to an upright picture, refusing what is unsafe.

Fails closed: a file whose format and size cannot be read from its header is refused before
any pixel is decoded. OpenCV decodes only the formats whose signature it and Pillow agree on
(JPEG, PNG, WebP); Pillow decodes only HEIC/AVIF (pillow-heif), so a process-wide Pillow
setting such as LOAD_TRUNCATED_IMAGES (WeasyPrint turns it on) never decides what is accepted.
What phones send within those: progressive and CMYK JPEGs, JPEGs carrying a second picture
(a gain map or depth image: Pillow calls them MPO; the first picture is the photo), grey and
16-bit PNGs; each comes out as 8-bit BGR.
The second guard, independent of this one, is OpenCV's own limit set in vision/__init__.py.
"""
from __future__ import annotations

import io

import cv2
import numpy as np

from .params import Params


class UnreadableImage(ValueError):
    """Not a picture Chickenyard can read."""


class ImageTooLarge(ValueError):
    """Over the size limits: refused before decoding."""


# An MPO is a JPEG followed by more pictures; OpenCV decodes the JPEG, the first picture.
OPENCV_FORMATS = ("JPEG", "MPO", "PNG", "WEBP")
PILLOW_FORMATS = ("HEIF", "AVIF")          # phone photos, where pillow-heif is installed


def readable_kinds() -> str:
    """The kinds of picture this machine reads, in words for a message: HEIC only where
    pillow-heif is installed (the `vision` extra has it where it installs from a wheel)."""
    return "JPEG, PNG, WebP or HEIC" if _register_heif() else "JPEG, PNG or WebP"


def _not_a_picture() -> UnreadableImage:
    return UnreadableImage(f"the file is not a {readable_kinds()} picture Chickenyard can read")


def header(data: bytes) -> tuple[str, int, int]:
    """The format, width and height from the file's header, without decoding the pixels.
    Anything the header reader cannot make sense of is refused: nothing unknown is decoded."""
    try:
        from PIL import Image
    except ImportError as missing:
        raise UnreadableImage("Pillow, needed to check photos before reading them, is not installed") from missing
    _register_heif()
    Image.init()
    formats = [f for f in OPENCV_FORMATS + PILLOW_FORMATS if f in Image.OPEN]
    try:
        with Image.open(io.BytesIO(data), formats=formats) as im:
            return im.format, im.size[0], im.size[1]
    except Image.DecompressionBombError as problem:
        raise ImageTooLarge(f"the photo has far too many pixels ({problem})") from problem
    except Exception as problem:  # noqa: BLE001 - whatever the header reader trips on, the file is refused
        raise _not_a_picture() from problem


def decode(data: bytes, params: Params = Params()) -> np.ndarray:
    """An upright BGR image (EXIF orientation applied), checked against the limits first."""
    if len(data) > params.max_bytes:
        raise ImageTooLarge(f"the photo is {len(data) / 2**20:.1f} MB; at most {params.max_bytes // 2**20} MB")
    kind, width, height = header(data)
    if width * height > params.max_pixels or width <= 0 or height <= 0:
        raise ImageTooLarge(f"the photo is {width} x {height} pixels; at most {params.max_pixels // 10**6} MP")
    image = _decode_with_opencv(data) if kind in OPENCV_FORMATS else _decode_with_pillow(data)
    if image is None:
        raise _not_a_picture()
    if image.shape[0] * image.shape[1] > params.max_pixels:
        raise ImageTooLarge("the photo has too many pixels")
    return image


def _decode_with_opencv(data: bytes):
    try:
        return cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)  # applies EXIF orientation
    except cv2.error as problem:
        # OpenCV's own pixel limit (vision/__init__.py) caught what the header hid
        if "validateInputImageSize" in str(problem):
            raise ImageTooLarge("the photo has too many pixels") from problem
        raise _not_a_picture() from problem


def _register_heif() -> bool:
    try:
        import pillow_heif
    except ImportError:
        return False
    pillow_heif.register_heif_opener()
    return True


def _decode_with_pillow(data: bytes):
    """HEIC and AVIF, which OpenCV lacks, where Pillow has them (pillow-heif)."""
    try:
        from PIL import Image, ImageOps
        with Image.open(io.BytesIO(data), formats=list(PILLOW_FORMATS)) as im:
            im = ImageOps.exif_transpose(im).convert("RGB")
            return cv2.cvtColor(np.asarray(im), cv2.COLOR_RGB2BGR)
    except Exception:  # noqa: BLE001 - anything unreadable ends as UnreadableImage
        return None
