"""Mazes on every grid: tables, generators, solvers, pictures and files (issue 18)."""

from __future__ import annotations

import json
import re

import networkx as nx
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tremaux
from tremaux.errors import CellError, InvalidMazeError, InvalidSizeError, MazeFormatError, UnsupportedError
from tremaux.generators import GENERATORS
from tremaux.grids import (GRAPH_KERNELS, GRAPH_SOLVERS, GRIDS, GridMaze, files, generate_on, make_grid, solve_on,
                           supports, to_grid_maze, to_png, to_svg)

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _grid(kind: str, a: int, b: int):
    """A small grid of each kind, sized by ``a`` and ``b`` (2..7)."""
    return {
        "square": lambda: make_grid("square", size=(a, b)),
        "cylinder": lambda: make_grid("square", size=(a + 1, b + 1), wrap="cylinder"),
        "torus": lambda: make_grid("square", size=(a + 1, b + 1), wrap="torus"),
        "moebius": lambda: make_grid("square", size=(a + 1, b + 1), wrap="moebius"),
        "polar": lambda: make_grid("polar", rings=a),
        "hex": lambda: make_grid("hex", size=(a, b)),
        "hexagon": lambda: make_grid("hex", shape="hexagon", radius=a - 1),
        "triangle": lambda: make_grid("triangle", size=(a, b)),
        "big-triangle": lambda: make_grid("triangle", shape="triangle", side=a),
        "upsilon": lambda: make_grid("upsilon", size=(a, b)),
        "zeta": lambda: make_grid("zeta", size=(a, b)),
    }[kind]()


KINDS = ["square", "cylinder", "torus", "moebius", "polar", "hex", "hexagon", "triangle", "big-triangle", "upsilon",
         "zeta"]
SIDES = st.integers(2, 7)
SEEDS = st.integers(0, 2**31)


@pytest.mark.parametrize("kind", KINDS)
def test_tables_are_consistent(kind):
    g = _grid(kind, 4, 5)
    i, s = np.nonzero(g.nbr >= 0)
    j, b = g.nbr[i, s], g.back[i, s]
    assert (g.nbr[j, b] == i).all() and (g.back[j, b] == s).all()
    assert (j != i).all()
    graph = g.to_networkx()
    assert nx.is_connected(graph) and graph.number_of_edges() == g.edges
    assert all(g.index(g.cell(k)) == k for k in range(g.size))


def test_grid_sizes_match_the_geometry_of_their_shapes():
    assert make_grid("hex", shape="hexagon", radius=4).size == 3 * 4 * 5 + 1
    assert make_grid("triangle", shape="triangle", side=6).size == 36
    assert make_grid("polar", rings=4).size == 1 + 6 + 12 + 24
    assert make_grid("square", size=(3, 4), wrap="torus").edges == 24


@pytest.mark.parametrize("entry", list(GENERATORS), ids=lambda e: e.name)
@pytest.mark.parametrize("kind", KINDS)
@SETTINGS
@given(a=SIDES, b=SIDES, seed=SEEDS)
def test_every_supported_pair_gives_a_spanning_tree(entry, kind, a, b, seed):
    grid = _grid(kind, a, b)
    if not supports(entry, grid):
        with pytest.raises(UnsupportedError, match=f"{entry.name} does not run on a"):
            generate_on(grid, entry.name, seed=seed)
        return
    maze = generate_on(grid, entry.name, seed=seed).maze
    tree = maze.to_networkx()
    assert set(map(frozenset, tree.edges)) <= set(map(frozenset, grid.to_networkx().edges))
    assert tree.number_of_nodes() == grid.size
    if entry.perfect:  # percolation opens walls at random: pieces and loops (tests/test_generate_percolation.py)
        assert nx.is_tree(tree)


def test_polar_binary_tree_and_sidewinder_have_their_bias():
    g = make_grid("polar", rings=8)
    m = generate_on(g, "binary-tree", seed=1, north=0.0).maze  # all clockwise: every ring one corridor
    ring = g.coords[:, 0]
    for r in range(1, 8):
        cells = np.flatnonzero(ring == r)
        assert all(m.is_open(g.cell(i), "cw") for i in cells[:-1]) and not m.is_open(g.cell(cells[-1]), "cw")
    m = generate_on(g, "sidewinder", seed=1, east=0.0).maze  # no runs: every cell opens inward
    assert all(m.is_open(g.cell(i), "in") for i in range(1, g.size))
    with pytest.raises(UnsupportedError, match="sidewinder does not run on a hex grid; it runs on the plain "
                                               "square grid and the polar grid"):
        generate_on(make_grid("hex", size=(3, 3)), "sidewinder")


