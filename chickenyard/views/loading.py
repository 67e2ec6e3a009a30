"""Loading a game for a page: only with its link's secret, else a clean 404/403."""
from flask import g

from ..access import EDIT, VIEW, require
from ..db import get_db
from ..sheet import Sheet, load_sheet


def sheet_for(game_id: int, need: str = VIEW) -> Sheet:
    sheet = load_sheet(get_db(), game_id)
    g.role = require(sheet.game if sheet else None, need)
    return sheet


def editable_sheet(game_id: int) -> Sheet:
    return sheet_for(game_id, EDIT)


def sheet_context(sheet: Sheet) -> dict:
    """Everything the sheet fragment shows, wherever it is rendered from."""
    from ..store import can_undo
    from ..warnings import sheet_warnings
    db = get_db()
    return {"sheet": sheet, "can_undo": can_undo(db, sheet.id), "warnings": sheet_warnings(db, sheet),
            "etag": live_etag(sheet.id, sheet.game["revision"], g.role)}


def live_etag(game_id: int, revision: int, role: str) -> str:
    return f"g{game_id}-r{revision}-{role}"
