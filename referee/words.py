"""The referee's words in the table's language.

The referee has no Flask: the app installs its catalogue here (chickenyard/web/languages.py), and the
referee alone (its tests, the command line) speaks English. A message is marked with `_()` and
filled in through %(name)s placeholders, as gettext expects, so a translation may move them."""
from __future__ import annotations

from collections.abc import Callable, Iterable

_speak: dict[str, Callable] = {
    "gettext": lambda message: message,
    "ngettext": lambda one, many, n: one if n == 1 else many,
    "names": lambda names: " and ".join(names),
}


def install(gettext: Callable, ngettext: Callable, names: Callable) -> None:
    """Speak through these: gettext(message), ngettext(one, many, n), names(list) -> 'Ann and Bo'."""
    _speak.update(gettext=gettext, ngettext=ngettext, names=names)


def _(message: str, **values) -> str:
    text = _speak["gettext"](message)
    return text % values if values else text


def ngettext(one: str, many: str, n: int, **values) -> str:
    """'%(num)d tile' or '%(num)d tiles', chosen by the language's plural rule for n."""
    return _speak["ngettext"](one, many, n) % {"num": n, **values}


def N_(message: str) -> str:
    """Marks a message for the catalogue where it is defined; `_()` translates it where it is shown."""
    return message


def names(people: Iterable[str]) -> str:
    """'Ann and Bo', 'Ann, Bo and Cy' in the table's language."""
    return _speak["names"]([str(p) for p in people])


class Word:
    """A word of a game (its 'hand', its 'chicken yard'), read in the table's language."""

    def __init__(self, message: str):
        self.message = message

    def __get__(self, game, kind=None) -> str:
        return _(self.message)
