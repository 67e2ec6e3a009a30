"""The shared table: edit and view links, live polling, and two phones on one hand."""
from __future__ import annotations

import gzip
import html
import re

import pytest
from click.testing import CliRunner
from werkzeug.datastructures import MultiDict

from chickenyard.storage.db import connect
from tests.elements import element, elements, has_id, text, text_of
from tests.sheet_helpers import WATCHING, column_heads, hand_form, player_ids, sheet_actions, start_game, totals_row
from tests.sheet_helpers import hand_form, player_ids, start_game, totals_row


def keys(app, game_id):
    row = connect(app.config["DATABASE"])["games"].get(game_id)
    return row["edit_key"], row["view_key"]


def hidden_fields(page: str) -> dict:
    """The hand form's record of what the phone saw: its version and each score as it was."""
    return {field["name"]: field.get("value", "") for field in elements(page, "input[type=hidden][name]")
            if re.fullmatch(r"version|base-\d+", field["name"])}


def submitted(page: str) -> list[tuple[str, str]]:
    """What a browser would send back from the hand form as the page shows it (no csrf token)."""
    return [(field["name"], field.get("value", "")) for field in elements(page, "input[name]")
            if field["name"] != "csrf_token"
            and (field.get("type") not in ("checkbox", "radio") or field.has_attr("checked"))]


@pytest.fixture
def game(client, app):
    game_id = start_game(client)
    return game_id, player_ids(app, game_id)


def phone(app, key=None):
    other = app.test_client()
    if key:
        assert other.get(f"/join/{key}").status_code == 303
    return other


NOT_FOUND = "There is nothing here. The game may have been deleted, or the link is mistyped."


def said_not_found(response) -> bool:
    """The whole answer is the not-found page (or its JSON), with nothing of the game in it."""
    if response.is_json:
        return response.get_json() == {"error": NOT_FOUND, "status": 404}
    return text(response, "main") == f"Not found {NOT_FOUND} Back to the games" and \
        text(response, "title") == "Chickenyard: 404"


def test_a_game_without_its_secret_shows_nothing(app, client, game):
    game_id, ids = game
    stranger = phone(app)
    for url in (f"/games/{game_id}", f"/games/{game_id}/live", f"/games/{game_id}/history",
                f"/games/{game_id}/export.json", f"/games/{game_id}/export.csv", f"/games/{game_id}/share",
                f"/games/{game_id}/tv", f"/games/{game_id}/hands/1"):
        response = stranger.get(url)
        assert response.status_code == 404, url
        assert said_not_found(response), url                 # and nothing of the game
    assert [link["href"] for link in elements(client.get("/"), "a.game-link")] == [f"/games/{game_id}"]
    assert elements(stranger.get("/"), "a.game-link") == []
    assert stranger.get("/join/not-a-real-secret").status_code == 404


def test_the_view_link_sees_the_live_sheet_and_can_never_write(app, client, game):
    game_id, ids = game
    _, view_key = keys(app, game_id)
    viewer = phone(app, view_key)
    page = viewer.get(f"/games/{game_id}").get_data(as_text=True)
    assert column_heads(page) == ["Ann", "Bo", "Cy", "Di"]
    assert sheet_actions(page) == WATCHING                # nothing that writes
    share = viewer.get(f"/games/{game_id}/share")
    assert has_id(share, "link-view") and not has_id(share, "link-edit")
    writes = [(f"/games/{game_id}/hands/1", hand_form(ids, {"Ann": 5})),
              (f"/games/{game_id}/undo", {}), (f"/games/{game_id}/rotate", {})]
    for url, data in writes:
        assert viewer.post(url, data=data).status_code == 403, url
    assert viewer.get(f"/games/{game_id}/hands/1").status_code == 403
    assert connect(app.config["DATABASE"])["entries"].count == 0
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 5}))
    assert totals_row(viewer.get(f"/games/{game_id}").get_data(as_text=True))[0] == "5"


