"""The Referee tab, the draw guide, and the referee's warnings on the sheet."""
from __future__ import annotations

from tests.elements import by_id, error_said, element, elements, has_id, own_text, text, text_of, texts
from tests.sheet_helpers import hand_form, player_ids, start_game
from tests.test_super15_sheet import warnings_listed

HX = {"HX-Request": "true"}


def draw_answer(page) -> list[str]:
    """The referee's answer to "how many tiles each?", line by line: the count, then how the tiles fall."""
    return texts(page, ".draw-answer > p")


def this_hand(page):
    """The card about the hand being played: its heading, its starting double, who sets it."""
    return next(h.find_parent("section") for h in elements(page, "section.card > h2")
                if text_of(h).startswith(("This hand", "This round")))


def ruling(page, term):
    """The referee's ruling on one rule: the <dd> after the rule list's <dt> term."""
    for rule in elements(page, "dl.rule-list > dt"):
        if text_of(rule) == term:
            return rule.find_next_sibling("dd")
    raise AssertionError(f"no rule {term!r} in the list: {texts(page, 'dl.rule-list > dt')}")


def test_referee_tab_shows_draw_count_current_double_and_sources(client):
    game_id = start_game(client, players=("Ann", "Bo", "Cy", "Di", "Ed", "Flo"))
    page = client.get(f"/games/{game_id}/referee").get_data(as_text=True)
    count, fall = draw_answer(page)[:2]
    assert count == "7 tiles each" and fall == "6 players × 7 = 42 tiles in hands; 13 stay in the chicken yard."
    hand = this_hand(page)
    assert texts(hand, "p")[0] == "The hand starts with 9|9. The player holding it plays it first."
    assert "everyone draws one until it appears" in texts(hand, "p")[1]
    assert text(ruling(page, "Plays on the starting double"), "cite") == "chickenfoot-classic-rules.txt"
    assert "The next six dominoes played" in text(ruling(page, "Plays on the starting double"), "blockquote")
    statistics = by_id(page, "statistics")
    assert text(statistics, "p.muted").startswith("300 hands played at random")
    assert texts(statistics, "li > strong")[1].endswith("%")
    assert texts(statistics, "li")[1].startswith("Nobody goes out (a stalemate: nobody can play, nothing left to draw): ")


def test_referee_tab_marks_a_suggested_count(client):
    game_id = start_game(client, players=("Ann", "Bo", "Cy", "Di", "Ed"), preset="set-insert")
    page = client.get(f"/games/{game_id}/referee").get_data(as_text=True)
    assert draw_answer(page)[2].startswith("Not stated by this rule set. Suggested: between the stated 20 tiles")


def test_draw_guide_before_a_game_exists(client):
    assert text(client.get("/referee"), "h1") == "How many tiles does each player draw?"
    page = client.get("/referee?preset=family&set=12&players=5").get_data(as_text=True)
    assert draw_answer(page)[0] == "10 tiles each"
    assert texts(page, ".draw-answer cite") == ["chickenfoot-family-blog-rules.md"]
    bad = client.get("/referee?preset=family&set=9&players=8")
    assert bad.status_code == 422 and "seat 2 to 6 players" in text(bad, '[role="alert"]')
    assert element(bad, 'input[name="players"]')["value"] == "8"
    assert client.get("/referee?preset=family&set=x&players=y").status_code == 422
    assert client.get("/referee?preset=zzz&set=9&players=3").status_code == 422


def test_draw_guide_answers_every_game(client):
    page = client.get("/referee?preset=mexican-train&set=15&players=4").get_data(as_text=True)
    assert draw_answer(by_id(page, "draw-answer"))[:2] == [
        "14 tiles each",
        "4 players × 14 = 56 tiles in hands; 79 stay in the bone pile (the engine double is set in the centre first)."]
    answer = client.get("/referee?preset=super-15&set=15&players=10")
    assert draw_answer(answer)[:2] == ["9 tiles each", "10 players × 9 = 90 tiles in hands; 46 stay in the bone pile."]
    assert [group["label"] for group in elements(page, "optgroup")] == ["Chickenfoot", "Mexican Train", "Super 15"]
    # classic names no set for "42 ÷ [# of players]": stated on double-12, a proportional figure beside it
    page = client.get("/referee?preset=classic&set=12&players=4").get_data(as_text=True)
    assert draw_answer(page)[0] == "11 tiles each" and has_id(page, "draw-suggestion")


def test_the_referee_tab_does_not_simulate(client, monkeypatch):
    import referee.simulate
    monkeypatch.setattr(referee.simulate, "simulate", None)   # a page that simulates would fail
    game_id = start_game(client, players=("Ann", "Bo", "Cy", "Di", "Ed", "Flo"))
    statistics = by_id(client.get(f"/games/{game_id}/referee"), "statistics")
    assert text(statistics, "p.muted").startswith("300 hands played at random")
    # a house rule's figures were not computed beforehand: left out, not simulated
    house = start_game(client, players=("Ann", "Bo"), double_blank=25)
    page = client.get(f"/games/{house}/referee")
    assert page.status_code == 200 and not has_id(page, "statistics")


