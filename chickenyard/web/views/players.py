"""The people who play here: season statistics, a player's page, rename and merge.

Who may look: a phone that holds a link to at least one game on this machine (anyone
else gets 404, as for a game). Who may rename a person: a phone that keeps score (holds the
edit link) in a game that person sat at; merge two people: one that keeps score in a game of
each. Any phone may start a game, so keeping score somewhere proves nothing about a stranger's
players.
"""
from __future__ import annotations

import json
from datetime import date

from flask import Blueprint, abort, current_app, flash, render_template, request, url_for
from sqlite_utils.db import NotFoundError

from referee.words import _

from ...game import people, season
from ...game.game_setup import MAX_NAME, clean_name
from ...storage.db import StorageProblem, get_db
from ..access import EDIT, VIEW, known_game_ids, role_for
from ..chart import PALETTE, Line, legend, running_average_svg
from ..htmx import device_name, see_other
from ..limits import statistics

bp = Blueprint("players", __name__)


def table_role() -> str:
    """EDIT or VIEW: the best link this phone holds to any game here; 404 without one."""
    roles = {role_for(g) for g in people.games_by_id(get_db(), known_game_ids())}
    if EDIT in roles:
        return EDIT
    if VIEW in roles:
        return VIEW
    raise NotFoundError("a link to a game")


def scored_here() -> set[int]:
    """The games this phone keeps score in (holds the edit link of)."""
    return {g["id"] for g in people.games_by_id(get_db(), known_game_ids()) if role_for(g) == EDIT}


def may_change(person_id: int, scored: set[int] | None = None) -> bool:
    """This phone keeps score in a game the person sat at."""
    return bool(set(people.game_ids_of(get_db(), person_id)) & (scored_here() if scored is None else scored))


def _require_change(*person_ids: int) -> None:
    table_role()                              # 404 for a phone with no link at all
    scored = scored_here()
    if not all(may_change(pid, scored) for pid in person_ids):
        abort(403, _("Only a phone keeping score in a game this player sat at can rename them, or merge them "
                     "with another player (for a merge: a game of each)."))


def _choices() -> tuple[str, str]:
    period = request.args.get("period", "all")
    kind = request.args.get("kind", "points")
    return (period if period in season.PERIODS else "all"), (kind if kind in season.KINDS else "points")


def _results(period: str, kind: str):
    return season.results(get_db(), since=season.period_start(period), kind=kind)


def chart_for(stats: list[season.PlayerStats], kind: str) -> dict:
    lines = [Line(s.name, s.running_average()) for s in stats]
    unit = _("points per hand") if season.kind_scored_by_pips(kind) else _("rounds won per round")
    return {"svg": running_average_svg(lines, title=_("Running average, %(unit)s, game by game", unit=unit), unit=unit),
            "legend": legend(lines), "unit": unit}


@bp.get("/players")
@statistics.guards
def index():
    role = table_role()
    period, kind = _choices()
    db = get_db()
    results = _results(period, kind)
    standings = season.standings(db, results)
    known = people.known_people(db)
    h2h = None
    first, second = request.args.get("a", type=int), request.args.get("b", type=int)
    if first and second:
        h2h = season.head_to_head(db, results, first, second)
    return render_template("players.html", standings=standings, known=known, period=period, kind=kind,
                           periods=season.PERIODS, kinds=season.KINDS, chart=chart_for(standings, kind),
                           h2h=h2h, first=first, second=second, role=role)


@bp.get("/players.json")
@statistics.guards
def as_json():
    table_role()
    db = get_db()
    standings = season.standings(db, season.results(db, kind="points"))
    doc = {"players": [s.as_json() for s in sorted(standings, key=lambda s: s.name.casefold())]}
    # in the documented order of keys (jsonify would sort them)
    return current_app.response_class(json.dumps(doc, ensure_ascii=False), mimetype="application/json")


