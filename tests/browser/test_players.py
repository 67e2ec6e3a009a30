"""The people who play, in Chromium at 360 px: picking known players, the season page and its chart."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 780}


def new_game(page, base, names, game="chickenfoot"):
    page.goto(base + "/games/new")
    page.locator("#game").select_option(game)
    inputs = page.locator("input[name=player]")
    for i, name in enumerate(names):
        if i == 4:
            page.get_by_text("More players").click()
        inputs.nth(i).fill(name)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+$"))


def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("js", [True, False])
def test_known_players_are_tapped_into_seats_in_order(browser, live_server, artifacts, js):
    context = browser.new_context(viewport=PHONE, java_script_enabled=js)
    page = context.new_page()
    new_game(page, live_server, ["Ann", "Bo", "Cy"])
    page.goto(live_server + "/games/new")
    known = page.get_by_role("group", name="Players who have played here")
    for name in ("Cy", "Ann"):
        known.get_by_role("button", name=name).click()
    seats = page.locator("input[name=player]")
    assert [seats.nth(i).input_value() for i in range(3)] == ["Cy", "Ann", ""]
    assert known.get_by_role("button", name="Cy").get_attribute("aria-pressed") == "true"
    assert known.get_by_role("button", name="Bo").get_attribute("aria-pressed") == "false"
    seats.nth(2).fill("Eve")
    no_sideways_scroll(page)
    page.screenshot(path=str(artifacts / f"new-game-known-players-{'js' if js else 'nojs'}.png"), full_page=False)
    seats.nth(2).press("Enter")            # Enter starts the game, it does not pick a player
    page.wait_for_url(re.compile(r"/games/\d+$"))
    assert page.locator("thead th[scope=col]").all_inner_texts()[1:] == ["Cy", "Ann", "Eve"]
    context.close()


def imported_game(players, hands, hands_count=4):
    """A finished game as a saved file: hands of points, the first named player going out each time."""
    entries = []
    for number, scores in enumerate(hands, start=1):
        entries.append({"double": 10 - number, "entries": [
            {"player": name, "points": points, **({"went_out": True} if points == 0 else {})}
            for name, points in zip(players, scores)]})
    return {"format": "chickenyard/game-v1", "game": "chickenfoot", "preset": "classic", "set": 9,
            "house_rules": {"hands": hands_count}, "players": list(players), "hands": entries}


SEASON = [
    (("Ann", "Bo", "Cy", "Di"), [(0, 12, 30, 8), (14, 0, 22, 9), (3, 17, 0, 25), (11, 6, 19, 0)]),
    (("Bo", "Ann", "Cy"), [(0, 25, 10), (7, 0, 31), (0, 9, 14), (12, 20, 0)]),
    (("Di", "Ann", "Bo", "Cy"), [(0, 40, 12, 7), (18, 0, 9, 22), (5, 11, 0, 16), (0, 8, 13, 4)]),
    (("Ann", "Cy", "Di"), [(0, 15, 28), (6, 0, 12), (9, 21, 0), (0, 33, 17)]),
]


def season_on(page, base):
    for players, hands in SEASON:
        response = page.request.post(base + "/games/import", data=imported_game(players, hands))
        assert response.status == 201, response.text()


def test_the_season_page_and_a_players_page_at_360px(browser, live_server, artifacts):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(live_server + "/")
    season_on(page, live_server)
    page.goto(live_server + "/")
    page.get_by_role("link", name="Players and their statistics").click()
    page.wait_for_url(re.compile(r"/players$"))
    chart = page.locator("svg.season-chart")
    box = chart.bounding_box()
    assert box and 300 <= box["width"] <= 360 and box["height"] > 120
    expect(chart.locator("polyline")).to_have_count(4)
    expect(page.get_by_role("img", name=re.compile("Running average"))).to_be_visible()
    first = page.locator(".stat-card").first
    expect(first.locator("h3 a")).to_have_text("Ann")
    expect(first).to_contain_text("2 wins")
    no_sideways_scroll(page)
    page.screenshot(path=str(artifacts / "players-360.png"), full_page=True)

    page.locator("#a").select_option(label="Ann")
    page.locator("#b").select_option(label="Cy")
    page.get_by_role("button", name="Compare").click()
    expect(page.locator("#h2h")).to_contain_text("played 4 games together")
    no_sideways_scroll(page)

    page.locator(".stat-card h3 a", has_text="Ann").click()
    page.wait_for_url(re.compile(r"/players/\d+"))
    expect(page.locator("svg.season-chart polyline")).to_have_count(1)
    page.get_by_label("New name, shown on every game Ann played").fill("Ann Marie")
    page.get_by_role("button", name="Rename").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Ann Marie")
    expect(page.locator(".flashes")).to_contain_text("Ann is now Ann Marie on every game")
    no_sideways_scroll(page)
    page.screenshot(path=str(artifacts / "player-360.png"), full_page=True)
    context.close()


def test_who_starts_on_the_current_row_with_the_rule_on_tap(browser, live_server, artifacts):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    new_game(page, live_server, ["Ann", "Bo", "Cy", "Di", "Eve", "Flo", "Gus"], game="mexican-train")
    row = page.locator("tr.starter-row")
    expect(row.locator(".starter-says")).to_have_text("Ann starts")
    quote = row.locator("blockquote")
    expect(quote).to_be_hidden()
    row.get_by_text("Ann starts").click()
    expect(quote).to_be_visible()
    expect(quote).to_contain_text("rotate the starter of each round in clockwise order")
    page.get_by_label("Who starts the first round?").select_option(label="Cy")
    page.get_by_role("button", name="Designate").click()
    expect(page.locator("tr.starter-row .starter-says")).to_have_text("Cy starts")
    page.locator("tr.starter-row summary").click()
    no_sideways_scroll(page)
    page.screenshot(path=str(artifacts / "sheet-who-starts-360.png"), full_page=True)
    context.close()


def test_the_draw_count_is_on_the_current_row_beside_who_starts(browser, live_server, artifacts):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    new_game(page, live_server, ["Ann", "Bo", "Cy", "Di"])
    row = page.locator("tr.starter-row")
    expect(row.locator(".starter-says")).to_have_text("Whoever holds 9|9 starts")
    expect(row.locator(".draw-count")).to_have_text("11 tiles each")   # classic, double-9, 4 players
    page.get_by_role("link", name="Game", exact=True).click()
    page.get_by_label("Name").last.fill("Eve")
    page.get_by_role("button", name="Add to the table").click()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    expect(page.locator("tr.starter-row .draw-count")).to_have_text("8 tiles each")   # now 5 at the table
    no_sideways_scroll(page)
    page.screenshot(path=str(artifacts / "sheet-draw-count-360.png"), full_page=False)
    context.close()


@pytest.mark.parametrize("width", [360, 1280])
def test_the_big_screen_shows_tonights_standings_between_hands(browser, live_server, artifacts, width):
    context = browser.new_context(viewport={"width": width, "height": 800 if width > 400 else 780})
    page = context.new_page()
    page.goto(live_server + "/")
    season_on(page, live_server)
    open_game = imported_game(("Ann", "Bo", "Cy"), [(0, 9, 14)], hands_count=3)
    response = page.request.post(live_server + "/games/import", data=open_game)
    page.goto(live_server + response.json()["url"] + "/tv")
    tonight = page.get_by_role("region", name="Tonight at this table")
    rows = tonight.locator("tbody tr")
    expect(rows).to_have_count(4)
    expect(rows.first.locator("th")).to_have_text("Ann")
    no_sideways_scroll(page)
    page.screenshot(path=str(artifacts / f"tv-tonight-{width}.png"), full_page=True)
    context.close()