def test_warnings_show_on_the_sheet_and_can_be_dismissed(client, app):
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 0, "Bo": 10}))
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    warning, = warnings_listed(page)
    assert warning.startswith("Hand 1: Ann scored 0 but is not marked as gone out")
    response = client.post(f"/games/{game_id}/hands/1/dismiss", data={"code": "zero_not_out", "player": "Ann"})
    assert response.status_code == 303
    assert warnings_listed(client.get(f"/games/{game_id}").get_data(as_text=True)) == []
    assert client.post(f"/games/{game_id}/hands/99/dismiss", data={"code": "x"}).status_code == 404


def test_total_too_high_is_flagged(client, app):
    game_id = start_game(client, players=("Ann", "Bo"))
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 400, "Bo": 300}))
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    warning, = warnings_listed(page)
    assert "add up to 700" in warning and "hold only 527" in warning


def test_mexican_train_game_sheet_and_referee(client, app):
    game_id = start_game(client, players=("Ann", "Bo", "Cy", "Di"), preset="", set_size=15, game="mexican-train")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert text(page, "p.rules-line").startswith("Mexican Train · double-15")
    rows = texts(page, 'tbody th.hand-col[scope="row"] .visually-hidden')
    assert len(rows) == 16 and rows[0] == "Round 1, starting double 15|15"
    referee = client.get(f"/games/{game_id}/referee").get_data(as_text=True)
    assert draw_answer(referee)[0] == "14 tiles each" and "Diagram 4" in text(referee, ".draw-answer blockquote")
    ids = player_ids(app, game_id)
    # no 0|0 bonus in Mexican Train: "adds up the numbers appearing on the dominoes"
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Bo": 9}, tiles={"Ann": ["0|0", "1|2"]},
                                                            went_out="Cy"))
    from tests.sheet_helpers import totals_row
    assert totals_row(client.get(f"/games/{game_id}").get_data(as_text=True))[:2] == ["3", "9"]


def test_super_15_shows_its_reference_card(client):
    game_id = start_game(client, players=("Ann", "Bo", "Cy"), preset="", set_size=15, game="super-15")
    page = client.get(f"/games/{game_id}/referee").get_data(as_text=True)
    assert draw_answer(page)[0] == "9 tiles each"
    assert any("the direction of play reverses" in line for line in texts(by_id(page, "reference-card"), "li"))


def test_quotes_read_as_words_and_a_watching_phone_is_told_why_it_cannot_write(client, app):
    game_id = start_game(client)
    page = client.get(f"/games/{game_id}/referee").get_data(as_text=True)
    quote = element(ruling(page, "Tiles each player draws"), "blockquote")
    assert own_text(quote) == "“This is the guideline to follow to calculate the amount of tiles drawn: " \
        "42 ÷ [# of players], rounded to the nearest whole number, is the number of tiles with which each " \
        "player begins the game.”"
    assert text(quote, "cite") == "chickenfoot-classic-rules.txt"                  # the source is still named
    from tests.test_shared_table import keys, phone
    _, view_key = keys(app, game_id)
    refused = phone(app, view_key).get(f"/games/{game_id}/hands/1")
    assert refused.status_code == 403 and "watch link" in error_said(refused)


def test_the_referee_speaks_each_games_words(client):
    from tests.sheet_helpers import start_game
    mexican = start_game(client, players=("Ann", "Bo", "Cy"), game="mexican-train", preset="mexican-train",
                         set_size=15)
    page = client.get(f"/games/{mexican}/referee").get_data(as_text=True)
    assert own_text(this_hand(page), "h2") == "This round: round 1 of 16"
    assert texts(page, "dl.rule-list > dt") == [
        "Sets", "Players", "Tiles each player draws", "Rounds in a game", "Long game (climb back up)",
        "Who sets the starting double", "If nobody holds the starting double", "Must play when able",
        "May draw instead of playing", "The drawn tile", "Bone pile empty and unable to play", "The round ends",
        "0|0 left in hand counts", "Winner", "Trains", "Train markers", "Playing doubles", "The first turn"]
    classic = start_game(client)
    page = client.get(f"/games/{classic}/referee").get_data(as_text=True)
    assert text(ruling(page, "Going out on a double"), "strong") == "scores 0, like any player who goes out"
    assert text(ruling(page, "Last-tile call"), "strong") == "off: nobody has to announce their last tile"


def test_the_draw_count_follows_who_is_at_the_table_on_the_tab_and_the_sheet(client, app):
    game_id = start_game(client, players=("Ann", "Bo", "Cy", "Di"))
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 5, "Bo": 6, "Cy": 7}, went_out="Di"))
    left = client.post(f"/games/{game_id}/players/leave", data={"leaving": str(ids["Di"]), "sure": "yes"})
    assert left.status_code == 303
    referee = client.get(f"/games/{game_id}/referee").get_data(as_text=True)
    assert draw_answer(referee)[0] == "14 tiles each"                # three at the table, classic double-9
    assert text(client.get(f"/games/{game_id}"), "span.draw-count") == "14 tiles each"
