"""Strangers on the Wi-Fi: a Host that is not this machine is refused; links can be rotated."""
from __future__ import annotations

import re
import socket

import pytest

from app import create_app
from chickenyard.storage.db import connect
from chickenyard.web.hosts import lan_addresses
from tests.conftest import TableClient
from tests.elements import text
from tests.sheet_helpers import start_game


def game_page_from(client, host: str, game_id: int):
    return client.get(f"/games/{game_id}", headers={"Host": host})


@pytest.mark.parametrize("host", ["rebind.attacker.example", "rebind.attacker.example:5000", "localhost.attacker.example",
                                  "127.0.0.1.nip.io", "evil", "xn--chicken-7ya.example"])
def test_a_host_that_is_not_this_machine_is_refused(client, host):
    game_id = start_game(client)
    response = game_page_from(client, host, game_id)
    assert response.status_code == 400
    assert response.mimetype == "text/plain"            # the whole answer, nothing of the game
    assert response.get_data(as_text=True) == "Chickenyard answers only to the table machine's own address or name.\n"
    assert client.post("/games/new", data={"player": ["A", "B", "C"]}, headers={"Host": host}).status_code == 400


def test_the_machines_own_names_and_addresses_are_served(client):
    names = ["localhost", "127.0.0.1:5000", socket.gethostname(), f"{socket.gethostname()}.local:8000",
             *[f"{address}:5000" for address in lan_addresses()]]
    for host in names:      # the session cookie belongs to "localhost": the page for a new game shows the host passed
        assert client.get("/games/new", headers={"Host": host}).status_code == 200, host


def test_names_set_in_the_instance_config_are_served(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "c.db"), "SECRET_KEY": "s",
                      "HOST_NAMES": ["chickenyard.lan"]})
    app.test_client_class = TableClient
    client = app.test_client()
    assert client.get("/", headers={"Host": "chickenyard.lan:5000"}).status_code == 200
    assert client.get("/", headers={"Host": "other.lan"}).status_code == 400


def test_share_links_and_codes_use_the_host_the_phone_reached(app):
    address = (lan_addresses() or ["127.0.0.1"])[0]
    client = app.test_client()            # a phone that reached the machine by its Wi-Fi address
    home = client.get("/", base_url=f"http://{address}:5000").get_data(as_text=True)
    form = {"game": "chickenfoot", "preset": "classic", "set": "9", "double_blank": "50", "player": ["Ann", "Bo", "Cy"],
            "csrf_token": re.search(r'name="csrf-token" content="([^"]+)"', home).group(1)}
    created = client.post("/games/new", data=form, base_url=f"http://{address}:5000")
    game_id = int(created.headers["Location"].rsplit("/", 1)[1])
    share = client.get(f"/games/{game_id}/share", base_url=f"http://{address}:5000").get_data(as_text=True)
    links = re.findall(r'<code id="url-\w+" aria-label="[^"]+">([^<]+)</code>', share)
    assert links and all(link.startswith(f"http://{address}:5000/join/") for link in links)


def test_the_watch_link_can_be_rotated(app, client):
    game_id = start_game(client)
    old = connect(app.config["DATABASE"])["games"].get(game_id)
    watcher = app.test_client()
    watcher.get(f"/join/{old['view_key']}")
    assert watcher.get(f"/games/{game_id}").status_code == 200
    assert watcher.post(f"/games/{game_id}/rotate", data={"link": "view"}).status_code == 403
    assert client.post(f"/games/{game_id}/rotate", data={"link": "view"}).status_code == 303
    new = connect(app.config["DATABASE"])["games"].get(game_id)
    assert new["view_key"] != old["view_key"] and new["edit_key"] == old["edit_key"]
    assert watcher.get(f"/games/{game_id}").status_code == 404
    assert app.test_client().get(f"/join/{old['view_key']}").status_code == 404
    share = client.get(f"/games/{game_id}/share").get_data(as_text=True)
    assert text(share, "code#url-view").endswith(f"/join/{new['view_key']}")
    assert "New watch link made" in text(share, "div.flashes")
    assert client.get(f"/games/{game_id}").status_code == 200
