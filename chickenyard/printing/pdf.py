"""PDFs of printed sheets: one drawn at a time, and each kept once drawn.

A PDF is the same for the same page, so it is kept by a digest of the page and its stylesheet
(a blank sheet by its settings, a game's sheet by its scores and day). WeasyPrint is given no
base URL, so it fetches nothing: every style it needs is passed to it directly.
"""
from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from pathlib import Path

from ..web.limits import pdf_drawing

KEPT = 64            # PDFs kept, each some tens of KB

_kept: OrderedDict[str, bytes] = OrderedDict()
_lock = threading.Lock()


def pdf_of(html: str, stylesheet: Path, css: str) -> bytes:
    """The PDF of the page: kept, or drawn now (raises limits.Busy when another is being drawn and
    one more is waiting)."""
    key = hashlib.sha256("\0".join((html, str(stylesheet), css)).encode()).hexdigest()
    if (pdf := _kept_pdf(key)) is not None:
        return pdf
    from weasyprint import CSS, HTML   # imported here: start-up stays quick, and the sheet prints without it
    with pdf_drawing.turn():
        if (pdf := _kept_pdf(key)) is not None:      # drawn by the request this one waited for
            return pdf
        pdf = HTML(string=html, base_url=None).write_pdf(
            stylesheets=[CSS(filename=str(stylesheet)), CSS(string=css)])
    with _lock:
        _kept[key] = pdf
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return pdf


def _kept_pdf(key: str) -> bytes | None:
    with _lock:
        if key in _kept:
            _kept.move_to_end(key)
            return _kept[key]
    return None
