"""Tiles and sets: the pieces every Chickenyard rule is about.

A double-N set holds every pair (a, b) with 0 <= a <= b <= N:
(N+1)(N+2)/2 tiles and N(N+1)(N+2)/2 pips in all (RULES.md, "Sets").
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

SET_SIZES = (6, 9, 12, 15, 18)

_TILE_TEXT = re.compile(r"^\s*(\d{1,2})\s*[|\-/:,x ]\s*(\d{1,2})\s*$")


class BadTile(ValueError):
    """Text or numbers that do not name a domino tile."""


@dataclass(frozen=True, order=True, slots=True)
class Tile:
    """One domino; always stored with the lower number first (3|4 is 4|3)."""

    low: int
    high: int

    def __post_init__(self):
        if not (isinstance(self.low, int) and isinstance(self.high, int)):
            raise BadTile("a tile's halves are whole numbers")
        if self.low < 0 or self.high < 0:
            raise BadTile("a tile's halves cannot be negative")
        if self.low > self.high:
            low, high = self.high, self.low
            object.__setattr__(self, "low", low)
            object.__setattr__(self, "high", high)

    @classmethod
    def parse(cls, text: str) -> "Tile":
        """Read "3|4", "3-4", "3 4" or "3/4"."""
        match = _TILE_TEXT.match(str(text))
        if not match:
            raise BadTile(f"{text!r} is not a tile; write it like 3|4")
        return cls(int(match.group(1)), int(match.group(2)))

    @classmethod
    def coerce(cls, value) -> "Tile":
        """A tile from a Tile, "a|b" text, or an [a, b] pair (JSON)."""
        if isinstance(value, Tile):
            return value
        if isinstance(value, str):
            return cls.parse(value)
        if isinstance(value, (list, tuple)) and len(value) == 2:
            a, b = value
            if isinstance(a, bool) or isinstance(b, bool) or not (
                isinstance(a, int) and isinstance(b, int)
            ):
                raise BadTile(f"{list(value)!r} is not a tile: both halves must be whole numbers")
            return cls(a, b)
        raise BadTile(f"{value!r} is not a tile; give it as [a, b] or \"a|b\"")

    def __hash__(self) -> int:
        return self.low << 6 | self.high      # sets of tiles are hashed at every move

    @property
    def pips(self) -> int:
        return self.low + self.high

    @property
    def is_double(self) -> bool:
        return self.low == self.high

    def has(self, number: int) -> bool:
        return number in (self.low, self.high)

    def other(self, number: int) -> int:
        """The number on the far side from `number`."""
        if number == self.low:
            return self.high
        if number == self.high:
            return self.low
        raise BadTile(f"{self} has no {number}")

    def in_set(self, set_size: int) -> bool:
        return self.high <= set_size

    def as_list(self) -> list[int]:
        return [self.low, self.high]

    def __str__(self) -> str:
        return f"{self.low}|{self.high}"


def double(n: int) -> Tile:
    return Tile(n, n)


@lru_cache(maxsize=None)
def set_tiles(set_size: int) -> tuple[Tile, ...]:
    """Every tile of a double-`set_size` set, 0|0 first. Every set shares the largest set's Tile
    values, so that the referee meets one value per tile (found by identity before equality)."""
    if set_size < SET_SIZES[-1]:
        return tuple(t for t in set_tiles(SET_SIZES[-1]) if t.high <= set_size)
    return tuple(Tile(a, b) for a in range(set_size + 1) for b in range(a, set_size + 1))


@lru_cache(maxsize=None)
def whole_set(set_size: int) -> frozenset[Tile]:
    """The tiles of a double-`set_size` set, to check a deal against."""
    return frozenset(set_tiles(set_size))


def tile_count(set_size: int) -> int:
    return (set_size + 1) * (set_size + 2) // 2


def set_pips(set_size: int) -> int:
    return set_size * (set_size + 1) * (set_size + 2) // 2
