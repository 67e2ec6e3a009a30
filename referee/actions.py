"""What a player can do on a turn, as small values (like moves in chess)."""
from __future__ import annotations

from dataclasses import dataclass

from .tiles import SET_SIZES, Tile, set_tiles


@dataclass(frozen=True)
class Play:
    """Play `tile` with its `joins` side against an open end showing `joins`."""
    tile: Tile
    joins: int

    @property
    def new_end(self) -> int:
        """The end the play leaves open: the tile's far side from `joins`."""
        return self.tile.other(self.joins)

    def notation(self) -> str:
        return notation(self.tile, self.joins)


def notation(tile: Tile, joins: int) -> str:
    """A play as a record writes it: "a-b" joins an end showing a and leaves b; a double is "a|a"."""
    return f"{tile.low}|{tile.low}" if tile.is_double else f"{joins}-{tile.other(joins)}"


def _plays_by_halves() -> list[list[dict[int, Play]]]:
    """Each tile's plays, found by its two numbers: `PLAYS[low][high][joins]`."""
    table: list[list[dict[int, Play]]] = [[{} for _ in range(SET_SIZES[-1] + 1)] for _ in range(SET_SIZES[-1] + 1)]
    for tile in set_tiles(SET_SIZES[-1]):
        table[tile.low][tile.high] = {tile.low: Play(tile, tile.low), tile.high: Play(tile, tile.high)}
    return table


PLAYS = _plays_by_halves()


def play_of(tile: Tile, joins: int) -> Play:
    """The same Play value for the same tile and end each time: a move is looked at far more often
    than it is made, and a list of legal moves is searched by identity before equality."""
    return PLAYS[tile.low][tile.high][joins]


@dataclass(frozen=True)
class Draw:
    """Take one tile from the chicken yard (`tile` names it when it is known)."""
    tile: Tile | None = None


@dataclass(frozen=True)
class Pass:
    pass


@dataclass(frozen=True)
class MissedCall:
    """The table reports that `player` forgot the last-tile call (Chickenlittle, tap, Bok bok)."""
    player: int
    tile: Tile | None = None   # the penalty tile drawn, when the yard has one


@dataclass(frozen=True)
class Call:
    """`player`, down to one tile, makes the last-tile call (classic: says "Chickenlittle"; a record
    writes the word the table says, `word`)."""
    player: int
    word: str = "chickenlittle"


@dataclass(frozen=True)
class TakeBack:
    """Classic: `player` picks up the tile just played, before the next player acts."""
    player: int


class IllegalAction(ValueError):
    """A move the rules do not allow; the message says why, and which rule."""

    def __init__(self, message: str, rule=None):
        super().__init__(message)
        self.rule = rule

    def cites(self) -> str:
        if self.rule is None or not self.rule.quote:
            return str(self)
        return f"{self} ({self.rule.source}: \"{self.rule.quote}\")"


class ImpossibleRequest(ValueError):
    """A question the rules cannot answer as asked: a set the rule set does not use, more players
    than it seats, a table that cannot be dealt. The message says why, in a player's words."""
