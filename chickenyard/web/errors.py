"""Error pages a person can read, and JSON errors for API callers."""
from __future__ import annotations

import sqlite3

from flask import Response, jsonify, make_response, request
from flask_wtf.csrf import CSRFError
from sqlite_utils.db import NotFoundError
from werkzeug.exceptions import HTTPException, NotFound, SecurityError

from referee.words import N_, _

from ..storage.db import GameDeleted, StorageProblem, get_db, storage_problem
from .access import known_game_ids
from .htmx import page
from .limits import Busy


def wants_json() -> bool:
    best = request.accept_mimetypes.best_match(["application/json", "text/html"])
    return request.is_json or best == "application/json" or request.path.endswith(".json")


def register_error_pages(app) -> None:
    @app.errorhandler(CSRFError)
    def csrf_error(error):
        message = _("This form has expired or came from another page. Go back, reload the page and try again.")
        return _error(400, message)

    app.register_error_handler(HTTPException, http_error)
    # table.get() of a game, hand or photo that is not there: the same page as any 404, unless this
    # phone held the game's link and the game is gone: then it was deleted, and the phone is told
    app.register_error_handler(NotFoundError, lambda _missing: game_gone() if _deleted_here()
                               else http_error(NotFound()))
    app.register_error_handler(GameDeleted, lambda _deleted: game_gone())

    @app.errorhandler(SecurityError)
    def untrusted_host(error):
        # no page: it would be built from the very Host that was refused
        return Response("Chickenyard answers only to the table machine's own address or name.\n",
                        400, mimetype="text/plain")

    @app.errorhandler(Busy)
    def busy(error):
        response = make_response(_error(503, str(error)))
        response.headers["Retry-After"] = "5"
        return response

    @app.errorhandler(StorageProblem)
    def storage_error(problem):
        # a page that can keep what was typed catches StorageProblem itself; this is every other one
        return _error(503, str(problem))

    @app.errorhandler(sqlite3.Error)
    def database_error(error):
        problem = storage_problem(error)
        if problem is None:
            raise error
        return _error(503, str(problem))


MESSAGES = {
    403: N_("This phone has the watch link for this game: it follows the sheet but cannot change it. "
            "To keep score on it, open the edit link from the scorekeeper's Share tab."),
    404: N_("There is nothing here. The game may have been deleted, or the link is mistyped."),
    405: N_("That action is not available here."),
    413: N_("That file is too large for Chickenyard (16 MB at most)."),
}


GONE = N_("This game was deleted, on this phone or another one at the table, so nothing more can be "
          "saved in it: nothing you sent was stored. Start a new game from the home page.")


def _deleted_here() -> bool:
    """The game of this address was one this phone held a link to, and it is no longer there."""
    game_id = (request.view_args or {}).get("game_id")
    if game_id is None or game_id not in known_game_ids():
        return False
    try:
        return get_db().execute("select 1 from games where id = ?", [game_id]).fetchone() is None
    except (sqlite3.Error, StorageProblem):       # the database itself is the trouble: the plain 404
        return False


def game_gone():
    return _error(410, _(GONE))


def http_error(error: HTTPException):
    """The page (or JSON) for an HTTP error: what the view said when it said something (abort(403, "...")),
    else the table's words for that status, else werkzeug's."""
    known = MESSAGES.get(error.code)
    said = error.description != type(error).description       # werkzeug's default is a class attribute
    return _error(error.code or 500, str(error.description) if said or not known else _(known))


def _error(status: int, message: str):
    if wants_json():
        return jsonify({"error": message, "status": status}), status
    return page("error.html", "_error.html", status, code=status, message=message)
