"""How much heavy work the table's machine takes on at once.

A Raspberry Pi has four small cores and little memory; a laptop serving the table may have two.
Counting pips in a 12 MP photo or drawing a PDF takes a core for a second or more, and the
photo's pixels take memory. A Gate lets a few such jobs run, a few more wait their turn, and
answers the rest at once with Busy, so the waitress threads stay free to serve every table's
sheet at its usual speed.
"""
from __future__ import annotations

import threading
from contextlib import contextmanager
from functools import wraps

from referee.words import N_, _


class Busy(Exception):
    """Too many of these jobs already: the person is told to try again in a moment."""

    def __init__(self, message: str):
        super().__init__(_(message))           # in the table's language (referee/words.py)


class Gate:
    def __init__(self, running: int, waiting: int, busy_message: str):
        self.run = threading.BoundedSemaphore(running)
        self.admit = threading.BoundedSemaphore(running + waiting)
        self.busy_message = busy_message

    @contextmanager
    def turn(self):
        if not self.admit.acquire(blocking=False):
            raise Busy(self.busy_message)
        try:
            with self.run:
                yield
        finally:
            self.admit.release()

    def guards(self, view):
        """The view (a page) runs only with a turn of this gate."""
        @wraps(view)
        def gated(*args, **kwargs):
            with self.turn():
                return view(*args, **kwargs)
        return gated


# Counting pips: two at once (two photos' pixels, about 80 MB each at 12 MP, at a time)
photo_counting = Gate(running=2, waiting=2, busy_message=N_(
    "The table's machine is counting other photos just now. Wait a few seconds, then send this one again."))
# Bringing back a saved game: parsing it and writing every hand through the sheet takes a core
# for a moment; two at once, two waiting
game_importing = Gate(running=2, waiting=2, busy_message=N_(
    "The table's machine is bringing back other saved games just now. Wait a few seconds and send this one again."))
# The players' statistics: each game's results are kept, so a page is quick; a burst of them still
# takes every thread, so two at once, four waiting, and the rest told to wait: the sheets stay quick
statistics = Gate(running=2, waiting=4, busy_message=N_(
    "The table's machine is adding up statistics for other phones just now. Wait a few seconds and try again."))
# PDFs: one at a time, so that printing never slows the sheets down
pdf_drawing = Gate(running=1, waiting=1, busy_message=N_(
    "The table's machine is making another PDF just now. Wait a few seconds and try again, "
    "or use the Print button."))
