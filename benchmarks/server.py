"""Start Chickenyard exactly as `make run` does, on a throwaway database."""
from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    port: int
    instance: str
    process: subprocess.Popen

    def peak_rss_mb(self) -> float:
        """The server process's peak resident memory so far (Linux: VmHWM)."""
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        return int(re.search(r"VmHWM:\s+(\d+) kB", status).group(1)) / 1024


@contextmanager
def running_server(threads: int = 8):
    with serving(threads) as server:
        yield server.port, server.instance


@contextmanager
def serving(threads: int = 8):
    with tempfile.TemporaryDirectory(prefix="chickenyard-bench-") as instance:
        port = free_port()
        env = {**os.environ, "CHICKENYARD_INSTANCE": instance}
        # the server's log goes to a file: an unread pipe would fill up and stall it
        log = open(os.path.join(instance, "server.log"), "w+")
        proc = subprocess.Popen([sys.executable, "-m", "chickenyard.web.serve", "--host", "127.0.0.1",
                                 "--port", str(port), "--threads", str(threads)],
                                cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            wait_until_up(port, proc, log)
            yield Server(port, instance, proc)
        finally:
            proc.terminate()
            proc.wait(timeout=10)
            log.close()


def wait_until_up(port: int, proc, log=None, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            said = ""
            if log is not None:
                log.seek(0)
                said = log.read()
            raise RuntimeError("the server stopped: " + said)
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/ping", timeout=1).read()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the server did not answer in time")
