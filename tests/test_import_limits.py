"""Bringing back a saved game: a body far larger than any game is refused before it is read, a
document of a megabyte of empty objects before it is parsed, and imports take their turn."""
from __future__ import annotations

import io
import json
import tracemalloc

from chickenyard.storage.db import connect
from chickenyard.web import limits
from chickenyard.web.views import transfer
from referee.rulesets import rule_set

MB = 1024 * 1024


def biggest_game() -> dict:
    """The largest game a table can play: set-insert's long game with a double-15 set, 13 players,
    31 hands, and every tile but the hand's double left in someone's hand, entered one by one."""
    rules = rule_set("set-insert", {"long_game": True})
    players = [f"Player number {i:02d} with a long name" for i in range(1, 14)]
    tiles = [[a, b] for a in range(16) for b in range(a, 16)]
    hands = []
    for double in rules.hand_doubles(15):
        left = [t for t in tiles if t != [double, double]]
        entries = [{"player": players[0], "went_out": True, "points": 0}]
        entries += [{"player": name, "tiles": left[i::12]} for i, name in enumerate(players[1:])]
        hands.append({"double": double, "entries": entries})
    return {"format": "chickenyard/game-v1", "game": "chickenfoot", "preset": "set-insert", "set": 15,
            "house_rules": {"long_game": True}, "players": players, "hands": hands}


class CountedStream(io.RawIOBase):
    """A body of `size` bytes of `[{},{},...` that counts how much of it the server read."""

    def __init__(self, size: int):
        self.size, self.read_so_far = size, 0

    def readable(self):
        return True

    def readinto(self, buffer):
        n = min(len(buffer), self.size - self.read_so_far)
        buffer[:n] = (b"{}," * (n // 3 + 1))[:n]
        self.read_so_far += n
        return n


def test_the_largest_game_a_table_can_play_comes_back_well_inside_the_limits(client, app):
    body = json.dumps(biggest_game(), indent=2).encode()          # as Chickenyard saves a game
    assert len(body) * 3 < transfer.MOST_BYTES
    assert (body.count(b"{") + body.count(b"[")) * 3 < transfer.MOST_CONTAINERS
    assert body.count(b",") * 4 < transfer.MOST_VALUES
    response = client.post("/games/import", data=body, content_type="application/json")
    assert response.status_code == 201, response.get_json()
    assert connect(app.config["DATABASE"])["hands"].count == 31


def test_a_body_declared_far_larger_than_a_game_is_refused_unread(client, app):
    stream = CountedStream(15 * MB)
    response = client.post("/games/import", content_type="application/json", environ_overrides={
        "wsgi.input": stream, "CONTENT_LENGTH": str(stream.size)})
    assert response.status_code == 413
    assert "far larger than any saved game" in response.get_json()["problems"][0]
    assert stream.read_so_far == 0
    assert connect(app.config["DATABASE"])["games"].count == 0


def test_a_body_of_unknown_length_is_read_no_further_than_the_limit(client):
    stream = CountedStream(15 * MB)                    # chunked: no Content-Length, the stream says when it ends
    response = client.post("/games/import", content_type="application/json", environ_overrides={
        "wsgi.input": stream, "CONTENT_LENGTH": "", "wsgi.input_terminated": True})
    assert response.status_code == 413
    assert stream.read_so_far <= transfer.MOST_BYTES + 64 * 1024


def test_a_file_far_larger_than_a_game_is_refused_on_the_page(client):
    client.get("/games/import")
    response = client.post("/games/import", data={"file": (io.BytesIO(b"[" + b"{}," * (5 * MB // 3) + b"{}]"),
                                                            "huge.json")}, content_type="multipart/form-data")
    assert response.status_code == 413
    assert "far larger than any saved game" in response.get_data(as_text=True)


def test_a_megabyte_of_empty_objects_is_refused_without_parsing_it(client):
    body = b"[" + b"{}," * ((transfer.MOST_BYTES - 100) // 3) + b"{}]"
    tracemalloc.start()
    try:
        response = client.post("/games/import", data=body, content_type="application/json")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert response.status_code == 400
    assert "far more than any game" in response.get_json()["problems"][0]
    assert peak < 8 * MB, f"{peak / MB:.0f} MB for one request"    # parsed, it took over 20 MB


def test_imports_beyond_the_ones_running_and_waiting_are_told_to_wait(client, monkeypatch):
    gate = limits.Gate(running=1, waiting=0, busy_message="bringing back other saved games")
    monkeypatch.setattr(transfer, "game_importing", gate)
    with gate.turn():                                  # another import is being read
        response = client.post("/games/import", data=json.dumps(biggest_game()), content_type="application/json")
    assert response.status_code == 503 and response.headers["Retry-After"] == "5"
    assert "bringing back other saved games" in response.get_json()["error"]
