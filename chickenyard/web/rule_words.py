"""A rule's name and value as a family reads them on the Referee tab and the sheet: each game's own
words (its hands or rounds, its chicken yard or bone pile), and a few bare values ("0", "no") get their words."""
from __future__ import annotations

from referee.words import N_, _

# The referee's data names its games and rule sets in English (referee/presets.py, whose source the
# precomputed statistics are fingerprinted on); marked here for the catalogue, translated with _()
# where a page shows them.
GAME_AND_RULE_SET_NAMES = (
    N_("Chickenfoot"), N_("Mexican Train"), N_("Super 15"),
    N_("Classic"), N_("Set insert"), N_("Encyclopedia"), N_("Family"), N_("Double-15 rulebook"),
    N_("Mexican Train (double-15 rulebook)"), N_("Super 15 (double-15 rulebook)"),
)

# The same for each rule's name (referee/presets.py LABELS) and the words of its value
# (Rule.describe(), referee/rulesets.py): tests/test_catalogues.py checks this list has them all.
RULE_WORDS = (
    N_('Sets'),
    N_('Players'),
    N_('Tiles each player draws'),
    N_('Hands in a game'),
    N_('Long game (climb back up)'),
    N_('Who sets the starting double'),
    N_('If nobody holds the starting double'),
    N_('Plays on the starting double'),
    N_('Plays on each later double (the chickenfoot)'),
    N_('Must play when able'),
    N_('May draw instead of playing'),
    N_('The drawn tile'),
    N_('Chicken yard empty and unable to play'),
    N_('May pass instead of playing, the chicken yard empty'),
    N_('The hand ends'),
    N_('0|0 left in hand counts'),
    N_('Going out on a double'),
    N_('Last-tile call'),
    N_('Missed last-tile call'),
    N_('When a missed call may be reported'),
    N_('Taking back a played tile'),
    N_('Winner'),
    N_('Trains'),
    N_('Train markers'),
    N_('Playing doubles'),
    N_('The first turn'),
    N_('Special plays'),
    N_('Scoring'),
    N_('16, highest down to 0|0, or fewer if agreed'),
    N_('a player who cannot play passes'),
    N_('after the next player lays a domino'),
    N_('after the next player lays a domino, before play has gone once around the table'),
    N_('agree to go to the next-lowest double, or reshuffle and draw new hands'),
    N_('any time while the player holds one tile'),
    N_('blocked'),
    N_('draw one'),
    N_('draw one without playing; with the yard empty, lose the next turn'),
    N_('everyone draws one until it appears (alternative agreed beforehand: the highest available double starts; the next row keeps its own preferred double)'),
    N_('highest double down to 0|0'),
    N_('it is placed in the centre before play'),
    N_('lowest total'),
    N_('may be played'),
    N_('must be played'),
    N_('no'),
    N_('no: with nothing to draw, a player who can play plays'),
    N_('none stated; Chickenyard suggests drawing one tile without playing it'),
    N_('one per double, 9|9 down to 0|0'),
    N_('one per double, descending'),
    N_('one per suit, highest double first'),
    N_('optional'),
    N_('stalemate'),
    N_('the double is placed in the centre before the deal; the starter rotates clockwise'),
    N_('the double is placed in the centre; later rounds start with the highest double drawn not yet used; in the first round everyone draws one tile and the highest total starts'),
    N_('the double is set aside in the centre before the deal (alternative: everyone draws at once until it is found)'),
    N_('the first player starts with any double'),
    N_('the hand ends when a player cannot play'),
    N_('the player holding it plays it first'),
    N_('yard empty'),
    N_('yes'),
    N_('yes: a player who can play may pass'),
)

VALUE_WORDS = {
    ("hand_ends", "stalemate"): N_("when someone goes out, or in a stalemate: nobody can play and nothing is left to draw"),
    ("hand_ends", "blocked"): N_("when someone goes out, or when it is blocked: nobody can play and nothing is left to draw"),
    ("ending_on_double", 0): N_("scores 0, like any player who goes out"),
    ("ending_on_double", 50): N_("costs 50 points: the player who goes out on a double scores 50"),
    ("last_tile_call", False): N_("off: nobody has to announce their last tile"),
    ("last_tile_call", True): N_("on: a player down to one tile must say so"),
}


def rule_label(rule, rules) -> str:
    return rules.kind.rule_label(rule)


def rule_value(rule) -> str:
    """The rule's value in the table's language ("double-9, double-12" read as a list of sets)."""
    value = rule.value
    if isinstance(value, (bool, int, str)) and (rule.key, value) in VALUE_WORDS:
        return _(VALUE_WORDS[rule.key, value])
    if rule.key == "sets" and isinstance(value, tuple):
        return ", ".join(_("double-%(n)s", n=n) for n in value)
    return _(rule.describe())


def register(app) -> None:
    app.jinja_env.filters["rule_label"] = rule_label
    app.jinja_env.filters["rule_value"] = rule_value
