"""Checking a game's set-up, once for every way a game is set up.

The new-game form, the blank-sheet form, a saved game brought back (transfer.py), a player who
sits down late, a player renamed and a game renamed all choose a game, its rule set and set, or
name players or the game; each asks here, and gets its problems by field ("game", "preset", "set",
"player") in the table's words, as the contact-app's one `validate()` serves its form and its JSON
alike: the import names the document's field before the same words.
"""
from __future__ import annotations

import re

from referee.games import GAMES
from referee.rulesets import RuleSet, UnknownPreset, rule_set
from referee.words import _

from .typed import has_control_characters, whole_number

MAX_NAME = 40           # characters of a player's name: a column of the printed sheet
MAX_GAME_NAME = 60      # characters of a game's name: the title of its sheet


def clean_name(text: str) -> str:
    """A typed name as it is kept: no spaces at the ends, one space between words."""
    return re.sub(" {2,}", " ", text.strip())


def name_problem(name: str) -> str | None:
    """What is wrong with one cleaned name (None: nothing; an empty name is the caller's to refuse)."""
    if has_control_characters(name):
        return _("Write the name on one line, without tabs or other control characters.")
    if len(name) > MAX_NAME:
        return _("Keep the name to %(most)s characters.", most=MAX_NAME)
    return None


def names_problem(names: list[str]) -> str | None:
    """What is wrong with the cleaned names of the players at one table (None: nothing)."""
    return written_names_problem(names) or same_names_problem(names)


def written_names_problem(names: list[str]) -> str | None:
    """A cleaned name that is not on one line, or too long (None: each is fine)."""
    if any(has_control_characters(n) for n in names):
        return _("Write each name on one line, without tabs or other control characters.")
    if any(len(n) > MAX_NAME for n in names):
        return _("Keep each name to %(most)s characters.", most=MAX_NAME)
    return None


def same_names_problem(names: list[str]) -> str | None:
    """Two of the players at the table at once share a name (None: they do not)."""
    if len({n.casefold() for n in names}) != len(names):
        return _("Two players have the same name; add an initial to tell them apart.")
    return None


def clean_game_name(text: str) -> str:
    """A typed game name as it is kept: on one line, one space between words ('': no name)."""
    return " ".join(text.split())


def game_name_problem(name: str) -> str | None:
    """What is wrong with a cleaned game name (None: nothing)."""
    if len(name) > MAX_GAME_NAME:
        return _("Keep the game's name to %(most)s characters.", most=MAX_GAME_NAME)
    if has_control_characters(name):
        return _("Write the game's name on one line, without tabs or other control characters.")
    return None


def check_game(problems: dict[str, str], game: str, preset: str, set_text: str,
               blank_set_is_smallest: bool = False, as_given: bool = False) -> tuple[RuleSet | None, int | None]:
    """The rule set and set a table chose, or a problem by field. On a form, a game of one rule set
    plays it (the rule set chosen stays as it was ticked for Chickenfoot), with its one set; a saved
    game (`as_given`) names its own rule set and set, and nothing is filled in for it."""
    kind = GAMES.get(game)
    if kind is None:
        problems["game"] = _("Choose a game Chickenyard knows: %(games)s.",
                             games=", ".join(g.name for g in GAMES.values()))
        return None, None
    try:
        rules = rule_set(preset if as_given else kind.preset_for(preset))
    except UnknownPreset:
        problems["preset"] = _("Choose one of the rule sets: %(names)s.", names=", ".join(kind.presets))
        return None, None
    if as_given:
        set_size = whole_number(set_text)
    elif len(rules.sets) == 1 and not kind.several_rule_sets:
        set_size = rules.sets[0]          # Mexican Train and Super 15 are played with the double-15 set
    elif blank_set_is_smallest and not set_text:
        set_size = rules.sets[0]
    else:
        set_size = whole_number(set_text)
    if set_size not in rules.sets:
        problems["set"] = _("The %(rules)s rules are played with a double-%(sets)s set.", rules=_(rules.title),
                            sets=", double-".join(str(s) for s in rules.sets))
        return rules, None
    return rules, set_size


def seats_problem(rules: RuleSet, set_size: int, players: int, hand: int | None = None) -> str | None:
    """The rule set seats too few or too many for this many players (None: they fit); `hand`: the
    hand (or round) of a saved game that would seat them, when players join late or leave."""
    low, high = rules.players(set_size)
    if low <= players <= high:
        return None
    if hand is not None:
        return _("The %(rules)s rules with a double-%(set)s set seat %(low)s to %(high)s players; %(unit)s "
                 "%(number)s would have %(count)s.", rules=_(rules.title), set=set_size, low=low, high=high,
                 unit=rules.kind.unit, number=hand, count=players)
    return _("The %(rules)s rules with a double-%(set)s set seat %(low)s to %(high)s players; you named %(named)s.",
             rules=_(rules.title), set=set_size, low=low, high=high, named=players)
