"""Castle Rock, the solitaire of the double-15 rulebook.

"Draw 3 random tiles ... to form a row." Two removals: the middle tile of
three when the outer two share a number, or three adjacent tiles that all
share one; "you must always remove at least 1 domino when the opportunity
arises". Tiles are drawn one at a time to the right end; an emptied row is
started again with three. "The game is won if only two dominoes remain."
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from .actions import IllegalAction
from .presets import RULEBOOK
from .rulesets import Rule
from .tiles import Tile, set_tiles
from .words import _

RULES = {
    "middle": Rule("middle", "remove the middle tile", RULEBOOK,
                   "When a match occurs between the ends of any 2 dominoes being separated by 1 domino, "
                   "the domino in the middle of the matching dominoes is removed."),
    "three": Rule("three", "remove three adjacent tiles", RULEBOOK,
                  "When a match occurs between the ends of 3 dominoes in a row, all 3 dominoes can be removed "
                  "from the row."),
    "must": Rule("must", "a removal is compulsory", RULEBOOK,
                 "However, you must always remove at least 1 domino when the opportunity arises."),
    "end": Rule("end", "end of play", RULEBOOK,
                "Play ends when the bone pile is depleted and you cannot discard any more dominoes from the "
                "array. The game is won if only two dominoes remain."),
    "restart": Rule("restart", "an emptied row", RULEBOOK,
                    "Should you discard all the dominoes from the array during play, while the bone pile is not "
                    "depleted yet, simply draw 3 tiles and start a new array"),
}


@dataclass(frozen=True)
class RemoveMiddle:
    index: int          # the middle tile's place in the row (0 = leftmost)


@dataclass(frozen=True)
class RemoveThree:
    index: int          # the first of the three


@dataclass(frozen=True)
class DrawTile:
    tile: Tile | None = None


def _shares(a: Tile, b: Tile) -> bool:
    return a.low in (b.low, b.high) or a.high in (b.low, b.high)


def _three_share(a: Tile, b: Tile, c: Tile) -> bool:
    return bool({a.low, a.high} & {b.low, b.high} & {c.low, c.high})


def removals(row: tuple[Tile, ...], start: int = 0) -> list:
    """The removals the row offers, looking at the windows of three that begin at `start` or later."""
    found = []
    for i in range(max(start, 0), len(row) - 2):
        a, b, c = row[i], row[i + 1], row[i + 2]
        if _three_share(a, b, c):
            found.append(RemoveThree(i))
        if _shares(a, c):
            found.append(RemoveMiddle(i + 1))
    return found


def after(row: tuple[Tile, ...], action) -> tuple[Tile, ...]:
    if isinstance(action, RemoveMiddle):
        return row[:action.index] + row[action.index + 1:]
    return row[:action.index] + row[action.index + 3:]


class CastleRock:
    """One game: the row and the bone pile (in the order the tiles will be turned over, when known)."""

    def __init__(self, pile: list[Tile] | None = None, set_size: int = 15, rng: random.Random | None = None,
                 known_pile: bool = True):
        self.set_size = set_size
        self.rng = rng or random.Random()
        if pile is None:
            pile = list(set_tiles(set_size))
            self.rng.shuffle(pile)
        self.pile = list(pile)
        self.known_pile = known_pile          # False: a real table, the next tile is told by the player
        self.unseen = set(self.pile) if not known_pile else None
        self.row: tuple[Tile, ...] = ()
        self.moves = 0                        # removals, draws and corrections made
        self._options: list | None = None     # the removals on offer, until the row changes
        self.last_told: Tile | None = None    # a real table's last tile told, until something else happens

    def legal_actions(self) -> list:
        if self._options is None:
            self._options = removals(self.row)
        options = self._options
        if options:
            return options                     # "you must always remove at least 1 domino"
        if self.pile:
            return [DrawTile()]
        return []

    def apply(self, action) -> None:
        legal = self.legal_actions()
        if isinstance(action, DrawTile):
            if DrawTile() not in legal:
                rule = RULES["must"] if self.pile else RULES["end"]
                raise IllegalAction(_("A removal is possible, so one must be made before drawing.")
                                    if self.pile else _("The bone pile is empty."), rule)
            self._draw(action.tile)
            # a tile is drawn only when the row offers nothing: only the new last three can match
            self._options = removals(self.row, len(self.row) - 3)
            self.last_told = self.row[-1] if not self.known_pile else None
        else:
            self.last_told = None
            if action not in legal:
                raise IllegalAction(_("That removal is not allowed: the tiles do not share a number."),
                                    RULES["three" if isinstance(action, RemoveThree) else "middle"])
            self.row = after(self.row, action)
            self._options = None
        self.moves += 1
        # an emptied row starts again with three tiles (rulebook: "simply draw 3 tiles"); at a real
        # table the player turns them over and says which they are
        if not self.row and self.pile and self.known_pile and not isinstance(action, DrawTile):
            for _turned in range(min(3, len(self.pile))):
                self._draw(None)
            self._options = None

    def untell(self) -> Tile:
        """A real table: the last tile told was mistyped or misread; it goes back among the tiles
        not yet turned over, and the row is as it was. Only before anything else happens."""
        if self.last_told is None or not self.row or self.row[-1] != self.last_told:
            raise IllegalAction(_("Only the last tile told can be taken back, before any removal."), RULES["end"])
        tile, self.last_told = self.last_told, None
        self.row = self.row[:-1]
        self.pile.append(tile)
        self._options = None
        self.moves += 1
        return tile

    def _draw(self, tile: Tile | None) -> None:
        if tile is None:
            if not self.known_pile:
                raise IllegalAction(_("Say which tile was turned over."), RULES["end"])
            tile = self.pile.pop(0)
        else:
            if not tile.in_set(self.set_size):
                raise IllegalAction(_("%(tile)s is not in a double-%(set)d set.", tile=tile, set=self.set_size),
                                    RULES["end"])
            if tile not in self.pile:
                raise IllegalAction(_("%(tile)s is not in the bone pile (it was turned over already).", tile=tile),
                                    RULES["end"])
            self.pile.remove(tile)
        self.row = self.row + (tile,)

    def to_json(self) -> dict:
        return {"set": self.set_size, "row": [str(t) for t in self.row], "pile": [str(t) for t in self.pile],
                "known_pile": self.known_pile, "moves": self.moves,
                "last_told": str(self.last_told) if self.last_told else None}

    @classmethod
    def from_json(cls, doc: dict) -> "CastleRock":
        game = cls([Tile.parse(t) for t in doc["pile"]], doc["set"], known_pile=doc["known_pile"])
        game.row = tuple(Tile.parse(t) for t in doc["row"])
        game.moves = doc.get("moves", 0)
        game.last_told = Tile.parse(doc["last_told"]) if doc.get("last_told") else None
        return game

    def start(self) -> None:
        """ "Draw 3 random tiles from this bone pile and place them face up" """
        if self.known_pile:
            for _turned in range(min(3, len(self.pile))):
                self._draw(None)
            self._options = None

    def is_over(self) -> bool:
        return not self.legal_actions()

    def won(self) -> bool:
        return self.is_over() and len(self.row) <= 2


def tiles_beyond(row: tuple[Tile, ...], photographed: list[Tile]) -> tuple[list[Tile], bool]:
    """The tiles a photo of the row shows beyond the row as it stands, read in whichever direction
    agrees with the row (a photo may be taken from the far side of the table), and whether the
    photo's first tiles are the row as it stands."""
    def agreement(seen: list[Tile]) -> int:
        return sum(a == b for a, b in zip(seen, row))
    seen = max((photographed, photographed[::-1]), key=agreement)
    return seen[len(row):], agreement(seen) == len(row)


