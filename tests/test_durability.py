"""Nothing acknowledged is ever lost: backups while playing, and kill -9 of the server."""
from __future__ import annotations

import http.client
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from click.testing import CliRunner

from benchmarks.server import free_port, wait_until_up
from chickenyard.storage.db import connect
from tests.test_transfer import DOC

ROOT = Path(__file__).resolve().parents[1]


def test_backup_while_writing_then_restore(app, client, tmp_path):
    stop = threading.Event()
    written = []

    def writer():
        db = connect(app.config["DATABASE"])
        while not stop.is_set():
            with db.conn:
                db["games"].update(1, {"updated_at": str(time.time())})
            written.append(1)

    assert client.post("/games/import", json=DOC).status_code == 201
    thread = threading.Thread(target=writer)
    thread.start()
    try:
        result = CliRunner().invoke(app.cli, ["backup", str(tmp_path / "b" / "backup.db")])
    finally:
        stop.set()
        thread.join()
    assert result.exit_code == 0, result.output
    assert "Backed up 1 games" in result.output and written
    assert sqlite3.connect(tmp_path / "b" / "backup.db").execute("pragma integrity_check").fetchone()[0] == "ok"

    # a second game after the backup disappears when the backup is restored
    assert client.post("/games/import", json=DOC).status_code == 201
    result = CliRunner().invoke(app.cli, ["restore", str(tmp_path / "b" / "backup.db")])
    assert result.exit_code == 0 and "Restored 1 games" in result.output
    assert connect(app.config["DATABASE"])["games"].count == 1


def test_restore_refuses_a_file_that_is_not_a_backup(app, tmp_path):
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not sqlite" * 100)
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("create table t (x)")
    for path, message in ((junk, "not a Chickenyard backup"), (other, "not a Chickenyard backup"),
                          (tmp_path / "missing.db", "does not exist")):
        result = CliRunner().invoke(app.cli, ["restore", str(path)])
        assert result.exit_code != 0 and message in result.output


def _post_game(port, n):
    doc = {**DOC, "players": [f"Ann{n}", f"Bo{n}", f"Cy{n}"],
           "hands": [{"double": 9, "entries": [{"player": f"Ann{n}", "points": n % 400},
                                               {"player": f"Bo{n}", "went_out": True}]}]}
    request = urllib.request.Request(f"http://127.0.0.1:{port}/games/import", data=json.dumps(doc).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())["id"]


def test_kill_minus_nine_loses_no_acknowledged_write(tmp_path):
    port = free_port()
    env = {**os.environ, "CHICKENYARD_INSTANCE": str(tmp_path)}
    acknowledged: dict[int, int] = {}
    rng = random.Random(3)
    n = 0
    for cycle in range(4):
        server = subprocess.Popen([sys.executable, "-m", "chickenyard.web.serve", "--host", "127.0.0.1",
                                   "--port", str(port)], cwd=ROOT, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_until_up(port, server)
        # the server is killed once this many writes of the cycle are acknowledged, while the
        # writer goes on writing: a count, not a time, so a busy machine changes nothing
        wanted = len(acknowledged) + 6 + rng.randrange(6)
        enough = threading.Event()

        def write():
            nonlocal n
            try:
                while True:
                    n += 1
                    try:
                        acknowledged[_post_game(port, n)] = n
                    except (urllib.error.URLError, http.client.HTTPException, OSError, ValueError):
                        # killed mid-request or mid-response, or a request that stalled or was refused
                        # (a timeout, a 503): this one was never acknowledged, and this cycle ends here
                        return
                    if len(acknowledged) >= wanted:
                        enough.set()
            finally:
                enough.set()        # a writer that stopped early must not leave the test waiting

        writer = threading.Thread(target=write)
        writer.start()
        assert enough.wait(timeout=120), "the writer was still waiting for acknowledgements after two minutes"
        server.send_signal(signal.SIGKILL)
        writer.join(timeout=30)
        server.wait(timeout=10)
    assert len(acknowledged) > 20
    db = sqlite3.connect(tmp_path / "chickenyard.db")
    for game_id, k in acknowledged.items():
        names = [r[0] for r in db.execute("select name from players where game_id = ? order by seat", [game_id])]
        assert names == [f"Ann{k}", f"Bo{k}", f"Cy{k}"], game_id
        points = db.execute("select e.points from entries e join players p on p.id = e.player_id "
                            "where p.game_id = ? and p.name = ?", [game_id, f"Ann{k}"]).fetchone()
        assert points == (k % 400,)
    assert db.execute("pragma integrity_check").fetchone()[0] == "ok"
