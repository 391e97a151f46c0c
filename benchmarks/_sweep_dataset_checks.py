"""The checks of benchmarks/sweep_dataset.py: every row of a built dataset read back and held against the maze.

:func:`row_problems` checks one row on its own (a valid maze, perfect when its generator is, each stored path a walk
from start to goal, the shortest one shortest, the statistics those of :func:`tremaux.measure.maze_stats`, the block
picture, drawing and tokens those of the maze); :func:`dataset_problems` runs it on every row of a dataset, checks
the counts and the manifest, and compares a sample of rows with :func:`tremaux.dataset.regenerate`.
"""

from __future__ import annotations

import math
from collections import deque
from typing import Any

import numpy as np

N, E, S, W = 1, 2, 4, 8
MOVES = ((N, -1, 0, S), (E, 0, 1, W), (S, 1, 0, N), (W, 0, -1, E))


def cells_problems(cells: np.ndarray) -> list[str]:
    """What is wrong with a square maze's cells: bits beyond the four sides, doors off the edge, one-way doors."""
    h, w = cells.shape
    out = []
    if (cells & ~np.uint8(15)).any():
        out.append("a cell has bits beyond N, E, S, W")
    for bit, dr, dc, back in MOVES:
        for r, c in zip(*np.nonzero(cells & bit)):
            rr, cc = r + dr, c + dc
            if not (0 <= rr < h and 0 <= cc < w):
                out.append(f"cell {(int(r), int(c))} opens off the edge")
                return out
            if not cells[rr, cc] & back:
                out.append(f"cell {(int(r), int(c))} opens to {(int(rr), int(cc))}, which is closed back")
                return out
    return out


def bfs_distances(cells: np.ndarray, start: tuple[int, int]) -> dict[tuple[int, int], int]:
    """Breadth-first distances from ``start`` through open passages (a plain reference)."""
    h, w = cells.shape
    seen = {start: 0}
    todo = deque([start])
    while todo:
        r, c = todo.popleft()
        for bit, dr, dc, _ in MOVES:
            if cells[r, c] & bit:
                n = (r + dr, c + dc)
                if n not in seen:
                    seen[n] = seen[(r, c)] + 1
                    todo.append(n)
    return seen


def walk_problems(cells: np.ndarray, flat: np.ndarray, name: str) -> list[str]:
    """What is wrong with ``flat`` (flat cell indices) as a walk from the top-left to the bottom-right cell."""
    h, w = cells.shape
    if flat.shape[0] == 0:
        return []
    path = [divmod(int(i), w) for i in flat]
    if path[0] != (0, 0) or path[-1] != (h - 1, w - 1):
        return [f"{name} path runs {path[0]}..{path[-1]}, not (0, 0)..{(h - 1, w - 1)}"]
    for (r, c), (rr, cc) in zip(path, path[1:]):
        step = [bit for bit, dr, dc, _ in MOVES if (r + dr, c + dc) == (rr, cc)]
        if not step or not cells[r, c] & step[0]:
            return [f"{name} path steps {(r, c)} -> {(rr, cc)} through a wall"]
    return []


