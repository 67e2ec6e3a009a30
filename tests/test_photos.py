"""Counting a player's tiles from a photo, in the app: upload, review, correct, confirm."""
from __future__ import annotations

import io
import json
import re

import pytest

from chickenyard.storage.db import connect
from tests.elements import element, elements, text
from tests.sheet_helpers import hand_form, player_ids, start_game, totals_row


def points_line(page: str) -> str:
    """The review's line of what the photo scores, as a person reads it."""
    return text(page, "p.photo-points#photo-points")


def upload(client, game_id, player_id, data, name="tiles.jpg", number=1):
    return client.post(f"/games/{game_id}/hands/{number}/players/{player_id}/photo",
                       data={"photo": (io.BytesIO(data), name)}, content_type="multipart/form-data")


def test_without_opencv_the_button_explains_how_to_enable_it(client, app, monkeypatch):
    import vision
    monkeypatch.setattr(vision, "available", lambda: False)
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    assert "Count from a photo" in client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    page = client.get(f"/games/{game_id}/hands/1/players/{ids['Ann']}/photo").get_data(as_text=True)
    assert "not installed" in page and "make run" in page
    assert upload(client, game_id, ids["Ann"], b"x").status_code == 503


def test_a_file_that_is_not_a_photo_is_refused_with_a_message(client, app):
    pytest.importorskip("cv2")
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    response = upload(client, game_id, ids["Ann"], b"GIF89a not really", name="x.jpg")
    assert response.status_code == 400 and "not a photo Chickenyard can read" in response.get_data(as_text=True)
    assert connect(app.config["DATABASE"])["photos"].count == 0


def test_a_decompression_bomb_is_refused_before_decoding(client, app):
    pytest.importorskip("cv2")
    pil = pytest.importorskip("PIL.Image")
    buffer = io.BytesIO()
    pil.new("1", (30000, 30000)).save(buffer, format="PNG")
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    response = upload(client, game_id, ids["Ann"], buffer.getvalue(), name="tiny.png")
    assert response.status_code == 400 and "too large" in response.get_data(as_text=True)


def test_photo_to_score_with_a_correction_and_a_missed_tile(client, app):
    pytest.importorskip("cv2")
    from tests.vision.synthetic import photo_of
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    data = photo_of([((0, 0), (300, 300), 20), ((3, 4), (650, 350), 100)], seed=11)
    response = upload(client, game_id, ids["Ann"], data)
    assert response.status_code == 303
    review_url = response.headers["Location"]
    page = client.get(review_url).get_data(as_text=True)
    assert "2 tiles recognised: 57 points (0|0 counts 50 at this table)." in points_line(page)
    assert len(elements(page, "svg polygon")) >= 2                  # each tile outlined on the photo
    photo_id = int(review_url.rsplit("/", 1)[1])
    image = client.get(f"/games/{game_id}/photos/{photo_id}/image")
    assert image.status_code == 200 and image.mimetype == "image/jpeg" and image.data == data
    values = dict(re.findall(r'name="(tile-\d-[ab])" value="(\d+)"', page))
    assert sorted((values["tile-0-a"], values["tile-0-b"], values["tile-1-a"], values["tile-1-b"])) == \
        ["0", "0", "3", "4"]
    # correct nothing, add a missed 1|2: 0|0 counts 50 by the table's rule
    form = {**values, "keep-0": "1", "keep-1": "1", "add": ["1|2"]}
    confirmed = client.post(review_url, data=form)
    assert confirmed.status_code == 303
    assert confirmed.headers["Location"].endswith(f"/games/{game_id}/hands/1#player-{ids['Ann']}")
    hand_page = client.get(confirmed.headers["Location"]).get_data(as_text=True)
    assert "Saved: Ann's 3 tiles from the photo, 60 points" in text(hand_page, "div.flashes")
    # Ann's entry is saved and shown closed: her picker is not left open
    ann = re.search(rf'<fieldset[^>]*id="player-{ids["Ann"]}".*?</fieldset>', hand_page, re.S).group(0)
    assert "<details >" in ann or "<details>" in ann
    assert "(3 picked)" in ann
    assert totals_row(client.get(f"/games/{game_id}").get_data(as_text=True))[0] == "60"


