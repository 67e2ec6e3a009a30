"""A photo of a dark set (black tiles with white pips) is looked at with the finder taught on
dark sets (`pipeline._dark_set`); any other photo with the committed finder alone."""
from __future__ import annotations

from dataclasses import replace

import pytest

np = pytest.importorskip("numpy")
cv2 = pytest.importorskip("cv2")

from vision import finder, pipeline  # noqa: E402
from vision.finder import TileRegion  # noqa: E402
from vision.load import decode  # noqa: E402
from vision.model import have  # noqa: E402
from vision.params import PARAMS as P  # noqa: E402
from vision.reader import TileReading  # noqa: E402

from .synthetic import photo_of, scattered  # noqa: E402

pytestmark = pytest.mark.vision


def _faces(body, table, size=(200, 300)):
    """A photo (h x w) of `table`'s colour with one tile face of `body`'s colour 40 x 80, and a
    face map marking it, at half the photo's size."""
    image = np.full((*size, 3), table, np.uint8)
    image[60:140, 100:140] = body
    face = np.zeros((size[0] // 2, size[1] // 2), np.float32)
    face[30:70, 50:70] = 1.0
    return image, face


def test_faces_darker_than_the_threshold_are_a_dark_sets():
    black_on_white = _faces(body=(30, 30, 30), table=(235, 235, 235))
    ivory_on_black = _faces(body=(200, 225, 235), table=(25, 25, 25))
    assert finder.dark_set(*black_on_white, to_map=0.5)
    assert not finder.dark_set(*ivory_on_black, to_map=0.5)
    image, face = black_on_white
    speck = np.zeros_like(face)
    speck[30:35, 50:55] = 1.0                  # 25 map pixels: too few to tell a set by
    assert 25 < P.dark_least and not finder.dark_set(image, speck, to_map=0.5)


def _one_two(confidence: float = 0.9) -> TileReading:
    """A tile read as a 1|2 as surely as `confidence`."""
    return TileReading(1, 2, confidence, confidence, ((24.0, 24.0), (16.0, 64.0), (32.0, 80.0)))


def _read_on(image, boxes):
    """`pipeline.Seen` of tiles cut at `boxes` (x0, y0, x1, y1), each read as a 1|2."""
    regions = tuple(TileRegion(np.float32([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]), 1.0) for x0, y0, x1, y1 in boxes)
    return pipeline.Seen(regions=regions, readings=(_one_two(),) * len(regions))


def test_tiles_read_on_dark_bodies_are_a_dark_sets():
    image = np.full((200, 300, 3), 235, np.uint8)
    image[20:100, 20:60] = image[20:100, 120:160] = 30        # two black tiles
    image[110:190, 220:260] = 200                              # an ivory one
    assert pipeline._dark_bodies(image, _read_on(image, [(20, 20, 60, 100), (120, 20, 160, 100)]))
    assert not pipeline._dark_bodies(image, _read_on(image, [(20, 20, 60, 100)]))        # one is too few
    assert not pipeline._dark_bodies(image, _read_on(image, [(220, 110, 260, 190), (20, 20, 60, 100),
                                                              (220, 110, 260, 190)]))


def _stage(result, name):
    return next(t for t in result.trace if t.name == name)


def _black_chain():
    """The style table's white-on-black chain of normal size, seed 31: six black tiles touching."""
    from vision.evaluate import style_photos
    name, data, want, set_size, quads, answers = next(style_photos("white on black", "chain", "normal", 1, 31))
    return decode(data), set_size


@pytest.mark.skipif(not have(pipeline.DARK_FINDER), reason="no finder taught on dark sets in vision/models")
def test_a_dark_sets_photo_is_looked_at_with_its_finder_and_an_ivory_sets_is_not():
    photo, set_size = _black_chain()
    seen, trace = pipeline.run_stages(photo)
    assert seen.finder == pipeline.DARK_FINDER
    ivory = decode(photo_of(scattered([(1, 2), (3, 5), (0, 6), (4, 4)], seed=3)))
    seen, trace = pipeline.run_stages(ivory)
    assert seen.finder == "finder" and _stage(pipeline.analyse(ivory, 6), "dark set").changed == 0
    assert set(pipeline.analyse(ivory, 6).tiles) == {(1, 2), (3, 5), (0, 6), (4, 4)}


@pytest.mark.skipif(not have(pipeline.DARK_FINDER), reason="no finder taught on dark sets in vision/models")
def test_a_dark_set_told_at_the_first_look_reads_as_one_told_after_the_reading(monkeypatch):
    """The first look's dark faces switch finders before any other look (a 12 MP photo's large
    look is then taken once); told only at the "dark set" stage, the photo reads the same."""
    photo, set_size = _black_chain()
    early = pipeline.analyse(photo, set_size)
    assert _stage(early, "find").tiles and _stage(early, "dark set").changed == 0
    committed_first = pipeline.find_tiles
    monkeypatch.setattr(pipeline, "find_tiles", lambda image, dark_finder=None: committed_first(image))
    late = pipeline.analyse(photo, set_size)
    assert _stage(late, "dark set").changed == len(_stage(late, "dark set").tiles) > 0
    assert late.tiles_detail == early.tiles_detail and late.unreadable == early.unreadable


def test_without_a_finder_taught_on_dark_sets_the_stage_leaves_what_was_seen(monkeypatch):
    photo, set_size = _black_chain()
    monkeypatch.setattr(pipeline, "have", lambda name: False)
    result = pipeline.analyse(photo, set_size)
    assert _stage(result, "dark set").changed == 0
    assert _stage(result, "dark set").tiles == _stage(result, "none read").tiles


def test_a_network_that_lets_go_of_its_memory_gives_the_same_maps():
    from vision.model import network
    batch = np.random.default_rng(0).integers(0, 255, (1, 128, 192, 3)).astype(np.float32)
    before = network("finder").run(batch)
    network("finder").release()
    assert np.array_equal(network("finder").run(batch), before)


def test_only_a_large_photo_lets_its_finder_go(monkeypatch):
    released = []
    monkeypatch.setattr(finder, "network", lambda name: type("N", (), {"release": lambda self: released.append(name)})())
    finder.let_go("finder", np.zeros((768, 1024, 3), np.uint8))
    assert released == []
    finder.let_go("finder-dark", np.zeros((3024, 4032, 1), np.uint8))
    assert released == ["finder-dark"]


@pytest.mark.skipif(not have(pipeline.DARK_FINDER), reason="no finder taught on dark sets in vision/models")
def test_small_black_tiles_among_light_cards_are_found_with_the_dark_sets_finder():
    """The style table's small white-on-black tiles scattered among printed cards, seed 30: the
    committed finder takes the cards for faces (their grey tells no dark set) and reads no tile
    surely there; the dark sets' finder, looking too, finds 11 of the 13 (changelog's round 32)."""
    from vision.evaluate import outcome, style_photos
    name, data, want, set_size, quads, answers = next(style_photos("white on black", "scattered", "small", 1, 30))
    photo = decode(data)
    result = pipeline.analyse(photo, set_size)
    assert _stage(result, "dark set").changed > 0
    assert len(quads) == 13 and outcome(result, want, quads)["tiles_found"] >= 11
    assert outcome(pipeline.analyse(photo, set_size, skip=("dark set",)), want, quads)["tiles_found"] <= 4


@pytest.mark.skipif(not have(pipeline.DARK_FINDER), reason="no finder taught on dark sets in vision/models")
def test_small_black_tiles_the_dark_sets_finder_sees_are_outlined_to_check_though_no_pip_shows():
    """The style table's small white-on-black tiles scattered on a yellow cloth, seed 38's second
    photo: nine black tiles 12 to 16 pixels wide, their pips blurred away. The dark sets' finder,
    looking at the whole photo closer, cuts all nine, but the reader sees no divider on any, nor a
    pip: outlined only where a pip shows, one was shown (round 35); on a dark set's photo each
    cut its finder's core lies under is outlined to check, and what was read stays as it was."""
    from vision.evaluate import outcome, style_photos
    name, data, want, set_size, quads, answers = list(style_photos("white on black", "scattered", "small", 2, 38))[1]
    photo = decode(data)
    seen, _ = pipeline.run_stages(photo, skip=("shown unread",))
    assert seen.finder == pipeline.DARK_FINDER and seen.sighting.zoomed
    shown = pipeline.shown_unread(photo, seen).shown
    assert not any(pipeline._pip_seen(photo, list(shown)))        # the reader sees no pip on them
    result = pipeline.analyse(photo, set_size)
    without = pipeline.analyse(photo, set_size, skip=("shown unread",))
    found = [outcome(r, want, quads)["tiles_found"] for r in (without, result)]
    assert (len(quads), found) == (9, [0, 9])
    assert (result.tiles_detail, result.total) == (without.tiles_detail, without.total)
    on = [next(i for i, q in enumerate(quads) if finder.holds(o, np.mean(q, axis=0))) for o in shown]
    assert sorted(on) == list(range(9))                            # each outline on a tile of its own


@pytest.mark.skipif(not have(pipeline.DARK_FINDER), reason="no finder taught on dark sets in vision/models")
def test_a_black_tile_whose_core_the_dark_sets_finder_is_sure_of_is_outlined_though_tiles_were_read(monkeypatch):
    """The style table's small white-on-black tiles scattered, seed 31's first photo: six tiles
    read (seven, and one fewer found, before round 40's ways of cutting a run), and the 1|2 cut
    true under a core the dark sets' finder is all but sure of, its pips blurred so that the
    reader sees none. Where two or more tiles were read, an outline was shown
    only where a pip shows (round 36); now also where that core is strong enough
    (`Params.shown_dark_core`), and what was read stays as it was."""
    from vision.evaluate import outcome, style_photos
    name, data, want, set_size, quads, answers = list(style_photos("white on black", "scattered", "small", 1, 31))[0]
    photo = decode(data)
    with pipeline.set_bound(set_size):
        seen, _ = pipeline.run_stages(photo, skip=("shown unread",))
        assert seen.finder == pipeline.DARK_FINDER and sum(r is not None for r in seen.readings) == 6
        shown = pipeline.shown_unread(photo, seen).shown
        on = {answers[i]: o for o in shown for i, q in enumerate(quads) if finder.holds(o, np.mean(q, axis=0))}
        assert not any(pipeline._pip_seen(photo, [on[(1, 2)]]))
        assert seen.sighting.core_at(on[(1, 2)].mean(axis=0)) >= pipeline.P.shown_dark_core
        monkeypatch.setattr(pipeline, "P", replace(pipeline.P, shown_dark_core=1.01))    # the core not asked
        held_to_pips = pipeline.shown_unread(photo, seen).shown
        assert not any(finder.holds(o, np.mean(quads[answers.index((1, 2))], axis=0)) for o in held_to_pips)
    monkeypatch.undo()
    result = pipeline.analyse(photo, set_size)
    without = pipeline.analyse(photo, set_size, skip=("shown unread",))
    assert [outcome(r, want, quads)["tiles_found"] for r in (without, result)] == [6, 8]
    assert (result.tiles_detail, result.total) == (without.tiles_detail, without.total)


@pytest.mark.skipif(not have(pipeline.DARK_FINDER), reason="no finder taught on dark sets in vision/models")
def test_the_lone_cores_of_a_long_black_chain_are_outlined_after_its_merged_ones(monkeypatch):
    """The style table's small white-on-black chain of 25 tiles, seed 103's first photo: eight tiles
    read, the cores of touching tiles ran together into long ones, each cut into its tiles; held
    to 12 outlines of cores (`Params.cores_most`, the taps' bound), those cuts took them all, and
    the chain's lone cores, a tile each, were never outlined. `Params.outlines_most` (24) leaves
    room for them; what was read stays as it was. (The "few pips" stage, after, outlines too the
    two tiles read 0|0 and 0|1 unsurely there, their pips blurred away: left out, so that this
    rule is seen alone.)"""
    from vision.evaluate import outcome, style_photos
    name, data, want, set_size, quads, answers = list(style_photos("white on black", "chain", "small", 1, 103))[0]
    photo = decode(data)
    result = pipeline.analyse(photo, set_size, skip=("few pips",))
    monkeypatch.setattr(finder, "P", replace(finder.P, outlines_most=finder.P.cores_most))
    held_to_twelve = pipeline.analyse(photo, set_size, skip=("few pips",))
    assert len(quads) == 25
    assert [outcome(r, want, quads)["tiles_found"] for r in (held_to_twelve, result)] == [17, 23]
    assert (result.tiles_detail, result.total) == (held_to_twelve.tiles_detail, held_to_twelve.total)
    on_a_tile = [any(finder.holds(q, np.mean(o, axis=0)) for q in quads) for o in result.unreadable]
    assert len(on_a_tile) == 28 and on_a_tile.count(False) == 1


def _read_as(*confidences):
    """`pipeline.Seen` of a tile for each confidence given, each read as a 1|2 (None: read as
    no tile), its finder's looks telling no dark set."""
    from types import SimpleNamespace
    regions = tuple(TileRegion(np.float32([[0, 0], [10, 0], [10, 20], [0, 20]]), 1.0) for _ in confidences)
    readings = tuple(None if c is None else _one_two(c) for c in confidences)
    return pipeline.Seen(sighting=SimpleNamespace(dark=False), regions=regions, readings=readings)


@pytest.fixture
def dark_look(monkeypatch):
    """The dark sets' finder's look stubbed: it reads as `dark_look.seen` says, and counts its calls."""
    look = type("Look", (), {"seen": None, "calls": 0})()

    def looked(image, seen):
        look.calls += 1
        return look.seen
    monkeypatch.setattr(pipeline, "have", lambda name: True)
    monkeypatch.setattr(pipeline, "_find", lambda image, seen: seen)
    monkeypatch.setattr(pipeline, "_read", lambda image, seen: seen)
    monkeypatch.setattr(pipeline, "_none_read", looked)
    return look


def test_where_no_tile_reads_surely_the_dark_sets_finder_looks_too_and_stands_where_it_reads_more(dark_look):
    """Small black tiles among light cards: the committed finder reads a card unsurely; the dark
    sets' finder reads two tiles surely, more than the committed one read at all."""
    image = np.full((60, 60, 3), 200, np.uint8)
    committed = _read_as(0.5, None)
    dark_look.seen = _read_as(0.95, 0.97, 0.6)
    after = pipeline._dark_set(image, committed)
    assert dark_look.calls == 1 and after.finder == pipeline.DARK_FINDER
    assert [r.confidence for r in after.readings] == [0.95, 0.97, 0.6]


def test_the_dark_sets_finder_stands_only_where_its_sure_tiles_outnumber_the_tiles_read(dark_look):
    """A dark wooden floor (shared/'s rakeduk-04): the committed finder reads two tiles unsurely,
    the dark sets' finder one surely and specks unsurely: the committed reading stands."""
    image = np.full((60, 60, 3), 200, np.uint8)
    committed = _read_as(0.6, 0.7)
    dark_look.seen = _read_as(0.95, 0.5, 0.5, 0.5)
    assert pipeline._dark_set(image, committed) is committed and dark_look.calls == 1
    empty = _read_as()                              # an empty table: neither reads a tile, or one unsurely
    dark_look.seen = _read_as(0.6, None)
    assert pipeline._dark_set(image, empty) is empty


def test_where_the_committed_finder_reads_no_tile_the_dark_sets_finder_stands_on_two_read_unsurely(dark_look):
    """Small black tiles in a cross (style table, seed 52): the committed finder reads none, the
    dark sets' finder several, none of them surely yet."""
    image = np.full((60, 60, 3), 200, np.uint8)
    dark_look.seen = _read_as(0.6, 0.7)
    assert pipeline._dark_set(image, _read_as(None)).finder == pipeline.DARK_FINDER
    assert P.dark_tiles == 2


def test_a_tile_read_surely_on_a_light_body_asks_no_second_look(dark_look):
    image = np.full((60, 60, 3), 200, np.uint8)
    committed = _read_as(0.95, 0.5)
    assert pipeline._dark_set(image, committed) is committed and dark_look.calls == 0


def test_where_the_dark_sets_finder_looks_a_reader_taught_on_dark_sets_reads_where_one_is_at_hand(monkeypatch):
    """`reader-dark` (none is committed: round 35's read more tiles of dark sets but marked more
    wrongly sure; `vision.evaluate --dark-reader` tries one) reads only the looks of the dark sets'
    finder, and only where it is at hand."""
    from vision.model import network
    used = []
    monkeypatch.setattr(pipeline, "network", lambda name: used.append(name) or network("reader"))
    batch = np.zeros((2, P.read_h, P.read_w, 3), np.uint8)
    monkeypatch.setattr(pipeline, "have", lambda name: True)
    pipeline._reader_maps(batch)
    with finder.using_finder(pipeline.DARK_FINDER):
        pipeline._reader_maps(batch)
    monkeypatch.setattr(pipeline, "have", lambda name: name != pipeline.DARK_READER)
    with finder.using_finder(pipeline.DARK_FINDER):
        pipeline._reader_maps(batch)
    assert used == ["reader", "reader-dark", "reader"]
