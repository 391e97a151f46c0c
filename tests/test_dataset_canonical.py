"""Canonical maze hashes: the same for the 8 rotations and reflections (end points carried along), else different."""

from __future__ import annotations

import numpy as np
import pytest

import tremaux
import tremaux.dataset as ds
from tremaux.errors import TremauxError

SIDES = {1: (-1, 0), 2: (0, 1), 4: (1, 0), 8: (0, -1)}  # N, E, S, W as (drow, dcol)


def reference_images(cells: np.ndarray, start: tuple[int, int], goal: tuple[int, int]):
    """The 8 images of a maze, built cell by cell: each point (r, c) and each side's step move by the map."""
    h, w = cells.shape
    maps = []
    for k in range(4):
        for mirror in (False, True):
            def move(r, c, k=k, mirror=mirror):
                # mirror left-right first, then k quarter turns counterclockwise, on a picture of size (h, w)
                hh, ww = h, w
                if mirror:
                    c = ww - 1 - c
                for _ in range(k):
                    r, c, hh, ww = ww - 1 - c, r, ww, hh
                return r, c, hh, ww
            maps.append(move)
    out = []
    for move in maps:
        _, _, hh, ww = move(0, 0)
        img = np.zeros((hh, ww), np.uint8)
        for r in range(h):
            for c in range(w):
                r2, c2, _, _ = move(r, c)
                for bit, (dr, dc) in SIDES.items():
                    if cells[r, c] & bit:
                        # the neighbour's image tells which side the passage leaves from (the map is
                        # affine, so this holds for a point just outside the grid too)
                        nr, nc, _, _ = move(r + dr, c + dc)
                        side = {v: b for b, v in SIDES.items()}[(nr - r2, nc - c2)]
                        img[r2, c2] |= side
        (sr, sc, _, _), (gr, gc, _, _) = move(*start), move(*goal)
        out.append((img, sr * ww + sc, gr * ww + gc))
    return out



def mazes(h: int, w: int, count: int, generator: str = "backtracker"):
    return [tremaux.generate((h, w), generator, seed=s).maze.cells.reshape(h, w) for s in range(count)]


@pytest.mark.parametrize("shape", [(5, 5), (4, 7), (1, 6), (3, 3)])
def test_the_eight_images_hash_alike(shape):
    h, w = shape
    for cells in mazes(h, w, 12, "kruskal"):
        images = reference_images(cells, (0, 0), (h - 1, w - 1))
        values = {int(ds.maze_hash([img], [img.shape[0]], [img.shape[1]], starts=[s], goals=[g])[0])
                  for img, s, g in images}
        assert len(values) == 1
        # the images themselves are different mazes, unless the maze has a symmetry of its own
        distinct = {(img.shape, img.tobytes(), min(s, g), max(s, g)) for img, s, g in images}
        exact = {int(ds.maze_hash([img], [img.shape[0]], [img.shape[1]], starts=[s], goals=[g],
                                  symmetric=False)[0]) for img, s, g in images}
        assert len(exact) == len({(img.shape, img.tobytes(), s, g) for img, s, g in images}) >= len(distinct)
    # a square has 8 images of its own shape, a rectangle 4 (and 4 quarter turns of shape w x h)
    images = reference_images(mazes(h, w, 1)[0], (0, 0), (h - 1, w - 1))
    assert sum(img.shape == (h, w) for img, _, _ in images) == (8 if h == w else 4)


def test_end_points_are_carried_along_and_count():
    cells = mazes(6, 6, 1)[0]
    base = ds.maze_hash([cells], [6], [6])[0]
    assert ds.maze_hash([cells], [6], [6], starts=[35], goals=[0])[0] == base  # unordered end points
    assert ds.maze_hash([cells], [6], [6], starts=[1], goals=[35])[0] != base
    # moved along with the picture: a quarter turn puts the start at the bottom-left
    for img, s, g in reference_images(cells, (0, 1), (5, 5)):
        assert ds.maze_hash([img], [6], [6], starts=[s], goals=[g])[0] == \
            ds.maze_hash([cells], [6], [6], starts=[1], goals=[35])[0]
    with pytest.raises(TremauxError, match="start 36 or goal 35 is outside its 36 cells"):
        ds.maze_hash([cells], [6], [6], starts=[36])


