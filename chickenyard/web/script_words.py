"""The words app.js says (a save that failed, a lost connection, the tile picker's sum), in the
table's language: the page carries them as JSON in base.html (a data block, which the CSP lets
through as it runs nothing), and app.js reads them by key. {name} marks a value app.js fills in."""
from __future__ import annotations

from referee.words import _

# the keys app.js asks for; each message is marked here and translated per request
WORDS = {
    "picker_one": lambda: _("{count} tile: {points} points"),
    "picker_many": lambda: _("{count} tiles: {points} points"),
    "save_0": lambda: _("Not saved: this phone could not reach the table's computer (is the Wi-Fi on?). What you "
                        "typed is still here: press the button again once the phone is back on the Wi-Fi."),
    "save_400": lambda: _("Not saved: this page is too old. Note what you typed, reload the page and enter it again."),
    "save_403": lambda: _("Not saved: this phone only watches this game. Ask the scorekeeper for the edit link "
                          "(their Share tab)."),
    "save_404": lambda: _("Not saved: this phone can no longer change this game (its edit link was replaced, or the "
                          "game was deleted). Note what you typed, then open the new edit link from the "
                          "scorekeeper's Share tab."),
    "save_410": lambda: _("Not saved: this game was deleted, on this phone or another one at the table. Nothing you "
                          "typed was stored anywhere; start a new game from the home page."),
    "save_413": lambda: _("Not saved: that is too much for Chickenyard to receive at once."),
    "save_other": lambda: _("Not saved: the table's computer had a problem. What you typed is still here: press the "
                            "button again; if it keeps failing, write the scores on paper."),
    "connection_lost": lambda: _("Connection lost at {time}: the scores shown may be out of date. Trying again by "
                                 "itself…"),
    "leave_unsaved": lambda: _("Leave without saving? What you typed on this page will be lost."),
    "copied": lambda: _("Copied"),
}


def script_words() -> dict[str, str]:
    return {key: words() for key, words in WORDS.items()}
