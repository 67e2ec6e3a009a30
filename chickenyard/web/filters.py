"""Template filters that put stored values in players' words."""
import json
import re
from datetime import date, datetime

from babel.dates import format_date, format_time
from babel.numbers import format_decimal, format_percent
from markupsafe import Markup

from referee.words import _


def describe_entry(snapshot_json: str | None) -> str:
    if not snapshot_json:
        return _("empty")
    snap = json.loads(snapshot_json)
    if not isinstance(snap, dict):       # a player with no entry yet: its snapshot is null
        return _("empty")
    if snap.get("went_out"):
        return _("went out (%(points)s)", points=snap.get('points') or 0)
    if snap.get("points") is None:
        return _("empty")
    if snap.get("tiles"):
        return f"{snap['points']} ({' '.join(snap['tiles'])})"
    return str(snap["points"])


def double_label(n: int) -> str:
    """A hand's starting double in players' words; Super 15 rounds start with any double."""
    return f"{n}|{n}" if n is not None and n >= 0 else _("any double")


def game_title(game: str) -> str:
    from referee.games import GAMES
    return GAMES[game].name if game in GAMES else game


def game_kind(game: str):
    """The game of that key (`games.game`, a rule set's game): its words and how it is scored."""
    from referee.games import GAMES
    return GAMES[game]


def game_name(game: dict) -> str:
    """A game in a list of games: Chickenfoot by its rule set ("Classic"), the others by their name."""
    kind = game_kind(game["game"])
    return preset_title(game["preset"]) if kind.several_rule_sets else kind.name


_LATEX = ((r"\div", "÷"), (r"\times", "×"), (r"\#", "#"), (r"\text{", ""), ("{", ""), ("}", ""), ("$", ""))


def quote_text(text: str) -> str:
    """A source's sentence as a person reads it: the *emphasis* and **headings** markers and the
    formula markup some sources carry are left out; the words are the source's own."""
    if "$" in text:
        for markup, plain in _LATEX:
            text = text.replace(markup, plain)
    text = re.sub(r"\*{1,2}", "", text)
    return " ".join(text.split())


def preset_title(preset: str) -> str:
    """A rule set's name as the table knows it ('Classic', not 'classic')."""
    from referee.rulesets import UnknownPreset, rule_set
    try:
        return _(rule_set(preset).title)
    except UnknownPreset:
        return preset


def when(iso: str | None) -> Markup:
    """A stored UTC time, shown in the phone's own time by app.js (UTC without JavaScript), written
    the table's language's way by Babel ("27 nov 2026, 14:05 UTC")."""
    if not iso:
        return Markup("")
    try:
        at = datetime.fromisoformat(iso.replace("Z", "+00:00"))
    except ValueError:
        return Markup("{}").format(iso)
    from .languages import current_locale
    at, locale = at.replace(tzinfo=None), current_locale()          # stored in UTC, shown as UTC
    shown = f"{format_date(at, 'medium', locale=locale)}, {format_time(at, 'short', locale=locale)} UTC"
    return Markup('<time datetime="{}" data-local>{}</time>').format(iso, shown)


def day(iso: str) -> str:
    """A day as the table's language writes it ("27 de noviembre de 2026"); as stored if it is no date."""
    from .languages import current_locale
    try:
        return format_date(date.fromisoformat(iso[:10]), "long", locale=current_locale())
    except ValueError:
        return iso


def number(value: float, decimals: int = 0) -> str:
    """A figure as the table's language writes it ("1,234.5" / "1234,5"), to so many decimals."""
    from .languages import current_locale
    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(round(value, decimals), pattern, locale=current_locale())


def percent(rate: float) -> str:
    """A rate from 0 to 1 as a whole percentage the table's language's way ("45%" / "45 %")."""
    from .languages import current_locale
    return format_percent(rate, "#,##0%", locale=current_locale())


def register_filters(app) -> None:
    app.jinja_env.filters["day"] = day
    app.jinja_env.filters["number"] = number
    app.jinja_env.filters["percent"] = percent
    app.jinja_env.filters["preset_title"] = preset_title
    app.jinja_env.filters["when"] = when
    app.jinja_env.filters["quote_text"] = quote_text
    app.jinja_env.filters["describe_entry"] = describe_entry
    app.jinja_env.filters["game_title"] = game_title
    app.jinja_env.filters["game_kind"] = game_kind
    app.jinja_env.filters["game_name"] = game_name
    from referee.tiles import SET_SIZES
    app.jinja_env.globals["SET_SIZES"] = SET_SIZES
    from ..game.game_setup import MAX_GAME_NAME, MAX_NAME
    app.jinja_env.globals["MAX_NAME"] = MAX_NAME
    app.jinja_env.globals["MAX_GAME_NAME"] = MAX_GAME_NAME
    app.jinja_env.filters["double_label"] = double_label
    app.jinja_env.filters["fromjson"] = json.loads
    from .rule_words import register
    register(app)
    # the hand's starting double is on the table, not in anyone's hand
    app.jinja_env.tests["is_start"] = lambda tile, double: tile.is_double and tile.low == double
