"""Odd input that used to be a 500: a message next to the field, what was typed kept, nothing written."""
from __future__ import annotations

import io
import json
import re

import pytest

from chickenyard.storage.db import connect
from tests.elements import element, elements, text
from tests.sheet_helpers import hand_form, player_ids, start_game, totals_row

ODD_NUMBERS = ["²", "٣", "9" * 5000, "1.0", "-3", " ", "1e3"]


def field_error(html, key: str) -> str:
    """The message beside the field key (its role an alert, so a screen reader says it)."""
    return text(html, f'p.field-error#error-{key}[role="alert"]')


def changes(app) -> int:
    return connect(app.config["DATABASE"])["changes"].count


@pytest.mark.parametrize("odd", ODD_NUMBERS[:4])
def test_a_hands_points_in_odd_digits_are_refused_beside_the_field(client, app, odd):
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    before = changes(app)
    response = client.post(f"/games/{game_id}/hands/1", data={**hand_form(ids, {"Ann": 5}), f"points-{ids['Bo']}": odd})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "whole number" in field_error(html, f"points-{ids['Bo']}")
    assert element(html, f'input[name="points-{ids["Ann"]}"]')["value"] == "5"
    assert changes(app) == before


def test_tiles_left_in_odd_digits_are_refused(client, app):
    game_id = start_game(client, players=("Ann", "Bo", "Cy"), preset="", set_size=15, game="super-15", hands=3)
    ids = player_ids(app, game_id)
    response = client.post(f"/games/{game_id}/hands/1", data={f"left-{ids['Ann']}": "²", f"points-{ids['Ann']}": "4"})
    assert response.status_code == 422
    assert "whole number" in field_error(response.get_data(as_text=True), f"left-{ids['Ann']}")


def test_a_photo_button_with_an_odd_player_saves_and_answers_success(client, app):
    """It used to store the score, then answer 500: the phone was told the save failed."""
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    response = client.post(f"/games/{game_id}/hands/1", data={**hand_form(ids, {"Cy": 9}), "then": "photo-²"})
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/games/{game_id}")
    assert totals_row(client.get(f"/games/{game_id}").get_data(as_text=True))[2] == "9"


@pytest.mark.parametrize("odd", ["²", "9" * 5000, "-1"])
def test_an_odd_conflict_choice_is_no_500(client, app, odd):
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    response = client.post(f"/games/{game_id}/hands/1", data={**hand_form(ids, {"Cy": 9}), "conflict": odd})
    assert response.status_code in (303, 409)


def test_a_deeply_nested_base_is_no_500(client, app):
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    response = client.post(f"/games/{game_id}/hands/1", data={**hand_form(ids, {"Cy": 9}), "version": "0",
                                                              f"base-{ids['Cy']}": "[" * 100_000})
    assert response.status_code == 303


@pytest.mark.parametrize("key", ["hands", "tiles_each"])
@pytest.mark.parametrize("odd", ODD_NUMBERS)
def test_new_game_numbers_in_odd_digits_are_refused_beside_the_field(client, key, odd):
    form = {"game": "chickenfoot", "preset": "classic", "set": "9", "double_blank": "50", "hands": "",
            "player": ["Ann", "Bo", "Cy"], key: odd}
    response = client.post("/games/new", data=form)
    html = response.get_data(as_text=True)
    if not odd.strip():
        assert response.status_code == 303
        return
    assert response.status_code == 422
    assert "whole number" in field_error(html, key) or "from 1 to" in field_error(html, key)
    assert element(html, f'input#{key}[name="{key}"]')["value"].startswith(odd[:40])
    assert [seat.get("value") for seat in elements(html, 'input[name="player"]')][:3] == ["Ann", "Bo", "Cy"]


def test_a_set_in_odd_digits_is_refused(client):
    response = client.post("/games/new", data={"game": "chickenfoot", "preset": "classic", "set": "٩",
                                               "double_blank": "50", "player": ["Ann", "Bo", "Cy"]})
    assert response.status_code == 422 and "double-" in field_error(response.get_data(as_text=True), "set")


