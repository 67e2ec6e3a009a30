"""Every game's hand record is checked the same way before its moves: the deal, the pile (and a
double set in the centre) hold the whole set once, and each player drew the draw table's count."""
from __future__ import annotations

import json
import random

import pytest

from referee.mexican_train import MexicanTrainRound
from referee.presets import CLASSIC, RULEBOOK
from referee.records import replay, write_record
from referee.rulesets import rule_set
from referee.simulate import play_random_hand
from referee.super15 import Super15Round
from referee.tiles import Tile, set_tiles

from .records_helper import rulebook_record

# game -> (players, the seed file its draw rule quotes, that sentence, as the record's message cites it)
GAMES = {"chickenfoot": (4, CLASSIC, "is the number of tiles with which each player begins the game."),
         "mexican-train": (4, RULEBOOK, "Each player draws an equal number of tiles based on the number of players"),
         "super-15": (3, RULEBOOK, "Each player draws 9 dominoes.")}


def _played(game: str, players: int, seed: int = 3, each: int | None = None, engine: int = 12) -> dict:
    """The record of a round played at random from a shuffled deal (`each` tiles each, or the
    draw table's count), as JSON gives it back."""
    rng = random.Random(seed)
    if game == "chickenfoot":
        hand, deal, yard = play_random_hand(rule_set("classic"), 9, players, rng)
        return json.loads(json.dumps(write_record(hand, deal, yard)))
    tiles = [t for t in set_tiles(15) if game != "mexican-train" or t != Tile(engine, engine)]
    rng.shuffle(tiles)
    each = each or rule_set(game).tiles_each(15, players).value
    deal, yard = [tiles[i * each:(i + 1) * each] for i in range(players)], tiles[players * each:]
    round_ = (MexicanTrainRound(deal, yard, engine, rng=rng) if game == "mexican-train" else
              Super15Round(deal, yard, rng=rng))
    while not round_.is_over():
        round_.apply(rng.choice(round_.legal_actions()))
    record = json.loads(json.dumps(write_record(round_, deal, yard, first_player=0)))
    return record | ({"house_rules": {"tiles_each": each}} if each != rule_set(game).tiles_each(15, players).value
                     else {})


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_round_written_down_replays(game):
    result = replay(_played(game, GAMES[game][0]))
    assert result["legal"] and result["over"]


@pytest.mark.parametrize("game", GAMES)
def test_a_tile_missing_from_the_deal_and_the_pile_is_refused(game):
    record = _played(game, GAMES[game][0])
    lost = record["yard"].pop()
    result = replay(record)
    assert not result["legal"] and result["move"] is None
    assert result["reason"].endswith(f": {lost} missing")
    assert f"hold the whole double-{record['set']} set, each tile once" in result["reason"]
    assert f"({GAMES[game][1]})" in result["reason"]


@pytest.mark.parametrize("game", GAMES)
def test_a_tile_dealt_twice_is_refused(game):
    record = _played(game, GAMES[game][0])
    twice = record["deal"][1][0]
    record["yard"].append(twice)
    result = replay(record)
    assert not result["legal"] and result["reason"].endswith(f": {Tile.parse(twice)} twice")
    assert f"({GAMES[game][1]})" in result["reason"]


@pytest.mark.parametrize("game", GAMES)
def test_a_player_who_drew_other_than_the_draw_tables_count_is_refused(game):
    players, source, sentence = GAMES[game]
    record = _played(game, players)
    each = len(record["deal"][0])
    record["yard"].append(record["deal"][2].pop())          # player 2 drew one tile fewer
    result = replay(record)
    assert not result["legal"] and result["move"] is None
    assert result["reason"].startswith(f"each player draws {each} tiles with {players} players under the ")
    assert result["reason"].endswith(f"player 2 holds {each - 1}")
    assert f'({source}: "' in result["reason"] and sentence in result["reason"]
    assert "a different count is a house rule" in result["reason"]


@pytest.mark.parametrize("game", ["mexican-train", "super-15"])
def test_a_count_the_table_agreed_on_is_a_house_rule_in_every_game(game):
    record = _played(game, 4, each=6)
    assert record["house_rules"] == {"tiles_each": 6} and all(len(hand) == 6 for hand in record["deal"])
    assert replay(record)["legal"]
    del record["house_rules"]
    assert "each player draws" in replay(record)["reason"]
    record["house_rules"] = {"tiles_each": 7}
    assert replay(record)["reason"].startswith("each player draws 7 tiles with 4 players under the ")
    assert "as the table agreed (house rule)" in replay(record)["reason"]


# double15-rulebook: the first round's engine, in the Preparation: "Place the highest double, Double 15,
# *(called the engine tile)* in the middle of the table."; a later round's, in Subsequent rounds: "Each new
# round begins with the next-lowest double tile being placed in the center engine tile location."
@pytest.mark.parametrize("engine,quoted", [(15, "**Preparation:** Place the highest double, Double 15"),
                                           (12, "Each new round begins with the next-lowest double")],
                         ids=["first round", "a later round"])
def test_the_mexican_train_engine_is_in_the_centre_not_dealt(engine, quoted):
    record = rulebook_record("mexican-train", [[f"{engine}|3"], [f"{engine}|4"], ["1|2"], ["3|3"]],
                             [{"player": 0, "play": f"{engine}-3", "train": 0}], engine=engine)
    assert replay(record)["legal"]
    record["deal"][1][-1] = f"{engine}|{engine}"
    reason = replay(record)["reason"]
    assert reason.startswith(f"the Mexican Train (double-15 rulebook) rules set {engine}|{engine} in the centre")
    assert f'({RULEBOOK}: "{quoted}' in reason
