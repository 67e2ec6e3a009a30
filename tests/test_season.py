"""Statistics across games, from stored games: /players, a player's page, head to head, /players.json."""
from __future__ import annotations

import re

import pytest

from chickenyard.game.season import average, period_start, results
from chickenyard.storage.db import connect
from tests.elements import elements, text, text_of, texts
from tests.sheet_helpers import hand_form, player_ids, start_game


def post_hand(client, game_id, number, data):
    response = client.post(f"/games/{game_id}/hands/{number}", data=data)
    assert response.status_code in (200, 303), response.get_data(as_text=True)


@pytest.fixture
def season(client, app):
    """Five games: a win, a tie, an unfinished game, Super 15, and a game a player joined late."""
    g = {}
    g["won"] = start_game(client, players=("Ann", "Bo", "Cy"), hands=2)
    ids = player_ids(app, g["won"])
    post_hand(client, g["won"], 1, hand_form(ids, {"Cy": 12}, tiles={"Ann": ["0|0", "3|4"]}, went_out="Bo"))
    post_hand(client, g["won"], 2, hand_form(ids, {"Ann": 5, "Bo": 20}, went_out="Cy"))     # 62, 20, 12: Cy
    g["tie"] = start_game(client, players=("ann", "Bo"), hands=2)
    ids = player_ids(app, g["tie"])
    post_hand(client, g["tie"], 1, hand_form(ids, {"ann": 10}, went_out="Bo"))
    post_hand(client, g["tie"], 2, hand_form(ids, {"Bo": 10}, went_out="ann"))              # 10, 10: both win
    g["open"] = start_game(client, players=("Ann", "Cy"), hands=2)
    ids = player_ids(app, g["open"])
    post_hand(client, g["open"], 1, hand_form(ids, {"Ann": 3}, went_out="Cy"))              # unfinished
    g["super"] = start_game(client, players=("Ann", "Bo"), preset="", set_size=15, game="super-15", hands=2)
    ids = player_ids(app, g["super"])
    post_hand(client, g["super"], 1, hand_form(ids, went_out="Bo"))
    post_hand(client, g["super"], 2, hand_form(ids, went_out="Bo"))
    g["late"] = start_game(client, players=("Bo", "Cy"), hands=2)
    ids = player_ids(app, g["late"])
    post_hand(client, g["late"], 1, hand_form(ids, {"Bo": 4}, went_out="Cy"))
    db = connect(app.config["DATABASE"])
    db["players"].insert({"game_id": g["late"], "seat": 3, "name": "Di"})                 # Di joins after hand 1
    ids = player_ids(app, g["late"])
    post_hand(client, g["late"], 2, hand_form(ids, {"Bo": 6, "Cy": 8}, went_out="Di"))
    return g


EXPECTED = {
    # games: won, tie, open (Ann); hands 2 + 2 + 1; points 62 + 10 + 3; out in the tie's hand 2; 0|0 once
    "Ann": {"games": 3, "finished": 2, "wins": 1, "hands": 5, "points": 75, "average_per_hand": 15.0, "went_out": 1},
    "Bo": {"games": 3, "finished": 2, "wins": 1, "hands": 6, "points": 40, "average_per_hand": 6.7, "went_out": 2},
    "Cy": {"games": 3, "finished": 1, "wins": 1, "hands": 5, "points": 20, "average_per_hand": 4.0, "went_out": 3},
    "Di": {"games": 1, "finished": 0, "wins": 0, "hands": 1, "points": 0, "average_per_hand": 0.0, "went_out": 1},
}


