"""Two phones, one hand: merging a form that was opened before another save.

Each hand form carries the hand's version and each player's entry as it was
when the form was opened (its base). When the hand changed meanwhile:
- a player this phone did not touch keeps the value saved by the other phone;
- a player only this phone changed takes this phone's value;
- a player both phones changed differently is a conflict: the person sees both
  values and chooses. Nothing accepted is ever overwritten silently.
"""
from __future__ import annotations

from dataclasses import dataclass

from .sheet import Entry
from .typed import BadJSON, load_json, whole_number


@dataclass(frozen=True)
class Conflict:
    player_id: int
    saved: Entry
    mine: Entry


def read_base(data, player_ids) -> dict[int, dict | None] | None:
    """The entries as the form saw them, or None when the form carries no base."""
    if "version" not in data:
        return None
    base = {}
    for pid in player_ids:
        raw = data.get(f"base-{pid}") or ""
        try:
            base[pid] = load_json(raw) if raw else None
        except BadJSON:
            base[pid] = None
    return base


def read_choices(data, player_ids) -> tuple[dict[int, str], list[int]]:
    """For each player, the value the person chose to keep ("saved": the other phone's, "mine", or
    "" when not asked), and the players the form asked about for whom nothing was chosen."""
    choices = {pid: data.get(f"keep-{pid}", "") for pid in player_ids}
    asked = [whole_number(c, digits=18) for c in data.getlist("conflict")]
    return choices, [pid for pid in player_ids if pid in asked and not choices[pid]]


def merge(mine: dict[int, Entry], base: dict[int, dict | None], current: dict[int, Entry],
          choices: dict[int, str]) -> tuple[dict[int, Entry], list[Conflict]]:
    """The entries to store, and the conflicts still to be chosen."""
    merged: dict[int, Entry] = {}
    conflicts: list[Conflict] = []
    for pid in set(mine) | set(base) | set(current):
        m = mine.get(pid, Entry())
        c = current.get(pid, Entry())
        b = base.get(pid)
        if m.snapshot() == c.snapshot() or c.snapshot() == b:
            merged[pid] = m
        elif m.snapshot() == b:
            merged[pid] = c          # only the other phone changed it
        elif choices.get(pid) == "saved":
            merged[pid] = c
        elif choices.get(pid) == "mine":
            merged[pid] = m
        else:
            conflicts.append(Conflict(pid, c, m))
            merged[pid] = c
    return merged, conflicts
