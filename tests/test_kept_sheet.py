"""The sheet is rendered once per revision and kept for every phone: each phone still gets its own
form token, its own messages, its own paper and what its link lets it do."""
from __future__ import annotations

import json

from tests.elements import element, elements, has_id, text, texts
from tests.sheet_helpers import hand_form, player_ids, start_game, totals_row
from tests.test_shared_table import keys, phone


def meta_token(page) -> str:
    return element(page, 'meta[name="csrf-token"]')["content"]


def form_tokens(page) -> set[str]:
    """The token every form on the page sends, and the one htmx sends in its header."""
    fields = {field["value"] for field in elements(page, 'input[type="hidden"][name="csrf_token"]')}
    return fields | {json.loads(body["hx-headers"])["X-CSRFToken"] for body in elements(page, "body[hx-headers]")}


def signed(token: str) -> str:
    """What a token signs: the phone's own secret, without the second it was signed at."""
    return token.split(".")[0]


def undo_button(page) -> list[str]:
    return texts(page, 'form[action$="/undo"] button[type="submit"]')


def flashes(page) -> list[str]:
    return texts(page, "div.flashes p")


def pdf_button(page) -> str:
    return text(page, 'a.button[href$="/sheet.pdf"]')


def test_each_phone_gets_its_own_token_in_the_sheet_kept_for_all(app, client):
    game_id = start_game(client)
    edit_key, _ = keys(app, game_id)
    first, second = phone(app, edit_key), phone(app, edit_key)
    pages = {p: p.get(f"/games/{game_id}") for p in (first, second, first)}
    tokens = {p: meta_token(page) for p, page in pages.items()}
    assert signed(tokens[first]) != signed(tokens[second])
    for p, page in pages.items():
        assert form_tokens(page) == {tokens[p]} and not elements(page, "csrf-token")
    # each phone's token is its own: the other phone's is refused, its own is taken
    assert first.post(f"/games/{game_id}/redo", data={"csrf_token": tokens[second]}, with_csrf=False).status_code == 400
    assert first.post(f"/games/{game_id}/redo", data={"csrf_token": tokens[first]}, with_csrf=False).status_code == 303


def test_a_fragment_for_htmx_and_the_live_poll_carry_the_phones_token_too(app, client):
    game_id = start_game(client)
    token = meta_token(client.get(f"/games/{game_id}"))
    for url, headers in ((f"/games/{game_id}", {"HX-Request": "true"}), (f"/games/{game_id}/live", {})):
        for _ in range(2):
            assert {signed(t) for t in form_tokens(client.get(url, headers=headers))} == {signed(token)}


def test_a_message_for_one_phone_is_shown_to_it_alone_and_once(app, client):
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 5}))
    assert flashes(client.get(f"/games/{game_id}")) == ["Hand 1 (9|9) saved, not complete yet."]
    edit_key, _ = keys(app, game_id)
    other = phone(app, edit_key)
    other.get(f"/games/{game_id}")
    assert client.post(f"/games/{game_id}/undo", data={}).status_code == 303
    assert flashes(other.get(f"/games/{game_id}")) == []
    assert flashes(client.get(f"/games/{game_id}")) == ["Took back the last change to hand 1 (9|9)."]
    assert flashes(client.get(f"/games/{game_id}")) == []


def test_the_pdf_button_names_each_phones_paper(app, client):
    game_id = start_game(client)
    edit_key, _ = keys(app, game_id)
    letter, a4 = phone(app, edit_key), phone(app, edit_key)
    a4.set_cookie("paper", "a4")
    for _ in range(2):
        assert pdf_button(letter.get(f"/games/{game_id}", headers={"Accept-Language": "en-US"})) == "PDF (Letter)"
        assert pdf_button(a4.get(f"/games/{game_id}", headers={"Accept-Language": "en-US"})) == "PDF (A4)"


def test_a_watching_phone_never_gets_the_scorekeepers_sheet(app, client):
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 5}))
    _, view_key = keys(app, game_id)
    watcher = phone(app, view_key)
    assert undo_button(client.get(f"/games/{game_id}")) == ["Undo last change (hand 1)"]
    page = watcher.get(f"/games/{game_id}")
    assert undo_button(page) == [] and not has_id(page, "first-starter") and elements(page, "form") == []
    assert undo_button(client.get(f"/games/{game_id}")) == ["Undo last change (hand 1)"]


def test_a_save_shows_at_once_on_every_phone(app, client):
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    _, view_key = keys(app, game_id)
    watcher = phone(app, view_key)
    assert totals_row(watcher.get(f"/games/{game_id}").get_data(as_text=True))[0] == "0"
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 5}))
    assert totals_row(watcher.get(f"/games/{game_id}").get_data(as_text=True))[0] == "5"
    assert totals_row(watcher.get(f"/games/{game_id}/live").get_data(as_text=True))[0] == "5"
