"""Error pages a person can read, and JSON errors for API callers."""
from __future__ import annotations

from flask import jsonify, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException


def wants_json() -> bool:
    best = request.accept_mimetypes.best_match(["application/json", "text/html"])
    return request.is_json or best == "application/json" or request.path.endswith(".json")


def register_error_pages(app) -> None:
    @app.errorhandler(CSRFError)
    def csrf_error(error):
        message = ("This form has expired or came from another page. "
                   "Go back, reload the page and try again.")
        return _error(400, message)

    app.register_error_handler(HTTPException, http_error)


MESSAGES = {
    403: ("This phone has the watch link for this game: it follows the sheet but cannot change it. "
          "To keep score on it, open the edit link from the scorekeeper's Share tab."),
    404: "There is nothing here. The game may have been deleted, or the link is mistyped.",
    405: "That action is not available here.",
    413: "That file is too large for Chickenyard (16 MB at most).",
}


def http_error(error: HTTPException):
    """The page (or JSON) for an HTTP error, in the table's words."""
    return _error(error.code or 500, MESSAGES.get(error.code, error.description))


def _error(status: int, message: str):
    if wants_json():
        return jsonify({"error": message, "status": status}), status
    return render_template("error.html", status=status, message=message), status