def test_every_generator_says_which_grids_it_runs_on():
    for e in GENERATORS:
        assert e.grids == "any" or set(e.grids) <= set(GRIDS.names())
        assert (e.grids == "any") == (e.name in GRAPH_KERNELS)


def test_same_seed_same_maze_and_different_seeds_differ():
    g = make_grid("polar", rings=8)
    for name in GRAPH_KERNELS:
        assert generate_on(g, name, seed=11).maze == generate_on(g, name, seed=11).maze
    assert generate_on(g, "wilson", seed=1).maze != generate_on(g, "wilson", seed=2).maze


@pytest.mark.parametrize("kind", KINDS)
def test_braid_makes_loops(kind):
    grid = _grid(kind, 6, 7)
    perfect = generate_on(grid, "backtracker", seed=3).maze
    braided = generate_on(grid, "backtracker", seed=3, braid=1.0).maze
    assert braided.passages > perfect.passages
    assert not nx.is_forest(braided.to_networkx())
    assert (braided.degrees() == 1).sum() < (perfect.degrees() == 1).sum()


def _check_walk(maze: GridMaze, sol) -> None:
    path = [maze.grid.cell(i) for i in sol.path]
    assert path[0] == maze.start and path[-1] == maze.goal
    for a, b in zip(path, path[1:]):
        assert b in maze.neighbours(a)


@pytest.mark.parametrize("kind", KINDS)
@SETTINGS
@given(a=SIDES, b=SIDES, seed=SEEDS, braid=st.sampled_from([0.0, 0.5]))
def test_every_solver_walks_through_open_sides_and_bfs_is_shortest(kind, a, b, seed, braid):
    maze = generate_on(_grid(kind, a, b), "kruskal", seed=seed, braid=braid).maze
    graph = maze.to_networkx()
    shortest = nx.shortest_path_length(graph, maze.start, maze.goal) + 1
    for name in GRAPH_SOLVERS:
        if name.startswith("wall") and kind == "moebius":
            with pytest.raises(UnsupportedError, match="Möbius"):
                solve_on(maze, name)
            continue
        sol = solve_on(maze, name)
        if name.startswith("wall") and not sol.found:
            assert braid and "circles" in sol.message  # a wall follower may circle an island
            continue
        assert sol.found, (name, sol.message)
        _check_walk(maze, sol)
        assert sol.visited[sol.path].all()
        if name in ("bfs", "astar"):
            assert sol.length == shortest


def test_square_only_solvers_run_on_the_square_grid_and_refuse_others():
    sq = generate_on(make_grid("square", size=(6, 6)), "wilson", seed=2).maze
    sol = solve_on(sq, "pledge")
    assert sol.found
    _check_walk(sq, sol)
    hexm = generate_on(make_grid("hex", size=(4, 4)), seed=2).maze
    with pytest.raises(UnsupportedError, match="pledge runs on the plain square grid only"):
        solve_on(hexm, "pledge")


def test_conversions_with_the_square_maze_both_ways():
    m = tremaux.generate((5, 7), "wilson", seed=4).maze
    gm = to_grid_maze(m)
    assert gm.passages == m.passages and gm.to_maze() == m
    masked = tremaux.generate((4, 4), "backtracker", seed=1, mask=[[1, 1, 1, 0]] * 4).maze
    assert to_grid_maze(masked).to_maze() == masked
    with pytest.raises(UnsupportedError, match="only a square grid without wrap"):
        generate_on(make_grid("hex", size=(3, 3)), seed=1).maze.to_maze()


