"""Every number the pip counter runs with, in one frozen `Params`.

Each field says what it is: **structural** (fixed by the networks, the photo or geometry: change
it and the networks or the code around them must change too) or **tuned** (chosen by looking at
figures), and the evidence that set it. `python -m vision.params` lists them.

The figures that tuned numbers were checked against are the generated scenes of
`vision.evaluate --generated` and the development photos in shared/ (looked at while building
the pipeline, never trained on); since this round, a choice is made on the seeds 30 to 39 of
`vision.evaluate --ablate` only, and the seeds 40 to 49 are kept for the final figures.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields


def structural(value, why: str):
    return field(default=value, metadata={"kind": "structural", "why": why})


def tuned(value, why: str):
    return field(default=value, metadata={"kind": "tuned", "why": why})


@dataclass(frozen=True)
class Params:
    # ---------------------------------------------------------------- the photo
    max_bytes: int = structural(15 * 1024 * 1024, "a 12 MP phone photo is well under this")
    max_pixels: int = structural(40_000_000, "refuse decompression bombs before decoding (vision.MAX_DECODE_PIXELS)")

    # ---------------------------------------------------------------- the finder's looks (finder.py)
    fine: int = tuned(384, "the finder's first look, pixels on the long side: the size it learnt tiles 9 to 130 "
                           "pixels wide at; 0.1 s a look on two cores (notes)")
    coarse: int = tuned(192, "a look at half that, for a tile too wide for the first (card: close-ups)")
    coarse_only: float = tuned(1.5, "a photo at most this times `coarse` on its long side gets only the coarse look")
    finest: int = tuned(768, "the closer look round small tiles: 576 read fewer right, hardly faster (card)")
    fine_narrowest: int = tuned(40, "input pixels: a core narrower than this at the first look is a small tile's")
    fine_widest: int = tuned(110, "input pixels: a tile wider than this at the first look is the coarse look's")
    wide_face: float = tuned(0.75, "share of a `fine_widest` tile's area a face must pass to ask for the coarse "
                                   "look, and of its width for the coarse look's tile to replace the first's")
    coarse_narrowest: int = tuned(24, "input pixels: a coarse look's tile narrower than this is the first look's")
    zoom_below: int = tuned(20, "input pixels: where the first look's tiles' median width is under this, or it saw "
                                "none, the whole photo is looked at at `zoomed` (card: 82.4% of 2,200 held-out "
                                "scenes; the look where none was seen: changelog's round 13)")
    zoomed: int = tuned(1536, "the size of that look, at most twice the photo's (`finder.zoomed_side`); also where no "
                              "tile of the first looks read, or only 0|0 (pipeline's `none read`): on seeds "
                              "30 to 39, small tiles found 971 of 1,918 at 1024, 1,214 at 1536 (changelog's "
                              "round 13); 768 read fewer small tiles (card)")
    zoom_unsure_from: int = tuned(3072, "pixels on the long side: on a photo at least this large (twice `zoomed`, so that "
                                        "look still halves it and sees detail the first could not), where tiles with a pip "
                                        "read but none surely, the whole photo is looked at at `zoomed` too (pipeline's "
                                        "`none read`): the style table at 12 MP, seeds 30 to 39 (changelog's round 29); "
                                        "taken at every size it lost development photos (rounds 15, 16; round 29: rakeduk-04, 1,600)")
    look_most: int = tuned(1024 * 768, "input pixels: a larger look is taken in strips, each within this with its "
                                       "overlap, so that a 12 MP analysis stays under 400 MB (the look at 1536 "
                                       "whole: 441 MB; in two strips 353 MB here, 400 once in CI; in three 322)")
    dark_look_most: int = tuned(1024 * 640, "... and the dark sets' finder's strips within this: with it the 12 MP "
                                            "photo of `--memory` (a dark set) peaked at 346 to 401 MB in a fresh clone "
                                            "in strips within `look_most`, 321 to 328 within this (changelog's round 31; "
                                            "the 12 MP style table was measured in the larger strips)")
    strip_overlap: int = tuned(64, "input pixels a strip overlaps the next by, a multiple of the stride")
    strips_from: int = tuned(4_000_000, "... for a photo of more pixels than this only: the style table's "
                                        "white-on-black normal cross, seed 30, 1024 x 768, read one tile less in strips "
                                        "overlapping by 64 or 128 (192: 400 MB at 12 MP)")
    stride: int = structural(32, "the finder's input is a multiple of this: a stem and four halvings")
    smallest_input: int = structural(64, "OpenCV's DNN crashes on a finder input under this on a side")

    dark_below: float = tuned(90, "grey levels: a photo whose looks' faces are darker than this (median) is of a "
                                  "dark set, looked at with the finder taught on dark sets (pipeline's `dark set`). "
                                  "Seeds 30 to 32's style table at the first look: white on black's faces 8 to 48 "
                                  "(10th to 50th percentile), the other sets' 92 at the least; the development photos' "
                                  "black tiles 29 to 43, a very dim ivory photo 80, the rest 93 and over (changelog's "
                                  "round 31)")
    dark_least: int = tuned(40, "map pixels of face at a look, at least, to tell a dark set by ...")
    dark_tiles: int = tuned(2, "... or tiles read with a pip, whose middles' median grey is held to `dark_below`: "
                               "the style table's white-on-black photos whose faces a card's light outweighs; "
                               "and, where the committed finder read no tile with a pip, the dark sets' finder's "
                               "tiles read with a pip that make its look stand (round 32: seed 52's cross of small "
                               "black tiles, none read, 10 read with it)")

    # ---------------------------------------------------------------- the finder's maps (finder.py)
    core: float = structural(0.45, "the core drawn in training: each face shrunk to this about its centre "
                                   "(vision.training.train FINDER_LATER_RUNS)")
    core_levels: tuple = tuned((0.5, 0.7, 0.85, 0.95), "core map thresholds tried in turn on run-together cores")
    face_threshold: float = structural(0.5, "a map's pixel is face above this: the sigmoid's middle")
    min_core_area: int = tuned(10, "map pixels: a smaller piece is a speck")
    small_core_least: int = tuned(5, "map pixels: a core this big on a small face may be a small tile's")
    aspect_low: float = tuned(1.45, "a tile is about twice as long as wide: its rectangle's sides' ratio ...")
    aspect_high: float = tuned(2.9, "... lies between these")
    face_support: float = tuned(0.55, "share of a tile's rectangle the finder must call face")
    alone_fill: float = tuned(0.82, "a face standing alone fills its rectangle but for the rounded corners")
    alone_core_fit: float = tuned(0.85, "a lone face whose core tells a tile narrower than this share is also tried "
                                        "as the core's tile (a face run into a sliver of its neighbour)")
    row_fit: float = tuned(0.12, "a run's cells may miss a tile's shape by this share (tests/vision/test_cuts.py)")
    width_fit: float = tuned(1.4, "a run's cells are at least as wide as its cores tell, within this factor")
    one_tile_fit: float = tuned(1.4, "a face's one core tells a tile the face's size, within this factor")
    run_fit: float = tuned(1.1, "a core may be this much wider than the run of faces it lies in")
    narrowest: float = structural(4.5, "map pixels: the narrowest tile the finder learnt (9 input pixels)")
    flat: float = tuned(0.02, "core differences smaller than this do not move a cut off even")
    meet_reach: float = tuned(0.2, "a cut moves at most this share of a tile to where two tiles meet")
    speck: float = tuned(0.25, "a core narrower than this share of the widest in its run is a speck")
    arm_least: float = tuned(8, "a chain or cross cut along its arms is this many squares of the narrowest tile at least ...")
    arm_wobble: float = tuned(0.2, "... its outline taken straight where it strays less than this share of its width ...")
    arm_side: float = tuned(0.8, "... an arm's side at least this share of its width long ...")
    arm_parallel: float = tuned(0.97, "... facing another (cosine of the angle between them) ...")
    arm_width_fit: float = tuned(1.35, "... as far off as the arms are wide, within this factor ...")
    arm_shortest: float = tuned(1.5, "... alongside it for this share of its width at least ...")
    arm_beyond: float = tuned(0.15, "... its end free where this share of a tile beyond it is table")
    arm_cover: float = tuned(0.7, "... and the arms' tiles with the cores' off them cover this share of it (on "
                                  "seeds 30 to 39, chains found 470 -> 497 of 720, black sets 267 -> 280 of 382; "
                                  "changelog's round 14)")
    arm_after: float = structural(2.0, "fits lie within -1 and 1: the arms' tiles' fit is lowered by this, so that "
                                       "a run's other ways are read first, and the arms' only where none reads whole")
    grid_most: int = tuned(12, "the most tiles a run of touching faces is cut into (cost)")
    half_square: float = tuned(1.3, "a face this near square may be half a tile whose blank half is table ...")
    half_fill: float = tuned(0.6, "... filling this share of its square (the pips make it ragged) ...")
    half_width_fit: float = tuned(0.3, "... as wide as the photo's other tiles within this share "
                                       "(tests: a black tile whose blank half looks like table)")
    fit_width: int = tuned(64, "input pixels: a tile looked at again on its own is this wide, the size the "
                               "finder knows best (card: 90 of 92 misread generated tiles had corners off)")
    fit_margin: float = tuned(0.5, "... over the part of the photo this share of its width round it")
    fit_reach: float = tuned(0.35, "... the tile it finds nearest its centre, within this share of its width")
    fit_size: float = tuned(1.3, "... and a fit this much wider or narrower is another tile's")
    rest_least: float = tuned(0.5, "a face no tile covers is looked at again where this share of a tile is left")
    outside: float = tuned(0.12, "a tile may reach this share of its width past the photo's edge")

    # ---------------------------------------------------------------- the reader (reader.py)
    read_w: int = structural(48, "the reader's input: a tile rectified to 48 x 96")
    read_h: int = structural(96, "the reader's input: a tile rectified to 48 x 96")
    read_batch: int = tuned(8, "the reader runs on this many tiles at a time: on two cores 1.1 ms a tile at 4 to "
                               "16, 1.7 ms at 32 (maps the same to the bit; changelog's round 15)")
    peak: float = tuned(0.6, "a pip is a peak of the pip map above this (calibrated on generated tiles)")
    weak: float = tuned(0.12, "a peak above this but under `peak` leaves its half in doubt")
    confident: float = tuned(0.8, "a tile read at least this surely is not listed first to check (calibrated on "
                                  "generated tiles; 338 of 338 sure tiles right on held-out real photos)")
    edge: int = tuned(3, "reader pixels: a peak this near the cut's rim is a neighbour's pip (13 of 13 sure "
                         "readings with one were wrong on the generated validation tiles)")
    body_like: float = tuned(15, "BGR levels: a peak whose middle (the median of its 3 x 3 reader pixels) is this "
                                 "near the tile's body colour (the median of its middle) is no pip: an empty hole's "
                                 "ring, a speck; such a half is at most `blank_most` sure (seeds 30 to 33, each "
                                 "tile's true outline: 1,124 of 1,453 read right, 1,175 with this and the next; "
                                 "flat from 12 to 22; changelog's round 24)")
    body_like_share: float = tuned(0.3, "... nor one under this share of the distance of its half's farthest pip (the "
                                        "same tiles: flat from 0.25 to 0.3; 0.2 and 0.35 read 5 fewer)")
    hollow_share: float = tuned(0.85, "an empty hole (round 33, `reader.body_coloured`): a peak whose middle is nearer the "
                                      "body colour than this share of the ring round it (`reader._ring_apart`): seeds 30 "
                                      "and 38's close-ups' holes 0.3 to 0.6, a pink set's 0.72 to 0.81; solid pips 1 ...")
    hollow_of_tile: float = tuned(0.35, "... and than this share of the tile's farthest pip: those holes 0.13 to 0.33; "
                                        "evandrowcg-01's shaded pink pips 0.42 beside its yellow ones; without it the "
                                        "development photos fell from 57 to 51 whole (ljparrish's dished pips) ...")
    holes: tuple = tuned((7, 9), "... in a half of this many peaks: a set of plugs in holes shows its 3 x 3 grid in "
                                 "each half, nine peaks where the reader marks every hole (the pink set's half of six "
                                 "plugs showed eight); asked in every half, seeds 30 to 39's first scenes lost two "
                                 "photos (a 2|2 read 1|2, a 9|17 read 9|16: pips with a glint beside darker ones)")
    hollow_radii: tuple = structural((2, 3, 4), "reader pixels: the ring round a peak is looked for this far out, a hole's "
                                                "rim at the reader's size (a 3 x 3 grid's pips 12 pixels apart)")
    hollow_ways: int = structural(8, "... each of this many ways round it, the median of them: a neighbour's pip or a "
                                     "glint on one side does not make a ring")
    largest_set: int = structural(18, "where the photo's set is not given, a half above this is no tile's: the largest "
                                      "set made is the double-18; a half above the set is read with no confidence while "
                                      "the stages run, and refused at the end (changelog's round 34)")
    lopsided: float = tuned(5.0, "reader pixels: a half of `lopsided_pips` pips whose pips, turned half round about "
                                 "their middle, fall farther than this from a pip is at most `lopsided_most` sure: "
                                 "every layout of 2 to 9 pips is point-symmetric, a cut across two tiles' halves is "
                                 "not (seeds 110 to 114, chains, black sets and first scenes: of 984 tiles read, 56 "
                                 "wrong and 1 right past 5, flat from 4 to 6; the development photos' sure tiles "
                                 "none past 3; changelog's round 38)")
    lopsided_pips: tuple = structural((2, 9), "... asked of a half of this many pips: one pip is symmetric alone, and "
                                              "makers lay 10 and more as they please")
    lopsided_most: float = tuned(0.3, "... such a half is at most this sure: listed to check, and cut again by the stages "
                                       "that cut unsure tiles again")
    blank_most: float = tuned(0.79, "a 0|0 (no pip to bear its reading out, only a line) is at most this sure, so listed "
                                    "to check: on seeds 30 to 39's style table 7 of its 23 sure 0|0 were a ruled card's "
                                    "grid or a cut between two tiles (changelog's round 16)")
    bar: float = structural(0.5, "the bar map above this marks the divider: the sigmoid's middle")
    bar_band: tuple = tuned((0.38, 0.62), "the divider is looked for between these shares of the tile's length")
    bar_across: float = tuned(0.45, "the divider spans at least this share of the tile's width")
    bar_slant: float = tuned(0.35, "... on a line dropping at most this much per pixel across")
    bar_off_line: float = tuned(2.0, "reader pixels: a mark this far from the line is not on it")

    # ---------------------------------------------------------------- the stages after reading (pipeline.py)
    off_middle: float = tuned(3.0, "reader pixels: a divider this far from the cut's middle means the cut slid")
    off_square: float = tuned(0.1, "a divider slanting more than this (about 6 degrees) means the cut turned")
    read_sharpest: float = tuned(2.0, "a tile is cut from a copy at most this many times the reader's size")
    nudge_along: tuple = tuned((0.08, 0.15), "an unsure tile is cut again this share of its length along it ...")
    nudge_across: tuple = tuned((0.12,), "... this share of its width across it ...")
    nudge_size: tuple = tuned((0.9, 1.1), "... and this much larger and smaller")
    nudge_surer: float = tuned(0.05, "... and a reading there stands where it is this much surer")
    nudge_below_sure: float = tuned(0.01, "a nudged tile stays this far below `confident`: without it the generated "
                                          "scenes' sure tiles fell from 97% right to 94% (card)")
    same_width: float = tuned(0.65, "a run's cut into more tiles each at least this share as wide may be the run whole")
    way_fit_share: float = tuned(0.6, "a way to cut a run that fits the cores under this share of the best way's fit "
                                      "is not tried, but a chain's arms (round 40; first scenes, photos whole, without "
                                      "-> 0.6 / 0.3: seeds 140 to 159 335 -> 337 / 336 of 400, 160 to 179 333 -> 338 / "
                                      "337, 180 to 189 165 -> 166 / 166 of 200; sure tiles wrong 33 -> 29)")
    cores_least: float = tuned(0.65, "a core no tile read holds, or a point on a face no tile covers, is read as a tap "
                                     "there, and the tile stands where it "
                                     "reads with a pip at least this surely, listed to check (seeds 30 to 39's style "
                                     "table, photos whole and tiles found: 0.5 291 and 2,739 of 3,115, 0.65 295 and "
                                     "2,631, committed without the stage 284 and 2,500; white on black's tiles found "
                                     "at 0.5, 0.65, 0.72 and only sure: 628, 596, 590, 571 of 768)")
    cores_most: int = tuned(12, "at most this many such cores a photo, the largest first (and as many points on the "
                                "faces no tile covers, `finder.unread_faces`): 40 cores read no more tiles on seeds "
                                "30 to 39's white on black than 12, nor with the fine look's cores added")
    outlines_most: int = tuned(24, "at most this many outlines of cores a photo to check (`finder.core_outlines`), "
                                   "the largest cores first: a chain's merged cores, each cut into its tiles, took "
                                   "the 12 of `cores_most` before its lone cores were outlined (round 37; seeds 100 "
                                   "to 109, outlines on a tile missed and on no tile: white on black's style table "
                                   "12: 78, 5; 24: 84, 5; 40: 84, 5; the black sets', small tiles' and chains' "
                                   "kinds, 5 a seed: 171, 31; 177, 36; 177, 39; black on ivory's table 35, 10 each)")
    shown_width_least: int = tuned(2, "tiles read, whose median width an outline shown unread is held to ...")
    shown_width: tuple = tuned((0.6, 1.6), "... its width this share of theirs at least and at most (seeds 30 to 39, "
                                           "photos looked at closer; outlines on a tile missed and on no tile: any "
                                           "width 251 and 62, 0.5 to 2 248 and 39, these 237 and 30, 0.7 to 1.4 205 "
                                           "and 22; the kinds' 177 and 72, 171 and 49, 161 and 36, 138 and 27)")
    shown_dark_core: float = tuned(0.9, "on a dark set's photo where tiles were read, the finder's core at an outline's "
                                        "middle at least for it to be shown with no pip seen (round 37; seeds 100 to 109, "
                                        "photos looked at closer, outlines on a tile missed and on no tile, pip asked -> "
                                        "0.9: white on black's style table 67, 4 -> 78, 5; the black sets' and small "
                                        "tiles' kinds 114, 17 -> 129, 20; the other sets' and chains 209, 23 -> 211, 28; "
                                        "seeds 30 to 39's white on black 62, 7 -> 0.95 64, 7; 0.9 65, 8; 0.8 67, 11)")
    part_across: float = structural(1.5, "a core's outline narrower than this many widths of the tiles read holds tiles "
                                         "end to end, a wider one tiles side by side (`finder._parted`): halfway "
                                         "between a tile's width and its length")
    size_sure_least: int = tuned(3, "tiles read surely, whose median width the unsure ones are held to ...")
    size_off: float = tuned(1.1, "... where an unsure tile's cut is this many times wider or narrower (seeds 30 "
                                 "to 39: 1.05, 1.1, 1.15 read 2,188, 2,189, 2,178 of the style table's tiles right; changelog round 22)")
    size_less_sure: float = tuned(0.1, "... its cut at their width stands where this much less sure at most (as sure: "
                                       "2,186 right; any reading: 2,187)")
    few_pips_sure: tuple = tuned((0.65, 0.65, 0.55), "a tile read with 0, 1 or 2 pips in all (0|0; 0|1; 0|2, 1|1) "
                                 "less sure than this, and with no tile of more pips about as wide, is outlined to "
                                 "check, not counted. 0 and 1 pips (round 39, first scenes of seeds 140 to 159 and the "
                                 "kinds of 140 to 144): every such tile read right was surer, 15 false ones less sure; "
                                 "0.7 lost 2 small tiles read right. 2 pips (round 40, seeds 160 to 179: 2 photos more "
                                 "whole, none lost): at 0.65 a development photo's black 0|2 read right at 0.62 was "
                                 "outlined (shared/'s rakeduk-03); the false ones read at 0.50 to 0.52")
    stray_sure_least: int = tuned(1, "where at least this many tiles were read surely ... (round 40, from 2: seeds 160 "
                                     "to 179 one photo more whole, a 2|2 read at 0.52 half as wide as the one sure "
                                     "tile; 140 to 159 as many)")
    stray_width: float = tuned(0.6, "... a tile read unsurely narrower than this share of their median width is none")

    # ---------------------------------------------------------------- a tap on a missed tile (tap.py)
    tap_sizes: tuple = tuned((0.7, 1.0, 1.4), "the looks round a tap, as the width of the tiles read times these: "
                                             "the two real tiles missed in shared/ read right only off 1.0 (at 0.7); "
                                             "on seed 30's 27 missed tiles 1.0 alone, these, and 0.5 to 1.4 each "
                                             "read 19 right")
    tap_guessed: tuple = tuned((5, 8, 13, 21), "with no tile read yet, the looks' tile widths: the photo's long "
                                                "side divided by these")
    tap_most: float = tuned(0.79, "a tile read at a tap is at most this sure, so listed to check: the surest of "
                                  "several looks is surer than it is (seed 30: 14 of 16 taps read surely were "
                                  "right, against 97% to 99.5% of the first reading's sure tiles)")
    tap_core_near: float = tuned(0.7, "cuts round a tap, as wide as the tiles read: centred on the tap and on the "
                                      "core nearest it within this many tile widths. Also cut 0.9 and 1.15 times "
                                      "as wide: 142 of 302 read right against 141 (tap_centred's taps), at three "
                                      "times the reads; also half a tile either way along the tile from the tap: "
                                      "141 against 138, but on briandiaz-01 such a cut across two tiles read surer "
                                      "than the tile tapped")
    tap_centred: float = tuned(0.1, "a tap's cuts: the surest stands, less this for each tile width its centre "
                                    "lies off the tap (seeds 30 to 39, 151 small tiles missed, tapped in the middle "
                                    "and a quarter of the tile off it, with cuts also half a tile either way: 0 read "
                                    "126 of 302 right, 0.1 142, 0.25 138, 0.5 133)")
    tap_same_turn: float = structural(7.0, "degrees: two ways a tile may run closer than this are one")
    tap_every: int = tuned(15, "degrees: where neither face nor core shows how a tapped tile runs, it is cut every "
                               "this many (on seeds 30 to 32's small white-on-black tiles missed, the turns the "
                               "face and core show read 34 right, cuts every 15 degrees 30, every 10 26)")
    tap_reach: float = structural(2.5, "the look reaches this many tile widths round the tap: a tile's length "
                                       "and a half, so that a tile tapped at its end lies whole in it")

    @property
    def half_support(self) -> float:
        """The tile a half face may be is then half face or less: its pips are not face."""
        return self.half_fill / 2 - 0.05


PARAMS = Params()


def main() -> int:
    for f in fields(Params):
        print(f"{f.name:<18} {getattr(PARAMS, f.name)!s:<24} {f.metadata['kind']:<10} {f.metadata['why']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
