"""The attack on the import, again: four phones at once each send a 15.6 MB JSON list of empty objects
to POST /games/import, as the round-2 attack did (it took the server from 57 MB to 3 GB for 34 s).
Prints each answer, how long the burst took, the server's peak memory, and the worst /ping during it:
`python benchmarks/import_burst.py`."""
from __future__ import annotations

import http.client
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.server import serving  # noqa: E402

BODY = b"[" + b"{}," * (15_600_000 // 3) + b"{}]"
PHONES = 4


def post(port: int, answers: list) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    conn.request("POST", "/games/import", body=BODY, headers={"Content-Type": "application/json"})
    response = conn.getresponse()
    answers.append((response.status, response.read()[:120]))
    conn.close()


def ping(port: int) -> float:
    started = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("GET", "/ping")
    conn.getresponse().read()
    conn.close()
    return time.perf_counter() - started


def main() -> None:
    with serving() as server:
        before = server.peak_rss_mb()
        answers, pings, done = [], [], threading.Event()

        def pinger():
            while not done.is_set():
                pings.append(ping(server.port))
                time.sleep(0.02)
        watcher = threading.Thread(target=pinger)
        watcher.start()
        started = time.perf_counter()
        phones = [threading.Thread(target=post, args=(server.port, answers)) for _ in range(PHONES)]
        for phone in phones:
            phone.start()
        for phone in phones:
            phone.join()
        took = time.perf_counter() - started
        done.set()
        watcher.join()
        print(f"{PHONES} imports of {len(BODY) / 1e6:.1f} MB at once: answers {sorted(a[0] for a in answers)} "
              f"in {took:.1f} s")
        print(f"  {answers[0][1].decode(errors='replace')}")
        print(f"server peak memory: {before:.0f} MB before, {server.peak_rss_mb():.0f} MB after; "
              f"worst /ping during the burst {max(pings) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
