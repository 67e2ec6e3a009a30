"""Printed score sheets: blank and filled, Letter and A4, one page each, as PDF."""
from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from tests.elements import by_role, element, elements, text
from tests.sheet_helpers import hand_form, player_ids, start_game, totals_row

SIZES = {"letter": (612, 792), "a4": (595, 842)}
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"]


def pdf_facts(data: bytes):
    reader = PdfReader(io.BytesIO(data))
    box = reader.pages[0].mediabox
    text = "\n".join(page.extract_text() for page in reader.pages)
    return len(reader.pages), (round(float(box.width)), round(float(box.height))), text


def expected_size(paper, landscape):
    w, h = SIZES[paper]
    return (h, w) if landscape else (w, h)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("players", [2, 6, 10])
@pytest.mark.parametrize("set_size", [9, 15])
def test_blank_sheet_pdf_is_one_page_with_names_and_doubles(client, paper, players, set_size):
    names = "&".join(f"name={n}" for n in NAMES[:players - 1])   # one column left blank
    response = client.get(f"/print/sheet.pdf?preset=classic&set={set_size}&players={players}&paper={paper}&{names}")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    pages, size, text = pdf_facts(response.data)
    assert pages == 1
    assert size in (expected_size(paper, False), expected_size(paper, True))
    for name in NAMES[:players - 1]:
        assert name in text
    for double in range(set_size + 1):
        assert f"{double}|{double}" in text
    assert "Total" in text and "Classic rules" in text and "Tiles each" in text


def test_landscape_is_chosen_when_it_helps_and_fits(client):
    _, size, _ = pdf_facts(client.get("/print/sheet.pdf?preset=classic&set=9&players=10&paper=a4").data)
    assert size == (842, 595)
    _, size, _ = pdf_facts(client.get("/print/sheet.pdf?preset=classic&set=15&players=10&paper=a4").data)
    assert size == (595, 842)   # 16 hands need the long side for 9 mm boxes
    bad = client.get("/print/sheet.pdf?preset=classic&set=15&players=10&paper=a4&orientation=landscape")
    assert bad.status_code == 422 and "do not fit" in bad.get_data(as_text=True)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("players", [2, 6, 10])
def test_filled_sheet_pdf_has_scores_totals_and_winner(client, app, paper, players):
    game_id = start_game(client, players=NAMES[:players], hands=2 if players == 2 else "")
    ids = player_ids(app, game_id)
    points = {name: 10 + i for i, name in enumerate(NAMES[1:players], start=1)}
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, points, went_out="Ann"))
    if players == 2:
        client.post(f"/games/{game_id}/hands/2", data=hand_form(ids, {"Ann": 7}, went_out="Bo"))
    response = client.get(f"/games/{game_id}/sheet.pdf?paper={paper}")
    pages, size, text = pdf_facts(response.data)
    assert pages == 1 and size in (expected_size(paper, False), expected_size(paper, True))
    for name in NAMES[:players]:
        assert name in text
    assert "9|9" in text and "Total" in text
    assert "11" in text     # Bo's 11 in hand 1
    if players == 2:
        assert "Winner: Ann" in text and "finished" in text
    else:
        assert "in progress" in text and "0|0" in text


def test_print_view_has_a_print_button_and_no_inline_style(client, app):
    game_id = start_game(client)
    page = client.get(f"/games/{game_id}/print?paper=a4").get_data(as_text=True)
    assert element(page, "button[data-print]")
    assert elements(page, "[style]") == [] and [s for s in elements(page, "script") if not s.get("src")] == []
    css = client.get(f"/games/{game_id}/print.css?paper=a4").get_data(as_text=True)
    assert "@page { size: 210.0mm 297.0mm" in css and re.search(r"height: (9|1\d)\.?\d*mm", css)
    sheet = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert by_role(sheet, "link", "Print")["href"] == f"/games/{game_id}/print"
    assert by_role(sheet, "link", "PDF (A4)")["href"] == f"/games/{game_id}/sheet.pdf"


def test_blank_form_explains_mistakes_and_keeps_them(client):
    assert "Print a blank score sheet" in client.get("/print").get_data(as_text=True)
    response = client.get("/print/sheet?preset=family&set=9&players=9&paper=a4&name=Zed")
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and "seat 2 to 6 players" in text(page, "#error-players")
    assert [field.get("value", "") for field in elements(page, 'input[name="name"]')][0] == "Zed"
    assert client.get("/print/sheet?preset=nope").status_code == 422
    assert client.get("/print/sheet?preset=classic&set=9&players=4&paper=legal").status_code == 422


