"""A deleted game stays deleted: its ids are never given to a new game, and a phone that still holds
its link writes nothing anywhere, and is told the game was deleted."""
from __future__ import annotations

import sqlite3
import threading

from chickenyard.game.game_changes import delete_game
from chickenyard.storage import migrations, store
from chickenyard.storage.db import connect
from tests.elements import text
from tests.sheet_helpers import hand_form, player_ids, start_game


def _ids(app, table, game_id):
    db = connect(app.config["DATABASE"])
    return {r[0] for r in db.execute(f"select id from {table} where game_id = ?", [game_id])}


def _edit_phone(app, game_id):
    """Another phone that opened the game's edit link."""
    phone = app.test_client()
    phone.get(f"/join/{connect(app.config['DATABASE'])['games'].get(game_id)['edit_key']}")
    return phone


def test_the_game_after_a_delete_gets_new_ids(client, app):
    first = start_game(client)
    old = {t: _ids(app, t, first) for t in ("players", "hands", "changes")}
    assert client.post(f"/games/{first}/delete", data={"sure": "yes"}).status_code == 303
    second = start_game(client)
    assert second > first
    for table, ids in old.items():
        assert not ids & _ids(app, table, second), table


def test_a_phone_saving_into_a_game_deleted_before_its_save_is_told_and_writes_nowhere(client, app):
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    other_phone = _edit_phone(app, game_id)
    assert other_phone.post(f"/games/{game_id}/delete", data={"sure": "yes"}).status_code == 303
    stranger_game = start_game(app.test_client())

    response = client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 5, "Bo": 9, "Cy": 0, "Di": 3}))
    assert response.status_code == 410
    assert text(response, "h1") == "This game was deleted"
    db = connect(app.config["DATABASE"])
    assert db.execute("select count(*) from entries").fetchone()[0] == 0
    assert [r[0] for r in db.execute("select what from changes where game_id = ?", [stranger_game])] == ["game"]


def test_a_delete_between_reading_the_game_and_saving_the_hand_stores_nothing(client, app, monkeypatch):
    """The race, made certain: the other phone's delete lands after this save read the game, before it
    wrote, and a stranger starts a game at that moment."""
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    real_save = store.save_hand
    started = []

    def other_phones():
        delete_game(connect(app.config["DATABASE"]), game_id, app.config["PHOTOS"])
        started.append(start_game(app.test_client()))

    def delete_first(db, *args, **kwargs):
        # the other phones are other requests: a thread of their own, outside this request's context
        other = threading.Thread(target=other_phones)
        other.start(), other.join()
        return real_save(db, *args, **kwargs)

    monkeypatch.setattr(store, "save_hand", delete_first)   # the write store.save_hand_form makes
    response = client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 5, "Bo": 9, "Cy": 0, "Di": 3}))
    assert response.status_code == 410
    assert text(response, "h1") == "This game was deleted"
    db = connect(app.config["DATABASE"])
    assert db.execute("select count(*) from entries").fetchone()[0] == 0
    assert [r[0] for r in db.execute("select what from changes where game_id = ?", started)] == ["game"]


def test_a_stranger_without_the_link_still_finds_nothing(client, app):
    game_id = start_game(client)
    assert client.post(f"/games/{game_id}/delete", data={"sure": "yes"}).status_code == 303
    assert app.test_client().get(f"/games/{game_id}").status_code == 404


def test_the_upgrade_keeps_every_game_and_never_reuses_an_id_after(tmp_path, monkeypatch):
    path = str(tmp_path / "old.db")
    db = connect(path)
    monkeypatch.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:9])
    assert migrations.migrate(db) == 9
    for game_id in (1, 2):
        db["games"].insert({"id": game_id, "game": "chickenfoot", "preset": "classic", "set_size": 9,
                            "house_rules": "{}", "created_at": "2026-01-01T20:00:00+00:00",
                            "edit_key": f"e{game_id}", "view_key": f"v{game_id}"})
        db["players"].insert_all({"game_id": game_id, "seat": s, "name": n} for s, n in enumerate(["Ann", "Bo"], 1))
        db["hands"].insert({"game_id": game_id, "number": 1, "double": 9})
    db["entries"].insert({"hand_id": 2, "player_id": 3, "points": 12})
    before = {t: list(db.query(f"select * from {t} order by id")) for t in ("games", "players", "hands", "entries",
                                                                                "people")}
    monkeypatch.undo()
    assert migrations.migrate(db) == len(migrations.MIGRATIONS)
    for table, rows in before.items():       # later migrations may add columns: the old ones are kept
        after = [{k: row[k] for k in rows[0]} for row in db.query(f"select * from {table} order by id")]
        assert after == rows, table
    assert db.execute("pragma foreign_keys").fetchone()[0] == 1
    assert db.execute("pragma foreign_key_check").fetchall() == []
    # the trigger that joins a seat to its person came through the upgrade
    db["players"].insert({"game_id": 1, "seat": 3, "name": "cy"})
    assert db.execute("select person_id from players where name = 'cy'").fetchone()[0] is not None

    db.execute("delete from entries"), db.execute("delete from hands where game_id = 2")
    db.execute("delete from players where game_id = 2"), db.execute("delete from games where id = 2")
    assert db["games"].insert({"game": "chickenfoot", "preset": "classic", "set_size": 9, "house_rules": "{}",
                               "created_at": "2026-01-02T20:00:00+00:00", "edit_key": "e3",
                               "view_key": "v3"}).last_pk == 3
    try:
        db["entries"].insert({"hand_id": 99, "player_id": 1, "points": 1})
    except sqlite3.IntegrityError:
        pass
    else:
        raise AssertionError("foreign keys are on again after the upgrade")
