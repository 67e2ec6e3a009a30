"""How fast the players' statistics are served over 300 games, and whether a burst of them stalls
the table: `python benchmarks/stats_bench.py`.

Serves Chickenyard with waitress as `make run` does, fills 300 finished 4-player games of 10 hands,
then times each statistics page one request after another (the median of 20), and finally sends
24 statistics requests at once, each for another period and game type and after a change to a game,
while one phone asks /ping every 20 ms: the worst /ping is the stall a table would feel.
"""
from __future__ import annotations

import http.client
import os
import random
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.server import running_server  # noqa: E402
from benchmarks.sheet_bench import session_cookie  # noqa: E402

GAMES = int(os.environ.get("STATS_GAMES", 300))
NAMES = ["Ann", "Bo", "Cy", "Di", "Eve", "Flo", "Gus", "Hal", "Ida", "Jo", "Kim", "Lu"]


def fill_games(instance: str) -> tuple[int, str]:
    from chickenyard.game.sheet import Entry, load_sheet
    from chickenyard.storage.db import connect
    from chickenyard.storage.store import create_game, save_hand
    from referee.rulesets import rule_set

    db = connect(os.path.join(instance, "chickenyard.db"))
    rules = rule_set("classic")
    rng = random.Random(11)
    for _ in range(GAMES):
        game_id = create_game(db, rules=rules, set_size=9, players=rng.sample(NAMES, 4),
                              hand_doubles=rules.hand_doubles(9))
        sheet = load_sheet(db, game_id)
        for hand in sheet.hands:
            out = rng.choice(sheet.players).id
            save_hand(db, sheet, hand.number, {p.id: Entry(points=0, tiles=(), went_out=True) if p.id == out
                                               else Entry(points=rng.randint(0, 60)) for p in sheet.players})
    edit_key = db["games"].get(game_id)["edit_key"]
    db.conn.close()
    return game_id, edit_key


def get(port: int, path: str, headers: dict, busy: list | None = None) -> float:
    """Seconds to answer; a 503 (the statistics gate: try again in a moment) is counted in `busy`."""
    started = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("GET", path, headers=headers)
    response = conn.getresponse()
    response.read()
    conn.close()
    if busy is not None and response.status == 503:
        busy.append(path)
    else:
        assert response.status == 200, (path, response.status)
    return time.perf_counter() - started


def touch_a_game(instance: str, game_id: int) -> None:
    """A change to one game (a phone saving a hand, say): whatever is kept of the statistics is stale."""
    from chickenyard.storage.db import connect
    db = connect(os.path.join(instance, "chickenyard.db"))
    with db.conn:
        db.execute("update games set revision = revision + 1, updated_at = updated_at where id = ?", [game_id])
    db.conn.close()


def burst(port: int, paths: list[str], headers: dict) -> tuple[float, float, int]:
    """All the paths at once while /ping is asked every 20 ms: (slowest statistics page, worst /ping,
    pages told to wait)."""
    pings, pages, busy, done = [], [], [], threading.Event()

    def pinger():
        while not done.is_set():
            pings.append(get(port, "/ping", {}))
            time.sleep(0.02)

    def page(path):
        pages.append(get(port, path, headers, busy))
    watcher = threading.Thread(target=pinger)
    watcher.start()
    time.sleep(0.1)
    threads = [threading.Thread(target=page, args=(p,)) for p in paths]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    done.set()
    watcher.join()
    return max(pages), max(pings), len(busy)


def main() -> None:
    with running_server() as (port, instance):
        started = time.perf_counter()
        game_id, edit_key = fill_games(instance)
        print(f"{GAMES} games filled in {time.perf_counter() - started:.0f} s; {os.cpu_count()} cores, loopback")
        phone = {"Cookie": session_cookie(port, edit_key)}
        pages = {"/players": "players", "/players.json": "players.json", "/players/1": "a player's page",
                 f"/games/{game_id}/tv": "big screen"}
        for path, label in pages.items():
            first = get(port, path, phone)
            times = [get(port, path, phone) for _ in range(20)]
            print(f"{label:<16} first {first * 1000:7.1f} ms   then median {statistics.median(times) * 1000:6.1f} ms")
        combos = [f"/players?period={p}&kind={k}" for p in ("tonight", "month", "year", "all")
                  for k in ("points", "chickenfoot", "mexican-train", "super-15")]
        paths = (combos + ["/players.json", "/players/1", "/players/2", "/players/3", "/players/4",
                           "/players/5", "/players/6", "/players/7"])[:24]
        touch_a_game(instance, game_id)
        slowest, worst_ping, busy = burst(port, paths, phone)
        print(f"burst of {len(paths)} after a change: slowest page {slowest * 1000:.0f} ms, "
              f"{busy} told to wait (503), worst /ping {worst_ping * 1000:.0f} ms")


if __name__ == "__main__":
    main()