def test_bad_input_gives_clear_errors():
    with pytest.raises(InvalidSizeError, match="at least 3"):
        make_grid("square", size=(2, 5), wrap="torus")
    with pytest.raises(UnsupportedError, match="unknown wrap 'klein'"):
        make_grid("square", size=(4, 5), wrap="klein")
    with pytest.raises(UnsupportedError, match="takes no parameter 'rings'"):
        make_grid("hex", rings=3)
    with pytest.raises(InvalidSizeError, match="radius"):
        make_grid("hex", shape="hexagon")
    with pytest.raises(InvalidSizeError, match="limit"):
        make_grid("zeta", size=(20000, 20000))
    with pytest.raises(InvalidSizeError, match="rings"):
        make_grid("polar", rings=0)
    with pytest.raises(UnsupportedError, match="eller does not run on a polar grid"):
        generate_on(make_grid("polar", rings=4), "eller")
    with pytest.raises(CellError, match="not a cell of this polar grid"):
        generate_on(make_grid("polar", rings=4), start=(0, 3))
    g = make_grid("triangle", size=(1, 2))
    with pytest.raises(InvalidMazeError, match="open from one side only"):
        GridMaze(g, [2, 0])
    with pytest.raises(InvalidMazeError, match="leads off the grid"):
        GridMaze(g, [1, 0])
    with pytest.raises(InvalidMazeError, match="side bits"):
        GridMaze(g, [8, 0])
    with pytest.raises(UnsupportedError, match="not connected"):
        generate_on(make_grid("square", size=(3, 3)).masked([1, 0, 1, 0, 0, 0, 1, 0, 1]))


@pytest.mark.parametrize("kind", KINDS)
def test_files_round_trip(kind, tmp_path):
    maze = generate_on(_grid(kind, 4, 5), "wilson", seed=9, braid=0.3).maze
    maze = maze.replace(start=maze.grid.cell(1))
    assert files.loads(files.dumps(maze)) == maze
    assert files.from_bytes(files.to_bytes(maze)) == maze
    for ext in (".json", ".npz"):
        files.save(maze, tmp_path / f"m{ext}")
        assert files.load(tmp_path / f"m{ext}") == maze


def test_masked_grids_round_trip_and_refuse_bad_files():
    grid = make_grid("hex", size=(4, 4)).masked(np.arange(16) != 5)
    maze = generate_on(grid, "backtracker", seed=1).maze
    assert files.loads(files.dumps(maze)) == maze
    assert files.from_bytes(files.to_bytes(maze)) == maze
    text = files.dumps(maze)
    with pytest.raises(MazeFormatError, match="hex digits"):
        files.loads(text.replace('"cells": "', '"cells": "0'))
    with pytest.raises(MazeFormatError, match="not JSON"):
        files.loads(text[:20])
    with pytest.raises(MazeFormatError, match="bad grid"):
        files.loads(text.replace('"hex"', '"hexx"'))
    with pytest.raises(MazeFormatError, match="not a readable"):
        files.from_bytes(files.to_bytes(maze)[:50])


@pytest.mark.parametrize("keep, message", [
    ("zz", "'keep' must be null or a list of [row, col] cells"),
    ({"a": 1}, "'keep' must be null or a list of [row, col] cells"),
    ([[0, 0, 0]], "'keep' must be null or a list of [row, col] cells"),
    ([[0.5, 0]], "'keep' must be null or a list of [row, col] cells"),
    ([[True, False]], "'keep' must be null or a list of [row, col] cells"),
    ([["a", "b"]], "'keep' must be null or a list of [row, col] cells"),
    ([[0, 0], [1]], "'keep' must be null or a list of [row, col] cells"),
    ([[10**30, 0]], "'keep' must be null or a list of [row, col] cells"),
    ([[0, 0], [99, 99]], r"'keep' cell \(99, 99\) is not a cell of this hex grid"),
    ([[-1, 0]], r"'keep' cell \(-1, 0\) is not a cell of this hex grid"),
])
def test_a_bad_keep_field_is_one_line_naming_it(keep, message):
    grid = make_grid("hex", size=(3, 3)).masked(np.arange(9) != 4)
    d = files.to_dict(generate_on(grid, "backtracker", seed=1).maze)
    d["keep"] = keep
    pattern = message if message.startswith("'keep' cell") else re.escape(message)
    with pytest.raises(MazeFormatError, match=pattern) as exc:
        files.loads(json.dumps(d))
    assert "\n" not in str(exc.value)


