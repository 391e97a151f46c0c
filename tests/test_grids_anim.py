"""Traces, animations, Tremaux's marks and islands on every grid (issue 18, pictures and files)."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import networkx as nx
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from cli_helpers import run
import tremaux
from tremaux.errors import TremauxError, UnsupportedError
from tremaux.generators import GENERATORS
from tremaux.grids import (GRAPH_SOLVERS, Style, files, generate_on, make_grid, solve_on, supports, to_grid_maze, to_png,
                           to_svg)
from tremaux.grids.animate import replay, replay_cells, save_animation, to_animated_svg, to_gif
from tremaux.grids.islands import add_islands, island_count
from tremaux.maze.properties import island_count as square_island_count
from tremaux.render.palette import PALETTE
from tremaux.trace import Event

SETTINGS = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SVG = "{http://www.w3.org/2000/svg}"


def _grid(kind: str, a: int, b: int):
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
        "woven-square": lambda: make_grid("square", size=(a + 2, b + 2), weave=True),
        "woven-hex": lambda: make_grid("hex", size=(a + 2, b + 2), weave=True),
    }[kind]()


KINDS = ["square", "cylinder", "torus", "moebius", "polar", "hex", "hexagon", "triangle", "big-triangle", "upsilon",
         "zeta", "woven-square", "woven-hex"]
PLANAR_OR_WRAPPED = [k for k in KINDS if k != "zeta" and not k.startswith("woven")]


# ---------------------------------------------------------------------------------------------- generation traces
@pytest.mark.parametrize("entry", list(GENERATORS), ids=lambda e: e.name)
@pytest.mark.parametrize("kind", KINDS)
@SETTINGS
@given(a=st.integers(2, 6), b=st.integers(2, 6), seed=st.integers(0, 2**31), braid=st.sampled_from([0.0, 0.6]))
def test_recording_keeps_the_maze_and_replaying_the_trace_builds_it(entry, kind, a, b, seed, braid):
    grid = _grid(kind, a, b)
    if not supports(entry, grid):
        return
    braid = 0.0 if "weave" in grid.params else braid
    plain = generate_on(grid, entry.name, seed=seed, braid=braid)
    run = generate_on(grid, entry.name, seed=seed, braid=braid, record=True)
    assert plain.trace is None and run.maze == plain.maze and run.stats == plain.stats
    assert run.trace.shape == (grid.size,)
    assert np.array_equal(replay_cells(grid, run.trace), run.maze.cells)
    kinds = set(run.trace.kinds.tolist())
    assert kinds <= {Event.CARVE, Event.WALL, Event.FRONTIER, Event.DONE}
    if entry.name in ("backtracker", "growing-tree", "prim", "growing-forest") and grid.size > 1:
        assert Event.FRONTIER in kinds


def test_growing_trees_trace_their_frontier():
    grid = make_grid("hex", size=(5, 6))
    tr = generate_on(grid, "backtracker", seed=2, record=True).trace
    assert tr.count(Event.FRONTIER) == grid.size and tr.count(Event.DONE) == grid.size
    assert tr.count(Event.CARVE) == grid.size - 1
    assert tr[0].kind == Event.FRONTIER and tr[len(tr) - 1].kind == Event.DONE


# ---------------------------------------------------------------------------------------------- solving traces
@pytest.mark.parametrize("kind", KINDS)
@SETTINGS
@given(a=st.integers(2, 6), b=st.integers(2, 6), seed=st.integers(0, 2**31), braid=st.sampled_from([0.0, 0.5]))
def test_recorded_solvers_make_the_same_moves_and_end_with_the_path(kind, a, b, seed, braid):
    grid = _grid(kind, a, b)
    braid = 0.0 if "weave" in grid.params else braid
    maze = generate_on(grid, "kruskal", seed=seed, braid=braid).maze
    for name in GRAPH_SOLVERS:
        try:
            plain = solve_on(maze, name)
        except UnsupportedError:
            continue
        sol = solve_on(maze, name, record=True)
        assert plain.trace is None
        assert sol.found == plain.found and np.array_equal(sol.path, plain.path)
        assert np.array_equal(sol.visited, plain.visited) and sol.steps == plain.steps
        ev = sol.trace.events
        k = sol.path.shape[0]
        assert (ev["kind"][len(ev) - k:] == Event.PATH).all() and np.array_equal(ev["cell"][len(ev) - k:], sol.path)
        assert ev["cell"].min() >= 0 and ev["cell"].max() < grid.size
        reached = np.zeros(grid.size, bool)
        reached[ev["cell"][ev["kind"] == Event.VISIT]] = True
        if name != "dead-end-fill":
            assert reached[maze.start_index] and (reached <= sol.visited).all()
        if sol.found:
            assert sol.trace.count(Event.FOUND) == 1
        if name == "tremaux":
            _check_marks(maze, sol)


def _check_marks(maze, sol) -> None:
    g = maze.grid
    m = sol.marks
    assert m.shape == g.nbr.shape and m.max() <= 2 and not m.flags.writeable
    i, s = np.nonzero(m)
    assert np.array_equal(m[i, s], m[g.nbr[i, s], g.back[i, s]])  # both ends of a passage carry its marks
    assert ((maze.cells[i].astype(np.int64) >> s) & 1).all()  # only open passages are marked
    p = sol.path
    for x, y in zip(p, p[1:]):
        assert 1 in m[x][g.nbr[x] == y]  # the path: passages marked once
    # each mark of the trace is one mark on the passage
    ev = sol.trace.events
    assert (ev["kind"] == Event.MARK).sum() == m.sum() // 2


# ---------------------------------------------------------------------------------------------- animations
@pytest.mark.parametrize("kind", KINDS)
def test_animations_of_generation_and_solving_on_every_grid(kind):
    grid = _grid(kind, 4, 5)
    run = generate_on(grid, "kruskal" if "weave" in grid.params else "backtracker", seed=5, record=True)
    frames = list(replay(run, frames=12))
    assert 2 < len(frames) <= 12
    assert set(frames[0].colour) == {"uncarved"} and not frames[0].cells.any()
    assert np.array_equal(frames[-1].cells, run.maze.cells) and set(frames[-1].colour) == {"floor"}
    sol = solve_on(run.maze, "tremaux", record=True)
    last = list(replay(sol, frames=12))[-1]
    assert all(last.colour[i] == "path" for i in sol.path)
    for obj in (run, sol):
        gif = Image.open(io.BytesIO(to_gif(obj, frames=12, frame_ms=40)))
        assert gif.format == "GIF" and 2 < gif.n_frames <= 12
        root = ET.fromstring(to_animated_svg(obj, frames=12))
        assert root.tag == f"{SVG}svg" and len(root.findall(f".//{SVG}set")) > 0
        assert len(root.findall(f".//{SVG}polygon")) >= grid.size


def test_animation_errors_are_clear(tmp_path):
    maze = generate_on(make_grid("hex", size=(3, 3)), seed=1).maze
    with pytest.raises(TremauxError, match="no trace to animate; run it with record=True"):
        to_gif(generate_on(maze.grid, seed=1))
    with pytest.raises(TremauxError, match="animate a GridGenerated or GridSolution"):
        to_gif(maze)
    run = generate_on(maze.grid, seed=1, record=True)
    with pytest.raises(TremauxError, match="frames 1 is too few"):
        to_gif(run, frames=1)
    with pytest.raises(TremauxError, match="an animation writes svg or gif, not png"):
        save_animation(run, tmp_path / "a.png")
    other = generate_on(make_grid("hex", size=(3, 4)), seed=1, record=True).trace
    with pytest.raises(TremauxError, match="does not fit this grid of 9 cells"):
        replay_cells(maze.grid, other)


# ---------------------------------------------------------------------------------------------- Tremaux's marks
@pytest.mark.parametrize("kind", KINDS)
def test_pictures_of_tremaux_marks_on_every_grid(kind):
    grid = _grid(kind, 5, 6)
    maze = generate_on(grid, "kruskal", seed=7, braid=0.0 if "weave" in grid.params else 0.8).maze
    sol = solve_on(maze, "tremaux", record=True)
    svg = to_svg(maze, solution=sol)
    lines = [e for e in ET.fromstring(svg).iter(f"{SVG}line") if e.get("stroke") in (PALETTE["marked"],
                                                                                     PALETTE["retraced"])]
    assert len(lines) == np.count_nonzero(sol.marks)
    twice = sum(e.get("stroke") == PALETTE["retraced"] for e in lines)
    assert twice == np.count_nonzero(sol.marks == 2)
    assert PALETTE["marked"] not in to_svg(maze, solution=sol, marks=False)
    png = Image.open(io.BytesIO(to_png(maze, solution=sol)))
    png.load()
    colours = {c for _, c in png.convert("RGB").getcolors(1 << 20)}
    assert (0xd6, 0xd6, 0x9a) in colours


# ---------------------------------------------------------------------------------------------- islands and braid
@pytest.mark.parametrize("kind", PLANAR_OR_WRAPPED)
@pytest.mark.parametrize("k", [1, 3])
def test_islands_on_every_grid_make_one_island_and_one_loop_each(kind, k):
    grid = _grid(kind, 9, 9)
    perfect = generate_on(grid, "wilson", seed=4).maze
    maze = generate_on(grid, "wilson", seed=4, islands=k).maze
    assert island_count(perfect) == 0
    assert island_count(maze) == k and maze.passages == grid.size - 1 + k
    assert not nx.is_forest(maze.to_networkx()) and nx.is_connected(maze.to_networkx())
    braided = generate_on(grid, "wilson", seed=4, braid=1.0).maze
    assert not nx.is_forest(braided.to_networkx())
    assert island_count(add_islands(perfect, k, seed=2)) == k


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**31), braid=st.sampled_from([0.2, 0.7, 1.0]))
def test_island_count_agrees_with_the_square_maze(seed, braid):
    m = tremaux.generate((6, 7), seed=seed, braid=braid).maze
    assert island_count(to_grid_maze(m)) == square_island_count(m)


def test_island_refusals():
    with pytest.raises(UnsupportedError, match="islands are not defined on a zeta grid"):
        generate_on(make_grid("zeta", size=(5, 5)), seed=1, islands=1)
    with pytest.raises(UnsupportedError, match="islands are not available on woven grids"):
        generate_on(make_grid("hex", size=(5, 5), weave=True), "kruskal", seed=1, islands=1)
    with pytest.raises(TremauxError, match="islands=50 is too many: only"):
        generate_on(make_grid("hex", size=(4, 4)), seed=1, islands=50)
    with pytest.raises(TremauxError, match="islands"):
        generate_on(make_grid("hex", size=(4, 4)), seed=1, islands=-1)


# ---------------------------------------------------------------------------------------------- the command line


@pytest.mark.parametrize("args", [["--grid", "polar", "--rings", "5"], ["--grid", "hex", "--size", "4x5"],
                                  ["--grid", "triangle", "--size", "4x6"], ["--wrap", "torus", "--size", "4x5"],
                                  ["--weave", "0.5", "--size", "5x5"]])
def test_cli_render_show_and_animate_grid_files(capsys, tmp_path, args):
    m = tmp_path / "m.json"
    assert run(capsys, "generate", *args, "--seed", "2", "--out", str(m))[0] == 0
    maze = files.load(m)
    for name in ("m.svg", "m.png"):
        code, _, err = run(capsys, "render", str(m), "--solver", "tremaux", "--out", str(tmp_path / name))
        assert code == 0, err
    assert ET.parse(tmp_path / "m.svg").getroot().tag == f"{SVG}svg"
    assert Image.open(tmp_path / "m.png").size[0] > 10
    code, out, _ = run(capsys, "render", str(m), "--format", "svg")
    assert code == 0 and ET.fromstring(out).tag == f"{SVG}svg"
    code, drawn, err = run(capsys, "render", str(m))
    assert code == 0 and drawn.count("S") == 1, err
    code, shown, err = run(capsys, "show", str(m))
    assert code == 0 and shown == drawn, err
    for name in ("a.gif", "a.svg"):
        code, _, err = run(capsys, "animate", str(m), "--solver", "bfs", "--frames", "8", "--out", str(tmp_path / name))
        assert code == 0, err
    assert Image.open(tmp_path / "a.gif").n_frames > 1
    assert ET.parse(tmp_path / "a.svg").getroot().findall(f".//{SVG}set")
    assert files.load(m) == maze  # nothing rewrote the file


def test_cli_show_prints_a_square_grid_file_and_generate_animates_grids(capsys, tmp_path):
    m = tmp_path / "s.json"
    assert run(capsys, "generate", "--grid", "square", "--size", "3x4", "--seed", "1", "--out", str(m))[0] == 0
    code, out, _ = run(capsys, "show", str(m))
    assert code == 0 and out.splitlines()[0] == "+---+---+---+---+"
    gif = tmp_path / "h.gif"
    code, _, err = run(capsys, "generate", "--grid", "hex", "--size", "4x5", "--seed", "1", "--out", str(gif))
    assert code == 0, err
    assert Image.open(gif).n_frames > 1
    svg = tmp_path / "p.svg"
    code, _, err = run(capsys, "animate", "--grid", "polar", "--rings", "4", "--generator", "wilson", "--frames", "6",
                       "--out", str(svg))
    assert code == 0, err
    assert ET.parse(svg).getroot().findall(f".//{SVG}set")
    code, _, err = run(capsys, "animate", "--grid", "hex", "--generator", "prim", "--solver", "astar", "--size", "4x4",
                       "--out", str(tmp_path / "s.gif"))
    assert code == 0, err
    isl = tmp_path / "i.json"
    code, _, err = run(capsys, "generate", "--grid", "hex", "--size", "7x7", "-O", "islands=2", "--out", str(isl))
    assert code == 0, err
    assert island_count(files.load(isl)) == 2
    code, _, err = run(capsys, "animate", str(m), "--grid", "hex", "--out", str(tmp_path / "x.gif"))
    assert code == 2 and "not both" in err


def test_grid_gif_frame_durations_fit_the_gif_format(capsys, tmp_path):
    run_hex = generate_on(make_grid("hex", size=(3, 4)), "kruskal", seed=1, record=True)
    with pytest.raises(TremauxError, match="too long for a GIF; it must be at most 655350 ms"):
        to_gif(run_hex, frame_ms=10**12)
    gif = Image.open(io.BytesIO(to_gif(run_hex, frames=12, frame_ms=655_350, hold_ms=655_350)))
    durations = []
    for k in range(gif.n_frames):
        gif.seek(k)
        durations.append(gif.info["duration"])
    assert gif.n_frames > 1 and max(durations) == 655_350
    code, _, err = run(capsys, "animate", "--grid", "hex", "--size", "3x3", "--generator", "kruskal", "--frame-ms",
                       "1000000000000", "--out", str(tmp_path / "a.gif"))
    assert code == 2 and err == ("error: --frame-ms 1000000000000 is too long for a GIF; it must be at most 655350 ms (the "
                                      "format's longest frame)\n")
    assert not (tmp_path / "a.gif").exists()


def test_frames_times_cells_is_bounded_and_the_message_says_how_many_frames_fit(capsys, tmp_path):
    from tremaux.grids.animate import MAX_FRAME_CELLS

    run_hex = generate_on(make_grid("hex", size=(40, 40)), "kruskal", seed=1, record=True)
    kept = min(10**9, len(run_hex.trace) + 1)
    assert kept * 1600 > MAX_FRAME_CELLS
    for draw in (to_gif, to_animated_svg):
        with pytest.raises(TremauxError, match=f"{kept:,} frames of a maze of 1,600 cells draw .* give at most "
                                               f"{MAX_FRAME_CELLS // 1600:,} frames"):
            draw(run_hex, frames=10**9)
    code, _, err = run(capsys, "animate", "--grid", "hex", "--size", "40x40", "--generator", "kruskal", "--frames",
                       "1000000000", "--out", str(tmp_path / "a.gif"))
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1
    assert not (tmp_path / "a.gif").exists()
    small = generate_on(make_grid("hex", size=(3, 3)), "kruskal", seed=1, record=True)
    assert Image.open(io.BytesIO(to_gif(small, frames=10**9))).n_frames > 2  # a small run fills what it can


@pytest.mark.parametrize("args, message", [
    (["render", "{m}", "--out", "{tmp}/a.png", "--cell-size", "100000"], "error: a PNG of "),
    (["render", "{m}", "--out", "{tmp}/a.png", "--cell-size", "0"], "error: --cell-size 0 is too small; it must be at least 1\n"),
    (["animate", "{m}", "--out", "{tmp}/a.gif", "--cell-size", "100000"], "error: a GIF animation of "),
    (["animate", "{m}", "--out", "{tmp}/a.gif", "--cell-size", "-1"], "error: --cell-size -1 is too small; it must be at least 1\n"),
    (["solve", "{m}", "--out", "{tmp}/a.gif"], "error: tremaux solve on a hex maze writes png or svg, not gif "
                                               "('"),
])
def test_grid_pictures_refuse_sizes_and_outputs_before_drawing(capsys, tmp_path, args, message):
    m = tmp_path / "m.json"
    files.save(generate_on(make_grid("hex", size=(3, 3)), seed=1).maze, m)
    code, out, err = run(capsys, *[a.format(m=m, tmp=tmp_path) for a in args])
    assert code == 2 and out == "" and err.startswith(message) and err.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.json"]


@pytest.mark.parametrize("kw", [{"cell": 0}, {"cell": float("inf")}, {"wall": -1}, {"margin": float("nan")},
                                {"cell": "big"}])
def test_a_style_of_impossible_sizes_is_refused(kw):
    with pytest.raises(TremauxError, match="must be a finite number of pixels"):
        Style(**kw)


@pytest.mark.parametrize("solver", ["pledge", "cul-de-sac-fill"])
def test_square_only_solvers_keep_their_trace_on_the_square_grid(solver):
    maze = generate_on(make_grid("square", size=(4, 5)), "kruskal", seed=2, braid=0.5).maze
    sol = solve_on(maze, solver, record=True)
    square = tremaux.solve(maze.to_maze(), solver, record=True)
    assert sol.trace is not None and len(sol.trace) == len(square.trace)
    assert (sol.trace.events["cell"] == square.trace.events["cell"]).all()
    assert Image.open(io.BytesIO(to_gif(sol, frames=5))).n_frames > 1
    assert solve_on(maze, solver).trace is None


@pytest.mark.parametrize("params, words", [
    (dict(name="upsilon", size=(3, 3)), "on an upsilon grid"),
    (dict(name="square", size=(3, 3), mask=[[1, 1, 1], [1, 0, 1], [1, 1, 1]]), "on a masked square grid"),
])
def test_refusals_name_the_grid_they_refuse(params, words):
    grid = make_grid(params.pop("name"), **params)
    with pytest.raises(UnsupportedError, match=f"pledge runs on the plain square grid only; {words} use one of"):
        solve_on(generate_on(grid, seed=1).maze, "pledge")
    with pytest.raises(UnsupportedError, match=f"eller does not run {words}"):
        generate_on(grid, "eller")


@pytest.mark.parametrize("kind", ["generated", "solved"])
def test_the_renderers_animations_of_a_run_on_a_grid_are_grids_animate_s(kind):
    from tremaux import render

    gen = generate_on(make_grid("hex", size=(3, 4)), "kruskal", seed=1, record=True)
    obj = gen if kind == "generated" else solve_on(gen.maze, "tremaux", record=True)
    # was: "a maze on a hex grid is drawn by tremaux.grids: ... or tremaux.grids.animate for its runs"
    assert render.to_gif(obj, frames=6) == to_gif(obj, frames=6)
    assert render.to_animated_svg(obj, frames=6, frame_ms=40) == to_animated_svg(obj, frames=6, frame_ms=40)
    assert render.to_gif(obj, frames=4, cell_size=9, margin=3) == to_gif(obj, frames=4, style=Style(cell=9, margin=3))
    with pytest.raises(UnsupportedError, match="^trace= replays events on a square maze"):
        render.to_gif(obj, trace=obj.trace)
    with pytest.raises(TremauxError, match="made with record=True, not GridMaze$"):
        render.to_animated_svg(gen.maze)