def test_the_referee_flags_a_tile_already_in_another_hand(client, app):
    pytest.importorskip("cv2")
    from tests.vision.synthetic import photo_of
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, tiles={"Bo": ["3|4"]}))
    response = upload(client, game_id, ids["Ann"], photo_of([((3, 4), (400, 300), 0)], seed=12))
    review_url = response.headers["Location"]
    page = client.get(review_url).get_data(as_text=True)
    values = dict(re.findall(r'name="(tile-\d-[ab])" value="(\d+)"', page))
    refused = client.post(review_url, data={**values, "keep-0": "1"})
    assert refused.status_code == 422 and re.search(r"3\|4 is already in (Ann|Bo)", refused.get_data(as_text=True))
    bad = client.post(review_url, data={"tile-0-a": "3", "tile-0-b": "44", "keep-0": "1"})
    assert bad.status_code == 422 and "from 0 to 9" in text(bad, '.field-error[role="alert"]')
    # unticking the tile leaves Ann with no tiles: 0 points
    assert client.post(review_url, data={**values}).status_code == 303


def test_photos_are_kept_with_the_game_and_can_be_deleted(client, app, tmp_path):
    pytest.importorskip("cv2")
    from tests.vision.synthetic import photo_of
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    upload(client, game_id, ids["Cy"], photo_of([((1, 5), (400, 300), 30)], seed=13))
    files = list((tmp_path / "photos").rglob("*.img"))
    assert len(files) == 1 and "static" not in str(files[0])
    history = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    assert "Photos of this game" in history and "Hand 1, Cy" in history
    viewer = app.test_client()
    key = connect(app.config["DATABASE"])["games"].get(game_id)["view_key"]
    viewer.get(f"/join/{key}")
    assert viewer.post(f"/games/{game_id}/photos/delete", data={}).status_code == 403
    assert upload(viewer, game_id, ids["Cy"], b"x").status_code == 403
    assert client.post(f"/games/{game_id}/photos/delete", data={}).status_code == 303
    assert not list((tmp_path / "photos").rglob("*.img"))
    assert connect(app.config["DATABASE"])["photos"].count == 0


def test_a_photographed_row_is_read_from_one_end_to_the_other():
    from chickenyard.storage.photos import tiles_in_row_order
    from referee.tiles import Tile

    def found(centres):
        return {"tiles_detail": [{"values": [i, i], "corners": [[x - 10, y - 20], [x + 10, y - 20], [x + 10, y + 20],
                                                                [x - 10, y + 20]]} for i, (x, y) in enumerate(centres)]}
    # a slightly slanting row, tiles found in no particular order: read left to right
    assert tiles_in_row_order(found([(300, 210), (100, 200), (500, 220), (200, 205)])) == \
        [Tile(1, 1), Tile(3, 3), Tile(0, 0), Tile(2, 2)]
    # a column: read top to bottom
    assert tiles_in_row_order(found([(50, 400), (52, 100), (48, 250)])) == [Tile(1, 1), Tile(2, 2), Tile(0, 0)]
    assert tiles_in_row_order(found([])) == []


def test_count_from_a_photo_saves_what_was_typed_first(client, app):
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    data = {**hand_form(ids, {"Cy": 9}), "then": f"photo-{ids['Ann']}"}
    response = client.post(f"/games/{game_id}/hands/1", data=data)
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/hands/1/players/{ids['Ann']}/photo")
    assert totals_row(client.get(f"/games/{game_id}").get_data(as_text=True))[2] == "9"
    over_htmx = client.post(f"/games/{game_id}/hands/1", data=data, headers={"HX-Request": "true"})
    assert over_htmx.headers["HX-Redirect"].endswith(f"/players/{ids['Ann']}/photo")
    bad = client.post(f"/games/{game_id}/hands/1", data={**data, f"points-{ids['Bo']}": "x"})
    assert bad.status_code == 422
    assert element(bad, f'input[name="points-{ids["Bo"]}"]')["value"] == "x"   # nothing typed is lost


