"""A rule's name and value as a family reads them on the Referee tab and the sheet: each game's own
words (its hands or rounds, its chicken yard or bone pile), and a few bare values ("0", "no") get their words."""
from __future__ import annotations

from referee.words import N_

# The referee's data names its games and rule sets in English (referee/presets.py, whose source the
# precomputed statistics are fingerprinted on); marked here for the catalogue, translated with _()
# where a page shows them.
GAME_AND_RULE_SET_NAMES = (
    N_("Chickenfoot"), N_("Mexican Train"), N_("Super 15"),
    N_("Classic"), N_("Set insert"), N_("Encyclopedia"), N_("Family"), N_("Double-15 rulebook"),
    N_("Mexican Train (double-15 rulebook)"), N_("Super 15 (double-15 rulebook)"),
)

VALUE_WORDS = {
    ("hand_ends", "stalemate"): "when someone goes out, or in a stalemate: nobody can play and nothing is left to draw",
    ("hand_ends", "blocked"): "when someone goes out, or when it is blocked: nobody can play and nothing is left to draw",
    ("ending_on_double", 0): "scores 0, like any player who goes out",
    ("ending_on_double", 50): "costs 50 points: the player who goes out on a double scores 50",
    ("last_tile_call", False): "off: nobody has to announce their last tile",
    ("last_tile_call", True): "on: a player down to one tile must say so",
}


def rule_label(rule, rules) -> str:
    return rules.kind.rule_label(rule)


def rule_value(rule) -> str:
    value = rule.value
    if isinstance(value, (bool, int, str)) and (rule.key, value) in VALUE_WORDS:
        return VALUE_WORDS[rule.key, value]
    return rule.describe()


def register(app) -> None:
    app.jinja_env.filters["rule_label"] = rule_label
    app.jinja_env.filters["rule_value"] = rule_value
