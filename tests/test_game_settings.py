"""The game itself: named, put away, deleted; a player joining late or leaving; playing again."""
from __future__ import annotations

import re

from chickenyard.storage.db import connect
from tests.elements import by_role, element, elements, text, texts
from tests.sheet_helpers import column_heads, hand_form, player_ids, start_game, totals_row
from tests.sheet_helpers import hand_form, player_ids, start_game, totals_row
from tests.test_odd_input import field_error


def play_hand(client, app, game_id, number, points, went_out):
    ids = player_ids(app, game_id)
    response = client.post(f"/games/{game_id}/hands/{number}", data=hand_form(ids, points, went_out=went_out))
    assert response.status_code == 303, response.get_data(as_text=True)


def sheet(client, game_id) -> str:
    return client.get(f"/games/{game_id}").get_data(as_text=True)


def test_a_game_is_named_and_the_name_shows_on_the_sheet_home_and_history(client):
    game_id = start_game(client)
    response = client.post(f"/games/{game_id}/name", data={"name": "  Grandma's   birthday "})
    assert response.status_code == 303
    assert text(sheet(client, game_id), "h1.game-name") == "Grandma's birthday"
    assert text(client.get("/"), f'a.game-link[href="/games/{game_id}"] strong') == "Grandma's birthday: Ann, Bo, Cy, Di"
    assert "Game named “Grandma's birthday”" in texts(client.get(f"/games/{game_id}/history"), "ol.history > li")[0]
    too_long = client.post(f"/games/{game_id}/name", data={"name": "x" * 61})
    page = too_long.get_data(as_text=True)
    assert too_long.status_code == 422 and "60 characters" in field_error(page, "name")
    assert element(page, "input#name")["value"] == "x" * 61


def test_a_late_player_starts_at_the_highest_total_and_plays_from_the_next_hand(client, app):
    game_id = start_game(client, hands=4)
    play_hand(client, app, game_id, 1, {"Ann": 10, "Bo": 25, "Cy": 3}, "Di")
    response = client.post(f"/games/{game_id}/players", data={"player": "Eve", "start": "highest"})
    assert response.status_code == 303
    page = sheet(client, game_id)
    assert texts(page, ".flashes p")[-1] == "Eve joins from hand 2, starting at 25."
    assert totals_row(page) == ["10", "25", "3", "0", "25"]
    not_yet = element(page, "tbody td.not-playing")            # hand 1 is not Eve's
    assert text(not_yet, ".visually-hidden") == "not yet at the table; starts at 25"
    # ... and carries the total Eve starts at, so that her column adds up to her total
    assert text(not_yet, '.running[aria-hidden="true"]') == "25"
    # hand 2 needs Eve's score to be complete; hand 1 does not
    play_hand(client, app, game_id, 2, {"Ann": 1, "Bo": 2, "Cy": 3, "Di": 4}, "Eve")
    assert totals_row(sheet(client, game_id)) == ["11", "27", "6", "4", "25"]
    assert text(sheet(client, game_id), ".actions a.button.primary.big").startswith("Enter hand 3")
    # zero is the other rule; a name already at the table is refused with the typed name kept
    client.post(f"/games/{game_id}/players", data={"player": "Flo", "start": "zero"})
    assert totals_row(sheet(client, game_id))[-1] == "0"
    again = client.post(f"/games/{game_id}/players", data={"player": "eve", "start": "zero"})
    # the table's own spelling of the player already there, not what was typed
    assert again.status_code == 422
    assert field_error(again, "player") == "Eve is already at the table; add an initial to tell them apart."
    assert element(again, "input#player")["value"] == "eve"


