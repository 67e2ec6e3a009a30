"""Rule sets: a preset's rules, with a table's house rules on top.

Every value the referee uses is a `Rule` carrying the seed file it comes from
and the sentence it quotes. Where a rule set is silent the referee says so
(`stated=False`), suggests a value and says how it got it. A house rule
overrides one value and is marked as the table's own choice.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .actions import ImpossibleRequest
from .games import GAMES, Game
from .presets import CLASSIC, LABELS, PRESETS
from .tiles import Tile, tile_count

GAME_PRESETS = {key: game.presets for key, game in GAMES.items()}     # each game's rule sets, by its key
PRESET_NAMES = GAME_PRESETS["chickenfoot"]
HOUSE = "house rule"
HIGHEST_AVAILABLE = "highest"      # classic's "Alternate Beginning", open to any Chickenfoot table
VALUE_WORDS = {
    ("starting_double", "holder"): "the player holding it plays it first",
    ("starting_double", "centre"): "it is placed in the centre before play",
    ("starting_double", "any"): "the first player starts with any double",
    ("empty_yard", "pass"): "a player who cannot play passes",
    ("empty_yard", "end"): "the hand ends when a player cannot play",
    ("play_drawn", "may"): "may be played",
    ("play_drawn", "must"): "must be played",
    ("pass_with_play", False): "no: with nothing to draw, a player who can play plays",
    ("pass_with_play", True): "yes: a player who can play may pass",
}
# a house rule a rule set does not list, and the value its own rules give it: a rule set where a player
# who can play must play lets nobody pass holding a play
UNLISTED = {"pass_with_play": False}
NEXT_LOWEST = "agree to go to the next-lowest double"   # set-insert's own rule begins with these words
ALTERNATE_BEGINNING_QUOTE = ("There is an alternate way to begin each hand, if all of the players agree. "
                             "The player with the *highest available double* may play it.")
ANY_DOUBLE = -1          # a round that any double may start (Super 15)
SUGGESTED_ROUNDS = 5
NOT_STATED = "not stated by this rule set"


class UnknownPreset(ImpossibleRequest):
    """A rule set Chickenyard does not know."""


@dataclass(frozen=True)
class Rule:
    key: str
    value: object
    source: str
    quote: str
    stated: bool = True
    house: bool = False
    how: str = ""

    @property
    def label(self) -> str:
        return LABELS.get(self.key, self.key.replace("_", " "))

    def describe(self) -> str:
        """The value in a player's words."""
        value = self.value
        if (self.key, value) in VALUE_WORDS:
            return VALUE_WORDS[self.key, value]
        if self.key == "nobody_holds_double" and value == HIGHEST_AVAILABLE:
            return ("the highest double anyone holds below it starts instead (or above it, if none below); "
                    "if nobody holds a double, everyone draws one tile until one appears")
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, tuple):
            return ", ".join(f"double-{v}" for v in value) if self.key == "sets" else str(value)
        return str(value)


def _house_choices(preset: str, rules: Mapping[str, Rule]) -> dict:
    """The checks on each house rule a table may set: key -> (allowed, message)."""
    return {
        "double_blank": (lambda v: v in (50, 25, 0), "the double-blank (0|0) counts 50, 25 or nothing extra"),
        "hands": (lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 1,
                  "the number of hands is a whole number, at least 1"),
        "long_game": (lambda v: isinstance(v, bool) and (not v or rules["long_game"].value == "optional"),
                      "only the set-insert rules have the long game climbing back up"),
        "hub_plays": (lambda v: v in (4, 6), "the starting double takes 4 or 6 plays"),
        "voluntary_draw": (lambda v: isinstance(v, bool), "voluntary draw is yes or no"),
        "play_drawn": (lambda v: v in ("may", "must"), "a drawn tile that fits 'may' or 'must' be played"),
        "empty_yard": (lambda v: v in ("pass", "end"), "with the yard empty a player passes, or the hand ends"),
        "pass_with_play": (lambda v: isinstance(v, bool), "passing instead of playing, the yard empty, is yes or no"),
        "last_tile_call": (lambda v: isinstance(v, bool), "the last-tile call is on or off"),
        "tiles_each": (lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 1,
                       "tiles each is a whole number, at least 1"),
        "ending_on_double": (lambda v: v in (0, 50), "going out on a double costs 0 or 50"),
        "nobody_holds_double": (lambda v: v == HIGHEST_AVAILABLE and rules["starting_double"].value == "holder",
                                "the alternate beginning (\"highest\") is for tables where the holder of the "
                                "hand's double plays it (the classic and set-insert rules)"),
    }


