"""Writing the score sheet: new games, saved hands and the audit trail (undo.py takes changes back).

Every function here is one user action and runs in one transaction. Each
change to an entry is kept with the entry before and after, so that undo
restores exactly what was there and the history loses nothing.
"""
from __future__ import annotations

import json
import secrets
from dataclasses import dataclass

from referee.rulesets import RuleSet

from sqlite_utils.db import NotFoundError

from ..game.conflicts import Conflict, merge
from ..game.people import person_for
from ..game.sheet import Entry, Sheet, load_sheet
from .clock import now
from .db import get_row, transaction


class StaleHand(Exception):
    """The hand changed on another phone since this form was opened."""


def create_game(db, *, rules: RuleSet, set_size: int, players: list[str], hand_doubles: list[int],
                device: str | None = None, first_starter: int | None = None, started_by_form: str | None = None) -> int:
    at = now()
    with transaction(db):
        game_id = db["games"].insert({
            "started_by_form": started_by_form,
            "game": rules.game,         # the game follows from its rule set
            "preset": rules.preset, "set_size": set_size,
            "house_rules": json.dumps(rules.house_rules, sort_keys=True),
            "created_at": at, "updated_at": at, "finished_at": None,
            "edit_key": new_key(), "view_key": new_key(), "revision": 0, "first_starter": first_starter,
        }).last_pk
        db["players"].insert_all({"game_id": game_id, "seat": seat, "name": name, "person_id": person_for(db, name)}
                                 for seat, name in enumerate(players, start=1))
        db["hands"].insert_all({"game_id": game_id, "number": number, "double": double, "version": 0}
                               for number, double in enumerate(hand_doubles, start=1))
        _record(db, game_id, _next_action(db, game_id), "game", None, None, None,
                {"players": players, "preset": rules.preset, "set": set_size}, at, device)
    return game_id


def create_game_once(db, started_by_form: str, **game) -> tuple[int, bool]:
    """A game started from a new-game form (`started_by_form`: its token), and whether it is new: the
    same form sent again (a double tap, Back and send again) finds the game it started."""
    with transaction(db):
        row = db.execute("select id from games where started_by_form = ?", [started_by_form]).fetchone()
        if row is not None:
            return row[0], False
        return create_game(db, started_by_form=started_by_form, **game), True


def save_hand(db, sheet: Sheet, hand_number: int, entries: dict[int, Entry], *,
              device: str | None = None, expected_version: int | None = None) -> int:
    """Store a hand's entries; returns how many entries changed."""
    at = now()
    with transaction(db):
        hand = _hand_row(db, sheet.id, hand_number)
        if expected_version is not None and hand["version"] != expected_version:
            raise StaleHand(hand_number)
        current = {r["player_id"]: Entry.from_row(r) for r in
                   db.query("select * from entries where hand_id = ?", [hand["id"]])}
        action = _next_action(db, sheet.id)
        changed = 0
        for player in sheet.players:
            old = current.get(player.id, Entry()).snapshot()
            new = entries.get(player.id, Entry()).snapshot()
            if old == new:
                continue
            _put_entry(db, hand["id"], player.id, new)
            _record(db, sheet.id, action, "entry", hand["id"], player.id, old, new, at, device)
            changed += 1
        if changed:
            _touch(db, sheet.id, [hand["id"]], at)
    return changed


@dataclass(frozen=True)
class FormSave:
    """What came of saving a hand's form: how many entries changed, or the sheet as it is now and
    what the person must look at before saving again (see `save_hand_form`)."""
    changed: int = 0
    conflicts: tuple[Conflict, ...] = ()    # players both phones changed: the person chooses
    merged: dict[int, Entry] | None = None  # beside the conflicts, every other player's merged value
    sheet: Sheet | None = None              # as last read, when not saved
    saved: bool = True


SAVE_TRIES = 3      # another phone saving between our read and our write: merged again, so often


def save_hand_form(db, sheet: Sheet, hand_number: int, mine: dict[int, Entry], *, opened_version: str,
                   base: dict[int, dict | None] | None, choices: dict[int, str], unchosen: list[int],
                   device: str | None = None) -> FormSave:
    """Save a hand's form, merged with what other phones saved since it was opened (conflicts.py):
    `base`, the entries as the form saw them (None: an older page, the last save wins, as on paper);
    `choices`, the value the person kept for each player asked about; `unchosen`, players asked
    about with nothing chosen. StorageProblem when the disk refuses the write."""
    hand = sheet.hand(hand_number)
    if unchosen:
        return FormSave(conflicts=tuple(Conflict(pid, hand.entry(pid), mine.get(pid, Entry())) for pid in unchosen),
                        sheet=sheet, saved=False)
    for _attempt in range(SAVE_TRIES):
        entries, expected, conflicts = _resolve(mine, opened_version, base, choices, hand)
        if conflicts:
            return FormSave(conflicts=tuple(conflicts), merged=entries, sheet=sheet, saved=False)
        try:
            return FormSave(changed=save_hand(db, sheet, hand_number, entries, device=device,
                                              expected_version=expected))
        except StaleHand:           # another phone saved between our read and our write: merge again
            fresh = load_sheet(db, sheet.id)
            hand = fresh.hand(hand_number)
            sheet = fresh.at(hand)
    return FormSave(sheet=sheet, saved=False)


