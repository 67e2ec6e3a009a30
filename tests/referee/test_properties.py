"""Random legal play in every preset, house rule and game: no hand or round ends while a player
holds a legal play, tiles are conserved, and the scores are the pips left."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.actions import Call, Draw, MissedCall, Pass, TakeBack
from referee.hand import Hand
from referee.mexican_train import MexicanTrainRound, PlayOn
from referee.rulesets import PRESET_NAMES, leftover_points, rule_set
from referee.simulate import start_random_hand
from referee.super15 import Place, Super15Round
from referee.tiles import Tile, set_tiles

HOUSE_CHOICES = {"double_blank": (50, 25, 0), "hub_plays": (4, 6), "voluntary_draw": (True, False),
                 "play_drawn": ("may", "must"), "empty_yard": ("pass", "end"), "last_tile_call": (True, False),
                 "ending_on_double": (0, 50), "nobody_holds_double": ("highest",), "pass_with_play": (True, False)}


@st.composite
def tables(draw):
    preset = draw(st.sampled_from(PRESET_NAMES))
    house = {}
    for key, values in HOUSE_CHOICES.items():
        if draw(st.booleans()):
            house[key] = draw(st.sampled_from(values))
    if house.get("nobody_holds_double") and rule_set(preset)["starting_double"].value != "holder":
        del house["nobody_holds_double"]
    rules = rule_set(preset, house)
    set_size = draw(st.sampled_from(rules.sets))
    low, high = rules.players(set_size)
    players = draw(st.integers(low, high))
    double = draw(st.integers(0, set_size))
    return rules, set_size, players, double


def _choose(actions: list, rng: random.Random):
    """A random legal action, drawing and passing as often as playing where the rules allow them."""
    others = [a for a in actions if isinstance(a, (Draw, Pass))]
    return rng.choice(others if others and rng.random() < 0.5 else actions)


def _report_or_take_back(hand: Hand, player: int, rng: random.Random) -> None:
    """Now and then a player down to one tile calls it, the table reports a missed last-tile call, or
    the player takes the tile back."""
    if hand.is_over():
        return
    if rng.random() < 0.3 and hand.rules.value("last_tile_call") and len(hand.hands[player]) == 1:
        hand.apply(Call(player))
    if rng.random() < 0.3 and hand.rules.value("last_tile_call"):
        for offender in range(hand.players):
            probe = hand.copy()
            try:
                probe.apply(MissedCall(offender))
            except Exception:
                continue
            hand.apply(MissedCall(offender))
            return
    if rng.random() < 0.1 and hand.can_take_back(player):
        hand.apply(TakeBack(player))


@settings(max_examples=150, deadline=None)
@given(table=tables(), seed=st.integers(0, 10**6))
def test_chickenfoot_hands(table, seed):
    rules, set_size, players, double = table
    rng = random.Random(seed)
    hand, _, _ = start_random_hand(rules, set_size, players, rng, double)
    everything = set(set_tiles(set_size))
    steps = 0
    while not hand.is_over():
        steps += 1
        assert steps < 3000
        actions = hand.legal_actions()
        for action in actions:               # none of them is refused
            hand.copy().apply(action)
        player = hand.turn
        hand.apply(_choose(actions, rng))
        _report_or_take_back(hand, player, rng)
        in_hands = set().union(*hand.hands)
        assert not in_hands & hand.yard
        assert sum(map(len, hand.hands)) + len(hand.yard) + len(hand.on_table()) == len(everything)
        assert in_hands | hand.yard | hand.on_table() == everything
    outcome = hand.outcome()
    if outcome.ended_by != "went_out" and rules.value("empty_yard") != "end":
        # the family rule "If there are no dominoes remaining to draw from, the round ends" aside
        assert not any(hand.playable(p) for p in range(players))
    extra = rules.value("ending_on_double") if outcome.went_out is not None and hand.last_tile.is_double else 0
    assert sum(outcome.points) == sum(leftover_points(h, rules) for h in hand.hands) + extra


@settings(max_examples=100, deadline=None)
@given(table=tables(), seed=st.integers(0, 10**6))
def test_the_simulators_move_loop_plays_the_hands_that_apply_plays(table, seed):
    # `play_out` skips apply's checks (its actions are the turn's legal ones): the same random
    # choices lay down the same hand, move for move, as choosing and applying them one at a time
    rules, set_size, players, double = table
    fast_rng, checked_rng = random.Random(seed), random.Random(seed)
    fast, _, _ = start_random_hand(rules, set_size, players, fast_rng, double)
    checked, _, _ = start_random_hand(rules, set_size, players, checked_rng, double)
    fast.play_out(fast_rng)
    while not checked.is_over():
        checked.apply(checked_rng.choice(checked.legal_actions()))
    assert fast.log == checked.log and fast.outcome() == checked.outcome()
    assert fast.hands == checked.hands and fast.yard == checked.yard and fast.turns == checked.turns


def _shuffled(tiles, players, each, rng):
    tiles = list(tiles)
    rng.shuffle(tiles)
    return [tiles[i * each:(i + 1) * each] for i in range(players)], tiles[players * each:]


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 10), engine=st.integers(0, 15), seed=st.integers(0, 10**6))
def test_mexican_train_rounds(players, engine, seed):
    rng = random.Random(seed)
    everything = set(set_tiles(15)) - {Tile(engine, engine)}
    each = rule_set("mexican-train").tiles_each(15, players).value
    deal, yard = _shuffled(sorted(everything), players, each, rng)
    round_ = MexicanTrainRound(deal, yard, engine, first_player=seed % players, rng=rng)
    played = set()
    while not round_.is_over():
        assert len(played) + len(round_.yard) + sum(map(len, round_.hands)) == len(everything)
        action = rng.choice(round_.legal_actions())
        if isinstance(action, PlayOn):
            played.add(action.tile)
        round_.apply(action)
    outcome = round_.outcome()
    if outcome.ended_by == "blocked":
        assert not round_.yard and not any(round_.playable(p) for p in range(players))
    assert outcome.points == tuple(sum(t.pips for t in h) for h in round_.hands)
    assert set().union(*round_.hands) | round_.yard | played == everything


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 10), seed=st.integers(0, 10**6))
def test_super15_rounds(players, seed):
    rng = random.Random(seed)
    deal, yard = _shuffled(set_tiles(15), players, 9, rng)
    round_ = Super15Round(deal, yard, first_player=seed % players, rng=rng)
    played = set()
    steps = 0
    while not round_.is_over():
        steps += 1
        assert steps < 5000
        action = rng.choice(round_.legal_actions())
        if isinstance(action, Place):
            played.add(action.tile)
        round_.apply(action)
        assert set().union(*round_.hands) | round_.yard | played == set(set_tiles(15))
    outcome = round_.outcome()
    if outcome.ended_by == "blocked":
        assert not round_.yard and not any(round_.playable(p) for p in range(players))
    assert outcome.points == tuple(sum(t.pips for t in h) for h in round_.hands)