def test_a_tile_the_counter_cannot_read_for_this_set_is_shown_not_dropped(client, app):
    pytest.importorskip("cv2")
    from tests.vision.synthetic import photo_of
    game_id = start_game(client)             # a double-9 game
    ids = player_ids(app, game_id)
    data = photo_of([((3, 4), (300, 300), 20), ((6, 12), (650, 350), 100)], seed=4, tile_width=110)
    review = client.get(upload(client, game_id, ids["Ann"], data).headers["Location"]).get_data(as_text=True)
    assert points_line(review).startswith("1 tile recognised: 7 points.") and 'id="unreadable"' in review
    assert "more pips than a double-9 set has" in review and review.count('stroke="#c0392b"') == 1


def test_a_photo_over_the_limit_goes_back_to_the_upload_form_with_why(client, app):
    pytest.importorskip("cv2")
    app.config["MAX_CONTENT_LENGTH"] = 2 * 1024 * 1024
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    response = upload(client, game_id, ids["Ann"], b"\xff\xd8" + b"0" * (3 * 1024 * 1024))
    page = response.get_data(as_text=True)
    assert response.status_code == 413
    assert "too large for Chickenyard (2 MB at most)" in text(page, "#error-photo")
    assert element(page, 'input[type="file"][name="photo"]')          # the upload form, to try again
    assert connect(app.config["DATABASE"])["photos"].count == 0


def test_a_photo_of_the_castle_rock_row_over_the_limit_says_why_on_the_game(client, app):
    pytest.importorskip("cv2")
    app.config["MAX_CONTENT_LENGTH"] = 2 * 1024 * 1024
    response = client.post("/castle-rock/new", data={"mode": "table", "set": "6"})
    game_url = response.headers["Location"]
    response = client.post(game_url + "/photo", data={"photo": (io.BytesIO(b"0" * (3 * 1024 * 1024)), "row.jpg")},
                           content_type="multipart/form-data")
    assert response.status_code == 413
    assert "too large for Chickenyard (2 MB at most)" in text(response, "#error-move")


def test_the_review_lists_the_tiles_to_check_first_with_how_sure_each_is(client, app):
    """What the pip counter found, as stored: the review's order and words do not depend on
    the model, so this photo's findings are written directly."""
    from chickenyard.game.sheet import load_sheet
    from chickenyard.storage.db import get_db
    from chickenyard.storage.photos import save_photo
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    found = {"tiles": [[2, 3], [5, 6], [0, 4]], "total": 20, "width": 800, "height": 600, "unreadable": [],
             "tiles_detail": [
                 {"values": [2, 3], "confidence": 0.97, "corners": [[100, 100], [160, 100], [160, 220], [100, 220]]},
                 {"values": [5, 6], "confidence": 0.55, "corners": [[300, 100], [360, 100], [360, 220], [300, 220]]},
                 {"values": [0, 4], "confidence": 0.91, "corners": [[500, 100], [560, 100], [560, 220], [500, 220]]}]}
    with app.app_context():
        db = get_db()
        sheet = load_sheet(db, game_id)
        photo_id = save_photo(db, app.config["PHOTOS"], sheet, sheet.hands[0], ids["Bo"], b"\xff\xd8 jpeg", found)
    page = client.get(f"/games/{game_id}/photos/{photo_id}").get_data(as_text=True)
    listed = re.findall(r'<li class="(sure|to-check)">.*?name="tile-(\d)-a" value="(\d+)"', page, re.S)
    assert listed == [("to-check", "1", "5"), ("sure", "2", "0"), ("sure", "0", "2")]
    assert "3 tiles recognised: 20 points." in points_line(page) and "Check the 1 marked check first" in points_line(page)
    assert "55% sure" in page and "sure (97%)" in page
    # each badge stands outside its tile: above the topmost corner, clear of the face
    badges = [(float(x), float(y)) for x, y in re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)"', page)]
    assert len(badges) == 3 and all(y < 100 for _, y in badges)


