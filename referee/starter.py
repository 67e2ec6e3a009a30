"""Who starts a hand, as each rule set says, with the sentence it rests on.

Three kinds of rule (each is data: a quote from its seed, by file name):
- the holder of the hand's double plays it (classic, set-insert): the sheet says which double
  and how it is found when nobody holds it;
- a designated starter, rotating clockwise each round (the double-15 rulebook's Chickenfoot and
  Mexican Train; Super 15 names only the first starter, so rotating there is a house choice);
- a draw (the encyclopedia): everyone draws one tile in the first round; later rounds start with
  the highest double drawn not yet used.
The family rules set the double in the centre and go clockwise without saying who plays first:
Chickenyard says so and suggests the rotation, marked as a house choice.
"""
from __future__ import annotations

from dataclasses import dataclass

from .presets import CLASSIC, ENCYCLOPEDIA, FAMILY, RULEBOOK, SET_INSERT
from .rulesets import HIGHEST_AVAILABLE, RuleSet
from .words import N_, _

HOLDER, ROTATE, DRAW = "holder", "rotate", "draw"

ROTATION = "**Starting:** Designate a player to start the game. Thereafter, rotate the starter of each round in clockwise order."


@dataclass(frozen=True)
class Quote:
    source: str     # a seed's file name
    text: str


@dataclass(frozen=True)
class StarterRule:
    kind: str
    first: Quote                 # the rule for the game's first hand
    later: Quote | None = None   # where later hands follow another sentence
    later_house: bool = False    # later hands follow a house choice (the rule set names only the first)
    unstated: str | None = None  # the rule set does not say who starts: what Chickenyard suggests instead


STARTER_RULES: dict[str, StarterRule] = {
    "classic": StarterRule(HOLDER, Quote(CLASSIC, "In a standard game, the player with the required double domino for each hand simply plays that domino to begin the hand. If no player has the necessary double domino to start the hand, then every player must draw *one domino*. This process repeats until someone draws the double domino required to begin.")),
    "set-insert": StarterRule(HOLDER, Quote(SET_INSERT, "Player holding the 9-9 makes the first play of the game."),
                              Quote(SET_INSERT, "If no one holds the correct double tile to begin that particular hand, players may agree to either 1) go to the next-lowest double or 2) reshuffle all the tiles and draw new hands.")),
    "encyclopedia": StarterRule(DRAW, Quote(ENCYCLOPEDIA, "In the first round only , everyone draws a single domino from the boneyard . The player drawing the highest value begins the round and everyone returns their drawn domino to the boneyard ."),
                                Quote(ENCYCLOPEDIA, "In each subsequent round , the highest double drawn that has not yet been used to start a round starts the next round .")),
    "family": StarterRule(ROTATE, Quote(FAMILY, "Going clockwise, the next player must play a domino from their hand off the starting double."),
                          unstated=N_("The family rules go clockwise but do not say who plays first: Chickenyard "
                                      "suggests a starter rotating clockwise each round (a house choice).")),
    "double15-rulebook": StarterRule(ROTATE, Quote(RULEBOOK, ROTATION)),
    "mexican-train": StarterRule(ROTATE, Quote(RULEBOOK, ROTATION)),
    "super-15": StarterRule(ROTATE, Quote(RULEBOOK, "**Starting:** Designate a player to start the game. The first player starts play with any double in his/her hand. If the first player has no double, the next player, clockwise, plays any double."),
                            Quote(RULEBOOK, ROTATION), later_house=True),
}

CLASSIC_ALTERNATE = Quote(CLASSIC, "There is an alternate way to begin each hand, if all of the players agree. The player with the *highest available double* may play it.")


@dataclass(frozen=True)
class Starter:
    """Who starts one hand, in the table's words."""
    says: str                  # "Cy starts" / "Whoever holds 9|9 starts"
    how: str | None            # how it is found, where it depends on the tiles
    quote: Quote
    house: bool = False        # a house choice where the rule set is silent
    seat: int | None = None    # index of the starting player in seat order, where the rule names one


def rotating_seat(first: int, hand_index: int, players: int) -> int:
    """The designated starter moves one seat clockwise (the next seat) each round."""
    return (first + hand_index) % players


def starter(rules: RuleSet, hand_index: int, double: int, names: list[str], first: int = 0) -> Starter | None:
    """Who starts the hand at `hand_index` (0: the first) whose row shows `double` (-1: any),
    with `names` in seat order (clockwise) and `first` the designated first starter's index."""
    rule = STARTER_RULES.get(rules.preset)
    if rule is None or not names:
        return None
    label = f"{double}|{double}"
    if rule.kind == HOLDER:
        if rules.rules.get("nobody_holds_double") and rules.value("nobody_holds_double") == HIGHEST_AVAILABLE:
            return Starter(_("Whoever holds %(double)s starts", double=label),
                           _("Nobody has it? The player with the highest double held plays it (your table's "
                             "alternate beginning)."), CLASSIC_ALTERNATE, house=True)
        quote = rule.later if rule.later and hand_index > 0 else rule.first
        how = (_("Nobody has it? Everyone draws one tile until it appears.") if rule.later is None else
               _("Nobody has it? Agree to go to the next-lowest double, or reshuffle and draw new hands."))
        return Starter(_("Whoever holds %(double)s starts", double=label), how, quote)
    if rule.kind == DRAW:
        if hand_index == 0:
            return Starter(_("Everyone draws one tile: the highest total starts"),
                           _("%(double)s goes in the centre; the drawn tiles go back.", double=label), rule.first)
        return Starter(_("Whoever holds the highest double not yet used starts"),
                       _("Each round starts with the highest double drawn that has not started a round yet."),
                       rule.later)
    seat = rotating_seat(first, hand_index, len(names))
    says = _("%(name)s starts", name=names[seat])
    if rule.unstated:
        return Starter(says, _(rule.unstated), rule.first, house=True, seat=seat)
    how = _("With any double in hand; without one, the next player clockwise plays any double.") \
        if rules["starting_double"].value == "any" else None
    if rule.later_house and hand_index > 0:
        later = _("This rule set names only the first starter: Chickenyard rotates clockwise, as the double-15 "
                  "rulebook does for Chickenfoot and Mexican Train (a house choice).")
        return Starter(says, f"{how} {later}" if how else later, rule.later, house=True, seat=seat)
    return Starter(says, how, rule.first, seat=seat)
