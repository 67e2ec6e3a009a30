"""Mexican Train, as the double-15 rulebook plays it: personal trains, one public
Mexican Train, train markers, and doubles that must be satisfied first.

The same shape as the Chickenfoot hand: `legal_actions()`, `apply()` raising
IllegalAction with the rulebook sentence, `is_over()`, `outcome()`.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .actions import IllegalAction
from .rounds import Outcome, Round
from .presets import PRESETS
from .rulesets import Rule, rule_set
from .tiles import Tile

MEXICAN = "mexican"
_DATA = PRESETS["mexican-train"]


def _rule(key: str) -> Rule:
    value, quote = _DATA["rules"][key]
    return Rule(key, value, _DATA["source"], quote)


@dataclass(frozen=True)
class PlayOn:
    """Play `tile` on a train (a player's number, or "mexican"), its `joins` side to the train's end."""
    tile: Tile
    train: object
    joins: int


@dataclass(frozen=True)
class TrainDraw:
    tile: Tile | None = None


@dataclass(frozen=True)
class Mark:
    """Place the train marker on one's own train: the turn is over."""


@dataclass(frozen=True)
class EndTurn:
    """End a first turn after playing a string on one's own train."""


class MexicanTrainRound(Round):
    def __init__(self, deal: Sequence[Iterable[Tile]], yard: Iterable[Tile], engine: int = 15,
                 first_player: int = 0, rng: random.Random | None = None):
        self.rules = rule_set("mexican-train")
        self.hands = [set(h) for h in deal]
        self.yard = set(yard)
        self.engine = engine
        self.rng = rng or random.Random(0)
        n = len(self.hands)
        self.ends: dict = {p: engine for p in range(n)}          # each train's open end
        self.started: dict = {p: False for p in range(n)}
        self.ends[MEXICAN], self.started[MEXICAN] = engine, False
        self.marked = {p: False for p in range(n)}
        self.first_turn_done: set[int] = set()
        self.turn = first_player
        # doubles not yet played on, as (train, number), oldest first: "The double must be closed
        # before any other trains can be played on", each in turn
        self.open_doubles: list[tuple[object, int]] = []
        self.played_this_turn: list[PlayOn] = []
        self.drawn: Tile | None = None
        self.stuck: set[int] = set()       # marked unable to play, the bone pile empty, since the last change
        self.ended: Outcome | None = None
        self.turns = 0
        self.log: list[tuple[int, object]] = []

    # --- what may be done ------------------------------------------------------

    def _first_turn(self) -> bool:
        return self.turn not in self.first_turn_done

    def eligible_trains(self, player: int | None = None) -> list:
        me = self.turn if player is None else player
        first = me not in self.first_turn_done
        # "No player may play on an opposing players train during the first turn"; the Mexican Train
        # "may be started on any turn (*except the first turn*)"; a marked train "is now open for play
        # by other players"
        normal = [me] if first else [me, MEXICAN] + [p for p in range(self.players) if p != me and self.marked[p]]
        just = self._just_laid(me)
        older = [d for d in self.open_doubles if d != just]
        if older:
            # "The double must be closed before any other trains can be played on": the oldest first,
            # or the one just laid; a first turn cannot reach a double on another train
            trains = [older[0][0]] + ([just[0]] if just else [])
            return [t for t in dict.fromkeys(trains) if not first or t == me]
        if just:
            # "the player must play a second domino perpendicular to the double or onto any other
            # eligible train"
            return normal + ([just[0]] if just[0] not in normal else [])
        return normal

    def _just_laid(self, player: int) -> tuple | None:
        """The double `player` laid as the last play of this turn, while it is still open."""
        if player != self.turn or not self.played_this_turn or not self.played_this_turn[-1].tile.is_double:
            return None
        last = self.played_this_turn[-1]
        double = (last.train, last.tile.low)
        return double if double in self.open_doubles else None

    def playable(self, player: int) -> list[PlayOn]:
        """The plays `player` would have from their own tiles on their turn, the layout as it stands."""
        return self._plays(self.hands[player], player)

    def _plays(self, tiles: Iterable[Tile], player: int | None = None) -> list[PlayOn]:
        plays = []
        for train in self.eligible_trains(player):
            end = self.ends[train]
            for tile in tiles:
                if tile.has(end):
                    plays.append(PlayOn(tile, train, end))
        return plays

    def legal_actions(self) -> list:
        if self.ended:
            return []
        hand = self.hands[self.turn]
        if self.drawn is not None:
            plays = self._plays([self.drawn])
            return plays if plays else [Mark()]      # "If the domino is a match, the player must play it"
        plays = self._plays(sorted(hand))
        if self._first_turn() and self.played_this_turn and not self.played_this_turn[-1].tile.is_double:
            return plays + [EndTurn()]               # a string on one's own train, then the extras wait
        if plays:
            return plays
        return [TrainDraw()] if self.yard else [Mark()]

    # --- doing it ----------------------------------------------------------------

    def apply(self, action) -> None:
        legal = self.legal_actions()
        if isinstance(action, TrainDraw) and action.tile is not None and TrainDraw() in legal:
            if action.tile not in self.yard:
                raise IllegalAction(f"{action.tile} is not in the bone pile.", _rule("tiles_each"))
        elif action not in legal:
            raise self._why_not(action, legal)
        self.turns += 1
        if isinstance(action, PlayOn):
            self.log.append((self.turn, action))
            self._play(action)
        elif isinstance(action, TrainDraw):
            tile = action.tile or self.rng.choice(sorted(self.yard))
            self.log.append((self.turn, TrainDraw(tile)))
            self.yard.discard(tile)
            self.hands[self.turn].add(tile)
            self.drawn = tile
        elif isinstance(action, Mark):
            self.log.append((self.turn, action))
            self.marked[self.turn] = True    # "The player's train is now open for play by other players."
            if not self.yard:
                # "blocked, i.e.: the bone pile is depleted and all players have passed": a train
                # newly opened may give a player who passed before something to play on
                self.stuck = {p for p in self.stuck if not self.playable(p)} | {self.turn}
            self._end_turn(played=False)
        else:
            self.log.append((self.turn, action))
            self._end_turn(played=True)

    def _play(self, play: PlayOn) -> None:
        self.hands[self.turn].discard(play.tile)
        self.ends[play.train] = play.tile.other(play.joins)
        self.started[play.train] = True
        if play.train == self.turn:
            self.marked[self.turn] = False   # "remove the train marker ... when the player is able to play"
        # a play on a train closes the double at its end ("Once a player has satisfied (*played on*)
        # the double"); a double laid is open until played on
        self.open_doubles = [d for d in self.open_doubles if d[0] != play.train]
        if play.tile.is_double:
            self.open_doubles.append((play.train, play.tile.low))
        self.played_this_turn.append(play)
        self.drawn = None
        self.stuck = set()
        if not self.hands[self.turn]:
            if len(self.first_turn_done | {self.turn}) >= self.players:
                return self._finish("went_out", f"player {self.turn} dominoed")
            # "Should this occur, other players get to play their first turn before the round ends"
            self.out_early = getattr(self, "out_early", self.turn)
            return self._end_turn(played=True)
        if play.tile.is_double:
            return                          # "the player must play a second domino"
        if not self._first_turn():
            self._end_turn(played=True)

    def _end_turn(self, played: bool) -> None:
        self.first_turn_done.add(self.turn)
        self.played_this_turn, self.drawn = [], None
        out = getattr(self, "out_early", None)
        if out is not None and len(self.first_turn_done) >= self.players:
            return self._finish("went_out", f"player {out} dominoed on the first turn")
        if len(self.stuck) >= self.players:
            return self._finish("blocked", "blocked: the bone pile is empty and every player marked their train")
        self.turn = (self.turn + 1) % self.players
        if out is not None and self.turn == out:
            self.turn = (self.turn + 1) % self.players

    def _finish(self, ended_by: str, detail: str) -> None:
        points = tuple(sum(t.pips for t in h) for h in self.hands)   # "adds up the numbers ... in his/her hand"
        out = next((i for i, h in enumerate(self.hands) if not h), None) if ended_by == "went_out" else None
        self.ended = Outcome(ended_by, detail, points, out)

    def _why_not(self, action, legal) -> IllegalAction:
        if isinstance(action, PlayOn):
            if action.tile not in self.hands[self.turn]:
                return IllegalAction(f"{action.tile} is not in this player's hand.")
            if self.drawn is not None and action.tile != self.drawn:
                return IllegalAction(f"Only the drawn tile {self.drawn} may be played now.", _rule("play_drawn"))
            if action.train not in self.eligible_trains():
                if self.open_doubles:
                    number = self.open_doubles[0][1]
                    return IllegalAction(f"The double {number}|{number} must be played on "
                                         "before any other train.", _rule("doubles"))
                if self._first_turn():
                    return IllegalAction("On the first turn a player plays only on their own train.",
                                         _rule("first_turn"))
                return IllegalAction("That train is not open: another player's train is open only while it "
                                     "carries a marker.", _rule("train_marker"))
            return IllegalAction(f"{action.tile} does not match the end of that train "
                                 f"({self.ends[action.train]}).", _rule("first_turn"))
        if isinstance(action, TrainDraw):
            return IllegalAction("A player who can play must play; draw only when unable.", _rule("voluntary_draw"))
        if isinstance(action, Mark):
            return IllegalAction("A player who can play must play before marking the train.", _rule("train_marker"))
        return IllegalAction("That is not possible now.", _rule("first_turn"))
