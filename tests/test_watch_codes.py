"""A short watch code, read aloud and typed on another phone's home page."""
from __future__ import annotations

import re

from chickenyard.web.watch_codes import ALPHABET, TryLimit
from tests.elements import element, text
from tests.sheet_helpers import WATCHING, sheet_actions, start_game
from tests.sheet_helpers import start_game
from tests.test_odd_input import field_error


def code_on_share_page(client, game_id) -> str:
    return text(client.get(f"/games/{game_id}/share"), "p.watch-code strong")


def test_a_watch_code_typed_on_another_phone_opens_the_game_to_watch(client, app):
    game_id = start_game(client)
    code = code_on_share_page(client, game_id)
    assert re.fullmatch(f"[{ALPHABET}]{{3}}-[{ALPHABET}]{{3}}", code)
    other = app.test_client()
    token = re.search(r'name="csrf-token" content="([^"]+)"', other.get("/").get_data(as_text=True)).group(1)
    typed = " " + code.lower().replace("-", " ") + " "          # as a person types it
    response = other.post("/watch", data={"code": typed, "csrf_token": token})
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/games/{game_id}")
    sheet = other.get(f"/games/{game_id}")
    assert sheet.status_code == 200 and sheet_actions(sheet) == WATCHING   # watching only
    assert other.get(f"/games/{game_id}/hands/1").status_code == 403


def test_a_wrong_code_is_explained_and_kept(client):
    start_game(client)
    response = client.post("/watch", data={"code": "XXX-XXX"})
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and "No game has that code here" in text(page, "#error-watch")
    assert element(page, "input#watch-code")["value"] == "XXX-XXX"


def test_an_empty_code_asks_for_one_and_is_not_counted_as_a_try(client):
    start_game(client)
    for typed in ("", "   ", " - "):
        response = client.post("/watch", data={"code": typed})
        page = response.get_data(as_text=True)
        assert response.status_code == 422
        assert text(page, "#error-watch") == "Type the game's code first: the scorekeeper's Share tab shows it " \
            "(six letters and digits, like K7M-4QX)."
        assert element(page, "input#watch-code")["value"] == typed.strip()
    statuses = [client.post("/watch", data={"code": "AAA-AAA"}).status_code for _ in range(11)]
    assert statuses[:10] == [422] * 10 and statuses[10] == 429       # ten real tries still, as before


def test_codes_are_tried_at_most_ten_a_minute_per_phone(client):
    statuses = [client.post("/watch", data={"code": "AAA-AAA"}).status_code for _ in range(11)]
    assert statuses[:10] == [422] * 10 and statuses[10] == 429
    limit = TryLimit(tries=2, seconds=60)
    assert [limit.allow("a"), limit.allow("a"), limit.allow("a"), limit.allow("b")] == [True, True, False, True]


def _fullwidth(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


def test_a_code_typed_in_fullwidth_letters_or_other_digits_is_read_not_a_500(client, app):
    game_id = start_game(client)
    code = code_on_share_page(client, game_id)
    other = app.test_client()
    response = other.post("/watch", data={"code": _fullwidth(code)})
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/games/{game_id}")
    arabic_indic = "".join(chr(0x0660 + int(c)) if c.isdigit() else c for c in code)
    assert app.test_client().post("/watch", data={"code": arabic_indic}).status_code == 303
    for odd in ("٣٣٣-٣٣٣", "ＸＸＸ-ＸＸＸ", "ǅǅǅǅǅǅ", "\u00b3" * 6):
        assert client.post("/watch", data={"code": odd}).status_code == 422, odd


def test_many_addresses_guess_no_faster_than_the_table_allows(client, app):
    game_id = start_game(client)
    code = code_on_share_page(client, game_id)
    statuses = [app.test_client().post("/watch", data={"code": "AAA-AAA"},
                                       environ_overrides={"REMOTE_ADDR": f"10.0.0.{n}"}).status_code
                for n in range(1, 32)]
    assert statuses[:30] == [422] * 30 and statuses[30] == 429
    refused = app.test_client().post("/watch", data={"code": code}, environ_overrides={"REMOTE_ADDR": "10.0.1.1"})
    assert refused.status_code == 429
    assert "Too many codes tried at this table" in field_error(refused.get_data(as_text=True), "watch")


def test_a_game_put_away_answers_to_no_watch_code(client, app):
    game_id = start_game(client)
    code = code_on_share_page(client, game_id)
    client.post(f"/games/{game_id}/archive", data={"archived": "1"})
    assert app.test_client().post("/watch", data={"code": code}).status_code == 422
    client.post(f"/games/{game_id}/archive", data={"archived": "0"})
    assert app.test_client().post("/watch", data={"code": code}).status_code == 303
