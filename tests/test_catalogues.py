"""The catalogues: every message translated, the compiled files the app reads in step with them,
and every word a template shows marked for translation."""
from __future__ import annotations

import functools
import io
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po
from jinja2 import Environment

ROOT = Path(__file__).resolve().parents[1]
TRANSLATIONS = ROOT / "chickenyard" / "translations"
TEMPLATES = ROOT / "templates"
CATALOGUES = sorted(TRANSLATIONS.glob("*/LC_MESSAGES/messages.po"))

def read_catalogue(path: Path):
    with path.open("rb") as f:
        return read_po(f, locale=path.parts[-3])


@pytest.mark.parametrize("po", CATALOGUES, ids=lambda p: p.parts[-3])
def test_every_message_is_translated(po):
    catalogue = read_catalogue(po)
    missing = [m.id for m in catalogue if m.id and (
        "fuzzy" in m.flags or not all(m.string if isinstance(m.string, tuple) else (m.string,)))]
    assert not missing, f"{len(missing)} untranslated in {po.relative_to(ROOT)}: {missing[:10]}"


@pytest.mark.parametrize("po", CATALOGUES, ids=lambda p: p.parts[-3])
def test_the_compiled_catalogue_is_the_po_file_compiled(po):
    """The .mo is committed (a fresh clone serves the language): `make translations` after an edit."""
    compiled = io.BytesIO()
    write_mo(compiled, read_catalogue(po))
    compiled.seek(0)
    with po.with_suffix(".mo").open("rb") as f:
        committed = read_mo(f)
    expected = read_mo(compiled)
    assert messages(committed) == messages(expected), "run `make translations`"


def messages(catalogue) -> dict:
    """Each message and its translation; a plural's forms as tuples."""
    plain = lambda value: tuple(value) if isinstance(value, (list, tuple)) else value  # noqa: E731
    return {plain(m.id): plain(m.string) for m in catalogue if m.id}


@pytest.mark.parametrize("po", CATALOGUES, ids=lambda p: p.parts[-3])
def test_a_translation_keeps_the_placeholders_of_its_message(po):
    named = re.compile(r"%\((\w+)\)[sd]")
    wrong = []
    for m in read_catalogue(po):
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        wanted = set(named.findall(ids[-1]))
        wrong += [m.id for s in strings if m.id and set(named.findall(s)) - wanted]
    assert not wrong


# --- words in templates ---------------------------------------------------------------------------

WORDS = re.compile(r"[^\W\d_]{2,}")
SPOKEN_ATTRIBUTES = {"title", "placeholder", "aria-label", "alt", "label", "aria-description"}
NAMES = ("Chickenyard", "Castle Rock", "UTC")    # the app's and a game's own names, and the time zone
ATTRIBUTE_BLOCKS = {"body_attrs"}      # blocks that fill in a tag's attributes in base.html


