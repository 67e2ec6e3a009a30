"""Stage 0: bytes from a phone to an upright picture, refusing what is unsafe."""
from __future__ import annotations

import io

import cv2
import numpy as np

from .params import Params


class UnreadableImage(ValueError):
    """Not a picture Chickenyard can read."""


class ImageTooLarge(ValueError):
    """Over the size limits: refused before decoding."""


def header_size(data: bytes) -> tuple[int, int] | None:
    """Width and height from the file's header, without decoding the pixels (Pillow reads lazily)."""
    try:
        from PIL import Image
    except ImportError:
        return None
    try:
        with Image.open(io.BytesIO(data)) as im:
            return im.size
    except Image.DecompressionBombError as problem:
        raise ImageTooLarge(f"the photo has far too many pixels ({problem})") from problem
    except Exception:  # noqa: BLE001 - any header Pillow cannot read is left to OpenCV to judge
        return None


def decode(data: bytes, params: Params = Params()) -> np.ndarray:
    """An upright BGR image (EXIF orientation applied), checked against the limits first."""
    if len(data) > params.max_bytes:
        raise ImageTooLarge(f"the photo is {len(data) / 2**20:.1f} MB; at most {params.max_bytes // 2**20} MB")
    size = header_size(data)
    if size and size[0] * size[1] > params.max_pixels:
        raise ImageTooLarge(f"the photo is {size[0]} x {size[1]} pixels; at most {params.max_pixels // 10**6} MP")
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)  # applies EXIF orientation
    if image is None:
        image = _decode_with_pillow(data)
    if image is None:
        raise UnreadableImage("the file is not a JPEG, PNG or other picture Chickenyard can read")
    if image.shape[0] * image.shape[1] > params.max_pixels:
        raise ImageTooLarge("the photo has too many pixels")
    return image


def _decode_with_pillow(data: bytes):
    """HEIC and other formats OpenCV lacks, where Pillow (with pillow-heif) has them."""
    try:
        from PIL import Image, ImageOps
        try:
            import pillow_heif
            pillow_heif.register_heif_opener()
        except ImportError:
            pass
        with Image.open(io.BytesIO(data)) as im:
            im = ImageOps.exif_transpose(im).convert("RGB")
            return cv2.cvtColor(np.asarray(im), cv2.COLOR_RGB2BGR)
    except Exception:  # noqa: BLE001 - anything unreadable ends as UnreadableImage
        return None


def working_copy(image: np.ndarray, params: Params = Params()) -> tuple[np.ndarray, float]:
    """The image at analysis size, and the scale from original to working pixels."""
    h, w = image.shape[:2]
    long_side = max(h, w)
    if long_side > params.work_long_side:
        scale = params.work_long_side / long_side
        interp = cv2.INTER_AREA if scale < 0.5 else cv2.INTER_LINEAR   # a mild reduction needs no area averaging
    elif long_side < params.min_long_side:
        scale = params.min_long_side / long_side
        interp = cv2.INTER_CUBIC
    else:
        return image, 1.0
    return cv2.resize(image, (round(w * scale), round(h * scale)), interpolation=interp), scale
