"""The generated scenes of the kinds real photos showed the finder missing (vision.training.synth_hard)."""
from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
cv2 = pytest.importorskip("cv2")

from vision.training import synth_hard as sh  # noqa: E402

pytestmark = pytest.mark.vision


def _side(quad, k):
    return float(np.linalg.norm(quad[(k + 1) % 4] - quad[k]))


@pytest.mark.parametrize("seed", range(6))
def test_a_chain_of_play_lays_its_tiles_touching_and_never_on_one_another(seed):
    boxes = sh.chain(np.random.default_rng(seed), 20, 10.0)
    assert 5 <= len(boxes) <= 20
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert cv2.intersectConvexConvex(a, b)[0] <= 0.02 * 100
    # each tile after the first touches one laid before it
    for i, box in enumerate(boxes[1:], start=1):
        assert min(np.min(np.linalg.norm(box[:, None] - b[None], axis=2)) for b in boxes[:i]) < 12


@pytest.mark.parametrize("kind", sh.KINDS)
def test_each_held_out_kind_draws_a_photo_with_its_tiles(kind):
    for seed in range(3):
        image, answers, quads, max_value = sh.hard_scene_with_answers(np.random.default_rng(seed), kind)
        assert image.shape == (768, 1024, 3) and image.dtype == np.uint8
        assert answers and len(answers) == len(quads) == len(set(answers))
        assert all(max(v) <= max_value for v in answers)
        assert all((q >= 0).all() and (q[:, 0] < 1024).all() and (q[:, 1] < 768).all() for q in quads)
        widths = [min(_side(q, 0), _side(q, 1)) for q in quads]
        if kind == "closeup":
            assert max(2 * w for w in widths) >= 0.35 * 768
        if kind == "small":
            assert np.median(widths) < 40           # 10 to 20 pixels long at the finder's 384


def test_a_training_scene_marks_each_tile_core_inside_its_face():
    for seed in range(4):
        image, (face, core) = sh.hard_scene(np.random.default_rng(seed))
        assert image.shape == (320, 320, 3)
        assert not (core & (1 - face)).any()


def test_a_black_set_has_a_dark_body_and_light_pips():
    for seed in range(5):
        style = sh.hard_style(np.random.default_rng(seed), 6, black=True)
        assert np.mean(style.body) < 90 and np.mean(style.pip_colour) > 140
