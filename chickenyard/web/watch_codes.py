"""Short watch codes: six characters a person can read aloud across the table and type on the
home page to watch a game. Made from the game's watch link with the table's secret, so nothing new
is stored; letters that look alike (0/O, 1/I/L, 5/S, 2/Z, 8/B) are left out. A code only ever
gives the watch link; the edit link stays long. Tries are limited per phone address and for the
whole table: twenty addresses guess no faster than one. Only the games on the home page's lists
answer to a code (a game put away does not, a deleted one is gone): with 30 tries a minute and
even 300 games in play, a guess finds one after about 19 days on average."""
from __future__ import annotations

import hashlib
import hmac
import threading
import time
import unicodedata

ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY"     # 25 characters nobody mistakes for another
LENGTH = 6                               # 25^6: about 244 million codes
TRIES, PER_SECONDS = 10, 60
TABLE_TRIES = 30                         # every address together, in the same PER_SECONDS


def watch_code(secret: str, view_key: str) -> str:
    digest = int.from_bytes(hmac.new(secret.encode(), view_key.encode(), hashlib.sha256).digest()[:8], "big")
    chars = []
    for _ in range(LENGTH):
        digest, index = divmod(digest, len(ALPHABET))
        chars.append(ALPHABET[index])
    return "".join(chars)


def shown(code: str) -> str:
    """As printed and read aloud: two groups of three."""
    return f"{code[:3]}-{code[3:]}"


def normalised(typed: str) -> str:
    """What a person typed, as a code: case, spaces and dashes do not matter, nor letters typed full
    width (ＡＢＣ) or digits of another script (٣): the code is read in ASCII, or not at all."""
    chars = (str(unicodedata.decimal(c)) if unicodedata.decimal(c, None) is not None else c
             for c in unicodedata.normalize("NFKC", typed).upper())
    return "".join(c for c in chars if c.isascii() and c.isalnum())


def find_game(db, secret: str, typed: str) -> int | None:
    code = normalised(typed)
    if len(code) != LENGTH:
        return None
    for row in db.query("select id, view_key from games where archived_at is null"):
        if hmac.compare_digest(watch_code(secret, row["view_key"]), code):
            return row["id"]
    return None


class TryLimit:
    """At most TRIES codes per address and TABLE_TRIES from all addresses together in PER_SECONDS:
    guessing a code by trying them all is hopeless, from one phone or from many."""

    def __init__(self, tries: int = TRIES, seconds: float = PER_SECONDS, table_tries: int = TABLE_TRIES):
        self.tries, self.seconds, self.table_tries = tries, seconds, table_tries
        self._seen: dict[str, list[float]] = {}
        self._table: list[float] = []
        self._lock = threading.Lock()

    def allow(self, address: str) -> bool:
        return self.over_limit(address) is None

    def over_limit(self, address: str) -> str | None:
        """None when this try may go ahead (and is counted); else whose limit it passed: "phone" or "table"."""
        now = time.monotonic()
        with self._lock:
            recent = [t for t in self._seen.get(address, []) if now - t < self.seconds]
            self._table = [t for t in self._table if now - t < self.seconds]
            if len(recent) >= self.tries:
                self._seen[address] = recent
                return "phone"
            if len(self._table) >= self.table_tries:
                return "table"
            recent.append(now)
            self._table.append(now)
            self._seen[address] = recent
            if len(self._seen) > 1000:       # forget addresses long quiet
                self._seen = {a: ts for a, ts in self._seen.items() if ts and now - ts[-1] < self.seconds}
            return None
