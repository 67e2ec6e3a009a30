"""What every game's round has in common: players' hands, and how it ended."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    ended_by: str            # went_out, stalemate, blocked
    detail: str              # in a player's words
    points: tuple[int, ...]
    went_out: int | None     # the player who went out (Super 15: the round's winner)


class Round:
    """The part of a round (a Chickenfoot hand, a Mexican Train or Super 15 round) that reads the same."""

    hands: list
    ended: Outcome | None = None

    @property
    def players(self) -> int:
        return len(self.hands)

    def is_over(self) -> bool:
        return self.ended is not None

    def outcome(self) -> Outcome | None:
        return self.ended
