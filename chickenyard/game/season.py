"""Statistics across games: each person's games, wins and points, over a period and a game type.

Everything is derived from the stored sheets, as the sheet derives its totals: a game's
winners are the sheet's (ties count for each tied winner), a hand played is a hand the
person has points in (so a late player counts the hands they sat in), and points are the
points of those hands.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, time, timedelta, timezone
from decimal import ROUND_HALF_UP, Decimal

from referee.games import GAMES, Game
from referee.tiles import Tile
from referee.words import N_

from ..storage.db import snapshot
from .kept_results import kept_for
from .people import games_mark, games_played, names_by_person
from .sheet import Sheet, load_sheet

# the words are translated where a page shows them
PERIODS = {"tonight": N_("Tonight"), "month": N_("This month"), "year": N_("This year"), "all": N_("All time")}
KINDS = {"points": N_("Chickenfoot & Mexican Train"), "chickenfoot": N_("Chickenfoot"),
         "mexican-train": N_("Mexican Train"), "super-15": N_("Super 15 (rounds won)")}
POINTS_GAMES = tuple(key for key, game in GAMES.items() if game.scored_by_pips)   # Chickenfoot, Mexican Train
NIGHT_STARTS = time(5, 0)     # a game night runs past midnight: "tonight" starts at 5 in the morning
DOUBLE_BLANK = Tile(0, 0)


@dataclass(frozen=True)
class GameResult:
    """One person's part in one game."""
    game_id: int
    person_id: int
    name_then: str
    game: str                 # chickenfoot, mexican-train, super-15
    played_at: str            # the game's last change (UTC)
    finished: bool
    won: bool
    hands: int                # hands (Super 15: rounds) played
    points: int               # points of those hands (Super 15: rounds won)
    total: int                # the total on the sheet
    went_out: int
    double_blank: int         # hands left holding 0|0, among...
    tiles_hands: int          # ...the hands whose leftover tiles were entered tile by tile
    others: tuple[str, ...] = ()

    @property
    def kind(self) -> Game:
        return GAMES[self.game]


@dataclass
class PlayerStats:
    person_id: int
    name: str
    results: list[GameResult] = field(default_factory=list)   # oldest game first

    @property
    def games(self) -> int:
        return len(self.results)

    @property
    def finished(self) -> int:
        return sum(r.finished for r in self.results)

    @property
    def wins(self) -> int:
        return sum(r.won for r in self.results)

    @property
    def hands(self) -> int:
        return sum(r.hands for r in self.results)

    @property
    def points(self) -> int:
        return sum(r.points for r in self.results)

    @property
    def went_out(self) -> int:
        return sum(r.went_out for r in self.results)

    @property
    def double_blank(self) -> int:
        return sum(r.double_blank for r in self.results)

    @property
    def tiles_hands(self) -> int:
        return sum(r.tiles_hands for r in self.results)

    @property
    def average_per_hand(self) -> float | None:
        return average(self.points, self.hands)

    @property
    def best(self) -> GameResult | None:
        """The finished game with the lowest total (Super 15: the most rounds won)."""
        done = [r for r in self.results if r.finished]
        if not done:
            return None
        return min(done, key=lambda r: r.kind.rank(r.total))

    @property
    def worst(self) -> GameResult | None:
        done = [r for r in self.results if r.finished]
        if len(done) < 2:
            return None
        return max(done, key=lambda r: r.kind.rank(r.total))

    @property
    def pips_average(self) -> float | None:
        """Points per hand over the games scored by points only (tonight's mixed standings)."""
        pips = [r for r in self.results if r.kind.scored_by_pips]
        return average(sum(r.points for r in pips), sum(r.hands for r in pips))

    def running_average(self) -> list[float]:
        """Points per hand over the games so far, after each game (for the chart)."""
        points = hands = 0
        line = []
        for r in self.results:
            points, hands = points + r.points, hands + r.hands
            if hands:
                line.append(points / hands)
        return line

    def as_json(self) -> dict:
        return {"name": self.name, "games": self.games, "finished": self.finished, "wins": self.wins,
                "hands": self.hands, "points": self.points,
                "average_per_hand": self.average_per_hand if self.hands else 0.0, "went_out": self.went_out}