def test_the_edit_link_joins_a_second_scorekeeper_and_can_be_rotated(app, client, game):
    game_id, ids = game
    edit_key, _ = keys(app, game_id)
    second = phone(app, edit_key)
    assert second.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Bo": 7})).status_code == 303
    share = client.get(f"/games/{game_id}/share").get_data(as_text=True)
    assert text(share, "code#url-edit").endswith(f"/join/{edit_key}") and element(share, "#link-edit svg")
    assert client.post(f"/games/{game_id}/rotate", data={}).status_code == 303
    new_key, _ = keys(app, game_id)
    assert new_key != edit_key
    assert second.get(f"/games/{game_id}").status_code == 404          # old link: shut out
    assert phone(app).get(f"/join/{edit_key}").status_code == 404
    assert client.get(f"/games/{game_id}").status_code == 200          # the rotating phone keeps going
    assert phone(app, new_key).post(f"/games/{game_id}/hands/1",
                                    data=hand_form(ids, {"Bo": 8})).status_code == 303


def test_polling_is_a_304_until_something_changes(app, client, game):
    game_id, ids = game
    first = client.get(f"/games/{game_id}/live")
    etag = first.headers["ETag"]
    assert first.status_code == 200 and has_id(first, "sheet")
    again = client.get(f"/games/{game_id}/live", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.get_data() == b""
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 9}))
    changed = client.get(f"/games/{game_id}/live", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert totals_row(changed.get_data(as_text=True))[0] == "9"


def other_phone_saves_first(app, client, game, scores) -> dict:
    """Both phones open hand 1; the other phone saves `scores` first. This phone's form as it was
    opened (its version and base) is returned, now stale."""
    game_id, ids = game
    other = phone(app, keys(app, game_id)[0])
    mine = hidden_fields(client.get(f"/games/{game_id}/hands/1").get_data(as_text=True))
    other_form = hidden_fields(other.get(f"/games/{game_id}/hands/1").get_data(as_text=True))
    saved = other.post(f"/games/{game_id}/hands/1", data={**other_form, **hand_form(ids, scores)})
    assert saved.status_code == 303
    return mine


def test_a_stale_form_keeps_what_the_other_phone_saved(app, client, game):
    game_id, ids = game
    mine = other_phone_saves_first(app, client, game, {"Bo": 20})
    # this phone only typed Ann's score; Bo's 20 from the other phone must survive
    response = client.post(f"/games/{game_id}/hands/1", data={**mine, **hand_form(ids, {"Ann": 12})})
    assert response.status_code == 303
    assert totals_row(client.get(f"/games/{game_id}").get_data(as_text=True))[:2] == ["12", "20"]


def test_both_phones_changing_one_score_shows_both_and_the_person_chooses(app, client, game):
    game_id, ids = game
    mine = other_phone_saves_first(app, client, game, {"Cy": 30})
    stale = {**mine, **hand_form(ids, {"Cy": 3, "Ann": 1})}
    response = client.post(f"/games/{game_id}/hands/1", data=stale)
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    assert "This hand was saved since you opened it" in text(page, '.form-problem[role="alert"]')
    conflict = element(page, ".conflict")
    assert "Saved on the other phone: 30" in text_of(conflict) and "Yours: 3" in text_of(conflict)
    assert element(page, f'input[name="points-{ids["Cy"]}"]')["value"] == "3"         # what was typed is kept
    assert totals_row(client.get(f"/games/{game_id}").get_data(as_text=True))[2] == "30"
    fresh = hidden_fields(page)
    # saving again without choosing is refused again
    retry = {**stale, **fresh, "conflict": str(ids["Cy"])}
    assert client.post(f"/games/{game_id}/hands/1", data=retry).status_code == 409
    # choosing the other phone's value keeps 30 and still applies Ann's 1
    chosen = {**retry, f"keep-{ids['Cy']}": "saved"}
    assert client.post(f"/games/{game_id}/hands/1", data=chosen).status_code == 303
    assert totals_row(client.get(f"/games/{game_id}").get_data(as_text=True))[:3] == ["1", "0", "30"]


def test_choosing_mine_applies_it_and_history_keeps_both(app, client, game):
    game_id, ids = game
    mine = other_phone_saves_first(app, client, game, {"Cy": 30})
    page = client.post(f"/games/{game_id}/hands/1", data={**mine, **hand_form(ids, {"Cy": 3})}).get_data(as_text=True)
    chosen = {**mine, **hidden_fields(page), **hand_form(ids, {"Cy": 3}), "conflict": str(ids["Cy"]),
              f"keep-{ids['Cy']}": "mine"}
    assert client.post(f"/games/{game_id}/hands/1", data=chosen).status_code == 303
    assert totals_row(client.get(f"/games/{game_id}").get_data(as_text=True))[2] == "3"
    history = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    assert "→ <strong>30</strong>" in history and "→ <strong>3</strong>" in history


def test_resolving_a_conflict_keeps_scores_only_the_other_phone_entered(app, client, game):
    # phone A saves Bo and Cy; phone B, opened before, saves Bo and Di: Cy's 11 must survive B's
    # choice, whichever value B keeps for Bo
    game_id, ids = game
    mine = other_phone_saves_first(app, client, game, {"Bo": 30, "Cy": 11})
    response = client.post(f"/games/{game_id}/hands/1", data={**mine, **hand_form(ids, {"Bo": 35, "Di": 8})})
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    assert element(page, f'input[name="points-{ids["Cy"]}"]')["value"] == "11"
    again = MultiDict(submitted(page) + [(f"keep-{ids['Bo']}", "mine")])
    assert client.post(f"/games/{game_id}/hands/1", data=again).status_code == 303
    assert totals_row(client.get(f"/games/{game_id}").get_data(as_text=True)) == ["0", "35", "11", "8"]


def test_saving_again_after_going_back_loses_nothing(app, client, game):
    # save, press Back (the browser shows the form as first opened), change one score, save
    game_id, ids = game
    opened = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    first = {**hidden_fields(opened), **hand_form(ids, {"Ann": 4, "Bo": 6, "Cy": 9, "Di": 12})}
    assert client.post(f"/games/{game_id}/hands/1", data=first).status_code == 303
    back = {**hidden_fields(opened), **hand_form(ids, {"Di": 5})}
    response = client.post(f"/games/{game_id}/hands/1", data=back)
    assert response.status_code == 409          # Di: 12 saved, 5 now: the person chooses
    again = MultiDict(submitted(response.get_data(as_text=True)) + [(f"keep-{ids['Di']}", "mine")])
    assert client.post(f"/games/{game_id}/hands/1", data=again).status_code == 303
    assert totals_row(client.get(f"/games/{game_id}").get_data(as_text=True)) == ["4", "6", "9", "5"]


def test_a_phone_that_started_many_games_still_opens_the_newest(app, client):
    # the cookie keeps the last 50 games: a club phone used all season never fills it
    from chickenyard.web.access import REMEMBERED
    ids = [start_game(client) for _ in range(REMEMBERED + 12)]
    assert client.get(f"/games/{ids[-1]}").status_code == 200
    assert client.get(f"/games/{ids[-REMEMBERED]}").status_code == 200
    assert client.get(f"/games/{ids[0]}").status_code == 404       # forgotten: its link opens it again
    cookie = client.get_cookie("session")
    assert cookie is not None and len(cookie.value) < 3000
    edit_key, _ = keys(app, ids[0])
    assert client.get(f"/join/{edit_key}").status_code in (302, 303)
    assert client.get(f"/games/{ids[0]}").status_code == 200


def test_pages_go_compressed_and_the_poll_still_answers_304(app, client, game):
    game_id, ids = game
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 9}))
    plain = client.get(f"/games/{game_id}")
    packed = client.get(f"/games/{game_id}", headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed.headers["Vary"]
    body = gzip.decompress(packed.get_data())
    assert len(packed.get_data()) < len(body) / 3
    assert totals_row(body.decode())[0] == "9"
    first = client.get(f"/games/{game_id}/live", headers={"Accept-Encoding": "gzip"})
    assert first.headers["Content-Encoding"] == "gzip"
    again = client.get(f"/games/{game_id}/live", headers={"Accept-Encoding": "gzip",
                                                          "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


def test_a_restored_game_is_shown_not_the_sheet_the_phones_hold(app, client, game, tmp_path):
    game_id, ids = game
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 9}))
    assert CliRunner().invoke(app.cli, ["backup", str(tmp_path / "backup.db")]).exit_code == 0
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 12}))
    held = client.get(f"/games/{game_id}/live")
    assert totals_row(held.get_data(as_text=True))[0] == "12"
    assert CliRunner().invoke(app.cli, ["restore", str(tmp_path / "backup.db")]).exit_code == 0
    # one save after the restore: without a fresh revision it would be the one the phones hold
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 15}))
    after = client.get(f"/games/{game_id}/live", headers={"If-None-Match": held.headers["ETag"]})
    assert after.status_code == 200 and after.headers["ETag"] != held.headers["ETag"]
    assert totals_row(after.get_data(as_text=True))[0] == "15"
    assert totals_row(client.get(f"/games/{game_id}").get_data(as_text=True))[0] == "15"