def _resolve(mine, opened_version, base, choices, hand) -> tuple[dict[int, Entry], int | None, list[Conflict]]:
    """The entries to store for this form against the hand as stored now, the version the write
    expects (None: any), and the conflicts still to be chosen."""
    entries = dict(mine)
    for pid, choice in choices.items():
        if choice == "saved":  # the person chose the other phone's value
            entries[pid] = hand.entry(pid)
    if base is None:
        return entries, None, []
    if opened_version != str(hand.version):
        entries, conflicts = merge(entries, base, hand.entries, choices)
        if conflicts:
            return entries, None, conflicts
    return entries, hand.version, []


def history(db, game_id: int) -> list[dict]:
    """Every change to a game, newest first, with hand and player named."""
    return list(db.query(
        "select c.*, h.number as hand_number, h.double as hand_double, coalesce(pe.name, p.name) as player "
        "from changes c left join hands h on h.id = c.hand_id "
        "left join players p on p.id = c.player_id left join people pe on pe.id = p.person_id "
        "where c.game_id = ? order by c.id desc", [game_id]))


def _hand_row(db, game_id: int, number: int) -> dict:
    rows = list(db.query("select * from hands where game_id = ? and number = ?", [game_id, number]))
    if not rows:
        raise LookupError(f"game {game_id} has no hand {number}")
    return rows[0]


def _put_entry(db, hand_id: int, player_id: int, snap: dict | None) -> None:
    db.execute("delete from entries where hand_id = ? and player_id = ?", [hand_id, player_id])
    if snap is not None:
        db["entries"].insert({
            "hand_id": hand_id, "player_id": player_id, "points": snap["points"],
            "went_out": int(bool(snap["went_out"])),
            "tiles": None if snap["tiles"] is None else json.dumps(snap["tiles"]),
            "tiles_left": snap.get("tiles_left"),
        })


def set_first_starter(db, game_id: int, seat: int) -> None:
    """The player designated to start the game (the starter then rotates clockwise)."""
    with transaction(db):
        db.execute("update games set first_starter = ?, revision = revision + 1 where id = ?", [seat, game_id])


def games_listed(db, game_ids: list[int]) -> list[dict]:
    """The home page's games, newest change first: players' names, hands in all and hands entered."""
    return list(db.query(
        "select g.*, (select group_concat(name, ', ') from "
        "(select coalesce(pe.name, pl.name) as name from players pl left join people pe on pe.id = pl.person_id "
        " where pl.game_id = g.id and not pl.off_sheet order by pl.seat)) as names, "
        "(select count(*) from hands where game_id = g.id) as hand_count, "
        "(select count(distinct e.hand_id) from entries e join hands h on h.id = e.hand_id "
        " where h.game_id = g.id) as hands_entered "
        f"from games g where g.id in ({', '.join('?' * len(game_ids))}) "
        "order by g.updated_at desc, g.id desc", game_ids))


def game_with_key(db, key: str) -> int:
    """The game whose edit or view link has this secret (NotFoundError when none has)."""
    rows = list(db.query("select id from games where edit_key = ? or view_key = ?", [key, key]))
    if not rows:
        raise NotFoundError(key)
    return rows[0]["id"]


def access_row(db, game_id: int) -> dict:
    """What access and the live poll need of a game: one primary-key read (NotFoundError if none)."""
    return get_row(db, "games", game_id)


def new_key() -> str:
    """A link secret: 192 random bits, unguessable from the table's Wi-Fi."""
    return secrets.token_urlsafe(24)


def rotate_key(db, game_id: int, link: str) -> str:
    """A new edit or view link for the game; the old one stops working at once."""
    column = {"edit": "edit_key", "view": "view_key"}[link]
    key = new_key()
    with transaction(db):
        db.execute(f"update games set {column} = ?, revision = revision + 1 where id = ?", [key, game_id])
    return key


def _touch(db, game_id: int, hand_ids: list[int], at: str) -> None:
    """After a change: each changed hand's version, the game's revision, and whether it is finished."""
    for hand_id in hand_ids:
        db.execute("update hands set version = version + 1 where id = ?", [hand_id])
    db.execute("update games set updated_at = ?, revision = revision + 1 where id = ?", [at, game_id])
    # finished when every player has a score in every hand (the sheet knows each game's idea of a
    # finished hand); an edit can reopen it
    complete = load_sheet(db, game_id).finished
    db.execute("update games set finished_at = case when :done then coalesce(finished_at, :at) end "
               "where id = :g", {"done": complete, "at": at, "g": game_id})


def _next_action(db, game_id: int) -> int:
    return (db.execute("select max(action) from changes where game_id = ?",
                       [game_id]).fetchone()[0] or 0) + 1


def _record(db, game_id, action, what, hand_id, player_id, old, new, at, device, undoes=None, redoes=None) -> int:
    return db["changes"].insert({
        "game_id": game_id, "action": action, "what": what, "hand_id": hand_id,
        "player_id": player_id, "old": None if old is None else json.dumps(old),
        "new": None if new is None else json.dumps(new), "at": at,
        "device": device or None, "undone_by": None, "undoes": undoes, "redoes": redoes,
    }).last_pk
