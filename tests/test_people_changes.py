"""Who may rename or merge a person, and how every game they played keeps it in its History: a
stranger on the Wi-Fi renames nobody they never kept score for, and a merge can be taken back."""
from __future__ import annotations

import re

from chickenyard.storage.db import connect
from tests.elements import by_id, element, elements, error_said, has_id, text, texts
from tests.sheet_helpers import hand_form, player_ids, start_game


def person_id(app, name) -> int:
    return connect(app.config["DATABASE"]).execute("select id from people where name = ?", [name]).fetchone()[0]


def history_lines(client, game_id) -> list[str]:
    page = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    items = re.findall(r'<ol class="history">(.*?)</ol>', page, re.S)[0]
    return [" ".join(re.sub(r"<[^>]+>", " ", li).split()) for li in re.findall(r"<li[^>]*>(.*?)</li>", items, re.S)]


def seats(app) -> dict[int, tuple[str, str]]:
    """Seat id -> (name on the seat, person's name)."""
    db = connect(app.config["DATABASE"])
    return {r[0]: (r[1], r[2]) for r in db.execute(
        "select pl.id, pl.name, pe.name from players pl join people pe on pe.id = pl.person_id")}


def test_a_stranger_who_keeps_score_elsewhere_cannot_rename_or_merge_another_tables_players(client, app):
    start_game(client, players=("Ann", "Bo"))
    stranger = app.test_client()
    start_game(stranger, players=("Zed", "Yo"))
    ann, zed = person_id(app, "Ann"), person_id(app, "Zed")
    page = stranger.get(f"/players/{ann}").get_data(as_text=True)
    assert not has_id(page, "change")
    assert stranger.post(f"/players/{ann}/rename", data={"name": "Mallory"}).status_code == 403
    # a merge needs both: the stranger's own player into another table's, and the other way round
    assert stranger.post(f"/players/{zed}/merge", data={"other": str(ann)}).status_code == 403
    assert stranger.post(f"/players/{ann}/merge", data={"other": str(zed)}).status_code == 403
    own_page = stranger.get(f"/players/{zed}").get_data(as_text=True)
    assert [option["value"] for option in elements(by_id(own_page, "change"), "select#other option")] == \
        ["", str(person_id(app, "Yo"))]
    assert set(p for _, p in seats(app).values()) == {"Ann", "Bo", "Zed", "Yo"}
    assert stranger.post(f"/players/{zed}/rename", data={"name": "Zedd"}).status_code == 303


def test_a_refused_merge_says_why_in_its_own_words_not_the_watch_link_ones(client, app):
    start_game(client, players=("Ann", "Bo"))
    other_table = app.test_client()
    start_game(other_table, players=("Zed", "Yo"))
    ann, zed = person_id(app, "Ann"), person_id(app, "Zed")
    refused = client.post(f"/players/{ann}/merge", data={"other": str(zed)}, headers={"Accept": "text/html"})
    assert refused.status_code == 403
    said = error_said(refused)
    assert said.startswith("Only a phone keeping score in a game this player sat at can rename them"), said
    assert "watch link" not in said
    as_json = client.post(f"/players/{ann}/merge", data={"other": str(zed)}, headers={"Accept": "application/json"})
    assert as_json.status_code == 403 and as_json.get_json()["error"] == said


def test_a_rename_is_one_name_everywhere_and_every_game_keeps_the_old_one_in_its_history(client, app):
    first = start_game(client, players=("Dave", "Bo"))
    ids = player_ids(app, first)
    client.post(f"/games/{first}/hands/1", data=hand_form(ids, {"Dave": 7}, went_out="Bo"))
    second = start_game(client, players=("dave", "Cy"))
    response = client.post(f"/players/{person_id(app, 'Dave')}/rename", data={"name": "David", "was": "Dave"})
    assert response.status_code == 303
    for game_id in (first, second):
        lines = history_lines(client, game_id)
        assert "Dave, now David (renamed on their player's page)." in lines[0], lines
        assert all("Dave " not in line and "Dave:" not in line for line in lines[1:]), lines
        assert client.get(f"/games/{game_id}/export.json").get_json()["players"][0] == "David"
        assert texts(client.get(f"/games/{game_id}/print"), "thead th")[1] == "David"
    home = client.get("/").get_data(as_text=True)
    assert [text(home, f'a.game-link[href="/games/{game_id}"] strong') for game_id in (first, second)] == \
        ["David, Bo", "David, Cy"]


