"""The games Chickenyard keeps a sheet for: one object per game, the one table of games.

Each game holds its name and words, its rule sets (the presets that name it), how its hand records
are read into its engine and written back, and how it is scored. A rule set names its game
(`RuleSet.game`, from the preset's data); `GAMES[rules.game]`, which is `rules.kind`, is that game's
object, so nothing else asks which game it is (python-chess's variant table is the model).
Chickenfoot and Mexican Train count each player's pips left and the lowest total wins; Super 15
keeps no points: each round has a winner, and the most rounds won wins.

The scoring methods read a hand of the score sheet: anything with `entry(player_id)` (its
`points` and `tiles_left`), `went_out` (the player who went out first, or None) and
`seated(players)` (the players who play it). A player is anything with an `id`.
"""
from __future__ import annotations

from collections.abc import Hashable, Mapping

from .presets import PRESETS
from .words import N_, Word, _, names


class Game:
    """A game scored by the pips left in each hand: each player's pips count against them."""

    key = ""
    title = ""                               # the game's name in English: records, the command line
    # each word is read in the table's language (referee/words.py)
    unit = Word("round")                     # one deal, as the table calls it
    units = Word("rounds")
    bone_pile = Word("bone pile")            # where the tiles not dealt wait, in the rule sources' words
    centre_double = Word("starting double")  # the double a deal is built on
    scored_by_pips = True
    # what the game offers a table setting it up: the 0|0's worth, the long game, the alternate
    # beginning and the folded-away house rules are Chickenfoot's
    offers_house_rules = False
    counts_tiles_left = False          # the hand form asks each player's tiles left
    total_label = Word("Total")              # the sheet's totals row
    totals_name = Word("total")              # the totals row of a printed sheet or a spreadsheet
    subtotal_label = Word("Subtotal 1–")     # a printed sheet's row after some hands: "Subtotal 1–8"
    score_words = Word("points")             # what a game's total counts
    hand_score_words = Word("points")        # what the tiles left in one hand make
    winning_rule = Word("lowest total")
    points_label = Word("Total left in hand")  # the hand form's field of a player's pips
    hands_question: str                      # the new-game form's question on the game's length (each game's)

    def how_to_enter(self, rules) -> str:
        """The hand form's first words."""
        return _("For each player, type the total left in hand, or tap the leftover tiles and Chickenyard "
                 "adds them up (0|0 counts %(points)s). Leave a player empty to finish later.",
                 points=rules.double_blank_points)

    def how_to_score(self, rules) -> str:
        """A printed sheet's words on scoring it."""
        return _("0|0 left in hand counts %(points)s. Lowest total wins.", points=rules.double_blank_points)

    @property
    def name(self) -> str:
        """The game's name in the table's language (marked for the catalogue in chickenyard/web/rule_words.py)."""
        return _(self.title)

    @property
    def presets(self) -> tuple[str, ...]:
        """The game's rule sets, as the presets name them: Chickenfoot's traditions, or the one rule set
        of each other game of the double-15 rulebook."""
        return tuple(name for name, data in PRESETS.items() if data.get("game", "chickenfoot") == self.key)

    @property
    def several_rule_sets(self) -> bool:
        """A table chooses one of the game's rule sets (Chickenfoot's traditions), and a game of it is
        named by its rule set ("Classic"); the other games have one each."""
        return len(self.presets) > 1

    @property
    def offers(self) -> tuple[str, ...]:
        """What a table setting up a game of it chooses, as the set-up forms name their parts: a rule
        set and a set ("rule-sets") or the game's one rule set ("one-rule-set"), and the house rules."""
        return ("rule-sets" if self.several_rule_sets else "one-rule-set",) + \
            (("house-rules",) if self.offers_house_rules else ())

    def preset_for(self, chosen: str) -> str:
        """The rule set a table of this game plays: the one it chose, or the game's only one."""
        return chosen if self.several_rule_sets else self.presets[0]

    def read_record(self, record: dict) -> tuple:
        """A hand record of this game (chickenyard/hand-v1) set up on its engine: (the round, its moves)."""
        raise NotImplementedError

    def write_record(self, round_, deal, yard, first_player: int) -> dict:
        """The record of a round of this game played on its engine, read back by `read_record`."""
        raise NotImplementedError

    def rule_label(self, rule) -> str:
        """A rule's name in this game's words: its deals and its bone pile."""
        words = {"hands": _("%(units)s in a game", units=self.units.capitalize()),
                 "empty_yard": _("%(bone_pile)s empty and unable to play", bone_pile=self.bone_pile.capitalize()),
                 "hand_ends": _("The %(unit)s ends", unit=self.unit)}
        return words.get(rule.key, _(rule.label))

    def round_winner(self, hand, players) -> Hashable | None:
        """A game of pips has no winner of a hand: each hand's pips count, blocked or not."""
        return None

    def still_needs(self, hand, players) -> str | None:
        """What the sheet still needs to know of a started hand: a game of pips shows each cell
        empty until it is entered, and needs no words for it."""
        return None

    def hand_scores(self, hand, players) -> list[int | None]:
        """What each player scores in the hand, in the players' order (None: not known yet)."""
        return [hand.entry(p.id).points for p in players]

    def counted_score(self, hand, players, player_id) -> int | None:
        """What the player scores in the hand for their season's figures; None while it does not
        count yet (their pips not entered)."""
        return hand.entry(player_id).points

    def hand_complete(self, hand, players) -> bool:
        return all(hand.entry(p.id).points is not None for p in hand.seated(players))

    def score_text(self, score: int | None, won: str) -> str | int:
        """A hand's score as a printed sheet or a spreadsheet writes it (`won`: the mark of a round won)."""
        return "" if score is None else score

    def rank(self, total: int) -> int:
        """Orders totals best first: the lowest total is the best."""
        return total

    def leaders(self, totals: Mapping[Hashable, int]) -> list:
        """The players with the best total (none before anyone has a score that counts)."""
        if not totals:
            return []
        best = min(self.rank(t) for t in totals.values())
        return [pid for pid, total in totals.items() if self.rank(total) == best]