def test_confirming_a_photo_in_super_15_keeps_the_other_players_tiles_left(client, app):
    """The photo is one player's; the others' counts already on the sheet stay as they were."""
    from chickenyard.game.sheet import load_sheet
    from chickenyard.storage.photos import save_photo
    game_id = start_game(client, players=("Ann", "Bo", "Cy"), preset="", set_size=15, game="super-15", hands=3)
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/1",
                data={**hand_form(ids), f"left-{ids['Bo']}": "3", f"left-{ids['Cy']}": "5"})
    db = connect(app.config["DATABASE"])
    sheet = load_sheet(db, game_id)
    found = {"tiles": 2, "total": 10, "width": 800, "height": 600, "unreadable": [],
             "tiles_detail": [{"values": [1, 2], "confidence": 0.9, "corners": [[0, 0], [9, 0], [9, 5], [0, 5]]},
                              {"values": [3, 4], "confidence": 0.9, "corners": [[20, 0], [29, 0], [29, 5], [20, 5]]}]}
    photo_id = save_photo(db, app.config["PHOTOS"], sheet, sheet.hand(1), ids["Ann"], b"\xff\xd8 photo", found)
    confirmed = client.post(f"/games/{game_id}/photos/{photo_id}",
                            data={"tile-0-a": "1", "tile-0-b": "2", "keep-0": "1",
                                  "tile-1-a": "3", "tile-1-b": "4", "keep-1": "1"})
    assert confirmed.status_code == 303
    hand = load_sheet(db, game_id).hand(1)
    assert [hand.entry(ids[name]).tiles_left for name in ("Ann", "Bo", "Cy")] == [2, 3, 5]
    assert totals_row(client.get(f"/games/{game_id}").get_data(as_text=True)) == ["1", "0", "0"]


def review_values(page: str) -> dict:
    """The review's tiles as listed: field name to value."""
    return {field["name"]: field.get("value", "") for field in elements(page, "input[name]")
            if re.fullmatch(r"tile-\d+-[ab]", field["name"])}


def test_looking_closer_adds_the_missed_tile_and_keeps_what_was_typed(client, app, without_unread_stages):
    """briandiaz-01 (a real photo): the first reading (without the stages that now find it)
    misses the 5|6 of a cross of tiles on white; "Look closer" finds it, and the correction the
    person had typed on the review is still there."""
    pytest.importorskip("cv2")
    from tests.shared_files import shared
    photo = shared("photos-more", "briandiaz-01.jpg")
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    review_url = upload(client, game_id, ids["Bo"], photo.read_bytes()).headers["Location"]
    values = review_values(client.get(review_url).get_data(as_text=True))
    assert len(values) == 8 and "5|6" not in {f"{values[f'tile-{i}-a']}|{values[f'tile-{i}-b']}" for i in range(4)}
    typed = {**values, "tile-0-a": "7", "keep-0": "1", "keep-2": "1", "keep-3": "1", "reviewing": "1"}   # tile 1 unticked
    response = client.post(review_url + "/closer", data=typed)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    notice = re.search(r'<p class="notice" role="status" id="review-notice">(.*?)</p>', page, re.S).group(1)
    assert notice.startswith("Looked closer and found 1 more tile: number ")
    after = review_values(page)
    assert after == {**values, "tile-0-a": "7", "tile-4-a": "5", "tile-4-b": "6"}
    assert sorted(re.findall(r'name="keep-(\d)" value="1" checked', page)) == ["0", "2", "3", "4"]
    # the new tile is stored with the photo: the review shows it again, and confirming counts it
    again = review_values(client.get(review_url).get_data(as_text=True))
    assert (again["tile-4-a"], again["tile-4-b"]) == ("5", "6")
    form = {**after, "keep-0": "1", "keep-1": "1", "keep-2": "1", "keep-3": "1", "keep-4": "1",
            "tile-0-a": values["tile-0-a"]}
    assert client.post(review_url, data=form).status_code == 303
    # a second look finds nothing more, and says so
    page = client.post(review_url + "/closer", data={}).get_data(as_text=True)
    assert text(page, "#review-notice") == "Looked closer: no more tiles found. Add any that was missed below."
    assert len(review_values(page)) == 10


