"""The Referee tab, the draw guide, and the referee's warnings on the sheet."""
from __future__ import annotations

from tests.sheet_helpers import hand_form, player_ids, start_game

HX = {"HX-Request": "true"}


def test_referee_tab_shows_draw_count_current_double_and_sources(client):
    game_id = start_game(client, players=("Ann", "Bo", "Cy", "Di", "Ed", "Flo"))
    page = client.get(f"/games/{game_id}/referee").get_data(as_text=True)
    assert "<strong>7</strong> tiles each" in page and "<strong>13</strong> stay in the chicken yard" in page
    assert "The hand starts with <strong>9|9</strong>" in page
    assert "everyone draws one until it appears" in page
    assert "chickenfoot-classic-rules.txt" in page and "The next six dominoes played" in page
    assert "300 hands played at random" in page and "Nobody goes out (a stalemate: nobody can play, nothing left to draw): <strong>" in page


def test_referee_tab_marks_a_suggested_count(client):
    game_id = start_game(client, players=("Ann", "Bo", "Cy", "Di", "Ed"), preset="set-insert")
    page = client.get(f"/games/{game_id}/referee").get_data(as_text=True)
    assert "Not stated by this rule set." in page and "between the stated 20 tiles" in page


def test_draw_guide_before_a_game_exists(client):
    assert "How many tiles" in client.get("/referee").get_data(as_text=True)
    page = client.get("/referee?preset=family&set=12&players=5").get_data(as_text=True)
    assert "<strong>10</strong> tiles each" in page and "chickenfoot-family-blog-rules.md" in page
    bad = client.get("/referee?preset=family&set=9&players=8")
    assert bad.status_code == 422 and "seat 2 to 6 players" in bad.get_data(as_text=True)
    assert 'value="8"' in bad.get_data(as_text=True)
    assert client.get("/referee?preset=family&set=x&players=y").status_code == 422
    assert client.get("/referee?preset=zzz&set=9&players=3").status_code == 422


def test_draw_guide_answers_every_game(client):
    import re
    page = client.get("/referee?preset=mexican-train&set=15&players=4").get_data(as_text=True)
    answer = re.search(r'<section class="card" id="draw-answer">(.*?)</section>', page, re.S).group(1)
    assert "<strong>14</strong> tiles each" in answer and "<strong>79</strong> stay in the bone pile" in answer
    assert "the engine double is set in the centre first" in answer
    answer = client.get("/referee?preset=super-15&set=15&players=10").get_data(as_text=True)
    assert "<strong>9</strong> tiles each" in answer and "<strong>46</strong> stay in the bone pile" in answer
    assert '<optgroup label="Mexican Train">' in page and '<optgroup label="Super 15">' in page
    # classic names no set for "42 ÷ [# of players]": stated on double-12, a proportional figure beside it
    page = client.get("/referee?preset=classic&set=12&players=4").get_data(as_text=True)
    assert "<strong>11</strong> tiles each" in page and 'id="draw-suggestion"' in page


def test_the_referee_tab_does_not_simulate(client, monkeypatch):
    import referee.simulate
    monkeypatch.setattr(referee.simulate, "simulate", None)   # a page that simulates would fail
    game_id = start_game(client, players=("Ann", "Bo", "Cy", "Di", "Ed", "Flo"))
    assert "300 hands played at random" in client.get(f"/games/{game_id}/referee").get_data(as_text=True)
    # a house rule's figures were not computed beforehand: left out, not simulated
    house = start_game(client, players=("Ann", "Bo"), double_blank=25)
    page = client.get(f"/games/{house}/referee")
    assert page.status_code == 200 and 'id="statistics"' not in page.get_data(as_text=True)


def test_warnings_show_on_the_sheet_and_can_be_dismissed(client, app):
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 0, "Bo": 10}))
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Ann scored 0 but is not marked as gone out" in page
    response = client.post(f"/games/{game_id}/hands/1/dismiss", data={"code": "zero_not_out", "player": "Ann"})
    assert response.status_code == 303
    assert "Ann scored 0" not in client.get(f"/games/{game_id}").get_data(as_text=True)
    assert client.post(f"/games/{game_id}/hands/99/dismiss", data={"code": "x"}).status_code == 404


def test_total_too_high_is_flagged(client, app):
    game_id = start_game(client, players=("Ann", "Bo"))
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 400, "Bo": 300}))
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "add up to 700" in page and "hold only 527" in page


def test_mexican_train_game_sheet_and_referee(client, app):
    game_id = start_game(client, players=("Ann", "Bo", "Cy", "Di"), preset="", set_size=15, game="mexican-train")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Mexican Train" in page and page.count("starting double") == 16
    assert '>Round 1, starting double 15|15<' in page
    referee = client.get(f"/games/{game_id}/referee").get_data(as_text=True)
    assert "<strong>14</strong> tiles each" in referee and "Diagram 4" in referee
    ids = player_ids(app, game_id)
    # no 0|0 bonus in Mexican Train: "adds up the numbers appearing on the dominoes"
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Bo": 9}, tiles={"Ann": ["0|0", "1|2"]},
                                                            went_out="Cy"))
    from tests.sheet_helpers import totals_row
    assert totals_row(client.get(f"/games/{game_id}").get_data(as_text=True))[:2] == ["3", "9"]


def test_super_15_shows_its_reference_card(client):
    game_id = start_game(client, players=("Ann", "Bo", "Cy"), preset="", set_size=15, game="super-15")
    page = client.get(f"/games/{game_id}/referee").get_data(as_text=True)
    assert "the direction of play reverses" in page and "<strong>9</strong> tiles each" in page


def test_quotes_read_as_words_and_a_watching_phone_is_told_why_it_cannot_write(client, app):
    game_id = start_game(client)
    page = client.get(f"/games/{game_id}/referee").get_data(as_text=True)
    assert "42 ÷ [# of players]" in page and "\\div" not in page and "**" not in page
    assert "chickenfoot-classic-rules.txt" in page                  # the source is still named
    from tests.test_shared_table import keys, phone
    _, view_key = keys(app, game_id)
    refused = phone(app, view_key).get(f"/games/{game_id}/hands/1")
    assert refused.status_code == 403 and "watch link" in refused.get_data(as_text=True)


def test_the_referee_speaks_each_games_words(client):
    from tests.sheet_helpers import start_game
    mexican = start_game(client, players=("Ann", "Bo", "Cy"), game="mexican-train", preset="mexican-train",
                         set_size=15)
    page = client.get(f"/games/{mexican}/referee").get_data(as_text=True)
    assert "round 1 of 16" in page and "hand 1 of 16" not in page
    assert "Chicken yard" not in page and "Bone pile empty and unable to play" in page
    classic = start_game(client)
    page = client.get(f"/games/{classic}/referee").get_data(as_text=True)
    assert "scores 0, like any player who goes out" in page
    assert "off: nobody has to announce their last tile" in page


def test_the_draw_count_follows_who_is_at_the_table_on_the_tab_and_the_sheet(client, app):
    game_id = start_game(client, players=("Ann", "Bo", "Cy", "Di"))
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 5, "Bo": 6, "Cy": 7}, went_out="Di"))
    left = client.post(f"/games/{game_id}/players/leave", data={"leaving": str(ids["Di"]), "sure": "yes"})
    assert left.status_code == 303
    referee = client.get(f"/games/{game_id}/referee").get_data(as_text=True)
    assert "<strong>14</strong> tiles each" in referee                # three at the table, classic double-9
    assert '<span class="draw-count">14 tiles each</span>' in client.get(f"/games/{game_id}").get_data(as_text=True)
