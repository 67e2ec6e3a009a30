"""`make load`: a busy table on loopback, bounded in time.

20 simulated phones poll the live sheet (sending If-None-Match like a browser)
and 4 scorekeepers save hands, for 60 s (LOAD_SECONDS to change). At the end
every write the server acknowledged is looked up in the database.
Only 127.0.0.1 is contacted.
"""
from __future__ import annotations

import html
import http.client
import json
import os
import re
import sqlite3
import sys
import threading
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.loadgen import Figures  # noqa: E402
from benchmarks.server import running_server  # noqa: E402

POLLERS, WRITERS = 20, 4
SECONDS = float(os.environ.get("LOAD_SECONDS", 60))
WRITE_PAUSE = float(os.environ.get("WRITE_PAUSE", 0.25))  # a very quick scorekeeper


class Phone:
    """One browser: keeps its cookie and its CSRF token."""

    def __init__(self, port: int):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookie = ""
        self.token = ""

    def request(self, method, path, body=None, headers=None):
        headers = dict(headers or {})
        if self.cookie:
            headers["Cookie"] = self.cookie
        if body is not None:
            body = urllib.parse.urlencode(body, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        self.conn.request(method, path, body=body, headers=headers)
        response = self.conn.getresponse()
        data = response.read()
        cookie = response.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";", 1)[0]
        return response, data.decode("utf-8", "replace")

    def join(self, key: str):
        self.request("GET", f"/join/{key}")
        _, page = self.request("GET", "/")
        self.token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)


def setup_game(port: int) -> tuple[int, str, str, dict]:
    phone = Phone(port)
    _, page = phone.request("GET", "/")
    phone.token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)
    response, _ = phone.request("POST", "/games/new", {
        "csrf_token": phone.token, "game": "chickenfoot", "preset": "classic", "set": "15",
        "double_blank": "50", "hands": "", "player": [f"P{i}" for i in range(1, 9)]})
    game_id = int(response.getheader("Location").rsplit("/", 1)[1])
    _, share = phone.request("GET", f"/games/{game_id}/share")
    edit_key, view_key = re.findall(r"/join/([A-Za-z0-9_-]+)", share)[:2]
    _, hand = phone.request("GET", f"/games/{game_id}/hands/1")
    ids = [int(i) for i in re.findall(r'name="points-(\d+)"', hand)]
    return game_id, edit_key, view_key, {"ids": ids}


def main() -> None:
    with running_server(threads=8) as (port, instance):
        game_id, edit_key, view_key, info = setup_game(port)
        ids = info["ids"]
        stop = time.monotonic() + SECONDS
        polls, writes = Figures("poll the live sheet (20 phones)"), Figures("open a hand + save (4 phones)")
        acknowledged: list[tuple[int, int, int]] = []   # (hand, player id, points)
        statuses: dict[int, int] = {}                   # answers other than success
        lock = threading.Lock()

        def poller():
            phone = Phone(port)
            phone.join(view_key)
            etag, mine, errors, not_modified = None, [], 0, 0
            while time.monotonic() < stop:
                start = time.perf_counter()
                response, _ = phone.request("GET", f"/games/{game_id}/live",
                                            headers={"If-None-Match": etag} if etag else {})
                mine.append(time.perf_counter() - start)
                if response.status == 304:
                    not_modified += 1
                elif response.status == 200:
                    etag = response.getheader("ETag")
                else:
                    errors += 1
                time.sleep(0.25)  # a phone polls every 2 s; 20 phones at 4/s stress it 8x
            with lock:
                polls.latencies.extend(mine)
                polls.errors += errors
                polls.not_modified = getattr(polls, "not_modified", 0) + not_modified

        def writer(n: int):
            phone = Phone(port)
            phone.join(edit_key)
            player = ids[n]
            mine, errors, value = [], 0, 0
            while time.monotonic() < stop:
                value += 1
                hand = 1 + value % 16
                # like a phone: open the hand's form, type one score, save
                start = time.perf_counter()
                _, form = phone.request("GET", f"/games/{game_id}/hands/{hand}")
                fields = dict(re.findall(r'<input type="hidden" name="((?:version|base-\d+))" value="([^"]*)"', form))
                fields = {k: html.unescape(v) for k, v in fields.items()}
                typed = {f"points-{pid}": html.unescape(v) for pid, v in
                         re.findall(r'name="points-(\d+)" value="([^"]*)"', form)}
                typed[f"points-{player}"] = str(value)
                response, _ = phone.request("POST", f"/games/{game_id}/hands/{hand}", {
                    "csrf_token": phone.token, "went_out": "", **fields, **typed})
                mine.append(time.perf_counter() - start)
                if response.status == 303:
                    with lock:
                        acknowledged.append((hand, player, value))
                else:
                    errors += 1
                    statuses[response.status] = statuses.get(response.status, 0) + 1
                time.sleep(WRITE_PAUSE)
            with lock:
                writes.latencies.extend(mine)
                writes.errors += errors

        threads = [threading.Thread(target=poller) for _ in range(POLLERS)]
        threads += [threading.Thread(target=writer, args=(n,)) for n in range(WRITERS)]
        began = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        polls.seconds = writes.seconds = time.monotonic() - began

        db = sqlite3.connect(os.path.join(instance, "chickenyard.db"))
        latest = {}
        for hand, player, value in acknowledged:
            latest[(hand, player)] = max(value, latest.get((hand, player), 0))
        stored = {(h, p): pts for h, p, pts in db.execute(
            "select h.number, e.player_id, e.points from entries e join hands h on h.id = e.hand_id "
            "where h.game_id = ?", [game_id])}
        history = {(h, p, json.loads(new)["points"]) for h, p, new in db.execute(
            "select h.number, c.player_id, c.new from changes c join hands h on h.id = c.hand_id "
            "where c.game_id = ? and c.what = 'entry' and c.new is not null", [game_id])}
        lost_latest = [k for k, v in latest.items() if stored.get(k) != v]
        lost_history = [a for a in acknowledged if a not in history]

        print(f"Chickenyard table load: {POLLERS} phones polling, {WRITERS} saving hands, "
              f"{polls.seconds:.0f} s on loopback, waitress with 8 threads, {os.cpu_count()} cores")
        print(polls.line())
        print(writes.line())
        total = len(polls.latencies) + len(writes.latencies)
        print(f"all requests: {total / polls.seconds:.1f} req/s; polls answered 304: "
              f"{getattr(polls, 'not_modified', 0)} of {len(polls.latencies)}")
        print(f"acknowledged writes: {len(acknowledged)}; in the history: {len(acknowledged) - len(lost_history)}; "
              f"latest value stored for every hand and player: {'yes' if not lost_latest else 'NO'}")
        if statuses:
            print(f"writes not acknowledged, by status: {statuses}")
        if lost_latest or lost_history:
            print(f"LOST: {lost_latest[:5]} {lost_history[:5]}")
            sys.exit(1)


if __name__ == "__main__":
    main()