def test_mexican_train_sheets_print_too(client, app):
    response = client.get("/print/sheet.pdf?game=mexican-train&set=15&players=6&paper=letter")
    pages, size, text = pdf_facts(response.data)
    assert pages == 1 and "Mexican Train" in text and "15|15" in text and "0|0" in text
    game_id = start_game(client, players=("Ann", "Bo", "Cy"), preset="", set_size=15, game="mexican-train")
    pages, _, text = pdf_facts(client.get(f"/games/{game_id}/sheet.pdf").data)
    assert pages == 1 and "Mexican Train" in text and "Ann" in text


def test_super_15_sheets_tick_the_winner_of_each_round(client, app):
    response = client.get("/print/sheet.pdf?game=super-15&set=15&players=4&paper=a4")
    pages, size, text = pdf_facts(response.data)
    text = " ".join(text.split())
    assert pages == 1 and "Super 15" in text and "Round" in text and text.count("any double") == 5
    assert "tick the winner of each round" in text and "Rounds won" in text and "0|0" not in text
    game_id = start_game(client, players=("Ann", "Bo", "Cy"), preset="", set_size=15, game="super-15", hands=2)
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, went_out="Bo"))
    page = client.get(f"/games/{game_id}/print").get_data(as_text=True)
    rows = re.findall(r'<tr class="(hand|subtotal|total)">(.*?)</tr>', page, re.S)
    cells = [re.findall(r'<td class="box">(.*?)</td>', body) for _, body in rows]
    assert cells[0] == ["", "✓ won", ""] and cells[1] == ["", "", ""]    # round 2 still to play
    assert cells[-1] == ["0", "1", "0"]                                  # the tally so far, to go on in pencil
    client.post(f"/games/{game_id}/hands/2", data=hand_form(ids, went_out="Bo"))
    pages, _, text = pdf_facts(client.get(f"/games/{game_id}/sheet.pdf").data)
    assert pages == 1 and "Winner: Bo" in text and text.count("won") >= 3
    page = client.get(f"/games/{game_id}/print").get_data(as_text=True)
    total = re.findall(r'<tr class="total">(.*?)</tr>', page, re.S)[0]
    assert re.findall(r'<td class="box">(.*?)</td>', total) == ["0", "2", "0"]


def test_a_game_in_progress_prints_its_totals_so_far(client, app):
    game_id = start_game(client, players=("Ann", "Bo", "Cy"))
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 12, "Bo": 30}, went_out="Cy"))
    client.post(f"/games/{game_id}/hands/2", data=hand_form(ids, {"Ann": 5}))      # partly entered
    page = client.get(f"/games/{game_id}/print").get_data(as_text=True)
    total = re.findall(r'<tr class="total">(.*?)</tr>', page, re.S)[0]
    assert re.findall(r'<td class="box">(.*?)</td>', total) == ["17", "30", "0"]


def test_a_game_prints_on_a4_as_this_phone_chose_and_downloads_under_its_name(client, app):
    game_id = start_game(client, players=("Ann", "Bo", "Cy"))
    client.post(f"/games/{game_id}/name", data={"name": "Grandma's birthday"})
    view = client.get(f"/games/{game_id}/print").get_data(as_text=True)
    assert text(view, 'a[aria-current="true"]') == "Letter"
    assert by_role(view, "link", "A4")["href"].startswith(f"/games/{game_id}/print?paper=a4")
    chosen = client.get(f"/games/{game_id}/print?paper=a4")
    assert "paper=a4" in chosen.headers["Set-Cookie"]
    assert text(chosen, 'a[aria-current="true"]') == "A4"
    # the choice is remembered: the sheet's PDF, without asking again, is A4
    assert by_role(client.get(f"/games/{game_id}"), "link", "PDF (A4)")["href"] == f"/games/{game_id}/sheet.pdf"
    pdf = client.get(f"/games/{game_id}/sheet.pdf")
    _, size, _ = pdf_facts(pdf.data)
    assert size in (expected_size("a4", False), expected_size("a4", True))
    disposition = pdf.headers["Content-Disposition"]
    assert disposition.startswith("attachment;") and 'filename="grandma-s-birthday-' in disposition
    assert disposition.endswith('-a4.pdf"')
    # a game without a name is named after its players
    other = start_game(client, players=("Ann", "Bo", "Cy"))
    assert 'filename="ann-bo-cy-' in client.get(f"/games/{other}/sheet.pdf").headers["Content-Disposition"]