def test_a_merge_is_in_every_games_history_and_can_be_taken_back(client, app):
    first = start_game(client, players=("Ann", "Bo"))
    second = start_game(client, players=("Annie", "Cy"))
    third = start_game(client, players=("Annie", "Di"))
    ann, annie = person_id(app, "Ann"), person_id(app, "Annie")
    before = seats(app)
    assert client.post(f"/players/{ann}/merge", data={"other": str(annie)}).status_code == 303
    assert {p for _, p in seats(app).values()} == {"Ann", "Bo", "Cy", "Di"}
    for game_id in (first, second, third):
        assert "Annie and Ann are one person now: Ann" in history_lines(client, game_id)[0]

    page = client.get(f"/players/{ann}").get_data(as_text=True)
    undo = re.search(rf'action="(/players/{ann}/merges/{annie}/undo)"', page)
    assert undo, "the player's page offers to take the merge back"
    assert client.post(undo.group(1), data={}).status_code == 303
    assert seats(app) == before
    assert person_id(app, "Annie") == annie                  # the same person, with the same link
    assert client.get(f"/players/{annie}").status_code == 200
    for game_id in (first, second, third):
        assert "Annie and Ann are two people again" in history_lines(client, game_id)[0]
    assert client.post(undo.group(1), data={}).status_code == 422      # nothing left to take back


def test_two_renames_at_once_the_second_is_told_not_lost(client, app):
    start_game(client, players=("Ann", "Bo"))
    ann = person_id(app, "Ann")
    other = app.test_client()
    other.get(f"/join/{connect(app.config['DATABASE'])['games'].get(1)['edit_key']}")
    was = re.search(r'name="was" value="([^"]+)"', client.get(f"/players/{ann}").get_data(as_text=True)).group(1)
    assert other.post(f"/players/{ann}/rename", data={"name": "Annie", "was": was}).status_code == 303
    response = client.post(f"/players/{ann}/rename", data={"name": "Anna", "was": was})
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    assert "Another phone renamed Ann to Annie just now" in text(page, "#people-problem")
    assert element(page, 'input#name[name="name"]')["value"] == "Anna"
    assert seats(app)[player_ids(app, 1)["Ann"]] == ("Ann", "Annie")


def test_renaming_a_player_to_the_name_they_have_records_nothing_and_says_so(client, app):
    game_id = start_game(client, players=("Chickie", "Bo"))
    chickie = person_id(app, "Chickie")
    before = history_lines(client, game_id)
    response = client.post(f"/players/{chickie}/rename", data={"name": " Chickie ", "was": "Chickie"})
    assert response.status_code == 303
    page = client.get(f"/players/{chickie}").get_data(as_text=True)
    assert texts(page, "div.flashes p") == ["Chickie's name: nothing changed."]
    assert history_lines(client, game_id) == before
    # the same rename sent twice (a double tap): the second finds the name already there
    client.post(f"/players/{chickie}/rename", data={"name": "Chick", "was": "Chickie"})
    client.get(f"/players/{chickie}")
    assert client.post(f"/players/{chickie}/rename", data={"name": "Chick", "was": "Chickie"}).status_code == 303
    assert texts(client.get(f"/players/{chickie}"), "div.flashes p") == ["Chick's name: nothing changed."]
    assert sum("Chickie, now Chick" in line for line in history_lines(client, game_id)) == 1
    # a change of capitals is a change
    client.post(f"/players/{chickie}/rename", data={"name": "chick", "was": "Chick"})
    assert texts(client.get(f"/players/{chickie}"), "div.flashes p") == ["Chick is now chick on every game."]
