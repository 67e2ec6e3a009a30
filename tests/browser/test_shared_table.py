"""Two phones at one table in Chromium: the scorekeeper and a watcher."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_score_sheet_flow import expect_totals, player_field, start_game

pytestmark = pytest.mark.browser


def share_links(page) -> dict[str, str]:
    page.get_by_role("link", name="Share").click()
    return {kind: page.locator(f"#link-{kind} code").inner_text() for kind in ("edit", "view")}


def test_a_watcher_sees_a_new_score_live_and_cannot_write(browser, live_server, artifacts):
    keeper = browser.new_context(viewport={"width": 360, "height": 780}).new_page()
    start_game(keeper, live_server)
    game_url = keeper.url
    links = share_links(keeper)
    keeper.screenshot(path=str(artifacts / "share-360.png"), full_page=True)
    view_path = re.sub(r"^https?://[^/]+", "", links["view"])

    watcher_context = browser.new_context(viewport={"width": 360, "height": 780})
    watcher = watcher_context.new_page()
    watcher.goto(live_server + view_path)
    watcher.wait_for_url(game_url)
    expect_totals(watcher, ["0", "0", "0", "0"])
    expect(watcher.get_by_role("button", name="Undo last change")).to_have_count(0)

    keeper.goto(game_url)
    keeper.get_by_role("link", name="Enter hand 1 (9|9)").click()
    player_field(keeper, "Bo").locator("input.points").fill("23")
    keeper.get_by_role("button", name="Save hand 1").click()
    keeper.wait_for_url(game_url)

    # the watcher's sheet updates by itself, within 3 seconds
    expect_totals(watcher, ["0", "23", "0", "0"], timeout=3000)

    # a write from the view link is refused
    token = watcher.locator("meta[name=csrf-token]").get_attribute("content")
    game_id = game_url.rsplit("/", 1)[1]
    response = watcher_context.request.post(f"{live_server}/games/{game_id}/hands/1",
                                            form={"csrf_token": token, "went_out": ""})
    assert response.status == 403
    response = watcher_context.request.post(f"{live_server}/games/{game_id}/undo", form={"csrf_token": token})
    assert response.status == 403
    watcher.reload()
    expect_totals(watcher, ["0", "23", "0", "0"])


def test_a_stale_form_shows_both_values_to_choose(browser, live_server):
    first = browser.new_context(viewport={"width": 360, "height": 780}).new_page()
    start_game(first, live_server)
    game_url = first.url
    edit_path = re.sub(r"^https?://[^/]+", "", share_links(first)["edit"])
    second = browser.new_context(viewport={"width": 360, "height": 780}).new_page()
    second.goto(live_server + edit_path)
    second.wait_for_url(game_url)

    first.goto(game_url + "/hands/1")
    second.goto(game_url + "/hands/1")
    player_field(second, "Cy").locator("input.points").fill("30")
    second.get_by_role("button", name="Save hand 1").click()
    second.wait_for_url(game_url)

    player_field(first, "Cy").locator("input.points").fill("3")
    first.get_by_role("button", name="Save hand 1").click()
    first.get_by_text("This hand was saved since you opened it").wait_for()
    cy = player_field(first, "Cy")
    expect(cy.locator(".conflict")).to_contain_text("30")
    expect(cy.locator(".conflict")).to_contain_text("3")
    cy.get_by_label(re.compile("Saved on the other phone")).check()
    first.get_by_role("button", name="Save hand 1").click()
    first.wait_for_url(game_url)
    first.locator("#sheet").wait_for()
    expect_totals(first, ["0", "0", "30", "0"])


def test_a_watch_phone_follows_the_table_to_the_game_play_again_starts(browser, live_server, artifacts):
    keeper = browser.new_context(viewport={"width": 360, "height": 800}).new_page()
    keeper.goto(live_server + "/games/new")
    keeper.get_by_label("Classic", exact=False).first.check()
    for i, name in enumerate(("Ann", "Bo", "Cy")):
        keeper.locator("input[name=player]").nth(i).fill(name)
    keeper.locator("#hands").fill("1")
    keeper.get_by_role("button", name="Start the game").click()
    keeper.wait_for_url(re.compile(r"/games/\d+$"))
    finished_url = keeper.url
    keeper.get_by_role("link", name="Share").click()
    code = keeper.locator(".watch-code strong").inner_text()

    # the watch phone types the code read out at the table
    watcher = browser.new_context(viewport={"width": 360, "height": 800}).new_page()
    watcher.goto(live_server + "/")
    watcher.get_by_label("Watch a game: type its code").fill(code)
    watcher.get_by_role("button", name="Watch").click()
    watcher.wait_for_url(finished_url)

    keeper.goto(finished_url)
    keeper.get_by_role("link", name=re.compile(r"Enter hand 1")).click()
    player_field(keeper, "Ann").locator("input.points").fill("10")
    player_field(keeper, "Bo").locator("input.points").fill("25")
    keeper.locator(".went-out").get_by_label("Cy").check()
    keeper.get_by_role("button", name="Save hand 1").click()
    keeper.wait_for_url(finished_url)
    expect(watcher.locator("p.winner")).to_contain_text("Winner: Cy")

    keeper.get_by_role("button", name="Play again: same players and rules").click()
    keeper.wait_for_url(re.compile(r"/games/\d+$"))
    new_url = keeper.url
    assert new_url != finished_url

    # the watch phone goes on to the new game by itself, still only watching
    expect(watcher).to_have_url(new_url)
    expect(watcher.locator("tfoot td")).to_have_text(["0", "0", "0"])
    expect(watcher.locator("p.legend")).to_contain_text("This phone watches the sheet")
    expect(watcher.get_by_role("button", name=re.compile("Undo"))).to_have_count(0)
    watcher.screenshot(path=str(artifacts / "watch-follows-play-again-360.png"), full_page=True)
    # the finished game, opened again later, stays put and offers the way on
    watcher.goto(finished_url)
    expect(watcher.get_by_role("link", name="Go to the new game")).to_be_visible()
    watcher.screenshot(path=str(artifacts / "finished-game-way-on-360.png"), full_page=True)
    watcher.get_by_role("link", name="Go to the new game").click()
    expect(watcher).to_have_url(new_url)
