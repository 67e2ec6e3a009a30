"""A small closed-loop load generator for loopback benchmarks.

Each simulated phone keeps one HTTP/1.1 connection open and sends requests
one after another for a fixed time; latencies are collected per request.
Only 127.0.0.1 is ever contacted.
"""
from __future__ import annotations

import http.client
import statistics
import threading
import time
from dataclasses import dataclass, field


@dataclass
class Figures:
    label: str
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    seconds: float = 0.0

    def percentile(self, q: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else float("nan")

    @property
    def rate(self) -> float:
        """Requests answered per second."""
        return len(self.latencies) / self.seconds if self.seconds else 0

    def line(self) -> str:
        rate = self.rate
        median = statistics.median(self.latencies) * 1000 if self.latencies else float("nan")
        return (f"{self.label:<34} {rate:8.1f} req/s   p50 {median:7.2f} ms   "
                f"p99 {self.percentile(0.99):7.2f} ms   requests {len(self.latencies):6d}   errors {self.errors}")


def hammer(port: int, path: str, clients: int, seconds: float, label: str,
           headers: dict | None = None) -> Figures:
    figures = Figures(label)
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def phone():
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        mine, errors = [], 0
        while time.monotonic() < stop:
            start = time.perf_counter()
            try:
                conn.request("GET", path, headers=headers or {})
                response = conn.getresponse()
                response.read()
                if response.status >= 400:
                    errors += 1
            except (OSError, http.client.HTTPException):
                errors += 1
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                continue
            mine.append(time.perf_counter() - start)
        conn.close()
        with lock:
            figures.latencies.extend(mine)
            figures.errors += errors

    threads = [threading.Thread(target=phone) for _ in range(clients)]
    began = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    figures.seconds = time.monotonic() - began
    return figures