def test_distinct_hashes_are_the_orbits():
    # all the mazes of many seeds on small grids: as many hashes as orbits under the 8 maps, found by brute force
    for h, w in ((3, 3), (2, 4), (3, 4)):
        grids = mazes(h, w, 400, "wilson")
        orbits = set()
        for cells in grids:
            orbits.add(min((img.shape, img.tobytes(), min(s, g), max(s, g))
                           for img, s, g in reference_images(cells, (0, 0), (h - 1, w - 1))))
        values = ds.maze_hash(np.stack(grids), [h] * len(grids), [w] * len(grids))
        assert len(set(values.tolist())) == len(orbits) > 10
        exact = ds.maze_hash(np.stack(grids), [h] * len(grids), [w] * len(grids), symmetric=False)
        assert len(set(exact.tolist())) == len({c.tobytes() for c in grids}) > len(orbits)


def test_inputs_flat_shaped_and_mixed_sizes_agree():
    a, b = mazes(4, 6, 2)
    c = mazes(6, 4, 1)[0]
    flat = ds.maze_hash([a.ravel(), b.ravel(), c.ravel()], [4, 4, 6], [6, 6, 4])
    shaped = ds.maze_hash([a, b, c], np.array([4, 4, 6]), np.array([6, 6, 4]))
    assert (flat == shaped).all() and flat.dtype == np.uint64
    assert (ds.maze_hash(np.stack([a, b]), [4, 4], [6, 6]) == flat[:2]).all()
    # a 4x6 maze and its quarter turn, a 6x4 maze, hash alike
    turned = reference_images(a, (0, 0), (3, 5))[2]
    assert turned[0].shape == (6, 4)
    assert ds.maze_hash([turned[0]], [6], [4], starts=[turned[1]], goals=[turned[2]])[0] == flat[0]
    assert ds.maze_hash([], [], []).shape == (0,)
    with pytest.raises(TremauxError, match="maze 1 has 24 cells, not 5x5"):
        ds.maze_hash([a, b], [4, 5], [6, 5])
    with pytest.raises(TremauxError, match="2 mazes, 3 heights"):
        ds.maze_hash([a, b], [4, 4, 4], [6, 6, 6])


def test_dedupe_drops_turned_and_mirrored_copies(tmp_path):
    pytest.importorskip("datasets")
    # a dataset, and the same mazes turned half a turn: dedupe keeps the first of each pair
    spec = ds.DatasetSpec(count=40, size=(5, 5), seed=3, shard_size=20, outputs=("maze",))
    ds.build(spec, tmp_path / "a")
    data = ds.to_hf(tmp_path / "a")
    assert len(ds.dedupe(data)) == len(ds.dedupe(data, symmetric=False)) == 40
    arrays = ds.load(tmp_path / "a")
    half = [reference_images(c, (0, 0), (4, 4))[4] for c in arrays["cells"]]  # two quarter turns
    assert all(s == 24 and g == 0 for _, s, g in half)  # start and goal trade corners
    import datasets

    turned = datasets.Dataset.from_dict({
        "index": list(range(100, 140)), "height": [5] * 40, "width": [5] * 40,
        "cells": [img.ravel().tolist() for img, _, _ in half], "start": [0] * 40, "goal": [24] * 40,
    })
    first = data.select_columns(["index", "height", "width", "cells", "start", "goal"])
    both = datasets.concatenate_datasets([first, turned.cast(first.features)])
    kept = ds.dedupe(both)
    assert list(kept["index"]) == list(range(40))
    assert len(ds.dedupe(both, symmetric=False)) == 80
    with pytest.raises(TremauxError, match="needs the cells column"):
        ds.dedupe(ds.to_hf(tmp_path / "a", columns=["seed"]))