def test_keep_cells_of_a_masked_hexagon_round_trip():
    grid = make_grid("hex", shape="hexagon", radius=2)
    maze = generate_on(grid.masked(np.arange(grid.size) != 3), "backtracker", seed=2).maze
    assert files.loads(files.dumps(maze)) == maze
    assert files.from_bytes(files.to_bytes(maze)) == maze


@pytest.mark.parametrize("kind", KINDS)
def test_pictures_of_every_grid(kind):
    maze = generate_on(_grid(kind, 4, 5), "wilson", seed=1).maze
    sol = solve_on(maze, "bfs")
    svg = to_svg(maze, solution=sol)
    assert svg.startswith("<svg") and "<polyline" in svg and svg.count("<circle") >= 2
    assert (" A " in svg) == (kind == "polar")
    assert maze._repr_svg_().startswith("<svg")
    from io import BytesIO

    from PIL import Image

    img = Image.open(BytesIO(to_png(maze, solution=sol))).convert("RGB")
    colours = {c for _, c in img.getcolors(1 << 16)}
    from tremaux.render.palette import PALETTE, parse_colour

    assert parse_colour(PALETTE["wall"]) in colours and parse_colour(PALETTE["path"]) in colours  # walls, path


WOVEN = [lambda a, b: make_grid("square", size=(a + 2, b + 2), weave=True),
         lambda a, b: make_grid("hex", size=(a + 2, b + 2), weave=True),
         lambda a, b: make_grid("hex", shape="hexagon", radius=a, weave=True)]


@pytest.mark.parametrize("make", WOVEN, ids=["square", "hex", "hexagon"])
@SETTINGS
@given(a=SIDES, b=SIDES, seed=SEEDS, density=st.floats(0.0, 1.0))
def test_weave_gives_spanning_trees_with_legal_crossings(make, a, b, seed, density):
    grid = make(a, b)
    maze = generate_on(grid, "kruskal", seed=seed, weave=density).maze
    tree = maze.to_networkx()
    assert nx.is_tree(tree) and tree.number_of_nodes() == grid.size
    S = grid.sides // 2
    cells = maze.cells.astype(np.int64)
    for i, s in zip(*np.nonzero((cells[:, None] >> np.arange(S, 2 * S)) & 1)):
        under = grid.nbr[i, s]  # the cell the tunnel runs under: open straight across, nowhere else
        bits = int(cells[under])
        sides = [k for k in range(2 * S) if bits >> k & 1]
        assert len(sides) == 2 and (sides[1] - sides[0]) == S // 2 and sides[1] < S
        assert s % (S // 2) != sides[0] % (S // 2)
    for name in ("bfs", "astar", "dfs", "tremaux", "dead-end-fill"):
        sol = solve_on(maze, name)
        assert sol.found
        _check_walk(maze, sol)


def test_weave_refusals_and_crossings_happen():
    grid = make_grid("square", size=(10, 10), weave=True)
    assert (generate_on(grid, "kruskal", seed=1, weave=1.0).maze.cells >> 4).any()
    assert not (generate_on(grid, "kruskal", seed=1, weave=0.0).maze.cells >> 4).any()
    with pytest.raises(UnsupportedError, match="woven grids take: kruskal"):
        generate_on(grid, "wilson")
    with pytest.raises(UnsupportedError, match="braid is not available on woven grids"):
        generate_on(grid, "kruskal", braid=0.5)
    with pytest.raises(UnsupportedError, match="needs a woven grid"):
        generate_on(make_grid("hex", size=(3, 3)), "kruskal", weave=0.5)
    with pytest.raises(UnsupportedError, match="weave works on the square and hex grids"):
        make_grid("polar", rings=3, weave=True)
    with pytest.raises(UnsupportedError, match="not defined on a woven grid"):
        solve_on(generate_on(grid, "kruskal", seed=1).maze, "wall-left")


@pytest.mark.parametrize("make", WOVEN, ids=["square", "hex", "hexagon"])
def test_woven_files_and_pictures(make):
    maze = generate_on(make(3, 4), "kruskal", seed=2, weave=1.0).maze
    assert files.loads(files.dumps(maze)) == maze
    assert files.from_bytes(files.to_bytes(maze)) == maze
    svg = to_svg(maze, solution=solve_on(maze, "bfs"))
    assert svg.count("<line") >= maze.passages and "<polyline" in svg


def test_stats_agree_with_the_square_maze_statistics():
    from tremaux.grids import grid_stats
    from tremaux.measure import maze_stats

    for braid in (0.0, 0.5):
        m = tremaux.generate((9, 13), "kruskal", seed=5, braid=braid).maze
        a, b = grid_stats(to_grid_maze(m)), maze_stats(m)
        assert (a.dead_ends, a.diameter, a.solution_length, a.perfect) == (b.dead_ends, b.diameter,
                                                                            b.solution_length, b.perfect)
        assert a.river == pytest.approx(b.river)


@pytest.mark.parametrize("kind", KINDS)
def test_stats_on_every_grid(kind):
    from tremaux.grids import grid_stats

    maze = generate_on(_grid(kind, 5, 6), "wilson", seed=2).maze
    s = grid_stats(maze)
    graph = maze.to_networkx()
    assert s.perfect and s.dead_ends == sum(1 for _, d in graph.degree if d == 1)
    assert s.diameter == nx.diameter(graph)
    assert 0.0 <= s.river < 1.0


@pytest.mark.parametrize("kind", KINDS)
def test_heat_map_fills_every_cell_with_its_outline(kind):
    from tremaux.grids.draw import outlines

    maze = generate_on(_grid(kind, 4, 5), "wilson", seed=1).maze
    polys = outlines(maze)
    assert len(polys) == maze.size and all(len(p) >= 3 for p in polys)
    # each outline is a proper polygon around its cell centre (the centre inside its bounding box)
    from tremaux.grids.draw import Style, _scene

    centres = _scene(maze, Style()).centres
    for poly, c in zip(polys, centres):
        assert (poly.min(0) < c).all() and (c < poly.max(0)).all()
    svg = to_svg(maze, heat=True)
    assert svg.count("<polygon") == maze.size
    assert len(to_png(maze, heat=True)) > 100


@pytest.mark.parametrize("name", ["square", "hex", "triangle", "upsilon", "zeta"])
@SETTINGS
@given(seed=SEEDS, data=st.data())
def test_masked_grids_give_spanning_trees_of_the_kept_cells(name, seed, data):
    mask = np.ones((6, 7), bool)
    for r, c in data.draw(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 6)), max_size=4)):
        mask[r, c] = False
    grid = make_grid(name, mask=mask)
    assert grid.size == mask.sum()
    if not nx.is_connected(grid.to_networkx()):
        with pytest.raises(UnsupportedError, match="not connected"):
            generate_on(grid, "wilson", seed=seed)
        return
    maze = generate_on(grid, "wilson", seed=seed).maze
    assert nx.is_tree(maze.to_networkx())
    assert files.loads(files.dumps(maze)) == maze


