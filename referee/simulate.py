"""Random hands played by the rules: how hands end, points, turns, stalemates.

Every simulated hand is a legal hand: `--records DIR` writes each as a record
that `python -m referee replay` accepts.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from .hand import Hand, Reshuffle
from .rulesets import RuleSet
from .tiles import Tile, set_tiles


@dataclass
class Stats:
    hands: int = 0
    ended_by: dict[str, int] = field(default_factory=dict)
    points: int = 0
    player_hands: int = 0
    turns: int = 0

    def add(self, hand: Hand) -> None:
        outcome = hand.outcome()
        self.hands += 1
        self.ended_by[outcome.ended_by] = self.ended_by.get(outcome.ended_by, 0) + 1
        self.points += sum(outcome.points)
        self.player_hands += len(outcome.points)
        self.turns += hand.turns

    def as_dict(self) -> dict:
        n = max(self.hands, 1)
        return {"hands": self.hands, "ended_by": dict(sorted(self.ended_by.items())),
                "went_out_rate": self.ended_by.get("went_out", 0) / n,
                "stalemate_rate": self.ended_by.get("stalemate", 0) / n,
                "blocked_rate": self.ended_by.get("blocked", 0) / n,
                "average_points": self.points / max(self.player_hands, 1),
                "average_turns": self.turns / n}


def deal_hand(rules: RuleSet, set_size: int, players: int, double: int, rng: random.Random,
              each: int | None = None):
    """Shuffle and deal as the rule set says: the starting double set aside first where it is."""
    tiles = list(set_tiles(set_size))
    if rules.value("starting_double") == "centre":
        tiles.remove(Tile(double, double))
    rng.shuffle(tiles)
    each = rules.tiles_each(set_size, players).value if each is None else each
    deal = [tiles[i * each:(i + 1) * each] for i in range(players)]
    return deal, tiles[players * each:]


def start_random_hand(rules: RuleSet, set_size: int, players: int, rng: random.Random,
                      double: int | None = None, each: int | None = None) -> tuple[Hand, list, list]:
    """A shuffled deal, dealt again where the rule set says so (set-insert: "reshuffle all the tiles
    and draw new hands")."""
    double = set_size if double is None else double
    while True:
        deal, yard = deal_hand(rules, set_size, players, double, rng, each)
        try:
            return Hand(rules, set_size, deal, yard, double, first_player=rng.randrange(players), rng=rng), deal, yard
        except Reshuffle:
            continue


def play_random_hand(rules: RuleSet, set_size: int, players: int, rng: random.Random,
                     double: int | None = None, each: int | None = None) -> tuple[Hand, list, list]:
    hand, deal, yard = start_random_hand(rules, set_size, players, rng, double, each)
    hand.play_out(rng)
    return hand, deal, yard


def simulate(rules: RuleSet, set_size: int, players: int, hands: int, seed: int = 0,
             on_hand=None) -> Stats:
    rng = random.Random(seed)
    stats = Stats()
    each = rules.tiles_each(set_size, players).value
    for _ in range(hands):
        hand, deal, yard = play_random_hand(rules, set_size, players, rng, each=each)
        stats.add(hand)
        if on_hand is not None:
            on_hand(hand, deal, yard)
    return stats