def stored_photo(client, app) -> tuple[str, int, dict]:
    """A photo stored for Ann in hand 1 as if counted (one 1|2 in an 800 x 600 photo), without
    the pip counter: its review's address, its id, and what was found."""
    from chickenyard.game.sheet import load_sheet
    from chickenyard.storage.photos import save_photo
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    db = connect(app.config["DATABASE"])
    sheet = load_sheet(db, game_id)
    found = {"tiles": [[1, 2]], "total": 3, "width": 800, "height": 600, "unreadable": [],
             "tiles_detail": [{"values": [1, 2], "confidence": 0.9, "corners": [[0, 0], [90, 0], [90, 50], [0, 50]]}]}
    photo_id = save_photo(db, app.config["PHOTOS"], sheet, sheet.hand(1), ids["Ann"], b"\xff\xd8 photo", found)
    return f"/games/{game_id}/photos/{photo_id}", photo_id, found


def test_looking_closer_without_opencv_says_why_and_keeps_the_review(client, app, monkeypatch):
    import vision
    review_url, photo_id, found = stored_photo(client, app)
    closer = f'button[formaction="{review_url}/closer"]'
    monkeypatch.setattr(vision, "available", lambda: True)
    assert text(client.get(review_url), closer) == "Look closer for missed tiles"
    monkeypatch.setattr(vision, "available", lambda: False)
    assert elements(client.get(review_url), closer) == []
    response = client.post(review_url + "/closer", data={"tile-0-a": "4", "tile-0-b": "2", "reviewing": "1"})
    assert response.status_code == 503
    page = response.get_data(as_text=True)
    assert "not installed" in re.search(r'id="error-form">(.*?)</p>', page).group(1)
    assert review_values(page) == {"tile-0-a": "4", "tile-0-b": "2"}
    assert json.loads(connect(app.config["DATABASE"])["photos"].get(photo_id)["found"]) == found


def test_a_closer_look_adds_only_tiles_where_none_was_found():
    from chickenyard.storage.photos import with_new_tiles
    square = lambda x: [[x, 0], [x + 50, 0], [x + 50, 100], [x, 100]]      # noqa: E731
    found = {"tiles": [[1, 2]], "total": 3, "width": 800, "height": 600, "unreadable": [square(200)],
             "tiles_detail": [{"values": [1, 2], "confidence": 0.9, "corners": square(0)}]}
    closer = {"tiles_detail": [{"values": [1, 3], "confidence": 0.95, "corners": square(5)},     # on tile 1
                               {"values": [9, 9], "confidence": 0.95, "corners": square(210)},   # on the unread one
                               {"values": [0, 1], "confidence": 0.95, "corners": square(400)}]}
    merged, new = with_new_tiles(found, closer)
    assert new == [closer["tiles_detail"][2]]
    assert merged["tiles_detail"] == found["tiles_detail"] + new
    assert (merged["tiles"], merged["total"]) == ([[1, 2], [0, 1]], 4)


def test_a_tile_read_at_a_tap_takes_the_place_of_the_outline_not_read_under_it():
    """The counter outlined a tile it could not read (red, with a ?); the person taps it, and the
    tile read there is added and that outline goes; a tap on a tile read already adds nothing."""
    from chickenyard.storage.photos import with_tapped_tile
    square = lambda x: [[x, 0], [x + 50, 0], [x + 50, 100], [x, 100]]      # noqa: E731
    found = {"tiles": [[1, 2]], "total": 3, "width": 800, "height": 600, "unreadable": [square(200), square(400)],
             "tiles_detail": [{"values": [1, 2], "confidence": 0.9, "corners": square(0)}]}
    tapped = {"values": [2, 4], "confidence": 0.7, "corners": square(205)}
    merged, new = with_tapped_tile(found, tapped)
    assert new == [tapped] and merged["unreadable"] == [square(400)]
    assert merged["tiles_detail"] == found["tiles_detail"] + [tapped]
    assert (merged["tiles"], merged["total"]) == ([[1, 2], [2, 4]], 9)
    assert with_tapped_tile(found, {"values": [5, 5], "confidence": 0.7, "corners": square(10)}) == (found, [])
    assert with_tapped_tile(found, None) == (found, [])


