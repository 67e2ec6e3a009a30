"""How training reads its data (no training runs in the tests)."""
from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
cv2 = pytest.importorskip("cv2")

from vision.training import train  # noqa: E402

pytestmark = pytest.mark.vision


def test_several_data_files_read_as_one_sequence_without_a_copy():
    parts = [np.arange(6).reshape(3, 2), np.arange(10, 14).reshape(2, 2), np.arange(20, 22).reshape(1, 2)]
    joined = train.Joined(parts)
    whole = np.concatenate(parts)
    assert len(joined) == len(whole) == 6
    for i in range(len(whole)):
        assert np.array_equal(joined[i], whole[i])
    for i in np.random.default_rng(0).integers(0, len(whole), 20):     # as training draws them
        assert np.array_equal(joined[i], whole[i])
    assert np.shares_memory(joined[4], parts[1])                       # a view of its file's array


def test_each_kind_of_sample_has_seeds_of_its_own():
    # the wide-core scenes are the training scenes drawn again; every other kind draws from
    # its own seeds, at most 5,000,000 apart (tiles add 5,000,000 to their kind's offset)
    offsets = sorted(v for k, v in train.SEED_OFFSETS.items() if k != "first")
    assert len(set(offsets)) == len(offsets)
    assert all(b - a >= 10_000_000 for a, b in zip(offsets, offsets[1:]))
    assert {"more", "more2"} <= set(train.SEED_OFFSETS)
    for steps, rate, scenes in train.FINDER_LATER_RUNS:
        assert steps > 0 and 0 < rate <= 1e-3 and scenes[0] == "scenes-train"
    # the run on the kinds real photos missed starts from the committed finder, beside the first scenes
    assert train.HARD_RUN[2] == ("scenes-train", "scenes-hard") and 0 < train.HARD_RUN[1] <= 1e-3
    assert all("scenes-hard" not in scenes for _, _, scenes in train.FINDER_LATER_RUNS)


def _square_scene(size=320, side=60):
    """A scene of one bright square on black, its face mask the square and no core."""
    img = np.zeros((size, size, 3), np.uint8)
    mask = np.zeros((2, size, size), np.uint8)
    a = (size - side) // 2
    img[a:a + side, a:a + side] = 255
    mask[0, a:a + side, a:a + side] = 1
    return img, mask


def test_zoomed_crops_keep_their_answers_on_the_tiles_and_between_0_and_1():
    img, mask = _square_scene()
    rng = np.random.default_rng(3)
    sizes = set()
    for _ in range(60):
        crop, half = train._augment_scene(rng, img, mask, zoom=1.6)
        assert crop.shape == (train.CROP, train.CROP, 3) and half.shape == (2, train.CROP // 2, train.CROP // 2)
        assert 0 <= half.min() and half.max() <= 1
        bright = crop.mean(axis=2)[::2, ::2] > 127        # where the square is, at the answers' size
        face = half[0] > 0.5
        assert (bright == face).mean() > 0.98             # the answers moved and scaled with the pixels
        sizes.add(int(round(face.sum())))
    # the square's size varies (up to 1.6 times each way) where the crops were zoomed
    assert max(sizes) > 1.5 * min(s for s in sizes if s)


def test_unzoomed_crops_are_drawn_as_before():
    img, mask = _square_scene()
    a = train._augment_scene(np.random.default_rng(5), img, mask)
    b = train._augment_scene(np.random.default_rng(5), img, mask, zoom=1.0)
    assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])
    assert a[0].shape == (train.CROP, train.CROP, 3)


def test_a_run_draws_from_each_data_file_in_its_share():
    rng = np.random.default_rng(0)
    drawn = train._drawn(rng, [5000, 4000], [3, 2], 20_000)
    assert drawn.min() >= 0 and drawn.max() < 9000
    assert abs((drawn < 5000).mean() - 0.6) < 0.02
    # without shares every sample alike, as the runs before drew them
    assert np.array_equal(train._drawn(np.random.default_rng(1), [5000, 4000], None, 12),
                          np.random.default_rng(1).integers(0, 9000, 12))


