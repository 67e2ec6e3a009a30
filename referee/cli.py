"""`python -m referee`: the referee's answers at the command line.

Each subcommand is registered in COMMANDS with its argument setup and its
handler, so another game's commands are added without touching these.
Impossible requests exit 2 with one line saying why.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

from .draw import Refusal, draw_count
from .games import GAMES
from .rulesets import GAME_PRESETS, PRESET_NAMES, rule_set
from .tiles import SET_SIZES

COMMANDS: dict[str, tuple[str, Callable, Callable]] = {}


def command(name: str, help_text: str, setup: Callable):
    def register(handler):
        COMMANDS[name] = (help_text, setup, handler)
        return handler
    return register


def _preset_args(parser):
    parser.add_argument("--preset", default="classic", help=", ".join(PRESET_NAMES))
    parser.add_argument("--set", type=int, default=None, dest="set_size",
                        help=", ".join(map(str, SET_SIZES)) + " (double-9 for Chickenfoot, double-15 for Castle Rock)")
    parser.add_argument("--house", default="{}", help='house rules as JSON, e.g. {"double_blank": 25}')


def _rules(args):
    if args.set_size is None:
        args.set_size = 9
    try:
        house = json.loads(args.house)
        if not isinstance(house, dict):
            raise ValueError("house rules are a JSON object")
        return rule_set(args.preset, house)
    except ValueError as problem:
        raise Refusal(str(problem)) from problem


def _draw_setup(parser):
    _preset_args(parser)
    parser.add_argument("--game", choices=list(GAME_PRESETS), default=None,
                        help="mexican-train or super-15: the double-15 rulebook's game (Chickenfoot by default)")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--json", action="store_true")


@command("draw-count", "how many tiles each player draws", _draw_setup)
def _draw_count(args):
    if args.game is not None and not GAMES[args.game].several_rule_sets:
        args.preset = GAMES[args.game].presets[0]
        args.set_size = 15 if args.set_size is None else args.set_size
    answer = draw_count(_rules(args), args.set_size, args.players)
    if args.json:
        return json.dumps(answer)
    status = "stated" if answer["stated"] else "not stated by this rule set: suggested"
    lines = [f"{answer['players']} players, double-{answer['set']}, {args.preset} rules:",
             f"  each player draws {answer['tiles_each']} tiles ({status})",
             f"  tiles in hands: {answer['in_hands']}",
             f"  left in the {answer['pile']}: {answer['chicken_yard']}"
             + (f" (the {answer['centre_double']} is set in the centre first)"
                if answer["starting_double_in_centre"] else "")]
    if answer["how"]:
        lines.append(f"  how: {answer['how']}")
    if answer["suggested"]:
        lines.append(f"  beside it, a suggestion (not stated): {answer['suggested']['tiles_each']} each, "
                     f"{answer['suggested']['chicken_yard']} left in the chicken yard; {answer['suggested']['how']}")
    lines.append(f"  source: {answer['source']}")
    lines.append(f"  rule: \"{answer['rule']}\"")
    return "\n".join(lines)


def _hands_setup(parser):
    _preset_args(parser)
    parser.add_argument("--json", action="store_true")


@command("hands", "the hands of a game in order, with their starting doubles", _hands_setup)
def _hands(args):
    rules = _rules(args)
    try:
        full = rules.hand_doubles(args.set_size)
        long_game = (rules.hand_doubles(args.set_size, long_game=True)
                     if rules.value("long_game") == "optional" else None)
    except ValueError as problem:
        raise Refusal(str(problem)) from problem
    if args.json:
        return json.dumps({"preset": rules.preset, "set": args.set_size, "hands": full,
                           "long_game": long_game, "source": rules["hands"].source,
                           "rule": rules["hands"].quote})
    name = f"{rules.title} {rules.kind.name}" if rules.kind.several_rule_sets else rules.title
    unit = rules.kind.unit

    def label(d: int) -> str:
        return f"{d}|{d}" if d >= 0 else "any double"
    lines = [f"A full game of {name} with a double-{args.set_size} set: {len(full)} {unit}s"]
    if not rules["hands"].stated:
        lines.append(f"  ({rules['hands'].describe()}; not stated by this rule set)")
    lines += [f"  {unit} {i:2d}: {label(d)}" for i, d in enumerate(full, start=1)]
    if long_game:
        lines.append(f"The optional long game ({rules['long_game'].quote})")
        lines += [f"  {unit} {i:2d}: {label(d)}" for i, d in enumerate(long_game, start=1) if i > len(full)]
    lines.append(f"  source: {rules['hands'].source}")
    return "\n".join(lines)


@command("draw-table", "the draw counts of every preset, set and player count (Markdown)",
         lambda parser: None)
def _draw_table(_args):
    lines = ["# Draw counts: tiles each player draws",
             "",
             "Chickenfoot's five rule sets, then Mexican Train and Super 15 from the double-15 rulebook.",
             "",
             "Generated by `python -m referee draw-table`. **bold**: stated by the rule set;",
             "*italic*: not stated by this rule set, suggested by the referee (`python -m referee",
             "draw-count ... ` says how). Each cell: tiles each / left in the chicken yard.",
             ""]
    for preset in (p for presets in GAME_PRESETS.values() for p in presets):
        rules = rule_set(preset)
        lines += [f"## {rules.title} ({rules.source})", ""]
        for set_size in rules.sets:
            low, high = rules.players(set_size)
            counts = range(low, high + 1)
            lines.append(f"double-{set_size} | " + " | ".join(f"{n} players" for n in counts))
            lines.append("---|" + "|".join("---" for _ in counts))
            cells = []
            for n in counts:
                answer = draw_count(rules, set_size, n)
                text = f"{answer['tiles_each']} / {answer['chicken_yard']}"
                cells.append(f"**{text}**" if answer["stated"] else f"*{text}*")
            label = f"tiles / {rules.kind.bone_pile}"      # the chicken yard, or the bone pile
            lines += [f"{label} | " + " | ".join(cells), ""]
    return "\n".join(lines)


def _replay_setup(parser):
    parser.add_argument("record", help="a chickenyard/hand-v1 JSON file")
    parser.add_argument("--json", action="store_true")


@command("replay", "replay a hand record and rule on it", _replay_setup)
def _replay(args):
    from .records import replay
    try:
        with open(args.record, encoding="utf-8") as f:
            record = json.load(f)
    except (OSError, ValueError) as problem:
        raise Refusal(f"cannot read {args.record}: {problem}") from problem
    result = replay(record)
    if args.json:
        return json.dumps(result)
    if not result["legal"]:
        where = "the record" if result["move"] is None else f"move {result['move']}"
        line = f"Illegal at {where}: {result['reason']}"
        if result["rule"]:
            line += f'\n  rule ({result["source"]}): "{result["rule"]}"'
        elif result.get("suggested"):
            line += f'\n  {result["source"]}: {result["suggested"]}'
        return line
    if not result["over"]:
        return f"All moves legal; the hand goes on with player {result['next_player']} to play."
    points = ", ".join(f"player {i}: {p}" for i, p in enumerate(result["points"]))
    return f"All moves legal. The hand is over ({result['detail']}). Points: {points}."


def _simulate_setup(parser):
    _preset_args(parser)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--records", help="write each hand's record into this folder")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--game", default="chickenfoot", choices=["chickenfoot", "castle-rock"])
    parser.add_argument("--games", type=int, default=1000, help="Castle Rock: games to play")


def _simulate_castle_rock(args):
    import time

    from .castle_rock import win_rates
    if args.games < 1:
        raise Refusal("--games must be at least 1")
    start = time.perf_counter()
    set_size = 15 if args.set_size is None else args.set_size
    if set_size not in SET_SIZES:
        raise Refusal(f"there is no double-{set_size} set")
    figures = win_rates(args.games, args.seed, set_size)
    figures["seconds"] = round(time.perf_counter() - start, 1)
    if args.json:
        return json.dumps(figures)
    rates = figures["win_rate"]
    return (f"{figures['games']} games of Castle Rock, double-{figures['set']} (seed {args.seed}):\n"
            f"  simple player (first removal seen, three at a time first): won {rates['greedy']:.2%}\n"
            f"  searching player (every order of removals before the next draw): won {rates['search']:.2%}\n"
            f"  ({figures['seconds']} s)")


@command("simulate", "play random legal hands and report how they go", _simulate_setup)
def _simulate(args):
    if args.game == "castle-rock":
        return _simulate_castle_rock(args)
    import time
    from pathlib import Path

    from .records import write_record
    from .simulate import simulate
    rules = _rules(args)
    draw_count(rules, args.set_size, args.players)   # refuses impossible tables
    folder = Path(args.records) if args.records else None
    if folder:
        folder.mkdir(parents=True, exist_ok=True)
    written = []

    def keep(hand, deal, yard):
        if folder:
            path = folder / f"hand-{len(written) + 1:05d}.json"
            path.write_text(json.dumps(write_record(hand, deal, yard)))
            written.append(path)

    start = time.perf_counter()
    stats = simulate(rules, args.set_size, args.players, args.hands, args.seed, on_hand=keep).as_dict()
    seconds = time.perf_counter() - start
    stats["hands_per_second"] = round(args.hands / seconds, 1) if seconds else None
    if args.json:
        return json.dumps(stats)
    ended = ", ".join(f"{k} {v} ({v / stats['hands']:.0%})" for k, v in stats["ended_by"].items())
    return (f"{stats['hands']} random legal hands, {rules.title} rules, double-{args.set_size}, "
            f"{args.players} players (seed {args.seed}):\n"
            f"  how they ended: {ended}\n"
            f"  stalemate rate: {stats['stalemate_rate']:.1%}\n"
            f"  average points left per player: {stats['average_points']:.1f}\n"
            f"  average turns per hand: {stats['average_turns']:.1f}\n"
            f"  speed: {stats['hands_per_second']} hands per second"
            + (f"\n  records written to {folder}/" if folder else ""))


def _statistics_setup(parser):
    parser.add_argument("--write", action="store_true", help="compute the figures and write them")


@command("statistics", "how random hands go at every table, and Castle Rock's win rates (the pages' figures)",
         _statistics_setup)
def _statistics(args):
    from . import statistics
    if args.write:
        path = statistics.write()
        return f"wrote {path.name}: {len(statistics.load()['tables'])} tables, fingerprint {statistics.fingerprint()}"
    stored = statistics.load().get("fingerprint")
    fresh = stored == statistics.fingerprint()
    return (f"{statistics.DATA.name}: {'fresh' if fresh else 'stale: run python -m referee statistics --write'} "
            f"(fingerprint {stored}, engine {statistics.fingerprint()})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m referee",
                                     description="Chickenyard's referee: rulings for domino tables.")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, (help_text, setup, _handler) in COMMANDS.items():
        setup(sub.add_parser(name, help=help_text))
    args = parser.parse_args(argv)
    try:
        print(COMMANDS[args.command][2](args))
    except Refusal as problem:
        print(f"referee: {problem}", file=sys.stderr)
        return 2
    return 0
