"""Every tunable number of the pip counter, in one place (chesscog style)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Params:
    # loading
    max_bytes: int = 15 * 1024 * 1024          # a 12 MP phone photo is well under this
    max_pixels: int = 40_000_000               # refuse decompression bombs before decoding
    work_long_side: int = 1000                 # analysis size: long side in pixels
    min_long_side: int = 400                   # small photos are enlarged to this
    # finding tiles
    blur: int = 5
    min_tile_fraction: float = 0.0015          # of the image area
    max_tile_fraction: float = 0.6
    aspect_low: float = 1.55                   # long side / short side of one tile
    aspect_high: float = 2.5
    face_colour_distance: float = 22.0         # Lab units: still the face's colour, when trimming a piece
    light_table_border: float = 0.3           # this share of the photo's rim as light as the faces: a light table
    split_erosions: int = 12                   # tries at separating touching tiles
    gap_window: int = 31                       # neighbourhood for the dark gaps between touching tiles
    gap_contrast: int = 18
    # divider bars: tiles in a blob no cut separates
    bar_window: int = 25
    bar_contrast: int = 18
    bar_length_low: float = 0.5                # of the photo's usual tile width
    bar_length_high: float = 1.05
    bar_piece: float = 0.2                     # a stripe this share of a tile wide may be half a bar
    bar_pin_gap: float = 0.2                   # the widest spinner pin between two halves of a bar
    bar_elongation: float = 3.5
    bar_piece_elongation: float = 2.5          # half a bar is still far from round
    bar_fill: float = 0.55
    bar_tile_spacing: float = 0.8              # bars closer than this share of a tile width are one tile's
    bar_min_length: float = 0.03               # of the blob's long side, when the bars alone tell the tile size
    bar_min_thickness: float = 0.06            # of the bar's length: a bar, not a crack or a gap
    bar_share_of_width: float = 0.8            # a divider bar spans this share of the tile's width
    bar_trim_from: float = 0.8                 # a tile's end may lie this much nearer its bar than usual
    bar_square_tolerance: float = 12.0         # degrees off square that touching tiles may lie
    bar_tile_inside: float = 0.85              # share of a tile read from its bar that lies in the blob
    # one tile, rectified
    tile_short: int = 120                      # rectified tile: 120 x 240 pixels
    border: int = 7                            # rim of the tile left out of each half
    bar_overlap: int = 2                       # the halves stop this far short of the middle line
    pin_zone: float = 1.3                      # a round spot this many bands from the bar, centred, is the pin
    bar_band: int = 10                         # rows beside the bar kept out of the face colour and pip contrast
    bar_search: int = 12                       # rows either side of the middle line where the bar may lie
    bar_contrast_lab: float = 25.0             # colour distance of the bar from the face (Lab units)
    bar_across: float = 0.6                    # share of the width the bar must span
    # pips
    pip_contrast: float = 32.0                 # colour distance from the tile face (Lab units)
    pip_core_share: float = 0.5                # ... or this share of the strongest distance in the half
    pip_min_area: float = 0.004                # of a half's area
    pip_max_area: float = 0.09
    pip_min_fill: float = 0.45                 # area / enclosing circle area: round enough
    speck_ratio: float = 0.6                   # a spot under this share of the tile's usual pip is a speck
    speck_corner: float = 0.12                 # ... and so is a small spot this close to a corner of the half
    speck_fallback: float = 0.09               # pip radius to expect when a tile shows no other pip
