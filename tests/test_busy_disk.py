"""A busy, full, read-only or broken disk: a 503 that says so, what was typed kept, nothing half-stored."""
from __future__ import annotations

import gc
import io
import os
import re
import subprocess
import sys
from contextlib import contextmanager

import pytest

from app import create_app
from chickenyard.storage.db import connect
from tests.conftest import TableClient
from tests.elements import error_said, element, elements, text, whole_page
from tests.sheet_helpers import hand_form, player_ids, start_game, totals_row
from tests.test_odd_input import field_error


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "chickenyard.db"), "SECRET_KEY": "test-secret",
                      "PHOTOS": str(tmp_path / "photos"), "DATABASE_BUSY_MS": 200})
    app.test_client_class = TableClient
    return app


@contextmanager
def another_program_writing(database):
    """Another process holds the database's write lock until the block ends."""
    holder = subprocess.Popen([sys.executable, "-c", (
        "import sqlite3, sys\n"
        f"c = sqlite3.connect({str(database)!r}, isolation_level=None)\n"
        "c.execute('BEGIN IMMEDIATE'); print('locked', flush=True); sys.stdin.read()")],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        yield
    finally:
        holder.stdin.close()
        holder.wait(timeout=10)


def form_problem(html) -> str:
    return text(html, 'p.form-problem#error-form[role="alert"]')


@pytest.mark.parametrize("htmx", [False, True])
def test_a_save_while_another_program_holds_the_database_is_a_503_that_keeps_the_typing(client, app, htmx):
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    opened = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    version = re.search(r'name="version" value="(\d+)"', opened).group(1)
    form = {**hand_form(ids, {"Ann": 7, "Bo": 12}), "version": version}
    headers = {"HX-Request": "true"} if htmx else {}
    with another_program_writing(app.config["DATABASE"]):
        busy = client.post(f"/games/{game_id}/hands/1", data=form, headers=headers)
    html = busy.get_data(as_text=True)
    assert busy.status_code == 503
    assert "busy" in form_problem(html) and "tap save again" in form_problem(html)
    assert element(html, f'input[name="points-{ids["Ann"]}"]')["value"] == "7"
    assert element(html, f'input[name="points-{ids["Bo"]}"]')["value"] == "12"
    assert whole_page(html) is not htmx
    assert connect(app.config["DATABASE"])["entries"].count == 0
    # the second tap sends the same form again
    again = re.search(r'name="version" value="(\d+)"', html).group(1)
    saved = client.post(f"/games/{game_id}/hands/1", data={**form, "version": again})
    assert saved.status_code == 303
    assert totals_row(client.get(f"/games/{game_id}").get_data(as_text=True))[:2] == ["7", "12"]


def test_a_new_game_while_the_database_is_busy_keeps_the_names(client, app):
    client.get("/")
    with another_program_writing(app.config["DATABASE"]):
        response = client.post("/games/new", data={"game": "chickenfoot", "preset": "classic", "set": "9",
                                                   "double_blank": "50", "player": ["Ann", "Bo", "Cy"]})
    html = response.get_data(as_text=True)
    assert response.status_code == 503 and "busy" in form_problem(html)
    assert [seat.get("value") for seat in elements(html, 'input[name="player"]')][:3] == ["Ann", "Bo", "Cy"]
    assert connect(app.config["DATABASE"])["games"].count == 0


def test_renames_and_a_late_player_while_busy_keep_what_was_typed(client, app):
    game_id = start_game(client)
    ann = connect(app.config["DATABASE"]).execute("select id from people where name = 'Ann'").fetchone()[0]
    client.get(f"/games/{game_id}/settings")
    with another_program_writing(app.config["DATABASE"]):
        game_name = client.post(f"/games/{game_id}/name", data={"name": "Grandma's birthday", "was": ""})
        late = client.post(f"/games/{game_id}/players", data={"player": "Eve", "start": "zero"})
        person = client.post(f"/players/{ann}/rename", data={"name": "Annie", "was": "Ann"})
    for response, field, typed in ((game_name, "name", "Grandma's birthday"), (late, "player", "Eve")):
        assert response.status_code == 503
        assert "busy" in field_error(response, field)
        kept = element(response, f'input#{field}[name="{field}"]')
        assert kept["value"] == typed and kept.has_attr("maxlength"), field
    assert element(late, 'input[name="start"][value="zero"]').has_attr("checked")
    assert person.status_code == 503 and "busy" in text(person, "#people-problem")
    assert element(person, 'input#name[name="name"]')["value"] == "Annie"
    db = connect(app.config["DATABASE"])
    assert db["games"].get(game_id)["name"] is None and db["players"].count == 4
    assert db.execute("select name from people where id = ?", [ann]).fetchone()[0] == "Ann"


def test_any_other_write_while_busy_is_a_503_page_and_json_for_the_api(client, app):
    game_id = start_game(client)
    with another_program_writing(app.config["DATABASE"]):
        undo = client.post(f"/games/{game_id}/undo", data={})
        imported = client.post("/games/import", data='{"format": "chickenyard/game-v1", "preset": "classic", '
                               '"set": 9, "players": ["Ann", "Bo", "Cy"]}', content_type="application/json")
    assert undo.status_code == 503 and "busy" in error_said(undo)
    assert imported.status_code == 503 and "busy" in imported.get_json()["error"]


def test_a_full_database_is_a_clear_message_and_stores_nothing_half(client, app, monkeypatch):
    import chickenyard.storage.db as database
    real_connect = database.connect

    def crowded(*args, **kwargs):        # the disk holds no more pages than the database has now
        db = real_connect(*args, **kwargs)
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        db.execute(f"PRAGMA max_page_count = {pages}")
        return db
    start_game(client)
    monkeypatch.setattr(database, "connect", crowded)
    form = {"game": "chickenfoot", "preset": "classic", "set": "15", "double_blank": "50",
            "player": [f"Player {i} with a long name" for i in range(8)]}
    for _ in range(100):
        response = client.post("/games/new", data=form)
        if response.status_code != 303:
            break
    html = response.get_data(as_text=True)
    assert response.status_code == 503 and "run out of disk space" in form_problem(html)
    assert "Player 7 with a long name" in [seat.get("value") for seat in elements(html, 'input[name="player"]')]
    db = real_connect(app.config["DATABASE"])
    assert db["games"].count == db.execute("select count(distinct game_id) from players").fetchone()[0]


def failing_file(error: OSError, written: int = 0):
    """An `open` for the photo's file whose write puts down `written` bytes, then fails with `error`."""
    real_open = open

    class FailingFile:
        def __init__(self, path, mode):
            self.file = real_open(path, mode)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.file.close()

        def write(self, data):
            self.file.write(data[:written])
            raise error
    return FailingFile


def test_a_photo_on_a_full_disk_leaves_no_file_behind(client, app, monkeypatch, tmp_path):
    pytest.importorskip("cv2")
    from tests.vision.synthetic import photo_of
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    # the file is created, then the disk fills while writing
    monkeypatch.setattr("chickenyard.storage.photos.open", failing_file(OSError(28, "No space left on device"), 100),
                        raising=False)
    response = client.post(f"/games/{game_id}/hands/1/players/{ids['Ann']}/photo",
                           data={"photo": (io.BytesIO(photo_of([((3, 4), (400, 300), 0)], seed=2)), "t.jpg")},
                           content_type="multipart/form-data")
    assert response.status_code == 503 and "run out of disk space" in text(response, "#error-photo")
    assert not [p for p in (tmp_path / "photos").rglob("*") if p.is_file()]
    assert connect(app.config["DATABASE"])["photos"].count == 0


@pytest.mark.parametrize("free", [0, 50 * 1024 * 1024])
def test_a_photo_that_fails_as_an_io_error_on_a_full_disk_says_the_disk_is_full(client, app, monkeypatch, free):
    pytest.importorskip("cv2")
    import shutil
    from tests.vision.synthetic import photo_of
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    # the disk answers the write with an I/O error, as a full one may
    monkeypatch.setattr("chickenyard.storage.photos.open", failing_file(OSError(5, "Input/output error")), raising=False)
    monkeypatch.setattr(shutil, "disk_usage", lambda _folder: shutil._ntuple_diskusage(10**9, 10**9 - free, free))
    response = client.post(f"/games/{game_id}/hands/1/players/{ids['Ann']}/photo",
                           data={"photo": (io.BytesIO(photo_of([((3, 4), (400, 300), 0)], seed=2)), "t.jpg")},
                           content_type="multipart/form-data")
    said = re.search(r'id="error-photo">([^<]*)<', response.get_data(as_text=True)).group(1)
    assert response.status_code == 503
    assert ("run out of disk space" in said) == (free == 0) and ("could not write" in said) == (free > 0)


@contextmanager
def read_only(folder):
    """The folder as on a disk remounted read-only: a real read-only mount for the superuser (who
    ignores permission bits), the permission bits for anyone else."""
    if os.geteuid() != 0:
        os.chmod(folder, 0o555)
        try:
            yield
        finally:
            os.chmod(folder, 0o755)
        return
    if subprocess.run(["mount", "--bind", str(folder), str(folder)], capture_output=True).returncode:
        pytest.skip("no permission to mount a read-only folder here")
    try:
        subprocess.run(["mount", "-o", "remount,bind,ro", str(folder)], check=True, capture_output=True)
        yield
    finally:
        subprocess.run(["umount", "--lazy", str(folder)], check=True)   # lazy: connections may still be open


def test_a_read_only_instance_serves_the_sheets_with_a_banner(tmp_path, monkeypatch):
    instance = tmp_path / "instance"
    monkeypatch.setenv("CHICKENYARD_INSTANCE", str(instance))
    first = create_app({"TESTING": True})
    first.test_client_class = TableClient
    writer = first.test_client()
    game_id = start_game(writer)
    writer.post(f"/games/{game_id}/hands/1", data=hand_form(player_ids(first, game_id), {"Ann": 7}))
    edit_key = connect(first.config["DATABASE"])["games"].get(game_id)["edit_key"]
    with read_only(instance):
        app = create_app({"TESTING": True})          # starts: no error on the missing write access
        app.test_client_class = TableClient
        phone = app.test_client()
        assert app.config["READ_ONLY"]
        assert phone.get(f"/join/{edit_key}").status_code == 303
        sheet = phone.get(f"/games/{game_id}")
        html = sheet.get_data(as_text=True)
        assert sheet.status_code == 200 and totals_row(html)[0] == "7"
        assert "nothing can be saved" in text(html, "p.read-only-banner")
        refused = phone.post(f"/games/{game_id}/hands/1", data=hand_form(player_ids(app, game_id), {"Bo": 3}))
        assert refused.status_code == 503 and "read-only" in error_said(refused)
        assert phone.get("/").status_code == 200


def test_a_disk_that_turns_read_only_while_serving_keeps_the_sheets_readable(tmp_path, monkeypatch):
    from chickenyard.storage import instance as instance_module
    from tests.test_watch_codes import code_on_share_page
    instance = tmp_path / "instance"
    monkeypatch.setenv("CHICKENYARD_INSTANCE", str(instance))
    app = create_app({"TESTING": True})
    app.test_client_class = TableClient
    phone = app.test_client()
    game_id = start_game(phone)
    ids = player_ids(app, game_id)
    phone.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 7}))
    code = code_on_share_page(phone, game_id)
    gc.collect()             # every connection closed, as between a server's requests: no -wal or -shm left
    assert sorted(p.name for p in instance.iterdir()) == ["chickenyard.db", "secret_key"]
    with read_only(instance):
        sheet = phone.get(f"/games/{game_id}")
        html = sheet.get_data(as_text=True)
        assert sheet.status_code == 200 and totals_row(html)[0] == "7"
        assert "nothing can be saved" in text(html, "p.read-only-banner")
        assert phone.get("/").status_code == 200 and phone.get(f"/games/{game_id}/history").status_code == 200
        refused = phone.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Bo": 3}))
        assert refused.status_code == 503 and "read-only" in error_said(refused)
        watcher = app.test_client()
        assert watcher.post("/watch", data={"code": code}).status_code == 303       # a cookie, no database write
        assert watcher.get(f"/games/{game_id}").status_code == 200
        assert phone.post("/device", data={"device": "Ann's phone"}).status_code == 303
    monkeypatch.setattr(instance_module, "RECHECK_SECONDS", 0)
    saved = phone.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 7, "Bo": 3}))
    assert saved.status_code == 303                                   # the disk takes writes again
    assert elements(phone.get(f"/games/{game_id}"), "p.read-only-banner") == []


