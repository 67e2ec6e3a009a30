"""The referee's look over the sheet: warnings per hand, and dismissing them."""
from __future__ import annotations

from referee.plausibility import Finding, check_hand

from ..storage.clock import now
from ..storage.db import transaction
from .hand_entries import stored_typed
from .sheet import Sheet


def sheet_warnings(db, sheet: Sheet) -> dict[int, list[Finding]]:
    """Hand number -> the warnings not yet dismissed for it."""
    dismissed = {(r["hand_id"], r["code"], r["player"] or "") for r in db.query(
        "select d.* from dismissed d join hands h on h.id = d.hand_id where h.game_id = ?", [sheet.id])}
    result = {}
    for hand in sheet.hands:
        if not hand.started():
            continue
        # the round as stored, read as the score form reads it (Super 15's tiles left included)
        entries = list(stored_typed(sheet, hand).values())
        found = [f for f in check_hand(sheet.rules, sheet.set_size, hand.double, entries)
                 if (hand.id, f.code, f.player or "") not in dismissed]
        if found:
            result[hand.number] = found
    return result


def dismiss(db, sheet: Sheet, hand_number: int, code: str, player: str) -> None:
    hand = sheet.hand(hand_number)      # NotFoundError when the sheet has no such hand
    with transaction(db):
        db["dismissed"].insert({"hand_id": hand.id, "code": code[:40], "player": player[:40] or "",
                                "at": now()}, ignore=True)
        db.execute("update games set revision = revision + 1 where id = ?", [sheet.id])