# --- policies -------------------------------------------------------------------

def greedy(row: tuple[Tile, ...], options: list | None = None):
    """The first removal found, three at a time when possible."""
    options = removals(row) if options is None else options
    threes = [o for o in options if isinstance(o, RemoveThree)]
    return (threes or options)[0]


@lru_cache(maxsize=200_000)
def best_outcome(row: tuple[Tile, ...]) -> tuple[int, int]:
    """The shortest row reachable by removals alone, and how open its right end is (more is better)."""
    options = removals(row)
    if not options:
        right = {n for t in row[-2:] for n in (t.low, t.high)}
        return (len(row), -len(right))
    return min(best_outcome(after(row, o)) for o in options)


def searching(row: tuple[Tile, ...], options: list | None = None):
    """Look through every order of removals up to the next draw; keep the row that ends shortest."""
    return min(removals(row) if options is None else options, key=lambda o: best_outcome(after(row, o)))


def play(policy, seed: int, set_size: int = 15) -> bool:
    game = CastleRock(set_size=set_size, rng=random.Random(seed))
    game.start()
    while True:
        actions = game.legal_actions()
        if not actions:
            return game.won()
        game.apply(actions[0] if isinstance(actions[0], DrawTile) else policy(game.row, actions))


def win_rates(games: int, seed: int = 0, set_size: int = 15) -> dict:
    rates = {}
    for name, policy in (("greedy", greedy), ("search", searching)):
        wins = sum(play(policy, seed + i, set_size) for i in range(games))
        rates[name] = wins / games
    best_outcome.cache_clear()
    return {"games": games, "set": set_size, "win_rate": rates}
