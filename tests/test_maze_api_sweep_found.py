"""What benchmarks/sweep_maze_api.py found in the maze Python API, pinned."""

from __future__ import annotations

import numpy as np
import pytest

import tremaux
from test_seed_details import Stack  # the five operations of the growing-tree text, last in first out
from tremaux import render


@pytest.fixture(scope="module")
def run():
    maze = tremaux.generate((8, 10), "kruskal", seed=5).maze
    sol = tremaux.solve(maze, "tremaux")
    assert sol.found and sol.visited_count > sol.length  # cells off the path, shaded only when visited is drawn
    return sol


@pytest.mark.parametrize("overlay", ["path", "visited", "marks"])
@pytest.mark.parametrize("draw", [render.to_svg, render.to_png])
def test_an_overlay_set_to_true_draws_the_solutions_own(run, overlay, draw):
    # True asks for the overlay the object brings, as heat=True and start=True do, never an array of shape ()
    others = {k: False for k in ("path", "visited", "marks") if k != overlay}  # marks would cover the visited cells
    assert draw(run, **others, **{overlay: True}) == draw(run, **others, **{overlay: None})
    assert draw(run, **others, **{overlay: True}) != draw(run, **others, **{overlay: False})


def test_visited_true_shades_the_visited_cells_in_a_text_drawing(run):
    text = render.to_text(run, visited=True)
    assert text == render.to_text(run, visited=None)
    assert "." in text.replace("o", "") and text != render.to_text(run)


@pytest.mark.parametrize("overlay", ["path", "visited", "marks"])
def test_an_overlay_set_to_true_on_a_bare_maze_draws_nothing_more(overlay):
    maze = tremaux.generate((2, 3), seed=1).maze
    assert render.to_png(maze, **{overlay: True}) == render.to_png(maze)
    mask = np.ones(maze.shape, bool)
    assert render.to_png(tremaux.solve(maze, "bfs"), visited=mask) != render.to_png(maze)


@pytest.mark.parametrize("entry", list(tremaux.GENERATORS), ids=lambda e: e.name)
def test_every_generator_option_takes_its_own_default(entry):
    # a notebook reads the registry's defaults and passes them back: the check takes what it returns
    for option in entry.options:
        again = option.check(option.default)
        assert again is option.default or again == option.default or np.array_equal(again, option.default)


@pytest.mark.parametrize("name", ["growing-tree", "growing-forest"])
def test_the_registry_default_discipline_gives_the_default_maze(name):
    default = next(o for o in tremaux.GENERATORS.get(name).options if o.name == "discipline")
    given = tremaux.generate((5, 6), name, seed=4, discipline=default.default).maze
    assert given == tremaux.generate((5, 6), name, seed=4).maze


@pytest.mark.parametrize("maze", [tremaux.Maze.open((2, 3)), tremaux.Maze.open((2, 3), start=(1, 1)),
                                  tremaux.Maze.closed((1, 1))], ids=["no ends", "start only", "closed 1x1"])
def test_the_graph_of_a_maze_without_its_ends_writes_as_gml_and_reads_back(maze):
    nx = pytest.importorskip("networkx")
    from tremaux import io

    G = io.graph.to_graph(maze)
    assert None not in G.graph.values()
    text = "\n".join(nx.generate_gml(G))  # networkx refuses None values
    assert io.loads(text) == maze
    assert io.graph.from_graph(nx.parse_gml(text)) == maze


@pytest.mark.parametrize("writer", ["write_edgelist", "write_adjlist"])
def test_an_edge_list_of_a_maze_with_levels_reads_back_as_its_passages(writer):
    nx = pytest.importorskip("networkx")
    import io as stdio

    from tremaux import io

    maze = tremaux.generate((2, 3, 3), seed=2).maze
    out = stdio.BytesIO()
    getattr(nx, writer)(io.graph.to_graph(maze), out)  # nodes written as (level, row, col)
    back = io.loads(out.getvalue().decode())
    assert back.shape == maze.shape and back.passages == maze.passages
    assert np.array_equal(back.cells, maze.cells)  # the ends are not in such a list