def test_photo_review_halves_in_odd_digits_are_refused_beside_the_tile(client, app):
    pytest.importorskip("cv2")
    from tests.vision.synthetic import photo_of
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    uploaded = client.post(f"/games/{game_id}/hands/1/players/{ids['Ann']}/photo",
                           data={"photo": (io.BytesIO(photo_of([((3, 4), (400, 300), 0)], seed=12)), "t.jpg")},
                           content_type="multipart/form-data")
    before = changes(app)
    response = client.post(uploaded.headers["Location"], data={"tile-0-a": "²", "tile-0-b": "4", "keep-0": "1"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and "from 0 to 9" in field_error(html, "tile-0")
    assert element(html, 'input[name="tile-0-a"]')["value"] == "²" and changes(app) == before


def nested(levels: int) -> str:
    return "[" * levels + "]" * levels


@pytest.mark.parametrize("levels", [25, 100_000])
def test_deeply_nested_json_is_refused_on_import(client, app, levels):
    # nested past any game; 100,000 deep is also more lists than any game, refused before it is parsed
    said = "nested" if levels < 20_000 else "far more than any game"
    response = client.post("/games/import", data=nested(levels), content_type="application/json")
    assert response.status_code == 400 and said in response.get_json()["problems"][0]
    upload = client.post("/games/import", data={"file": (io.BytesIO(nested(levels).encode()), "game.json")},
                         content_type="multipart/form-data")
    assert upload.status_code == 400 and said in upload.get_data(as_text=True)
    assert connect(app.config["DATABASE"])["games"].count == 0


def test_a_document_nested_as_deep_as_a_game_still_imports(client):
    doc = {"format": "chickenyard/game-v1", "preset": "classic", "set": 9, "players": ["Ann", "Bo", "Cy"],
           "hands": [{"double": 9, "entries": [{"player": "Ann", "tiles": [[3, 4]]}]}]}
    response = client.post("/games/import", data=json.dumps(doc), content_type="application/json")
    assert response.status_code == 201


GAME = {"format": "chickenyard/game-v1", "preset": "classic", "set": 9, "players": ["Ann", "Bo", "Cy"]}


@pytest.mark.parametrize("house", [{"double_blank": 25.0}, {"tiles_each": 7.0}, {"hands": 3.5}])
def test_a_number_with_a_point_where_a_whole_number_belongs_is_refused_on_import(client, app, house):
    response = client.post("/games/import", data=json.dumps({**GAME, "house_rules": house}),
                           content_type="application/json")
    assert response.status_code == 400 and "whole number" in response.get_json()["problems"][0]
    assert connect(app.config["DATABASE"])["games"].count == 0


@pytest.mark.parametrize("doc", [
    {**GAME, "game": "x" * 1_000_000},
    {**GAME, "preset": "y" * 1_000_000},
    {**GAME, "house_rules": {"z" * 1_000_000: 1}},
    {**GAME, "house_rules": {"double_blank": "w" * 1_000_000}},
    {**GAME, "hands": [{"double": "v" * 1_000_000}]},
    {**GAME, "hands": [{"double": 9, "entries": [{"player": "u" * 1_000_000}]}]},
    {**GAME, "hands": [{"double": 9, "entries": [{"player": "Ann", "points": "t" * 1_000_000}]}]},
    {**GAME, "hands": [{"double": 9, "entries": [{"player": "Ann", "tiles": ["s" * 1_000_000]}]}]},
    {**GAME, "players": ["r" * 1_000_000, "Bo", "Cy"]},
], ids=["game", "preset", "house rule", "house value", "double", "player", "points", "tile", "name"])
def test_a_bad_value_is_quoted_cut_short_in_the_message(client, doc):
    response = client.post("/games/import", data=json.dumps(doc), content_type="application/json")
    assert response.status_code == 400
    problems = response.get_json()["problems"]
    assert problems and all(len(p) <= 200 for p in problems)
    page = client.post("/games/import", data={"file": (io.BytesIO(json.dumps(doc).encode()), "g.json")},
                       content_type="multipart/form-data")
    assert page.status_code == 400 and len(page.get_data()) < 20_000


def test_thousands_of_bad_entries_are_counted_not_listed(client):
    doc = {**GAME, "hands": [{"double": 9, "entries": [{"player": f"N{i}"} for i in range(5000)]}]}
    problems = client.post("/games/import", data=json.dumps(doc), content_type="application/json").get_json()["problems"]
    assert len(problems) == 21 and problems[-1] == "... and 4980 more problems."


def test_a_conflict_named_for_a_player_with_no_entry_shows_the_choice(client, app):
    """Found by the fuzzer: a posted conflict for a player nobody has scored yet."""
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    response = client.post(f"/games/{game_id}/hands/1", data={f"points-{ids['Ann']}": "", "conflict": str(ids["Ann"])})
    assert response.status_code == 409 and "empty" in response.get_data(as_text=True)


def test_an_id_too_big_for_the_database_is_not_found_on_every_route(client, app):
    """Any id of 2^63 or more, in every address that takes one: not found, never an OverflowError."""
    start_game(client)
    routes = [rule for rule in app.url_map.iter_rules() if "<int:" in rule.rule]
    assert len(routes) > 25
    for rule in routes:
        for too_big in (2**63, 2**64 + 1, 10**30):
            path = rule.rule
            for name in rule.arguments:
                path = path.replace(f"<int:{name}>", str(too_big))
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
                response = client.open(path, method=method, data={})
                # no route takes it: 404, or 405 where the same address serves the other method
                assert response.status_code in (404, 405), (method, path, response.status_code)


@pytest.mark.parametrize("bidi", ["\u202e", "\u202d", "\u2067", "\u2068"])
def test_a_name_that_would_print_backwards_is_refused_everywhere_a_name_is_typed(client, app, bidi):
    """U+202E printed "evil15" as "51live" on the PDF."""
    evil = f"evil{bidi}51"
    response = client.post("/games/new", data={"game": "chickenfoot", "preset": "classic", "set": "9",
                                               "double_blank": "50", "player": ["Ann", evil, "Cy"]})
    assert response.status_code == 422 and "control characters" in field_error(response.get_data(as_text=True), "player")
    game_id = start_game(client)
    late = client.post(f"/games/{game_id}/players", data={"player": evil, "start": "zero"})
    assert late.status_code == 422 and "control characters" in field_error(late.get_data(as_text=True), "player")
    named = client.post(f"/games/{game_id}/name", data={"name": evil})
    assert named.status_code == 422 and "control characters" in field_error(named.get_data(as_text=True), "name")
    ann = connect(app.config["DATABASE"]).execute("select id from people where name = 'Ann'").fetchone()[0]
    renamed = client.post(f"/players/{ann}/rename", data={"name": evil})
    assert renamed.status_code == 422
    doc = {"format": "chickenyard/game-v1", "preset": "classic", "set": 9, "players": ["Ann", evil, "Cy"]}
    assert client.post("/games/import", json=doc).status_code == 400
    names = [r[0] for r in connect(app.config["DATABASE"]).execute("select name from players union select name from people")]
    assert not any(bidi in n for n in names)