@dataclass(frozen=True)
class RuleSet:
    preset: str
    title: str
    source: str
    rules: Mapping[str, Rule] = field(hash=False, compare=True)
    game: str = "chickenfoot"

    @property
    def kind(self) -> Game:
        """The game these rules are of: its words and how it is scored."""
        return GAMES[self.game]

    def __getitem__(self, key: str) -> Rule:
        return self.rules[key]

    def value(self, key: str):
        return self.rules[key].value

    @property
    def house_rules(self) -> dict:
        return {key: rule.value for key, rule in self.rules.items() if rule.house}

    @property
    def sets(self) -> tuple[int, ...]:
        return self.rules["sets"].value

    @property
    def double_blank_points(self) -> int:
        return self.rules["double_blank"].value

    @property
    def ending_on_double_points(self) -> int:
        """What going out on a double scores (the encyclopedia's 50); games without the rule: 0."""
        return self.rules["ending_on_double"].value if "ending_on_double" in self.rules else 0

    @property
    def hub_plays(self) -> int:
        return self.rules["hub_plays"].value

    @property
    def foot_plays(self) -> int:
        return self.rules["foot_plays"].value if "foot_plays" in self.rules else 0

    @property
    def lower_double_may_start(self) -> bool:
        """When nobody holds the hand's double, may a lower one start it? Classic's alternate
        beginning (a house rule), and set-insert's "go to the next-lowest double"."""
        rule = self.rules.get("nobody_holds_double")
        return rule is not None and (rule.value == HIGHEST_AVAILABLE or str(rule.value).startswith(NEXT_LOWEST))

    def known_start(self, row_double: int) -> int:
        """The double known to have started a hand whose row is labelled `row_double`: where a
        lower double may have started it, none is known (ANY_DOUBLE)."""
        return ANY_DOUBLE if self.lower_double_may_start else row_double

    def summary(self) -> list[Rule]:
        return [self.rules[key] for key in LABELS if key in self.rules]

    def _check_set(self, set_size: int) -> None:
        if set_size not in self.sets:
            raise ImpossibleRequest(f"the {self.title} rules are played with a double-"
                             + ", double-".join(str(s) for s in self.sets) + f" set, not double-{set_size}")

    def available_tiles(self, set_size: int) -> int:
        """Tiles the players draw from: the whole set, less a starting double set in the centre first."""
        centre = self.rules["starting_double"].value == "centre"
        return tile_count(set_size) - (1 if centre else 0)

    def players(self, set_size: int) -> tuple[int, int]:
        """(fewest, most) players for this set."""
        self._check_set(set_size)
        table = self.rules["players"].value
        low, high = table.get(set_size, table.get("*", (2, None)))
        # "2 and up", or a stated range: no more than can each draw a hand from the set
        most = low - 1
        for n in range(low, (high or 20) + 1):
            if not self._can_draw(set_size, n):
                break
            most = n
        return low, most

    def _can_draw(self, set_size: int, players: int) -> bool:
        try:
            self._draw(set_size, players)
        except ImpossibleRequest:
            return False
        return True

    def tiles_each(self, set_size: int, players: int) -> Rule:
        """How many tiles each player draws, with the rule it rests on."""
        self._check_set(set_size)
        table = self.rules["players"].value
        low, stated_high = table.get(set_size, table.get("*", (2, None)))
        if not low <= players <= (stated_high or players):
            raise ImpossibleRequest(f"the {self.title} rules with a double-{set_size} set seat {low} to "
                                    f"{self.players(set_size)[1]} players, not {players}")
        return self._draw(set_size, players)

    def _draw(self, set_size: int, players: int) -> Rule:
        rule = self.rules["tiles_each"]
        if rule.house:
            each, stated, how = rule.value, True, ""
        else:
            each, stated, how = _draw_count(rule.value, set_size, players, self.source)
        available = self.available_tiles(set_size)
        if each * players > available:
            need = (f"{players} players drawing {each} tiles need {each * players} tiles; a double-{set_size} "
                    f"set has {available} to draw from")
            scaled = self.proportional_draw(set_size, players)
            if scaled is not None and scaled[0] * players <= available:
                return Rule("tiles_each", scaled[0], rule.source, rule.quote, stated=False,
                            how=f"as stated, {need}; {scaled[1]}")
            if rule.house:
                raise ImpossibleRequest(need)
            centre = self["starting_double"]
            quotes = f'"{rule.quote}"' + (f' and "{centre.quote}"' if centre.value == "centre" else "")
            raise ImpossibleRequest(need + (" once its starting double is in the centre" if centre.value == "centre"
                                            else "") + f" ({self.source}: {quotes})")
        if not stated:
            return Rule("tiles_each", each, rule.source, rule.quote, stated=False, how=how)
        return Rule("tiles_each", each, rule.source, rule.quote, house=rule.house)

    def proportional_draw(self, set_size: int, players: int) -> tuple[int, str] | None:
        """Classic's guideline shared out in proportion to a set other than the double-9 its table is
        for: a suggestion beside the stated answer."""
        spec = self.rules["tiles_each"].value
        if self.rules["tiles_each"].house or not isinstance(spec, dict) or "formula" not in spec \
                or set_size == spec["for_set"]:
            return None
        scaled = spec["formula"] * tile_count(set_size) / tile_count(spec["for_set"])
        each = max(1, int(scaled / players + 0.5))
        return each, (f"Chickenyard suggests the double-9 guideline of 42 tiles scaled by "
                      f"{tile_count(set_size)}/{tile_count(spec['for_set'])} tiles: {scaled:.1f} / {players} = {each} each")

    def hand_doubles(self, set_size: int, hands: int | None = None, long_game: bool | None = None) -> list[int]:
        """The starting double of each hand of a game, in order."""
        self._check_set(set_size)
        if long_game is None:
            long_game = self.rules["long_game"].value is True
        if long_game and PRESETS[self.preset]["rules"]["long_game"][0] != "optional":
            raise ImpossibleRequest(f"the {self.title} rules have no long game")
        if self.rules["starting_double"].value == "any":
            # Super 15: any double starts, and the rulebook sets no number of rounds
            limit = hands if hands is not None else self.house_rules.get("hands", SUGGESTED_ROUNDS)
            if not 1 <= limit <= 30:
                raise ImpossibleRequest("a game of Super 15 has from 1 to 30 rounds")
            return [ANY_DOUBLE] * limit
        doubles = list(range(set_size, -1, -1))
        if long_game:
            # set insert: "starting another hand with the 1-1 tile following the hand that began with the 0-0"
            doubles += list(range(1, set_size + 1))
        limit = hands if hands is not None else self.house_rules.get("hands")
        if limit is not None:
            if not 1 <= limit <= len(doubles):
                raise ImpossibleRequest(f"a game of double-{set_size} has from 1 to {len(doubles)} hands")
            doubles = doubles[:limit]
        return doubles