def test_mask_errors():
    with pytest.raises(UnsupportedError, match="not on a polar grid"):
        make_grid("polar", rings=3, mask=[[1]])
    with pytest.raises(UnsupportedError, match="not on a hex grid of shape 'hexagon'"):
        make_grid("hex", shape="hexagon", radius=2, mask=[[1]])
    with pytest.raises(InvalidSizeError, match="differs from the grid size"):
        make_grid("hex", size=(3, 3), mask=np.ones((2, 2), bool))
    with pytest.raises(InvalidMazeError, match="2-D array of booleans"):
        make_grid("hex", mask=np.ones(4, bool))


@pytest.mark.parametrize("name, params, message", [
    ("hex", {"shape": "hexagon", "radius": 2, "size": (3, 3)}, "size is for a hex grid of shape 'rectangle'"),
    ("hex", {"radius": 2}, "radius is for a hex grid of shape 'hexagon'"),
    ("hex", {"shape": "rectangle", "radius": 2, "size": (3, 3)}, "radius is for"),
    ("triangle", {"side": 3}, "side is for a triangle grid of shape 'triangle'"),
    ("triangle", {"shape": "triangle", "side": 3, "size": (3, 3)}, "one of shape 'triangle' takes side"),
])
def test_make_grid_refuses_a_size_its_shape_ignores(name, params, message):
    with pytest.raises(UnsupportedError, match=re.escape(message)):
        make_grid(name, **params)
    # what applies is still taken
    assert make_grid("hex", shape="hexagon", radius=2).size == 19
    assert make_grid("triangle", shape=" Triangle", side=3).size == 9
    assert make_grid("hex", shape="rectangle", size=(2, 3)).size == 6


