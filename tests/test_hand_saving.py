"""Saving a hand's form beside another phone: the merge and the retry next to the write
(store.save_hand_form), on a real database."""
from __future__ import annotations

import json

from chickenyard.game.sheet import Entry, load_sheet
from chickenyard.storage.db import connect
from chickenyard.storage.store import save_hand, save_hand_form

from .sheet_helpers import player_ids, start_game


def _opened(app, client):
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    db = connect(app.config["DATABASE"])
    sheet = load_sheet(db, game_id)
    return db, sheet, ids


def test_a_save_between_the_read_and_the_write_is_merged_and_both_kept(app, client):
    db, opened, ids = _opened(app, client)
    base = {pid: None for pid in ids.values()}
    # another phone saves Bo's score after this phone read the sheet, before it writes
    save_hand(db, opened, 1, {ids["Bo"]: Entry(points=12)})
    outcome = save_hand_form(db, opened, 1, {ids["Ann"]: Entry(points=7)}, opened_version="0", base=base,
                             choices={}, unchosen=[])
    assert outcome.saved and outcome.changed == 1
    hand = load_sheet(db, opened.id).hand(1)
    assert (hand.entry(ids["Ann"]).points, hand.entry(ids["Bo"]).points) == (7, 12)


def test_both_phones_changing_one_player_is_a_conflict_and_nothing_is_written(app, client):
    db, opened, ids = _opened(app, client)
    base = {pid: None for pid in ids.values()}
    save_hand(db, opened, 1, {ids["Ann"]: Entry(points=12)})
    outcome = save_hand_form(db, opened, 1, {ids["Ann"]: Entry(points=7)}, opened_version="0", base=base,
                             choices={}, unchosen=[])
    assert not outcome.saved
    assert [(c.player_id, c.saved.points, c.mine.points) for c in outcome.conflicts] == [(ids["Ann"], 12, 7)]
    assert load_sheet(db, opened.id).hand(1).entry(ids["Ann"]).points == 12


def test_the_value_the_person_chose_is_the_one_kept(app, client):
    db, opened, ids = _opened(app, client)
    save_hand(db, opened, 1, {ids["Ann"]: Entry(points=12)})
    sheet = load_sheet(db, opened.id)
    base = {pid: None for pid in ids.values()}
    base[ids["Ann"]] = json.loads(json.dumps(Entry(points=3).snapshot()))
    outcome = save_hand_form(db, sheet, 1, {ids["Ann"]: Entry(points=7)}, opened_version="0", base=base,
                             choices={ids["Ann"]: "mine"}, unchosen=[])
    assert outcome.saved
    assert load_sheet(db, opened.id).hand(1).entry(ids["Ann"]).points == 7


def test_a_conflict_shown_and_left_unchosen_is_asked_again(app, client):
    db, opened, ids = _opened(app, client)
    outcome = save_hand_form(db, opened, 1, {ids["Ann"]: Entry(points=7)}, opened_version="0", base=None,
                             choices={}, unchosen=[ids["Ann"]])
    assert not outcome.saved and [c.player_id for c in outcome.conflicts] == [ids["Ann"]]
    assert load_sheet(db, opened.id).hand(1).entry(ids["Ann"]).points is None