def test_an_edge_list_mixing_cells_of_two_and_three_coordinates_is_refused():
    from tremaux import io
    from tremaux.errors import MazeFormatError

    with pytest.raises(MazeFormatError, match="mix"):
        io.loads("(0, 0) (0, 1)\n(0, 0, 1) (0, 1, 1)\n")


@pytest.mark.parametrize("options", [{"discipline": Stack}, {"discipline": "min"}, {"discipline": "first-slot"},
                                     {"variant": "arc"}, {"discipline": "max", "weights": np.arange(20).reshape(4, 5)}],
                         ids=["own queue", "min", "first-slot", "arc", "weights"])
def test_the_plain_square_grid_takes_what_the_square_kernels_run(options):
    from tremaux.grids import generate_on, make_grid, to_grid_maze

    run = generate_on(make_grid("square", size=(4, 5)), "growing-tree", seed=3, **options)
    assert run.maze == to_grid_maze(tremaux.generate((4, 5), "growing-tree", seed=3, **options).maze)


@pytest.mark.parametrize("grid", [{"name": "hex", "size": (3, 4)}, {"name": "square", "size": (3, 4), "wrap": "torus"},
                                  {"name": "polar", "rings": 3}], ids=["hex", "torus", "polar"])
def test_a_queue_of_your_own_on_another_grid_is_refused_in_one_line(grid):
    from tremaux.errors import UnsupportedError
    from tremaux.grids import generate_on, make_grid

    with pytest.raises(UnsupportedError, match="queue object of your own runs on the plain square grid only"):
        generate_on(make_grid(**grid), "growing-tree", discipline=Stack, seed=1)


def test_what_generate_returns_converts_to_a_graph_and_a_grid_maze():
    from tremaux import io
    from tremaux.grids import to_grid_maze

    run = tremaux.generate((3, 4), seed=1)
    assert set(io.graph.to_graph(run).edges) == set(io.graph.to_graph(run.maze).edges)
    assert set(io.graph.to_graph(tremaux.solve(run, "bfs")).edges) == set(io.graph.to_graph(run.maze).edges)
    assert to_grid_maze(run) == to_grid_maze(run.maze)


@pytest.mark.parametrize("obj", ["a maze on a hex grid", "what generate_on returns", "a file name"])
def test_what_is_no_square_maze_is_refused_in_one_line_by_to_graph_and_to_grid_maze(obj):
    from tremaux import io
    from tremaux.errors import TremauxError
    from tremaux.grids import generate_on, make_grid, to_grid_maze

    run = generate_on(make_grid("hex", size=(2, 3)), seed=1)
    given = {"a maze on a hex grid": run.maze, "what generate_on returns": run, "a file name": "maze.json"}[obj]
    with pytest.raises(TremauxError, match="needs a tremaux.Maze") as info:
        io.graph.to_graph(given)
    assert "\n" not in str(info.value)
    assert ("to_networkx" in str(info.value)) == (obj != "a file name")
    with pytest.raises(TremauxError, match="needs a tremaux.Maze"):
        to_grid_maze(given)


def test_the_grid_writers_take_what_generate_on_returns(tmp_path):
    from tremaux.grids import files, generate_on, make_grid, save_picture

    run = generate_on(make_grid("polar", rings=3), "wilson", seed=2)
    assert files.dumps(run) == files.dumps(run.maze)
    assert files.to_bytes(run) == files.to_bytes(run.maze)
    assert files.to_dict(run) == files.to_dict(run.maze)
    for ext in ("svg", "png"):
        save_picture(run, tmp_path / f"a.{ext}")
        save_picture(run.maze, tmp_path / f"b.{ext}")
        assert (tmp_path / f"a.{ext}").read_bytes() == (tmp_path / f"b.{ext}").read_bytes()
