"""Every page of Chickenyard checked by axe-core in Chromium, at 360 px and 1280 px: no serious or
critical violation."""
from __future__ import annotations

import re

import pytest

from tests.browser.axe import serious_violations
from tests.browser.test_score_sheet_flow import player_field, save_hand, start_game

pytestmark = pytest.mark.browser


def start(page, base, game: str) -> str:
    page.goto(base + "/games/new")
    page.locator("#game").select_option(game)
    names = page.locator("input[name=player]")
    for i, name in enumerate(["Ann", "Bo", "Cy"]):
        names.nth(i).fill(name)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    return page.url


def every_page(page, base) -> dict[str, callable]:
    """Each page of the app, as a step that brings the browser to it (in this order)."""
    game = {}

    def sheet_with_a_hand():
        start_game(page, base)
        game["url"] = page.url
        page.get_by_role("link", name="Enter hand 1 (9|9)").click()
        for name, points in (("Ann", "12"), ("Bo", "30"), ("Cy", "7")):
            player_field(page, name).locator("input.points").fill(points)
        page.locator(".went-out").get_by_label("Di").check()
        save_hand(page, 1)

    def hand_with_the_picker_open():
        page.goto(game["url"] + "/hands/2")
        player_field(page, "Ann").locator("summary").click()

    def a_mistake_on_the_hand_page():
        player_field(page, "Bo").locator("input.points").fill("x")
        page.get_by_role("button", name="Save hand 2").click()
        page.locator(".field-error").first.wait_for()

    def photo_review():
        pytest.importorskip("cv2")
        from tests.vision.synthetic import photo_of
        page.goto(game["url"] + "/hands/2")
        player_field(page, "Ann").get_by_role("button", name="Count from a photo").click()
        page.wait_for_url(re.compile(r"/photo$"))
        page.locator("input[type=file]").set_input_files(
            files=[{"name": "tiles.jpg", "mimeType": "image/jpeg",
                    "buffer": photo_of([((0, 0), (300, 300), 20), ((3, 4), (650, 350), 100)], seed=11)}])
        page.get_by_role("button", name="Count the pips").click()
        page.wait_for_url(re.compile(r"/photos/\d+$"))

    return {
        "home (empty)": lambda: page.goto(base + "/"),
        "new game": lambda: page.goto(base + "/games/new"),
        "sheet": sheet_with_a_hand,
        "hand": hand_with_the_picker_open,
        "hand with a mistake": a_mistake_on_the_hand_page,
        "photo upload": lambda: page.goto(game["url"] + "/hands/2/players/1/photo"),
        "photo review": photo_review,
        "referee": lambda: page.goto(game["url"] + "/referee"),
        "history": lambda: page.goto(game["url"] + "/history"),
        "share": lambda: page.goto(game["url"] + "/share"),
        "this game (name, players, delete)": lambda: page.goto(game["url"] + "/settings"),
        "players": lambda: page.goto(base + "/players"),
        "a player": lambda: (page.goto(base + "/players"), page.locator("main a[href*='/players/']").first.click(),
                             page.wait_for_load_state()),
        "big screen": lambda: page.goto(game["url"] + "/tv"),
        "printed sheet of the game": lambda: page.goto(game["url"] + "/print"),
        "home with a game": lambda: page.goto(base + "/"),
        "print form": lambda: page.goto(base + "/print"),
        "blank printed sheet": lambda: page.goto(base + "/print/sheet"),
        "draw guide": lambda: page.goto(base + "/referee"),
        "import": lambda: page.goto(base + "/games/import"),
        "castle rock": lambda: page.goto(base + "/castle-rock"),
        "castle rock game": lambda: (page.goto(base + "/castle-rock"),
                                     page.get_by_role("button", name="Practice on screen").click(),
                                     page.locator("#castle-rock").wait_for()),
        "mexican train sheet": lambda: start(page, base, "mexican-train"),
        "super 15 sheet": lambda: start(page, base, "super-15"),
        "super 15 round": lambda: page.get_by_role("link", name="Enter round 1").click(),
        "mexican train round": lambda: (start(page, base, "mexican-train"),
                                        page.get_by_role("link", name="Enter round 1").click(),
                                        page.locator("fieldset.player-entry summary").first.click(),
                                        page.locator("details.suit summary").first.click()),
        "not found": lambda: page.goto(base + "/games/999"),
    }


@pytest.mark.parametrize("width", [360, 1280])
def test_no_serious_accessibility_violation_on_any_page(browser, live_server, width):
    page = browser.new_context(viewport={"width": width, "height": 800}).new_page()
    found = {}
    for name, go in every_page(page, live_server).items():
        go()
        page.wait_for_load_state()
        problems = serious_violations(page)
        if problems:
            found[name] = problems
    assert found == {}
