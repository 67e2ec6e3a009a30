"""Reading the new-game form: game, preset, set, players and house rules."""
from __future__ import annotations

from dataclasses import dataclass, field

from referee.presets import GAMES
from referee.rulesets import GAME_PRESETS, HIGHEST_AVAILABLE, PRESET_NAMES, RuleSet, UnknownPreset, rule_set

NAME_FIELDS = 12        # the most players any preset seats (family rules, double-15)
MAX_NAME = 40


@dataclass
class NewGameForm:
    typed: dict = field(default_factory=dict)
    names: list[str] = field(default_factory=list)
    errors: dict[str, str] = field(default_factory=dict)
    rules: RuleSet | None = None
    set_size: int | None = None
    hand_doubles: list[int] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors

    @classmethod
    def blank(cls) -> "NewGameForm":
        return cls(typed={"game": "chickenfoot", "preset": "classic", "set": "9",
                          "double_blank": "50", "hands": "", "long_game": "", "alternate_beginning": ""},
                   names=[""] * NAME_FIELDS)


def read_new_game(data) -> NewGameForm:
    form = NewGameForm(typed={k: (data.get(k) or "").strip() for k in
                              ("game", "preset", "set", "double_blank", "hands", "long_game",
                               "alternate_beginning")})
    form.names = [(n or "").strip() for n in data.getlist("player")][:NAME_FIELDS]
    form.names += [""] * (NAME_FIELDS - len(form.names))
    typed, errors = form.typed, form.errors

    if typed["game"] not in GAMES:
        errors["game"] = "Choose a game Chickenyard knows: " + ", ".join(GAMES.values()) + "."
        return form
    if typed["game"] != "chickenfoot":
        # the other games of the double-15 rulebook have one rule set each
        typed["preset"] = GAME_PRESETS[typed["game"]][0]
    try:
        base = rule_set(typed["preset"])
    except UnknownPreset:
        errors["preset"] = "Choose one of the rule sets: " + ", ".join(PRESET_NAMES) + "."
        return form
    try:
        set_size = int(typed["set"])
    except ValueError:
        set_size = None
    if set_size not in base.sets:
        errors["set"] = (f"The {base.title} rules are played with a double-"
                         + ", double-".join(str(s) for s in base.sets) + " set.")
        return form
    form.set_size = set_size

    house = _house_rules(form, base, set_size)
    players = [n for n in form.names if n]
    _check_players(form, base, set_size, players)
    if form.errors:
        return form
    try:
        form.rules = rule_set(typed["preset"], house)
        form.hand_doubles = form.rules.hand_doubles(set_size)
    except ValueError as problem:
        errors["hands"] = str(problem)
    return form


def _house_rules(form: NewGameForm, base: RuleSet, set_size: int) -> dict:
    typed, errors, house = form.typed, form.errors, {}
    if base.game != "chickenfoot":
        pass  # the 0|0 rule and the long game are Chickenfoot's
    elif typed["double_blank"] not in ("50", "25"):
        errors["double_blank"] = "The double-blank (0|0) is worth 50 or 25."
    elif int(typed["double_blank"]) != base.double_blank_points:
        house["double_blank"] = int(typed["double_blank"])
    long_game = bool(typed["long_game"]) and base.game == "chickenfoot"
    if long_game:
        try:
            base.hand_doubles(set_size, long_game=True)
            house["long_game"] = True
        except ValueError:
            errors["long_game"] = f"The {base.title} rules have no long game: only the set-insert rules climb back up."
            long_game = False
    if typed["alternate_beginning"] and base.game == "chickenfoot":
        if base.rules["starting_double"].value == "holder":
            house["nobody_holds_double"] = HIGHEST_AVAILABLE
        else:
            errors["alternate_beginning"] = (f"The {base.title} rules set the hand's double in the centre "
                                             "before the tiles are drawn, so nobody has to hold it.")
    full = len(base.hand_doubles(set_size, long_game=long_game))
    most = 30 if base.rules["starting_double"].value == "any" else full
    if typed["hands"]:
        if not typed["hands"].isdigit() or not 1 <= int(typed["hands"]) <= most:
            errors["hands"] = f"A game of double-{set_size} has from 1 to {most} hands."
        elif int(typed["hands"]) != full:
            house["hands"] = int(typed["hands"])
    return house


def _check_players(form: NewGameForm, base: RuleSet, set_size: int, players: list[str]) -> None:
    low, high = base.players(set_size)
    if len(players) < low or len(players) > high:
        form.errors["player"] = (f"The {base.title} rules with a double-{set_size} set "
                                 f"seat {low} to {high} players; you named {len(players)}.")
    elif any(len(n) > MAX_NAME for n in players):
        form.errors["player"] = f"Keep each name to {MAX_NAME} characters."
    elif len({n.casefold() for n in players}) != len(players):
        form.errors["player"] = "Two players have the same name; add an initial to tell them apart."
