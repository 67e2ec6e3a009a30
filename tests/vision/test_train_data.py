"""How training reads its data (no training runs in the tests)."""
from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("cv2")

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
