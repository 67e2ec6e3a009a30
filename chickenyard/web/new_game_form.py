"""Reading the new-game form: game, preset, set, players and house rules."""
from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field

from referee.rulesets import HIGHEST_AVAILABLE, RuleSet, rule_set
from referee.words import N_, _

from ..game.game_setup import check_game, clean_name, names_problem, seats_problem
from ..game.typed import whole_number

NAME_FIELDS = 12        # the most players any preset seats (family rules, double-15)
FORM_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")


def new_form_token() -> str:
    """What one showing of the new-game form is known by: sent twice, it starts one game."""
    return secrets.token_urlsafe(16)


@dataclass
class NewGameForm:
    typed: dict = field(default_factory=dict)
    names: list[str] = field(default_factory=list)
    errors: dict[str, str] = field(default_factory=dict)
    rules: RuleSet | None = None
    set_size: int | None = None
    hand_doubles: list[int] = field(default_factory=list)
    token: str = field(default_factory=new_form_token)

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def more_rules(self) -> dict:
        return MORE_HOUSE_RULES

    @property
    def more_open(self) -> bool:
        """Show the folded-away house rules when one is answered or has a problem."""
        keys = [*MORE_HOUSE_RULES, "tiles_each"]
        return any(self.typed.get(k) for k in keys) or any(k in self.errors for k in keys)

    @classmethod
    def blank(cls) -> "NewGameForm":
        return cls(typed={"game": "chickenfoot", "preset": "classic", "set": "9",
                          "double_blank": "50", "hands": "", "long_game": "", "alternate_beginning": ""},
                   names=[""] * NAME_FIELDS)


# More house rules, offered folded away: key -> (question, [(form value, rule value, words)]).
# An empty answer keeps the rule set's own value.
# The words are translated where the form shows them.
MORE_HOUSE_RULES = {
    "hub_plays": (N_("Tiles played on the starting double before play goes elsewhere"),
                  [("4", 4, "4"), ("6", 6, "6")]),
    "voluntary_draw": (N_("May a player who could play draw instead?"),
                       [("yes", True, N_("yes, then pass")), ("no", False, N_("no: whoever can play must play"))]),
    "play_drawn": (N_("A drawn tile that fits"),
                   [("may", "may", N_("may be played")), ("must", "must", N_("must be played"))]),
    "empty_yard": (N_("With the chicken yard empty, a player who cannot play"),
                   [("pass", "pass", N_("passes")), ("end", "end", N_("ends the hand"))]),
    "pass_with_play": (N_("With the chicken yard empty, may a player who can play pass?"),
                       [("yes", True, N_("yes")), ("no", False, N_("no: whoever can play must play"))]),
    "last_tile_call": (N_("Last-tile call (Chickenlittle, tap, Bok bok)"),
                       [("on", True, N_("on: a missed call costs a tile")), ("off", False, N_("off"))]),
    "ending_on_double": (N_("Going out on a double"), [("0", 0, N_("costs nothing")), ("50", 50, N_("costs 50"))]),
}


def read_new_game(data) -> NewGameForm:
    form = NewGameForm(typed={k: (data.get(k) or "").strip() for k in
                              ("game", "preset", "set", "double_blank", "hands", "long_game",
                               "alternate_beginning", "tiles_each", *MORE_HOUSE_RULES)})
    token = data.get("form_token") or ""
    if FORM_TOKEN.fullmatch(token):         # else (none, or made up) a token of its own: a game each time
        form.token = token
    form.names = [clean_name(n or "") for n in data.getlist("player")][:NAME_FIELDS]
    form.names += [""] * (NAME_FIELDS - len(form.names))
    typed, errors = form.typed, form.errors

    base, set_size = check_game(errors, typed["game"], typed["preset"], typed["set"])
    if errors:
        return form
    form.set_size = set_size

    house = _house_rules(form, base, set_size)
    players = [n for n in form.names if n]
    _check_players(form, base, set_size, players)
    if form.errors:
        return form
    try:
        form.rules = rule_set(base.preset, house)
        form.hand_doubles = form.rules.hand_doubles(set_size)
    except ValueError as problem:
        errors["hands"] = str(problem)
        return form
    each, available = house.get("tiles_each"), base.available_tiles(set_size)
    if each and each * len(players) > available:
        errors["tiles_each"] = _("%(players)s players drawing %(each)s tiles need %(need)s tiles; "
                                 "a double-%(set)s set has %(available)s to draw from.", players=len(players),
                                 each=each, need=each * len(players), set=set_size, available=available)
    return form