def test_players_json_counts_every_points_game_one_entry_per_person(client, season):
    response = client.get("/players.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    doc = response.get_json()
    assert list(doc) == ["players"]
    assert [p["name"] for p in doc["players"]] == ["Ann", "Bo", "Cy", "Di"]
    for entry in doc["players"]:
        assert list(entry) == ["name", "games", "finished", "wins", "hands", "points", "average_per_hand", "went_out"]
        assert {k: v for k, v in entry.items() if k != "name"} == EXPECTED[entry["name"]], entry["name"]


def test_players_json_is_refused_to_a_phone_with_no_game(app, season):
    stranger = app.test_client()
    response = stranger.get("/players.json")
    assert response.status_code == 404 and "error" in response.get_json()
    # a link to a game that has since been replaced is no link at all
    db = connect(app.config["DATABASE"])
    old_view = db["games"].get(season["won"])["view_key"]
    watcher = app.test_client()
    watcher.get(f"/join/{old_view}")
    assert watcher.get("/players.json").status_code == 200
    db.execute("update games set view_key = 'replaced' where id = ?", [season["won"]])
    assert watcher.get("/players.json").status_code == 404


def test_a_rename_and_a_merge_are_counted_as_one_person(client, app, season):
    db = connect(app.config["DATABASE"])
    di = db.execute("select id from people where name = 'Di'").fetchone()[0]
    cy = db.execute("select id from people where name = 'Cy'").fetchone()[0]
    assert client.post(f"/players/{di}/rename", data={"name": "Diana"}).status_code == 303
    assert [p["name"] for p in client.get("/players.json").get_json()["players"]] == ["Ann", "Bo", "Cy", "Diana"]
    # Cy and Di sat at the same game: never one person
    assert client.post(f"/players/{cy}/merge", data={"other": str(di)}).status_code == 422


def stat(page: str, name: str, label: str) -> str:
    """One figure of a player's card on the season page: the <dd> after the <dt> label."""
    card = next(link.find_parent("article") for link in elements(page, "article a") if text_of(link) == name)
    return next(text_of(term.find_next_sibling("dd")) for term in card.select("dt") if text_of(term) == label)


def ranking(page) -> list[tuple[str, str]]:
    """The season's players as ranked: (rank, name), as the page lists them."""
    return [(text_of(rank), text_of(rank.find_next_sibling("a"))) for rank in elements(page, "span.rank")]


def test_the_season_page_shows_each_statistic(client, season):
    page = client.get("/players").get_data(as_text=True)
    assert ranking(page) == [("1.", "Cy"), ("2.", "Bo"), ("3.", "Ann"), ("4.", "Di")]   # one win each: then the lowest average
    assert stat(page, "Ann", "Games") == "3 (2 finished)"
    assert stat(page, "Ann", "Hands played") == "5"
    assert stat(page, "Ann", "Per hand") == "15.0"
    assert stat(page, "Ann", "Caught with 0|0") == "1 in 1 hand with tiles entered"
    assert stat(page, "Cy", "Caught with 0|0") == "– (no tiles entered)"
    assert stat(page, "Ann", "Best game").startswith("10 points")
    assert stat(page, "Ann", "Worst game").startswith("62 points")
    assert stat(page, "Cy", "Best game").startswith("12 points")
    assert page.count("<polyline") == 4


def test_super_15_counts_rounds_won(client, season):
    page = client.get("/players?kind=super-15").get_data(as_text=True)
    assert stat(page, "Bo", "Rounds won") == "2" and stat(page, "Ann", "Rounds won") == "0"
    assert stat(page, "Bo", "Won per round") == "1.0"
    assert ranking(page) == [("1.", "Bo"), ("2.", "Ann")]          # only who played Super 15
    assert stat(page, "Bo", "Best game").startswith("2 rounds won")


def test_a_period_counts_the_games_played_in_it(client, app, season):
    db = connect(app.config["DATABASE"])
    db.execute("update games set updated_at = '2020-03-01T20:00:00+00:00' where id = ?", [season["tie"]])
    for period in ("tonight", "month", "year"):
        page = client.get(f"/players?period={period}").get_data(as_text=True)
        assert stat(page, "Ann", "Games") == "2 (1 finished)", period
    assert stat(client.get("/players?period=all").get_data(as_text=True), "Ann", "Games") == "3 (2 finished)"
    # the JSON is over every game, whatever the page shows
    assert client.get("/players.json").get_json()["players"][0]["games"] == 3


def test_unknown_choices_fall_back_to_all_points_games(client, season):
    page = client.get("/players?period=<script>&kind=chess")
    assert page.status_code == 200 and "All time" in text(page, 'select[name="period"] option[selected]')


def test_head_to_head(client, app, season):
    db = connect(app.config["DATABASE"])
    ann, bo = (db.execute("select id from people where name = ?", [n]).fetchone()[0] for n in ("Ann", "Bo"))
    page = client.get(f"/players?a={ann}&b={bo}").get_data(as_text=True)
    h2h = page.split('id="h2h"')[1].split("</table>")[0]
    assert "played 2 games together" in h2h
    rows = dict((re.sub(r"<[^>]+>", "", th), [re.sub(r"<[^>]+>", "", td) for td in tds.split("</td>") if td.strip()])
                for th, tds in re.findall(r'<th scope="row">(.*?)</th>(.*?)</tr>', h2h, re.S))
    assert rows["Wins"] == ["0", "0"] and rows["Tied for the win"] == ["1"]
    assert rows["Ended ahead of the other"] == ["0", "1"]            # the first game: Bo 20, Ann 62
    assert rows["Points"] == ["72", "30"]
    assert "Choose two different players" in client.get(f"/players?a={ann}&b={ann}").get_data(as_text=True)


def test_a_players_page_lists_their_games_and_chart(client, app, season):
    db = connect(app.config["DATABASE"])
    ann = db.execute("select id from people where name = 'Ann'").fetchone()[0]
    page = client.get(f"/players/{ann}").get_data(as_text=True)
    games = texts(page, "a.game-link")
    assert len(games) == 3 and any("played as ann" in game for game in games)
    assert len(elements(page, "svg polyline")) == 1
    assert client.get("/players/9999").status_code == 404


def test_average_rounds_halves_up():
    assert average(61, 4) == 15.3 and average(20, 3) == 6.7 and average(0, 0) is None


def test_tonight_starts_at_five_in_the_morning():
    from datetime import datetime, timezone
    late = datetime(2026, 3, 7, 1, 30, tzinfo=timezone.utc)
    assert period_start("tonight", late) < period_start("tonight", datetime(2026, 3, 7, 20, 0, tzinfo=timezone.utc))
    assert period_start("all") is None


def tonight_rows(page: str) -> list[list[str]]:
    """Tonight's standings as the big screen lists them, one row a player (none when it shows none)."""
    return [[text_of(cell) for cell in row.select("th, td")] for row in elements(page, ".tonight-table tbody tr")]


def test_the_big_screen_shows_tonights_standings_between_hands(client, app, season):
    db = connect(app.config["DATABASE"])
    db.execute("update games set updated_at = '2020-03-01T20:00:00+00:00' where id = ?", [season["won"]])
    game_id = season["open"]                        # hand 1 entered, hand 2 not begun: between hands
    rows = tonight_rows(client.get(f"/games/{game_id}/tv").get_data(as_text=True))
    # tonight: the tie (Ann, Bo both win), the open game, Super 15 (Bo), the late game (Di)
    assert rows == [["Bo", "2", "3", "5.0"],          # 10 + 10 points in 4 hands; Super 15 counts its win only
                    ["Ann", "1", "3", "4.3"],
                    ["Di", "0", "1", "0.0"],
                    ["Cy", "0", "2", "2.7"]]
    # in the middle of a hand the big screen keeps to the game
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/2", data=hand_form(ids, {"Ann": 4}))
    assert tonight_rows(client.get(f"/games/{game_id}/tv").get_data(as_text=True)) == []


def test_the_big_screens_poll_notices_another_games_change(client, app, season):
    first = client.get(f"/games/{season['open']}/live?view=tv")
    etag = first.headers["ETag"]
    assert client.get(f"/games/{season['open']}/live?view=tv", headers={"If-None-Match": etag}).status_code == 304
    db = connect(app.config["DATABASE"])
    bo = db.execute("select id from people where name = 'Bo'").fetchone()[0]
    client.post(f"/players/{bo}/rename", data={"name": "Bob"})
    changed = client.get(f"/games/{season['open']}/live?view=tv", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and "Bob" in [row[0] for row in tonight_rows(changed)]


@pytest.mark.parametrize("paper,width_pt", [("letter", 612), ("a4", 595)])
def test_the_season_summary_prints_on_one_page(client, season, paper, width_pt):
    import io

    from pypdf import PdfReader
    response = client.get(f"/players/season.pdf?paper={paper}")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert "chickenyard-season-all-" in response.headers["Content-Disposition"]
    pdf = PdfReader(io.BytesIO(response.data))
    assert len(pdf.pages) == 1
    assert round(float(pdf.pages[0].mediabox.width)) == width_pt
    text = pdf.pages[0].extract_text()
    for name in ("Ann", "Bo", "Cy", "Di"):
        assert name in text
    assert "season summary" in text and "All time" in text and "1 of 1" in text    # Ann's 0|0


def test_the_season_summary_needs_a_game_link_and_known_paper(app, client, season):
    assert app.test_client().get("/players/season.pdf").status_code == 404
    assert client.get("/players/season.pdf?paper=legal").status_code == 422
    page = client.get("/players/season.pdf?kind=super-15&period=tonight")
    assert page.status_code == 200


def test_super_15_counts_only_the_rounds_a_player_sat_at(client, app):
    """Di goes home after round 1 and Cy sits down at round 3: neither played round 2."""
    doc = {"format": "chickenyard/game-v1", "preset": "super-15", "set": 15, "players": ["Ann", "Bo", "Cy", "Di"],
           "seats": [{"player": "Ann"}, {"player": "Bo"}, {"player": "Cy", "from_hand": 3},
                     {"player": "Di", "left_after_hand": 1}],
           "hands": [{"double": -1, "entries": [{"player": "Ann", "went_out": True}]},
                     {"double": -1, "entries": [{"player": "Bo", "went_out": True}]},
                     {"double": -1, "entries": [{"player": "Cy", "went_out": True}]}]}
    response = client.post("/games/import", json=doc)
    assert response.status_code == 201, response.get_json()
    rounds = {r.name_then: (r.hands, r.points) for r in results(connect(app.config["DATABASE"]), kind="super-15")}
    assert rounds == {"Ann": (3, 1), "Bo": (3, 1), "Cy": (1, 1), "Di": (1, 0)}


def test_a_player_who_left_and_came_back_played_one_game(client, app):
    from tests.test_game_settings import play_hand
    game_id = start_game(client, hands=3)
    play_hand(client, app, game_id, 1, {"Ann": 10, "Bo": 25, "Cy": 30}, "Di")
    left = client.post(f"/games/{game_id}/players/leave", data={"leaving": str(player_ids(app, game_id)["Di"]),
                                                                "sure": "yes"})
    assert left.status_code == 303
    play_hand(client, app, game_id, 2, {"Ann": 5, "Bo": 5}, "Cy")
    assert client.post(f"/games/{game_id}/players", data={"player": "Di", "start": "zero"}).status_code == 303
    db = connect(app.config["DATABASE"])
    assert db.execute("select count(*) from players where name = 'Di'").fetchone()[0] == 2     # two seats
    di = next(p for p in client.get("/players.json").get_json()["players"] if p["name"] == "Di")
    assert di["games"] == 1 and di["hands"] == 1
    page = client.get(f"/players/{db.execute('select id from people where name = ?', ['Di']).fetchone()[0]}")
    games = re.findall(r'<a class="game-link"[^>]*>.*?</a>', page.get_data(as_text=True), re.S)
    others = re.search(r"with ([^·<]+)·", games[0]).group(1)
    assert len(games) == 1 and "Di" not in others and all(name in others for name in ("Ann", "Bo", "Cy"))
