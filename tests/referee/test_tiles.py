import pytest
from hypothesis import given, strategies as st

from referee.tiles import SET_SIZES, BadTile, Tile, set_pips, set_tiles, tile_count


@pytest.mark.parametrize("n,tiles,pips", [(6, 28, 168), (9, 55, 495), (12, 91, 1092), (15, 136, 2040), (18, 190, 3420)])
def test_set_sizes_match_rules_table(n, tiles, pips):
    # RULES.md "Sets": (N+1)(N+2)/2 tiles and N(N+1)(N+2)/2 pips. (Its table says 3230
    # pips for double-18; the formula, and counting, give 3420: each number is on N+2 tiles.)
    assert len(set_tiles(n)) == tile_count(n) == tiles
    assert sum(t.pips for t in set_tiles(n)) == set_pips(n) == pips
    assert len(set(set_tiles(n))) == tiles


@given(st.integers(0, 18), st.integers(0, 18))
def test_tile_is_the_same_either_way_round(a, b):
    assert Tile(a, b) == Tile(b, a) == Tile.parse(f"{a}|{b}") == Tile.coerce([b, a])
    assert Tile(a, b).pips == a + b


@pytest.mark.parametrize("bad", ["", "3", "3|", "a|b", "1|2|3", [1], [1, "2"], [True, 1], [-1, 2], None])
def test_bad_tiles_are_refused(bad):
    with pytest.raises(BadTile):
        Tile.coerce(bad)


def test_in_set():
    assert Tile(9, 9).in_set(9) and not Tile(9, 10).in_set(9)
    assert SET_SIZES == (6, 9, 12, 15, 18)
