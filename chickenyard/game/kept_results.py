"""Each game's statistics kept by the game's revision.

The players' pages, /players.json and the big screen's tonight table add up every game played.
Every change to a game bumps its revision (a saved hand, a player renamed or merged, the game put
away), and ids are never reused, so a game's results are the same for as long as its (id,
revision) is: they are read from the sheet once, and again only after a change. The reading of the
games not kept yet is done by one request at a time; a burst of statistics pages then waits for
that one instead of reading the same 300 sheets side by side while the table's sheets wait.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Callable

KEPT_GAMES = 5000          # results of this many games kept per database, a few KB each


class KeptResults:
    def __init__(self, most: int = KEPT_GAMES):
        self.most = most
        self._kept: OrderedDict[int, tuple[int, object]] = OrderedDict()
        self._lock = threading.Lock()        # the kept results themselves
        self._reading = threading.Lock()     # one request reads the games not kept yet

    def of(self, db, games: list[tuple[int, int]], read: Callable[[object, int], object]) -> list:
        """read(db, game_id) of each (game_id, revision), kept or read now, in the order given."""
        found = self._look_up(games)
        if len(found) < len(games):
            with self._reading:
                found = self._look_up(games)          # read by the request this one waited for
                for game_id, revision in games:
                    if game_id not in found:
                        found[game_id] = read(db, game_id)
                        self._keep(game_id, revision, found[game_id])
        return [found[game_id] for game_id, _ in games]

    def _look_up(self, games: list[tuple[int, int]]) -> dict:
        with self._lock:
            found = {}
            for game_id, revision in games:
                kept = self._kept.get(game_id)
                if kept is not None and kept[0] == revision:
                    found[game_id] = kept[1]
                    self._kept.move_to_end(game_id)
            return found

    def _keep(self, game_id: int, revision: int, value) -> None:
        with self._lock:
            self._kept[game_id] = (revision, value)
            self._kept.move_to_end(game_id)
            while len(self._kept) > self.most:
                self._kept.popitem(last=False)


_by_database: dict[str, KeptResults] = {}
_by_database_lock = threading.Lock()


def kept_for(db) -> KeptResults:
    """The kept results of this database file (a test, a benchmark or a restored backup each has its own)."""
    path = db.execute("pragma database_list").fetchone()[2]
    with _by_database_lock:
        return _by_database.setdefault(path, KeptResults())
