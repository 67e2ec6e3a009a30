"""Undo takes back the last change whatever it was, as History lists it; Redo puts back what Undo
took back until a new change is made; a player leaving is asked first."""
from __future__ import annotations

import pytest

from chickenyard.storage.db import connect
from tests.elements import by_id, by_role, element, elements, text, text_of, texts, whole_page
from tests.sheet_helpers import column_heads, hand_form, player_ids, start_game, totals_row
from tests.sheet_helpers import hand_form, player_ids, start_game, totals_row

HX = {"HX-Request": "true"}


def sheet(client, game_id) -> str:
    return client.get(f"/games/{game_id}").get_data(as_text=True)


def seated(client, game_id) -> list[str]:
    """The sheet's column heads: who is on the sheet."""
    return texts(sheet(client, game_id), 'thead th[scope="col"][title]')


def button(client, game_id, label: str) -> str | None:
    """The text of the sheet's Undo or Redo button (None: not offered, or offered disabled)."""
    offered = [text_of(b) for b in elements(sheet(client, game_id), ".actions button[type=submit]:not([disabled])")]
    return next((words for words in offered if words.startswith(label)), None)


def home_card_names(client, game_id) -> str:
    return text(client.get("/"), f'a.game-link[href="/games/{game_id}"] strong')


def history_lines(client, game_id) -> list[str]:
    return texts(client.get(f"/games/{game_id}/history"), "ol.history > li")


def undo(client, game_id, **kw):
    return client.post(f"/games/{game_id}/undo", data={}, **kw)


def redo(client, game_id, **kw):
    return client.post(f"/games/{game_id}/redo", data={}, **kw)


def flashed(client, game_id) -> str:
    return text(sheet(client, game_id), "div.flashes")


@pytest.fixture
def game(client, app):
    game_id = start_game(client, hands=4)
    return game_id, player_ids(app, game_id)


def test_a_player_leaving_is_asked_first_and_nothing_changes_until_yes(client, app, game):
    game_id, ids = game
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 10, "Bo": 25, "Cy": 30}, went_out="Di"))
    asked = client.post(f"/games/{game_id}/players/leave", data={"leaving": str(ids["Bo"])})
    page = asked.get_data(as_text=True)
    assert asked.status_code == 200
    question = by_id(page, "confirm-leaving")
    assert text_of(by_role(question, "heading")) == "Did Bo leave the table?"
    assert "scores up to hand 1 stay on the sheet" in text_of(question)
    assert element(question, 'input[type="hidden"][name="sure"]')["value"] == "yes"
    assert seated(client, game_id) == ["Ann", "Bo", "Cy", "Di"]
    assert not any("left the table" in line for line in history_lines(client, game_id))
    # "No" is a link back to the game's page; "Yes" takes Bo off
    assert by_role(question, "link", "No, keep Bo at the table")["href"] == f"/games/{game_id}/settings"
    response = client.post(f"/games/{game_id}/players/leave", data={"leaving": str(ids["Bo"]), "sure": "yes"})
    assert response.status_code == 303
    assert "Bo left after hand 1. Undo last change brings them back." in flashed(client, game_id)


def test_undo_takes_back_a_leave_not_the_scores_before_it(client, app, game):
    game_id, ids = game
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 10, "Bo": 25, "Cy": 30}, went_out="Di"))
    client.post(f"/games/{game_id}/players/leave", data={"leaving": str(ids["Bo"]), "sure": "yes"})
    assert button(client, game_id, "Undo") == "Undo last change (Bo leaving)"
    undo(client, game_id)
    assert "Took back the last change: Bo leaving the table." in flashed(client, game_id)
    assert totals_row(sheet(client, game_id)) == ["10", "25", "30", "0"]         # hand 1 stays
    assert column_heads(sheet(client, game_id)) == ["Ann", "Bo", "Cy", "Di"]
    first, second = history_lines(client, game_id)[:2]
    assert first.endswith("Undo: Bo left the table after hand 1.")
    assert second.endswith("Bo left the table after hand 1. taken back")
    # the hand can be played with Bo again
    assert client.post(f"/games/{game_id}/hands/2", data=hand_form(
        ids, {"Ann": 1, "Bo": 2, "Cy": 3}, went_out="Di")).status_code == 303
    assert totals_row(sheet(client, game_id)) == ["11", "27", "33", "0"]


