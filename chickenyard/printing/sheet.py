"""What a printed sheet shows: blank for a new game, or filled from a game so far."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from referee.draw import Refusal, draw_count
from referee.games import GAMES, Game
from referee.rulesets import RuleSet
from referee.words import _

from ..game.game_setup import MAX_NAME, check_game, clean_name
from ..game.sheet import Sheet
from .layout import Layout, LayoutError, layout



@dataclass
class PrintSheet:
    rules: RuleSet
    set_size: int
    names: list[str]
    doubles: list[int]
    page: Layout
    # hand number -> per player: points left, or in Super 15 1 for the round's winner and 0 for the others
    scores: dict[int, list[int | None]] = field(default_factory=dict)
    winners: list[str] = field(default_factory=list)
    finished: bool = False
    day: str = ""
    filled: bool = False
    # per player, where some joined late or left: (first hand, starting total, last hand or None)
    seats: list[tuple[int, int, int | None]] = field(default_factory=list)

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def kind(self) -> Game:
        """The game printed: Super 15 has no points, a sheet of rounds with the winner of each ticked."""
        return self.rules.kind

    def plays(self, player: int, number: int) -> bool:
        """Whether the player (an index) sat at the table for that hand."""
        if not self.seats:
            return True
        joined, _, left = self.seats[player]
        return joined <= number and (left is None or number <= left)

    def starts_after(self, player: int, number: int) -> int | None:
        """A late player's starting total, written in the box of the hand before they sat down."""
        if not self.seats:
            return None
        joined, start, _ = self.seats[player]
        return start if start and number == joined - 1 else None

    def running(self, upto: int) -> list[int | None]:
        """Totals of hands 1..upto per player, of the hands entered so far (blank when none is), with a
        late player's starting total once they sit down, as on the sheet."""
        totals: list[int | None] = []
        for i in range(self.players):
            points = [self.scores.get(n, [None] * self.players)[i] for n in range(1, upto + 1)]
            entered = [p for p in points if p is not None]
            start = self.seats[i][1] if self.seats and self.seats[i][0] <= upto else 0
            totals.append(sum(entered) + start if entered or start else None)
        return totals

    def draw_table(self) -> list[tuple[int, int, bool]]:
        """(players, tiles each, stated?) for this rule set and set, printed small on the sheet."""
        low, high = self.rules.players(self.set_size)
        rows = []
        for n in range(low, high + 1):
            try:
                answer = draw_count(self.rules, self.set_size, n)
            except Refusal:
                continue
            rows.append((n, answer["tiles_each"], answer["stated"]))
        return rows


@dataclass
class BlankForm:
    typed: dict
    names: list[str]
    errors: dict[str, str] = field(default_factory=dict)
    sheet: PrintSheet | None = None


def read_blank_form(args, paper: str = "letter") -> BlankForm:
    """The blank-sheet form as typed; `paper` where it names none."""
    typed = {k: (args.get(k) or "").strip() for k in ("game", "preset", "set", "players", "paper", "orientation")}
    names = [clean_name(n or "")[:MAX_NAME] for n in args.getlist("name")][:12]
    form = BlankForm(typed, names)
    # an empty choice is the form's first: Chickenfoot, classic, the rule set's smallest set
    rules, set_size = check_game(form.errors, typed["game"] or next(iter(GAMES)), typed["preset"] or "classic",
                                 typed["set"], blank_set_is_smallest=True)
    if form.errors:
        return form
    typed["preset"] = rules.kind.preset_for(typed["preset"])     # the rulebook's other games: their one rule set
    low, high = rules.players(set_size)
    given = [n for n in names if n]
    try:
        players = int(typed["players"] or max(len(given), low))
    except ValueError:
        players = -1
    if not low <= players <= high or len(given) > players:
        form.errors["players"] = _("The %(rules)s rules with a double-%(set)s set seat %(low)s to %(high)s players.",
                                   rules=_(rules.title), set=set_size, low=low, high=high)
        return form
    try:
        page = layout((typed["paper"] or paper).lower(), typed["orientation"] or "auto",
                      rules.hand_doubles(set_size), players)
    except LayoutError as problem:
        form.errors["paper"] = str(problem)
        return form
    form.sheet = PrintSheet(rules, set_size, (given + [""] * players)[:players], rules.hand_doubles(set_size), page)
    return form


def filled_sheet(sheet: Sheet, paper: str, orientation: str) -> PrintSheet:
    doubles = [h.double for h in sheet.hands]
    page = layout(paper, orientation, doubles, len(sheet.players))
    scores = {h.number: sheet.scores(h) for h in sheet.hands}
    winners = sheet.printed_names(sheet.winners)
    return PrintSheet(sheet.rules, sheet.set_size, [p.printed_name for p in sheet.players], doubles, page, scores,
                      winners, sheet.finished, (sheet.game.get("finished_at") or sheet.game["created_at"])[:10]
                      if sheet.finished else date.today().isoformat(), filled=True,
                      seats=[(p.joined_hand, p.start_points, p.left_hand) for p in sheet.players])
