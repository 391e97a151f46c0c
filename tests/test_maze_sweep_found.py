"""What benchmarks/sweep_mazes.py found when it combined commands, sizes and formats: one test per defect."""

from __future__ import annotations

import pytest

import tremaux
from cli_helpers import run
from tremaux import io, render


@pytest.mark.parametrize("shape, end", [((1, 1), (0, 0)), ((3, 3), (1, 1)), ((3, 3), (2, 0)), ((2, 5), (0, 4))])
def test_a_picture_of_a_maze_whose_start_is_its_goal_reads_back(tmp_path, shape, end):
    # the cell is drawn green with its left half red: the SVG read it as cells half as wide (3 x 3 as 3 x 6) or
    # refused a 1 x 1 maze; the PNG, sampled in the cell's middle, lost the start
    maze = tremaux.generate(shape, "kruskal", seed=7).maze.replace(start=end, goal=end)
    svg = tmp_path / "m.svg"
    svg.write_text(render.to_svg(maze))
    png = tmp_path / "m.png"
    io.save(maze, png)
    for path in (svg, png):
        back = io.load(path)
        assert back == maze, path.suffix
        assert back.start == back.goal == end


def test_a_one_cell_maze_round_trips_through_render_and_convert(capsys, tmp_path):
    maze = tmp_path / "m.json"
    assert run(capsys, "generate", "--size", "1x1", "--seed", "7", "-o", str(maze))[0] == 0
    for out, argv in (("r.svg", ["render", str(maze)]), ("c.png", ["convert", str(maze)])):
        code, _, err = run(capsys, *argv, "-o", str(tmp_path / out))
        assert code == 0, err
        assert io.load(tmp_path / out) == io.load(maze)


def test_a_path_over_a_picture_still_refines_its_lattice(tmp_path):
    # fills inside another fill are set aside when the lattice is read; a drawn path's cells are not inside one
    maze = tremaux.generate((4, 6), "backtracker", seed=3).maze
    svg = tmp_path / "s.svg"
    svg.write_text(render.to_svg(tremaux.solve(maze, "bfs")))
    assert io.load(svg) == maze


def test_the_dataset_help_names_the_solvers_it_runs(capsys):
    # `dataset -s tremaux` is refused (only the batch kernels run there); the help said "Solver name"
    from tremaux.dataset.shard import BATCH_SOLVERS

    code, out, _ = run(capsys, "dataset", "--help")
    assert code == 0
    text = " ".join(out.split())
    assert all(name in text for name in BATCH_SOLVERS) and "batch kernels" in text


@pytest.mark.parametrize("rows", [["###", "#.#", "###"], ["#####", "#.#.#", "#####"]])
def test_an_svg_of_a_maze_with_a_hole_in_its_mask_reads_back_with_the_hole(tmp_path, rows):
    # a masked cell enclosed by cells was read as a closed cell of an unmasked maze; the drawing now notes its mask
    import numpy as np

    mask = np.array([[ch == "#" for ch in row] for row in rows])
    maze = tremaux.generate(mask.shape, "backtracker", seed=7, mask=mask).maze
    for obj in (maze, tremaux.solve(maze, "bfs")):
        svg = tmp_path / "m.svg"
        svg.write_text(render.to_svg(obj))
        back = io.load(svg)
        assert back == maze and back.mask is not None and not back.mask.reshape(mask.shape)[1, 1]