def row_problems(row: dict[str, Any], spec: Any, perfect: bool) -> list[str]:
    """Everything wrong with one row read back (a dict of its columns, lists as Python lists or arrays)."""
    import tremaux
    from tremaux.measure import maze_stats

    out: list[str] = []
    h, w = int(row["height"]), int(row["width"])
    (hmin, wmin), (hmax, wmax) = spec.size_range
    if not (hmin <= h <= hmax and wmin <= w <= wmax):
        out.append(f"size {h}x{w} outside {hmin}x{wmin}..{hmax}x{wmax}")
    if "cells" not in row:
        return out
    cells = np.asarray(row["cells"], np.uint8)
    if cells.shape[0] != h * w:
        return out + [f"{cells.shape[0]} cells for a {h}x{w} maze"]
    cells = cells.reshape(h, w)
    bad = cells_problems(cells)
    if bad:
        return out + bad
    if int(row["start"]) != 0 or int(row["goal"]) != h * w - 1:
        out.append(f"start {row['start']} / goal {row['goal']} are not the corners")
    dist = bfs_distances(cells, (0, 0))
    passages = int(sum(bin(int(v)).count("1") for v in cells.ravel())) // 2
    if perfect and (passages != h * w - 1 or len(dist) != h * w):
        out.append(f"not perfect: {passages} passages for {h * w} cells, {len(dist)} reachable")
    shortest = dist.get((h - 1, w - 1))
    maze = tremaux.Maze(cells, start=(0, 0), goal=(h - 1, w - 1))
    for s in spec.solvers:
        p = s.replace("-", "_")
        if f"{p}_path" not in row:
            continue
        flat = np.asarray(row[f"{p}_path"], np.int64)
        length = int(row[f"{p}_length"])
        if length != flat.shape[0]:
            out.append(f"{p}_length {length} but a path of {flat.shape[0]} cells")
        if shortest is None and flat.shape[0]:
            out.append(f"{p} found a path where the goal cannot be reached")
        if shortest is not None and not flat.shape[0]:
            out.append(f"{p} found no path where the goal is {shortest} passages away")
        out += walk_problems(cells, flat, p)
        if s == "bfs" and shortest is not None and flat.shape[0] != shortest + 1:
            out.append(f"bfs path of {flat.shape[0]} cells, the shortest has {shortest + 1}")
        if int(row[f"{p}_visited"]) < flat.shape[0] or int(row[f"{p}_steps"]) < (h * w > 1):
            out.append(f"{p}: visited {row[f'{p}_visited']}, steps {row[f'{p}_steps']} for a path of {flat.shape[0]}")
    if "passages" in row:
        st = maze_stats(maze)
        values = st.as_dict()
        values["diameter_start"], values["diameter_end"] = (maze.index(c) for c in st.diameter_ends)
        if values["solution_length"] is None:
            values["solution_length"] = -1
        for key in ("passages", "components", "loops", "isolated", "dead_ends", "corridors", "junctions",
                    "crossroads", "straight", "turning", "diameter", "diameter_start", "diameter_end",
                    "solution_length"):
            if int(row[key]) != int(values[key]):
                out.append(f"stats {key} = {row[key]}, the maze's is {values[key]}")
        for key in ("dead_end_length", "river"):
            a, b = float(row[key]), float(values[key])
            if not (math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12) or (math.isnan(a) and math.isnan(b))):
                out.append(f"stats {key} = {a}, the maze's is {b}")
        if int(row["passages"]) != passages:
            out.append(f"stats passages {row['passages']}, counted {passages}")
        f = spec.filters
        moves = -1 if shortest is None else shortest
        if ("min_solution_length" in f and moves < f["min_solution_length"]) or (
                "max_solution_length" in f and not 0 <= moves <= f["max_solution_length"]):
            out.append(f"solution length {moves} fails the filters {f}")
        if not f.get("min_dead_ends", 0) <= int(row["dead_ends"]) <= f.get("max_dead_ends", 1 << 30):
            out.append(f"{row['dead_ends']} dead ends fail the filters {f}")
        want = -1 if shortest is None else shortest
        if int(row["solution_length"]) != want:
            out.append(f"stats solution_length {row['solution_length']}, the shortest path has {want}")
    if "blocks" in row:
        from tremaux.io.block import to_blocks

        blocks = np.asarray(row["blocks"], np.uint8)
        ref = to_blocks(maze).astype(np.uint8)
        if blocks.shape[0] != ref.size or not np.array_equal(blocks, ref.ravel()):
            out.append("blocks differ from the maze's block picture")
    if "ascii" in row:
        from tremaux import io

        back = io.loads(row["ascii"])
        if not np.array_equal(np.asarray(back.cells), cells):
            out.append("ascii drawing reads back as another maze")
    if "tokens" in row:
        from tremaux.dataset.regen import _tokens

        bfs = np.asarray(row.get("bfs_path", []), np.int64) if "bfs_path" in row else None
        if bfs is None:
            d = tremaux.solve(maze, "bfs")
            bfs = (d.path[:, 0] * w + d.path[:, 1]) if d.length else np.empty(0, np.int64)
        tok = np.asarray(row["tokens"], np.int64)
        ref = np.asarray(_tokens(cells, bfs, wmax), np.int64)
        if not np.array_equal(tok, ref) or int(row["tokens_length"]) != tok.shape[0]:
            out.append("tokens differ from the maze's adjacency list, ends and shortest path")
    return out


def same_value(a: Any, b: Any) -> bool:
    """Two column values equal (arrays, lists, floats with NaN, strings)."""
    if isinstance(a, (list, tuple, np.ndarray)) or isinstance(b, (list, tuple, np.ndarray)):
        a, b = np.asarray(a), np.asarray(b)
        return a.size == b.size and np.array_equal(a.ravel(), b.ravel())  # a row's cells are flat, regenerate's 2-D
    if isinstance(a, float) or isinstance(b, float):
        return math.isclose(float(a), float(b), rel_tol=1e-12) or (math.isnan(float(a)) and math.isnan(float(b)))
    return a == b


def dataset_problems(out: Any, spec: Any, perfect: bool, sample: int = 6, every_row: bool = True) -> list[str]:
    """Everything wrong with the dataset at ``out`` built from ``spec``: counts, manifest, rows, regenerated rows."""
    import tremaux.dataset as ds
    from tremaux.dataset.checks import check_spec, columns_of

    problems: list[str] = []
    manifest = ds.verify(out)
    canon = check_spec(spec)
    if manifest.rows != spec.count or len(manifest.shards) != spec.shards:
        problems.append(f"manifest: {manifest.rows} rows in {len(manifest.shards)} shards, "
                        f"spec asks {spec.count} in {spec.shards}")
    if tuple(manifest.columns) != columns_of(canon):
        problems.append(f"columns {manifest.columns} differ from {columns_of(canon)}")
    seen = 0
    picks = set(np.linspace(0, spec.count - 1, min(sample, spec.count)).astype(int).tolist())
    for table in ds.iter_shards(out):
        rows = table.to_pylist()
        for row in rows:
            if int(row["index"]) != seen:
                problems.append(f"row {seen} stored as index {row['index']}")
                return problems
            if every_row or seen in picks:
                bad = row_problems(row, canon, perfect)
                if bad:
                    problems.append(f"row {seen}: " + "; ".join(bad[:2]))
                    if len(problems) > 5:
                        return problems
            if seen in picks:
                ref = ds.regenerate(spec, seen)
                for key, value in row.items():
                    if key in ref and not same_value(value, ref[key]):
                        problems.append(f"row {seen}: column {key} differs from regenerate()")
                        break
            seen += 1
    if seen != spec.count:
        problems.append(f"read back {seen} rows, spec asks {spec.count}")
    return problems