def pick_player(form: NewGameForm, name: str) -> None:
    """A known player tapped: seated in the next empty seat, or taken off the seat if already there."""
    key = clean_name(name).casefold()
    seated = next((i for i, n in enumerate(form.names) if n.casefold() == key), None)
    if seated is not None:
        form.names[seated] = ""
    elif "" in form.names:
        form.names[form.names.index("")] = clean_name(name)
    form.errors.clear()


def _house_rules(form: NewGameForm, base: RuleSet, set_size: int) -> dict:
    typed, errors, house = form.typed, form.errors, {}
    if not base.kind.offers_house_rules:
        pass  # the 0|0 rule and the long game are Chickenfoot's
    elif typed["double_blank"] not in ("50", "25"):
        errors["double_blank"] = _("The double-blank (0|0) is worth 50 or 25.")
    elif int(typed["double_blank"]) != base.double_blank_points:
        house["double_blank"] = int(typed["double_blank"])
    long_game = bool(typed["long_game"]) and base.kind.offers_house_rules
    if long_game:
        try:
            base.hand_doubles(set_size, long_game=True)
            house["long_game"] = True
        except ValueError:
            errors["long_game"] = _("The %(rules)s rules have no long game: only the set-insert rules climb back up.",
                                    rules=_(base.title))
            long_game = False
    if typed["alternate_beginning"] and base.kind.offers_house_rules:
        if base.rules["starting_double"].value == "holder":
            house["nobody_holds_double"] = HIGHEST_AVAILABLE
        else:
            errors["alternate_beginning"] = _("The %(rules)s rules set the hand's double in the centre before the "
                                              "tiles are drawn, so nobody has to hold it.", rules=_(base.title))
    _more_house_rules(form, base, house)
    full = len(base.hand_doubles(set_size, long_game=long_game))
    most = 30 if base.rules["starting_double"].value == "any" else full
    if typed["hands"]:
        hands = whole_number(typed["hands"])
        if hands is None or not 1 <= hands <= most:
            errors["hands"] = _("A game of double-%(set)s has from 1 to %(most)s hands.", set=set_size, most=most)
        elif hands != full:
            house["hands"] = hands
    return house


def _more_house_rules(form: NewGameForm, base: RuleSet, house: dict) -> None:
    """The folded-away house rules: each answer that differs from the rule set becomes a house rule."""
    typed, errors = form.typed, form.errors
    if not base.kind.offers_house_rules:
        return
    for key, (_question, options) in MORE_HOUSE_RULES.items():
        answer = typed[key]
        if not answer:
            continue
        value = next((v for form_value, v, _words in options if form_value == answer), None)
        if value is None:
            errors[key] = _("Choose one of the answers offered, or keep the rule set's.")
        elif key not in base.rules or base.value(key) != value:
            house[key] = value
    if typed["tiles_each"]:
        each = whole_number(typed["tiles_each"])
        if each is None or not 1 <= each <= 30:
            errors["tiles_each"] = _("Tiles each is a whole number from 1 to 30 (empty: as the rule set says).")
        else:
            house["tiles_each"] = each


def _check_players(form: NewGameForm, base: RuleSet, set_size: int, players: list[str]) -> None:
    problem = seats_problem(base, set_size, len(players)) or names_problem(players)
    if problem:
        form.errors["player"] = problem
