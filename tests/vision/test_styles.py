"""The style table of `vision.evaluate --styles`: scenes drawn a cell at a time (a set's look, a
layout, a size), from seeds training never draws from, counted by the evaluation's scorer."""
from __future__ import annotations

import argparse
import io

import pytest

np = pytest.importorskip("numpy")
cv2 = pytest.importorskip("cv2")

from vision import evaluate, model  # noqa: E402
from vision.training import synth_styles as ss  # noqa: E402
from vision.training import train  # noqa: E402

pytestmark = pytest.mark.vision


def _scene(style, layout, size, seed=40, i=0):
    rng = np.random.default_rng(train.SEED + ss.scene_seed(seed, style, layout, size, i))
    return ss.style_scene(rng, style, layout, size)


def _width(quad):
    return min(float(np.linalg.norm(quad[1] - quad[0])), float(np.linalg.norm(quad[2] - quad[1])))


def test_the_style_scenes_come_from_seeds_no_training_draws_from():
    lowest = ss.scene_seed(0, ss.STYLES[0], ss.LAYOUTS[0], ss.SIZES[0], 0)
    highest = ss.scene_seed(99, ss.STYLES[-1], ss.LAYOUTS[-1], ss.SIZES[-1], 9_999)
    cells = {ss.scene_seed(40, st, la, si, 0) for st in ss.STYLES for la in ss.LAYOUTS for si in ss.SIZES}
    assert len(cells) == 48
    # each kind of training sample draws from its offset and the next 10,000,000 (tiles at +5,000,000)
    for kind, offset in train.SEED_OFFSETS.items():
        assert highest < offset or lowest >= offset + 10_000_000, kind


@pytest.mark.parametrize("layout", ss.LAYOUTS)
def test_a_cell_draws_its_layout_at_its_size(layout):
    for style, seed in (("white on black", 40), ("colour on cloth", 41)):
        for size in ss.SIZES:
            image, answers, quads, max_value = _scene(style, layout, size, seed)
            assert image.shape == (768, 1024, 3) and len(answers) == len(quads) >= 1
            assert all(max(v) <= max_value for v in answers) and len(set(answers)) == len(answers)
            lengths = ss.tile_lengths(quads)
            if size == "close-up":      # one tile 50 to 95% of the frame's short side long (less a tilt's shrink)
                assert 0.45 * 768 <= max(lengths) * 1024 / ss.FINDER <= 0.95 * 768
                continue
            low, high = ss.SMALL if size == "small" else ss.NORMAL
            assert 0.75 * low <= np.median(lengths) <= 1.25 * high, (size, lengths)
            widths = [_width(q) for q in quads]
            gaps = [min(ss.gap(q, o) for o in quads if o is not q) for q in quads] if len(quads) > 1 else [1e9]
            if layout == "scattered":
                assert all(cv2.intersectConvexConvex(a, b)[0] == 0 for i, a in enumerate(quads) for b in quads[i + 1:])
            elif layout == "row":       # long side to long side, touching
                assert len(quads) >= 3 and all(g <= 0.1 * w for g, w in zip(gaps, widths))
            elif layout == "chain":     # five or more, touching, turning at least once
                assert len(quads) >= 5 and all(g <= 0.1 * w for g, w in zip(gaps, widths))
                assert ss._turns(quads)
            else:                       # the double across touches a tile on each of its four sides
                touching = [o for o in quads[1:] if ss.gap(quads[0], o) <= 0.1 * widths[0]]
                assert len(touching) == 4


def test_a_cell_drawn_at_a_phones_size_keeps_its_tiles_size_at_the_finders_look():
    name, data, want, max_value, quads, answers = next(evaluate.style_photos("white on black", "row", "small", 1, 40,
                                                                            (1512, 2016)))
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    assert image.shape == (1512, 2016, 3) and len(quads) == len(answers) >= 4
    # as long at the finder's first look as the small cell's tiles are, so about 5 to 10 times as long in the photo
    assert 0.75 * ss.SMALL[0] <= np.median(ss.tile_lengths(quads, 2016, 1512)) <= 1.25 * ss.SMALL[1]


def test_the_evaluation_takes_a_photo_size_as_height_x_width():
    assert evaluate.photo_size("3024x4032") == (3024, 4032)
    assert evaluate.photo_size("64x8192") == (64, 8192)
    for wrong in ("4032", "axb", "12x4032", "8192x8192"):       # the last: 67 MP, more than the pip counter reads
        with pytest.raises(argparse.ArgumentTypeError):
            evaluate.photo_size(wrong)