def test_the_stream_draws_its_sources_in_their_shares_from_seeds_of_its_own():
    from vision.training import stream
    drawn = [stream.source_of(i)[1] for i in range(4000)]
    for name, share in stream.SOURCES:
        assert abs(drawn.count(name) / len(drawn) - share) < 0.03, name
    # the validation scenes are other scenes than the training ones, whatever their number
    assert [stream.source_of(i, valid=True)[1] for i in range(200)] != drawn[:200]
    assert train.SEED_OFFSETS["stream-valid"] - train.SEED_OFFSETS["stream"] >= 10_000_000


def test_a_stream_batch_is_drawn_from_its_number_alone(monkeypatch):
    from vision.training import stream
    monkeypatch.setattr(stream, "SCENES", 2)
    monkeypatch.setattr(stream, "CROPS", 2)
    x, y, sources = stream.batch_of(11)
    assert x.shape == (4, train.CROP, train.CROP, 3) and x.dtype == np.uint8
    assert y.shape == (4, 2, train.CROP // 2, train.CROP // 2) and 0 <= y.min() and y.max() <= 1
    assert set(sources) <= set(range(len(stream.SOURCES)))
    again = stream.batch_of(11)
    assert np.array_equal(x, again[0]) and np.array_equal(y, again[1])   # whichever worker draws it
    assert not np.array_equal(x, stream.batch_of(12)[0])


@pytest.mark.parametrize("args", [["--runs", "fresh,nope"], ["--steps", "many"]])
def test_a_stream_run_asked_wrongly_says_so_before_it_starts(args, tmp_path, capsys):
    with pytest.raises(SystemExit) as ended:
        train.main(["stream", "--work", str(tmp_path), *args])
    assert ended.value.code == 2
    assert args[0] in capsys.readouterr().err
    assert not list(tmp_path.glob("*.pt"))      # nothing adopted, nothing trained


def test_a_named_reader_run_keeps_its_checkpoints_as_often_as_asked_and_the_committed_chain_none(tmp_path, monkeypatch):
    runs = []
    monkeypatch.setattr(train, "fit", lambda work, which, steps, **options: runs.append((which, options)))
    train.main(["reader", "--work", str(tmp_path), "--name", "reader-try", "--keep-every", "500"])
    assert [(which, o["name"], o["keep_every"]) for which, o in runs] == [("reader", "reader-try", 500)]
    runs.clear()
    train.main(["reader", "--work", str(tmp_path), "--keep-every", "500"])
    assert [(o["name"], o.get("keep_every", 0)) for _, o in runs] == [(None, 0), ("reader-2", 0), ("reader-3", 0)]


@pytest.mark.parametrize("option, tiles", [("--loose", "tiles-loose"), ("--dark", "tiles-dark")])
def test_a_named_reader_run_asked_for_more_tiles_learns_from_them_and_the_committed_chain_never(option, tiles, tmp_path,
                                                                                               monkeypatch):
    runs = []
    monkeypatch.setattr(train, "fit", lambda work, which, steps, **options: runs.append(options.get("tiles", ("tiles-train",))))
    train.main(["reader", "--work", str(tmp_path), "--name", "reader-try", option])
    assert runs == [("tiles-train", tiles)]
    runs.clear()
    train.main(["reader", "--work", str(tmp_path), option])
    assert all(tiles not in learnt for learnt in runs) and len(runs) == 3


def test_dark_tiles_are_of_black_bodies_with_light_pips():
    from vision.training.synth_scenes import tile_sample
    for i in range(6):
        tile, maps, halves = tile_sample(np.random.default_rng(i), dark=True)
        if halves is None:
            continue
        grey = cv2.cvtColor(tile, cv2.COLOR_BGR2GRAY)
        pips = maps[0] > 0.5
        assert max(halves) <= 12
        assert np.median(grey[12:-12, 8:-8]) < 110, i        # a dark body ...
        if pips.any():
            assert grey[pips].mean() > np.median(grey[12:-12, 8:-8]) + 30, i     # ... its pips light


def test_high_tiles_are_of_double_12_sets_and_larger_and_leave_the_first_tiles_as_they_were():
    from vision.training.synth_scenes import HIGH_SETS, tile_sample
    assert min(HIGH_SETS[0]) == 12 and abs(sum(HIGH_SETS[1]) - 1) < 1e-9
    # the first tiles are drawn as before the option came (the committed reader learnt from them):
    # these are the halves of seeds 0 to 11 as round 26's code drew them (None: no tile face up)
    assert [tile_sample(np.random.default_rng(s))[2] for s in range(12)] == [
        None, (13, 10), None, (5, 0), None, None, (8, 4), None, None, (5, 4), (6, 2), (8, 8)]
    a = tile_sample(np.random.default_rng(11))
    b = tile_sample(np.random.default_rng(11), high=False)
    assert np.array_equal(a[0], b[0]) and a[2] == b[2]
    def halves(high):
        rng = np.random.default_rng(7)
        drawn = [tile_sample(rng, high=high)[2] for _ in range(60)]
        return [v for h in drawn if h is not None for v in h]
    first, high = halves(False), halves(True)
    assert max(high) <= 18
    # halves of 10 pips and more: about one in six of the first tiles' halves, one in three of these
    assert np.mean([v >= 10 for v in high]) > np.mean([v >= 10 for v in first]) + 0.1


def test_a_loose_tile_is_the_same_tile_cut_larger_with_every_pip_inside_and_the_divider_near_the_middle():
    from vision.training.synth_scenes import tile_sample
    from vision.reader import peaks, read_maps
    looser = 0
    for seed in range(40):
        _, tight_maps, halves = tile_sample(np.random.default_rng(seed))
        _, loose_maps, loose_halves = tile_sample(np.random.default_rng(seed), loose=True)
        assert loose_halves == halves           # the same tile, the same photo: only the cut differs
        if halves is None:
            assert not loose_maps.any()
            continue
        # the marked pips (a peak at each centre) are this tile's, each inside the cut
        centres = np.array([(x, y) for x, y, _ in peaks(loose_maps[0], 0.5)]).reshape(-1, 2)
        assert len(centres) == sum(halves)
        if not len(centres):
            continue                            # a 0|0
        assert 0 < centres[:, 0].min() and centres[:, 0].max() < loose_maps.shape[2] - 1
        assert 0 < centres[:, 1].min() and centres[:, 1].max() < loose_maps.shape[1] - 1
        reading = read_maps(loose_maps)         # a divider in the middle band, and the tile's halves either side
        assert reading is not None and (reading.top, reading.bottom) in (halves, halves[::-1])
        # drawn smaller in a larger cut: the pips lie nearer the middle than in the cut round the tile
        spread = lambda maps: max(abs(y - maps.shape[1] / 2) for _, y, _ in peaks(maps[0], 0.5))
        looser += spread(loose_maps) < spread(tight_maps) - 1
    assert looser >= 10


def test_the_committed_finder_chain_ends_with_the_dark_sets_finder_run_on_from_it(tmp_path, monkeypatch):
    runs = []
    monkeypatch.setattr(train, "fit", lambda work, which, steps, **options: runs.append((which, steps, options)))
    train.main(["finder", "--work", str(tmp_path)])
    names = [o["name"] for _, _, o in runs]
    assert names == ["finder-1", "finder-2", "finder-3", "finder-4", "finder", "finder-dark"]
    which, steps, dark = runs[-1]
    assert (which, steps, dark["init"]) == ("finder", train.DARK_RUN[0], "finder")
    assert dark["scenes"] == ("scenes-black", "scenes-train") and dark["shares"] == (3, 1) and dark["zoom"] > 1
    runs.clear()
    train.main(["finder", "--work", str(tmp_path), "--name", "finder-try"])
    assert [o["name"] for _, _, o in runs] == ["finder-try"]          # a named run is that run alone


def test_black_scenes_are_of_black_sets_from_seeds_of_their_own():
    from vision.training.synth_hard import hard_scene
    rng = lambda i: np.random.default_rng(train.SEED + train.SEED_OFFSETS["black"] + i)   # noqa: E731
    for i in range(3):
        img, masks = hard_scene(rng(i), core=0.45, black=True)
        face = masks[0] > 0
        if face.sum() < 200:
            continue                        # a scene whose tiles mostly lie past its edges
        grey = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
        assert np.median(grey[face]) < 90, i          # dark faces, white pips a small share of them
    assert train.SEED_OFFSETS["black"] not in {v for k, v in train.SEED_OFFSETS.items() if k != "black"}
