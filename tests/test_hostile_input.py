"""Hostile and odd input: shown intact and harmless, never a 500."""
from __future__ import annotations

import io
import json
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.elements import elements
from tests.sheet_helpers import player_ids, start_game

NAMES = ['<script>alert("x")</script>', "O'Brien \"Bo\"", "🐔 Chicken Lady 🐓", "مريم", "ש" * 3 + " Ruth",
         "N" * 40]


def test_hostile_player_names_are_shown_intact_and_harmless(client, app):
    game_id = start_game(client, players=NAMES[:6])
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/1", data={f"points-{i}": "3" for i in ids.values()})
    for url in (f"/games/{game_id}", f"/games/{game_id}/hands/1", f"/games/{game_id}/history",
                f"/games/{game_id}/tv", f"/games/{game_id}/share", "/"):
        page = client.get(url).get_data(as_text=True)
        assert [s for s in elements(page, "script") if "alert" in s.get_text()] == [], url   # shown, never run
        assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in page or url.endswith("share"), url
        if not url.endswith("share"):
            assert "🐔 Chicken Lady 🐓" in page and "مريم" in page and "O&#39;Brien &#34;Bo&#34;" in page
    doc = client.get(f"/games/{game_id}/export.json").get_json()
    assert doc["players"] == NAMES[:6]
    csv = client.get(f"/games/{game_id}/export.csv").get_data(as_text=True)
    assert '"O\'Brien ""Bo"""' in csv
    headers = client.get(f"/games/{game_id}").headers
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert "unsafe-inline" not in headers["Content-Security-Policy"]


def test_session_cookie_is_httponly_and_samesite_lax(client):
    start_game(client)
    cookie = client.get_cookie("session")
    assert cookie.http_only and cookie.same_site == "Lax"


def test_an_upload_over_the_limit_is_a_clear_413(client):
    big = io.BytesIO(b"x" * (17 * 1024 * 1024))
    response = client.post("/games/import", data={"file": (big, "big.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 413
    assert "far larger than any saved game" in response.get_data(as_text=True)


# --- fuzzing every route: no 500, ever ------------------------------------

text = st.text(alphabet=string.printable + "🐔éß|<>\"'\x00²٣", max_size=30)
form_values = st.one_of(text, st.integers(-10**6, 10**6).map(str), st.just(""), st.just("9|9"))


@pytest.fixture
def fuzz_game(app):
    client = app.test_client()
    game_id = start_game(client)
    return client, game_id, player_ids(app, game_id)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzzed_hand_forms_never_500(fuzz_game, data):
    client, game_id, ids = fuzz_game
    fields = [f"points-{i}" for i in ids.values()] + [f"tiles-{i}" for i in ids.values()] + \
             ["went_out", "version", "conflict"] + [f"base-{i}" for i in ids.values()] + \
             [f"keep-{i}" for i in ids.values()]
    form = data.draw(st.dictionaries(st.sampled_from(fields), st.one_of(form_values, st.lists(form_values, max_size=4)),
                                     max_size=10))
    number = data.draw(st.sampled_from([1, 2, 10, 11, 0]))
    response = client.post(f"/games/{game_id}/hands/{number}", data=form)
    assert response.status_code in (303, 404, 409, 422), (form, response.status_code)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzzed_new_game_forms_never_500(fuzz_game, data):
    client, _, _ = fuzz_game
    keys = st.sampled_from(["game", "preset", "set", "double_blank", "hands", "long_game", "player"])
    form = data.draw(st.dictionaries(keys, st.one_of(form_values, st.lists(form_values, max_size=13)), max_size=8))
    response = client.post("/games/new", data=form)
    assert response.status_code in (303, 422), (form, response.status_code)


json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-5, 600), text)
json_value = st.recursive(json_leaf, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                              st.dictionaries(text, inner, max_size=4)), max_leaves=20)


def game_like():
    entry = st.fixed_dictionaries({"player": st.sampled_from(["Ann", "Bo", "Cy", "Zed", 3])},
                                  optional={"points": json_value, "tiles": json_value, "went_out": json_value})
    hand = st.fixed_dictionaries({"double": st.one_of(st.integers(-1, 20), json_value)},
                                 optional={"entries": st.lists(entry, max_size=4), "number": json_value})
    return st.fixed_dictionaries(
        {"format": st.sampled_from(["chickenyard/game-v1", "x"]), "preset": st.sampled_from(["classic", "family", "x"]),
         "set": st.one_of(st.sampled_from([6, 9, 12, 15, 18]), json_value),
         "players": st.one_of(st.just(["Ann", "Bo", "Cy"]), json_value)},
        optional={"house_rules": st.one_of(st.just({"double_blank": 25}), json_value),
                  "hands": st.one_of(st.lists(hand, max_size=3), json_value), "game": json_value})


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=st.one_of(game_like(), json_value))
def test_fuzzed_imports_never_500(fuzz_game, doc):
    client, _, _ = fuzz_game
    response = client.post("/games/import", data=json.dumps(doc), content_type="application/json")
    assert response.status_code in (201, 400), (doc, response.status_code, response.get_data(as_text=True)[:300])
    if response.status_code == 400:
        assert response.get_json()["problems"]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(["/games/{g}", "/games/{g}/live", "/games/{g}/history", "/games/{g}/hands/{x}",
                             "/games/{x}", "/join/{x}", "/games/{g}/export.json", "/games/{g}/export.csv",
                             "/games/{g}/share", "/games/{g}/tv", "/games/{g}/undo", "/games/{g}/rotate",
                             "/games/import", "/device", "/games/new"]),
       x=st.text(alphabet=string.ascii_letters + string.digits + "-_%.", min_size=1, max_size=12),
       method=st.sampled_from(["GET", "POST", "PUT", "DELETE"]))
def test_fuzzed_urls_and_methods_never_500(fuzz_game, path, x, method):
    client, game_id, _ = fuzz_game
    response = client.open(path.format(g=game_id, x=x), method=method, data={})
    assert response.status_code < 500, (path, x, method)
