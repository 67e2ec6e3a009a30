"""A phone that reads es-MX gets the table's pages in Spanish; an en-US phone still reads English.
Each check finds the element it means (a heading, a field's message), not the whole page's text."""
from __future__ import annotations

import pytest

from tests.elements import element, elements, own_text, text, texts

SPANISH = {"Accept-Language": "es-MX,es;q=0.9"}
ENGLISH = {"Accept-Language": "en-US,en;q=0.9"}


def get(client, url, headers) -> str:
    response = client.get(url, headers=headers)
    assert response.status_code == 200
    return response.get_data(as_text=True)


@pytest.mark.parametrize("headers, heading, button", [
    (SPANISH, "Tu mesa", "Empezar una partida nueva"),
    (ENGLISH, "Your table", "Start a new game"),
])
def test_the_home_page(client, headers, heading, button):
    page = get(client, "/", headers)
    assert text(page, "h1") == heading
    assert text(page, "a.button.primary.big") == button


@pytest.mark.parametrize("headers, heading, legend, choice", [
    (SPANISH, "Partida nueva", "Reglas de la casa", "Tren mexicano"),
    (ENGLISH, "New game", "House rules", "Mexican Train"),
])
def test_the_new_game_form(client, headers, heading, legend, choice):
    page = get(client, "/games/new", headers)
    assert text(page, "h1") == heading
    assert legend in texts(page, "legend")
    assert text(page, 'option[value="mexican-train"]') == choice


def test_a_refused_new_game_says_why_in_spanish_and_keeps_what_was_typed(client):
    refused = client.post("/games/new", data={"game": "chickenfoot", "preset": "classic", "set": "9",
                                              "double_blank": "50", "player": ["Ana", "Ana", "Beto"]},
                          headers=SPANISH)
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    assert text(page, "p.field-error#error-player") == \
        "Dos jugadores tienen el mismo nombre; añade una inicial para distinguirlos."
    typed = [field.get("value", "") for field in elements(page, 'input[name="player"]')]
    assert typed[:3] == ["Ana", "Ana", "Beto"] and not any(typed[3:])


def spanish_game(app, client):
    from tests.sheet_helpers import player_ids, start_game
    game_id = start_game(client, players=("Ana", "Beto", "Caro"))
    return game_id, player_ids(app, game_id)


def test_the_sheet_in_spanish_and_in_english(app, client):
    game_id, _ = spanish_game(app, client)
    page = get(client, f"/games/{game_id}", SPANISH)
    assert text(page, "nav.tabs") == "Hoja Árbitro Historial Compartir Partida"
    assert text(page, "a.button.primary.big") == "Anotar mano 1 (9|9)"
    assert text(page, "p.rules-line") == "Chickenfoot · doble 9 · Clásico · sin reglas de la casa"
    assert text(page, 'th.hand-col[scope="col"]') == "Mano"
    english = get(client, f"/games/{game_id}", ENGLISH)
    assert text(english, "a.button.primary.big") == "Enter hand 1 (9|9)"
    assert text(english, 'th.hand-col[scope="col"]') == "Hand"


def test_a_hand_in_spanish(app, client):
    game_id, _ = spanish_game(app, client)
    page = get(client, f"/games/{game_id}/hands/1", SPANISH)
    assert own_text(page, "h1") == "Mano 1 de 10"
    assert text(page, "fieldset.went-out > legend") == "¿Quién salió (jugó todas sus fichas)?"
    assert text(page, 'button.primary.big[type="submit"]') == "Guardar mano 1"


