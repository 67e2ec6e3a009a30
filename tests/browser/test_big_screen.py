"""The big screen on a TV, which cannot scroll: from 1280x720 to 3840x2160, with 2 to 10 players,
every player's standing and tonight's table are on the screen at once."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_players import imported_game, season_on

pytestmark = pytest.mark.browser

NAMES = ("Maximilian", "Bartholomew", "Christabel", "Di", "Evangeline", "Florentino", "Gus", "Hal", "Ivy", "Jo")
SCREENS = [(1280, 720), (1920, 1080), (3840, 2160)]


def open_game(page, base, players: int, between_hands: bool = True) -> str:
    """Tonight's earlier games, and a game of `players` with hand 1 in (and hand 2 not begun, the
    moment the big screen shows tonight's table too)."""
    page.goto(base + "/")
    season_on(page, base)
    names = NAMES[:players]
    first = [0] + [12 + 9 * i for i in range(1, players)]
    hands = [first] if between_hands else [first, [5] * (players - 1) + [None]]
    doc = imported_game(names, [tuple(h) for h in hands], hands_count=3)
    if not between_hands:      # hand 2 begun: one player's score still to come
        doc["hands"][1]["entries"] = [e for e in doc["hands"][1]["entries"] if e["points"] is not None]
    response = page.request.post(base + "/games/import", data=doc)
    assert response.status == 201, response.text()
    return base + response.json()["url"] + "/tv"


def outside(page, selector: str) -> list[str]:
    """The elements matched that reach past the edges of the screen."""
    return page.eval_on_selector_all(selector, """els => els.filter(el => {
        const r = el.getBoundingClientRect();
        return r.width === 0 || r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight;
    }).map(el => el.textContent.trim().slice(0, 40))""")


def no_scrolling(page) -> bool:
    return page.evaluate("""document.documentElement.scrollHeight <= innerHeight
                            && document.documentElement.scrollWidth <= innerWidth""")


@pytest.mark.parametrize("players", [2, 4, 10])
@pytest.mark.parametrize("width, height", SCREENS)
def test_every_player_and_tonights_table_fit_the_tv(browser, live_server, artifacts, width, height, players):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(open_game(page, live_server, players))
    standings = page.locator("ol.standings > li")
    expect(standings).to_have_count(players)
    tonight = page.get_by_role("region", name="Tonight at this table")
    expect(tonight).to_be_visible()
    expect(tonight.locator("tbody tr")).to_have_count(min(10, len(set(NAMES[:players]) | {"Ann", "Bo", "Cy", "Di"})))
    assert no_scrolling(page)
    assert outside(page, "ol.standings > li") == []
    assert outside(page, "ol.standings .name, ol.standings .score") == []
    assert outside(page, ".tonight, .tonight h2, .tonight tbody tr") == []
    assert outside(page, ".tv-board h1, .tv-board .draw, .tv-foot .live-status, .tv-foot [role=switch]") == []
    page.screenshot(path=str(artifacts / f"tv-{width}x{height}-{players}.png"))
    context.close()


@pytest.mark.parametrize("width, height", [(1280, 720), (1920, 1080)])
def test_during_a_hand_the_standings_take_the_whole_screen(browser, live_server, artifacts, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(open_game(page, live_server, 10, between_hands=False))
    expect(page.locator("ol.standings > li")).to_have_count(10)
    expect(page.get_by_role("region", name="Tonight at this table")).to_have_count(0)
    assert no_scrolling(page)
    assert outside(page, "ol.standings > li, ol.standings .name, ol.standings .score") == []
    page.screenshot(path=str(artifacts / f"tv-{width}x{height}-10-playing.png"))
    context.close()


def test_a_finished_game_names_its_winner_beside_tonights_table(browser, live_server, artifacts):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(live_server + "/")
    season_on(page, live_server)
    doc = imported_game(NAMES, [tuple([0] + [12 + 9 * i for i in range(1, 10)])], hands_count=1)
    response = page.request.post(live_server + "/games/import", data=doc)
    page.goto(live_server + response.json()["url"] + "/tv")
    expect(page.locator(".tv-board h1")).to_have_text("Winner: Maximilian")
    expect(page.get_by_role("region", name="Tonight at this table")).to_be_visible()
    assert no_scrolling(page)
    assert outside(page, "ol.standings > li, .tonight, .tonight tbody tr, .tv-board h1") == []
    page.screenshot(path=str(artifacts / "tv-1280x720-10-finished.png"))
    context.close()