def test_solve_on_names_an_option_its_solver_does_not_take():
    maze = generate_on(make_grid("hex", size=(4, 4)), seed=1).maze
    with pytest.raises(UnsupportedError, match=re.escape("solver 'tremaux' has no option 'direction'")):
        solve_on(maze, "tremaux", direction="E")
    with pytest.raises(UnsupportedError, match=re.escape("solver 'bfs' has no option 'seed'; its options: none")):
        solve_on(maze, "bfs", seed=1)
    square = generate_on(make_grid("square", size=(4, 4)), seed=1).maze
    # a solver of the plain square grid only takes its own options
    assert solve_on(square, "pledge", direction="E").found
    with pytest.raises(UnsupportedError, match="pledge direction 'x'"):
        solve_on(square, "pledge", direction="x")


def test_a_wrapped_or_woven_square_grid_takes_the_travelers_seed_as_the_plain_one_does():
    # the traveler's random choice on every square grid, not the plain one only
    from tremaux.grids.weave import woven

    torus = generate_on(make_grid("square", size=(4, 4), wrap="torus"), seed=1).maze
    woven_maze = generate_on(woven(make_grid("square", size=(4, 4))), "kruskal", seed=1).maze
    for maze in (torus, woven_maze):
        walk = solve_on(maze, "tremaux", seed=1)
        assert walk.found and walk == solve_on(maze, "tremaux", seed=1)
    with pytest.raises(InvalidSizeError, match="seed"):
        solve_on(torus, "tremaux", seed=1.5)


def test_the_grid_pictures_and_measures_take_a_square_maze_and_name_anything_else():
    import tremaux
    from tremaux.errors import UnsupportedError
    from tremaux.grids import grid_stats, to_grid_maze, to_png, to_svg

    maze = tremaux.generate((4, 5), "kruskal", seed=2).maze
    assert to_svg(maze) == to_svg(to_grid_maze(maze)) and to_png(maze) == to_png(to_grid_maze(maze))
    assert grid_stats(maze) == grid_stats(to_grid_maze(maze))
    for f in (to_svg, to_png, grid_stats):
        with pytest.raises(UnsupportedError, match=f"{f.__name__} needs a GridMaze .or a tremaux.Maze., not str"):
            f("maze.json")


@pytest.mark.parametrize("wrap", ["cylinder", "moebius"])
@pytest.mark.parametrize("rows", [1, 2])
def test_a_strip_wraps_its_columns_only_so_one_or_two_rows_make_a_maze(wrap, rows):
    g = make_grid("square", size=(rows, 4), wrap=wrap)
    i, s = np.nonzero(g.nbr >= 0)
    j = g.nbr[i, s]
    assert (j != i).all() and all(len(set(g.nbr[k][g.nbr[k] >= 0])) == (g.nbr[k] >= 0).sum() for k in range(g.size))
    assert g.edges == rows * 4 + (rows - 1) * 4  # every row a ring of 4, and 4 passages between two rows
    for algorithm in ("backtracker", "kruskal", "wilson"):
        maze = generate_on(g, algorithm, seed=3).maze
        assert nx.is_tree(maze.to_networkx()) and maze.passages == g.size - 1
        for solver in ("bfs", "tremaux"):
            sol = solve_on(maze, solver, start=(0, 0), goal=(rows - 1, 2))
            assert sol.found and len(sol.path) >= 2
        assert to_png(maze)[:4] == b"\x89PNG"


@pytest.mark.parametrize("wrap, size, message", [
    ("cylinder", (4, 2), "a cylinder grid needs at least 3 columns (its east and west edges are joined)"),
    ("moebius", (1, 2), "a moebius grid needs at least 3 columns"),
    ("torus", (2, 5), "a torus grid needs at least 3 rows and 3 columns, so that no two sides of a cell lead to the "
                      "same cell; 2 x 5 has 2 rows"),
])
def test_a_wrapped_dimension_needs_three_cells(wrap, size, message):
    with pytest.raises(InvalidSizeError, match=re.escape(message)):
        make_grid("square", size=size, wrap=wrap)