def test_a_refused_hand_says_why_in_spanish_and_keeps_what_was_typed(app, client):
    from tests.sheet_helpers import hand_form
    game_id, ids = spanish_game(app, client)
    data = hand_form(ids, points={"Ana": "doce", "Caro": 7}, tiles={"Beto": ["9|9", "3|4"]})
    refused = client.post(f"/games/{game_id}/hands/1", data=data, headers=SPANISH)
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    assert text(page, 'p.form-problem[role="alert"]') == \
        "Todavía no se guardó nada: revisa los campos marcados."
    assert text(page, f'#error-points-{ids["Ana"]}') == \
        "Escribe el total de Ana como un número entero de 0 a 545."
    assert text(page, f'#error-tiles-{ids["Beto"]}') == \
        "La 9|9 abrió esta mano, así que está en la mesa, no en la mano de Beto."
    assert element(page, f'input[name="points-{ids["Ana"]}"]')["value"] == "doce"


def test_the_referee_tab_in_spanish_keeps_the_rules_quotes_in_english(app, client):
    game_id, _ = spanish_game(app, client)
    page = get(client, f"/games/{game_id}/referee", SPANISH)
    assert text(page, "h1") == "Tomar fichas"
    assert text(page, "p.big-number") == "14 fichas cada uno"
    assert "El reglamento Clásico, con sus fuentes" in texts(page, "section.card > h2")
    assert texts(page, "dt")[0] == "Dominós"
    # the rule's own sentence: the source's English, marked as a quotation in English
    quotes = elements(page, 'blockquote.quote[lang="en"]')
    assert quotes[0].get_text(" ", strip=True).startswith("“This is the guideline to follow to calculate the amount of tiles drawn")
    english = get(client, f"/games/{game_id}/referee", ENGLISH)
    assert text(english, "h1") == "Drawing tiles"


def test_the_printed_sheet_in_spanish(app, client):
    game_id, _ = spanish_game(app, client)
    page = get(client, f"/games/{game_id}/print", SPANISH)
    assert element(page, "html")["lang"] == "es-MX"
    assert text(page, "h1") == "Chickenfoot hoja de puntos"
    assert text(page, "thead th.hand-col") == "Mano"
    assert text(page, "p.meta").startswith("dominó doble 9 · reglamento Clásico · en juego, ")
    assert texts(page, "table.draw th")[0] == "Jugadores"
    english = get(client, f"/games/{game_id}/print", ENGLISH)
    assert text(english, "thead th.hand-col") == "Hand"


def test_the_manifest_describes_chickenyard_in_the_phones_language(client):
    spanish = client.get("/manifest.webmanifest", headers=SPANISH)
    assert spanish.mimetype == "application/manifest+json" and "Accept-Language" in spanish.headers["Vary"]
    assert spanish.json["lang"] == "es-MX" and spanish.json["name"] == "Chickenyard"
    assert spanish.json["description"] == "La hoja de puntos y el árbitro para juegos de dominó con fichas de verdad."
    assert client.get("/manifest.webmanifest", headers=ENGLISH).json["description"] == \
        "The score sheet and referee for domino games played with real tiles."


def test_the_page_carries_app_js_words_in_its_language(client):
    import json
    page = get(client, "/", SPANISH)
    carried = json.loads(element(page, 'script#script-words[type="application/json"]').string)
    assert carried["picker_many"] == "{count} fichas: {points} puntos"
    assert carried["leave_unsaved"] == "¿Salir sin guardar? Lo que escribiste en esta página se perderá."
    english = json.loads(element(get(client, "/", ENGLISH), "script#script-words").string)
    assert english["picker_many"] == "{count} tiles: {points} points"


def test_a_refused_import_lists_its_problems_in_spanish(client):
    import io
    import json
    doc = {"format": "chickenyard/game-v1", "game": "chickenfoot", "preset": "classic", "set": 9,
           "players": ["Ana", "Ana", "Beto"], "hands": "none"}
    refused = client.post("/games/import", data={"file": (io.BytesIO(json.dumps(doc).encode()), "partida.json")},
                          content_type="multipart/form-data", headers=SPANISH)
    assert refused.status_code == 400
    page = refused.get_data(as_text=True)
    assert text(page, 'div.form-problem[role="alert"] > p') == \
        "La partida no se importó. No se guardó nada. Problemas encontrados:"
    problems = texts(page, 'div.form-problem[role="alert"] li')
    assert '"players": Dos jugadores tienen el mismo nombre; añade una inicial para distinguirlos.' in problems
    assert '"hands" debe ser una lista.' in problems