def test_each_style_is_the_set_it_names():
    for seed in range(4):
        rng = np.random.default_rng(seed)
        ivory, _ = ss.set_style(rng, "black on ivory")
        black, black_max = ss.set_style(rng, "white on black")
        colour, colour_max = ss.set_style(rng, "colour on white")
        assert np.mean(ivory.body) > 170 and np.mean(ivory.pip_colour) < 70 and ivory.pip_scheme == "black"
        assert np.mean(black.body) < 90 and np.mean(black.pip_colour) > 140 and black_max <= 12
        assert np.mean(colour.body) > 200 and colour.pip_scheme == "coloured" and colour_max >= 9
        cloth, glossy = ss.table(rng, "colour on cloth", 60, 80)
        hsv = cv2.cvtColor(np.clip(cloth, 0, 255).astype(np.uint8), cv2.COLOR_BGR2HSV)
        assert np.median(hsv[:, :, 1]) > 100 and not glossy      # a strong colour


def test_the_table_counts_each_cells_photos_and_their_labelled_tiles():
    styles, layouts, sizes, test_seeds = ("black on ivory",), ("row", "cross"), ("normal", "small"), [40, 41]
    out = io.StringIO()
    results = evaluate.style_table(1, test_seeds, out=out, styles=styles, layouts=layouts, sizes=sizes)
    for layout in layouts:
        for size in sizes:
            cell = results[styles[0], layout, size]
            labelled = sum(len(_scene(styles[0], layout, size, s)[1]) for s in test_seeds)
            assert cell["photos"] == 2 and cell["tiles"] == cell["tiles_placed"] == labelled
            assert cell["tiles_right"] <= cell["tiles_found"] <= labelled
            assert cell["confident_right"] <= cell["confident"]
    total = results[styles[0], "all", ""]
    assert total["tiles"] == sum(results[styles[0], la, si]["tiles"] for la in layouts for si in sizes)
    assert total["photos"] == 8 and results["all", "", ""]["tiles_found"] == total["tiles_found"]
    rows = out.getvalue().splitlines()
    assert len(rows) == 1 + 4 + 1 + 1
    assert rows[1].startswith("black on ivory   row       normal") and rows[-1].startswith("all ")
    found = results[styles[0], "row", "normal"]
    assert f"{found['tiles_found']:>3}/{found['tiles_placed']:<4}" in rows[1]


@pytest.fixture
def committed_networks():
    yield
    model._CHOSEN.clear()
    model.network.cache_clear()


def test_a_candidate_finder_is_read_from_the_file_named(tmp_path, committed_networks):
    candidate = tmp_path / "finder.onnx"
    candidate.write_bytes((model.MODELS / "finder.onnx").read_bytes())
    assert model.network("finder").path == model.MODELS / "finder.onnx"
    model.use_network("finder", candidate)
    assert model.network("finder").path == candidate
    assert model.network("reader").path == model.MODELS / "reader.onnx"


@pytest.mark.parametrize("name", ["finder", "reader"])
def test_a_missing_candidate_network_is_named_and_nothing_runs(name, tmp_path, committed_networks, capsys):
    assert evaluate.main(["--styles", f"--{name}", str(tmp_path / "nothing.onnx")]) == 2
    assert "nothing.onnx not found" in capsys.readouterr().err
    assert model.network(name).path == model.MODELS / f"{name}.onnx"


def test_the_table_can_be_asked_for_one_set(capsys):
    assert evaluate.main(["--styles", "--seeds", "40", "--set", "white on black"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].startswith("== style table: 1 generated photo(s) a cell a seed, seeds 40; finder vision/models")
    assert [r.split("  ")[0] for r in rows[2:]] == ["white on black"] * 13 + ["all"]
    assert rows[-1].split()[1] == rows[-2].split()[4]       # all: the one set's photos whole


def test_a_set_not_in_the_table_is_named(capsys):
    assert evaluate.main(["--styles", "--set", "blue on green"]) == 2
    assert "no set 'blue on green'" in capsys.readouterr().err


def test_the_taps_on_the_tiles_not_read_are_counted_as_the_review_reads_them():
    """`--taps`: each tile no reading covers (not found, or outlined as not read) is tapped on its
    centre, as a person taps it on the review; the taps, those read right, and the photos whole
    once the taps' tiles are added."""
    out = io.StringIO()
    results = evaluate.style_table(1, [31], out=out, styles=("white on black",), layouts=("chain",),
                                   sizes=("small",), taps=True)
    cell = results["white on black", "chain", "small"]
    assert 0 < cell["tiles_placed"] - cell["tiles_found"] < cell["taps"] < cell["tiles_placed"]
    assert 0 < cell["taps_right"] <= cell["taps"]
    assert cell["photos_whole_after_taps"] >= cell["photos_every_tile_right"]
    head, row = out.getvalue().splitlines()[:2]
    assert head.split()[-4:] == ["taps", "right", "whole,", "tapped"]
    assert f"{cell['taps_right']:>3}/{cell['taps']:<4}" in row
    untapped = evaluate.style_table(1, [31], out=io.StringIO(), styles=("white on black",), layouts=("chain",),
                                    sizes=("small",))["white on black", "chain", "small"]
    assert "taps" not in untapped and untapped["tiles_found"] == cell["tiles_found"]