def test_an_outline_not_read_gets_its_badge_as_a_tile_does_off_the_tiles_read():
    """The ? on an outline the counter could not read is as large as a tile's badge of that width
    (a small tile's, small: it covers no neighbour), and goes outside the first of its corners,
    from the top, whose badge lies on no tile read."""
    from chickenyard.storage.photos import _touches, unread_marks
    read = [[100, 60], [160, 60], [160, 180], [100, 180]]          # a tile read, just above ...
    unread = [[100, 182], [130, 182], [130, 242], [100, 242]]      # ... a tile 30 wide not read
    found = {"width": 800, "height": 600, "tiles": [[1, 2]], "total": 3, "unreadable": [unread],
             "tiles_detail": [{"values": [1, 2], "confidence": 0.9, "corners": read}]}
    [mark] = unread_marks(found)
    assert mark["corners"] == unread and mark["r"] == round(max(min(800 / 26, 0.32 * 30), 800 / 90), 1) == 9.6
    assert mark["by"] > 242 and not _touches(read, (mark["bx"], mark["by"]), mark["r"])


def test_a_badge_stays_whole_on_the_photo_and_off_every_tile():
    """A badge goes outside its tile's topmost corner; where that is past the photo's top edge
    (its number unseen) or on another tile (over its pips), outside the next corner down."""
    import math

    from chickenyard.storage.photos import _touches, review_marks
    tiles = [
        [[100, 2], [160, 10], [140, 130], [80, 122]],          # at the top edge
        [[300, 100], [360, 100], [360, 220], [300, 220]],      # clear of everything
        [[380, 140], [540, 140], [540, 200], [380, 200]],      # lying across ...
        [[400, 200], [460, 200], [460, 320], [400, 320]]]      # ... the top of this one's topmost corner
    found = {"width": 600, "height": 400,
             "tiles_detail": [{"values": [1, n], "confidence": 0.9, "corners": c} for n, c in enumerate(tiles)]}
    marks = sorted(review_marks(found), key=lambda m: m["index"])
    for mark, corners in zip(marks, tiles):
        centre = (sum(x for x, _ in corners) / 4, sum(y for _, y in corners) / 4)
        badge, r = (mark["bx"], mark["by"]), mark["r"]
        assert r <= badge[0] <= 600 - r and r <= badge[1] <= 400 - r                     # whole on the photo
        assert math.dist(badge, centre) > max(math.dist(c, centre) for c in corners)     # off its own tile
        assert not any(_touches(other, badge, r) for other in tiles if other is not corners)
    assert marks[1]["by"] < 100 and marks[1]["bx"] < 300      # clear of the edge: outside its topmost corner
    assert marks[3]["by"] > 320                               # its top corners lie against the tile above


def test_a_pip_counter_that_breaks_says_so_in_the_page_and_stores_nothing(client, app, monkeypatch):
    """When the counter itself fails (this week: an OpenCV without the engine it asked for),
    the person gets the upload form back with why and what to do, not an error page."""
    pytest.importorskip("cv2")
    import vision.pipeline

    def broken(*_args, **_kwargs):
        raise AttributeError("module 'cv2.dnn' has no attribute 'ENGINE_CLASSIC'")
    monkeypatch.setattr(vision.pipeline, "analyse", broken)
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    from tests.vision.synthetic import photo_of
    response = upload(client, game_id, ids["Ann"], photo_of([((3, 4), (650, 350), 100)], seed=11))
    said = text(response.get_data(as_text=True), "#error-photo")
    assert response.status_code == 503 and "pip counter failed" in said and "Type the total" in said
    assert connect(app.config["DATABASE"])["photos"].count == 0