def test_the_pdfs_in_spanish(app, client):
    import io

    from pypdf import PdfReader
    game_id, _ = spanish_game(app, client)
    sheet = client.get(f"/games/{game_id}/sheet.pdf", headers=SPANISH)
    season = client.get("/players/season.pdf", headers=SPANISH)
    assert sheet.mimetype == season.mimetype == "application/pdf"
    sheet_text = PdfReader(io.BytesIO(sheet.data)).pages[0].extract_text()
    season_text = PdfReader(io.BytesIO(season.data)).pages[0].extract_text()
    assert "Chickenfoot hoja de puntos" in sheet_text and "reglamento Clásico" in sheet_text
    assert "resumen de la temporada" in season_text and "Desde siempre" in season_text


def test_a_wrong_watch_code_and_too_many_tries_are_explained_in_spanish(client):
    refused = client.post("/watch", data={"code": "XXX-XXX"}, headers=SPANISH)
    assert refused.status_code == 422
    assert text(refused, "#error-watch") == (
        "Ninguna partida tiene ese código aquí. Compruébalo en la pestaña Compartir de quien lleva la cuenta "
        "(seis letras y dígitos, como K7M-4QX).")
    while refused.status_code != 429:
        refused = client.post("/watch", data={"code": "XXX-XXX"}, headers=SPANISH)
    assert text(refused, "#error-watch") == (
        "Demasiados códigos probados desde este teléfono: espera un minuto y vuelve a intentarlo.")


def test_a_merge_with_no_player_chosen_says_so_in_spanish(app, client):
    from tests.sheet_helpers import start_game
    start_game(client, players=("Ana", "Beto"))
    with app.app_context():
        from chickenyard.storage.db import get_db
        ana = get_db().execute("select id from people where name = 'Ana'").fetchone()[0]
    refused = client.post(f"/players/{ana}/merge", data={"other": ""}, headers=SPANISH)
    assert refused.status_code == 422
    assert text(refused, "p.form-problem") == \
        "Elige el jugador que quieres unir con este."


def test_castle_rock_says_in_spanish_that_a_word_is_not_a_tile(client):
    url = client.post("/castle-rock/new", data={"mode": "table", "set": "6"}).headers["Location"]
    refused = client.post(url + "/move", data={"action": "draw", "tile": "nada"}, headers=SPANISH)
    assert refused.status_code == 422
    assert text(refused, "#error-move") == \
        "'nada' no es una ficha; escríbela así: 3|4 (varias: 3|4 5|6)."


@pytest.mark.parametrize("headers, said", [
    (SPANISH, "7|7 no está en un dominó doble 6."),
    (ENGLISH, "7|7 is not in a double-6 set."),
])
def test_castle_rock_refuses_a_tile_outside_the_set_in_the_phones_language(client, headers, said):
    url = client.post("/castle-rock/new", data={"mode": "table", "set": "6"}).headers["Location"]
    refused = client.post(url + "/move", data={"action": "draw", "tile": "7|7"}, headers=headers)
    assert refused.status_code == 422
    assert text(refused, "#error-move") == said


def test_the_game_tab_is_this_game_and_the_new_game_field_a_kind_of_game(app, client):
    # one English word, two Spanish ones: this game's settings tab ("Partida"), and the field
    # that picks which game is played ("Juego")
    game_id, _ = spanish_game(app, client)
    assert text(get(client, f"/games/{game_id}", SPANISH), "nav.tabs a[href$='/settings']") == "Partida"
    assert text(get(client, "/games/new", SPANISH), "label[for=game]") == "Juego"