def test_a_late_player_prints_with_their_starting_total_and_a_leaver_with_no_boxes_after(client, app):
    game_id = start_game(client, players=("Ann", "Bo", "Cy"), hands=3)
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 12, "Bo": 30}, went_out="Cy"))
    client.post(f"/games/{game_id}/players", data={"player": "Di", "start": "highest"})    # at 30
    client.post(f"/games/{game_id}/players/leave", data={"leaving": str(ids["Bo"]), "sure": "yes"})
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/2", data=hand_form(ids, {"Ann": 4, "Di": 2}, went_out="Cy"))
    page = client.get(f"/games/{game_id}/print").get_data(as_text=True)
    rows = re.findall(r'<tr class="hand">(.*?)</tr>', page, re.S)
    cells = lambda row: re.findall(r'<td class="box( away)?"[^>]*>(.*?)</td>', row)
    # Di not yet there: the box says what Di starts at
    assert cells(rows[0]) == [("", "12"), ("", "30"), ("", "0"), (" away", '<span class="start">starts at 30</span>')]
    assert cells(rows[1]) == [("", "4"), (" away", "–"), ("", "0"), ("", "2")]       # Bo gone
    total = re.findall(r'<tr class="total">(.*?)</tr>', page, re.S)[0]
    # the same totals as the sheet: Di's 2 on top of the 30 they started at
    assert re.findall(r'<td class="box">(.*?)</td>', total) == ["16", "30", "0", "32"]
    assert totals_row(client.get(f"/games/{game_id}").get_data(as_text=True)) == ["16", "30", "0", "32"]
    pages, _, text = pdf_facts(client.get(f"/games/{game_id}/sheet.pdf").data)
    assert pages == 1 and "32" in text


@pytest.mark.parametrize("languages, paper", [
    ("en-GB,en;q=0.8", "a4"), ("de-DE,de;q=0.9", "a4"), ("fr", "a4"), ("es-ES", "a4"), ("es", "a4"),
    ("en-US,en;q=0.9", "letter"), ("en-CA", "letter"), ("es-MX,es;q=0.9", "letter"), ("fil-PH", "letter"),
    ("es-CO", "letter"), ("en", "letter"), ("zh-Hans-CN", "a4"), ("pt-BR", "a4"), ("en-GB;q=0.5,en-US", "letter"),
])
def test_before_any_choice_the_paper_follows_the_phones_language_region(client, languages, paper):
    client.set_cookie("language", "en")      # the page's words in English, whatever the phone reads
    game_id = start_game(client, players=("Ann", "Bo", "Cy"))
    asked = {"Accept-Language": languages}
    label = "A4" if paper == "a4" else "Letter"
    assert by_role(client.get(f"/games/{game_id}", headers=asked), "link", f"PDF ({label})")
    view = client.get(f"/games/{game_id}/print", headers=asked).get_data(as_text=True)
    assert text(view, 'a[aria-current="true"]') == label
    _, size, _ = pdf_facts(client.get(f"/games/{game_id}/sheet.pdf", headers=asked).data)
    assert size in (expected_size(paper, False), expected_size(paper, True))
    form = client.get("/print", headers=asked).get_data(as_text=True)
    assert re.search(rf'<option value="{paper}" selected>', form)


def test_a_paper_chosen_wins_over_the_language_region(client):
    game_id = start_game(client, players=("Ann", "Bo", "Cy"))
    british = {"Accept-Language": "en-GB"}
    client.get(f"/games/{game_id}/print?paper=letter", headers=british)       # chosen: kept in a cookie
    assert by_role(client.get(f"/games/{game_id}", headers=british), "link", "PDF (Letter)")
    _, size, _ = pdf_facts(client.get("/print/sheet.pdf?preset=classic&set=9&players=4", headers=british).data)
    assert size in (expected_size("letter", False), expected_size("letter", True))
