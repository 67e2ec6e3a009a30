"""`make bench`: how fast the score sheet of a big game is served.

Serves Chickenyard with waitress as `make run` does, fills an 8-player,
16-hand double-15 game, then 20 concurrent clients on loopback fetch the
sheet and, for comparison, a trivial route of the same app.
"""
from __future__ import annotations

import http.client
import os
import random
import sys
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


def main() -> None:
    with running_server() as (port, instance):
        game_id, view_key = fill_game(instance)
        cookie = {"Cookie": session_cookie(port, view_key)}
        print(f"Chickenyard bench: waitress (as make run), {CLIENTS} concurrent clients, "
              f"{SECONDS:.0f} s per route, loopback, {os.cpu_count()} cores")
        hammer(port, "/ping", 4, 1.0, "warm-up")
        for path, label in ((f"/games/{game_id}", "sheet, 8 players x 16 hands"),
                            ("/ping", "trivial route /ping")):
            print(hammer(port, path, CLIENTS, SECONDS, label, headers=cookie).line(), flush=True)


if __name__ == "__main__":
    main()