class ShownWords(HTMLParser):
    """The words a template shows: text outside <script>/<style>, and attributes a person reads."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.hidden += 1
        attrs = dict(attrs)
        for name, value in attrs.items():
            if name in SPOKEN_ATTRIBUTES or (name == "content" and attrs.get("name") == "description"):
                self.note(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden:
            self.note(data)

    def note(self, text):
        if text and WORDS.search(re.sub("|".join(NAMES), "", text)):
            self.found.append(" ".join(text.split()))


def unmarked_words(source: str) -> list[str]:
    """The template as HTML with every Jinja expression left out and every {% trans %} block
    dropped; what a person would still read there is not marked for translation."""
    env = Environment(extensions=["jinja2.ext.i18n"])
    html, in_block, block, in_trans, in_attributes = [], False, [], False, False
    for _, kind, value in env.lex(source):
        if kind == "block_begin":
            in_block, block = True, []
        elif kind == "block_end":
            in_block = False
            name = block[0] if block else ""
            in_trans = name == "trans" or (in_trans and name != "endtrans")
            in_attributes = (name == "block" and len(block) > 1 and block[1] in ATTRIBUTE_BLOCKS) or (
                in_attributes and name != "endblock")
        elif in_block and kind == "name":
            block.append(value)
        elif kind == "data" and not (in_trans or in_attributes):
            html.append(value)
    parser = ShownWords()
    parser.feed("".join(html))
    parser.close()
    return parser.found


def test_the_checker_finds_an_unmarked_word():
    assert unmarked_words('<p>Hand {{ n }}</p><input placeholder="e.g. Ann">') == ["Hand", "e.g. Ann"]
    assert unmarked_words('<p>{{ _("Hand %(n)s", n=n) }}</p>{% trans %}<b>Saved</b>{% endtrans %}') == []
    assert unmarked_words('<a title="{{ _("Print") }}" class="tap big">{{ game.name }} · ★</a>') == []


TEMPLATE_NAMES = sorted(str(p.relative_to(TEMPLATES)) for p in TEMPLATES.rglob("*.html"))


@pytest.mark.parametrize("name", TEMPLATE_NAMES)
def test_every_word_in_a_template_is_marked_for_translation(name):
    found = unmarked_words((TEMPLATES / name).read_text())
    assert not found, f"{name} shows words not marked for translation: {found[:8]}"


def test_every_rule_name_and_value_the_referee_shows_is_marked():
    """The referee's rule data is English that pages show translated; chickenyard/web/rule_words.py marks
    it for the catalogue, and must follow when a rule or a value is added."""
    from chickenyard.web.rule_words import RULE_WORDS, VALUE_WORDS
    from referee.presets import LABELS
    from referee.rulesets import PRESET_NAMES, rule_set
    marked = set(RULE_WORDS) | set(VALUE_WORDS.values())
    shown = set(LABELS.values())
    for preset in PRESET_NAMES:
        for rule in rule_set(preset).rules.values():
            if rule.key in ("sets", "players", "tiles_each") or isinstance(rule.value, dict):
                continue                       # sets are written per set; players and draws as numbers
            words = rule.describe()
            if not words.replace(" ", "").replace(",", "").isdigit():
                shown.add(words)
    assert shown - marked == set()


def test_no_function_hides_gettext_behind_a_throwaway_underscore():
    """`name, _ = pair` in a function that also says _("...") makes every message of it fail at run
    time (UnboundLocalError): such a throwaway needs another name."""
    import ast
    found = []
    for path in [*(ROOT / "chickenyard").rglob("*.py"), *(ROOT / "referee").rglob("*.py")]:
        for function in ast.walk(ast.parse(path.read_text())):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            names = [n for n in ast.walk(function) if isinstance(n, ast.Name) and n.id == "_"]
            if any(isinstance(n.ctx, ast.Store) for n in names) and any(isinstance(n.ctx, ast.Load) for n in names):
                found.append(f"{path.relative_to(ROOT)}:{function.lineno} {function.name}")
    assert found == []



def test_every_module_of_the_app_speaks_through_the_referees_underscore():
    """One `_` for the whole app (referee.words: Flask-free, `%(name)s` filled in), so a message reads
    the same wherever it is said; a module-level message is marked with N_ and said with _ when shown."""
    import importlib
    import pkgutil

    import chickenyard
    from referee import words
    others = []
    for module in pkgutil.walk_packages(chickenyard.__path__, "chickenyard."):
        said = getattr(importlib.import_module(module.name), "_", words._)
        if said is not words._:
            others.append(f"{module.name}: {getattr(said, '__module__', '?')}.{getattr(said, '__name__', '?')}")
    assert others == []

# --- the code's messages in every catalogue -------------------------------------------------------

KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "Word": None}   # as `make messages` has pybabel extract


@functools.cache
def extracted_messages() -> dict:
    """Every message the code and templates mark, as `make messages` gathers them (babel.cfg),
    extracted in-process: each msgid (a plural's singular and plural) with its context, and where it
    was found."""
    with (ROOT / "babel.cfg").open() as f:
        method_map, options_map = parse_mapping_cfg(f)
    found = {}
    for filename, lineno, message, _comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=KEYWORDS, strip_comment_tags=True):
        if isinstance(message, (list, tuple)):
            message = tuple(message[:2]) if len(message) > 1 and message[1] else message[0]
        if message:
            found.setdefault((message, context), f"{filename}:{lineno}")
    return found


@pytest.mark.parametrize("po", CATALOGUES, ids=lambda p: p.parts[-3])
def test_every_message_of_the_code_is_translated_in_the_catalogue(po):
    """A string marked in the code or a template but not yet in the catalogue, or there untranslated
    or fuzzy, would show in English: `make messages`, translate, `make translations`."""
    catalogue = read_catalogue(po)
    missing = []
    for (message, context), where in extracted_messages().items():
        key = message[0] if isinstance(message, tuple) else message
        entry = catalogue.get(key, context=context)
        strings = () if entry is None else (entry.string if isinstance(entry.string, (list, tuple))
                                            else (entry.string,))
        if entry is None or "fuzzy" in entry.flags or not all(strings) or (
                isinstance(message, tuple) and entry.id != message):
            missing.append(f"{where} {message!r}")
    assert not missing, (f"{len(missing)} messages of the code not translated in "
                         f"{po.relative_to(ROOT)} (make messages, then translate):\n" + "\n".join(missing[:20]))


def test_the_extraction_finds_the_code_and_the_templates_messages():
    """Else the test above would pass on nothing: a message of a view, of a template, a plural, a Word."""
    found = extracted_messages()
    assert ("This table is already playing again: here is the new game.", None) in found     # a flash
    assert ("Play again", None) in found                                                        # a template
    assert ("The photo shows %(num)d tile: %(tiles)s.", "The photo shows %(num)d tiles: %(tiles)s.") in {
        message for message, _context in found}                                                 # ngettext
    assert ("lowest total", None) in found                                                      # Word(...)
    assert ("That action is not available here.", None) in found                              # N_(...)
