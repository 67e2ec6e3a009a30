"""Browser tests: the real app served by waitress, driven in Debian's Chromium."""
from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

pytestmark = pytest.mark.browser


@pytest.fixture
def live_server(tmp_path):
    from waitress import create_server

    from app import create_app
    app = create_app({"DATABASE": str(tmp_path / "chickenyard.db"), "SECRET_KEY": "browser-test",
                      "PHOTOS": str(tmp_path / "photos")})
    server = create_server(app, host="127.0.0.1", port=0, threads=4)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.effective_port}"
    stop(server, thread)


def stop(server, thread):
    """Stop a test's server for good before the next test opens files.

    Closing the server from this thread left its worker threads running; one of
    them later woke the server loop by writing "x" to the loop's trigger, a file
    descriptor the next test's SQLite file had been given meanwhile, and that
    test's database was no longer a database. So: let the workers finish and
    leave, then close every socket from inside the loop, and wait for the loop."""
    server.task_dispatcher.shutdown(cancel_pending=True, timeout=10)

    def close_all():
        for channel in list(server._map.values()):
            channel.close()

    server.trigger.pull_trigger(close_all)
    thread.join(timeout=10)
    assert not thread.is_alive(), "the test server did not stop"


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def artifacts():
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
