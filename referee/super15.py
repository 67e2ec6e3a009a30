"""Super 15 from the double-15 rulebook: six branches, special plays, and no points.

The rulebook's special plays are read as what the played tile leaves showing
("Whenever a play leaves a 15 ... If a play leaves a 14"); the referee reads
"a 13 is played" and "a 3 is played" the same way, since the spell is broken
by "playing immediately on that piece".
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .actions import IllegalAction
from .games import Super15
from .rounds import Outcome, Round
from .presets import PRESETS
from .rulesets import Rule, rule_set
from .tiles import Tile

_DATA = PRESETS["super-15"]
SOURCE = _DATA["source"]


def _rule(quote: str, key: str = "specials") -> Rule:
    return Rule(key, None, SOURCE, quote)


RULES = {
    "start": _rule("The first player starts play with any double in his/her hand.", "starting_double"),
    "branches": _rule("Play can be made off the starter domino in six directions, or branches (*Diagram 6*).",
                      "hub_plays"),
    "draw_two": _rule("If a play cannot be made, then the player draws two tiles and may play one of these drawn "
                      "tiles before the turn is over.", "play_drawn"),
    "fifteen": _rule("Whenever a play leaves a 15, every other player must pick a tile from the bone pile "
                     "immediately."),
    "fourteen": _rule("If a play leaves a 14, that player can play again."),
    "doubles": _rule("Doubles can play on their matching number, or on any 13."),
    "spell": _rule("If a 13 is played a \"spell\" is cast. The next player must break the spell by playing "
                   "immediately on that piece, with another 13, or with a double."),
    "reverse": _rule("Whenever a 3 is played, the direction of play reverses immediately. This is inapplicable "
                     "when there are only two players."),
    "lose_turn": _rule("If a double is played, the next player loses a turn. This does not apply to the starter "
                       "double or the 13-13."),
    "winning": _rule("In case no one is able to play, and all the pieces have been drawn, the winner is the one "
                     "with the fewest dominoes left.", "hand_ends"),
}


@dataclass(frozen=True)
class Place:
    """Play `tile` on an open end (`end` is its index in `ends`; -1 starts a new branch off the starter).

    `others_draw` names the tiles the other players drew when the play left a 15 (records carry it).
    """
    tile: Tile
    end: int
    others_draw: tuple[tuple[int, Tile], ...] | None = None


@dataclass(frozen=True)
class DrawTwo:
    tiles: tuple[Tile, ...] | None = None


@dataclass(frozen=True)
class PassTurn:
    pass


class Super15Round(Round):
    def __init__(self, deal: Sequence[Iterable[Tile]], yard: Iterable[Tile], first_player: int = 0,
                 rng: random.Random | None = None):
        self.rules = rule_set("super-15")
        self.hands = [set(h) for h in deal]
        self.yard = set(yard)
        self.rng = rng or random.Random(0)
        self.turn = first_player
        self.direction = 1
        self.starter: Tile | None = None
        self.branches = 0
        self.ends: list[int] = []          # open ends of the branches
        self.spell: int | None = None      # index of the end showing the 13 that cast a spell
        self.caster: int | None = None
        self.spell_rounds = 0
        self.drawn: tuple[Tile, ...] = ()
        self.again = False                 # a play left a 14: "that player can play again"
        self.seeking = False               # nobody held a double: players draw in turn
        self.tried = 0
        self.stuck: set[int] = set()       # passed unable to play, the bone pile empty, since the last play
        self.skip_next = False             # a double was played: "the next player loses a turn"
        self.ended: Outcome | None = None
        self.turns = 0
        self.log: list[tuple[int, object]] = []

    @classmethod
    def position(cls, deal: Sequence[Iterable[Tile]], yard: Iterable[Tile], starter: Tile,
                 ends: Sequence[int] = (), turn: int = 0, direction: int = 1) -> "Super15Round":
        """A round under way: `starter` on the table with branches ending in `ends`, `turn` to play
        and play going clockwise (1) or back (-1). For setting out a position to rule on."""
        round_ = cls(deal, yard, first_player=turn)
        round_.starter, round_.ends, round_.branches = starter, list(ends), len(ends)
        round_.direction = direction
        return round_

    # --- what may be done -----------------------------------------------------

    def _targets(self, tile: Tile) -> list[int]:
        """Ends (indexes; -1 a new branch) this tile may be played on."""
        if self.spell is not None and self.turn != self.caster:
            value = self.ends[self.spell]
            ok = tile.has(value) or tile.is_double
            return [self.spell] if ok else []
        found = [i for i, v in enumerate(self.ends) if tile.has(v) or (tile.is_double and v == 13)]
        if self.branches < 6 and tile.has(self.starter.low):
            found.append(-1)
        return found

    def _plays(self, tiles: Iterable[Tile]) -> list[Place]:
        return [Place(t, i) for t in sorted(tiles) for i in self._targets(t)]

    def playable(self, player: int) -> list[Place]:
        """The plays `player` would have from their own tiles on their turn, the layout as it stands."""
        if self.starter is None:
            return []
        turn, self.turn = self.turn, player
        try:
            return self._plays(self.hands[player])
        finally:
            self.turn = turn

    def legal_actions(self) -> list:
        if self.ended:
            return []
        hand = self.hands[self.turn]
        if self.starter is None:
            doubles = [Place(t, -1) for t in sorted(hand) if t.is_double]
            if doubles:
                return doubles
            if self.seeking and self.yard:
                return [DrawTwo()]
            return [PassTurn()]
        if self.drawn:
            return self._plays([t for t in self.drawn if t in hand]) + [PassTurn()]   # "may play one"
        if self.again:
            return self._plays(hand) + [PassTurn()]        # "can play again": a choice, not a duty
        plays = self._plays(hand)
        if plays:
            return plays
        return [DrawTwo()] if self.yard else [PassTurn()]

    # --- doing it -----------------------------------------------------------------

    def apply(self, action) -> None:
        legal = self.legal_actions()
        if isinstance(action, DrawTwo) and action.tiles is not None and DrawTwo() in legal:
            if not set(action.tiles) <= self.yard or len(action.tiles) != min(2 if self.starter else 1, len(self.yard)):
                raise IllegalAction("Those tiles are not what can be drawn from the bone pile.", RULES["draw_two"])
        elif (Place(action.tile, action.end) if isinstance(action, Place) else action) not in legal:
            raise self._why_not(action)
        self.turns += 1
        if isinstance(action, Place):
            player = self.turn
            drawn = self._place(action)
            self.log.append((player, Place(action.tile, action.end, drawn)))
        elif isinstance(action, DrawTwo):
            count = 2 if self.starter is not None else 1   # seeking a starter: "draw one tile"
            tiles = action.tiles or tuple(self.rng.sample(sorted(self.yard), min(count, len(self.yard))))
            self.log.append((self.turn, DrawTwo(tiles)))
            self.yard -= set(tiles)
            self.hands[self.turn] |= set(tiles)
            if self.starter is None:
                if not any(t.is_double for t in tiles):
                    self._advance()         # drew a double: the same player starts with it
            else:
                self.drawn = tiles
        else:
            self.log.append((self.turn, action))
            self._pass()

    def _place(self, place: Place):
        """Play the tile; returns what the others drew when it left a 15."""
        tile = place.tile
        self.hands[self.turn].discard(tile)
        self.drawn, self.again = (), False
        self.stuck.clear()
        if self.starter is None:
            self.starter = tile
            self.tried = 0
            self._advance()
            return None
        if place.end == -1:
            self.branches += 1
            self.ends.append(tile.other(self.starter.low))
            index = len(self.ends) - 1
        else:
            old = self.ends[place.end]
            self.ends[place.end] = tile.low if tile.is_double else tile.other(old)
            index = place.end
        if index == self.spell:
            # broken by the next player, or covered by its caster: the end no longer shows that 13
            self.spell, self.caster = None, None
        if not self.hands[self.turn]:
            self._finish_out()
            return None
        shows = self.ends[index]
        if tile.is_double and tile != Tile(13, 13):
            self.skip_next = True           # "If a double is played, the next player loses a turn."
        others = None
        if shows == 15:                     # every other player draws one at once
            others = self._others_draw(place.others_draw)
        if shows == 13:                     # a spell is cast (13|13 casts a new one)
            self.spell, self.caster, self.spell_rounds = index, self.turn, 0
        if shows == 3 and self.players > 2:
            self.direction = -self.direction
        if shows == 14:                     # a 14: "that player can play again"
            self.again = True
        else:
            self._advance()
        return others

    def _others_draw(self, named) -> tuple:
        named = dict(named or ())
        drawn = []
        for p in range(self.players):
            if p == self.turn or not self.yard:
                continue
            tile = named.get(p) or self.rng.choice(sorted(self.yard))
            if tile not in self.yard:
                raise IllegalAction(f"{tile} is not in the bone pile.", RULES["fifteen"])
            self.yard.discard(tile)
            self.hands[p].add(tile)
            drawn.append((p, tile))
        return tuple(drawn)

    def _pass(self) -> None:
        self.drawn = ()
        if self.again:                      # done after the 14: the turn simply ends
            self.again = False
            return self._advance()
        if self.starter is None:
            self.tried += 1
            if self.tried >= self.players:
                self.seeking = True          # "play returns to the first player. Then, in turn, players draw"
            return self._advance()
        if not self.yard and not self._plays(self.hands[self.turn]):
            # "In case no one is able to play, and all the pieces have been drawn": a player who
            # passes holding a drawn tile that fits was able to play
            self.stuck.add(self.turn)
            if len(self.stuck) == self.players:
                return self._finish_blocked()
        self._advance()

    def _advance(self) -> None:
        steps = 2 if self.skip_next else 1  # a double's skip waits until its player's turn is over
        self.skip_next = False
        for _ in range(steps):
            self.turn = (self.turn + self.direction) % self.players

    def _finish_out(self) -> None:
        self.ended = Outcome("went_out", f"player {self.turn} went out first",
                             tuple(sum(t.pips for t in h) for h in self.hands), self.turn)

    def _finish_blocked(self) -> None:
        left = {i: (len(h), sum(t.pips for t in h)) for i, h in enumerate(self.hands)}
        self.ended = Outcome("blocked", "blocked: the fewest tiles wins, ties by the lowest pips",
                             tuple(pips for _, pips in left.values()), Super15.blocked_winner(left))

    def _why_not(self, action) -> IllegalAction:
        if isinstance(action, Place):
            if action.tile not in self.hands[self.turn]:
                return IllegalAction(f"{action.tile} is not in this player's hand.")
            if self.starter is None:
                return IllegalAction("The round starts with a double.", RULES["start"])
            if self.spell is not None and self.turn != self.caster:
                return IllegalAction("A spell is cast: break it on the 13 with another 13 or a double.",
                                     RULES["spell"])
            if action.end == -1:
                return IllegalAction("Only six branches grow off the starter double, each from its number.",
                                     RULES["branches"])
            return IllegalAction(f"{action.tile} does not match that end.", RULES["doubles"])
        if isinstance(action, DrawTwo):
            return IllegalAction("A player who can play must play; draw two only when unable.", RULES["draw_two"])
        return IllegalAction("A player who can play may not pass.", RULES["draw_two"])
