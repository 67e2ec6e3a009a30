"""`make bench`: how fast the score sheet of a big game is served.

Serves Chickenyard with waitress as `make run` does, fills an 8-player,
16-hand double-15 game, then 20 concurrent clients on loopback fetch the
sheet and, for comparison, a trivial route of the same app. Two figures
follow, each against /ping measured in the same run: the sheet's share of
/ping's requests per second, and what one sheet costs in process (Flask's
test client, CPU time) in /pings.
"""
from __future__ import annotations

import http.client
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.loadgen import hammer  # noqa: E402
from benchmarks.server import running_server  # noqa: E402

CLIENTS = 20
SECONDS = float(os.environ.get("BENCH_SECONDS", 10))


def fill_game(instance: str) -> int:
    from chickenyard.game.sheet import Entry, load_sheet
    from chickenyard.storage.db import connect
    from chickenyard.storage.store import create_game, save_hand
    from referee.rulesets import rule_set

    db = connect(os.path.join(instance, "chickenyard.db"))
    rules = rule_set("classic")
    game_id = create_game(db, rules=rules, set_size=15,
                          players=[f"Player {i}" for i in range(1, 9)],
                          hand_doubles=rules.hand_doubles(15))
    sheet = load_sheet(db, game_id)
    rng = random.Random(7)
    for hand in sheet.hands:
        out = rng.choice(sheet.players).id
        entries = {p.id: Entry(points=0, tiles=(), went_out=True) if p.id == out
                   else Entry(points=rng.randint(0, 120)) for p in sheet.players}
        save_hand(db, sheet, hand.number, entries)
    view_key = db["games"].get(game_id)["view_key"]
    db.conn.close()
    return game_id, view_key


def session_cookie(port: int, key: str) -> str:
    """Join the game like a phone opening the view link; the cookie is the phone's pass."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", f"/join/{key}")
    response = conn.getresponse()
    response.read()
    conn.close()
    return response.getheader("Set-Cookie").split(";", 1)[0]


def cost_in_process(instance: str, game_id: int, view_key: str, rounds: int = 15, requests: int = 50) -> float:
    """One sheet's cost in /pings, in this process: the median over `rounds` of the CPU time of
    `requests` sheets over that of as many /pings, fetched in turn by a phone holding the view link."""
    from app import create_app
    app = create_app({"DATABASE": os.path.join(instance, "chickenyard.db"), "SECRET_KEY": "bench",
                      "PHOTOS": os.path.join(instance, "photos")})
    phone = app.test_client()
    phone.get(f"/join/{view_key}")

    def cpu(path: str) -> float:
        started = time.process_time()
        for _ in range(requests):
            phone.get(path).get_data()
        return time.process_time() - started
    cpu("/ping"), cpu(f"/games/{game_id}")          # warm: the first sheet is built for this revision
    return statistics.median(cpu(f"/games/{game_id}") / cpu("/ping") for _ in range(rounds))


def main() -> None:
    with running_server() as (port, instance):
        game_id, view_key = fill_game(instance)
        cookie = {"Cookie": session_cookie(port, view_key)}
        print(f"Chickenyard bench: waitress (as make run), {CLIENTS} concurrent clients, "
              f"{SECONDS:.0f} s per route, loopback, {os.cpu_count()} cores")
        hammer(port, "/ping", 4, 1.0, "warm-up")
        sheet = hammer(port, f"/games/{game_id}", CLIENTS, SECONDS, "sheet, 8 players x 16 hands", headers=cookie)
        print(sheet.line(), flush=True)
        ping = hammer(port, "/ping", CLIENTS, SECONDS, "trivial route /ping", headers=cookie)
        print(ping.line(), flush=True)
        print(f"sheet / ping: {sheet.rate / ping.rate:.2f} of /ping's requests per second; in process one sheet "
              f"costs {cost_in_process(instance, game_id, view_key):.1f} times /ping (CPU time, median of 15)")


if __name__ == "__main__":
    main()