def test_before_hand_1_a_player_taken_off_is_in_history_and_undo_seats_them_again(client, app, game):
    game_id, ids = game
    client.post(f"/games/{game_id}/players/leave", data={"leaving": str(ids["Cy"]), "sure": "yes"})
    assert seated(client, game_id) == ["Ann", "Bo", "Di"]
    assert history_lines(client, game_id)[0].endswith("Cy taken off the sheet (no score yet).")
    assert button(client, game_id, "Undo") == "Undo last change (Cy taken off)"
    undo(client, game_id)
    assert "Took back the last change: Cy taken off the sheet." in flashed(client, game_id)
    assert seated(client, game_id) == ["Ann", "Bo", "Cy", "Di"]
    assert client.post(f"/games/{game_id}/hands/1", data=hand_form(
        ids, {"Ann": 1, "Bo": 2, "Cy": 3}, went_out="Di")).status_code == 303


def test_undo_takes_back_a_late_player_joining_and_redo_seats_them_again(client, app, game):
    game_id, ids = game
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 10, "Bo": 25, "Cy": 30}, went_out="Di"))
    client.post(f"/games/{game_id}/players", data={"player": "Eve", "start": "highest"})
    assert seated(client, game_id)[-1] == "Eve"
    undo(client, game_id)
    assert seated(client, game_id) == ["Ann", "Bo", "Cy", "Di"]
    assert home_card_names(client, game_id) == "Ann, Bo, Cy, Di"
    assert button(client, game_id, "Redo") == "Redo (Eve joining)"
    redo(client, game_id)
    assert seated(client, game_id)[-1] == "Eve" and totals_row(sheet(client, game_id))[-1] == "30"
    assert history_lines(client, game_id)[0].endswith("Redo: Eve joined the table from hand 2, starting at 30.")


def test_undo_and_redo_a_change_to_the_games_name(client, app, game):
    game_id, _ = game
    client.post(f"/games/{game_id}/name", data={"name": "Friday"})
    assert button(client, game_id, "Undo") == "Undo last change (the game's name)"
    undo(client, game_id)
    assert elements(sheet(client, game_id), "h1.game-name") == []
    redo(client, game_id)
    assert text(sheet(client, game_id), "h1.game-name") == "Friday"


def test_redo_puts_back_two_undone_hands_tiles_included(client, app, game):
    game_id, ids = game
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 10, "Bo": 25, "Cy": 30}, went_out="Di"))
    client.post(f"/games/{game_id}/hands/2", data=hand_form(ids, {"Ann": 5}, tiles={"Bo": ["0|0", "1|2"]},
                                                            went_out="Cy"))
    client.post(f"/games/{game_id}/hands/3", data=hand_form(ids, {"Ann": 1, "Bo": 2, "Di": 3}, went_out="Cy"))
    full = totals_row(sheet(client, game_id))
    undo(client, game_id)
    undo(client, game_id)
    assert totals_row(sheet(client, game_id)) == ["10", "25", "30", "0"]
    assert button(client, game_id, "Redo") == "Redo (hand 2)"
    redo(client, game_id)
    assert "Put back what Undo took back: hand 2 (8|8)." in flashed(client, game_id)
    form = client.get(f"/games/{game_id}/hands/2").get_data(as_text=True)
    assert element(form, f'input[name="tiles-{ids["Bo"]}"][value="0|0"]').has_attr("checked")
    assert button(client, game_id, "Redo") == "Redo (hand 3)"
    redo(client, game_id)
    assert totals_row(sheet(client, game_id)) == full
    assert button(client, game_id, "Redo") is None
    # after a redo, undo takes back the hand put back
    assert button(client, game_id, "Undo") == "Undo last change (hand 3)"
    db = connect(app.config["DATABASE"])
    assert db.execute("select count(*) from changes where redoes is not null").fetchone()[0] == 7    # hand 2's three entries, hand 3's four


