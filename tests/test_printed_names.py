"""Players named in Chinese, Japanese, Korean, Devanagari or Thai, or with an emoji, print their
names on the PDF score sheet and the season summary: the letters themselves, not empty boxes.

WeasyPrint draws a character no installed font has as an empty box (.notdef) and logs a warning
naming it; that warning is what these tests read, with the text poppler-utils extracts and the
fonts it lists. A missing font package fails them, as a missing poppler-utils does: `make test`'s
tests/system-packages installs them."""
from __future__ import annotations

import io
import logging
import re
import subprocess
from collections import OrderedDict

import pytest
from pypdf import PdfReader

from chickenyard.printing import pdf
from tests.sheet_helpers import hand_form, player_ids, start_game

NAMES = ("Nana 🐔", "李娜", "さくら", "민준", "प्रिया", "สมชาย")
FONTS = "fonts-noto-cjk fonts-noto-color-emoji fonts-noto-ui-core"


@pytest.fixture
def boxes(monkeypatch, caplog):
    """The characters drawn as empty boxes in the PDFs the test draws (none is taken from the PDFs
    kept from an earlier test, which would log nothing)."""
    monkeypatch.setattr(pdf, "_kept", OrderedDict())
    caplog.set_level(logging.WARNING, logger="weasyprint")

    def drawn_as_boxes() -> list[str]:
        return [chr(int(found.group(1), 16)) for record in caplog.records if record.name == "weasyprint"
                and (found := re.search(r"\.notdef glyph rendered .* \(U\+([0-9A-F]+)\)", record.getMessage()))]
    return drawn_as_boxes


def poppler(tool: str, data: bytes, tmp_path, *after) -> str:
    """What a poppler-utils tool prints about the PDF."""
    path = tmp_path / "printed.pdf"
    path.write_bytes(data)
    return subprocess.run([tool, str(path), *after], capture_output=True, text=True, check=True).stdout


def not_embedded(data: bytes, tmp_path) -> list[str]:
    """The fonts pdffonts lists as not embedded: a printer would draw those with a font of its own."""
    rows = poppler("pdffonts", data, tmp_path).splitlines()[2:]     # under the heading and its rule
    return [row for row in rows if row.split()[-5] != "yes"]        # emb sub uni object generation


def drawn_by_font(data: bytes) -> dict[str, str]:
    """Each font of the PDF's page, without its subset tag, and the characters it draws (its ToUnicode map)."""
    drawn: dict[str, str] = {}
    for font in PdfReader(io.BytesIO(data)).pages[0]["/Resources"]["/Font"].values():
        font = font.get_object()
        cmap = font["/ToUnicode"].get_object().get_data().decode()
        chars = "".join(bytes.fromhex(code).decode("utf-16-be")
                        for section in re.findall(r"beginbfchar(.*?)endbfchar", cmap, re.S)
                        for code in re.findall(r"<[0-9a-f]+> <([0-9a-f]+)>", section))
        name = str(font["/BaseFont"]).split("+")[-1]
        drawn[name] = drawn.get(name, "") + chars
    return drawn


def assert_printed(data: bytes, tmp_path, boxes):
    drawn_as_boxes = "".join(dict.fromkeys(boxes()))
    assert drawn_as_boxes == "", (f"drawn as empty boxes: {' '.join(drawn_as_boxes)}; the fonts for them "
                                  f"are missing: tests/system-packages installs them (as root), or run "
                                  f"`sudo apt-get install {FONTS}`")
    lines = [line.strip() for line in poppler("pdftotext", data, tmp_path, "-").splitlines()]
    assert [name for name in NAMES if name not in lines] == []
    assert not_embedded(data, tmp_path) == []
    assert len(PdfReader(io.BytesIO(data)).pages) == 1


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_sheet_prints_names_in_any_script_and_emoji_not_boxes(client, boxes, tmp_path, paper):
    game_id = start_game(client, players=NAMES)
    response = client.get(f"/games/{game_id}/sheet.pdf?paper={paper}")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert_printed(response.data, tmp_path, boxes)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_season_summary_prints_names_in_any_script_and_emoji_not_boxes(client, app, boxes, tmp_path, paper):
    game_id = start_game(client, players=NAMES, hands=1)
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"李娜": 12, "민준": 7}, went_out="Nana 🐔"))
    response = client.get(f"/players/season.pdf?paper={paper}")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert_printed(response.data, tmp_path, boxes)


def test_a_player_with_an_emoji_leaves_the_sheets_numbers_in_dejavu(client, app):
    """The emoji font, named in the stylesheet, would draw every digit too, as grey keycaps (WeasyPrint
    issue 2291): the scores and the hands' doubles stay in the sheet's own font."""
    game_id = start_game(client, players=NAMES)
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"李娜": 12, "민준": 7}, went_out="Nana 🐔"))
    drawn = drawn_by_font(client.get(f"/games/{game_id}/sheet.pdf").data)
    assert [font for font, chars in drawn.items() if "🐔" in chars and not font.startswith("DejaVu")]
    with_digits = sorted(font for font, chars in drawn.items() if re.search(r"[0-9]", chars))
    assert with_digits == ["DejaVu-Sans", "DejaVu-Sans-Bold"]


def test_a_name_no_font_has_is_seen_as_boxes(client, boxes):
    """The boxes the tests above look for can be seen: a character Unicode has not assigned is drawn
    as one, and named."""
    game_id = start_game(client, players=("Ann", "Bo\u0378"))
    assert client.get(f"/games/{game_id}/sheet.pdf").status_code == 200
    assert boxes() == ["\u0378"]
