"""Checking a game's set-up, once for every way a game is set up.

The new-game form, the blank-sheet form, a saved game brought back (transfer.py), a player who
sits down late and a player renamed all choose a game, its rule set and set, or name players;
each asks here, and gets its problems by field ("game", "preset", "set", "player") in the table's
words, as the contact-app's one `validate()` serves its form and its JSON alike.
"""
from __future__ import annotations

import re

from referee.games import GAMES
from referee.rulesets import PRESET_NAMES, RuleSet, UnknownPreset, rule_set
from referee.words import _

from .typed import has_control_characters, whole_number

MAX_NAME = 40           # characters of a player's name: a column of the printed sheet


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
    if any(has_control_characters(n) for n in names):
        return _("Write each name on one line, without tabs or other control characters.")
    if any(len(n) > MAX_NAME for n in names):
        return _("Keep each name to %(most)s characters.", most=MAX_NAME)
    if len({n.casefold() for n in names}) != len(names):
        return _("Two players have the same name; add an initial to tell them apart.")
    return None


def check_game(problems: dict[str, str], game: str, preset: str, set_text: str,
               blank_set_is_smallest: bool = False) -> tuple[RuleSet | None, int | None]:
    """The rule set and set a table chose, or a problem by field. A game of one rule set plays it
    (the rule set chosen on the form stays as it was ticked for Chickenfoot), with its one set."""
    kind = GAMES.get(game)
    if kind is None:
        problems["game"] = _("Choose a game Chickenyard knows: %(games)s.",
                             games=", ".join(g.name for g in GAMES.values()))
        return None, None
    try:
        rules = rule_set(kind.preset_for(preset))
    except UnknownPreset:
        problems["preset"] = _("Choose one of the rule sets: %(names)s.", names=", ".join(PRESET_NAMES))
        return None, None
    if len(rules.sets) == 1 and not kind.several_rule_sets:
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


def seats_problem(rules: RuleSet, set_size: int, players: int) -> str | None:
    """The rule set seats too few or too many for this many players (None: they fit)."""
    low, high = rules.players(set_size)
    if low <= players <= high:
        return None
    return _("The %(rules)s rules with a double-%(set)s set seat %(low)s to %(high)s players; you named %(named)s.",
             rules=_(rules.title), set=set_size, low=low, high=high, named=players)
