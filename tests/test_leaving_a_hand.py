"""'Back to the sheet' from a hand's form: a button of the form, so that the server, with or without
JavaScript, goes straight back when nothing was typed and otherwise asks, keeping everything."""
from __future__ import annotations

import html
import re

from tests.elements import by_id, by_role, element, elements, has_id, text, whole_page
from tests.sheet_helpers import hand_form, player_ids, start_game, totals_row

HX = {"HX-Request": "true"}


def opened(client, game_id, number) -> dict:
    """The form's fields as the page shows them when opened (hidden version and bases, totals, ticked
    tiles, who went out), as a browser would post them."""
    page = client.get(f"/games/{game_id}/hands/{number}").get_data(as_text=True)
    data: dict = {}
    for name, value in re.findall(r'<input[^>]*name="((?:version|base-\d+|points-\d+))" value="([^"]*)"', page):
        data[name] = html.unescape(value)
    for name, value in re.findall(r'<input type="checkbox" name="(tiles-\d+)" value="([^"]+)"[^>]*checked', page):
        data.setdefault(name, []).append(value)
    went = re.search(r'name="went_out" value="(\d*)"\s+checked', page)
    data["went_out"] = went.group(1) if went else ""
    return data


def leave(client, game_id, number, data, **kw):
    return client.post(f"/games/{game_id}/hands/{number}", data={**data, "then": "leave"}, **kw)


def test_nothing_typed_goes_straight_back_to_the_sheet(client, app):
    game_id = start_game(client)
    response = leave(client, game_id, 1, opened(client, game_id, 1))
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/games/{game_id}")
    # a hand saved before, opened and left as it was: nothing typed either
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 3}, tiles={"Bo": ["0|1"]}, went_out="Di"))
    response = leave(client, game_id, 1, opened(client, game_id, 1))
    assert response.status_code == 303
    fragment = leave(client, game_id, 1, opened(client, game_id, 1), headers=HX)
    assert fragment.status_code == 200 and not whole_page(fragment) and has_id(fragment, "sheet")
    assert fragment.headers["HX-Push-Url"] == f"/games/{game_id}"


def test_typed_scores_come_back_with_a_question_and_nothing_is_stored(client, app):
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    form = opened(client, game_id, 1)
    for change in ({f"points-{ids['Bo']}": "12"}, {f"points-{ids['Bo']}": "x"},
                   {f"tiles-{ids['Cy']}": ["3|4"]}, {"went_out": str(ids["Di"])},
                   {f"find-{ids['Ann']}": "5 6"}, {f"find-{ids['Ann']}": "five"}):
        response = leave(client, game_id, 1, {**form, **change})
        page = response.get_data(as_text=True)
        assert response.status_code == 200, change
        prompt = by_id(page, "leave-prompt")
        assert prompt["role"] == "alert"
        assert text(prompt, "p") == "You typed scores that are not saved."
        assert by_role(prompt, "button", "Save them")["type"] == "submit"
        leave_anyway = by_role(prompt, "link", "Leave without saving")
        assert leave_anyway["href"] == f"/games/{game_id}" and leave_anyway.has_attr("data-leave")
        assert elements(page, "p.field-error") == []          # asked, not told off
    page = leave(client, game_id, 1, {**form, f"points-{ids['Bo']}": "x"}).get_data(as_text=True)
    assert element(page, f'input[name="points-{ids["Bo"]}"]')["value"] == "x"
    page = leave(client, game_id, 1, {**form, f"tiles-{ids['Cy']}": ["3|4"]}).get_data(as_text=True)
    assert re.search(rf'name="tiles-{ids["Cy"]}" value="3\|4"[^>]*checked', page)
    # the version and bases the form was opened with stay, so a later save still merges properly
    assert element(page, 'input[name="version"]')["value"] == form["version"]
    assert totals_row(client.get(f"/games/{game_id}").get_data(as_text=True)) == ["0", "0", "0", "0"]
    fragment = leave(client, game_id, 1, {**form, f"points-{ids['Bo']}": "12"}, headers=HX)
    assert has_id(fragment, "leave-prompt") and not whole_page(fragment)


def test_save_them_saves_what_was_typed(client, app):
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    form = {**opened(client, game_id, 1), f"points-{ids['Bo']}": "12"}
    assert has_id(leave(client, game_id, 1, form), "leave-prompt")
    response = client.post(f"/games/{game_id}/hands/1", data=form)    # "Save them": the form's own save
    assert response.status_code == 303
    assert totals_row(client.get(f"/games/{game_id}").get_data(as_text=True)) == ["0", "12", "0", "0"]


def test_a_page_without_bases_compares_with_the_hand_as_stored(client, app):
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 3}))
    same = {f"points-{ids['Ann']}": "3", "went_out": ""}
    assert leave(client, game_id, 1, same).status_code == 303
    assert has_id(leave(client, game_id, 1, {**same, f"points-{ids['Bo']}": "4"}), "leave-prompt")
    # a base this app never wrote is no reason for a 500
    broken = {**opened(client, game_id, 1), f"base-{ids['Ann']}": '{"tiles": ["77|x"]}'}
    assert leave(client, game_id, 1, broken).status_code == 303


def test_what_counts_is_what_this_page_showed_not_what_another_phone_saved_since(client, app):
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    form = opened(client, game_id, 1)                  # this phone opens hand 1: all empty
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 3}))    # another phone saves
    assert leave(client, game_id, 1, form).status_code == 303           # nothing typed here
    page = leave(client, game_id, 1, {**form, f"points-{ids['Bo']}": "4"}).get_data(as_text=True)
    assert has_id(page, "leave-prompt")
    for odd in ("5", "[1]", "not json"):
        assert leave(client, game_id, 1, {**form, f"base-{ids['Ann']}": odd}).status_code in (200, 303)
