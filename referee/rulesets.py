"""PROVISIONAL: replaced by the referee's rule-set data when it lands."""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from .tiles import Tile

PRESET_NAMES = ("classic", "set-insert", "encyclopedia", "family", "double15-rulebook")


class UnknownPreset(ValueError):
    pass


@dataclass(frozen=True)
class Rule:
    key: str
    value: object
    source: str = ""
    quote: str = ""
    stated: bool = True
    house: bool = False
    how: str = ""
    label: str = ""


_SETS = {"classic": (6, 9, 12, 15), "set-insert": (9, 12, 15), "encyclopedia": (6, 9, 12, 15, 18),
         "family": (9, 12, 15), "double15-rulebook": (15,)}
_TITLES = {"classic": "Classic", "set-insert": "Set insert", "encyclopedia": "Encyclopedia",
           "family": "Family", "double15-rulebook": "Double-15 rulebook"}
_CLASSIC = {2: 21, 3: 14, 4: 11, 5: 8, 6: 7, 7: 6, 8: 5, 9: 5, 10: 4}


@dataclass(frozen=True)
class RuleSet:
    preset: str
    title: str
    sets: tuple
    house_rules: dict = field(default_factory=dict)

    @property
    def double_blank_points(self) -> int:
        return self.house_rules.get("double_blank", 50)

    def players(self, set_size):
        return (2, 10)

    def tiles_each(self, set_size, players):
        return Rule("tiles_each", _CLASSIC.get(players, 4), "chickenfoot-classic-rules.txt")

    def hand_doubles(self, set_size, hands=None, long_game=None):
        doubles = list(range(set_size, -1, -1))
        if self.house_rules.get("long_game"):
            if self.preset != "set-insert":
                raise ValueError("only the set-insert rules have a long game")
            doubles += list(range(1, set_size + 1))
        return doubles[: self.house_rules.get("hands", len(doubles))]

    def summary(self):
        return [Rule(k, v, house=True, label=k.replace("_", " ")) for k, v in self.house_rules.items()]


def rule_set(preset, house_rules=None) -> RuleSet:
    if preset not in PRESET_NAMES:
        raise UnknownPreset(preset)
    house = dict(house_rules or {})
    if house.get("double_blank", 50) not in (50, 25):
        raise ValueError("the double-blank counts 50 or 25")
    return RuleSet(preset, _TITLES[preset], _SETS[preset], house)


def leftover_points(tiles, rules) -> int:
    return sum(rules.double_blank_points if t == Tile(0, 0) else t.pips for t in tiles)
