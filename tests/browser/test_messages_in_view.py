"""A form refused on the Game tab or a player's page, on a 360 px phone: the page comes back with its
message in view and focused, not a screen below where the page starts."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_score_sheet_flow import start_game

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 780}


@pytest.fixture
def game_tab(browser, live_server):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    start_game(page, live_server)
    page.get_by_role("link", name="Game", exact=True).click()
    page.wait_for_url(re.compile(r"/settings$"))
    yield page
    context.close()


def test_delete_without_the_tick_brings_its_message_into_view(game_tab, artifacts):
    game_tab.get_by_role("button", name="Delete this game").click()
    message = game_tab.locator("#error-delete")
    expect(message).to_contain_text("Tick the box")
    expect(message).to_be_in_viewport()
    expect(message).to_be_focused()
    game_tab.screenshot(path=str(artifacts / "game-tab-delete-refused-360.png"))


def test_a_late_player_without_a_name_brings_its_message_into_view(game_tab):
    game_tab.get_by_role("button", name="Add to the table").click()
    message = game_tab.locator("#error-player")
    expect(message).to_be_visible()
    expect(message).to_be_in_viewport()
    expect(message).to_be_focused()


def test_a_merge_refused_on_a_players_page_brings_its_message_into_view(game_tab, artifacts):
    game_tab.get_by_role("link", name="Rename or merge Ann").click()
    game_tab.wait_for_url(re.compile(r"/players/\d+"))
    game_tab.evaluate("window.scrollTo(0, 0)")
    game_tab.on("dialog", lambda dialog: dialog.accept())
    game_tab.get_by_role("button", name="Merge into Ann").click()      # no player chosen
    message = game_tab.locator("#people-problem")
    expect(message).to_contain_text("Choose the player to merge")
    expect(message).to_be_in_viewport()
    expect(message).to_be_focused()
    game_tab.screenshot(path=str(artifacts / "player-merge-refused-360.png"))