def test_a_new_change_ends_what_redo_can_put_back(client, app, game):
    game_id, ids = game
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 10, "Bo": 25, "Cy": 30}, went_out="Di"))
    client.post(f"/games/{game_id}/hands/2", data=hand_form(ids, {"Ann": 5, "Bo": 6, "Cy": 7}, went_out="Di"))
    undo(client, game_id)
    undo(client, game_id)
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 1, "Bo": 2, "Cy": 3}, went_out="Di"))
    assert button(client, game_id, "Redo") is None
    assert redo(client, game_id).status_code == 303
    assert "There is nothing to redo" in flashed(client, game_id)
    assert totals_row(sheet(client, game_id)) == ["1", "2", "3", "0"]


def test_redo_over_htmx_returns_the_sheet_fragment_and_a_watch_phone_cannot_redo(client, app, game):
    game_id, ids = game
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 9}))
    undo(client, game_id)
    watcher = app.test_client()
    watcher.get(f"/join/{connect(app.config['DATABASE'])['games'].get(game_id)['view_key']}")
    assert redo(watcher, game_id).status_code == 403
    response = redo(client, game_id, headers=HX)
    body = response.get_data(as_text=True)
    assert response.status_code == 200 and not whole_page(body) and totals_row(body)[0] == "9"


def person_of(app, name) -> int:
    return connect(app.config["DATABASE"]).execute("select id from people where name = ?", [name]).fetchone()[0]


def test_undo_takes_back_a_players_rename_on_every_game_and_redo_puts_it_back(client, app, game):
    game_id, ids = game
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 10, "Bo": 25, "Cy": 30}, went_out="Di"))
    other = start_game(client, players=("Di", "Eve"))
    client.post(f"/players/{person_of(app, 'Di')}/rename", data={"name": "Diane"})
    assert seated(client, game_id)[-1] == "Diane"
    assert button(client, game_id, "Undo") == "Undo last change (Di → Diane)"
    undo(client, game_id)
    assert "Took back the last change: the rename of Di to Diane." in flashed(client, game_id)
    assert seated(client, game_id)[-1] == "Di" and seated(client, other)[0] == "Di"
    # the other game's History says so too, and its Undo does not take the rename back a second time
    assert history_lines(client, other)[0].endswith("Undo: Diane, now Di.")
    assert button(client, other, "Undo") is None
    assert button(client, game_id, "Redo") == "Redo (Di → Diane)"
    redo(client, game_id)
    assert seated(client, game_id)[-1] == "Diane" and seated(client, other)[0] == "Diane"
    assert totals_row(sheet(client, game_id)) == ["10", "25", "30", "0"]


def test_undoing_a_rename_whose_old_name_is_taken_since_says_why(client, app, game):
    game_id, _ = game
    client.post(f"/players/{person_of(app, 'Di')}/rename", data={"name": "Diane"})
    start_game(client, players=("Di", "Eve"))          # a new player called Di
    response = undo(client, game_id)
    assert response.status_code == 303
    assert "Di is the name of another player here now" in flashed(client, game_id)
    assert seated(client, game_id)[-1] == "Diane"


def test_undoing_the_last_hand_reopens_the_game_and_redo_finishes_it_again(client, app):
    game_id = start_game(client, players=("Ann", "Bo", "Cy"), hands=1)
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 10, "Bo": 25}, went_out="Cy"))
    finished = lambda: connect(app.config["DATABASE"])["games"].get(game_id)["finished_at"]
    assert finished() is not None
    undo(client, game_id)
    assert finished() is None
    assert elements(sheet(client, game_id), "p.winner") == []
    redo(client, game_id)
    assert finished() is not None
    assert text(sheet(client, game_id), 'p.winner[role="status"]') == "Winner: Cy with 0"


