"""One hand of Chickenfoot: the layout, the players' tiles, the chicken yard, and turns.

`Hand` is the referee's board, modelled on python-chess: `legal_actions()`,
`apply(action)` (raising IllegalAction with the rule it breaks), `is_over()`
and `outcome()`. It keeps its state in plain mutable fields for speed; the
layout is reduced to what the rules look at: the open ends, and the one double
(the starting hub or a later chickenfoot) that still forces every play.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import NamedTuple

from .actions import PLAYS, Call, Draw, IllegalAction, ImpossibleRequest, MissedCall, Pass, Play, TakeBack, play_of
from .presets import AFTER_NEXT_PLAY_UNTIL_ROUND, ANY_TIME
from .rounds import Outcome, Round
from .rulesets import HIGHEST_AVAILABLE, NEXT_LOWEST, RuleSet, leftover_points
from .tiles import Tile, whole_set

SEEK, PLACE, PLAY, OVER = "seek", "place", "play", "over"
_IN_ORDER = attrgetter("low", "high")       # the yard in a fixed order, so that a seed replays
_NOTHING: frozenset = frozenset()
_DRAW, _PASS = Draw(), Pass()


class Reshuffle(ImpossibleRequest):
    """set-insert: nobody holds the hand's double or a lower one; the tiles are dealt again."""


class BeforePlay(NamedTuple):
    """What a take-back restores (classic: "The domino just played may be picked up and replaced"):
    an immutable value, taken at every play at a classic table, so a light one."""
    tile: Tile
    player: int
    ends: tuple[int, ...]
    forced: tuple[int, int] | None
    drawn: Tile | None
    drew_by_choice: bool
    stuck: frozenset[int]
    skips: frozenset[int]
    calls: tuple[tuple[int, int | None], ...]
    owed: tuple[tuple[int, int], ...]
    turns: int


_snapshot = tuple.__new__     # a BeforePlay from a tuple of its fields, without NamedTuple's own __new__