def _draw_count(spec: dict, set_size: int, players: int, source: str) -> tuple[int, bool, str]:
    """(tiles each, stated?, how a suggestion was made) from a preset's draw rule."""
    if "fixed" in spec:
        return spec["fixed"], True, ""
    if "formula" in spec:
        # classic: "42 ÷ [# of players], rounded to the nearest whole number", stated
        # without naming a set (halves round up)
        return int(spec["formula"] / players + 0.5), True, ""
    table = spec["table"]
    if set_size in table and players in table[set_size]:
        return table[set_size][players], True, ""
    if not spec.get("proportional") or 9 not in table:
        raise ImpossibleRequest(f"{NOT_STATED}: no draw count for {players} players on double-{set_size}")
    # set insert: two stated points on double-9 (2 players 20, 8 players 6). In between,
    # the tiles in hands grow in a straight line from 40 to 48; other sets scale by
    # their size, as the insert says ("make adjustments proportionately").
    known = table[9]
    (p1, e1), (p2, e2) = sorted(known.items())[0], sorted(known.items())[-1]
    in_hands = p1 * e1 + (players - p1) * (p2 * e2 - p1 * e1) / (p2 - p1)
    scale = tile_count(set_size) / tile_count(9)
    each = max(1, int(in_hands / players * scale + 0.5))
    how = (f"between the stated {e1} tiles for {p1} players and {e2} for {p2} on double-9 "
           f"({in_hands:.0f} tiles in hands for {players})")
    if scale != 1:
        how += f", scaled by {tile_count(set_size)}/{tile_count(9)} tiles for double-{set_size}"
    return each, False, how


def rule_set(preset: str, house_rules: Mapping[str, object] | None = None) -> RuleSet:
    """The rules of a preset with the table's house rules on top."""
    if preset not in PRESETS:
        raise UnknownPreset(f"{preset!r} is not a rule set; choose one of {', '.join(PRESET_NAMES)}")
    data = PRESETS[preset]
    rules = {}
    for key, (value, quote, *how) in data["rules"].items():
        # a rule set silent on a rule: Chickenyard's suggestion, marked as such
        rules[key] = (Rule(key, value, data["source"], quote) if quote else
                      Rule(key, value, data["source"], "", stated=False, how=how[0] if how else NOT_STATED))
    choices = _house_choices(preset, rules)
    for key, value in (house_rules or {}).items():
        if key not in choices:
            raise ImpossibleRequest(f"{key!r} is not a house rule Chickenyard knows; "
                             f"choose from {', '.join(sorted(choices))}")
        allowed, message = choices[key]
        if not allowed(value):
            raise ImpossibleRequest(f"{message} (not {value!r})")
        if (rules[key].value if key in rules else UNLISTED.get(key)) == value:
            continue  # the same as the rule set: not a house choice
        if key == "long_game" and value is False:
            continue  # not playing the optional long game is the rule set's own default
        if key == "nobody_holds_double":      # classic's own words for the alternate beginning
            rules[key] = Rule(key, value, CLASSIC, ALTERNATE_BEGINNING_QUOTE, house=True)
        else:
            rules[key] = Rule(key, value, HOUSE, "Chosen by this table before the game.", house=True)
    return RuleSet(preset, data["title"], data["source"], rules, data.get("game", "chickenfoot"))


def leftover_points(tiles: Iterable[Tile], rules: RuleSet) -> int:
    """What a player is left holding: the pips, with 0|0 counted by the rule set."""
    # every rule set: "the player caught having the 00 gets 50 points" (25 if agreed)
    blank = rules.double_blank_points
    return sum(blank if tile.high == 0 else tile.low + tile.high for tile in tiles)   # high 0: 0|0