# A game's records are read and written by referee/records.py, which replays them on the engine, and
# the engine reads the rule sets, which name this table: records is imported when a record is.

class Chickenfoot(Game):
    key = "chickenfoot"
    title = "Chickenfoot"
    unit = Word("hand")
    units = Word("hands")
    bone_pile = Word("chicken yard")         # the classic, set-insert and family rules' word
    offers_house_rules = True
    hands_question = Word("Number of hands (empty: the full game)")

    def read_record(self, record: dict) -> tuple:
        from .records import start_hand
        return start_hand(record)

    def write_record(self, round_, deal, yard, first_player: int) -> dict:
        from .records import write_hand
        return write_hand(round_, deal, yard, first_player)


class MexicanTrain(Game):
    key = "mexican-train"
    title = "Mexican Train"
    centre_double = Word("engine double")
    hands_question = Word("Number of rounds (empty: all 16)")

    def read_record(self, record: dict) -> tuple:
        from .records import start_train_round
        return start_train_round(record)

    def write_record(self, round_, deal, yard, first_player: int) -> dict:
        from .records import write_train_round
        return write_train_round(round_, deal, yard, first_player)


TIED = N_("tied on tiles and pips: the rulebook names no winner, so nobody wins this round")  # _() where shown


class Super15(Game):
    """Super 15 keeps no points: the first player out wins the round; a blocked round goes to the
    fewest tiles left, and a tie on tiles to the lowest pip total."""

    key = "super-15"
    title = "Super 15"
    centre_double = Word("starter double")
    hands_question = Word("Number of rounds (empty: 5)")
    scored_by_pips = False
    counts_tiles_left = True
    total_label = Word("Won")
    totals_name = Word("rounds won")
    subtotal_label = Word("Won in 1–")
    score_words = Word("rounds won")
    hand_score_words = Word("pips")
    winning_rule = Word("most rounds won")
    points_label = Word("Pips left (settles a tie on tiles)")

    def read_record(self, record: dict) -> tuple:
        from .records import start_super15
        return start_super15(record)

    def write_record(self, round_, deal, yard, first_player: int) -> dict:
        from .records import write_super15
        return write_super15(round_, deal, yard, first_player)

    def how_to_enter(self, rules) -> str:
        return _("Mark who went out first: they win the round. If the round blocked, give each player's tiles "
                 "left (or tap them); the fewest tiles wins, and the pips left settle a tie.")

    def how_to_score(self, rules) -> str:
        return _("No points: tick the winner of each round, the first player out of tiles; if the round blocks, "
                 "the fewest tiles left, then the lowest pips. Most rounds won wins.")

    @staticmethod
    def blocked_winner(left: Mapping[Hashable, tuple[int | None, int | None]]) -> Hashable | None:
        """Who wins a blocked round, from each player's (tiles left, pips left): "the winner is the one
        with the fewest dominoes left. (In case one or more tie for the fewest dominoes left, the lowest
        point-total amongst these players is the winner.)" None while a count it needs is not known,
        or when tiles and pips are both level: the rulebook names no winner then."""
        tiles = {pid: count for pid, (count, _) in left.items()}
        if not tiles or any(count is None for count in tiles.values()):
            return None
        fewest = [pid for pid, count in tiles.items() if count == min(tiles.values())]
        if len(fewest) == 1:
            return fewest[0]
        pips = {pid: left[pid][1] for pid in fewest}
        if any(p is None for p in pips.values()):
            return None          # a tie on tiles: the pips settle it, once they are known
        lowest = [pid for pid, p in pips.items() if p == min(pips.values())]
        return lowest[0] if len(lowest) == 1 else None

    def round_winner(self, hand, players) -> Hashable | None:
        """The first player out; if the round blocked, see `blocked_winner`."""
        if hand.went_out is not None:
            return hand.went_out
        return self.blocked_winner(self._left(hand, players))

    def hand_complete(self, hand, players) -> bool:
        """Its winner is known, or tiles and pips are all in and level (nobody wins it)."""
        if hand.went_out is not None:
            return True
        # nothing to settle (still_needs), but only at a round someone sat at
        return bool(hand.seated(players)) and self.still_needs(hand, players) in (None, TIED)

    @staticmethod
    def _left(hand, players) -> dict:
        return {p.id: (hand.entry(p.id).tiles_left, hand.entry(p.id).points) for p in hand.seated(players)}

    def still_needs(self, hand, players) -> str | None:
        """What the sheet still needs to name the round's winner, in the table's words (TIED when
        tiles and pips are all in and still level: the rulebook names no winner)."""
        players = hand.seated(players)
        if self.round_winner(hand, players) is not None:
            return None
        left = {p.id: hand.entry(p.id).tiles_left for p in players}
        if any(v is None for v in left.values()):
            return _("Mark who went out first or, if the round blocked, each player's tiles left.")
        fewest = [p for p in players if left[p.id] == min(left.values())]
        missing = [p.name for p in fewest if hand.entry(p.id).points is None]
        if missing:
            return _("%(tied)s tie on tiles left: enter the pips of %(missing)s to settle it (the lowest pip "
                     "total wins).", tied=names(p.name for p in fewest), missing=names(missing))
        return TIED

    def hand_scores(self, hand, players) -> list[int | None]:
        """1 for the round's winner and 0 for the others, once the winner is known."""
        winner = self.round_winner(hand, players)
        return [None if winner is None else int(p.id == winner) for p in players]

    def score_text(self, score: int | None, won: str) -> str:
        return won if score else ""

    def counted_score(self, hand, players, player_id) -> int | None:
        """1 for a round won, 0 for one played and not won (a tied round too); None while the round is
        not complete, and for a round the player did not sit at (joined later, or had left)."""
        if player_id not in {p.id for p in hand.seated(players)} or not self.hand_complete(hand, players):
            return None
        return int(self.round_winner(hand, players) == player_id)

    def rank(self, total: int) -> int:
        return -total                    # the most rounds won is the best

    def leaders(self, totals: Mapping[Hashable, int]) -> list:
        return super().leaders(totals) if any(totals.values()) else []


GAMES: dict[str, Game] = {game.key: game for game in (Chickenfoot(), MexicanTrain(), Super15())}