def test_on_a_disk_read_only_from_the_start_a_watch_code_and_the_phones_name_still_work(tmp_path, monkeypatch):
    from tests.test_watch_codes import code_on_share_page
    instance = tmp_path / "instance"
    monkeypatch.setenv("CHICKENYARD_INSTANCE", str(instance))
    first = create_app({"TESTING": True})
    first.test_client_class = TableClient
    game_id = start_game(first.test_client())
    edit_key = connect(first.config["DATABASE"])["games"].get(game_id)["edit_key"]
    with read_only(instance):
        app = create_app({"TESTING": True})
        app.test_client_class = TableClient
        phone = app.test_client()
        phone.get(f"/join/{edit_key}")
        code = code_on_share_page(phone, game_id)
        watcher = app.test_client()
        assert watcher.post("/watch", data={"code": code}).status_code == 303
        assert watcher.post("/device", data={"device": "TV"}).status_code == 303
        assert watcher.get(f"/games/{game_id}").status_code == 200


def test_an_empty_or_short_secret_key_is_replaced_whole(tmp_path):
    from chickenyard.storage.instance import instance_secret
    key = tmp_path / "secret_key"
    for content in ("", "abc\n"):
        key.write_text(content)
        secret = instance_secret(tmp_path)
        assert len(secret) == 64 and key.read_text() == secret
        assert oct(key.stat().st_mode & 0o777) == "0o600"
    assert instance_secret(tmp_path) == secret               # a good one is kept
    assert sorted(p.name for p in tmp_path.iterdir()) == ["secret_key"]   # no temporary file left


def test_a_secret_key_is_never_left_half_written(tmp_path, monkeypatch):
    from chickenyard.storage import instance
    (tmp_path / "secret_key").write_text("k" * 64)

    def power_cut(*args):
        raise OSError(5, "Input/output error")
    monkeypatch.setattr(instance.os, "fsync", power_cut)
    with pytest.raises(OSError):
        instance.write_atomically(tmp_path / "secret_key", "n" * 64)
    assert (tmp_path / "secret_key").read_text() == "k" * 64
    assert sorted(p.name for p in tmp_path.iterdir()) == ["secret_key"]