def test_a_player_who_left_keeps_their_scores_and_is_out_of_the_running(client, app):
    game_id = start_game(client, hands=3)
    play_hand(client, app, game_id, 1, {"Ann": 10, "Bo": 25, "Cy": 30}, "Di")
    ids = player_ids(app, game_id)
    response = client.post(f"/games/{game_id}/players/leave", data={"leaving": str(ids["Di"]), "sure": "yes"})
    assert response.status_code == 303
    assert "Di left after hand 1." in text(sheet(client, game_id), "div.flashes")
    play_hand(client, app, game_id, 2, {"Ann": 5, "Bo": 5}, "Cy")
    play_hand(client, app, game_id, 3, {"Ann": 5, "Bo": 5}, "Cy")
    page = sheet(client, game_id)
    # Di has the lowest total but left: Ann wins (a tie with Cy? Cy has 30)
    assert text(page, "p.winner") == "Winner: Ann with 20"
    assert column_heads(page)[-1] == "Di (left after hand 1)"
    assert any(line.endswith("Di left the table after hand 1.")
               for line in texts(client.get(f"/games/{game_id}/history"), "ol.history > li"))
    # a name added by mistake, with no score, goes off the sheet altogether
    start = start_game(client)
    client.post(f"/games/{start}/players", data={"player": "Oops", "start": "zero"})
    oops = player_ids(app, start)["Oops"]
    client.post(f"/games/{start}/players/leave", data={"leaving": str(oops), "sure": "yes"})
    assert column_heads(sheet(client, start)) == ["Ann", "Bo", "Cy", "Di"]
    assert text(client.get("/"), f'a.game-link[href="/games/{start}"] strong') == "Ann, Bo, Cy, Di"


def test_too_few_players_left_is_refused(client, app):
    game_id = start_game(client, players=("Ann", "Bo"))
    ids = player_ids(app, game_id)
    response = client.post(f"/games/{game_id}/players/leave", data={"leaving": str(ids["Bo"])})
    assert response.status_code == 422 and "at least 2 players" in text(response, '[role="alert"]')


def test_play_again_starts_the_same_table_with_the_same_rules(client, app):
    game_id = start_game(client, players=("Ann", "Bo", "Cy"), double_blank=25, hands=1)
    play_hand(client, app, game_id, 1, {"Ann": 10, "Bo": 25}, "Cy")
    page = sheet(client, game_id)
    assert text(page, "p.winner").startswith("Winner: Cy")
    assert by_role(page, "button", "Play again: same players and rules")["type"] == "submit"
    response = client.post(f"/games/{game_id}/again", data={})
    new_id = int(re.search(r"/games/(\d+)$", response.headers["Location"]).group(1))
    assert new_id != game_id
    db = connect(app.config["DATABASE"])
    old, new = db["games"].get(game_id), db["games"].get(new_id)
    assert (new["preset"], new["set_size"], new["house_rules"]) == (old["preset"], old["set_size"], old["house_rules"])
    assert list(player_ids(app, new_id)) == ["Ann", "Bo", "Cy"]
    assert db.execute("select count(*) from hands where game_id = ?", [new_id]).fetchone()[0] == 1
    home = client.get("/").get_data(as_text=True)
    assert text(home, f'a.game-link[href="/games/{game_id}"] .game-winner') == "Winner: Cy with 0"


def test_a_game_put_away_leaves_the_lists_and_comes_back(client):
    game_id = start_game(client)
    client.post(f"/games/{game_id}/archive", data={"archived": "1"})
    home = client.get("/").get_data(as_text=True)
    assert "No game in progress." in texts(home, "section.card > p.muted")
    assert text(home, "details summary") == "Put away (1)"
    assert [link["href"] for link in elements(home, "details a.game-link")] == [f"/games/{game_id}"]
    client.post(f"/games/{game_id}/archive", data={"archived": "0"})
    home = client.get("/")
    assert elements(home, "details") == []
    assert [link["href"] for link in elements(home, "a.game-link")] == [f"/games/{game_id}"]   # in progress


def test_deleting_a_game_asks_first_then_leaves_nothing(client, app, tmp_path):
    game_id = start_game(client)
    play_hand(client, app, game_id, 1, {"Ann": 10, "Bo": 25, "Cy": 3}, "Di")
    refused = client.post(f"/games/{game_id}/delete", data={})
    assert refused.status_code == 422 and "Tick the box" in text(refused, '[role="alert"]')
    assert client.post(f"/games/{game_id}/delete", data={"sure": "yes"}).status_code == 303
    assert client.get(f"/games/{game_id}").status_code == 410      # this phone held it: deleted, not missing
    db = connect(app.config["DATABASE"])
    for table in ("games", "players", "hands", "changes"):
        assert db.execute(f"select count(*) from {table}").fetchone()[0] == 0, table
    assert db.execute("select count(*) from entries").fetchone()[0] == 0


