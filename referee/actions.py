"""What a player can do on a turn, as small values (like moves in chess)."""
from __future__ import annotations

from dataclasses import dataclass

from .tiles import Tile


@dataclass(frozen=True)
class Play:
    """Play `tile` with its `joins` side against an open end showing `joins`."""
    tile: Tile
    joins: int

    @property
    def new_end(self) -> int:
        return self.tile.other(self.joins)

    def notation(self) -> str:
        if self.tile.is_double:
            return f"{self.tile.low}|{self.tile.low}"
        return f"{self.joins}-{self.new_end}"


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
