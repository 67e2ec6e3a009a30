"""How random legal hands go at each table, and Castle Rock's win rates: figures computed once by
`python -m referee statistics --write` into table-statistics.json, never while a page is asked for.

The file carries a fingerprint of the engine and the rule data it was computed from; a test checks
that it is fresh, as docs/draw-counts.md is checked against `draw-table`.
"""
from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from .castle_rock import win_rates
from .rulesets import PRESET_NAMES, RuleSet, rule_set
from .simulate import simulate

HERE = Path(__file__).resolve().parent
DATA = HERE / "table-statistics.json"
HANDS, SEED = 300, 1
CASTLE_ROCK = ((15, 100), (6, 1000))           # (set, games): the double-6 game is short
ENGINE = ("actions.py", "castle_rock.py", "hand.py", "presets.py", "rulesets.py", "simulate.py", "tiles.py")


def fingerprint() -> str:
    """What the figures depend on: the engine's source, the rule data, and how many were played."""
    digest = hashlib.sha256(json.dumps([HANDS, SEED, CASTLE_ROCK]).encode())
    for name in ENGINE:
        digest.update((HERE / name).read_bytes())
    return digest.hexdigest()[:16]


def tables():
    """Every preset, set and seating, as the rule sets state them (no house rules)."""
    for preset in PRESET_NAMES:
        rules = rule_set(preset)
        for set_size in rules.sets:
            low, high = rules.players(set_size)
            for players in range(low, high + 1):
                yield preset, set_size, players


def _key(preset: str, set_size: int, players: int) -> str:
    return f"{preset}/{set_size}/{players}"


def table_figures(preset: str, set_size: int, players: int) -> dict:
    return simulate(rule_set(preset), set_size, players, HANDS, seed=SEED).as_dict()


def generate() -> dict:
    return {"fingerprint": fingerprint(), "hands": HANDS, "seed": SEED,
            "tables": {_key(*table): table_figures(*table) for table in tables()},
            "castle_rock": [win_rates(games, seed=SEED, set_size=set_size) for set_size, games in CASTLE_ROCK]}


def write() -> Path:
    DATA.write_text(json.dumps(generate(), indent=1, sort_keys=True) + "\n")
    load.cache_clear()
    return DATA


@lru_cache(maxsize=1)
def load() -> dict:
    try:
        return json.loads(DATA.read_text())
    except (OSError, ValueError):
        return {"tables": {}, "castle_rock": []}


def for_table(rules: RuleSet, set_size: int, players: int) -> dict | None:
    """The figures for a table, or None where they were not computed (house rules, other games)."""
    if rules.house_rules:
        return None
    return load()["tables"].get(_key(rules.preset, set_size, players))


def castle_rock() -> list[dict]:
    return load()["castle_rock"]