def form_fields(page, action: str) -> dict:
    """The hidden fields of the sheet's Undo or Redo form, as the phone would send them."""
    return {field["name"]: field["value"] for field in elements(page, f'form[action$="/{action}"] input[type=hidden]')}


def last_flash(client, game_id) -> str:
    """The newest message the sheet shows (a save's own message may stand before it)."""
    return texts(sheet(client, game_id), "div.flashes p")[-1]


def test_a_stale_undo_button_takes_back_nothing_and_says_what_the_last_change_is_now(client, app, game):
    game_id, ids = game
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 10, "Bo": 25, "Cy": 30}, went_out="Di"))
    client.post(f"/games/{game_id}/hands/2", data=hand_form(ids, {"Ann": 5, "Bo": 6, "Cy": 7}, went_out="Di"))
    phone_a = sheet(client, game_id)
    assert text(phone_a, 'form[action$="/undo"] button') == "Undo last change (hand 2)"
    # another phone edits hand 1 after phone A's sheet was shown
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 11, "Bo": 25, "Cy": 30}, went_out="Di"))
    response = client.post(f"/games/{game_id}/undo", data=form_fields(phone_a, "undo"))
    assert response.status_code == 303
    assert last_flash(client, game_id) == ("Nothing was taken back: the sheet changed since this phone showed it, and "
                                        "the last change is now hand 1 (9|9). Check the sheet, then undo again if "
                                        "that should go.")
    assert totals_row(sheet(client, game_id)) == ["16", "31", "37", "0"]     # hand 1 as phone B saved it
    assert button(client, game_id, "Undo") == "Undo last change (hand 1)"
    # the button as shown now takes back what it names
    client.post(f"/games/{game_id}/undo", data=form_fields(sheet(client, game_id), "undo"))
    assert "Took back the last change to hand 1 (9|9)." in last_flash(client, game_id)
    assert totals_row(sheet(client, game_id)) == ["15", "31", "37", "0"]


def test_a_stale_undo_over_htmx_gets_the_sheet_back_with_the_reason(client, app, game):
    game_id, ids = game
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 10, "Bo": 25, "Cy": 30}, went_out="Di"))
    phone_a = sheet(client, game_id)
    client.post(f"/games/{game_id}/name", data={"name": "Tuesday"})
    response = client.post(f"/games/{game_id}/undo", data=form_fields(phone_a, "undo"), headers=HX)
    body = response.get_data(as_text=True)
    assert response.status_code == 409 and not whole_page(body)
    assert "the last change is now the game's name" in text(body, "div.flashes")
    assert text(body, "h1.game-name") == "Tuesday"
    assert totals_row(body)[0] == "10"


def test_a_stale_redo_button_puts_back_nothing(client, app, game):
    game_id, ids = game
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 10, "Bo": 25, "Cy": 30}, went_out="Di"))
    client.post(f"/games/{game_id}/hands/2", data=hand_form(ids, {"Ann": 5, "Bo": 6, "Cy": 7}, went_out="Di"))
    undo(client, game_id)
    phone_a = sheet(client, game_id)
    assert text(phone_a, 'form[action$="/redo"] button') == "Redo (hand 2)"
    undo(client, game_id)           # another phone takes hand 1 back too: Redo now names hand 1
    response = client.post(f"/games/{game_id}/redo", data=form_fields(phone_a, "redo"))
    assert response.status_code == 303
    assert last_flash(client, game_id).startswith("Nothing was put back: the sheet changed since this phone showed it, "
                                               "and Redo now puts back hand 1 (9|9).")
    assert totals_row(sheet(client, game_id)) == ["0", "0", "0", "0"]


def test_an_undo_form_naming_no_change_it_knows_is_refused_in_words(client, app, game):
    game_id, ids = game
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 10}))
    response = client.post(f"/games/{game_id}/undo", data={"change": "hand one"})
    assert response.status_code == 303
    assert last_flash(client, game_id).startswith("Nothing was taken back: the sheet changed since this phone showed it")
    assert totals_row(sheet(client, game_id))[0] == "10"