def average(points: int, hands: int) -> float | None:
    """Points per hand to one decimal, halves rounded up as on paper (15.25 -> 15.3)."""
    if not hands:
        return None
    return float((Decimal(points) / Decimal(hands)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


def period_start(period: str, at: datetime | None = None) -> str | None:
    """The UTC time a period starts, in the machine's own time zone (None: all time)."""
    local = (at or datetime.now().astimezone()).astimezone()
    if period == "tonight":
        day = local.date() if local.time() >= NIGHT_STARTS else local.date() - timedelta(days=1)
        start = datetime.combine(day, NIGHT_STARTS, local.tzinfo)
    elif period == "month":
        start = local.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    elif period == "year":
        start = local.replace(month=1, day=1, hour=0, minute=0, second=0, microsecond=0)
    else:
        return None
    return start.astimezone(timezone.utc).isoformat(timespec="seconds")


def games_of_kind(kind: str) -> tuple[str, ...]:
    if kind == "any":
        return tuple(GAMES)
    return POINTS_GAMES if kind == "points" else (kind,)


def kind_scored_by_pips(kind: str) -> bool:
    """Whether the standings of `kind` count points (Chickenfoot, Mexican Train) or rounds won (Super 15)."""
    return all(GAMES[game].scored_by_pips for game in games_of_kind(kind))


def results(db, *, since: str | None = None, kind: str = "points", game_ids: list[int] | None = None
            ) -> list[GameResult]:
    """Every person's result in every game of the kind played since the given time, oldest first.
    Each game's results are kept by its revision: only the games changed since are read again."""
    out: list[GameResult] = []
    games = games_of_kind(kind)
    with snapshot(db):      # a game deleted meanwhile is neither listed nor read
        for game, found in kept_for(db).of(db, games_played(db, since=since, only=game_ids), _read_game):
            if game in games:
                out.extend(found)
    return out


def _read_game(db, game_id: int) -> tuple[str, list[GameResult]]:
    sheet = load_sheet(db, game_id)
    return sheet.rules.game, game_results(sheet)


def game_results(sheet: Sheet) -> list[GameResult]:
    winners = set(sheet.winners)
    totals = sheet.totals
    game = sheet.rules.game
    out = []
    for p in sheet.players:
        if p.person_id is None:
            continue
        hands = points = went_out = 0
        double_blank = tiles_hands = 0
        for hand in sheet.hands:
            entry = hand.entry(p.id)
            went_out += entry.went_out
            if entry.tiles:       # only tiles entered one by one tell whether 0|0 was caught
                tiles_hands += 1
                double_blank += DOUBLE_BLANK in entry.tiles
            score = sheet.kind.counted_score(hand, sheet.players, p.id)
            if score is not None:
                hands += 1
                points += score
        out.append(GameResult(
            sheet.id, p.person_id, p.name_then or p.name, game, sheet.game["updated_at"], sheet.finished,
            p.id in winners, hands, points, totals[p.id], went_out, double_blank, tiles_hands,
            tuple(dict.fromkeys(o.name for o in sheet.players if o.person_id != p.person_id))))
    return _one_per_person(out)


def _one_per_person(seats: list[GameResult]) -> list[GameResult]:
    """A player who left and came back sat in two seats of one game: one game for them, its hands and
    points added up, the total and the name of the seat they finished in."""
    by_person: dict[int, GameResult] = {}
    for r in seats:                                  # in seat order: the later seat is the comeback
        before = by_person.get(r.person_id)
        by_person[r.person_id] = r if before is None else replace(
            r, won=before.won or r.won, hands=before.hands + r.hands, points=before.points + r.points,
            went_out=before.went_out + r.went_out, double_blank=before.double_blank + r.double_blank,
            tiles_hands=before.tiles_hands + r.tiles_hands)
    return list(by_person.values())


def standings(db, results_: list[GameResult]) -> list[PlayerStats]:
    """One line per person, the most wins first, then the lowest average."""
    names = names_by_person(db)
    by_person: dict[int, PlayerStats] = {}
    for r in results_:
        by_person.setdefault(r.person_id, PlayerStats(r.person_id, names.get(r.person_id, r.name_then))) \
            .results.append(r)
    return sorted(by_person.values(), key=_rank)


def _rank(stats: PlayerStats):
    by_pips = all(r.kind.scored_by_pips for r in stats.results)
    avg = stats.average_per_hand
    # fewer points per hand is better with pips; more rounds won per round is better in Super 15
    avg_key = (avg if by_pips else -avg) if avg is not None else float("inf")
    return (-stats.wins, avg_key, stats.name.casefold())


@dataclass
class HeadToHead:
    first: PlayerStats
    second: PlayerStats
    games: int = 0
    finished: int = 0
    first_wins: int = 0
    second_wins: int = 0
    both_won: int = 0          # tied for the win
    first_ahead: int = 0       # finished games where one ended ahead of the other
    second_ahead: int = 0


def head_to_head(db, results_: list[GameResult], first_id: int, second_id: int) -> HeadToHead | None:
    """Two players over the games they played together."""
    if first_id == second_id:
        return None
    names = names_by_person(db)
    if first_id not in names or second_id not in names:
        return None
    mine = {r.game_id: r for r in results_ if r.person_id == first_id}
    theirs = {r.game_id: r for r in results_ if r.person_id == second_id}
    shared = sorted(set(mine) & set(theirs))
    h2h = HeadToHead(PlayerStats(first_id, names[first_id], [mine[g] for g in shared]),
                     PlayerStats(second_id, names[second_id], [theirs[g] for g in shared]))
    for game_id in shared:
        a, b = mine[game_id], theirs[game_id]
        h2h.games += 1
        if not a.finished:
            continue
        h2h.finished += 1
        if a.won and b.won:
            h2h.both_won += 1
        else:
            h2h.first_wins += a.won
            h2h.second_wins += b.won
        a_better = a.kind.rank(a.total) < a.kind.rank(b.total)
        b_better = b.kind.rank(b.total) < b.kind.rank(a.total)
        h2h.first_ahead += a_better
        h2h.second_ahead += b_better
    return h2h


def tonight(db) -> list[PlayerStats]:
    """Tonight's standings across every game played on this machine tonight: the most wins first,
    then the lowest points per hand."""
    found = standings(db, results(db, since=period_start("tonight"), kind="any"))
    return sorted(found, key=lambda s: (-s.wins, s.pips_average if s.pips_average is not None else float("inf"),
                                        s.name.casefold()))


def tonight_mark(db) -> str:
    return games_mark(db, period_start("tonight"))