def test_a_watcher_cannot_change_the_game(client, app):
    game_id = start_game(client)
    view_key = connect(app.config["DATABASE"])["games"].get(game_id)["view_key"]
    watcher = app.test_client()
    watcher.get(f"/join/{view_key}")
    assert texts(watcher.get(f"/games/{game_id}"), "nav.tabs a") == ["Sheet", "Referee", "History", "Share"]
    token = re.search(r'name="csrf-token" content="([^"]+)"', watcher.get("/").get_data(as_text=True)).group(1)
    for path in ("settings",):
        assert watcher.get(f"/games/{game_id}/{path}").status_code == 403
    assert watcher.post(f"/games/{game_id}/delete", data={"sure": "yes", "csrf_token": token}).status_code == 403


def test_two_phones_renaming_the_game_at_once_the_second_is_told_not_lost(client, app):
    game_id = start_game(client)
    other = app.test_client()
    other.get(f"/join/{connect(app.config['DATABASE'])['games'].get(game_id)['edit_key']}")
    opened = client.get(f"/games/{game_id}/settings").get_data(as_text=True)
    was = re.search(r'name="was" value="([^"]*)"', opened).group(1)
    assert other.post(f"/games/{game_id}/name", data={"name": "Friday", "was": was}).status_code == 303
    response = client.post(f"/games/{game_id}/name", data={"name": "Saturday", "was": was})
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert "Another phone renamed the game just now, to “Friday”" in field_error(html, "name")
    assert element(html, "input#name")["value"] == "Saturday"                    # saving again is a choice
    assert element(html, 'input[name="was"]')["value"] == "Friday"
    assert connect(app.config["DATABASE"])["games"].get(game_id)["name"] == "Friday"
    assert client.post(f"/games/{game_id}/name", data={"name": "Saturday", "was": "Friday"}).status_code == 303


def flashes(client, game_id) -> list[str]:
    return texts(client.get(f"/games/{game_id}/settings"), "div.flashes p")


def name_changes(app, game_id) -> int:
    return connect(app.config["DATABASE"]).execute(
        "select count(*) from changes where game_id = ? and what = 'name'", [game_id]).fetchone()[0]


def test_saving_the_name_unchanged_records_nothing_and_says_so(client, app):
    game_id = start_game(client)
    assert client.post(f"/games/{game_id}/name", data={"name": "", "was": ""}).status_code == 303
    assert flashes(client, game_id) == ["The game's name: nothing changed."]
    assert name_changes(app, game_id) == 0
    client.post(f"/games/{game_id}/name", data={"name": "Tuesday", "was": ""})
    assert flashes(client, game_id) == ["The game is now called “Tuesday”."]
    # the same form sent again (a double tap), and the name saved again with spaces around it
    assert client.post(f"/games/{game_id}/name", data={"name": "Tuesday", "was": ""}).status_code == 303
    assert flashes(client, game_id) == ["The game's name: nothing changed."]
    client.post(f"/games/{game_id}/name", data={"name": "  Tuesday ", "was": "Tuesday"})
    assert flashes(client, game_id) == ["The game's name: nothing changed."]
    assert name_changes(app, game_id) == 1
    history = texts(client.get(f"/games/{game_id}/history"), "ol.history > li")
    assert sum("Game named" in line for line in history) == 1
    assert text(sheet(client, game_id), 'form[action$="/undo"] button') == "Undo last change (the game's name)"


def test_putting_away_a_game_already_put_away_changes_nothing(client, app):
    game_id = start_game(client)
    client.post(f"/games/{game_id}/archive", data={"archived": "1"})
    assert flashes(client, game_id) == ["The game is put away: find it under “Put away” on the home page."]
    db = connect(app.config["DATABASE"])
    put_away = db["games"].get(game_id)
    # a second tap, or a page opened before the first: the game stays put away as it was
    assert client.post(f"/games/{game_id}/archive", data={"archived": "1"}).status_code == 303
    assert flashes(client, game_id) == ["This game was already put away."]
    again = db["games"].get(game_id)
    assert (again["archived_at"], again["revision"]) == (put_away["archived_at"], put_away["revision"])
    client.post(f"/games/{game_id}/archive", data={"archived": "0"})
    assert client.post(f"/games/{game_id}/archive", data={"archived": "0"}).status_code == 303
    assert flashes(client, game_id) == ["The game is back among the others.", "This game was already among the others."]
