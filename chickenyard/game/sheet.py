"""The score sheet as players read it: rows of hands, running totals, leaders.

Only what happened is stored (hands and entries); everything here is derived
from it, so an edit or an undo can never leave a stale total behind.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from functools import cached_property

from referee.actions import ImpossibleRequest
from referee.games import Game
from referee.rulesets import Rule, RuleSet, rule_set
from referee.starter import Starter, starter
from referee.tiles import Tile, set_tiles
from referee.words import _
from sqlite_utils.db import NotFoundError

from ..storage.db import get_row, snapshot


@dataclass(frozen=True)
class Entry:
    points: int | None = None
    tiles: tuple[Tile, ...] | None = None   # None: entered by total
    went_out: bool = False
    tiles_left: int | None = None           # Super 15: how many tiles, to settle a blocked round

    @property
    def entered(self) -> bool:
        return self.points is not None or self.tiles_left is not None

    def snapshot(self) -> dict | None:
        """The entry as the audit trail stores it (None: nothing entered)."""
        if not self.entered and not self.tiles and not self.went_out:
            return None
        snap = {"points": self.points, "went_out": self.went_out,
                "tiles": None if self.tiles is None else [str(t) for t in self.tiles]}
        if self.tiles_left is not None:
            snap["tiles_left"] = self.tiles_left
        return snap

    @classmethod
    def from_snapshot(cls, snap: dict | None) -> "Entry":
        """The entry a snapshot describes (a hand form's base, as the form was opened)."""
        if not snap:
            return cls()
        tiles = snap.get("tiles")
        return cls(points=snap.get("points"), went_out=bool(snap.get("went_out")),
                   tiles=None if tiles is None else tuple(Tile.parse(t) for t in tiles),
                   tiles_left=snap.get("tiles_left"))

    @classmethod
    def from_row(cls, row: dict) -> "Entry":
        tiles = json.loads(row["tiles"]) if row.get("tiles") else None
        return cls(points=row["points"], went_out=bool(row["went_out"]),
                   tiles=None if tiles is None else tuple(Tile.parse(t) for t in tiles),
                   tiles_left=row.get("tiles_left"))


@dataclass(frozen=True)
class Player:
    id: int
    seat: int
    name: str                       # the person's name, as the app shows it now
    name_then: str | None = None    # the name on the seat when the game was played
    person_id: int | None = None
    joined_hand: int = 1            # a late joiner plays from this hand on
    start_points: int = 0           # ... starting at the table's choice of total
    left_hand: int | None = None    # one who left played up to this hand

    @property
    def printed_name(self) -> str:
        """Printed sheets and exports show the person's name now, as the sheet does: one name
        everywhere (a rename is kept in the game's History)."""
        return self.name

    def plays(self, number: int) -> bool:
        return self.joined_hand <= number and (self.left_hand is None or number <= self.left_hand)


NOTHING = Entry()   # a player's cell before anything is entered


@dataclass
class HandRow:
    id: int
    number: int
    double: int
    version: int
    entries: dict[int, Entry] = field(default_factory=dict)  # by player id
    running: dict[int, int] = field(default_factory=dict)    # running total after this hand

    def entry(self, player_id: int) -> Entry:
        return self.entries.get(player_id, NOTHING)

    def seated(self, players) -> list:
        """The players who play this hand (a late joiner from their hand on, one who left until theirs)."""
        return [p for p in players if p.plays(self.number)]

    def started(self) -> bool:
        return any(e.entered or e.tiles or e.went_out for e in self.entries.values())

    @property
    def went_out(self) -> int | None:
        return next((pid for pid, e in self.entries.items() if e.went_out), None)


@dataclass
class Sheet:
    """One read of a game. Its totals, leaders and the current hand are worked out once, on first
    use: a sheet is read afresh for every request and not changed after."""
    game: dict
    rules: RuleSet
    players: list[Player]
    hands: list[HandRow]

    @property
    def id(self) -> int:
        return self.game["id"]

    @property
    def set_size(self) -> int:
        return self.game["set_size"]

    @property
    def set_tiles(self) -> tuple[Tile, ...]:
        return set_tiles(self.set_size)

    @property
    def kind(self) -> Game:
        """The game this sheet is of, from its rule set: its words and how it is scored."""
        return self.rules.kind

    @property
    def unit(self) -> str:
        return self.kind.unit

    @cached_property
    def totals(self) -> dict[int, int]:
        """Pips left, summed; or, in Super 15, rounds won."""
        totals = {p.id: p.start_points for p in self.players}
        for hand in self.hands:
            for p, score in zip(self.players, self.scores(hand)):
                if score is not None:
                    totals[p.id] += score
        return totals

    @cached_property
    def any_score(self) -> bool:
        return any(hand.started() for hand in self.hands)

    @cached_property
    def leaders(self) -> list[int]:
        """The player(s) with the lowest total: lowest wins in every rule set."""
        if not self.any_score:
            return []
        # one who left the table is out of the running
        totals = {pid: t for pid, t in self.totals.items() if self.player(pid).left_hand is None}
        if not totals:
            return []
        return self.kind.leaders(totals)

    @cached_property
    def finished(self) -> bool:
        return bool(self.hands) and all(self.complete(h) for h in self.hands)

    def complete(self, hand: HandRow) -> bool:
        """Whether the hand has all the sheet needs of it (its pips, or its round's winner)."""
        return self.kind.hand_complete(hand, self.players)

    def round_winner(self, hand: HandRow) -> int | None:
        """Super 15: who won the round (None while not known, or when nobody did); other games: None."""
        return self.kind.round_winner(hand, self.players)

    def still_needs(self, hand: HandRow) -> str | None:
        """What the sheet still needs to know of a started hand, in the table's words (None: nothing)."""
        needs = self.kind.still_needs(hand, self.players)
        return needs and _(needs)           # the tie's words are a constant the referee compares

    def scores(self, hand: HandRow) -> list[int | None]:
        """What each player scores in the hand, in seat order: pips, or 1 for the round's winner."""
        return self.kind.hand_scores(hand, self.players)

    @property
    def winners(self) -> list[int]:
        return self.leaders if self.finished else []

    @cached_property
    def current_hand(self) -> HandRow | None:
        return next((h for h in self.hands if not self.complete(h)), None)

    @property
    def first_starter(self) -> int:
        """The designated first starter's index in seat order (the first seat unless chosen)."""
        seat = self.game.get("first_starter")
        return next((i for i, p in enumerate(self.players) if p.seat == seat), 0)

    def next_first_starter(self) -> int:
        """For playing again (the players still at the table, in their order): the seat of the player
        clockwise of this game's first starter, so that the first start rotates from game to game."""
        playing = self.playing
        if not playing or not self.players:
            return 1
        old = self.players[self.first_starter]
        later = [i for i, p in enumerate(playing) if p.seat > old.seat]
        return (later[0] if later else 0) + 1

    def starter(self, hand: HandRow) -> Starter | None:
        """Who starts this hand, by the rule set, with the rule's quote. Where the start rotates,
        a seat empty for this hand (a player not yet joined, or gone) is passed over clockwise."""
        found = starter(self.rules, self.hands.index(hand), hand.double, [p.name for p in self.players],
                        self.first_starter)
        if found is None or found.seat is None or self.players[found.seat].plays(hand.number):
            return found
        seats = len(self.players)
        seat = next(((found.seat + step) % seats for step in range(1, seats)
                     if self.players[(found.seat + step) % seats].plays(hand.number)), found.seat)
        return replace(found, says=f"{self.players[seat].name} starts", seat=seat)

    def draw(self, hand: HandRow) -> Rule | None:
        """How many tiles each player at the table for this hand draws, by the rule set (None where
        the rule set gives no count for so many players)."""
        try:
            return self.rules.tiles_each(self.set_size, len(hand.seated(self.players)))
        except ImpossibleRequest:
            return None

    def hand(self, number: int) -> HandRow:
        """The hand of that number (NotFoundError, a 404 page, when the sheet has none)."""
        found = next((h for h in self.hands if h.number == number), None)
        if found is None:
            raise NotFoundError(f"hand {number}")
        return found

    def player(self, player_id: int) -> Player:
        """The player of that id on this sheet (NotFoundError when none is)."""
        found = next((p for p in self.players if p.id == player_id), None)
        if found is None:
            raise NotFoundError(f"player {player_id}")
        return found

    def names(self, player_ids) -> list[str]:
        return [self.player(pid).name for pid in player_ids]

    def printed_names(self, player_ids) -> list[str]:
        return [self.player(pid).printed_name for pid in player_ids]

    def at(self, hand: HandRow) -> "Sheet":
        """The sheet as one hand's form sees it: only the players who play that hand."""
        return replace(self, players=hand.seated(self.players))

    @property
    def playing(self) -> list[Player]:
        """The players still at the table."""
        return [p for p in self.players if p.left_hand is None]

    def with_running_totals(self) -> "Sheet":
        running = {p.id: p.start_points for p in self.players}
        for hand in self.hands:
            for p, score in zip(self.players, self.scores(hand)):
                if score is not None:
                    running[p.id] += score
                hand.running[p.id] = running[p.id]
        return self


def load_sheet(db, game_id: int) -> Sheet:
    """The sheet as one consistent snapshot (a read transaction: versions match entries);
    NotFoundError when there is no such game."""
    with snapshot(db):
        return _read_sheet(db, game_id)


def _read_sheet(db, game_id: int) -> Sheet:
    game = get_row(db, "games", game_id)
    house = json.loads(game["house_rules"] or "{}")
    rules = rule_set(game["preset"], house)
    players = [Player(r["id"], r["seat"], r["person_name"] or r["name"], r["name"], r["person_id"],
                      r.get("joined_hand") or 1, r.get("start_points") or 0, r.get("left_hand")) for r in
               db.query("select pl.*, pe.name as person_name from players pl "
                        "left join people pe on pe.id = pl.person_id where pl.game_id = ? and not pl.off_sheet "
                        "order by pl.seat",
                        [game_id])]
    hands = {r["id"]: HandRow(r["id"], r["number"], r["double"], r["version"]) for r in
             db.query("select * from hands where game_id = ? order by number", [game_id])}
    for r in db.query("select e.* from entries e join hands h on h.id = e.hand_id "
                      "where h.game_id = ?", [game_id]):
        hands[r["hand_id"]].entries[r["player_id"]] = Entry.from_row(r)
    return Sheet(game, rules, players, sorted(hands.values(), key=lambda h: h.number)).with_running_totals()