@bp.get("/players/<int:person_id>")
@statistics.guards
def player(person_id: int, problem: str | None = None, typed: str | None = None, status: int = 200):
    role = table_role()
    person = people.get_person(get_db(), person_id)
    period, kind = _choices()
    db = get_db()
    results = [r for r in _results(period, kind) if r.person_id == person_id]
    stats = season.PlayerStats(person.id, person.name, results)
    others = [p for p in people.known_people(db) if p.id != person_id]
    scored = scored_here()
    changeable = may_change(person_id, scored)
    return render_template("player.html", person=person, stats=stats, period=period, kind=kind,
                           periods=season.PERIODS, kinds=season.KINDS, chart=chart_for([stats], kind),
                           others=others, role=role, problem=problem, typed=typed, changeable=changeable,
                           mergeable=[p for p in others if changeable and may_change(p.id, scored)],
                           merges=people.merges_into(db, person_id) if changeable else []), status


@bp.post("/players/<int:person_id>/rename")
def rename(person_id: int):
    person = people.get_person(get_db(), person_id)
    _require_change(person_id)
    new_name = request.form.get("name") or ""
    try:
        renamed = people.rename(get_db(), person_id, new_name, was=request.form.get("was"), device=device_name())
    except (people.PeopleProblem, StorageProblem) as problem:   # the page again, keeping what was typed
        status = {people.ChangedMeanwhile: 409, StorageProblem: 503}.get(type(problem), 422)
        return player(person_id, problem=str(problem), typed=clean_name(new_name)[:MAX_NAME], status=status)
    if renamed:
        flash(_("%(old)s is now %(new)s on every game.", old=person.name, new=clean_name(new_name)))
    else:
        flash(_("%(name)s's name: nothing changed.", name=person.name))
    return see_other(url_for("players.player", person_id=person_id))


@bp.post("/players/<int:person_id>/merge")
def merge(person_id: int):
    person = people.get_person(get_db(), person_id)
    try:
        other = people.get_person(get_db(), request.form.get("other", type=int))
    except NotFoundError:
        return player(person_id, problem=_("Choose the player to merge into this one."), status=422)
    _require_change(person_id, other.id)
    try:
        people.merge(get_db(), person_id, other.id, device=device_name())
    except people.PeopleProblem as problem:
        return player(person_id, problem=str(problem), status=422)
    flash(_("%(other)s's games are now %(person)s's. Changed your mind? “Take back” below undoes it.", other=other.name,
            person=person.name))
    return see_other(url_for("players.player", person_id=person_id))


@bp.post("/players/<int:person_id>/merges/<int:other_id>/undo")
def unmerge(person_id: int, other_id: int):
    person = people.get_person(get_db(), person_id)
    _require_change(person_id)
    try:
        name = people.unmerge(get_db(), person_id, other_id, device=device_name())
    except people.PeopleProblem as problem:
        return player(person_id, problem=str(problem), status=422)
    flash(_("%(name)s is a player of their own again, with their games; %(person)s keeps theirs.", name=name,
            person=person.name))
    return see_other(url_for("players.player", person_id=person_id))


PAPERS = {"letter": "Letter", "a4": "A4"}
SUMMARY_ROWS = 24      # the most players one page lists


@bp.get("/players/season.pdf")
@statistics.guards
def season_pdf():
    """A one-page season summary, on Letter or A4, printed like the score sheets."""
    from ...printing.views import pdf_response, remembered_paper
    table_role()
    period, kind = _choices()
    paper = (request.args.get("paper") or remembered_paper()).lower()
    if paper not in PAPERS:
        abort(422, _("Choose Letter or A4 paper."))
    standings = season.standings(get_db(), _results(period, kind))
    today = date.today().isoformat()
    html = render_template("print_season.html", standings=standings[:SUMMARY_ROWS],
                           more=len(standings[SUMMARY_ROWS:]), period=_(season.PERIODS[period]), kind=_(season.KINDS[kind]),
                           pips=season.kind_scored_by_pips(kind), chart=chart_for(standings[:len(PALETTE)], kind), day=today)
    # the page's size is the one thing that differs between Letter and A4
    return pdf_response(html, "print-season.css", f"@page {{ size: {PAPERS[paper]} portrait; margin: 12mm; }}",
                        f"chickenyard-season-{period}-{today}")