class Hand(Round):
    def __init__(self, rules: RuleSet, set_size: int, deal: Sequence[Iterable[Tile]],
                 yard: Iterable[Tile], starting_double: int, first_player: int = 0,
                 rng: random.Random | None = None):
        self.rules, self.set_size = rules, set_size
        self.hands = [set(tiles) for tiles in deal]
        self.yard = set(yard)
        self._yard_order: list[Tile] | None = None    # the yard sorted, once a tile is drawn
        self.double = Tile(starting_double, starting_double)
        self.rng = rng or random.Random(0)
        self.ends: list[int] = []
        self.forced: list[int] | None = None   # [suit, plays still owed]
        self.turn = first_player
        self.drawn: Tile | None = None
        self.drew_by_choice = False
        self.replacing = False                 # a tile was taken back: another must be laid
        self.stuck: set[int] = set()           # passed unable to play, the yard empty, since the last play
        self.skips: set[int] = set()
        # players down to one tile who have not made the call (a record's Call move): player -> the next
        # player, until that player lays a domino (None once they have: too late to call, and the miss
        # may be reported)
        self.calls: dict[int, int | None] = {}
        # players skipped for a missed call, down to one tile, who must call before the next player
        # lays a domino: player -> that next player
        self.owed: dict[int, int] = {}
        self.ended: Outcome | None = None
        self.last_tile: Tile | None = None
        self.turns = 0
        self._legal: list | None = None
        self._foot_plays = rules.foot_plays
        self._voluntary = rules.value("voluntary_draw")
        self._must_play_drawn = rules.value("play_drawn") == "must"
        self._end_when_stuck = rules.value("empty_yard") == "end"
        self._take_backs = bool(rules.value("take_back"))
        self._calls = bool(rules.value("last_tile_call"))
        self._window = rules.value("last_tile_window") if "last_tile_window" in rules.rules else ANY_TIME
        self._pass_with_play = "pass_with_play" in rules.rules and rules.value("pass_with_play") is True
        self._before_play: BeforePlay | None = None
        self._check_tiles()
        rule = rules.value("nobody_holds_double")
        self._any_double = rule == HIGHEST_AVAILABLE          # classic's alternate beginning
        self._next_lowest = str(rule).startswith(NEXT_LOWEST)  # set-insert
        self.row_double = starting_double
        self.seekers: set[int] = set()         # who drew in this round of the search for the double
        holder = self.holder(self.double)
        if holder is None and self._next_lowest:
            # set-insert: "players may agree to either 1) go to the next-lowest double or 2) reshuffle
            # all the tiles and draw new hands": never up, never a search
            below = sorted((t for h in self.hands for t in h if t.is_double and t.low < starting_double), reverse=True)
            if not below:
                raise Reshuffle(f"Nobody holds {self.double} or a lower double: reshuffle all the tiles and draw "
                                "new hands.")
            self.double = below[0]
            holder = self.holder(self.double)
        elif holder is None and self._any_double:
            self.double = self._highest_available(starting_double)
            holder = self.holder(self.double)
        # the tiles laid down; a double set in the centre before the deal is on the table already
        self.table: set[Tile] = set() if holder is not None or self.double in self.yard else {self.double}
        if holder is not None:
            self.phase, self.turn = PLACE, holder
        elif self.double in self.yard or (self._any_double and any(t.is_double for t in self.yard)):
            self.phase = SEEK      # classic: "every player must draw one domino ... until someone draws"
        else:
            self.phase = PLACE     # set in the centre before the deal, by the player before the starter
        self.log: list[tuple[int, object]] = []   # (player, action as it happened), for records

    def copy(self) -> "Hand":
        """The same position, to try an action on without touching this one."""
        twin = object.__new__(Hand)
        twin.__dict__.update(self.__dict__)
        twin.hands = [set(h) for h in self.hands]
        twin.yard, twin.ends, twin.table = set(self.yard), list(self.ends), set(self.table)
        twin.forced = list(self.forced) if self.forced else None
        twin.stuck, twin.skips, twin.calls, twin.owed = set(self.stuck), set(self.skips), dict(self.calls), dict(self.owed)
        twin.seekers = set(self.seekers)
        twin._yard_order = list(self._yard_order) if self._yard_order is not None else None
        twin.log, twin.rng = list(self.log), random.Random(1)
        return twin

    def holder(self, tile: Tile) -> int | None:
        return next((i for i, h in enumerate(self.hands) if tile in h), None)

    def _highest_available(self, preferred: int) -> Tile:
        """Classic's alternate beginning: "The player with the *highest available double* may play
        it"; the row's own double is preferred, then the next highest below it ("If it is not
        available, the next highest double can be played"; set-insert: "go to the next-lowest
        double"), then any double held."""
        held = sorted((t for h in self.hands for t in h if t.is_double), reverse=True)
        below = [t for t in held if t.low < preferred]
        return (below or held or [self.double])[0]

    def _check_tiles(self) -> None:
        dealt = self.yard.union(*self.hands)
        if len(dealt) != len(self.yard) + sum(map(len, self.hands)) or not dealt <= whole_set(self.set_size):
            raise ValueError(f"a tile is dealt twice or is not in a double-{self.set_size} set")

    # --- what may be done --------------------------------------------------

    def targets(self) -> set[int]:
        """The numbers a play may join now."""
        if self.forced is not None:
            return {self.forced[0]}
        return set(self.ends)

    def _plays(self, tiles: Iterable[Tile]) -> list[Play]:
        plays: list[Play] = []
        add = plays.append
        if self.forced is not None:
            suit = self.forced[0]
            for t in tiles:
                low, high = t.low, t.high
                if low == suit or high == suit:
                    add(PLAYS[low][high][suit])
            return plays
        targets = set(self.ends)
        for t in tiles:
            low, high = t.low, t.high
            if low in targets:
                add(PLAYS[low][high][low])
            if high in targets and high != low:
                add(PLAYS[low][high][high])
        return plays

    def on_table(self) -> set[Tile]:
        return set(self.table)

    def playable(self, player: int) -> list[Play]:
        """The plays `player` would have from their own tiles on their turn, the layout as it stands."""
        if self.phase in (SEEK, PLACE):
            return []
        return self._plays(self.hands[player])

    def legal_actions(self) -> list:
        if self._legal is None:
            self._legal = self._find_legal()
        return self._legal

    def _find_legal(self) -> list:
        if self.phase != PLAY:
            if self.phase == SEEK:
                return [_DRAW]
            return [play_of(self.double, self.double.low)] if self.phase == PLACE else []
        if self.replacing:
            # classic: "picked up and replaced with another" (a drawn tile taken back: laid again)
            return self._plays([self.drawn] if self.drawn is not None else self.hands[self.turn])
        if self.drawn is not None:
            if self.drew_by_choice:
                return [_PASS]    # classic: "may draw a domino and pass without playing"
            plays = self._plays((self.drawn,))
            if not (plays and self._must_play_drawn):
                plays.append(_PASS)
            return plays
        plays = self._plays(self.hands[self.turn])
        if self.yard:
            if not plays or self._voluntary:
                plays.append(_DRAW)
            return plays
        if plays and self._pass_with_play:
            plays.append(_PASS)           # house rule: a player who could play may pass, nothing to draw
        return plays if plays else [_PASS]

    # --- doing it ------------------------------------------------------------

    def apply(self, action) -> None:
        kind = action.__class__
        if self.phase == OVER:
            raise IllegalAction("The hand is over.", self.rules["hand_ends"])
        if kind is TakeBack:
            return self._take_back(action)
        if kind is MissedCall:
            return self._missed_call(action)
        if kind is Call:
            return self._call(action)
        legal = self.legal_actions()
        if action not in legal:
            if not (kind is Draw and _DRAW in legal):
                raise self._why_not(action)
            if action.tile not in self.yard:
                raise IllegalAction(f"{action.tile} is not in the chicken yard.", self.rules["tiles_each"])
        self._do(action, kind, legal)

    def play_out(self, rng: random.Random) -> None:
        """Random legal actions, each chosen with `rng.choice`, until the hand is over: the simulator's
        move loop. Each action comes from the turn's legal actions, so apply's checks are skipped; and
        a take-back is never among them, so no play keeps what a take-back would restore."""
        choice, find, do = rng.choice, self._find_legal, self._do
        take_backs, self._take_backs = self._take_backs, False
        try:
            while self.ended is None:
                legal = find()
                action = choice(legal)
                do(action, action.__class__, legal)
        finally:
            self._take_backs = take_backs

    def _do(self, action, kind, legal: list) -> None:
        """Carry out `action`, one of `legal` (this turn's legal actions)."""
        self._legal = None
        if kind is Play:
            # a domino laid down: the one before it can no longer be taken back, and this one can
            self._before_play = _snapshot(BeforePlay, (
                action.tile, self.turn, tuple(self.ends), tuple(self.forced) if self.forced else None,
                self.drawn, self.drew_by_choice, frozenset(self.stuck) if self.stuck else _NOTHING,
                frozenset(self.skips) if self.skips else _NOTHING, tuple(self.calls.items()) if self.calls else (),
                tuple(self.owed.items()) if self.owed else (), self.turns,
            )) if self._take_backs and self.phase == PLAY else None
        self.turns += 1
        self.log.append((self.turn, action))
        if self.calls or self.owed:
            self._watch_calls(action)
        if kind is Play:
            self._play(action)
        elif kind is Draw:
            self._draw(action, legal)
        else:
            self._pass(legal)

    def _watch_calls(self, action) -> None:
        """The window for reporting a missed last-tile call (classic: "if the next player manages to
        play a domino before 'Chickenlittle' is called ... *and* if the failure ... is pointed out by
        any player before play has gone once around the table")."""
        player, kind = self.turn, action.__class__
        if player in self.calls and self._window == AFTER_NEXT_PLAY_UNTIL_ROUND:
            del self.calls[player]               # play has come round to the player again
        for offender, waiting_for in list(self.calls.items()):
            if waiting_for == player:
                if kind is Play or self._window == ANY_TIME:
                    self.calls[offender] = None  # the next player laid a domino (or acted): too late to call
                elif kind is Pass:
                    del self.calls[offender]     # the next player did not play: the call was in time
        for offender, waiting_for in list(self.owed.items()):
            if waiting_for == player and kind is not Draw:
                del self.owed[offender]
                if kind is Play:
                    # classic: "that player *must* say 'Chickenlittle' before the next player (to his/her
                    # left) plays; otherwise, he/she will have to skip another turn next time around"
                    self.skips.add(offender)

    def _play(self, play: Play) -> None:
        hand, tile = self.hands[self.turn], play.tile
        hand.discard(tile)
        self.table.add(tile)
        self.drawn, self.replacing = None, False
        if self.stuck:
            self.stuck.clear()
        forced = self.forced
        if self.phase == PLACE:
            self._place()
            self._next_turn()
            return
        elif forced is not None:
            self.ends.append(play.new_end)
            forced[1] -= 1
            if forced[1] == 0:
                self.forced = None
        else:
            self.ends.remove(play.joins)
            if tile.low == tile.high:
                self.forced = [tile.low, self._foot_plays]
            else:
                self.ends.append(play.new_end)
        if not hand:
            self.last_tile = tile
            return self._finish("went_out", f"player {self.turn} went out")
        player = self.turn
        self._next_turn()
        if self._calls and len(hand) == 1:
            # due before the next player lays a domino; a record says a call was made with a Call move
            self.calls[player] = self.turn

    def _place(self) -> None:
        self.phase = PLAY
        self.forced = [self.double.low, self.rules.hub_plays]

    def _draw(self, draw: Draw, legal: list) -> None:
        tile = self._from_yard(draw.tile)
        self.log[-1] = (self.turn, Draw(tile))
        self.hands[self.turn].add(tile)
        if self.phase == SEEK:
            # classic: "every player must draw *one domino*. This process repeats until someone draws
            # the double"; everyone draws together, and "If multiple players draw doubles at the same
            # time, the highest double is played"
            self.seekers.add(self.turn)
            self.turn = (self.turn + 1) % self.players
            if len(self.seekers) == self.players or not self.yard:
                self.seekers.clear()
                found = sorted((t for h in self.hands for t in h if t == self.double or
                                (self._any_double and t.is_double)), reverse=True)
                if found:
                    self.double = found[0]
                    self.phase, self.turn = PLACE, self.holder(found[0])
            return
        # the turn offered the player's plays and the draw: with a play to make, the draw was a choice
        self.drew_by_choice = len(legal) > 1
        self.drawn = tile

    def _from_yard(self, tile: Tile | None) -> Tile:
        """Take `tile` from the chicken yard, or a random one when it is not named: a choice from the
        yard in a fixed order, so that a seed replays (the order is sorted once and kept)."""
        order = self._yard_order
        if order is None:
            order = self._yard_order = sorted(self.yard, key=_IN_ORDER)
        if tile is None:
            tile = order.pop(self.rng.randrange(len(order)))   # what rng.choice(order) would pick
        else:
            order.remove(tile)
        self.yard.discard(tile)
        return tile

    def _pass(self, legal: list) -> None:
        self.drawn = None
        # passing was the player's only action, and not for having drawn by choice: no tile fits
        if not self.yard and len(legal) == 1 and not self.drew_by_choice:
            if self._end_when_stuck:
                # family: "If there are no dominoes remaining to draw from, the round ends."
                return self._finish("blocked", "a player could not play with the chicken yard empty")
            # classic: "If a player has no domino to play, but there are no dominoes left in the
            # 'chicken yard,' then that player will be forced to pass." A player who passes while
            # holding a play (a drawn tile declined) has not been forced to.
            self.stuck.add(self.turn)
            if len(self.stuck) == len(self.hands):
                return self._finish(*self._stuck())
        self._next_turn()

    def _stuck(self) -> tuple[str, str]:
        if self.rules.value("hand_ends") == "stalemate":
            suit = f" on {self.forced[0]}|{self.forced[0]}" if self.forced else ""
            return "stalemate", f"stalemate{suit}: nobody can play and the chicken yard is empty"
        return "blocked", "blocked: nobody can play and the chicken yard is empty"

    def _next_turn(self) -> None:
        self.drew_by_choice = False
        skipped, players = None, len(self.hands)
        if not self.skips:
            self.turn = (self.turn + 1) % players
            return
        for _ in range(players):
            self.turn = (self.turn + 1) % players
            if self.turn not in self.skips:
                break
            self.skips.discard(self.turn)   # classic: "his/her turn is *skipped*"
            skipped = self.turn
        if skipped is not None and len(self.hands[skipped]) == 1:
            # classic: "that player *must* say 'Chickenlittle' before the next player (to his/her
            # left) plays; otherwise, he/she will have to skip another turn next time around"
            self.owed[skipped] = self.turn

    def can_take_back(self, player: int) -> bool:
        """Whether `player` may pick up the tile they just played (classic only)."""
        return self._before_play is not None and self._before_play.player == player

    def _take_back(self, action: TakeBack) -> None:
        """Classic: "The domino just played may be picked up and replaced with another *only if* the
        next person has not laid down a domino." Tiles the next players drew meanwhile stay drawn;
        the turn returns to the player taking the tile back, who must lay another domino."""
        rule = self.rules["take_back"]
        if not self._take_backs:
            raise IllegalAction("This rule set does not let a played tile be taken back.", rule)
        if not self.can_take_back(action.player):
            raise IllegalAction("Only the tile just played can be taken back, by the player who played it, "
                                "before the next player lays down a domino.", rule)
        before, self._before_play = self._before_play, None
        self.turn, self.ends = before.player, list(before.ends)
        self.forced = list(before.forced) if before.forced else None
        self.drawn, self.drew_by_choice = before.drawn, before.drew_by_choice
        self.stuck, self.skips, self.calls = set(before.stuck), set(before.skips), dict(before.calls)
        self.owed = dict(before.owed)
        self.turns = before.turns
        self.hands[self.turn].add(before.tile)
        self.table.discard(before.tile)
        self.replacing, self._legal = True, None
        self.log.append((action.player, action))

    def _missed_call(self, call: MissedCall) -> None:
        rule = self.rules["last_tile_penalty"]
        if not self._calls:
            raise IllegalAction("This table plays without the last-tile call.", self.rules["last_tile_call"])
        if not 0 <= call.player < self.players or len(self.hands[call.player]) != 1:
            raise IllegalAction("Only a player down to one tile can have missed the last-tile call.", rule)
        if not self._reportable(call.player):
            raise IllegalAction("A missed call is reported after the next player has laid a domino"
                                + (", and before play has gone once around the table."
                                   if self._window == AFTER_NEXT_PLAY_UNTIL_ROUND else "."),
                                self.rules["last_tile_window"])
        if not self.yard and "lose" not in str(rule.value):
            raise IllegalAction("The chicken yard is empty; this rule set states no other penalty.", rule)
        if self.yard and call.tile is not None and call.tile not in self.yard:
            raise IllegalAction(f"{call.tile} is not in the chicken yard.", rule)
        del self.calls[call.player]
        if self.yard:
            tile = self._from_yard(call.tile)
            self.log.append((call.player, MissedCall(call.player, tile)))
            self.hands[call.player].add(tile)
            if call.player == self.turn:
                # classic: "he/she must draw a domino *without* playing it. That player may resume play
                # when it is his/her turn again": pointed out on the player's own turn, it ends that turn
                self._next_turn()
        else:
            self.log.append((call.player, call))
            if call.player == self.turn:
                # reported on the player's own turn: this is the turn "*skipped*", and the player
                # "*must* say 'Chickenlittle' before the next player (to his/her left) plays"
                self._next_turn()
                self.owed[call.player] = self.turn
            else:
                self.skips.add(call.player)
        self._before_play, self._legal = None, None

    def _reportable(self, player: int) -> bool:
        """Whether `player`'s missed call may be pointed out now: once the next player has laid a domino
        without the call (the table's window), or at any time while the player holds one tile."""
        if player not in self.calls:
            return False
        return self.calls[player] is None or self._window == ANY_TIME

    def _call(self, call: Call) -> None:
        """The last-tile call (classic: "The player should say this *as* his/her next-to-last domino is
        being played, but at least *before* the next player has played"). Made in time, the player owes
        no penalty, and a player skipped for a missed call skips no other turn; made after the next player
        has laid a domino, it is too late and changes nothing."""
        rule = self.rules["last_tile_call"]
        if not self._calls:
            raise IllegalAction("This table plays without the last-tile call.", rule)
        if not 0 <= call.player < self.players or len(self.hands[call.player]) != 1:
            raise IllegalAction("Only a player down to one tile makes the last-tile call.", rule)
        if self.calls.get(call.player) is not None:
            del self.calls[call.player]
        self.owed.pop(call.player, None)
        self.log.append((call.player, call))

    def _finish(self, ended_by: str, detail: str) -> None:
        self.phase = OVER
        self._legal = None
        points = [leftover_points(h, self.rules) for h in self.hands]
        out = self.turn if ended_by == "went_out" else None
        if out is not None and self.last_tile is not None and self.last_tile.is_double:
            # encyclopedia: "A game can not end in a double . If it does , the player who plays the double gets 50"
            points[out] += self.rules.value("ending_on_double")
        self.ended = Outcome(ended_by, detail, tuple(points), out)

    # --- saying why not -----------------------------------------------------

    def _why_not(self, action) -> IllegalAction:
        r = self.rules
        if self.phase == SEEK:
            wanted = "a double" if self._any_double else "it"
            return IllegalAction(f"Nobody has played {self.double} yet: every player draws one tile, round after "
                                 f"round, until {wanted} appears.", r["nobody_holds_double"])
        if self.phase == PLACE:
            return IllegalAction(f"The hand starts with {self.double} and nothing else.", r["starting_double"])
        if isinstance(action, Play):
            if action.tile not in self.hands[self.turn]:
                return IllegalAction(f"{action.tile} is not in this player's hand.")
            if self.drawn is not None and action.tile != self.drawn:
                return IllegalAction(f"After drawing, only the drawn tile {self.drawn} may be played.", r["play_drawn"])
            if self.drew_by_choice:
                return IllegalAction("A player who draws instead of playing passes.", r["voluntary_draw"])
            if self.forced is not None and action.joins != self.forced[0]:
                key = "hub_plays" if self.forced[0] == self.double.low and not self.ends else "foot_plays"
                return IllegalAction(f"{self.forced[1]} more tile(s) must be played on "
                                     f"{self.forced[0]}|{self.forced[0]} before play goes anywhere else.", r[key])
            return IllegalAction(f"{action.tile} does not fit: no open end shows {action.joins}.", r["foot_plays"])
        if self.replacing:
            return IllegalAction("A tile taken back is replaced with another: the player lays a domino.",
                                 r["take_back"])
        if isinstance(action, Draw):
            if not self.yard:
                return IllegalAction("The chicken yard is empty: there is nothing to draw.", r["empty_yard"])
            if self.drawn is not None:
                return IllegalAction("Only one tile is drawn per turn.", r["play_drawn"])
            return IllegalAction("A player who can play must play; drawing is only for a player who cannot.",
                                 r["voluntary_draw"])
        if self.drawn is not None:
            return IllegalAction(f"The drawn tile {self.drawn} fits and must be played.", r["play_drawn"])
        if self.yard:
            return IllegalAction("A player who cannot play draws one tile from the chicken yard before passing.",
                                 r["play_drawn"])
        # classic lets a player "draw a domino and pass without playing": with nothing to draw, the
        # referee's reading is that a player who can play plays ("pass_with_play", open to a house rule)
        return IllegalAction("A player who can play may not pass.", r.rules.get("pass_with_play", r["must_play"]))
